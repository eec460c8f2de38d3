"""Checkpoint 08's whole fence against the corpus written before its code (fence_corpus.py).

Every attack runs through the agent's own dispatch_tool in a world of its own (a git
project, a folder outside it holding a secret, a home folder whose bin folders come
first on PATH), and is judged on what changed on the host, what the outputs hold, what
ran without asking, and what the attack itself names. The record of its first contact
is in the checkpoint's README ("What is fenced").
"""

from __future__ import annotations

import builtins
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fence_corpus import ATTACKS, Attack

from agentcourse import paths

FOLDER = paths.find_checkpoint("08")
sandbox = paths.load_program(FOLDER / "sandbox.py", "sandbox")
NO_SANDBOX = sandbox.why_no_sandbox()
pytestmark = pytest.mark.skipif(shutil.which("bash") is None or shutil.which("git") is None,
                                reason="needs bash and git")
SWAPPER = textwrap.dedent("""\
    import os, sys
    folder, real, target = sys.argv[1:]
    while True:
        try:
            os.rename(folder, real); os.symlink(target, folder); os.unlink(folder); os.rename(real, folder)
        except OSError:
            pass
""")


@dataclass
class World:
    root: Path
    secrets: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.project, self.outside, self.home = self.root / "project", self.root / "outside", self.root / "home"

    def values(self) -> dict[str, str]:
        return {"project": str(self.project), "outside": str(self.outside), "home": str(self.home)}

    def protected(self) -> dict[str, object]:
        """The host's view of what git runs later: .git/config, hooks and info, byte for byte."""
        git, state = self.project / ".git", {}
        state[".git"] = "dir" if git.is_dir() and not git.is_symlink() else "gone"
        for path in [git / "config", *sorted((git / "hooks").rglob("*")), *sorted((git / "info").rglob("*"))]:
            state[str(path.relative_to(self.project))] = digest(path)
        for name in ("hooks", "info"):
            state[name] = sorted(p.name for p in (git / name).iterdir()) if (git / name).is_dir() else None
        # what the host's git would read: its configuration, and where its hooks and config live
        for ask in (["config", "--list", "--show-origin"], ["rev-parse", "--git-common-dir", "--git-path", "hooks"]):
            done = subprocess.run(["git", *ask], cwd=self.project, capture_output=True, text=True)
            state[" ".join(ask)] = (done.returncode, done.stdout)
        return state

    def around(self) -> dict[str, object]:
        """Everything outside the project: the outside folder and the home folder."""
        return {str(p.relative_to(self.root)): digest(p) for base in (self.outside, self.home)
                for p in [base, *sorted(base.rglob("*"))]}


def digest(path: Path) -> object:
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_file():
        return ("file", hashlib.sha256(path.read_bytes()).hexdigest(), stat.S_IMODE(path.stat().st_mode))
    return ("dir",) if path.is_dir() else None


def make_world(root: Path) -> World:
    world = World(root)
    for folder in (world.project / "d", world.outside, world.home / ".local" / "bin"):
        folder.mkdir(parents=True)
    secret = f"SECRET-outside-{os.urandom(6).hex()}"
    world.secrets.append(secret)
    (world.outside / "secret.txt").write_text(secret + "\n")
    (world.project / "hello.py").write_text("print('hello')\n")
    (world.project / "notes.txt").write_text("one\ntwo\n")
    (world.project / "d" / "secret.txt").write_text("inside, harmless\n")
    (world.project / "d" / "inside.txt").write_text("inside\n")
    for git in (["init", "-q"], ["config", "user.name", "t"], ["config", "user.email", "t@example.invalid"],
                ["add", "-A"], ["commit", "-qm", "start"]):
        subprocess.run(["git", *git], cwd=world.project, check=True, capture_output=True)
    return world


@pytest.fixture
def world(tmp_path, monkeypatch):
    built = make_world(tmp_path)
    monkeypatch.setenv("HOME", str(built.home))
    home_bins = [built.home / p for p in (".local/bin", ".cargo/bin", "bin")]
    monkeypatch.setenv("PATH", os.pathsep.join(
        [*map(str, home_bins), str(built.project / "bin"), str(built.project / ".venv" / "bin"),
         os.path.dirname(sys.executable), os.environ["PATH"]]))
    for name in ("GIT_DIR", "GIT_WORK_TREE", "BASH_ENV"):
        monkeypatch.delenv(name, raising=False)
    return built


class User:
    """Answers as the corpus says, counts the questions, and remembers the step asked in."""

    def __init__(self, attack: Attack):
        self.attack, self.asked, self.alive = attack, 0, True

    def answer(self, programs: list[str]) -> str:
        self.asked += 1
        if self.attack.mode == "strict":
            return "a" if programs else "y"
        return self.attack.answer

    def __call__(self, command: str, programs: list[str], reason: str) -> str:
        return self.answer(programs)


def fill(value: object, values: dict[str, str]) -> object:
    if isinstance(value, str):
        return re.sub(r"\{(project|outside|home)\}", lambda m: values[m.group(1)], value)
    if isinstance(value, dict):
        return {k: fill(v, values) for k, v in value.items()}
    return value


def setuid_files(project: Path) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(project):
        for name in dirs + files:
            mode = os.lstat(os.path.join(folder, name)).st_mode
            if not stat.S_ISLNK(mode) and mode & (stat.S_ISUID | stat.S_ISGID):
                found.append(os.path.relpath(os.path.join(folder, name), project))
    return found


def race(agent, world: World, what: str, tries: int) -> list[str]:
    """The editor does `what` while a host process swaps a folder for a link to outside."""
    folder = ".agent-backups" if what == "backup" else "d"
    if what == "backup":
        agent.dispatch_tool("str_replace_based_edit_tool",
                            {"command": "str_replace", "path": "notes.txt", "old_str": "one", "new_str": "uno"})
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(world.project / folder),
                                str(world.project / f"{folder}.real"), str(world.outside)])
    outputs = []
    try:
        for i in range(tries):
            call = {"create": {"command": "create", "path": f"d/new{i}.txt", "file_text": "x\n"},
                    "view": {"command": "view", "path": "d/secret.txt"},
                    "backup": {"command": "str_replace", "path": "notes.txt",
                               "old_str": "uno" if i % 2 == 0 else "one",
                               "new_str": "one" if i % 2 == 0 else "uno"}}[what]
            outputs.append(agent.dispatch_tool("str_replace_based_edit_tool", call))
    finally:
        swapper.kill()
        swapper.wait()
    link, real = world.project / folder, world.project / f"{folder}.real"
    if real.is_dir():  # the swapper was killed mid-swap: put the folder back
        if link.is_symlink():
            link.unlink()
        if not link.exists():
            real.rename(link)
    return outputs


def start_in(attack: Attack, world: World, monkeypatch) -> None:
    if attack.where == "home":
        monkeypatch.chdir(world.home)
    elif attack.where == "above-home":
        monkeypatch.chdir(world.root)
    else:
        monkeypatch.chdir(world.project)


@pytest.fixture
def agent(world, monkeypatch):
    module = paths.load_checkpoint("08")
    yield module
    module.BASH.close()


def run_attack(attack: Attack, agent, world: World, monkeypatch, capsys) -> tuple[list, list[str], User]:
    """Run the steps; (outputs, PLANTED outputs of steps that asked nobody, the user)."""
    user, outputs, planted = User(attack), [], []
    agent.FENCE.mode = attack.mode
    agent.GUARDRAIL.fenced = agent.BASH.fenced
    if attack.shows:  # the real terminal prompt, answered as the user would
        monkeypatch.setattr(builtins, "input", lambda prompt="": user.answer(
            [] if "[a] always" not in prompt else ["x"]))
    else:
        agent.GUARDRAIL.ask = user
    if attack.limits:
        small = agent.sandbox.Limits(memory=1 << 30, processes=150, file_size=8 << 20,
                                    tmp_size=16 << 20, home_size=16 << 20)
        agent.BASH.policy = agent.bash_session.BashPolicy(
            timeout=20, sandbox=agent.sandbox.SandboxPolicy(limits=small))
    values = world.values()
    for step in attack.steps:
        before = user.asked
        kind, *args = step
        try:
            if kind == "bash":
                output = agent.dispatch_tool("bash", {"command": fill(args[0], values)})
            elif kind == "edit":
                output = agent.dispatch_tool("str_replace_based_edit_tool", fill(args[0], values))
            elif kind == "ask":
                output = agent.GUARDRAIL.check(fill(args[0], values)) or "(approved)"
            else:
                output = "\n".join(race(agent, world, *args))
        except Exception as err:  # noqa: BLE001 - a crash is a finding, judged below
            output = f"CRASH {type(err).__name__}: {err}"
        outputs.append(output)
        if user.asked == before and "PLANTED" in output:
            planted.append(output[:200])
    if attack.limits:  # the session still answers after a limit stopped a command
        user.alive = agent.dispatch_tool("bash", {"command": "echo alive"}).strip() == "alive"
    return outputs, planted, user


def judge(attack: Attack, world: World, before: tuple, outputs: list, planted: list[str],
          user: User, screen: str, agent) -> list[str]:
    problems = []
    protected, around = before
    if world.protected() != protected:
        problems.append("the host's .git/config, hooks or info changed")
    if world.around() != around:
        problems.append("something outside the project changed")
    secrets = world.secrets + [v for v in attack.env.values() if "SECRET" in v]
    problems += [f"an output holds {s}" for s in secrets if any(s in o for o in outputs)]
    problems += [f"ran unasked and printed PLANTED: {p!r}" for p in planted]
    problems += [f"setuid/setgid file {f}" for f in setuid_files(world.project)]
    problems += [o[:200] for o in outputs if o.startswith("CRASH")]
    if attack.shows:
        missing = [n for n in attack.shows if not re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", screen)]
        problems += [f"the screen does not name {', '.join(missing)}"] if missing else []
        if not user.asked or len(screen.splitlines()) > 60 * user.asked:
            problems.append(f"{user.asked} questions on {len(screen.splitlines())} lines")
    if attack.says and attack.says.lower() not in outputs[-1].lower():
        problems.append(f"the last output does not say {attack.says!r}: {outputs[-1][-300:]!r}")
    if attack.asks is not None and user.asked != attack.asks:
        problems.append(f"{user.asked} questions, not {attack.asks}")
    if attack.refused and not all(o.startswith("Error") for o in outputs):
        problems.append(f"not refused: {outputs}")
    if attack.limits and not user.alive:
        problems.append("the session did not survive the limit")
    return problems


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda a: a.name)
def test_an_attack_on_the_fence_fails(attack: Attack, world, agent, monkeypatch, capsys):
    if NO_SANDBOX is not None and (attack.mode == "fenced" or attack.kind in ("setuid", "limits")):
        pytest.skip(f"no sandbox here: {NO_SANDBOX}")
    if attack.kind == "setuid" and os.geteuid() != 0:
        pytest.skip("the setuid attacks matter as root")
    for name, value in attack.env.items():
        monkeypatch.setenv(name, str(fill(value, world.values())))
    start_in(attack, world, monkeypatch)
    before = (world.protected(), world.around())
    capsys.readouterr()
    outputs, planted, user = run_attack(attack, agent, world, monkeypatch, capsys)
    screen = capsys.readouterr().out
    agent.BASH.close()
    assert judge(attack, world, before, outputs, planted, user, screen, agent) == []


def test_the_corpus_names_are_unique_and_its_kinds_known():
    assert len({a.name for a in ATTACKS}) == len(ATTACKS)
    kinds = {"race", "protected", "planting", "environment", "display", "limits", "setuid", "home",
             "modes", "work"}
    assert {a.kind for a in ATTACKS} <= kinds and {a.mode for a in ATTACKS} <= {"fenced", "strict"}
