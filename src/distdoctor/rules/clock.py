"""The runtime causes of a stall, pure: which deadline the waiting ranks will hit, whether an odd rank left the
training loop, and why a rank died (exit code, signal, its cgroup's OOM kills, NCCL's own abort)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from distdoctor.model import Finding
from distdoctor.model.hang import AbortLine, Deadline, Death, Frame, Loop, ProcessState
from distdoctor.rules.abort import WEIGHT, lines_of
from distdoctor.rules.finding import make_finding
from distdoctor.rules.log_signatures import SIGNATURES
from distdoctor.rules.phases import is_own

# torch's process-group timeouts when init_process_group is given none (c10d Backend.hpp, ProcessGroupNCCL.hpp):
# 30 min for gloo; for NCCL 10 min since torch 2.2 (pytorch#110947), 30 min before. No environment variable
# sets them: only init_process_group(timeout=...) does.
GLOO_DEFAULT_S = 1800.0
NCCL_DEFAULT_S = 600.0


def deadline(states: Sequence[ProcessState], given_s: float | None, nccl: bool) -> Deadline:
    """The timeout the waiting ranks run under: the user's --pg-timeout, else the flight recorder's entries,
    else torch's default for the backend the ranks load."""
    if given_s is not None:
        return Deadline(given_s, "--pg-timeout")
    recorded = [s.timeout_s for s in states if s.timeout_s]
    if recorded:
        return Deadline(min(recorded), "the flight recorder's timeout_ms")
    if nccl:
        return Deadline(NCCL_DEFAULT_S, "torch's NCCL default since 2.2 (30 min before; gloo 30 min)")
    return Deadline(GLOO_DEFAULT_S, "torch's default for gloo")


def training_loop(frames: Sequence[Frame], loops: Iterable[Loop]) -> tuple[Loop, int] | None:
    """The outermost loop of the program's own code that this (waiting) stack runs in, and the depth of its frame
    (frames innermost first)."""
    by_function: dict[tuple[str, str], list[Loop]] = {}
    for loop in loops:
        by_function.setdefault((loop.filename, loop.function), []).append(loop)
    for depth in range(len(frames) - 1, -1, -1):
        f = frames[depth]
        if not is_own(f):
            continue
        for loop in by_function.get((f.filename, f.name.rsplit(".", 1)[-1]), []):
            if loop.start <= f.line <= loop.end:
                return loop, depth
    return None


def left_loop(odd: Sequence[Frame], waiter: Sequence[Frame], loops: Iterable[Loop]) -> str:
    """How the odd rank left the loop its peers wait in (`` when it did not): past the loop's end in the same
    function, or the loop's function returned to its caller."""
    found = training_loop(waiter, loops)
    if found is None:
        return ""
    loop, depth = found
    where = f"{loop.filename.rsplit('/', 1)[-1]}:{loop.start}-{loop.end} in {loop.function}"
    for f in odd:
        if f.filename == loop.filename and f.name.rsplit(".", 1)[-1] == loop.function:
            if f.line > loop.end:
                return f"past the loop {where}, at line {f.line}"
            return ""
    caller = waiter[depth + 1] if depth + 1 < len(waiter) else None
    if caller is not None and any(f.filename == caller.filename and f.name == caller.name for f in odd):
        return f"{loop.function}() returned: the loop {where} ended"
    return ""


# Linux's numbers (signal(7)); a pure layer does not import the signal module.
_SIGNALS = {
    1: "SIGHUP",
    2: "SIGINT",
    3: "SIGQUIT",
    4: "SIGILL",
    6: "SIGABRT",
    7: "SIGBUS",
    8: "SIGFPE",
    9: "SIGKILL",
    11: "SIGSEGV",
    13: "SIGPIPE",
    15: "SIGTERM",
    24: "SIGXCPU",
    25: "SIGXFSZ",
}


SIGABRT = 6  # std::abort() and glog's LOG(FATAL) end a process with it
# Signals a launcher or a user sends to end ranks: never the first failure of a job.
_ENDINGS = frozenset({1, 2, 15})


def _signal_name(number: int) -> str:
    return _SIGNALS.get(number, f"signal {number}")


def _size(limit: int | None) -> str:
    if limit is None:
        return "no limit"
    for unit, factor in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if limit >= factor:
            return f"{limit / factor:.1f} {unit} ({limit} bytes)"
    return f"{limit} bytes"


_EXIT_REPORT = next(s.pattern for s in SIGNATURES if s.key == "exitcode")


def reported_exit(text: str) -> tuple[int, int] | None:
    """(pid, exit code: negative for a signal) from a launcher's report of a failed rank: torchrun's "failed
    (exitcode: -6) local_rank: 1 (pid: 4242)" and its failure table's "exitcode : -6 (pid: 4242)". A rank ended by
    SIGTERM/SIGINT/SIGHUP is left out: torchrun lists the siblings it ended itself after the first failure."""
    m = _EXIT_REPORT.search(text) if "exitcode" in text else None
    if m is None or -int(m["code"]) in _ENDINGS:
        return None
    return int(m["pid"]), int(m["code"])


def _failure(d: Death, aborts: Sequence[AbortLine]) -> str:
    """How an earlier death reads as the job's first failure ("" for none: a launcher's SIGTERM, exit 0, NCCL's own
    abort)."""
    if d.oom_kills:
        return "OOM kill"
    if d.signal is not None:
        if d.signal in _ENDINGS or (d.signal == SIGABRT and lines_of(d, aborts)):
            return ""
        return _signal_name(d.signal)
    return f"exit code {d.exit_code}" if d.exit_code else ""


def _lead(
    death: Death, kind: str, aborts: Sequence[AbortLine], earlier: Sequence[Death], peers: Sequence[ProcessState]
) -> tuple[str, str]:
    """Where to look instead of the aborted rank: a catalogue code, and the rank it names."""
    if kind == "cuda-error":
        return "abort-lead-own", ""
    for d in earlier:
        how = _failure(d, aborts) if d.pid != death.pid else ""
        if how:
            return "abort-lead-died", f"rank {'?' if d.rank is None else d.rank} (pid {d.pid}) on {d.host}: {how}"
    outside = [
        s
        for s in peers
        if s.state == "user-code" and s.process.alive and s.process.role == "worker" and s.process.pid != death.pid
    ]
    if not outside:
        return "abort-lead-unknown", ""
    late = max(outside, key=lambda s: s.held_s or 0.0)
    held = f", {late.held_s:.0f} s" if late.held_s else ""
    rank = "?" if late.process.rank is None else late.process.rank
    return "abort-lead-late", f"rank {rank} (pid {late.process.pid}): {late.frame or late.where or '?'}{held}"


def _nccl_abort(
    d: Death, aborts: Sequence[AbortLine], earlier: Sequence[Death], peers: Sequence[ProcessState], evidence: list[str]
) -> Finding | None:
    """rank-nccl-abort for a rank that died by SIGABRT after printing NCCL's abort lines, else None."""
    own = lines_of(d, aborts) if d.signal == SIGABRT else []
    if not own:
        return None
    main = min(own, key=lambda a: WEIGHT[a.kind])
    lead_class, lead = _lead(d, main.kind, aborts, earlier, peers)
    rank = "?" if d.rank is None else str(d.rank)
    return make_finding(
        "rank-nccl-abort",
        f"{d.host} (rank {rank})",
        [*evidence, *(f"{a.where}: {a.text}" for a in own[:4])],
        rank=rank,
        host=d.host,
        pid=d.pid,
        why_class=f"abort-{main.kind}",
        detail=f" ({main.detail})" if main.detail else "",
        lead_class=lead_class,
        lead=lead,
    )


def death_findings(
    deaths: Iterable[Death],
    aborts: Sequence[AbortLine] = (),
    earlier: Sequence[Death] = (),
    peers: Sequence[ProcessState] = (),
) -> list[Finding]:
    """Why each rank died: the OOM killer (its cgroup's counter went up), NCCL's own abort (SIGABRT after its
    lines in `aborts`: pointed at a failure in `earlier` deaths or a late rank among `peers`), a signal, an exit
    code; a rank that exited 0 while its peers still run left early."""
    out = []
    for d in deaths:
        rank = "?" if d.rank is None else str(d.rank)
        node = f"{d.host} (rank {rank})"
        if d.reported:
            status = f"its launcher reported its exit ({d.reported})"
        elif d.exit_code is None and d.signal is None:
            status = "reaped by its parent before its status could be read"
        else:
            status = f"exit code {d.exit_code}" if d.signal is None else f"ended by {_signal_name(d.signal)}"
        evidence = [f"rank {rank} pid {d.pid}: {status}"]
        if d.last_frame:
            evidence.append(f"last seen at {d.last_frame}")
        if d.oom_kills:
            evidence.append(f"{d.cgroup}: oom_kill +{d.oom_kills}, limit {_size(d.limit_bytes)}")
            if d.kernel_line:
                evidence.append(f"kernel: {d.kernel_line}")
            out.append(
                make_finding(
                    "rank-oom-killed",
                    node,
                    evidence,
                    rank=rank,
                    host=d.host,
                    pid=d.pid,
                    limit=_size(d.limit_bytes),
                    cgroup=d.cgroup,
                    kills=d.oom_kills,
                )
            )
        elif abort := _nccl_abort(d, aborts, earlier, peers, evidence):
            out.append(abort)
        elif d.signal is not None:
            out.append(
                make_finding(
                    "rank-signalled",
                    node,
                    evidence,
                    rank=rank,
                    host=d.host,
                    pid=d.pid,
                    signal=_signal_name(d.signal),
                    waiting=d.peers_alive,
                )
            )
        elif d.exit_code:
            out.append(
                make_finding("rank-exit-code", node, evidence, rank=rank, host=d.host, pid=d.pid, code=d.exit_code)
            )
        elif d.exit_code == 0 and d.peers_alive:
            out.append(
                make_finding(
                    "hang-rank-left",
                    node,
                    evidence,
                    rank=rank,
                    host=d.host,
                    how="exited 0",
                    frame=d.last_frame or "?",
                    waiting=d.peers_alive,
                    op="their collectives",
                )
            )
    return out


def late_findings(
    outside: Sequence[ProcessState], waiting: Sequence[ProcessState], clock: Deadline, host: str
) -> list[Finding]:
    """The odd ranks held in one frame, against the deadline the waiting ranks will hit."""
    out = []
    waited = max((s.held_s or 0.0 for s in waiting), default=0.0)
    left = max(0.0, clock.seconds - waited)
    ops = "/".join(sorted({s.op for s in waiting})) or "?"
    names = ", ".join(str(s.process.rank) for s in waiting if s.process.rank is not None) or "?"
    for s in outside:
        rank = "?" if s.process.rank is None else str(s.process.rank)
        floor = clock.window_s is not None and (s.held_s or 0.0) >= clock.window_s - 0.5
        held = ("≥" if floor else "") + f"{s.held_s or 0:.0f}"
        evidence = [
            f"rank {rank} pid {s.process.pid}: the same frame for {s.held_s:.0f} s: {s.where}",
            *(f"rank {w.process.rank} pid {w.process.pid}: {w.op} for {w.held_s or 0:.0f} s" for w in waiting),
            f"deadline: {clock.seconds:g} s ({clock.source})",
        ]
        out.append(
            make_finding(
                "hang-rank-late",
                f"{s.process.host or host} (rank {rank})",
                evidence,
                rank=rank,
                host=s.process.host or host,
                held=held,
                timeout=f"{clock.seconds:g}",
                source=clock.source,
                phase=s.phase or "user code",
                frame=s.frame or s.where,
                waiting=names,
                op=ops,
                left=f"{left:.0f}",
            )
        )
    return out
