"""Keep the lectures honest: code excerpts match the checkpoints, outputs are real.

A lecture marks each fenced block it wants checked with an HTML comment on the line
right before the fence (GitHub does not render the comment):

    <!-- excerpt: checkpoints/01-v1-loop/code-agent-v1.py::run_turn -->
    ```python
    def run_turn(client, messages):
        ...
    ```

    <!-- output: 01 "Create hello.py with a hello world function." -->
    ```text
    You: Create hello.py with a hello world function.
    ...
    ```

Code selectors (the part after `::`), resolved with `ast` so that edits elsewhere in the
file never break an excerpt:

    ::NAME            a top-level function, class or assignment, whole
    ::NAME:3-9        lines 3 to 9 (1-based, inclusive) of that definition
    ::FIRST..LAST     everything from FIRST's first line to LAST's last line
    (no selector)     the whole file

Output markers name a checkpoint and the lines a learner types at "You:". Unless a view
or call option says otherwise, the session runs the checkpoint's own `run_agent()`. Every
session runs in-process against the tutor model, in a scratch copy of the sample project,
with the typed lines echoed as a terminal shows them and temporary paths scrubbed
(agentcourse/course/transcripts.py runs them). Options:

    setup=config        add the generated 500-line config_loader.py to the project
    setup=inventory     add the generated inventory package (the long context task)
    setup=rules         add an AGENTS.md of project rules (checkpoint 07 reads it)
    setup=mcp           add the .mcp.json `agentcourse run 10` writes (the course's MCP server)
    tutor=fresh         run against a tutor of its own, whose prompt cache starts empty
    setup=symlink       add link.txt, a symlink to a file outside the project
    env=NAME=VALUE      set an environment variable for the run (a limit, say)
    view=messages       drive run_turn directly, then print the messages array
    view=results        drive run_turn directly, then print each tool result in full
    call='NAME {json}'  call dispatch_tool(NAME, args) directly; no model involved
    show=FILE           print a file of the project after the session
    trace=FILE          render a trace with `agentcourse trace show`, timings zeroed

    python -m agentcourse.course.excerpts            # check every lecture; exit 1 if stale
    python -m agentcourse.course.excerpts --update   # rewrite stale blocks in place
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from agentcourse.course.transcripts import ExcerptError, parse_session, run_session
from agentcourse.errors import CourseError
from agentcourse.paths import REPO_ROOT

LECTURES_DIR = REPO_ROOT / "lectures"
MARKER = re.compile(r"^<!--\s*(excerpt|output):\s*(.+?)\s*-->\s*$")


@dataclass
class Block:
    """One marked fenced block in a lecture."""

    kind: str  # "excerpt" (code from a checkpoint) or "output" (a recorded session)
    spec: str  # the marker's text after "excerpt:" / "output:"
    line: int  # 1-based line of the marker in the lecture, for messages
    start: int  # 0-based index of the first line inside the fence
    end: int  # 0-based index of the closing fence line
    text: str  # what the block holds now (no trailing newline)


# --- reading lectures -----------------------------------------------------------------


def lecture_files() -> list[Path]:
    """Every lecture, in course order."""
    return sorted(p for p in LECTURES_DIR.glob("*.md") if p.name[:1].isdigit())


def find_blocks(text: str, where: str = "lecture") -> list[Block]:
    """Every marked block in a lecture's text."""
    lines = text.split("\n")
    blocks = []
    for i, line in enumerate(lines):
        m = MARKER.match(line.strip())
        if not m:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            raise ExcerptError(f"{where}:{i + 1}: marker not followed by a ``` fence")
        end = next((j for j in range(i + 2, len(lines)) if lines[j].rstrip() == "```"), None)
        if end is None:
            raise ExcerptError(f"{where}:{i + 1}: the fence after this marker never closes")
        body = "\n".join(lines[i + 2 : end])
        blocks.append(Block(m.group(1), m.group(2), i + 1, i + 2, end, body))
    return blocks


# --- code excerpts --------------------------------------------------------------------


def _definitions(tree: ast.Module) -> dict[str, ast.stmt]:
    """Top-level names -> the statement defining them (the last one wins, as in Python)."""
    out: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
    return out


def _span(node: ast.stmt) -> tuple[int, int]:
    """1-based first and last line of a statement, decorators included."""
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return first, node.end_lineno or node.lineno


def code_excerpt(spec: str) -> str:
    """The source text an excerpt spec points at, exactly as in the file."""
    rel, _, selector = spec.partition("::")
    path = REPO_ROOT / rel
    if not path.is_file():
        raise ExcerptError(f"excerpt source not found: {rel}")
    source = path.read_text(encoding="utf-8")
    lines = source.split("\n")
    if not selector:
        return source.rstrip("\n")
    defs = _definitions(ast.parse(source, filename=rel))

    def lookup(name: str) -> tuple[int, int]:
        if name not in defs:
            known = ", ".join(sorted(defs))
            raise ExcerptError(f"{rel} has no top-level {name!r}; it has: {known}")
        return _span(defs[name])

    m = re.fullmatch(r"(\w+)(?::(\d+)-(\d+))?", selector)
    if m:
        first, last = lookup(m.group(1))
        if m.group(2):
            lo, hi = int(m.group(2)), int(m.group(3))
            if not 1 <= lo <= hi <= last - first + 1:
                raise ExcerptError(f"{spec}: lines {lo}-{hi} fall outside {m.group(1)}")
            first, last = first + lo - 1, first + hi - 1
    else:
        m = re.fullmatch(r"(\w+)\.\.(\w+)", selector)
        if not m:
            raise ExcerptError(f"bad selector {selector!r}: use NAME, NAME:A-B or FIRST..LAST")
        first, last = lookup(m.group(1))[0], lookup(m.group(2))[1]
        if last < first:
            raise ExcerptError(f"{spec}: {m.group(2)} comes before {m.group(1)}")
    return "\n".join(lines[first - 1 : last])


# --- checking and updating --------------------------------------------------------------


def expected(block: Block, base_url: str | None = None) -> str:
    """What a block should hold, computed from the checkpoints now."""
    if block.kind == "excerpt":
        return code_excerpt(block.spec)
    return run_session(parse_session(block.spec), base_url)


KINDS = ("excerpt", "output")


def stale_blocks(
    path: Path, base_url: str | None = None, kinds: tuple[str, ...] = KINDS
) -> list[tuple[Block, str]]:
    """(block, expected text) for every block of `path` whose text is out of date."""
    blocks = find_blocks(path.read_text(encoding="utf-8"), path.name)
    out = []
    for block in blocks:
        if block.kind in kinds:
            want = expected(block, base_url)
            if want != block.text:
                out.append((block, want))
    return out


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def update_file(path: Path, base_url: str | None = None, kinds: tuple[str, ...] = KINDS) -> int:
    """Rewrite the stale blocks of one lecture in place; return how many changed."""
    stale = stale_blocks(path, base_url, kinds)
    if not stale:
        return 0
    lines = path.read_text(encoding="utf-8").split("\n")
    for block, want in sorted(stale, key=lambda s: s[0].start, reverse=True):
        lines[block.start : block.end] = want.split("\n") if want else []
    _write_atomically(path, "\n".join(lines))
    return len(stale)


def main(argv: list[str] | None = None) -> int:
    """Check every lecture (or the given ones), or rewrite their stale blocks with --update."""
    parser = argparse.ArgumentParser(
        prog="python -m agentcourse.course.excerpts",
        description="Check (or --update) the lectures' code excerpts and recorded outputs.",
    )
    parser.add_argument("files", nargs="*", type=Path, help="lectures (default: all)")
    parser.add_argument("--update", action="store_true", help="rewrite stale blocks in place")
    parser.add_argument("--only", choices=["excerpt", "output"], help="one kind of block")
    args = parser.parse_args(argv)
    kinds = (args.only,) if args.only else KINDS
    files = args.files or lecture_files()
    from agentcourse.tutor import serve

    stale_total = 0
    try:
        with serve() as url:
            for path in files:
                if args.update:
                    n = update_file(path, url, kinds)
                    if n:
                        print(f"{path.name}: rewrote {n} block(s)")
                else:
                    for block, _ in stale_blocks(path, url, kinds):
                        stale_total += 1
                        print(f"{path.name}:{block.line}: stale {block.kind}: {block.spec}")
    except CourseError as err:
        print(f"excerpts: {err}", file=sys.stderr)
        return err.exit_status
    if stale_total:
        print(f"{stale_total} stale block(s); run: python -m agentcourse.course.excerpts --update")
        return 1
    print("all lecture excerpts and outputs are current")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
