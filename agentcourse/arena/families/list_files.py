"""list-files: "What files are in this project?" — a listing judged on the reply.

Done by the tutor's own list task (tutor/brain.py); it needs a tool that lists a folder
(with only a read and a write tool there is no honest answer). The tree (top-level files
of several kinds, one or two folders with files of their own) and the phrasing come from
the seed. Solved when the reply names every top-level file and folder (a folder's own
files may be named too), names no file that does not exist, and nothing changed.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import mentions, scripted, unchanged_except
from agentcourse.arena.families.words import MODULES, NOUNS, rng

NAME = "list-files"
PHRASES = ("What files are in this project?", "List the files in this project.",
           "Which files does this project have?", "Show me the files.")
OTHERS = ("README.md", "notes.txt", "pyproject.toml", "config.json", "data.csv", "CHANGES.md")
FOLDERS = ("src", "tests", "docs", "scripts", "data", "lib")
# A file name in a reply: a word with an extension, a folder or two in front allowed.
_FILE_NAME = re.compile(r"(?<![\w/.-])(?:[\w-]+/)*[\w-]+\.(?:py|md|txt|toml|json|csv|cfg|ini|ya?ml|js)\b")


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    files: dict[str, str | bytes] = {}
    for name in r.sample(MODULES, r.randint(1, 3)):
        files[f"{name}.py"] = f'"""{name.title()}."""\n'
    for name in r.sample(OTHERS, r.randint(1, 3)):
        files[name] = f"{r.choice(NOUNS)}\n"
    for folder in r.sample(FOLDERS, r.randint(1, 2)):
        for name in r.sample(MODULES, r.randint(1, 3)):
            files[f"{folder}/{name}.py"] = f'"""{name.title()}."""\n'
    top = sorted({p.split("/")[0] + "/" * ("/" in p) for p in files})
    return Instance(NAME, seed, r.choice(PHRASES), files, {"top": top})


def named(reply: str, entry: str) -> bool:
    """Does the reply name this file, or this folder ("src/" as src or src/, but the data
    in data.csv is not the folder data/)?"""
    if not entry.endswith("/"):
        return mentions(reply, entry)
    folder = re.escape(entry.rstrip("/"))
    return re.search(rf"(?<![\w./-])(?:\./)?{folder}(?:/|(?![\w-]|\.\w))", reply) is not None


def judge(task: Instance, o: Outcome) -> str | None:
    changed = unchanged_except(o, set())
    if changed:
        return changed
    missing = [e for e in task.facts["top"] if not named(o.reply, e)]
    if missing:
        return f"the reply does not name {missing[0]} ({len(missing)} missing)"
    real = set(task.files) | {p.rsplit("/", 1)[-1] for p in task.files}
    invented = [n for n in _FILE_NAME.findall(o.reply) if n.removeprefix("./") not in real]
    return f"the reply names {invented[0]}, which is not in the project" if invented else None


def reference(task: Instance) -> Outcome:
    o = scripted(task.files, "The project holds " + ", ".join(task.facts["top"]) + ".")
    o.calls.append(("list", {"path": "."}))
    o.results.append("\n".join(task.facts["top"]))
    return o


def broken(task: Instance) -> list[Outcome]:
    top = task.facts["top"]
    files = [e for e in top if not e.endswith("/")]
    said = "The project holds " + ", ".join(top)
    return [
        scripted(task.files, "The project holds " + ", ".join(top[:-1]) + "."),  # one missed
        scripted(task.files, said + ", main.py and utils.py."),  # the usual names, invented
        scripted(task.files, "The project holds " + ", ".join(files) + "."),  # its folders left out
        scripted(task.files, said + ".", after={**task.files, "FILES.md": "\n".join(top)}),
    ]


FAMILY = Family(
    name=NAME,
    probes="Name the project's files and folders; invent none and change nothing.",
    rewards="a listing tool, and a reply built from its result",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("list",),
)
