"""The pages the site makes from code and notebooks: a checkpoint's program listed with the
lesson's lines highlighted, its diff from the checkpoint before, a lab's released notebook,
and a measuring notebook with the figures it saves.

Every function returns Markdown whose links point at the repository's paths; the stage
(`site/build.py`) then makes them the site's, as it does for the course's own Markdown.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentcourse.course.diffing import diff_checkpoints, summary
from agentcourse.paths import REPO_ROOT, checkpoint_modules, checkpoint_program
from agentcourse.site.diff_html import diff_html

# ------------------------------------------------------------------ checkpoints


@dataclass
class ShownFile:
    """One file of a checkpoint, and how it stands against the checkpoint before."""

    path: Path
    status: str  # "first" (checkpoint 00), "new", "changed" or "carried"
    origin: Path | None = None  # carried: the checkpoint folder that wrote these bytes
    highlight: list[int] = field(default_factory=list)  # changed: 1-based lines that differ

    @property
    def anchor(self) -> str:
        return "file-" + re.sub(r"[^\w-]", "-", self.path.name)


def changed_lines(old: str, new: str) -> list[int]:
    """1-based lines of `new` that are not in `old` (inserted or replaced)."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return [j + 1 for tag, _, _, j1, j2 in matcher.get_opcodes()
            if tag in ("replace", "insert") for j in range(j1, j2)]


def _origin(path: Path, ladder: list[Path]) -> Path:
    """The earliest checkpoint before `path`'s own, back to which the file is unchanged."""
    index = ladder.index(path.parent)
    while index > 0 and (ladder[index - 1] / path.name).is_file() \
            and (ladder[index - 1] / path.name).read_bytes() == path.read_bytes():
        index -= 1
    return ladder[index]


def checkpoint_files(folder: Path, ladder: list[Path]) -> list[ShownFile]:
    """The checkpoint's program, then its modules, each new, changed or carried."""
    index = ladder.index(folder)
    previous = ladder[index - 1] if index else None
    program = checkpoint_program(folder)
    shown = []
    for path in [program, *checkpoint_modules(folder)]:
        if previous is None:
            shown.append(ShownFile(path, "first"))
            continue
        before = checkpoint_program(previous) if path == program else previous / path.name
        if not before.is_file():
            shown.append(ShownFile(path, "new"))
        elif before.read_bytes() == path.read_bytes():
            shown.append(ShownFile(path, "carried", origin=_origin(path, ladder)))
        else:
            lines = changed_lines(before.read_text(encoding="utf-8"), path.read_text(encoding="utf-8"))
            shown.append(ShownFile(path, "changed", highlight=lines))
    return shown


def line_ranges(lines: list[int]) -> str:
    """[1, 2, 3, 7] -> "1-3 7", as the highlighter's hl_lines wants it."""
    out: list[str] = []
    for line in lines:
        if out and int(out[-1].split("-")[-1]) == line - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{line}"
        else:
            out.append(str(line))
    return " ".join(out)


def _status_cell(item: ShownFile, previous: str) -> str:
    if item.status == "carried":
        assert item.origin is not None
        return (f"carried byte for byte from [checkpoint {item.origin.name[:2]}]"
                f"(../{item.origin.name}/{item.path.name}), which teaches it")
    if item.status == "changed":
        return f"changed from {previous}: the {len(item.highlight)} new or rewritten lines are highlighted"
    return "new in this checkpoint" if item.status == "new" else "the first program of the course"


def program_section(folder: Path, ladder: list[Path]) -> str:
    """The checkpoint's files as a table, then every new or changed file listed in full."""
    index = ladder.index(folder)
    previous = ladder[index - 1].name[:2] if index else ""
    files = checkpoint_files(folder, ladder)
    out = ["", "## The code", ""]
    if index:
        out += [f"The files this checkpoint adds or changes, listed in full with line numbers; "
                f"[the diff from checkpoint {previous}](diff.md) shows only what changed.", ""]
    out += ["| file | lines | in this checkpoint |", "|---|---|---|"]
    for item in files:
        count = len(item.path.read_text(encoding="utf-8").splitlines())
        name = f"[`{item.path.name}`](#{item.anchor})" if item.status != "carried" else f"`{item.path.name}`"
        out.append(f"| {name} | {count} | {_status_cell(item, previous)} |")
    for item in files:
        if item.status == "carried":
            continue
        source = item.path.read_text(encoding="utf-8").rstrip("\n")
        fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", source)), default=0))
        marks = f' hl_lines="{line_ranges(item.highlight)}"' if item.highlight else ""
        title = item.path.relative_to(REPO_ROOT).as_posix()
        out += ["", f"### `{item.path.name}` {{#{item.anchor}}}", "",
                f'{fence}python linenums="1"{marks} title="{title}"', source, fence]
    return "\n".join(out) + "\n"


def ladder_page(ladder: list[Path]) -> str:
    """The checkpoints in order, each with its title and motto from its README."""
    out = ["# The checkpoint ladder", "",
           "Each checkpoint is a whole program you can run on its own "
           "(`agentcourse run NN`). From 03 on, each new idea lives in a module beside "
           "`agent.py`, and later checkpoints carry it byte for byte, so what changed from the "
           "checkpoint before is the lesson: each page lists the new and changed files with the "
           "lesson's lines highlighted, and links the diff.", "",
           "| # | checkpoint | in one line | diff |", "|---|---|---|---|"]
    for index, folder in enumerate(ladder):
        readme = (folder / "README.md").read_text(encoding="utf-8")
        title = (re.search(r"^# (.+)$", readme, re.M) or re.search(r"(.+)", folder.name)).group(1)
        motto = re.search(r"^> (.+)$", readme, re.M)
        diff = f"[from {ladder[index - 1].name[:2]}]({folder.name}/diff.md)" if index else ""
        out.append(f"| {folder.name[:2]} | [{title}]({folder.name}/) | "
                   f"{motto.group(1) if motto else ''} | {diff} |")
    return "\n".join(out) + "\n"


def excerpt_sources(lecture: str) -> str:
    """A lecture with, under each code excerpt, the file and lines it is quoted from, linked
    to that file's listing (the lecture's links are relative to lectures/)."""
    from agentcourse.course.excerpts import find_blocks

    lines = lecture.split("\n")
    for block in reversed(find_blocks(lecture)):
        path = block.spec.partition("::")[0]
        source = REPO_ROOT / path
        if block.kind != "excerpt" or not source.is_file():
            continue
        file_lines, quoted = source.read_text(encoding="utf-8").split("\n"), block.text.split("\n")
        first = next((i for i in range(len(file_lines) - len(quoted) + 1)
                      if file_lines[i:i + len(quoted)] == quoted), None)
        where = f", lines {first + 1} to {first + len(quoted)}" if first is not None else ""
        lines[block.end + 1:block.end + 1] = ["", f"*From [`{path}`](../{path}){where}.*"]
    return "\n".join(lines)


def _file_sections(lines: list[str]) -> list[tuple[str, list[str]]]:
    """A unified diff over several files cut into (file name, its lines)."""
    sections: list[tuple[str, list[str]]] = []
    for i, line in enumerate(lines):
        if line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            new, old = lines[i + 1][4:], line[4:]
            sections.append(((new if new != "/dev/null" else old).rsplit("/", 1)[-1], []))
        if sections:
            sections[-1][1].append(line)
    return sections


def diff_page(folder: Path, previous: Path) -> str:
    """The diff from the checkpoint before: the lesson, file by file."""
    diff = diff_checkpoints(previous.name, folder.name)
    a, b = previous.name[:2], folder.name[:2]
    # The lesson reads best at full width: the page drops the navigation and contents columns.
    out = ["---", "hide:", "  - navigation", "  - toc", "---", "",
           f"# Checkpoint {b}: the diff from {a}", "",
           f"[Checkpoint {a}](../{previous.name}/) → [checkpoint {b}](../{folder.name}/): "
           f"`{summary(diff)}`.", "",
           f"Each module a checkpoint carries unchanged is a byte-for-byte copy, so these lines "
           f"are the whole lesson. In a terminal, `agentcourse diff {a} {b}` prints the same.", ""]
    for name, lines in _file_sections(diff.lines):
        new_file = lines[0].endswith("/dev/null") if lines else False
        note = " (new)" if new_file else ""
        out += [f"## `{name}`{note}", "", diff_html(name, lines), ""]
    return "\n".join(out)


# ------------------------------------------------------------------ notebooks


def _fence(source: str, language: str) -> list[str]:
    fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", source)), default=0))
    return [f"{fence}{language}", source.rstrip("\n"), fence]


def _cell_label(cell: Any) -> str | None:
    meta = cell.get("metadata", {}).get("nbgrader")
    if not meta:
        return None
    name = meta.get("grade_id", "")
    if meta.get("solution"):
        return f"Answer cell `{name}`: yours to fill in."
    if meta.get("grade"):
        points = meta.get("points", 0)
        return f"Test cell `{name}` ({points} point{'s' if points != 1 else ''}): checks your answer."
    return f"Locked cell `{name}`: run it as it is."


def lab_page(notebook: Path, meta: dict) -> str:
    """A released lab notebook, read-only, with how to start it first."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    number = int(notebook.stem[3:])
    tasks = "\n".join(f"{t['number']}. {t['title']}" for t in meta.get("tasks", []))
    start = ["", '!!! tip "Work on this lab on your machine"', "",
             f"    This page shows the released notebook, read-only. To do the lab, with its "
             f"time box of {meta['time_box_minutes']} minutes, from the repository's root "
             f"(after `make setup` and `source .venv/bin/activate`):", "",
             "    ```bash",
             f"    agentcourse lab start {number}          # copies it to work/{notebook.stem}/ and starts the clock",
             f"    jupyter lab work/{notebook.stem}/{notebook.name}",
             f"    agentcourse lab check {number}          # your visible tests, any time", "    ```", ""]
    if tasks:
        start += ["    The tasks:", "", *("    " + line for line in tasks.splitlines()), ""]
    out: list[str] = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            out += [cell.source, ""]
            if i == 0:
                out += start
        elif cell.cell_type == "code":
            label = _cell_label(cell)
            out += ([f"*{label}*", ""] if label else []) + _fence(cell.source, "python") + [""]
    return "\n".join(out)


FIGURE = re.compile(r"""["']([\w.-]+\.png)["']""")


def notebook_page(notebook: Path, figures: Path) -> str:
    """A measuring notebook's cells, each figure it saves shown under the cell that saves it
    (the committed copy in `figures/`, which the test suite checks is current)."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    out: list[str] = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            out += [cell.source, ""]
            if i == 0:
                out += ['!!! note "Shown without running it"', "",
                        "    The notebook is committed without outputs; each figure it saves is "
                        "shown under the cell that saves it, from "
                        "[`notebooks/figures/`](figures/), which the test suite regenerates "
                        "and compares. To run it yourself, see "
                        "[the notebooks' README](README.md).", ""]
        elif cell.cell_type == "code":
            out += _fence(cell.source, "python") + [""]
            if "savefig" in cell.source:
                for name in dict.fromkeys(FIGURE.findall(cell.source)):
                    if (figures / name).is_file():
                        out += [f"![{name}: the figure this cell saves](figures/{name})", "",
                                f"*The figure this cell saves: `figures/{name}`.*", ""]
    return "\n".join(out)
