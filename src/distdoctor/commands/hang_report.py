"""What dump and run both hand to render/ when ranks stall: each process's state (stacks, flight-recorder sequence
numbers) and the hang verdict over them, as a Report with the rank table."""

from __future__ import annotations

import socket
from collections.abc import Sequence

from distdoctor.facts.rdma import gather_rdma
from distdoctor.hang.flight import analyse, find_dumps
from distdoctor.hang.stacks import dump_all, ptrace_scope
from distdoctor.model import Report
from distdoctor.model.hang import DistProcess, FlightAnalysis, Gathered, ProcessState
from distdoctor.model.report import HangData, RankRow
from distdoctor.rules.devices import rank_memlock
from distdoctor.rules.flight import with_sequence
from distdoctor.rules.hang import hang_verdict
from distdoctor.rules.stacks import classify


def state_row(s: ProcessState) -> RankRow:
    """One process of the rank table (text, HTML and --json)."""
    p = s.process
    return RankRow(
        pid=p.pid,
        host=p.host,
        role=p.role,
        launcher=p.launcher,
        rank=p.rank,
        local_rank=p.local_rank,
        world_size=p.world_size,
        status=p.status,
        age_s=p.age_s,
        state=s.state,
        op=s.op,
        seq=s.seq,
        frame=s.frame,
        where=s.where,
        error=s.error,
    )


def local_states(procs: Sequence[DistProcess]) -> tuple[list[ProcessState], FlightAnalysis | None]:
    """Stacks of the living processes, each one's state (sequence numbers from flight-recorder dumps)."""
    samples = dump_all(p.pid for p in procs if p.alive)
    flight = analyse(find_dumps(procs))
    return with_sequence([classify(p, samples.get(p.pid)) for p in procs], flight), flight


def verdict(
    states: Sequence[ProcessState],
    command: str,
    *,
    flight: FlightAnalysis | None = None,
    gathered: Gathered | None = None,
    port: int = 0,
    note: str = "",
) -> Report:
    """The hang verdict over these states (gathered from every node, or this node's) as a Report with the rank table."""
    host = socket.gethostname()
    findings = hang_verdict(states, host, ptrace_scope(), flight=flight, gathered=gathered, port=port)
    findings += rank_memlock(states, host, gather_rdma())  # this host's ranks: the others' HCAs are not seen here
    data = HangData(
        ranks=tuple(state_row(s) for s in states),
        nodes_answered=gathered.answered if gathered else None,
        note=note,
    )
    return Report(command=command, findings=tuple(findings), data=data)
