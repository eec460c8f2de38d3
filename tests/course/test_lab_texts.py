"""Every number a lab's text states is computed here from the lab itself, so a change to a
lab cannot leave one stale: the task and point totals of its introduction, the minutes of its
task headings against its time box and solutions/CONVENTIONS.md's table, how many check cells
its "Expected" lines announce, and its worked examples, recomputed with the worked solution."""

from __future__ import annotations

import contextlib
import re

import pytest

from agentcourse.course import nbfile, nbtools
from agentcourse.paths import REPO_ROOT

SOLUTIONS = REPO_ROOT / "solutions"
ALL_LABS = sorted(p.name for p in SOLUTIONS.iterdir() if (p / f"{p.name}.ipynb").is_file())
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}
READING = 5  # minutes to read a lab's introduction (solutions/CONVENTIONS.md)
SETUP_READ, SETUP_PACE = 150, 30  # setup lines READING covers; lines a minute beyond them


def notebook(lab: str):
    return nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")


def markdown(lab: str) -> str:
    return "\n".join(c.source for c in notebook(lab).cells if c.cell_type == "markdown")


def task_sections(lab: str) -> dict[int, tuple[str, list]]:
    """Task number -> (its Markdown text, the code cells that follow it up to the next task)."""
    sections: dict[int, tuple[str, list]] = {}
    current = None
    for cell in notebook(lab).cells:
        heading = re.match(r"## Task (\d+)", cell.source) if cell.cell_type == "markdown" else None
        if heading:
            current = int(heading.group(1))
            sections[current] = (cell.source, [])
        elif current is not None and cell.cell_type == "code":
            sections[current][1].append(cell)
        elif current is not None:
            sections[current] = (sections[current][0] + "\n" + cell.source, sections[current][1])
    return sections


@pytest.mark.parametrize("lab", ALL_LABS)
def test_the_introduction_states_the_real_task_and_point_totals(lab):
    nb = notebook(lab)
    meta = nbfile.lab_meta(nb)
    points = sum(c.points for c in nbfile.grade_cells(nb))
    stated = re.search(r"(\w+) tasks, (\d+) points", nb.cells[0].source)
    if stated is None:
        pytest.skip(f"{lab}'s introduction states no totals")
    count = NUMBERS.get(stated.group(1).lower(), stated.group(1))
    assert (count, int(stated.group(2))) == (len(meta["tasks"]), points), (
        f"{lab} says {stated.group(0)!r}; it has {len(meta['tasks'])} tasks and {points:g} points")


def reading_minutes(lab: str) -> int:
    """READING, and a minute for every SETUP_PACE lines of the setup cell past SETUP_READ: its
    non-blank lines are what a student reads before the first task (solutions/CONVENTIONS.md)."""
    lines = sum(1 for c in notebook(lab).cells if nbfile.grade_id(c) == "setup" for line in c.source.splitlines()
                if line.strip())
    return READING + -(-max(0, lines - SETUP_READ) // SETUP_PACE)


@pytest.mark.parametrize("lab", ALL_LABS)
def test_the_task_minutes_add_up_to_the_time_box_and_the_conventions_table(lab):
    meta = nbfile.lab_meta(notebook(lab))
    headings = re.findall(r"^## Task (\d+):.*\((\d+) minutes", markdown(lab), re.M)
    assert [int(n) for n, _ in headings] == [t["number"] for t in meta["tasks"]], "one heading per task, in order"
    minutes = [int(m) for _, m in headings]
    reading = reading_minutes(lab)
    assert sum(minutes) + reading == meta["time_box_minutes"], (
        f"{lab}: tasks {minutes} + {reading} to read (the introduction and the setup cell) = {sum(minutes) + reading}, "
        f"the box says {meta['time_box_minutes']}")
    conventions = (SOLUTIONS / "CONVENTIONS.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| {int(lab[3:])}: [^|]*\| ([^|]*)\| (\d+) \| (\d+) \|$", conventions, re.M)
    assert row, f"solutions/CONVENTIONS.md has no time-box row for {lab}"
    assert [int(m) for m in re.findall(r"(\d+)", row.group(1))] == minutes, f"CONVENTIONS.md's minutes for {lab}"
    assert (int(row.group(2)), int(row.group(3))) == (reading, meta["time_box_minutes"])


@pytest.mark.parametrize("lab", ALL_LABS)
def test_each_expected_line_names_the_check_cells_there_are(lab):
    """'**Expected:** four cells print `str_replace ok`': four of the task's check cells print it;
    '`Task 2 visible checks passed`': a check cell of the task prints it."""
    for number, (text, cells) in task_sections(lab).items():
        tests = [c.source for c in cells if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
        counted = re.search(r"\*\*Expected:\*\* (\w+) cells? prints? `([^`]+)`", text)
        if counted:
            printing = [s for s in tests if f'print("{counted.group(2)}' in s]
            assert NUMBERS[counted.group(1).lower()] == len(printing) == len(tests), (
                f"{lab} Task {number} says {counted.group(0)!r}; {len(printing)} of its {len(tests)} check cells print it")
        passed = re.search(r"`(Task \d+ visible checks passed)`", text)
        if passed:
            assert any(passed.group(1) in s for s in tests), f"{lab} Task {number}: no check cell prints {passed.group(1)!r}"


@contextlib.contextmanager
def solution(lab: str, *answers: str):
    """The lab's setup cell and the named answer cells, run in a fresh namespace."""
    cells = {nbfile.grade_id(c): c.source for c in notebook(lab).cells if nbfile.grade_id(c)}
    namespace: dict = {"__name__": "__main__"}
    with contextlib.redirect_stdout(None):
        try:
            for grade_id in ("setup", *answers):
                exec(compile(cells[grade_id], f"<{lab} {grade_id}>", "exec"), namespace)
            yield namespace
        finally:
            for value in list(namespace.values()):
                if isinstance(value, contextlib.ExitStack):
                    value.close()


def test_lab6s_cap_example_is_what_cap_result_returns():
    text = markdown("lab06")
    example = re.search(r'cap_result\(numbered\(5\), 150\)\s+->\s+"(.*)"', text)
    with solution("lab06", "cap_result") as lab:
        got = lab["cap_result"](lab["numbered"](5), 150)
        whole = lab["numbered"](5)
    head, notice = got.rsplit("\n", 1)
    shown = example.group(1).replace("\\n", "\n")
    assert shown.endswith(notice) and shown.count("\n") == got.count("\n"), (shown, got)
    lines = re.search(r"five lines of (\d+) characters, (\d+) with the line breaks; the head keeps two "
                      r"lines, (\d+) characters", " ".join(text.split()))
    assert lines, "the example's explanation"
    assert [int(n) for n in lines.groups()] == [len(whole.split("\n")[0]), len(whole), len(head)]
    assert f"[cut: {len(whole) - len(head)} more characters" in notice and "start=3" in notice


def test_lab8s_examples_are_what_the_worked_solution_does():
    text = markdown("lab08")
    with solution("lab08", "str_replace", "insert") as lab, lab["scratch_project"]() as root:
        (root / "aaa.txt").write_text("aaa")
        assert '`"aa"` occurs twice in `"aaa"`' in text
        assert lab["str_replace"]("aaa.txt", "aa", "b").startswith("Error: Found 2 matches")
        example = re.search(r'`"(.*?)"` with `"(.*?)"` after line (\d) is `"(.*?)"`', text)
        before, new, line, after = example.groups()
        (root / "ex.txt").write_text(before.replace("\\n", "\n"))
        lab["insert"]("ex.txt", int(line), new)
        assert (root / "ex.txt").read_text() == after.replace("\\n", "\n")
        (root / "abc.txt").write_text("a\nb\nc\n")
        assert "... has 3 lines" in text and "has 3 lines" in lab["insert"]("abc.txt", 9, "x")


def test_lab8s_time_box_basis_recounts_the_solution_lines():
    nb = notebook("lab08")
    counts = []
    for cell in nb.cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            body = nbfile.region_lines(cell.source, nbfile.BEGIN_SOLUTION, nbfile.END_SOLUTION)
            counts.append(len([line for line in body if line.strip() and not line.strip().startswith("#")]))
    basis = " ".join(nbfile.lab_meta(nb)["time_box_basis"].split())
    assert f"{', '.join(map(str, counts[:-1]))} and {counts[-1]})" in basis, (counts, basis)
    walkthrough = " ".join((SOLUTIONS / "lab08" / "WALKTHROUGH.md").read_text().split())
    assert f"{', '.join(map(str, counts[:-1]))} and {counts[-1]})" in walkthrough


def test_lab9s_time_box_basis_recounts_the_solution_lines_per_task():
    """Lab 9's basis counts each task's lines of solution code (Tasks 3 and 4 have two answer
    cells each), and its task minutes are those lines at 0.65 a minute, rounded up, with four
    more for Tasks 1 and 3 (the reading its basis names)."""
    nb = notebook("lab09")
    per_task: dict[int, int] = {}
    tasks = {"assemble_message": 1, "update_plan": 2, "hook_matches": 3, "before_tool": 3, "turn_changes": 4, "undo_turn": 4,
             "decide": 5}
    for cell in nb.cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            body = nbfile.region_lines(cell.source, nbfile.BEGIN_SOLUTION, nbfile.END_SOLUTION)
            task = tasks[nbfile.grade_id(cell)]
            per_task[task] = per_task.get(task, 0) + len([line for line in body if line.strip() and not line.strip().startswith("#")])
    counts = [per_task[n] for n in sorted(per_task)]
    basis = " ".join(nbfile.lab_meta(nb)["time_box_basis"].split())
    assert f"{', '.join(map(str, counts[:-1]))} and {counts[-1]})" in basis, (counts, basis)
    minutes = [int(m) for _, m in re.findall(r"^## Task (\d+):.*\((\d+) minutes", markdown("lab09"), re.M)]
    assert minutes == [-(-lines * 65 // 100) + (4 if n in (1, 3) else 0) for n, lines in sorted(per_task.items())], (
        minutes, per_task)
    walkthrough = " ".join((SOLUTIONS / "lab09" / "WALKTHROUGH.md").read_text().split())
    assert f"{', '.join(map(str, counts[:-1]))} and {counts[-1]})" in walkthrough


def test_lab5s_cost_example_is_what_cost_usd_returns():
    text = markdown("lab05")
    with solution("lab05", "cost_usd") as lab:
        read = lab["cost_usd"](lab["usage_dict"](cr=1_000_000), "claude-sonnet-4-6")
        fresh = lab["cost_usd"](lab["usage_dict"](i=1_000_000), "claude-sonnet-4-6")
    assert (f"1,000,000 cache-read tokens of Sonnet cost ${read:.2f}, the same tokens fresh cost ${fresh:.2f}"
            in " ".join(text.split()))


def test_lab5s_effort_example_is_what_its_answer_returns():
    """Task 6's worked table: each level's calls, output per call and cost on Sonnet 5.5, and the choice."""
    text = " ".join(markdown("lab05").split())
    stated = re.search(r"every call with ([\d,]+) fresh input tokens and ([\d,]+) read from the cache", text)
    fresh, read = (int(n.replace(",", "")) for n in stated.groups())
    rows = re.findall(r"\| (low|medium|high|xhigh|max) \| (\d+) \| ([\d,]+) \| (yes|no) \| \$([\d.]+) \|", text)
    assert len(rows) == 4, rows
    with solution("lab05", "effort") as lab:
        runs = {level: lab["scaffold"].repeated(int(calls), solved == "yes", fresh=fresh, read=read,
                                                 output=int(output.replace(",", "")))
                for level, calls, output, solved, _ in rows}
        for level, *_, dollars in rows:
            assert f"{lab['run_cost'](runs[level], lab['SONNET_5_5']):.3f}" == dollars, level
        level, dollars = lab["cheapest_effort"](runs, lab["SONNET_5_5"])
    assert f"`cheapest_effort` returns `({level!r}, {dollars:.3f})`".replace("'", '"') in text


def test_lab5s_demo_table_is_what_the_demo_prints():
    """Task 5's Expected line: 7 calls (a list_files, five read_files, the summary), step 1
    writes about N tokens to the cache and every later step reads the same back."""
    text = " ".join(markdown("lab05").split())
    demo = next(c.source for c in notebook("lab05").cells if c.cell_type == "code" and c.source.startswith("# Demo:"))
    with solution("lab05", "usage_of", "cost_usd", "trace", "limit_reached", "run_turn") as lab:
        with contextlib.redirect_stdout(None):
            exec(compile(demo, "<lab05 demo>", "exec"), lab)
        trace = lab["demo_trace"]
    assert "prints a table of 7 calls for the summary task (a `list_files`, five `read_file`s, the summary)" in text
    assert [r["tools"] for r in trace] == [["list_files"]] + [["read_file"]] * 5 + [[]]
    written = trace[0]["cache_creation_input_tokens"]
    stated = re.search(r"\(`cache\+`, about ([\d,]+) tokens\)", text)
    assert stated and int(stated.group(1).replace(",", "")) == round(written, -2), (written, stated and stated.group(0))
    assert all(r["cache_read_input_tokens"] == written and r["cache_creation_input_tokens"] == 0 for r in trace[1:])


def test_lab4s_search_example_is_what_search_file_returns():
    text = markdown("lab04")
    line = re.search(r"^\s*(config_loader\.py:\d+: def parse_config\(.*\):)$", text, re.M).group(1)
    from agentcourse.projects.sample import write_config_module

    with solution("lab04", "search_file") as lab, nbtools.project() as root:
        write_config_module(root)
        assert lab["search_file"]("def parse_config", "config_loader.py") == line


def test_lab4s_budget_figures_are_what_the_two_runs_spend():
    """Task 4: 'about 4,000 tokens' for checkpoint 03's read_file run, 'under 300' for the lab's
    tools, made of a search line, N numbered lines and a one-line edit confirmation."""
    import io

    from agentcourse.course.scaffold.lab04 import tool_results
    from agentcourse.paths import load_checkpoint
    from agentcourse.projects.sample import write_config_module
    from agentcourse.tutor.speak.tokens import count_text

    text = " ".join(markdown("lab04").split())
    stated = re.search(r"spends about ([\d,]+) tokens on tool results .*? your run spends under (\d+) "
                       r"\(a search line, (\w+) numbered lines and a one-line edit confirmation\)", text)
    assert stated, "Task 4's expected figures"
    with solution("lab04", "search_file", "read_lines", "tools_section", "assemble") as lab:
        old = load_checkpoint("03")
        with nbtools.project() as root:
            write_config_module(root)
            messages = [{"role": "user", "content": lab["STANDARD_TASK"]}]
            with contextlib.redirect_stdout(io.StringIO()):
                old.run_turn(nbtools.limited(lab["client"], 10), messages)
        read_file = sum(count_text(r) for r in tool_results(messages))
        ours = tool_results(lab["run_task"](lab["STANDARD_TASK"]).messages)
    assert round(read_file, -3) == int(stated.group(1).replace(",", "")), read_file
    assert sum(count_text(r) for r in ours) < int(stated.group(2))
    assert [len(r.split("\n")) for r in ours] == [1, NUMBERS[stated.group(3)], 1], ours


# `agentcourse lab check 4` / `lab start 4`, also broken across lines (in a .pct.py the next
# line starts with "# "); the number may come written as 04 or lab04, which the test refuses.
LAB_COMMAND = re.compile(r"\blab[\s#]+(check|start)[\s#]+((?:lab)?\d+)")
LAB_TEXTS = [path for lab in ALL_LABS for path in (
    SOLUTIONS / lab / f"{lab}.pct.py", SOLUTIONS / lab / "WALKTHROUGH.md", REPO_ROOT / "labs" / lab / f"{lab}.ipynb")]


@pytest.mark.parametrize("path", LAB_TEXTS, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_lab_commands_name_their_own_lab_without_a_leading_zero(path):
    """Labs tell students `agentcourse lab check 4`, the form docs/STUDENTS.md and the lectures
    use, never `lab check 04`; and the number is the lab's own."""
    if not path.is_file():
        pytest.skip(f"{path.relative_to(REPO_ROOT)} does not exist")
    if path.suffix == ".ipynb":
        text = "\n".join(cell.source for cell in nbfile.read_notebook(path).cells)
    else:
        text = path.read_text(encoding="utf-8")
    mentions = [(m.group(1), m.group(2)) for m in LAB_COMMAND.finditer(text)]
    lab = path.parent.name
    if path.name != "WALKTHROUGH.md":
        assert mentions, f"{path.relative_to(REPO_ROOT)} never says how to run `agentcourse lab check`"
    expected = str(int(lab.removeprefix("lab")))
    wrong = [f"lab {command} {number}" for command, number in mentions if number != expected]
    assert wrong == [], f"{path.relative_to(REPO_ROOT)}: write `lab check {expected}` / `lab start {expected}`"
