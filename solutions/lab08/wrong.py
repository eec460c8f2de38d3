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

WRONG = {
    # Line numbers from 0, the way Python counts: "0: ..." and a range one line off.
    "view-numbers-from-zero": {
        "view": swap('f"{n}: {lines[n - 1].rstrip(chr(13))}" for n in range(start, end + 1)',
                     'f"{n - 1}: {lines[n - 1].rstrip(chr(13))}" for n in range(start, end + 1)'),
    },
    # -1 read as a plain number: [9, -1] is "out of bounds" instead of "to the end".
    "view-range-minus-one-not-handled": {"view": drop("    end = len(lines) if end == -1 else end\n")},
    # No bounds check: Python's slicing quietly returns what it can.
    "view-range-unchecked": {
        "view": swap("    if not 1 <= start <= end <= len(lines):", "    if False:"),
    },
    # Replace every occurrence: "x = 1" twice in a file becomes "x = 9" twice.
    "str-replace-replaces-all": {
        "str_replace": swap("    if count > 1:", "    if False:"),
    },
    # Back up first, check later: every refused edit leaves a stray copy behind.
    "backup-before-the-checks": {
        "str_replace": chain(drop("    backup(real)\n"),
                             swap("    count = text.count(old_str) if old_str else 0\n",
                                  "    backup(real)\n    count = text.count(old_str) if old_str else 0\n")),
    },
    # Reading with Python's default newline handling turns \r\n into \n on the way in.
    "str-replace-loses-crlf": {
        "str_replace": swap("        real, text = load(path)",
                            "        real, _ = load(path)\n        text = open(real, encoding='utf-8').read()"),
    },
    # Its own wording instead of the error strings the documentation suggests.
    "str-replace-own-error-wording": {
        "str_replace": swap("Please provide more context to make a unique match.", "Be more specific."),
    },
    # Insert before line N instead of after it.
    "insert-before-the-line": {
        "insert": swap("lines[:insert_line] + [new] + lines[insert_line:]",
                       "lines[:max(insert_line - 1, 0)] + [new] + lines[max(insert_line - 1, 0):]"),
    },
    # Past the end is silently "append" (list.insert clamps), and the text is not a whole line.
    "insert-unchecked-and-unterminated": {
        "insert": chain(
            swap("    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):",
                 "    if False:"),
            swap('new = insert_text if insert_text.endswith("\\n") else insert_text + "\\n"',
                 "new = insert_text")),
    },
    # The first word only: approving ls approves ls && rm -rf x.
    "commands-first-word-only": {
        "commands_in": '''\
def commands_in(command):
    """Every program `command` would run."""
    words = command.split()
    return [words[0]] if words else []
''',
    },
    # Splitting the string on ; && || | is what the parser is for, and it misses $( ).
    "commands-split-on-operators": {
        "commands_in": '''\
def commands_in(command):
    """Every program `command` would run."""
    parts = re.split(r"&&|\\|\\||[;|&\\n]", command)
    return [p.split()[0] for p in parts if p.split()]
''',
    },
    # Only the top level of the tree: pipelines and lists, but not inside $( ) or ( ).
    "commands-top-level-only": {
        "commands_in": swap("        for child in node.children:\n            visit(child)",
                            "        for child in node.children if node.type in ('program', 'list', 'pipeline') else []:\n"
                            "            visit(child)"),
    },
    # A computed name is skipped instead of refused: "$cmd -rf x" runs without asking.
    "commands-skip-dynamic-names": {
        "commands_in": swap('''        if not words or words[0] is None:
            raise Unanalysable("the program's name is computed when it runs")''', '''        if not words or words[0] is None:
            return'''),
    },
    # Wrappers are programs like any other: sudo rm x needs only sudo.
    "commands-no-wrappers": {
        "commands_in": swap("        elif name in WRAPPERS:", "        elif False:"),
    },
    # bash -c 'rm x' and eval 'rm x' are strings, not commands, to this version.
    "commands-no-shell-strings": {
        "commands_in": chain(swap('        if name in SHELLS and "-c" in rest:', "        if False:"),
                             swap('        elif name == "eval" and rest:', "        elif False:")),
    },
    # Approval by the whole command's first program: ls approves everything after it.
    "approval-by-first-program": {
        "needs_approval": swap("    return sorted({p for p in programs if p not in approved})",
                               "    return [] if programs and programs[0] in approved else sorted(set(programs))"),
    },
}

RIGHT = {
    # An explicit stack instead of recursion, programs in another order, duplicates kept.
    "commands-iterative-walk": {
        "commands_in": swap("""    visit(tree)
    return programs""", """    stack = [tree]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = [node.child_by_field_name("name")] + node.children_by_field_name("argument")
            if words[0] is not None:
                run([word(w) for w in words])
        stack.extend(node.children)
    return programs[::-1] + programs"""),
    },
    # A list in first-seen order, with duplicates, instead of a sorted set.
    "approval-as-a-list": {
        "needs_approval": swap("    return sorted({p for p in programs if p not in approved})",
                               "    return [p for p in programs if p not in approved]"),
    },
    # splitlines and a trailing newline after the last numbered line.
    "view-with-splitlines": {
        "view": chain(swap('    lines = text.removesuffix("\\n").split("\\n") if text else []',
                           "    lines = text.splitlines()"),
                      swap("for n in range(start, end + 1))", 'for n in range(start, end + 1)) + "\\n"')),
    },
    # The count found with str.find in a loop; the error text assembled in one f-string.
    "str-replace-find-loop": {
        "str_replace": swap("    count = text.count(old_str) if old_str else 0",
                            "    count, at = 0, text.find(old_str) if old_str else -1\n"
                            "    while at >= 0:\n"
                            "        count, at = count + 1, text.find(old_str, at + len(old_str))"),
    },
}
