"""`distdoctor env`: this node's facts, for a bug report."""

from __future__ import annotations

from collections.abc import Mapping

from distdoctor.facts import gather_node_facts
from distdoctor.model import LaunchConfig, Report
from distdoctor.model.report import EnvData


def env(config: LaunchConfig, environ: Mapping[str, str]) -> Report:
    """This node's facts and config; no rules applied."""
    facts = gather_node_facts(config, environ)
    return Report(command="env", findings=(), config=config, facts=facts, data=EnvData())
