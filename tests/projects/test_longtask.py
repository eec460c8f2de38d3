"""agentcourse.projects.longtask: the long task's package, the check of its SUMMARY.md, and
`agentcourse run --with-inventory`."""

from __future__ import annotations

import argparse

from agentcourse.course.runner import resolve
from agentcourse.projects import longtask


def test_the_package_is_26_modules_each_read_in_one_call(tmp_path):
    paths = longtask.write_package(tmp_path)
    assert len(paths) == 26 and paths[0] == "inventory/stock.py"
    for path in paths:
        text = (tmp_path / path).read_text()
        assert len(text.splitlines()) < 200 and 14_000 < len(text) < 17_000  # one read_lines call
        assert len(longtask.public_functions(text)) == 8
    assert (tmp_path / "inventory" / "__init__.py").is_file()
    assert longtask.write_package(tmp_path / "again") == paths  # deterministic


def test_summary_problems_name_what_is_wrong(tmp_path):
    longtask.write_package(tmp_path, modules=3)
    assert longtask.summary_problems(tmp_path) == ["SUMMARY.md does not exist"]
    lines = []
    for path in sorted((tmp_path / "inventory").glob("[!_]*.py")):
        funcs = longtask.public_functions(path.read_text())
        lines.append(f"- inventory/{path.name}: defines {', '.join(funcs)}")
    (tmp_path / "SUMMARY.md").write_text("\n".join(lines) + "\n")
    assert longtask.summary_problems(tmp_path) == []
    (tmp_path / "SUMMARY.md").write_text("\n".join(lines[:-1] + [lines[-1].rsplit(",", 1)[0]]) + "\n")
    assert len(problems := longtask.summary_problems(tmp_path)) == 1 and "does not name" in problems[0]
    (tmp_path / "SUMMARY.md").write_text("\n".join(lines + lines[:1]) + "\n")
    assert "2 lines in SUMMARY.md" in longtask.summary_problems(tmp_path)[0]


def test_run_with_inventory_writes_the_package(tmp_path):
    args = argparse.Namespace(checkpoint="06", offline=True, workdir=str(tmp_path), program_args=[],
                              with_config=False, with_inventory=True)
    config = resolve(args)
    assert config.program.name == "agent.py" and config.program.parent.name == "06-context"
    assert (tmp_path / "inventory" / "labels.py").is_file()
