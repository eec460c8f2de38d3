"""What crosses between the judge and the student's kernel, and how.

The judge (process.py) runs a lab's test cells; the student's functions run in their kernel
(serve.py). Two directions, two rules:

- judge -> kernel: pickled. The kernel is the untrusted side, and unpickling what the judge
  made can only hurt the kernel. Live things of the judge (its client to the tutor, a
  module, a reference to one of the kernel's own objects) go by name and are rebuilt there.
- kernel -> judge: data only. `to_data` (run in the kernel) writes JSON-like values; the
  judge's `from_data` rebuilds plain values, the SDK's own response types (validated from
  their JSON), and builtin or `anthropic` exceptions; anything else stays in the kernel as
  a numbered reference. Nothing the student built is ever unpickled or evaluated in the judge.
"""

from __future__ import annotations

import base64
import builtins
import io
import json
import pickle
import struct
import types
from typing import Any

MAX_FRAME = 64 << 20  # bytes: a larger message from the kernel ends the channel
MAX_DEPTH = 200  # nesting the judge rebuilds; deeper is a reference
CLIENT = "anthropic-client"
RESOURCES = {"Messages": "messages", "Models": "models"}  # SDK resources rebuilt by name


# ---------------------------------------------------------------- frames on a socket


def send(sock: Any, message: dict) -> None:
    data = json.dumps(message).encode()
    sock.sendall(struct.pack("!I", len(data)) + data)


def receive(sock: Any) -> dict:
    size = struct.unpack("!I", _exactly(sock, 4))[0]
    if size > MAX_FRAME:
        raise ConnectionError(f"a message of {size:,} bytes from the kernel: over the limit")
    message = json.loads(_exactly(sock, size))
    if not isinstance(message, dict):
        raise ConnectionError("the kernel sent something other than a message")
    return message


def _exactly(sock: Any, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise ConnectionError("the kernel closed the channel")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


# ---------------------------------------------------------------- judge -> kernel: pickles


class Reference:
    """One of the kernel's objects, by its number there or by its name in the notebook
    (what the judge holds in its place: remote.Stand)."""

    number: int | None = None
    name: str | None = None


def _client_options(client: Any) -> dict:
    timeout = client.timeout if isinstance(client.timeout, (int, float)) else None
    return {"max_retries": client.max_retries, "timeout": timeout}


class JudgePickler(pickle.Pickler):
    """Pickles what the judge sends; live objects by name (persistent ids). `globals`: id ->
    name of what the notebook's cells bound, for functions the kernel cannot import by
    module (a checkpoint loaded from its file): the kernel's own binding of that name."""

    globals: dict[int, str] = {}

    def persistent_id(self, obj: Any) -> Any:
        if id(obj) in self.globals and callable(obj):
            return ("global", self.globals[id(obj)])
        if isinstance(obj, Reference):
            return ("ref", obj.number) if obj.number is not None else ("name", obj.name)
        if isinstance(obj, types.ModuleType):
            return ("module", obj.__name__)
        cls = type(obj).__module__
        if cls.startswith("anthropic") and hasattr(obj, "max_retries") and hasattr(obj, "messages"):
            return (CLIENT, _client_options(obj))
        if cls.startswith("anthropic.resources") and type(obj).__name__ in RESOURCES:
            return ("resource", type(obj).__name__, _client_options(obj._client))
        return None


def dumps(value: Any, names: dict | None = None) -> str:
    """`names`: the judge's notebook namespace (see JudgePickler.globals)."""
    out = io.BytesIO()
    pickler = JudgePickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.globals = {id(v): k for k, v in (names or {}).items()
                       if callable(v) and not k.startswith("_") and "." not in getattr(v, "__qualname__", ".")
                       and not _importable(v)}
    pickler.dump(value)
    return base64.b64encode(out.getvalue()).decode()


def _importable(value: Any) -> bool:
    import sys

    module = sys.modules.get(getattr(value, "__module__", "") or "")
    return module is not None and module.__name__ != "__main__" and getattr(module, "__spec__", None) is not None \
        and not module.__name__.startswith("reference_agent_")


# ---------------------------------------------------------------- kernel -> judge: data


def to_data(value: Any, refs: dict[int, Any], depth: int = 0) -> Any:
    """JSON-like data for `value` (run in the kernel); objects that are not data are kept
    in `refs` and sent as their number."""
    if value is None or isinstance(value, (bool, int, float)) and type(value) in (bool, int, float):
        return value
    if type(value) is str:
        return value
    if depth > MAX_DEPTH:
        return _ref(value, refs)
    if type(value) in (list, tuple, set, frozenset):
        items = [to_data(v, refs, depth + 1) for v in value]
        return items if type(value) is list else {"$" + type(value).__name__: items}
    if type(value) is dict:
        return {"$dict": [[to_data(k, refs, depth + 1), to_data(v, refs, depth + 1)] for k, v in value.items()]}
    if type(value) is bytes:
        return {"$bytes": base64.b64encode(value).decode()}
    if isinstance(value, BaseException):
        return {"$error": _error_data(value)}
    sdk = _sdk_data(value)
    if sdk is not None:
        return sdk
    if type(value).__name__ in ("PosixPath", "WindowsPath") and type(value).__module__ == "pathlib":
        return {"$path": str(value)}
    return _ref(value, refs)


def _ref(value: Any, refs: dict[int, Any]) -> dict:
    numbers = getattr(refs, "numbers", None)  # Refs: one number per object, so a state that did not change reads the same
    number = numbers.get(id(value)) if numbers is not None else None
    if number is None or refs.get(number) is not value:
        number = len(refs) + 1
        refs[number] = value
        if numbers is not None:
            numbers[id(value)] = number
    try:
        text = object.__repr__(value)
    except Exception:  # noqa: BLE001 - a name is only for messages
        text = "an object"
    return {"$ref": number, "text": text[:200], "callable": callable(value)}


def _sdk_data(value: Any) -> dict | None:
    cls = type(value)
    if not cls.__module__.startswith("anthropic.types"):
        return None
    try:
        return {"$sdk": cls.__name__, "data": json.loads(value.model_dump_json())}
    except Exception:  # noqa: BLE001 - not a model after all
        return None


def _error_data(error: BaseException) -> dict:
    try:
        message = str(error)
    except Exception:  # noqa: BLE001 - a __str__ that fails says nothing
        message = ""
    return {"module": type(error).__module__, "type": type(error).__name__, "message": message[:4000],
            "status": getattr(error, "status_code", None) if isinstance(getattr(error, "status_code", None), int) else None}


class Refs(dict):
    """The kernel objects the judge holds a number for: number -> object, and back."""

    def __init__(self) -> None:
        super().__init__()
        self.numbers: dict[int, int] = {}


class Rebuilt:
    """How the judge turns the kernel's data back into values; `remote(number, text,
    callable)` makes the judge's stand-in for a kernel object."""

    def __init__(self, remote: Any, own_class: Any = None) -> None:
        self.remote = remote
        self.own_class = own_class or (lambda name: None)

    def value(self, data: Any, depth: int = 0) -> Any:
        if data is None or type(data) in (bool, int, float, str):
            return data
        if depth > MAX_DEPTH + 2:
            raise ValueError("nested too deeply")
        if type(data) is list:
            return [self.value(v, depth + 1) for v in data]
        if type(data) is not dict or len(data) == 0:
            raise ValueError("not a value the judge reads")
        return self._tagged(data, depth)

    def _tagged(self, data: dict, depth: int) -> Any:
        if "$dict" in data:
            return {_hashable(self.value(k, depth + 1)): self.value(v, depth + 1) for k, v in data["$dict"]}
        for tag, kind in (("$tuple", tuple), ("$set", set), ("$frozenset", frozenset)):
            if tag in data:
                items = [self.value(v, depth + 1) for v in data[tag]]
                return kind(_hashable(i) for i in items) if kind is not tuple else tuple(items)
        if "$bytes" in data:
            return base64.b64decode(str(data["$bytes"]))
        if "$path" in data:
            from pathlib import Path

            return Path(str(data["$path"]))
        if "$error" in data:
            return rebuild_error(data["$error"], self.own_class)
        if "$sdk" in data:
            return rebuild_sdk(str(data["$sdk"]), data.get("data"))
        if "$ref" in data:
            return self.remote(int(data["$ref"]), str(data.get("text", ""))[:200], bool(data.get("callable")))
        raise ValueError(f"not a value the judge reads: {sorted(data)[:3]}")


def _hashable(value: Any) -> Any:
    hash(value)  # a kernel object stand-in is hashable by identity; lists are refused
    return value


def rebuild_sdk(name: str, data: Any) -> Any:
    """The SDK's own type named `name`, validated from its JSON (only anthropic.types)."""
    import anthropic.types

    cls = getattr(anthropic.types, name, None)
    if not isinstance(cls, type) or not hasattr(cls, "model_validate"):
        raise ValueError(f"{name} is not one of the SDK's types")
    return cls.model_validate(data)


def rebuild_error(data: Any, own_class: Any = None) -> BaseException:
    """A builtin or `anthropic` exception with the kernel's message, or one the course's
    cells define in the judge (`own_class(name)`, for the kernel's `__main__`); any other
    class becomes a RuntimeError naming it (a class the student made is never rebuilt)."""
    import anthropic

    data = data if isinstance(data, dict) else {}
    name, module, message = str(data.get("type", "")), str(data.get("module", "")), str(data.get("message", ""))
    cls = None
    if module == "builtins":
        cls = getattr(builtins, name, None)
    elif module.startswith("anthropic"):
        cls = getattr(anthropic, name, None)
    elif module == "__main__" and own_class is not None and name.isidentifier():
        cls = own_class(name)
    elif module.startswith("agentcourse.") and module.replace(".", "").replace("_", "").isalnum():
        import importlib

        try:  # the course's own exceptions (a check's planned failure)
            cls = getattr(importlib.import_module(module), name, None)
        except ImportError:
            cls = None
    if not (isinstance(cls, type) and issubclass(cls, BaseException)):
        return RuntimeError(f"{module}.{name}: {message}"[:4000])
    if issubclass(cls, anthropic.APIError):
        error = cls.__new__(cls)
        Exception.__init__(error, message)
        error.message, error.body, error.request = message, None, None
        if isinstance(data.get("status"), int):
            error.status_code = data["status"]
        return error
    try:
        return cls(message)
    except Exception:  # noqa: BLE001 - an exception whose constructor wants more
        error = cls.__new__(cls)
        BaseException.__init__(error, message)
        return error
