"""`distdoctor dump`: every torch.distributed process on this node (or on every node), where it is stuck, and the
odd ones out."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Sequence
from typing import Any

from distdoctor import defaults
from distdoctor.errors import DistDoctorError, UsageError
from distdoctor.gather.wire import Channel, FrameError
from distdoctor.hang.discover import discover, missing_pids
from distdoctor.hang.flight import analyse, find_dumps
from distdoctor.hang.relay import Gathered, ask
from distdoctor.hang.stacks import dump_all, ptrace_scope
from distdoctor.model import Finding, Report
from distdoctor.model.hang import DistProcess, FlightAnalysis, ProcessState
from distdoctor.model.secret import Secret
from distdoctor.rules.flight import flight_findings, with_sequence
from distdoctor.rules.stacks import classify, findings_by_job


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
    extra: tuple[tuple[str, object], ...] = (),
) -> Report:
    """The findings over these states (gathered from every node, or this node's) as a Report with the rank table."""
    host = socket.gethostname()
    every_node = gathered is not None and gathered.complete
    findings = [*findings_by_job(states, host, ptrace_scope(), every_node=every_node), *flight_findings(flight, host)]
    if gathered is not None and gathered.missing:
        missing = ", ".join(map(str, gathered.missing))
        params = (("missing", missing), ("expected", str(gathered.expected)), ("port", str(port)))
        findings.append(Finding("hang-node-unanswered", "warning", f"node_rank {missing}", params=params))
    rows = [state_row(s) for s in states]
    more: tuple[tuple[str, object], ...] = (("nodes_answered", list(gathered.answered)),) if gathered else ()
    return Report(command=command, findings=tuple(findings), extra=(("ranks", rows), *more, *extra))


def diagnose(procs: Sequence[DistProcess], command: str) -> Report:
    """This node alone: stacks, states, findings."""
    states, flight = local_states(procs)
    return verdict(states, command, flight=flight)


def coordinator_of(procs: Sequence[DistProcess]) -> tuple[str, int] | None:
    """Where node 0's `run` listens, from a local rank's MASTER_ADDR and MASTER_PORT."""
    for p in procs:
        if p.master_addr and p.master_port:
            return p.master_addr, p.master_port + defaults.RELAY_PORT_OFFSET
    return None


def parse_endpoint(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--coord {text!r}: expected HOST:PORT, e.g. 10.0.0.1:29501")
    return host.strip("[]"), int(port)


def dump(
    pids: Sequence[int] = (),
    *,
    all_nodes: bool = False,
    coord: str | None = None,
    secret: Secret | None = None,
) -> Report:
    """One look at this node (with `pids`: only those and their descendants); `all_nodes`: at every node, through
    node 0's `distdoctor run`."""
    if pids:
        gone = missing_pids(pids)
        if gone:
            raise UsageError(f"--pid {', '.join(map(str, gone))}: no such process on this node")
    procs = discover(pids or None)
    if not all_nodes:
        return diagnose(procs, "dump")
    endpoint = parse_endpoint(coord) if coord else coordinator_of(procs)
    if endpoint is None:
        raise UsageError("--all-nodes: no rank on this node says where node 0 is (MASTER_ADDR); give --coord HOST:PORT")
    try:
        gathered = asyncio.run(ask(*endpoint, defaults.RELAY_ANSWER_TIMEOUT_S * 2, Channel(secret)))
    except FrameError as exc:
        raise DistDoctorError(
            exc.reason, "start the job with `distdoctor run -- torchrun ...` on every node, or drop --all-nodes"
        ) from None
    return verdict(gathered.states, "dump", gathered=gathered, port=endpoint[1])
