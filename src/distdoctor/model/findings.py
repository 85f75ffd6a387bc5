"""A finding: one diagnosis, named in the catalogue, with its evidence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


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
