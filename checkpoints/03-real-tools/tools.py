"""tools.py (checkpoint 03): real tools, confined to the project, that never raise.

The lesson of checkpoint 03 in one module: list_files, read_file and edit_file touch the
disk now, so every path is checked and every failure comes back as a string the model
can read. agent.py imports it; try a tool on its own from any folder (that folder is the
root it guards):

    python -c "import sys; sys.path.insert(0, 'checkpoints/03-real-tools'); \\
import tools; print(tools.read_file('../../etc/passwd'))"

- resolve_in_root(): the one comparison that keeps every path inside the project
- tool(): ToolError and OS failures become "Error: ..." strings, never exceptions
- write_atomically(): a temp file, then a rename, so a file is never half-written
- run_tool(): dispatch that never raises, whatever the model sends
"""

import codecs
import functools
import os
import stat
import tempfile

READ_MAX_LINES = 2000  # read_file returns at most this many lines...
READ_MAX_BYTES = 100_000  # ...and at most this much text, whichever comes first


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
def read_file(filename):
    real = regular_file(filename)
    kept, size, total, cut = [], 0, 0, False
    with open(real, "rb") as f:
        if b"\x00" in f.read(8192):  # sniff first: a huge binary costs 8 KB, not all of it
            raise ToolError(f"{filename} looks like a binary file; only text files can be read")
        f.seek(0)
        # Stream: lines past the cap are counted, never decoded or kept, so a 2 GB log
        # costs the lines we return plus one pass to count the rest.
        for total, raw in enumerate(f, start=1):
            cut = cut or len(kept) == READ_MAX_LINES or size + len(raw) > READ_MAX_BYTES
            if not cut:
                try:
                    line = raw.decode("utf-8-sig" if total == 1 else "utf-8")  # -sig: drop a BOM
                except UnicodeDecodeError:
                    raise ToolError(f"{filename} line {total} is not UTF-8 text") from None
                kept.append(line.replace("\r\n", "\n"))  # the model sees "\n", as edit_file expects
                size += len(raw)
    text = "".join(kept)
    if cut:  # say what was cut, in numbers, so the model never mistakes a prefix for the file
        text += (f"\n[read_file shows at most {READ_MAX_LINES} lines / {READ_MAX_BYTES // 1000} KB:"
                 f" lines {len(kept) + 1}-{total} of {total} were cut. This tool cannot show them;"
                 " work with the part above or tell the user the file is too large to read whole.]")
    return text


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
