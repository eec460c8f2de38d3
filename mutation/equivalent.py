"""Mutants that no test can kill, because they change nothing a caller can observe.

Each entry names the mutant by (file, function, the source line(s) it changes, what they
become) and says why it is equivalent. `python -m mutation` leaves these out of the score
and lists them; an entry that no longer matches any mutant is reported as stale.
docs/MUTATION.md lists them too (a test checks that it does).
"""

CP03 = "checkpoints/03-real-tools/tools.py"
CP04 = "checkpoints/04-search-read-lines/tools.py"
VALIDATE = "agentcourse/tutor/speak/validate.py"
GUARD = "checkpoints/08-anthropic-tools/guardrail.py"
CP06 = "checkpoints/06-context/context.py"
BWRAP = "agentcourse/grading/sandbox/bwrap.py"
KERNELS = "agentcourse/grading/sandbox/kernel_manager.py"
CP07 = "checkpoints/07-prompt-layers/layers.py"
EDITOR = "checkpoints/08-anthropic-tools/text_editor.py"
BARE_STAR = ("the bare * in a parameter list is not a multiplication: cosmic-ray's * -> / operator "
             "turns the keyword-only marker into the positional-only one, which changes only how "
             "the function may be called, and every caller passes these flags by keyword.")
CHUNK_SIZE = ("the chunk size only sets how much is read at a time: every chunk is extended to a "
              "line end and the line count carries over, so any size gives the same matches "
              "(the chunk-boundary tests place needles exactly at 1 MiB).")

LINK_TIMING = ("timing only: the deadline is reached only by a kernel that never binds its "
               "sockets, and the poll interval only sets how often the folder is looked at (a "
               "negative sleep returns at once); the sockets are linked, and a dead kernel "
               "given up on, the same way with any of these values.")
ONE_ITEM = "uid_counter is a list of one item: [0] and [-1] are the same item."
PROBE_TIMEOUT = ("the probe sandbox starts in milliseconds; only a hung bwrap reaches the "
                 "timeout, and 29, 30 or 31 seconds all stop it and report the same.")

CWD_IS_REAL = ("os.getcwd() already returns the resolved path (the kernel keeps the working "
               "directory without symlinks), so realpath and abspath agree on it.")
ONE_MATCH = ("there is exactly one match by the time this runs (none and several were refused "
             "just before), so starts[0] and starts[-1] are the same.")

NO_ASSISTANT = ("the default is used only when no message is the model's, and 0, 1 and -1 are all "
                "below 2: compact returns at once whichever it is.")

EQUIVALENT: dict[tuple[str, str, str, str], str] = {
    (GUARD, "_gaps_blank",
     "pairs = zip(edges[::2], edges[1::2], strict=True)",
     "pairs = zip(edges[::2], edges[1::2], strict=False)"):
        "edges is the node's start, two offsets per child, and its end: always an even "
        "count, so the two halves are always the same length and strict never has "
        "anything to catch (it states the intent, and ruff asks for it).",
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
    (CP06, "manage",
     "def manage(client, messages, turn_start, window, policy, *, model, system, tools):",
     "def manage(client, messages, turn_start, window, policy, /, model, system, tools):"):
        BARE_STAR,
    (CP06, "compact",
     "def compact(client, messages, turn_start, window, *, model, system, tools, policy):",
     "def compact(client, messages, turn_start, window, /, model, system, tools, policy):"):
        BARE_STAR,
    (CP06, "compact",
     "if cut < 2 or messages[-1][\"role\"] != \"user\":",
     "if cut <= 2 or messages[-1][\"role\"] != \"user\":"):
        "the list alternates user and assistant messages from a user message at index 0, so "
        "an assistant message has an odd index and cut is never 2.",
    (CP06, "compact",
     "mid_turn = cut > turn_start",
     "mid_turn = cut >= turn_start"):
        "turn_start indexes the user message that began the turn and cut an assistant "
        "message, so the two are never equal.",
    (CP06, "shrink",
     "if size + len(line) > limit // 2:",
     "if size + len(line) > limit / 2:"):
        "size + len(line) is a whole number, and a whole number is above n / 2 exactly when "
        "it is above n // 2 (for an odd n both mean at least (n + 1) / 2).",
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "if time.monotonic() > deadline or not await self._async_is_alive():",
     "if time.monotonic() >= deadline or not await self._async_is_alive():"):
        "time.monotonic() is a float read a few times a second: it equals the deadline only "
        "by chance, and then the two tests differ for that one reading.",
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "os.link(src, dst, follow_symlinks=False)",
     "os.link(src, dst, follow_symlinks=True)"):
        "on Linux, the only system the sandbox runs on, link(2) never follows a symlink, and "
        "Python calls it for follow_symlinks=True: both make a link to the symlink itself "
        "(test_a_socket_swapped_for_a_link_after_the_check_is_never_followed checks the "
        "outcome; the flag says the intent, and matters on other systems).",
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "break",
     "continue"):
        "the break leaves the loop when nothing is pending; continue goes back to `while "
        "pending`, which is then false and leaves it too.",
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "async def _link_sockets(self, timeout: float = 60.0) -> None:",
     "async def _link_sockets(self, timeout: float = 61.0) -> None:"):
        LINK_TIMING,
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "async def _link_sockets(self, timeout: float = 60.0) -> None:",
     "async def _link_sockets(self, timeout: float = 59.0) -> None:"):
        LINK_TIMING,
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "await asyncio.sleep(0.02)",
     "await asyncio.sleep( 1.02)"):
        LINK_TIMING,
    (KERNELS, "ConfinedKernelManager._link_sockets",
     "await asyncio.sleep(0.02)",
     "await asyncio.sleep( -0.98)"):
        LINK_TIMING,
    (BWRAP, "kernel_uid",
     "uid_counter[0] += 1",
     "uid_counter[ -1] += 1"):
        ONE_ITEM,
    (BWRAP, "kernel_uid",
     "return 2_000_000 + (os.getpid() % 100_000) * 16 + uid_counter[0] % 16",
     "return 2_000_000 + (os.getpid() % 100_000) * 16 + uid_counter[ -1] % 16"):
        ONE_ITEM,
    (BWRAP, "confinement_problem",
     "done = subprocess.run(argv, capture_output=True, text=True, timeout=30,",
     "done = subprocess.run(argv, capture_output=True, text=True, timeout= 31,"):
        PROBE_TIMEOUT,
    (BWRAP, "confinement_problem",
     "done = subprocess.run(argv, capture_output=True, text=True, timeout=30,",
     "done = subprocess.run(argv, capture_output=True, text=True, timeout= 29,"):
        PROBE_TIMEOUT,
    (BWRAP, "bwrap_binary",
     "if not sys.platform.startswith(\"linux\"):",
     "if not sys.platform.endswith(\"linux\"):"):
        "since Python 3.3 sys.platform is exactly \"linux\" on Linux (and darwin, win32, "
        "freebsd14... elsewhere): it starts with linux exactly when it ends with it.",
    (CP07, "project_rules",
     "root = os.path.realpath(os.getcwd())",
     "root = os.path.abspath(os.getcwd())"):
        CWD_IS_REAL,
    (EDITOR, "save",
     "root = os.path.realpath(os.getcwd())",
     "root = os.path.abspath(os.getcwd())"):
        CWD_IS_REAL,
    (EDITOR, "project_path",
     "return resolve_in_root(os.path.relpath(path, os.path.realpath(os.getcwd())))",
     "return resolve_in_root(os.path.relpath(path, os.path.abspath(os.getcwd())))"):
        CWD_IS_REAL,
    (EDITOR, "str_replace",
     "save(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :], newline, bom)",
     "save(real, text[: starts[ -1]] + new_str + text[starts[0] + len(old_str) :], newline, bom)"):
        ONE_MATCH,
    (EDITOR, "str_replace",
     "save(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :], newline, bom)",
     "save(real, text[: starts[0]] + new_str + text[starts[ -1] + len(old_str) :], newline, bom)"):
        ONE_MATCH,
    (EDITOR, "str_replace",
     "line = text.count(\"\\n\", 0, starts[0]) + 1",
     "line = text.count(\"\\n\", 0, starts[ -1]) + 1"):
        ONE_MATCH,
    (EDITOR, "capped",
     "numbered = f\"{n}: {line.rstrip(chr(10))}\"",
     "numbered = f\"{n}: {line.strip(chr(10))}\""):
        "split_lines ends each line at its only newline, so none starts with one (an empty "
        "line is \"\" either way).",
    (CP06, "request_text",
     "return text.split(f\"\\n\\n{SUMMARY_HEADER}\", 1)[0] if SUMMARY_HEADER in text else text",
     "return text.split(f\"\\n\\n{SUMMARY_HEADER}\", 2)[0] if SUMMARY_HEADER in text else text"):
        "only the part before the first separator is kept, and splitting at most once or "
        "twice leaves that part the same.",
    (CP06, "compact",
     "cut = max((i for i, m in enumerate(messages) if m[\"role\"] == \"assistant\"), default=0)",
     "cut = max((i for i, m in enumerate(messages) if m[\"role\"] == \"assistant\"), default= 1)"):
        NO_ASSISTANT,
    (CP06, "compact",
     "cut = max((i for i, m in enumerate(messages) if m[\"role\"] == \"assistant\"), default=0)",
     "cut = max((i for i, m in enumerate(messages) if m[\"role\"] == \"assistant\"), default= -1)"):
        NO_ASSISTANT,
    (CP06, "compact",
     "if cut < 2 or messages[-1][\"role\"] != \"user\":",
     "if cut < 3 or messages[-1][\"role\"] != \"user\":"):
        "as for cut <= 2: an assistant message has an odd index, so cut is never 2.",
}
