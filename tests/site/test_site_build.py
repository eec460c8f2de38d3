"""`make site`, built once for the session (tests/site/conftest.py): it builds offline in under
a minute, has a page for every source, loads nothing from another host, shows the lesson's
lines and the figures, and never shows what grading hides."""

from __future__ import annotations

import hashlib
import html
import re

import pytest

from agentcourse.course import nbfile
from agentcourse.course.diffing import diff_checkpoints
from agentcourse.grading.integrity import leaks
from agentcourse.paths import REPO_ROOT, checkpoint_dirs
from agentcourse.site.build import ASSETS, SITE_DIR
from tests.budget import within

pytestmark = pytest.mark.slow

MERMAID_SHA256 = "336df803d87a38b70a01e736e666c8f7601d2ce42f5e47c8fafe5d721074b9a3"  # Mermaid 12.3.0


def _page(site, path: str) -> str:
    return (site.html / path / "index.html").read_text(encoding="utf-8")


def _all_pages(site) -> dict[str, str]:
    return {p.relative_to(site.html).as_posix(): p.read_text(encoding="utf-8") for p in site.html.rglob("*.html")}


def test_the_site_builds_in_under_a_minute(site):
    assert (site.html / "index.html").is_file() and (site.html / "search.json").is_file()
    assert site.seconds < within(60), f"make site took {site.seconds:.1f} s"


def test_every_source_has_its_page(site):
    expected = [f"lectures/{p.stem}" for p in (REPO_ROOT / "lectures").glob("*.md") if p.name != "README.md"]
    expected += [f"docs/{p.stem}" for p in (REPO_ROOT / "docs").glob("*.md")]
    expected += [f"notebooks/{p.stem}" for p in (REPO_ROOT / "notebooks").glob("*.ipynb")]
    expected += [f"labs/{p.name}" for p in (REPO_ROOT / "labs").iterdir() if (p / f"{p.name}.ipynb").is_file()]
    for index, folder in enumerate(checkpoint_dirs()):
        expected += [f"checkpoints/{folder.name}"] + ([f"checkpoints/{folder.name}/diff"] if index else [])
    expected += ["lectures", "checkpoints", "labs", "notebooks", "api-index", "readme"]
    missing = [path for path in expected if not (site.html / path / "index.html").is_file()]
    assert not missing, f"no page for {missing}"


def test_the_home_page_is_the_course_map(site):
    home = _page(site, "")
    assert 'id="course-map"' in home
    for folder in checkpoint_dirs():
        assert f'href="checkpoints/{folder.name}/"' in home, folder.name


EXTERNAL = re.compile(r"""<(?:script|img|iframe|source|audio|video)\b[^>]*\bsrc=["'](?:https?:)?//|"""
                      r"""<link\b[^>]*\bhref=["'](?:https?:)?//""", re.I)


def test_no_page_loads_anything_from_another_host(site):
    """Scripts, styles, fonts, images: all from the site itself (links to other sites are fine)."""
    offenders = {path: EXTERNAL.findall(text) for path, text in _all_pages(site).items() if EXTERNAL.search(text)}
    assert not offenders, offenders
    for css in site.html.rglob("*.css"):
        assert not re.search(r"@import\s+url\(\s*['\"]?(https?:)?//|url\(\s*['\"]?(https?:)?//",
                             css.read_text(encoding="utf-8")), css


def test_pages_with_diagrams_load_the_sites_own_mermaid_before_the_theme(site):
    """The theme fetches Mermaid from a CDN unless a page already has it."""
    assert hashlib.sha256((ASSETS / "mermaid.min.js").read_bytes()).hexdigest() == MERMAID_SHA256
    assert (site.html / "assets" / "mermaid.min.js").read_bytes() == (ASSETS / "mermaid.min.js").read_bytes()
    with_diagrams = {path: text for path, text in _all_pages(site).items() if '<pre class="mermaid">' in text}
    assert len(with_diagrams) >= 9, sorted(with_diagrams)
    for path, text in with_diagrams.items():
        ours, theme = text.find("assets/mermaid.min.js"), text.find("assets/javascripts/bundle.")
        assert 0 <= ours < theme, f"{path}: Mermaid must be loaded, from the site, before the theme's bundle"


def test_checkpoint_pages_highlight_the_lesson_and_link_what_they_carry(site):
    page04 = _page(site, "checkpoints/04-search-read-lines")
    assert 'id="file-agent-py"' in page04 and 'id="file-tools-py"' in page04
    assert page04.count('class="hll"') > 20, "04's changed lines are highlighted"
    page05 = _page(site, "checkpoints/05-instrumented")
    assert 'id="file-usage-py"' in page05 and 'id="file-tools-py"' not in page05
    assert 'href="../04-search-read-lines/#file-tools-py"' in page05, "carried tools.py links 04's listing"
    assert "linenums" in page04 or "linenodiv" in page04 or "__codelineno-" in page04


def test_each_diff_page_is_agentcourse_diff(site):
    for previous, folder in zip(checkpoint_dirs(), checkpoint_dirs()[1:], strict=False):
        staged = (SITE_DIR / "src" / "checkpoints" / folder.name / "diff.md").read_text(encoding="utf-8")
        # The listing is HTML (site/diff_html.py): each line's text, its markup taken off.
        body = [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in staged.splitlines()]
        position = 0
        for line in diff_checkpoints(previous.name, folder.name).lines:  # every line, in order
            assert line in body[position:], f"{folder.name}/diff.md lacks {line!r}"
            position = body.index(line, position) + 1


def test_notebook_and_lecture_pages_show_their_figures(site):
    engineering = _page(site, "notebooks/context-engineering")
    assert "figures/context-engineering.png" in engineering and "figures/context-cache.png" in engineering
    assert "figures/context-growth.png" in _page(site, "lectures/06-4-instrumentation")
    for figure in (REPO_ROOT / "notebooks" / "figures").glob("*.png"):
        assert (site.html / "notebooks" / "figures" / figure.name).read_bytes() == figure.read_bytes()


def test_lab_pages_are_the_release_and_say_how_to_start(site):
    for lab in sorted((REPO_ROOT / "labs").glob("lab*/lab*.ipynb")):
        text = leaks.html_text(_page(site, f"labs/{lab.parent.name}"))
        number = int(lab.stem[3:])
        assert f"agentcourse lab start {number}" in text and f"agentcourse lab check {number}" in text
        assert "Answer cell" in text and "Test cell" in text


def _hidden_lines() -> set[str]:
    """Every line grading hides (hidden tests, solutions, walkthroughs of every lab), as the
    leak check of feedback compares them, minus the lines that are public anyway."""
    hidden = []
    for path in leaks.lab_sources(REPO_ROOT / "solutions").values():
        for cell in nbfile.read_notebook(path).cells:
            hidden += nbfile.region_lines(cell.source, nbfile.BEGIN_HIDDEN, nbfile.END_HIDDEN)
            hidden += nbfile.region_lines(cell.source, nbfile.BEGIN_SOLUTION, nbfile.END_SOLUTION)
        if (path.parent / "WALKTHROUGH.md").is_file():
            hidden += (path.parent / "WALKTHROUGH.md").read_text(encoding="utf-8").splitlines()
    keys = {leaks.compact(line) for line in hidden}
    return {key for key in keys if len(key) >= leaks.MIN_CHARS} - leaks.public_lines()


def test_the_site_shows_no_hidden_test_no_solution_and_no_walkthrough(site):
    """The site publishes labs/ (the release), never solutions/: no line grading hides is a
    line of any page's source."""
    hidden = _hidden_lines()
    assert len(hidden) > 200, "expected the hidden tests, solutions and walkthroughs of solutions/"
    shown = []
    for page in sorted((SITE_DIR / "src").rglob("*.md")):
        lines = {leaks.compact(line) for line in page.read_text(encoding="utf-8").splitlines()}
        shown += [f"{page.relative_to(SITE_DIR)}: {line[:60]}" for line in sorted(lines & hidden)]
    assert not shown, shown
