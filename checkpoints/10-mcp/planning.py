"""planning.py (checkpoint 09): a short task list the model keeps and the user sees.

Try it from the repository root: a plan of two steps, one started, as the user sees it.

    python -c "import sys; sys.path.insert(0, 'checkpoints/09-harness'); import planning; \\
p = planning.Plan(); p.update('add', task='read utils.py'); p.update('add', task='add a test'); \\
print(p.update('start', number=1))"

A request of several steps is a black box while it runs: the user sees tool calls, not
where they lead. With a plan tool the model writes the steps down first, then marks each
one started and finished as it goes; every change is printed ("[plan] ..."), and the
plan is shown to the model at the start of every turn, beside its notes, so a compaction
or a long turn cannot lose it. Three actions, nothing else to learn:

  add     a task at the end (at most MAX_TASKS, each one line)
  start   task N is the one in progress (one at a time: a started task stops the last)
  finish  task N is done

The plan lives in memory for the session (a new session starts with none): it is the
turn's to-do list, not the project's. NOTES.md (checkpoint 06) is what outlives a session.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

MAX_TASKS = 12  # a plan is short; more than this is a project, not a turn
MAX_CHARS = 120  # one line per task
MARKS = {"todo": "[ ]", "doing": "[>]", "done": "[x]"}

SCHEMA = {
    "name": "plan",
    "description": (
        "Keep a short plan the user can see. For a request of three or more steps, first "
        "add each step (action 'add' with task), then 'start' a step before working on it "
        "and 'finish' it when it is done (number = the step's number, from 1). One step is "
        "in progress at a time. Skip the plan for a one-step request."),
    "input_schema": {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["add", "start", "finish"],
                       "description": "add a step, start one, or finish one"},
            "task": {"type": "string", "description": "for add: the step, in one short line"},
            "number": {"type": "integer", "description": "for start and finish: the step's number"},
        },
        "required": ["action"],
    },
}


@dataclass
class Task:
    """One step of the plan."""

    text: str  # what the step is, one line
    state: str = "todo"  # "todo", "doing" or "done"


@dataclass
class Plan:
    """The session's plan: its steps in order."""

    tasks: list[Task] = field(default_factory=list)  # in the order they were added

    def update(self, action: object, task: object = None, number: object = None) -> str:
        """Apply one action; the plan as the model and the user see it, or an "Error: ..."."""
        if action == "add":
            if not isinstance(task, str) or not task.strip():
                return "Error: add needs task, one short line"
            if len(self.tasks) >= MAX_TASKS:
                return f"Error: the plan already has {MAX_TASKS} steps; finish some first"
            self.tasks.append(Task(" ".join(task.split())[:MAX_CHARS]))
        elif action in ("start", "finish"):
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.tasks):
                return f"Error: number must be a step's number, 1 to {len(self.tasks)}"
            if action == "start":
                for other in self.tasks:  # one step in progress at a time
                    other.state = "todo" if other.state == "doing" else other.state
            self.tasks[number - 1].state = "doing" if action == "start" else "done"
        else:
            return "Error: action must be add, start or finish"
        return self.text()

    def text(self) -> str:
        """The plan, one numbered line per step with its mark."""
        return "\n".join(f"{i}. {MARKS[t.state]} {t.text}" for i, t in enumerate(self.tasks, 1))

    def layer(self) -> str:
        """The plan as a section of the prompt's memory layer ("" while there is none)."""
        if not self.tasks or all(t.state == "done" for t in self.tasks):
            return ""
        return "## Your plan ([x] done, [>] in progress)\n" + self.text()

    def clear_done(self) -> None:
        """Forget a plan whose every step is done: the next request starts a new one."""
        if self.tasks and all(t.state == "done" for t in self.tasks):
            self.tasks.clear()


def shown(plan_text: str) -> str:
    """What the user sees when the plan changes."""
    return "  [plan]\n" + "\n".join("    " + line for line in plan_text.splitlines())


def tool(the_plan: Plan) -> Callable[..., str]:
    """The plan tool's function over `the_plan`: each change is shown to the user."""

    def plan(action: object = None, task: object = None, number: object = None) -> str:
        output = the_plan.update(action, task, number)
        if not output.startswith("Error:"):
            print(shown(output))
        return output

    return plan
