"""The sample project the checkpoints work on, and generated files for benchmarks."""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import tempfile
import time
from pathlib import Path

from agentcourse.errors import SampleProjectMissing
from agentcourse.paths import SAMPLE_PROJECT_DIR


def copy_sample_project(dest: Path | None = None) -> Path:
    """Copy the sample project into `dest` (default: a fresh temporary folder) and return it."""
    if not (SAMPLE_PROJECT_DIR / "math_utils.py").is_file():
        raise SampleProjectMissing(
            f"the sample project is missing ({SAMPLE_PROJECT_DIR.name}/math_utils.py); "
            "reinstall with `make setup` or restore it with `git checkout agentcourse/projects/sample_project`"
        )
    if dest is None:
        dest = Path(tempfile.mkdtemp(prefix="agentcourse-project-"))
    dest.mkdir(parents=True, exist_ok=True)
    for item in SAMPLE_PROJECT_DIR.iterdir():
        if item.name == "__pycache__":
            continue
        target = dest / item.name
        if item.is_dir():
            shutil.copytree(item, target, dirs_exist_ok=True)
        else:
            shutil.copy2(item, target)
    return dest


# Checkpoint 10 reads MCP servers from a project's .mcp.json (Claude Code's format). A
# scratch copy for it names the course's own server, run by this interpreter (which has the
# SDK): an absolute path, since the sandbox's PATH may hold another Python.
MCP_CONFIG = ".mcp.json"


def write_mcp_config(root: Path) -> Path:
    """Write a .mcp.json naming the course's docs server (python -m agentcourse.mcp_server)."""
    path = Path(root) / MCP_CONFIG
    servers = {"docs": {"command": sys.executable, "args": ["-m", "agentcourse.mcp_server"]}}
    path.write_text(json.dumps({"mcpServers": servers}, indent=2) + "\n", encoding="utf-8")
    return path


# `agentcourse run` and the demo work in scratch copies that outlive the run (the learner
# looks at the edited files and the trace afterwards), so they all go under one folder,
# which the output names, and only the newest few are kept.
SCRATCH_ROOT = Path(tempfile.gettempdir()) / "agentcourse-projects"
SCRATCH_KEEP = 10  # scratch copies kept; older ones are removed when a new one is made


def scratch_copy(root: Path | None = None, keep: int = SCRATCH_KEEP) -> Path:
    """A fresh copy of the sample project under `root` (SCRATCH_ROOT); prunes old copies."""
    root = root or SCRATCH_ROOT
    try:
        root.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(root)
        ours = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()  # a link is not ours
    except OSError:
        ours = False
    if not ours:  # someone else's folder, or a link, in a shared temp dir: keep out of it
        return copy_sample_project(Path(tempfile.mkdtemp(prefix="agentcourse-project-")))
    # Names start with the time they were made, so sorting them sorts by age.
    runs = sorted(p for p in root.glob("run-*") if p.is_dir() and not p.is_symlink())
    for old in runs[: max(0, len(runs) - (keep - 1))]:
        shutil.rmtree(old, ignore_errors=True)
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f".{int(now % 1 * 1e6):06d}"
    return copy_sample_project(Path(tempfile.mkdtemp(prefix=f"run-{stamp}-", dir=root)))


# The benchmark file: a long, realistic-looking module where one small change (a default
# in parse_config's signature) sits in the middle. Reading it whole costs thousands of
# tokens; searching for the def and reading a few lines around it costs a few dozen.
# "timeout=30" appears in more than one signature on purpose, so a blind edit of
# "timeout=30" is ambiguous and the tool refuses it.

_SECTIONS = ("server", "client", "cache", "logging", "database", "queue", "auth", "storage",
             "metrics", "retry", "proxy", "mail")
_FIELDS = (("host", '"localhost"'), ("port", "8080"), ("enabled", "True"), ("level", '"info"'),
           ("path", '"/var/lib/app"'), ("size", "1024"), ("limit", "100"), ("name", '"default"'))

_HEADER = '''\
"""Load, validate and merge the service's configuration.

A configuration is a JSON object. parse_config reads one from disk and fills in
defaults; the get_* helpers read one setting each, with its own default.
"""

import json
import os

DEFAULT_TIMEOUT = 30
CONFIG_ENV = "APP_CONFIG"


def open_connection(host, port=8080, timeout=30):
    """Describe the connection we would open (the course never opens sockets)."""
    return {"host": host, "port": port, "timeout": timeout}


def config_path(default="config.json"):
    """The config file to read: $APP_CONFIG if set, else default."""
    return os.environ.get(CONFIG_ENV, default)

'''

_PARSE = '''\

def parse_config(path, timeout=30, retries=3, strict=False):
    """Read the JSON config at path and fill in defaults.

    timeout is in seconds; retries is how many times the read is attempted.
    """
    last_error = None
    for _ in range(max(1, retries)):
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            break
        except OSError as err:
            last_error = err
    else:
        raise OSError(f"could not read {path}") from last_error
    if strict and not isinstance(data, dict):
        raise ValueError(f"{path}: the top level must be a JSON object")
    data.setdefault("timeout", timeout)
    return data


def fetch_remote(url, timeout=30):
    """Describe the request we would make for a remote config (never made here)."""
    return {"url": url, "timeout": timeout}

'''


def _getter(section: str, field: str, default: str) -> list[str]:
    key = f"{section}_{field}"
    return [
        "",
        f"def get_{key}(config, default={default}):",
        f'    """Return the {field} setting of the {section} section, or default."""',
        f'    value = config.get("{section}", {{}}).get("{field}", default)',
        "    return value",
        "",
    ]


def config_module_text(lines: int = 500) -> str:
    """The text of the generated config_loader.py: exactly `lines` lines, deterministic."""
    if lines < 100:
        raise ValueError("the config module needs at least 100 lines")
    getters = [_getter(s, f, d) for s in _SECTIONS for f, d in _FIELDS]
    head, parse = _HEADER.splitlines(), _PARSE.splitlines()
    out = list(head)
    while getters and len(out) + len(parse) // 2 < lines // 2:
        out += getters.pop(0)
    out += parse
    while getters and len(out) + len(getters[0]) + 3 <= lines:
        out += getters.pop(0)
    # Pad to the exact length with a tuple of known keys, one per line.
    out += ["", "KNOWN_KEYS = ("]
    keys = [f"{s}_{f}" for s in _SECTIONS for f, _ in _FIELDS]
    i = 0
    while len(out) < lines - 1:
        out.append(f'    "{keys[i % len(keys)]}",')
        i += 1
    out.append(")")
    return "\n".join(out) + "\n"


def write_config_module(root: Path, lines: int = 500) -> Path:
    """Write config_loader.py (about `lines` lines, parse_config in the middle) into `root`."""
    path = Path(root) / "config_loader.py"
    tmp = path.with_suffix(".py.tmp")
    tmp.write_text(config_module_text(lines), encoding="utf-8")
    tmp.replace(path)
    return path
