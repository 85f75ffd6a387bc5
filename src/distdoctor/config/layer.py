"""A layer of config values from one place (flags, a launch command, env, a scheduler)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from distdoctor.model import InvalidValue, Source, Sourced

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
