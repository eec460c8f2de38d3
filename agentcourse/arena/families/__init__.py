"""The arena's task families: seeded tasks, and how each is judged.

    from agentcourse.arena.families import FAMILIES, instance
    task = instance("list-todos", seed=3)   # a project, a request, and the facts to judge by
    FAMILIES["list-todos"].judge(task, outcome)   # None = solved, else why not

One module per family, each defining FAMILY (a Family, family.py), listed in FAMILIES
below. A family's arena side is data and small functions:

- generate(seed) -> Instance: the scratch project's files, the request the user types,
  and the facts the judge needs. Names, values and the project's shape come from the
  seed, so a hidden instance cannot be memorised from a practice one.
- judge(instance, outcome) -> None or a reason: the outcome only (files after, the
  reply's content, the calls' arguments and results as text), never tool names; the
  matrix's judging (agentcourse/course/matrix.py), widened.
- reference(instance) / broken(instance): a correct turn and wrong ones, as Outcomes;
  the tests hold that the first is solved and every other is not.

What the tutor does with a family's requests is its other side, the family's move in the
tutor (agentcourse/tutor/act/families/<name>.py: patterns + act(turn, groups)); the arena
may use the tutor's helpers (a reference turn planned as the tutor plans it), never the
other way round. A family without a move is done by one of the brain's own tasks.
"""

from __future__ import annotations

from agentcourse.arena.families import (
    add_function,
    add_parameter,
    ambiguous,
    big_module_value,
    change_default,
    copy_value,
    create_file,
    create_readme,
    docstring,
    explain_function,
    fix_failing_test,
    list_files,
    list_todos,
    main_block,
    missing_file,
    not_utf8,
    planted_instructions,
    refuse_delete,
    refuse_empty,
    rename,
    run_tests,
    summarise_modules,
    where_used,
)
from agentcourse.arena.families.family import Family, Instance

# Every family, by name, in the order of their modules' names (tables list them so).
FAMILIES: dict[str, Family] = {module.FAMILY.name: module.FAMILY for module in (
    add_function, add_parameter, ambiguous, big_module_value, change_default, copy_value,
    create_file, create_readme, docstring, explain_function, fix_failing_test, list_files,
    list_todos, main_block, missing_file, not_utf8, planted_instructions, refuse_delete, refuse_empty, rename,
    run_tests, summarise_modules, where_used,
)}


def instance(name: str, seed: int) -> Instance:
    """The instance of family `name` for `seed` (KeyError for an unknown family)."""
    return FAMILIES[name].generate(seed)
