"""How much latency does the tutor model add per call, compared with doing nothing at all?

Two loopback servers, the same SDK client settings, the same number of calls:

    baseline  a minimal stdlib HTTP server that returns one fixed Messages API response
    tutor     the tutor model: validation, token estimate, cache simulation, the brain

Calls alternate in small rounds so that both sides see the same machine load. The
difference of the medians is what the tutor costs a learner per call (target: < 5 ms).

Then 50 SDK clients call each server at once (a class on one tutor, or a test suite run
in parallel): the p95 latency of those calls, and a check that every client got the
answer to its own request. Each client's prompt has its own length, so the input_tokens
of a reply tell whose request it answered; a reply that carries another client's count
is a mix-up. The target is zero.
"""

from __future__ import annotations

import json
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import anthropic

from agentcourse.tutor import serve
from agentcourse.tutor.speak import tokens
from bench import progress

CALLS = 300  # per side
ROUND = 10  # calls per side before switching, so drift hits both equally
WARMUP = 20  # per side, not measured (connection setup, imports, first-call caches)
TARGET_MS = 5.0
CLIENTS = 50  # SDK clients calling at once
CALLS_PER_CLIENT = 6  # calls each of them makes, one after another

MODEL = "claude-sonnet-4-6"
SYSTEM = (
    "You are a coding agent working in the user's project folder.\n\n## Available Tools\n"
    "list_files, read_file, edit_file.\n\n## How to Work\n- Read before editing.\n"
    "- Be concise.\n- When in doubt, ask, but only if the request is truly ambiguous.\n\n"
    "## Constraints\n- Never delete files.\n"
)
TOOLS = [
    {
        "name": "list_files",
        "description": "List the files in a folder of the project.",
        "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
    },
    {
        "name": "read_file",
        "description": "Read a file of the project and return its text.",
        "input_schema": {
            "type": "object",
            "properties": {"filename": {"type": "string"}},
            "required": ["filename"],
        },
    },
    {
        "name": "edit_file",
        "description": "Replace old_str with new_str in a file. You must read the file first. "
        "To create a file, set old_str to an empty string.",
        "input_schema": {
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "old_str": {"type": "string"},
                "new_str": {"type": "string"},
            },
            "required": ["path", "old_str", "new_str"],
        },
    },
]
MESSAGES = [{"role": "user", "content": "What does edit_file do?"}]
FIXED_RESPONSE = json.dumps(
    {
        "id": "msg_baseline",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": [{"type": "text", "text": "edit_file replaces one exact string in a file."}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 600, "output_tokens": 12},
    }
).encode()


class _Fixed(BaseHTTPRequestHandler):
    """Reads the request body and answers the same bytes every time: the floor."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", 0)))
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(FIXED_RESPONSE)))
        self.end_headers()
        self.wfile.write(FIXED_RESPONSE)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _BaselineServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # as the tutor: fifty clients connecting at once are all accepted


@contextmanager
def baseline_server():
    server = _BaselineServer(("127.0.0.1", 0), _Fixed)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _one_call(client: anthropic.Anthropic) -> float:
    started = time.perf_counter()
    client.messages.create(model=MODEL, max_tokens=1024, system=SYSTEM, tools=TOOLS, messages=MESSAGES)
    return (time.perf_counter() - started) * 1000


def measure(clients: dict[str, anthropic.Anthropic], calls: int = CALLS) -> dict[str, float]:
    """Median milliseconds per SDK call for each server, same number of calls each."""
    for client in clients.values():
        for _ in range(WARMUP):
            _one_call(client)
    times: dict[str, list[float]] = {name: [] for name in clients}
    with progress() as bar:
        task = bar.add_task("SDK calls, one client (baseline and tutor)", total=2 * calls)
        while len(times["tutor"]) < calls:
            for name, client in clients.items():
                for _ in range(min(ROUND, calls - len(times[name]))):
                    times[name].append(_one_call(client))
                    bar.advance(task)
    return {name: statistics.median(values) for name, values in times.items()}


def _own_request(k: int) -> dict:
    """Client k's request: the same question, padded so that its token count is its own."""
    question = f"What does edit_file do? (client {k:02d}) " + "." * (tokens.CHARS_PER_TOKEN * k)
    return {"model": MODEL, "max_tokens": 1024, "system": SYSTEM, "tools": TOOLS,
            "messages": [{"role": "user", "content": question}]}


def concurrent(url: str, check: bool, bar, task) -> tuple[list[float], int]:
    """CLIENTS clients at once, CALLS_PER_CLIENT calls each: (latencies in ms, mixed-up replies)."""
    start = threading.Barrier(CLIENTS)

    def one_client(k: int) -> tuple[list[float], int]:
        client = anthropic.Anthropic(base_url=url, api_key="bench", max_retries=0, timeout=60)
        request = _own_request(k)
        expected = tokens.input_tokens(request)
        start.wait()
        latencies, wrong = [], 0
        for _ in range(CALLS_PER_CLIENT):
            began = time.perf_counter()
            reply = client.messages.create(**request)
            latencies.append((time.perf_counter() - began) * 1000)
            wrong += check and reply.usage.input_tokens != expected
            bar.advance(task)
        client.close()
        return latencies, wrong

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        results = list(pool.map(one_client, range(CLIENTS)))
    return [ms for latencies, _ in results for ms in latencies], sum(wrong for _, wrong in results)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    with baseline_server() as base_url, serve() as tutor_url:
        clients = {
            "baseline": anthropic.Anthropic(base_url=base_url, api_key="bench", max_retries=0),
            "tutor": anthropic.Anthropic(base_url=tutor_url, api_key="bench", max_retries=0),
        }
        medians = measure(clients)
        with progress() as bar:
            task = bar.add_task(f"{CLIENTS} clients at once (baseline and tutor)", total=2 * CLIENTS * CALLS_PER_CLIENT)
            crowd = {
                "baseline": concurrent(base_url, False, bar, task),
                "tutor": concurrent(tutor_url, True, bar, task),
            }
    base, tutor = medians["baseline"], medians["tutor"]
    print(f"calls per side: {CALLS} (after {WARMUP} warm-up calls each), through the anthropic SDK")
    print(f"median latency, minimal fixed-response server: {base:.2f} ms")
    print(f"median latency, tutor model:                   {tutor:.2f} ms")
    (base_times, _), (tutor_times, mixed) = crowd["baseline"], crowd["tutor"]
    print(f"{CLIENTS} clients at once, {CALLS_PER_CLIENT} calls each: p95 latency {p95(base_times):.1f} ms "
          f"(minimal server) vs {p95(tutor_times):.1f} ms (tutor); "
          f"replies mixed up: {mixed} of {len(tutor_times)}")
    verdict = "within" if tutor - base < TARGET_MS else "OVER"
    print(
        f"tutor/baseline = {tutor / base:.2f}x; the tutor adds {tutor - base:.2f} ms per call "
        f"({verdict} the {TARGET_MS:.0f} ms target)"
    )


if __name__ == "__main__":
    main()
