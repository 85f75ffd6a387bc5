"""The launch config: each value with where it came from, merged from flags, a launch command, env, a scheduler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from distdoctor.model.constraints import Port, PositiveCount, Rank
from distdoctor.model.fields import FIELDS
from distdoctor.model.fields import NodeRange as NodeRange

T = TypeVar("T")

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
class InvalidValue:
    """A value from the environment that could not be read; a rule turns it into a finding."""

    name: str
    raw: str
    source: Source
    expected: str


@dataclass(frozen=True)
class LaunchConfig:
    """One job's launch settings, merged from flags, a launch command, env vars and the scheduler."""

    # load_config always sets nnodes, node_rank, master_port and rdzv_backend (torchrun's defaults at the least).
    nnodes: Sourced[NodeRange]
    node_rank: Sourced[Rank]
    nproc_per_node: Sourced[PositiveCount] | None
    master_addr: Sourced[str] | None  # None: a multi-node job that names no master
    master_port: Sourced[Port]
    rdzv_backend: Sourced[str]
    rdzv_endpoint: Sourced[str] | None = None
    rdzv_id: Sourced[str] | None = None
    world_size: Sourced[PositiveCount] | None = None
    rank: Sourced[Rank] | None = None
    local_rank: Sourced[Rank] | None = None
    local_world_size: Sourced[PositiveCount] | None = None
    launcher: str | None = None  # "torchrun", "torch.distributed.run", "torch.distributed.launch"
    use_env: bool = False
    scheduler: str | None = None  # "slurm", "openmpi", "pytorchjob"
    notes: tuple[str, ...] = ()  # readings taken where a value could mean two things
    invalid: tuple[InvalidValue, ...] = ()

    @property
    def is_master(self) -> bool:
        """This node is node_rank 0: torch's store listens on its MASTER_PORT, and distdoctor gathers there.

        Whether MASTER_ADDR is an address of this host is a fact, not this: rules compare the two."""
        return self.node_rank.value == 0


@dataclass
class Layer:
    """Values found in one place; merge takes each field from the first layer that has it."""

    values: dict[str, Sourced[Any]] = field(default_factory=dict)
    invalid: list[InvalidValue] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def set(self, name: str, value: Any, source: Source) -> None:
        assert name in FIELDS, name  # a programming error, not a user one
        if value is not None:
            self.values.setdefault(name, Sourced(value, source))

    def read(self, name: str, raw: str | None, parse: Callable[[str], Any], source: Source, expected: str) -> None:
        """Parse a value from the environment; a bad one becomes an InvalidValue for the rules to report."""
        if raw is None or raw == "":
            return
        try:
            self.set(name, parse(raw), source)
        except ValueError:
            self.invalid.append(InvalidValue(source.key, raw, source, expected))


@dataclass(frozen=True)
class LaunchCommand:
    """What a launch command says: which launcher, its config values, the script it starts."""

    launcher: str  # "torchrun", "torch.distributed.run" or "torch.distributed.launch"
    layer: Layer
    script: str | None
    script_args: tuple[str, ...] = ()
    use_env: bool = False
    standalone: bool = False
    unknown_options: tuple[str, ...] = field(default=())
