"""What happens while a smoke run goes, for the live progress view. smoke/ emits these and never prints."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


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
