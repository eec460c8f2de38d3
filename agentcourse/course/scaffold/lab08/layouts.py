"""Lab 8's sandbox layouts: a home folder, a project inside or outside it, Python's folders
and policy folders that nest, and the paths to ask sees() about.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab08.draws import between, pick
from agentcourse.course.scaffold.lab08.sandbox import SYSTEM, SandboxPolicy, git_config_files

# ---- sandbox layouts

_NAMES = ["ann", "zoe", "builder", "me"]


def sandbox_layouts() -> Any:
    """(policy, project, home, python_roots): a home folder (under /home or elsewhere), a
    project inside it or outside it, Python's folders, and policy folders that nest inside
    each other, inside the home folder, the project or /tmp."""

    @st.composite
    def build(draw: Any) -> tuple[Any, str, str, list[str]]:
        home = pick(draw, ["/home/", "/root", "/var/lib/", "/srv/users/", "/u/x/"])
        home = home + pick(draw, _NAMES) if home.endswith("/") else home
        project = pick(draw, [home + pick(draw, ["/code/shop", "/p", "/src/a/b/c", "/pp", "/work"]),
                               "/srv/apps/shop", "/work/p", "/opt/proj", "/data/p"])
        pythons = [home + "/.pyenv/versions/3.12.4", home + "/venv", "/usr/lib/python3.12", "/opt/py/3.13", project + "/.venv"]
        pythons = sorted({pick(draw, pythons) for _ in range(draw(between(0, 2)))})
        roots = ["/data", "/srv/ref", "/mnt/cache", home + "/datasets", project + "/data", "/tmp/cache"]
        folders = [pick(draw, roots) + pick(draw, ["", "/ref", "/out", "/ref/out", "/cache"]) for _ in range(draw(between(0, 4)))]
        split = draw(between(0, len(folders)))
        writable = tuple(dict.fromkeys(folders[:split]))
        readable = tuple(f for f in dict.fromkeys(folders[split:]) if f not in writable)
        policy = SandboxPolicy(network=bool(draw(between(0, 1))), writable=writable, readable=readable,
                               git_config=bool(draw(between(0, 1))))
        return policy, project, home, pythons

    return build().filter(lambda layout: _distinct(*layout))


def _distinct(policy: Any, project: str, home: str, python_roots: list[str]) -> bool:
    """No folder named twice with two different kinds (the text leaves that case open)."""
    kinds: dict[str, set] = {}
    for folder, kind in ([("/tmp", "p"), (home, "p")] + [(f, "ro") for f in (*SYSTEM, *python_roots, *policy.readable)]
                         + [(f, "ro") for f in git_config_files(home)] + [(f, "rw") for f in (*policy.writable, project)]):
        kinds.setdefault(folder, set()).add(kind)
    return all(len(k) == 1 for k in kinds.values())


def probes(named: dict[str, str]) -> list[str]:
    """Paths to ask sees() about: each named folder, something inside it, a sibling whose
    name starts the same, its parent's other children, and folders nobody named."""
    found = ["/var/lib/db", "/mnt/backup", "/run/user/1000/bus", "/media/usb", "/opt/tools", "/boot", "/home/bob/notes",
             "/tmp/host.sock", "/srv", "/proc/self/environ", "/dev/null", "/"]
    for folder in named:
        parent = os.path.dirname(folder)
        found += [folder, folder + "/x/y.txt", folder + "x", parent + "/other", parent]
        if named[folder] == "private":  # the home folder: what a sandbox most often lets out
            found += [folder + "/.ssh/id_rsa", folder + "/.config/gh/hosts.yml", folder + "/.aws/credentials"]
    return sorted(set(found))
