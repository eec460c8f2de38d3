"""Checkpoint 08's text editor (text_editor.py): the four commands, every bad input as a
clear `Error:` string, backups only for writes that happen, and files kept byte-exact."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentcourse import paths

agent = paths.load_checkpoint("08")
editor = agent.text_editor
NO_MATCH = "Error: No match found for replacement. Please check your text and try again."


def edit(**kwargs) -> str:
    return agent.dispatch_tool("str_replace_based_edit_tool", kwargs)


def backups(root: Path) -> list[Path]:
    folder = root / editor.POLICY.backup_dir
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "code.py").write_text("def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n")
    (tmp_path / "outside.txt").write_text("secret\n")
    monkeypatch.chdir(project)
    return project


# --- view ---
def test_view_numbers_lines_as_the_docs_show(root):
    assert edit(command="view", path="code.py").splitlines()[:2] == [
        "1: def add(a, b):", "2:     return a + b"]


@pytest.mark.parametrize(("view_range", "first", "last"), [([2, 2], 2, 2), ([5, -1], 5, 6), ([1, 6], 1, 6)])
def test_view_range_is_one_based_and_minus_one_means_the_end(root, view_range, first, last):
    lines = edit(command="view", path="code.py", view_range=view_range).splitlines()
    assert lines[0].startswith(f"{first}: ") and lines[-1].startswith(f"{last}: ")
    assert len(lines) == last - first + 1


@pytest.mark.parametrize("view_range", [[0, 2], [7, 7], [3, 9], [4, 2], [-1, 3], [1], "1-3", [1.0, 2], [True, 2]])
def test_view_range_out_of_bounds_or_malformed_is_a_clear_error(root, view_range):
    result = edit(command="view", path="code.py", view_range=view_range)
    assert result.startswith("Error: view_range")
    if isinstance(view_range, list) and len(view_range) == 2 and all(type(n) is int for n in view_range):
        assert "has 6 lines" in result


def test_view_of_a_folder_lists_two_levels_without_hidden_files(root):
    (root / "pkg" / "deep" / "deeper").mkdir(parents=True)
    (root / "pkg" / "mod.py").write_text("x = 1\n")
    (root / "pkg" / "deep" / "deeper" / "far.py").write_text("")
    (root / ".secret").write_text("")
    (root / "__pycache__").mkdir()
    listing = edit(command="view", path=".").splitlines()
    assert listing == ["code.py", "pkg/", "pkg/deep/", "pkg/mod.py"]


def test_view_of_a_big_file_is_cut_to_max_characters_and_says_how_to_see_more(root, monkeypatch):
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_characters=200))
    (root / "big.py").write_text("".join(f"line_{n} = {n}\n" for n in range(1, 101)))
    result = edit(command="view", path="big.py")
    assert len(result) < 400 and result.startswith("1: line_1 = 1")
    assert "were not shown; use view_range" in result and "-100 " in result


def test_one_line_longer_than_max_characters_is_cut_too(root, monkeypatch):
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_characters=200))
    (root / "min.js").write_text("x" * 5000 + "\nsecond\n")
    result = edit(command="view", path="min.js")
    assert result.startswith("1: xxx") and "line 1 is cut at 200 characters" in result
    assert "lines 2-2 were not shown" in result and len(result) < 500


def test_a_file_too_big_to_load_is_refused_with_a_way_out(root, monkeypatch):
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_file_bytes=1000))
    (root / "big.log").write_text("line\n" * 1000)
    for call in ({"command": "view"}, {"command": "str_replace", "old_str": "a", "new_str": "b"}):
        result = edit(path="big.log", **call)
        assert result.startswith("Error: big.log is 5,000 bytes") and "head" in result


def test_the_declared_max_characters_is_the_one_applied():
    assert agent.TOOLS[0]["max_characters"] == editor.POLICY.max_characters


@pytest.mark.parametrize(("name", "data", "says"), [
    ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    ("latin1.txt", "café\n".encode("latin-1"), "not UTF-8"),
])
def test_binary_and_non_utf8_files_are_refused(root, name, data, says):
    (root / name).write_bytes(data)
    for command in ({"command": "view"}, {"command": "str_replace", "old_str": "c", "new_str": "d"},
                    {"command": "insert", "insert_line": 0, "insert_text": "x"}):
        result = edit(path=name, **command)
        assert result.startswith("Error:") and says in result
    assert (root / name).read_bytes() == data and not backups(root)


def test_a_missing_file_is_file_not_found(root):
    assert edit(command="view", path="nope.py") == "Error: File not found: nope.py"


# --- confinement, and why the backup comes last ---
@pytest.mark.parametrize("path", ["../outside.txt", "sub/../../outside.txt", "OUTSIDE", "link.txt", "~/x", ""])
def test_paths_outside_the_project_are_refused_and_leave_no_backup(root, path):
    (root / "link.txt").symlink_to(root.parent / "outside.txt")
    path = str(root.parent / "outside.txt") if path == "OUTSIDE" else path
    for command in ({"command": "view"}, {"command": "create", "file_text": "x"},
                    {"command": "str_replace", "old_str": "secret", "new_str": "gone"},
                    {"command": "insert", "insert_line": 0, "insert_text": "x"}):
        assert edit(path=path, **command).startswith("Error:")
    assert (root.parent / "outside.txt").read_text() == "secret\n"
    assert not backups(root) and not list(root.parent.glob("*.20*"))


def test_an_absolute_path_inside_the_project_is_accepted(root):
    assert edit(command="view", path=str(root / "code.py")).startswith("1: def add")


def test_failed_edits_leave_no_backup(root):
    before = (root / "code.py").read_bytes()
    assert edit(command="str_replace", path="code.py", old_str="nothing like this", new_str="x") == NO_MATCH
    assert edit(command="str_replace", path="code.py", old_str="return", new_str="x").startswith("Error: Found 2 matches")
    assert edit(command="insert", path="code.py", insert_line=99, insert_text="x").startswith("Error:")
    assert (root / "code.py").read_bytes() == before and not backups(root)


def test_each_write_is_preceded_by_a_timestamped_backup_of_the_old_text(root):
    first = (root / "code.py").read_text()
    edit(command="str_replace", path="code.py", old_str="a + b", new_str="b + a")
    second = (root / "code.py").read_text()
    edit(command="insert", path="code.py", insert_line=0, insert_text="# math")
    copies = backups(root)
    assert [c.read_text() for c in copies] == [first, second]
    assert all(c.name.startswith("code.py.2") for c in copies)


def test_a_symlinked_backup_folder_cannot_carry_backups_outside(root):
    (root / editor.POLICY.backup_dir).symlink_to(root.parent)
    result = edit(command="str_replace", path="code.py", old_str="a + b", new_str="b + a")
    assert result.startswith("Error:") and "outside" in result
    assert "a + b" in (root / "code.py").read_text()  # no backup, no write
    assert not list(root.parent.glob("code.py.*"))


# --- create ---
def test_create_makes_folders_and_never_overwrites(root):
    assert edit(command="create", path="a/b/new.py", file_text="x = 1\n").startswith("File created")
    assert (root / "a" / "b" / "new.py").read_text() == "x = 1\n"
    result = edit(command="create", path="code.py", file_text="oops")
    assert result.startswith("Error: code.py already exists")
    assert "def add" in (root / "code.py").read_text() and not backups(root)
    assert edit(command="create", path="x.py").startswith("Error: create needs file_text")


# --- str_replace ---
def test_str_replace_replaces_exactly_one_occurrence(root):
    result = edit(command="str_replace", path="code.py", old_str="return a - b", new_str="return b - a")
    assert result.startswith("Successfully replaced text at exactly one location (line 6")
    assert (root / "code.py").read_text().count("return b - a") == 1


def test_ambiguous_str_replace_reports_the_count_the_docs_way(root):
    (root / "dup.py").write_text("x = 1\nx = 1\nx = 1\n")
    result = edit(command="str_replace", path="dup.py", old_str="x = 1", new_str="x = 2")
    assert result.startswith("Error: Found 3 matches for replacement text. Please provide more "
                             "context to make a unique match.")
    assert "lines 1, 2, 3" in result


def test_overlapping_matches_are_ambiguous_too(root):
    (root / "o.txt").write_text("aaa\n")
    assert edit(command="str_replace", path="o.txt", old_str="aa", new_str="b").startswith("Error: Found 2")


def test_str_replace_without_new_str_deletes_the_text(root):
    edit(command="str_replace", path="code.py", old_str="\n\ndef sub(a, b):\n    return a - b\n", new_str=None)
    assert (root / "code.py").read_text() == "def add(a, b):\n    return a + b\n"


def test_empty_old_str_is_refused(root):
    assert edit(command="str_replace", path="code.py", old_str="", new_str="x").startswith("Error: old_str")


# --- insert ---
def test_insert_after_a_line_and_at_the_top(root):
    edit(command="insert", path="code.py", insert_line=0, insert_text='"""Math."""')
    edit(command="insert", path="code.py", insert_line=3, insert_text="    # adds\n")
    lines = (root / "code.py").read_text().splitlines()
    assert lines[0] == '"""Math."""' and lines[3] == "    # adds"


@pytest.mark.parametrize("line", [7, 100, -1])
def test_insert_past_the_end_or_before_the_start_is_an_error(root, line):
    result = edit(command="insert", path="code.py", insert_line=line, insert_text="x")
    assert result.startswith(f"Error: insert_line {line} is out of bounds: code.py has 6 lines")


@pytest.mark.parametrize("line", ["2", 2.0, True, None])
def test_insert_line_must_be_an_integer(root, line):
    assert edit(command="insert", path="code.py", insert_line=line, insert_text="x").startswith(
        "Error: insert_line must be")


def test_insert_accepts_new_str_as_older_tool_versions_send_it(root):
    assert edit(command="insert", path="code.py", insert_line=0, new_str="# top").startswith("Inserted")


# --- files stay byte-exact ---
@pytest.mark.parametrize(("data", "call", "expected"), [
    (b"a\r\nb\r\nc\r\n", {"command": "str_replace", "old_str": "a\nb", "new_str": "A\nB"}, b"A\r\nB\r\nc\r\n"),
    (b"a\r\nb\r\n", {"command": "insert", "insert_line": 1, "insert_text": "x\ny"}, b"a\r\nx\r\ny\r\nb\r\n"),
    (b"a\nb", {"command": "insert", "insert_line": 2, "insert_text": "c\n"}, b"a\nb\nc"),
    (b"a\nb", {"command": "str_replace", "old_str": "b", "new_str": "B"}, b"a\nB"),
    (b"\xef\xbb\xbfa\nb\n", {"command": "str_replace", "old_str": "a", "new_str": "A"}, b"\xef\xbb\xbfA\nb\n"),
    (b"a\r\nb\nc\r\n", {"command": "str_replace", "old_str": "b\nc", "new_str": "B\nC"}, b"a\r\nB\nC\r\n"),
    (b"a\x0cb\nc\n", {"command": "insert", "insert_line": 1, "insert_text": "x"}, b"a\x0cb\nx\nc\n"),
])
def test_line_endings_bom_and_missing_final_newline_survive_edits(root, data, call, expected):
    (root / "f.txt").write_bytes(data)
    assert not edit(path="f.txt", **call).startswith("Error:")
    assert (root / "f.txt").read_bytes() == expected


def test_a_write_that_fails_midway_leaves_the_file_whole_and_no_temp_files(root, monkeypatch):
    before = (root / "code.py").read_bytes()

    def broken_replace(src, dst, **folders):  # the editor renames within one folder's descriptor
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    result = edit(command="str_replace", path="code.py", old_str="a + b", new_str="b + a")
    assert result == "Error: str_replace_based_edit_tool failed: No space left on device"
    assert (root / "code.py").read_bytes() == before
    assert not [p for p in root.rglob(".tmp-*")]


# --- the tool as a whole ---
@pytest.mark.parametrize("call", [
    {"command": "undo_edit", "path": "code.py"},
    {"command": "view"},
    {"path": "code.py"},
    {"command": "view", "path": "code.py", "colour": "red"},
    {"command": "view", "path": 42},
])
def test_bad_calls_are_error_strings(root, call):
    assert edit(**call).startswith("Error:")


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_permission_denied_is_reported(root):
    (root / "code.py").chmod(0o444)
    root.chmod(0o555)
    try:
        result = edit(command="str_replace", path="code.py", old_str="a + b", new_str="b + a")
    finally:
        root.chmod(0o755)
    assert result.startswith("Error:") and "ermission denied" in result


# --- the edges the mutation run showed (docs/MUTATION.md) ---
@pytest.mark.parametrize(("data", "call", "expected"), [
    (b"a\r\nb\r\n", {"command": "str_replace", "old_str": "a\r\nb", "new_str": "A\r\nB"}, b"A\r\nB\r\n"),
    (b"a\r\nb\r\n", {"command": "insert", "insert_line": 1, "insert_text": "x\r\ny"},
     b"a\r\nx\r\ny\r\nb\r\n"),
    (b"a\nb\nc", {"command": "insert", "insert_line": 3, "insert_text": "dd"}, b"a\nb\nc\ndd"),
    (b"a\nb", {"command": "insert", "insert_line": 0, "insert_text": "x"}, b"x\na\nb"),
])
def test_crlf_sent_by_the_model_and_a_missing_final_newline_are_handled(root, data, call, expected):
    (root / "f.txt").write_bytes(data)
    assert not edit(path="f.txt", **call).startswith("Error:")
    assert (root / "f.txt").read_bytes() == expected


def test_create_fills_an_empty_file_refuses_a_one_byte_one_and_reuses_a_folder(root):
    (root / "empty.py").write_text("")
    assert edit(command="create", path="empty.py", file_text="x = 1\n").startswith("File created")
    (root / "one.py").write_text("\n")
    assert edit(command="create", path="one.py", file_text="x").startswith("Error: one.py already exists")
    assert edit(command="create", path="sub/a.py", file_text="a").startswith("File created")
    assert edit(command="create", path="sub/b.py", file_text="b").startswith("File created")
    assert (root / "sub" / "b.py").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize(("call", "says"), [
    ({"command": "view", "path": 42}, "Error: path must be a non-empty string"),
    ({"command": "view", "path": "a\x00b"}, "Error: path contains a NUL byte"),
    ({"command": "str_replace", "path": "pkg", "old_str": "a", "new_str": "b"},
     "Error: pkg is not a regular file"),
    ({"command": "insert", "path": "code.py", "insert_line": 0, "insert_text": ""},
     "Error: insert needs insert_text"),
])
def test_each_bad_input_gets_its_own_reason(root, call, says):
    (root / "pkg").mkdir()
    assert edit(**call).startswith(says)


@pytest.mark.parametrize(("text", "says"), [("x\ny", "Inserted 2 line(s)"), ("x", "Inserted 1 line(s)")])
def test_insert_counts_the_lines_it_inserted(root, text, says):
    (root / "f.txt").write_bytes(b"a\nb")  # no final newline: the last insert gets none either
    assert edit(command="insert", path="f.txt", insert_line=2, insert_text=text).startswith(says)


def test_the_binary_sniff_reads_exactly_the_first_8192_bytes(root):
    (root / "early.bin").write_bytes(b"a" * 8191 + b"\x00")
    (root / "late.txt").write_bytes(b"a" * 8192 + b"\x00")
    assert "binary" in edit(command="view", path="early.bin")
    assert edit(command="view", path="late.txt").startswith("1: aaa")


def test_a_file_of_exactly_the_size_limit_loads(root, monkeypatch):
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_file_bytes=1000))
    (root / "f.txt").write_text("line\n" * 200)
    assert edit(command="view", path="f.txt").startswith("1: line")


@pytest.mark.parametrize(("limit", "shown"), [(15, 2), (14, 1)])
def test_view_fits_lines_and_their_newlines_into_max_characters_exactly(root, monkeypatch, limit, shown):
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_characters=limit))
    (root / "f.txt").write_text("aaaa\n" * 300)  # "1: aaaa" is 7 characters, 15 with the next
    got = edit(command="view", path="f.txt").split("\n")
    assert got[:shown] == [f"{n}: aaaa" for n in range(1, shown + 1)]
    assert got[shown] == (f"[view shows at most {limit} characters: lines {shown + 1}-300 were not "
                          f"shown; use view_range, e.g. [{shown + 1}, {shown + 200}]]")


def test_a_listing_of_exactly_max_characters_is_not_cut(root, monkeypatch):
    listing = edit(command="view", path=".")
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_characters=len(listing)))
    assert edit(command="view", path=".") == listing


def test_only_folders_whose_name_starts_with_a_dot_are_hidden(root):
    for name in (".git", "v1.", "a"):
        (root / name).mkdir()
    assert edit(command="view", path=".").splitlines() == ["a/", "code.py", "v1./"]


def test_match_lines_count_a_newline_at_the_very_start(root):
    (root / "dup.py").write_text("\nx = 1\nx = 1\n")
    assert "lines 2, 3" in edit(command="str_replace", path="dup.py", old_str="x = 1", new_str="y")
    (root / "one.py").write_text("\nfoo\n")
    assert "(line 2 of one.py)" in edit(command="str_replace", path="one.py", old_str="foo", new_str="bar")


def test_a_sibling_folder_whose_name_starts_with_the_projects_is_outside(root):
    evil = root.parent / (root.name + "-evil")
    evil.mkdir()
    (evil / "secret.txt").write_text("the neighbour's\n")
    result = edit(command="view", path=f"../{evil.name}/secret.txt")
    assert result == f"Error: '../{evil.name}/secret.txt' is outside the project directory; access refused"
    outside = str(root.parent / "outside.txt")
    assert edit(command="view", path=outside) == (
        f"Error: {outside!r} is outside the project directory; access refused")  # as it was given


def test_insert_after_the_last_line_of_a_file_that_ends_in_a_newline(root):
    (root / "f.txt").write_bytes(b"a\nb\n")
    edit(command="insert", path="f.txt", insert_line=2, insert_text="c")
    assert (root / "f.txt").read_bytes() == b"a\nb\nc\n"


def test_a_listing_longer_than_max_characters_says_it_was_cut(root, monkeypatch):
    listing = edit(command="view", path=".")
    monkeypatch.setattr(editor, "POLICY", editor.EditorPolicy(max_characters=len(listing) - 1))
    assert edit(command="view", path=".") == listing[:-1] + "\n[listing cut: view a subfolder]"


def test_create_never_replaces_a_fifo_nor_a_symlink_loop_which_view_does_not_follow(root):
    os.mkfifo(root / "pipe")
    assert edit(command="create", path="pipe", file_text="x").startswith("Error: pipe already exists")
    assert not (root / "pipe").is_file()
    os.symlink("loop", root / "loop")
    assert edit(command="view", path="loop").startswith("Error: loop: loop is a symbolic link")
    assert edit(command="create", path="loop", file_text="x").startswith("Error: loop already exists")
    assert os.readlink(root / "loop") == "loop"
