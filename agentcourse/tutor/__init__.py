"""The offline tutor model: a local server that speaks the Anthropic Messages API.

    from agentcourse.tutor import serve
    with serve() as base_url:          # e.g. "http://127.0.0.1:54321"
        client = anthropic.Anthropic(base_url=base_url, api_key="tutor")

Parts: server.py (HTTP, streaming, faults), validate.py (the API's request rules),
tokens.py (token estimate and prompt-cache simulation), brain.py + toolbox.py + script.py
(what the tutor decides to say or call; the script kept as data). See docs/TUTOR.md and
docs/TUTOR-SCRIPT.md.
"""

from agentcourse.tutor.server import TutorConfig, serve

__all__ = ["TutorConfig", "serve"]
