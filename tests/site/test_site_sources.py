"""What the site is made of, checked without building it: the lectures' self-check questions,
the glossary, the index of API features (and that it follows the installed SDK), the link
rewriting, the checkpoint listings, that a new lecture or docs page needs no code, and the
external link check (against a loopback server: the suite stays offline)."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path

import pytest

from agentcourse.course.excerpts import lecture_files
from agentcourse.paths import REPO_ROOT, find_checkpoint
from agentcourse.site import api_index, linkcheck, pages
from agentcourse.site.build import Stage
from agentcourse.site.markdown import first_heading, github_slug, rewrite_links

NUMBERED = [p for p in lecture_files() if re.match(r"\d\d-\d-", p.name)]


# ------------------------------------------------------------ check your understanding


def _questions(lecture: Path) -> tuple[list[str], list[str]]:
    text = lecture.read_text(encoding="utf-8")
    assert "\n## Check your understanding\n" in text, f"{lecture.name} has no Check your understanding section"
    section = text.split("\n## Check your understanding\n", 1)[1]
    assert "\n## " not in section, f"{lecture.name}: Check your understanding must be the last section"
    questions = re.findall(r"^\*\*\d+\. (.+?)\*\*$", section, re.M | re.S)
    answers = re.findall(r"<details>\n<summary>Answer</summary>\n(.+?)</details>", section, re.S)
    return questions, answers


@pytest.mark.parametrize("lecture", NUMBERED, ids=lambda p: p.stem)
def test_every_lecture_ends_with_three_to_six_questions_answers_folded(lecture):
    questions, answers = _questions(lecture)
    assert 3 <= len(questions) <= 6, f"{lecture.name}: {len(questions)} questions"
    assert len(answers) == len(questions), f"{lecture.name}: every question needs one folded answer"


@pytest.mark.parametrize("lecture", NUMBERED, ids=lambda p: p.stem)
def test_every_answer_points_to_the_section_that_teaches_it(lecture):
    """Each answer links a section of a lecture (test_markdown_links checks the anchor exists)."""
    _, answers = _questions(lecture)
    for answer in answers:
        targets = re.findall(r"\]\(([^)]*#[^)]+)\)", answer)
        assert targets, f"{lecture.name}: an answer points to no section: {answer[:80]!r}"
        assert all(t.startswith("#") or re.match(r"\d\d-\d-[\w-]+\.md#", t) for t in targets), targets


# ------------------------------------------------------------ glossary

REQUIRED_TERMS = ["turn", "step", "stop_reason", "tool_use_id", "prompt cache", "breakpoint", "stub",
                  "compaction", "guardrail", "sandbox", "messages array", "inner loop", "outer loop",
                  "tool result", "layer", "fingerprint", "trace", "sub-agent", "memory file"]


def _glossary() -> dict[str, str]:
    text = (REPO_ROOT / "docs" / "GLOSSARY.md").read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| \*\*(.+?)\*\* \| .+? \| (.+) \|$", text, re.M)}


def test_the_glossary_has_the_course_terms_each_linked_to_where_it_is_taught():
    glossary = _glossary()
    missing = [term for term in REQUIRED_TERMS if term not in glossary]
    assert not missing, f"docs/GLOSSARY.md lacks {missing}"
    for term, taught in glossary.items():
        assert re.search(r"\]\(\.\./(lectures|checkpoints)/[^)]+#[^)]+\)", taught), (
            f"glossary: {term!r} should link the section of a lecture (or a checkpoint's README) that teaches it")
    assert list(glossary) == sorted(glossary, key=str.lower), "keep the glossary in alphabetical order"


# ------------------------------------------------------------ the API index


def test_the_names_come_from_the_installed_sdk():
    import typing

    from anthropic import types

    names = api_index.sdk_names()
    assert set(typing.get_args(types.StopReason)) <= set(names)
    assert {"tool_use", "tool_result", "text", "thinking"} <= set(names)  # content block types
    assert {"bash_20250124", "text_editor_20250728"} <= set(names)  # tool types
    assert {"system", "tools", "tool_choice", "max_tokens", "messages"} <= set(names)  # request fields
    assert {"cache_read_input_tokens", "cache_creation_input_tokens"} <= set(names)  # usage fields
    assert {"anthropic-version", "anthropic-beta", "x-api-key"} <= set(names)  # headers, from the SDK's code
    assert "context-management-2025-06-27" in names and "clear_tool_uses_20250919" in names  # betas


def test_every_api_name_a_lecture_uses_is_in_the_index():
    missing = api_index.unindexed()
    assert not missing, (f"lectures use API names that no feature of agentcourse/site/api_index.py "
                         f"covers: {missing}; add them to a Feature (or a new one, with its docs page)")


def test_every_feature_of_the_index_is_used_somewhere():
    assert not api_index.unused(), "features no lecture or checkpoint uses do not belong in the index"


def test_a_lecture_that_starts_using_a_new_part_of_the_api_fails_the_index(tmp_path):
    (tmp_path / "lectures").mkdir()
    (tmp_path / "lectures" / "09-1-search.md").write_text(
        "# 9.1 Search\n\n## The tool\n\nDeclare it with `web_search_20250305`:\n\n"
        "```python\ntools = [{\"type\": \"web_search_20250305\", \"name\": \"web_search\"}]\n```\n")
    assert api_index.unindexed(tmp_path) == {"web_search_20250305": ["lectures/09-1-search.md"]}


def test_plain_words_count_only_as_the_api_uses_them():
    assert "system" not in api_index.uses("The operating system resolves the path.")
    assert "system" in api_index.uses("Pass `system=SYSTEM_PROMPT` on every call.")
    assert "thinking" in api_index.uses('```python\nblock = {"type": "thinking"}\n```')
    assert "stop_reason" in api_index.uses("The loop reads response.stop_reason and nothing else.")


def test_the_index_page_links_each_lecture_to_the_section_where_a_feature_comes_up():
    text = api_index.page()
    stop = text.split("## Stop reasons", 1)[1].split("\n## ", 1)[0]
    assert "(lectures/06-1-agent-loop.md#" in stop and "platform.claude.com/docs" in stop


# ------------------------------------------------------------ markdown


def test_links_are_rewritten_outside_code_only():
    text = ("See [the loop](../checkpoints/02-stub-agent/) and [`agent.py`](../checkpoints/02-stub-agent/agent.py).\n\n"
            "```markdown\n[example](../nowhere/)\n```\n\nInline `[x](../nowhere/)` stays; "
            "[web](https://example.org/) and [here](#top) too.")
    seen = []

    def resolve(target, fragment, image):
        seen.append(target)
        return {"checkpoints/02-stub-agent": "../checkpoints/02/index.md"}.get(target)

    out = rewrite_links(text, "lectures/06-1-agent-loop.md", resolve)
    assert "[the loop](../checkpoints/02/index.md)" in out
    assert "`agent.py`" in out and "agent.py)" not in out  # no place on the site: text kept, link dropped
    assert "[example](../nowhere/)" in out and "`[x](../nowhere/)`" in out
    assert "[web](https://example.org/)" in out and "[here](#top)" in out
    assert seen == ["checkpoints/02-stub-agent", "checkpoints/02-stub-agent/agent.py"]


def test_anchors_are_githubs():
    assert github_slug("One field decides: stop_reason") == "one-field-decides-stop_reason"
    assert github_slug("Project rules: AGENTS.md") == "project-rules-agentsmd"
    assert github_slug("7.3 Anthropic's tools: a text editor") == "73-anthropics-tools-a-text-editor"
    assert first_heading("```\n# not this\n```\n# 6.1 The `agent` loop\n") == "6.1 The agent loop"


# ------------------------------------------------------------ checkpoint listings


def test_changed_lines_and_ranges():
    assert pages.changed_lines("a\nb\nc\n", "a\nB\nc\nd\n") == [2, 4]
    assert pages.line_ranges([1, 2, 3, 7, 9, 10]) == "1-3 7 9-10"


def test_each_checkpoint_shows_what_is_new_or_changed_and_links_what_it_carries():
    from agentcourse.paths import checkpoint_dirs

    ladder = checkpoint_dirs()
    status = {f"{item.path.parent.name[:2]}/{item.path.name}": item
              for folder in ladder for item in pages.checkpoint_files(folder, ladder)}
    assert status["00/code-agent-v0.py"].status == "first"
    assert status["03/tools.py"].status == "new" and status["03/turns.py"].status == "new"
    assert status["03/agent.py"].status == "changed" and status["03/agent.py"].highlight
    assert status["04/tools.py"].status == "changed"
    assert status["05/tools.py"].status == "carried" and status["05/tools.py"].origin == find_checkpoint("04")
    assert status["08/turns.py"].origin == find_checkpoint("03")


def test_a_lecture_excerpt_says_where_it_comes_from():
    lecture = (REPO_ROOT / "lectures" / "06-1-agent-loop.md").read_text(encoding="utf-8")
    text = pages.excerpt_sources(lecture)
    assert re.search(r"\*From \[`checkpoints/02-stub-agent/agent\.py`\]\(\.\./checkpoints/02-stub-agent/agent\.py\), "
                     r"lines \d+ to \d+\.\*", text)


# ------------------------------------------------------------ new pages need no code


def test_a_new_lecture_or_docs_page_is_picked_up_without_code(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    for name in ("checkpoints", "labs", "notebooks", "README.md"):
        (root / name).symlink_to(REPO_ROOT / name)
    for folder in ("lectures", "docs"):
        (root / folder).mkdir()
        for path in (REPO_ROOT / folder).glob("*.md"):
            (root / folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "lectures" / "00-0-orientation.md").write_text("# Orientation\n\nStart [here](06-1-agent-loop.md).\n")
    (root / "docs" / "CAPSTONE.md").write_text("# The capstone\n\nSee [the glossary](GLOSSARY.md).\n")
    stage = Stage(root)
    stage.collect()
    stage.write(tmp_path / "out")
    nav = repr(stage.nav)
    assert "lectures/00-0-orientation.md" in nav and "docs/CAPSTONE.md" in nav
    written = (tmp_path / "out" / "src" / "lectures" / "00-0-orientation.md").read_text()
    assert "[here](06-1-agent-loop.md)" in written


# ------------------------------------------------------------ make linkcheck


def test_linkcheck_finds_the_external_links_of_the_lectures():
    where = linkcheck.sources()
    assert "https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons" in where
    assert all(url.startswith(("http://", "https://")) for url in where)
    assert linkcheck.external_links("A [link](https://a.example/x). `https://not.this/` and <https://b.example/>.\n"
                                    "```\nhttps://c.example/\n```") == {"https://a.example/x", "https://b.example/"}


class _Answers(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):
        self.send_response({"/ok": 200, "/gone": 404, "/no-head": 405}.get(self.path, 500))
        self.end_headers()

    def do_GET(self):
        self.send_response(200 if self.path == "/no-head" else 404)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_linkcheck_tells_a_live_link_from_a_broken_one():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        check = functools.partial(linkcheck.check, timeout=5)
        assert check(f"{base}/ok#section").ok
        assert check(f"{base}/no-head").ok  # HEAD refused, GET answered
        gone = check(f"{base}/gone")
        assert not gone.ok and gone.status == 404
        assert not check("http://127.0.0.1:9/closed").ok  # nothing listening
    finally:
        httpd.shutdown()
        httpd.server_close()


# ------------------------------------------------------------ CI and publishing


def test_ci_installs_the_browser_before_the_tests():
    script = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert script.index("apt-get install -y -qq chromium") < script.index("make test")


def test_the_workflow_publishes_make_site_to_pages_from_main():
    import yaml

    workflow = yaml.safe_load((REPO_ROOT / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8"))
    assert workflow[True]["push"]["branches"] == ["main"]  # YAML reads the key `on` as True
    steps = workflow["jobs"]["build"]["steps"]
    assert any(step.get("run") == "make site" for step in steps)
    upload = next(step for step in steps if "upload-pages-artifact" in step.get("uses", ""))
    assert upload["with"]["path"] == ".site/html"
    assert "deploy-pages" in workflow["jobs"]["deploy"]["steps"][0]["uses"]


def test_only_files_without_a_page_lose_their_links():
    """A link the site cannot place keeps its text; that must only happen to a file of the
    repository that is not published (a module of the support library), never to a page."""
    stage = Stage()
    stage.collect()
    for page in stage.pages.values():
        stage.rendered(page)
    for target in sorted(stage.dropped):
        path = REPO_ROOT / target
        assert path.exists(), f"a link to {target}, which does not exist"
        assert path.suffix not in (".md", ".ipynb") and not (path / "README.md").is_file(), (
            f"{target} should have a page on the site, but a link to it was dropped")
