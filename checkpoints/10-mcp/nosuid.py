"""nosuid.py (checkpoint 08): no setuid or setgid bit from the sandbox, even for root.

Try it from any folder: it prints the seccomp filter's size for this machine, or why
there is none.

    python path/to/checkpoints/08-anthropic-tools/nosuid.py

Run as root, the agent's sandbox maps root inside to root outside, so a file a command
makes in the project is root's on the host, and `chmod u+s` on it would leave a
setuid-root program for anyone who can reach the folder. A nosuid mount does not help:
the bit is on the file, and the host's own mounts honour it. So the sandbox carries a
seccomp filter (handed to bwrap with --seccomp) that refuses, with EPERM, every call
that would set either bit: chmod, fchmod, fchmodat and fchmodat2 with a mode holding
them, and open, openat, creat, mknod and mknodat creating a file with them. Two calls
whose mode the filter cannot read are refused whole (ENOSYS, as an old kernel would):
openat2, which programs fall back from, and io_uring_setup, whose queued operations a
filter never sees. Calls from another instruction set (32-bit ones on x86-64) are refused
too. File capabilities, the other way to grant privileges, need CAP_SETFCAP, which the
sandbox drops. Where no filter is written for the machine (only x86-64 and arm64 are),
filter() returns None and the sandbox says so.
"""

from __future__ import annotations

import errno
import platform
import struct

SPECIAL = 0o6000  # S_ISUID | S_ISGID
CREATES = 0o100 | 0o20000000  # O_CREAT | __O_TMPFILE: the open makes a file, with the mode given
ALLOW, ERRNO = 0x7FFF0000, 0x00050000  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | errno
LOAD, JEQ, JGE, JSET, RET = 0x20, 0x15, 0x35, 0x45, 0x06  # classic BPF: ld [k], jumps, ret k

# Per machine: (audit arch, {call: (number, mode argument, flags argument or None)}, refused whole)
MACHINES = {
    "x86_64": (0xC000003E, {"chmod": (90, 1, None), "fchmod": (91, 1, None), "fchmodat": (268, 2, None),
                            "fchmodat2": (452, 2, None), "creat": (85, 1, None), "open": (2, 2, 1),
                            "openat": (257, 3, 2), "mknod": (133, 1, None), "mknodat": (259, 2, None)},
               (437, 425)),
    "aarch64": (0xC00000B7, {"fchmod": (52, 1, None), "fchmodat": (53, 2, None), "fchmodat2": (452, 2, None),
                             "openat": (56, 3, 2), "mknodat": (33, 2, None)},
                (437, 425)),
}
MACHINES["amd64"], MACHINES["arm64"] = MACHINES["x86_64"], MACHINES["aarch64"]


def _op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("<HBBI", code, jt, jf, k)


def _arg(n: int) -> int:
    return 16 + 8 * n  # the low 32 bits of argument n in struct seccomp_data (little-endian)


def filter(machine: str | None = None) -> bytes | None:
    """The seccomp program, as bwrap --seccomp reads it, or None for an unknown machine."""
    known = MACHINES.get((machine or platform.machine()).lower())
    if known is None:
        return None
    arch, calls, refused = known
    program = [_op(LOAD, 4), _op(JEQ, arch, jt=1), _op(RET, ERRNO | errno.EPERM)]
    if arch == MACHINES["x86_64"][0]:  # x32 calls carry bit 30: another instruction set
        program += [_op(LOAD, 0), _op(JGE, 0x40000000, jf=1), _op(RET, ERRNO | errno.EPERM)]
    for number in refused:
        program += [_op(LOAD, 0), _op(JEQ, number, jf=1), _op(RET, ERRNO | errno.ENOSYS)]
    for number, mode, flags in calls.values():
        body = [] if flags is None else [_op(LOAD, _arg(flags)), _op(JSET, CREATES, jf=3)]
        body += [_op(LOAD, _arg(mode)), _op(JSET, SPECIAL, jf=1), _op(RET, ERRNO | errno.EPERM),
                 _op(RET, ALLOW)]
        program += [_op(LOAD, 0), _op(JEQ, number, jf=len(body)), *body]
    return b"".join(program + [_op(RET, ALLOW)])


if __name__ == "__main__":
    made = filter()
    print(f"{len(made) // 8} instructions for {platform.machine()}" if made else
          f"no filter for {platform.machine()}: the sandbox cannot stop setuid bits here")
