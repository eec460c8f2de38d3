"""Inside a confined kernel: an audit hook that tells the grader how each cell was really
compiled and what the student's code changed in the interpreter.

nbgrader restores the test cells' source before running them, but the student's answer
cell runs first, in the same interpreter, and can disarm the tests from inside: an IPython
input or AST transformer that rewrites them, a trace function, patched builtins, a
rebound test helper. None of that shows in the notebook. An audit hook (PEP 578) sees it:
it is installed before any student code runs and cannot be removed.

What it reports, one JSON line per record, on a pipe the grader reads (the student's code
cannot take back a line once written):

  {"t": "cell", "file": NAME, "sha": ...}   a cell is about to run: the sha256 of the source
                                            IPython compiles (after every input transformer);
                                            NAME is ipykernel's name for the cell (a hash of
                                            the source as sent), so the grader can match it
  {"t": "ast", "file": NAME, "at": i}       statement i of that cell was compiled from an AST
                                            that differs from the parsed source (an AST
                                            transformer, or code swapped in some other way)
  {"t": "changed", "file": NAME, "what": [...]}   what changed in the interpreter while the
                                            previous cell ran: builtins, trace and profile
                                            functions, IPython's transformers, hooks and
                                            methods, attributes of agentcourse/anthropic modules,
                                            and the path a cell's results take to the grader
                                            (jupyter_client's Session, ipykernel's kernel, iopub
                                            socket and streams, display hooks and publishers,
                                            traceback formatters, zmq's sockets; the kernel's
                                            own objects and handler tables)
  {"t": "names", "file": NAME, "names": [...]}    names of the notebook's namespace that the
                                            previous cell bound, rebound or deleted
  {"t": "event", "file": NAME, "by": NAME2, "what": ...}  an audited action by the student's
                                            own code: sys.settrace/setprofile, ctypes, gc walks,
                                            a class or function patched, another audit hook;
                                            NAME is the cell running, NAME2 the cell whose code
                                            did it (a released cell may call the student's function)

The grader (agentcourse.course.tamper) decides what is a finding: changes made by the locked
setup cell are expected; the same change made by an answer cell is flagged for review.
Everything the hook calls is bound here, before the student's code can replace it.
A student who knows this code can still try to blind it (closing the pipe leaves the
later cells unreported, which the grader flags in turn); it raises the cost of cheating
and makes the ordinary cheats visible, it is not a proof.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import json
import os
import re
import sys
import threading

# Modules whose attributes (and whose classes' methods) are tracked: the test helpers and
# what the tests call through them. A name ending with "." is a prefix (all submodules).
# Not all of anthropic: its thousands of type modules would make every cell slow.
WATCHED_MODULES = ("agentcourse", "agentcourse.", "anthropic", "anthropic._client",
                   "anthropic.resources.messages.messages", "pathlib", "json", "os", "posixpath",
                   "shutil", "tempfile", "contextlib", "re", "copy", "ast",
                   # the path a cell's results take to the grader
                   "jupyter_client.session", "jupyter_client.jsonutil", "jupyter_client.adapter",
                   "ipykernel.", "zmq.sugar.socket", "zmq.eventloop.zmqstream",
                   "IPython.core.interactiveshell", "IPython.core.displayhook",
                   "IPython.core.displaypub", "IPython.core.ultratb", "IPython.core.formatters")
WATCHED_CLASSES = ("agentcourse.", "anthropic.Anthropic", "anthropic.resources.messages.",
                   "pathlib.")  # qualified names (prefixes) of classes whose methods are tracked
# Classes on the message path: every function of theirs is tracked, private ones too (the
# error message goes out through ZMQInteractiveShell._showtraceback, for one).
MESSAGE_PATH_CLASSES = ("jupyter_client.session.", "jupyter_client.adapter.", "ipykernel.",
                        "zmq.sugar.socket.", "zmq.eventloop.zmqstream.",
                        "IPython.core.interactiveshell.", "IPython.core.displayhook.",
                        "IPython.core.displaypub.", "IPython.core.ultratb.",
                        "IPython.core.formatters.")
TRANSIENT = {"_", "__", "___", "get_ipython", "display", "exit", "quit", "__IPYTHON__",
             "copyright", "credits", "license", "help", "input", "raw_input"}
FLAGGED_EVENTS = ("sys.settrace", "sys.setprofile", "sys.addaudithook", "sys._current_frames",
                  "gc.get_objects", "gc.get_referrers", "gc.get_referents", "ctypes.dlopen",
                  "ctypes.dlsym", "ctypes.addressof", "ctypes.string_at", "ctypes.cdata",
                  "ctypes.call_function", "code.__new__", "function.__new__", "marshal.loads")
CELL_FILE = re.compile(r"ipykernel_\d+/(\d+)\.py$")
PATH_EVENTS = ("open", "os.listdir", "os.scandir", "os.remove", "os.rename", "os.mkdir",
               "os.chmod", "os.symlink", "os.link", "shutil.rmtree", "os.truncate", "os.utime")
PROCESS_EVENTS = ("os.fork", "os.forkpty", "os.posix_spawn", "subprocess.Popen", "os.system")
DETACHERS = {"nohup", "setsid", "disown", "daemonize", "at", "batch", "screen", "tmux",
             "start-stop-daemon", "systemd-run"}
# Installed top-level modules a planted file could shadow, and names Python runs at start-up.
HIJACK_NAMES = {"sitecustomize.py", "usercustomize.py"}
HIJACK_MODULES = {"agentcourse", "anthropic", "IPython", "ipykernel", "nbformat", "nbclient",
                  "httpx", "pydantic", "json", "os", "pathlib", "re"}


def install(fd: int, readable: tuple[str, ...] = ()) -> None:
    """Install the hook. `readable`: the folders the sandbox shows (anything else a cell
    tries to open or list is outside, and reported)."""
    write, dumps, sha256 = os.write, json.dumps, hashlib.sha256
    parse, dump, AST = ast.parse, ast.dump, ast.AST
    getframe, modules = sys._getframe, sys.modules
    gettrace, getprofile = sys.gettrace, sys.getprofile
    isinstance_, id_, vars_, callable_, getattr_, hasattr_, len_, sorted_, type_ = (
        isinstance, id, vars, callable, getattr, hasattr, len, sorted, type)
    issubclass_, function_type = issubclass, type(install)
    str_, bytes_, tuple_, list_, set_ = str, bytes, tuple, list, set
    sys_, threading_mod, builtins_dict = sys, threading, vars(builtins)
    transient, watched_classes = frozenset(TRANSIENT), WATCHED_CLASSES + MESSAGE_PATH_CLASSES
    message_classes = MESSAGE_PATH_CLASSES
    routine_types = (function_type, staticmethod, classmethod, property)
    exact = frozenset(m for m in WATCHED_MODULES if not m.endswith("."))
    prefixes = tuple_(m for m in WATCHED_MODULES if m.endswith("."))
    flagged = frozenset(FLAGGED_EVENTS)
    cell_match = CELL_FILE.search
    compiler_file = os.path.join("IPython", "core", "compilerop.py")
    path_events, process_events = frozenset(PATH_EVENTS), frozenset(PROCESS_EVENTS)
    allowed = tuple_(p.rstrip("/") + "/" for p in readable)
    abspath, basename, getcwd, fspath = os.path.abspath, os.path.basename, os.getcwd, os.fspath
    hijack_names, hijack_modules, detachers = frozenset(HIJACK_NAMES), frozenset(HIJACK_MODULES), frozenset(DETACHERS)
    reported: set = set()

    def report_once(what: str) -> None:
        if what not in reported and len_(reported) < 200:
            reported.add(what)
            emit({"t": "event", "file": state["file"], "by": getattr_(local, "by", None) or "", "what": what})

    def check_path(event: str, args: tuple) -> None:
        if not state["file"] or not args:
            return
        path = args[0]
        if isinstance_(path, int):
            return
        try:
            path = fspath(path)
            if isinstance_(path, bytes_):
                path = path.decode("utf-8", "replace")
            full = abspath(path if path.startswith("/") else getcwd() + "/" + path)
        except (TypeError, ValueError, OSError):
            return
        if not (full + "/").startswith(allowed):
            report_once(f"tried to reach {full} ({event}), outside its sandbox")
            return
        mode = args[1] if event == "open" and len_(args) > 1 else ""
        writes = event != "open" or (isinstance_(mode, str_) and any(c in mode for c in "wax+"))
        name = basename(full)
        if event == "open" and isinstance_(mode, str_) and not mode:
            flags = args[2] if len_(args) > 2 and isinstance_(args[2], int) else 0
            writes = bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
        if writes and (name in hijack_names or name.endswith(".pth") or "/startup/" in full
                       or name.split(".")[0] in hijack_modules and name.endswith((".py", ".pyc"))):
            report_once(f"plants an import hijack: {full}")
    local = threading.local()
    state = {"file": "", "expected": [], "at": 0, "snap": None, "names": None}
    plans: dict = {}  # module name -> (its id, what to look at in it)

    def emit(record: dict) -> None:
        try:
            write(fd, (dumps(record) + "\n").encode())
        except (OSError, ValueError, TypeError):
            pass

    def shell():
        mod = modules.get("IPython.core.interactiveshell")
        cls = getattr_(mod, "InteractiveShell", None) if mod else None
        return cls._instance if cls is not None and cls.initialized() else None

    def ids(values) -> tuple:
        return tuple_(id_(v) for v in values)

    def shadowed(obj) -> tuple:
        """Instance attributes that hide a method of the class (ip.run_cell = ...)."""
        try:
            return tuple_(sorted_(k for k, v in vars_(obj).items()
                                  if callable_(v) and hasattr_(type_(obj), k)))
        except TypeError:
            return ()

    def snapshot() -> dict:
        snap = {}
        for key, value in builtins_dict.items():
            if key not in transient:
                snap["builtins." + key] = id_(value)
        snap["sys.settrace"] = id_(gettrace())
        snap["sys.setprofile"] = id_(getprofile())
        snap["threading.settrace"] = id_(getattr_(threading_mod, "_trace_hook", None))
        snap["threading.setprofile"] = id_(getattr_(threading_mod, "_profile_hook", None))
        snap["sys.excepthook"] = id_(sys_.excepthook)
        snap["sys.meta_path"] = ids(sys_.meta_path)
        snap["sys.displayhook"] = id_(sys_.displayhook)
        for stream_name in ("stdout", "stderr"):
            stream = getattr_(sys_, stream_name, None)
            snap["sys." + stream_name] = (id_(stream), id_(type_(stream)), shadowed(stream))
        ip = shell()
        if ip is not None:
            manager = ip.input_transformer_manager
            snap["ipython.input_transformers_cleanup"] = ids(ip.input_transformers_cleanup)
            snap["ipython.input_transformers_post"] = ids(ip.input_transformers_post)
            snap["ipython.ast_transformers"] = ids(ip.ast_transformers)
            snap["ipython.line_transforms"] = ids(manager.line_transforms)
            snap["ipython.token_transformers"] = ids(manager.token_transformers)
            snap["ipython.custom_exceptions"] = ids(ip.custom_exceptions)
            snap["ipython.compile"] = id_(ip.compile)
            snap["ipython.methods replaced"] = shadowed(ip)
            for part in ("displayhook", "display_pub", "display_formatter", "InteractiveTB",
                         "SyntaxTB", "events"):
                obj = getattr_(ip, part, None)
                snap["ipython." + part] = (id_(obj), id_(type_(obj)), shadowed(obj))
            kernel = getattr_(ip, "kernel", None)
            if kernel is not None:
                snap["kernel"] = (id_(kernel), id_(type_(kernel)))
                snap["kernel.methods replaced"] = shadowed(kernel)
                session = getattr_(kernel, "session", None)
                snap["kernel.session"] = (id_(session), id_(type_(session)))
                snap["kernel.session methods replaced"] = shadowed(session)
                for part in ("pack", "unpack", "auth", "key"):
                    snap["kernel.session." + part] = id_(getattr_(session, part, None))
                for part in ("iopub_socket", "iopub_thread", "shell_stream", "control_stream"):
                    obj = getattr_(kernel, part, None)
                    snap["kernel." + part] = (id_(obj), id_(type_(obj)), shadowed(obj))
                for part in ("shell_handlers", "control_handlers"):
                    table = getattr_(kernel, part, None)
                    if isinstance_(table, dict):
                        snap["kernel." + part] = tuple_(sorted_((k, id_(v)) for k, v in table.items()))
            for name, callbacks in ip.events.callbacks.items():
                # A library's callback (matplotlib's, registered when a student plots) is not
                # the student's; one whose code comes from a cell is.
                snap["ipython.events." + name] = ids(c for c in callbacks if student_made(c))
        for name, module in list_(modules.items()):
            if module is None or not (name in exact or name.startswith(prefixes)):
                continue
            cached = plans.get(name)
            if cached is None or cached[0] != id_(module):
                cached = plans[name] = (id_(module), plan(name, module))
            for key, container, attr, with_code in cached[1]:
                value = container.get(attr)
                snap[key] = (id_(value), id_(getattr_(value, "__code__", None))) if with_code else id_(value)
        return snap

    def plan(name: str, module) -> list:
        """What to look at in a module, worked out once: (key, the dict holding it, its name,
        whether its code object counts too). Only changes to these are reported."""
        try:
            container = vars_(module)
            items = list_(container.items())
        except TypeError:
            return []
        out = []
        for key, value in items:
            if key.startswith("__"):
                continue
            kind = type_(value)  # type(), not isinstance(): lazy proxies raise on any lookup
            if key.startswith("_") and kind is not function_type and not issubclass_(kind, type_):
                continue  # private state (caches, counters) changes by itself
            out.append((f"{name}.{key}", container, key, True))
            if issubclass_(kind, type_) and f"{name}.{key}".startswith(watched_classes):
                try:
                    if value.__module__ != name:
                        continue
                    members = vars_(value)
                    listed = list_(members.items())
                except Exception:  # noqa: BLE001 - an odd class is not the student's
                    continue
                everything = f"{name}.{key}".startswith(message_classes)
                for attr, member in listed:
                    if not attr.startswith("_") or (
                            (everything and not attr.startswith("__") or attr in ("__call__", "__init__"))
                            and isinstance_(member, routine_types)):
                        out.append((f"{name}.{key}.{attr}", members, attr, False))
        return out

    def code_file(obj) -> str:
        """The file of the code behind a callable ("" for built-ins)."""
        for _ in range(4):
            code = getattr_(obj, "__code__", None)
            if code is not None:
                return code.co_filename
            inner = getattr_(obj, "__func__", None) or getattr_(obj, "func", None) \
                or getattr_(type_(obj), "__call__", None)
            if inner is None or inner is obj:
                return ""
            obj = inner
        return ""

    def student_made(obj) -> bool:
        name = code_file(obj)
        return bool(cell_match(name)) or (name.startswith("<") and not name.startswith("<frozen"))

    def user_names() -> dict:
        ip = shell()
        if ip is None:
            return {}
        return {k: id_(v) for k, v in list_(ip.user_ns.items())
                if not k.startswith("_") and k not in ("In", "Out", "exit", "quit", "get_ipython")}

    def on_cell(source, filename: str, name: str) -> None:
        if isinstance_(source, bytes_):
            source = source.decode("utf-8", "replace")
        try:
            expected = [dump(stmt) for stmt in parse(source).body]
        except (SyntaxError, ValueError):
            expected = []
        previous = state["file"]
        state.update(file=name, expected=expected, at=0)
        emit({"t": "cell", "file": name, "sha": sha256(source.encode("utf-8", "replace")).hexdigest(),
              "statements": len_(expected)})
        snap, names = snapshot(), user_names()
        if state["snap"] is not None:
            old = state["snap"]
            what = sorted_(k for k in set_(old) | set_(snap) if k in old and old.get(k) != snap.get(k))
            if what:
                emit({"t": "changed", "file": previous, "what": what[:200]})
            old_names = state["names"]
            moved = sorted_(k for k in set_(old_names) | set_(names) if old_names.get(k) != names.get(k))
            if moved:
                emit({"t": "names", "file": previous, "names": moved[:500]})
        state["snap"], state["names"] = snap, names

    def on_ast(tree) -> None:
        body = getattr_(tree, "body", None)
        if not state["file"] or not isinstance_(body, list_):
            return
        for stmt in body:
            at = state["at"]
            state["at"] = at + 1
            expected = state["expected"]
            if at >= len_(expected) or dump(stmt) != expected[at]:
                emit({"t": "ast", "file": state["file"], "at": at})

    def student_caller() -> str | None:
        """The cell (or "<string>") whose code did the audited action directly, else None."""
        try:
            frame = getframe(2)
        except ValueError:
            return None
        name = frame.f_code.co_filename
        m = cell_match(name)
        if m:
            return m.group(1)
        return name if name.startswith("<") and not name.startswith("<frozen") else None

    def hook(event: str, args: tuple) -> None:
        if event == "compile":
            pass
        elif event in flagged or event in path_events or event in process_events \
                or event in ("object.__setattr__", "object.__delattr__"):
            pass
        else:
            return
        if getattr_(local, "busy", False):
            return
        local.busy = True
        try:
            local.by = None if event == "compile" else student_caller()
            if event == "compile":
                # Only IPython's own compiler compiles cells; anything else (a library, or
                # the student's code) compiling is not a cell being run.
                caller = getframe(1).f_code.co_filename
                if not caller.endswith(compiler_file):
                    return
                source, filename = args
                if isinstance_(source, AST):
                    on_ast(source)
                elif isinstance_(filename, str_) and isinstance_(source, (str_, bytes_)):
                    m = cell_match(filename)
                    if m:
                        on_cell(source, filename, m.group(1))
            elif event in path_events:
                check_path(event, args)
            elif event in process_events:
                if event == "subprocess.Popen":
                    argv = args[1] if len_(args) > 1 else None
                    first = argv[0] if isinstance_(argv, (list_, tuple_)) and argv else args[0]
                    if basename(fspath(first) if not isinstance_(first, bytes_) else first.decode()) in detachers:
                        report_once(f"starts a detached process ({basename(str(first))})")
                elif local.by:
                    report_once(f"starts processes itself ({event})")
            elif event.startswith("object."):
                target, attr = args[0], args[1]
                if isinstance_(target, type_) and getattr_(target, "__module__", "") == "__main__":
                    return  # the student's own classes are theirs to change
                by = local.by
                if (isinstance_(target, type_) or attr in ("__code__", "__defaults__", "__kwdefaults__")) \
                        and by:
                    label = getattr_(target, "__qualname__", type_(target).__name__)
                    emit({"t": "event", "file": state["file"], "by": by, "what": f"{event} {label}.{attr}"})
            else:
                by = local.by
                if by or event.startswith(("sys.settrace", "sys.setprofile")):
                    emit({"t": "event", "file": state["file"], "by": by or "", "what": event})
        except Exception as err:  # noqa: BLE001 - the hook must never break the kernel
            emit({"t": "event", "file": state["file"], "what": f"guard error {type_(err).__name__}: {err}"[:200]})
        finally:
            local.busy = False

    sys.addaudithook(hook)
