"""What the site's browser tests share: where the browser is, how it is started, and how a
page is looked at once it has loaded."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from agentcourse.site.build import SITE_DIR

# The flags that work for a headless Chromium run as root on a machine with no network
# beyond loopback: no sandbox (root), no GPU, and none of its own background traffic.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]
SCREENSHOTS = SITE_DIR / "screenshots"


def chromium() -> str | None:
    """The system's Chromium, or None. SITE_TEST_CHROMIUM names another build, or `none`
    to run the suite as a machine without a browser does (the browser tests skip)."""
    if os.environ.get("SITE_TEST_CHROMIUM", "").lower() == "none":
        return None
    for candidate in (os.environ.get("SITE_TEST_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def site_pages(html: Path) -> list[str]:
    """Every page of the built site, as a path from its root ("", "lectures/06-1-agent-loop/")."""
    pages = []
    for index in html.rglob("index.html"):
        folder = index.parent.relative_to(html).as_posix()
        pages.append("" if folder == "." else folder + "/")
    return sorted(pages)


# Mermaid draws each diagram into a *closed* shadow root, which no test can look into; this
# script, run before the theme's, makes every shadow root open. It changes nothing else.
OPEN_SHADOW_ROOTS = """
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) { return attach.call(this, {...init, mode: "open"}); };
"""
SETTLED = """(n) => {
  const drawn = [...document.querySelectorAll("div.mermaid")]
      .filter(d => d.shadowRoot && d.shadowRoot.querySelector("svg")).length;
  return drawn >= n && [...document.images].every(i => i.complete);
}"""
LOOK = """() => ({
  links: [...document.querySelectorAll("a[href]")].map(a => a.href),
  ids: [...document.querySelectorAll("[id]")].map(e => e.id)
      .concat([...document.querySelectorAll("a[name]")].map(a => a.name)),
  images: [...document.images].map(i => [i.currentSrc || i.src, i.complete && i.naturalWidth > 0]),
  diagrams: [...document.querySelectorAll("div.mermaid")]
      .filter(d => d.shadowRoot && d.shadowRoot.querySelector("svg")).length,
})"""


@dataclass
class Visit:
    """What one page did when a browser loaded it."""

    page: str
    errors: list[str]  # console errors and uncaught exceptions
    foreign: list[str]  # requests for anything not on the site's own server (refused)
    failed: list[str]  # requests that failed, or were answered with 4xx or 5xx
    links: list[str]  # every <a href>, made absolute by the browser
    ids: set[str]  # every id (and <a name>) on the page: the anchors a link may name
    images: list[tuple[str, bool]]  # every image and whether it loaded
    diagrams: tuple[int, int]  # Mermaid blocks in the page's HTML, diagrams drawn as SVG


