"""The course's MCP server: docs.py's shelf behind three tools, over stdio.

    python -m agentcourse.mcp_server --root .     # what a `.mcp.json` names

It speaks the Model Context Protocol through the official SDK's MCPServer (FastMCP in
the SDK's first version): each tool is a function, its docstring the description the
model reads, its signature the input schema. It needs no network and reads only the
folder it serves; checkpoint 10 starts it inside the same sandbox as its commands. The
tools return text only (structured_output=False): a coding agent reads lines, and the
text is what every MCP client passes on to the model.
"""

from __future__ import annotations

import argparse
import os

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from agentcourse.mcp_server.docs import Shelf

INSTRUCTIONS = ("The project's documentation (Markdown, reStructuredText and text files): "
                "search it before reading code to learn how the project is meant to be used.")


def build(root: str) -> MCPServer:
    """A server whose tools list, search and read the documentation under `root`."""
    shelf = Shelf(root)
    server = MCPServer("agentcourse-docs", instructions=INSTRUCTIONS)

    @server.tool(structured_output=False)
    def list_docs() -> str:
        """List the project's documentation files (Markdown, reStructuredText, text)."""
        return "\n".join(shelf.names()) or "The project has no documentation files."

    @server.tool(structured_output=False)
    def search_docs(query: str) -> str:
        """Search the project's documentation for lines with the query's words; returns
        file:line: text for each hit, best first. Use it to find how something is meant
        to be used before reading the code."""
        return shelf.search(query)

    @server.tool(structured_output=False)
    def read_doc(name: str, start: int = 1) -> str:
        """Read one documentation file (a name list_docs gives), 200 numbered lines from
        line `start`."""
        try:
            return shelf.read(name, start)
        except ValueError as err:  # a ToolError's words reach the client as the tool's error
            raise ToolError(str(err)) from None

    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m agentcourse.mcp_server",
                                     description="Serve a folder's documentation over MCP (stdio).")
    parser.add_argument("--root", default=os.getcwd(), help="the folder served (default: the current one)")
    args = parser.parse_args(argv)
    build(args.root).run("stdio")
