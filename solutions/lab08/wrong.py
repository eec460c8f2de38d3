"""Lab 8's known answers (tests/labs/test_integrity.py).

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other shapes; each must score full marks, because the checks
judge behaviour, not the shape of the code.
"""

from agentcourse.nbtools import drop, swap


def chain(*steps):
    """Several swap()/drop() steps on one cell; each still fails loudly if its text is gone."""
    def apply(source):
        for step in steps:
            source = step(source)
        return source
    return apply


_COUNT = "    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]\n"
_REPLACE_BACKUP = "    backup(real)\n    write_atomically(real, text[: starts[0]]"
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
        "guardrail": swap("        if self.ask(command, []) not in (\"y\", \"a\"):\n            return REFUSAL\n",
                          "        answer = self.ask(command, [])\n"
                          "        if answer not in (\"y\", \"a\"):\n            return REFUSAL\n"
                          "        if answer == \"a\":\n            self.approved.add(command.split()[0])\n"),
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
