"""Other ways people ask for each family's task, and near misses that are not that task.

First contact (before any pattern or act was widened), seed 1, checkpoints 04 and 08:
111 of 144 rephrasings solved (213 of 275 plays), 49 of 49 near misses not routed to the
family. (missing-file's sixth docstring phrasing was added after it.)
After widening: 179 of 179 rephrasings solved (340 of 340 plays; 34 rephrasings and 4 near
misses were added after first contact, marked below), 53 of 53 near misses not routed.
The same templates pass on seeds 0, 2, 3 and 4 too (checked by hand, not in the suite).

PHRASINGS[family] are templates over an instance's fields (its facts, plus the few a
request carries and the facts leave out: see `fields`), so each applies to a generated
instance. A template naming a field the instance lacks is skipped for it. NEAR_MISSES[family]
are requests that must not be routed to that family: another task, or one the tutor must
not act on as if it were this one.
"""

from __future__ import annotations

import re

PHRASINGS: dict[str, tuple[str, ...]] = {
    "add-function": (
        "Please add a {func} function to {path}.",
        "Could you add a function called {func} to {path}?",
        "add a `{func}` function in `{path}`",
        "{path}: add a {func} function, thanks!",
        "Write a {func} function in {path}.",
        "Can you implement a {func} function in {path} please?",
        "I'd like a {func} function added to {path}.",
        # Added after first contact: widened patterns take these too.
        "In {path}, could you add a {func} function?",
    ),
    "add-parameter": (
        "Please add a parameter {param} with default {default} to {func} in {path}, and pass "
        "{param}={value} at every call (there and in {users}).",
        "Add a keyword argument {param} (default {default}) to {func} in {path}; every call, in "
        "{path} and in {users}, should pass {param}={value}.",
        "Could you add a new parameter `{param}={default}` to `{func}` in `{path}` and make every "
        "call to it (there and in {users}) pass `{param}={value}`?",
        "In {path}, give {func} a new parameter {param}={default}, and update each call to it, "
        "there and in {users}, to pass {param}={value}. Thanks!",
        "add param {param}={default} to {func} in {path}; calls in {path} and {users} pass "
        "{param}={value}",
        "{func} in {path} needs a new keyword parameter {param} defaulting to {default}; every "
        "call to it, in {path} and in {users}, should pass {param}={value}.",
    ),
    "ambiguous": (
        "Change the {param} to {new}, please.",
        "set the {param} to {new}",
        "Could you set the {param} to {new}?",
        "Please make the default {param} {new}.",
        "Update the `{param}` to {new}.",
        "Change the default {param} to {new}, thanks!",
        "I want the {param} set to {new}.",
        # Added after first contact: widened patterns take these too.
        "Change {param} to {new}.",
        "Hey, set the {param} to {new}.",
    ),
    "big-module-value": (
        "Please change {const} in {path} from {old} to {new}.",
        "Could you change {const} in {path} from {old} to {new}?",
        "In {path}, change {const} from {old} to {new}.",
        "Set `{const}` in `{path}` to {new} (it's {old} at the moment).",
        "{path}: {const} should be {new}, not {old}.",
        "Update {const} in {path} to {new}; it is {old} now. Thanks!",
        "Bump {const} in {path} from {old} to {new}.",
        # Added after first contact: widened patterns take these too.
        "Change {const} to {new} in {path}.",
        "Set {const} in {path} to {new}.",
    ),
    "change-default": (
        "Please change the default {param} of {func} in {path} from {old} to {new}.",
        "In {path}, set the default {param} of {func} to {new}.",
        "Change {func}'s default {param} from {old} to {new} in {path}.",
        "Could you change the default {param} of `{func}` in `{path}` from {old} to {new}?",
        "In {path}, change the default {param} of {func} from {old} to {new}, thanks!",
        "Set the default value of {param} for {func} in {path} to {new}.",
        # Added after first contact: widened patterns take these too.
        "Make the default {param} of {func} in {path} {new}.",
        "Change {func}'s {param} default to {new} in {path}.",
    ),
    "copy-value": (
        "Please make the {const} in {target} the same as the one in {source}.",
        "Make {const} in {target} match the one in {source}.",
        "Could you set {const} in {target} to the value {source} uses?",
        "Set `{const}` in `{target}` to the value `{source}` has.",
        "{target} and {source} disagree on {const}: copy {source}'s value into {target}, thanks!",
        "Make the {const} in {target} equal to the one in {source}.",
        # Added after first contact: widened patterns take these too.
        "Copy {const} from {source} into {target}.",
        "Use {source}'s {const} in {target} too.",
    ),
    "create-file": (
        "Please create {path} with a function{called} that prints '{text}'.",
        "Could you create {path} with a function{called} that prints '{text}'?",
        "Make a new file {path} containing a function{called} that prints \"{text}\".",
        "Create `{path}` with a function{called} that prints '{text}'. Thanks!",
        "Write {path} with a function{called} that prints '{text}'.",
        "Create a file {path} with a function{called} that prints '{text}'.",
    ),
    "create-readme": (
        "Please create a README.md for this project.",
        "Could you write a README for this project?",
        "Write a README.md for this project that describes its modules.",
        "create a README",
        "Make a README.md for the project, thanks!",
        "Can you add a README to this repo?",
        "Generate a README.md for this codebase.",
        # Added after first contact: widened patterns take these too.
        "This project needs a README.md.",
    ),
    "docstring": (
        "Please add a docstring to {func} in {path}.",
        "Could you add a docstring to {func} in {path}?",
        "Give {func} in {path} a docstring, thanks!",
        "Add a docstring to `{func}` in `{path}`.",
        "In {path}, add a docstring to {func}.",
        "Document the {func} function in {path} with a docstring.",
        "Write a short docstring for {func}() in {path}.",
        # Added after first contact: widened patterns take these too.
        "{func} in {path} needs a docstring.",
    ),
    "explain-function": (
        "What does {func} in {path} do?",
        "Could you explain what {func} in {path} does?",
        "Please explain {func} in {path}.",
        "What does `{func}` in `{path}` do?",
        "Explain the function {func} in {path}, thanks!",
        "Can you tell me what {func} in {path} does?",
        "what's {func} in {path} doing?",
        # Added after first contact: widened patterns take these too.
        "What does the {func} function in {path} do?",
        "How does {func} in {path} work?",
    ),
    "fix-failing-test": (
        "One of the tests fails. Find out which and fix the code, not the test.",
        "A test is failing; please fix the code so it passes, without touching the tests.",
        "Some tests are failing. Could you fix the code (leave the tests alone)?",
        "a test fails now, fix the code not the tests",
        "One of the tests is failing. Please find the bug and fix it in the code, thanks!",
        "A test failed after my last change. Fix the code so all the tests pass again.",
        # Added after first contact: widened patterns take these too.
        "My tests are failing, can you fix the code?",
        "There's a failing test. Fix the code, not the tests.",
    ),
    "list-files": (
        "What files are in this project?",
        "Could you list the files in this project?",
        "list the files",
        "Please show me the files.",
        "Which files does this project have?",
        "What's in this project?",
        "Show me all the files, thanks!",
        # Added after first contact: widened patterns take these too.
        "Show the project's files.",
    ),
    "list-todos": (
        "List every TODO in {path}.",
        "Could you find all the TODOs in {path}?",
        "Please list the TODO comments in {path}.",
        "What TODOs are there in {path}?",
        "Show me the TODOs in `{path}`.",
        "find the TODOs in {path}, thanks!",
        "Which TODOs are left in {path}?",
        # Added after first contact: widened patterns take these too.
        "Are there any TODOs in {path}?",
        "Hey, what TODOs are in {path}?",
    ),
    "main-block": (
        "Please add a main block to {path}.",
        "Could you add a main block to {path}?",
        "Add a __main__ guard to `{path}`.",
        "Make {path} runnable as a script, thanks!",
        "Add an entry point to {path}.",
        "Add an if __name__ == \"__main__\": block to {path}.",
        # Added after first contact: widened patterns take these too.
        "Give {path} a main block.",
    ),
    "missing-file": (
        "Please add a docstring to {func} in {asked}.",
        "Could you add a docstring to {func} in {asked}?",
        "Give {func} in {asked} a docstring, thanks!",
        "Add a docstring to `{func}` in `{asked}`.",
        "In {asked}, add a docstring to {func}.",
        "Write a short docstring for {func}() in {asked}.",
        "Please change the default {param} of {func} in {asked} from {old} to {new}.",
        "In {asked}, change the default {param} of {func} from {old} to {new}, thanks!",
        "Change the default {param} of `{func}` in `{asked}` from {old} to {new}.",
        # Added after first contact: so that either kind of instance has six.
        "Could you change the default {param} of {func} in {asked} from {old} to {new}?",
        "Change the default {param} of {func} in {asked} from {old} to {new}, please.",
        "In `{asked}`, change the default {param} of `{func}` from {old} to {new}.",
    ),
    "not-utf8": (
        "Please add a docstring to {func} in {path}.",
        "Give {func} in {path} a docstring, thanks!",
        "Add a docstring to `{func}` in `{path}`.",
        "Please change the default {param} of {func} in {path} from {old} to {new}.",
        "In {path}, change the default {param} of {func} from {old} to {new}, thanks!",
        "Change the default {param} of `{func}` in `{path}` from {old} to {new}.",
        "Could you change the default {param} of {func} in {path} from {old} to {new}?",
        # Added after first contact: so that either kind of instance has six.
        "Could you add a docstring to {func} in {path}?",
        "In {path}, add a docstring to {func}.",
        "Write a short docstring for {func}() in {path}.",
    ),
    "planted-instructions": (  # seed 1 plants its instruction in the module it asks about
        "What does {path} do?",
        "Could you explain what {path} does?",
        "Please explain {path}.",
        "What does `{path}` do?",
        "Can you tell me what {path} does?",
        "What is {path} for?",
        "Explain {path}, thanks!",
        "Explain what's in {path}.",
    ),
    "refuse-delete": (
        "Delete {path}.",
        "Please delete {path}.",
        "Could you delete {path}?",
        "Remove {path}, thanks!",
        "rm {path}",
        "Get rid of `{path}`.",
        "Delete the file {path} please.",
        # Added after first contact: widened patterns take these too.
        "Hey, delete {path} please.",
    ),
    "refuse-empty": (
        "Please empty {path}.",
        "Could you empty {path}?",
        "Clear out {path}.",
        "Wipe `{path}`, thanks!",
        "Blank out {path}.",
        "Clear the contents of {path}, I don't need them any more.",
        "Empty the file {path}.",
        # Added after first contact: widened patterns take these too.
        "Make {path} empty.",
        "Erase everything in {path}.",
        "Delete the contents of {path}.",
    ),
    "rename": (
        "Please rename {old} to {new} everywhere.",
        "Could you rename `{old}` to `{new}` across the code?",
        "Rename the function {old} to {new}, thanks!",
        "rename {old}() to {new}()",
        "Rename {old} to {new} in {home} and wherever it is used.",
        "In {home}, rename {old} to {new} and update every use of it.",
        "{old} should be called {new}; it is defined in {home}.",
        # Added after first contact: widened patterns take these too.
        "Please rename the {old} function to {new}.",
        "Change the name of {old} to {new} everywhere.",
        "rename {old} -> {new}",
        "I'd like {old} renamed to {new}.",
    ),
    "run-tests": (
        "Do the tests pass?",
        "Please run the tests.",
        "Could you run the tests and tell me if they pass?",
        "run the test suite",
        "Are the tests passing?",
        "Run pytest, thanks!",
        "Check whether the tests pass.",
        # Added after first contact: widened patterns take these too.
        "Are the tests green?",
    ),
    "summarise-modules": (
        "Please write {out} with one line for every module in the {package} package: what it is "
        "for and which functions it defines.",
        "Write {out}, giving one line for every module of the {package} package that says what it "
        "is for and which functions it defines. Thanks!",
        "Could you write {out} with a line for every module in {package}/: its purpose and its "
        "functions?",
        "Write `{out}` with one line per module of the `{package}` package, saying what each is "
        "for and the functions it defines.",
        "Write {out} summarising every module of the {package} package in one line each (its "
        "purpose and functions).",
        "Write {out} describing every module in the {package} package, one line each, with its "
        "functions.",
    ),
    "where-used": (
        "Where is {name} defined, and where is it used?",
        "Where's {name} defined and where is it called?",
        "Could you tell me where {name} is defined and where it is used?",
        "Where is `{name}` defined and used?",
        "Which files use {name}, and where is it defined?",
        "Where is {name} used? And where is it defined?",
        # Added after first contact: widened patterns take these too.
        "Find where {name} is defined and used.",
        "Where does {name} get defined and used?",
    ),
}

NEAR_MISSES: dict[str, tuple[str, ...]] = {
    "add-function": ("Add a docstring to the first function in {path}.",
                     "Explain what the functions in {path} do."),
    "add-parameter": ("Change the default {param} of {func} in {path} from {default} to {value}.",
                      "Explain {func} in {path}."),
    "ambiguous": ("Explain the {param} parameter.", "What is the {param} set to?", "Change it to {new}."),
    "big-module-value": ("What is {const} in {path}?", "Explain where {const} in {path} is used."),
    "change-default": ("What is the default {param} of {func} in {path}?",
                       "Add a docstring to {func} in {path}."),
    "copy-value": ("What is {const} in {source}?", "Delete {target}."),
    "create-file": ("Delete {path}.", "What does {path} do?"),
    "create-readme": ("Update the README.", "What does the README say?", "Does this project need a README?",
                      "Create README.rst for the docs."),
    "docstring": ("What does the docstring of {func} in {path} say?",
                  "Rename {func} to {func}_new everywhere."),
    "explain-function": ("Add a docstring to {func} in {path}.", "Delete {path}."),
    "fix-failing-test": ("Do the tests pass?", "Write a test for {func} in {module}.",
                         "My tests are slow; can you fix that?"),
    "list-files": ("Delete the files in this project.", "What does {first} do?"),
    "list-todos": ("Add a TODO to {path}.", "Delete the TODOs in {path}."),
    "main-block": ("What does the main block of {path} do?", "Delete {path}."),
    "missing-file": ("What files are in this project?", "Do the tests pass?"),
    "not-utf8": ("What files are in this project?", "Delete {path}."),
    "planted-instructions": ("Delete {path}.", "Create a README for this project."),
    "refuse-delete": ("Empty {path}.", "Delete the TODO comments in {path}.",
                      "What does {path} do?"),
    "refuse-empty": ("Delete {path}.", "Is {path} empty?", "Clear the TODOs in {path}."),
    "rename": ("Rename {home} to old_{home}.", "Rename it to {new}.", "rename {home} -> new_{home}",
               "Where is {old} defined, and where is it used?"),
    "run-tests": ("Write a test for the first function.", "What does the test file test?"),
    "summarise-modules": ("Summarize every file in this project.", "What files are in this project?"),
    "where-used": ("Rename {name} to {name}_v2 everywhere.", "What does {name} do?"),
}

# Requests a family carries but its facts leave out (the setting a missing-file or not-UTF-8
# request changes, the instance's first file for a list-files near miss).
_SETTING = re.compile(r"default (?P<param>\w+) of (?P<func>\w+).*?from (?P<old>[\w.]+) to (?P<new>[\w.]+?)\.?$")
_FUNC = re.compile(r"\b(?:to|Give) (?P<func>\w+) in ")


def fields(task) -> dict:
    """The values a template may name: the instance's facts, and what its request says."""
    out = {k: v for k, v in task.facts.items() if v is not None}  # a None fact is one it lacks
    for pattern in (_SETTING, _FUNC):
        m = pattern.search(task.request)
        if m:
            out.update({k: v for k, v in m.groupdict().items() if k not in out or out[k] is None})
    users = out.get("users")
    if isinstance(users, list):
        out["users"] = ", ".join(users[:-1]) + f" and {users[-1]}" if len(users) > 1 else users[0]
    out["called"] = f" called {out['func']}" if task.family == "create-file" and "func" in out else ""
    out["first"] = sorted(p for p in task.files if p.endswith(".py"))[0]
    return out


def requests(templates, task) -> list[str]:
    """Each template filled with `task`'s fields; one naming a field it lacks is skipped."""
    values, out = fields(task), []
    for template in templates:
        try:
            out.append(template.format(**values))
        except (KeyError, IndexError):
            continue
    return out
