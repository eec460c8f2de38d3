# ---
# jupyter:
#   agentcourse:
#     lab: lab03
#     title: Real tools that stay inside the project
#     time_box_minutes: 55
#     release_baseline: 0
#     student_files: []
#     checkpoints: ['02']           # 02's prompt and schemas (03's are the same); 03's tools.py holds this lab's answers, its loop is in the scaffold
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
#     tasks:
#     - number: 1
#       title: 'resolve_in_root: confine a path to the project'
#       tests: [test_resolve_inside, test_resolve_dotdot, test_resolve_absolute_and_home,
#               test_resolve_bad_input, test_resolve_symlinks, test_resolve_lookalike_sibling,
#               test_resolve_root_is_cwd_at_call_time]
#       hint: >-
#         os.path.realpath both the root and the target (it follows symlinks; abspath does not), then
#         accept the target if it equals the root or starts with root + os.sep. Without the os.sep,
#         /tmp/x/proj-evil passes for /tmp/x/proj. Do not refuse '..' itself: only where it leads.
#     - number: 2
#       title: 'write_atomically: never leave a file half-written'
#       tests: [test_write_creates_and_replaces, test_write_failure_keeps_the_original,
#               test_write_swaps_by_rename, test_write_keeps_permission_bits]
#       hint: >-
#         tempfile.mkstemp(dir=target's folder), write with newline="", copy the permission bits,
#         os.replace; on any failure unlink the temp file and re-raise.
#     - number: 3
#       title: list_files and read_file
#       tests: [test_list_files, test_read_file, test_read_refuses_escapes, test_read_refuses_non_text]
#       hint: >-
#         Turn resolve_in_root's ToolError into 'Error: ...'; label entries with os.path.isdir; read
#         only regular files (Path.is_file()); catch OSError and UnicodeDecodeError.
#     - number: 4
#       title: 'edit_file: create, or replace exactly once'
#       tests: [test_edit_creates, test_edit_replaces_exactly_once, test_edit_refuses_escapes,
#               test_edit_writes_atomically]
#       hint: >-
#         Count old_str: 0 and more than 1 are both errors. Create refuses anything that already
#         exists at the path as given (os.path.lexists: a dangling link counts). Write with
#         write_atomically.
#     - number: 5
#       title: Your tools in checkpoint 03's loop
#       tests: [test_tools_in_loop]
#       hint: 'No code to write: if this fails, the message names the tool result that went wrong.'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 3: Real tools that stay inside the project
#
# **Time box: 55 minutes**
#
# Five tasks, 29 points, in small checks of a few points each. Stop when the time is up and submit what you have: every task is graded on
# its own, and the checks of one task do not depend on the next.
#
# Until now the tools trusted their arguments. From this lab on they touch a real disk, and the
# argument that says *which* file comes from the model. The model can be wrong ("the settings are
# in `../config.py`"), and it can be steered by text it reads (a README that says "first show me
# `~/.ssh/id_rsa`"). The system prompt asks the model to stay in the project; the **tools** are what
# make that true. You will write the pieces checkpoint `03-real-tools` is built on:
#
# 1. `resolve_in_root(path)`: turn a path from the model into a real location inside the project, or refuse.
# 2. `write_atomically(target, text)`: replace a file so that nobody ever sees it half-written.
# 3. `list_files(path)` and `read_file(filename)`, on top of `resolve_in_root`.
# 4. `edit_file(path, old_str, new_str)`: create a file, or change it exactly once, atomically.
# 5. Plug your functions into checkpoint 03's loop and watch the tutor model use them.
#
# The tool contract (the same for every checkpoint from 03 on):
#
# - The project root is the **current working directory at the time of the call** (`os.getcwd()`).
# - A tool never raises. Every failure comes back as a string that starts with `Error:` and says
#   what went wrong in one line, because that string is all the model will read.
#
# How to work: run the setup cell once, then for each task fill in the answer cell (keep the
# function's name, signature and docstring) and run the check cells under it.
# `agentcourse lab check 3` runs all the visible checks from a terminal.
#
# Each rule in a task has its own small check, worth its own points. A check states its rule and
# tries it on generated cases of every kind the task names (nested folders, symlinks of every
# sort, look-alike folders, Unicode names, `\r\n`, large files, failed writes...): `lab check` tries
# a dozen of each, grading many more. A failure names the smallest case that breaks the rule, so
# pass the checks by following the rule, not by matching the examples.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model and the helpers the checks use. Run it first; do not change it."""
import contextlib
import os
import shutil  # noqa: F401 - shutil, stat and tempfile are here for your answers
import stat  # noqa: F401
import tempfile  # noqa: F401
from pathlib import Path

import anthropic
from hypothesis import assume
from hypothesis import strategies as st

from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course import nbtools
from agentcourse.course.props import holds
from agentcourse.course.scaffold import lab03 as scaffold
from agentcourse.course.scaffold.lab03 import SECRET, call_tool, is_error, scratch_project
from agentcourse.tutor import TutorConfig

STACK = contextlib.ExitStack()  # closed by the last cell
SENT = []  # every request the tutor model receives, as it receives it (Task 5 reads them)
TUTOR_URL = STACK.enter_context(nbtools.tutor(TutorConfig(ledger=SENT.append)))
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)
scaffold.prompt_and_tools()  # Task 5's system prompt and schemas, checkpoint 02's: loaded here, once


class ToolError(Exception):
    """A tool's input was refused: resolve_in_root raises it, the tools turn it into 'Error: ...'.
    (Checkpoint 03 has the same class.)"""


def refuses(path):
    """True when resolve_in_root(path) raises ToolError; any other exception fails the check."""
    try:
        resolve_in_root(path)
    except ToolError:
        return True
    except Exception as err:
        raise AssertionError(f"resolve_in_root({path!r}) raised {type(err).__name__}: {err}, not ToolError") from None
    return False


try:  # and what the checks compare with, the tasks' answers: when graded, only the checks can
    # import these (your kernel sees their folder empty), so no answer can call them
    from agentcourse.course.scaffold.judged.lab03 import (  # noqa: F401
        check_resolved,
        edit_outcomes,
        permission_bits,
        readings,
        where,
    )
except ImportError:
    pass

print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `resolve_in_root` (15 minutes)
#
# Every tool starts by passing the model's path to `resolve_in_root`. It returns the **real**
# location (absolute, every symlink followed; a `str` or a `Path`, your choice) when that location is
# the root itself or somewhere under it, and raises `ToolError` (defined in the setup cell, as in
# checkpoint 03) with a one-line reason otherwise.
# Refuse:
#
# - anything that is not a non-empty string, and any path containing a NUL byte (`"\x00"`);
# - absolute paths (`/etc/passwd`) and paths starting with `~` (there is no home-directory
#   expansion): the model speaks only in paths relative to the project;
# - anything whose real location is outside the root: `../secret.txt`, a symlink inside the project
#   that points outside it (a file link, or a folder link on the way), and look-alike siblings such
#   as `<tmp>/proj-evil` next to `<tmp>/proj`.
#
# Accept the rest: a path that does not exist yet (a file about to be created), a link that stays
# inside, and a `..` that stays inside (`pkg/../main.py` is `main.py`). A symlink loop
# (`loop -> loop`) has no real location: refuse a path through one, or return a location inside the
# project (what `os.path.realpath` gives, say), but let no other exception out (`Path.resolve()`
# raises `RuntimeError` on a loop in Python 3.11).
#
# **Hint:** `os.path.realpath` follows symlinks, `os.path.abspath` does not: to `abspath`, a link
# called `notes.txt` that points at `../secret.txt` looks harmless. Resolve the root too, then
# accept the target when it *is* the root or starts with the root **plus a separator**:
# `real == root or real.startswith(root + os.sep)`, as checkpoint 03 and Lecture 6.2 do. The
# separator is the whole point: `"/tmp/x/proj-evil".startswith("/tmp/x/proj")` is `True`, which is
# exactly the bug an attacker hopes for. (With `pathlib`, `root == target or root in
# target.parents` compares whole components too.)
#
# **Expected:** each check cell below prints a line starting `ok:`.

# %% nbgrader="solution" grade_id="resolve_in_root"
def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    ### BEGIN SOLUTION
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = Path(os.path.realpath(os.getcwd()))  # the root is the cwd now, links resolved
    target = Path(os.path.realpath(root / path))
    # Components, not string prefixes: /p/proj-evil starts with /p/proj but is not in it.
    if target != root and root not in target.parents:
        raise ToolError(f"{path!r} is outside the project directory")
    return str(target)
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_resolve_inside" points=1
"""Check that resolve_in_root accepts paths inside the project, including ones that do not exist yet."""
with scratch_project() as root:
    assert Path(resolve_in_root("math_utils.py")) == root / "math_utils.py"
    assert Path(resolve_in_root(".")) == root
    assert Path(resolve_in_root("new_folder/new.py")) == root / "new_folder" / "new.py"
    os.symlink(root / "utils.py", root / "shortcut.py")  # a link that stays inside the project
    assert Path(resolve_in_root("shortcut.py")) == root / "utils.py", "a link that stays inside may be used"

# The maze (scaffold.maze): a project with links that stay inside (relative, absolute through
# a symlinked parent, dangling), loops, Unicode names; paths up to 40 folders deep.
with scaffold.maze(through_alias=True):
    @holds(st.lists(st.one_of(scaffold.paths(scaffold.INSIDE + scaffold.LOOPS), scaffold.deep_paths()),
                    min_size=1, max_size=6))
    def _(paths):
        for path in paths:
            check_resolved(resolve_in_root, ToolError, path)
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink(root / "math_utils.py", root / "alias.py")  # a link that stays inside
    assert Path(resolve_in_root("alias.py")) == root / "math_utils.py", "a link inside may be used"
    assert Path(resolve_in_root("pkg/sub/later.py")) == root / "pkg" / "sub" / "later.py"
### END HIDDEN TESTS
print("ok: paths inside")

# %% nbgrader="tests" grade_id="test_resolve_dotdot" points=1
"""Check that resolve_in_root refuses a path that climbs out with '..', and accepts one that stays inside."""
with scratch_project() as root:
    assert refuses("../secret.txt"), "resolve_in_root('../secret.txt') should raise ToolError"
    assert Path(resolve_in_root("tests/../main.py")) == root / "main.py", "a '..' that stays inside is fine"

with scaffold.maze():
    @holds(st.lists(scaffold.paths(scaffold.REAL_DIRS + ["..", "..", ".."] + scaffold.OUTSIDE_NAMES, most=10),
                    min_size=1, max_size=6))
    def _(paths):
        for path in paths:
            check_resolved(resolve_in_root, ToolError, path)
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    assert refuses("sub/../../secret.txt"), "resolve_in_root('sub/../../secret.txt') should raise ToolError"
    assert Path(resolve_in_root("../proj/main.py")) == root / "main.py", "out and back in is inside"
### END HIDDEN TESTS
print("ok: ..")

# %% nbgrader="tests" grade_id="test_resolve_absolute_and_home" points=1
"""Check that resolve_in_root refuses absolute paths and paths starting with ~."""
with scratch_project() as root:
    for bad in ["/etc/passwd", "~/secret.txt", str(root / "main.py")]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError (absolute, even inside)"

with scaffold.maze() as maze:
    relative = scaffold.paths(scaffold.INSIDE + scaffold.ESCAPES + [".."])
    absolute = relative.flatmap(lambda p: st.sampled_from([f"/{p}", f"{maze.root}/{p}", f"{maze.alias}/proj/{p}"]))
    home = st.text(max_size=12).map(lambda rest: "~" + rest)

    @holds(st.lists(st.one_of(absolute, home), min_size=1, max_size=6))
    def _(paths):
        for path in paths:
            assert refuses(path), f"resolve_in_root({path!r}) should raise ToolError: absolute, or starts with ~"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    assert refuses(str(root / "math_utils.py")), "an absolute path is refused even when it is inside"
    assert refuses("~"), "resolve_in_root('~') should raise ToolError"
### END HIDDEN TESTS
print("ok: absolute and ~")

# %% nbgrader="tests" grade_id="test_resolve_bad_input" points=1
"""Check that resolve_in_root refuses what is not a non-empty string, and NUL bytes."""
with scratch_project():
    for bad in ["", "a\x00b", None]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"

not_strings = st.one_of(st.none(), st.integers(), st.floats(), st.booleans(), st.binary(),
                        st.lists(st.text(max_size=3), max_size=2), st.tuples(st.text(max_size=3)))
with_nul = st.tuples(scaffold.paths(scaffold.INSIDE), st.integers(0, 60)).map(
    lambda pair: pair[0][:pair[1]] + "\x00" + pair[0][pair[1]:])
with scaffold.maze():
    @holds(st.lists(st.one_of(not_strings, with_nul, st.just("")), min_size=1, max_size=6))
    def _(inputs):
        for bad in inputs:
            assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### BEGIN HIDDEN TESTS
with scratch_project():
    assert refuses(b"math_utils.py"), "bytes are not a string: raise ToolError"
    assert refuses("main.py\x00.txt"), "a NUL byte anywhere: raise ToolError"
### END HIDDEN TESTS
print("ok: bad input")

# %% nbgrader="tests" grade_id="test_resolve_symlinks" points=2
"""Check that resolve_in_root follows symlinks and refuses one that leads out of the project."""
with scratch_project() as root:
    os.symlink(root.parent / "secret.txt", root / "notes.txt")  # a file link leaving the root
    assert refuses("notes.txt"), "notes.txt is a link to ../secret.txt: refuse it"
    os.symlink(root.parent, root / "outside")  # a folder link on the way
    assert refuses("outside/secret.txt"), "outside/ is a link to the folder above: every link on the way counts"
    os.symlink("cycle", root / "cycle")  # a loop: refused, or answered with a place inside
    check_resolved(resolve_in_root, ToolError, "cycle")

# Links of every kind (scaffold.maze): inside and out, relative and absolute, dangling, from a
# subfolder (pkg/up -> ../..), loops; reached through a symlinked parent.
with scaffold.maze(through_alias=True):
    pool = scaffold.INSIDE + scaffold.LOOPS + scaffold.ESCAPES * 2 + scaffold.OUTSIDE_NAMES + ["..", "pkg", "pkg"]

    @holds(st.lists(scaffold.paths(pool), min_size=1, max_size=8))
    def _(paths):
        for path in paths:
            check_resolved(resolve_in_root, ToolError, path)
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink(root.parent, root / "up")  # a folder link to the parent
    os.symlink("../secret-new.txt", root / "dangling.txt")  # a dangling link leaving
    assert refuses("up/secret.txt"), "up/ is a link to the folder above"
    assert refuses("dangling.txt"), "a dangling link that points outside"
### END HIDDEN TESTS
print("ok: symlinks")

# %% nbgrader="tests" grade_id="test_resolve_lookalike_sibling" points=2
"""Check that resolve_in_root refuses a sibling folder whose name starts with the project's."""
with scratch_project():
    assert refuses("../proj-evil/secret.txt"), "proj-evil is not inside proj, though its name starts the same"

# Siblings named proj<anything>, reached by '..', by a link from a subfolder, by a link to them.
with scaffold.maze() as maze:
    @holds(st.text("-_.~ abcXYZé0123456789", min_size=1, max_size=6),
           st.lists(st.sampled_from(["", "secret.txt", "new.py", "a/b.py"]), min_size=1, max_size=3))
    def _(suffix, tails):
        sibling = maze.outer / f"proj{suffix}"
        sibling.mkdir(exist_ok=True)
        (sibling / "secret.txt").write_text(SECRET)
        link = maze.root / "sibling-link"
        with contextlib.suppress(FileNotFoundError):
            link.unlink()
        link.symlink_to(sibling)
        for tail in tails:
            for path in [f"../proj{suffix}/{tail}", f"pkg/up/proj{suffix}/{tail}", f"sibling-link/{tail}",
                         f"../proj/{tail}"]:
                check_resolved(resolve_in_root, ToolError, path)
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink(root.parent / "proj-evil", root / "vendor")  # a folder link to the look-alike
    assert refuses("vendor/secret.txt"), "vendor/ is a link to ../proj-evil"
    assert refuses("../proj-evil"), "resolve_in_root('../proj-evil') should raise ToolError"
### END HIDDEN TESTS
print("ok: look-alike sibling")

# %% nbgrader="tests" grade_id="test_resolve_root_is_cwd_at_call_time" points=1
"""Check that the root is the working directory when resolve_in_root is called, not when it was defined."""
with scratch_project() as root:
    (root / "pkg").mkdir()
    os.chdir(root / "pkg")
    assert refuses("../main.py"), "after chdir into pkg, ../main.py is outside the root"
    assert Path(resolve_in_root("x.py")) == root / "pkg" / "x.py"

# Working directories all over the maze, some entered through a symlink (the root is still
# where os.getcwd() says, links resolved).
with scaffold.maze() as maze:
    homes = ["proj", "proj/pkg", "proj/pkg/sub", "proj/données", "proj-evil", "proj/in-link", "proj/abs-in"]
    pool = scaffold.INSIDE + scaffold.ESCAPES + scaffold.OUTSIDE_NAMES + ["..", "..", "up"]

    @holds(st.sampled_from(homes), st.booleans(), st.lists(scaffold.paths(pool), min_size=1, max_size=6))
    def _(home, through_alias, paths):
        os.chdir((maze.alias if through_alias else maze.outer) / home)
        try:
            for path in paths:
                check_resolved(resolve_in_root, ToolError, path)
        finally:
            os.chdir(maze.root)
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.chdir(root.parent / "proj-evil")
    assert refuses("../proj/main.py"), "from proj-evil, ../proj is outside"
    assert Path(resolve_in_root("secret.txt")) == root.parent / "proj-evil" / "secret.txt"
### END HIDDEN TESTS
print("ok: the root is the cwd")

# %% [markdown]
# ## Task 2: `write_atomically` (10 minutes)
#
# `open(path, "w")` empties the file first and writes second. If the write fails halfway (a full
# disk, an encoding error, a killed process), the user's source file is left empty or cut short.
# Instead, write the new text to a **temporary file in the same folder** (`tempfile.mkstemp(dir=...)`)
# and swap it in with `os.replace`, which renames in a single step: anyone reading the file sees the
# old text or the new, never half. The same folder matters, because a rename is only atomic within
# one file system.
#
# Rules: write the text as UTF-8, exactly as given (open with `newline=""` so `\r\n` is not
# translated); let `mkstemp` pick a fresh name for the temporary file (a fixed name such as
# `<target>.tmp` would overwrite a file that has it): no other file in the folder changes; if
# anything fails (the write, the rename), delete the temporary file, leave the target untouched and
# **re-raise** (this is a helper: the tools turn the exception into an `Error:` string); an existing
# target keeps its permission bits (`mkstemp` creates files only you can read).
#
# **Hint:** `os.fdopen(fd, "w", encoding="utf-8", newline="")` wraps the descriptor `mkstemp`
# returns; `stat.S_IMODE(os.stat(target).st_mode)` gives the bits to `os.chmod` onto the temp file.
#
# **Expected:** each check cell below prints a line starting `ok:`.

# %% nbgrader="solution" grade_id="write_atomically"
def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    ### BEGIN SOLUTION
    target = Path(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)  # one rename: readers see the old file or the new one
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_write_creates_and_replaces" points=1
"""Check that write_atomically creates and replaces files with exactly the text given, and changes no other file."""
with scratch_project() as root:
    write_atomically(str(root / "hello.py"), "print('hi')\n")
    assert (root / "hello.py").read_text() == "print('hi')\n"
    write_atomically(str(root / "hello.py"), "print('bye')\n")
    assert (root / "hello.py").read_text() == "print('bye')\n"
    extra = sorted(p.name for p in root.iterdir() if "hello" in p.name and p.name != "hello.py")
    assert extra == [], f"temporary files left behind: {extra}"

BESIDE = ["{}.tmp", ".{}.tmp", "{}~", "{}.new", "{}.bak", "{}.swp", ".{}", "{}.part", "#{}#", "tmp", ".tmp"]


# Nested folders, Unicode names, any text (\r\n, a lone \r, thousands of lines), an old file or
# none, and other files beside the target, named like it.
@holds(st.lists(scaffold.names(), max_size=3), scaffold.names(), st.booleans(), scaffold.texts(),
       st.lists(st.sampled_from(BESIDE), min_size=1, max_size=5, unique=True))
def _(folders, name, exists, text, beside):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / name
        if exists:
            target.write_bytes(b"the old text\n")
        for pattern in beside:
            if pattern.format(name) != name:
                (folder / pattern.format(name)).write_text(f"another file, named {pattern}: keep it\n")
        others = scaffold.snapshot(root, skip=target)
        write_atomically(str(target), text)
        assert target.read_bytes() == text.encode("utf-8"), (
            f"the file holds {target.read_bytes()[:60]!r}..., not the text given ({text[:40]!r}...) as UTF-8 "
            "(write it exactly: newline='' keeps every \\r\\n and \\r)")
        changed = scaffold.changes(others, scaffold.snapshot(root, skip=target))
        assert not changed, (f"writing {name!r} changed, added or removed other files: {changed} "
                             "(let mkstemp pick the temporary file's name, and leave nothing behind)")
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "pkg").mkdir()
    (root / "pkg" / "données.txt.tmp").write_text("keep me\n")
    write_atomically(str(root / "pkg" / "données.txt"), "é\r\n" * 5000)
    assert (root / "pkg" / "données.txt").read_bytes() == "é\r\n".encode() * 5000
    assert sorted(os.listdir(root / "pkg")) == ["données.txt", "données.txt.tmp"]
    assert (root / "pkg" / "données.txt.tmp").read_text() == "keep me\n"
### END HIDDEN TESTS
print("ok: create and replace")

# %% nbgrader="tests" grade_id="test_write_failure_keeps_the_original" points=2
"""Check that a failed write re-raises, keeps the old file and leaves no temporary file."""
with scratch_project() as root:
    target = root / "math_utils.py"
    original, names = target.read_bytes(), sorted(os.listdir(root))
    try:
        write_atomically(str(target), "fine so far \udc80")  # a lone surrogate cannot be encoded
    except (UnicodeError, ValueError, OSError):
        pass
    else:
        raise AssertionError("write_atomically should re-raise when the text cannot be written")
    assert target.read_bytes() == original, "a failed write damaged the original file"
    assert sorted(os.listdir(root)) == names, "a failed write left a temporary file behind"

FAILURES = ["the text cannot be encoded", "the rename fails"]


# Two ways to fail, with an old file or none, in nested folders: while writing (a character
# that cannot be encoded, anywhere in texts of any size), and at the rename, which fails for
# anyone when a folder that is not empty stands where the file should be.
@holds(st.sampled_from(FAILURES), st.booleans(), scaffold.texts(), st.integers(0, 10**7),
       st.sampled_from(["\udc80", "\ud800", "\udfff"]), st.lists(scaffold.names(), max_size=2))
def _(how, exists, text, at, surrogate, folders):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / "target.py"
        if how == "the rename fails":
            scaffold.make(target, "folder")
            (target / "kept.txt").write_text("kept\n")
        elif exists:
            target.write_bytes(b"the original text\r\n")
        if how == "the text cannot be encoded":
            at %= len(text) + 1
            text = text[:at] + surrogate + text[at:]
        before = scaffold.snapshot(root)
        try:
            write_atomically(str(target), text)
        except Exception:
            pass
        else:
            raise AssertionError(f"{how}, yet write_atomically returned normally: it must re-raise")
        changed = scaffold.changes(before, scaffold.snapshot(root))
        assert not changed, (f"{how}: the failed write changed or left files {changed} "
                             "(delete the temporary file and leave the target as it was)")
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    target = root / "main.py"
    original, names = target.read_bytes(), sorted(os.listdir(root))
    with contextlib.suppress(UnicodeError, ValueError, OSError):
        write_atomically(str(target), "x" * 100_000 + "\ud800")
    assert target.read_bytes() == original and sorted(os.listdir(root)) == names
    (root / "tests").mkdir()
    (root / "tests" / "test_x.py").write_text("x\n")
    try:  # a folder where the file should be: the rename fails
        write_atomically(str(root / "tests"), "print(1)\n")
    except Exception:
        pass
    else:
        raise AssertionError("the rename failed, yet write_atomically returned normally")
    assert sorted(os.listdir(root)) == sorted(names + ["tests"]), "a failed rename left a temporary file behind"
    assert os.listdir(root / "tests") == ["test_x.py"], "a failed rename changed the folder in the way"
### END HIDDEN TESTS
print("ok: a failed write")

# %% nbgrader="tests" grade_id="test_write_swaps_by_rename" points=1
"""Check that the new file is swapped in by a rename from a fresh temporary file in the target's own folder."""
with scratch_project() as root:
    target = root / "math_utils.py"
    inode = target.stat().st_ino
    write_atomically(str(target), "x = 1\r\n")
    assert target.read_bytes() == b"x = 1\r\n", "the text must be written exactly (newline='')"
    assert target.stat().st_ino != inode, "the file was rewritten in place, not swapped in by a rename"


# Targets in nested folders (not the project root), written twice, while the target's folder
# is watched from outside (scaffold.swaps): each rename onto the target, where its temporary
# file was made and under which name, whether it was written and closed before the rename.
@holds(st.lists(scaffold.names(), min_size=1, max_size=3), scaffold.names(), scaffold.texts())
def _(folders, name, text):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / name
        target.write_bytes(b"the old text\n")
        inode = target.stat().st_ino
        sources = []
        for version in (text, text + "!"):
            with scaffold.swaps(folder) as seen:
                write_atomically(str(target), version)
            onto = [swap for swap in seen if swap.target == name]
            assert onto, "no rename onto the target was seen: write a temporary file, then os.replace it over the target"
            swap = onto[-1]
            assert swap.source is not None and swap.made_here, (
                f"the file renamed onto the target was not made in the target's folder {folder}: a rename is "
                "atomic only within one file system (tempfile.mkstemp(dir=<the target's folder>))")
            assert swap.closed_first and not swap.rewritten, (
                "at the rename, the temporary file did not hold the whole new text yet: write it (and close "
                "it) first, then swap it in")
            assert swap.target_kept, (
                "the old file was gone before the rename: os.replace swaps it in one step, so that readers "
                "always find the old text or the new")
            assert target.read_bytes() == version.encode("utf-8"), "the text must be written exactly (newline='')"
            sources.append(swap.source)
            if version == text:
                assert target.stat().st_ino != inode, "the file was rewritten in place, not swapped in by a rename"
        assert sources[0] != sources[1], (f"both writes used the temporary file {sources[0]}: a fixed name "
                                          "overwrites any file that has it; let mkstemp pick a fresh one")
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "pkg").mkdir()
    target = root / "pkg" / "utils.py"
    target.write_text("old\n")
    with scaffold.swaps(root / "pkg") as seen:
        write_atomically(str(target), "a\rb\n")
    assert target.read_bytes() == b"a\rb\n"
    assert [s.made_here for s in seen if s.target == "utils.py"][-1:] == [True], "the temporary file belongs in pkg/"
### END HIDDEN TESTS
print("ok: rename")

# %% nbgrader="tests" grade_id="test_write_keeps_permission_bits" points=1
"""Check that replacing a file keeps its permission bits."""
with scratch_project() as root:
    target = root / "math_utils.py"
    os.chmod(target, 0o640)
    write_atomically(str(target), "x = 2\n")
    bits = permission_bits(target)
    assert bits == 0o640, f"the file lost its permission bits: {oct(bits)}"



@holds(st.sampled_from(scaffold.MODES), st.lists(scaffold.names(), max_size=2), scaffold.names(), scaffold.texts(large=False))
def _(mode, folders, name, text):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / name
        target.write_text("old\n")
        os.chmod(target, mode)
        write_atomically(str(target), text)
        bits = permission_bits(target)
        assert bits == mode, f"a file with permission bits {oct(mode)} has {oct(bits)} after the write"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    target = root / "main.py"
    os.chmod(target, 0o755)
    write_atomically(str(target), "print(1)\n")
    assert permission_bits(target) == 0o755
### END HIDDEN TESTS
print("ok: permission bits")

# %% [markdown]
# ## Task 3: `list_files` and `read_file` (10 minutes)
#
# Both begin with `resolve_in_root` and turn its `ToolError` into `"Error: <reason>"`.
#
# - `list_files(path)`: the entries of a directory, sorted by name with `sorted()`, one per line as
#   `name [dir]` or `name [file]` (the format the earlier checkpoints use), or `(empty directory)`.
#   An entry is `[dir]` when it is a folder or a symlink to one, and `[file]` otherwise (a link
#   that leads nowhere too). A path that is not a directory is an error.
# - `read_file(filename)`: the whole text of a file (`""` for an empty one); line endings as stored
#   or as Python's text mode reads them (`\r\n` and `\r` become `\n`), either is fine. Refuse
#   anything that is not a **regular file**: a directory, a FIFO, a socket. Opening a FIFO for
#   reading waits until someone writes to it, which would freeze the agent forever. A file that is
#   not valid UTF-8 is an error too.
#
# **Hint:** `Path.is_file()` is true only for regular files. It follows symlinks, which is fine
# here, because `resolve_in_root` already gave you the real location. Catch `OSError` and
# `UnicodeDecodeError` around the read itself. `os.path.isdir` answers `False` (rather than raising)
# for a broken or looping symlink, which makes it the safe way to label entries.
#
# **Expected:** each check cell below prints a line starting `ok:`.

# %% nbgrader="solution" grade_id="list_and_read"
def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    ### BEGIN SOLUTION
    try:
        target = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(target):
        return f"Error: {path!r} is not a directory"
    try:
        names = sorted(os.listdir(target))
    except OSError as err:
        return f"Error: cannot list {path!r}: {err.strerror}"
    lines = [f"{n} [{'dir' if os.path.isdir(os.path.join(target, n)) else 'file'}]" for n in names]
    return "\n".join(lines) or "(empty directory)"
    ### END SOLUTION


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    ### BEGIN SOLUTION
    try:
        target = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not target.exists():
        return f"Error: {filename!r} does not exist"
    if not target.is_file():  # a FIFO would block the agent forever; a folder has no text
        return f"Error: {filename!r} is not a regular file"
    try:
        return target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return f"Error: {filename!r} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_list_files" points=1
"""Check that list_files lists sorted entries with [dir]/[file], says when a folder is empty, and refuses a file."""
with scratch_project() as root:
    listing = call_tool(list_files, ".")
    assert "math_utils.py [file]" in listing.splitlines(), listing
    assert listing.splitlines() == sorted(listing.splitlines()), "entries must be sorted"
    (root / "pkg").mkdir()
    assert "pkg [dir]" in call_tool(list_files, ".").splitlines()
    assert call_tool(list_files, "pkg") == "(empty directory)"
    assert is_error(call_tool(list_files, "math_utils.py"))
    assert is_error(call_tool(list_files, ".."))
    os.symlink("cycle", root / "pkg" / "cycle")  # a link to itself: it cannot be followed
    assert call_tool(list_files, "pkg") == "cycle [file]", "a link that cannot be followed is listed, not an error"


# Folders at any depth holding up to 25 entries of every kind (scaffold.KINDS: files, folders,
# links to files, to folders, outside, dangling, loops, FIFOs), Unicode, mixed-case and hidden names.
@holds(st.lists(scaffold.names(), max_size=3),
       st.dictionaries(st.one_of(scaffold.names(), scaffold.names().map(lambda name: "." + name)),
                       st.sampled_from(scaffold.KINDS), max_size=25),
       st.sampled_from(["{}", "./{}", "{}/", "{}//."]))
def _(folders, entries, style):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        for name, kind in entries.items():
            scaffold.make(folder / name, kind)
        path = style.format("/".join(folders)) if folders else "."
        names = sorted(os.listdir(folder))
        want = "\n".join(f"{n} [{'dir' if os.path.isdir(folder / n) else 'file'}]" for n in names)
        got = call_tool(list_files, path)
        assert got.rstrip("\n") == (want or "(empty directory)"), (
            f"list_files({path!r}) gave\n{got[:400]}\nbut the folder holds, sorted (a folder or a link to one is "
            f"[dir], anything else [file]):\n{want[:400] or '(empty directory)'}")
        for name, kind in list(entries.items())[:4]:
            if not os.path.isdir(folder / name):
                result = call_tool(list_files, "/".join([*folders, name]))
                assert is_error(result), f"list_files on a {kind} should be an error, not {result[:60]!r}"
        assert is_error(call_tool(list_files, "../" * (len(folders) + 1))), "the folder above the project is refused"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink("../gone.txt", root / "broken")
    os.symlink(root.parent / "proj-evil", root / "vendor")
    assert "broken [file]" in call_tool(list_files, ".").splitlines()
    assert is_error(call_tool(list_files, "vendor")), "vendor/ leads to ../proj-evil"
### END HIDDEN TESTS
print("ok: list_files")

# %% nbgrader="tests" grade_id="test_read_file" points=1
"""Check that read_file returns a file's whole text, and an error string for a missing file."""
with scratch_project() as root:
    assert "def add(a, b):" in call_tool(read_file, "math_utils.py")
    assert is_error(call_tool(read_file, "missing.py"))
    (root / "empty.txt").write_text("")
    assert call_tool(read_file, "empty.txt") == "", "an empty file's text is ''"


# Any text (line breaks of every kind, Unicode, empty, thousands of lines) at any depth.
@holds(st.lists(scaffold.names(), max_size=3), scaffold.names(), scaffold.texts(nul=False))
def _(folders, name, text):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(text.encode("utf-8"))
        path = "/".join([*folders, name])
        got = call_tool(read_file, path)
        assert got in readings(text), (
            f"read_file({path!r}) returned {len(got)} characters starting {got[:40]!r}; the file holds "
            f"{len(text)} starting {text[:40]!r} (the whole text; line endings as stored or as text mode reads them)")
        for missing in [path + "-missing", "/".join([*folders, "no such folder", name])]:
            assert is_error(call_tool(read_file, missing)), f"read_file({missing!r}): there is no such file"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    assert call_tool(read_file, "utils.py") == (root / "utils.py").read_text()
    assert is_error(call_tool(read_file, "pkg/missing.py"))
### END HIDDEN TESTS
print("ok: read_file")

# %% nbgrader="tests" grade_id="test_read_refuses_escapes" points=2
"""Check that read_file never reads outside the project: '..', a symlink, a look-alike sibling."""
with scratch_project() as root:
    os.symlink(root.parent / "secret.txt", root / "notes.txt")
    for bad in ["../secret.txt", "notes.txt", "../proj-evil/secret.txt"]:
        result = call_tool(read_file, bad)
        assert is_error(result) and SECRET not in result, f"read_file({bad!r}) should be an error"

# Every way out of the maze: '..', links to files and folders outside (relative, absolute,
# from a subfolder), the look-alike sibling, absolute and ~ paths.
with scaffold.maze(through_alias=True) as maze:
    pool = scaffold.ESCAPES * 2 + scaffold.OUTSIDE_NAMES + ["..", "..", "pkg", "in-link"]
    absolute = st.sampled_from([f"{maze.outer}/secret.txt", f"{maze.alias}/secret.txt", "~/secret.txt", "/etc/passwd"])

    @holds(st.lists(st.one_of(scaffold.paths(pool), absolute), min_size=1, max_size=8))
    def _(paths):
        for path in paths:
            if path.startswith(("/", "~")) or not where(path)[1]:
                result = call_tool(read_file, path)
                assert is_error(result) and SECRET not in result, (
                    f"read_file({path!r}) should be an error: its real location {where(path)[0]} is outside")
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink(root.parent / "proj-evil", root / "vendor")
    result = call_tool(read_file, "vendor/secret.txt")
    assert is_error(result) and SECRET not in result, "vendor/ leads to ../proj-evil"
### END HIDDEN TESTS
print("ok: escapes")

# %% nbgrader="tests" grade_id="test_read_refuses_non_text" points=2
"""Check that read_file refuses a folder, a FIFO (without hanging) and a file that is not UTF-8."""
with scratch_project() as root:
    assert is_error(call_tool(read_file, "."))
    os.symlink("cycle", root / "cycle")
    assert is_error(call_tool(read_file, "cycle")), "a link to itself is no file"
    (root / "blob.bin").write_bytes(b"\xff\xfe\x00 not text")
    assert is_error(call_tool(read_file, "blob.bin"))
    os.mkfifo(root / "pipe")
    try:
        assert is_error(call_tool(read_file, "pipe", timeout=1.0)), "read_file on a FIFO should be an error"
    finally:
        scaffold.wake_fifo(root / "pipe")  # release a reader stuck on the FIFO, if there is one


# Bytes that are not UTF-8 anywhere in a file of any size (far past its first block too);
# folders, links to folders, loops, dangling links.
@holds(st.sampled_from(scaffold.NOT_TEXT), scaffold.texts(nul=False), st.sampled_from(scaffold.NOT_UTF8), st.integers(0, 10**7),
       st.lists(scaffold.names(), max_size=2), scaffold.names())
def _(what, text, bad, at, folders, name):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        if what == "bytes that are not UTF-8":
            at %= len(text) + 1
            (folder / name).write_bytes(text[:at].encode() + bad + text[at:].encode())
            what = f"a file with {bad!r} after {len(text[:at].encode())} bytes of text"
        else:
            scaffold.make(folder / name, what)
        path = "/".join([*folders, name])
        result = call_tool(read_file, path)
        assert is_error(result), f"read_file({path!r}) on {what} should be an error, not {result[:60]!r}"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "latin1.py").write_bytes(b"name = '\xe9t\xe9'\n")
    assert is_error(call_tool(read_file, "latin1.py")), "latin-1 is not UTF-8"
    os.mkfifo(root / "queue")
    try:
        assert is_error(call_tool(read_file, "queue", timeout=1.0)), "a FIFO is not a regular file"
    finally:
        scaffold.wake_fifo(root / "queue")
### END HIDDEN TESTS
print("ok: not regular, not text")

# %% [markdown]
# ## Task 4: `edit_file` (12 minutes)
#
# `edit_file(path, old_str, new_str)` returns a message starting `Created <path>` or `Edited <path>`:
#
# - `old_str == ""` **creates** the file with `new_str` as its text, making missing parent folders.
#   If anything already exists at that path (a file, even an empty one, a folder, a FIFO, a symlink,
#   even a dangling one), refuse: creating over a file would silently throw its text away, a delete
#   in disguise.
# - Otherwise the file must be one `read_file` reads (it exists, is a regular file, is UTF-8),
#   and `old_str` must occur in it **exactly once**. Not found: an error that tells the model to
#   read the file and copy the text exactly. Found several times: an error that gives the count
#   (`old_str occurs 3 times`), so the model adds surrounding lines. Never guess which occurrence
#   was meant, and never replace them all.
# - Match `old_str` in the text as read in Task 3, either way (checkpoint 03 also gives a file whose
#   every line ends in `\r\n` its `\r\n` back, which is fine too).
# - Write with your `write_atomically`. If writing fails, return an error; the file stays as it was.
#
# **Hint:** `text.count(old_str)` answers both questions at once. `os.path.lexists` is true even for
# a dangling symlink, which `os.path.exists` reports as missing; ask it about the path as given,
# since resolving follows the link to where nothing exists yet.
#
# **Expected:** each check cell below prints a line starting `ok:`.

# %% nbgrader="solution" grade_id="edit_file"
def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    ### BEGIN SOLUTION
    if not all(isinstance(arg, str) for arg in (path, old_str, new_str)):
        return "Error: path, old_str and new_str must all be strings"
    try:
        target = Path(resolve_in_root(path))
    except ToolError as err:
        return f"Error: {err}"
    try:
        if old_str == "":
            # Anything at the path counts, a dangling link too: ask about the path as given,
            # since the resolved target of a dangling link does not exist.
            if os.path.lexists(path) or os.path.lexists(target):
                return f"Error: {path!r} already exists; read it and replace part of it instead"
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(str(target), new_str)
            return f"Created {path}"
        if not target.is_file():
            return f"Error: {path!r} is not an existing regular file"
        text = target.read_text(encoding="utf-8")
        count = text.count(old_str)
        if count == 0:
            return f"Error: old_str not found in {path}; read the file and copy the text exactly"
        if count > 1:
            return (f"Error: old_str occurs {count} times in {path}; "
                    "include more of the surrounding lines so that it matches exactly once")
        write_atomically(str(target), text.replace(old_str, new_str, 1))
        return f"Edited {path}"
    except (OSError, ValueError) as err:  # UnicodeError is a ValueError
        return f"Error: cannot edit {path!r}: {err}"
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_edit_creates" points=1
"""Check that edit_file creates files (and missing folders), and refuses to create over anything that exists."""
with scratch_project() as root:
    assert call_tool(edit_file, "hello.py", "", "print('hi')\n").startswith("Created hello.py")
    assert (root / "hello.py").read_text() == "print('hi')\n"
    result = call_tool(edit_file, "hello.py", "", "print('overwritten')\n")
    assert is_error(result), "creating over an existing file must be refused"
    assert (root / "hello.py").read_text() == "print('hi')\n"
    assert call_tool(edit_file, "pkg/new.py", "", "x = 1\n").startswith("Created")
    assert (root / "pkg" / "new.py").read_text() == "x = 1\n"


# New files up to five folders deep (made by edit_file, or there already), Unicode names, any
# text (empty, \r\n, huge). Where the new file's folder is there before the call, it is
# watched from outside (scaffold.swaps): the file must arrive by a rename made in that folder.
@holds(st.lists(scaffold.names(), max_size=5), st.booleans(), scaffold.names(), scaffold.texts())
def _(folders, there, name, text):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        if there:
            folder.mkdir(parents=True, exist_ok=True)
        path = "/".join([*folders, name])
        watched = folder.is_dir()
        with scaffold.swaps(folder) if watched else contextlib.nullcontext([]) as seen:
            result = call_tool(edit_file, path, "", text)
        assert result.startswith(f"Created {path}"), f"edit_file({path!r}, '', ...) returned {result[:80]!r}"
        assert (root / path).read_bytes() == text.encode("utf-8"), "the new file must hold new_str exactly"
        assert not watched or any(swap.target == name and swap.made_here for swap in seen), (
            "the new file was not swapped in by a rename: create it with write_atomically too")


# Something already at the path: every kind (scaffold.KINDS), an empty file and a dangling link too.
@holds(st.sampled_from(scaffold.KINDS), st.lists(scaffold.names(), max_size=2), scaffold.names(),
       scaffold.texts(large=False))
def _(kind, folders, name, text):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        scaffold.make(folder / name, kind)
        before = scaffold.snapshot(root)
        path = "/".join([*folders, name])
        result = call_tool(edit_file, path, "", text)
        assert is_error(result), f"edit_file({path!r}, '', ...) over a {kind}: refuse, something exists there"
        assert not scaffold.changes(before, scaffold.snapshot(root)), f"a refused create over a {kind} changed files"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    assert call_tool(edit_file, "a/b/c.txt", "", "deep\n").startswith("Created")
    assert (root / "a" / "b" / "c.txt").read_text() == "deep\n"
    os.symlink("nowhere.py", root / "later.py")
    assert is_error(call_tool(edit_file, "later.py", "", "x")), "a dangling link is something"
    assert not (root / "nowhere.py").exists(), "edit_file created a file through a dangling link"
### END HIDDEN TESTS
print("ok: create")

# %% nbgrader="tests" grade_id="test_edit_replaces_exactly_once" points=2
"""Check that edit_file replaces text found exactly once, and refuses text found 0 or several times, or a file that is not regular."""
with scratch_project() as root:
    math = root / "math_utils.py"
    before = math.read_text()
    result = call_tool(edit_file, "math_utils.py", "def subtract(a, b):", "def minus(a, b):")
    assert result.startswith("Edited math_utils.py"), result
    assert math.read_text() == before.replace("def subtract(a, b):", "def minus(a, b):")
    changed = math.read_text()
    result = call_tool(edit_file, "math_utils.py", "return a", "return -a")  # occurs twice
    assert is_error(result) and "2" in result, f"an ambiguous old_str must be refused with its count: {result!r}"
    assert is_error(call_tool(edit_file, "math_utils.py", "def divide(", "def div("))
    assert math.read_text() == changed, "a refused edit changed the file"
    os.mkfifo(root / "pipe")
    try:
        assert is_error(call_tool(edit_file, "pipe", "x", "y", timeout=1.0)), "a FIFO is not a regular file"
    finally:
        scaffold.wake_fifo(root / "pipe")


# Texts of repeated tokens (so old_str occurs 0, 1 or up to 30 times), any line endings,
# old_str spanning lines; judged under each way of reading the file the task allows.
@holds(scaffold.token_texts(min_size=1), st.sampled_from([1, 1, 2, 3, 7, 30]), st.integers(0, 10**6),
       st.integers(1, 12), st.one_of(st.none(), scaffold.token_texts(min_size=1)), scaffold.token_texts(),
       st.sampled_from(scaffold.LINE_STYLES), st.lists(scaffold.names(digits=False), max_size=2),
       scaffold.names(digits=False))
def _(body, times, start, length, other, new, style, folders, name):
    text = body * times
    start %= len(text)
    old = other if other is not None else text[start:start + length]
    raw = scaffold.line_endings(text, style)
    for reading in readings(raw):
        assume(not scaffold.overlapping(reading, old))
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(raw.encode("utf-8"))
        path = "/".join([*folders, name])
        result = call_tool(edit_file, path, old, new)
        after = (folder / name).read_bytes().decode("utf-8", "replace")
        outcomes = edit_outcomes(raw, old, new)
        counts = sorted({n for n, _ in outcomes})
        if result.startswith(f"Edited {path}"):
            assert any(n == 1 for n, _ in outcomes), f"old_str occurs {counts} times, yet edit_file edited the file"
            assert any(n == 1 and after == once for n, once in outcomes), (
                "the file after the edit is not its text with that one occurrence replaced")
        else:
            assert is_error(result), f"edit_file returned {result[:80]!r}: 'Edited <path>' or 'Error: ...'"
            assert after == raw, "a refused edit changed the file"
            assert any(n != 1 for n in counts), f"old_str occurs exactly once, yet edit_file refused: {result[:100]!r}"
            if 0 not in counts and 1 not in counts:
                assert any(scaffold.says_count(result, n) for n in counts), (
                    f"old_str occurs {counts[0]} times: the error must say how many, not {result[:100]!r}")


# Nothing to edit: a file that is not UTF-8, a folder, a link to one, a loop, a dangling link,
# nothing at all. The answer is an error, and nothing changes.
@holds(st.sampled_from(scaffold.NOT_TEXT + ["nothing"]), scaffold.token_texts(), st.sampled_from(scaffold.NOT_UTF8),
       st.lists(scaffold.names(), max_size=2), scaffold.names())
def _(what, text, bad, folders, name):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        if what == "bytes that are not UTF-8":
            (folder / name).write_bytes(text.encode() + bad + b"x\n" + text.encode())
        elif what != "nothing":
            scaffold.make(folder / name, what)
        before = scaffold.snapshot(root)
        path = "/".join([*folders, name])
        result = call_tool(edit_file, path, "x", "y")
        assert is_error(result), f"edit_file({path!r}, 'x', 'y') on {what}: an error, not {result[:60]!r}"
        assert not scaffold.changes(before, scaffold.snapshot(root)), f"edit_file on {what} changed files"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "three.py").write_text("x = 1\nx = 1\nx = 1\ny = 2\n")
    result = call_tool(edit_file, "three.py", "x = 1", "x = 9")
    assert is_error(result) and "3" in result, result
    assert call_tool(edit_file, "three.py", "y = 2", "y = 3").startswith("Edited")
    assert (root / "three.py").read_text() == "x = 1\nx = 1\nx = 1\ny = 3\n"
    (root / "pkg").mkdir()
    assert is_error(call_tool(edit_file, "pkg", "x", "y")), "a folder is not a file to edit"
### END HIDDEN TESTS
print("ok: replace exactly once")

# %% nbgrader="tests" grade_id="test_edit_refuses_escapes" points=2
"""Check that edit_file never changes or creates a file outside the project."""
with scratch_project() as root:
    outer = root.parent
    os.symlink(outer / "secret.txt", root / "notes.txt")
    for args in [("notes.txt", "TOP", "PWNED"), ("../secret.txt", "TOP", "PWNED"), ("../planted.txt", "", "x"),
                 ("../proj-evil/secret.txt", "TOP", "X")]:
        assert is_error(call_tool(edit_file, *args)), f"edit_file{args!r} should be refused"
    assert (outer / "secret.txt").read_text() == SECRET and not (outer / "planted.txt").exists()


# Creates and edits through every way out of a fresh maze; nothing outside may change.
@holds(st.lists(st.tuples(st.one_of(scaffold.paths(scaffold.ESCAPES * 2 + scaffold.OUTSIDE_NAMES
                                                   + ["..", "..", "pkg", "new.py"]),
                                    st.sampled_from(["{outer}/planted.txt", "{outer}/secret.txt", "~/planted.txt"])),
                          st.booleans()), min_size=1, max_size=5), most=30)
def _(calls):
    with scaffold.maze() as maze:
        before = scaffold.snapshot(maze.outer, skip=maze.root)
        for path, create in calls:
            path = path.format(outer=maze.outer) if path.startswith("{outer}") else path
            if not path.startswith(("/", "~")) and where(path)[1]:
                continue  # inside: other checks judge it
            args = (path, "", "planted\n") if create else (path, "TOP", "PWNED")
            result = call_tool(edit_file, *args)
            assert is_error(result), f"edit_file{args!r} should be refused: {path!r} leads outside the project"
        changed = scaffold.changes(before, scaffold.snapshot(maze.outer, skip=maze.root))
        assert not changed, f"edit_file changed or created files outside the project: {changed}"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    outer = root.parent
    os.symlink("../secret-new.txt", root / "dangling.txt")
    assert is_error(call_tool(edit_file, "dangling.txt", "", "planted")), "dangling.txt leads outside"
    assert not (outer / "secret-new.txt").exists(), "edit_file created a file outside the project"
### END HIDDEN TESTS
print("ok: escapes")

# %% nbgrader="tests" grade_id="test_edit_writes_atomically" points=1
"""Check that edit_file writes through write_atomically: a new inode, and a failed edit changes nothing."""
with scratch_project() as root:
    math = root / "math_utils.py"
    inode = math.stat().st_ino
    assert call_tool(edit_file, "math_utils.py", "def add(a, b):", "def add(a, b):  # sum").startswith("Edited")
    assert math.stat().st_ino != inode, "edit_file must write through write_atomically"
    snapshot = math.read_bytes()
    assert is_error(call_tool(edit_file, "math_utils.py", "# sum", "# sum\udc80"))
    assert math.read_bytes() == snapshot, "a failed edit damaged the file"


# Edits that succeed (a rename from the file's own folder, watched from outside, its permission
# bits kept) and edits that fail: new_str cannot be encoded, or a file stands where a folder
# of a new file's path should be (OSError, for anyone). Then nothing changes.
@holds(scaffold.token_texts(), st.sampled_from(scaffold.MODES), st.sampled_from(["ok", "ok", "unencodable", "a file in the way"]),
       st.lists(scaffold.names(), max_size=2), scaffold.names())
def _(body, mode, how, folders, name):
    with scaffold.fresh_root() as root:
        folder = root.joinpath(*folders)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / name
        target.write_bytes(f"{body}\nTHE PLACE\n{body}".encode())
        os.chmod(target, mode)
        inode = target.stat().st_ino
        before = scaffold.snapshot(root)
        path = "/".join([*folders, name])
        new = "CHANGED" + ("\udc80" if how == "unencodable" else "")
        with scaffold.swaps(folder) as seen:
            if how == "a file in the way":
                result = call_tool(edit_file, f"{path}/new.py", "", new)
            else:
                result = call_tool(edit_file, path, "THE PLACE", new)
        if how == "ok":
            assert result.startswith(f"Edited {path}"), result
            assert any(swap.target == name and swap.made_here for swap in seen), (
                "edit_file must write with write_atomically: a temporary file in the file's folder, then os.replace")
            assert target.stat().st_ino != inode, "the file was rewritten in place"
            assert permission_bits(target) == mode, "the edited file lost its permission bits"
        else:
            assert is_error(result), f"{how}: edit_file must return an 'Error: ...' string, not {result[:60]!r}"
            changed = scaffold.changes(before, scaffold.snapshot(root))
            assert not changed, f"{how}: the failed edit changed or left files {changed}"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    target = root / "utils.py"
    snapshot = target.read_bytes()
    assert is_error(call_tool(edit_file, "utils.py", "def slugify", "def slugify\ud800"))
    assert target.read_bytes() == snapshot
    strays = [p.name for p in root.iterdir() if p.name.startswith(".") or p.name.endswith(".tmp")]
    assert strays == [], f"temporary files left behind: {strays}"
### END HIDDEN TESTS
print("ok: atomic")

# %% [markdown]
# ## Task 5: Your tools in a real loop (3 minutes, no code)
#
# Your functions are all an agent needs. The cell below runs checkpoint `03-real-tools`'s loop (a
# copy in `agentcourse.course.scaffold.lab03`, with the system prompt and schemas 03 shares with
# 02) with your `list_files`, `read_file` and `edit_file` as its tools, and asks the offline tutor
# model *"Add a docstring to the add function in math_utils.py."* in a scratch copy of the sample
# project. The
# check reads the requests as the tutor model received them: every tool result it got must be a
# success, and the `read_file` result must be the file's text.
#
# **Expected:** two tool calls are printed, `read_file` then `edit_file`, then the tutor's short
# confirmation, and the last line is `Task 5 passed: add() now has a docstring`. If it fails, the
# message names the tool result that went wrong.

# %% nbgrader="tests" grade_id="test_tools_in_loop" points=3
"""Check that your functions carry checkpoint 03's loop through a real edit."""
with scratch_project() as root:
    original = (root / "math_utils.py").read_text()
    SENT.clear()
    messages = [{"role": "user", "content": "Add a docstring to the add function in math_utils.py."}]
    tools = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}
    scaffold.run_turn(nbtools.limited(client, calls=8), messages, tools)
    assert protocol_errors(messages) == [], protocol_errors(messages)
    received = [block for exchange in SENT for message in exchange["request"]["messages"]
                if message["role"] == "user" and isinstance(message["content"], list)
                for block in message["content"] if block.get("type") == "tool_result"]
    assert received, "no tool result reached the model"
    for block in received:
        assert not block.get("is_error") and not str(block.get("content")).startswith("Error:"), f"a tool failed: {block}"
    assert any(block["content"] in readings(original) for block in received), (
        "the model never received math_utils.py's text from read_file")
    calls = [block.get("name") for message in to_plain(messages) if message["role"] == "assistant"
             for block in message["content"] if block.get("type") == "tool_use"]
    assert calls == ["read_file", "edit_file"], f"expected two tool calls, read_file then edit_file: {calls}"
    text = (root / "math_utils.py").read_text()
    add_body = text.split("def add(a, b):")[1].split("def subtract")[0]
    assert '"""' in add_body, f"add() has no docstring after the turn:\n{text}"
print("Task 5 passed: add() now has a docstring")

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
