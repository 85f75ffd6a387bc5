"""What a worker that got no verdict can still say about reaching node_rank 0. Pure: no I/O."""

from __future__ import annotations

from distdoctor.model import Finding, LaunchConfig, NodeFacts
from distdoctor.rules.finding import make_finding, node_label


def join_findings(config: LaunchConfig, facts: NodeFacts, *, rejected: str | None, lost: str | None) -> list[Finding]:
    """report-rejected when node 0 turned this node away; coordinator-lost when it took the report and went quiet."""
    node = node_label(config, facts)
    found = []
    if rejected:
        found.append(
            make_finding(
                "report-rejected", node, (f"node_rank 0 answered: {rejected}",), peer=facts.hostname, reason=rejected
            )
        )
    if lost and facts.master_probe:
        probe = facts.master_probe
        params = (("addr", probe.host), ("port", str(probe.port)), ("reason", lost))
        found.append(make_finding("coordinator-lost", node, (f"{probe.host}:{probe.port}: {lost}",), **dict(params)))
    return found
