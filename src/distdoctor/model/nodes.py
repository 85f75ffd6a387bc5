"""What nodes exchange while gathering: a node's report, its mesh listener, the pair probes; an ssh run's result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from distdoctor.model.config import LaunchConfig
from distdoctor.model.constraints import Count, Port, Rank, Seconds
from distdoctor.model.facts import NodeFacts, ProbeOutcome
from distdoctor.model.findings import Finding


@dataclass(frozen=True)
class Endpoint:
    """An address and port a node listens on, as gloo/NCCL would advertise it."""

    address: str
    port: Port
    interface: str | None = None


@dataclass(frozen=True)
class NodeReport:
    """What one node sends the coordinator: its config, its facts, its mesh listener, its local findings."""

    config: LaunchConfig
    facts: NodeFacts
    findings: tuple[Finding, ...] = ()
    mesh_endpoint: Endpoint | None = None
    seen_from: str = ""  # the address the coordinator saw the connection come from

    @property
    def node_rank(self) -> int:
        return self.config.node_rank.value

    @property
    def label(self) -> str:
        return f"node_rank {self.node_rank} ({self.facts.hostname})"


# What became of a large payload sent over a connection that opened: "delivered" (the listener counted every byte),
# "stalled" (no answer within the time, segments lost and resent: large frames lost on the way), "unanswered" (no
# answer, but nothing lost: the peer's kernel took the bytes while its listener was busy), "closed" (the listener
# hung up), "error".
PayloadOutcome = Literal["delivered", "stalled", "unanswered", "closed", "error"]


@dataclass(frozen=True)
class PairProbe:
    """Repeated connects from one node to another's mesh listener, and one large payload sent over the first."""

    src: Rank  # index into the verdict's node list
    dst: Rank
    address: str
    port: Port
    outcomes: tuple[ProbeOutcome, ...]
    latencies_s: tuple[Seconds, ...]  # of the connects that succeeded
    detail: str = ""
    payload_bytes: Count = 0  # 0: no payload was sent (no connect opened, or an older distdoctor)
    payload: PayloadOutcome | None = None
    payload_s: Seconds = 0.0  # until the listener's count came back (or the wait ran out)

    @property
    def payload_lost(self) -> bool:
        """Connects work but the large payload did not get through: frames above some size are lost on the path."""
        return self.payload in ("stalled", "closed") and not self.failed

    @property
    def ok(self) -> bool:
        return all(o == "open" for o in self.outcomes)

    @property
    def failed(self) -> bool:
        return not any(o == "open" for o in self.outcomes)

    @property
    def failure(self) -> ProbeOutcome:
        return next((o for o in self.outcomes if o != "open"), "open")


# ssh's own exit status when it could not connect or authenticate (the remote command's status otherwise).
SSH_FAILED = 255


@dataclass(frozen=True)
class RemoteRun:
    """One host's run: ssh's exit status (None: killed at the deadline), the remote stdout, ssh's stderr."""

    host: str
    command: str
    returncode: int | None
    stdout: str
    stderr: str
    elapsed_s: Seconds
