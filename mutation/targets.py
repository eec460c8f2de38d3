"""What `make mutate` mutates, which tests it runs for each target, and which operators.

Kept apart from mutate.py so that the test suite can check it (the files, functions and
test files named here exist) without cosmic-ray installed.
"""

from __future__ import annotations

from dataclasses import dataclass

TARGET_SCORE = 0.90  # at least this share of the non-equivalent mutants must be killed


@dataclass(frozen=True)
class Target:
    """One piece of code to mutate and the tests that cover it."""

    name: str  # printed in the report; --only matches on it
    path: str  # the file to mutate, relative to the repository root
    functions: tuple[str, ...] | None  # top-level definitions to mutate; None: the whole file
    tests: tuple[str, ...]  # pytest arguments selecting the tests that cover this code
    path_safety: tuple[str, ...] = ()  # functions whose every mutant must be killed


TARGETS = (
    Target(
        "checkpoint 03 tools and dispatch",
        "checkpoints/03-real-tools/agent.py",
        ("tool", "resolve_in_root", "regular_file", "read_text", "write_atomically",
         "list_files", "read_file", "edit_file", "TOOL_FUNCTIONS", "dispatch_tool", "run_tools"),
        ("tests/checkpoints/test_tool_guards.py", "tests/checkpoints/test_directory_safety.py",
         "-k", "03"),
        path_safety=("resolve_in_root", "regular_file"),
    ),
    Target(
        "checkpoint 04 search_file, read_lines and helpers",
        "checkpoints/04-search-read-lines/agent.py",
        ("clip", "files_to_search", "matching_lines", "search_file", "read_lines"),
        ("tests/checkpoints/test_tool_guards.py", "tests/checkpoints/test_search_read_lines.py",
         "tests/checkpoints/test_directory_safety.py", "-k", "04 and not token_cost or search_speed"),
        path_safety=("files_to_search",),
    ),
    Target(
        "agentcourse/tutor/validate.py",
        "agentcourse/tutor/validate.py",
        None,
        # each rule's case runs directly and through the SDK; the direct run decides the
        # rules, the SDK run only adds the HTTP round trip, so the mutants skip it
        ("tests/tutor/test_validate_edges.py", "tests/tutor/test_validate.py", "-k", "not sdk_gets"),
    ),
)

# cosmic-ray's own operators, trimmed to one mutant per idea: a comparison moved across its
# boundary or negated (not every one of the 55 pairs), + and - swapped, and so on. The full
# matrix mostly adds mutants that break the code so loudly that they tell nothing.
CORE_OPERATORS = (
    "ReplaceComparisonOperator_Eq_NotEq", "ReplaceComparisonOperator_NotEq_Eq",
    "ReplaceComparisonOperator_Lt_LtE", "ReplaceComparisonOperator_LtE_Lt",
    "ReplaceComparisonOperator_Gt_GtE", "ReplaceComparisonOperator_GtE_Gt",
    "ReplaceComparisonOperator_Lt_GtE", "ReplaceComparisonOperator_GtE_Lt",
    "ReplaceComparisonOperator_Gt_LtE", "ReplaceComparisonOperator_LtE_Gt",
    "ReplaceComparisonOperator_Is_IsNot", "ReplaceComparisonOperator_IsNot_Is",
    "ReplaceBinaryOperator_Add_Sub", "ReplaceBinaryOperator_Sub_Add",
    "ReplaceBinaryOperator_Mul_Div", "ReplaceBinaryOperator_Div_Mul",
    "ReplaceBinaryOperator_FloorDiv_Div",
    "ReplaceUnaryOperator_Delete_Not", "ReplaceUnaryOperator_Delete_USub",
    "AddNot", "ReplaceTrueWithFalse", "ReplaceFalseWithTrue",
    "ReplaceAndWithOr", "ReplaceOrWithAnd",
    "ReplaceBreakWithContinue", "ReplaceContinueWithBreak",
    "ExceptionReplacer", "NumberReplacer", "RemoveDecorator", "ZeroIterationForLoop",
)
