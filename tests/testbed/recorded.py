"""Recorded facts of a healthy worker node (node2 of a two-node namespace cluster), to vary one fact at a time."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from distdoctor.config import load_config
from distdoctor.model import (
    Interface,
    LaunchConfig,
    NodeFacts,
    PortBind,
    Probe,
    ProcessInfo,
    Resolution,
    Route,
    Versions,
)

HEALTHY_WORKER = NodeFacts(
    hostname="node2",
    hostname_resolution=Resolution("node2", ("10.1.0.2",)),
    interfaces=(Interface("lo", ("127.0.0.1", "::1"), True), Interface("eth0", ("10.1.0.2",), True)),
    versions=Versions(python="3.11.7", distdoctor="0.1.0", torch="2.13.0+cpu"),
    env=(("MASTER_ADDR", "10.1.0.1"), ("MASTER_PORT", "29500")),
    master_resolution=Resolution("10.1.0.1", ("10.1.0.1",)),
    route_to_master=Route("10.1.0.1", "10.1.0.2", "eth0"),
    master_probe=Probe("10.1.0.1", 29500, "open", 0.0004),
)

HEALTHY_MASTER = dataclasses.replace(
    HEALTHY_WORKER,
    hostname="node1",
    hostname_resolution=Resolution("node1", ("10.1.0.1",)),
    interfaces=(Interface("lo", ("127.0.0.1", "::1"), True), Interface("eth0", ("10.1.0.1",), True)),
    route_to_master=Route("10.1.0.1", "10.1.0.1", "lo"),
    master_probe=None,
    master_port_bind=PortBind(29500, True),
)

PORT_HELD = PortBind(29500, False, "in-use", ProcessInfo(4242, "python3", "python3 -m http.server 29500"))


def facts(base: NodeFacts = HEALTHY_WORKER, **changes: Any) -> NodeFacts:
    return dataclasses.replace(base, **changes)


def config(
    flags: Mapping[str, str] | None = None, env: Mapping[str, str] | None = None, command: Sequence[str] | None = None
) -> LaunchConfig:
    """A config through the real config layer, as the CLI would build it."""
    loaded, _ = load_config(dict(flags or {}), list(command) if command else None, dict(env or {}))
    return loaded
