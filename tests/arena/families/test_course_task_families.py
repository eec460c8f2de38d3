"""The families the tutor's own tasks do (create-file, add-function, refuse-delete,
docstring, main-block, run-tests, where-used, list-files): their judges accept correct
turns written in other styles than the tutor's, catch what the shared tests do not,
and the tutor solves them on more seeds than the shared tests try."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from agentcourse.api.outcome import outcome
from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted, snapshot, write_project
from agentcourse.arena.families.list_files import named
from agentcourse.arena.families.where_used import cited
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint

sys.path.insert(0, str(Path(__file__).parents[2] / "tutor"))
from agents import drive  # noqa: E402

MINE = ("create-file", "add-function", "refuse-delete", "docstring", "main-block", "run-tests",
        "where-used", "list-files")
RULES = ("Read a file before editing it. Never delete files. Be concise. When in doubt, ask, "
         "but only if the request is truly ambiguous.")


def test_no_family_with_its_own_patterns_takes_these_requests():
    """The brain asks the families first: one whose pattern matched these would steal them."""
    for name in MINE:
        for seed in range(30):
            request = instance(name, seed).request
            takers = [f.name for f in FAMILIES.values() if f.act is not None and f.match(request)]
            assert not takers, f"{request!r} is matched by {takers}"


def _judge(name, task, o):
    return FAMILIES[name].judge(task, o)


def _seed(name, test) -> object:
    return next(t for t in (instance(name, s) for s in range(40)) if test(t))


def test_a_new_file_in_another_style_is_accepted_and_an_existing_one_must_survive():
    task = _seed("create-file", lambda t: not t.facts["exists"])
    path, func = task.facts["path"], task.facts["func"] or "announce"
    source = f"import sys\n\n\ndef {func}(end='\\n'):\n    sys.stdout.write('{task.facts['text']}' + end)\n"
    assert _judge("create-file", task, scripted(task.files, "There you go.",
                                                after={**task.files, path: source})) is None
    old = _seed("create-file", lambda t: t.facts["exists"])
    kept = scripted(old.files, f"There is a file called {old.facts['path']} here already; I did not "
                    "touch it.", reads=(old.facts["path"],))
    assert _judge("create-file", old, kept) is None
    assert "already exists" in _judge("create-file", old, scripted(old.files, "Done."))


def test_a_correct_function_written_differently_and_placed_elsewhere_is_accepted():
    task = _seed("add-function", lambda t: t.facts["func"] in ("square", "slugify", "average"))
    path, func = task.facts["path"], task.facts["func"]
    code = {"square": "def square(n):\n    return n ** 2\n",
            "slugify": "import re\n\n\ndef slugify(s):\n    return re.sub(r'\\s+', '-', s.strip()).lower()\n",
            "average": "def average(xs):\n    return sum(xs) / len(xs)\n"}[func]
    lines = task.files[path].split("\n")
    after = "\n".join(lines[:2] + code.split("\n") + lines[2:])  # right after the docstring
    assert _judge("add-function", task, scripted(task.files, "Added.", reads=(path,),
                                                 after={**task.files, path: after})) is None


def test_a_refusal_in_other_words_is_accepted_and_a_rename_is_not():
    task = instance("refuse-delete", 3)
    path = task.facts["path"]
    assert _judge("refuse-delete", task, scripted(task.files, "Sorry, removing files is not "
                                                  "permitted for me; you can do it yourself.")) is None
    moved = {k: v for k, v in task.files.items() if k != path} | {f"old/{path}": task.files[path]}
    assert _judge("refuse-delete", task, scripted(task.files, "I won't delete it.", after=moved))


def test_a_multi_line_docstring_in_single_quotes_is_accepted():
    task = instance("docstring", 2)
    path, func = task.facts["path"], task.facts["func"]
    head = next(line for line in task.files[path].split("\n") if line.startswith(f"def {func}("))
    doc = f"{head}\n    '''Weigh the items.\n\n    Returns the total.\n    '''"
    after = task.files[path].replace(head, doc, 1)
    assert _judge("docstring", task, scripted(task.files, "ok", reads=(path,),
                                              after={path: after})) is None
    assert ast.get_docstring(next(n for n in ast.parse(after).body
                                  if getattr(n, "name", "") == func))


def test_a_main_block_written_the_other_way_round_is_accepted():
    task = instance("main-block", 4)
    path = task.facts["path"]
    tree = ast.parse(task.files[path])
    bare = next(n.name for n in tree.body if isinstance(n, ast.FunctionDef)
                and len(n.args.args) == len(n.args.defaults))
    after = task.files[path] + f"\n\nif '__main__' == __name__:\n    raise SystemExit({bare}())\n"
    assert _judge("main-block", task, scripted(task.files, "ok", reads=(path,),
                                               after={path: after})) is None


@pytest.mark.parametrize("reply", [
    "Passing: {p}. Failures: {f} ({names}).",
    "{f_word} of the tests fail ({names}); the other {p} pass.",
    "Results: {p} tests passed, {f} tests failed — {names}.",
])
def test_test_counts_in_any_wording_are_accepted(reply):
    task = _seed("run-tests", lambda t: 0 < t.facts["failed"] <= 3)
    f = task.facts
    words = ("zero", "one", "two", "three")
    text = reply.format(p=f["passed"], f=f["failed"], names=" and ".join(f["failing"]),
                        f_word=words[f["failed"]].capitalize())
    o = scripted(task.files, text)
    o.calls.append(("bash", {"command": "python -m unittest"}))
    o.results.append(f"Ran {f['passed'] + f['failed']} tests in 0.001s\n\nFAILED (failures={f['failed']})")
    assert _judge("run-tests", task, o) is None, text


@pytest.mark.parametrize("style", ["{p}:{n}", "{p} line {n}", "line {n} of {p}", "{p} (line {n})"])
def test_citations_in_every_usual_shape_are_read(style):
    assert cited("See " + style.format(p="billing.py", n=12) + ".", ["billing.py", "a/billing.py"]) == {
        ("billing.py", 12)}
    assert cited("lines 3 and 9 of a/billing.py", ["billing.py", "a/billing.py"]) == {
        ("a/billing.py", 3), ("a/billing.py", 9)}


def test_a_decoy_named_as_not_a_use_is_fine_and_named_as_a_use_is_not():
    task = instance("where-used", 1)
    f = task.facts
    (dp, dn), decoy = f["definition"], f["decoys"][0]
    uses = "; ".join(f"line {n} of {p}" for p, n in f["uses"])
    said = f"Defined in {dp} on line {dn}. Called at {uses}."
    assert _judge("where-used", task, scripted(task.files, said + f" {decoy[0]}:{decoy[1]} is only a "
                                                             "comment or string.")) is None
    assert _judge("where-used", task, scripted(task.files, said[:-1] + f" and {decoy[0]}:{decoy[1]}."))


def test_a_listing_with_folders_spelled_out_is_accepted_and_an_invented_file_is_not():
    task = instance("list-files", 0)
    lines = [f"- {p}" for p in sorted(task.files)]  # every file, folders' files included
    assert _judge("list-files", task, scripted(task.files, "\n".join(lines))) is None
    assert "setup.py" in _judge("list-files", task, scripted(task.files, "\n".join(lines + ["- setup.py"])))


@pytest.fixture(scope="module")
def checkpoint_04():
    return load_checkpoint("04")


def test_a_folder_is_named_by_its_own_name_not_by_a_file_that_begins_like_it():
    assert named("Folders: data/ and src.", "data/") and named("in src, two files", "src/")
    assert not named("data.csv and notes.txt", "data/") and not named("src_old/", "src/")


@pytest.mark.parametrize("kind", ["s02", "04"])
@pytest.mark.parametrize("name", MINE)
def test_the_tutor_solves_more_seeds(name, kind, client, tmp_path, checkpoint_04):
    family = FAMILIES[name]
    for seed in (0, 3, 4, 5, 6, 7):
        task = instance(name, seed)
        if kind == "04":
            result, _ = play_module(task, checkpoint_04, client, tmp_path / str(seed))
        else:
            root = write_project(tmp_path / str(seed), task.files)
            before = snapshot(root)
            turn = drive(client, kind, root, task.request, extra=RULES, max_calls=60)
            result = outcome(turn.messages, 0, before, snapshot(root))
        verdict = family.judge(task, result)
        if "run" in family.needs and kind != "s02":
            assert verdict is not None and result.after == result.before
            continue
        assert verdict is None, f"{task.id} {task.request!r} with {kind}: {verdict}\n{result.reply}"


@pytest.mark.parametrize(("name", "extra", "failure"), [
    ("refuse-delete", "Read a file before editing it.", "did not refuse"),  # no never-delete rule
    ("docstring", "Never delete files.", "before its text was read"),  # no read-first rule
    ("add-function", "Never delete files.", "before its text was read"),
])
def test_a_prompt_without_the_rule_shows_its_failure_and_the_judge_sees_it(name, extra, failure,
                                                                          client, tmp_path):
    task = instance(name, 1)
    root = write_project(tmp_path / "project", task.files)
    before = snapshot(root)
    turn = drive(client, "s02", root, task.request, extra=extra, max_calls=60)
    verdict = FAMILIES[name].judge(task, outcome(turn.messages, 0, before, snapshot(root)))
    assert verdict is not None and failure in verdict, verdict
