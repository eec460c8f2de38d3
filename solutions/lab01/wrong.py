"""Known-wrong implementations of lab 1: each must lose points (tests/labs/test_integrity.py)."""

from agentcourse.nbtools import drop, swap


def _all(*transforms):
    """Apply several transforms to one cell, in order."""

    def apply(source):
        for transform in transforms:
            source = transform(source)
        return source

    return apply


WRONG = {
    # Lecture 5.3's first failure: the read-first rule is nowhere, so the model edits blind.
    "no-read-first-rule": {
        "system_prompt": _all(
            drop("You must read the file first: old_str has to be copied from its current text.\n"),
            drop("- Read before editing. Never change a file you have not read in this conversation.\n"),
        ),
        "tools": drop(" You must read the file first to copy old_str exactly."),
    },
    # The rule only in the tool description: graded structure wants it in the guidelines too.
    "read-first-only-in-description": {
        "system_prompt": drop(
            "- Read before editing. Never change a file you have not read in this conversation.\n"
        ),
    },
    # No delete constraint: with no delete tool the model empties the file instead.
    "no-delete-constraint": {
        "system_prompt": drop(
            "- Never delete files. If asked to delete something, say you cannot and offer an alternative.\n"
        ),
    },
    # edit_file's schema requires nothing: calls may arrive with arguments missing.
    "schema-missing-required": {
        "tools": swap('"required": ["path", "old_str", "new_str"]', '"required": []'),
    },
    # A schema the API rejects outright: every matrix row fails with a 400.
    "schema-type-not-object": {
        "tools": swap('"type": "object",\n        "properties": {\n            "path"',
                      '"type": "dict",\n        "properties": {\n            "path"'),
    },
    # No word on how to create a file: the model leaves old_str out.
    "no-create-rule": {
        "tools": drop("To create a file, set old_str to an empty string and new_str to the whole file. "),
        "system_prompt": drop(
            "- To create a file, set old_str to an empty string and new_str to the whole file.\n"
        ),
    },
    # Everything in one paragraph: no sections for the model (or the grader) to find.
    "prompt-without-sections": {
        "system_prompt": 'SYSTEM_PROMPT = "You are a coding assistant. Read before editing. Never delete files."',
    },
    # A misspelt argument name: the tool functions never get their `filename`.
    "read-file-wrong-argument-name": {
        "tools": swap('"filename": {"type": "string"', '"file": {"type": "string"'),
    },
}
