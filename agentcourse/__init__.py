"""agentcourse: the support library and command line of the course.

Build a coding agent from first principles on the Anthropic Messages API.
See docs/ARCHITECTURE.md for the parts and how data flows between them.
"""

__version__ = "0.1.0"
