"""Markdown as the site needs it: the repository's relative links made the site's, code left alone.

The course's Markdown links files as they sit in the repository (`../checkpoints/03-real-tools/`,
`figures/context-growth.png`), which is right on a forge. On the site those files are pages
at other places, so every relative link outside code is handed to a resolver that knows
where its target went. Links inside fenced blocks and inline code are examples, and stay.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# [text](target) and ![alt](target), the text may hold one level of brackets and line breaks
LINK = re.compile(r'(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(([^()\s]+)(\s+"[^"]*")?\)')
CODE_SPAN = re.compile(r"(`+)(?:.|\n)+?\1")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)

# (repository path of the target, its #fragment, is it an image) -> the site's link, or
# None when the target has no place on the site (the link is then dropped, its text kept)
Resolver = Callable[[str, str, bool], "str | None"]


def chunks(text: str) -> Iterator[tuple[bool, str]]:
    """The text cut into runs of prose and fenced code blocks: (is_code, run), in order."""
    lines = text.split("\n")
    run: list[str] = []
    fence = None
    for line in lines:
        opening = FENCE.match(line)
        if fence is None and opening:
            if run:
                yield False, "\n".join(run)
            run, fence = [line], opening.group(1)
        elif fence is not None:
            run.append(line)
            stripped = line.strip()
            if stripped.startswith(fence) and not stripped.strip(fence[0]):
                yield True, "\n".join(run)
                run, fence = [], None
        else:
            run.append(line)
    if run or not lines:
        yield fence is not None, "\n".join(run)


def _links_outside_code(prose: str, change: Callable[[re.Match], str]) -> str:
    """Every link of `prose` replaced by `change(match)`, except links inside inline code
    (a link's own text may hold inline code)."""
    spans = [m.span() for m in CODE_SPAN.finditer(prose)]
    out, last = [], 0
    for link in LINK.finditer(prose):
        if any(a <= link.start() < b for a, b in spans):
            continue
        out += [prose[last:link.start()], change(link)]
        last = link.end()
    return "".join(out) + prose[last:]


def rewrite_links(text: str, source: str, resolve: Resolver) -> str:
    """`text` (a Markdown file at repository path `source`) with every relative link outside
    code replaced by what `resolve` says; links the resolver cannot place lose their target."""
    folder = posixpath.dirname(source)

    def one(match: re.Match) -> str:
        bang, label, target, title = match.group(1), match.group(2), match.group(3), match.group(4)
        if SCHEME.match(target) or target.startswith("#"):
            return match.group(0)
        path, _, fragment = target.partition("#")
        repo_path = posixpath.normpath(posixpath.join(folder, path))
        new = resolve(repo_path, fragment, bool(bang))
        if new is None:
            return label if not bang else f"*{label}*"
        return f"{bang}[{label}]({new}{title or ''})"

    def prose(run: str) -> str:
        return _links_outside_code(run, one)

    return "\n".join(run if code else prose(run) for code, run in chunks(text))


def relative(target: str, page: str) -> str:
    """The link from staged page `page` to staged file `target` (both relative to the site's
    source folder), as the generator wants it: to the .md file, not to the URL it becomes."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


def github_slug(value: str, separator: str = "-") -> str:
    """A heading's anchor as GitHub makes it (lower case, punctuation dropped, each space a
    hyphen), so the anchors the repository's Markdown links to exist on the site too."""
    value = re.sub(r"[^\w\- ]", "", value.strip().lower())
    return value.replace(" ", separator)


def slugify_factory(**_: object) -> Callable[[str, str], str]:
    """What the generator's `toc.slugify` setting calls to get the slug function."""
    return github_slug


def first_heading(text: str) -> str | None:
    """The text of the first level-1 heading outside code, without Markdown marks."""
    for code, run in chunks(text):
        if code:
            continue
        found = re.search(r"^#\s+(.+?)\s*#*\s*$", run, re.M)
        if found:
            return re.sub(r"`|\*\*", "", found.group(1))
    return None
