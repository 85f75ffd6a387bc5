"""Building a Finding, the one way rules do it: severity from the catalogue, params as strings."""

from __future__ import annotations

from collections.abc import Iterable

from distdoctor.catalogue import entry
from distdoctor.model import Finding, LaunchConfig, NodeFacts


def make_finding(
    name: str, node: str | None, evidence: Iterable[str] = (), /, when: str | None = None, **params: object
) -> Finding:
    """A finding of catalogue entry `name` about `node`, with its evidence lines and template params; `when` names
    one of the entry's variants where the catalogue gives another severity in that circumstance."""
    return Finding(
        name=name,
        severity=entry(name).severity_for(when),
        node=node,
        evidence=tuple(evidence),
        params=tuple((k, str(v)) for k, v in params.items()),
    )


def node_label(config: LaunchConfig, facts: NodeFacts) -> str:
    """How findings name one node: its node_rank and hostname."""
    return f"node_rank {config.node_rank.value} ({facts.hostname})"
