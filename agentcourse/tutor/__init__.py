"""The offline tutor model: a local server that speaks the Anthropic Messages API.

    from agentcourse.tutor import serve
    with serve() as base_url:          # e.g. "http://127.0.0.1:54321"
        client = anthropic.Anthropic(base_url=base_url, api_key="tutor")

Three layers, each importing only the ones below it:

- speak/: the API's side. The HTTP server (server.py, routes.py, handler.py), the
  request rules (validate.py and its message, block and tool rules), token counts and the
  prompt cache (tokens.py), message threads, batches, models, and reply.py, which shapes
  the brain's decision into the API's message or stream.
- act/: the decisions. brain.py's `respond(request) -> Reply` reads the turn (turn.py),
  asks the intents that read the request (understand/intents.py), most specific first, for
  a task family's move (act/families/) or a task (create_tasks.py, edit_tasks.py,
  read_tasks.py, the context tasks), and picks the next move, using the offered tools
  through toolbox.py.
- understand/: what requests and prompts say. The requests it knows as data (one row each
  in intent_table.py, their words in other languages in request_lexicon.py) and the one
  matcher that reads them (intents.py, slots.py, wording.py); the script as data (tasks.py,
  the failure modes in failure_modes.py, canned text in script.py), the prompt rules
  (rules.py and the modules it reads with), the words of harnesses (harness.py) and the
  typed tools (tool_types.py).

script_doc.py, above all three, writes docs/TUTOR-SCRIPT.md's tables. See docs/TUTOR.md
and docs/TUTOR-SCRIPT.md.
"""

from agentcourse.tutor.speak.config import TutorConfig
from agentcourse.tutor.speak.server import serve

__all__ = ["TutorConfig", "serve"]
