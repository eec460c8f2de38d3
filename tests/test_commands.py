"""Every command the pages tell a reader to type works as written.

The pages are the READMEs (the root's, every checkpoint's, lectures/ and notebooks/) and
docs/*.md. Their commands are the lines of fenced `bash` blocks (a line ending in `\\`
continues on the next) and the `$ ` lines of `console` blocks. They run from a copy of
the repository as a fresh clone has it (the files git knows), after `make setup`, with
the virtual environment not active and no API key: each block is one bash script started
in the copy's root folder, the blocks of a page in page order, stdin empty.

A command that cannot run here ends in a marker comment, and is skipped (the rule is in
docs/INSTRUCTORS.md, "Keeping the pages honest"): `# needs: key`, `# needs: a terminal`,
`# needs: your files`, `# needs: minutes`. `# exits N` says which exit status a command
must end with (0 otherwise). A fenced block with no language that holds a command is
refused, so no command escapes the test by its fence.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from agentcourse.paths import REPO_ROOT

PAGES = [
    REPO_ROOT / "README.md",
    *sorted((REPO_ROOT / "checkpoints").glob("*/README.md")),
    REPO_ROOT / "lectures" / "README.md",
    REPO_ROOT / "notebooks" / "README.md",
    *sorted((REPO_ROOT / "docs").glob("*.md")),
]
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w-]*)")
SKIP = re.compile(r"\s#\s*needs:\s*(key|a terminal|your files|minutes)\b")
EXITS = re.compile(r"\s#\s*exits (\d+)\b")
COMMAND_LIKE = re.compile(r"^\s*(\$ |make |\.venv/bin/|agentcourse |python3? -|nbgrader |source |export |cd )")
BLOCK_TIMEOUT = 900  # seconds: a block may build a lab, run a notebook or grade one


@dataclass
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    language: str
    lines: list[str]

    def commands(self) -> list[str]:
        """The block's commands, continuation lines joined with their backslashes."""
        if self.language == "console":
            raw = [text[2:] for text in self.lines if text.startswith("$ ")]
        else:
            raw = [text for text in self.lines if text.strip() and not text.lstrip().startswith("#")]
        commands, pending = [], ""
        for text in raw:
            pending += text
            if text.rstrip().endswith("\\"):
                pending += "\n"
                continue
            commands.append(pending)
            pending = ""
        return commands + ([pending] if pending else [])


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page, outermost only (a ```` fence may hold ``` examples)."""
    found, lines, i = [], page.read_text(encoding="utf-8").splitlines(), 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, j = opening.group(2), i + 1
        while j < len(lines) and not (lines[j].strip().startswith(fence) and not lines[j].strip().strip(fence[0])):
            j += 1
        found.append(Block(page, i + 1, opening.group(3).lower(), lines[i + 1:j]))
        i = j + 1
    return found


def runnable(command: str) -> tuple[bool, int]:
    """(run it?, the exit status it must end with)."""
    if SKIP.search(command):
        return False, 0
    exits = EXITS.search(command)
    return True, int(exits.group(1)) if exits else 0


def script(block: Block) -> str:
    """One bash script: each command, then a check of its exit status."""
    parts = ["cd \"$COPY_ROOT\""]
    for command in block.commands():
        run, status = runnable(command)
        if not run:
            continue
        shown = shlex.quote(command.replace("\n", " "))
        parts += [command, f"s=$?; [ $s -eq {status} ] || {{ echo \"exit $s, not {status}: \"{shown} >&2; exit 97; }}"]
    return "\n".join(parts) + "\n"


def test_the_parser_reads_fences_continuations_and_markers(tmp_path: Path):
    page = tmp_path / "p.md"
    page.write_text(
        "text\n````markdown\n```bash\nnot a command\n```\n````\n"
        "```bash\n# a comment\nmake demo\n.venv/bin/python -c 1 \\\n  --flag\nmake test   # needs: minutes\n"
        ".venv/bin/agentcourse lab check 1    # exits 1 until your answers pass\n```\n"
        "```console\n$ ls -1\noutput line\n```\n",
        encoding="utf-8",
    )
    outer, shell, console = blocks(page)
    assert outer.language == "markdown" and "not a command" in outer.lines
    assert shell.commands() == ["make demo", ".venv/bin/python -c 1 \\\n  --flag",
                                "make test   # needs: minutes",
                                ".venv/bin/agentcourse lab check 1    # exits 1 until your answers pass"]
    assert [runnable(c) for c in shell.commands()] == [(True, 0), (True, 0), (False, 0), (True, 1)]
    assert console.commands() == ["ls -1"]
    assert "make test" not in script(shell) and "[ $s -eq 1 ]" in script(shell)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_no_command_hides_in_a_block_without_a_language(page: Path):
    for block in blocks(page):
        if block.language == "":
            looks = [text for text in block.lines if COMMAND_LIKE.match(text)]
            assert not looks, (f"{page.relative_to(REPO_ROOT)}:{block.line}: commands in a block with no "
                               f"language: mark it ```bash (or ```console with $ lines): {looks[0]}")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_every_runnable_line_of_a_page_has_a_known_marker_or_none(page: Path):
    for block in blocks(page):
        if block.language not in ("bash", "sh", "shell", "console"):
            continue
        for command in block.commands():
            marker = re.search(r"\s#\s*needs:", command)
            assert not marker or SKIP.search(command), f"{page.name}:{block.line}: unknown marker in {command!r}"


def _fresh_copy(destination: Path) -> Path:
    """The files a fresh clone has, with their times, and a .venv that is this one."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO_ROOT,
                            capture_output=True, check=False)
    if listed.returncode == 0:
        for name in filter(None, listed.stdout.decode().split("\0")):
            source = REPO_ROOT / name
            if source.is_file():
                (destination / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, destination / name)
    else:  # no git: everything but what a clone would not have
        shutil.copytree(REPO_ROOT, destination, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", ".grading", "work", "__pycache__", "*.pyc", ".pytest_cache"))
    # `make setup` is done: link this environment in, entry by entry, with a stamp of the
    # copy's own (so make never reinstalls, and never into this environment). pyvenv.cfg is
    # copied, not linked: checkpoint 08's sandbox shows the copy's .venv, not where links lead.
    venv = destination / ".venv"
    venv.mkdir()
    for entry in Path(sys.prefix).iterdir():
        if entry.name == "pyvenv.cfg":
            shutil.copy2(entry, venv / entry.name)
        elif entry.name != ".installed":
            (venv / entry.name).symlink_to(entry)
    (venv / ".installed").touch()  # newer than requirements.txt: make never reinstalls
    return destination


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    return _fresh_copy(tmp_path_factory.mktemp("clone"))


def _environment(root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONHOME") and not k.startswith(("ANTHROPIC_", "AGENT_"))}
    venv_bin = str(Path(sys.prefix) / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env["PYTHONPATH"] = str(root)  # the copy's code, not the checkout an editable install points at
    env["COPY_ROOT"] = str(root)
    return env


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_every_command_on_the_page_works_as_written(page: Path, copy: Path):
    ran = 0
    for block in blocks(page):
        if block.language not in ("bash", "sh", "shell", "console"):
            continue
        text = script(block)
        if text.count("\n") == 1:
            continue  # every command of the block is marked
        where = f"{page.relative_to(REPO_ROOT)}:{block.line}"
        done = subprocess.run(["bash", "-c", text], cwd=copy, env=_environment(copy), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=BLOCK_TIMEOUT, check=False)
        assert done.returncode == 0, f"{where}: {done.stderr[-3000:]}\n--- stdout ---\n{done.stdout[-3000:]}"
        ran += 1
    if ran == 0:
        pytest.skip("no command on this page runs offline")
