"""protected.py (checkpoint 08): what the host runs later, kept out of the agent's reach.

Try it from a git repository: it prints the paths the sandbox binds read-only there.

    python path/to/checkpoints/08-anthropic-tools/protected.py

The project folder is writable: that is the job. But git runs some of what lies in it
later, on the host, outside any sandbox, the next time you type `git status`:

  .git/config    core.fsmonitor, core.hooksPath, core.pager, diff and filter drivers,
                 aliases: each names a command git runs
  .git/hooks     scripts git runs on commit, checkout, merge, push...
  .git/info      attributes here pick which of those drivers runs on which file
  .git/modules   each submodule's own config and hooks
  .git itself    a mount point inside the sandbox, so it cannot be renamed or replaced
                 by a folder made inside (a new .git with a config of its own); when
                 .git is a file ("gitdir: ..."), the file is read-only

They are read-only in the sandbox and refused by the text editor; the repository's data
(objects, refs, the index) is not, so commits inside the sandbox still work, and git
config, which rewrites .git/config, fails there. Since .git stays writable, a command
could still add a file git reads in place of the protected ones (`.git/commondir` makes
git read another folder's config): after every command, whatever appeared in .git that
git itself never writes there (GIT_OWN) is renamed, inside .git, to a name git never
reads (MOVED), and reported. A folder named by core.hooksPath that
lies inside the project is protected too. Later checkpoints add their own files here:
checkpoint 09's hooks file and checkpoint 10's MCP server list name commands the agent
itself runs, unfenced. What stays out of reach all the same: the rest of the project is
code you may run later (`python tests.py`, a Makefile), and a nested repository made
inside (`git init sub`) has a config of its own.
"""

from __future__ import annotations

import functools
import os
import subprocess

PROTECTED = (".git/config", ".git/hooks", ".git/info", ".git/modules")  # relative to the project
ENSURED = (".git/hooks", ".git/info")  # made empty if missing, so that nothing can be put there
MOVED = "agent-moved-"  # what a command added to .git is renamed to this, kept there for you to see
GIT_OWN = frozenset((  # what git itself writes at the top of .git: its data, its state, its locks
    "HEAD ORIG_HEAD FETCH_HEAD MERGE_HEAD MERGE_MSG MERGE_MODE MERGE_RR AUTO_MERGE CHERRY_PICK_HEAD "
    "REVERT_HEAD REBASE_HEAD SQUASH_MSG COMMIT_EDITMSG TAG_EDITMSG NOTES_EDITMSG EDIT_DESCRIPTION "
    "BISECT_LOG BISECT_START BISECT_TERMS BISECT_EXPECTED_REV BISECT_ANCESTORS_OK BISECT_NAMES "
    "BISECT_HEAD BISECT_FIRST_PARENT description index packed-refs shallow objects refs logs hooks "
    "info config rebase-merge rebase-apply sequencer rr-cache gc.pid gc.log branches remotes lfs"
    ).split())  # not modules nor worktrees: each holds configs and hooks of its own


def too_wide(folder: str) -> str:
    """Why `folder` cannot be a project folder (it is / or holds the home folder), or ""."""
    homes = {os.path.realpath(os.path.expanduser("~"))}
    try:
        import pwd

        homes.add(os.path.realpath(pwd.getpwuid(os.getuid()).pw_dir))
    except (ImportError, KeyError):
        pass  # no user database (Windows, a container without one): $HOME alone
    folder = os.path.realpath(folder)
    if folder == "/" or any(h == folder or h.startswith(folder.rstrip("/") + "/") for h in homes):
        return (f"the project folder {folder} is / or holds your home folder: every key, "
                "token and start-up file in it would be open to change. Start the agent in "
                "the project's own folder.")
    return ""


@functools.cache  # asked once per project: only .git/config, itself protected, can change it
def hooks_path(project: str) -> str | None:
    """The folder core.hooksPath names, when it lies inside the project (husky's .husky)."""
    try:
        done = subprocess.run(["git", "config", "--get", "core.hooksPath"], cwd=project, timeout=5,
                              capture_output=True, text=True, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    named = done.stdout.strip()
    if done.returncode != 0 or not named:
        return None
    where = os.path.realpath(os.path.join(project, os.path.expanduser(named)))
    return where if where.startswith(project.rstrip("/") + "/") else None


def paths(project: str) -> list[str]:
    """The protected paths that exist in `project`, absolute; the hooks and info folders
    of a repository are made first if they are missing."""
    project = os.path.realpath(project)
    git = os.path.join(project, ".git")
    if os.path.islink(git) or not os.path.exists(git):
        return []  # no repository here (or a link to one elsewhere, which stays unmounted)
    if os.path.isfile(git):
        return [git]  # a worktree's or submodule's pointer: redirecting it plants a config
    for name in ENSURED:
        os.makedirs(os.path.join(project, name), exist_ok=True)
    found = [os.path.join(project, p) for p in PROTECTED]
    found += [p for p in (hooks_path(project),) if p]
    return [p for p in found if os.path.lexists(p) and not os.path.islink(p)]


def git_entries(project: str) -> frozenset[str]:
    """The names at the top of the project's .git folder now (none without one)."""
    git = os.path.join(project, ".git")
    try:
        return frozenset(os.listdir(git)) if os.path.isdir(git) and not os.path.islink(git) else frozenset()
    except OSError:
        return frozenset()


def quarantine(project: str, before: frozenset[str]) -> list[str]:
    """Rename what appeared at the top of .git since `before` that git never writes there (a
    lock file or a split index is git's own) to MOVED + its name; the names renamed. Done
    through .git's descriptor, with no link followed: a command cannot steer it elsewhere."""
    try:
        top = os.open(project, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return []
    try:
        git = os.open(".git", os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=top)
    except OSError:
        return []  # no repository, or a link: nothing of ours to tidy
    finally:
        os.close(top)
    moved = []
    try:
        for name in sorted(set(os.listdir(git)) - before):
            if (name in GIT_OWN or name.endswith(".lock")
                    or name.startswith(("sharedindex.", MOVED))):
                continue
            try:
                os.rename(name, f"{MOVED}{name}-{os.urandom(4).hex()}", src_dir_fd=git, dst_dir_fd=git)
                moved.append(f".git/{name}")
            except OSError:
                pass  # gone meanwhile
    finally:
        os.close(git)
    return moved


def refusal(project: str, names: list[str]) -> str:
    """Why the text editor may not write the path `names` lead to, or "": nothing in .git
    (it never needs to), nor a protected folder core.hooksPath names."""
    if names and names[0].lower() == ".git":
        return ("it is inside .git, which git runs parts of later, outside the sandbox "
                "(config, hooks); the editor never writes there")
    hooks = hooks_path(project)
    target = os.path.join(project, *names)
    if hooks and (target == hooks or target.startswith(hooks + "/")):
        return "it is in the folder core.hooksPath names, whose scripts git runs later"
    return ""


if __name__ == "__main__":
    here = os.getcwd()
    print(too_wide(here) or "\n".join(paths(here)) or "no repository here: nothing to protect")
