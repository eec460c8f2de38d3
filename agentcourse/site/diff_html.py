"""A checkpoint's diff as HTML: the language highlighted inside each hunk, added and removed
lines marked, long lines scrolled rather than cut.

    html = diff_html("agent.py", lines_of_one_file)   # raw HTML for a Markdown page

Pygments' `diff` lexer colours whole lines and nothing inside them, so a diff page read like
plain text. Here each hunk is lexed as the file's language twice, as it was (kept and removed
lines) and as it became (kept and added lines), so a docstring that spans lines stays a
string; then each line takes its side's fragment, in a span that says whether it was added,
removed or kept. The class names are Pygments' own, so
the theme's colours apply; course.css adds the bands and the gutter.
"""

from __future__ import annotations

import html

from pygments.lexers import TextLexer, get_lexer_for_filename
from pygments.token import STANDARD_TYPES
from pygments.util import ClassNotFound

KINDS = {"+": "diff-add", "-": "diff-del", " ": "diff-ctx"}


def _css_class(ttype) -> str:
    while ttype not in STANDARD_TYPES:
        ttype = ttype.parent
    return STANDARD_TYPES[ttype]


def highlighted_lines(name: str, lines: list[str]) -> list[str]:
    """`lines` of file `name`, lexed together, as one HTML fragment per line."""
    try:
        lexer = get_lexer_for_filename(name, stripnl=False, ensurenl=False)
    except ClassNotFound:
        lexer = TextLexer(stripnl=False, ensurenl=False)
    out, current = [], []
    for ttype, value in lexer.get_tokens("\n".join(lines)):
        parts = value.split("\n")
        for i, part in enumerate(parts):
            if i:
                out.append("".join(current))
                current = []
            if part:
                css = _css_class(ttype)
                text = html.escape(part, quote=False)
                current.append(f'<span class="{css}">{text}</span>' if css else text)
    out.append("".join(current))
    return out[: len(lines)] + [""] * (len(lines) - len(out))


def _hunks(lines: list[str]) -> list[tuple[str, list[str]]]:
    """(header line or "", the lines under it) for a file's diff lines."""
    hunks: list[tuple[str, list[str]]] = [("", [])]
    for line in lines:
        if line.startswith(("@@", "--- ", "+++ ")):
            hunks.append((line, []))
        else:
            hunks[-1][1].append(line)
    return [h for h in hunks if h[0] or h[1]]


def diff_html(name: str, lines: list[str]) -> str:
    """One file's unified diff lines as a `<pre>` block of marked, highlighted lines."""
    rows = []
    for header, body in _hunks(lines):
        if header:
            kind = "diff-hunk" if header.startswith("@@") else "diff-file"
            rows.append(f'<span class="diff-line {kind}">{html.escape(header, quote=False)}</span>')
        # Each side lexed on its own (kept + removed lines, kept + added lines): either is
        # the file as it was or became, so a string or a block opened on one side closes there.
        sides = {side: iter(highlighted_lines(name, [ln[1:] for ln in body if ln[:1] in (" ", side)]))
                 for side in "-+"}
        for line in body:
            mark = line[:1]
            if mark not in KINDS:  # "\ No newline at end of file" and the like: plain text
                rows.append(f'<span class="diff-line diff-hunk">{html.escape(line, quote=False)}</span>')
                continue
            fragment = next(sides["+" if mark == " " else mark], "")
            if mark == " ":
                next(sides["-"], None)  # a kept line is on both sides
            rows.append(f'<span class="diff-line {KINDS[mark]}"><span class="diff-mark">'
                        f'{html.escape(mark)}</span>{fragment}</span>')
    return ('<div class="highlight diff-listing"><pre><code>' + "\n".join(rows)
            + "</code></pre></div>")
