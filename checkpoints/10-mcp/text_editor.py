"""text_editor.py (checkpoint 08): Anthropic's text editor tool, carried out on this machine.

The model sends {"command": "view" | "create" | "str_replace" | "insert", "path": ...};
str_replace_based_edit_tool() does it and answers with a string, never an exception.
The "Error: ..." wrapper is tools.py's (checkpoint 03's, carried here byte for byte). Its
directory safety is not enough here: a path checked, then opened by name, can be swapped
for a symlink in between by a job left running in the sandbox. So every file is reached
through confined.py, which walks the path from the project's root without following a
link and writes by rename inside the folder it reached: the editor is inside the fence.
The commands and their inputs are those of Anthropic's text editor tool docs
(text_editor_20250728), and so are the error strings for a replacement that matches
nothing or more than once: the words the documentation suggests. Anthropic's reference
implementation (anthropic-quickstarts, computer-use-demo/computer_use_demo/tools/edit.py)
asks for absolute paths and reads the text to insert from new_str: both are accepted too.

Every write takes the same road: confine the path, read the file and check the whole
request, make a timestamped backup, write atomically. The order is the lesson: a path
outside the project, or an edit that does not apply, fails before the backup, so a
refused call leaves nothing behind. (Back up first, and every refusal leaves a stray
copy, outside the project if the path was.)

Doubts, stated: backups are never pruned; a file changed by someone else between our
read and our write loses their change (no locking); binary detection looks at the first
8 KB for a NUL byte, which UTF-16 text also has.
"""

import codecs
import datetime
from dataclasses import dataclass

import confined  # NEW: no path checked, then used by name
from tools import ToolError, tool  # checkpoint 03's, via 04


@dataclass(frozen=True)
class EditorPolicy:
    """The text editor's limits; tests and courses swap in their own."""

    max_characters: int = 20_000  # the longest view sent to the model (the tool's max_characters)
    max_file_bytes: int = 10_000_000  # bigger files are refused whole: read them in parts with bash
    backup_dir: str = ".agent-backups"  # a copy of each file before each write, inside the project


POLICY = EditorPolicy()


# --- the text editor's files ---
# Every write goes: confine the path, read and check everything, back up, write. A path
# outside the project or an edit that does not apply fails before the backup, so a
# refused call leaves nothing behind (back up first, and a refusal leaves a stray copy).
def load(path):
    """(path, text, newline, BOM) of a UTF-8 text file; CRLF files come back as "\\n"."""
    data = confined.read(path, POLICY.max_file_bytes)
    if b"\x00" in data[:8192]:
        raise ToolError(f"{path} looks like a binary file; the text editor works on text only")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ToolError(f"{path} is not UTF-8 text (byte {err.start}); only UTF-8 can be edited") from None
    bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""
    if "\r\n" in text and text.count("\r\n") == text.count("\n"):  # all CRLF: edit in "\n"
        return path, text.replace("\r\n", "\n"), "\r\n", bom
    return path, text, "\n", bom  # LF, or mixed: matched byte for byte


def save(path, text, newline, bom):
    """Back up the current file, then write `text` atomically in the file's own newlines."""
    names = confined.parts(path)
    confined.writable(names, path)  # a protected path is refused before any backup is made
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    old = confined.read(path, POLICY.max_file_bytes)
    confined.write(f"{POLICY.backup_dir}/{'/'.join(names)}.{stamp}", old)
    confined.write(path, bom + text.replace("\n", newline).encode("utf-8"))


def split_lines(text):
    """Lines with their "\\n"; unlike splitlines(), form feeds and the like stay inside lines."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def capped(lines, first=1):
    """Numbered lines up to POLICY.max_characters, saying what did not fit and how to see it."""
    shown, size, limit = [], 0, POLICY.max_characters
    for n, line in enumerate(lines, start=first):
        numbered = f"{n}: {line.rstrip(chr(10))}"
        if size + len(numbered) > limit:
            if not shown:  # one line longer than the whole budget: its start, and say so
                shown.append(f"{numbered[:limit]} [... line {n} is cut at {limit} characters]")
                n += 1
            last = first + len(lines) - 1
            if n <= last:
                shown.append(f"[view shows at most {limit} characters: lines {n}-{last} were not "
                             f"shown; use view_range, e.g. [{n}, {min(last, n + 199)}]]")
            break
        shown.append(numbered)
        size += len(numbered) + 1
    return "\n".join(shown)


# --- the text editor's four commands ---
def view(path, view_range=None):
    if confined.kind(path) == "dir":  # two levels deep, hidden files left out, folders end in "/"
        listing = "\n".join(sorted(confined.listing(path))) or f"{path} is empty"
        return listing[:POLICY.max_characters] + ("\n[listing cut: view a subfolder]" * (
            len(listing) > POLICY.max_characters))
    _, text, _, _ = load(path)
    lines = split_lines(text)
    if view_range is None:
        return capped(lines) if lines else f"{path} is empty"
    if (not isinstance(view_range, list) or len(view_range) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in view_range)):
        raise ToolError("view_range must be [start, end]: 1-based line numbers, end -1 for the last line")
    start, end = view_range[0], len(lines) if view_range[1] == -1 else view_range[1]
    if not 1 <= start <= end <= len(lines):
        raise ToolError(f"view_range {view_range} is out of bounds: {path} has {len(lines)} lines; "
                        f"use 1 <= start <= end <= {len(lines)}, or -1 as end for the last line")
    return capped(lines[start - 1 : end], first=start)


def create(path, file_text):
    if not isinstance(file_text, str):
        raise ToolError("create needs file_text: the whole content of the new file")
    confined.write(path, file_text.encode("utf-8"), create_only=True)  # never over a file
    return f"File created successfully at: {path}"


def str_replace(path, old_str, new_str):
    if not isinstance(old_str, str) or not old_str or not isinstance(new_str, str):
        raise ToolError("old_str must be the exact, non-empty text to replace; new_str a string")
    _, text, newline, bom = load(path)
    if newline == "\r\n":
        old_str, new_str = old_str.replace("\r\n", "\n"), new_str.replace("\r\n", "\n")
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]  # overlaps count too
    if not starts:
        raise ToolError("No match found for replacement. Please check your text and try again.")
    if len(starts) > 1:
        lines = ", ".join(str(text.count("\n", 0, i) + 1) for i in starts)
        raise ToolError(f"Found {len(starts)} matches for replacement text. Please provide more "
                        f"context to make a unique match. (They start on lines {lines}.)")
    save(path, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :], newline, bom)
    line = text.count("\n", 0, starts[0]) + 1
    return f"Successfully replaced text at exactly one location (line {line} of {path})."


def insert(path, insert_line, insert_text):
    if not isinstance(insert_line, int) or isinstance(insert_line, bool):
        raise ToolError("insert_line must be a line number: the text goes after it, 0 for the top")
    if not isinstance(insert_text, str) or not insert_text:
        raise ToolError("insert needs insert_text: the text to insert")
    _, text, newline, bom = load(path)
    lines = split_lines(text)
    if not 0 <= insert_line <= len(lines):
        raise ToolError(f"insert_line {insert_line} is out of bounds: {path} has {len(lines)} "
                        f"lines, so use 0 (the top) to {len(lines)} (after the last line)")
    new = insert_text.replace("\r\n", "\n") if newline == "\r\n" else insert_text
    new += "" if new.endswith("\n") else "\n"
    count = new.count("\n")  # counted now: the next step may move the last newline
    if insert_line == len(lines) and lines and not lines[-1].endswith("\n"):
        lines[-1], new = lines[-1] + "\n", new[:-1]  # no final newline before: none after
    save(path, "".join(lines[:insert_line] + [new] + lines[insert_line:]), newline, bom)
    return f"Inserted {count} line(s) after line {insert_line} of {path}."


@tool
def str_replace_based_edit_tool(command, path, view_range=None, old_str=None, new_str=None,
                                file_text=None, insert_line=None, insert_text=None):
    """Anthropic's text editor: one tool, four commands."""
    if command == "view":
        return view(path, view_range)
    if command == "create":
        return create(path, file_text)
    if command == "str_replace":
        return str_replace(path, old_str, "" if new_str is None else new_str)
    if command == "insert":  # new_str too: the reference implementation's name for the text
        return insert(path, insert_line, new_str if insert_text is None else insert_text)
    raise ToolError(f"unknown command {command!r}; this text editor (text_editor_20250728) "
                    "has view, create, str_replace and insert")
