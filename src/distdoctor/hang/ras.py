"""NCCL's RAS service (NCCL 2.24+): a plain-text status query to its client port (localhost:28028, or NCCL_RAS_ADDR),
tried only when a rank has such an NCCL loaded, and never waited on for long."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Sequence

from distdoctor.model.hang import DistProcess, RasStatus
from distdoctor.rules.ras import parse

RAS_PORT = 28028
RAS_TIMEOUT_S = 3.0  # RAS waits on an unresponsive process (2 s in NCCL's own sample): a little more, no longer
MAX_ANSWER_BYTES = 1 << 20
_LIBNCCL = re.compile(r"libnccl\.so\.(\d+)\.(\d+)\.(\d+)")


def nccl_version(pid: int) -> tuple[int, int, int] | None:
    """The NCCL a process has loaded, from the versioned library name in its memory map."""
    try:
        with open(f"/proc/{pid}/maps", encoding="ascii", errors="replace") as f:
            for line in f:
                m = _LIBNCCL.search(line)
                if m:
                    return int(m[1]), int(m[2]), int(m[3])
    except OSError:
        pass
    return None


def ras_address(proc: DistProcess) -> tuple[str, int]:
    addr = dict(proc.env).get("NCCL_RAS_ADDR", "")
    host, _, port = addr.rpartition(":")
    return (host or "localhost", int(port)) if port.isdigit() else ("localhost", RAS_PORT)


def query(host: str = "localhost", port: int = RAS_PORT, timeout_s: float = RAS_TIMEOUT_S) -> str | None:
    """RAS's text answer to STATUS, or None (nothing listens, or no answer in time)."""
    deadline = time.monotonic() + timeout_s
    try:
        with socket.create_connection((host, port), timeout=min(1.0, timeout_s)) as sock:
            sock.sendall(b"STATUS\n")
            chunks: list[bytes] = []
            while sum(map(len, chunks)) < MAX_ANSWER_BYTES:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                sock.settimeout(left)
                chunk = sock.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
    except OSError:
        return None
    text = b"".join(chunks).decode("utf-8", "replace")
    return text or None


def ras_status(procs: Sequence[DistProcess]) -> RasStatus | None:
    """RAS's view of the job, where a living rank runs NCCL 2.24+; None otherwise."""
    for p in procs:
        if p.role != "worker" or not p.alive:
            continue
        version = nccl_version(p.pid)
        if version is None or version < (2, 24, 0):
            continue
        answer = query(*ras_address(p))
        return parse(answer) if answer else None
    return None
