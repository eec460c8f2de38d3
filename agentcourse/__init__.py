"""agentcourse: the support library and command line of the course.

Build a coding agent from first principles on the Anthropic Messages API.
See docs/ARCHITECTURE.md for the parts and how data flows between them.
"""

__version__ = "0.1.0"

import sys as _sys

# jsonschema, which nbformat loads to read a notebook, compiles an IRI grammar (with Lark)
# at import whenever the optional rfc3987_syntax is installed (jupyter-events asks for it):
# about a second of CPU in every process that reads a notebook, for a string format no
# notebook schema uses. The course's processes skip it; jsonschema then checks no "iri"
# format, which nothing here asks of it.
_sys.modules.setdefault("rfc3987_syntax", None)
