"""Lab 8's known answers (tests/grading/test_integrity.py).

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other shapes; each must score full marks, because the checks
judge behaviour, not the shape of the code.
"""

from agentcourse.course.nbrun import drop, swap


def chain(*steps):
    """Several swap()/drop() steps on one cell; each still fails loudly if its text is gone."""
    def apply(source):
        for step in steps:
            source = step(source)
        return source
    return apply


_COUNT = "    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]\n"
_REPLACE_BACKUP = "    backup(real)\n    write_atomically(real, text[: starts[0]]"
_EXACT_BRANCH = "        elif self.ask(command, []) not in (\"y\", \"a\"):\n            return REFUSAL\n"
_REMEMBER = "                if answer == \"a\":\n                    self.approved.update(pending)\n"
_ASSESS_WORDS = """            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return None"""

WRONG = {
    # text.count skips overlaps: "aa" in "aaa" counts once, and the edit goes ahead.
    "replace-count-without-overlaps": {
        "str_replace": chain(swap(_COUNT, "    count = text.count(old_str)\n    starts = [text.find(old_str)] * count\n")),
    },
    # Back up first, check later: a refused edit of ../secret.txt copies the secret into the project.
    "replace-backup-before-the-checks": {
        "str_replace": chain(drop("    backup(real)\n"),
                             swap("    try:\n        real, text = load(path)",
                                  "    if os.path.isfile(os.path.realpath(path)):\n"
                                  "        backup(os.path.realpath(path))\n"
                                  "    try:\n        real, text = load(path)")),
    },
    # The final-newline rule ignored: a file without one gets one after an insert at the end.
    "insert-always-ends-with-a-newline": {
        "insert": drop("    if insert_line == len(lines) and lines and not lines[-1].endswith(\"\\n\"):\n"
                       "        lines[-1], new = lines[-1] + \"\\n\", new[:-1]\n"),
    },
    # Approval by the first word: `ls; rm x` is ls to this version.
    "assess-first-word-only": {
        "assess": '''def assess(command):
    """The first word decides."""
    words = command.split()
    return (words[0],) if words and words[0] in ALLOWLIST else None
''',
    },
    # Only the first command of a list or pipeline is read: `ls; rm x` widens an approval of ls.
    "assess-first-command-only": {
        "assess": swap("            programs.append(words[0])",
                       "            programs.append(words[0])\n            return tuple(programs)"),
    },
    # The name is checked, the other words are not: `ls $(rm x)` approves ls.
    "assess-names-only": {
        "assess": swap(_ASSESS_WORDS, """            if not words or words[0] not in ALLOWLIST:
                return None"""),
    },
    # The options are not checked: `sort -o out`, `grep --pre=sh` approve sort and grep.
    "assess-no-option-check": {
        "assess": swap("or not options_ok(words[0], words[1:])", ""),
    },
    # Shell strings unwrapped: `bash -c 'ls'` (and -lc) approves ls.
    "assess-unwraps-shell-strings": {
        "assess": swap("    root = parse(command)\n",
                       "    m = re.fullmatch(r\"(?:bash|sh)\\s+-\\w*c\\s+'([^']*)'\", command or '')\n"
                       "    if m:\n        return assess(m[1])\n"
                       "    root = parse(command)\n"),
    },
    # "a" on an exact-command question approves the command's programs anyway.
    "guardrail-always-on-exact-command": {
        "guardrail": swap(_EXACT_BRANCH,
                          "        else:\n            answer = self.ask(command, [])\n"
                          "            if answer not in (\"y\", \"a\"):\n                return REFUSAL\n"
                          "            if answer == \"a\":\n                self.approved.add(command.split()[0])\n"),
    },
    # The home folder bound read-only instead of a private, empty one: ~/.ssh is readable.
    "sandbox-home-readable": {
        "sandbox_argv": swap('mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]',
                             'mounts = [("--tmpfs", "/tmp"), ("--ro-bind", home)]'),
    },
}

RIGHT = {
    # Recursion instead of a stack; a list instead of a tuple; helpers named like setup's.
    "assess-recursive": {
        "assess": '''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    found = []

    def walk(node):
        if node.type in REDIRECTS:
            return writes_nothing(node)
        if node.type == "command":
            words = [literal(c) for c in node.children if c.type not in REDIRECTS]
            redirects = [c for c in node.children if c.type in REDIRECTS]
            ok = words and None not in words and words[0] in ALLOWLIST and options_ok(words[0], words[1:])
            found.append(words[0] if ok else None)
            return bool(ok) and all(writes_nothing(r) for r in redirects)
        return node.type in STRUCTURE and all(walk(child) for child in node.children)

    parse_tree = parse(command)
    return found if parse_tree is not None and walk(parse_tree) else None
''',
    },
}


# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.

_SR_HEAD = '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str."""
'''
_INS_HEAD = '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line."""
'''
_AS_HEAD = '''def assess(command):
    """What "always" may approve."""
'''
_SB_HEAD = '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line."""
'''
_GUARD_INIT = '''class Guardrail:
    """Approval for one agent run."""

    def __init__(self, ask, fenced=True):
        self.ask = ask
        self.fenced = fenced
        self.approved = set()
        self.changed = False

    def check(self, command):
'''

WRONG.update({
    # The backup right after reading: a refused no-match edit still leaves a copy behind.
    "replace-backup-before-counting": {
        "str_replace": chain(drop("    backup(real)\n"),
                             swap("    if not isinstance(old_str, str) or not old_str:",
                                  "    backup(real)\n    if not isinstance(old_str, str) or not old_str:")),
    },
    # Several matches: the first one is replaced anyway.
    "replace-first-of-several": {
        "str_replace": swap("    if len(starts) > 1:", "    if False:"),
    },
    # Counted by splitting: the same as text.count, overlaps missed.
    "replace-count-by-split": {
        "str_replace": swap(_COUNT, "    n = len(text.split(old_str)) - 1\n"
                                    "    starts = [text.index(old_str)] * n if n else []\n"),
    },
    # old_str read as a regular expression: "a + b" matches nothing.
    "replace-as-regex": {
        "str_replace": swap(_COUNT, "    starts = [m.start() for m in re.finditer(old_str, text)]\n"),
    },
    # load's ValueError not caught: a path outside the project raises instead of answering.
    "replace-raises-on-a-refused-path": {
        "str_replace": swap("    try:\n        real, text = load(path)\n    except ValueError as err:\n"
                            "        return f\"Error: {err}\"\n", "    real, text = load(path)\n"),
    },
    # No backup at all.
    "replace-without-backup": {"str_replace": drop("    backup(real)\n")},
    # Read with Python's newline translation: \r\n comes back as \n and is written as \n.
    "replace-reads-with-read-text": {
        "str_replace": swap("        real, text = load(path)",
                            "        real, _ = load(path)\n        text = Path(real).read_text()"),
    },
    # The file is written with a final newline added "to be safe".
    "replace-adds-a-final-newline": {
        "str_replace": swap("    write_atomically(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :])",
                            "    new_text = text[: starts[0]] + new_str + text[starts[0] + len(old_str) :]\n"
                            "    write_atomically(real, new_text if new_text.endswith('\\n') else new_text + '\\n')"),
    },
    # Its own error words, where the documented ones were asked for.
    "replace-own-error-wording": {
        "str_replace": swap("Please provide more context to make a unique match.", "Be more specific."),
    },
    # Every refusal checked after the backup of a real file: confine, backup, then everything else.
    "replace-backup-right-after-confine": {
        "str_replace": _SR_HEAD + '''    try:
        real = confine(path)
    except ValueError as err:
        return f"Error: {err}"
    if os.path.isfile(real):
        backup(real)
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    count = len([i for i in range(len(text)) if text.startswith(old_str, i)]) if old_str else 0
    if count == 0:
        return "Error: No match found for replacement. Please check your text and try again."
    if count > 1:
        return f"Error: Found {count} matches for replacement text. Please provide more context to make a unique match."
    write_atomically(real, text.replace(old_str, new_str, 1))
    return "Successfully replaced text at exactly one location."
''',
    },
    # An empty old_str allowed: it "matches" at the start of a one-character file.
    "replace-empty-old-str-counted-as-text": {
        "str_replace": drop("    if not isinstance(old_str, str) or not old_str:\n"
                            "        return \"Error: old_str must be the exact, non-empty text to replace\"\n"),
    },
    # Insert before line N, the way list.insert(n, x) reads.
    "insert-before-the-line": {
        "insert": swap("lines[:insert_line] + [new] + lines[insert_line:]",
                       "lines[:max(insert_line - 1, 0)] + [new] + lines[max(insert_line - 1, 0):]"),
    },
    # No bounds check: slicing clamps 99 to the end and -1 to before the last line.
    "insert-unchecked": {
        "insert": swap("    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):",
                       "    if not isinstance(insert_line, int):"),
    },
    # One past the end accepted.
    "insert-bounds-off-by-one": {
        "insert": swap("not 0 <= insert_line <= len(lines)", "not 0 <= insert_line <= len(lines) + 1"),
    },
    # An out-of-range error that does not say how many lines there are.
    "insert-error-without-the-count": {
        "insert": swap('return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"',
                       'return f"Error: insert_line {insert_line} is out of range"'),
    },
    # The text inserted as given: without its own newline it runs into the next line.
    "insert-text-not-terminated": {
        "insert": swap('new = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"', "new = insert_text"),
    },
    # The backup first, then the bounds check: a refused insert leaves a copy.
    "insert-backup-before-the-check": {
        "insert": chain(drop("    backup(real)\n"),
                        swap("    lines = split_lines(text)\n", "    lines = split_lines(text)\n    backup(real)\n")),
    },
    # The last line's missing newline is never added: "x\ny" + "z" after line 2 is "x\nyz\n".
    "insert-joins-the-last-line": {
        "insert": drop("    if insert_line == len(lines) and lines and not lines[-1].endswith(\"\\n\"):\n"
                       "        lines[-1], new = lines[-1] + \"\\n\", new[:-1]\n"),
    },
    # The no-final-newline rule applied to every insert into such a file, not only at its end.
    "insert-final-newline-rule-everywhere": {
        "insert": swap("    if insert_line == len(lines) and lines and not lines[-1].endswith(\"\\n\"):",
                       "    if lines and not lines[-1].endswith(\"\\n\"):"),
    },
    # Written with splitlines(): the "\n" are lost and joined back with "\n", final one added.
    "insert-splitlines-and-join": {
        "insert": _INS_HEAD + '''    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = text.splitlines()
    if not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    backup(real)
    write_atomically(real, "\\n".join(lines[:insert_line] + insert_text.splitlines() + lines[insert_line:]) + "\\n")
    return f"Inserted after line {insert_line}."
''',
    },
    # A deny list instead of an allowlist: approve unless something looks dangerous.
    "assess-deny-list": {
        "assess": _AS_HEAD + '''    if re.search(r"\\brm\\b|sudo|>|\\$\\(|`|\\bbash\\b|\\bsh\\b|\\beval\\b|\\bexec\\b", command):
        return None
    programs = []
    for part in re.split(r"&&|\\|\\||[;|\\n]", command):
        if part.split():
            programs.append(part.split()[0])
    return tuple(programs)
''',
    },
    # Split on the operators, then check each part's words (no parser): quotes are not read.
    "assess-split-on-operators": {
        "assess": _AS_HEAD + '''    programs = []
    for part in re.split(r"&&|\\|\\||[;|\\n]", command):
        words = part.split()
        if not words:
            continue
        if words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
            return None
        programs.append(words[0])
    return tuple(programs) or None
''',
    },
    # shlex for the words, every program between operators checked, but no literal check.
    "assess-shlex-words": {
        "assess": _AS_HEAD + '''    import shlex
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return None
    programs, start = [], True
    for w in words:
        if w in ("|", "||", "&&", ";"):
            start = True
        elif start:
            if w not in ALLOWLIST:
                return None
            programs.append(w)
            start = False
    return tuple(programs) or None
''',
    },
    # Redirections are not looked at: `ls > out.txt` approves ls, and the shell writes out.txt.
    "assess-ignores-redirections": {
        "assess": chain(swap("""                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:""", """                if child.type not in REDIRECTS:"""),
                        swap("""        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
""", """        elif node.type in REDIRECTS:
            pass
""")),
    },
    # Every node walked, only command nodes judged: subshells, functions and loops pass.
    "assess-no-default-deny": {
        "assess": swap("""        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None""", """        else:
            stack.extend(reversed(node.children))"""),
    },
    # An empty tuple for "no": the guardrail then runs the command unasked.
    "assess-empty-tuple-for-no": {
        "assess": _AS_HEAD + '''    root = parse(command)
    if root is None:
        return ()
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = [literal(c) if c.type not in REDIRECTS else ("" if writes_nothing(c) else None)
                     for c in node.children]
            words = [w for w in words if w != ""]
            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return ()
            programs.append(words[0])
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return ()
        elif node.type in STRUCTURE:
            stack.extend(node.children)
        else:
            return ()
    return tuple(programs)
''',
    },
    # A parse that failed is walked anyway.
    "assess-parse-failure-unchecked": {
        "assess": swap("    if root is None:\n        return None\n", ""),
    },
    # The name and the arguments by field: an assignment before the name (X=1 ls) is not seen.
    "assess-fields-only": {
        "assess": swap("""            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))""", """            words = [literal(node.child_by_field_name("name"))]
            words += [literal(a) for a in node.children_by_field_name("argument")]
            for child in node.children:
                if child.type in REDIRECTS and not writes_nothing(child):
                    return None"""),
    },
    # Globs let through: `ls *.py` looks harmless, but a file named -exec... could match.
    "assess-globs-allowed": {
        "assess": chain(swap("                    words.append(literal(child))",
                             "                    text = child.text.decode()\n"
                             "                    words.append(text if re.fullmatch(r'[A-Za-z0-9_./*?=,:-]+', text) else literal(child))")),
    },
    # Lecture 7.3's older habit: a program in a system folder counts as its last part.
    "assess-system-paths-as-names": {
        "assess": swap("            if not words or None in words",
                       "            if words and words[0] and words[0].startswith(('/bin/', '/usr/bin/')):\n"
                       "                words[0] = words[0].rsplit('/', 1)[1]\n"
                       "            if not words or None in words"),
    },
    # Every word returned, not only the programs.
    "assess-returns-every-word": {
        "assess": swap("            programs.append(words[0])", "            programs.extend(words)"),
    },
    # Options checked only on the first command of a pipeline.
    "assess-options-on-first-command-only": {
        "assess": swap("or not options_ok(words[0], words[1:])", "or (not programs and not options_ok(words[0], words[1:]))"),
    },
    # No memory: every command asks, even after "a".
    "guardrail-no-memory": {
        "guardrail": swap(_REMEMBER, ""),
    },
    # "a" offered for every program of the command, approved or not.
    "guardrail-offers-every-program": {
        "guardrail": swap("            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]\n",
                          "            pending = [] if all(p in self.approved for p in programs) else list(dict.fromkeys(programs))\n"),
    },
    # The changed shell is never recorded.
    "guardrail-ignores-a-changed-shell": {
        "guardrail": swap("        self.changed = self.changed or changes_shell(command)\n", ""),
    },
    # The shell counts as changed as soon as such a command is asked about, even when refused.
    "guardrail-changed-before-asking": {
        "guardrail": chain(swap("        self.changed = self.changed or changes_shell(command)\n", ""),
                           swap(_EXACT_BRANCH, "        else:\n            self.changed = self.changed or changes_shell(command)\n"
                                               "            if self.ask(command, []) not in (\"y\", \"a\"):\n"
                                               "                return REFUSAL\n")),
    },
    # fenced is never read: "always" offered with no sandbox around the shell.
    "guardrail-ignores-fenced": {
        "guardrail": swap("if programs is not None and self.fenced and not self.changed:",
                          "if programs is not None and not self.changed:"),
    },
    # A refusal as a plain word: the model reads "no" as the command's output.
    "guardrail-refusal-not-an-error": {
        "guardrail": chain(swap("                    return REFUSAL\n", "                    return \"no\"\n"),
                           swap("            return REFUSAL\n        self.changed", "            return \"no\"\n        self.changed")),
    },
    # "a" on an exact command remembers the command string: the same text runs unasked next time.
    "guardrail-remembers-exact-commands": {
        "guardrail": swap(_EXACT_BRANCH,
                          "        elif command in self.approved:\n            return None\n"
                          "        else:\n            answer = self.ask(command, [])\n"
                          "            if answer not in (\"y\", \"a\"):\n                return REFUSAL\n"
                          "            if answer == \"a\":\n                self.approved.add(command)\n"),
    },
    # Every command approved once counts as changing the shell: after `rm x`, ls asks again.
    "guardrail-changed-after-any-exact-command": {
        "guardrail": swap(_EXACT_BRANCH, "        else:\n            if self.ask(command, []) not in (\"y\", \"a\"):\n"
                                         "                return REFUSAL\n            self.changed = True\n"),
    },
    # "y" approves for later too.
    "guardrail-yes-means-always": {
        "guardrail": swap(_REMEMBER, _REMEMBER.replace("if answer == \"a\":", "if answer in (\"y\", \"a\"):")),
    },
    # Whole-command approval: "a" approves the text, and programs are never asked about one by one.
    "guardrail-per-command-string": {
        "guardrail": _GUARD_INIT + '''        if command in self.approved:
            return None
        answer = self.ask(command, [] if assess(command) is None else list(assess(command)))
        if answer not in ("y", "a"):
            return REFUSAL
        if answer == "a":
            self.approved.add(command)
        return None
''',
    },
    # The project bound before the home folder's tmpfs, which then hides it.
    "sandbox-project-before-home": {
        "sandbox_argv": swap("    mounts.sort(key=lambda mount: mount[1].rstrip(\"/\").count(\"/\"))\n",
                             "    mounts.sort(key=lambda mount: mount[0] != \"--bind\")\n"),
    },
    # No private /tmp: the host's /tmp, its sockets and files, visible and writable.
    "sandbox-host-tmp": {
        "sandbox_argv": swap('mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]',
                             'mounts = [("--bind", "/tmp"), ("--tmpfs", home)]'),
    },
    # /tmp forgotten.
    "sandbox-no-tmp": {
        "sandbox_argv": swap('mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]', 'mounts = [("--tmpfs", home)]'),
    },
    # The whole file system read-only, as a base: /var, /mnt and other users' homes readable.
    "sandbox-root-read-only": {
        "sandbox_argv": swap('mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]',
                             'mounts = [("--ro-bind", "/"), ("--tmpfs", "/tmp"), ("--tmpfs", home)]'),
    },
    # The network shared, always.
    "sandbox-network-always": {
        "sandbox_argv": swap('*(["--share-net"] if policy.network else [])', '"--share-net"'),
    },
    # Only a PID namespace: the network stays the host's.
    "sandbox-pid-namespace-only": {
        "sandbox_argv": swap('"--unshare-all"', '"--unshare-pid"'),
    },
    # The session's processes may outlive it.
    "sandbox-no-die-with-parent": {"sandbox_argv": swap('"--die-with-parent", ', "")},
    # git's configuration left out: commits inside fail for want of a name.
    "sandbox-no-git-config": {
        "sandbox_argv": swap("(git_config_files(home) if policy.git_config else [])", "[]"),
    },
    # policy.git_config ignored: the configuration is bound even when the policy hides it.
    "sandbox-git-config-always": {
        "sandbox_argv": swap("(git_config_files(home) if policy.git_config else [])", "git_config_files(home)"),
    },
    # policy.writable and policy.readable ignored.
    "sandbox-policy-folders-ignored": {
        "sandbox_argv": chain(swap("(*SYSTEM, *python_roots, *policy.readable)", "(*SYSTEM, *python_roots)"),
                              swap("(*policy.writable, project)", "(project,)")),
    },
    # Extra writable folders bound read-only.
    "sandbox-writable-read-only": {
        "sandbox_argv": chain(swap("(*SYSTEM, *python_roots, *policy.readable)", "(*SYSTEM, *python_roots, *policy.readable, *policy.writable)"),
                              swap("(*policy.writable, project)", "(project,)")),
    },
    # Mounts in the order written, not by depth: tmpfs, then read-only, then read-write.
    "sandbox-order-as-written": {
        "sandbox_argv": drop("    mounts.sort(key=lambda mount: mount[1].rstrip(\"/\").count(\"/\"))\n"),
    },
    # No `--` before the command: bwrap would read the command's words as its own options.
    "sandbox-no-double-dash": {
        "sandbox_argv": swap('"--chdir", project, "--", *command]', '"--chdir", project, *command]'),
    },
    # A tmpfs over /home instead of over the user's home folder: fine for this user, but the
    # home folder of root, or one outside /home, stays absent and breaks the shell's $HOME.
    "sandbox-tmpfs-over-slash-home": {
        "sandbox_argv": swap('mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]',
                             'mounts = [("--tmpfs", "/tmp"), ("--tmpfs", os.path.dirname(home))]'),
    },
    # The host's devices bound in.
    "sandbox-host-devices": {"sandbox_argv": swap('"--dev", "/dev"', '"--dev-bind", "/dev", "/dev"')},
    # A sandbox written by hand: the right mounts, no --chdir.
    "sandbox-no-chdir": {"sandbox_argv": swap('"--chdir", project, ', "")},
    # Python's folders forgotten: the shell cannot run python3 from a virtual environment.
    "sandbox-no-python": {
        "sandbox_argv": swap("(*SYSTEM, *python_roots, *policy.readable)", "(*SYSTEM, *policy.readable)"),
    },
})

RIGHT.update({
    # A find loop that steps one character (overlaps count), locals named like setup's helpers.
    "replace-find-loop": {
        "str_replace": '''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        found = load(path)
    except ValueError as problem:
        return "Error: " + str(problem)
    real, text = found
    if not old_str:
        return "Error: nothing to replace"
    backups, at = [], text.find(old_str)
    while at != -1:
        backups.append(at)
        at = text.find(old_str, at + 1)
    if len(backups) == 0:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(backups) >= 2:
        return "Error: Found %d matches for replacement text. Please provide more context to make a unique match." % len(backups)
    (first,) = backups
    backup(real)
    write_atomically(real, text[:first] + new_str + text[first + len(old_str):])
    return "Successfully replaced text at exactly one location."
''',
    },
    # splitlines(keepends=True) on text without form feeds, an explicit list built by a loop.
    "insert-with-a-loop": {
        "insert": '''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as e:
        return f"Error: {e}"
    lines = split_lines(text)
    count = len(lines)
    if type(insert_line) is not int or insert_line < 0 or insert_line > count:
        return f"Error: line {insert_line} is not between 0 and {count}: the file has {count} lines"
    literal = insert_text + ("" if insert_text.endswith("\\n") else "\\n")
    out = []
    for number, line in enumerate(lines, start=1):
        if number == insert_line and not line.endswith("\\n"):
            out += [line + "\\n", literal[:-1]]
            continue
        out.append(line)
        if number == insert_line:
            out.append(literal)
    if insert_line == 0:
        out.insert(0, literal)
    backup(real)
    write_atomically(real, "".join(out))
    return "Inserted after line %d." % insert_line
''',
    },
    # State kept under other names; the decision spelled out as separate returns.
    "guardrail-spelled-out": {
        "guardrail": '''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask
        self.fenced = fenced
        self.approved = set()
        self.changed = False

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        found = assess(command)
        exact = found is None or not self.fenced or self.changed
        if exact:
            answer = self.ask(command, [])
            if answer == "y" or answer == "a":
                if changes_shell(command):
                    self.changed = True
                return None
            return REFUSAL
        new = []
        for program in found:
            if program not in self.approved and program not in new:
                new.append(program)
        if not new:
            return None
        answer = self.ask(command, new)
        if answer == "a":
            for program in new:
                self.approved.add(program)
            return None
        if answer == "y":
            return None
        return REFUSAL
''',
    },
    # The mounts as a dict, outer folders first by sorting on path parts; a local named safe.
    "sandbox-dict-of-mounts": {
        "sandbox_argv": '''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    plan = {"/tmp": "--tmpfs", home: "--tmpfs"}
    safe = list(SYSTEM) + list(python_roots) + list(policy.readable)
    if policy.git_config:
        safe += git_config_files(home)
    for folder in safe:
        plan[folder] = "--ro-bind"
    for folder in list(policy.writable) + [project]:
        plan[folder] = "--bind"
    argv = ["bwrap", "--die-with-parent", "--unshare-all"]
    if policy.network:
        argv.append("--share-net")
    argv += ["--dev", "/dev", "--proc", "/proc"]
    for folder in sorted(plan, key=lambda f: len(Path(f).parts)):
        option = plan[folder]
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    argv += ["--chdir", project, "--"]
    argv.extend(command)
    return argv
''',
    },
})
