"""The launch config: each value with where it came from, merged from flags, a launch command, env, a scheduler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from distdoctor.model.constraints import Port, PositiveCount, Rank

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


NNODES_FORM = "a positive integer N or a range MIN:MAX, e.g. 2 or 1:4"


class NodeRange:
    """`--nnodes N` or `--nnodes MIN:MAX`. A value class, not a dataclass: the codec writes it as torchrun spells it
    ("2", "1:4") rather than as an object."""

    __slots__ = ("max", "min")
    min: int
    max: int

    def __init__(self, min: int, max: int) -> None:
        object.__setattr__(self, "min", min)
        object.__setattr__(self, "max", max)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"NodeRange is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NodeRange) and (self.min, self.max) == (other.min, other.max)

    def __hash__(self) -> int:
        return hash((self.min, self.max))

    def __repr__(self) -> str:
        return f"NodeRange(min={self.min}, max={self.max})"

    def __str__(self) -> str:
        return str(self.min) if self.min == self.max else f"{self.min}:{self.max}"

    @property
    def multi_node(self) -> bool:
        return self.max > 1

    @classmethod
    def parse(cls, raw: str) -> NodeRange:
        """torchrun's spelling, `2` or `1:4`; ValueError (saying the accepted form) otherwise."""
        lo, sep, hi = raw.strip().partition(":")
        try:
            low = int(lo)
            high = int(hi) if sep else low
        except ValueError:
            raise ValueError(NNODES_FORM) from None
        if low < 1 or high < low:
            raise ValueError(NNODES_FORM)
        return cls(low, high)


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
    node_rank: Sourced[Rank] | None
    nproc_per_node: Sourced[PositiveCount] | None
    master_addr: Sourced[str] | None
    master_port: Sourced[Port] | None
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


# The LaunchConfig fields a layer may set.
FIELDS = (
    "nnodes",
    "node_rank",
    "nproc_per_node",
    "master_addr",
    "master_port",
    "rdzv_backend",
    "rdzv_endpoint",
    "rdzv_id",
    "world_size",
    "rank",
    "local_rank",
    "local_world_size",
)


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
