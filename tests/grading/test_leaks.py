"""agentcourse/grading/integrity/leaks.py rule by rule, on a small course made for each test: which lines are
secret, which are public anyway, every disguise the search sees through, the bounds on its
work, and the two feedback preprocessors (tests/grading/test_grading.py runs the same search
on the real labs)."""

from __future__ import annotations

import base64
import bz2
import codecs
import gzip
import json
import lzma
import os
import shutil
import time
import urllib.parse
import warnings
import zlib
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io
from agentcourse.grading.integrity import decoders, disguises, leaks
from agentcourse.paths import REPO_ROOT
from tests.budget import within
from tests.grading import grading_corpus as corpus

# Lab "alpha": an answer cell with its solution, a test cell with visible and hidden tests.
ALPHA_SOLUTION = "return width_times_height(width, height)"
ALPHA_VISIBLE = "assert area(2, 3) == 6, 'the visible area check'"
ALPHA_HIDDEN = """assert re.findall(r"\\d+", area_text(7, 11)) == ['77'], 'hidden area check'"""
ALPHA = [
    "def area(width, height):\n    ### BEGIN SOLUTION\n    " + ALPHA_SOLUTION + "\n    ### END SOLUTION",
    ALPHA_VISIBLE + "\n### BEGIN HIDDEN TESTS\n" + ALPHA_HIDDEN + "\n### END HIDDEN TESTS",
]
# Lab "beta": another lab, with a walkthrough.
BETA_SOLUTION = "return double_the_sum_of(side_a, side_b)"
BETA_HIDDEN = "assert perimeter(5, 6) == 22, 'hidden perimeter check'"
BETA = [
    "def perimeter(side_a, side_b):\n    ### BEGIN SOLUTION\n    " + BETA_SOLUTION + "\n    ### END SOLUTION",
    "### BEGIN HIDDEN TESTS\n" + BETA_HIDDEN + "\n### END HIDDEN TESTS",
]
BETA_WALKTHROUGH = "The perimeter is twice the sum of two neighbouring sides."
SECRET = ALPHA_HIDDEN  # what a leaking page prints, in disguise or not


def notebook(*sources: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    return nb


def add_lab(root: Path, name: str, sources: list[str], walkthrough: str | None = None) -> None:
    folder = root / "solutions" / name
    folder.mkdir(parents=True)
    nbfile.write_notebook(notebook(*sources), folder / f"{name}.ipynb")
    if walkthrough is not None:
        (folder / "WALKTHROUGH.md").write_text(walkthrough, encoding="utf-8")


@pytest.fixture
def course(tmp_path) -> Path:
    """A course of two labs, with a public side (released lab, checkpoints, lectures...)."""
    add_lab(tmp_path, "alpha", ALPHA)
    add_lab(tmp_path, "beta", BETA, "# Beta walkthrough\n\n" + BETA_WALKTHROUGH + "\n")
    (tmp_path / "labs" / "alpha").mkdir(parents=True)
    nbfile.write_notebook(notebook("def area(width, height):\n    raise NotImplementedError()"),
                           tmp_path / "labs" / "alpha" / "alpha.ipynb")
    return tmp_path


def secrets_of(course: Path, lab: str) -> tuple[str, ...]:
    return leaks.secret_lines(course / "solutions", lab, course)


def c(line: str) -> str:
    return leaks.compact(line)


# ---------------------------------------------------------------- which lines are secret


def test_hidden_tests_other_labs_solutions_and_walkthroughs_are_secret(course):
    secrets = secrets_of(course, "alpha")
    assert c(ALPHA_HIDDEN) in secrets and c(BETA_HIDDEN) in secrets
    assert c(BETA_SOLUTION) in secrets and c(BETA_WALKTHROUGH) in secrets


def test_the_graded_labs_own_solution_and_visible_cells_are_not_secret(course):
    secrets = secrets_of(course, "alpha")
    assert c(ALPHA_SOLUTION) not in secrets and c(ALPHA_VISIBLE) not in secrets
    assert c("def area(width, height):") not in secrets
    other = secrets_of(course, "beta")  # seen from the other lab, the roles swap
    assert c(ALPHA_SOLUTION) in other and c(BETA_SOLUTION) not in other
    assert c(ALPHA_VISIBLE) not in other  # a visible line is never secret


def test_a_walkthrough_line_that_is_the_labs_own_solution_is_not_secret(tmp_path):
    add_lab(tmp_path, "gamma", ["### BEGIN SOLUTION\nreturn sorted(items, key=len)\n### END SOLUTION"],
            "Use this line:\nreturn sorted(items, key=len)\nand explain why it is stable.\n")
    secrets = secrets_of(tmp_path, "gamma")
    assert c("return sorted(items, key=len)") not in secrets
    assert c("and explain why it is stable.") in secrets


@pytest.mark.parametrize(("line", "secret"), [
    ("abcdefghij123", False),  # 13 characters once compacted: too short to judge
    ("abcdefghij1234", True),  # 14: MIN_CHARS
    ("abcde fghij 1234", True),  # spaces do not count, but the rest does
    ("# " + "h" * 28, False),  # a heading under 30 characters (29 here) says nothing
    ("# " + "h" * 29, True),  # 30
    ("```python and more text", False),  # a code fence
    ("(1, 2, 3, 4, 5, 6, 7, 8, 9)", False),  # no three letters in a row: not a secret
    ("ab 1, cd 2, ef 3, gh 4, ij 5", False),
    ("abc 1, 2, 3, 4, 5, 6, 7, 8", True),
])
def test_short_lines_headings_fences_and_numbers_are_not_secrets(tmp_path, line, secret):
    add_lab(tmp_path, "delta", ["### BEGIN HIDDEN TESTS\n" + line + "\n### END HIDDEN TESTS"])
    assert (c(line) in secrets_of(tmp_path, "delta")) is secret


def test_lines_anyone_can_read_are_not_secret(course):
    public = "assert area(1, 1) == 1, 'the one in the lecture'"
    (course / "lectures").mkdir()
    (course / "lectures" / "l1.md").write_text(f"Look:\n\n    {public}\n", encoding="utf-8")
    inside = "assert area(0, 9) == 0"  # hidden, but part of a longer public line
    (course / "checkpoints").mkdir()
    (course / "checkpoints" / "x.py").write_text(f"{inside}, 'as the checkpoint says'\n", encoding="utf-8")
    add_lab(course, "epsilon", ["### BEGIN HIDDEN TESTS\n" + public + "\n" + inside + "\n### END HIDDEN TESTS"])
    secrets = secrets_of(course, "alpha")
    assert c(public) not in secrets and c(inside) not in secrets
    assert c(ALPHA_HIDDEN) in secrets


def test_a_hidden_line_inside_the_labs_own_solution_is_not_secret(tmp_path):
    own = "return total_of_every_value(values)"
    add_lab(tmp_path, "zeta", ["### BEGIN SOLUTION\n" + own + " + offset\n### END SOLUTION",
                               "### BEGIN HIDDEN TESTS\n" + own + "\nassert check_the_total(3)\n"
                               "### END HIDDEN TESTS"])
    secrets = secrets_of(tmp_path, "zeta")
    assert c(own) not in secrets and c("assert check_the_total(3)") in secrets


def test_public_lines_come_from_every_public_folder_and_only_text_files(tmp_path):
    files = {"checkpoints/01/agent.py": "checkpoint python line", "checkpoints/01/README.md": "checkpoint readme line",
             "checkpoints/01/notes.txt": "checkpoint text line", "checkpoints/01/data.json": "checkpoint json line",
             "lectures/01.md": "lecture line", "lectures/01.txt": "lecture text line",
             "agentcourse/m.py": "library line", "agentcourse/m.md": "library markdown line",
             "notebooks/n.ipynb": "notebook line", "docs/d.md": "docs line"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text + "\n", encoding="utf-8")
    (tmp_path / "labs" / "lab01").mkdir(parents=True)
    nbfile.write_notebook(notebook("released cell line"), tmp_path / "labs" / "lab01" / "lab01.ipynb")
    public = leaks.public_lines(tmp_path)
    for line in ("checkpoint python line", "checkpoint readme line", "checkpoint text line",
                 "lecture line", "library line", "notebook line", "docs line", "released cell line"):
        assert c(line) in public, line
    for line in ("checkpoint json line", "lecture text line", "library markdown line"):
        assert c(line) not in public, line
    assert leaks.public_lines(tmp_path / "nothing here") == frozenset()


def test_lab_sources_are_the_folders_with_their_own_notebook(tmp_path):
    assert leaks.lab_sources(tmp_path / "solutions") == {}
    add_lab(tmp_path, "lab02", ["x"])
    add_lab(tmp_path, "lab01", ["x"])
    (tmp_path / "solutions" / "lab03").mkdir()  # no notebook
    (tmp_path / "solutions" / "lab03" / "other.ipynb").write_text("{}")
    (tmp_path / "solutions" / "README.md").write_text("x")
    sources = leaks.lab_sources(tmp_path / "solutions")
    assert list(sources) == ["lab01", "lab02"]
    assert sources["lab01"] == tmp_path / "solutions" / "lab01" / "lab01.ipynb"


def test_notebook_regions_split_solution_hidden_and_visible_lines(tmp_path):
    add_lab(tmp_path, "eta", [
        "top  line\n### BEGIN SOLUTION\n  solved   here\n### END SOLUTION\nafter line",
        "visible test\n### BEGIN HIDDEN TESTS\nhidden  test\n### END HIDDEN TESTS\nlast line"])
    solution, hidden, visible = leaks.notebook_regions(tmp_path / "solutions" / "eta" / "eta.ipynb")
    assert solution == ["solved here"] and hidden == ["hidden test"]
    assert visible == ["top line", "after line", "visible test", "last line"]


# ---------------------------------------------------------------- what a page shows


def test_every_rendered_text_of_a_notebook_is_searched():
    nb = notebook("the source")
    nb.cells[0].outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="the stream"),
        nbformat.v4.new_output("display_data", data={
            "text/plain": "the plain text", "image/png": "aW1hZ2UgYnl0ZXM=",
            "image/svg+xml": "<svg>the drawing</svg>", "application/json": {"k": "the json"}}),
        nbformat.v4.new_output("error", ename="ValueError", evalue="the value",
                               traceback=["\x1b[0;31mthe traceback\x1b[0m"]),
    ]
    nb.cells[0]["attachments"] = {"note.txt": {"text/plain": "the attachment", "image/png": "eA=="}}
    texts = leaks.notebook_texts(nb)
    assert texts == ["the source", "note.txt", "the attachment", "the stream", "the plain text",
                     "<svg>the drawing</svg>", json.dumps({"k": "the json"}), "ValueError: the value",
                     "the traceback"]
    # a cell the student wrote: its source and attachments are theirs, its outputs are searched
    assert leaks.notebook_texts(nb, {0}) == texts[3:]


def test_html_text_drops_scripts_styles_and_tags_and_decodes_entities():
    page = ('<STYLE>p { color: red }</STYLE><p>a &amp; <b>b</b></p>'
            '<script type="x">\nvar hidden = 1;\n</script>&lt;c&gt;')
    assert leaks.html_text(page) == " a & b <c>"


# ---------------------------------------------------------------- disguises


def _raw_deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


DISGUISES = {
    "verbatim": lambda s: s,
    "upper case": lambda s: s.upper(),
    "spread with spaces": lambda s: " ".join(s),
    "html entities": lambda s: "".join(f"&#{ord(ch)};" for ch in s),
    "html tags between letters": lambda s: "<b>" + s[:5] + "</b><i>" + s[5:] + "</i>",
    "repr": lambda s: repr(s),
    "json": lambda s: json.dumps(s),
    "tab and newline escapes": lambda s: s.replace(" ", "\\t", 1).replace(" ", "\\n"),
    "double quotes escaped": lambda s: s.replace('"', '\\"'),
    "single quotes escaped": lambda s: s.replace("'", "\\'"),
    "unicode escapes": lambda s: "".join(f"\\u{ord(ch):04x}" for ch in s),
    "hex escapes": lambda s: "".join(f"\\x{ord(ch):02x}" for ch in s),
    "escaped backslash": lambda s: s.replace("\\", "\\\\"),
    "url quoted": lambda s: urllib.parse.quote(s),
    "rot13": lambda s: codecs.encode(s, "rot13"),
    "reversed": lambda s: s[::-1],
    "base64": lambda s: base64.b64encode(s.encode()).decode(),
    "base64 url-safe": lambda s: base64.urlsafe_b64encode(s.encode()).decode(),
    "base64 wrapped": lambda s: base64.encodebytes((s + " " + s).encode()).decode(),
    "base64 after 1 stray letter": lambda s: "q" + base64.b64encode(s.encode()).decode(),
    "base64 after 2 stray letters": lambda s: "qq" + base64.b64encode(s.encode()).decode(),
    "base64 after 3 stray letters": lambda s: "qqq" + base64.b64encode(s.encode()).decode(),
    "base32": lambda s: base64.b32encode(s.encode()).decode(),
    "hex": lambda s: s.encode().hex(),
    "hex after a stray digit": lambda s: "7" + (s + "\n# more").encode().hex(),
    "hex with colons": lambda s: s.encode().hex(":"),
    "hex with spaces": lambda s: s.encode().hex(" "),
    "byte list": lambda s: str(list(s.encode())),
    "zlib in base64": lambda s: base64.b64encode(zlib.compress(s.encode())).decode(),
    "gzip in base64": lambda s: base64.b64encode(gzip.compress(s.encode())).decode(),
    "raw deflate in base64": lambda s: base64.b64encode(_raw_deflate(s.encode())).decode(),
    "bz2 in hex": lambda s: bz2.compress(s.encode()).hex(),
    "lzma in base64": lambda s: base64.b64encode(lzma.compress(s.encode())).decode(),
    "base64 of a repr": lambda s: base64.b64encode(repr(s).encode()).decode(),
    "repr of base64": lambda s: repr(base64.b64encode(s.encode()).decode()),
    "base64 of base64": lambda s: base64.b64encode(base64.b64encode(s.encode())).decode(),
    "hex inside a repr": lambda s: repr(s.encode().hex()),
}


@pytest.mark.parametrize("disguise", DISGUISES)
def test_a_secret_in_disguise_is_found(disguise):
    text = "my output:\n" + DISGUISES[disguise](SECRET) + "\nthe end"
    assert leaks.find_leaks([text], (c(SECRET),)) == [c(SECRET)]


def test_a_raw_deflate_stream_is_read_with_the_full_32_kb_window():
    """Back-references up to 32 KB away, as zlib writes them: a smaller window fails."""
    filler = "".join(chr(97 + (i * 7919 + i // 26) % 26) + " "[: i % 9 == 0] for i in range(24_000))
    blob = _raw_deflate((SECRET + "\n" + filler + "\n" + SECRET).encode())
    assert leaks.find_leaks([base64.b64encode(blob).decode()], (c(SECRET) + c(filler)[:8],))


def test_a_wrapped_base64_block_whose_first_line_alone_holds_the_secret_is_found():
    first = base64.b64encode(SECRET.encode()).decode()  # a multiple of 4 characters
    assert len(first) % 4 == 0
    text = first + "\n" + "ZZZZ\n"  # a second line that spoils the decoding of the whole
    assert leaks.find_leaks([text], (c(SECRET),))


def test_an_unrelated_page_shows_no_secret():
    texts = ["nothing to see", base64.b64encode(b"an honest answer").decode(), "00 11 22 " * 10,
             str(list(range(40))), "", "   \n "]
    assert leaks.find_leaks(texts, (c(SECRET),)) == []


def test_with_no_secrets_nothing_is_searched_or_found():
    assert leaks.find_leaks([SECRET, "x" * 100], ()) == []


def test_a_list_of_numbers_is_read_as_bytes_or_code_points_and_too_big_ones_skipped():
    assert leaks.find_leaks([str(list(SECRET.encode()))], (c(SECRET),))
    assert leaks.find_leaks([str([*map(ord, SECRET), 0x2603])], (c(SECRET),)), "code points"
    assert leaks.find_leaks([str([*SECRET.encode(), 0x110000])], (c(SECRET),)) == []


def test_a_secret_split_across_two_texts_is_not_one_secret():
    half = len(SECRET) // 2
    assert leaks.find_leaks([SECRET[:half], SECRET[half:]], (c(SECRET),)) == []


def test_a_page_larger_than_the_search_budget_is_withheld_whole(monkeypatch):
    text = "a perfectly honest answer"
    size = sum(len(v) for v in disguises.views(text))
    monkeypatch.setattr(decoders, "MAX_TEXT", size)
    assert leaks.find_leaks([text], (c(SECRET),)) == []  # exactly the budget: searched
    monkeypatch.setattr(decoders, "MAX_TEXT", size - 1)
    with pytest.raises(disguises.SearchLimit, match="characters to search"):
        leaks.find_leaks([text], (c(SECRET),))


def test_a_decompression_bomb_is_read_only_to_4_mib(monkeypatch):
    monkeypatch.setattr(decoders, "MAX_TEXT", 10**9)
    late = base64.b64encode(zlib.compress(b" " * (4 << 20) + SECRET.encode())).decode()
    early = base64.b64encode(zlib.compress(b" " * ((4 << 20) - len(SECRET)) + SECRET.encode())).decode()
    assert leaks.find_leaks([late], (c(SECRET),)) == []
    assert leaks.find_leaks([early], (c(SECRET),)) == [c(SECRET)]


# ---------------------------------------------------------------- the preprocessors


def _test_cell(source: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": True, "grade_id": "t", "points": 1}
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="printed"),
                    nbformat.v4.new_output("error", ename="AssertionError", evalue="boom",
                                           traceback=["Traceback", "    " + ALPHA_HIDDEN, "AssertionError: boom"])]
    return cell


def test_hidden_tests_leave_the_feedback_and_test_tracebacks_are_cut():
    cell = _test_cell(ALPHA[1])
    leaks.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert cell.source == ALPHA_VISIBLE + "\n# (more tests ran here when grading)"
    assert cell.outputs[1]["traceback"] == ["AssertionError: boom"]
    assert cell.outputs[0]["text"] == "printed"


def test_a_test_cell_without_hidden_tests_keeps_its_source_but_not_its_traceback():
    cell = _test_cell(ALPHA_VISIBLE)
    leaks.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert cell.source == ALPHA_VISIBLE and cell.outputs[1]["traceback"] == ["AssertionError: boom"]


def test_hidden_tests_in_an_ungraded_code_cell_are_removed_too():
    cell = _test_cell(ALPHA[1])
    del cell.metadata["nbgrader"]
    leaks.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert ALPHA_HIDDEN not in cell.source


def test_a_students_own_cell_keeps_its_traceback_and_markdown_is_left_alone():
    answer = _test_cell("area(1, 2)")
    answer.metadata["nbgrader"] = {"grade": False, "solution": True, "grade_id": "a"}
    leaks.HideHiddenTests().preprocess_cell(answer, {}, 0)
    assert len(answer.outputs[1]["traceback"]) == 3
    text = nbformat.v4.new_markdown_cell("Write tests between\n### BEGIN HIDDEN TESTS\nmarkers")
    leaks.HideHiddenTests().preprocess_cell(text, {}, 0)
    assert "markers" in text.source


@pytest.fixture(scope="module")
def gradebook_file(tmp_path_factory) -> Path:
    """A gradebook with lab alpha autograded for ann and bob (made once: nbgrader is slow
    to create one); each test works on its own copy."""
    path = tmp_path_factory.mktemp("gradebook") / "gradebook.db"
    with nbgrader_io.gradebook(f"sqlite:///{path}") as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.add_assignment("alpha")
        gb.add_notebook("alpha", "alpha")
        for name in ("t1", "t2"):
            gb.add_grade_cell(name, "alpha", "alpha", max_score=1, cell_type="code")
        for student in ("ann", "bob"):
            gb.add_student(student)
            gb.add_submission("alpha", student)
            for grade in gb.find_submission_notebook("alpha", "alpha", student).grades:
                grade.auto_score, grade.needs_manual_grade = 1.0, False  # autograded, fine
        gb.db.commit()
    return path


@pytest.fixture
def gradebook_url(gradebook_file, tmp_path) -> str:
    copy = tmp_path / "gradebook.db"
    shutil.copyfile(gradebook_file, copy)
    return f"sqlite:///{copy}"


def _flags(url: str, student: str) -> list[bool]:
    with nbgrader_io.gradebook(url) as gb:
        return [g.needs_manual_grade for g in gb.find_submission_notebook("alpha", "alpha", student).grades]


def test_a_leaking_page_is_withheld_and_its_submission_flagged(course, gradebook_url, monkeypatch):
    url = gradebook_url
    monkeypatch.chdir(course)  # nbgrader runs the preprocessors from the course root
    leaking = notebook("print(secret)")
    leaking.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text=codecs.encode(
        BETA_SOLUTION, "rot13"))]
    resources = {"nbgrader": {"assignment": "alpha", "student": "ann", "notebook": "alpha", "db_url": url}}
    before = _flags(url, "ann")
    page, _ = leaks.WithholdLeaks().preprocess(leaking, resources)
    assert [cell.source for cell in page.cells] == [
        "Your feedback for alpha is held for your instructor's review. They will release it or tell "
        "you what happens next."], "a short page that says nothing of what was found"
    assert "secret text" in leaks.HELD.pop(("alpha", "ann"))
    assert before == [False, False] and _flags(url, "ann") == [True, True] and _flags(url, "bob") == [False, False]
    clean = notebook("print(area(2, 3))")
    resources["nbgrader"]["student"] = "bob"
    assert leaks.WithholdLeaks().preprocess(clean, resources) == (clean, resources)
    assert _flags(url, "bob") == [False, False]


def test_flagging_a_missing_submission_or_without_a_gradebook_does_nothing(gradebook_url):
    url = gradebook_url
    leaks.flag_submission(url, "alpha", "nobody", "alpha")
    leaks.flag_submission(None, "alpha", "ann", "alpha")
    assert _flags(url, "ann") == [False, False]


def test_outside_a_course_folder_the_repositorys_own_labs_are_the_secrets(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no solutions/ here
    source = REPO_ROOT / "solutions" / "lab02" / "lab02.ipynb"
    hidden = next(line for line in leaks.notebook_regions(source)[1]
                  if c(line) in leaks.secret_lines((REPO_ROOT / "solutions").resolve(), "lab03"))
    page = notebook("x")
    page.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text=hidden)]
    resources = {"nbgrader": {"assignment": "lab03", "student": "ann", "notebook": "lab03"}}
    held, _ = leaks.WithholdLeaks().preprocess(page, resources)
    assert len(held.cells) == 1 and "held" in held.cells[0].source
    assert leaks.HELD.pop(("lab03", "ann"))
    assert os.getcwd() == str(tmp_path)


@pytest.mark.parametrize("extra", range(5))
def test_a_secret_line_of_any_length_is_found_in_base64_and_base32_without_padding(extra):
    """The last group of an encoding is often short and its "=" padding is easy to drop:
    the secret's last characters must not be lost with it."""
    secret = SECRET + "x" * extra  # every remainder modulo 3 (base64) and 5 (base32)
    for encoded in (base64.b64encode(secret.encode()).decode(), base64.b32encode(secret.encode()).decode()):
        for text in (encoded, encoded.rstrip("=")):
            assert leaks.find_leaks(["printed: " + text], (c(secret),)), (extra, text)


# ---------------------------------------------------------------- the second corpus: reading as a person does


@pytest.mark.parametrize("disguise", corpus.LEAK_DISGUISES)
def test_every_disguise_of_the_corpus_is_seen_through(disguise):
    text = "my output:\n" + corpus.LEAK_DISGUISES[disguise](SECRET) + "\nthe end"
    assert leaks.find_leaks([text], (c(SECRET),)) == [c(SECRET)]


@pytest.mark.parametrize("disguise", corpus.RESIDUAL_DISGUISES)
def test_what_remains_out_of_reach_is_still_out_of_reach(disguise):
    """README lists these as not recognised; if one ever is, say so there."""
    text = "my output:\n" + corpus.RESIDUAL_DISGUISES[disguise](SECRET) + "\nthe end"
    assert leaks.find_leaks([text], (c(SECRET),)) == []


def test_reading_as_a_person_does_folds_forms_drops_the_invisible_and_maps_look_alikes():
    n = disguises.normalise
    assert n("ａｓｓｅｒｔ x") == n("𝐚𝐬𝐬𝐞𝐫𝐭x") == n("ⓐⓢⓢⓔⓡⓣ x") == "assertx"
    assert n("as\u200bse\u00adrt\u2060\u200e x\U000e0041") == "assertx"
    assert n("аѕѕеrт х") == n("ᴀssᴇʀᴛ x") == n("áśśéŕt x") == "assertx"
    assert n("x — “y”") == 'x-"y"'
    assert disguises.alnum(n("a-s-s-e-r-t (x)")) == "assertx"


def test_an_honest_page_is_read_whole_within_the_limits():
    """Twenty cells of twenty thousand characters each (the most CapOutputs keeps) of the
    output honest code prints: prose, hashes, random base64, tool ids, JSON, numbers."""
    secrets = leaks.secret_lines((REPO_ROOT / "solutions").resolve(), "lab02")
    for page in corpus.HONEST_PAGES:
        own = "\n".join(page.own)
        mine = leaks.not_theirs(secrets + tuple(c(s) for s in page.secrets_in_own), own)
        texts = [f"cell {i}: {text}" for i, text in enumerate(page.texts)]
        assert leaks.find_leaks(texts, mine) == [], page.name


def test_a_nested_bz2_line_stops_the_search_at_a_limit_in_seconds():
    started = time.monotonic()
    with pytest.raises(disguises.SearchLimit) as limit:
        leaks.find_leaks(["my notes\n" + corpus.BOMB], (c(SECRET),))
    assert time.monotonic() - started < within(decoders.PAGE_SECONDS)
    assert "characters to search" in str(limit.value) or "MB" in str(limit.value)


def test_decoded_bytes_are_counted_inside_the_decompressor(monkeypatch):
    monkeypatch.setattr(decoders, "MAX_DECODED", 1 << 20)
    monkeypatch.setattr(decoders, "MAX_STREAM", 64 << 20)
    produced = []
    real = decoders.drain_zlib

    def spy(decompressor, data, budget):
        try:
            return real(decompressor, data, budget)
        finally:
            produced.append(budget.decoded)

    monkeypatch.setattr(decoders, "drain_zlib", spy)
    bomb = base64.b64encode(zlib.compress(b"z" * (50 << 20))).decode()
    with pytest.raises(disguises.SearchLimit, match="more than 1 MB"):
        leaks.find_leaks([bomb], (c(SECRET),))
    assert produced and produced[0] > -decoders.CHUNK, "stopped a chunk past the budget, not at 50 MB"


def test_encodings_nested_deeper_than_the_limit_stop_the_search():
    four = corpus._times(4, SECRET)
    assert leaks.find_leaks([four], (c(SECRET),)) == [c(SECRET)]
    with pytest.raises(disguises.SearchLimit, match="nested more than 4 deep"):
        leaks.find_leaks([corpus._times(5, SECRET)], (c(SECRET),))


def test_the_time_and_piece_limits_stop_the_search(monkeypatch):
    monkeypatch.setattr(decoders, "PAGE_SECONDS", 0.0)
    with pytest.raises(disguises.SearchLimit, match="took more than"):
        leaks.find_leaks(["anything"], (c(SECRET),))
    monkeypatch.setattr(decoders, "PAGE_SECONDS", 60.0)
    monkeypatch.setattr(decoders, "MAX_BLOBS", 3)
    runs = " ".join(base64.b64encode(f"piece number {i} here".encode()).decode() for i in range(6))
    with pytest.raises(disguises.SearchLimit, match="encoded pieces"):
        leaks.find_leaks([runs], (c(SECRET),))


def test_a_secret_the_student_wrote_is_not_a_secret_on_their_page():
    secrets = (c(SECRET), c(BETA_SOLUTION))
    assert leaks.not_theirs(secrets, "x = 1") == secrets
    assert leaks.not_theirs(secrets, "def f():\n    " + SECRET.upper()) == (c(BETA_SOLUTION),)
    fullwidth = corpus.LEAK_DISGUISES["fullwidth"](BETA_SOLUTION)
    assert leaks.not_theirs(secrets, fullwidth) == (c(SECRET),), "read as a person reads it"


def _lab_with_metadata(root: Path) -> None:
    """Lab "theta": a locked setup cell, an answer cell, a test cell with a hidden test."""
    nb = notebook("setup = 1", "def area(w, h):\n    ### BEGIN SOLUTION\n    return w * h\n    ### END SOLUTION",
                  ALPHA[1])
    for cell, meta in zip(nb.cells, (
            {"grade": False, "grade_id": "setup", "locked": True, "solution": False},
            {"grade": False, "grade_id": "area", "locked": False, "solution": True},
            {"grade": True, "grade_id": "test_area", "locked": True, "solution": False, "points": 1}), strict=True):
        cell.metadata["nbgrader"] = meta
    (root / "solutions" / "theta").mkdir(parents=True)
    nbfile.write_notebook(nb, root / "solutions" / "theta" / "theta.ipynb")


def test_the_page_of_a_student_who_wrote_a_hidden_line_themselves_is_released(tmp_path, monkeypatch):
    _lab_with_metadata(tmp_path)
    monkeypatch.chdir(tmp_path)
    resources = {"nbgrader": {"assignment": "theta", "student": "ann", "notebook": "theta", "db_url": None}}
    page = nbfile.read_notebook(tmp_path / "solutions" / "theta" / "theta.ipynb")
    for i, cell in enumerate(page.cells):
        leaks.HideHiddenTests().preprocess_cell(cell, resources, i)
    page.cells[1].source = "def area(w, h):\n    " + ALPHA_HIDDEN + "\n    return w * h"
    page.cells[2].outputs = [nbformat.v4.new_output(
        "error", ename="AssertionError", evalue="", traceback=["  File x, in area", "    " + ALPHA_HIDDEN])]
    assert leaks.WithholdLeaks().preprocess(page, resources)[0] is page, "their own line, quoted back"
    page.cells[1].source = "def area(w, h):\n    return w * h"
    held, _ = leaks.WithholdLeaks().preprocess(page, resources)
    assert held is not page and "secret text" in leaks.HELD.pop(("theta", "ann"))
    page.cells[2].outputs = []
    page.cells[2].source += "\n" + ALPHA_HIDDEN  # a lab cell still showing it: the lab's text is searched
    assert leaks.WithholdLeaks().preprocess(page, resources)[0] is not page
    leaks.HELD.clear()


def test_the_graders_note_to_the_instructor_is_dropped_from_feedback():
    cell = nbformat.v4.new_code_cell("def f(): pass")
    cell.metadata["nbgrader"] = {"solution": True, "grade_id": "f",
                                 "comment": f"No response.\n\n{leaks.REVIEW_NOTE} status: review | locked cell(s) deleted: setup"}
    leaks.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert cell.metadata["nbgrader"]["comment"] == "No response."
    cell.metadata["nbgrader"]["comment"] = f"{leaks.REVIEW_NOTE} status: timeout"
    leaks.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert cell.metadata["nbgrader"]["comment"] is None


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.text(alphabet="ab_ (),=x", max_size=30), max_size=8), st.data())
def test_a_secret_inside_a_public_line_is_found_as_a_search_of_all_lines_finds_it(lines, data):
    """secret_lines drops a secret that is part of a public line; its index of words finds
    exactly what a search of every line joined would (a part of a line or not, a word cut
    at either end or not)."""
    joined = "\n".join(lines)
    if lines and data.draw(st.booleans()):
        line = data.draw(st.sampled_from(lines))
        start = data.draw(st.integers(0, len(line)))
        text = line[start:data.draw(st.integers(start, len(line)))]
    else:
        text = data.draw(st.text(alphabet="ab_ (),=x\n", max_size=12))
    assert leaks._within_any(lines)(text) == (text in joined)
