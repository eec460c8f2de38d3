"""Lab 3's references: what its checks compare a student's tools with (a path's real
location as the OS finds it and the check of resolve_in_root built on it, a file's
permission bits, the texts read_file may return, the file an edit leaves). The judge
imports them; a graded student's kernel cannot, since its sandbox shows this folder empty
(agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

# ---------------------------------------------------------------- where a path leads


def where(path: str) -> tuple[Path, bool, bool]:
    """(real location, inside the root?, a symlink loop on the way?) of a relative path,
    from the working directory, as the OS finds it: every symlink followed in order."""
    root = Path(os.path.realpath(os.getcwd()))
    joined = os.path.join(root, path)
    real = Path(os.path.realpath(joined))
    try:
        os.stat(joined)
        loop = False
    except OSError as err:
        loop = err.errno == errno.ELOOP
    return real, real == root or root in real.parents, loop


def check_resolved(resolve, refusal, path):
    """Assert that resolve(path) does what Task 1 asks, judged from the working directory:
    the real location when it is inside, `refusal` (ToolError) when it is outside, and for a
    path through a symlink loop either a refusal or a location inside; nothing else."""
    real, inside, loop = where(path)
    root = os.path.realpath(os.getcwd())
    try:
        got = resolve(path)
    except refusal:
        assert loop or not inside, (f"resolve_in_root({path!r}) raised ToolError, but its real location "
                                    f"{real} is inside the project {root}: return it")
        return
    except Exception as err:  # noqa: BLE001 - any other exception is the answer's mistake
        raise AssertionError(f"resolve_in_root({path!r}) raised {type(err).__name__}: {err} "
                             "(return the real location, or raise ToolError)") from None
    assert isinstance(got, (str, os.PathLike)), f"resolve_in_root({path!r}) returned {got!r}, not a str or a Path"
    if loop:  # no real location: any place inside the project will do (realpath's answer varies)
        where_to = Path(got)
        assert where_to.is_absolute() and (where_to == Path(root) or Path(root) in where_to.parents), (
            f"resolve_in_root({path!r}) returned {got}: a path through a symlink loop is refused, or "
            f"answered with a location inside the project {root}")
        return
    assert inside, (f"resolve_in_root({path!r}) returned {got}, but its real location {real} is outside "
                    f"the project {root}: raise ToolError")
    assert Path(got) == real, (f"resolve_in_root({path!r}) returned {got}; its real location (absolute, "
                               f"every symlink followed) is {real}")


# ---------------------------------------------------------------- files


def permission_bits(path):
    """The file's permission bits, e.g. 0o644."""
    return stat.S_IMODE(os.stat(path).st_mode)


def readings(text: str) -> list[str]:
    """The texts read_file may return for a file holding `text`: as stored (newline=""),
    as Python's text mode reads it (\\r\\n and \\r become \\n), or with only \\r\\n made \\n."""
    return [text, text.replace("\r\n", "\n").replace("\r", "\n"), text.replace("\r\n", "\n")]


def edit_outcomes(raw: str, old: str, new: str) -> list[tuple[int, str]]:
    """(occurrences of old, the file's text after replacing the first) for each way of
    reading the file the task allows: as stored; as text mode reads it, written back with
    \\n; a file whose every line ends in \\r\\n matched in \\n and given its \\r\\n back."""
    out = [(raw.count(old), raw.replace(old, new, 1))]
    plain = raw.replace("\r\n", "\n").replace("\r", "\n")
    out.append((plain.count(old), plain.replace(old, new, 1)))
    if "\r\n" in raw and raw.count("\r\n") == raw.count("\n"):
        lf, o, n = (s.replace("\r\n", "\n") for s in (raw, old, new))
        out.append((lf.count(o), lf.replace(o, n, 1).replace("\n", "\r\n")))
    return out
