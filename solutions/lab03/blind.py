"""Blind corpus of lab 03: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # abspath is as good as realpath: `..` is folded, so the link check is thought to be covered
    "abspath-not-realpath": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = os.path.abspath(os.getcwd())
    target = os.path.abspath(os.path.join(root, path))  # folds every '..'
    if target != root and not target.startswith(root + os.sep):
        raise ToolError(f"{path!r} is outside the project directory")
    return target
'''},
    # a string prefix test is enough: whatever starts with the root's text is inside it
    "prefix-without-separator": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or path == "":
        raise ToolError("path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError("use a path relative to the project root")
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    if not real.startswith(root):
        raise ToolError(f"{path} is outside the project")
    return real
'''},
    # any `..` is an attempt to climb out, so it is refused before looking where it leads
    "dotdot-always-refused": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    if ".." in Path(path).parts:
        raise ToolError(f"{path!r}: '..' is not allowed")
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    if real != root and not real.startswith(root + os.sep):
        raise ToolError(f"{path!r} is outside the project directory")
    return real
'''},
    # the project root is where the notebook runs, so it can be computed once, up front
    "root-fixed-at-definition": {"resolve_in_root": r'''PROJECT_ROOT = os.path.realpath(os.getcwd())


def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    real = os.path.realpath(os.path.join(PROJECT_ROOT, path))
    if real != PROJECT_ROOT and not real.startswith(PROJECT_ROOT + os.sep):
        raise ToolError(f"{path!r} is outside the project directory")
    return real
'''},
    # Path.resolve() always answers with a path; it cannot fail on a path that is not strict
    "pathlib-resolve-loop-raises": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or Path(path).is_absolute():
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = Path.cwd().resolve()
    target = (root / path).resolve()
    if target != root and not target.is_relative_to(root):
        raise ToolError(f"{path!r} is outside the project directory")
    return str(target)
'''},
    # realpath rejects a NUL byte by itself, so no separate check is needed
    "no-nul-check": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = Path(os.path.realpath(os.getcwd()))
    target = Path(os.path.realpath(root / path))
    if target != root and root not in target.parents:
        raise ToolError(f"{path!r} is outside the project directory")
    return str(target)
'''},
    # only a path that exists can be checked safely, so resolve strictly and refuse the rest
    "must-exist-strict": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = os.path.realpath(os.getcwd())
    try:
        real = os.path.realpath(os.path.join(root, path), strict=True)
    except OSError:
        raise ToolError(f"{path!r} does not exist") from None
    if real != root and not real.startswith(root + os.sep):
        raise ToolError(f"{path!r} is outside the project directory")
    return real
'''},
    # only the named file itself can be a symlink; the folders on the way are taken as written
    "only-last-link-checked": {"resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or not path:
        raise ToolError("the path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("the path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = os.path.realpath(os.getcwd())
    target = os.path.normpath(os.path.join(root, path))
    if os.path.islink(target):  # a link may point anywhere: follow it
        target = os.path.realpath(target)
    if target != root and not target.startswith(root + os.sep):
        raise ToolError(f"{path!r} is outside the project directory")
    return target
'''},
    # any temporary file will do: the system's temp folder is the place for temporary files
    "temp-in-system-tmp": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    fd, tmp = tempfile.mkstemp(suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        if os.path.exists(target):
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
'''},
    # "the same folder" means the project folder, the cwd, wherever the target sits inside it
    "temp-in-project-root": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    fd, tmp = tempfile.mkstemp(dir=os.getcwd(), prefix=".write-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        mode = stat.S_IMODE(os.stat(target).st_mode) if os.path.exists(target) else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
'''},
    # a tool never raises, so the helper must not raise either: clean up and return quietly
    "helper-swallows-errors": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        mode = stat.S_IMODE(os.stat(target).st_mode) if os.path.exists(target) else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except Exception as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        print(f"write_atomically: could not write {target}: {err}")
'''},
    # if the rename never happened the target is safe, so there is nothing to tidy up
    "temp-left-on-failure": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    target = Path(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)  # if this raises, os.replace is never reached: the target is untouched
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
    os.chmod(tmp, mode)
    os.replace(tmp, target)
'''},
    # text is a list of lines, so writing it line by line (each ending in "\n") is the same text
    "writes-line-by-line": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    target = Path(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            for line in text.splitlines():
                f.write(line + "\n")
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
'''},
    # the new file takes over the old one's name, and with it its permissions
    "permissions-not-copied": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    target = Path(target)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
'''},
    # the temporary file only needs to be beside the target; a fixed name next to it is fine
    "fixed-temp-name": {"write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    tmp = target + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        if os.path.exists(target):
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.remove(tmp)
        raise
'''},
    # os.listdir already returns the names in alphabetical order
    "list-not-sorted": {"list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    try:
        target = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(target):
        return f"Error: {path!r} is not a directory"
    try:
        names = os.listdir(target)
    except OSError as err:
        return f"Error: cannot list {path!r}: {err.strerror}"
    lines = [f"{n} [{'dir' if os.path.isdir(os.path.join(target, n)) else 'file'}]" for n in names]
    return "\n".join(lines) or "(empty directory)"


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        target = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not target.exists():
        return f"Error: {filename!r} does not exist"
    if not target.is_file():
        return f"Error: {filename!r} is not a regular file"
    try:
        return target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return f"Error: {filename!r} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
'''},
    # an entry is a file or a folder: whatever is not a regular file must be a folder
    "list-labels-by-isfile": {"list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
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
    lines = []
    for name in names:
        kind = "file" if os.path.isfile(os.path.join(target, name)) else "dir"
        lines.append(f"{name} [{kind}]")
    return "\n".join(lines) or "(empty directory)"


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        target = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not target.exists():
        return f"Error: {filename!r} does not exist"
    if not target.is_file():
        return f"Error: {filename!r} is not a regular file"
    try:
        return target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return f"Error: {filename!r} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
'''},
    # the only thing that cannot be read is a folder; anything else that exists is a file
    "read-exists-is-enough": {"list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
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


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        target = resolve_in_root(filename)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.lexists(target):
        return f"Error: {filename!r} does not exist"
    if os.path.isdir(target):
        return f"Error: {filename!r} is a directory, not a file"
    try:
        with open(target, encoding="utf-8") as f:
            return f.read()
    except UnicodeDecodeError:
        return f"Error: {filename!r} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
'''},
    # a decoding failure is an I/O failure, so catching OSError covers a file that is not UTF-8
    "read-unicode-not-caught": {"list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
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


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        target = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not target.exists():
        return f"Error: {filename!r} does not exist"
    if not target.is_file():
        return f"Error: {filename!r} is not a regular file"
    try:
        return target.read_text(encoding="utf-8")
    except OSError as err:  # missing, permissions, bad bytes...
        return f"Error: cannot read {filename!r}: {err}"
'''},
    # better to show the model most of a file than nothing: replace the bytes that do not decode
    "read-decodes-leniently": {"list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
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


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        target = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not target.exists():
        return f"Error: {filename!r} does not exist"
    if not target.is_file():
        return f"Error: {filename!r} is not a regular file"
    try:
        return target.read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
'''},
    # an empty file has no text to give, so reading one is a failure the model should hear about
    "read-empty-is-error": {"list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
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


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        target = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not target.exists():
        return f"Error: {filename!r} does not exist"
    if not target.is_file():
        return f"Error: {filename!r} is not a regular file"
    try:
        text = target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return f"Error: {filename!r} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
    if not text:
        return f"Error: {filename!r} is empty"
    return text
'''},
    # creating over an empty file loses nothing, so only a file with text in it is protected
    "create-over-empty-file": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    if not all(isinstance(arg, str) for arg in (path, old_str, new_str)):
        return "Error: path, old_str and new_str must all be strings"
    try:
        target = Path(resolve_in_root(path))
    except ToolError as err:
        return f"Error: {err}"
    try:
        if old_str == "":
            if os.path.lexists(target) and not target.is_file():
                return f"Error: {path!r} exists and is not a regular file"
            if target.is_file() and target.stat().st_size > 0:
                return f"Error: {path!r} already exists and is not empty; edit it instead"
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
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
    # "already exists" is what os.path.exists answers
    "create-checks-exists": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    if not all(isinstance(arg, str) for arg in (path, old_str, new_str)):
        return "Error: path, old_str and new_str must all be strings"
    try:
        target = Path(resolve_in_root(path))
    except ToolError as err:
        return f"Error: {err}"
    try:
        if old_str == "":
            if os.path.exists(target):
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
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
    # several matches are all the same text, so changing the first one is what the model meant
    "replace-first-of-many": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
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
        if old_str not in text:
            return f"Error: old_str not found in {path}; read the file and copy the text exactly"
        write_atomically(str(target), text.replace(old_str, new_str, 1))  # first one only
        return f"Edited {path}"
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
    # the danger is an ambiguous match; text that is not there makes replace() a harmless no-op
    "missing-text-silently-edited": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
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
        if count > 1:
            return (f"Error: old_str occurs {count} times in {path}; "
                    "include more of the surrounding lines so that it matches exactly once")
        write_atomically(str(target), text.replace(old_str, new_str, 1))
        return f"Edited {path}"
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
    # the model only needs to know it was ambiguous, not how many times the text occurs
    "ambiguous-without-count": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
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
            return (f"Error: old_str is ambiguous in {path}; "
                    "include more of the surrounding lines so that it is unique")
        write_atomically(str(target), text.replace(old_str, new_str, 1))
        return f"Edited {path}"
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
    # write_atomically already protects the file, so its exceptions need no handling here
    "write-failure-not-caught": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    if not all(isinstance(arg, str) for arg in (path, old_str, new_str)):
        return "Error: path, old_str and new_str must all be strings"
    try:
        target = Path(resolve_in_root(path))
    except ToolError as err:
        return f"Error: {err}"
    if old_str == "":
        if os.path.lexists(target):
            return f"Error: {path!r} already exists; read it and replace part of it instead"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            return f"Error: cannot create the folder for {path!r}: {err.strerror}"
        write_atomically(str(target), new_str)  # atomic: the file is never half-written
        return f"Created {path}"
    if not target.is_file():
        return f"Error: {path!r} is not an existing regular file"
    try:
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return f"Error: cannot read {path!r}: {err}"
    count = text.count(old_str)
    if count == 0:
        return f"Error: old_str not found in {path}; read the file and copy the text exactly"
    if count > 1:
        return (f"Error: old_str occurs {count} times in {path}; "
                "include more of the surrounding lines so that it matches exactly once")
    write_atomically(str(target), text.replace(old_str, new_str, 1))  # atomic
    return f"Edited {path}"
'''},
    # an edit needs a file to exist; whatever kind of file it is, reading it will work or raise
    "edit-nonregular-not-checked": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
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
        if not target.exists():
            return f"Error: {path!r} does not exist"
        text = target.read_text(encoding="utf-8")
        count = text.count(old_str)
        if count == 0:
            return f"Error: old_str not found in {path}; read the file and copy the text exactly"
        if count > 1:
            return (f"Error: old_str occurs {count} times in {path}; "
                    "include more of the surrounding lines so that it matches exactly once")
        write_atomically(str(target), text.replace(old_str, new_str, 1))
        return f"Edited {path}"
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
    # write_atomically is for creating files; a small edit can rewrite the file directly
    "edit-writes-in-place": {"edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
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
        target.write_text(text.replace(old_str, new_str, 1), encoding="utf-8", newline="")
        return f"Edited {path}"
    except (OSError, ValueError) as err:
        return f"Error: cannot edit {path!r}: {err}"
'''},
}

RIGHT = {
    # os.path throughout: commonpath for containment, os.stat mode bits, bytes written through os.write
    "os-path-commonpath": {
        "resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if type(path) is not str or len(path) == 0:
        raise ToolError("expected a non-empty path string")
    if "\0" in path:
        raise ToolError("NUL bytes are not allowed in a path")
    if path[0] == "~":
        raise ToolError(f"{path}: '~' is not expanded; give a path relative to the project")
    if os.path.isabs(path):
        raise ToolError(f"{path}: absolute paths are refused; give a path relative to the project")
    base = os.path.realpath(os.getcwd())
    where = os.path.realpath(os.path.join(base, path))
    if os.path.commonpath([base, where]) != base:
        raise ToolError(f"{path} leads outside the project ({where})")
    return where
''',
        "write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    folder = os.path.dirname(os.path.abspath(target))
    try:
        keep = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        keep = 0o644
    handle, temp_path = tempfile.mkstemp(prefix=".~", suffix=".part", dir=folder)
    try:
        data = text.encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(handle, view)
            view = view[written:]
        os.fchmod(handle, keep)
        os.close(handle)
        handle = None
        os.replace(temp_path, target)
    except BaseException:
        if handle is not None:
            os.close(handle)
        if os.path.lexists(temp_path):
            os.remove(temp_path)
        raise
''',
        "list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    try:
        folder = resolve_in_root(path)
    except ToolError as problem:
        return "Error: " + str(problem)
    if not os.path.isdir(folder):
        return f"Error: {path} is not a directory"
    try:
        with os.scandir(folder) as it:
            names = sorted(entry.name for entry in it)
    except OSError as problem:
        return f"Error: could not list {path}: {problem.strerror or problem}"
    if not names:
        return "(empty directory)"
    out = []
    for name in names:
        label = "dir" if os.path.isdir(os.path.join(folder, name)) else "file"
        out.append(f"{name} [{label}]")
    return "\n".join(out)


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        where = resolve_in_root(filename)
    except ToolError as problem:
        return "Error: " + str(problem)
    try:
        mode = os.stat(where).st_mode
    except FileNotFoundError:
        return f"Error: {filename} not found"
    except OSError as problem:
        return f"Error: cannot access {filename}: {problem.strerror or problem}"
    if not stat.S_ISREG(mode):
        return f"Error: {filename} is not a regular file (a folder, pipe or device)"
    try:
        with open(where, "rb") as handle:
            raw = handle.read()
    except OSError as problem:
        return f"Error: could not read {filename}: {problem.strerror or problem}"
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return f"Error: {filename} is not UTF-8 text"
''',
        "edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    if not isinstance(old_str, str) or not isinstance(new_str, str):
        return "Error: old_str and new_str must be strings"
    try:
        where = resolve_in_root(path)
    except ToolError as problem:
        return "Error: " + str(problem)

    if old_str == "":
        if os.path.lexists(where) or os.path.lexists(path):  # a dangling link is something too
            return (f"Error: {path} already exists; creating it would throw its contents away. "
                    "Read it and edit part of it instead")
        try:
            os.makedirs(os.path.dirname(where), exist_ok=True)
            write_atomically(where, new_str)
        except (OSError, ValueError) as problem:
            return f"Error: could not create {path}: {problem}"
        return f"Created {path}"

    if not os.path.isfile(where):
        return f"Error: {path} is not an existing regular file"
    try:
        with open(where, encoding="utf-8") as handle:
            current = handle.read()
    except (OSError, ValueError) as problem:
        return f"Error: could not read {path}: {problem}"
    hits = current.count(old_str)
    if hits == 0:
        return f"Error: old_str was not found in {path}; read the file again and copy the text exactly"
    if hits != 1:
        return (f"Error: old_str was found {hits} times in {path}; "
                "add surrounding lines to old_str so it matches exactly once")
    before, _, after = current.partition(old_str)
    try:
        write_atomically(where, before + new_str + after)
    except (OSError, ValueError) as problem:
        return f"Error: could not write {path}: {problem}; the file is unchanged"
    return f"Edited {path}"
''',
    },
    # pathlib throughout, with Path.resolve's symlink-loop RuntimeError turned into a refusal
    "pathlib-throughout": {
        "resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str) or path == "":
        raise ToolError("path must be a non-empty string")
    if "\x00" in path:
        raise ToolError("path must not contain a NUL byte")
    if path.startswith("~") or Path(path).is_absolute():
        raise ToolError(f"{path!r} is not relative to the project root")
    root = Path.cwd().resolve()
    try:
        real = (root / path).resolve()
    except RuntimeError:  # Python 3.11: a symlink loop on the way
        raise ToolError(f"{path!r} goes through a symlink loop") from None
    except OSError as err:
        raise ToolError(f"{path!r} cannot be resolved: {err.strerror}") from None
    if real == root or root in real.parents:
        return str(real)
    raise ToolError(f"{path!r} is outside the project directory")
''',
        "write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    dest = Path(target)
    old_mode = stat.S_IMODE(dest.stat().st_mode) if dest.is_file() else None
    if old_mode is None:
        umask = os.umask(0)
        os.umask(umask)
        old_mode = 0o666 & ~umask
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="", dir=dest.parent,
                                     prefix=f".{dest.name}-", delete=False) as tmp:
        temp = Path(tmp.name)
        try:
            tmp.write(text)
            tmp.flush()
        except BaseException:
            tmp.close()
            temp.unlink(missing_ok=True)
            raise
    try:
        temp.chmod(old_mode)
        temp.replace(dest)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
''',
        "list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    try:
        folder = Path(resolve_in_root(path))
    except ToolError as err:
        return f"Error: {err}"
    if not folder.is_dir():
        return f"Error: {path} is not a directory"
    try:
        children = sorted(folder.iterdir(), key=lambda child: child.name)
    except OSError as err:
        return f"Error: cannot list {path}: {err.strerror}"

    def kind(child):
        return "dir" if os.path.isdir(child) else "file"

    return "\n".join(f"{child.name} [{kind(child)}]" for child in children) or "(empty directory)"


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        file = Path(resolve_in_root(filename))
    except ToolError as err:
        return f"Error: {err}"
    if not file.is_file():
        what = "does not exist" if not os.path.lexists(file) else "is not a regular file"
        return f"Error: {filename} {what}"
    try:
        return file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return f"Error: {filename} is not valid UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename}: {err.strerror}"
''',
        "edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    try:
        file = Path(resolve_in_root(path))
    except ToolError as err:
        return f"Error: {err}"
    if not (isinstance(old_str, str) and isinstance(new_str, str)):
        return "Error: old_str and new_str must be strings"
    try:
        if not old_str:
            if os.path.lexists(file) or Path(path).is_symlink():  # the link itself, dangling or not
                return f"Error: {path} already exists; edit it with a non-empty old_str instead"
            file.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(str(file), new_str)
            return f"Created {path}"
        if not file.is_file():
            return f"Error: {path} is not an existing regular file"
        content = file.read_text(encoding="utf-8")
        n = content.count(old_str)
        if n != 1:
            if n == 0:
                return f"Error: old_str not found in {path}; read the file and copy the text exactly"
            return f"Error: old_str matches {n} times in {path}; include more surrounding lines"
        write_atomically(str(file), content.replace(old_str, new_str, 1))
        return f"Edited {path}"
    except (OSError, UnicodeError, ValueError) as err:
        return f"Error: editing {path} failed: {err}"
''',
    },
    # a decorator makes each tool total; small helpers for the regular-file and text checks
    "decorator-and-helpers": {
        "resolve_in_root": r'''def _inside(root, real):
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    problems = [
        (lambda p: not isinstance(p, str) or not p, "the path must be a non-empty string"),
        (lambda p: "\x00" in p, "the path contains a NUL byte"),
        (lambda p: p.startswith("~"), "no '~': use a path relative to the project root"),
        (lambda p: os.path.isabs(p), "no absolute paths: use a path relative to the project root"),
    ]
    for test, reason in problems:
        if test(path):
            raise ToolError(reason)
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    if not _inside(root, real):
        raise ToolError(f"{path!r} resolves outside the project directory")
    return real
''',
        "write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    directory, name = os.path.split(os.path.abspath(target))
    fd, scratch = tempfile.mkstemp(dir=directory, prefix="." + name + ".", suffix=".new")
    ok = False
    try:
        with open(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        if os.path.exists(target):
            shutil.copymode(target, scratch)
        else:
            os.chmod(scratch, 0o644)
        os.replace(scratch, target)
        ok = True
    finally:
        if not ok and os.path.exists(scratch):
            os.unlink(scratch)
''',
        "list_and_read": r'''import functools


def returns_errors(function):
    """Turn ToolError, OSError and ValueError into 'Error: ...' strings."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except ToolError as err:
            return f"Error: {err}"
        except UnicodeDecodeError:
            return f"Error: {function.__name__}: the file is not UTF-8 text"
        except (OSError, ValueError) as err:
            return f"Error: {function.__name__} failed: {getattr(err, 'strerror', None) or err}"
    return wrapper


def regular_file(path):
    real = resolve_in_root(path)
    if not os.path.isfile(real):
        raise ToolError(f"{path!r} is not a regular file" if os.path.lexists(real) else f"{path!r} does not exist")
    return real


@returns_errors
def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    real = resolve_in_root(path)
    if not os.path.isdir(real):
        raise ToolError(f"{path!r} is not a directory")
    entries = sorted(os.listdir(real))
    tag = lambda name: "dir" if os.path.isdir(os.path.join(real, name)) else "file"
    return "\n".join(f"{name} [{tag(name)}]" for name in entries) if entries else "(empty directory)"


@returns_errors
def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    with open(regular_file(filename), encoding="utf-8") as f:
        return f.read()
''',
        "edit_file": r'''def _replace_once(text, old, new, path):
    found = text.count(old)
    if found == 0:
        raise ToolError(f"old_str is not in {path}; read the file and copy the text exactly")
    if found > 1:
        raise ToolError(f"old_str occurs {found} times in {path}; add nearby lines so it is unique")
    return text.replace(old, new, 1)


@returns_errors
def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    if not isinstance(old_str, str) or not isinstance(new_str, str):
        raise ToolError("old_str and new_str must be strings")
    real = resolve_in_root(path)
    if old_str == "":
        if os.path.lexists(real) or os.path.lexists(path):
            raise ToolError(f"{path} already exists: creating it again would erase it")
        os.makedirs(os.path.dirname(real), exist_ok=True)
        write_atomically(real, new_str)
        return f"Created {path}"
    real = regular_file(path)
    with open(real, encoding="utf-8") as f:
        text = f.read()
    write_atomically(real, _replace_once(text, old_str, new_str, path))
    return f"Edited {path}"
''',
    },
    # relpath-based containment; edits match in "\n" and keep a CRLF file CRLF
    "relpath-and-crlf": {
        "resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not isinstance(path, str):
        raise ToolError(f"path must be a string, not {type(path).__name__}")
    if not path:
        raise ToolError("path is empty")
    if "\x00" in path:
        raise ToolError("path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r} must be relative to the project root")
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    rel = os.path.relpath(real, root)
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        raise ToolError(f"{path!r} is outside the project directory")
    return real
''',
        "write_atomically": r'''def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8) so that it is never seen half-written.

    Write a temporary file in the target's folder, then os.replace() it over the target.
    On failure remove the temporary file, leave the target as it was, and re-raise.
    An existing target keeps its permission bits.
    """
    payload = text.encode("utf-8")  # an unencodable text fails here, before any file exists
    folder = os.path.dirname(os.path.abspath(target)) or "."
    fd, temp = tempfile.mkstemp(dir=folder, prefix=".edit-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        mode = stat.S_IMODE(os.stat(target).st_mode) if os.path.exists(target) else 0o644
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
''',
        "list_and_read": r'''def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    try:
        real = resolve_in_root(path)
        if not os.path.isdir(real):
            return f"Error: {path!r} is not a directory"
        names = sorted(os.listdir(real))
    except ToolError as err:
        return f"Error: {err}"
    except OSError as err:
        return f"Error: cannot list {path!r}: {err.strerror}"
    lines = []
    for name in names:
        lines.append(name + (" [dir]" if os.path.isdir(os.path.join(real, name)) else " [file]"))
    return "\n".join(lines) if lines else "(empty directory)"


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        real = resolve_in_root(filename)
    except ToolError as err:
        return f"Error: {err}"
    if os.path.isdir(real):
        return f"Error: {filename!r} is a directory; use list_files"
    if not os.path.isfile(real):
        if os.path.lexists(real):
            return f"Error: {filename!r} is not a regular file"
        return f"Error: {filename!r} does not exist"
    try:
        with open(real, "r", encoding="utf-8", newline="") as f:
            return f.read()
    except UnicodeDecodeError:
        return f"Error: {filename!r} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {filename!r}: {err.strerror}"
''',
        "edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    for name, value in (("old_str", old_str), ("new_str", new_str)):
        if not isinstance(value, str):
            return f"Error: {name} must be a string"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if old_str == "":
        if any(map(os.path.lexists, (real, path))):
            return f"Error: {path} already exists; read it and change part of it instead"
        try:
            os.makedirs(os.path.dirname(real), exist_ok=True)
            write_atomically(real, new_str)
        except (OSError, ValueError) as err:
            return f"Error: cannot create {path}: {err}"
        return f"Created {path}"
    if not os.path.isfile(real):
        return f"Error: {path} does not exist or is not a regular file"
    try:
        with open(real, encoding="utf-8", newline="") as f:
            text = f.read()
    except (OSError, ValueError) as err:
        return f"Error: cannot read {path}: {err}"
    # The model writes "\n": match a CRLF file in "\n" and give it back its CRLF.
    crlf = "\r\n" in text and text.count("\r\n") == text.count("\n")
    if crlf:
        text = text.replace("\r\n", "\n")
        old_str, new_str = old_str.replace("\r\n", "\n"), new_str.replace("\r\n", "\n")
    count = text.count(old_str)
    if count == 0:
        return f"Error: old_str not found in {path}; read the file and copy the text exactly"
    if count > 1:
        return f"Error: old_str found {count} times in {path}; add surrounding lines to make it unique"
    text = text.replace(old_str, new_str, 1)
    if crlf:
        text = text.replace("\n", "\r\n")
    try:
        write_atomically(real, text)
    except (OSError, ValueError) as err:
        return f"Error: cannot write {path}: {err}; the file is unchanged"
    return f"Edited {path}"
''',
    },
    # a student's compact version: guard clauses, a shared error helper, read via the read tool
    "compact-guard-clauses": {
        "resolve_in_root": r'''def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd).

    Raise ToolError with a one-line reason for anything else: a non-string or empty
    path, a NUL byte, an absolute path, a leading "~", or a real location (symlinks
    followed) outside the root.
    """
    if not (isinstance(path, str) and path and "\x00" not in path):
        raise ToolError("give a non-empty path without NUL bytes")
    if path[:1] in ("~", "/") or os.path.isabs(path):
        raise ToolError(f"{path}: only paths relative to the project root are accepted")
    root = os.path.realpath(".")
    real = os.path.realpath(path)
    if real not in (root,) and not real.startswith(os.path.join(root, "")):
        raise ToolError(f"{path} is outside the project")
    return real
''',
        "list_and_read": r'''def _err(message):
    return "Error: " + message


def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines; errors as 'Error: ...'."""
    try:
        real = resolve_in_root(path)
    except ToolError as e:
        return _err(str(e))
    if not os.path.isdir(real):
        return _err(f"{path} is not a directory")
    try:
        names = sorted(os.listdir(real))
    except OSError as e:
        return _err(f"cannot list {path}: {e.strerror}")
    return "\n".join(
        "%s [%s]" % (n, "dir" if os.path.isdir(os.path.join(real, n)) else "file") for n in names
    ) or "(empty directory)"


def _text_of(real, name):
    """(text, None) for a regular UTF-8 file, else (None, an 'Error: ...' string)."""
    if not os.path.isfile(real):
        return None, _err(f"{name} is not an existing regular file")
    try:
        with open(real, encoding="utf-8") as f:
            return f.read(), None
    except (OSError, UnicodeDecodeError) as e:
        return None, _err(f"cannot read {name} as UTF-8 text ({type(e).__name__})")


def read_file(filename: str) -> str:
    """Return the text of a regular UTF-8 file in the project; errors as 'Error: ...'."""
    try:
        real = resolve_in_root(filename)
    except ToolError as e:
        return _err(str(e))
    text, problem = _text_of(real, filename)
    return problem if problem else text
''',
        "edit_file": r'''def edit_file(path: str, old_str: str, new_str: str) -> str:
    """Create a file (old_str == "") or replace the single occurrence of old_str with new_str.

    Returns "Created <path>" or "Edited <path>"; every failure is an "Error: ..." string.
    """
    if not isinstance(old_str, str) or not isinstance(new_str, str):
        return _err("old_str and new_str must be strings")
    try:
        real = resolve_in_root(path)
    except ToolError as e:
        return _err(str(e))
    if old_str == "":
        if os.path.lexists(real) or os.path.islink(path):
            return _err(f"{path} already exists; edit it instead of creating it")
        try:
            os.makedirs(os.path.dirname(real), exist_ok=True)
            write_atomically(real, new_str)
            return f"Created {path}"
        except (OSError, ValueError) as e:
            return _err(f"cannot create {path}: {e}")
    text, problem = _text_of(real, path)
    if problem:
        return problem
    n = text.count(old_str)
    if n == 0:
        return _err(f"old_str not found in {path}; read the file and copy the text exactly")
    if n > 1:
        return _err(f"old_str appears {n} times in {path}; include more surrounding lines")
    try:
        write_atomically(real, text.replace(old_str, new_str, 1))
    except (OSError, ValueError) as e:
        return _err(f"cannot write {path}: {e}")
    return f"Edited {path}"
''',
    },
}
