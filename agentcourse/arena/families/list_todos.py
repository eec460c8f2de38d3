"""list-todos: "List every TODO in billing.py." — a reading task judged on the reply.

The module holds three to six `# TODO:` comments among ordinary code, and comments that
look alike but are not TODOs (NOTE, DONE). Solved when the reply names every TODO's text
and no file changed. An agent with a search tool finds them in one call; one that reads
the whole module pays for every line of it. The tutor's move (which also looks through the
whole project when no file is named) is agentcourse/tutor/act/families/list_todos.py; the
reference turn replies with its `todo_reply`.
"""

from __future__ import annotations

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import mentions, scripted, unchanged_except
from agentcourse.arena.families.words import NOUNS, function_name, module_name, rng
from agentcourse.tutor.act.families.list_todos import todo_reply

NAME = "list-todos"
CHORES = ("handle an empty list", "log the failure", "cache the result", "check the units",
          "support negative amounts", "round to cents", "reject duplicate ids",
          "add a timeout", "validate the input", "sort by date", "retry on error",
          "drop the legacy format", "report the skipped rows", "use the config value")
PHRASES = ("List every TODO in {path}.", "Find all the TODO comments in {path} and list them.",
           "What TODOs are left in {path}?")


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path = f"{module_name(r)}.py"
    chores = r.sample(CHORES, r.randint(3, 6))
    decoys = [c for c in CHORES if c not in chores]
    lines, taken, todo_lines = [f'"""{path[:-3].title()} helpers."""', ""], set(), []
    for i in range(len(chores) + 3):
        name = function_name(r, taken)
        taken.add(name)
        noun = r.choice(NOUNS)
        lines += [f"def {name}({noun}_list):"]
        if i < len(chores):
            todo_lines.append(len(lines) + 1)
            lines.append(f"    # TODO: {chores[i]}")
        else:
            lines.append(f"    # {r.choice(('NOTE', 'DONE'))}: {decoys[i - len(chores)]}")
        lines += [f"    return [x for x in {noun}_list if x]", "", ""]
    text = "\n".join(lines).rstrip() + "\n"
    request = r.choice(PHRASES).format(path=path)
    return Instance(NAME, seed, request, {path: text},
                    {"path": path, "todos": chores, "lines": todo_lines,
                     "decoys": decoys[:3]})


def judge(task: Instance, o: Outcome) -> str | None:
    changed = unchanged_except(o, set())
    if changed:
        return changed
    missing = [t for t in task.facts["todos"] if not mentions(o.reply, t)]
    if missing:
        return f"the reply does not list the TODO {missing[0]!r} ({len(missing)} missing)"
    wrong = [d for d in task.facts["decoys"] if mentions(o.reply, d)]
    if wrong:
        return f"the reply lists {wrong[0]!r}, which is a NOTE or DONE comment, not a TODO"
    return None


def reference(task: Instance) -> Outcome:
    found = list(zip(task.facts["lines"], task.facts["todos"], strict=True))
    return scripted(task.files, todo_reply(task.facts["path"], found), reads=(task.facts["path"],))


def broken(task: Instance) -> list[Outcome]:
    path, todos = task.facts["path"], task.facts["todos"]
    found = list(zip(task.facts["lines"], todos, strict=True))
    text = task.files[path]
    cleared = "\n".join(line for line in text.split("\n") if "# TODO" not in line)
    return [
        scripted(task.files, todo_reply(path, found[:-1]), reads=(path,)),  # one missed
        scripted(task.files, f"There are no TODO comments in {path}."),  # answered unread
        scripted(task.files, todo_reply(path, found) + "".join(f"\n- {d}" for d in task.facts["decoys"]),
                 reads=(path,)),  # every comment listed as a TODO
        scripted(task.files, todo_reply(path, found), reads=(path,), after={path: cleared}),  # "fixed"
    ]


FAMILY = Family(
    name=NAME,
    probes="Find every TODO comment in one module and list them; change nothing.",
    rewards="a search tool: one call finds them, where a whole read pays for every line",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
