"""tools.py (checkpoint 04): search, then read only the lines you need.

Checkpoint 03's tools.py with read_file replaced: search_file finds the lines that match
a pattern, read_lines returns a few numbered lines. Both stream files, so a huge file
costs only the lines they return. Try them on their own from any folder:

    python -c "import sys; sys.path.insert(0, 'checkpoints/04-search-read-lines'); \\
import tools; print(tools.search_file('def ', '.'))"

- search_file(): `path:line: text` for each matching line, at most 50, saying what was cut
- read_lines(): lines start to end, numbered, at most 200 per call
- unchanged from 03: resolve_in_root(), tool(), write_atomically(), list_files(),
  edit_file() and run_tool()
"""

import codecs
import functools
import os
import re
import stat
import tempfile

SEARCH_MAX_MATCHES = 50  # matching lines returned by one search_file call
READ_LINES_MAX = 200  # lines returned by one read_lines call
LINE_MAX_CHARS = 2000  # a longer line (minified code, data) is cut, with a marker


# --- directory safety ---
# The model chooses every path, so every path is hostile until proven otherwise. The rule
# is one comparison: resolve the path as the OS will (following symlinks, folding "..") and
# accept it only if the result is the root or inside it. A check of the raw string for ".."
# misses symlinks, which is how most escapes happen. Left open: a file swapped for a symlink
# between our check and our open(), a race only a hostile local process could win.
class ToolError(Exception):
    """A failure the model should read about; its message becomes "Error: ..."."""


def tool(function):
    """Make a tool total: ToolError and OS failures come back as "Error: ..." strings."""
    @functools.wraps(function)
    def safe(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except ToolError as err:
            return f"Error: {err}"
        except (OSError, ValueError) as err:  # permissions, full disk, odd names...
            return f"Error: {function.__name__} failed: {getattr(err, 'strerror', None) or err}"
    return safe


def resolve_in_root(path):
    """The real path `path` names, if it stays inside the project root; else ToolError."""
    if not isinstance(path, str) or not path.strip():
        raise ToolError("path must be a non-empty string, relative to the project root")
    if "\x00" in path:
        raise ToolError("path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = os.path.realpath(os.getcwd())  # the root is the cwd *now*, not at import time
    real = os.path.realpath(os.path.join(root, path))
    if real != root and not real.startswith(root + os.sep):
        raise ToolError(f"{path!r} is outside the project directory; access refused")
    return real


def regular_file(path):
    """The resolved path of an existing regular file: no folders, devices or fifos."""
    real = resolve_in_root(path)
    if not os.path.isfile(real):  # false for folders, fifos and devices as well
        raise ToolError(f"{path} is not a regular file" if os.path.exists(real) else
                        f"{path} does not exist")
    return real


def read_text(path):
    """(real path, text, has_bom) of a whole UTF-8 text file; binary files are errors too."""
    real = regular_file(path)
    with open(real, "rb") as f:
        data = f.read()
    if b"\x00" in data[:8192]:
        raise ToolError(f"{path} looks like a binary file; only text files can be read")
    try:
        return real, data.decode("utf-8-sig"), data.startswith(codecs.BOM_UTF8)
    except UnicodeDecodeError:
        raise ToolError(f"{path} is not UTF-8 text; only UTF-8 files can be read") from None


def write_atomically(real, data):
    """Write a temp file beside the target, then rename it over: never half-written."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(real), prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, stat.S_IMODE(os.stat(real).st_mode) if os.path.exists(real) else 0o644)
        os.replace(tmp, real)  # atomic: readers see the old file or the new, never half
    except BaseException:
        os.unlink(tmp)
        raise


# --- the tool schemas, built by a small helper ---
# agent.py keeps the descriptions: they are part of the prompt.
def schema(name, description, **params):
    """A custom tool's schema. Every parameter is required; each is its description (a
    string) or a (JSON type, description) pair."""
    pairs = {key: p if isinstance(p, tuple) else ("string", p) for key, p in params.items()}
    properties = {key: {"type": t, "description": d} for key, (t, d) in pairs.items()}
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": properties, "required": list(params)}}


# --- the tools ---
# There is no delete tool: the surest way to forbid an action is not to offer it.
@tool
def list_files(path="."):
    real = resolve_in_root(path)
    if not os.path.isdir(real):
        raise ToolError(f"{path} is not a directory")
    lines = [f"{e} [{'dir' if os.path.isdir(os.path.join(real, e)) else 'file'}]"
             for e in sorted(os.listdir(real))]
    return "\n".join(lines) or f"{path} is empty"


@tool
def edit_file(path, old_str, new_str):
    if not isinstance(old_str, str) or not isinstance(new_str, str):
        raise ToolError("old_str and new_str must be strings")
    real = resolve_in_root(path)
    if old_str == "":
        # Creating must never clobber work: a non-empty file gets edited, not replaced.
        if os.path.lexists(real) and not os.path.isfile(real):
            raise ToolError(f"{path} exists and is not a regular file")
        if os.path.isfile(real) and os.path.getsize(real) > 0:
            raise ToolError(f"{path} already exists and is not empty; read it and edit it with a "
                            "non-empty old_str instead of creating it again")
        os.makedirs(os.path.dirname(real), exist_ok=True)  # real is inside the root
        write_atomically(real, new_str.encode("utf-8"))
        return f"Created {path}"

    real, text, has_bom = read_text(path)
    # The model reads and writes "\n". A CRLF file must stay CRLF, so match in "\n" and
    # convert back; a file that mixes both is matched as it is, byte for byte.
    crlf = "\r\n" in text and text.count("\r\n") == text.count("\n")
    if crlf:
        text = text.replace("\r\n", "\n")
        old_str, new_str = old_str.replace("\r\n", "\n"), new_str.replace("\r\n", "\n")
    count = text.count(old_str)
    if count == 0:
        raise ToolError(f"old_str was not found in {path}; read the file again and copy the text "
                        "exactly, indentation and line breaks included")
    if count > 1:
        raise ToolError(f"old_str was found {count} times in {path}; include more of the "
                        "surrounding lines so that it matches exactly once")
    line = text[: text.index(old_str)].count("\n") + 1
    text = text.replace(old_str, new_str, 1)
    text = text.replace("\n", "\r\n") if crlf else text
    write_atomically(real, (codecs.BOM_UTF8 if has_bom else b"") + text.encode("utf-8"))
    return f"Edited {path} (at line {line})"


# --- search_file and read_lines (read_file is gone) ---
# read_file put a whole file into the context: every line of a 500-line module, paid again
# on every later call. Searching for the line and reading a few around it costs a few
# percent of that (lecture 6.3 measures it). Both tools stream, so a multi-gigabyte log
# costs what the answer costs.
def clip(line):
    """One line as a tool shows it: no newline, and cut if it is absurdly long."""
    line = line.rstrip("\r\n")
    extra = len(line) - LINE_MAX_CHARS
    return line[:LINE_MAX_CHARS] + f" [... {extra} more characters]" if extra > 0 else line


def files_to_search(real, root):
    """Every regular file under the folder, sorted; hidden ones and links out skipped."""
    for folder, dirs, files in os.walk(real):  # os.walk never follows symlinked folders
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(f for f in files if not f.startswith(".")):
            path = os.path.join(folder, name)
            if os.path.islink(path):  # only a file symlink can lead out from here
                path = os.path.realpath(path)
            if path.startswith(root + os.sep) and os.path.isfile(path):  # a fifo would block
                yield path


def matching_lines(real, line_re, chunk_re):
    """(line number, line) for each line of the file that line_re matches; none if binary."""
    # A Python loop over every line would be several times slower than grep. So the C regex
    # engine scans 1 MB chunks of whole lines with chunk_re (the pattern in MULTILINE mode),
    # and only the lines it lands on are checked with line_re, which rejects any extras.
    with open(real, "rb") as f:
        chunk = f.read(1 << 20)
        if b"\x00" in chunk[:8192]:
            return  # binary: the same test as read_lines makes
        lineno = 0  # lines counted so far: all those before `pos`
        while chunk:
            if not chunk.endswith(b"\n"):
                chunk += f.readline()  # end the chunk at a line end
            text = chunk.decode("utf-8", errors="replace")
            if "\r" in text:  # count CRLF lines as read_lines does (a copy, so only if needed)
                text = text.replace("\r\n", "\n")
            pos = 0
            # The empty string after the chunk's last "\n" is not a line (a pattern like
            # ^$ would match it), so the search stops short of it.
            stop = len(text) - 1 if text.endswith("\n") else len(text)
            while pos < len(text) and (found := chunk_re.search(text, pos, stop)):
                start = text.rfind("\n", 0, found.start()) + 1
                end = text.find("\n", found.start())
                end = len(text) if end < 0 else end
                lineno += text.count("\n", pos, start) + 1
                if line_re.search(line := text[start:end]):
                    yield lineno, line
                pos = end + 1
            chunk = f.read(1 << 20)
            if chunk:  # more to come, numbered after this chunk's lines (else: skip the count)
                lineno += text.count("\n", pos)


@tool
def search_file(pattern, path="."):
    if not isinstance(pattern, str) or not pattern:
        raise ToolError("pattern must be a non-empty regular expression")
    try:
        line_re = re.compile(pattern)
        # \A and \Z mean "start/end of the line" to a line search but not to a chunk
        # search, so such patterns skip the chunk trick and check every line.
        chunk_re = re.compile(r"^" if re.search(r"\\[AZ]", pattern) else pattern, re.MULTILINE)
    except re.error as err:
        raise ToolError(f"bad regular expression {pattern!r}: {err}") from None
    root = os.path.realpath(os.getcwd())
    real = resolve_in_root(path)
    files = files_to_search(real, root) if os.path.isdir(real) else [regular_file(path)]
    shown, total = [], 0
    for file in files:
        for lineno, line in matching_lines(file, line_re, chunk_re):
            total += 1
            if len(shown) < SEARCH_MAX_MATCHES:
                name = os.path.relpath(file, root).replace(os.sep, "/")
                shown.append(f"{name}:{lineno}: {clip(line)}")
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; {total - len(shown)} more "
                     "were cut. Narrow the search: a more specific pattern, or a path to one "
                     "folder or file.]")
    return "\n".join(shown)


@tool
def read_lines(path, start, end):
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        raise ToolError("start and end must be line numbers (whole numbers, 1-based)") from None
    if start < 1 or end < start:
        raise ToolError(f"need 1 <= start <= end, got start={start}, end={end}")
    real = regular_file(path)
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    with open(real, "rb") as f:  # bytes: lines before `start` are counted, never decoded
        if b"\x00" in f.read(8192):  # a NUL in the first 8 KB: binary, as grep and git judge
            raise ToolError(f"{path} looks like a binary file; only text files can be read")
        f.seek(0)
        for last, raw in enumerate(f, start=1):
            if last >= start:
                try:
                    line = raw.decode("utf-8-sig" if last == 1 else "utf-8")  # -sig: drop a BOM
                except UnicodeDecodeError:
                    raise ToolError(f"{path} line {last} is not UTF-8 text") from None
                shown.append(f"{last}: {clip(line)}")
            if last >= stop:
                break  # stop reading here: what comes after costs nothing
    if not shown:
        raise ToolError(f"{path} has {last} lines; start={start} is past the end")
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[read_lines returns at most {READ_LINES_MAX} lines: stopped at line "
                     f"{stop}. Call read_lines(start={stop + 1}, end={end}) for the rest.]")
    return "\n".join(shown)



# --- dispatch, which never raises ---
# It takes the tool table, which agent.py owns. Missing or unknown arguments get their own
# message: they are the model's mistake, and it should hear it plainly.
def run_tool(functions, name, tool_input):
    """Run one tool call from the table `functions`. Never raises: every failure becomes
    an "Error: ..." string."""
    function = functions.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}; the tools are {', '.join(functions)}"
    try:
        return function(**tool_input)
    except TypeError as err:
        return f"Error: bad arguments for {name}: {err}"
    except Exception as err:
        return f"Error: {name} failed: {err}"
