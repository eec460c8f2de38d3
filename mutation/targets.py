"""What `make mutate` mutates, which tests it runs for each target, and which operators.

Kept apart from mutate.py so that the test suite can check it (the files, functions and
test files named here exist) without cosmic-ray installed.
"""

from __future__ import annotations

from dataclasses import dataclass

TARGET_SCORE = 0.90  # at least this share of the non-equivalent mutants must be killed

# Checkpoint 08's guardrail: the allowlist and every function of the decision.
GUARDRAIL = ("safe", "ALLOWLIST", "GuardPolicy", "_Findings", "missing", "assess", "_unreadable",
             "_gaps_blank", "_walk", "_plain", "_computed", "_command", "_redirect", "_option",
             "_arguments", "path_problem", "ask_in_terminal", "Guardrail")


# The grading sandbox's tests: what it shows, its command line, and grading's refusals.
SANDBOX_TESTS = ("tests/grading/test_confine.py", "tests/grading/test_grading.py", "-k", "confine")


@dataclass(frozen=True)
class Target:
    """One piece of code to mutate and the tests that cover it."""

    name: str  # printed in the report; --only matches on it
    path: str  # the file to mutate, relative to the repository root
    functions: tuple[str, ...] | None  # top-level definitions ("Class.method" too); None: all
    tests: tuple[str, ...]  # pytest arguments selecting the tests that cover this code
    path_safety: tuple[str, ...] = ()  # functions whose every mutant must be killed
    safety_label: str = "path-safety"  # what the report calls them


TARGETS = (
    Target(
        "checkpoint 03 tools and dispatch",
        "checkpoints/03-real-tools/tools.py",
        ("tool", "resolve_in_root", "regular_file", "read_text", "write_atomically", "schema",
         "list_files", "read_file", "edit_file", "run_tool"),
        ("tests/checkpoints/test_tool_guards.py", "tests/checkpoints/test_directory_safety.py",
         "-k", "03"),
        path_safety=("resolve_in_root", "regular_file"),
    ),
    Target(
        "checkpoint 03 turns",
        "checkpoints/03-real-tools/turns.py",
        ("tool_result", "add_assistant", "close_turn", "describe_api_error", "final_answer"),
        ("tests/checkpoints/test_real_tools.py", "tests/checkpoints/test_tool_guards.py",
         "-k", "03"),
    ),
    Target(
        "checkpoint 04 search_file, read_lines and helpers",
        "checkpoints/04-search-read-lines/tools.py",
        ("clip", "files_to_search", "matching_lines", "search_file", "read_lines"),
        ("tests/checkpoints/test_tool_guards.py", "tests/checkpoints/test_search_read_lines.py",
         "tests/checkpoints/test_directory_safety.py", "-k", "04 and not token_cost or search_speed"),
        path_safety=("files_to_search",),
    ),
    Target(
        "agentcourse/tutor/speak/validate.py",
        "agentcourse/tutor/speak/validate.py",
        None,
        # each rule's case runs directly and through the SDK; the direct run decides the
        # rules, the SDK run only adds the HTTP round trip, so the mutants skip it
        ("tests/tutor/test_validate_edges.py", "tests/tutor/test_validate.py", "-k", "not sdk_gets"),
    ),
    Target(
        "agentcourse/tutor/speak/message_rules.py",
        "agentcourse/tutor/speak/message_rules.py",
        None,  # validate.py's rules on messages, split out of it: the same tests
        ("tests/tutor/test_validate_edges.py", "tests/tutor/test_validate.py", "-k", "not sdk_gets"),
    ),
    Target(
        "agentcourse/tutor/speak/block_rules.py",
        "agentcourse/tutor/speak/block_rules.py",
        None,  # validate.py's rules on content blocks, split out of it: the same tests
        ("tests/tutor/test_validate_edges.py", "tests/tutor/test_validate.py", "-k", "not sdk_gets"),
    ),
    Target(
        "agentcourse/tutor/speak/tool_rules.py",
        "agentcourse/tutor/speak/tool_rules.py",
        None,  # validate.py's rules on tools, split out of it: the same tests
        ("tests/tutor/test_validate_edges.py", "tests/tutor/test_validate.py", "-k", "not sdk_gets"),
    ),
    # --- checkpoint 08: the guardrail, the text editor, the bash session ---
    Target(
        "checkpoint 08 guardrail",
        "checkpoints/08-anthropic-tools/guardrail.py",
        GUARDRAIL,
        # the three corpora judged statically (with every visible program approved, does each
        # command run unasked or ask for its exact text?), the behaviours, and what runs
        # unasked run under real bash with logging stubs
        ("tests/checkpoints/test_guardrail.py", "tests/checkpoints/test_guardrail_blind.py",
         "tests/checkpoints/test_guardrail_blind2.py", "tests/checkpoints/test_guardrail_runs.py"),
        # every function decides what runs unasked, or what the user is shown before saying yes
        path_safety=GUARDRAIL,
        safety_label="guardrail-allow",
    ),
    Target(
        "checkpoint 08 text editor",
        "checkpoints/08-anthropic-tools/text_editor.py",
        ("load", "save", "split_lines", "capped", "view", "create",
         "str_replace", "insert", "str_replace_based_edit_tool"),
        ("tests/checkpoints/test_text_editor.py",),
        path_safety=("save",),
    ),
    Target(
        "checkpoint 08 bash session",
        "checkpoints/08-anthropic-tools/bash_session.py",
        ("Output", "BashSession"),
        ("tests/checkpoints/test_bash_session.py",),
    ),
    # --- checkpoints 06 and 07: what goes into the window, and the layered prompt ---
    Target(
        "checkpoint 06 context",
        "checkpoints/06-context/context.py",
        ("_inside_root", "_write_text", "shrink", "save_output", "tool_calls", "stub",
         "stub_old_results", "at_boundary", "should_compact", "request_text", "compact",
         "manage", "read_memory", "memory_section", "save_note"),
        ("tests/checkpoints/test_context_policy.py", "-k", "06"),
        path_safety=("_inside_root",),
    ),
    Target(
        "checkpoint 07 layers",
        "checkpoints/07-prompt-layers/layers.py",
        ("tool_contracts", "project_rules", "signals_for", "runtime_signals", "stack",
         "fingerprint", "fingerprints", "changed_layers", "track", "assemble",
         "with_message_breakpoint", "breakpoints"),
        ("tests/checkpoints/test_prompt_layers.py",),
        path_safety=("project_rules",),
    ),
    # --- grading: the sandbox and the feedback pages ---
    # The sandbox is three modules (its command line, the kernel manager, nbgrader's
    # Execute), one target each, judged by the same tests.
    Target(
        "agentcourse/grading/sandbox/bwrap.py",
        "agentcourse/grading/sandbox/bwrap.py",
        ("bwrap_binary", "confinement_problem", "require_confinement", "namespace_options",
         "environment_roots", "check_roots_hide", "sandbox_argv", "mount_parents", "kernel_uid",
         "write_identity"),
        SANDBOX_TESTS,
        path_safety=("check_roots_hide", "sandbox_argv", "namespace_options", "environment_roots"),
        safety_label="confinement",
    ),
    Target(
        "agentcourse/grading/sandbox/kernel_manager.py",
        "agentcourse/grading/sandbox/kernel_manager.py",
        ("ConfinedKernelManager.__init__", "ConfinedKernelManager._link_sockets"),
        SANDBOX_TESTS,
        path_safety=("ConfinedKernelManager._link_sockets",),
        safety_label="confinement",
    ),
    Target(
        "agentcourse/grading/sandbox/confine.py",
        "agentcourse/grading/sandbox/confine.py",
        ("ConfinedExecute.__init__", "ConfinedExecute.create_kernel_manager"),
        SANDBOX_TESTS,
    ),
    Target(
        "agentcourse/grading/integrity/leaks.py",
        "agentcourse/grading/integrity/leaks.py",
        None,
        ("tests/grading/test_leaks.py",),
    ),
    # --- the tutor: extended thinking's rules, tool_choice and structured output ---
    Target(
        "agentcourse/tutor/speak/thinking.py",
        "agentcourse/tutor/speak/thinking.py",
        ("mode", "sign", "verify", "thinking_block", "resign", "check", "_check_order",
         "_check_final", "_check_opening"),
        ("tests/tutor/test_thinking.py", "tests/tutor/test_validate.py", "-k",
         "thinking and not sdk_gets"),
    ),
    Target(
        "agentcourse/tutor/act/forced.py: tool_choice and output format",
        "agentcourse/tutor/act/forced.py",
        ("_text_of", "_pick_tool", "_call_for", "apply", "_structured_output"),
        ("tests/tutor/test_forced.py",),
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
    "NumberReplacer", "RemoveDecorator", "ZeroIterationForLoop",
)
