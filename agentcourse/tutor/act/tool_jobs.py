"""Which job a custom tool does, judged by its schema and its words.

A request may offer the course's tools, a student's versions of them, another course's
(bash, read_file, write_file, edit_file) or a harness's own (Claude Code's Read, Edit,
Bash). `classify` gives each custom tool one job from its input_schema (parameter names,
types, required lists, descriptions) and, where the schema cannot tell (list_files(path)
and read_file(path) look alike), from the words of its name and description; toolbox.py's
`read_tools` calls it for every tool offered. The name and word patterns are data in
script.py (PARAM_NAMES, PARAM_WORDS, TOOL_WORDS); the jobs are listed in toolbox.py.
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand import script


def _full(pattern: str, s: str) -> bool:
    return re.fullmatch(f"(?:{pattern})", s, re.IGNORECASE) is not None


def _words(name: str) -> str:
    """A tool name as words: read_file -> "read file", viewFile -> "view File"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])|[_\-.]+", " ", name)


def _kind(spec: object) -> str:
    t = spec.get("type") if isinstance(spec, dict) else None
    if isinstance(t, list):  # ["string", "null"]
        t = next((x for x in t if x != "null"), None)
    return {"integer": "int", "number": "int", "string": "str", None: "str"}.get(t, t or "str")


_TYPED = {"path": "str", "old": "str", "new": "str", "command": "str", "pattern": "str",
          "content": "str", "start": "int", "end": "int"}


def param_jobs(props: dict) -> dict[str, str]:
    """Parameter job -> property name, from names first, then descriptions."""
    jobs: dict[str, str] = {}
    left = list(props)
    for by_name in (True, False):
        for p in list(left):
            spec = props[p] if isinstance(props[p], dict) else {}
            kind = _kind(spec)
            for job, pattern in (script.PARAM_NAMES if by_name else script.PARAM_WORDS).items():
                if job in jobs or _TYPED.get(job, kind) != kind:
                    continue
                hit = (
                    _full(pattern, p)
                    if by_name
                    else re.search(pattern, str(spec.get("description", "")), re.I)
                )
                if hit:
                    jobs[f"extra:{p}" if job == "extra" else job] = p  # extras may be many
                    left.remove(p)
                    break
    return jobs


def classify(name: str, description: str, schema: dict) -> tuple[str, dict[str, str]]:
    """(job, parameter job -> property name) of a custom tool."""
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    required = [r for r in required if isinstance(r, str) and r in props]
    command = props.get("command") if isinstance(props.get("command"), dict) else {}
    if {"view", "str_replace"} <= set(command.get("enum") or []):  # a copy of the text editor
        return "editor", {p: p for p in props}
    if re.search(script.TOOL_WORDS["not_files"], _words(name), re.IGNORECASE):
        return "other", {}  # Agent, ToolSearch, ScheduleWakeup, WebFetch: not a file or shell tool
    words = f"{_words(name)} {description}"
    jobs = _parameters(props, words)
    return _job(name, words, props, required, jobs)


def _said(kind: str, words: str) -> bool:
    """Do the tool's words (name and description) say `kind` (script.TOOL_WORDS)?"""
    return re.search(script.TOOL_WORDS[kind], words, re.IGNORECASE) is not None


def _parameters(props: dict, words: str) -> dict[str, str]:
    """param_jobs, with the texts the names leave unsaid filled in from the tool's shape."""
    jobs = param_jobs(props)
    # An edit tool whose two texts have names nothing recognises: old then new, as declared.
    strings = [p for p in props if _kind(props[p]) == "str" and p not in jobs.values()]
    if "path" in jobs and len(strings) == 2 and not {"old", "new"} & set(jobs) and _said("replace", words):
        jobs.update(old=strings[0], new=strings[1])
    if "new" in jobs and "old" not in jobs and "content" not in jobs:
        jobs["content"] = jobs.pop("new")  # write_file(path, new_content)
    if "old" in jobs and "new" not in jobs and "pattern" not in jobs:
        jobs["pattern"] = jobs.pop("old")  # search(find=...) or search(search=...)
    return jobs


def _job(name: str, words: str, props: dict, required: list[str],
         jobs: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The job the parameters found say, judged by which are there (and nothing else
    required), then by the tool's words."""
    has = {j.split(":")[0] for j in jobs}
    unknown_required = [r for r in required if r not in jobs.values()]

    def only(*allowed: str) -> bool:
        return not unknown_required and has <= {*allowed, "extra"}

    def said(kind: str) -> bool:
        return _said(kind, words)

    shell_named = re.search(r"\b(?:shell|bash|terminal|sh|zsh)\b", _words(name), re.IGNORECASE) and not re.search(
        script.TOOL_WORDS["not_shell"], _words(name), re.IGNORECASE)
    if "command" in has and only("command", "extra") and (shell_named or not said("not_shell")):
        return "bash", jobs
    if said("delete") and only("path"):
        return "delete", jobs
    if {"path", "old", "new"} <= has and only("path", "old", "new"):
        regex = said("regex") and not re.search(r"\bexact|\bliteral|\bplain|\bnot a regex", words, re.I)
        return ("other" if regex else "edit"), jobs
    if {"path", "content"} <= has and only("path", "content"):
        return ("other" if said("partial") or said("search") else "write"), jobs
    if "content" in has and only("content", "path") and said("search"):
        jobs["pattern"] = jobs.pop("content")
        return "search", jobs
    if "pattern" in has and only("pattern", "path"):
        return ("other" if said("not_search") else "search"), jobs
    if {"path", "start", "end"} <= has and only("path", "start", "end"):
        return ("read_lines" if {jobs["start"], jobs["end"]} <= set(required) else "read"), jobs
    if only("path", "start", "end") and "path" in has or not props:
        return _list_or_read(words, props, jobs), jobs
    return "other", jobs


def _list_or_read(words: str, props: dict, jobs: dict[str, str]) -> str:
    """A tool of a path alone (or of nothing): "list" or "read" by which words it uses
    more, its path parameter's words counting double; "other" on a tie."""
    listing = len(re.findall(script.TOOL_WORDS["list"], words, re.I))
    reading = len(re.findall(script.TOOL_WORDS["read"], words, re.I))
    arg = jobs.get("path", "")
    spec = props.get(arg) if isinstance(props.get(arg), dict) else {}
    arg_text = f"{arg} {spec.get('description', '')}"
    listing += 2 * bool(re.search(r"dir|folder", arg_text, re.I))
    reading += 2 * bool(re.search(r"file", arg, re.I))
    if listing > reading:
        return "list"
    if reading > listing and props:
        return "read"
    return "other"
