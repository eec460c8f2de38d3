"""What a released feedback page and a graded notebook may show (agentcourse/grading/release.py).

A class of two lab 6 students is graded once with real nbgrader (`agentcourse grade`, then a
plain `nbgrader generate_feedback --force`), shared by the tests below: one hands in the
worked solution; the other the same solution plus an attack on whoever opens their pages:
their first answer cell prints a script, displays HTML, JavaScript, SVG, a widget view, a
PNG and a PNG whose data would break out of its attribute; their cap_result prints a mark
whenever a test cell calls it; they add a markdown cell and a raw cell holding HTML, and a
cell that prints 10,000 characters. A real Chromium opens the pages (and formgrader's view) and must
run none of it.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbgrader.utils import determine_grade

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io, release, results, textonly
from agentcourse.grading import pipeline as grading
from agentcourse.grading.feedback import give_feedback
from agentcourse.grading.integrity.leaks import html_text
from agentcourse.grading.records import merge_note
from agentcourse.paths import REPO_ROOT
from tests.budget import within
from tests.grading import grading_corpus as corpus
from tests.grading.test_grading_attacks import notebook

LAB = "lab06"
SOURCE = REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb"
RELEASE = REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb"
CHECKS = nbfile.grade_cells(nbfile.read_notebook(SOURCE))
FULL = sum(c.points for c in CHECKS)
MARK = "TESTCELL-MARK"  # what the hostile cap_result prints, so into every test cell that calls it
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
RICH = ("text/html", "application/javascript", "image/svg+xml", "application/vnd.jupyter.widget-view+json")
GOOD = {gid: corpus.plain(corpus.source_cell(LAB, gid)) for gid in ("cap_result", "stub_old_results", "compact",
                                                                     "save_note")}
ATTACK = f'''
print("<script>document.title = 'pwned-print'</script>")
display({{"text/html": "<script>document.title = 'pwned-html'</script><b id=pwned-b>b</b>",
          "text/plain": "an html object"}}, raw=True)
display({{"application/javascript": "document.title = 'pwned-js'"}}, raw=True)
display({{"image/svg+xml": "<svg xmlns='http://www.w3.org/2000/svg' onload=\\"document.title='pwned-svg'\\"/>"}}, raw=True)
display({{"application/vnd.jupyter.widget-view+json": {{"model_id": "m", "version_major": 2, "version_minor": 0}},
          "text/plain": "IntSlider(value=3)"}}, raw=True)
display({{"image/png": "{PNG}"}}, raw=True)
display({{"image/png": "x\\" onerror=\\"document.title='pwned-png'"}}, raw=True)
'''
HOSTILE = {**GOOD, "cap_result": GOOD["cap_result"].replace(
    "def cap_result(text: str, limit: int) -> str:\n",
    f"def cap_result(text: str, limit: int) -> str:\n    print('{MARK} <b>bold</b>')\n", 1) + ATTACK}
MARKDOWN = "My notes <script>document.title='pwned-md'</script> <img src=x onerror=\"document.title='pwned-img'\">"


def add_own_cells(nb) -> None:
    """After the answer cell: the student's markdown, a raw HTML cell and a long print."""
    at = next(i for i, c in enumerate(nb.cells) if nbfile.grade_id(c) == "cap_result") + 1
    cells = [nbformat.v4.new_markdown_cell(MARKDOWN),
             nbformat.v4.new_raw_cell("<script>document.title='pwned-raw'</script>"),
             nbformat.v4.new_code_cell('print("y" * 10_000)')]
    for k, cell in enumerate(cells):
        cell["id"] = f"mine-{k}"
        nb.cells.insert(at + k, cell)


def grade_class(folder: Path) -> None:
    """Both students graded by `agentcourse grade`; its pages kept in pages-grade/, then
    plain nbgrader's written over them, with what it said in plain.json."""
    course = folder / "course"
    course.mkdir(parents=True)
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    notebook(folder / "subs" / "hostile", HOSTILE, edit=add_own_cells, release=RELEASE)
    notebook(folder / "subs" / "good", GOOD, release=RELEASE)
    config = results.GradeConfig(jobs=2, cell_timeout=int(within(30)), property_examples=2, course_root=course)
    report = grading.grade(LAB, folder / "subs", config)
    shutil.copytree(course / ".grading" / "feedback", folder / "pages-grade")
    done = nbgrader_io.run_nbgrader(course, "generate_feedback", LAB, "--force")
    (folder / "plain.json").write_text(json.dumps({
        "returncode": done.returncode, "stderr": done.stderr[-5000:],
        "results": {r.student: [r.status, r.total] for r in report.results}}))


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> Path:
    """The graded class, once per run: the xdist workers share the first one's."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    folder = shared / "release-class"
    with open(shared / "release-class.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ((folder / ".run").is_file() and (folder / ".run").read_text() == run):
            shutil.rmtree(folder, ignore_errors=True)
            grade_class(folder)
            (folder / ".run").write_text(run)
    return folder


def page(graded: Path, student: str, plain: bool = False) -> str:
    pages = graded / "course" / ".grading" / "feedback" if plain else graded / "pages-grade"
    return (pages / student / LAB / f"{LAB}.html").read_text(encoding="utf-8")


def page_cells(text: str) -> list[str]:
    """The page cut into its cells, as nbconvert's classic template writes them."""
    return re.split(r'<div class="cell border-box-sizing ', text)[1:]


def graded_notebook(graded: Path, student: str, root: Path | None = None):
    path = (root or graded / "course") / ".grading" / "autograded" / student / LAB / f"{LAB}.ipynb"
    return nbformat.read(path, as_version=4)


def copy_course(graded: Path, tmp_path: Path) -> Path:
    course = tmp_path / "course"
    shutil.copytree(graded / "course", course, symlinks=True)
    return course


# ---------------------------------------------------------------- pages, with real nbgrader


@pytest.mark.slow
def test_both_students_are_graded_ok_with_full_marks(graded):
    said = json.loads((graded / "plain.json").read_text())
    assert said["results"] == {"good": ["ok", FULL], "hostile": ["ok", FULL]}


@pytest.mark.slow
def test_a_hostile_page_has_the_csp_no_script_and_the_students_output_as_escaped_text(graded):
    text = page(graded, "hostile")
    head = text.split("</head>", 1)[0]
    assert release.CSP_META in head and head.index(release.CSP_META) < head.index("<style")
    assert "<script" not in text.lower() and "<img src=x" not in text and "<svg" not in text
    seen = html_text(text)
    assert "<script>document.title = 'pwned-print'</script>" in seen, "a print, shown as text"
    assert MARKDOWN in seen and "<script>document.title='pwned-raw'</script>" in seen
    for mime in RICH:
        assert f"[output of type {mime} not shown]" in seen, mime
    assert "id=pwned-b>" not in text
    assert text.count(f"data:image/png;base64,{PNG}") == 1, "the real PNG stays, the broken one does not"


@pytest.mark.slow
def test_a_test_cell_shows_its_docstring_result_and_points_and_nothing_it_printed(graded):
    printed = [c for c in graded_notebook(graded, "hostile").cells if nbfile.grade_id(c) in {k.grade_id for k in CHECKS}
               and any(MARK in str(o.get("text", "")) for o in c.get("outputs", []))]
    assert printed, "the attack reached the test cells of the graded notebook"
    checks = [c for c in page_cells(page(graded, "hostile")) if "Grade cell:" in c]
    assert len(checks) == len(CHECKS)
    for cell, check in zip(checks, CHECKS, strict=True):
        assert MARK not in cell and check.grade_id in cell and check.check in html_text(cell)
        assert f"passed ({check.points:g} of {check.points:g} points)" in cell


@pytest.mark.slow
def test_a_correct_submissions_page_shows_every_check_passed_with_its_docstring_and_points(graded):
    seen = html_text(page(graded, "good"))
    assert f"Score: {FULL:.1f} / {FULL:.1f}" in seen
    for check in CHECKS:
        assert check.check in seen and f"passed ({check.points:g} of {check.points:g} points)" in seen
    assert seen.count(" points)") == len(CHECKS) and "failed (" not in seen


@pytest.mark.slow
def test_a_long_print_is_cut_at_the_cells_cap_with_a_note(graded):
    seen = html_text(page(graded, "hostile"))
    assert "y" * release.CELL_CHARS in seen and "y" * (release.CELL_CHARS + 1) not in seen
    assert "[cut: 6,001 more characters]" in seen  # 10,000 y and a line break


@pytest.mark.slow
def test_the_graded_notebook_keeps_its_grades_and_holds_only_text_and_png(graded):
    nb = graded_notebook(graded, "hostile")
    mimes = {m for c in nb.cells for o in c.get("outputs", []) for m in o.get("data", {})}
    assert mimes == {"text/plain", "image/png"} and "widgets" not in nb.metadata
    shown = "\n".join(str(o.get("data", {}).get("text/plain", "")) for c in nb.cells for o in c.get("outputs", []))
    assert "[text/html, shown as text]" in shown and "<b id=pwned-b>" in shown, "for the instructor, as text"
    mine = next(c for c in nb.cells if c.get("id") == "mine-0")
    assert mine.source == "    " + MARKDOWN, "the student's markdown is an indented (code) block"
    assert next(c for c in nb.cells if c.get("id") == "mine-1").cell_type == "markdown"
    with nbgrader_io.gradebook("sqlite:///" + str(graded / "course" / ".grading" / "gradebook.db")) as gb:
        scores = {s.student.id: {g.name: g.score for n in s.notebooks for g in n.grades}
                  for s in gb.assignment_submissions(LAB)}
    assert scores["hostile"] == scores["good"] == {c.grade_id: c.points for c in CHECKS}
    for cell in nb.cells:
        if nbfile.grade_id(cell) in scores["hostile"]:
            assert determine_grade(cell)[0] == scores["hostile"][nbfile.grade_id(cell)]


@pytest.mark.slow
def test_plain_nbgrader_writes_every_page_with_the_csp_and_exits_0(graded):
    said = json.loads((graded / "plain.json").read_text())
    assert said["returncode"] == 0, said["stderr"]
    for student in ("good", "hostile"):
        text = page(graded, student, plain=True)
        assert release.CSP_META in text.split("</head>", 1)[0] and "<script" not in text.lower()
    assert html_text(page(graded, "hostile", plain=True)) == html_text(page(graded, "hostile"))


@pytest.mark.slow
def test_a_student_in_review_gets_no_page_from_plain_nbgrader_and_release_feedback_skips_them(graded, tmp_path):
    course = copy_course(graded, tmp_path)
    merge_note(course, LAB, results.Result("hostile", "review", "a person looks first"))
    done = nbgrader_io.run_nbgrader(course, "generate_feedback", LAB, "--force")
    assert done.returncode == 0 and f"feedback of hostile for {LAB} not released: status review" in done.stderr
    feedback = course / ".grading" / "feedback"
    assert not (feedback / "hostile" / LAB).exists(), "the page of an earlier run is removed"
    assert (feedback / "good" / LAB / f"{LAB}.html").is_file()
    exchange = tmp_path / "exchange"
    exchange.mkdir()
    done = nbgrader_io.run_nbgrader(course, "release_feedback", LAB, f"--Exchange.root={exchange}")
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(list((exchange / "agentcourse" / "feedback").glob("*.html"))) == 1
    # Held later (a regrade sent "good" to review): its published page is withdrawn too.
    merge_note(course, LAB, results.Result("good", "review", "a person looks first"))
    done = nbgrader_io.run_nbgrader(course, "generate_feedback", LAB, "--force", f"--Exchange.root={exchange}")
    assert done.returncode == 0 and not (feedback / "good" / LAB).exists()
    assert list((exchange / "agentcourse" / "feedback").glob("*.html")) == [], "withdrawn from the exchange"
    done = nbgrader_io.run_nbgrader(course, "generate_feedback", LAB, "--force", "--student", "hostile",
                                    "--FeedbackExporter.release_held=True")
    assert done.returncode == 0 and (feedback / "hostile" / LAB / f"{LAB}.html").is_file(), "after looking"


@pytest.mark.slow
def test_agentcourse_grade_writes_no_page_for_withheld_or_error_and_removes_an_earlier_one(graded, tmp_path):
    course = copy_course(graded, tmp_path)
    feedback = course / ".grading" / "feedback"
    give_feedback(course, LAB, [results.Result("hostile", "withheld", "held"), results.Result("good", "ok")])
    assert not (feedback / "hostile" / LAB).exists() and (feedback / "good" / LAB / f"{LAB}.html").is_file()
    give_feedback(course, LAB, [results.Result("good", "error", "no notebook")])
    assert not (feedback / "good" / LAB).exists()


# ---------------------------------------------------------------- without grading


def _test_cell(check, outputs: list, judged: bool):
    cell = nbformat.v4.new_code_cell(check.source)
    cell.metadata = {"nbgrader": {"grade": True, "solution": False, "locked": True, "grade_id": check.grade_id,
                                  "points": check.points, "score": 0.0}}
    if judged:
        cell.metadata["agentcourse"] = {"judged": True}
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    return cell


def test_a_judged_failure_shows_its_error_line_escaped_and_capped_and_an_unjudged_one_only_failed():
    evalue = "<script>document.title='pwned'</script>" + "z" * 1000
    error = {"output_type": "error", "ename": "AssertionError", "evalue": evalue, "traceback": ["secret line"]}
    printed = {"output_type": "stream", "name": "stdout", "text": "printed by the test"}
    nb = nbformat.v4.new_notebook()
    nb.cells = [_test_cell(CHECKS[0], [printed, error], judged=True), _test_cell(CHECKS[1], [error], judged=False)]
    resources = {"nbgrader": {"assignment": LAB, "notebook": LAB, "student": "ann"}}
    nb, _ = release.AllowlistOutputs().preprocess(nb, resources)
    judged, unjudged = ("".join(o.text for o in c.outputs) for c in nb.cells)
    assert judged.startswith(f"failed (0 of {CHECKS[0].points:g} points): AssertionError: <script>")
    assert len(judged) < release.ERROR_CHARS + 60 and "printed by the test" not in judged
    assert unjudged == f"failed (0 of {CHECKS[1].points:g} points)\n"
    assert nb.cells[0].source == f'"""{CHECKS[0].check}"""', "the source notebook's docstring only"
    from nbconvert import HTMLExporter

    text, _ = HTMLExporter(template_name="classic").from_notebook_node(nb)
    assert "&lt;script&gt;document.title=" in text and "<script>document.title" not in text


def test_no_student_output_is_shown_once_a_hidden_check_has_run():
    """A hidden check hands its instances to the student's functions; a later cell (an
    answer, or one the student added) could print them back, so from there on a page shows
    no student output. Cells before the first hidden check keep theirs."""
    text = release.lab_text(None, LAB, LAB)
    order = [c.grade_id for c in CHECKS]
    first_hidden = min(order.index(g) for g in text.hidden)
    source = nbfile.read_notebook(SOURCE).cells
    cells, printed = [], []
    for cell in source:
        gid = nbfile.grade_id(cell)
        if cell.cell_type != "code" or not gid:
            continue
        if gid in text.tests:
            cells.append(_test_cell(next(c for c in CHECKS if c.grade_id == gid), [], judged=True))
        mark = f"replayed-{len(cells)}"
        own = nbformat.v4.new_code_cell(f"print({mark!r})")
        own.outputs = [nbformat.from_dict({"output_type": "stream", "name": "stdout", "text": mark})]
        if gid in text.answers:
            own.metadata = {"nbgrader": {"grade_id": gid, "solution": True, "grade": False, "locked": False}}
        cells.append(own)
        printed.append((mark, sum(1 for c in cells if nbfile.grade_id(c) in text.hidden) > 0))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb, _ = release.AllowlistOutputs().preprocess(nb, {"nbgrader": {"assignment": LAB, "notebook": LAB}})
    shown = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    assert first_hidden < len(order) - 1, "the lab has cells after its first hidden check"
    assert any(after for _, after in printed) and any(not after for _, after in printed)
    for mark, after in printed:
        assert (mark in shown) is not after, (mark, after)
    assert shown.count(release.AFTER_HIDDEN) == sum(after for _, after in printed)


def test_rich_outputs_become_text_and_no_grade_changes():
    """Every way nbgrader scores a test cell (an error, stderr, a partial grade in an
    execute_result's text/plain, full marks), with rich outputs around it."""
    html_out = {"output_type": "display_data", "data": {"text/html": "<script>x</script>"}, "metadata": {}}
    cases = [
        [html_out, {"output_type": "error", "ename": "E", "evalue": "v", "traceback": ["t"]}],
        [html_out, {"output_type": "stream", "name": "stderr", "text": "warned"}],
        [{"output_type": "execute_result", "execution_count": 3, "metadata": {},
          "data": {"text/plain": "0.5", "text/html": "<b>0.5</b>"}}],
        [{"output_type": "execute_result", "execution_count": 3, "metadata": {}, "data": {"text/plain": "1.0"}},
         {"output_type": "error", "ename": "E", "evalue": "v", "traceback": []}],
        [html_out, {"output_type": "display_data", "data": {"image/png": PNG}, "metadata": {}}],
    ]
    for outputs in cases:
        cell = _test_cell(CHECKS[0], outputs, judged=False)
        before = determine_grade(nbformat.from_dict(json.loads(json.dumps(cell))))
        nb = nbformat.v4.new_notebook(cells=[cell], metadata={"widgets": {"state": {}}})
        nb, _ = textonly.TextOnlyOutputs().preprocess(nb, {"nbgrader": {}})
        assert determine_grade(nb.cells[0]) == before, outputs
        assert {m for o in nb.cells[0].outputs for m in o.get("data", {})} <= {"text/plain", "image/png"}
        assert [o for o in nb.cells[0].outputs if o.output_type == "error"] == \
            [o for o in outputs if o["output_type"] == "error"], "an error stays exactly as it was"
        assert "widgets" not in nb.metadata


def test_a_cell_of_the_student_is_capped_and_its_rich_outputs_named():
    outputs = [{"output_type": "stream", "name": "stdout", "text": "a" * 3_000},
               {"output_type": "display_data", "data": {"text/html": "<i>x</i>", "text/plain": "b" * 2_000}},
               {"output_type": "display_data", "data": {"image/png": PNG, "text/plain": "<Image>"}}]
    shown = release.released_outputs([nbformat.from_dict(o) for o in outputs])
    texts = "".join(o.get("text", "") for o in shown)
    assert texts == "a" * 3_000 + "[output of type text/html not shown]\n" + "b" * 1_000 \
        + "\n[cut: 1,000 more characters]\n"
    assert [o.data for o in shown if o.output_type == "display_data"] == [{"image/png": PNG}]


def test_the_csp_is_first_in_the_head_and_no_script_element_remains():
    text = release.with_csp('<html><head><meta charset="utf-8"><script src="x.js"></script>'
                            "<style>p{}</style></head><body><SCRIPT>alert(1)</SCRIPT></body></html>")
    assert text.startswith("<html><head>\n" + release.CSP_META) and "script" not in text.lower()
    assert "script-src" not in release.CSP and "default-src 'none'" in release.CSP


# ---------------------------------------------------------------- in a real browser


def _browser():
    from tests.site.site_browsing import CHROMIUM_FLAGS, chromium

    path = chromium()
    if path is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is missing: make setup installs it")
    return sync_playwright, path, CHROMIUM_FLAGS


LOOK = "() => [document.title, !!document.querySelector('#pwned-b'), document.scripts.length]"


def _opened(browser, url: str) -> list:
    """What a page did, once loaded: its title, whether the student's element exists, its scripts."""
    tab = browser.new_page()
    tab.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("file:", "data:", "http://127.0.0.1"))
              else r.abort())
    tab.goto(url, wait_until="load")
    tab.wait_for_timeout(500)
    seen = tab.evaluate(LOOK)
    tab.close()
    return seen


@pytest.mark.slow
def test_a_browser_opening_a_hostile_feedback_page_runs_none_of_its_scripts(graded, tmp_path):
    sync_playwright, path, flags = _browser()
    control = tmp_path / "control.html"
    control.write_text("<html><head><title>t</title></head><body>"
                       "<script>document.title = 'pwned-control'</script></body></html>")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=flags)
        assert _opened(browser, control.as_uri())[0] == "pwned-control", "scripts run in this browser"
        for folder in (graded / "pages-grade", graded / "course" / ".grading" / "feedback"):
            title, element, scripts = _opened(browser, (folder / "hostile" / LAB / f"{LAB}.html").as_uri())
            assert (title, element, scripts) == (LAB, False, 0), folder
        smuggled = tmp_path / "smuggled.html"  # a script that got into a page anyway: the CSP stops it
        smuggled.write_text(page(graded, "hostile").replace("</body>", "<script>document.title = 'pwned'</script></body>"))
        assert _opened(browser, smuggled.as_uri())[:2] == [LAB, False]
        browser.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _formgrader(course: Path, tmp_path: Path):
    """A Jupyter server with formgrader on the course, and the URL of a submission's view."""
    port, token = _free_port(), base64.b16encode(os.urandom(8)).decode()
    env = {**nbgrader_io.nbgrader_env(), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen([sys.executable, "-m", "jupyter_server", "--allow-root", f"--port={port}",
                               f"--ServerApp.token={token}", "--ServerApp.open_browser=False",
                               f"--ServerApp.root_dir={course}"], cwd=course, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            time.sleep(0.5)
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        ids = {s.student.id: s.notebooks[0].id for s in gb.assignment_submissions(LAB)}
    return server, {student: f"{base}/formgrader/submissions/{nid}/?token={token}" for student, nid in ids.items()}


@pytest.mark.slow
def test_formgraders_view_of_the_hostile_graded_notebook_runs_none_of_its_scripts(graded, tmp_path):
    sync_playwright, path, flags = _browser()
    course = copy_course(graded, tmp_path)
    control = graded_notebook(graded, "good", course)  # what formgrader would run without TextOnlyOutputs
    control.cells[-1].outputs = [nbformat.v4.new_output("display_data", data={
        "text/html": "<script>document.title = 'pwned-control'</script>"})]
    nbformat.write(control, course / ".grading" / "autograded" / "good" / LAB / f"{LAB}.ipynb")
    server, urls = _formgrader(course, tmp_path)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=flags)
            assert _opened(browser, urls["good"])[0] == "pwned-control", "formgrader runs a graded notebook's HTML"
            title, element, _ = _opened(browser, urls["hostile"])
            assert "pwned" not in title and not element, title
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
