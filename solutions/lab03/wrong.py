"""Known-wrong implementations of lab 3: each must lose points (tests/grading/test_integrity.py)."""

from agentcourse.course.nbrun import chain, drop, swap

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
            if os.path.lexists(path) or os.path.lexists(target):
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


# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
_CHECK = "    if target != root and root not in target.parents:"


WRONG.update({
    # Every symlink refused, even one that stays inside the project.
    "resolve-refuses-every-symlink": {
        "resolve_in_root": swap(_CHECK, "    if any(p.is_symlink() for p in [root / path, *(root / path).parents] if p != root and root in p.parents):\n"
                                        "        raise ToolError(f\"{path!r} is a symbolic link\")\n" + _CHECK),
    },
    # Only the last part of the path is checked for a link: a linked folder on the way is not.
    "resolve-follows-only-the-final-link": {
        "resolve_in_root": swap("    target = Path(os.path.realpath(root / path))",
                                "    joined = root / path\n"
                                "    target = Path(os.path.realpath(joined) if joined.is_symlink() else os.path.normpath(joined))"),
    },
    # normpath instead of realpath: links are not followed at all.
    "resolve-normpath": {
        "resolve_in_root": swap("    target = Path(os.path.realpath(root / path))", "    target = Path(os.path.normpath(root / path))"),
    },
    # The root read once, when the function is defined.
    "resolve-root-fixed-at-definition": {
        "resolve_in_root": chain(
            swap("def resolve_in_root(path: str) -> str:", "ROOT = Path(os.path.realpath(os.getcwd()))\n\n\ndef resolve_in_root(path: str) -> str:"),
            swap("    root = Path(os.path.realpath(os.getcwd()))  # the root is the cwd now, links resolved", "    root = ROOT")),
    },
    # Path.resolve(strict=True): a file about to be created does not resolve.
    "resolve-strict": {
        "resolve_in_root": swap("    target = Path(os.path.realpath(root / path))", "    target = (root / path).resolve(strict=True)"),
    },
    # os.path.commonprefix compares characters, not folders.
    "resolve-commonprefix": {
        "resolve_in_root": swap(_CHECK, "    if os.path.commonprefix([str(root), str(target)]) != str(root):"),
    },
    # No NUL check: realpath raises ValueError, not ToolError.
    "resolve-no-nul-check": {
        "resolve_in_root": swap('    if "\\x00" in path:\n        raise ToolError("the path contains a NUL byte")\n', ""),
    },
    # A failure swallowed: the caller thinks the write happened.
    "write-swallows-failures": {
        "write_atomically": swap("            os.unlink(tmp)\n        raise", "            os.unlink(tmp)"),
    },
    # Entries labelled with os.stat: a looping or broken link raises.
    "list-files-stat-raises-on-a-loop": {
        "list_and_read": swap("""    lines = [f"{n} [{'dir' if os.path.isdir(os.path.join(target, n)) else 'file'}]" for n in names]""",
                              """    lines = [f"{n} [{'dir' if stat.S_ISDIR(os.stat(os.path.join(target, n)).st_mode) else 'file'}]" for n in names]"""),
    },
    # An empty folder listed as an empty string.
    "list-files-empty-is-blank": {
        "list_and_read": swap('    return "\\n".join(lines) or "(empty directory)"', '    return "\\n".join(lines)'),
    },
    # Not UTF-8: the bad bytes replaced, and the text returned anyway.
    "read-file-replaces-bad-bytes": {
        "list_and_read": swap('        return target.read_text(encoding="utf-8")', '        return target.read_text(encoding="utf-8", errors="replace")'),
    },
    # Only "does it exist?": a looping link reads as a missing file... and a folder raises.
    "read-file-opens-anything-that-exists": {
        "list_and_read": swap('''    if not target.is_file():  # a FIFO would block the agent forever; a folder has no text
        return f"Error: {filename!r} is not a regular file"''', '''    if target.is_dir():
        return f"Error: {filename!r} is a folder"'''),
    },
    # Missing parent folders not made.
    "edit-create-without-parents": {"edit_file": swap("            target.parent.mkdir(parents=True, exist_ok=True)\n", "")},
    # The count left out of the "several" error.
    "edit-several-without-the-count": {
        "edit_file": swap('''            return (f"Error: old_str occurs {count} times in {path}; "''', '''            return (f"Error: old_str occurs several times in {path}; "'''),
    },
    # "Created" and "Edited" the other way round... and no path in the message.
    "edit-messages-without-the-path": {
        "edit_file": swap('            return f"Created {path}"', '            return "Created"'),
    },
})

RIGHT.update({
    # os.path throughout, a local named like the setup's is_error, the checks in another order.
    "resolve-with-os-path-and-local-names": {
        "resolve_in_root": '''\
def resolve_in_root(path: str) -> str:
    """Return the real location of `path` if it is inside the project root (the cwd)."""
    is_error = None
    if type(path) is not str or path == "":
        is_error = "not a usable path"
    elif "\\0" in path:
        is_error = "NUL byte in the path"
    elif os.path.isabs(path) or path[0] == "~":
        is_error = "absolute or home paths are not allowed"
    if is_error:
        raise ToolError(is_error)
    here = os.path.realpath(os.getcwd())
    there = os.path.realpath(os.path.join(here, path))
    if os.path.commonpath([here, there]) != here:
        raise ToolError(f"{path} is outside the project directory")
    return there
''',
    },
})
