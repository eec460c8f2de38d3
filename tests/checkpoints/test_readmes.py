"""Every checkpoint README follows one format, and says nothing its program contradicts.

The format (all checkpoints):

    # Checkpoint NN: <title>
    > <one-line motto>
    <breadcrumb: 00 → 01 → **NN** → ... ; every checkpoint number, the current one bold,
     "08 (built on 03)" where a checkpoint is not built on the one before it>
    Program: [`file.py`](file.py) ...    (the README names its program file)
    ## Changes from MM    (MM = the checkpoint it builds on, usually the previous one; checkpoint
                          00 has "## What it contains")
    | table ... |          (every `name(arg, ...)` in it is a tool in TOOLS or a function of
                            this program or the previous one, with those exact parameters;
                            `context.name(...)` is a function of the module beside it)
    ## Try it              (`agentcourse run X` must name this checkpoint,
                            `python checkpoints/.../file.py` must be this program)
    ## What to observe
    ## What's next

Relative links must point at files that exist. The program's docstring says
`agentcourse run NN` and (after 00) "= checkpoint MM + ..."; the file ends in the
`if __name__ == "__main__":` guard that calls run_agent(). A checkpoint may build on an
earlier one than the previous (08 builds on 03); its README then says why, in a sentence
with "builds on checkpoint MM". Functions named in the table may live in the modules
beside the program (guardrail.py ...).
"""

from __future__ import annotations

import ast
import builtins
import inspect
import re
from pathlib import Path

import pytest

from agentcourse import paths

FOLDERS = paths.checkpoint_dirs()
SECTIONS = ("## Try it", "## What to observe", "## What's next")
CALL = re.compile(r"`([\w.]+)\(([^`]*)\)`")  # `name(args)` or `context.name(args)` in backticks
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def number(folder: Path) -> str:
    return folder.name[:2]


def readme(folder: Path) -> str:
    path = folder / "README.md"
    assert path.is_file(), f"{folder.name} has no README.md"
    return path.read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next ## heading."""
    start = text.index(heading)
    rest = text[start + len(heading) :]
    end = rest.find("\n## ")
    return rest if end < 0 else rest[:end]


def base(folder: Path) -> Path | None:
    """The checkpoint this one builds on: the one its docstring names, else the previous."""
    i = FOLDERS.index(folder)
    if i == 0:
        return None
    doc = ast.get_docstring(ast.parse(paths.checkpoint_program(folder).read_text("utf-8"))) or ""
    named = re.search(r"= checkpoint (\d\d) \+", doc)
    return paths.find_checkpoint(named.group(1)) if named else FOLDERS[i - 1]


def table_heading(folder: Path) -> str:
    below = base(folder)
    return "## What it contains" if below is None else f"## Changes from {number(below)}"


@pytest.fixture(scope="module", params=FOLDERS, ids=lambda f: f.name)
def checkpoint(request):
    folder = request.param
    program = paths.checkpoint_program(folder)
    return folder, readme(folder), program, paths.load_program(program)


def test_readme_opens_with_title_and_one_line_motto(checkpoint):
    folder, text, _, _ = checkpoint
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0].startswith(f"# Checkpoint {number(folder)}"), lines[0]
    assert lines[1].startswith("> ") and len(lines[1]) > 10, (
        "the motto is a blockquote right after the title"
    )
    assert not lines[2].startswith(">"), "the motto is one line"


def test_breadcrumb_lists_every_checkpoint_with_the_current_one_bold(checkpoint):
    folder, text, _, _ = checkpoint
    crumb = next((line for line in text.splitlines() if " → " in line), None)
    assert crumb, "no breadcrumb line (numbers joined by ' → ')"
    items = [item.strip() for item in crumb.split("→")]
    numbers = [re.search(r"\d\d", item).group() for item in items]
    assert numbers == sorted(numbers), "the breadcrumb is out of order"
    assert set(map(number, FOLDERS)) <= set(numbers), "a checkpoint folder is missing from it"
    bold = [item.split()[0] for item in items if item.startswith("**")]
    assert bold == [f"**{number(folder)}**"], f"exactly the current checkpoint is bold, got {bold}"
    # A checkpoint built on an earlier one than the previous says so where the ladder shows it.
    for other, item in zip(FOLDERS, items, strict=False):
        below = base(other)
        if below is not None and below != FOLDERS[FOLDERS.index(other) - 1]:
            assert f"(built on {number(below)})" in item, (
                f"the breadcrumb should say that {number(other)} is built on {number(below)}"
            )


def test_links_in_readme_point_at_files_that_exist(checkpoint):
    folder, text, _, _ = checkpoint
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "#")):
            continue
        path = (folder / target.split("#")[0]).resolve()
        assert path.exists(), f"{folder.name}/README.md links to missing {target}"


def test_readme_has_every_section(checkpoint):
    folder, text, _, _ = checkpoint
    for heading in (table_heading(folder), *SECTIONS):
        assert heading in text, f"{folder.name}/README.md lacks {heading!r}"


def test_readme_names_its_program_file(checkpoint):
    folder, text, program, _ = checkpoint
    assert f"`{program.name}`" in text, f"the README should name {program.name}"


def parameters(module, name: str) -> list[str] | None:
    """The parameters of tool or function `name` in `module`; None if it has no such thing.

    A tool without an input_schema (an Anthropic-defined tool) answers ["..."]. A dotted
    name (`context.shrink`) is looked up in the module beside the program it names."""
    if "." in name:
        owner, _, attr = name.rpartition(".")
        sibling = getattr(module, owner, None)
        function = getattr(sibling, attr, None)
        return list(inspect.signature(function).parameters) if callable(function) else None
    for tool in getattr(module, "TOOLS", []):
        if tool.get("name") == name:
            return list(tool["input_schema"]["properties"]) if "input_schema" in tool else ["..."]
    function = getattr(module, name, None)
    if callable(function):
        return list(inspect.signature(function).parameters)
    return None


def test_every_function_named_in_the_table_exists_with_those_parameters(checkpoint):
    folder, text, _, module = checkpoint
    below = base(folder)
    # a row may name what this checkpoint removed, so the program it builds on counts too,
    # and what lives in the modules beside the program
    previous = paths.load_program(paths.checkpoint_program(below)) if below else None
    siblings = [paths.load_program(p, p.stem) for p in paths.checkpoint_modules(folder)]
    named = CALL.findall(section(text, table_heading(folder)))
    assert named, "the table names no function or tool as `name(args)`"
    for name, args in named:
        if hasattr(builtins, name):
            continue
        expected = parameters(module, name)
        for other in [*siblings, previous]:
            if expected is None and other is not None:
                expected = parameters(other, name)
        assert expected is not None, f"`{name}(...)` in the table is neither a tool nor a function"
        params = [a.strip() for a in args.split(",") if a.strip()]
        if expected != ["..."] and all(p.isidentifier() for p in params):
            shown = ", ".join(expected)
            assert params == expected, f"`{name}({args})` but the program has {name}({shown})"


def test_try_it_commands_name_this_checkpoint(checkpoint):
    folder, text, program, _ = checkpoint
    commands = section(text, "## Try it")
    runs = re.findall(r"agentcourse run (\S+)", commands)
    assert runs, "Try it shows no `agentcourse run` command"
    for name in runs:
        assert paths.find_checkpoint(name.strip("`")) == folder
    for path in re.findall(r"python \S*?(checkpoints/[\w./-]+\.py)", commands):
        assert (paths.REPO_ROOT / path).resolve() == program.resolve(), (
            f"{path} is not this program"
        )


def test_program_docstring_says_how_to_run_it(checkpoint):
    folder, text, _, module = checkpoint
    doc = module.__doc__ or ""
    assert f"agentcourse run {number(folder)}" in doc
    if number(folder) != "00":
        below = base(folder)
        assert f"= checkpoint {number(below)} +" in doc
        assert below.name < folder.name, "a checkpoint builds on an earlier one"
        if below != FOLDERS[FOLDERS.index(folder) - 1]:
            assert f"builds on checkpoint {number(below)}" in text.lower(), (
                "the README says why it builds on an earlier checkpoint than the previous one"
            )


def test_program_runs_as_a_script_through_its_main_guard(checkpoint):
    # `agentcourse run NN` executes the file as a script (test_runner runs 01 that way);
    # here, cheaply, every program must end in the guard that starts its REPL.
    _, _, program, _ = checkpoint
    tree = ast.parse(program.read_text(encoding="utf-8"))
    guard = tree.body[-1]
    assert isinstance(guard, ast.If) and "__main__" in ast.unparse(guard.test)
    assert "run_agent()" in ast.unparse(guard)


def changed_files(folder: Path) -> list[str]:
    """The files of `folder` that differ from the checkpoint it builds on (new or changed)."""
    below = base(folder)
    names = [paths.checkpoint_program(folder).name,
             *[p.name for p in paths.checkpoint_modules(folder)]]
    return [name for name in names
            if not (below / name).is_file()
            or (below / name).read_bytes() != (folder / name).read_bytes()]


def test_the_changes_table_names_every_file_that_changed(checkpoint):
    folder, text, _, _ = checkpoint
    if base(folder) is None:
        pytest.skip("checkpoint 00 has no checkpoint below it")
    table = section(text, table_heading(folder))
    missing = [name for name in changed_files(folder) if f"`{name}" not in table]
    assert not missing, f"the Changes table never names {missing}"
