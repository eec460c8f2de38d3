"""copy-value: "Make the TIMEOUT_SECONDS in client.py the same as the one in server.py."

Two modules each set the same constant to different values, among other settings; the
target also has a longer name that contains the constant's (`MAX_TIMEOUT_SECONDS`) and a
setting that already holds the source's value. Both files must be read: the value comes
from one, the change goes to the other. With parallel tool use the tutor reads both in
one response (agentcourse/tutor/act/families/copy_value.py). Solved when the target's
constant has the source's value, nothing else changed, and the target was read before
the change.
"""

from __future__ import annotations

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import read_before_change, scripted, unchanged_except
from agentcourse.arena.families.words import CONSTANTS, module_name, rng
from agentcourse.course.matrix import writes_at
from agentcourse.tutor.act.families.copy_value import assignment

NAME = "copy-value"
PHRASES = ("Make the {c} in {target} the same as the one in {source}.",
           "Set {c} in {target} to the value {source} uses.",
           "{target} and {source} disagree on {c}: copy {source}'s value into {target}.")


def _value(r) -> str:
    return str(r.randint(2, 90)) if r.random() < 0.7 else f"{r.randint(1, 9)}.{r.randint(1, 9)}"


def _module(title: str, c: str, value: str, others: list[tuple[str, str]]) -> str:
    lines = [f'"""{title} settings."""', ""]
    lines += [f"{name} = {v}" for name, v in others[:2]]
    lines += [f"{c} = {value}"]
    lines += [f"{name} = {v}" for name, v in others[2:]]
    lines += ["", "", "def settings():", "    return {name: value for name, value in globals().items() "
              "if name.isupper()}", ""]
    return "\n".join(lines)


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    c = r.choice(CONSTANTS)
    a = module_name(r)
    b = module_name(r, {a})
    target, source = f"{a}_client.py", f"{b}_server.py"
    if r.random() < 0.5:
        target, source = f"{a}.py", f"{b}.py"
    new = _value(r)
    old = next(v for v in iter(lambda: _value(r), None) if v != new)
    others = [(n, _value(r)) for n in r.sample([x for x in CONSTANTS if x != c], 3)]
    decoys = [(f"MAX_{c}", new), (others[0][0], new), *others[1:]]  # the value, on other names
    files = {target: _module(a.title(), c, old, decoys),
             source: _module(b.title(), c, new, others)}
    request = r.choice(PHRASES).format(c=c, target=target, source=source)
    return Instance(NAME, seed, request, files,
                    {"const": c, "target": target, "source": source, "old": old, "new": new})


def judge(task: Instance, o: Outcome) -> str | None:
    f, target = task.facts, task.facts["target"]
    after = o.after.get(target) or ""
    m = assignment(f["const"]).search(after)
    if m is None:
        return f"{target} no longer sets {f['const']}"
    try:
        same = float(m[1]) == float(f["new"])
    except ValueError:
        same = False
    if not same:
        return f"{f['const']} in {target} is {m[1]}, not {f['new']} as in {f['source']}"
    before, now = task.files[target].split("\n"), after.split("\n")
    if len(before) != len(now) or sum(x != y for x, y in zip(before, now, strict=True)) != 1:
        return f"{target} changed in more places than the {f['const']} line"
    return read_before_change(o, target) or _read_target(o, task) or unchanged_except(o, {target})


def _read_target(o: Outcome, task: Instance) -> str | None:
    """The target's own text (a line the source does not have) was shown before the change:
    the two modules share lines, so a read of the source alone does not count."""
    target, source = task.facts["target"], task.facts["source"]
    added = [line for line in o.after[target].split("\n") if line not in task.files[target].split("\n")]
    k = writes_at(o, [line.strip() for line in added if line.strip()])
    own = [line.strip() for line in task.files[target].split("\n")
           if len(line.strip()) >= 8 and line.strip() not in task.files[source]]
    if not any(line in result for result in o.results[: len(o.calls) if k is None else k] for line in own):
        return f"{target} was changed before its text was read"
    return None


def _copied(task: Instance) -> str:
    f = task.facts
    return task.files[f["target"]].replace(f"\n{f['const']} = {f['old']}\n", f"\n{f['const']} = {f['new']}\n")


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"{f['const']} in {f['target']} is now {f['new']}, as in {f['source']}.",
                    reads=(f["target"], f["source"]), after={**task.files, f["target"]: _copied(task)})


def broken(task: Instance) -> list[Outcome]:
    f, files = task.facts, task.files
    said = f"{f['const']} now matches."
    reverse = {**files, f["source"]: files[f["source"]].replace(f"{f['const']} = {f['new']}",
                                                                f"{f['const']} = {f['old']}")}
    substring = files[f["target"]].replace(f"{f['const']} = {f['old']}", f"{f['const']} = {f['new']}")
    prefixed = substring.replace(f"MAX_{f['const']} = {f['new']}", f"MAX_{f['const']} = {f['old']}")
    return [
        scripted(files, said, reads=(f["target"], f["source"]), after=reverse),  # the wrong way round
        scripted(files, said, reads=(f["target"], f["source"])),  # claimed, not done
        scripted(files, said, reads=(f["source"],), after={**files, f["target"]: _copied(task)}),  # blind
        scripted(files, said, reads=(f["target"], f["source"]),
                 after={**files, f["target"]: prefixed}),  # the longer name changed as well
    ]


FAMILY = Family(
    name=NAME,
    probes="Copy one constant's value from one module into another: both files must be read.",
    rewards="parallel tool use: both reads in one response",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
