"""`make linkcheck`: fetch every external link of the lectures, the glossary and the API index.

    python -m agentcourse.site.linkcheck            # exit 1 if any link is broken
    python -m agentcourse.site.linkcheck --timeout 30

Needs the network, so `make test` never runs it (the suite is offline); the site's own
links are checked by the build (strict mode) and by the browser tests. A link is broken
when the server answers 4xx or 5xx after redirects, or cannot be reached. A server that
refuses HEAD is asked again with GET. A `#fragment` is not checked: the documentation's
pages draw their headings with scripts.
"""

from __future__ import annotations

import argparse
import re
import sys
import urllib.error
import urllib.request
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from agentcourse.paths import REPO_ROOT
from agentcourse.site.markdown import LINK, chunks

URL = re.compile(r"<(https?://[^>\s]+)>|(?<![(\[<])\b(https?://[^\s)>\]]+)")
USER_AGENT = "agentcourse-linkcheck/1 (+make linkcheck)"


@dataclass(frozen=True)
class Result:
    url: str
    status: int | None  # the final HTTP status, or None when the server was not reached
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status is not None and self.status < 400


def external_links(text: str) -> set[str]:
    """The http(s) links of a Markdown text, outside code: [text](url), <url> and bare URLs."""
    found: set[str] = set()
    for code, run in chunks(text):
        if code:
            continue
        prose = re.sub(r"`[^`\n]*`", "", run)
        found |= {m.group(3) for m in LINK.finditer(prose) if re.match(r"https?://", m.group(3))}
        found |= {a or b for a, b in URL.findall(prose)}
    return {url.rstrip(".,;:") for url in found}


def sources(root: Path = REPO_ROOT) -> dict[str, set[str]]:
    """Every external link to check -> the files that hold it."""
    from agentcourse.site.api_index import FEATURES

    where: dict[str, set[str]] = {}
    files = sorted((root / "lectures").glob("*.md")) + [root / "docs" / "GLOSSARY.md"]
    for path in files:
        if path.is_file():
            for url in external_links(path.read_text(encoding="utf-8")):
                where.setdefault(url, set()).add(path.relative_to(root).as_posix())
    for feature in FEATURES:
        where.setdefault(feature.doc, set()).add("agentcourse/site/api_index.py")
    return where


def check(url: str, timeout: float = 20.0) -> Result:
    """Fetch `url` (HEAD, then GET if HEAD is refused) and say how it answered."""
    page = url.split("#", 1)[0]
    for method in ("HEAD", "GET"):
        request = urllib.request.Request(page, method=method, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Result(url, response.status)
        except urllib.error.HTTPError as err:
            if method == "HEAD" and err.code in (403, 405, 501):
                continue  # some servers refuse HEAD; ask again with GET
            return Result(url, err.code, err.reason if isinstance(err.reason, str) else "")
        except (urllib.error.URLError, OSError) as err:
            reason = getattr(err, "reason", err)
            return Result(url, None, str(reason))
    return Result(url, None, "no answer")


def check_all(urls: Iterable[str], timeout: float = 20.0, workers: int = 8) -> list[Result]:
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda u: check(u, timeout), sorted(urls)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agentcourse.site.linkcheck",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per request (default 20)")
    args = parser.parse_args(argv)
    where = sources()
    results = check_all(where, args.timeout)
    for result in results:
        mark = "ok " if result.ok else "BROKEN"
        status = result.status if result.status is not None else "-"
        detail = f" ({result.error})" if result.error and not result.ok else ""
        print(f"{mark} {status} {result.url}{detail}   in {', '.join(sorted(where[result.url]))}")
    broken = [r for r in results if not r.ok]
    print(f"{len(results) - len(broken)} ok, {len(broken)} broken, of {len(results)} external links")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
