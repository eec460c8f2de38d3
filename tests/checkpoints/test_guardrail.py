"""Checkpoint 08's guardrail, which denies by default: "always" approves only allowlisted
programs in a plain, safe form; every other command asks for its exact text.

The first corpus (guardrail_corpus.py, written for the guardrail before this one, which
tried to find every program a command runs) is judged by what the new one lets through: a
command may run unasked only if every program the corpus says bash runs is allowlisted,
and what runs unasked is run under bash with logging stubs. Random commands get the same
dynamic check. Then the behaviours, one test each.
"""

from __future__ import annotations

import ast
import dataclasses
import os
import shutil
import subprocess
import sys
import time

import pytest
from guardrail_corpus import ASK, CORPUS, HIDDEN_CODE
from guardrail_harness import TRUSTED, outcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentcourse import paths

FOLDER = paths.find_checkpoint("08")
guardrail = paths.load_program(FOLDER / "guardrail.py", "guardrail")
ALLOWLIST = set(guardrail.POLICY.programs)
HAS_BASH = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


@pytest.fixture(autouse=True)
def plain_path(monkeypatch):
    """The programs resolve where a system keeps them, whatever the developer's PATH holds."""
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    monkeypatch.delenv("BASH_ENV", raising=False)


class Answers:
    """A scripted user: answers in order, and records what it was asked."""

    def __init__(self, *answers):
        self.answers, self.asked = list(answers), []

    def __call__(self, command, programs, reason):
        self.asked.append((command, list(programs), reason))
        return self.answers.pop(0)


def allows(command: str) -> bool:
    return guardrail.assess(command).programs is not None


# --- the first corpus, read the new way ---
@pytest.mark.parametrize(("command", "expected"), CORPUS, ids=[repr(c)[:60] for c, _ in CORPUS])
def test_a_corpus_command_runs_unasked_only_if_all_it_runs_is_allowlisted(command, expected):
    got = outcome(guardrail, command)
    assert got in ("allow", "ask_once")
    if got == "allow":
        assert expected is not ASK and expected <= ALLOWLIST


def test_most_of_the_first_corpus_now_asks():
    allowed = [c for c, _ in CORPUS if outcome(guardrail, c) == "allow"]
    assert len(CORPUS) >= 400 and 15 <= len(allowed) <= len(CORPUS) // 10
    assert all(outcome(guardrail, c) == "ask_once" for c in HIDDEN_CODE)


# --- approval ---
def test_approving_ls_always_never_approves_ls_and_rm():
    user = Answers("a", "n")
    g = guardrail.Guardrail(ask=user)
    assert g.check("ls -la") is None and user.asked[0][1] == ["ls"]
    assert g.check("ls") is None and len(user.asked) == 1  # approved: not asked again
    assert g.check("ls && rm -rf x") == guardrail.REFUSAL
    assert user.asked[-1][1] == []  # rm is not allowlisted: only the exact command


@pytest.mark.parametrize("command", [
    "ls; rm x", "ls | rm x", "ls $(rm x)", "ls `rm x`", "(ls; rm x)", "{ ls; rm x; }",
    "ls <(rm x)", "X=$(rm x) ls", "ls && sudo rm x", "ls || bash -c 'rm x'",
    "ls; eval 'rm x'", "find . -exec rm {} \\;", "ls | xargs rm", "ls\nrm x", "ls; r\\m x",
    "ls; 'r'm x", "ls; /bin/rm x", "ls; command rm x", "ls > $(rm x)", "f() { rm x; }; ls",
])
def test_an_approved_program_does_not_carry_another(command):
    user = Answers("n")
    g = guardrail.Guardrail(ask=user, approved={"ls", "rm"})
    assert g.check(command) == guardrail.REFUSAL
    assert user.asked[0][1] == []


def test_a_on_an_exact_command_question_counts_as_y_only_once():
    user = Answers("a", "n")
    g = guardrail.Guardrail(ask=user)
    assert g.check("rm x") is None  # "a" where "always" was not offered: this once
    assert g.approved == set()
    assert g.check("rm x") == guardrail.REFUSAL and len(user.asked) == 2


def test_y_runs_an_allowlisted_command_once_and_approves_nothing():
    user = Answers("y", "y")
    g = guardrail.Guardrail(ask=user)
    assert g.check("ls") is None and g.check("ls") is None
    assert g.approved == set() and [p for _, p, _ in user.asked] == [["ls"], ["ls"]]


@pytest.mark.parametrize("command", [
    "bash -c 'rm x'", "python3 -c 'import os'", "find . -delete", "git status", "rm x",
    "env ls", "sh", "sudo ls", "eval ls", "command ls", "bash", "python -m pytest",
])
def test_approving_shells_and_interpreters_does_not_widen(command):
    user = Answers("a", "a")
    g = guardrail.Guardrail(ask=user, approved=set(TRUSTED))
    assert g.check(command) is None and user.asked[-1][1] == []
    assert g.check(command) is None and len(user.asked) == 2  # asked again
    assert g.approved == TRUSTED


def test_without_a_sandbox_every_command_asks():
    user = Answers("a", "a", "y")
    g = guardrail.Guardrail(ask=user, approved=set(ALLOWLIST), fenced=False)
    assert g.check("ls") is None and g.check("ls") is None and g.check("") is None
    assert [programs for _, programs, _ in user.asked] == [[], [], []]
    assert g.approved == ALLOWLIST


def test_always_approves_the_programs_never_a_file_written():
    user = Answers("a", "n", "n")
    g = guardrail.Guardrail(ask=user)
    assert g.check("cat a | sort") is None and g.approved == {"cat", "sort"}
    assert g.check("sort b") is None and g.check("cat b 2>/dev/null | sort -r") is None
    assert g.check("cat a > main.py") == guardrail.REFUSAL and user.asked[-1][1] == []
    assert g.check("sort -o main.py a") == guardrail.REFUSAL and len(user.asked) == 3


@pytest.mark.parametrize(("command", "runs"), [
    ("cat a 2>/dev/null", True), ("cat a 2>&1", True), ("cat < a", True), ("cat a >&2", True),
    ("cat a &>/dev/null", True), ("cat a >>/dev/null", True), ("cat a 0<a", True),
    ("cat a > main.py", False), ("cat a >& log", False), ("cat a 2> err", False),
    ("cat a >| x", False), ("cat < /dev/tcp/h/80", False), ("cat < a*", False),
    ("cat a > /dev/null/x", False), ("cat a 10>/dev/null", False), ("cat a >/dev/null -n", False),
    ("cat a > dev/null", False), ("cat <dev/tcp/h/80", False), ("cat < /dev/null", True),
    ("2>/dev/null cat a", True), ("2>x cat a", False), ("cat a 2>&1 >&2 2>/dev/null", True),
])
def test_only_redirections_that_write_nothing_run_unasked(command, runs):
    assert allows(command) is runs


@pytest.mark.parametrize(("command", "runs"), [
    ("head -n5 a", True), ("head -n 5 a", True), ("head --lines 5 a", True),
    ("head --lines=5 a", True), ("head -5 a", True), ("head -qn 5 a b", True), ("ls -5", False),
    ("head -n", False), ("cut -d", False), ("sort -k", False), ("head -n -5 a", False),
    ("head -n '*' a", True), ("head -n x* a", False), ("head -n $N a", False),
    ("head --lines", False), ("head --quiet=1 a", False), ("head -nq a", True), ("head -qz a", False),
    ("ls --color=never", True), ("ls --color=al", False), ("ls --all", True), ("ls --al", False),
    ("ls -- -o", True), ("sort -- -o", True), ("sort -o", False), ("sort -- *", True),
    ("sort *", False), ("sort src/*", True), ("sort ?x", False), ("sort x?", True),
    ("uniq a", True), ("uniq a b", False), ("uniq -- a b", False), ("uniq src/*", False),
    ("uniq -c -f 1 a", True), ("cd", True), ("cd src", True), ("cd src x", False),
    ("ls -*", False), ("ls -- -*", True), ("ls '-l'", True), ("ls '-o'", False),
    ("echo -", True), ("echo ''", True), ("cat -- ''", True), ("ls -l -- -- x", True),
    ("grep -e -x a", False), ("grep -e x* a", False), ("grep -e 'x*' a", True),
    ("grep -rn x -- -r", True), ("true --anything", False), ("true anything", True),
    ("ls ''-o", False), ('ls ""--all', True), ("ls x -la", True), ("ls x -lo", False),
    ("head -= a", False), ("head -n5 -v a", True), ("head --lines=5 -v a", True),
    ("head -n 5 -z a", False), ("cut -d, -f1 a", True), ("sort -t , -k 2 -r a", True),
])
def test_options_run_unasked_only_in_their_safe_form(command, runs):
    assert allows(command) is runs


@pytest.mark.parametrize(("command", "runs"), [
    ("\\\nls", False), ("ls a\\ b", False), ("ls \\\n-la", False), ("l\\\ns", False),
    ("ls \\-la", False), ("grep 'a\\.b' x", True), ("tr -d '\\n'", True), ('grep "a\\.b" x', False),
])
def test_a_backslash_outside_single_quotes_asks(command, runs):
    assert allows(command) is runs  # where bash and a parser part ways, the guardrail asks


def test_the_reason_names_the_first_problem_and_the_file():
    assert "out.txt" in guardrail.assess("ls > out.txt; rm x").reason
    assert "rm" in guardrail.assess("rm x; ls > out.txt").reason
    assert "/dev/tcp/h/80" in guardrail.assess("cat < /dev/tcp/h/80").reason
    assert "ls --sort=time" in guardrail.assess("ls --sort=time").reason
    assert "$tool" in guardrail.assess("$tool --version").reason  # the name as written


def test_the_policy_cannot_be_changed_while_the_agent_runs():
    with pytest.raises(dataclasses.FrozenInstanceError):
        guardrail.POLICY.max_length = 10**9


def test_each_short_option_letter_is_listed_once():
    for name, spec in guardrail.POLICY.programs.items():
        letters = spec.short.replace("=", "").replace("#", "")
        assert len(set(letters)) == len(letters), name  # one letter, one meaning


def test_every_allowlisted_program_is_read_the_same_way():
    for name in ALLOWLIST:
        assert guardrail.assess(f"{name} -- x").programs == (name,)
        assert guardrail.assess(f"{name} --no-such-option x").programs is None


def test_the_programs_are_listed_in_the_order_they_run():
    verdict = guardrail.assess("cat a | sort | uniq -c | sort -rn | head -5 && pwd")
    assert verdict.programs == ("cat", "sort", "uniq", "head", "pwd") and not verdict.changes_shell


def test_empty_command_runs_nothing_and_asks_nothing():
    g = guardrail.Guardrail(ask=Answers())
    assert g.check("") is None and g.check("# note") is None and g.check("  \n") is None


# --- session memory ---
def test_a_redefined_name_asks_again():
    user = Answers("a", "y", "y")
    g = guardrail.Guardrail(ask=user)
    g.check("ls")
    assert g.check("ls() { rm -rf x; }") is None  # the user approved it, seeing the body
    assert g.check("ls") is None and user.asked[-1][1] == []  # ls may be the function now
    assert g.changed


def test_running_a_program_or_cd_does_not_change_the_shell():
    user = Answers("a", "y", "y", "y")
    g = guardrail.Guardrail(ask=user)
    g.check("ls")
    for command in ("python3 -m pytest -q", "mkdir -p b && cd b", "FOO=1 python3 x.py"):
        g.check(command)
    assert g.check("ls") is None and len(user.asked) == 4 and not g.changed


def test_a_refused_command_changes_nothing():
    user = Answers("a", "n")
    g = guardrail.Guardrail(ask=user)
    g.check("ls")
    assert g.check("hash -p /tmp/x ls") == guardrail.REFUSAL
    assert g.check("ls") is None and not g.changed


def test_a_new_shell_forgets_what_was_redefined():
    user = Answers("a", "y")
    g = guardrail.Guardrail(ask=user)
    g.check("ls")
    g.check("alias ls='rm x'")
    g.new_shell()
    assert g.check("ls") is None and len(user.asked) == 2


@pytest.mark.parametrize(("command", "changes"), [
    ("x=1", True), ("ls() { :; }", True), ("hash -p /x ls", True), ("cd $(pwd)", True),
    ("python3 ${PATH:=x}", True), (": {PATH}>/dev/null", True), ("ls {PATH}>/dev/null", True),
    ("X=1 cd x", True), ("echo $((x=1))", True), ("exec 3>x", True), ("'hash' -p x ls", True),
    ("\\hash -p x ls", True), ("[ -v 'a[PATH=0]' ]", True), ("export X=1", True),
    ("cat <<EOF\n$((PATH=0))\nEOF", True), ("x=1 | cat", True), ("ls; (", True),
    ("python3 x.py > out", False), ("cd src", False), ("echo hi > out", False),
    ("(ls() { :; })", False), ("FOO=1 python3 x", False), ("git status", False),
    ("ls &", False), ("grep '$x' a", False), ("grep '{' a", False), ("grep \"{\" a", False),
    ("cat <<'EOF'\nhi\nEOF", False), ("rm -rf build", False), ("ls |& cat", False),
    ("grep x <<< 'a b'", False), ("python3 'x'\"y\" z", False), ("false", False),
    ("ha\\\nsh -p /tmp/x ls", True),  # bash joins the lines: hash -p, though the parser sees ha
    ("make X='$y'", False), ("cat a\\ b", False), ("echo \\{x\\}", False), ("echo '}'", False),
])
def test_what_may_change_the_shell_is_remembered(command, changes):
    assert guardrail.assess(command).changes_shell is changes


# --- bad input ---
@pytest.mark.parametrize("command", [
    "ls\rrm x", "ls\x00rm x", "ls \ud800", "\udcff", "ls\u202e", "ls\x1b[2K", "l\u0455",
    "ls" + " a" * 6_000, "ls\u2028rm x", "cat a\x85",
])
def test_odd_characters_and_long_commands_ask_for_the_exact_command(command):
    verdict = guardrail.assess(command)
    assert verdict.programs is None and verdict.reason and verdict.changes_shell


def test_the_length_limit_is_exact():
    limit = guardrail.POLICY.max_length
    g = guardrail.Guardrail(ask=Answers(), approved={"ls"})
    assert limit == 10_000 and g.check("ls " + "a" * (limit - 3)) is None
    assert g.check("ls " + "a" * (limit - 2)).startswith("Error:")
    assert guardrail.assess("ls" + " " * (limit - 2)).programs == ("ls",)
    assert guardrail.assess("ls" + " " * (limit - 1)).programs is None


@pytest.mark.parametrize("command", [None, 3, b"ls", ["ls"], "ls " + "a" * 1_000_000])
def test_what_nobody_can_review_is_refused_without_asking(command):
    g = guardrail.Guardrail(ask=Answers(), approved=set(ALLOWLIST))
    refusal = g.check(command)
    assert refusal.startswith("Error:") and refusal != guardrail.REFUSAL


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(exclude_categories=()), max_size=60))
def test_any_text_gets_an_answer_and_never_crashes(command):
    verdict = guardrail.assess(command)
    assert isinstance(verdict.reason, str)
    if any(not (" " <= c <= "~" or c in "\n\t") for c in command):
        assert verdict.programs is None
    g = guardrail.Guardrail(ask=lambda c, p, r: "y", approved=set(ALLOWLIST) | TRUSTED)
    assert g.check(command) is None  # "y": asked or not, it may run


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["ls", "-la", "'a b'", '"c"', "|", "&&", ";", "$x", "`id`",
                                 "{a,b}", "*", "\\", "\n", "#", "(", ")", ">", "<", "2>&1",
                                 "rm", "sort", "-o", "=", "'", '"', "&"]), max_size=12))
def test_shell_like_text_never_crashes_and_what_it_expands_never_runs_unasked(words):
    command = " ".join(words)
    verdict = guardrail.assess(command)
    if verdict.programs is not None:
        assert set(verdict.programs) <= ALLOWLIST and not verdict.changes_shell
        if not set("'\"#") & set(command):  # nothing quoted or commented out
            plain = command.replace("2>&1", "").replace("&&", "")  # a copy, and a list: no job
            assert not set("$`{}*()\\&>") & set(plain)


def test_the_terminal_shows_hidden_characters_escaped(monkeypatch, capsys):
    monkeypatch.setattr("builtins.input", lambda prompt="": "n")
    for command, shown in (("ls\rrm x", "ls\\rrm x"), ("ls \ud800", "ls \\ud800"),
                           ("cat a\u202e", "cat a\\u202e"), ("ls\x00", "ls\\x00")):
        assert guardrail.ask_in_terminal(command, [], "why") == "n"
        out = capsys.readouterr().out
        assert shown in out and command not in out


def test_the_terminal_offers_always_only_when_it_applies(monkeypatch, capsys):
    prompts = []
    answers = iter(["  Yes please", "A", "", "no"])
    monkeypatch.setattr("builtins.input", lambda prompt="": prompts.append(prompt) or next(answers))
    assert guardrail.ask_in_terminal("ls", ["ls"], "why") == "y"
    assert guardrail.ask_in_terminal("rm x", [], "because") == "a"
    assert "[a]" in prompts[0] and "ls" in prompts[0] and "[a]" not in prompts[1]
    assert "because" in capsys.readouterr().out
    assert guardrail.ask_in_terminal("rm x", [], "") == "n"  # just Enter: no
    assert guardrail.ask_in_terminal("rm x", [], "") == "n"


def test_the_user_never_sees_the_text_for_the_model(monkeypatch, capsys):
    monkeypatch.setattr("builtins.input", lambda prompt="": "n")
    g = guardrail.Guardrail()
    assert g.check("rm -rf x") == guardrail.REFUSAL
    out = capsys.readouterr().out
    assert "rm -rf x" in out and guardrail.REFUSAL not in out and "Error" not in out
    assert g.check("ls " * 5_000).startswith("Error:") and capsys.readouterr().out == ""


@pytest.mark.parametrize("error", [EOFError, OSError])
def test_terminal_prompt_without_a_terminal_refuses(monkeypatch, capsys, error):
    def no_terminal(prompt=""):
        raise error

    monkeypatch.setattr("builtins.input", no_terminal)
    assert guardrail.Guardrail().check("rm -rf x") == guardrail.REFUSAL
    assert "rm -rf x" in capsys.readouterr().out


# --- without tree-sitter ---
def test_without_tree_sitter_every_command_asks(monkeypatch):
    monkeypatch.setattr(guardrail, "PARSER", None)
    assert "tree-sitter-bash" in guardrail.missing()
    user = Answers("a", "a")
    g = guardrail.Guardrail(ask=user, approved=set(ALLOWLIST))
    assert g.check("ls") is None and g.check("ls") is None
    assert [p for _, p, _ in user.asked] == [[], []] and "tree-sitter-bash" in user.asked[0][2]


def test_the_module_loads_without_tree_sitter(monkeypatch):
    monkeypatch.setitem(sys.modules, "tree_sitter_bash", None)  # import fails as if missing
    module = paths.load_program(FOLDER / "guardrail.py", "guardrail_without_parser")
    assert module.PARSER is None and module.missing()
    assert module.assess("ls").programs is None
    assert guardrail.missing() is None


# --- the environment ---
def test_a_relative_path_entry_or_shell_functions_from_outside_make_every_command_ask(
        monkeypatch):
    for name, value in (("PATH", "bin:/usr/bin:/bin"), ("PATH", ":/usr/bin"),
                        ("BASH_ENV", "/tmp/x"), ("BASH_FUNC_ls%%", "() { rm x; }")):
        with monkeypatch.context() as m:
            m.setenv(name, value)
            user = Answers("y")
            guardrail.Guardrail(ask=user, approved=set(ALLOWLIST)).check("ls")
            assert user.asked[0][1] == [], name


def test_a_program_inside_the_project_makes_its_name_ask(tmp_path, tmp_path_factory, monkeypatch):
    project, bin_ = tmp_path / "project", tmp_path / "project" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "cat").write_text("#!/bin/sh\n")
    (bin_ / "cat").chmod(0o755)
    (bin_ / "head").symlink_to(sys.executable)  # head would start python
    (tmp_path / "link").symlink_to(bin_)  # a PATH entry outside, leading inside
    monkeypatch.chdir(project)
    for entry in (bin_, tmp_path / "link"):
        monkeypatch.setenv("PATH", f"{entry}:/usr/bin:/bin")
        for command in ("cat a", "head a"):
            user = Answers("y")
            g = guardrail.Guardrail(ask=user, approved=set(ALLOWLIST))
            assert g.check(command) is None and user.asked[0][1] == [], (entry, command)
        g = guardrail.Guardrail(ask=Answers(), approved=set(ALLOWLIST))
        assert g.check("ls && echo x") is None  # ls is the system's; echo a builtin
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    assert guardrail.path_problem(("cat", "head", "ls")) == ""  # no longer in the project


# --- the module itself ---
def test_the_builtins_are_those_of_the_bash_here():
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    names = subprocess.run(["bash", "-c", "compgen -b"], capture_output=True, text=True).stdout
    assert set(names.split()) <= guardrail.POLICY.builtins


def test_the_module_stays_small_and_its_functions_short():
    source = (FOLDER / "guardrail.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 400
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef):
            assert node.end_lineno - node.lineno < 50, node.name


def test_analysis_is_fast_enough_to_run_on_every_command():
    start = time.process_time()  # CPU time: the analysis's own cost, whatever the machine's load
    for command, _ in CORPUS:
        guardrail.assess(command)
    assert (time.process_time() - start) / len(CORPUS) < 0.005  # seconds per command
    assert os.environ.get("PATH")
