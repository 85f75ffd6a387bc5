"""`distdoctor dump`: every torch.distributed process on this node, where it is stuck, and the odd ones out."""

from __future__ import annotations

import socket
from collections.abc import Sequence
from typing import Any

from distdoctor.errors import UsageError
from distdoctor.hang.discover import discover, missing_pids
from distdoctor.hang.flight import analyse, find_dumps
from distdoctor.hang.model import DistProcess, ProcessState
from distdoctor.hang.stacks import dump_all, ptrace_scope
from distdoctor.model import Report
from distdoctor.rules.flight import flight_findings, with_sequence
from distdoctor.rules.stacks import classify, hang_findings


def state_row(s: ProcessState) -> dict[str, Any]:
    """One process of the rank table (text and --json)."""
    p = s.process
    return {
        "pid": p.pid,
        "host": p.host,
        "role": p.role,
        "launcher": p.launcher,
        "rank": p.rank,
        "local_rank": p.local_rank,
        "world_size": p.world_size,
        "status": p.status,
        "age_s": p.age_s,
        "state": s.state,
        "op": s.op,
        "seq": s.seq,
        "frame": s.frame,
        "where": s.where,
        "error": s.error,
    }


def diagnose(procs: Sequence[DistProcess], command: str, host: str | None = None) -> Report:
    """Stacks of the living processes, each one's state, and the findings across them."""
    host = host or socket.gethostname()
    samples = dump_all(p.pid for p in procs if p.alive)
    flight = analyse(find_dumps(procs))
    states = with_sequence([classify(p, samples.get(p.pid)) for p in procs], flight)
    findings = [*hang_findings(states, host, ptrace_scope()), *flight_findings(flight, host)]
    return Report(command=command, findings=tuple(findings), extra=(("ranks", [state_row(s) for s in states]),))


def dump(pids: Sequence[int] = ()) -> Report:
    """One look at this node: with `pids`, only those processes and their descendants."""
    if pids:
        gone = missing_pids(pids)
        if gone:
            raise UsageError(f"--pid {', '.join(map(str, gone))}: no such process on this node")
    return diagnose(discover(pids or None), "dump")
