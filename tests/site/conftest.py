"""The site, built once per test session, and a headless Chromium to look at it.

The build goes to .site/ (as `make site` does), under a lock, so the xdist workers of one
run share one build. The browser is the system's Chromium (the distribution's package,
which .ci/run installs), driven by Playwright; where there is none, the browser tests skip
and say how to get one.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest
from site_browsing import (
    CHROMIUM_FLAGS,
    LOOK,
    OPEN_SHADOW_ROOTS,
    SETTLED,
    Visit,
    chromium,
    site_pages,
)

from agentcourse.site.build import SITE_DIR, build


@dataclass(frozen=True)
class Built:
    html: Path  # the built site
    seconds: float  # how long `make site`'s build took, staging included


NO_BROWSER = ("no Chromium on this machine: the site's browser tests need the distribution's "
              "chromium package (apt-get install chromium), which .ci/run installs")


@pytest.fixture(scope="session")
def site() -> Built:
    """The site, built once for the whole run (every worker waits for the first build)."""
    SITE_DIR.mkdir(exist_ok=True)
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    stamp, timing = SITE_DIR / ".built-by", SITE_DIR / ".build-seconds"
    with open(SITE_DIR / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (stamp.is_file() and stamp.read_text() == run and (SITE_DIR / "html" / "index.html").is_file()):
            seconds = build(SITE_DIR)
            timing.write_text(f"{seconds:.3f}")
            stamp.write_text(run)
        return Built(SITE_DIR / "html", float(timing.read_text()))


# Module scope, not session: while Playwright's sync API runs, its event loop is the
# thread's running loop, and any later test of the same worker that calls asyncio.run()
# would fail. The browser closes when test_site_browser.py is done.
@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    path = chromium()
    if path is None:
        pytest.skip(NO_BROWSER)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is missing: make setup installs it")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:  # the tests report what matters
        pass


@pytest.fixture(scope="session")
def server(site: Built) -> Iterator[str]:
    """The built site served on a loopback port, as `make site-serve` serves it."""
    handler = functools.partial(_QuietHandler, directory=str(site.html))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def _crawl(browser, server: str, site: Built) -> dict[str, Visit]:
    """Every page of the site loaded once, in one browser tab, with what it did."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(OPEN_SHADOW_ROOTS)
    current: dict[str, list[str]] = {"errors": [], "foreign": [], "failed": []}

    def route(request_route) -> None:
        url = request_route.request.url
        if url.startswith(server) or url.startswith("data:"):
            request_route.continue_()
        else:
            current["foreign"].append(url)
            request_route.abort()

    context.route("**/*", route)
    # Every page's search loads the whole index (1.3 MB) in a worker: here it gets an empty
    # one of the same shape, which saves a third of the crawl. test_search_finds_stop_reason
    # uses the real index.
    index = json.loads((site.html / "search.json").read_text(encoding="utf-8"))
    empty = json.dumps({**index, "items": []})
    context.route("**/search.json", lambda r: r.fulfill(status=200, content_type="application/json", body=empty))
    tab = context.new_page()
    tab.on("console", lambda m: current["errors"].append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: current["errors"].append(f"uncaught: {e}"))
    # a request still running when the next page is opened is aborted by the navigation:
    # that is the crawl's doing, not the page's, so only other failures count
    tab.on("requestfailed", lambda r: current["failed"].append(f"{r.failure} {r.url}")
           if "ERR_ABORTED" not in (r.failure or "") else None)
    tab.on("response", lambda r: current["failed"].append(f"{r.status} {r.url}") if r.status >= 400 else None)
    visits = {}
    for page in site_pages(site.html):
        for kind in current:
            current[kind] = []
        sources = (site.html / page / "index.html").read_text(encoding="utf-8").count('<pre class="mermaid">')
        tab.goto(server + page, wait_until="load")
        try:
            tab.wait_for_function(SETTLED, arg=sources, timeout=20_000)
        except Exception:  # noqa: BLE001 - what did not settle is reported by the tests
            pass
        seen = tab.evaluate(LOOK)
        visits[page] = Visit(page, list(current["errors"]), list(current["foreign"]), list(current["failed"]),
                             seen["links"], sorted(seen["ids"]), [list(i) for i in seen["images"]],
                             [sources, seen["diagrams"]])
    context.close()
    return visits


@pytest.fixture(scope="module")
def crawl(request) -> dict[str, Visit]:
    """The crawl, done once per run: a second worker reads the first one's (links are kept
    relative to the site, since each worker serves it on a port of its own)."""
    if chromium() is None:
        pytest.skip(NO_BROWSER)
    site = request.getfixturevalue("site")
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    saved = SITE_DIR / ".crawl.json"
    with open(SITE_DIR / ".crawl.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if saved.is_file() and json.loads(saved.read_text())["run"] == run:
            visits = json.loads(saved.read_text())["visits"]
        else:
            server = request.getfixturevalue("server")
            found = _crawl(request.getfixturevalue("browser"), server, site)
            visits = {page: {**asdict(visit), "links": [_relative(link, server) for link in visit.links]}
                      for page, visit in found.items()}
            saved.write_text(json.dumps({"run": run, "visits": visits}))
    return {page: Visit(**{**v, "ids": set(v["ids"]), "images": [tuple(i) for i in v["images"]],
                           "diagrams": tuple(v["diagrams"])}) for page, v in visits.items()}


def _relative(link: str, server: str) -> str:
    """A link on the site's own server as a path from the site's root ("/lectures/..."); others as they are."""
    return "/" + link[len(server):] if link.startswith(server) else link
