"""A check verdict for a large simulated cluster: recorded node facts, the real mesh plan and the real rules.

One node (the firewalled one) drops every mesh connect, one node has another torch: what a 1024-node report of a
real incident looks like, without 1024 machines.
"""

from __future__ import annotations

import dataclasses

from distdoctor.commands.check import verdict
from distdoctor.gather.coordinator import GatherResult
from distdoctor.gather.plan import mesh_pairs
from distdoctor.model import Endpoint, Interface, NodeReport, PairProbe, Resolution, Route, Versions
from testbed.recorded import HEALTHY_MASTER, HEALTHY_WORKER, config


def address(i: int) -> str:
    """Node i's address: 10.0.0.1 for node 0, then 10.0.0.2 ... (never .0)."""
    host = i + 1 + (i + 1) // 255  # skip the .0 of every /24
    return f"10.{(host >> 16) & 255}.{(host >> 8) & 255}.{host & 255}"


def big_check_report(n: int, *, firewalled: int = 7, odd_torch: int = 11) -> object:
    """The Report node 0 would print for n nodes, one firewalled, one on another torch."""
    reports = []
    for i in range(n):
        base = HEALTHY_MASTER if i == 0 else HEALTHY_WORKER
        torch = "2.12.1+cpu" if i == odd_torch else base.versions.torch
        facts = dataclasses.replace(
            base,
            hostname=f"node{i + 1}",
            hostname_resolution=Resolution(f"node{i + 1}", (address(i),)),
            # The node's own address on its eth0: gloo advertises what the hostname resolves to only if it is local.
            interfaces=(Interface("lo", ("127.0.0.1",), True, 65536, True), Interface("eth0", (address(i),), True)),
            versions=dataclasses.replace(base.versions, torch=torch) if torch else Versions("3.11.7", "0.1.0"),
            route_to_master=Route(address(0), address(i), "eth0"),
        )
        flags = {"nnodes": str(n), "node_rank": str(i), "master_addr": address(0), "master_port": "29500"}
        reports.append(NodeReport(config(flags), facts, (), Endpoint(address(i), 40000), address(i)))
    probes = []
    for src, dst in mesh_pairs(n):
        # The firewalled node lets nothing in but the master port: every connect to it times out.
        if dst == firewalled:
            probes.append(PairProbe(src, dst, address(dst), 40000, ("timed-out",) * 3, (), "timed out after 1.0 s"))
        else:
            probes.append(PairProbe(src, dst, address(dst), 40000, ("open",) * 3, (0.0004, 0.0005, 0.0004)))
    result = GatherResult(
        reports=tuple(reports),
        arrived_s=tuple(0.01 * i for i in range(n)),
        expected=n,
        waited_s=1.2,
        complete=True,
        interrupted=False,
        rejected=(),
        probes=tuple(probes),
        mesh_s=2.5,
    )
    return verdict(result)
