"""Mesh rules: every node's connects to its peers' mesh listeners in, findings about links and nodes out. Pure."""

from __future__ import annotations

import dataclasses
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from distdoctor.model import Finding, NodeReport, PairProbe
from distdoctor.rules.cross import who
from distdoctor.rules.finding import make_finding
from distdoctor.rules.local import BRIDGE_PREFIXES, is_loopback

# A pair whose median connect is this many times the mesh's typical pair takes a detour or a loaded link: jitter
# on one fabric stays well within 3x. "Typical" is the lower quartile of the pair medians, not their median: one
# slow node of four is in half of all pairs, and must not raise the baseline it is measured against.
SLOW_FACTOR = 10.0
# ...and only above this: on any LAN a connect under 5 ms is fine, and ratios of microseconds (loopback
# test beds, one switch) are noise.
SLOW_MIN_S = 0.005
# The typical latency needs a few pairs to be a baseline; with two nodes there is nothing to compare with.
LATENCY_MIN_PAIRS = 4
# Linux resends an unanswered SYN after 1 s: a connect that took about that long lost a packet on the way.
SYN_RETRANSMIT_S = 0.9
# A node in this many flaky links, and in most of its links, is the flaky one: one finding names it.
FLAKY_NODE_MIN_LINKS = 3
# Addresses quoted in one finding's title; the evidence has the rest.
MAX_ADDRESSES = 3

Pair = tuple[int, int]


# The smallest typical connect time the slow-pair test divides by (0.1 ms).
MIN_BASE_S = 1e-4


def merge_probes(probes: Iterable[PairProbe]) -> dict[Pair, PairProbe]:
    """One probe per directed pair, sorted: a pair probed again (re-pairing suspects) adds to its record."""
    merged: dict[Pair, PairProbe] = {}
    for p in probes:
        if p.src == p.dst:
            continue
        old = merged.get((p.src, p.dst))
        merged[(p.src, p.dst)] = (
            p
            if old is None
            else dataclasses.replace(
                old,
                outcomes=old.outcomes + p.outcomes,
                latencies_s=old.latencies_s + p.latencies_s,
                detail=old.detail or p.detail,
            )
        )
    return dict(sorted(merged.items()))


def _state(p: PairProbe) -> str:
    return "open" if p.ok else p.failure if p.failed else "flaky"


def mesh_matrix(n: int, probes: Iterable[PairProbe]) -> list[list[str]]:
    """n x n outcomes for the JSON: "open", a failure ("refused", "timed-out", ...), "flaky", "-", "" unprobed."""
    matrix = [[""] * n for _ in range(n)]
    for i in range(n):
        matrix[i][i] = "-"
    for (src, dst), p in merge_probes(probes).items():
        if src < n and dst < n:
            matrix[src][dst] = _state(p)
    return matrix


def mesh_details(n: int, probes: Iterable[PairProbe]) -> list[list[str]]:
    """n x n words for a reader hovering over a matrix cell: the median connect, or what failed and how often."""
    details = [[""] * n for _ in range(n)]
    for (src, dst), p in merge_probes(probes).items():
        if src < n and dst < n:
            failed = sum(o != "open" for o in p.outcomes)
            shown = f"median {_ms(statistics.median(p.latencies_s))}" if p.latencies_s else ""
            if failed:
                shown = (
                    f"{failed} of {len(p.outcomes)} failed"
                    + (f" ({p.detail})" if p.detail else "")
                    + (f"; {shown}" if shown else "")
                )
            details[src][dst] = f"{_address(p)}: {shown}"
    return details


def _address(p: PairProbe) -> str:
    return f"[{p.address}]:{p.port}" if ":" in p.address else f"{p.address}:{p.port}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


class _Mesh:
    """The merged probes, indexed by node, and the labels to name nodes with."""

    def __init__(self, reports: Sequence[NodeReport], probes: Iterable[PairProbe]) -> None:
        self.reports = reports
        self.pairs = merge_probes(probes)
        self.out: dict[int, list[PairProbe]] = {}
        self.inn: dict[int, list[PairProbe]] = {}
        for p in self.pairs.values():
            self.out.setdefault(p.src, []).append(p)
            self.inn.setdefault(p.dst, []).append(p)
        self.nodes = sorted(set(self.out) | set(self.inn))

    def label(self, i: int) -> str:
        return self.reports[i].label if 0 <= i < len(self.reports) else f"node #{i}"

    def who(self, nodes: Iterable[int]) -> str:
        """One node by its label, several by their node_ranks."""
        picked = sorted(set(nodes))
        if len(picked) == 1 or not all(0 <= i < len(self.reports) for i in picked):
            return ", ".join(self.label(i) for i in picked)
        return who([self.reports[i] for i in picked])

    def line(self, p: PairProbe) -> str:
        """Evidence: one directed pair, its outcomes and latencies."""
        counts = ", ".join(f"{o} x{c}" for o, c in Counter(p.outcomes).items())
        text = f"{self.label(p.src)} -> {self.label(p.dst)} {_address(p)}: {counts}"
        if p.latencies_s:
            text += f"; connect median {_ms(statistics.median(p.latencies_s))}, worst {_ms(max(p.latencies_s))}"
        return text + (f" ({p.detail})" if p.detail else "")

    def finding(
        self, name: str, node: int | None, probes: Iterable[PairProbe], *extra: str, **params: object
    ) -> Finding:
        label = None if node is None else self.label(node)
        return make_finding(name, label, (*extra, *(self.line(p) for p in probes)), None, **params)


def _most_common_failure(probes: Iterable[PairProbe]) -> str:
    return Counter(p.failure for p in probes).most_common(1)[0][0]


def _addresses(probes: Sequence[PairProbe]) -> str:
    shown = list(dict.fromkeys(_address(p) for p in probes))
    more = f" (+{len(shown) - MAX_ADDRESSES} more)" if len(shown) > MAX_ADDRESSES else ""
    return ", ".join(shown[:MAX_ADDRESSES]) + more


def _advertised_where(report: NodeReport) -> str | None:
    """Why this node's advertised address looks wrong, or None if it is the one it reaches the master from."""
    ep = report.mesh_endpoint
    if ep is None:
        return None
    if is_loopback(ep.address):
        return f"{ep.address} is a loopback address"
    if (ep.interface or "").startswith(BRIDGE_PREFIXES):
        return f"{ep.interface} is a container bridge"
    route = report.facts.route_to_master
    origin = route.source_address if route and route.source_address else None
    if origin and origin != ep.address:
        return f"its route to the master leaves from {origin} ({route.interface if route else '?'}), not {ep.address}"
    return None


def _loopback_advertised(m: _Mesh) -> Iterator[tuple[int, str]]:
    """Nodes advertising a loopback address to peers on other hosts.

    When every node advertises a distinct loopback address the nodes share one host (a test bed), and the probes
    themselves tell whether they can reach each other.
    """
    endpoints = [r.mesh_endpoint for r in m.reports]
    multi_host = any(ep and not is_loopback(ep.address) for ep in endpoints)
    seen = Counter((ep.address, ep.port) for ep in endpoints if ep)
    for i, ep in enumerate(endpoints):
        if ep and is_loopback(ep.address) and (multi_host or seen[(ep.address, ep.port)] > 1):
            why = "other nodes advertise routable addresses" if multi_host else "another node advertises it too"
            yield i, f"advertises {ep.address}:{ep.port} on {ep.interface or '?'}, a loopback address; {why}"


def _aau(m: _Mesh, i: int, why: str, probes: Sequence[PairProbe]) -> Finding:
    ep = m.reports[i].mesh_endpoint
    address = ep.address if ep else "?"
    interface = (ep.interface if ep else None) or "?"
    return m.finding(
        "address-advertised-unreachable", i, probes, why, src=m.label(i), address=address, interface=interface
    )


def _node_findings(m: _Mesh, covered: set[Pair]) -> Iterator[Finding]:
    """A node that fails with all its peers gets one finding, not one per pair."""
    for i in m.nodes:
        out, inn = m.out.get(i, []), m.inn.get(i, [])
        out_failed = bool(out) and all(p.failed for p in out)
        in_failed = bool(inn) and all(p.failed for p in inn)
        peers = {p.dst for p in out} | {p.src for p in inn}
        in_new = [p for p in inn if (p.src, p.dst) not in covered]
        if out_failed and len(peers) >= 2:
            extra = [f"none of its {len(inn)} peers reached it either"] if in_failed else []
            yield m.finding(
                "mesh-blocked",
                i,
                [*out, *(in_new if in_failed else [])],
                *extra,
                src=m.label(i),
                dst=m.who(p.dst for p in out),
                address=_addresses(out),
                outcome_class=_most_common_failure(out),
            )
            covered.update((p.src, p.dst) for p in out)
            if in_failed:
                covered.update((p.src, p.dst) for p in inn)
        elif in_failed and in_new and any(not p.failed for p in out):
            why = _advertised_where(m.reports[i]) if i < len(m.reports) else None
            if why:
                yield _aau(m, i, why, in_new)
            elif all(not p.failed for p in out):
                yield m.finding(
                    "mesh-one-way",
                    i,
                    [*in_new, *out],
                    src=m.label(i),
                    dst=m.who(p.src for p in inn),
                    address=_address(inn[0]),
                    outcome_class=_most_common_failure(inn),
                )
            else:
                continue
            covered.update((p.src, p.dst) for p in inn)


def _one_direction(m: _Mesh, bad: PairProbe, back: PairProbe | None) -> Finding:
    """bad.src cannot reach bad.dst; if bad.dst reaches bad.src, bad.dst refuses incoming connects."""
    if back is not None and not back.failed:
        return m.finding(
            "mesh-one-way",
            bad.dst,
            [bad, back],
            src=m.label(bad.dst),
            dst=m.label(bad.src),
            address=_address(bad),
            outcome_class=bad.failure,
        )
    # The way back was not probed (a sampled mesh) or its failure is told by another finding.
    return m.finding(
        "mesh-blocked",
        None,
        [bad],
        src=m.label(bad.src),
        dst=m.label(bad.dst),
        address=_address(bad),
        outcome_class=bad.failure,
    )


def _pair_findings(m: _Mesh, covered: set[Pair]) -> Iterator[Finding]:
    """The failed pairs no node finding explains: blocked both ways, or one way."""
    done: set[Pair] = set()
    for (a, b), ab in m.pairs.items():
        if (min(a, b), max(a, b)) in done:
            continue
        done.add((min(a, b), max(a, b)))
        ba = m.pairs.get((b, a))
        fa = ab.failed and (a, b) not in covered
        fb = ba is not None and ba.failed and (b, a) not in covered
        if fa and fb and ba is not None:
            yield m.finding(
                "mesh-blocked",
                None,
                [ab, ba],
                src=m.label(a),
                dst=m.label(b),
                address=_address(ab),
                outcome_class=ab.failure,
            )
        elif fa:
            yield _one_direction(m, ab, ba)
        elif fb and ba is not None:
            yield _one_direction(m, ba, ab)


def _flaky_reasons(m: _Mesh) -> dict[Pair, str]:
    """Why each pair that worked at least once is unreliable: failed connects, a slow median, a lost SYN."""
    medians = {k: statistics.median(p.latencies_s) for k, p in m.pairs.items() if p.latencies_s}
    base = None
    if len(medians) >= LATENCY_MIN_PAIRS:
        # Floored at a clock tick: zero latencies (a peer's, or a coarse clock) must not divide by zero.
        base = max(statistics.quantiles(medians.values(), n=4, method="inclusive")[0], MIN_BASE_S)
    reasons: dict[Pair, str] = {}
    for key, p in m.pairs.items():
        if p.failed:
            continue
        why = []
        if not p.ok:
            fails = sum(o != "open" for o in p.outcomes)
            why.append(f"{fails} of {len(p.outcomes)} connects failed ({p.failure})")
        if base is not None and key in medians:
            median, worst = medians[key], max(p.latencies_s)
            if median > SLOW_FACTOR * base and median > SLOW_MIN_S:
                why.append(f"median connect {_ms(median)}, {median / base:.0f}x the mesh's typical {_ms(base)}")
            elif worst >= SYN_RETRANSMIT_S and worst > SLOW_FACTOR * base:
                why.append(f"worst connect {worst:.2f} s: a SYN was resent, so packets are being lost")
        if why:
            reasons[key] = ", ".join(why)
    return reasons


def _flaky_findings(m: _Mesh) -> Iterator[Finding]:
    reasons = _flaky_reasons(m)
    links = Counter(i for key in m.pairs for i in key)
    open_count = Counter(i for key in reasons for i in key)
    # Greedy: name the node in most flaky links, discount its links from its peers' counts, repeat.
    while open_count:
        i, count = max(open_count.items(), key=lambda kv: (kv[1], -kv[0]))
        if count < FLAKY_NODE_MIN_LINKS or 2 * count <= links[i]:
            break
        mine = [k for k in reasons if i in k]
        yield m.finding(
            "link-flaky",
            i,
            [m.pairs[k] for k in mine],
            src=m.label(i),
            dst=m.who({j for k in mine for j in k} - {i}),
            detail=f"{count} of the {links[i]} pairs it was probed in, e.g. {reasons[mine[0]]}",
        )
        for k in mine:
            del reasons[k]
            for j in k:
                open_count[j] -= 1
        open_count = +open_count  # drop the zeros
    for (a, b), why in list(reasons.items()):
        if (a, b) not in reasons:
            continue  # reported with its reverse direction
        back = reasons.pop((b, a), None)
        del reasons[(a, b)]
        probes = [m.pairs[(a, b)], *([m.pairs[(b, a)]] if back else [])]
        detail = f"{why}; back: {back}" if back else why
        yield m.finding("link-flaky", None, probes, src=m.label(a), dst=m.label(b), detail=detail)


def mesh_findings(reports: Sequence[NodeReport], probes: Sequence[PairProbe]) -> list[Finding]:
    """Findings from the mesh probes; PairProbe.src/dst index into reports."""
    m = _Mesh(reports, probes)
    covered: set[Pair] = set()
    found: list[Finding] = []
    for i, why in _loopback_advertised(m):
        inbound = [p for p in m.inn.get(i, []) if not p.ok]
        found.append(_aau(m, i, why, inbound))
        covered.update((p.src, p.dst) for p in inbound if p.failed)
    isolated = [i for i in m.nodes if all(p.failed for p in (*m.out.get(i, []), *m.inn.get(i, [])))]
    if len(m.nodes) >= 3 and len(isolated) == len(m.nodes):
        # Nothing connects at all: the mesh port range is blocked everywhere, one finding says it.
        every = list(m.pairs.values())
        found.append(
            m.finding(
                "mesh-blocked",
                None,
                every[:MAX_ADDRESSES],
                f"all {len(every)} probed pairs failed",
                src=m.who(m.nodes),
                dst=m.who(m.nodes),
                address=_addresses(every),
                outcome_class=_most_common_failure(every),
            )
        )
        return found
    found += _node_findings(m, covered)
    found += _pair_findings(m, covered)
    found += _flaky_findings(m)
    return found
