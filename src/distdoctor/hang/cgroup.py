"""A rank's memory cgroup: where it is, its limit and its OOM-kill counter (cgroup v2 memory.events, v1
memory.oom_control), and a process's exit status while it is a zombie (/proc/<pid>/stat)."""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass

CGROUP_ROOTS = ("/sys/fs/cgroup", "/sys/fs/cgroup/unified")
V1_MEMORY_ROOT = "/sys/fs/cgroup/memory"
# cgroup v1 writes "unlimited" as the largest page-aligned 64-bit value.
_V1_UNLIMITED = 1 << 62


@dataclass(frozen=True)
class MemoryCgroup:
    """One process's memory cgroup: its folder, version, limit (None: unlimited) and OOM kills so far."""

    path: str
    version: int
    limit_bytes: int | None
    oom_kills: int


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def counter(text: str | None, key: str) -> int | None:
    """`key N` from a flat keyed file (memory.events, memory.oom_control)."""
    for line in (text or "").splitlines():
        name, _, value = line.partition(" ")
        if name == key and value.strip().isdigit():
            return int(value)
    return None


def _limit(text: str | None) -> int | None:
    value = (text or "").strip()
    if not value.isdigit():
        return None  # "max", or unreadable
    return int(value) if int(value) < _V1_UNLIMITED else None


def _stat_fields(pid: int) -> list[str] | None:
    """/proc/<pid>/stat's fields from the third (state) on, past the command name that may hold spaces, or None."""
    text = _read(f"/proc/{pid}/stat")
    if not text or ")" not in text:
        return None
    return text.rsplit(")", 1)[1].split()


def _living(pid: int) -> bool:
    """Whether the process exists and has not exited: the kernel moves an exiting process to the root cgroup, so a
    zombie's /proc/<pid>/cgroup names the root, not the cgroup it died in."""
    fields = _stat_fields(pid)
    return fields is not None and fields[:1] not in (["Z"], ["X"], [])


def memory_cgroup(pid: int) -> MemoryCgroup | None:
    """The memory cgroup of a living process (v2 where its memory controller is on, else v1), or None (a process
    gone or exited, whose cgroup file no longer says where it ran)."""
    text = _read(f"/proc/{pid}/cgroup") if _living(pid) else None
    if text is None or not _living(pid):  # read again after: it may have exited while its file was read
        return None
    v1 = v2 = None
    for line in text.splitlines():
        _, controllers, path = line.split(":", 2) if line.count(":") >= 2 else ("", "", "")
        if controllers == "" and path:
            v2 = path
        elif "memory" in controllers.split(","):
            v1 = path
    if v2 is not None:
        for root in CGROUP_ROOTS:
            folder = os.path.join(root, v2.lstrip("/"))
            events = _read(os.path.join(folder, "memory.events"))
            if events is not None:
                limit = _limit(_read(os.path.join(folder, "memory.max")))
                return MemoryCgroup(folder, 2, limit, counter(events, "oom_kill") or 0)
    if v1 is not None:
        folder = os.path.join(V1_MEMORY_ROOT, v1.lstrip("/"))
        control = _read(os.path.join(folder, "memory.oom_control"))
        if control is not None:
            limit = _limit(_read(os.path.join(folder, "memory.limit_in_bytes")))
            return MemoryCgroup(folder, 1, limit, counter(control, "oom_kill") or 0)
    return None


def baseline(before: MemoryCgroup | None, now: MemoryCgroup | None) -> MemoryCgroup | None:
    """The reading a rank's death is compared with: the first one in its current cgroup. A later reading of the
    same cgroup may come after the kill, while the victim still frees its memory, and would hide it."""
    if now is None or (before is not None and before.path == now.path):
        return before
    return now


def oom_kills(cgroup: MemoryCgroup) -> int | None:
    """The cgroup's OOM-kill counter now (None: the cgroup is gone)."""
    if cgroup.version == 2:
        return counter(_read(os.path.join(cgroup.path, "memory.events")), "oom_kill")
    return counter(_read(os.path.join(cgroup.path, "memory.oom_control")), "oom_kill")


def zombie_status(pid: int) -> int | None:
    """The wait status a zombie left (field 52 of /proc/<pid>/stat, Linux 3.5+), before its parent reaps it."""
    fields = _stat_fields(pid)
    # fields[0] is field 3 (state); the exit code is field 52.
    if fields is None or len(fields) < 50 or fields[0] != "Z" or not fields[49].isdigit():
        return None
    return int(fields[49])


def kernel_oom_lines(pids: Collection[int]) -> dict[int, str]:
    """The kernel log's line on each of these pids' OOM kill, where /dev/kmsg is readable (root, no lockdown): one
    read of the log (up to 100,000 records) for them all."""
    if not pids:
        return {}
    try:
        fd = os.open("/dev/kmsg", os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return {}
    found: dict[int, str] = {}
    try:
        for _ in range(100_000):
            try:
                record = os.read(fd, 8192).decode("utf-8", "replace")
            except BlockingIOError:
                break
            except OSError:
                continue  # EPIPE: the ring overwrote the record being read
            message = record.split(";", 1)[-1].strip()
            _, marker, rest = message.partition("Killed process ")
            pid = rest.split(" ", 1)[0]
            if marker and pid.isdigit() and int(pid) in pids:
                found[int(pid)] = message
    finally:
        os.close(fd)
    return found


def wait_status(status: int | None) -> tuple[int | None, int | None]:
    """(exit code, signal) from a waitpid status, or a Popen-style negative code for a signal."""
    if status is None:
        return None, None
    if status < 0:
        return None, -status
    if status & 0x7F:
        return None, status & 0x7F
    return (status >> 8) & 0xFF, None
