"""Known-wrong implementations of lab 4: each must lose points (tests/labs/test_integrity.py)."""

from agentcourse.nbtools import drop, swap

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
        "search_file": swap('shown.append(f"{relative(file)}:{number}: {text}")',
                            'shown.append(f"{relative(file)}: {text}")'),
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
