"""Mutants that no test can kill, because they change nothing a caller can observe.

Each entry names the mutant by (file, function, the source line(s) it changes, what they
become) and says why it is equivalent. `python -m mutation` leaves these out of the score
and lists them; an entry that no longer matches any mutant is reported as stale.
docs/MUTATION.md lists them too (a test checks that it does).
"""

CP03 = "checkpoints/03-real-tools/agent.py"
CP04 = "checkpoints/04-search-read-lines/agent.py"
VALIDATE = "agentcourse/tutor/validate.py"
BARE_STAR = ("the bare * in a parameter list is not a multiplication: cosmic-ray's * -> / operator "
             "turns the keyword-only marker into the positional-only one, which changes only how "
             "the function may be called, and every caller passes these flags by keyword.")
CHUNK_SIZE = ("the chunk size only sets how much is read at a time: every chunk is extended to a "
              "line end and the line count carries over, so any size gives the same matches "
              "(the chunk-boundary tests place needles exactly at 1 MiB).")

EQUIVALENT: dict[tuple[str, str, str, str], str] = {
    (CP03, "resolve_in_root",
     "root = os.path.realpath(os.getcwd())  # the root is the cwd *now*, not at import time",
     "root = os.path.abspath(os.getcwd())  # the root is the cwd *now*, not at import time"):
        "os.getcwd() already returns the resolved path (the kernel keeps the working "
        "directory without symlinks), so realpath and abspath agree on it.",
    (CP03, "read_file",
     "kept, size, total, cut = [], 0, 0, False",
     "kept, size, total, cut = [], 0, 1, False"):
        "total is set by the loop before any use; it keeps its first value only for an "
        "empty file, where nothing is cut and total is never read.",
    (CP03, "read_file",
     "kept, size, total, cut = [], 0, 0, False",
     "kept, size, total, cut = [], 0, -1, False"):
        "as above: total's first value is never read.",
    (CP03, "read_file",
     'text += (f"\\n[read_file shows at most {READ_MAX_LINES} lines / {READ_MAX_BYTES // 1000} KB:"',
     'text += (f"\\n[read_file shows at most {READ_MAX_LINES} lines / {READ_MAX_BYTES // 999} KB:"'):
        "100,000 // 999 and 100,000 // 1000 are both 100: the notice reads the same.",
    (CP03, "write_atomically",
     "os.chmod(tmp, stat.S_IMODE(os.stat(real).st_mode) if os.path.exists(real) else 0o644)",
     "os.chmod(tmp, stat.S_IMODE(os.stat(real).st_mode) if os.path.lexists(real) else 0o644)"):
        "real is a resolved path: it is a symlink only for a symlink loop, and edit_file "
        "refuses those before writing, so exists and lexists agree on every path that "
        "reaches this line.",
    (CP03, "edit_file",
     "if os.path.isfile(real) and os.path.getsize(real) > 0:",
     "if os.path.exists(real) and os.path.getsize(real) > 0:"):
        "the line before refuses anything that exists and is not a regular file, so here "
        "exists(real) and isfile(real) are the same test.",
    (CP03, "edit_file",
     "text = text.replace(old_str, new_str, 1)",
     "text = text.replace(old_str, new_str, 2)"):
        "old_str was just counted exactly once in text, so replacing at most 1 or at most "
        "2 occurrences makes the same text.",
    (CP04, "search_file",
     "root = os.path.realpath(os.getcwd())",
     "root = os.path.abspath(os.getcwd())"):
        "os.getcwd() already returns the resolved path, as in resolve_in_root.",
    (CP04, "files_to_search",
     "if os.path.islink(path):  # only a file symlink can lead out from here",
     "if os.path.isfile(path):  # only a file symlink can lead out from here"):
        "os.walk starts from a resolved folder and never enters a symlinked one, so a path "
        "it lists is already real unless it is a symlink: realpath() changes nothing for a "
        "regular file, and a link to a file passes isfile() and is resolved either way.",
    (CP04, "matching_lines", "chunk = f.read(1 << 20)", "chunk = f.read( 2 << 20)"):
        CHUNK_SIZE,
    (CP04, "matching_lines", "chunk = f.read(1 << 20)", "chunk = f.read(1 << 21)"):
        CHUNK_SIZE,
    (CP04, "matching_lines", "chunk = f.read(1 << 20)", "chunk = f.read(1 << 19)"):
        CHUNK_SIZE,
    (CP04, "matching_lines",
     "while pos < len(text) and (found := chunk_re.search(text, pos, stop)):",
     "while pos <= len(text) and (found := chunk_re.search(text, pos, stop)):"):
        "stop is at most len(text), and a search that starts past stop finds nothing, so "
        "pos == len(text) ends the loop either way.",
    (VALIDATE, "check_request",
     "body: dict, *, count_only: bool = False, beta: bool = False, any_model: bool = False,",
     "body: dict, /, count_only: bool = False, beta: bool = False, any_model: bool = False,"):
        BARE_STAR,
    (VALIDATE, "check_messages_request",
     "body: dict, *, count_only: bool = False, beta: bool = False, version: str = LATEST",
     "body: dict, /, count_only: bool = False, beta: bool = False, version: str = LATEST"):
        BARE_STAR,
}
