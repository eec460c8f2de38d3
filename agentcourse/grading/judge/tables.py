"""Hypothesis's Unicode tables, built once per machine and lent read-only to every judge.

    from agentcourse.grading.judge.tables import unicode_tables
    unicode_tables()   # -> the folder, or None where it cannot be made safely

A lab's properties draw text (`st.characters(codec="utf-8")`, `st.from_regex(...)`), and
before its first draw Hypothesis builds a table of the characters the codec encodes: a loop
over every code point, about two seconds of CPU, which it caches in its storage folder. A
judge starts fresh for each graded notebook, in a sandbox that keeps nothing, so each judge
paid for the loop again. The grader builds the tables once, with Hypothesis's public API,
in a folder only its user can write; each judge reads them there (bound read-only, named by
Hypothesis's own HYPOTHESIS_STORAGE_DIRECTORY). A table the folder lacks is still built by
the judge that needs it, in its memory only: the tables save time and decide nothing. Only a
sandboxed judge gets them: Hypothesis rewrites a table it has read, as a private file, and
a judge running as the grader's own user could, making it unreadable to the next.
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unicodedata
from importlib import metadata
from pathlib import Path

# What the grader builds: every table a lab's strategies ask for today (the category map,
# the UTF-8 codec's table), drawn through the public API as a lab draws them.
BUILD = ("from hypothesis import strategies as st\n"
         "st.characters(codec='utf-8').validate()\n"
         "st.characters(exclude_categories=('Cs',)).validate()\n"
         "st.from_regex('[a-z]', fullmatch=True).validate()\n")
HYPOTHESIS_HOME = "HYPOTHESIS_STORAGE_DIRECTORY"  # Hypothesis's own variable: where it reads its tables
BUILD_SECONDS = 300  # a build that takes longer than this is given up (judges build their own)


def _safe_folder(path: Path) -> bool:
    """A folder of this user's, a real one, that no one else may write."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return (stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
            and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _readable_by_all(folder: Path) -> None:
    """Hypothesis writes its tables as private files; a judge runs as another uid."""
    for dirpath, _dirnames, filenames in os.walk(folder):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), 0o644)


def _build(final: Path) -> bool:
    """The tables made in a fresh folder beside `final`, then renamed into place whole."""
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=final.parent))
    try:
        env = {**os.environ, HYPOTHESIS_HOME: str(work)}
        done = subprocess.run([sys.executable, "-c", BUILD], env=env, capture_output=True,
                              timeout=BUILD_SECONDS, check=False)
        if done.returncode != 0:
            return False
        _readable_by_all(work)
        try:
            os.rename(work, final)
        except OSError:  # another grader process got there first: theirs is as good
            return _safe_folder(final)
        return True
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        shutil.rmtree(work, ignore_errors=True)


@functools.cache
def unicode_tables() -> Path | None:
    """The folder holding the tables for this Hypothesis and this Unicode version, built on
    first use; None where Hypothesis is missing or the folder is not safely ours (a folder
    another user made in a shared temporary folder is never trusted)."""
    try:
        version = metadata.version("hypothesis")
    except metadata.PackageNotFoundError:
        return None
    parent = Path(tempfile.gettempdir()) / f"agentcourse-tables-{os.getuid()}"
    try:
        parent.mkdir(mode=0o755, exist_ok=True)
    except OSError:
        return None
    if not _safe_folder(parent):
        return None
    final = parent / f"hypothesis-{version}-unicode-{unicodedata.unidata_version}"
    if not final.exists() and not _build(final):
        return None
    if not _safe_folder(final):
        return None
    try:  # Hypothesis rewrites a table it read, as a private file, when it can write there
        _readable_by_all(final)
    except OSError:
        return None
    return final
