"""The API's tool types the tutor knows by type rather than by schema: data only.

    from agentcourse.tutor.understand.tool_types import TYPED_TOOLS, UNUSED_TOOLS

The validator checks their fixed names (speak/validate.py); the tutor's moves read them to
know which offered tools it may call (act/toolbox.py) and which it never calls offline.
"""

# Anthropic-defined client tools: no input_schema, a fixed name per type.
TYPED_TOOLS = {
    "text_editor_20250728": "str_replace_based_edit_tool",
    "text_editor_20250429": "str_replace_based_edit_tool",
    "text_editor_20250124": "str_replace_editor",
    "bash_20250124": "bash",
}
# Tools the tutor accepts and never calls (docs: "Tool reference"): the server tools,
# which run on Anthropic's side (web search, web fetch, code execution), and the memory
# client tool. A model may always decide not to use a tool; offline, the
# tutor cannot search or run code, so it never does. Type -> the fixed name.
UNUSED_TOOLS = {
    **dict.fromkeys(("web_search_20250305", "web_search_20260209", "web_search_20260318"), "web_search"),
    **dict.fromkeys(
        ("web_fetch_20250910", "web_fetch_20260209", "web_fetch_20260309", "web_fetch_20260318"), "web_fetch"
    ),
    **dict.fromkeys(
        ("code_execution_20250522", "code_execution_20250825", "code_execution_20260120",
         "code_execution_20260521"),
        "code_execution",
    ),
    "memory_20250818": "memory",
}
# The tool search tool, a server tool the tutor does run: over the request's deferred tools
# (act/tool_search.py). Type -> the fixed name.
SEARCH_TOOLS = {
    "tool_search_tool_regex_20251119": "tool_search_tool_regex",
    "tool_search_tool_bm25_20251119": "tool_search_tool_bm25",
}
