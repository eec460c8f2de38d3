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
# What the tutor does with deferred tools and the tool search tool, one row per situation
# (docs/TUTOR-SCRIPT.md's generated table): (the request, what the tutor answers). Its
# source: https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
TOOL_SEARCH_ROWS = (
    ("tools marked `defer_loading: true`, no tool search tool",
     "they are out of the model's sight: no task and no request's words ever call one, until a "
     "client search tool's `tool_result` holds a `tool_reference` to it (then it is loaded)"),
    ("every tool deferred",
     "400 `invalid_request_error`: \"All tools have defer_loading set. At least one tool must be non-deferred.\""),
    ("`tool_search_tool_regex_20251119` offered, and the request names a deferred tool's job "
     "(a word of its name, as for any offered tool)",
     "one response: `server_tool_use` (`{\"query\": \"(?i)<the word>\"}`), `tool_search_tool_result` "
     "(a `tool_search_tool_search_result` with a `tool_reference` for each deferred tool whose name, "
     "description, argument names or descriptions `re.search` matches, at most 5), then the "
     "`tool_use` of the tool found; `stop_reason` `tool_use`"),
    ("`tool_search_tool_bm25_20251119` offered, likewise",
     "the same blocks; the query is the word, and the deferred tools are ranked by the query's words "
     "(rarer words count more, repeats less), at most 5"),
    ("the search finds nothing",
     "the two blocks, then \"I searched the deferred tools for what this request needs and found none "
     "that fits.\" (`end_turn`)"),
    ("a regex over 200 characters, or one that does not compile",
     "a `tool_search_tool_result_error` with `error_code` `invalid_tool_input`"),
    ("a tool loaded earlier in the conversation",
     "called directly, with no search; at most one search per turn"),
    ("the history passed back",
     "`server_tool_use` and `tool_search_tool_result` blocks accepted as they came, streamed or not"),
    ("`count_tokens` and `usage`",
     "a deferred definition is not counted until a `tool_reference` loads it; then it counts where "
     "the reference stands"),
    ("tools of MCP servers (`mcp__<server>__<tool>`)",
     "tools like any others: `mcp` is not a word of a tool's job, the server's name is"),
)
