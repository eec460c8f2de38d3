"""The index of the API features the course teaches: each feature, where it is used, its docs.

The names to look for are not a hand-kept list: they come from the installed `anthropic`
SDK's types (request fields, response and usage fields, content block types, stop reasons,
tool types, context-management edits, beta names) and from the header names its client
code uses. A lecture or checkpoint "uses" a name when it appears as the API spells it:

- a name with `_`, `-` or a digit (`stop_reason`, `bash_20250124`, `anthropic-beta`)
  anywhere in the text;
- a plain word (`system`, `thinking`, `text`) only in code, as the API uses it there:
  `system=`, `"text"`, `.content`, or an inline code span holding just the word.

FEATURES groups the names into the features a learner looks up, each with its page of
Anthropic's documentation. `unindexed()` lists the names the lectures use that no feature
covers; a test keeps it empty, so a lecture that starts teaching a new part of the API
fails until the index has it.
"""

from __future__ import annotations

import re
import sys
import typing
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agentcourse.paths import REPO_ROOT
from agentcourse.site.markdown import chunks, first_heading, github_slug

DOCS = "https://platform.claude.com/docs/en/"
GENERIC = {"id", "type"}  # every object has them; they name no feature


@dataclass(frozen=True)
class Feature:
    """A feature of the API as a learner looks it up."""

    name: str
    names: tuple[str, ...]  # the API's own names for it, as the SDK spells them
    doc: str  # the page of Anthropic's documentation that explains it
    what: str  # one line: what it is for


FEATURES: tuple[Feature, ...] = (
    Feature("The Messages API call", ("model", "messages", "max_tokens", "system", "content", "role",
                                      "stop_sequences", "metadata"),
            DOCS + "api/messages/create",
            "one request: the model, the conversation so far, the system prompt, a cap on output"),
    Feature("Text content blocks", ("text",), DOCS + "build-with-claude/working-with-messages",
            "the model's words, and the user's, as typed blocks in `content`"),
    Feature("Stop reasons", ("stop_reason", "end_turn", "tool_use", "max_tokens", "stop_sequence",
                             "pause_turn", "refusal", "model_context_window_exceeded", "stop_details"),
            DOCS + "build-with-claude/handling-stop-reasons",
            "why the model stopped: the one field the agent loop branches on"),
    Feature("Tool definitions", ("tools", "name", "description", "input_schema", "strict", "custom",
                                 "eager_input_streaming", "defer_loading", "input_examples"),
            DOCS + "agents-and-tools/tool-use/implement-tool-use",
            "a name, a description and a JSON schema per tool; the descriptions are prompts too"),
    Feature("Tool use and tool results", ("tool_use", "tool_result", "tool_use_id", "is_error"),
            DOCS + "agents-and-tools/tool-use/overview",
            "the model asks with a tool_use block; the program answers with a tool_result of the same id"),
    Feature("Tool search", ("tool_search_tool_regex_20251119", "tool_search_tool_bm25_20251119", "tool_search_tool_regex",
                            "server_tool_use", "tool_search_tool_result", "tool_search_tool_search_result",
                            "tool_reference"),
            DOCS + "agents-and-tools/tool-use/tool-search-tool",
            "tools sent with defer_loading stay out of the prompt until the model's search loads them"),
    Feature("tool_choice", ("tool_choice", "disable_parallel_tool_use"),
            DOCS + "agents-and-tools/tool-use/implement-tool-use",
            "letting the model choose, forcing a tool, or forbidding tool calls"),
    Feature("Token usage", ("usage", "input_tokens", "output_tokens"),
            DOCS + "about-claude/pricing",
            "what each call cost, in tokens, as the response reports it"),
    Feature("Token counting", ("count_tokens", "token-counting-2024-11-01"),
            DOCS + "build-with-claude/token-counting",
            "the tokens a request would cost, before sending it"),
    Feature("Prompt caching", ("cache_control", "ephemeral", "ttl", "cache_creation_input_tokens",
                               "cache_read_input_tokens", "cache_creation", "prompt-caching-2024-07-31",
                               "extended-cache-ttl-2025-04-11"),
            DOCS + "build-with-claude/prompt-caching",
            "breakpoints that let the next call read an unchanged prefix at a fraction of the price"),
    Feature("Context editing (beta)", ("context_management", "clear_tool_uses_20250919",
                                       "clear_thinking_20251015", "context-management-2025-06-27"),
            DOCS + "build-with-claude/context-editing",
            "the API clearing old tool results for you, once the prompt passes a threshold"),
    Feature("Compaction (beta)", ("compact_20260112", "compact-2026-01-12", "compact-2026-09-04",
                                  "compaction"),
            DOCS + "build-with-claude/compaction",
            "the API summarising the conversation for you when the window fills"),
    Feature("The text editor tool", ("text_editor_20250728", "text_editor_20250429",
                                     "text_editor_20250124"),
            DOCS + "agents-and-tools/tool-use/text-editor-tool",
            "Anthropic's schema for viewing and editing files; your program runs it"),
    Feature("The bash tool", ("bash_20250124",), DOCS + "agents-and-tools/tool-use/bash-tool",
            "Anthropic's schema for a persistent shell; your program runs it"),
    Feature("Extended and adaptive thinking", ("thinking", "redacted_thinking", "signature", "budget_tokens",
                                               "adaptive", "display", "output_config", "effort"),
            DOCS + "build-with-claude/extended-thinking",
            "the model's reasoning as thinking blocks, how much it thinks (effort) and what it shows"),
    Feature("Streaming", ("stream",), DOCS + "build-with-claude/streaming",
            "the reply as server-sent events while it is written: text, thinking and tool-input deltas"),
    Feature("Errors", ("invalid_request_error", "rate_limit_error", "overloaded_error", "api_error",
                       "retry-after", "retry-after-ms", "x-should-retry", "request-id"),
            DOCS + "api/errors",
            "the API's error types: a 400 for a broken protocol, 429 and 529 that the SDK retries"),
)


# ------------------------------------------------------------------ the SDK's names


def _literals(tp: object) -> set[str]:
    if typing.get_origin(tp) is typing.Literal:
        return {a for a in typing.get_args(tp) if isinstance(a, str)}
    return set().union(*(_literals(a) for a in typing.get_args(tp))) if typing.get_args(tp) else set()


def _members(tp: object) -> list:
    """The classes inside a type: through unions, Annotated, Required, Iterable and lists."""
    if typing.get_origin(tp) is typing.Annotated:
        return _members(typing.get_args(tp)[0])
    if typing.get_args(tp):
        return [m for arg in typing.get_args(tp) for m in _members(arg)]
    return [tp] if isinstance(tp, type) else []


def _fields(cls: type) -> dict[str, object]:
    """A pydantic model's or a TypedDict's fields and their types."""
    if hasattr(cls, "model_fields"):
        return {name: f.annotation for name, f in cls.model_fields.items()}
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


def _type_values(union: object) -> set[str]:
    """The `type` literals of every member of a union of blocks, tools or edits."""
    return set().union(*(_literals(_fields(m).get("type")) for m in _members(union)))


def _header_names() -> set[str]:
    """Header names as the SDK's own code writes them."""
    import anthropic

    found: set[str] = set()
    for path in Path(anthropic.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8", errors="replace")
        found |= {m.lower() for m in re.findall(
            r"""["']((?:anthropic-[a-z-]+|x-api-key|retry-after(?:-ms)?|x-should-retry|request-id))["']""",
            text, re.I)}
    return found


@cache
def sdk_names() -> dict[str, str]:
    """Every API name the index looks for -> what kind of name it is."""
    from anthropic import types
    from anthropic.types import message_create_params as params
    from anthropic.types import shared
    from anthropic.types.beta import BetaContextManagementConfigParam
    from anthropic.types.beta import message_create_params as beta_params

    kinds: list[tuple[str, typing.Iterable[str]]] = [
        ("request field", _fields(params.MessageCreateParamsNonStreaming)),
        ("request field (beta)", _fields(beta_params.MessageCreateParamsNonStreaming)),
        ("tool definition field", _fields(types.ToolParam)),
        ("tool_choice field", _fields(types.ToolChoiceAutoParam)),
        ("response field", _fields(types.Message)),
        ("usage field", _fields(types.Usage)),
        ("content block type", _type_values(types.ContentBlock) | _type_values(types.ContentBlockParam)),
        ("tool result field", _fields(types.ToolResultBlockParam)),
        ("stop reason", _literals(types.StopReason)),
        ("error type", _type_values(shared.ErrorObject)),
        ("tool type", _type_values(types.ToolUnionParam)),
        ("cache control", _literals(_fields(types.CacheControlEphemeralParam)["type"])
         | {"ttl"}),
        ("context-management edit (beta)",
         _type_values(_fields(BetaContextManagementConfigParam)["edits"])),
        ("beta", _literals(types.AnthropicBetaParam)),
        ("header", _header_names()),
        ("endpoint", {"count_tokens"}),
    ]
    names: dict[str, str] = {}
    for kind, found in kinds:
        for name in sorted(found):
            if name not in GENERIC:
                names.setdefault(name, kind)
    return names


# ------------------------------------------------------------------ finding uses


def _distinctive(name: str) -> bool:
    return bool(re.search(r"[_\-\d]", name))


def _alternation(names: list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


@cache
def _matchers() -> tuple[re.Pattern, re.Pattern, re.Pattern, re.Pattern]:
    """Anywhere (distinctive names; headers in any case), in code and in prose (plain words)."""
    names = sdk_names()
    headers = [n for n in names if names[n] == "header"]
    distinct = [n for n in names if _distinctive(n) and n not in headers]
    plain = _alternation([n for n in names if not _distinctive(n)])
    anywhere = re.compile(rf"(?<![\w-])({_alternation(distinct)})(?![\w-])")
    header = re.compile(rf"(?<![\w-])({_alternation(headers)})(?![\w-])", re.I)
    in_code = re.compile(rf"(?<![\w-])({plain})\s*=(?!=)|[\"']({plain})[\"']|\.({plain})\b")
    in_prose = re.compile(rf"`({plain})`")
    return anywhere, header, in_code, in_prose


def uses(text: str, code: bool = False) -> set[str]:
    """The SDK names a Markdown text uses (`code=True`: a source file, all of it code)."""
    anywhere, header, in_code, in_prose = _matchers()
    found = set(anywhere.findall(text)) | {h.lower() for h in header.findall(text)}
    for is_code, run in [(True, text)] if code else chunks(text):
        if not is_code:  # inline code in prose is code too: `system=...`, `"text"`
            found |= set(in_prose.findall(run))
            run = "\n".join(re.findall(r"`([^`\n]+)`", run))
        found |= {name for groups in in_code.findall(run) for name in groups if name}
    return found


@dataclass
class Source:
    """A lecture or checkpoint, the SDK names it uses, and (lectures) where each first appears."""

    path: str  # repository path: lectures/06-1-agent-loop.md, checkpoints/03-real-tools
    title: str
    names: set[str]
    sections: list[tuple[str, set[str]]]  # (heading's anchor, names used under it)


def _lecture(root: Path, path: Path) -> Source:
    text = path.read_text(encoding="utf-8")
    current: list[str] = []
    sections: list[tuple[str, list[str]]] = [("", current)]
    seen: dict[str, int] = {}
    for code, run in chunks(text):
        parts = [run] if code else re.split(r"(?m)^(?=##? )", run)
        for part in parts:
            if not code and part.startswith("#"):
                heading = part.split("\n", 1)[0].lstrip("#").strip()
                slug = github_slug(re.sub(r"`|\*\*", "", heading))
                n = seen[slug] = seen.get(slug, -1) + 1
                sections.append(("" if part.startswith("# ") else (slug if not n else f"{slug}-{n}"), current := []))
            current.append(part)
    found = [(anchor, uses("\n".join(parts))) for anchor, parts in sections]
    title = first_heading(text) or path.stem
    return Source(path.relative_to(root).as_posix(), title, set().union(*(n for _, n in found)), found)


def _sources(root: Path) -> dict[str, list[Source]]:
    lectures = [_lecture(root, p) for p in sorted((root / "lectures").glob("*.md")) if p.name != "README.md"]
    folders = sorted(p for p in (root / "checkpoints").glob("[0-9][0-9]-*") if p.is_dir())
    checkpoints = [Source(f"checkpoints/{f.name}", f.name[:2],
                          set().union(*(uses(p.read_text(encoding="utf-8"), code=True)
                                        for p in sorted(f.glob("*.py")))), [])
                   for f in folders]
    return {"lectures": lectures, "checkpoints": checkpoints}


def unindexed(root: Path = REPO_ROOT) -> dict[str, list[str]]:
    """SDK names the lectures use that no feature of the index covers -> those lectures."""
    covered = {name for feature in FEATURES for name in feature.names}
    missing: dict[str, list[str]] = {}
    for lecture in _sources(root)["lectures"]:
        for name in sorted(lecture.names - covered):
            missing.setdefault(name, []).append(lecture.path)
    return missing


def unused(root: Path = REPO_ROOT) -> list[str]:
    """Features of the index that no lecture and no checkpoint uses."""
    sources = [s for kind in _sources(root).values() for s in kind]
    return [f.name for f in FEATURES if not any(s.names & set(f.names) for s in sources)]


def _taught_in(lecture: Source, names: set[str]) -> str:
    anchor = next((a for a, used in lecture.sections if used & names), "")
    return f"[{lecture.title}]({lecture.path}{'#' + anchor if anchor else ''})"


def page(root: Path = REPO_ROOT) -> str:
    """The index as a Markdown page; its links are relative to the repository's root."""
    sources = _sources(root)
    out = ["# The API features the course teaches", "",
           "Each feature of the Anthropic Messages API that the course uses: the lectures that "
           "teach it (each link goes to the section where it first comes up), the checkpoints "
           "whose code uses it, and Anthropic's page about it. The API names are the API's own, "
           "as the installed `anthropic` SDK spells them; a test fails when a lecture uses one of "
           "the SDK's names that this index lacks.", ""]
    for feature in FEATURES:
        names = set(feature.names)
        lectures = [_taught_in(s, names) for s in sources["lectures"] if s.names & names]
        checkpoints = [f"[{s.title}]({s.path}/)" for s in sources["checkpoints"] if s.names & names]
        out += [f"## {feature.name}", "", f"{feature.what[0].upper()}{feature.what[1:]}. "
                f"[Anthropic's documentation]({feature.doc}).", "",
                "- **API names:** " + ", ".join(f"`{n}`" for n in feature.names),
                "- **Taught in:** " + ("; ".join(lectures) or "no lecture yet"),
                "- **Checkpoints that use it:** " + (", ".join(checkpoints) or "none"), ""]
    return "\n".join(out)
