"""The built site in a real browser: headless Chromium, driven by Playwright, on a loopback
server. Every page loads with no console error and asks no other host for anything; no link
inside the site is broken; every image loads; every Mermaid diagram is drawn as SVG; search
works offline; folded answers open. Screenshots for a person to look at go to
.site/screenshots/. Skipped, with a message, where no Chromium is installed."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest
from site_browsing import OPEN_SHADOW_ROOTS, SCREENSHOTS

pytestmark = pytest.mark.slow

LECTURE = "lectures/06-1-agent-loop/"  # has three diagrams and a Check-your-understanding section


def test_every_page_loads_with_no_console_error(crawl):
    assert len(crawl) >= 40, f"only {len(crawl)} pages were found in the built site"
    errors = {page: visit.errors for page, visit in crawl.items() if visit.errors}
    assert not errors, f"console errors: {errors}"


def test_nothing_is_loaded_from_another_host(crawl):
    foreign = {page: visit.foreign for page, visit in crawl.items() if visit.foreign}
    failed = {page: visit.failed for page, visit in crawl.items() if visit.failed}
    assert not foreign, f"pages asked other hosts (a CDN?) for: {foreign}"
    assert not failed, f"requests that failed: {failed}"


def _target(href: str) -> tuple[str, str] | None:
    """A link inside the site ("/lectures/...#x") -> (page, fragment); None for links that leave it."""
    if not href.startswith("/"):
        return None
    parts = urlsplit(href)
    path = unquote(parts.path).lstrip("/")
    return path, unquote(parts.fragment)


def test_no_link_inside_the_site_is_broken(crawl, site):
    broken = []
    for page, visit in crawl.items():
        for href in visit.links:
            target = _target(href)
            if target is None:
                continue
            path, fragment = target
            file = site.html / path / "index.html" if path == "" or path.endswith("/") else site.html / path
            if not file.is_file():
                broken.append(f"{page or 'home'} -> {href} (no such page)")
            elif fragment and path in crawl and fragment not in crawl[path].ids:
                broken.append(f"{page or 'home'} -> {href} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_every_image_loads(crawl):
    images = [(page, src, ok) for page, visit in crawl.items() for src, ok in visit.images]
    figures = {src.rsplit("/", 1)[-1] for _, src, _ in images if "/notebooks/figures/" in src}
    assert {"context-growth.png", "tool-design-cost.png", "context-engineering.png",
            "context-cache.png"} <= figures, f"figures shown: {figures}"
    unloaded = [f"{page}: {src}" for page, src, ok in images if not ok]
    assert not unloaded, f"images that did not load: {unloaded}"


def test_every_mermaid_diagram_is_drawn_as_svg(crawl):
    diagrams = {page: visit.diagrams for page, visit in crawl.items() if visit.diagrams[0]}
    assert diagrams.get(LECTURE, (0, 0))[0] >= 1, "the agent-loop lecture should have diagrams"
    assert sum(n for n, _ in diagrams.values()) >= 10, diagrams
    undrawn = {page: counts for page, counts in diagrams.items() if counts[1] != counts[0]}
    assert not undrawn, f"(blocks, drawn as SVG) per page: {undrawn}"


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(OPEN_SHADOW_ROOTS)
    page = context.new_page()
    yield page
    context.close()


def test_search_finds_stop_reason_offline(tab, server):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    tab.goto(server, wait_until="load")
    tab.locator(".md-search__button, .md-search").first.click()
    results = tab.locator("[role=listbox] a[role=option]")
    # The index loads in a worker after the page; on a busy machine a query typed before it
    # is ready can go unanswered, so type it again (as a person would) until results come.
    for attempt in range(6):
        tab.keyboard.press("Control+A")
        tab.keyboard.type("stop_reason")
        try:
            results.first.wait_for(timeout=10_000)
            break
        except PlaywrightTimeout:
            if attempt == 5:
                raise
    hrefs = [results.nth(i).get_attribute("href") for i in range(min(results.count(), 20))]
    assert any("/lectures/" in href for href in hrefs), hrefs
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SCREENSHOTS / "search.png"))


def test_folded_answers_open_and_point_to_their_section(tab, server):
    tab.goto(server + LECTURE, wait_until="load")
    answers = tab.locator("h2#check-your-understanding ~ details")
    assert 3 <= answers.count() <= 6
    first = answers.first
    assert first.evaluate("d => d.open") is False, "answers start folded"
    link = first.locator("a[href*='#']").first
    assert not link.is_visible()
    first.locator("summary").click()
    assert first.evaluate("d => d.open") is True
    assert link.is_visible()
    anchor = link.get_attribute("href").split("#", 1)[1]
    link.click()
    tab.wait_for_function("a => location.hash === '#' + a", arg=anchor)
    assert tab.locator(f"[id='{anchor}']").count() == 1


def test_screenshots_of_the_home_page_and_a_lecture(tab, server):
    """For a person to look at: .site/screenshots/*.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    tab.goto(server, wait_until="load")
    tab.screenshot(path=str(SCREENSHOTS / "home.png"))
    tab.goto(server + LECTURE, wait_until="load")
    tab.screenshot(path=str(SCREENSHOTS / "lecture.png"))
    diagram = tab.locator("div.mermaid").first
    diagram.wait_for(timeout=20_000)
    diagram.scroll_into_view_if_needed()
    tab.screenshot(path=str(SCREENSHOTS / "lecture-diagram.png"))
    for name in ("home.png", "lecture.png", "lecture-diagram.png"):
        assert (SCREENSHOTS / name).stat().st_size > 10_000, name


DIFF_08 = "checkpoints/08-anthropic-tools/diff/"


def test_a_diff_page_is_highlighted_and_as_wide_as_the_window(tab, server):
    tab.set_viewport_size({"width": 1400, "height": 1000})
    tab.goto(server + DIFF_08, wait_until="load")
    listing = tab.locator(".diff-listing").first
    assert tab.locator(".diff-listing .diff-add").count() > 100
    assert tab.locator(".diff-listing .diff-del").count() > 10
    # The language inside the lines is highlighted: keywords (`k*`) and strings (`s*`).
    assert tab.locator(".diff-listing .diff-line .kn, .diff-listing .diff-line .k").count() > 20
    assert tab.locator(".diff-listing .diff-line [class^='s']").count() > 20
    added = tab.locator(".diff-listing .diff-add").first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert added not in ("rgba(0, 0, 0, 0)", "transparent")
    # The navigation and contents columns give way: the listing takes most of the window.
    assert listing.evaluate("e => e.getBoundingClientRect().width") > 0.75 * 1400
    # A long line scrolls inside the listing; it is never wrapped or cut.
    assert listing.locator("code").evaluate("e => getComputedStyle(e).whiteSpace") == "pre"
    tab.screenshot(path=str(SCREENSHOTS / "diff-08.png"))


def test_identifiers_in_a_table_are_never_broken_mid_word(tab, server):
    tab.set_viewport_size({"width": 1300, "height": 1000})
    tab.goto(server + "checkpoints/08-anthropic-tools/", wait_until="load")
    # Where a code span wraps, the line must break after a space, a comma, a hyphen or a
    # slash (the places a reader expects), never between two letters of a name.
    broken = tab.evaluate("""() => {
        const out = [];
        for (const code of document.querySelectorAll('.md-typeset table code')) {
            const text = code.firstChild;
            if (!text || text.nodeType !== 3 || code.getClientRects().length < 2) continue;
            const range = document.createRange();
            let top = null;
            for (let i = 0; i < text.length; i++) {
                range.setStart(text, i); range.setEnd(text, i + 1);
                const rect = range.getBoundingClientRect();
                if (!rect.width) continue;
                if (top !== null && rect.top > top + 2 && !/[\\s,\\-\\/(]/.test(text.data[i - 1])) {
                    out.push(text.data);
                    break;
                }
                top = rect.top;
            }
        }
        return out;
    }""")
    assert tab.locator(".md-typeset table code").count() > 20
    assert broken == [], f"identifiers split across lines: {broken[:10]}"
