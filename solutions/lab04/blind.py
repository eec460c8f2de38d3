"""Blind corpus of lab 04: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # the cap is per file: each file searched may show its own SEARCH_MAX_MATCHES lines
    "search-cap-per-file": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    out, shown_all, total_all = [], 0, 0
    try:
        for file in files_to_search(real):
            shown, total = 0, 0
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        total += 1
                        if shown < SEARCH_MAX_MATCHES:
                            shown += 1
                            out.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
            shown_all += shown
            total_all += total
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not out:
        return f"No lines match {pattern!r} in {path}"
    if total_all > shown_all:
        out.append(f"[{shown_all} of {total_all} matching lines shown; narrow the pattern or the path]")
    return "\n".join(out)
'''},
    # searching a folder means searching the files in it, not in its subfolders
    "search-folder-not-recursed": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if os.path.isdir(real):
        files = [os.path.join(real, n) for n in sorted(os.listdir(real))
                 if not n.startswith(".") and os.path.isfile(os.path.join(real, n))]
    elif os.path.isfile(real):
        files = [real]
    else:
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files:
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # once the cap is reached there is no point reading on; the notice can just say "more"
    "search-stops-at-cap": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, cut = [], False
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        if len(shown) == SEARCH_MAX_MATCHES:
                            cut = True
                            break
                        shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
            if cut:
                break
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if cut:
        shown.append(f"[only the first {len(shown)} matching lines shown; there are more: narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # reaching the cap means something was cut, so the notice goes on whenever the cap is full
    "search-notice-at-exact-cap": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if len(shown) >= SEARCH_MAX_MATCHES:
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # a "match" is each place the pattern is found, so a line with two hits is reported twice
    "search-counts-matches-not-lines": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    text = line.rstrip("\n")
                    for _ in regex.finditer(text):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {text[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matches shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # line numbers count like Python indexes, from 0
    "search-zero-based": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f):
                    if regex.search(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # re.match finds the pattern in the line (it is "the" matching function)
    "search-re-match-anchored": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.match(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # a file that does not decode as UTF-8 is binary, and binary files are skipped like grep does
    "search-skips-undecodable-files": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    for file in files_to_search(real):
        try:
            with open(file, encoding="utf-8") as f:
                lines = list(f)
        except (OSError, UnicodeDecodeError):
            continue  # binary or unreadable: nothing to search
        for number, line in enumerate(lines, start=1):
            if regex.search(line):
                total += 1
                if len(shown) < SEARCH_MAX_MATCHES:
                    shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # every line ends in "\n", so removing that one character leaves the line's text
    "search-crlf-kept": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, "rb") as f:  # bytes: a stray byte cannot stop the loop
                for number, raw in enumerate(f, start=1):
                    line = raw.decode("utf-8", errors="replace")
                    if line.endswith("\n"):
                        line = line[:-1]
                    if regex.search(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {line[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # str.splitlines() splits a text at exactly the line ends a file has
    "search-splitlines-numbering": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for number, line in enumerate(text.splitlines(), start=1):
                if regex.search(line):
                    total += 1
                    if len(shown) < SEARCH_MAX_MATCHES:
                        shown.append(f"{relative(file)}:{number}: {line[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # a result names a file from the folder that was searched, the way the model asked for it
    "search-names-from-searched-folder": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if os.path.isdir(real):
        base = real
    elif os.path.isfile(real):
        base = os.path.dirname(real)
    else:
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            name = os.path.relpath(file, base).replace(os.sep, "/")
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{name}:{number}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # the cap on the number of matches already bounds the size of the result
    "search-lines-not-cut": {"search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        total += 1
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {line.rstrip(chr(10))}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
'''},
    # `end` works like the stop of a Python slice: lines start up to, not including, end
    "read-lines-end-exclusive": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX)  # one past the last line shown
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= stop:
                    break
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
            else:
                last += 1  # the loop ran out: the file has no line `stop`
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {max(last - 1, 0)} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last - 1} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # the numbers are positions in the file, and positions start at 0 like list indexes
    "read-lines-zero-based": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers"
    if start < 0 or end < start:
        return f"Error: need 0 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, count = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for index, line in enumerate(f):
                count = index + 1
                if index >= start:
                    shown.append(f"{index}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if index >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {count} lines; start={start} is past the end"
    if count - 1 < stop:
        shown.append(f"[end of file: {path} has {count} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # reading the file and slicing its lines is the simple way, and the cap keeps the result small
    "read-lines-reads-whole-file": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    try:
        with open(real, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if lines and lines[-1] == "":
        lines.pop()  # the text after the final newline is not a line
    total = len(lines)
    if start > total:
        return f"Error: {path} has {total} lines; start={start} is past the end"
    stop = min(end, start + READ_LINES_MAX - 1, total)
    shown = [f"{n}: {lines[n - 1][:LINE_MAX_CHARS]}" for n in range(start, stop + 1)]
    if end > total and stop == total:
        shown.append(f"[end of file: {path} has {total} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # "at most READ_LINES_MAX lines" means nothing past line READ_LINES_MAX is shown
    "read-lines-cap-as-line-number": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, max(start, READ_LINES_MAX))
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # the window runs from start to start + READ_LINES_MAX
    "read-lines-cap-off-by-one": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX)
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # asking for lines the file does not have is a bad request, like start past the end
    "read-lines-end-past-eof-is-error": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if last < stop:
        return f"Error: {path} has {last} lines; ask for lines 1 to {last} at most"
    if stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # a request that reaches the cap is a request that was cut, so it gets the notice
    "read-lines-notice-at-exact-cap": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    capped = end - start + 1 >= READ_LINES_MAX
    stop = start + READ_LINES_MAX - 1 if capped else end
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif capped:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # like search_file, a stray byte should not stop the read: replace what does not decode
    "read-lines-decodes-leniently": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8", errors="replace") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # only a folder cannot be read line by line; anything else that exists is a file
    "read-lines-only-folders-refused": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.exists(real):
        return f"Error: {path} does not exist"
    if os.path.isdir(real):
        return f"Error: {path} is a folder; use list_files"
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # a line read from a file ends in "\n"; dropping that byte leaves exactly the line
    "read-lines-crlf-kept": {"read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    try:
        with open(real, "rb") as f:  # bytes, so lines before `start` are never decoded
            for last, raw in enumerate(f, start=1):
                if last >= start:
                    text = raw.removesuffix(b"\n").decode("utf-8")
                    shown.append(f"{last}: {text[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
'''},
    # telling the model that read_file is gone is what keeps it from calling read_file
    "section-names-the-removed-tool": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
Note: read_file has been removed. Do not call it; use search_file and read_lines instead.
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir].
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match. Use it to \
locate code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once), \
copied from read_lines without the line numbers, and new_str to its replacement.
"""
'''},
    # edit_file's job is replacing text; creating a file is obvious enough to leave unsaid
    "section-no-create-rule": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir]. \
Use it when you do not yet know what the project contains.
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match, at most \
50. Use it to locate code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number. Read only the lines you need.
**edit_file(path, old_str, new_str)**: Replace old_str with new_str in a file. old_str \
must be the exact text, copied from read_lines without the line numbers, and it must \
appear exactly once in the file.
"""
'''},
    # a new file has no old text, so old_str is simply left out when creating one
    "section-create-omits-old-str": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir].
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match. Use it to \
find code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, call edit_file with the path and the whole file in new_str; a new \
file has no old text, so leave old_str out.
- To change a file, set old_str to the exact text to replace (it must appear once), \
copied from read_lines without the line numbers, and new_str to its replacement.
"""
'''},
    # read_lines counts like Python: 0-based, with end not included
    "section-read-lines-zero-based": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir].
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match. Use it to \
find code instead of reading whole files.
**read_lines(path, start, end)**: Return the lines of a file from index start up to but \
not including end (0-based, like a Python slice), each prefixed with its index.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once), \
copied from read_lines without the numbers, and new_str to its replacement.
"""
'''},
    # old_str must match exactly what the model saw, so it is copied with the line numbers
    "section-copy-line-numbers": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir].
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match. Use it to \
find code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the text to replace exactly as read_lines showed it, \
line numbers and all (it must appear once), and new_str to its replacement.
"""
'''},
    # TOOLS_SECTION is the prompt's instructions, so the working rules belong in it too
    "section-includes-how-to-work": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir].
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match. Use it to \
find code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once), \
copied from read_lines without the line numbers, and new_str to its replacement.

## How to Work
- Search, then read, then edit.
- Read before editing.
"""
'''},
    # to edit safely the model must have seen the whole file, so the section tells it to read it all
    "section-read-whole-file-first": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir].
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number. Before changing a file, read all of it \
with read_lines(path, 1, 200), and the next 200 lines until the end of the file, so that \
you have seen every line.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once), \
copied from read_lines without the line numbers, and new_str to its replacement.
"""
'''},
    # the prose only has to name the tools; how the arguments are called is the schema's business
    "section-renamed-parameters": {"tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
**list_files(folder)**: List the files and folders in a folder, each marked [file] or [dir].
**search_file(regex, where)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match. Use it to \
find code instead of reading whole files.
**read_lines(file, first, last)**: Return lines first to last of a file (1-based, \
inclusive), each prefixed with its line number.
**edit_file(file, old, new)**: Create or change a file.
- To create a file, set old to an empty string and put the whole file in new.
- To change a file, set old to the exact text to replace (it must appear once), copied \
from read_lines without the line numbers, and new to its replacement.
"""
'''},
}

RIGHT = {
    # generators and helpers: one numbered-line reader shared by both tools, text mode
    "generator-helpers": {
        "search_file": r'''def numbered_lines(real):
    """(number, raw bytes of the line) for each line of a file, from 1, lazily: a line is
    only decoded by whoever needs its text."""
    with open(real, "rb") as handle:
        yield from enumerate(handle, start=1)


def as_text(raw, errors="strict"):
    """A raw line as text, without its line end (LF or CRLF)."""
    return raw.decode("utf-8", errors=errors).removesuffix("\n").removesuffix("\r")


def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not isinstance(pattern, str) or pattern == "":
        return "Error: give a non-empty regular expression as pattern"
    try:
        compiled = re.compile(pattern)
    except re.error as problem:
        return f"Error: {pattern!r} is not a valid regular expression ({problem})"
    try:
        real = resolve_in_root(path)
    except ToolError as problem:
        return f"Error: {problem}"
    if not (os.path.isfile(real) or os.path.isdir(real)):
        return f"Error: {path} is neither a file nor a folder"

    def hits():
        for file in files_to_search(real):
            for number, raw in numbered_lines(file):
                line = as_text(raw, errors="replace")
                if compiled.search(line):
                    yield f"{relative(file)}:{number}: {line[:LINE_MAX_CHARS]}"

    kept, seen = [], 0
    try:
        for hit in hits():
            seen += 1
            if seen <= SEARCH_MAX_MATCHES:
                kept.append(hit)
    except OSError as problem:
        return f"Error: searching {path} failed: {problem.strerror or problem}"
    if seen == 0:
        return f"No lines match {pattern!r} in {path}"
    if seen > len(kept):
        kept.append(f"[{len(kept)} of {seen} matching lines shown; narrow the pattern or the path]")
    return "\n".join(kept)
''',
        "read_lines": r'''import itertools


def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        first, last_wanted = int(start), int(end)
    except (TypeError, ValueError):
        return f"Error: start and end must be whole numbers, got {start!r} and {end!r}"
    if not 1 <= first <= last_wanted:
        return f"Error: need 1 <= start <= end (1-based, inclusive), got {first} and {last_wanted}"
    try:
        real = resolve_in_root(path)
    except ToolError as problem:
        return f"Error: {problem}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file"
    stop = min(last_wanted, first + READ_LINES_MAX - 1)
    lines = numbered_lines(real)
    window = []
    count = 0
    try:
        for count, raw in itertools.islice(lines, stop):  # never reads past line `stop`
            if count >= first:
                window.append(f"{count}: {as_text(raw)[:LINE_MAX_CHARS]}")
    except UnicodeDecodeError:
        return f"Error: line {count} of {path} is not UTF-8 text"
    except OSError as problem:
        return f"Error: reading {path} failed: {problem.strerror or problem}"
    finally:
        lines.close()
    if not window:
        return f"Error: {path} has only {count} lines; start={first} is past the end"
    if count < stop:
        window.append(f"[end of file: {path} has {count} lines]")
    elif stop < last_wanted:
        window.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {last_wanted}) for the rest]")
    return "\n".join(window)
''',
        "tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """## Available Tools

- list_files(path): shows what a folder holds, one entry per line, marked [dir] or [file].
- search_file(pattern, path): looks for a Python regular expression in one file, or in \
every file below a folder. Each matching line comes back as `path:line: text`, with a \
1-based line number; long results are capped, with a note saying so. Use it to locate \
code rather than reading whole files.
- read_lines(path, start, end): returns lines start through end of a file. Numbering \
starts at 1 and both ends are included; every line comes back prefixed with its number \
and ": ". Ask for a small window around a search hit.
- edit_file(path, old_str, new_str): replaces old_str, which must occur exactly once in \
the file, with new_str. Copy old_str from read_lines output but leave out the line \
numbers and the ": " that read_lines puts in front of each line. To make a new file, pass \
an empty old_str and the complete contents of the file as new_str.
"""
''',
    },
    # bytes read line by line, each line decoded on its own; a list of rules for the prompt
    "binary-per-line": {
        "search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if type(pattern) is not str or not pattern:
        return "Error: the pattern must be a non-empty regular expression"
    try:
        matcher = re.compile(pattern).search
    except re.error as e:
        return f"Error: invalid regular expression {pattern!r}: {e}"
    try:
        target = resolve_in_root(path)
    except ToolError as e:
        return f"Error: {e}"
    if not os.path.isdir(target) and not os.path.isfile(target):
        return f"Error: {path} is not a file or a folder"
    results = []
    total = 0
    for file in files_to_search(target):
        name = relative(file)
        try:
            with open(file, "rb") as stream:
                for lineno, raw in enumerate(stream, 1):
                    line = raw.decode("utf-8", errors="replace")
                    if line.endswith("\n"):
                        line = line[:-1]
                    if line.endswith("\r"):
                        line = line[:-1]
                    if matcher(line) is None:
                        continue
                    total += 1
                    if len(results) < SEARCH_MAX_MATCHES:
                        results.append("%s:%d: %s" % (name, lineno, line[:LINE_MAX_CHARS]))
        except OSError as e:
            return f"Error: could not read {name}: {e.strerror or e}"
    if total == 0:
        return f"No lines match {pattern!r} in {path}"
    if total > SEARCH_MAX_MATCHES:
        results.append("[%d of %d matching lines shown; narrow the pattern or the path]"
                       % (SEARCH_MAX_MATCHES, total))
    return "\n".join(results)
''',
        "read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start = int(start)
        end = int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole numbers (1-based line numbers)"
    if start < 1:
        return f"Error: start must be at least 1 (lines are numbered from 1), got {start}"
    if end < start:
        return f"Error: end ({end}) must not be smaller than start ({start})"
    try:
        target = resolve_in_root(path)
    except ToolError as e:
        return f"Error: {e}"
    if not os.path.isfile(target):
        return f"Error: {path} is not a regular file" if os.path.exists(target) else f"Error: {path} does not exist"
    stop = min(end, start + READ_LINES_MAX - 1)
    out = []
    lineno = 0
    try:
        with open(target, "rb") as stream:
            while lineno < stop:
                raw = stream.readline()
                if not raw:
                    break  # end of file
                lineno += 1
                if lineno < start:
                    continue  # counted, never decoded
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    return f"Error: line {lineno} of {path} is not UTF-8 text"
                if line.endswith("\n"):
                    line = line[:-1]
                if line.endswith("\r"):
                    line = line[:-1]
                out.append(f"{lineno}: {line[:LINE_MAX_CHARS]}")
    except OSError as e:
        return f"Error: could not read {path}: {e.strerror or e}"
    if not out:
        return f"Error: start={start} is past the end: {path} has {lineno} lines"
    if lineno < stop:
        out.append(f"[end of file: {path} has {lineno} lines]")
    elif stop < end:
        out.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(out)
''',
        "tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = "\n".join([
    "## Available Tools",
    "1. list_files(path): the names in a folder, sorted, each with [dir] or [file].",
    "2. search_file(pattern, path): the lines matching a regular expression, in one file "
    "or in all files under a folder, as `path:line: text` (line numbers from 1). This is how "
    "you find code: search for it instead of reading whole files.",
    "3. read_lines(path, start, end): lines start to end, 1-based and inclusive, each "
    "numbered as `N: text`. Read the few lines you need, usually around a search result.",
    "4. edit_file(path, old_str, new_str): replaces the one occurrence of old_str with "
    "new_str. old_str is copied from read_lines output without the `N: ` line numbers. "
    "If the file does not exist yet, use an empty string for old_str and put the whole "
    "new file in new_str.",
])
''',
    },
    # a small reusable window helper and a single-pass search; prose paragraphs with an example
    "window-and-prose": {
        "search_file": r'''def _clip(line):
    """A line as the tools show it: no line end, at most LINE_MAX_CHARS characters."""
    return line.rstrip("\r\n")[:LINE_MAX_CHARS]


def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    problem = None
    if not isinstance(pattern, str) or not pattern:
        problem = "pattern must be a non-empty regular expression"
    else:
        try:
            regex = re.compile(pattern)
        except re.error as err:
            problem = f"cannot compile {pattern!r}: {err}"
    if problem:
        return "Error: " + problem
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return "Error: " + str(err)
    if os.path.isdir(real):
        files = list(files_to_search(real))
    elif os.path.isfile(real):
        files = [real]
    else:
        return f"Error: {path} does not exist, or is not a file or a folder"
    matches = 0
    report = []
    for file in files:
        try:
            f = open(file, encoding="utf-8", errors="replace", newline="\n")  # lines end at LF only
        except OSError as err:
            return f"Error: cannot open {relative(file)}: {err.strerror}"
        with f:
            n = 0
            while True:
                line = f.readline()
                if not line:
                    break
                n += 1
                text = _clip(line)
                if regex.search(line.rstrip("\r\n")):
                    matches += 1
                    if len(report) < SEARCH_MAX_MATCHES:
                        report.append(f"{relative(file)}:{n}: {text}")
    if not matches:
        return f"No lines match {pattern!r} in {path}"
    if matches > len(report):
        report.append(f"[{len(report)} of {matches} matching lines shown; narrow the pattern or the path]")
    return "\n".join(report)
''',
        "read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers, counted from 1"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return "Error: " + str(err)
    if not os.path.isfile(real):
        return f"Error: {path} is not an existing regular file"
    last_shown = min(end, start + READ_LINES_MAX - 1)
    shown = []
    n = 0
    try:
        with open(real, "rb") as f:
            for raw in f:
                n += 1
                if n >= start:
                    shown.append(f"{n}: {_clip(raw.decode('utf-8'))}")
                if n == last_shown:
                    break
    except UnicodeDecodeError:
        return f"Error: {path} line {n} is not valid UTF-8"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if n < start:
        return f"Error: {path} has {n} lines, so start={start} is past its end"
    if n < last_shown:
        shown.append(f"[end of file: {path} has {n} lines]")
    elif last_shown < end:
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {last_shown + 1}, {end}) for the rest]")
    return "\n".join(shown)
''',
        "tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """\
## Available Tools
You have four tools.

list_files(path) lists the entries of a project folder, each tagged [file] or [dir]. Start \
with it when you do not know the layout of the project.

search_file(pattern, path) is how you find code. It applies a regular expression to each \
line of a file, or of every file under a folder, and answers with one `path:line: text` \
line per match. A long answer ends with a bracketed note saying how many matches there \
were; then narrow the pattern. Prefer it to reading files whole.

read_lines(path, start, end) shows a numbered window of a file: lines start to end, \
1-based and inclusive, each as `N: text`. Read only the lines around what you searched for.

edit_file(path, old_str, new_str) makes changes. It replaces old_str, which must appear in \
the file exactly once, with new_str; old_str must be copied from read_lines without the \
`N: ` prefixes. A file that does not exist yet is created with an empty old_str and its \
whole text in new_str, for example edit_file("hello.py", "", "print('hello')\\n").
"""
''',
    },
    # terse, imperative code in the solution's shape but with its own names; XML-tagged prompt
    "terse-xml-prompt": {
        "search_file": r'''def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    if not (isinstance(pattern, str) and pattern):
        return "Error: empty pattern"
    try:
        rx = re.compile(pattern)
        where = resolve_in_root(path)
    except re.error as e:
        return f"Error: bad pattern {pattern!r}: {e}"
    except ToolError as e:
        return f"Error: {e}"
    if not (os.path.isfile(where) or os.path.isdir(where)):
        return f"Error: no file or folder {path}"
    out, n_all = [], 0
    try:
        for fn in files_to_search(where):
            with open(fn, encoding="utf-8", errors="replace", newline="\n") as fh:
                for i, ln in enumerate(fh, 1):
                    ln = ln.removesuffix("\n").removesuffix("\r")
                    if rx.search(ln):
                        n_all += 1
                        if len(out) < SEARCH_MAX_MATCHES:
                            out.append(f"{relative(fn)}:{i}: {ln[:LINE_MAX_CHARS]}")
    except OSError as e:
        return f"Error: {path}: {e.strerror}"
    if not out:
        return f"No lines match {pattern!r} in {path}"
    return "\n".join(out + ([f"[{len(out)} of {n_all} matching lines shown; narrow the pattern or the path]"]
                            if n_all > len(out) else []))
''',
        "read_lines": r'''def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    try:
        a, b = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start/end must be integers (1-based line numbers)"
    if a < 1 or b < a:
        return f"Error: need 1 <= start <= end; got {a}, {b}"
    try:
        where = resolve_in_root(path)
    except ToolError as e:
        return f"Error: {e}"
    if not os.path.isfile(where):
        return f"Error: {path} is not a regular file"
    z = min(b, a + READ_LINES_MAX - 1)
    got, i = [], 0
    try:
        with open(where, "rb") as fh:
            for i, raw in enumerate(fh, 1):
                if i >= a:
                    ln = raw.decode("utf-8").removesuffix("\n").removesuffix("\r")
                    got.append(f"{i}: {ln[:LINE_MAX_CHARS]}")
                if i >= z:
                    break
    except UnicodeDecodeError:
        return f"Error: {path}: line {i} is not UTF-8"
    except OSError as e:
        return f"Error: {path}: {e.strerror}"
    if not got:
        return f"Error: {path} has {i} lines; start {a} is past the end"
    if i < z:
        got.append(f"[end of file: {path} has {i} lines]")
    elif z < b:
        got.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {z + 1}, {b}) for the rest]")
    return "\n".join(got)
''',
        "tools_section": r'''# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
TOOLS_SECTION = """## Available Tools
<tool name="list_files">list_files(path): entries of a folder, each marked [file] or [dir].</tool>
<tool name="search_file">search_file(pattern, path): every line matching a regular \
expression in a file or under a folder, as `path:line: text`, numbered from 1. Use it to \
find where code is instead of reading files whole.</tool>
<tool name="read_lines">read_lines(path, start, end): lines start..end of a file, \
1-based and inclusive, each prefixed with its number (`N: text`). Fetch just the lines \
you need.</tool>
<tool name="edit_file">edit_file(path, old_str, new_str): replace the single occurrence \
of old_str with new_str; copy old_str from read_lines without the numbers in front. To \
create a new file, pass old_str="" and the full text of the file as new_str.</tool>
"""
''',
    },
}
