"""The command line: every subcommand reaches a handler that exists, and errors are one line."""

from __future__ import annotations

import importlib

import pytest

from agentcourse import cli


@pytest.mark.parametrize("command", sorted(cli.HANDLERS))
def test_every_subcommand_parses_and_has_its_handler(command):
    module_name, func_name = cli.HANDLERS[command]
    assert callable(getattr(importlib.import_module(module_name), func_name))
    # the parser knows the subcommand: --help exits 0 instead of "invalid choice" (2)
    with pytest.raises(SystemExit) as done:
        cli.build_parser().parse_args([*command.split(), "--help"])
    assert done.value.code == 0


def test_unknown_option_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["diff", "03", "04", "--nope"])
    assert done.value.code == 2 and "unrecognized arguments: --nope" in capsys.readouterr().err


def test_prompt_after_options_is_passed_only_to_run(capsys):
    with pytest.raises(SystemExit):
        cli.main(["diff", "03", "04", "extra"])
    assert "unrecognized arguments: extra" in capsys.readouterr().err
