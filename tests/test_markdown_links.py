"""Every relative link in the repository's Markdown leads somewhere: the file exists, and a
`#fragment` names a heading of the Markdown file it points at (GitHub's anchor rules)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agentcourse.paths import REPO_ROOT

SKIP = {".venv", ".grading", "work", "node_modules", "build", "dist"}  # not the course's own
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")  # [text](target) and ![alt](target)
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def prose(path: Path) -> str:
    """The file without its fenced code blocks: links and headings there are examples."""
    kept, fence = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and line.strip().startswith(fence) and not line.strip(fence[0]):
            fence = None  # a closing fence: the same character, at least as long, nothing else
        elif fence is None:
            kept.append(line)
    return "\n".join(kept)


def markdown_files() -> list[Path]:
    return sorted(
        p for p in REPO_ROOT.rglob("*.md")
        if not SKIP & set(p.relative_to(REPO_ROOT).parts[:-1])
        and not any(part.startswith(".") for part in p.relative_to(REPO_ROOT).parts)
    )


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"`|\*\*|\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = prose(path)
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*$", text, re.M):
        base, n = slug(heading), 0
        while (name := base if n == 0 else f"{base}-{n}") in found:  # repeats get -1, -2 ...
            n += 1
        found.add(name)
    return found


def test_slug_follows_githubs_rules():
    assert slug("Grading: how a submission is confined") == "grading-how-a-submission-is-confined"
    assert slug("`agentcourse grade`, step by step") == "agentcourse-grade-step-by-step"


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_relative_links_resolve(path: Path):
    text = prose(path)
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z+.-]*:", target):  # https:, mailto: ...
            continue
        file_part, _, fragment = target.partition("#")
        linked = (path.parent / file_part) if file_part else path
        if not linked.exists():
            broken.append(f"{target} (no such file)")
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            broken.append(f"{target} (no heading with that anchor)")
    assert not broken, f"{path.relative_to(REPO_ROOT)}: broken links: {broken}"
