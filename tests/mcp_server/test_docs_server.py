"""The course's MCP server: its shelf of documentation (docs.py), and the server itself
started over stdio and driven through the official SDK's client, as checkpoint 10 does."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from agentcourse.mcp_server import docs
from agentcourse.mcp_server.docs import Shelf


@pytest.fixture
def shelf(tmp_path):
    (tmp_path / "README.md").write_text("# Demo\nInstall with pip.\nRun the tests with pytest.\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "usage.md").write_text("\n".join(f"line {i}" for i in range(1, 451)) + "\npytest\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "notes.md").write_text("pytest, hidden")
    (tmp_path / "main.py").write_text("# pytest in code is not documentation\n")
    return Shelf(str(tmp_path))


def test_only_documentation_outside_hidden_folders_is_listed(shelf):
    assert shelf.names() == ["README.md", "docs/usage.md"]


def test_a_search_ranks_lines_with_more_of_the_words_first(shelf):
    found = shelf.search("run tests pytest").splitlines()
    assert found[0] == "README.md:3: Run the tests with pytest." and "docs/usage.md:451: pytest" in found
    assert shelf.search("nowhere").startswith("No documentation line mentions nowhere")
    assert shelf.search("?").startswith("Error:")


def test_a_read_is_numbered_paged_and_says_where_it_stops(shelf):
    first = shelf.read("docs/usage.md")
    assert first.startswith("docs/usage.md (lines 1-200 of 451):\n1: line 1")
    assert first.endswith("[lines 201-451 not shown: read_doc with start=201]")
    assert shelf.read("docs/usage.md", 401).splitlines()[-1] == "451: pytest"


@pytest.mark.parametrize("name", ["../x.md", "/etc/passwd", "main.py", "missing.md", ""])
def test_a_name_outside_the_shelf_or_not_a_doc_is_refused(shelf, name):
    with pytest.raises(ValueError):
        shelf.read(name)


def test_a_link_out_of_the_folder_is_refused(shelf, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "secret.md"
    outside.write_text("secret")
    (Path(shelf.root) / "link.md").symlink_to(outside)
    assert "link.md" not in shelf.names()
    with pytest.raises(ValueError, match="outside"):
        shelf.read("link.md")


def test_the_hits_are_bounded(tmp_path):
    (tmp_path / "a.md").write_text("word\n" * 100)
    found = Shelf(str(tmp_path)).search("word").splitlines()
    assert len(found) == docs.MAX_HITS + 1 and found[-1].startswith("[80 more lines match")


async def _session_calls(root):
    params = StdioServerParameters(command=sys.executable, args=["-m", "agentcourse.mcp_server", "--root", root])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {t.name: t for t in (await session.list_tools()).tools}
        found = await session.call_tool("search_docs", {"query": "pytest"})
        bad = await session.call_tool("read_doc", {"name": "../secret.md"})
        return tools, found, bad


def test_the_server_answers_over_stdio_through_the_sdk(shelf):
    tools, found, bad = asyncio.run(_session_calls(shelf.root))
    assert set(tools) == {"list_docs", "search_docs", "read_doc"}
    assert tools["search_docs"].input_schema["required"] == ["query"]
    assert not found.is_error and found.content[0].text.startswith("README.md:3:")
    assert bad.is_error and "without .." in bad.content[0].text
