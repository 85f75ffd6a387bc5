"""What a command hands to render/."""

from __future__ import annotations

from dataclasses import dataclass, field

from distdoctor.model.config import LaunchConfig
from distdoctor.model.facts import NodeFacts
from distdoctor.model.findings import Finding


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
