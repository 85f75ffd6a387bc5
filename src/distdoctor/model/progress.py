"""What happens while nodes gather, for the live progress view. gather/ emits these and never prints."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from distdoctor.model.facts import ProbeOutcome


@dataclass(frozen=True)
class Listening:
    address: str
    port: int
    expected: int


@dataclass(frozen=True)
class NodeArrived:
    node_rank: int | None
    host: str
    address: str
    arrived: int
    expected: int


@dataclass(frozen=True)
class StillMissing:
    missing: tuple[int, ...]
    elapsed_s: float
    wait_s: float


@dataclass(frozen=True)
class FrameDropped:
    peer: str
    reason: str


@dataclass(frozen=True)
class ConnectAttempt:
    host: str
    port: int
    outcome: ProbeOutcome
    attempt: int
    elapsed_s: float


@dataclass(frozen=True)
class Joined:
    host: str
    port: int
    attempt: int
    elapsed_s: float


@dataclass(frozen=True)
class Waiting:
    """node 0's heartbeat, as a worker hears it."""

    arrived: int
    expected: int
    missing: tuple[int, ...]


@dataclass(frozen=True)
class MeshStarted:
    nodes: int
    pairs: int


@dataclass(frozen=True)
class MeshDone:
    probes: int
    failed: int
    elapsed_s: float


Event = (
    Listening | NodeArrived | StillMissing | FrameDropped | ConnectAttempt | Joined | Waiting | MeshStarted | MeshDone
)
EventSink = Callable[[Event], None]


def ignore(event: Event) -> None:
    """An event sink for callers that show no progress."""
