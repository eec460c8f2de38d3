"""Known-wrong implementations of lab 4: each must lose points (tests/grading/test_integrity.py)."""

from agentcourse.course.nbrun import chain, drop, swap

WRONG = {
    # Every match comes back: a common word floods the context.
    "search-without-cap": {
        "search_file": swap("if len(shown) < SEARCH_MAX_MATCHES:", "if True:"),
    },
    # Capped, but silently: the model believes it saw every match.
    "search-cap-without-notice": {
        "search_file": drop('''\
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
'''),
    },
    # re.compile outside try: a bad pattern raises into the loop.
    "bad-regex-raises": {
        "search_file": lambda source: swap(
            '''\
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
''',
            "    regex = re.compile(pattern)\n",
        )(source),
    },
    # Matches without line numbers: the model cannot find its way to the line.
    "search-without-line-numbers": {
        "search_file": swap('shown.append(f"{relative(file)}:{number}: {text[:LINE_MAX_CHARS]}")',
                            'shown.append(f"{relative(file)}: {text[:LINE_MAX_CHARS]}")'),
    },
    # Numbering from 0: every number is one off from the editor's and search_file's.
    "read-lines-zero-based": {
        "read_lines": swap("for last, line in enumerate(f, start=1):",
                           "for last, line in enumerate(f):"),
    },
    # end treated as exclusive, Python-slice style.
    "read-lines-end-exclusive": {
        "read_lines": swap("stop = min(end, start + READ_LINES_MAX - 1)",
                           "stop = min(end - 1, start + READ_LINES_MAX - 1)"),
    },
    # Reads the whole file, then slices: correct output, but the cost of the whole file
    # (and a crash on a file whose far end is not UTF-8).
    "read-lines-reads-whole-file": {
        "read_lines": swap(
            '''\
            for last, line in enumerate(f, start=1):
                if last >= start:''',
            '''\
            for last, line in enumerate(f.read().splitlines(keepends=True), start=1):
                if last >= start:''',
        ),
    },
    # "Does it exist?" instead of "is it a regular file?": open() on a FIFO waits forever
    # (the check gives up after one second).
    "read-lines-opens-fifos": {
        "read_lines": swap("if not os.path.isfile(real):", "if not os.path.exists(real):"),
    },
    # No cap on read_lines: one call can pull in the whole file.
    "read-lines-without-cap": {
        "read_lines": swap("stop = min(end, start + READ_LINES_MAX - 1)", "stop = end"),
    },
    # The old prompt's tool section: read_file is still described and the new tools are not.
    "prompt-still-describes-read-file": {
        "tools_section": '''\
TOOLS_SECTION = """\\
## Available Tools
**list_files(path)**: List the files and folders at a path.
**read_file(filename)**: Return the complete text of a file.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
You must read the file first.
"""
''',
    },
}



# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
WRONG.update({
    # Line numbers from 0.
    "search-numbers-from-zero": {"search_file": swap("enumerate(f, start=1)", "enumerate(f)")},
    # The notice added every time, "for the model's information".
    "search-notice-always": {"search_file": swap("    if total > len(shown):", "    if True:")},
    # Counting stops at the cap: the notice cannot say how many there were.
    "search-stops-counting-at-the-cap": {
        "search_file": swap("                        total += 1  # keep counting past the cap: the notice needs the total\n"
                            "                        if len(shown) < SEARCH_MAX_MATCHES:",
                            "                        if len(shown) < SEARCH_MAX_MATCHES:\n                            total += 1"),
    },
    # No match reported as an error.
    "search-no-match-is-an-error": {"search_file": swap('        return f"No lines match {pattern!r} in {path}"', '        return f"Error: no lines match {pattern!r}"')},
    # re.match: anchored at the start of the line.
    "search-anchored": {"search_file": swap("if regex.search(text):", "if regex.match(text):")},
    # Strict UTF-8: a stray byte ends the search.
    "search-strict-utf8": {"search_file": swap('open(file, encoding="utf-8", errors="replace")', 'open(file, encoding="utf-8")')},
    # Real paths instead of project-relative ones.
    "search-real-paths": {"search_file": swap('shown.append(f"{relative(file)}:{number}: {text[:LINE_MAX_CHARS]}")',
                                              'shown.append(f"{file}:{number}: {text[:LINE_MAX_CHARS]}")')},
    # Long lines kept whole.
    "search-long-lines-whole": {"search_file": swap("{text[:LINE_MAX_CHARS]}", "{text}")},
    # An empty pattern matches every line, so it is allowed.
    "search-empty-pattern-allowed": {"search_file": swap("    if not isinstance(pattern, str) or not pattern:", "    if not isinstance(pattern, str):")},
    # start and end used as given: "4" fails.
    "read-lines-no-int-conversion": {
        "read_lines": swap("        start, end = int(start), int(end)\n", "        start, end = start + 0, end + 0\n"),
    },
    # No end-of-file notice.
    "read-lines-no-end-notice": {
        "read_lines": swap('        shown.append(f"[end of file: {path} has {last} lines]")', "        pass"),
    },
    # A start past the end returns nothing instead of an error.
    "read-lines-past-the-end-is-empty": {
        "read_lines": swap('        return f"Error: {path} has {last} lines; start={start} is past the end"', '        return ""'),
    },
    # The continuation names the last line shown, not the next one.
    "read-lines-continue-at-the-last-line": {
        "read_lines": swap("call read_lines({path}, {stop + 1}, {end})", "call read_lines({path}, {stop}, {end})"),
    },
    # Undecodable bytes replaced: a binary file comes back as garbage instead of an error.
    "read-lines-replaces-bad-bytes": {
        "read_lines": swap('        with open(real, encoding="utf-8") as f:', '        with open(real, encoding="utf-8", errors="replace") as f:'),
    },
    # The past-the-end error without the file's length.
    "read-lines-past-the-end-without-length": {
        "read_lines": swap('return f"Error: {path} has {last} lines; start={start} is past the end"',
                           'return f"Error: start={start} is past the end of {path}"'),
    },
    # No word on how a file is created: the agent leaves old_str out.
    "prompt-without-the-create-rule": {
        "tools_section": swap("- To create a file, set old_str to an empty string and put the whole file in new_str.\n", ""),
    },
    # The signatures in other words: search_file(regex, file) is not the tool the agent has.
    "prompt-other-signatures": {
        "tools_section": chain(swap("**search_file(pattern, path)**", "**search_file(regex, file)**"),
                                swap("**read_lines(path, start, end)**", "**read_lines(file, first, last)**")),
    },
})

# ---------------------------------------------------------------- the rules the checks state now
# Written with the checks as properties (WALKTHROUGH.md, "Checks as properties"): one case for
# each rule the task texts now state that no case above breaks.
WRONG.update({
    # The line searched with its line end: `\s$` (trailing whitespace) matches every line.
    "search-raw-line": {"search_file": swap("if regex.search(text):", "if regex.search(line):")},
    # Streams nothing: all the bytes, split, only the window decoded. The right lines, with the
    # whole file in memory (the 16 MB check measures it).
    "read-lines-binary-whole-file": {
        "read_lines": swap(
            '        with open(real, encoding="utf-8") as f:  # text mode, as search_file: the same lines\n'
            "            for last, line in enumerate(f, start=1):",
            '        with open(real, "rb") as f:\n'
            '            raw = re.split(rb"\\r\\n|\\r|\\n", f.read())\n'
            '            raw = raw[:-1] if raw and raw[-1] == b"" else raw\n'
            '            for last, line in enumerate((r.decode("utf-8") for r in raw), start=1):',
        ),
    },
    # Bytes split at "\n" only, while search_file (text mode) also ends a line at a lone "\r":
    # the two tools give the same line different numbers.
    "read-lines-counts-lines-unlike-search": {
        "read_lines": chain(
            swap('        with open(real, encoding="utf-8") as f:  # text mode, as search_file: the same lines',
                 '        with open(real, "rb") as f:'),
            swap('shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")',
                 'shown.append(f"{last}: {line.decode().removesuffix(chr(10)).removesuffix(chr(13))[:LINE_MAX_CHARS]}")'),
        ),
    },
    # The section tells the model that read_lines counts like a Python slice.
    "prompt-zero-based-slice": {
        "tools_section": swap("(1-based, \\\ninclusive)", "(0-based, \\\nend excluded, like a Python slice)"),
    },
    # The section tells the model to copy the line numbers into old_str.
    "prompt-copies-line-numbers": {
        "tools_section": swap("old_str from them without the line numbers.", "old_str from them with the line numbers."),
    },
    # The section asks for whole files after all.
    "prompt-reads-whole-files": {
        "tools_section": swap("Read only the lines you need, usually \\\na few around a search match.",
                              "Before an edit, read the whole file \\\nwith read_lines, 200 lines at a time."),
    },
})

RIGHT = {
    # itertools.islice for the window; a local named like the setup's `relative` helper.
    "read-lines-with-islice": {
        "read_lines": '''\
import itertools


def read_lines(path, start, end):
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
        if not 1 <= start <= end:
            raise ValueError
        real = resolve_in_root(path)
    except (TypeError, ValueError):
        return "Error: start and end must be line numbers with 1 <= start <= end"
    except ToolError as err:
        return "Error: " + str(err)
    if not os.path.isfile(real):
        return f"Error: {path} is not a file"
    relative = min(end, start + READ_LINES_MAX - 1)
    try:
        with open(real, encoding="utf-8") as f:
            window = list(itertools.islice(f, start - 1, relative))
            more = relative < end and bool(f.readline())
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8"
    if not window:
        with open(real, "rb") as f:
            total = sum(1 for _ in f)
        return f"Error: {path} has only {total} lines"
    out = [f"{start + k}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}" for k, line in enumerate(window)]
    last = start + len(window) - 1
    if last < relative or (relative == end and last < end):
        out.append(f"[end of file: {path} has {last} lines]")
    elif more or relative < end:
        out.append(f"[only {READ_LINES_MAX} lines at a time: continue with read_lines({path!r}, {relative + 1}, {end})]")
    return "\\n".join(out)
''',
    },
    # A section in other words than the solution's ("numbering starts at 1", "both returned",
    # "never paste the prefixes", "never read a file in full"), with a worked example of a new file.
    "section-in-other-words": {
        "tools_section": '''\
TOOLS_SECTION = """## Available Tools
You have four tools; call them exactly as written here.

- list_files(path): the entries of one folder, folders marked [dir].
- search_file(pattern, path): the way to find code. It runs a regular expression over every \\
line of a file, or of every file below a folder, and answers with `path:line: text` lines \\
(50 at most, then a note). Search first: never read a file in full to find something.
- read_lines(path, start, end): a window of a file. Line numbering starts at 1, and the \\
start and end lines are both returned, each as `N: text`. Ask for the few lines around a hit.
- edit_file(path, old_str, new_str): replaces old_str, which must occur once, by new_str. \\
Take old_str from read_lines output, but never paste the `N: ` prefixes into it. A file that \\
does not exist yet is made by passing an empty old_str and the whole new file as new_str, e.g. \\
edit_file("notes.md", "", "# Notes\\\\n").
"""
''',
    },
}
