"""display.py (checkpoint 08): what the user is shown before answering a question.

Try it from the repository root: a command padded with 400 blank lines, as it is shown.

    python -c "import sys; sys.path.insert(0, 'checkpoints/08-anthropic-tools'); \\
import display, guardrail; print(display.shown('ls' + chr(10) * 400 + 'rm -rf x', guardrail.PARSER))"

An approval is only as good as what the user saw. Printed raw, a command padded with
newlines pushes `rm -rf` hundreds of lines above the prompt, and a run of spaces pushes
it off the edge of the line. So what is shown is the command with nothing hidden and
nothing taking room for nothing: every character outside printable ASCII escaped (a
carriage return cannot overwrite a part), runs of blank lines and of spaces counted
instead of printed, and a command of more than MAX_LINES lines cut to its first and last
lines, saying which were left out. Whenever the command is long or spans lines, a line
names every program it starts by name (every command word the parser finds, here-
documents and the part not shown included); what those programs start in turn, no text
can show.
"""

from __future__ import annotations

import re

MAX_LINES = 30  # lines shown of a longer command: the first and last half of these
LONG = 200  # characters from which the programs are named even on one line


def _escaped(command: str) -> str:
    return re.sub(r"[^ -~\n]", lambda odd: ascii(odd[0])[1:-1], command)


def _squeezed(text: str) -> list[str]:
    """Lines with runs of spaces and of blank lines counted, not printed."""
    text = re.sub(r" {8,}", lambda run: f" [{len(run[0])} spaces] ", text)
    lines, blank = [], 0
    for line in [*text.split("\n"), None]:
        if line is not None and not line.strip():
            blank += 1
            continue
        if blank:
            lines += [""] * blank if blank < 3 else [f"[{blank} blank lines]"]
            blank = 0
        if line is not None:
            lines.append(line)
    return lines


def programs(command: str, parser: object) -> list[str] | None:
    """Every command word of `command`, in order, once each; None if it cannot be read."""
    if parser is None:
        return None
    root = parser.parse(command.encode(errors="replace")).root_node
    names, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command_name":
            names.append(node.text.decode(errors="replace"))
        stack.extend(reversed(node.children))
    return list(dict.fromkeys(names)) if not root.has_error or names else None


def shown(command: str, parser: object = None) -> str:
    """The text the user reads: the command, squeezed, cut if long, and its programs named."""
    lines = _squeezed(_escaped(command))
    if len(lines) > MAX_LINES:
        half = MAX_LINES // 2
        lines = [*lines[:half], f"[... {len(lines) - 2 * half} lines not shown ...]", *lines[-half:]]
    text = "      " + "\n      ".join(lines)
    if "\n" in command.strip() or len(command) > LONG:
        named = programs(command, parser)
        what = (", ".join(_escaped(n) for n in named) if named else
                "(the parser cannot tell: read it all, or answer n)")
        count = command.count("\n") + 1
        text += f"\n  {count} line{'s' * (count > 1)}, {len(command):,} characters; it starts: {what}"
    return text


def ask(command: str, programs_offered: list[str], reason: str, parser: object = None) -> str:
    """Show the command and why it asks; return 'y' (once), 'a' (always) or 'n'. With
    `programs_offered` empty, "always" is not offered."""
    print("\n  [guardrail] the agent wants to run:\n" + shown(command, parser))
    print(f"  {reason}")
    offer = f"[a] always for {', '.join(programs_offered)}, " if programs_offered else ""
    try:
        answer = input(f"  Allow? [y] once, {offer}[n] no: ")
    except (EOFError, OSError):  # nobody at a terminal to ask: the answer is no
        answer = "n"
    return answer.strip().lower()[:1] or "n"
