"""What one smoke run produces (each rank's steps and timings, what the launcher saw) and the events of its
progress. Plain data, no torch."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from distdoctor.model.constraints import Count, NonNegative, Pid, Rank, Seconds

# The steps every rank runs, in order. A failed step ends the rank's run: its process group may be broken.
STEPS = (
    "import",
    "store",
    "init",
    "barrier",
    "compute",
    "all_reduce",
    "all_gather",
    "broadcast",
    "reduce_scatter",
    "p2p",
    "bandwidth",
)
CHECKED_OPS = ("all_reduce", "all_gather", "broadcast", "reduce_scatter")


@dataclass(frozen=True)
class StepResult:
    """One step on one rank; `wrong` lists the ranks whose contribution this rank received wrong."""

    step: str
    ok: bool
    seconds: Seconds
    error: str | None = None
    timed_out: bool = False
    wrong: tuple[Rank, ...] = ()
    skipped: str | None = None  # why the step did not run (the backend lacks it, a single node, ...)


@dataclass(frozen=True)
class BandwidthRow:
    """One message size of a sweep, timed as nccl-tests does: mean time per op, algbw = S/t, busbw = algbw·factor."""

    op: str
    size_bytes: Count
    count: Count
    dtype: str
    iters: Count
    time_us: NonNegative
    algbw_gbps: NonNegative
    busbw_gbps: NonNegative


@dataclass(frozen=True)
class PeerBandwidth:
    """A ping-pong between rank 0 and one rank of another node, timed on rank 0."""

    rank: Rank
    host: str
    size_bytes: Count
    seconds: Seconds
    gbps: NonNegative


@dataclass(frozen=True)
class RankResult:
    """Everything one rank reports to rank 0 through the launcher's store."""

    rank: Rank
    local_rank: Rank
    node_rank: Rank | None
    host: str
    pid: Pid
    addresses: tuple[str, ...]
    steps: tuple[StepResult, ...]
    bandwidth: tuple[BandwidthRow, ...] = ()
    peers: tuple[PeerBandwidth, ...] = ()
    finished: bool = False


@dataclass(frozen=True)
class NodeSeen:
    """A node whose `distdoctor smoke` announced itself in the rendezvous store."""

    node_rank: Rank
    host: str


@dataclass(frozen=True)
class SmokeRun:
    """One run as node 0 (or one node) saw it: the ranks that reported and what the launcher did."""

    backend: str
    world_size: Count
    nnodes: Count
    nproc_per_node: Count | None
    ranks: tuple[RankResult, ...]
    nodes_seen: tuple[NodeSeen, ...] = ()
    launch_error: str | None = None  # the launcher ended, or never formed the group, before any rank reported
    store_error: str | None = None  # this node could not reach the rendezvous store
    waited_s: Seconds = 0.0
    timeout_s: Seconds = 0.0
    step_timeout_s: Seconds = 0.0
    complete: bool = True  # every rank's result reached rank 0
    local_node_rank: Rank | None = None  # set when this is one node's own view, without rank 0's gathering
    store_address: str | None = None
    interrupted: bool = False  # Ctrl-C or SIGTERM ended the watch: what this node saw until then


# Progress: smoke/ emits these and never prints.


@dataclass(frozen=True)
class SmokeLaunched:
    command: str
    nnodes: int
    nproc_per_node: int


@dataclass(frozen=True)
class RendezvousWaiting:
    seen: tuple[int, ...]  # node_ranks whose distdoctor reached the store
    expected: int
    elapsed_s: float
    timeout_s: float
    store_reached: bool


@dataclass(frozen=True)
class RankStep:
    rank: int
    step: str
    state: str  # start, ok, failed, skipped, size
    seconds: float | None = None
    detail: str | None = None


@dataclass(frozen=True)
class SmokeStopped:
    reason: str


SmokeEvent = SmokeLaunched | RendezvousWaiting | RankStep | SmokeStopped
SmokeSink = Callable[[SmokeEvent], None]
