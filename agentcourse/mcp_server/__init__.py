"""The course's own MCP server: a project's documentation, served over stdio.

    python -m agentcourse.mcp_server --root PROJECT

Checkpoint 10's MCP client starts it from a project's `.mcp.json`; docs.py holds what it
does, server.py how it speaks the protocol.
"""
