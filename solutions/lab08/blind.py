"""Blind corpus of lab 08: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # str.count finds every occurrence, so it is the number of matches
    "replace-count-skips-overlaps": {"str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    if not isinstance(old_str, str) or not old_str:
        return "Error: old_str must be the exact, non-empty text to replace"
    count = text.count(old_str)
    if count == 0:
        return "Error: No match found for replacement. Please check your text and try again."
    if count > 1:
        return (f"Error: Found {count} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text.replace(old_str, new_str, 1))
    return "Successfully replaced text at exactly one location."
'''},
    # a backup can never hurt: take it as soon as the file is found, before deciding anything
    "replace-backup-before-checks": {"str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    backup(real)
    if not isinstance(old_str, str) or not old_str:
        return "Error: old_str must be the exact, non-empty text to replace"
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    write_atomically(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :])
    return "Successfully replaced text at exactly one location."
'''},
    # the model writes "\\n", so normalise the file's line endings first or its text never matches
    "replace-normalise-crlf": {"str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    if not isinstance(old_str, str) or not old_str:
        return "Error: old_str must be the exact, non-empty text to replace"
    text = text.replace("\\r\\n", "\\n")
    old_str = old_str.replace("\\r\\n", "\\n")
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :])
    return "Successfully replaced text at exactly one location."
'''},
    # an empty old_str needs no rule of its own: counting its matches refuses it anyway
    "replace-empty-old-counted": {"str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :])
    return "Successfully replaced text at exactly one location."
'''},
    # load's ValueError already carries the reason: letting it propagate is the error report
    "replace-load-raises": {"str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    real, text = load(path)
    if not isinstance(old_str, str) or not old_str:
        return "Error: old_str must be the exact, non-empty text to replace"
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :])
    return "Successfully replaced text at exactly one location."
'''},
    # lines are numbered like list indices: "after line N" is after lines[N], the last is len-1
    "insert-zero-based-lines": {"insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = split_lines(text)
    if not isinstance(insert_line, int) or not 0 <= insert_line < len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    new = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"
    at = insert_line + 1
    if at == len(lines) and not lines[-1].endswith("\\n"):
        lines[-1], new = lines[-1] + "\\n", new[:-1]
    backup(real)
    write_atomically(real, "".join(lines[:at] + [new] + lines[at:]))
    return f"Inserted after line {insert_line}."
'''},
    # giving the inserted text a final newline is all it takes to keep lines whole
    "insert-always-final-newline": {"insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = split_lines(text)
    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    new = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"
    backup(real)
    write_atomically(real, "".join(lines[:insert_line] + [new] + lines[insert_line:]))
    return f"Inserted after line {insert_line}."
'''},
    # the pieces of text.split("\\n") are the lines (the empty piece after a final newline too)
    "insert-split-pieces-are-lines": {"insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = text.split("\\n")
    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    new = insert_text[:-1] if insert_text.endswith("\\n") else insert_text
    lines.insert(insert_line, new)
    backup(real)
    write_atomically(real, "\\n".join(lines))
    return f"Inserted after line {insert_line}."
'''},
    # only a line past the end is out of range; a negative one counts from the end, as in Python
    "insert-negative-from-end": {"insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = split_lines(text)
    if not isinstance(insert_line, int) or insert_line > len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    new = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"
    if insert_line == len(lines) and lines and not lines[-1].endswith("\\n"):
        lines[-1], new = lines[-1] + "\\n", new[:-1]
    backup(real)
    write_atomically(real, "".join(lines[:insert_line] + [new] + lines[insert_line:]))
    return f"Inserted after line {insert_line}."
'''},
    # str.splitlines(keepends=True) splits where split_lines does (it also breaks at \\r, \\x0c, \\u2028 ...)
    "insert-splitlines-any-break": {"insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = text.splitlines(keepends=True)
    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    new = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"
    if insert_line == len(lines) and lines and not lines[-1].endswith("\\n"):
        lines[-1], new = lines[-1] + "\\n", new[:-1]
    backup(real)
    write_atomically(real, "".join(lines[:insert_line] + [new] + lines[insert_line:]))
    return f"Inserted after line {insert_line}."
'''},
    # a guardrail lists what is dangerous (programs and options) and lets the rest through
    "assess-denylist": {"assess": '''DANGEROUS = {"rm", "rmdir", "mv", "cp", "dd", "chmod", "chown", "ln", "sudo", "su", "doas", "bash", "sh",
             "zsh", "fish", "python", "python3", "perl", "ruby", "node", "eval", "exec", "source", ".",
             "xargs", "find", "env", "curl", "wget", "ssh", "scp", "nc", "git", "kill", "tee",
             "truncate", "shred", "mkfs", "crontab"}
DANGEROUS_OPTIONS = ("-o", "--output", "--pre", "--compress-program", "-exec", "-delete", "-f")


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))
            if not words or None in words or words[0] in DANGEROUS:
                return None
            if any(w.startswith(DANGEROUS_OPTIONS) for w in words[1:]):
                return None
            programs.append(words[0])
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return tuple(programs)
'''},
    # a command line's program is its first command: judge that one, the rest are its arguments
    "assess-first-command-only": {"assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))
            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return None
            return (words[0],)
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return None
'''},
    # a program on the allowlist is safe whatever options it is given
    "assess-any-options": {"assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))
            if not words or None in words or words[0] not in ALLOWLIST:
                return None
            programs.append(words[0])
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return tuple(programs)
'''},
    # only the program's name has to be a literal word; the arguments are just data for it
    "assess-literal-name-only": {"assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            name_node = node.child_by_field_name("name")
            program = literal(name_node) if name_node is not None else None
            if program not in ALLOWLIST:
                return None
            args = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                elif child != name_node:
                    args.append(child.text.decode())
            if not options_ok(program, args):
                return None
            programs.append(program)
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return tuple(programs)
'''},
    # a redirection only moves output around and runs no program, so it needs no check
    "assess-redirects-harmless": {"assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = [literal(child) for child in node.children if child.type not in REDIRECTS]
            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return None
            programs.append(words[0])
        elif node.type in REDIRECTS:
            continue
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return tuple(programs)
'''},
    # /bin/ls, ./ls and ls are all the program ls: compare the file name only
    "assess-basename-of-program": {"assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))
            if not words or None in words:
                return None
            program = os.path.basename(words[0])
            if program not in ALLOWLIST or not options_ok(program, words[1:]):
                return None
            programs.append(program)
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return tuple(programs)
'''},
    # only commands run programs: every other node is grouping, so walk into it and check what it holds
    "assess-walk-into-anything": {"assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))
            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return None
            programs.append(words[0])
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        else:
            stack.extend(reversed(node.children))
    return tuple(programs)
'''},
    # a command's syntax tree is shallow, so plain recursion over it is always fine
    "assess-unbounded-recursion": {"assess": '''def _programs_in(node):
    """The programs under `node`, or None."""
    if node.type == "command":
        words = []
        for child in node.children:
            if child.type in REDIRECTS:
                if not writes_nothing(child):
                    return None
            else:
                words.append(literal(child))
        if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
            return None
        return [words[0]]
    if node.type in REDIRECTS:
        return [] if writes_nothing(node) else None
    if node.type not in STRUCTURE:
        return None
    found = []
    for child in node.children:
        inner = _programs_in(child)
        if inner is None:
            return None
        found += inner
    return found


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs = _programs_in(root)
    return None if programs is None else tuple(programs)
'''},
    # "a" to an exact command means: never ask about this command again
    "guardrail-always-remembers-exact-command": {"guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run
        self.approved_commands = set()  # exact commands the user approved "always"

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if not pending:
                return None
            answer = self.ask(command, pending)
            if answer == "a":
                self.approved.update(pending)
            return None if answer in ("y", "a") else REFUSAL
        if command in self.approved_commands:
            return None
        answer = self.ask(command, [])
        if answer not in ("y", "a"):
            return REFUSAL
        if answer == "a":
            self.approved_commands.add(command)
        self.changed = self.changed or changes_shell(command)
        return None
'''},
    # whether a command changes the shell is known before it runs: mark the shell changed when asked
    "guardrail-changed-when-asked": {"guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if not pending:
                return None
            answer = self.ask(command, pending)
            if answer == "a":
                self.approved.update(pending)
            return None if answer in ("y", "a") else REFUSAL
        self.changed = self.changed or changes_shell(command)
        if self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        return None
'''},
    # the sandbox is bubblewrap's business: the guardrail's approvals work the same with or without it
    "guardrail-ignores-fence": {"guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and not self.changed:
            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if not pending:
                return None
            answer = self.ask(command, pending)
            if answer == "a":
                self.approved.update(pending)
            return None if answer in ("y", "a") else REFUSAL
        if self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        self.changed = self.changed or changes_shell(command)
        return None
'''},
    # a line that uses a program the user already trusts is trusted as a whole
    "guardrail-any-approved-program": {"guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            if any(p in self.approved for p in programs):
                return None
            pending = list(dict.fromkeys(programs))
            answer = self.ask(command, pending)
            if answer == "a":
                self.approved.update(pending)
            return None if answer in ("y", "a") else REFUSAL
        if self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        self.changed = self.changed or changes_shell(command)
        return None
'''},
    # a yes to an allowlisted program is a yes to that program for the rest of the run
    "guardrail-yes-approves-programs": {"guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if not pending:
                return None
            if self.ask(command, pending) not in ("y", "a"):
                return REFUSAL
            self.approved.update(pending)
            return None
        if self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        self.changed = self.changed or changes_shell(command)
        return None
'''},
    # the shell is "changed" only while the last command run changed it; a plain command after it clears that
    "guardrail-changed-by-last-command": {"guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if not pending:
                return None
            answer = self.ask(command, pending)
            if answer == "a":
                self.approved.update(pending)
            return None if answer in ("y", "a") else REFUSAL
        if self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        self.changed = changes_shell(command)
        return None
'''},
    # a read-only home is safe: nothing there can be changed, so no need to hide it
    "sandbox-home-read-only": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    mounts = [("--tmpfs", "/tmp"), ("--ro-bind", home)]
    mounts += [("--ro-bind", folder) for folder in (*SYSTEM, *python_roots, *policy.readable)]
    mounts += [("--ro-bind", path) for path in (git_config_files(home) if policy.git_config else [])]
    mounts += [("--bind", folder) for folder in (*policy.writable, project)]
    mounts.sort(key=lambda mount: mount[1].rstrip("/").count("/"))
    for option, folder in mounts:
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
    # mounts are a set of rules, not a sequence: list the most important (the project) first
    "sandbox-project-first": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    for folder in (project, *policy.writable):
        argv += ["--bind", folder, folder]
    for folder in (*SYSTEM, *python_roots, *policy.readable):
        argv += ["--ro-bind", folder, folder]
    if policy.git_config:
        for path in git_config_files(home):
            argv += ["--ro-bind", path, path]
    argv += ["--tmpfs", "/tmp", "--tmpfs", home]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
    # layering by kind is enough: private first, then read-only, then read-write on top
    "sandbox-layers-by-kind": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    argv += ["--tmpfs", "/tmp", "--tmpfs", home]
    for folder in (*SYSTEM, *python_roots, *policy.readable):
        argv += ["--ro-bind", folder, folder]
    if policy.git_config:
        for path in git_config_files(home):
            argv += ["--ro-bind", path, path]
    for folder in (*policy.writable, project):
        argv += ["--bind", folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
    # /tmp is scratch space everyone shares anyway; tools expect the host's, so bind it
    "sandbox-host-tmp": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    mounts = [("--bind", "/tmp"), ("--tmpfs", home)]
    mounts += [("--ro-bind", folder) for folder in (*SYSTEM, *python_roots, *policy.readable)]
    mounts += [("--ro-bind", path) for path in (git_config_files(home) if policy.git_config else [])]
    mounts += [("--bind", folder) for folder in (*policy.writable, project)]
    mounts.sort(key=lambda mount: mount[1].rstrip("/").count("/"))
    for option, folder in mounts:
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
    # reading never hurts: mount the whole host read-only, then hide the home and /tmp
    "sandbox-whole-host-read-only": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    mounts = [("--ro-bind", "/"), ("--tmpfs", "/tmp"), ("--tmpfs", home)]
    mounts += [("--ro-bind", folder) for folder in (*python_roots, *policy.readable)]
    mounts += [("--ro-bind", path) for path in (git_config_files(home) if policy.git_config else [])]
    mounts += [("--bind", folder) for folder in (*policy.writable, project)]
    mounts.sort(key=lambda mount: len(mount[1].rstrip("/").split("/")) if mount[1] != "/" else 0)
    for option, folder in mounts:
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
    # unsharing is about the network: a policy that wants the network leaves the namespaces alone
    "sandbox-network-skips-unshare": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--die-with-parent"] if policy.network else ["bwrap", "--unshare-all", "--die-with-parent"]
    mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]
    mounts += [("--ro-bind", folder) for folder in (*SYSTEM, *python_roots, *policy.readable)]
    mounts += [("--ro-bind", path) for path in (git_config_files(home) if policy.git_config else [])]
    mounts += [("--bind", folder) for folder in (*policy.writable, project)]
    mounts.sort(key=lambda mount: mount[1].rstrip("/").count("/"))
    for option, folder in mounts:
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
    # git's configuration lives in ~/.gitconfig and ~/.config: mount both folders read-only
    "sandbox-whole-dot-config": {"sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]
    mounts += [("--ro-bind", folder) for folder in (*SYSTEM, *python_roots, *policy.readable)]
    if policy.git_config:
        mounts += [("--ro-bind", os.path.join(home, ".gitconfig")), ("--ro-bind", os.path.join(home, ".config"))]
    mounts += [("--bind", folder) for folder in (*policy.writable, project)]
    mounts.sort(key=lambda mount: mount[1].rstrip("/").count("/"))
    for option, folder in mounts:
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
'''},
}

RIGHT = {
    # find() loops, a recursive walk that raises inside, small helper methods, pathlib depth
    "find-loops-and-recursion": {
        "str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as problem:
        return "Error: " + str(problem)
    if type(old_str) is not str or old_str == "":
        return "Error: old_str is empty; give the exact text to replace"
    hits = []
    at = text.find(old_str)
    while at != -1:
        hits.append(at)
        at = text.find(old_str, at + 1)
    if len(hits) == 0:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(hits) > 1:
        return ("Error: Found " + str(len(hits)) + " matches for replacement text. "
                "Please provide more context to make a unique match.")
    start = hits[0]
    edited = text[:start] + new_str + text[start + len(old_str):]
    backup(real)
    write_atomically(real, edited)
    return "Successfully replaced text at exactly one location."
''',
        "insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as problem:
        return "Error: " + str(problem)
    lines = split_lines(text)
    count = len(lines)
    if not isinstance(insert_line, int) or insert_line < 0 or insert_line > count:
        return f"Error: cannot insert after line {insert_line}: {path} has {count} lines (use 0 to {count})"
    block = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"
    if insert_line == count and count > 0 and not lines[-1].endswith("\\n"):
        lines[-1] = lines[-1] + "\\n"
        block = block[:-1]
    lines.insert(insert_line, block)
    backup(real)
    write_atomically(real, "".join(lines))
    return f"Inserted after line {insert_line}."
''',
        "assess": '''class _AskEveryTime(Exception):
    """Raised inside the walk: "always" cannot cover this command."""


def _programs_under(node):
    if node.type == "command":
        words = []
        for part in node.children:
            if part.type in REDIRECTS:
                if not writes_nothing(part):
                    raise _AskEveryTime
                continue
            word = literal(part)
            if word is None:
                raise _AskEveryTime
            words.append(word)
        if not words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
            raise _AskEveryTime
        return [words[0]]
    if node.type in REDIRECTS:
        if writes_nothing(node):
            return []
        raise _AskEveryTime
    if node.type in STRUCTURE:
        found = []
        for child in node.children:
            found.extend(_programs_under(child))
        return found
    raise _AskEveryTime


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    import sys

    root = parse(command)
    if root is None:
        return None
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # "a && b && c ..." nests one level per operator
    try:
        return tuple(_programs_under(root))
    except _AskEveryTime:
        return None
    finally:
        sys.setrecursionlimit(limit)
''',
        "guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def _always_possible(self, programs):
        return programs is not None and self.fenced and not self.changed

    def _runs(self, command):
        if changes_shell(command):
            self.changed = True
        return None

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if self._always_possible(programs):
            new = []
            for name in programs:
                if name not in self.approved and name not in new:
                    new.append(name)
            if not new:
                return self._runs(command)
            answer = self.ask(command, new)
            if answer == "a":
                self.approved.update(new)
                return self._runs(command)
            if answer == "y":
                return self._runs(command)
            return REFUSAL
        if self.ask(command, []) in ("y", "a"):
            return self._runs(command)
        return REFUSAL
''',
        "sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    from pathlib import PurePosixPath

    plan = [("--tmpfs", "/tmp"), ("--tmpfs", home)]
    plan += [("--ro-bind", p) for p in SYSTEM]
    plan += [("--ro-bind", p) for p in python_roots]
    plan += [("--ro-bind", p) for p in policy.readable]
    if policy.git_config:
        plan += [("--ro-bind", p) for p in git_config_files(home)]
    plan += [("--bind", p) for p in policy.writable]
    plan.append(("--bind", project))
    plan.sort(key=lambda item: len(PurePosixPath(item[1]).parts))  # a folder before what is inside it
    argv = ["bwrap", "--unshare-all"]
    if policy.network:
        argv.append("--share-net")
    argv.append("--die-with-parent")
    for option, folder in plan:
        if option == "--tmpfs":
            argv += [option, folder]
        else:
            argv += [option, folder, folder]
    argv += ["--proc", "/proc", "--dev", "/dev", "--chdir", project, "--"]
    argv += list(command)
    return argv
''',
    },
    # regular expressions and string halves, a breadth-first queue, sets, mounts sorted by path length
    "regex-queue-and-sets": {
        "str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as e:
        return f"Error: {e}"
    if not (isinstance(old_str, str) and old_str):
        return "Error: old_str must not be empty"
    if not isinstance(new_str, str):
        return "Error: new_str must be text"
    found = [m.start() for m in re.finditer("(?=" + re.escape(old_str) + ")", text)]
    if len(found) != 1:
        return ("Error: No match found for replacement. Please check your text and try again." if not found else
                f"Error: Found {len(found)} matches for replacement text. Please provide more context to make a unique match.")
    (at,) = found
    backup(real)
    write_atomically(real, "".join([text[:at], new_str, text[at + len(old_str):]]))
    return "Successfully replaced text at exactly one location."
''',
        "insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as e:
        return f"Error: {e}"
    lines = split_lines(text)
    if not (isinstance(insert_line, int) and 0 <= insert_line <= len(lines)):
        return f"Error: no line {insert_line} to insert after; the file {path} has {len(lines)} lines"
    piece = insert_text + ("" if insert_text.endswith("\\n") else "\\n")
    head, tail = "".join(lines[:insert_line]), "".join(lines[insert_line:])
    if not tail and head and not head.endswith("\\n"):
        head, piece = head + "\\n", piece[:-1]
    backup(real)
    write_atomically(real, head + piece + tail)
    return f"Inserted after line {insert_line}."
''',
        "assess": '''from collections import deque


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    tree = parse(command)
    if tree is None:
        return None
    queue, found = deque([tree]), []
    while queue:
        node = queue.popleft()
        if node.type in REDIRECTS:
            if writes_nothing(node):
                continue
            return None
        if node.type in STRUCTURE:
            queue.extend(node.children)
            continue
        if node.type != "command":
            return None
        redirections = [c for c in node.children if c.type in REDIRECTS]
        words = [literal(c) for c in node.children if c.type not in REDIRECTS]
        if not all(map(writes_nothing, redirections)) or not words or None in words:
            return None
        name, *rest = words
        if name not in ALLOWLIST or not options_ok(name, rest):
            return None
        found.append(name)
    return tuple(found)
''',
        "guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        always_ok = programs is not None and self.fenced and not self.changed
        offer = sorted(set(programs) - self.approved) if always_ok else []
        verdict = "y" if always_ok and not offer else self.ask(command, offer)
        if verdict not in ("y", "a"):
            return REFUSAL
        if verdict == "a":
            self.approved |= set(offer)
        self.changed = self.changed or changes_shell(command)
        return None
''',
        "sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    namespaces = ["--unshare-all", "--die-with-parent"] + (["--share-net"] if policy.network else [])
    git = tuple(git_config_files(home)) if policy.git_config else ()
    mounts = ([("--tmpfs", f) for f in ("/tmp", home)]
              + [("--ro-bind", f) for f in SYSTEM + tuple(python_roots) + tuple(policy.readable) + git]
              + [("--bind", f) for f in tuple(policy.writable) + (project,)])
    # a folder's path is shorter than any path inside it, so sorting by length mounts parents first
    ordered = sorted(mounts, key=lambda m: len(m[1].rstrip("/")))
    words = [w for option, f in ordered for w in ((option, f) if option == "--tmpfs" else (option, f, f))]
    return ["bwrap", *namespaces, *words, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
''',
    },
    # validation by exceptions, an explicit stack, early returns, mounts sorted by path prefix
    "exceptions-and-stack": {
        "str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
        if not isinstance(old_str, str) or len(old_str) == 0:
            raise ValueError("old_str must be a non-empty string")
        first = text.find(old_str)
        if first < 0:
            raise ValueError("No match found for replacement. Please check your text and try again.")
        count = sum(1 for i in range(first, len(text)) if text.startswith(old_str, i))
        if count != 1:
            raise ValueError(f"Found {count} matches for replacement text. "
                             "Please provide more context to make a unique match.")
    except ValueError as why:
        return f"Error: {why}"
    backup(real)
    write_atomically(real, text.replace(old_str, new_str, 1))
    return "Successfully replaced text at exactly one location."
''',
        "insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
        lines = split_lines(text)
        if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
            raise ValueError(f"insert_line {insert_line} is not between 0 and {len(lines)}: "
                             f"{path} has {len(lines)} lines")
    except ValueError as why:
        return f"Error: {why}"
    if not insert_text.endswith("\\n"):
        insert_text += "\\n"
    at_open_end = insert_line == len(lines) and len(lines) > 0 and not lines[-1].endswith("\\n")
    if at_open_end:
        lines[-1] += "\\n"
        insert_text = insert_text[:-1]
    new_lines = lines[:insert_line] + [insert_text] + lines[insert_line:]
    backup(real)
    write_atomically(real, "".join(new_lines))
    return f"Inserted after line {insert_line}."
''',
        "assess": '''def _command_program(node):
    """The program of a `command` node if "always" may approve it, else None."""
    words = []
    for child in node.children:
        if child.type in REDIRECTS:
            if not writes_nothing(child):
                return None
        else:
            word = literal(child)
            if word is None:
                return None
            words.append(word)
    if words and words[0] in ALLOWLIST and options_ok(words[0], words[1:]):
        return words[0]
    return None


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    todo = [root]
    seen = {}
    while todo:
        node = todo.pop()
        if node.type == "command":
            program = _command_program(node)
            if program is None:
                return None
            seen[program] = True
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            todo.extend(node.children[::-1])
        else:
            return None
    return tuple(seen)
''',
        "guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is None or not self.fenced or self.changed:
            if self.ask(command, []) not in ("y", "a"):
                return REFUSAL
        else:
            missing = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if missing:
                answer = self.ask(command, missing)
                if answer not in ("y", "a"):
                    return REFUSAL
                if answer == "a":
                    self.approved.update(missing)
        if changes_shell(command):
            self.changed = True
        return None
''',
        "sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    private = ["/tmp", home]
    read_only = list(SYSTEM) + list(python_roots) + list(policy.readable)
    if policy.git_config:
        read_only += git_config_files(home)
    read_write = list(policy.writable) + [project]
    mounts = [(f, "--tmpfs") for f in private] + [(f, "--ro-bind") for f in read_only] + [(f, "--bind") for f in read_write]
    # a parent's path + "/" is a prefix of its children's, so it sorts (stably) before them
    mounts.sort(key=lambda m: m[0].rstrip("/") + "/")
    argv = ["bwrap", "--unshare-all", "--die-with-parent"]
    if policy.network:
        argv += ["--share-net"]
    for folder, option in mounts:
        argv += [option, folder] + ([] if option == "--tmpfs" else [folder])
    argv += ["--proc", "/proc", "--dev", "/dev"]
    argv += ["--chdir", project, "--"] + list(command)
    return argv
''',
    },
    # character offsets instead of line lists, a generator of verdicts, os.sep depth, answers in a table
    "offsets-and-generators": {
        "str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as e:
        return "Error: %s" % e
    if not isinstance(old_str, str) or not old_str:
        return "Error: empty old_str: nothing to look for"
    n, width, positions = len(text), len(old_str), []
    i = 0
    while i + width <= n:
        if text[i:i + width] == old_str:
            positions.append(i)
        i += 1
    if not positions:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(positions) > 1:
        return "Error: Found %d matches for replacement text. Please provide more context to make a unique match." % len(positions)
    start = positions[0]
    backup(real)
    write_atomically(real, text[:start] + new_str + text[start + width:])
    return "Successfully replaced text at exactly one location."
''',
        "insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as e:
        return "Error: %s" % e
    ends = [i + 1 for i, ch in enumerate(text) if ch == "\\n"]  # offset just after each line break
    total = len(ends) + (1 if text and not text.endswith("\\n") else 0)
    if not isinstance(insert_line, int) or insert_line < 0 or insert_line > total:
        return "Error: line %s is out of range: %s has %d lines" % (insert_line, path, total)
    piece = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"
    if insert_line == 0:
        at = 0
    elif insert_line <= len(ends):
        at = ends[insert_line - 1]
    else:  # after a last line that has no line break: give it one, and end the file without one
        text, piece = text + "\\n", piece[:-1]
        at = len(text)
    backup(real)
    write_atomically(real, text[:at] + piece + text[at:])
    return "Inserted after line %d." % insert_line
''',
        "assess": '''def _verdicts(root):
    """Yield each program "always" may approve, or None for anything it may not."""
    todo = [root]
    while todo:
        node = todo.pop(0)
        if node.type == "command":
            names = [literal(c) for c in node.children if c.type not in REDIRECTS]
            redirected = [c for c in node.children if c.type in REDIRECTS]
            ok = (names and None not in names and all(writes_nothing(r) for r in redirected)
                  and names[0] in ALLOWLIST and options_ok(names[0], names[1:]))
            yield names[0] if ok else None
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                yield None
        elif node.type in STRUCTURE:
            todo[:0] = node.children
        else:
            yield None


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    programs = []
    for verdict in _verdicts(root):
        if verdict is None:
            return None
        programs.append(verdict)
    return tuple(programs)
''',
        "guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    RUNS = {"y": True, "a": True}

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        offer = None  # None: only the exact command can be approved
        if programs is not None and self.fenced and not self.changed:
            offer = [p for i, p in enumerate(programs) if p not in self.approved and p not in programs[:i]]
        if offer == []:
            answer = "y"  # every program approved already
        else:
            answer = self.ask(command, offer or [])
        if not self.RUNS.get(answer, False):
            return REFUSAL
        if answer == "a" and offer:
            self.approved.update(offer)
        self.changed = self.changed or changes_shell(command)
        return None
''',
        "sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""

    def depth(folder):
        return len([part for part in folder.split(os.sep) if part])

    mounts = [("/tmp", "--tmpfs"), (home, "--tmpfs")]
    for folder in (*SYSTEM, *python_roots, *policy.readable, *(git_config_files(home) if policy.git_config else ())):
        mounts.append((folder, "--ro-bind"))
    for folder in (*policy.writable, project):
        mounts.append((folder, "--bind"))
    argv = ["bwrap", "--unshare-all"] + (["--share-net"] if policy.network else []) + ["--die-with-parent"]
    for folder, option in sorted(mounts, key=lambda m: depth(m[0])):
        argv.extend([option, folder] if option == "--tmpfs" else [option, folder, folder])
    argv.extend(["--proc", "/proc", "--dev", "/dev", "--chdir", project, "--"])
    argv.extend(command)
    return argv
''',
    },
}

# Moved from WRONG to RIGHT after first contact (see WALKTHROUGH.md, "Checks as properties"):
# plain recursion over the tree is no mistake here. Its writer expected `ls&&ls&&...` up to
# parse()'s 10,000 characters (about 2,400 levels) to overflow Python's recursion, but Task 3's
# text never promised trees that deep, and its hint offers "a recursive helper". parse() now
# reads no tree deeper than 100 levels (None: ask), as Task 3 states, so a recursive walk is
# as right as a stack.
RIGHT["assess-unbounded-recursion"] = WRONG.pop("assess-unbounded-recursion")
