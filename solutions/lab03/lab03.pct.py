# ---
# jupyter:
#   agentcourse:
#     lab: lab03
#     title: Real tools that stay inside the project
#     time_box_minutes: 55
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: 'resolve_in_root: confine a path to the project'
#       tests: [test_resolve_inside, test_resolve_dotdot, test_resolve_absolute_and_home,
#               test_resolve_bad_input, test_resolve_symlinks, test_resolve_lookalike_sibling,
#               test_resolve_root_is_cwd_at_call_time]
#       hint: >-
#         os.path.realpath both the root and the target (it follows symlinks; abspath does not), then
#         accept the target if it equals the root or starts with root + os.sep. Without the os.sep,
#         /tmp/x/proj-evil passes for /tmp/x/proj.
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
#         Turn resolve_in_root's ToolError into 'Error: ...'; read only regular files (Path.is_file());
#         catch OSError and UnicodeDecodeError.
#     - number: 4
#       title: 'edit_file: create, or replace exactly once'
#       tests: [test_edit_creates, test_edit_replaces_exactly_once, test_edit_refuses_escapes,
#               test_edit_writes_atomically]
#       hint: >-
#         Count old_str: 0 and more than 1 are both errors. Create refuses anything that already
#         exists (os.path.lexists). Write with write_atomically.
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
# 5. Plug your four functions into checkpoint 03's loop and watch the tutor model use them.
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
# Each rule in a task has its own small check, worth its own points, and every kind of attack the
# grader tries is in a visible check (symlinks, look-alike folders, FIFOs, failed writes...). When
# grading, each check runs again on other instances of the same kind (another symlink, another
# file name), so pass the checks by following the rule, not by matching the examples.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model and the helpers the checks use. Run it first; do not change it."""
import contextlib
import os
import shutil
import stat
import tempfile
import threading
from pathlib import Path

import anthropic

from agentcourse.course import nbtools
from agentcourse.paths import load_checkpoint
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.projects.sample import copy_sample_project
from agentcourse.tutor import serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

SECRET = "TOP SECRET: a file outside the project"


@contextlib.contextmanager
def scratch_project():
    """A fresh copy of the sample project as the current directory, with bait beside it.

        <tmp>/proj/          the project: math_utils.py, main.py, utils.py, tests.py, README.md
        <tmp>/secret.txt     must never be read or written through a tool
        <tmp>/proj-evil/     a sibling folder whose name starts with "proj"
    """
    outer = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    root = copy_sample_project(outer / "proj")
    (outer / "secret.txt").write_text(SECRET)
    (outer / "proj-evil").mkdir()
    (outer / "proj-evil" / "secret.txt").write_text(SECRET)
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(outer, ignore_errors=True)


def call_tool(function, *args, timeout=2.0):
    """Call a tool in a helper thread and return its string.

    The check fails (instead of the notebook hanging) if the tool takes longer than
    `timeout` seconds, and it says so plainly if the tool raised instead of returning.
    """
    box = {}

    def run():
        try:
            box["value"] = function(*args)
        except BaseException as err:  # reported below, as a failed check
            box["error"] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise AssertionError(f"{function.__name__}{args!r} did not return within {timeout} s")
    if "error" in box:
        err = box["error"]
        raise AssertionError(
            f"{function.__name__}{args!r} raised {type(err).__name__}: {err} "
            "(a tool must return an 'Error: ...' string instead)"
        )
    value = box["value"]
    assert isinstance(value, str), f"{function.__name__} returned {type(value).__name__}, not str"
    return value


def is_error(result):
    return isinstance(result, str) and result.startswith("Error:")


def permission_bits(path):
    """The file's permission bits, e.g. 0o644."""
    return stat.S_IMODE(os.stat(path).st_mode)


class ToolError(Exception):
    """A tool's input was refused: resolve_in_root raises it, the tools turn it into 'Error: ...'.
    (Checkpoint 03 has the same class.)"""


def refuses(path):
    """True when resolve_in_root(path) raises ToolError."""
    try:
        resolve_in_root(path)
    except ToolError:
        return True
    return False


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
#   that points outside it, and look-alike siblings such as `<tmp>/proj-evil` next to `<tmp>/proj`.
#
# A path that does not exist yet (a file about to be created) is fine, as long as it would be inside.
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    assert Path(resolve_in_root("./main.py")) == root / "main.py"
    os.symlink(root / "math_utils.py", root / "alias.py")  # a link that stays inside
    assert Path(resolve_in_root("alias.py")) == root / "math_utils.py", "a link inside may be used"
    assert Path(resolve_in_root("pkg/sub/later.py")) == root / "pkg" / "sub" / "later.py"
### END HIDDEN TESTS
print("ok: paths inside")

# %% nbgrader="tests" grade_id="test_resolve_dotdot" points=1
"""Check that resolve_in_root refuses a path that climbs out with '..'."""
with scratch_project():
    assert refuses("../secret.txt"), "resolve_in_root('../secret.txt') should raise ToolError"
### BEGIN HIDDEN TESTS
with scratch_project():
    for bad in ["..", "../..", "sub/../../secret.txt"]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### END HIDDEN TESTS
print("ok: ..")

# %% nbgrader="tests" grade_id="test_resolve_absolute_and_home" points=1
"""Check that resolve_in_root refuses absolute paths and paths starting with ~."""
with scratch_project() as root:
    for bad in ["/etc/passwd", "~/secret.txt", str(root / "main.py")]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError (absolute, even inside)"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    for bad in [str(root / "math_utils.py"), "~", "/"]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### END HIDDEN TESTS
print("ok: absolute and ~")

# %% nbgrader="tests" grade_id="test_resolve_bad_input" points=1
"""Check that resolve_in_root refuses what is not a non-empty string, and NUL bytes."""
with scratch_project():
    for bad in ["", "a\x00b", None]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### BEGIN HIDDEN TESTS
with scratch_project():
    for bad in [3, b"math_utils.py", "main.py\x00.txt", ["main.py"]]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### END HIDDEN TESTS
print("ok: bad input")

# %% nbgrader="tests" grade_id="test_resolve_symlinks" points=2
"""Check that resolve_in_root follows symlinks and refuses one that leads out of the project."""
with scratch_project() as root:
    os.symlink(root.parent / "secret.txt", root / "notes.txt")  # a file link leaving the root
    assert refuses("notes.txt"), "notes.txt is a link to ../secret.txt: refuse it"
    os.symlink(root.parent, root / "outside")  # a folder link on the way
    assert refuses("outside/secret.txt"), "outside/ is a link to the folder above: every link on the way counts"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    outer = root.parent
    os.symlink(outer, root / "up")  # a folder link to the parent
    os.symlink("../secret-new.txt", root / "dangling.txt")  # a dangling link leaving
    os.symlink(outer / "secret.txt", root / "deep-link")
    for bad in ["up/secret.txt", "up", "dangling.txt", "deep-link"]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### END HIDDEN TESTS
print("ok: symlinks")

# %% nbgrader="tests" grade_id="test_resolve_lookalike_sibling" points=2
"""Check that resolve_in_root refuses a sibling folder whose name starts with the project's."""
with scratch_project():
    assert refuses("../proj-evil/secret.txt"), "proj-evil is not inside proj, though its name starts the same"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink(root.parent / "proj-evil", root / "vendor")  # a folder link to the look-alike
    for bad in ["../proj-evil", "vendor/secret.txt", "vendor"]:
        assert refuses(bad), f"resolve_in_root({bad!r}) should raise ToolError"
### END HIDDEN TESTS
print("ok: look-alike sibling")

# %% nbgrader="tests" grade_id="test_resolve_root_is_cwd_at_call_time" points=1
"""Check that the root is the working directory when resolve_in_root is called, not when it was defined."""
with scratch_project() as root:
    (root / "pkg").mkdir()
    os.chdir(root / "pkg")
    assert refuses("../main.py"), "after chdir into pkg, ../main.py is outside the root"
    assert Path(resolve_in_root("x.py")) == root / "pkg" / "x.py"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.chdir(root.parent / "proj-evil")
    assert refuses("../proj/main.py")
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
# translated); if anything fails, delete the temporary file, leave the target untouched and
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
"""Check that write_atomically creates and replaces files and leaves no temporary file."""
with scratch_project() as root:
    write_atomically(str(root / "hello.py"), "print('hi')\n")
    assert (root / "hello.py").read_text() == "print('hi')\n"
    write_atomically(str(root / "hello.py"), "print('bye')\n")
    assert (root / "hello.py").read_text() == "print('bye')\n"
    extra = sorted(p.name for p in root.iterdir() if "hello" in p.name and p.name != "hello.py")
    assert extra == [], f"temporary files left behind: {extra}"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "pkg").mkdir()
    names = sorted(os.listdir(root / "pkg"))
    write_atomically(str(root / "pkg" / "données.txt"), "é\n")
    assert (root / "pkg" / "données.txt").read_text(encoding="utf-8") == "é\n"
    assert sorted(os.listdir(root / "pkg")) == names + ["données.txt"]
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    target = root / "main.py"
    original, names = target.read_bytes(), sorted(os.listdir(root))
    try:
        write_atomically(str(target), "x" * 10_000 + "\ud800")
    except (UnicodeError, ValueError, OSError):
        pass
    else:
        raise AssertionError("write_atomically should re-raise when the text cannot be written")
    assert target.read_bytes() == original and sorted(os.listdir(root)) == names
### END HIDDEN TESTS
print("ok: a failed write")

# %% nbgrader="tests" grade_id="test_write_swaps_by_rename" points=1
"""Check that the new file is swapped in by a rename (a new inode), with its text written exactly."""
with scratch_project() as root:
    target = root / "math_utils.py"
    inode = target.stat().st_ino
    write_atomically(str(target), "x = 1\r\n")
    assert target.read_bytes() == b"x = 1\r\n", "the text must be written exactly (newline='')"
    assert target.stat().st_ino != inode, "the file was rewritten in place, not swapped in by a rename"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    target = root / "utils.py"
    inode = target.stat().st_ino
    write_atomically(str(target), "a\rb\n")
    assert target.read_bytes() == b"a\rb\n" and target.stat().st_ino != inode
### END HIDDEN TESTS
print("ok: rename")

# %% nbgrader="tests" grade_id="test_write_keeps_permission_bits" points=1
"""Check that replacing a file keeps its permission bits."""
with scratch_project() as root:
    target = root / "math_utils.py"
    os.chmod(target, 0o640)
    write_atomically(str(target), "x = 2\n")
    assert permission_bits(target) == 0o640, f"the file lost its permission bits: {oct(permission_bits(target))}"
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
# - `list_files(path)`: the entries of a directory, sorted by name, one per line as `name [dir]` or
#   `name [file]` (the format the earlier checkpoints use), or `(empty directory)`. A path that is
#   not a directory is an error.
# - `read_file(filename)`: the whole text of a file. Refuse anything that is not a **regular file**:
#   a directory, a FIFO, a socket. Opening a FIFO for reading waits until someone writes to it, which
#   would freeze the agent forever. A file that is not valid UTF-8 is an error too.
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink("loop", root / "loop")
    os.symlink("../gone.txt", root / "broken")
    assert "loop [file]" in call_tool(list_files, "./").splitlines()
    assert "broken [file]" in call_tool(list_files, ".").splitlines()
    os.symlink(root.parent / "proj-evil", root / "vendor")
    for bad in ["vendor", "../proj-evil", "/", "missing"]:
        result = call_tool(list_files, bad)
        assert is_error(result) and "secret.txt" not in result, f"list_files({bad!r}) should be an error"
### END HIDDEN TESTS
print("ok: list_files")

# %% nbgrader="tests" grade_id="test_read_file" points=1
"""Check that read_file returns a file's text, and an error string for a missing file."""
with scratch_project() as root:
    assert "def add(a, b):" in call_tool(read_file, "math_utils.py")
    assert is_error(call_tool(read_file, "missing.py"))
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    outer = root.parent
    os.symlink(outer / "proj-evil", root / "vendor")
    for bad in ["vendor/secret.txt", str(outer / "secret.txt"), "~/secret.txt", "notes.txt\x00", ""]:
        result = call_tool(read_file, bad)
        assert is_error(result) and SECRET not in result, f"read_file({bad!r}) should be an error"
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
        with contextlib.suppress(OSError):  # wake a reader stuck on the FIFO, if there is one
            os.close(os.open(root / "pipe", os.O_WRONLY | os.O_NONBLOCK))
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    os.symlink("loop", root / "loop")
    (root / "pkg").mkdir()
    (root / "latin1.py").write_bytes(b"name = '\xe9t\xe9'\n")
    for bad in ["loop", "pkg", "latin1.py"]:
        assert is_error(call_tool(read_file, bad)), f"read_file({bad!r}) should be an error"
    os.mkfifo(root / "queue")
    try:
        assert is_error(call_tool(read_file, "queue", timeout=1.0))
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(root / "queue", os.O_WRONLY | os.O_NONBLOCK))
### END HIDDEN TESTS
print("ok: not regular, not text")

# %% [markdown]
# ## Task 4: `edit_file` (12 minutes)
#
# `edit_file(path, old_str, new_str)` returns a message starting `Created <path>` or `Edited <path>`:
#
# - `old_str == ""` **creates** the file with `new_str` as its text, making missing parent folders.
#   If anything already exists at that path, refuse: creating over a file would silently throw its
#   text away, a delete in disguise.
# - Otherwise the file must exist and be a regular file, and `old_str` must occur in it **exactly
#   once**. Not found: an error that tells the model to read the file and copy the text exactly.
#   Found several times: an error that says how many times, so the model adds surrounding lines.
#   Never guess which occurrence was meant, and never replace them all.
# - Write with your `write_atomically`. If writing fails, return an error; the file stays as it was.
#
# **Hint:** `text.count(old_str)` answers both questions at once. `os.path.lexists` is true even for
# a dangling symlink, which `os.path.exists` reports as missing.
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
            if os.path.lexists(target):
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
"""Check that edit_file creates files (and missing folders), and refuses to create over an existing one."""
with scratch_project() as root:
    assert call_tool(edit_file, "hello.py", "", "print('hi')\n").startswith("Created hello.py")
    assert (root / "hello.py").read_text() == "print('hi')\n"
    result = call_tool(edit_file, "hello.py", "", "print('overwritten')\n")
    assert is_error(result), "creating over an existing file must be refused"
    assert (root / "hello.py").read_text() == "print('hi')\n"
    assert call_tool(edit_file, "pkg/new.py", "", "x = 1\n").startswith("Created")
    assert (root / "pkg" / "new.py").read_text() == "x = 1\n"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    assert call_tool(edit_file, "a/b/c.txt", "", "deep\n").startswith("Created")
    assert (root / "a" / "b" / "c.txt").read_text() == "deep\n"
    before = (root / "main.py").read_text()
    assert is_error(call_tool(edit_file, "main.py", "", "")) and (root / "main.py").read_text() == before
    assert is_error(call_tool(edit_file, "a", "", "x")), "a folder exists at that path"
### END HIDDEN TESTS
print("ok: create")

# %% nbgrader="tests" grade_id="test_edit_replaces_exactly_once" points=2
"""Check that edit_file replaces text found exactly once, and refuses text found 0 or several times."""
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "three.py").write_text("x = 1\nx = 1\nx = 1\ny = 2\n")
    result = call_tool(edit_file, "three.py", "x = 1", "x = 9")
    assert is_error(result) and "3" in result, result
    assert call_tool(edit_file, "three.py", "y = 2", "y = 3").startswith("Edited")
    assert (root / "three.py").read_text() == "x = 1\nx = 1\nx = 1\ny = 3\n"
    (root / "pkg").mkdir()
    for args in [("pkg", "x", "y"), ("gone.py", "a", "b"), ("three.py", "z = 0", "z = 1")]:
        assert is_error(call_tool(edit_file, *args)), f"edit_file{args!r} should be an error"
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    outer = root.parent
    os.symlink("../secret-new.txt", root / "dangling.txt")
    os.symlink(outer / "proj-evil", root / "vendor")
    for args in [("vendor/secret.txt", "TOP", "PWNED"), (str(outer / "secret.txt"), "TOP", "X"),
                 ("dangling.txt", "", "planted"), ("vendor/planted.txt", "", "planted")]:
        assert is_error(call_tool(edit_file, *args)), f"edit_file{args!r} should be refused"
    assert (outer / "proj-evil" / "secret.txt").read_text() == SECRET
    for planted in [outer / "secret-new.txt", outer / "proj-evil" / "planted.txt"]:
        assert not planted.exists(), f"edit_file created {planted.name} outside the project"
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
# Your four functions are all an agent needs. The cell below loads checkpoint `03-real-tools`, swaps
# its tools for yours (the loop, system prompt and schemas stay the checkpoint's), and asks the
# offline tutor model *"Add a docstring to the add function in math_utils.py."* in a scratch copy of
# the sample project.
#
# **Expected:** two tool calls are printed, `read_file` then `edit_file`, then the tutor's short
# confirmation, and the last line is `Task 5 passed: add() now has a docstring`. If it fails, the
# message names the tool result that went wrong.

# %% nbgrader="tests" grade_id="test_tools_in_loop" points=3
"""Check that your four functions carry checkpoint 03's loop through a real edit."""
agent = load_checkpoint("03")
agent.TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}
with scratch_project() as root:
    messages = [{"role": "user", "content": "Add a docstring to the add function in math_utils.py."}]
    agent.run_turn(nbtools.limited(client, calls=8), messages)
    assert protocol_errors(messages) == [], protocol_errors(messages)
    for message in to_plain(messages)[1:]:
        for block in message["content"] if message["role"] == "user" else []:
            assert not str(block.get("content")).startswith("Error:"), f"a tool failed: {block}"
    text = (root / "math_utils.py").read_text()
    add_body = text.split("def add(a, b):")[1].split("def subtract")[0]
    assert '"""' in add_body, f"add() has no docstring after the turn:\n{text}"
print("Task 5 passed: add() now has a docstring")

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
