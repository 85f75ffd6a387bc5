"""The data that crosses distdoctor's layers: config, facts, findings, reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

T = TypeVar("T")

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")

# Where a config value came from. The catalogue translates each kind for the user.
SourceKind = Literal["flag", "command", "env", "slurm", "openmpi", "pytorchjob", "torchrun", "default"]


@dataclass(frozen=True)
class Source:
    """Where a value came from: its kind and the flag or variable that carried it."""

    kind: SourceKind
    key: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.key}".strip()


@dataclass(frozen=True)
class Sourced(Generic[T]):
    """A config value that remembers where it came from."""

    value: T
    source: Source


@dataclass(frozen=True)
class NodeRange:
    """`--nnodes N` or `--nnodes MIN:MAX`."""

    min: int
    max: int

    def __str__(self) -> str:
        return str(self.min) if self.min == self.max else f"{self.min}:{self.max}"

    @property
    def multi_node(self) -> bool:
        return self.max > 1


@dataclass(frozen=True)
class InvalidValue:
    """A value from the environment that could not be read; a rule turns it into a finding."""

    name: str
    raw: str
    source: Source
    expected: str


@dataclass(frozen=True)
class LaunchConfig:
    """One job's launch settings, merged from flags, a launch command, env vars and the scheduler."""

    nnodes: Sourced[NodeRange]
    node_rank: Sourced[int] | None
    nproc_per_node: Sourced[int] | None
    master_addr: Sourced[str] | None
    master_port: Sourced[int] | None
    rdzv_backend: Sourced[str]
    rdzv_endpoint: Sourced[str] | None = None
    rdzv_id: Sourced[str] | None = None
    world_size: Sourced[int] | None = None
    rank: Sourced[int] | None = None
    local_rank: Sourced[int] | None = None
    local_world_size: Sourced[int] | None = None
    launcher: str | None = None  # "torchrun", "torch.distributed.run", "torch.distributed.launch"
    use_env: bool = False
    scheduler: str | None = None  # "slurm", "openmpi", "pytorchjob"
    notes: tuple[str, ...] = ()  # readings taken where a value could mean two things
    invalid: tuple[InvalidValue, ...] = ()


@dataclass(frozen=True)
class Interface:
    name: str
    addresses: tuple[str, ...]
    is_up: bool


@dataclass(frozen=True)
class Resolution:
    """What a name resolved to on this node; `error` when it did not resolve."""

    name: str
    addresses: tuple[str, ...]
    error: str | None = None


@dataclass(frozen=True)
class Route:
    """The local address and interface this node would use to reach a destination."""

    destination: str
    source_address: str | None
    interface: str | None
    error: str | None = None


@dataclass(frozen=True)
class ProcessInfo:
    pid: int
    name: str
    cmdline: str


# "foreign": the port accepted, but what answered was not distdoctor's coordinator.
ProbeOutcome = Literal["open", "refused", "timed-out", "no-route", "unresolved", "error", "foreign"]


@dataclass(frozen=True)
class Probe:
    """One TCP connect attempt to host:port, classified."""

    host: str
    port: int
    outcome: ProbeOutcome
    elapsed_s: float
    detail: str = ""
    attempts: int = 1  # more than one: retried until the wait ran out, so "refused" is final


@dataclass(frozen=True)
class PortBind:
    """Whether this node can bind a port, and who holds it if not."""

    port: int
    bindable: bool
    error: str | None = None  # "in-use", "permission", or an errno name
    holder: ProcessInfo | None = None


@dataclass(frozen=True)
class Versions:
    """Versions that must agree across nodes; None means not installed / not found."""

    python: str
    distdoctor: str
    torch: str | None = None
    torch_cuda: str | None = None
    nccl: str | None = None
    driver: str | None = None


@dataclass(frozen=True)
class Gpu:
    index: int
    name: str
    uuid: str = ""


@dataclass(frozen=True)
class NodeFacts:
    """Everything measured on one node."""

    hostname: str
    hostname_resolution: Resolution
    interfaces: tuple[Interface, ...]
    versions: Versions
    env: tuple[tuple[str, str], ...]
    gpus: tuple[Gpu, ...] = ()
    gpu_error: str | None = None
    master_resolution: Resolution | None = None
    route_to_master: Route | None = None
    master_port_bind: PortBind | None = None
    master_probe: Probe | None = None
    is_root: bool = False

    def env_value(self, name: str) -> str | None:
        return dict(self.env).get(name)

    def local_addresses(self) -> set[str]:
        return {a for i in self.interfaces for a in i.addresses}


@dataclass(frozen=True)
class Endpoint:
    """An address and port a node listens on, as gloo/NCCL would advertise it."""

    address: str
    port: int
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
    def node_rank(self) -> int | None:
        return self.config.node_rank.value if self.config.node_rank else None

    @property
    def label(self) -> str:
        rank = "?" if self.node_rank is None else self.node_rank
        return f"node_rank {rank} ({self.facts.hostname})"


@dataclass(frozen=True)
class PairProbe:
    """Repeated connects from one node to another's mesh listener."""

    src: int  # index into the verdict's node list
    dst: int
    address: str
    port: int
    outcomes: tuple[ProbeOutcome, ...]
    latencies_s: tuple[float, ...]  # of the connects that succeeded
    detail: str = ""

    @property
    def ok(self) -> bool:
        return all(o == "open" for o in self.outcomes)

    @property
    def failed(self) -> bool:
        return not any(o == "open" for o in self.outcomes)

    @property
    def failure(self) -> ProbeOutcome:
        return next((o for o in self.outcomes if o != "open"), "open")


@dataclass(frozen=True)
class Finding:
    """One diagnosis: a catalogue name, the node it is about, the measured evidence, and template params."""

    name: str
    severity: Severity
    node: str | None = None
    evidence: tuple[str, ...] = ()
    params: tuple[tuple[str, str], ...] = ()

    @property
    def param_map(self) -> dict[str, str]:
        return dict(self.params)


@dataclass(frozen=True)
class Report:
    """What a command hands to render/: its findings, and the facts behind them."""

    command: str
    findings: tuple[Finding, ...]
    config: LaunchConfig | None = None
    facts: NodeFacts | None = None
    nodes: tuple[NodeFacts, ...] = field(default=())
    extra: tuple[tuple[str, object], ...] = ()

    @property
    def exit_code(self) -> int:
        return 1 if any(f.severity == "error" for f in self.findings) else 0
