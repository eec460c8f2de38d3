"""What the lab notebooks call: a scratch project, a call-limited client, the reference
agent and the prompt matrix run row by row.

Every lab's setup cell imports this module (solutions/CONVENTIONS.md), so it stays light:

    from agentcourse.course import nbtools

    with nbtools.project() as root:                      # a fresh copy of the sample project
        client = nbtools.limited(anthropic.Anthropic(), calls=12, faults={2: 429})
        nbtools.matrix_report(SYSTEM_PROMPT, TOOLS, client)

Reading, building and running notebooks are elsewhere: agentcourse/course/nbfile.py,
nbbuild.py and nbrun.py.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentcourse.api.outcome import outcome, snapshot, tool_calls
from agentcourse.api.protocol import to_plain
from agentcourse.course.matrix import ROWS


@contextlib.contextmanager
def project() -> Iterator[Path]:
    """A fresh copy of the sample project as the working directory; restored afterwards."""
    from agentcourse.projects.sample import copy_sample_project

    before = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lab-project-") as tmp:
        root = copy_sample_project(Path(tmp) / "project")
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(before)


# ---------------------------------------------------------------- the tutor, and the judge

# Set by the judge (agentcourse/grading/judge/process.py) in its own process: its namespace,
# how a name is rebound in the student's kernel, and the class its channel raises when the
# cell's time ran out ("silent"), which a check that catches a call's errors lets through.
JUDGE: dict[str, Any] = {}
ROLE = "AGENTCOURSE_JUDGE_ROLE"  # "kernel" in a graded kernel, "judge" in the judge
TUTOR_SOCKET = "AGENTCOURSE_TUTOR_SOCKET"  # where the judge's tutor listens for the kernel
_TUTOR_URL: list[str] = []


@contextlib.contextmanager
def tutor(config: Any = None) -> Iterator[str]:
    """A lab's tutor model; yields its base URL. In a notebook, the tutor runs in this
    process. When a lab is graded by the judge, it runs beside the judge, which reads its
    record; the kernel reaches it through a socket, and a relay here yields a URL for it."""
    from agentcourse.tutor import serve
    from agentcourse.tutor.speak import relay

    role, socket_path = os.environ.get(ROLE), os.environ.get(TUTOR_SOCKET)
    with contextlib.ExitStack() as stack:
        if role == "kernel" and socket_path:
            url = stack.enter_context(relay.tcp_to_unix(socket_path))
        else:
            url = stack.enter_context(serve(config))
            if role == "judge" and socket_path:
                stack.enter_context(relay.unix_to_tcp(socket_path, int(url.rsplit(":", 1)[1].split("/")[0])))
        _TUTOR_URL.append(url)
        try:
            yield url
        finally:
            _TUTOR_URL.remove(url)


def tutor_url() -> str:
    """The base URL of the tutor this notebook started last (nbtools.tutor)."""
    if not _TUTOR_URL:
        raise RuntimeError("no tutor model is running: run the setup cell first")
    return _TUTOR_URL[-1]


@contextlib.contextmanager
def bound(namespace: dict, **values: Any) -> Iterator[None]:
    """Bind names in the notebook's namespace while a check calls the student's code (a
    recording dispatch_tool, say), then put the old ones back. Under the judge, the next
    call of a student's function carries them to the kernel in the same message as its
    arguments, so an object both share stays one object there. A dict bound over a dict is
    changed in place (and put back), so code holding the table by another name sees it."""
    if JUDGE.get("namespace") is namespace:
        JUDGE["pending"] = values
        try:
            yield
        finally:
            JUDGE.pop("pending", None)
        return
    before = {name: namespace[name] for name in values if name in namespace}
    in_place = {name: dict(before[name]) for name in values
                if type(before.get(name)) is dict and type(values[name]) is dict}
    for name, value in values.items():
        if name in in_place:  # a table changed where it is, so code holding it by another name sees it too
            namespace[name].clear()
            namespace[name].update(value)
        else:
            namespace[name] = value
    try:
        yield
    finally:
        for name in values:
            if name in in_place:
                before[name].clear()
                before[name].update(in_place[name])
                namespace[name] = before[name]
            elif name in before:
                namespace[name] = before[name]
            else:
                namespace.pop(name, None)


class TooManyCalls(RuntimeError):
    """A loop made more API calls than the test allows (it probably never stops)."""


CTRL_C = "ctrl-c"  # a fault the client raises itself: Ctrl-C while the model is thinking


class _LimitedMessages:
    def __init__(self, messages: Any, calls: int, faults: dict[int, int | str]) -> None:
        self._messages, self.left, self.faults = messages, calls, dict(faults)
        self.sent: list[dict] = []  # what each call asked for: max_tokens, message count, fault

    def create(self, **kwargs: Any) -> Any:
        if self.left <= 0:
            raise TooManyCalls("the loop kept calling the API: does it stop on end_turn?")
        self.left -= 1
        fault = self.faults.get(len(self.sent) + 1)
        if fault is None and self.sent and isinstance(self.sent[-1]["fault"], int):
            fault = self.sent[-1]["fault"]  # an API that answers 429 stays down: retries fail too
        self.sent.append({"max_tokens": kwargs.get("max_tokens"), "fault": fault,
                          "messages": len(kwargs.get("messages") or [])})
        if fault == CTRL_C:
            raise KeyboardInterrupt("Ctrl-C while waiting for the model (raised by the test)")
        if fault is not None:
            # The tutor model injects the fault; every retry the SDK makes carries the
            # same header, so a 429 here is one that outlasts the SDK's retries.
            kwargs["extra_headers"] = {**(kwargs.get("extra_headers") or {}), "x-tutor-fault": str(fault)}
        return self._messages.create(**kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_messages":  # a copy being rebuilt has no _messages yet
            raise AttributeError(name)
        return getattr(self._messages, name)


class _LimitedClient:
    def __init__(self, client: Any, calls: int, faults: dict[int, int | str]) -> None:
        self._client = client
        self.messages = _LimitedMessages(client.messages, calls, faults)

    @property
    def sent(self) -> list[dict]:
        """One entry per `messages.create` call: its max_tokens, message count and fault."""
        return self.messages.sent

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_client":  # a copy being rebuilt has no _client yet
            raise AttributeError(name)
        return getattr(self._client, name)


def limited(client: Any, calls: int = 12, faults: dict[int, int | str] | None = None) -> Any:
    """The same client, but `messages.create` raises TooManyCalls after `calls` calls.

    `faults` maps a call number (1 = the first call) to a fault: a tutor fault name or
    status ("max_tokens_in_tool_use", "pause_turn", 429, 529, 500, ...: docs/TUTOR.md), or
    CTRL_C, which raises KeyboardInterrupt instead of calling. A named fault hits that call
    only; a status lasts, as an API that stays down: that call and every later one get it
    (and every retry the SDK makes, since each carries the same header)."""
    return _LimitedClient(client, calls, faults or {})


def raising_on_call(function: Callable[..., Any], call: int, error: BaseException) -> Callable[..., Any]:
    """`function`, except that its `call`-th call (1 = the first) raises `error` instead
    of running: a tool that crashes, or a Ctrl-C that lands while a tool runs."""
    count = 0

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        if count == call:
            raise error
        return function(*args, **kwargs)

    return wrapper


# The labs keep the model their checks were written against: their tasks read replies
# without thinking blocks, which today's default (the checkpoints') opens every reply with.
LAB_MODEL = "claude-sonnet-4-6"


def reference_agent() -> Any:
    """A fresh copy of checkpoint 01's program: the course's prompt, tools and loop, on the
    labs' model (LAB_MODEL) rather than the checkpoint's default."""
    from agentcourse.paths import checkpoint_program, find_checkpoint, load_program

    path = checkpoint_program(find_checkpoint("01"))
    agent = load_program(path, name=f"reference_agent_{id(object())}")
    agent.MODEL = LAB_MODEL
    return agent


@dataclass
class RowRun:
    """One prompt-matrix row run once: the judge's verdict and what the agent did."""

    reason: str | None  # None: the row passed; else the judge's one-line reason
    calls: list[tuple[str, dict]]  # the tool calls, in order
    reply: str  # the final text the agent gave the user
    errors: list[str] = field(default_factory=list)  # tool results that began "Error:"


def tool_errors(messages: list) -> list[str]:
    """The text of every tool_result in the conversation that reports an error."""
    found = []
    for message in to_plain(messages):
        if message.get("role") == "user" and isinstance(message.get("content"), list):
            for block in message["content"]:
                text = str(block.get("content", "")) if block.get("type") == "tool_result" else ""
                if block.get("is_error") or text.startswith("Error"):
                    found.append(text)
    return found


def run_row(row: Any, system_prompt: str, tools: list, client: Any) -> RowRun:
    """Run one prompt-matrix row with checkpoint 01's loop and tools but the given prompt
    and schemas, in a fresh copy of the sample project."""
    agent = reference_agent()
    agent.SYSTEM_PROMPT, agent.TOOLS = system_prompt, tools
    with project() as root:
        messages: list = [{"role": "user", "content": row.prompt}]
        before = snapshot(root)
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                agent.run_turn(limited(client, 10), messages)
            except Exception as err:  # a 400 from a bad schema is a failed row, not a crash
                return RowRun(f"the turn failed: {api_message(err)}", tool_calls(messages), "",
                              tool_errors(messages))
        done = outcome(messages, 0, before, snapshot(root))
    return RowRun(row.judge(done), done.calls, done.reply, tool_errors(messages))


def run_matrix_row(row: Any, system_prompt: str, tools: list, client: Any) -> str | None:
    """None when the row passes with this prompt and these schemas, else the judge's reason."""
    return run_row(row, system_prompt, tools, client).reason


def api_message(err: BaseException) -> str:
    """An exception as one line; for an API error, the API's own message without the SDK's
    wrapping ("Error code: 400 - {'type': 'error', ...}")."""
    body = getattr(err, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            status = getattr(err, "status_code", "")
            return f"{type(err).__name__} {status}: {inner['message']}".replace(" :", ":")
    return f"{type(err).__name__}: {err}"


_STATUS_ERROR = re.compile(r"Error code: (\d+) - (\{.*\})\s*$", re.S)
# Newer SDKs word it "400 <message> (request_id: ..., path: ..., type: ...)".
_STATUS_LINE = re.compile(r"(\d{3}) (.+?) \(request_id: [^()]*\)\s*$", re.S)


def api_error_text(ename: str, evalue: str) -> str:
    """An error as a notebook records it (name, value), in one line; for an API error the
    API's own message, as `api_message` words it, without the SDK's wrapping."""
    match = _STATUS_ERROR.match(evalue.strip())
    if match:
        try:
            body = ast.literal_eval(match.group(2))  # the SDK prints the body as a Python dict
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            body = None
        inner = body.get("error", body) if isinstance(body, dict) else None
        if isinstance(inner, dict) and inner.get("message"):
            return f"{ename} {match.group(1)}: {inner['message']}"
    line = _STATUS_LINE.fullmatch(evalue.strip())
    if line:
        return f"{ename} {line.group(1)}: {line.group(2).splitlines()[0]}"
    lines = evalue.strip().splitlines()
    return f"{ename}: {lines[0]}" if lines else ename


def _call_text(name: str, args: dict) -> str:
    shown = ", ".join(f"{k}={v!r}" if len(repr(v)) <= 30 else f"{k}={repr(v)[:27]}...'"
                      for k, v in args.items())
    return f"{name}({shown})"


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def rule_notes(row_name: str, system_prompt: Any, tools: Any) -> list[str]:
    """How the tutor model read the prompt for the rules behind one matrix row: which it
    found (and where), which it missed (and the sentence at fault), and the look-alikes it
    did not count. What the tutor sees is what decides its behaviour, so this is the
    evidence behind a FAIL. Empty for a row no failure mode belongs to."""
    from agentcourse.tutor.understand import failure_modes, rules

    modes = {m.id for m in failure_modes.FAILURE_MODES if f"the {row_name} row" in m.triggers_on}
    try:
        findings = [f for f in rules.explain(system_prompt, tools) if f.mode in modes]
    except Exception:  # noqa: BLE001 - a prompt the reader cannot take gets no notes, not a crash
        return []
    lines = []
    for finding in findings:
        if finding.found:
            lines.append(f"found {finding.mode}: {finding.where}: {_short(finding.sentence)}")
        else:
            at = f" ({finding.where}: {_short(finding.sentence)})" if finding.sentence else ""
            lines.append(f"missing {finding.mode}: {finding.why}{at}")
        seen = {finding.sentence}
        for mention in finding.ignored:
            if mention.sentence not in seen:
                seen.add(mention.sentence)
                lines.append(f"  did not count: {mention.where}: {_short(mention.sentence, 70)}: {mention.why}")
    return lines


def matrix_report(system_prompt: str, tools: list, client: Any, rows: Any = None) -> dict[str, str | None]:
    """Every matrix row run once; prints, per row, PASS or FAIL, the judge's reason, the
    tool calls the agent made, the start of its reply and, for a failing row, how the tutor
    read the prompt's rules for it (`rule_notes`). Returns {row name: reason}."""
    results = {}
    for row in rows or ROWS:
        run = run_row(row, system_prompt, tools, client)
        results[row.name] = run.reason
        print(f"{'PASS' if run.reason is None else 'FAIL'}  {row.name:14} {row.prompt}")
        if run.reason:
            print(f"      why:     {run.reason}")
        print(f"      calls:   {' -> '.join(_call_text(n, a) for n, a in run.calls) or '(none)'}")
        for error in run.errors:
            print(f"      a tool answered: {error[:120]}")
        reply = " ".join(run.reply.split())
        print(f"      reply:   {reply[:150] + '...' if len(reply) > 150 else reply or '(none)'}")
        if run.reason:
            for n, line in enumerate(rule_notes(row.name, system_prompt, tools)):
                print(f"      {'rules:' if n == 0 else '':9}{line}")
    return results
