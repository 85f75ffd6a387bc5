"""`distdoctor check`: this node's preflight."""

from __future__ import annotations

from collections.abc import Mapping

from distdoctor.facts import gather_node_facts
from distdoctor.model import LaunchConfig, Report
from distdoctor.rules.local import local_findings


def check(config: LaunchConfig, environ: Mapping[str, str]) -> Report:
    """Gather this node's facts and apply every local rule."""
    facts = gather_node_facts(config, environ)
    return Report(command="check", findings=tuple(local_findings(config, facts)), config=config, facts=facts)
