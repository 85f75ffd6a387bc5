"""What a command hands to render/: a Report, and one typed payload per command in `Report.data`.

The payloads are tagged msgspec Structs: `kind` names which one a JSON report holds, so a report read back (a
worker's verdict, a host's report in `check --hosts`) decodes to the same type. render/ dispatches on the type.
Fields left at their default are left out of the JSON (a small cluster has `mesh`, a large one `mesh_failed_pairs`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from distdoctor.model.config import LaunchConfig
from distdoctor.model.constraints import Count, Rank, Seconds
from distdoctor.model.facts import NodeFacts, ProbeOutcome
from distdoctor.model.findings import Finding
from distdoctor.model.hang import Launcher, Role, StackError, State
from distdoctor.model.smoke import BandwidthRow, SmokeRun

# A cell of the connectivity matrix: a probe's outcome, "flaky" (some probes failed), "-" (itself), "" (unprobed).
MeshCell = Literal["open", "refused", "timed-out", "no-route", "unresolved", "error", "foreign", "flaky", "-", ""]
Note = Annotated[str, Meta(description="a line for the reader: why something was not done, or what is shown")]


class _Payload(msgspec.Struct, frozen=True, omit_defaults=True, tag_field="kind"):
    """The payloads' common options: immutable, tagged by `kind`, defaults left out of the JSON."""


@dataclass(frozen=True)
class GatheredNode:
    """A node as node_rank 0 saw it arrive: its label and the address it reported from."""

    label: str  # "node_rank 1 (node2)"
    address: str  # the address node 0 saw it connect from; "self" for node 0


class CheckData(_Payload, frozen=True, tag="check"):
    """`check`'s cross-node verdict, gathered on node_rank 0 (and every worker's copy of it)."""

    nodes: Annotated[
        tuple[GatheredNode, ...],
        Meta(description="the nodes that reported, in arrival order: the mesh matrix's row and column order"),
    ]
    expected: Annotated[Count, Meta(description="how many nodes were expected (nnodes)")]
    waited_s: Annotated[Seconds, Meta(description="how long node_rank 0 waited for them")]
    complete: Annotated[bool, Meta(description="every expected node reported")]
    interrupted: Annotated[bool, Meta(description="the gathering was cut short (Ctrl-C)")]
    mesh_s: Annotated[Seconds, Meta(description="how long the connectivity mesh took")]
    mesh_probes: Annotated[Count, Meta(description="how many node pairs were probed")]
    mesh: (
        Annotated[
            tuple[tuple[MeshCell, ...], ...],
            Meta(description="up to 64 nodes: the n x n matrix of what each pair measured (row: from, column: to)"),
        ]
        | None
    ) = None
    mesh_detail: (
        Annotated[
            tuple[tuple[str, ...], ...],
            Meta(description="node_rank 0's own report, up to 64 nodes: the n x n of what each probe measured"),
        ]
        | None
    ) = None
    mesh_failed_pairs: (
        Annotated[
            tuple[tuple[Rank, Rank, ProbeOutcome | Literal["flaky"]], ...],
            Meta(description="above 64 nodes: [from, to, outcome] of every pair that failed"),
        ]
        | None
    ) = None
    nodes_total: (
        Annotated[Count, Meta(description="a worker's copy from a large cluster: how many nodes reported in all")]
        | None
    ) = None
    truncated: Annotated[str, Meta(description="a worker's copy cut to fit one frame: what was left out")] = ""

    @property
    def arrived(self) -> int:
        """How many nodes reported: a worker's verdict from a large cluster names only a few of them."""
        return self.nodes_total or len(self.nodes)


class PreflightData(_Payload, frozen=True, tag="preflight"):
    """`check` on this node alone (single node, --local-only, or not gathered), and `run`'s preflight."""

    note: Note = ""


@dataclass(frozen=True)
class HostRun:
    """One host of `check --hosts`: did ssh bring its report back."""

    host: str
    node_rank: Rank
    ssh: Literal["ok", "unreachable", "failed"]
    exit: int | None  # ssh's exit status (255: ssh itself failed); null: killed at the deadline
    seconds: Seconds


class FanoutData(_Payload, frozen=True, tag="fanout"):
    """`check --hosts`: every host's ssh run, and the verdict chosen (node_rank 0's, else the lowest host's own)."""

    hosts: tuple[HostRun, ...]
    verdict: (
        Annotated[
            CheckData | PreflightData,
            Meta(description="the data of the report the findings come from; absent when no host brought one back"),
        ]
        | None
    ) = None


class SmokeData(_Payload, frozen=True, tag="smoke"):
    """`smoke`: the run as rank 0 gathered it, and the nccl-tests style bandwidth table (mean over ranks)."""

    run: SmokeRun
    bandwidth: tuple[BandwidthRow, ...] = ()
    note: Note = ""


@dataclass(frozen=True)
class RankRow:
    """One process of `dump`'s and `run`'s rank table: who it is, and where it is."""

    pid: int
    host: str
    role: Role
    launcher: Launcher
    rank: int | None
    local_rank: int | None
    world_size: int | None
    status: str  # psutil's: running, sleeping, disk-sleep, stopped, zombie, dead
    age_s: float
    state: State
    op: str  # the collective, or the torch function of an init state
    seq: int | None  # collective sequence number, where the flight recorder gives one
    frame: str  # the innermost frame of the program's own code
    where: str  # the innermost torch frame that decided the state
    error: StackError | None  # why no stack could be read


class HangData(_Payload, frozen=True, tag="hang"):
    """`dump` and `run`'s verdict on a stall: one row per launcher agent and rank."""

    ranks: tuple[RankRow, ...]
    nodes_answered: (
        Annotated[tuple[Rank, ...], Meta(description="--all-nodes / run across nodes: the node_ranks that answered")]
        | None
    ) = None
    note: Note = ""


@dataclass(frozen=True)
class LogSummary:
    """One log `explain` read: its name, how many lines, the host it names, the NCCL version it prints."""

    source: str  # the file name, or "stdin"
    lines: Count
    node: str | None
    nccl: str | None


class ExplainData(_Payload, frozen=True, tag="explain"):
    """`explain`: the logs read; with no known signature, the last error-looking lines."""

    inputs: tuple[LogSummary, ...]
    note: Note = ""
    error_lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class TorchrunEquivalent:
    """The torchrun command line that does what an older launch command did."""

    line: Count  # the command's line in the file (1 for a command after --)
    torchrun: str


class LintData(_Payload, frozen=True, tag="lint"):
    """`lint`: how many commands were read, and the torchrun equivalent of each one that was not torchrun."""

    commands: Count
    torchrun: tuple[TorchrunEquivalent, ...] = ()
    note: Note = ""


class EnvData(_Payload, frozen=True, tag="env"):
    """`env`: this node's facts (in the report's `facts`), for a bug report."""


Payload = CheckData | PreflightData | FanoutData | SmokeData | HangData | ExplainData | LintData | EnvData
PAYLOADS: tuple[type[_Payload], ...] = (
    CheckData,
    PreflightData,
    FanoutData,
    SmokeData,
    HangData,
    ExplainData,
    LintData,
    EnvData,
)


@dataclass(frozen=True)
class Report:
    """What a command hands to render/: its findings, the facts behind them, and its own data."""

    command: str
    findings: tuple[Finding, ...]
    config: LaunchConfig | None = None
    facts: NodeFacts | None = None
    nodes: tuple[NodeFacts, ...] = field(default=())
    data: Payload | None = None

    @property
    def exit_code(self) -> int:
        return 1 if any(f.severity == "error" for f in self.findings) else 0

    @property
    def verdict(self) -> Payload | None:
        """The command's own data; for `check --hosts`, the chosen host's (the hosts table aside)."""
        return self.data.verdict if isinstance(self.data, FanoutData) else self.data
