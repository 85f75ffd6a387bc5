"""`distdoctor dump`: every torch.distributed process on this node (or on every node), where it is stuck, and the
odd ones out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace

from distdoctor import defaults
from distdoctor.commands.hang_report import job_deadline, local_states, sampled_held, verdict
from distdoctor.errors import DistDoctorError, UsageError
from distdoctor.gather.wire import Channel, FrameError
from distdoctor.hang.discover import discover, missing_pids
from distdoctor.hang.ras import ras_status
from distdoctor.hang.relay import ask
from distdoctor.model import Report
from distdoctor.model.fields import host_problem
from distdoctor.model.hang import DistProcess
from distdoctor.model.secret import Secret

# dump's own clock: the ranks are sampled this many times, this far apart, to see who stands still.
DUMP_ROUNDS = 3
DUMP_GAP_S = 1.0


def diagnose(procs: Sequence[DistProcess], command: str, pg_timeout_s: float | None = None) -> Report:
    """This node alone: stacks sampled a few times, states, findings."""
    held = sampled_held(procs, DUMP_ROUNDS, DUMP_GAP_S)
    states, flight = local_states(procs, held)
    clock = replace(job_deadline(states, pg_timeout_s), window_s=DUMP_GAP_S * (DUMP_ROUNDS - 1))
    note = f"sampled {DUMP_ROUNDS} times over {DUMP_GAP_S * (DUMP_ROUNDS - 1):g} s: times in one frame are at least"
    note += f" that; deadline {clock.seconds:g} s ({clock.source})"
    return verdict(states, command, flight=flight, clock=clock, note=note, ras=ras_status(procs))


def coordinator_of(procs: Sequence[DistProcess]) -> tuple[str, int] | None:
    """Where node 0's `run` listens, from a local rank's MASTER_ADDR and MASTER_PORT."""
    for p in procs:
        if p.master_addr and p.master_port:
            return p.master_addr, p.master_port + defaults.RELAY_PORT_OFFSET
    return None


def parse_endpoint(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        raise UsageError(f"--coord {text!r}: expected HOST:PORT, e.g. 10.0.0.1:29501")
    host = host.strip("[]")
    problem = host_problem(host)
    if problem:
        raise UsageError(f"--coord {text[:80]!r}: {host[:60]!r} is not a host name or IP address ({problem})")
    return host, int(port)


def dump(
    pids: Sequence[int] = (),
    *,
    all_nodes: bool = False,
    coord: str | None = None,
    secret: Secret | None = None,
    pg_timeout_s: float | None = None,
) -> Report:
    """One look at this node (with `pids`: only those and their descendants); `all_nodes`: at every node, through
    node 0's `distdoctor run`."""
    if pids:
        gone = missing_pids(pids)
        if gone:
            raise UsageError(f"--pid {', '.join(map(str, gone))}: no such process on this node")
    procs = discover(pids or None)
    if not all_nodes:
        return diagnose(procs, "dump", pg_timeout_s)
    endpoint = parse_endpoint(coord) if coord else coordinator_of(procs)
    if endpoint is None:
        raise UsageError("--all-nodes: no rank on this node says where node 0 is (MASTER_ADDR); give --coord HOST:PORT")
    try:
        gathered = asyncio.run(ask(*endpoint, defaults.RELAY_ANSWER_TIMEOUT_S * 2, Channel(secret)))
    except FrameError as exc:
        raise DistDoctorError(
            exc.reason, "start the job with `distdoctor run -- torchrun ...` on every node, or drop --all-nodes"
        ) from None
    clock = job_deadline(gathered.states, pg_timeout_s)
    return verdict(gathered.states, "dump", gathered=gathered, port=endpoint[1], clock=clock)
