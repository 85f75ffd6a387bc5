"""Pure rules over hung ranks: each process's stack -> the state it is in; all states -> hang-* findings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from distdoctor.model import Finding
from distdoctor.model.hang import Deadline, DistProcess, Frame, ProcessState, StackSample, State
from distdoctor.rules.clock import late_findings
from distdoctor.rules.finding import make_finding
from distdoctor.rules.phases import is_stdlib, is_torch

# torch.distributed's collectives as the program calls them (distributed_c10d.py). The outermost one on a stack
# is the call the program made (all_gather_object calls all_gather inside).
COLLECTIVES = frozenset(
    {
        "all_reduce",
        "all_reduce_coalesced",
        "all_gather",
        "all_gather_into_tensor",
        "all_gather_object",
        "all_gather_coalesced",
        "broadcast",
        "broadcast_object_list",
        "reduce",
        "reduce_scatter",
        "reduce_scatter_tensor",
        "all_to_all",
        "all_to_all_single",
        "gather",
        "gather_object",
        "scatter",
        "scatter_object_list",
        "send",
        "recv",
        "isend",
        "irecv",
        "batch_isend_irecv",
        "send_object_list",
        "recv_object_list",
    }
)
BARRIERS = frozenset({"barrier", "monitored_barrier"})
STORE_FRAMES = frozenset({"_create_c10d_store", "_create_tcp_store", "_tcp_rendezvous_handler"})
PG_INIT_FRAMES = frozenset({"init_process_group", "new_group", "new_subgroups", "init_device_mesh"})
AGENT_RENDEZVOUS = ("next_rendezvous", "_rendezvous")
# Beyond this many ranks a finding lists the first ones and counts the rest.
RANKS_SHOWN = 16


def _base(frame: Frame) -> str:
    return frame.name.rsplit(".", 1)[-1]


_is_torch = is_torch


def _in_c10d(frame: Frame) -> bool:
    return frame.short.endswith("distributed/distributed_c10d.py")


_is_stdlib = is_stdlib


def user_frame(frames: Sequence[Frame]) -> str:
    """The innermost frame of the program's own code (not torch, not the standard library): `file:line in func`."""
    own = [f for f in frames if not _is_torch(f) and not _is_stdlib(f)]
    chosen = own[0] if own else next((f for f in frames if not _is_torch(f)), frames[0] if frames else None)
    return f"{chosen.short}:{chosen.line} in {chosen.name}" if chosen else ""


def classify(process: DistProcess, sample: StackSample | None) -> ProcessState:
    """Where one process is: from its status, then its main thread's frames (innermost first)."""
    if not process.alive:
        return ProcessState(process, "dead")
    if sample is None or sample.error:
        return ProcessState(process, "unavailable", error=sample.error if sample else "gone")
    thread = sample.main_thread()
    frames = thread.frames if thread else ()
    me = user_frame(frames)
    if process.role == "agent":
        for f in frames:
            if _is_torch(f) and _base(f) in AGENT_RENDEZVOUS:
                return ProcessState(process, "rendezvous", op=_base(f), frame=me, where=str(f))
        return ProcessState(process, "supervising", frame=me, where=str(frames[0]) if frames else "")
    torch_frames = [f for f in frames if _is_torch(f)]
    for f in torch_frames:
        if _base(f) == "synchronize" and "/cuda/" in f.filename + "/" + f.short:
            return ProcessState(process, "device-sync", op="synchronize", frame=me, where=str(f))
    for f in torch_frames:
        if _base(f) in STORE_FRAMES:
            return ProcessState(process, "store-connect", op=_base(f), frame=me, where=str(f))
    for f in torch_frames:
        if (_base(f) in PG_INIT_FRAMES and _in_c10d(f)) or _base(f) == "init_device_mesh":
            return ProcessState(process, "pg-init", op=_base(torch_frames[0]), frame=me, where=str(torch_frames[0]))
    calls = [f for f in torch_frames if _in_c10d(f) and _base(f) in COLLECTIVES | BARRIERS]
    if calls:
        outer = calls[-1]
        state: State = "barrier" if _base(outer) in BARRIERS else "collective"
        return ProcessState(process, state, op=_base(outer), frame=me, where=str(outer))
    return ProcessState(process, "user-code", frame=me, where=str(frames[0]) if frames else "")


def ranks_text(ranks: Iterable[int]) -> str:
    """`0, 1, 2` — the first RANKS_SHOWN, then how many more."""
    ordered = sorted(set(ranks))
    shown = ", ".join(map(str, ordered[:RANKS_SHOWN]))
    return shown + (f" … (+{len(ordered) - RANKS_SHOWN})" if len(ordered) > RANKS_SHOWN else "")


def _rank_of(s: ProcessState) -> str:
    return "?" if s.process.rank is None else str(s.process.rank)


def _hosts(host: str, states: Sequence[ProcessState]) -> str:
    """The hosts the states come from (gathered across nodes), else this node's."""
    return ", ".join(sorted({s.process.host for s in states if s.process.host})) or host


def _node(host: str, states: Sequence[ProcessState]) -> str:
    host = _hosts(host, states)
    ranks = [s.process.rank for s in states if s.process.rank is not None]
    if ranks:
        return f"{host} (rank {ranks_text(ranks)})" if len(ranks) == 1 else f"{host} (ranks {ranks_text(ranks)})"
    return f"{host} (pid {', '.join(str(s.process.pid) for s in states)})"


def _world(workers: Sequence[ProcessState]) -> int | None:
    sizes = {s.process.world_size for s in workers if s.process.world_size}
    return max(sizes) if sizes else None


def missing_ranks(workers: Sequence[ProcessState]) -> list[int]:
    """Ranks 0..WORLD_SIZE-1 that no living process on this node claims."""
    world = _world(workers)
    if world is None:
        return []
    present = {s.process.rank for s in workers if s.state != "dead" and s.process.rank is not None}
    return [r for r in range(world) if r not in present]


def _all_local(workers: Sequence[ProcessState]) -> bool:
    # LOCAL_WORLD_SIZE == WORLD_SIZE: the whole job runs on this node, so a rank not found here is gone.
    world = _world(workers)
    return world is not None and any(s.process.local_world_size == world for s in workers)


def _missing_text(missing: list[int], all_local: bool) -> str:
    if not missing:
        return "none"
    where = "" if all_local else " (maybe on another node)"
    return f"{ranks_text(missing)}{where}"


def _line(s: ProcessState) -> str:
    what = s.op or s.state
    return f"{s.process.label}: {s.state} {what if what != s.state else ''}".rstrip() + (
        f" at {s.where}" if s.where else ""
    )


def jobs(states: Sequence[ProcessState]) -> list[list[ProcessState]]:
    """The states split by job (MASTER_ADDR, MASTER_PORT, run id): one node may run several jobs at once."""

    def key(s: ProcessState) -> tuple[object, ...]:
        p = s.process
        return (p.master_addr, p.master_port, p.run_id)

    groups: dict[tuple[object, ...], list[ProcessState]] = {}
    siblings = {s.process.ppid: key(s) for s in states if s.process.role == "worker" and s.process.alive}
    for s in states:
        if s.process.role == "agent":
            continue
        # A zombie's environment is gone: it belongs to the job of the ranks beside it.
        k = key(s) if s.process.alive or s.process.env else siblings.get(s.process.ppid, key(s))
        groups.setdefault(k, []).append(s)
    for s in states:
        if s.process.role != "agent":
            continue
        children = [c for c in states if c.process.ppid == s.process.pid and c.process.role == "worker"]
        k = key(children[0]) if children else ("agent", s.process.pid)
        groups.setdefault(k, []).insert(0, s)
    return list(groups.values())


def findings_by_job(
    states: Sequence[ProcessState],
    host: str,
    ptrace_scope: int | None = None,
    every_node: bool = False,
    clock: Deadline | None = None,
) -> list[Finding]:
    """hang_findings for each job found (never mixing two jobs' ranks)."""
    if not states:
        return hang_findings(states, host, ptrace_scope, every_node, clock)
    return [f for job in jobs(states) for f in hang_findings(job, host, ptrace_scope, every_node, clock)]


def hang_findings(
    states: Sequence[ProcessState],
    host: str,
    ptrace_scope: int | None = None,
    every_node: bool = False,
    clock: Deadline | None = None,
) -> list[Finding]:
    """The hang-* findings for the processes of one node, or of every node (`every_node`: gathered from all, so a
    rank found nowhere is gone). `ptrace_scope` is kernel.yama.ptrace_scope; `clock`: the deadline the waiting
    ranks run under, where the odd ranks' time in one frame is known."""
    out: list[Finding] = []
    agents = [s for s in states if s.process.role == "agent"]
    workers = [s for s in states if s.process.role == "worker"]
    if not states:
        return [make_finding("hang-no-processes", host, host=host)]
    out += _unavailable([s for s in states if s.state == "unavailable"], host, ptrace_scope)
    rdzv = [s for s in agents if s.state == "rendezvous"]
    if rdzv and not [w for w in workers if w.state != "dead"]:
        out.append(
            make_finding(
                "hang-rendezvous",
                _node(host, rdzv),
                tuple(f"{s.process.label}: {s.where}; {' '.join(s.process.cmdline)}" for s in rdzv),
                host=_hosts(host, rdzv),
                pids=", ".join(str(s.process.pid) for s in rdzv),
            )
        )
    missing = missing_ranks(workers)
    all_local = every_node or _all_local(workers)
    out += _dead(workers, missing, all_local, host)
    out += _init(workers, missing, all_local, host)
    out += _collectives(workers, host, clock)
    if not any(f.severity == "error" for f in out):
        out += _nothing_odd(workers, missing, all_local, host)
    return out


def _nothing_odd(workers: Sequence[ProcessState], missing: list[int], all_local: bool, host: str) -> list[Finding]:
    # No rank here is the odd one out: say where they all are, so a stall verdict never reads "healthy".
    living = [s for s in workers if s.state != "dead"]
    if not living:
        return []
    ranks = ranks_text(s.process.rank for s in living if s.process.rank is not None) or "?"
    if all(s.state in ("collective", "barrier") for s in living):
        params = (
            ("ranks", ranks),
            ("op", "/".join(sorted({_call(s) for s in living}))),
            ("host", _hosts(host, living)),
            ("missing", _missing_text(missing, all_local)),
        )
        return [make_finding("hang-all-waiting", _node(host, living), tuple(map(_line, living)), **dict(params))]
    if all(s.state == "user-code" for s in living):
        frames = "; ".join(f"rank {_rank_of(s)} at {s.frame}" for s in living[:RANKS_SHOWN])
        mine = (("ranks", ranks), ("host", _hosts(host, living)), ("frames", frames))
        return [make_finding("hang-in-user-code", _node(host, living), tuple(map(_line, living)), **dict(mine))]
    return []


def _unavailable(states: Sequence[ProcessState], host: str, ptrace_scope: int | None) -> list[Finding]:
    if any(s.error == "no-py-spy" for s in states):
        return [make_finding("py-spy-missing", host)]
    out = []
    for s in states:
        evidence = (f"{s.process.label}: py-spy: {s.error}",)
        if s.error == "permission":
            scope = "unknown" if ptrace_scope is None else str(ptrace_scope)
            params = (("pid", str(s.process.pid)), ("ptrace_scope", scope))
            out.append(make_finding("stack-permission-denied", _node(host, [s]), evidence, **dict(params)))
        else:
            params = (("pid", str(s.process.pid)), ("stack_class", s.error or "failed"))
            out.append(make_finding("stack-unavailable", _node(host, [s]), evidence, **dict(params)))
    return out


def _dead(workers: Sequence[ProcessState], missing: list[int], all_local: bool, host: str) -> list[Finding]:
    dead = [s for s in workers if s.state == "dead"]
    living = [s for s in workers if s.state != "dead"]
    # A rank not found is dead only when the whole job runs here and its peers are past start-up.
    past_start = any(s.state in ("pg-init", "barrier", "collective", "device-sync") for s in living)
    if not dead and not (missing and all_local and past_start):
        return []
    # A rank gone (reaped, not a zombie) while the torchrun agent still runs its peers exited 0: torchrun ends
    # every rank at once when one fails. It left early (uneven inputs), it did not die.
    supervised = any(s.process.launcher == "torchrun" for s in living) and past_start
    left = [s for s in dead if supervised and s.process.status == "dead" and s.process.launcher == "torchrun"]
    if left and len(left) == len(dead):
        waiting = [s for s in living if s.state in ("collective", "barrier")]
        names = ranks_text(s.process.rank for s in waiting if s.process.rank is not None) or "?"
        return [
            make_finding(
                "hang-rank-left",
                _node(host, [s]),
                (f"{s.process.label}: gone", *map(_line, living)),
                rank=_rank_of(s),
                host=s.process.host or host,
                how="exited 0 (torchrun still runs its peers: it ends them all when one fails)",
                frame=f"last seen at {s.frame}" if s.frame else "not seen",
                waiting=names,
                op="/".join(sorted({w.op for w in waiting})) or "?",
            )
            for s in left
        ]
    named = [s.process.rank for s in dead if s.process.rank is not None]
    ranks = ranks_text(named) if named else ranks_text(missing) if missing else "?"
    evidence = [f"{s.process.label}: {s.process.status}" for s in dead]
    if missing:
        evidence.append(f"ranks not found alive on {host}: {ranks_text(missing)}")
    evidence += [_line(s) for s in living]
    return [
        make_finding(
            "hang-rank-dead",
            _node(host, dead or living),
            tuple(evidence),
            ranks=ranks,
            host=_hosts(host, dead or living),
            pids=", ".join(str(s.process.pid) for s in dead) or "-",
            waiting=ranks_text(s.process.rank for s in living if s.process.rank is not None) or "-",
        )
    ]


def _init(workers: Sequence[ProcessState], missing: list[int], all_local: bool, host: str) -> list[Finding]:
    out = []
    elsewhere = [s for s in workers if s.state not in ("store-connect", "pg-init", "dead")]
    others = _missing_text(missing, all_local)
    if elsewhere:
        others = (others + "; " if missing else "") + "; ".join(f"rank {_rank_of(s)} in {s.state}" for s in elsewhere)
    for state, name in (("store-connect", "hang-store-connect"), ("pg-init", "hang-pg-init")):
        stuck = [s for s in workers if s.state == state]
        if not stuck:
            continue
        master = next((f"{s.process.master_addr}:{s.process.master_port}" for s in stuck if s.process.master_addr), "?")
        out.append(
            make_finding(
                name,
                _node(host, stuck),
                tuple(_line(s) for s in stuck) + tuple(_line(s) for s in elsewhere),
                ranks=ranks_text(s.process.rank for s in stuck if s.process.rank is not None) or "?",
                host=_hosts(host, stuck),
                master=master,
                missing=others,
            )
        )
    return out


def _collectives(workers: Sequence[ProcessState], host: str, clock: Deadline | None = None) -> list[Finding]:
    waiting = [s for s in workers if s.state in ("collective", "barrier")]
    if not waiting:
        return []
    many_hosts = len({s.process.host for s in workers}) > 1

    def _who(s: ProcessState) -> str:
        # Across nodes, the host tells the reader where to look.
        return f"rank {_rank_of(s)}" + (f" ({s.process.host})" if many_hosts else "")

    out = []
    calls = {(s.op, s.seq) for s in waiting}
    if len(calls) > 1:
        out.append(
            make_finding(
                "hang-collective-mismatch",
                _node(host, waiting),
                tuple(_line(s) for s in waiting),
                host=_hosts(host, waiting),
                calls="; ".join(f"{_who(s)}: {_call(s)}" for s in waiting),
            )
        )
    outside = [s for s in workers if s.state in ("user-code", "device-sync")]
    out += _runtime_causes(outside, waiting, host, clock)
    # The ranks a runtime cause names are told once, by it.
    outside = [s for s in outside if not _has_runtime_cause(s, clock)]
    if outside:
        out.append(
            make_finding(
                "hang-rank-outside-collective",
                _node(host, outside),
                tuple(_line(s) for s in [*outside, *waiting]),
                ranks=", ".join(_rank_of(s) for s in outside),
                frames="; ".join(f"{_who(s)} at {s.frame or s.where}" for s in outside),
                waiting=ranks_text(s.process.rank for s in waiting if s.process.rank is not None) or "?",
                op="/".join(sorted({s.op for s in waiting})),
                host=_hosts(host, outside),
            )
        )
    return out


def _call(s: ProcessState) -> str:
    return s.op + (f" #{s.seq}" if s.seq is not None else "")


def _has_runtime_cause(s: ProcessState, clock: Deadline | None) -> bool:
    return s.detail.startswith(("left:", "loader:")) or (clock is not None and s.held_s is not None)


def _runtime_causes(
    outside: Sequence[ProcessState], waiting: Sequence[ProcessState], host: str, clock: Deadline | None
) -> list[Finding]:
    """The odd ranks whose cause is known: left the loop, stuck on a DataLoader worker, late against the clock."""
    out = []
    names = ranks_text(s.process.rank for s in waiting if s.process.rank is not None) or "?"
    ops = "/".join(sorted({s.op for s in waiting})) or "?"
    for s in outside:
        node = _node(host, [s])
        h = s.process.host or host
        if s.detail.startswith("left:"):
            out.append(
                make_finding(
                    "hang-rank-left",
                    node,
                    (_line(s), *map(_line, waiting)),
                    rank=_rank_of(s),
                    host=h,
                    how=s.detail.removeprefix("left:").strip(),
                    frame=s.frame or s.where,
                    waiting=names,
                    op=ops,
                )
            )
        elif s.detail.startswith("loader:"):
            out.append(
                make_finding(
                    "hang-dataloader-stall",
                    node,
                    (_line(s), *map(_line, waiting)),
                    rank=_rank_of(s),
                    host=h,
                    frame=s.frame or s.where,
                    workers=s.detail.removeprefix("loader:").strip(),
                    waiting=names,
                    op=ops,
                )
            )
    late = [s for s in outside if not s.detail.startswith(("left:", "loader:")) and s.held_s is not None]
    if clock is not None and late:
        out += late_findings(late, waiting, clock, host)
    return out
