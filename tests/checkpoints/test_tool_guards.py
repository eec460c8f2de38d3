"""Every guard in the tools of checkpoints 03-05, pinned one behaviour at a time.

These tests were written against mutation testing (`make mutate`, docs/MUTATION.md): each
one fails when one small change is made to the code it names (a dropped guard, a flipped
comparison, `realpath` swapped for `abspath`, a constant changed), so a guard cannot stop
working without a test noticing. Failures are checked for their reason, not only for the
"Error:" prefix, because a different guard that happens to fire would also say "Error:".
"""

from __future__ import annotations

import codecs
import json
import os
import re
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest

from agentcourse import paths

# Checkpoints 05 to 08 carry tools.py from 04 byte for byte, and 04's shares its guards with
# 03's (test_carried_files.py pins every copy by hash), so each is tested where it is
# written: the shared tools on 03 and 04, search_file and read_lines on 04.
ALL = ["03", "04"]
SEARCHING = ["04"]
CHUNK = 1 << 20  # matching_lines reads files in chunks of this many bytes


@pytest.fixture(scope="module", params=ALL)
def agent(request):
    return paths.load_checkpoint(request.param)


@pytest.fixture(scope="module", params=SEARCHING)
def searcher(request):
    return paths.load_checkpoint(request.param)


@pytest.fixture(scope="module", params=["03"])
def reader(request):
    """Checkpoint 03, the only one with read_file."""
    return paths.load_checkpoint(request.param)


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    """An empty project folder `proj`, made the working directory, inside `tmp_path`."""
    root = tmp_path / "proj"
    root.mkdir()
    monkeypatch.chdir(root)
    return root


def read_whole(agent, path):
    """The file's text through the checkpoint's read tool (read_file, or read_lines 1-200)."""
    if hasattr(agent, "read_file"):
        return agent.read_file(path)
    return agent.read_lines(path, 1, 200)


def reads(agent, path) -> list[tuple[str, dict]]:
    """Every read-like call of the checkpoint, aimed at `path`."""
    if hasattr(agent, "read_file"):
        return [("read_file", {"filename": path})]
    return [("read_lines", {"path": path, "start": 1, "end": 3}),
            ("search_file", {"pattern": "x", "path": path})]


# ----------------------------------------------------------------------------- confinement


def test_sibling_folder_whose_name_starts_with_the_projects_is_outside(agent, root):
    """`proj-evil` starts with `proj`: only `startswith(root + os.sep)` tells them apart."""
    evil = root.parent / "proj-evil"
    evil.mkdir()
    (evil / "secret.txt").write_text("x = 'SECRET'\n")
    (root / "door").symlink_to(evil, target_is_directory=True)
    calls = [("list_files", {"path": "../proj-evil"}),
             ("edit_file", {"path": "../proj-evil/secret.txt", "old_str": "x", "new_str": "y"}),
             ("edit_file", {"path": "../proj-evil/new.py", "old_str": "", "new_str": "y"}),
             ("list_files", {"path": "door"})]
    (root / "leak.txt").symlink_to(evil / "secret.txt")
    calls += reads(agent, "../proj-evil/secret.txt") + reads(agent, "door/secret.txt")
    calls += reads(agent, "leak.txt")
    for name, args in calls:
        result = agent.dispatch_tool(name, args)
        assert "outside the project directory; access refused" in result, (name, args, result)
    if hasattr(agent, "search_file"):  # walking the project must skip the link into proj-evil
        assert agent.search_file("SECRET", ".") == "No lines match 'SECRET' in ."
    assert sorted(p.name for p in evil.iterdir()) == ["secret.txt"]
    assert (evil / "secret.txt").read_text() == "x = 'SECRET'\n"


def test_the_root_itself_is_inside(agent, root):
    (root / "a.py").write_text("a = 1\n")
    assert agent.list_files(".") == "a.py [file]"
    assert agent.list_files("sub/..") == "a.py [file]"
    assert agent.list_files("../proj") == "a.py [file]"


def test_a_symlink_to_a_file_inside_the_root_is_followed(agent, root):
    (root / "real.py").write_text("x = 1\n")
    (root / "alias.py").symlink_to(root / "real.py")
    assert "x = 1" in read_whole(agent, "alias.py")


@pytest.mark.parametrize("path, reason", [
    (7, "path must be a non-empty string"),
    (None, "path must be a non-empty string"),
    ("", "path must be a non-empty string"),
    ("   ", "path must be a non-empty string"),
    ("a\x00b.py", "path contains a NUL byte"),
    ("~/x.py", "use a path relative to the project root"),
    ("/etc/hostname", "use a path relative to the project root"),
    ("../x.py", "outside the project directory; access refused"),
])
def test_each_bad_path_is_refused_for_its_own_reason(agent, root, path, reason):
    for name, args in [("list_files", {"path": path}),
                       ("edit_file", {"path": path, "old_str": "", "new_str": "x"})]:
        result = agent.dispatch_tool(name, args)
        assert result.startswith("Error: ") and reason in result, (name, path, result)


def test_resolve_in_root_returns_the_real_path_inside(agent, root):
    (root / "sub").mkdir()
    assert agent.tools.resolve_in_root("sub/../sub") == str(root.resolve() / "sub")
    assert agent.tools.resolve_in_root(".") == str(root.resolve())


def test_folder_missing_file_and_fifo_are_not_regular_files(agent, root):
    (root / "sub").mkdir()
    os.mkfifo(root / "pipe")
    for path, reason in (("sub", "sub is not a regular file"), ("pipe", "pipe is not a regular file"),
                         ("nope.py", "nope.py does not exist")):
        for name, args in reads(agent, path):
            if name == "search_file" and path == "sub":
                continue  # a folder is what search_file walks
            result = agent.dispatch_tool(name, args)
            assert result == f"Error: {reason}", (name, path, result)


@pytest.mark.timeout(20)
def test_search_file_given_a_fifo_as_its_path_refuses_it_without_hanging(searcher, root):
    """A fifo named directly (not found by walking a folder) would block open() forever."""
    os.mkfifo(root / "pipe")
    assert searcher.search_file("x", "pipe") == "Error: pipe is not a regular file"


def test_search_file_walk_skips_symlinks_out_and_keeps_those_inside(searcher, root):
    outside = root.parent / "outside.txt"
    outside.write_text("needle outside\n")
    (root / "in.txt").write_text("needle inside\n")
    (root / "out_link.txt").symlink_to(outside)
    (root / "in_link.txt").symlink_to(root / "in.txt")
    result = searcher.search_file("needle", ".").splitlines()
    assert result == ["in.txt:1: needle inside", "in.txt:1: needle inside"]  # in_link -> in.txt


def test_search_file_walks_subfolders_in_order_and_skips_hidden_names(searcher, root):
    for rel in ("b/z.txt", "a/y.txt", "x.txt", ".hidden.txt", "c/.git/config", "._d/w.txt"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"needle in {rel}\n")
    result = searcher.search_file("needle", ".").splitlines()
    assert result == ["x.txt:1: needle in x.txt", "a/y.txt:1: needle in a/y.txt",
                      "b/z.txt:1: needle in b/z.txt"]  # a folder's files, then its subfolders


# ----------------------------------------------------------------------------- list_files


def test_list_files_marks_each_entry_dir_or_file_in_sorted_order(agent, root):
    (root / "b.py").write_text("")
    (root / "a_dir").mkdir()
    (root / "c.txt").write_text("")
    assert agent.list_files(".") == "a_dir [dir]\nb.py [file]\nc.txt [file]"
    assert agent.list_files("a_dir") == "a_dir is empty"


def test_list_files_on_a_file_says_it_is_not_a_directory(agent, root):
    (root / "a.py").write_text("")
    assert agent.list_files("a.py") == "Error: a.py is not a directory"


def test_list_files_defaults_to_the_root(agent, root):
    (root / "a.py").write_text("")
    assert agent.list_files() == "a.py [file]"


# ----------------------------------------------------------------------------- edit_file


def test_edit_reports_the_line_where_the_change_starts(agent, root):
    (root / "m.py").write_text("one\ntwo\nthree\nfour\n")
    assert agent.edit_file("m.py", "one", "ONE") == "Edited m.py (at line 1)"
    assert agent.edit_file("m.py", "three\nfour", "3\n4") == "Edited m.py (at line 3)"
    assert (root / "m.py").read_text() == "ONE\ntwo\n3\n4\n"


def test_edit_replaces_only_the_one_match(agent, root):
    (root / "m.py").write_text("a = 1\nb = 1\n")
    assert agent.edit_file("m.py", "a = 1", "a = 2").startswith("Edited")
    assert (root / "m.py").read_text() == "a = 2\nb = 1\n"


def test_edit_failures_say_why(agent, root):
    (root / "m.py").write_text("x = 1\nx = 1\n")
    assert agent.edit_file("m.py", "y", "z") == (
        "Error: old_str was not found in m.py; read the file again and copy the text exactly, "
        "indentation and line breaks included")
    assert agent.edit_file("m.py", "x = 1", "z") == (
        "Error: old_str was found 2 times in m.py; include more of the surrounding lines so "
        "that it matches exactly once")
    assert agent.edit_file("m.py", None, "z") == "Error: old_str and new_str must be strings"
    assert agent.edit_file("m.py", "x", 3) == "Error: old_str and new_str must be strings"
    assert agent.edit_file("gone.py", "x", "y") == "Error: gone.py does not exist"
    assert (root / "m.py").read_text() == "x = 1\nx = 1\n"


def test_create_refuses_a_folder_a_fifo_and_a_dangling_symlink_target(agent, root):
    (root / "sub").mkdir()
    os.mkfifo(root / "pipe")
    assert agent.edit_file("sub", "", "x") == "Error: sub exists and is not a regular file"
    assert agent.edit_file("pipe", "", "x") == "Error: pipe exists and is not a regular file"
    (root / "dangling.py").symlink_to(root / "later.py")
    assert agent.edit_file("dangling.py", "", "x = 1\n").startswith("Created")
    assert (root / "later.py").read_text() == "x = 1\n"  # the link's target, inside the root


def test_a_symlink_loop_is_refused_and_left_as_it_is(agent, root):
    """A link to itself names nothing: reading it finds nothing, creating it must not clobber it."""
    (root / "loop").symlink_to("loop")
    for name, args in reads(agent, "loop"):
        assert agent.dispatch_tool(name, args) == "Error: loop does not exist"
    assert agent.edit_file("loop", "x", "y") == "Error: loop does not exist"
    assert agent.edit_file("loop", "", "y") == "Error: loop exists and is not a regular file"
    assert os.readlink(root / "loop") == "loop"


def test_create_refuses_a_file_with_content_and_names_the_fix(agent, root):
    (root / "full.py").write_text("keep = True\n")
    assert agent.edit_file("full.py", "", "x") == (
        "Error: full.py already exists and is not empty; read it and edit it with a non-empty "
        "old_str instead of creating it again")
    assert (root / "full.py").read_text() == "keep = True\n"


def test_create_refuses_even_a_one_byte_file(agent, root):
    (root / "one.txt").write_text("x")
    assert agent.edit_file("one.txt", "", "y").startswith("Error: one.txt already exists")
    assert (root / "one.txt").read_text() == "x"


def test_create_fills_an_existing_empty_file(agent, root):
    (root / "empty.py").write_text("")
    assert agent.edit_file("empty.py", "", "a = 1\n") == "Created empty.py"
    assert (root / "empty.py").read_text() == "a = 1\n"


def test_an_empty_new_file_can_be_created(agent, root):
    assert agent.edit_file("empty.txt", "", "") == "Created empty.txt"
    assert (root / "empty.txt").read_bytes() == b""
    assert agent.edit_file("deep/er/x.py", "", "") == "Created deep/er/x.py"
    assert (root / "deep" / "er" / "x.py").is_file()


def test_edit_keeps_the_file_permissions(agent, root):
    script = root / "run.sh"
    script.write_text("echo one\n")
    script.chmod(0o750)
    assert agent.edit_file("run.sh", "one", "two").startswith("Edited")
    assert stat.S_IMODE(script.stat().st_mode) == 0o750
    secret = root / "private.cfg"
    secret.write_text("token = 1\n")
    secret.chmod(0o600)
    assert agent.edit_file("private.cfg", "1", "2").startswith("Edited")
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600


def test_a_created_file_is_readable_by_all_and_writable_by_its_owner(agent, root):
    assert agent.edit_file("new.py", "", "x = 1\n") == "Created new.py"
    assert stat.S_IMODE((root / "new.py").stat().st_mode) == 0o644


def test_a_failed_write_leaves_no_temp_file_and_the_old_text(agent, root, monkeypatch):
    (root / "m.py").write_text("a = 1\n")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    assert agent.edit_file("m.py", "a = 1", "a = 2") == "Error: edit_file failed: No space left on device"
    monkeypatch.undo()
    assert [p.name for p in root.iterdir()] == ["m.py"] and (root / "m.py").read_text() == "a = 1\n"


def test_crlf_file_is_edited_in_lf_and_stays_crlf(agent, root):
    (root / "w.py").write_bytes(b"a = 1\r\nb = 2\r\n")
    assert agent.edit_file("w.py", "a = 1\nb = 2", "a = 1\nb = 3") == "Edited w.py (at line 1)"
    assert (root / "w.py").read_bytes() == b"a = 1\r\nb = 3\r\n"
    assert agent.edit_file("w.py", "b = 3\r\n", "b = 4\r\n") == "Edited w.py (at line 2)"
    assert (root / "w.py").read_bytes() == b"a = 1\r\nb = 4\r\n"


def test_a_file_mixing_crlf_and_lf_is_matched_byte_for_byte(agent, root):
    (root / "mix.py").write_bytes(b"a = 1\r\nb = 2\nc = 3\r\n")
    assert agent.edit_file("mix.py", "b = 2\n", "b = 20\n") == "Edited mix.py (at line 2)"
    assert (root / "mix.py").read_bytes() == b"a = 1\r\nb = 20\nc = 3\r\n"
    assert agent.edit_file("mix.py", "a = 1\nb", "x").startswith("Error: old_str was not found")
    assert agent.edit_file("mix.py", "a = 1\r\nb", "a = 1\r\nB") == "Edited mix.py (at line 1)"
    assert (root / "mix.py").read_bytes() == b"a = 1\r\nB = 20\nc = 3\r\n"


def test_edit_keeps_a_bom_and_adds_none(agent, root):
    (root / "bom.py").write_bytes(codecs.BOM_UTF8 + b"x = 1\n")
    (root / "plain.py").write_bytes(b"x = 1\n")
    assert agent.edit_file("bom.py", "x = 1", "x = 2") == "Edited bom.py (at line 1)"
    assert agent.edit_file("plain.py", "x = 1", "x = 2") == "Edited plain.py (at line 1)"
    assert (root / "bom.py").read_bytes() == codecs.BOM_UTF8 + b"x = 2\n"
    assert (root / "plain.py").read_bytes() == b"x = 2\n"


def test_binary_and_non_utf8_files_are_refused_for_what_they_are(agent, root):
    (root / "blob.bin").write_bytes(b"abc\x00def\n")
    (root / "latin.txt").write_bytes("caf\xe9 = 1\n".encode("latin-1"))
    for name, args in reads(agent, "blob.bin"):
        if name != "search_file":  # search_file skips binary files instead
            assert agent.dispatch_tool(name, args) == (
                "Error: blob.bin looks like a binary file; only text files can be read")
    assert agent.edit_file("blob.bin", "abc", "x") == (
        "Error: blob.bin looks like a binary file; only text files can be read")
    assert agent.edit_file("latin.txt", "caf", "x") == (
        "Error: latin.txt is not UTF-8 text; only UTF-8 files can be read")


def test_a_nul_after_the_first_8_kb_does_not_make_a_file_binary(agent, root):
    """Binary means a NUL byte among the first 8,192 bytes, as git and grep judge it."""
    (root / "late.txt").write_bytes(b"x" * 8192 + b"\x00tail\n")
    (root / "edge.txt").write_bytes(b"x" * 8191 + b"\x00tail\n")
    assert "looks like a binary file" not in read_whole(agent, "late.txt")
    assert "looks like a binary file" in read_whole(agent, "edge.txt")
    assert agent.edit_file("late.txt", "tail", "end") == "Edited late.txt (at line 1)"
    assert agent.edit_file("edge.txt", "tail", "end") == (
        "Error: edge.txt looks like a binary file; only text files can be read")


# ----------------------------------------------------------------------------- dispatch and run_tools


def test_dispatch_names_the_tools_when_one_is_unknown(agent):
    names = ", ".join(agent.TOOL_FUNCTIONS)
    assert agent.dispatch_tool("rm", {}) == f"Error: unknown tool 'rm'; the tools are {names}"


def test_dispatch_reports_bad_arguments_and_unexpected_exceptions(agent, monkeypatch):
    bad = agent.dispatch_tool("list_files", {"folder": "."})
    assert bad.startswith("Error: bad arguments for list_files: ") and "folder" in bad

    def broken(path="."):
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(agent.TOOL_FUNCTIONS, "list_files", broken)
    assert agent.dispatch_tool("list_files", {"path": "."}) == "Error: list_files failed: disk on fire"


def test_tool_wrapper_turns_os_errors_into_their_plain_reason(agent, root):
    (root / "locked").mkdir()
    (root / "locked" / "f.py").write_text("x\n")
    (root / "locked").chmod(0)
    try:
        if os.access(root / "locked", os.R_OK):
            pytest.skip("running as a user who can read anything (root)")
        assert agent.list_files("locked") == "Error: list_files failed: Permission denied"
    finally:
        (root / "locked").chmod(0o755)


def test_tool_wrapper_keeps_the_name_and_reports_value_errors(agent, monkeypatch):
    assert agent.edit_file.__name__ == "edit_file" and agent.list_files.__name__ == "list_files"

    @agent.tools.tool
    def strict(x):
        raise ValueError("bad value")

    @agent.tools.tool
    def refuses(x):
        raise agent.tools.ToolError("no thanks")

    assert strict(1) == "Error: strict failed: bad value"
    assert refuses(1) == "Error: no thanks"


def test_run_tools_marks_failures_is_error_and_nothing_else(agent, root, capsys):
    (root / "a.py").write_text("")
    blocks = [SimpleNamespace(type="text", text="Let me look."),
              SimpleNamespace(type="tool_use", id="t1", name="list_files", input={"path": "."}),
              SimpleNamespace(type="tool_use", id="t2", name="list_files", input={"path": "none"})]
    results = agent.run_tools(None, blocks, agent.start_turn([{"role": "user", "content": "x"}]))
    assert results == [
        {"type": "tool_result", "tool_use_id": "t1", "content": "a.py [file]"},
        {"type": "tool_result", "tool_use_id": "t2", "content": "Error: none is not a directory",
         "is_error": True},
    ]
    assert capsys.readouterr().out.count("[tool] list_files") == 2


def test_run_tools_shows_each_call_with_its_input_cut_to_100_characters(agent, root, capsys):
    long = {"path": "x" * 300}
    agent.run_tools(None, [SimpleNamespace(type="tool_use", id="t1", name="list_files", input=long)],
                    agent.start_turn([{"role": "user", "content": "x"}]))
    shown = capsys.readouterr().out.splitlines()[0]
    assert shown == "  [tool] list_files " + json.dumps(long)[:100]


# ----------------------------------------------------------------------------- read_file (03)


def test_read_file_drops_the_bom_of_line_one_only(reader, root):
    (root / "bom.txt").write_bytes(codecs.BOM_UTF8 + "first\n\ufeffsecond\r\n".encode())
    assert reader.read_file("bom.txt") == "first\n\ufeffsecond\n"


def test_read_file_cuts_at_the_byte_cap_and_says_so(reader, root):
    line = "y" * 99 + "\n"  # 100 bytes
    (root / "wide.txt").write_text(line * 1500)  # 150 KB in 1,500 lines: the byte cap cuts first
    text = reader.read_file("wide.txt")
    assert text.startswith(line * 1000) and (line * 1001) not in text
    assert text.endswith("[read_file shows at most 2000 lines / 100 KB: lines 1001-1500 of 1500 "
                         "were cut. This tool cannot show them; work with the part above or tell "
                         "the user the file is too large to read whole.]")


def test_read_file_under_both_caps_is_whole_with_no_notice(reader, root):
    (root / "ok.txt").write_text("z\n" * 2000)  # exactly the line cap
    assert reader.read_file("ok.txt") == "z\n" * 2000
    (root / "exact.txt").write_bytes(b"q" * 99_999 + b"\n")  # exactly the byte cap
    assert reader.read_file("exact.txt") == "q" * 99_999 + "\n"


def test_read_file_cuts_one_line_past_either_cap(reader, root):
    (root / "lines.txt").write_text("z\n" * 2001)
    assert reader.read_file("lines.txt") == "z\n" * 2000 + (
        "\n[read_file shows at most 2000 lines / 100 KB: lines 2001-2001 of 2001 were cut. This "
        "tool cannot show them; work with the part above or tell the user the file is too large "
        "to read whole.]")
    first, second = "a" * 50_000 + "\n", "b" * 49_999 + "\n"  # 100,001 bytes: one too many
    (root / "bytes.txt").write_text(first + second)
    assert reader.read_file("bytes.txt").startswith(first + "\n[read_file shows at most")


def test_read_file_once_cut_keeps_nothing_after_even_short_lines(reader, root):
    """The cut is a prefix: a short line after a line that broke the cap is not shown."""
    (root / "jagged.txt").write_text("start\n" + "w" * 120_000 + "\n" + "tiny\n" * 3)
    text = reader.read_file("jagged.txt")
    assert text.startswith("start\n\n[read_file shows at most") and "tiny" not in text
    assert "lines 2-5 of 5 were cut" in text


def test_read_file_names_the_line_that_is_not_utf8(reader, root):
    (root / "bad.txt").write_bytes(b"ok\nstill ok\n\xff\xfe\n")
    assert reader.read_file("bad.txt") == "Error: bad.txt line 3 is not UTF-8 text"


# ----------------------------------------------------------------------------- search_file (04, 05)


def test_search_pattern_must_be_a_non_empty_regex(searcher, root):
    (root / "a.txt").write_text("x\n")
    for pattern in ("", None, 3):
        assert searcher.search_file(pattern, ".") == (
            "Error: pattern must be a non-empty regular expression")
    assert searcher.search_file("a(", ".").startswith("Error: bad regular expression 'a(': ")


def test_search_reports_no_match_with_the_pattern_and_path(searcher, root):
    (root / "a.txt").write_text("x\n")
    assert searcher.search_file("zzz", ".") == "No lines match 'zzz' in ."
    assert searcher.search_file("zzz", "a.txt") == "No lines match 'zzz' in a.txt"


def test_search_caps_at_exactly_the_limit(searcher, root):
    limit = searcher.tools.SEARCH_MAX_MATCHES
    (root / "exact.txt").write_text("hit\n" * limit)
    result = searcher.search_file("hit", "exact.txt").splitlines()
    assert len(result) == limit and result[-1] == f"exact.txt:{limit}: hit"
    (root / "more.txt").write_text("hit\n" * (limit + 1))
    result = searcher.search_file("hit", "more.txt").splitlines()
    assert result[-1] == (f"[{limit} of {limit + 1} matching lines shown; 1 more were cut. Narrow "
                          "the search: a more specific pattern, or a path to one folder or file.]")


def test_search_counts_matches_in_later_files_after_the_cap(searcher, root):
    limit = searcher.tools.SEARCH_MAX_MATCHES
    (root / "a.txt").write_text("hit\n" * limit)
    (root / "b.txt").write_text("hit\n" * 7)
    result = searcher.search_file("hit", ".").splitlines()
    assert result[-1].startswith(f"[{limit} of {limit + 7} matching lines shown; 7 more were cut.")


def test_search_anchors_mean_line_start_and_end(searcher, root):
    (root / "a.txt").write_text("foo bar\nbar foo\nfoo\n")
    assert searcher.search_file(r"\Afoo", "a.txt").splitlines() == ["a.txt:1: foo bar", "a.txt:3: foo"]
    assert searcher.search_file(r"foo\Z", "a.txt").splitlines() == ["a.txt:2: bar foo", "a.txt:3: foo"]
    assert searcher.search_file("^bar", "a.txt") == "a.txt:2: bar foo"
    assert searcher.search_file("bar$", "a.txt") == "a.txt:1: foo bar"


def test_search_finds_each_matching_line_once_however_many_matches_it_has(searcher, root):
    (root / "a.txt").write_text("aaa\nb\naXa\n")
    assert searcher.search_file("a", "a.txt").splitlines() == ["a.txt:1: aaa", "a.txt:3: aXa"]


def test_search_finds_empty_lines_and_lines_right_after_an_empty_first_line(searcher, root):
    (root / "gaps.txt").write_text("\nneedle\n\nlast\n")
    assert searcher.search_file("^$", "gaps.txt").splitlines() == ["gaps.txt:1: ", "gaps.txt:3: "]
    assert searcher.search_file("needle", "gaps.txt") == "gaps.txt:2: needle"
    assert searcher.search_file("^last$", "gaps.txt") == "gaps.txt:4: last"


def test_search_treats_a_nul_in_the_first_8_kb_as_binary_and_one_after_as_text(searcher, root):
    (root / "edge.txt").write_bytes(b"x" * 8191 + b"\x00 needle\n")
    (root / "late.txt").write_bytes(b"x" * 8192 + b"\x00 needle\n")
    assert searcher.search_file("needle", "edge.txt") == "No lines match 'needle' in edge.txt"
    assert searcher.search_file("needle", "late.txt") == "late.txt:1: " + "x" * 2000 + (
        " [... 6200 more characters]")


def test_search_skips_a_binary_file_but_searches_its_text_neighbours(searcher, root):
    (root / "a.bin").write_bytes(b"needle\x00")
    (root / "b.txt").write_text("needle\n")
    assert searcher.search_file("needle", ".") == "b.txt:1: needle"
    assert searcher.search_file("needle", "a.bin") == "No lines match 'needle' in a.bin"


def test_search_reads_invalid_utf8_as_replacement_characters(searcher, root):
    (root / "l.txt").write_bytes(b"caf\xe9 needle\nok\n")
    assert searcher.search_file("needle", "l.txt") == "l.txt:1: caf\ufffd needle"


def test_search_counts_crlf_lines_like_read_lines(searcher, root):
    (root / "w.txt").write_bytes(b"a\r\nb\r\nneedle\r\n")
    assert searcher.search_file("needle$", "w.txt") == "w.txt:3: needle"
    assert searcher.read_lines("w.txt", 3, 3) == "3: needle"


@pytest.mark.parametrize("where", ["line ends at the boundary", "line starts at the boundary",
                                   "line straddles the boundary", "last line, no newline",
                                   "empty first line, line straddles the boundary"])
def test_line_numbers_stay_right_at_the_exact_chunk_boundary(searcher, root, where):
    """The needle sits exactly where matching_lines cuts the file into 1 MiB chunks."""
    filler = "f" * 63 + "\n"  # 64 bytes: CHUNK is a whole number of these lines
    lines = [filler] * (CHUNK // 64)
    if where == "line ends at the boundary":
        lines[-1] = "needle".ljust(63, ".") + "\n"  # its newline is the chunk's last byte
        lines += [filler] * 3
    elif where == "line starts at the boundary":
        lines += ["needle here\n", filler]
    elif where == "line straddles the boundary":
        lines[-1] = "f" * 40  # no newline: the next line begins 40 bytes before the boundary
        lines += ["needle across " + "x" * 40 + "\n", filler]
    elif where == "last line, no newline":
        lines[-1] = "f" * 63 + "\n"
        lines += ["needle at the very end"]
    else:  # a chunk that starts with a newline must still be extended to its last line's end
        lines[0] = "\n"
        lines[-1] = "f" * 103  # 64 - 1 + 103 - 64 = 39 bytes past where the filler would end
        lines += ["needle across " + "x" * 40 + "\n", filler]
    text = "".join(lines)
    (root / "big.txt").write_text(text)
    numbered = list(enumerate(text.removesuffix("\n").split("\n"), 1))  # as grep numbers them
    for pattern in ("needle", "^needle", r"needle.*\Z", "[a-z]+ .*x+$", "^$"):
        expected = [f"big.txt:{n}: {line}" for n, line in numbered if re.search(pattern, line)]
        expected = expected or [f"No lines match {pattern!r} in big.txt"]
        assert searcher.search_file(pattern, "big.txt").splitlines() == expected, pattern
    (n, line), = [(n, line) for n, line in numbered if "needle" in line]
    assert searcher.read_lines("big.txt", n, n) == f"{n}: {line}"


def test_empty_lines_are_found_and_numbered_as_grep_does_across_chunks(searcher, root):
    """The empty string after a chunk's last newline is not a line: no phantom matches."""
    lines = ["f" * 63] * (2 * CHUNK // 64)
    for n in (4, 19_001, 30_000):
        lines[n - 1] = ""
    (root / "gaps.txt").write_text("\n".join(lines) + "\n")
    assert searcher.search_file("^$", "gaps.txt").splitlines() == [
        "gaps.txt:4: ", "gaps.txt:19001: ", "gaps.txt:30000: "]


def test_matches_in_the_second_chunk_are_numbered_after_all_lines_of_the_first(searcher, root):
    filler = "f" * 63 + "\n"
    text = "needle one\n" + filler * (CHUNK // 64) + "needle two\n" + filler * 5 + "needle three\n"
    (root / "big.txt").write_text(text)
    got = searcher.search_file("needle", "big.txt").splitlines()
    numbers = [n for n, line in enumerate(text.split("\n"), 1) if "needle" in line]
    assert [int(g.split(":")[1]) for g in got] == numbers


# ----------------------------------------------------------------------------- read_lines (04, 05)


def test_read_lines_accepts_numbers_given_as_text(searcher, root):
    (root / "a.txt").write_text("one\ntwo\nthree\n")
    assert searcher.read_lines("a.txt", "2", "3") == "2: two\n3: three"


@pytest.mark.parametrize("start, end, reason", [
    (0, 2, "need 1 <= start <= end, got start=0, end=2"),
    (-1, 2, "need 1 <= start <= end, got start=-1, end=2"),
    (3, 2, "need 1 <= start <= end, got start=3, end=2"),
    ("x", 2, "start and end must be line numbers (whole numbers, 1-based)"),
    (1, None, "start and end must be line numbers (whole numbers, 1-based)"),
])
def test_read_lines_refuses_a_bad_range_for_its_reason(searcher, root, start, end, reason):
    (root / "a.txt").write_text("one\ntwo\nthree\n")
    assert searcher.read_lines("a.txt", start, end) == f"Error: {reason}"


def test_read_lines_on_an_empty_file_says_it_has_0_lines(searcher, root):
    (root / "empty.txt").write_text("")
    assert searcher.read_lines("empty.txt", 1, 5) == "Error: empty.txt has 0 lines; start=1 is past the end"


def test_read_lines_keeps_a_carriage_return_at_the_start_of_a_line(searcher, root):
    (root / "cr.txt").write_bytes(b"\rold mac text\r\n")
    assert searcher.read_lines("cr.txt", 1, 1) == "1: \rold mac text"


def test_read_lines_one_line_range_and_the_last_line(searcher, root):
    (root / "a.txt").write_text("one\ntwo\nthree\n")
    assert searcher.read_lines("a.txt", 2, 2) == "2: two"
    assert searcher.read_lines("a.txt", 3, 3) == "3: three"
    assert searcher.read_lines("a.txt", 3, 4) == "3: three\n[end of file: a.txt has 3 lines]"
    assert searcher.read_lines("a.txt", 4, 4) == "Error: a.txt has 3 lines; start=4 is past the end"


def test_read_lines_cap_is_exact_and_names_the_next_call(searcher, root):
    cap = searcher.tools.READ_LINES_MAX
    (root / "a.txt").write_text("".join(f"r{i}\n" for i in range(1, 3 * cap)))
    exact = searcher.read_lines("a.txt", 1, cap).splitlines()
    assert len(exact) == cap and exact[-1] == f"{cap}: r{cap}"
    over = searcher.read_lines("a.txt", 5, cap + 10).splitlines()
    assert over[-2] == f"{cap + 4}: r{cap + 4}"
    assert over[-1] == (f"[read_lines returns at most {cap} lines: stopped at line {cap + 4}. "
                        f"Call read_lines(start={cap + 5}, end={cap + 10}) for the rest.]")


def test_read_lines_drops_the_bom_of_line_one_only(searcher, root):
    (root / "bom.txt").write_bytes(codecs.BOM_UTF8 + "first\n\ufeffsecond\n".encode())
    assert searcher.read_lines("bom.txt", 1, 2) == "1: first\n2: \ufeffsecond"
    assert searcher.read_lines("bom.txt", 2, 2) == "2: \ufeffsecond"


def test_read_lines_names_the_line_that_is_not_utf8(searcher, root):
    (root / "bad.txt").write_bytes(b"ok\n\xff\xfe\nok\n")
    assert searcher.read_lines("bad.txt", 1, 3) == "Error: bad.txt line 2 is not UTF-8 text"
    assert searcher.read_lines("bad.txt", 3, 3) == "3: ok"  # lines before start are not decoded


def test_a_line_longer_than_the_limit_is_cut_with_the_count(searcher, root):
    limit = searcher.tools.LINE_MAX_CHARS
    (root / "w.txt").write_text("a" * limit + "\n" + "b" * (limit + 7) + "\n")
    assert searcher.read_lines("w.txt", 1, 1) == "1: " + "a" * limit
    assert searcher.read_lines("w.txt", 2, 2) == "2: " + "b" * limit + " [... 7 more characters]"
    assert searcher.tools.clip("c" * (limit + 1)) == "c" * limit + " [... 1 more characters]"
    assert searcher.tools.clip("x\r\n") == "x" and searcher.tools.clip("x\n") == "x"
