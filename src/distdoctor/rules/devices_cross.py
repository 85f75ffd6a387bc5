"""Cross-node rules below the network: hostnames, RDMA ports, the NCCL that will load, the drivers' CUDA. Pure."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from distdoctor.model import Finding, NodeReport
from distdoctor.rules.cross import group_by, odd_one_out, who
from distdoctor.rules.finding import make_finding


def hostname_duplicate(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    for group in group_by(reports, lambda r: r.facts.hostname):
        if len(group) < 2:
            continue
        # NCCL hashes hostname + boot id, or NCCL_HOSTID where set: one key is one machine to it.
        keys = {r.facts.env_value("NCCL_HOSTID") or r.facts.devices.boot_id or None for r in group}
        same_to_nccl = len(keys) == 1 and None not in keys
        evidence = [f"{r.facts.hostname}, boot_id {r.facts.devices.boot_id or '?'} on {r.label}" for r in group]
        yield make_finding(
            "hostname-duplicate",
            None,
            evidence,
            when=None if same_to_nccl else "boot-id-differs",
            detail=f"{group[0].facts.hostname} on {who(group)}",
        )


def _ports(report: NodeReport) -> list[tuple[str, str, str, int | None]]:
    return [
        (f"{d.name}:{p.number}", p.link_layer, p.rate, p.active_mtu)
        for d in report.facts.devices.rdma
        for p in d.ports
        if p.active
    ]


def rdma_mismatch(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    with_rdma = [r for r in reports if _ports(r)]
    if len(with_rdma) < 2:
        return
    aspects: tuple[tuple[str, Callable[[NodeReport], tuple[str, ...]]], ...] = (
        ("active HCAs", lambda r: tuple(sorted(p[0] for p in _ports(r)))),
        ("link layer", lambda r: tuple(sorted({p[1] for p in _ports(r)}))),
        ("rate", lambda r: tuple(sorted({p[2] for p in _ports(r)}))),
        ("MTU", lambda r: tuple(sorted({str(p[3]) for p in _ports(r) if p[3]}))),
    )
    for what, key in aspects:
        groups = group_by(with_rdma, key)
        if len(groups) < 2:
            continue
        detail = "; ".join(f"{', '.join(key(g[0])) or 'none'} on {who(g)}" for g in groups)
        yield make_finding("rdma-mismatch", odd_one_out(groups), [detail], what=what, detail=detail)


def _nccl_key(report: NodeReport) -> str | None:
    loaded = report.facts.devices.nccl_loaded
    return loaded.version if loaded else None


def nccl_drift(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    known = [r for r in reports if r.facts.devices.nccl]
    if len(known) < 2:
        return
    groups = group_by(known, _nccl_key)
    if len(groups) > 1:
        parts = []
        for g in groups:
            lib = g[0].facts.devices.nccl_loaded
            assert lib is not None
            parts.append(f"{lib.version or 'unknown version'} ({lib.source}) on {who(g)}")
        evidence = [f"{r.label}: {r.facts.devices.nccl[0].path}" for r in known]
        yield make_finding("nccl-library-drift", odd_one_out(groups), evidence, detail="; ".join(parts))
        return
    plugin_groups = group_by(known, lambda r: r.facts.devices.net_plugins)
    if len(plugin_groups) > 1:
        detail = "; ".join(
            f"net plugins {', '.join(g[0].facts.devices.net_plugins) or 'none'} on {who(g)}" for g in plugin_groups
        )
        yield make_finding("nccl-library-drift", odd_one_out(plugin_groups), [detail], when="plugin", detail=detail)


def cuda_driver_mismatch(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    known = [r for r in reports if r.facts.devices.cuda_driver]
    groups = group_by(known, lambda r: r.facts.devices.cuda_driver)
    if len(groups) > 1:
        detail = "; ".join(f"CUDA {g[0].facts.devices.cuda_driver} on {who(g)}" for g in groups)
        yield make_finding("cuda-driver-mismatch", odd_one_out(groups), [detail], detail=detail)


def device_cross_findings(reports: Sequence[NodeReport]) -> list[Finding]:
    """Every cross-node rule below the network over the gathered reports."""
    found: list[Finding] = []
    for rule in (hostname_duplicate, rdma_mismatch, nccl_drift, cuda_driver_mismatch):
        found += rule(reports)
    return found
