"""Smoke runs -> findings: who never came, which step failed or hung where, wrong data, slow ranks and links."""

from __future__ import annotations

import ipaddress
import re
import statistics
from collections import defaultdict
from collections.abc import Iterator

from distdoctor import defaults
from distdoctor.model import Finding
from distdoctor.model.smoke import BandwidthRow, RankResult, SmokeRun, StepResult
from distdoctor.rules.bandwidth import combine
from distdoctor.rules.cross import ranks_text
from distdoctor.rules.finding import make_finding

_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")
# torch's monitored_barrier on rank 0: "[Rank 0]: Ranks 1, 3 failed to pass monitoredBarrier in 2000 ms"
_BARRIER_MISSING = re.compile(r"Ranks? ([\d, ]+) failed to pass monitoredBarrier")
MAX_EVIDENCE = 16


def _seconds(value: float) -> str:
    return f"{value:.0f} s" if value >= 10 else f"{value:.1f} s" if value >= 1 else f"{value * 1000:.0f} ms"


def bandwidth_table(run: SmokeRun) -> tuple[BandwidthRow, ...]:
    """The sweep for all ranks, as nccl-tests prints it: per size, the ranks' mean time per op."""
    return combine([r.bandwidth for r in run.ranks if r.bandwidth], run.world_size)


def _node_of_rank(run: SmokeRun, rank: int) -> int | None:
    for r in run.ranks:
        if r.rank == rank:
            return r.node_rank
    return rank // run.nproc_per_node if run.nproc_per_node else None


def _where(run: SmokeRun, ranks: list[int]) -> str:
    """Which nodes some ranks live on: the hosts they reported, else their node_ranks and announced hosts."""
    seen = {n.node_rank: n.host for n in run.nodes_seen}
    hosts = {r.rank: r.host for r in run.ranks}
    parts: dict[str, None] = {}
    for rank in ranks:
        if rank in hosts:
            parts[hosts[rank]] = None
            continue
        node = _node_of_rank(run, rank)
        if node is None:
            parts["node_rank ?"] = None
        else:
            parts[f"node_rank {node}" + (f", {seen[node]}" if node in seen else "")] = None
    return "; ".join(parts)


def _label(result: RankResult) -> str:
    node = f"node_rank {result.node_rank}, " if result.node_rank is not None else ""
    return f"rank {result.rank} ({node}{result.host})"


def _first_failure(result: RankResult) -> StepResult | None:
    return next((s for s in result.steps if not s.ok and not s.skipped and not s.wrong), None)


def smoke_findings(run: SmokeRun, min_busbw_gbps: float | None = None) -> list[Finding]:
    """Every finding a smoke run supports, most basic first."""
    found = [*_launch(run), *_missing(run), *_failed(run), *_wrong(run), *_stragglers(run)]
    found += [*_bandwidth(run, min_busbw_gbps), *_slow_nodes(run)]
    return found


def _launch(run: SmokeRun) -> Iterator[Finding]:
    if run.store_error and not run.ranks:
        yield make_finding(
            "smoke-store-unreachable",
            None if run.local_node_rank is None else f"node_rank {run.local_node_rank}",
            [f"waited {_seconds(run.waited_s)}", *(run.launch_error or "").splitlines()[:MAX_EVIDENCE]],
            address=run.store_address or "?",
            error=run.store_error,
        )
        return
    if run.launch_error and not run.ranks and not _rendezvous_missing(run):
        lines = run.launch_error.splitlines()
        yield make_finding("smoke-launch-failed", None, lines[1 : 1 + MAX_EVIDENCE], error=lines[0])


def _rendezvous_missing(run: SmokeRun) -> list[int]:
    """node_ranks that never announced themselves, when the rendezvous did not complete."""
    if run.ranks or not run.nodes_seen:
        return []
    return sorted(set(range(run.nnodes)) - {n.node_rank for n in run.nodes_seen})


def _missing(run: SmokeRun) -> Iterator[Finding]:
    nodes = _rendezvous_missing(run)
    if nodes:
        per = run.nproc_per_node or 1
        ranks = [k * per + i for k in nodes for i in range(per)]
        seen = ", ".join(f"node_rank {n.node_rank} ({n.host})" for n in run.nodes_seen)
        yield make_finding(
            "rank-missing",
            None,
            [f"in the store: {seen}", f"nnodes={run.nnodes}, nproc_per_node={per}"],
            ranks=ranks_text(ranks),
            where=", ".join(f"node_rank {k}" for k in nodes),
            missing_code="rendezvous",
            waited=_seconds(run.waited_s),
        )
        return
    if run.local_node_rank is not None or not run.ranks:
        return  # one node's own view: it cannot tell which of the others' ranks are missing
    absent = sorted(set(range(run.world_size)) - {r.rank for r in run.ranks})
    if absent:
        yield make_finding(
            "rank-missing",
            None,
            [f"reported: ranks {ranks_text(r.rank for r in run.ranks)} of world size {run.world_size}"],
            ranks=ranks_text(absent),
            where=_where(run, absent),
            missing_code="report",
            waited=_seconds(run.waited_s),
        )
    for result in run.ranks:
        failure = _first_failure(result)
        match = _BARRIER_MISSING.search(failure.error or "") if failure and failure.step == "barrier" else None
        if match:
            late = [int(x) for x in re.findall(r"\d+", match.group(1))]
            yield make_finding(
                "rank-missing",
                None,
                [f"{_label(result)}: {failure.error}"] if failure else [],
                ranks=ranks_text(late),
                where=_where(run, late),
                missing_code="barrier",
                waited=_seconds(run.step_timeout_s),
            )


def _failed(run: SmokeRun) -> Iterator[Finding]:
    groups: dict[tuple[str, bool], list[tuple[RankResult, StepResult]]] = defaultdict(list)
    for result in run.ranks:
        failure = _first_failure(result)
        if failure is None or (failure.step == "barrier" and _BARRIER_MISSING.search(failure.error or "")):
            continue
        groups[(failure.step, failure.timed_out)].append((result, failure))
    owners = _address_owners(run)
    for (step, timed_out), members in groups.items():
        ranks = ranks_text(r.rank for r, _ in members)
        evidence = [f"{_label(r)}: {f.error}" for r, f in members][:MAX_EVIDENCE]
        peer = _peer(members, owners, multi_node=run.nnodes > 1)
        if peer is not None:
            name, node, address, naming = peer
            shown = ranks_text(naming)
            if name == "smoke-peer-unreachable":
                yield make_finding(name, node, evidence, ranks=shown, address=address, step=step, peer=node or address)
            else:
                yield make_finding(name, node, evidence, ranks=shown, address=address, step=step)
        elif timed_out:
            timeout = run.timeout_s if step in ("import", "store", "init") else run.step_timeout_s
            yield make_finding("smoke-step-hung", None, evidence, step=step, ranks=ranks, timeout=_seconds(timeout))
        else:
            yield make_finding("smoke-step-failed", None, evidence, step=step, ranks=ranks, error=members[0][1].error)


def _address_owners(run: SmokeRun) -> dict[str, RankResult]:
    """Each non-loopback address a rank reported, and the first rank on that host."""
    owners: dict[str, RankResult] = {}
    for r in run.ranks:
        for a in r.addresses:
            if not ipaddress.ip_address(a).is_loopback:
                owners.setdefault(a, r)
    return owners


def _node_label(result: RankResult) -> str:
    return f"node_rank {result.node_rank} ({result.host})" if result.node_rank is not None else result.host


def _peer(
    members: list[tuple[RankResult, StepResult]], owners: dict[str, RankResult], *, multi_node: bool
) -> tuple[str, str | None, str, list[int]] | None:
    """The node the failing ranks' errors point at, when they name addresses: (finding, node, address, ranks)."""
    named: dict[tuple[str | None, str], set[int]] = defaultdict(set)
    loopback: dict[str, set[int]] = defaultdict(set)
    for result, failure in members:
        for address in _IPV4.findall(failure.error or ""):
            try:
                ip = ipaddress.ip_address(address)
            except ValueError:
                continue
            if ip.is_loopback:
                loopback[address].add(result.rank)
            else:
                owner = owners.get(address)
                if owner is None or owner.host != result.host:
                    named[(_node_label(owner) if owner else None, address)].add(result.rank)
    if named:
        (host, address), ranks = max(named.items(), key=lambda item: len(item[1]))
        return "smoke-peer-unreachable", host, address, sorted(ranks)
    if loopback and multi_node:
        address, ranks = max(loopback.items(), key=lambda item: len(item[1]))
        return "smoke-loopback-advertised", None, address, sorted(ranks)
    return None


def _wrong(run: SmokeRun) -> Iterator[Finding]:
    ops: dict[int, set[str]] = defaultdict(set)
    seen_by: dict[int, set[int]] = defaultdict(set)
    for result in run.ranks:
        for step in result.steps:
            for culprit in step.wrong:
                ops[culprit].add(step.step)
                seen_by[culprit].add(result.rank)
    hosts = {r.rank: r for r in run.ranks}
    for culprit in sorted(ops):
        node = _label(hosts[culprit]) if culprit in hosts else f"rank {culprit}"
        yield make_finding(
            "collective-wrong-result",
            node,
            [f"{op}: wrong for rank {culprit} on ranks {ranks_text(seen_by[culprit])}" for op in sorted(ops[culprit])],
            rank=culprit,
            ops=", ".join(sorted(ops[culprit])),
            seen_by=ranks_text(seen_by[culprit]),
        )


def _stragglers(run: SmokeRun) -> Iterator[Finding]:
    times = {r.rank: s.seconds for r in run.ranks for s in r.steps if s.step == "compute" and s.ok and not s.skipped}
    if len(times) < 2:
        return
    hosts = {r.rank: r for r in run.ranks}
    for rank, seconds in sorted(times.items()):
        others = statistics.median(t for r, t in times.items() if r != rank)
        slow = seconds > defaults.STRAGGLER_FACTOR * others and seconds - others > defaults.STRAGGLER_MIN_EXTRA_S
        if slow:
            yield make_finding(
                "straggler",
                _label(hosts[rank]),
                [f"compute: rank {r} {_seconds(t)}" for r, t in sorted(times.items())][:MAX_EVIDENCE],
                rank=rank,
                seconds=_seconds(seconds),
                factor=f"{seconds / others:.1f}" if others > 0 else "∞",
                median=_seconds(others),
            )


def _bandwidth(run: SmokeRun, min_busbw_gbps: float | None) -> Iterator[Finding]:
    table = bandwidth_table(run)
    if min_busbw_gbps is None or not table:
        return
    best = max(table, key=lambda r: r.busbw_gbps)
    if best.busbw_gbps < min_busbw_gbps:
        yield make_finding(
            "bandwidth-low",
            None,
            [f"{r.op} {r.size_bytes} B: busbw {r.busbw_gbps:.3f} GB/s" for r in table[-4:]],
            subject=f"ranks {ranks_text(r.rank for r in run.ranks)} ({best.op}, {best.size_bytes} B)",
            measured=f"{best.busbw_gbps:.3f}",
            expected=f"{min_busbw_gbps:g}",
            basis_code="min",
        )


def _slow_nodes(run: SmokeRun) -> Iterator[Finding]:
    peers = [p for r in run.ranks if r.rank == 0 for p in r.peers]
    if len(peers) < 2:
        return  # one link between nodes has nothing to be compared with
    for peer in peers:
        others = statistics.median(p.gbps for p in peers if p is not peer)
        if peer.gbps < defaults.SLOW_NODE_FRACTION * others:
            yield make_finding(
                "bandwidth-low",
                f"rank {peer.rank} ({peer.host})",
                [f"rank 0 <-> rank {p.rank} ({p.host}): {p.gbps:.3f} GB/s" for p in peers][:MAX_EVIDENCE],
                subject=f"rank 0 <-> {peer.host}",
                measured=f"{peer.gbps:.3f}",
                expected=f"{defaults.SLOW_NODE_FRACTION * others:.3f}",
                basis_code="others",
            )
