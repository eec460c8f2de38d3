"""confined.py (checkpoint 08): the text editor's files, reached without following a link.

Try it from a project folder (it prints the project's top-level names, then refuses a
protected path):

    python -c "import sys; sys.path.insert(0, 'path/to/checkpoints/08-anthropic-tools'); \\
import confined; print(confined.listing('.')); confined.write('.git/config', b'')"

tools.py's resolve_in_root() checks a path, then its caller opens it by name: in between,
a process inside the sandbox (a background job) can swap a folder for a symlink, and the
open lands outside the project. Here nothing is checked, then used by name. A path is
walked from the project's root one folder at a time, each opened relative to the one
before (`dir_fd`) with O_NOFOLLOW | O_DIRECTORY, so a link anywhere on the way is
refused, never followed, and what is used is what was checked. A write goes to a
temporary file in the folder reached and is renamed over the name, both relative to that
folder's descriptor: whatever is swapped meanwhile, the write lands in that folder, and
inside the sandbox no folder of the project can be moved out of it (a rename cannot
leave the project's mount).

Refused besides: writing a protected path (protected.py: what git and the agent run
later) or what the sandbox keeps read-only inside the project (the Python environment the
agent runs on, its own code); and everything, when the project folder is / or holds the
home folder. Symlinks inside the project that point inside it are refused too: view the
file by its own path.
"""

from __future__ import annotations

import os
import secrets
import stat

import protected
import sandbox
from tools import ToolError

# POSIX flags (Linux, macOS); where one is missing (Windows), root() refuses every file
FLAGS = {name: getattr(os, name, 0) for name in ("O_DIRECTORY", "O_NOFOLLOW", "O_NONBLOCK", "O_CLOEXEC")}
FOLDER = os.O_RDONLY | FLAGS["O_DIRECTORY"] | FLAGS["O_NOFOLLOW"] | FLAGS["O_CLOEXEC"]
FILE = os.O_RDONLY | FLAGS["O_NOFOLLOW"] | FLAGS["O_NONBLOCK"] | FLAGS["O_CLOEXEC"]  # a fifo opens, then is refused


def root() -> str:
    """The project folder (the current folder), refused when it is / or holds the home folder."""
    if not all(FLAGS.values()) or os.open not in os.supports_dir_fd:
        raise ToolError("this system cannot open a file without following links (no O_NOFOLLOW "
                        "or dir_fd), so the editor touches none; use Linux, macOS or WSL")
    here = os.path.realpath(os.getcwd())
    problem = protected.too_wide(here)
    if problem:
        raise ToolError(problem)
    return here


def parts(path: object) -> list[str]:
    """The names from the project's root down to `path`, ".." folded: no name is a link yet."""
    if not isinstance(path, str) or not path.strip():
        raise ToolError("path must be a non-empty string, relative to the project root")
    if "\x00" in path:
        raise ToolError("path contains a NUL byte")
    top = root()
    if path.startswith("~"):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    relative = os.path.relpath(path, top) if os.path.isabs(path) else path
    names: list[str] = []
    for name in relative.split("/"):
        if name == "..":
            if not names:
                raise ToolError(f"{path!r} is outside the project directory; access refused")
            names.pop()
        elif name not in ("", "."):
            names.append(name)
    return names


def _open_folder(names: list[str], path: str, make: bool = False) -> int:
    """A descriptor of the folder `names` lead to, every step taken without following a link."""
    fd = os.open(root(), FOLDER)
    try:
        for at, name in enumerate(names):
            try:
                step = os.open(name, FOLDER, dir_fd=fd)
            except FileNotFoundError:
                if not make:
                    raise ToolError(f"File not found: {path}") from None
                os.mkdir(name, 0o777, dir_fd=fd)
                step = os.open(name, FOLDER, dir_fd=fd)
            except (NotADirectoryError, OSError) as err:
                raise _not_a_folder(fd, name, "/".join(names[: at + 1]), path, err) from None
            os.close(fd)
            fd = step
        return fd
    except BaseException:
        os.close(fd)
        raise


def _not_a_folder(fd: int, name: str, prefix: str, path: str, err: OSError) -> Exception:
    """Why a step of the walk failed, in the model's terms."""
    try:
        mode = os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode
    except OSError:
        return err
    if stat.S_ISDIR(mode):
        return err  # a folder after all (a permission, say): the OS's own words
    if stat.S_ISLNK(mode):
        return ToolError(f"{path}: {prefix} is a symbolic link, which the editor never follows: "
                         "it may lead outside the project (inside it, use the path it points to)")
    return ToolError(f"{path}: {prefix} is not a folder")


def kind(path: str) -> str:
    """"dir", "file", "link", "other" or "missing": what `path` is, no link followed."""
    names = parts(path)
    if not names:
        return "dir"
    try:
        fd = _open_folder(names[:-1], path)
    except ToolError:
        return "missing"
    try:
        mode = os.stat(names[-1], dir_fd=fd, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return "missing"
    finally:
        os.close(fd)
    return ("dir" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else
            "link" if stat.S_ISLNK(mode) else "other")


def _open_file(path: str) -> int:
    """A read-only descriptor of what `path` names, no link followed on the way or at the end."""
    names = parts(path)
    if not names:
        raise ToolError(f"{path} is not a regular file")
    folder = _open_folder(names[:-1], path)
    try:
        return os.open(names[-1], FILE, dir_fd=folder)
    except FileNotFoundError:
        raise ToolError(f"File not found: {path}") from None
    except OSError as err:
        raise _not_a_folder(folder, names[-1], "/".join(names), path, err) from None
    finally:
        os.close(folder)


def read(path: str, limit: int) -> bytes:
    """The bytes of the regular file `path`, refused if bigger than `limit`."""
    fd = _open_file(path)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(fd)
        raise ToolError(f"{path} is not a regular file" if not stat.S_ISREG(info.st_mode) else
                        f"{path} is {info.st_size:,} bytes, more than the editor loads "
                        f"({limit:,}); look at parts of it with bash (head, sed -n)")
    with os.fdopen(fd, "rb") as f:
        return f.read(limit + 1)


def listing(path: str, depth: int = 2) -> list[str]:
    """Names under the folder `path`, `depth` levels deep, hidden ones and __pycache__ left
    out, folders ending in "/"; links are listed, never entered."""
    names = parts(path)
    fd = _open_folder(names, path)
    try:
        return _list(fd, "", depth)
    finally:
        os.close(fd)


def _list(fd: int, prefix: str, depth: int) -> list[str]:
    entries = []
    with os.scandir(fd) as found:
        items = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in found)
    for name, is_dir in items:
        if name.startswith(".") or (is_dir and name == "__pycache__"):
            continue
        entries.append(prefix + name + ("/" if is_dir else ""))
        if is_dir and depth > 1:
            try:
                inner = os.open(name, FOLDER, dir_fd=fd)
            except OSError:
                continue  # swapped for a link meanwhile: listed, not entered
            try:
                entries += _list(inner, prefix + name + "/", depth - 1)
            finally:
                os.close(inner)
    return entries


def writable(names: list[str], path: str) -> None:
    """Refuse a write to what the sandbox keeps read-only inside the project."""
    top = root()
    why = protected.refusal(top, names)
    target = os.path.join(top, *names)
    kept = [r for r in sandbox.python_roots() if r.startswith(top + "/")]
    if not why and any(target == r or target.startswith(r + "/") for r in kept):
        why = ("the sandbox keeps it read-only: the Python environment or the agent's own "
               "code, which run outside the sandbox")
    if why:
        raise ToolError(f"{path}: {why}")


def write(path: str, data: bytes, create_only: bool = False) -> None:
    """Write `data` to `path` atomically, making its folders; `create_only` refuses an
    existing file unless it is empty. Permission bits are kept, setuid and setgid never."""
    names = parts(path)
    if not names:
        raise ToolError(f"{path} is a folder")
    writable(names, path)
    folder = _open_folder(names[:-1], path, make=True)
    try:
        try:
            old = os.stat(names[-1], dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            old = None
        if old is not None and not stat.S_ISREG(old.st_mode):
            raise ToolError(f"{path} already exists and is not a regular file; the editor replaces none")
        if create_only and old is not None and old.st_size > 0:
            raise ToolError(f"{path} already exists; view it and change it with str_replace or "
                            "insert (create never overwrites a file)")
        _replace(folder, names[-1], data, stat.S_IMODE(old.st_mode) & 0o777 if old else 0o644)
    finally:
        os.close(folder)


def _replace(folder: int, name: str, data: bytes, mode: int) -> None:
    """A temporary file beside `name`, then a rename over it: readers see old or new, never half."""
    temp = f".tmp-{secrets.token_hex(8)}"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | FLAGS["O_NOFOLLOW"] | FLAGS["O_CLOEXEC"],
                 0o600, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            os.fchmod(f.fileno(), mode)
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        try:
            os.unlink(temp, dir_fd=folder)
        except OSError:
            pass  # never made, or already renamed
        raise


# --- the carried modules' file access, confined the same way ---
# tools.py (04's), context.py (06's) and layers.py (07's) are carried byte for byte: they
# check a path, then open or write it by name. The research sub-agent's search_file and
# read_lines, the memory file, saved outputs and the rules file go through them. install()
# hands those modules these two in place of open() and write_atomically(): same calls, no
# link followed.
def open_real(file: object, mode: str = "r", *args: object, **kwargs: object):
    """open() for reading a file of the project, reached as read() reaches it; OSError if refused."""
    if not isinstance(file, str):
        raise TypeError(f"expected a path, not {type(file).__name__}")
    if set(mode) - set("rbt"):
        raise PermissionError(f"{file}: this open only reads")
    try:
        fd = _open_file(os.path.relpath(file, root()) if os.path.isabs(file) else file)
    except ToolError as err:
        raise PermissionError(str(err)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise PermissionError(f"{file} is not a regular file")
    os.set_blocking(fd, True)
    return os.fdopen(fd, mode, *args, **kwargs)


def write_real(real: str, data: bytes) -> None:
    """write_atomically() for a path of the project, written as write() writes; OSError if refused."""
    try:
        write(os.path.relpath(real, root()) if os.path.isabs(real) else real, data)
    except ToolError as err:
        raise PermissionError(str(err)) from None


def install(tools_module: object, *readers: object) -> None:
    """Confine the carried modules: `tools_module` writes with write_real, and it and every
    module in `readers` open files with open_real."""
    tools_module.write_atomically = write_real
    for module in (tools_module, *readers):
        module.open = open_real
