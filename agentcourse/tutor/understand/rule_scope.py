"""What a prompt rule covers, and the one rule that covers every file: steps the rule
reader (rules.py) takes after a sentence counts.

    named_files(mode, ws, heading, sentence) -> ("main.py", ...)   # () = every file
    bans_changes(ws, place) -> bool    # "Never change any file": no file may be changed

A rule that names files and no others ("Never delete main.py.") covers those files only,
and an example that names a file stands for any file. The word kinds whose object is the
file are the rule table's "scope" (rule_table.RULES).
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand.clauses import Word, has, polarity
from agentcourse.tutor.understand.clues import OBJECT_WINDOW, object_of, someone_else
from agentcourse.tutor.understand.prompt_text import Place
from agentcourse.tutor.understand.rule_table import RULES

# A file a rule names: "main.py", "src/app.js" (a name with an extension).
FILENAME = re.compile(r"[\w./-]*\w\.[A-Za-z]\w{0,5}")
# The word kinds whose object is the file a rule is about, per failure mode.
ACTS_ON = {row["mode"]: frozenset(row["scope"]) for row in RULES if row["scope"]}
# A sentence that shows an example of a rule (an example exchange: "User: ... Assistant: ...";
# a call written out: {"path": ...}, edit_file(path=...)): the file it names stands for any file.
EXAMPLE = re.compile(r"\b(?:examples?|e\.g\.|for instance|such as|like)\b|\b(?:user|assistant)\s*:|\{\s*[\"']"
                     r"|\w\(\s*\w+\s*=", re.I)
PRONOUNS = frozenset("it them one this that these those".split())


def named_files(mode: str, ws: tuple[Word, ...], heading: str, sentence: str) -> tuple[str, ...]:
    """The files a rule covers when it names them and nothing wider: "Never delete main.py"
    covers main.py only; "Never delete files", and an example that names a file, cover
    every file (). The object of each of the rule's verbs is looked at, after the verb (or,
    for "main.py must never be deleted", before it)."""
    acts = ACTS_ON.get(mode)
    if not acts or EXAMPLE.search(f"{heading} {sentence}"):
        return ()
    objects = []
    for i, (w, k) in enumerate(ws):
        if not k & acts or "TOOLSUBJ" in k:  # a tool's name (read_file) is not the verb
            continue
        sides = [ws[i + 1 : i + 1 + OBJECT_WINDOW]]
        if re.search(r"(?:ed|ion|ions|ing)$", w):  # "main.py must never be deleted"
            sides.append(tuple(reversed(ws[max(0, i - OBJECT_WINDOW) : i])))
        for side in sides:
            named = objects_named(side)
            if named:
                objects += named
                break
    if not objects or not all(FILENAME.fullmatch(o) for o in objects):
        return ()
    return tuple(dict.fromkeys(objects))


def objects_named(side: tuple[Word, ...]) -> list[str]:
    """The file and folder words of a verb's side, up to a clause's end or a pronoun: "main.py
    or utils.py" names both, "README.md or any other file" every file (a word, not a name)."""
    end = next((j for j, (w, k) in enumerate(side) if "BOUNDARY" in k or w in (",", ";", ":") or w in PRONOUNS),
               len(side))
    words_ = [(j, w) for j, (w, k) in enumerate(side[:end]) if k & {"FILE", "DIR"}]
    names = [w for _, w in words_ if FILENAME.fullmatch(w)]  # "the file config.yaml": a name
    wide = [w for j, w in words_ if not FILENAME.fullmatch(w) and j and side[j - 1][0] in WIDE]
    return names + wide if names else [w for _, w in words_][:1]


WIDE = frozenset("other any every all".split())  # "README.md or any other file": every file


# A ban on changing files with a way out the model can take: "a file you have not read",
# "outside the project", "unless asked", "without reading it", "in bulk".
WAY_OUT = frozenset("outside unless except until without before after bulk blind blindly memory".split())


def bans_changes(ws: tuple[Word, ...], place: Place) -> bool:
    """'Never change any file', 'Do not modify existing files', 'Use edit_file only to
    create new files', and in the edit tool's description 'Do not use it on files that
    already exist': no file may be changed at all (creating one still may)."""
    if has(ws, "READ") or WAY_OUT & {w for w, _ in ws} or someone_else(ws):
        return False
    for i, (_, k) in enumerate(ws):
        if "ONLY" in k and has(ws[max(0, i - 1) : i], "MOD") and has(ws[i + 1 : i + 4], "CREATE"):
            return True  # "Use edit_file only to create new files", "use it only to create files"
        if ws[i + 1 : i + 2] == (("to", frozenset()),) and (has(ws[i + 2 : i + 3], "DEL") or has(ws[i + 2 : i + 3], "EMPTY")):
            continue  # "Never use this tool to empty or delete a file": a rule against deleting
        if "MOD" in k and "TOOLSUBJ" not in k and polarity(ws, i) == "neg" and object_of(ws, i) == "file":
            at = next((j for j in range(i + 1, len(ws)) if "FILE" in ws[j][1]), None)
            if at is None:  # the file before the verb: "never empty a file by replacing its text"
                continue
            rest = " ".join(w for w, _ in ws[at + 1 :]).split(";")[0].split(":")[0].strip(" ,.")
            # every file: "any file", "existing files", "files that already exist", "files in
            # the project"; not "binary files", "file permissions", "files the user did not mention"
            between = {w for w, x in ws[i + 1 : at] if not x & {"MOD", "DEL", "EMPTY"}}
            return between <= EVERY_FILE_WORDS and bool(EVERY_FILE.fullmatch(rest))
    return False


EVERY_FILE_WORDS = frozenset("any a an the all existing or and on to your project's".split())
EVERY_FILE = re.compile(r"|(?:that|which) (?:already )?exists?|(?:in|of) (?:the|this|your) (?:project|folder|"
                        r"directory|repository|repo|workspace)")
