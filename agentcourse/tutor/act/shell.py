"""The shell commands the tutor writes, and how it reads shell output back.

With a shell tool and nothing better for a job (a bash-only agent, or the Anthropic
bash tool beside the text editor), each file operation becomes one command:

    list        ls -1p DIR
    read        cat -n FILE                              (numbered: robust to output stripping)
    read_lines  cat -n FILE | sed -n 'A,Bp'
    search      grep -n -e PATTERN FILE                  (grep -rn for a folder)
    create      (set -C; cat > FILE) <<'EOF' ... EOF && echo "Created FILE"
                (noclobber in a subshell: an existing file is never overwritten)
    edit        python3 - <<'EOF' ... EOF                (exactly one occurrence replaced, or
                                                          an error and the file untouched)

`parse_command` reads those back (and the common hand-written equivalents: cat,
nl -ba | sed -n, heredocs in either order), so a conversation's history says which
files were read and changed. `unwrap` takes the output out of the wrappers agents put
around it (mini-swe-agent's JSON or <returncode>/<output> tags).
"""

from __future__ import annotations

import ast
import json
import posixpath
import re
import shlex

q = shlex.quote

# ----------------------------------------------------------------------------- writing commands


def list_dir(path: str) -> str:
    """The command that lists a folder (folders marked with a trailing /)."""
    return f"ls -1p {q(path)}"


def read(path: str) -> str:
    """The command that shows a file with line numbers."""
    return f"cat -n {q(path)}"


def read_lines(path: str, start: int, end: int) -> str:
    """The command that shows lines start to end of a file, numbered."""
    return f"cat -n {q(path)} | sed -n '{int(start)},{int(end)}p'"


def search(pattern: str, path: str) -> str:
    """grep one file, or (-r) every file under a folder: "." or a path with no extension."""
    folder = path in ("", ".", "./") or path.endswith("/") or not posixpath.splitext(path)[1]
    return f"grep {'-rn' if folder else '-n'} -e {q(pattern)} {q(path or '.')}"


def _delimiter(text: str) -> str:
    lines = set(text.split("\n"))
    n, word = 0, "EOF"
    while word in lines:
        n += 1
        word = f"EOF_{n}"
    return word


def create(path: str, text: str) -> str:
    """A quoted heredoc (no expansion) into a file that must not exist yet."""
    end = _delimiter(text)
    body = text[:-1] if text.endswith("\n") else text  # the heredoc adds the last newline
    folder = posixpath.dirname(path)
    mkdir = f"mkdir -p {q(folder)} && " if folder else ""
    return (
        f"{mkdir}(set -C; cat > {q(path)}) <<'{end}' && echo {q('Created ' + path)}\n"
        f"{body}\n{end}"
    )


_EDIT = '''\
python3 - <<'EOF'
from pathlib import Path
path, old, new = Path({path!r}), {old!r}, {new!r}
text = path.read_bytes().decode("utf-8")
count = text.count(old)
if count != 1:
    raise SystemExit(f"Error: the old text occurs {{count}} times in {{path}}, not once; nothing changed")
tmp = path.with_name(path.name + ".tutor-tmp")
tmp.write_bytes(text.replace(old, new, 1).encode("utf-8"))
tmp.replace(path)
print(f"Edited {{path}}: replaced 1 occurrence")
EOF'''


def edit(path: str, old: str, new: str) -> str:
    """An exact, one-occurrence replacement that fails loudly otherwise (and writes atomically)."""
    return _EDIT.format(path=path, old=old, new=new)


def cd(path: str) -> str:
    """The command that changes the shell's directory."""
    return f"cd {q(path)}"


def in_dir(folder: str, command: str) -> str:
    """`command` run in `folder`, for shells that start fresh at the project root each time."""
    return command if folder in (".", "") else f"cd {q(folder)} && {command}"


# ----------------------------------------------------------------------------- reading commands back


def _words(command: str) -> list[str] | None:
    try:
        return shlex.split(command)
    except ValueError:
        return None


_RANGE = re.compile(r"(\d+),(\d+)p")


def parse_command(command: str) -> tuple[str, str, dict]:
    """(operation, path, arguments) of a shell command, "other" when it is none of the tutor's."""
    command = command.strip()
    written = _parse_write(command)
    if written is not None:
        return written
    words = _words(command)
    if not words:
        return "other", "", {}
    if words[0] == "cd" and len(words) <= 2:
        return "cd", words[1] if len(words) == 2 else "~", {}
    if "&&" in words and words[0] == "cd" and words[2] == "&&":  # cd DIR && command
        op, path, args = parse_command(command.split("&&", 1)[1])
        return op, posixpath.join(words[1], path) if path else path, {**args, "cd": words[1]}
    if words[0] == "ls":
        return "list", next((w for w in words[1:] if not w.startswith("-")), "."), {}
    if "|" in words:  # cat -n FILE | sed -n 'A,Bp'   or   nl -ba FILE | sed -n 'A,Bp'
        left, right = words[: words.index("|")], words[words.index("|") + 1 :]
        m = _RANGE.fullmatch(right[-1]) if right[:2] == ["sed", "-n"] and len(right) == 3 else None
        if m and left[:1] in (["cat"], ["nl"]) and len(left) >= 2:
            return "read_lines", left[-1], {"start": int(m[1]), "end": int(m[2])}
        return "other", "", {}
    if words[0] == "cat" and len(words) in (2, 3) and words[1:-1] in ([], ["-n"]):
        return "read", words[-1], {}
    if words[0] == "grep" and ("-n" in words or "-rn" in words):
        rest = [w for w in words[1:] if w not in ("-n", "-rn", "-e")]
        if len(rest) == 2:
            return "search", rest[1], {"pattern": rest[0]}
    if words[:2] == ["sed", "-n"] and len(words) == 4:
        m = _RANGE.fullmatch(words[2])
        if m:
            return "read_lines", words[3], {"start": int(m[1]), "end": int(m[2])}
    return "other", "", {}


def _parse_write(command: str) -> tuple[str, str, dict] | None:
    """The edit (the tutor's python heredoc) or create (a cat heredoc) a command writes; or
    None when it writes neither."""
    m = re.match(r"python3? - <<'?EOF'?\n.*?^path, old, new = ([^\n]+)$", command, re.S | re.M)
    if m:
        try:
            path, old, new = ast.literal_eval(m[1].replace("Path(", "(", 1))
            return "edit", path, {"old": old, "new": new}
        except (ValueError, SyntaxError, TypeError):
            return "other", "", {}
    m = re.match(
        r"(?:mkdir -p \S+ && )?(?:\(set -C; cat > (?P<a>\S+)\)|cat\s*>\s*(?P<b>\S+)|"
        r"cat(?:\s*<<-?\s*['\"]?(?P<d1>\w+)['\"]?)\s*>\s*(?P<c>\S+))"
        r"(?:\s*<<-?\s*['\"]?(?P<d2>\w+)['\"]?)?[^\n]*\n(?P<body>.*)$",
        command,
        re.S,
    )
    if m and (m["d1"] or m["d2"]):
        end = m["d1"] or m["d2"]
        body, sep, _ = m["body"].rpartition(f"\n{end}")
        if not sep and m["body"].startswith(f"{end}"):
            body, sep = "", end
        if sep:
            path = (_words(m["a"] or m["b"] or m["c"]) or [""])[0]
            return "create", path, {"text": body + "\n" if body else ""}
    return None


# ----------------------------------------------------------------------------- reading output back


def unwrap(result: str) -> tuple[str, int | None]:
    """(the command's output, its exit status if the agent reported one).

    mini-swe-agent wraps output as JSON ({"returncode": 0, "output": "..."}) or in
    <returncode>/<output> tags; most agents pass stdout and stderr as they are."""
    s = result.strip()
    if s.startswith("{") and '"returncode"' in s:
        try:
            data = json.loads(s)
        except ValueError:
            data = None
        if isinstance(data, dict):
            out = data.get("output")
            if out is None:
                out = f"{data.get('output_head', '')}\n{data.get('output_tail', '')}"
            code = data.get("returncode")
            return str(out), code if isinstance(code, int) else None
    m = re.search(r"<returncode>\s*(-?\d+)\s*</returncode>", s)
    if m:
        out = re.search(r"<output>\n?(.*?)\n?</output>", s, re.S)
        return (out[1] if out else ""), int(m[1])
    return result, None


NO_OUTPUT = re.compile(r"^\s*(?:\(no output\)|\(empty\)|no output)?\s*$", re.I)
_SHELL_ERROR = re.compile(
    r"^(?:\w+: )?(?:.*: )?(?:No such file or directory|Is a directory|Permission denied|"
    r"command not found|cannot overwrite existing file|Not a directory)\s*$|^Traceback |"
    r"^(?:Error|error):",
    re.M,
)


def failed(op: str, path: str, output: str, code: int | None) -> bool:
    """Did the tutor's own command for `op` fail, judged from its output?"""
    if op == "create":
        return f"Created {path}" not in output
    if op == "edit":
        return not re.search(r"^Edited .*replaced 1 occurrence", output, re.M)
    if op == "search":  # grep exits 1 when nothing matches: that is an answer, not a failure
        return code not in (None, 0, 1) or bool(_SHELL_ERROR.search(output))
    if op == "run":
        return False  # a test run that fails is still a run: its output is the answer
    return (code not in (None, 0)) or bool(_SHELL_ERROR.search(output))


_TIMED_OUT = re.compile(
    r"^(?:error: )?(?:timeout\b|timed out\b|(?:the )?command timed out|.*\btimed out after\b|"
    r".*\b(?:session|shell) (?:has )?(?:died|exited|is not running))",
    re.I,
)


def timed_out(output: str) -> bool:
    """A result that says the shell's last command never finished (the session may be stuck)."""
    lines = output.strip().splitlines()
    return any(_TIMED_OUT.match(line.strip()) for line in lines[:2] + lines[-2:])


# ----------------------------------------------------------------------------- test runs


def test_command(targets: list[str], python: str = "python3") -> str:
    """The command that runs pytest quietly on `targets`."""
    return f"{python} -m pytest -q {' '.join(q(t) for t in targets)}".rstrip()


_COUNTS = re.compile(
    r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)\b"
)


def test_summary(output: str) -> dict | None:
    """What a pytest or unittest run reported: counts and failing test ids, or None."""
    lines = output.strip().splitlines()
    for line in reversed(lines):
        if re.search(r"\bno tests ran\b", line):
            return {"counts": {}, "failed": [], "line": line.strip(" =")}
        found = _COUNTS.findall(line)
        if found and re.search(r"\b(?:passed|failed|errors?|skipped)\b", line):
            counts = {re.sub(r"^(error|warning)s$", r"\1", k): int(n) for n, k in found}
            failing = re.findall(r"^(?:FAILED|ERROR) (\S+)", output, re.M)
            return {"counts": counts, "failed": failing, "line": line.strip(" =")}
    m = re.search(r"^Ran (\d+) tests? in .*?\n\s*\n(OK|FAILED \((.*)\))", output, re.M | re.S)
    if m:  # unittest
        total = int(m[1])
        bad = dict(re.findall(r"(\w+)=(\d+)", m[3] or ""))
        failed_n = int(bad.get("failures", 0))
        errors = int(bad.get("errors", 0))
        counts = {"passed": total - failed_n - errors, "failed": failed_n, "error": errors}
        failing = re.findall(r"^(?:FAIL|ERROR): (\S+)", output, re.M)
        return {"counts": {k: v for k, v in counts.items() if v}, "failed": failing,
                "line": m[2]}
    return None
