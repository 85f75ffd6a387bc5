"""What dump and run both hand to render/ when ranks stall: each process's state (stacks, flight-recorder sequence
numbers) and the hang verdict over them, as a Report with the rank table."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace

import psutil

from distdoctor.facts.rdma import gather_rdma
from distdoctor.hang.discover import uses_nccl
from distdoctor.hang.flight import analyse, find_dumps
from distdoctor.hang.source import loops_in
from distdoctor.hang.stacks import dump, dump_all, ptrace_scope
from distdoctor.model import Report
from distdoctor.model.hang import (
    Deadline,
    DistProcess,
    FlightAnalysis,
    Gathered,
    ProcessState,
    RasStatus,
    StackSample,
)
from distdoctor.model.report import HangData, RankRow
from distdoctor.rules.clock import deadline, left_loop
from distdoctor.rules.devices import rank_memlock
from distdoctor.rules.flight import with_sequence
from distdoctor.rules.hang import hang_verdict
from distdoctor.rules.phases import is_own, phase_of
from distdoctor.rules.stacks import classify, user_frame


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


def local_states(
    procs: Sequence[DistProcess],
    held: Mapping[int, float] | None = None,
    last_seen: Mapping[int, StackSample] | None = None,
    current: Mapping[int, StackSample] | None = None,
) -> tuple[list[ProcessState], FlightAnalysis | None]:
    """Stacks of the living processes, each one's state (sequence numbers from flight-recorder dumps), and for the
    ranks outside a collective: how long in that frame (`held`), what they do, and what holds them. `current`: the
    stacks just read (the sample that called the stall), not read again."""
    fresh = {pid: s for pid, s in (current or {}).items() if not s.error}
    samples = {**fresh, **dump_all(p.pid for p in procs if p.alive and p.pid not in fresh)}
    flight = analyse(find_dumps(procs))
    states = with_sequence([classify(p, samples.get(p.pid)) for p in procs], flight)
    return runtime_detail(states, {**(last_seen or {}), **samples}, held or {}, flight), flight


def sampled_held(procs: Sequence[DistProcess], rounds: int, gap_s: float) -> dict[int, float]:
    """`dump`'s own clock: the ranks sampled `rounds` times `gap_s` apart; a rank whose main thread stood in the
    same frame throughout was held at least that long."""
    first: dict[int, object] = {}
    held: dict[int, float] = {}
    start = time.monotonic()
    pids = [p.pid for p in procs if p.alive and p.role == "worker"]
    for i in range(rounds):
        if i:
            time.sleep(gap_s)
        for pid, sample in dump_all(pids, nonblocking=True).items():
            thread = sample.main_thread()
            key = tuple((f.name, f.line) for f in thread.frames) if thread else None
            if i == 0:
                first[pid] = key
            elif key is not None and first.get(pid) == key:
                held[pid] = round(time.monotonic() - start, 1)
            else:
                held.pop(pid, None)
                first[pid] = None
    return held


def runtime_detail(
    states: Sequence[ProcessState],
    samples: Mapping[int, StackSample],
    held: Mapping[int, float],
    flight: FlightAnalysis | None,
) -> list[ProcessState]:
    """Each state with its time in one frame, its phase, its collective's timeout (flight recorder); for an odd
    rank while its peers wait in a collective: the loop it left, or the DataLoader worker it waits on."""
    timeouts = {lc.rank: lc.timeout_s for lc in (flight.last if flight else ()) if lc.timeout_s}
    out = []
    for s in states:
        sample = samples.get(s.process.pid)
        thread = sample.main_thread() if sample else None
        frames = thread.frames if thread else ()
        s = replace(
            s,
            held_s=held.get(s.process.pid),
            phase=phase_of(frames) if s.state in ("user-code", "device-sync") else "",
            timeout_s=timeouts.get(s.process.rank) if s.process.rank is not None else None,
        )
        out.append(s)
    waiting = [s for s in out if s.state in ("collective", "barrier") and s.process.role == "worker"]
    if not waiting:
        return out
    waiter = samples.get(waiting[0].process.pid)
    waiter_thread = waiter.main_thread() if waiter else None
    waiter_frames = waiter_thread.frames if waiter_thread else ()
    loops = loops_in(f.filename for f in waiter_frames if is_own(f))
    for i, s in enumerate(out):
        if s.process.role != "worker" or s.state not in ("user-code", "device-sync", "dead"):
            continue
        sample = samples.get(s.process.pid)
        thread = sample.main_thread() if sample else None
        frames = thread.frames if thread else ()
        how = left_loop(frames, waiter_frames, loops) if frames and s.state != "dead" else ""
        if how:
            out[i] = replace(s, detail=f"left: {how}")
        elif s.phase == "data loading" and s.process.helpers:
            out[i] = replace(s, detail=f"loader: {loader_workers(s.process.helpers)}")
        elif s.state == "dead" and frames:
            out[i] = replace(s, frame=user_frame(frames))
    return out


def loader_workers(pids: Sequence[int]) -> str:
    """A rank's worker processes, the stuck ones first: state D, zombie or gone; else the one in its own code
    (a dataset's __getitem__) rather than idle on its index queue."""
    stuck, idle = [], []
    for pid in pids:
        try:
            status = psutil.Process(pid).status()
        except psutil.Error:
            stuck.append(f"pid {pid} gone")
            continue
        frame = ""
        if status not in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD):
            thread = dump(pid).main_thread()
            own = [f for f in thread.frames if is_own(f)] if thread else []
            frame = str(own[0]) if own else ""
        text = f"pid {pid} ({status})" + (f" at {frame}" if frame else "")
        if status in (psutil.STATUS_DISK_SLEEP, psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD) or frame:
            stuck.append("stuck: " + text)
        else:
            idle.append(text)
    with contextlib.suppress(IndexError):
        return "; ".join([*stuck, *idle][:4]) + (f" (+{len(pids) - 4})" if len(pids) > 4 else "")
    return "none found"


def job_deadline(states: Sequence[ProcessState], given_s: float | None) -> Deadline:
    """The deadline the ranks run under (see rules/clock.py), NCCL's default where a rank has NCCL loaded."""
    nccl = given_s is None and any(uses_nccl(s.process.pid) for s in states if s.process.alive)
    return deadline(states, given_s, nccl)


def verdict(
    states: Sequence[ProcessState],
    command: str,
    *,
    flight: FlightAnalysis | None = None,
    gathered: Gathered | None = None,
    port: int = 0,
    note: str = "",
    clock: Deadline | None = None,
    ras: RasStatus | None = None,
) -> Report:
    """The hang verdict over these states (gathered from every node, or this node's) as a Report with the rank table."""
    host = socket.gethostname()
    findings = hang_verdict(
        states, host, ptrace_scope(), flight=flight, gathered=gathered, port=port, clock=clock, ras=ras
    )
    findings += rank_memlock(states, host, gather_rdma())  # this host's ranks: the others' HCAs are not seen here
    data = HangData(
        ranks=tuple(state_row(s) for s in states),
        nodes_answered=gathered.answered if gathered else None,
        note=note,
    )
    return Report(command=command, findings=tuple(findings), data=data)
