"""Known-wrong and known-right answers to lab 1 (tests/grading/test_integrity.py).

WRONG: each must fail a visible check and lose points. ZERO: these must score nothing at all.
RIGHT: correct answers in other words and other shapes; each must score full marks, because
the checks judge what the agent does, never how the prompt is worded.
"""

from agentcourse.course.nbrun import drop, swap
from agentcourse.paths import load_checkpoint


def _all(*transforms):
    """Apply several transforms to one cell, in order."""

    def apply(source):
        for transform in transforms:
            source = transform(source)
        return source

    return apply


def _draft(source):
    """The answer cell as released, with the raise removed: the draft itself."""
    return source.split("### BEGIN SOLUTION")[0]


# The course's own prompt and schemas (checkpoint 01), written into the cells: a graded
# kernel cannot load checkpoint 01, which holds lab 1's answers.
_COURSE = f"SYSTEM_PROMPT = {load_checkpoint('01').SYSTEM_PROMPT!r}\n"
_COURSE_TOOLS = f"TOOLS = {load_checkpoint('01').TOOLS!r}\n"

_NO_READ_FIRST_PROMPT = drop(
    "- Look at a file with read_file first, before any edit to it: old_str must be copied from \\\n"
    "what the file says now, not from memory.\n")
_NO_READ_FIRST_TOOLS = _all(
    drop(" Use it on any file you are about to change."),
    drop('Before "\n            "changing a file, read it, so old_str is copied exactly from its current text. "\n'
         '            "'),
)

WRONG = {
    # Submitting the draft (the raise removed): every check is one the draft fails.
    "draft-unchanged": {"system_prompt": _draft, "tools": _draft},
    # Nothing at all: no check may score for an agent that can do nothing.
    "empty-prompt-no-tools": {"system_prompt": 'SYSTEM_PROMPT = "x"', "tools": "TOOLS = []"},
    # The clarification rule left without its limit: a clear request gets a question.
    "ask-rule-left-unlimited": {
        "system_prompt": swap(
            "- Only ask a question if the request is genuinely unclear. A clear request, like adding a \\\n"
            "function to a named file, gets done without asking.\n",
            "- When in doubt, ask. If a request could mean more than one thing, ask a clarifying \\\n"
            "question before acting.\n"),
    },
    # No read-first rule anywhere: the agent edits with a guessed old_str.
    "no-read-first-rule": {"system_prompt": _NO_READ_FIRST_PROMPT, "tools": _NO_READ_FIRST_TOOLS},
    # No word on how edit_file creates a file: old_str is left out.
    "no-create-rule": {
        "system_prompt": drop(' A new file is made by passing an empty old_str ("") and the \\\n'
                              'whole file as new_str.'),
        "tools": _all(
            drop('To make a new file, leave old_str empty (\\"\\") and put the whole file in new_str.'),
            swap("; empty when creating a file.", "."),
        ),
    },
    # No delete constraint: with no delete tool the agent empties the file instead.
    "no-delete-constraint": {
        "system_prompt": drop(
            "- You must not delete files, and emptying a file counts as deleting it. When asked to delete \\\n"
            "something, say you cannot, and offer an alternative (for example, the user can remove it).\n"),
    },
    # "Refuses" to delete because edit_file is gone: nothing can be edited at all.
    "delete-refused-by-removing-the-edit-tool": {
        "tools": '''TOOLS = [
    _schema("list_files", "List the files and folders at a path.", path="Folder to list."),
    _schema("read_file", "Return the full text of a file.", filename="File path."),
]
''',
    },
    # A schema the API rejects: every request is a 400.
    "schema-type-not-object": {
        "tools": 'TOOLS = [dict(t, input_schema=dict(t["input_schema"], type="dict")) for t in DRAFT_TOOLS]\n',
    },
    # The argument renamed: checkpoint 01's read_file(filename) never gets its argument.
    "read-file-argument-renamed": {
        "tools": swap('change.",\n            filename=', 'change.",\n            file='),
    },
}

# Look-alikes: sentences that mention the rule's words but do not state the rule. The
# tutor's rule reader (agentcourse/tutor/understand/rules.py) must not count them, so the rows fail.
_DELETE_RULE = (
    "- You must not delete files, and emptying a file counts as deleting it. When asked to delete \\\n"
    "something, say you cannot, and offer an alternative (for example, the user can remove it).\n")
WRONG["delete-look-alike-do-not-hesitate"] = {
    "system_prompt": swap(_DELETE_RULE, "- Do not hesitate to delete files the user no longer needs.\n"),
}
WRONG["read-first-look-alike-read-when-needed"] = {
    "system_prompt": swap(
        "- Look at a file with read_file first, before any edit to it: old_str must be copied from \\\n"
        "what the file says now, not from memory.\n",
        "- Read a file when you need to know what it contains.\n"),
    "tools": _NO_READ_FIRST_TOOLS,
}

# Cases that must score exactly 0.
ZERO = ("draft-unchanged", "empty-prompt-no-tools")

RIGHT = {
    # The course's own prompt and schemas (checkpoint 01).
    "course-prompt-and-tools": {"system_prompt": _COURSE, "tools": _COURSE_TOOLS},
    # No headings, no lists: one paragraph, the rules in other words.
    "one-paragraph-prompt": {
        "system_prompt": '''SYSTEM_PROMPT = (
    "You help a developer with the files of the project you are started in. "
    "Always read a file first before you change it, because old_str has to match its text. "
    "Answers are concise. "
    "If something is truly ambiguous you may ask; otherwise just do it. "
    "You cannot delete files: refuse, and suggest renaming or emptying it by hand instead."
)
''',
    },
    # The rules only in the tool descriptions, the prompt left as the draft's, its clarification
    # rule limited to requests that really are ambiguous.
    "rules-in-tool-descriptions": {
        "system_prompt": _all(_draft, swap(
            "- When in doubt, ask. If a request could mean more than one thing, ask a clarifying \\\n"
            "question before acting.\n", "- Ask a question only when a request is truly ambiguous.\n"),
            swap("- Do not run code.\n", "- Do not run code.\n- Never delete a file; say so and suggest another way.\n")),
        "tools": '''TOOLS = [
    DRAFT_TOOLS[0],
    DRAFT_TOOLS[1],
    _schema("edit_file",
            "Replace old_str (exactly one occurrence) with new_str. You must read the file first. "
            "To create a file, pass an empty old_str and the file's text as new_str.",
            path="Path in the project.", old_str="Text to replace.", new_str="Replacement."),
]
''',
    },
}


# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
_READ_FIRST = ("- Look at a file with read_file first, before any edit to it: old_str must be copied from \\\n"
               "what the file says now, not from memory.\n")
_ASK = ("- Only ask a question if the request is genuinely unclear. A clear request, like adding a \\\n"
        "function to a named file, gets done without asking.\n")
_CREATE_PROMPT = (' A new file is made by passing an empty old_str ("") and the \\\n'
                  'whole file as new_str.')
_NO_CREATE_TOOLS = _all(
    drop('To make a new file, leave old_str empty (\\"\\") and put the whole file in new_str.'),
    swap("; empty when creating a file.", "."),
)

WRONG.update({
    # The create rule says to leave old_str out, not to send it empty.
    "create-rule-leave-old-str-out": {
        "system_prompt": swap(_CREATE_PROMPT, " To make a new file, call edit_file without old_str."),
        "tools": _NO_CREATE_TOOLS,
    },
    # Reading first offered, not required.
    "read-first-optional": {
        "system_prompt": swap(_READ_FIRST, "- You may read a file with read_file before editing it, if you want to.\n"),
        "tools": _NO_READ_FIRST_TOOLS,
    },
    # Reading after the edit, to check it, instead of before.
    "read-after-editing": {
        "system_prompt": swap(_READ_FIRST, "- After editing a file, read it with read_file to check the change.\n"),
        "tools": _NO_READ_FIRST_TOOLS,
    },
    # The ask rule reworded, not limited: anything unclear still gets a question.
    "ask-rule-reworded-not-limited": {
        "system_prompt": swap(_ASK, "- If anything about a request is unclear, ask the user before you act.\n"),
    },
    # The delete rule for another agent.
    "delete-rule-for-another-agent": {
        "system_prompt": swap(_DELETE_RULE, "- The cleanup bot (not you) must never delete files.\n"),
    },
    # Deleting allowed when the user asks, which is exactly the row's request.
    "delete-allowed-when-asked": {
        "system_prompt": swap(_DELETE_RULE, "- Only delete files when the user asks you to.\n"),
    },
    # read_file's description tells the model to skip it before edits.
    "read-file-described-as-unnecessary": {
        "system_prompt": _NO_READ_FIRST_PROMPT,
        "tools": _all(_NO_READ_FIRST_TOOLS, swap(
            '"Return the full text of a file."',
            '"Return the full text of a file. There is no need to read a file before editing it."')),
    },
    # edit_file's path argument renamed in the schema: the tool function never gets it.
    "edit-file-argument-renamed": {
        "tools": swap('            path="File path, relative to the project root.",\n            old_str="The exact text',
                      '            file="File path, relative to the project root.",\n            old_str="The exact text'),
    },
    # The delete rule with an exception the user's request meets.
    "delete-rule-with-an-exception": {
        "system_prompt": swap(_DELETE_RULE, "- Never delete files, unless the user explicitly asks you to.\n"),
    },
})


# ---------------------------------------------------------------- the checks as properties
# Written with the checks as properties (other files and folders, other wordings, a second
# request, an ambiguous request).

# The clarification rule deleted instead of limited (a RIGHT case until the checks asked an
# ambiguous request): the agent then guesses which function "the timeout" is.
WRONG["ask-rule-deleted"] = {
    "system_prompt": swap(
        "- Only ask a question if the request is genuinely unclear. A clear request, like adding a \\\n"
        "function to a named file, gets done without asking.\n", ""),
}
# A blanket ban on changing files: deleting stops, and so does every edit a user asks for.
WRONG["never-change-any-file"] = {
    "system_prompt": swap('- Do not run code.\n"""\n### END SOLUTION',
                          '- Do not run code.\n- Never change any file.\n"""\n### END SOLUTION'),
}
# Every rule written for the one file of its matrix row: each covers that file only.
WRONG["rules-for-the-rows-files-only"] = {
    "system_prompt": _all(
        swap("A new file is made by passing an empty old_str", "To create hello.py, pass an empty old_str"),
        swap("- Look at a file with read_file first, before any edit to it:", "- Look at math_utils.py with read_file first, before any edit to it:"),
        swap("- You must not delete files, and emptying a file counts as deleting it.", "- You must not delete main.py, and emptying it counts as deleting it."),
    ),
    "tools": _all(_NO_READ_FIRST_TOOLS, _NO_CREATE_TOOLS),
}
# Reading first, but with an exception: the excepted edits are made blind.
WRONG["read-first-except-small-changes"] = {
    "system_prompt": swap(_READ_FIRST, "- Read a file with read_file before you edit it, except for small changes "
                                       "like a docstring.\n"),
    "tools": _NO_READ_FIRST_TOOLS,
}
# A prohibition with a condition the agent can meet itself: it makes a copy, then empties the file.
WRONG["delete-unless-backed-up"] = {
    "system_prompt": swap(_DELETE_RULE, "- Never delete a file unless you made a backup copy of it first.\n"),
}
# Never asking, with a guess for an ambiguous request: clear requests are done, ambiguous ones guessed.
WRONG["never-ask-guess-instead"] = {
    "system_prompt": swap(_ASK, "- Never ask questions; if a request is ambiguous, pick the most likely reading.\n"),
}

# Honest answers in the words the properties exercise.
RIGHT.update({
    # Asking only about an ambiguous request, with nothing said about clear ones.
    "ask-only-if-ambiguous": {"system_prompt": swap(_ASK, "- If a request is ambiguous, ask which one is meant.\n")},
    # Every rule with an example file of its own: an example stands for any file.
    "rules-with-example-files": {
        "system_prompt": swap(_DELETE_RULE, "- Never delete or empty a file, for example config.py, whoever asks: say "
                                            "you cannot, and suggest they remove it themselves.\n"),
    },
})
