"""Known-wrong implementations of lab 3: each must lose points (tests/labs/test_integrity.py)."""

from agentcourse.nbtools import drop, swap

WRONG = {
    # The classic: a string-prefix test. "<tmp>/proj-evil" starts with "<tmp>/proj".
    "prefix-check-fooled-by-sibling": {
        "resolve_in_root": swap(
            "if target != root and root not in target.parents:",
            "if not str(target).startswith(str(root)):",
        ),
    },
    # abspath normalizes ".." but does not follow links: notes.txt -> ../secret.txt passes.
    "abspath-fooled-by-symlink": {
        "resolve_in_root": swap(
            "target = Path(os.path.realpath(root / path))",
            "target = Path(os.path.abspath(root / path))",
        ),
    },
    # Absolute paths that happen to point inside are still refused by the contract.
    "absolute-paths-allowed": {
        "resolve_in_root": swap('if path.startswith("~") or os.path.isabs(path):',
                                'if path.startswith("~"):'),
    },
    # Exceptions escape into the loop instead of reaching the model as "Error: ..." strings.
    "tools-raise-instead-of-returning-errors": {
        "list_and_read": '''\
def list_files(path: str) -> str:
    """List a project directory as sorted 'name [dir]' / 'name [file]' lines."""
    target = resolve_in_root(path)
    names = sorted(os.listdir(target))
    lines = [f"{n} [{'dir' if os.path.isdir(os.path.join(target, n)) else 'file'}]" for n in names]
    return "\\n".join(lines) or "(empty directory)"


def read_file(filename: str) -> str:
    """Return the text of a file in the project."""
    target = Path(resolve_in_root(filename))
    if not target.is_file():
        raise FileNotFoundError(filename)
    return target.read_text(encoding="utf-8")
''',
    },
    # No regular-file check: opening a FIFO blocks forever (the check times out after 1 s).
    "reads-fifos-and-folders": {
        "list_and_read": drop('''\
    if not target.is_file():  # a FIFO would block the agent forever; a folder has no text
        return f"Error: {filename!r} is not a regular file"
'''),
    },
    # open(target, "w") truncates first: a failed write leaves an empty file.
    "non-atomic-write": {
        "write_atomically": '''\
def write_atomically(target: str, text: str) -> None:
    """Replace the file `target` with `text` (UTF-8)."""
    with open(target, "w", encoding="utf-8", newline="") as f:
        f.write(text)
''',
    },
    # The temp file is left behind when the write fails.
    "temp-file-left-on-failure": {
        "write_atomically": drop('''\
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
'''),
    },
    # mkstemp's 0600 mode replaces the file's own permission bits.
    "permission-bits-lost": {
        "write_atomically": drop('''\
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
        os.chmod(tmp, mode)
'''),
    },
    # replace() without a count, and no ambiguity check: every "return a" changes.
    "replaces-all-occurrences": {
        "edit_file": lambda source: swap("if count > 1:", "if False:")(
            swap("text.replace(old_str, new_str, 1)", "text.replace(old_str, new_str)")(source)
        ),
    },
    # Creating over an existing file silently throws its text away.
    "create-overwrites-existing": {
        "edit_file": drop('''\
            if os.path.lexists(target):
                return f"Error: {path!r} already exists; read it and replace part of it instead"
'''),
    },
    # edit_file bypasses write_atomically (truncate-then-write in place).
    "edit-writes-in-place": {
        "edit_file": swap(
            "write_atomically(str(target), text.replace(old_str, new_str, 1))",
            'target.write_text(text.replace(old_str, new_str, 1), encoding="utf-8")',
        ),
    },
}

RIGHT = {
    # Lecture 6.2 and checkpoint 03's comparison: string prefix WITH the separator, after realpath.
    "startswith-root-plus-separator": {
        "resolve_in_root": swap(
            "if target != root and root not in target.parents:",
            "if str(target) != str(root) and not str(target).startswith(str(root) + os.sep):",
        ),
    },
    # os.path.commonpath is another whole-component comparison.
    "commonpath": {
        "resolve_in_root": swap(
            "if target != root and root not in target.parents:",
            "if os.path.commonpath([str(root), str(target)]) != str(root):",
        ),
    },
}
