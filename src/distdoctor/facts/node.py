"""All of one node's facts, gathered in one call."""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from pathlib import Path

from distdoctor import defaults
from distdoctor.facts.devices import gather_devices
from distdoctor.facts.environment import relevant_env
from distdoctor.facts.network import interfaces, resolve, route_to
from distdoctor.facts.nvidia import gather_gpus
from distdoctor.facts.ports import check_bind
from distdoctor.facts.probe import probe_tcp
from distdoctor.facts.versions import gather_versions
from distdoctor.model import LaunchConfig, NodeFacts, PortBind, Probe, Resolution, Route
from distdoctor.model.picking import picks

# A recorded tree (sysfs, procfs, /dev) to read the devices from instead of this machine's: to replay another
# node's layout. This shell's limits still count.
SYSROOT_VAR = "DISTDOCTOR_SYSROOT"


def gather_node_facts(config: LaunchConfig, environ: Mapping[str, str], *, probe_master: bool = True) -> NodeFacts:
    """Measure this node: names, interfaces, the route and port to MASTER_ADDR, versions, GPUs, env."""
    hostname = socket.gethostname()
    hostname_resolution = resolve(hostname)
    ifaces = interfaces()
    gpus, gpu_error = gather_gpus(environ)
    master = config.master_addr.value if config.master_addr else None
    port = config.master_port.value

    master_resolution: Resolution | None = None
    route: Route | None = None
    if master:
        master_resolution = resolve(master)
        if master_resolution.addresses:
            route = route_to(master_resolution.addresses[0], ifaces)
    bind: PortBind | None = None
    probe: Probe | None = None
    if config.is_master:
        bind = check_bind(port)
    elif master and probe_master:
        target = master_resolution.addresses[0] if master_resolution and master_resolution.addresses else master
        probe = probe_tcp(target, port, defaults.PROBE_TIMEOUT_S)
    return NodeFacts(
        hostname=hostname,
        hostname_resolution=hostname_resolution,
        interfaces=ifaces,
        versions=gather_versions(),
        env=relevant_env(environ),
        gpus=gpus,
        gpu_error=gpu_error,
        master_resolution=master_resolution,
        route_to_master=route,
        master_port_bind=bind,
        master_probe=probe,
        is_root=os.geteuid() == 0,
        devices=gather_devices(environ, Path(environ.get(SYSROOT_VAR) or "/")),
        picks=picks(ifaces, environ, hostname_resolution, master_resolution),
    )
