"""Mesh rules: every node's connects to its peers' mesh listeners in, findings about links and nodes out. Pure."""

from __future__ import annotations

import dataclasses
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from distdoctor.model import Finding, NodeReport, PairProbe
from distdoctor.model.picking import gloo_initiates, pick_of
from distdoctor.rules.cross import job_backend, who
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
# A pair's median says "slow" only over this many connects: one connect (a sampled mesh stops at the first that
# opens) can be delayed by a busy node's scheduler, and that is not the link.
SLOW_MIN_SAMPLES = 2
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
            if p.payload:
                shown += f"; {_size(p.payload_bytes)} payload {p.payload} in {_ms(p.payload_s)}"
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
        self.backend = job_backend(reports) if reports else "gloo"

    def needed(self, p: PairProbe) -> bool:
        """Whether the job's backend opens connections in this direction: NCCL both ways; gloo once per pair, from
        the greater advertised address to the smaller (a pair of families that differ fails in gloo anyway)."""
        if self.backend != "gloo":
            return True
        src = self.endpoint(p.src)
        return src is None or gloo_initiates(src, p.address) is not False

    def endpoint(self, i: int) -> str | None:
        ep = self.reports[i].mesh_endpoint if 0 <= i < len(self.reports) else None
        return ep.address if ep else None

    def when(self, probes: Iterable[PairProbe]) -> str | None:
        """The catalogue variant for failures in these directions: None (error) if the backend needs any."""
        return None if any(self.needed(p) for p in probes) else "not-needed"

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
        self,
        name: str,
        node: int | None,
        probes: Iterable[PairProbe],
        *extra: str,
        when: str | None = None,
        **params: object,
    ) -> Finding:
        label = None if node is None else self.label(node)
        return make_finding(name, label, (*extra, *(self.line(p) for p in probes)), when=when, **params)


def _most_common_failure(probes: Iterable[PairProbe]) -> str:
    return Counter(p.failure for p in probes).most_common(1)[0][0]


def _addresses(probes: Sequence[PairProbe]) -> str:
    shown = list(dict.fromkeys(_address(p) for p in probes))
    more = f" (+{len(shown) - MAX_ADDRESSES} more)" if len(shown) > MAX_ADDRESSES else ""
    return ", ".join(shown[:MAX_ADDRESSES]) + more


def _known_as(reports: Sequence[NodeReport], i: int) -> set[str]:
    """The addresses the other nodes reach node i by: node 0's is MASTER_ADDR as the workers resolve it; a worker's,
    the address node 0 saw its report come from."""
    if i == 0:
        return {
            r.facts.master_resolution.addresses[0]
            for r in reports[1:]
            if r.facts.master_resolution and r.facts.master_resolution.addresses
        }
    seen = reports[i].seen_from.split("%")[0] if i < len(reports) else ""
    return {seen} if seen and not is_loopback(seen) else set()


def _advertised_where(reports: Sequence[NodeReport], i: int, backend: str) -> str | None:
    """Why node i's advertised address looks wrong, or None if it is the one the others reach it by."""
    report = reports[i]
    ep = report.mesh_endpoint
    if ep is None:
        return None
    pick = pick_of(report.facts, backend)
    how = f" ({backend}: {pick.how})" if pick and pick.address == ep.address else ""
    if is_loopback(ep.address):
        return f"{ep.address} is a loopback address{how}"
    if (ep.interface or "").startswith(BRIDGE_PREFIXES):
        return f"{ep.interface} is a container bridge{how}"
    known = _known_as(reports, i) - {ep.address}
    if known and ep.address not in _known_as(reports, i):
        return f"the other nodes reach it at {', '.join(sorted(known))}, but it advertises {ep.address}{how}"
    route = report.facts.route_to_master
    origin = route.source_address if route and route.source_address else None
    if i > 0 and origin and origin != ep.address:
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
    failed = [p for p in probes if p.failed] or list(probes)
    when = m.when(failed)
    extra = [why]
    if when:
        extra.append(f"gloo connects from {address} to each peer (the greater address connects): nothing must reach it")
    return m.finding(
        "address-advertised-unreachable",
        i,
        probes,
        *extra,
        when=when,
        src=m.label(i),
        address=address,
        interface=interface,
    )


def _node_findings(m: _Mesh, covered: set[Pair]) -> Iterator[Finding]:
    """A node that fails with all its peers gets one finding, not one per pair."""
    for i in m.nodes:
        # Connects to an address already named as unreachable say nothing more about this node.
        out = [p for p in m.out.get(i, []) if (p.src, p.dst) not in covered or not p.failed]
        inn = m.inn.get(i, [])
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
            why = _advertised_where(m.reports, i, m.backend) if i < len(m.reports) else None
            if why:
                yield _aau(m, i, why, in_new)
            elif all(not p.failed for p in out):
                yield m.finding(
                    "mesh-one-way",
                    i,
                    [*in_new, *out],
                    when=m.when(in_new),
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
            when=m.when([bad]),
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
            if median > SLOW_FACTOR * base and median > SLOW_MIN_S and len(p.latencies_s) >= SLOW_MIN_SAMPLES:
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


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and n % (1 << 20) == 0 else f"{n >> 10} KiB" if n >= 1024 else f"{n} B"


def _mtu_of(m: _Mesh, i: int) -> tuple[str, str]:
    """(MTU, interface) of the interface node i's mesh endpoint is on: what its peers' large frames arrive on."""
    if not 0 <= i < len(m.reports):
        return "?", "?"
    report = m.reports[i]
    ep = report.mesh_endpoint
    iface = report.facts.interface(ep.interface if ep else None)
    if iface is None or not iface.mtu:
        return "?", (ep.interface if ep and ep.interface else "?")
    return str(iface.mtu), iface.name


def _payload_line(m: _Mesh, p: PairProbe) -> str:
    return (
        f"{m.label(p.src)} -> {m.label(p.dst)} {_address(p)}: connects {Counter(p.outcomes)['open']}/"
        f"{len(p.outcomes)}, {_size(p.payload_bytes)} payload {p.payload} after {p.payload_s:.1f} s"
    )


def _black_hole(m: _Mesh, probes: Sequence[PairProbe], src: int | None, dst: int | None) -> Finding:
    """One mtu-black-hole finding over these lost payloads, with the MTUs of the interfaces at both ends."""
    ends = sorted({p.src for p in probes} | {p.dst for p in probes})
    by_mtu: dict[str, list[int]] = {}
    for i in ends:
        mtu, iface = _mtu_of(m, i)
        by_mtu.setdefault(f"{mtu} ({iface})" if len(ends) <= 2 else mtu, []).append(i)
    mtus = "; ".join(f"{mtu} on {m.who(nodes)}" for mtu, nodes in by_mtu.items())
    shown = 2 * MAX_ADDRESSES
    more = [f"... and {len(probes) - shown} more pairs"] if len(probes) > shown else []
    srcs, dsts = {p.src for p in probes}, {p.dst for p in probes}
    if len(ends) == 2:  # one pair, one way or both: named in the order first probed
        srcs, dsts = {probes[0].src}, {probes[0].dst}
    return make_finding(
        "mtu-black-hole",
        None if src is None else m.label(src),
        [_payload_line(m, p) for p in probes[:shown]] + more,
        src=m.who(srcs),
        dst=m.who(dsts),
        size=_size(probes[0].payload_bytes),
        mtus=mtus,
        src_if=_mtu_of(m, probes[0].src)[1],
    )


def _payload_findings(m: _Mesh) -> Iterator[Finding]:
    """Pairs that connect but lose the large payload: every pair at once, one node's frames, or single pairs."""
    tried = [p for p in m.pairs.values() if p.payload is not None]
    lost = [p for p in tried if p.payload_lost]
    if not lost:
        return
    if len(lost) == len(tried) and len(tried) > 1:
        yield _black_hole(m, lost, None, None)
        return
    left = {(p.src, p.dst): p for p in lost}
    for i in m.nodes:
        out = [p for p in m.out.get(i, []) if p.payload is not None]
        mine = [p for p in out if p.payload_lost]
        if len(out) >= 2 and len(mine) == len(out):
            # This node's large frames reach nobody (its own, as node 0 sees when it is the one).
            yield _black_hole(m, mine, i, None)
            for p in mine:
                left.pop((p.src, p.dst), None)
    for i in m.nodes:
        inn = [p for p in m.inn.get(i, []) if p.payload is not None]
        mine = [p for p in inn if (p.src, p.dst) in left]
        if len(inn) >= 2 and len(mine) == len(inn):
            yield _black_hole(m, mine, None, i)
            for p in mine:
                left.pop((p.src, p.dst), None)
    for p in list(left.values()):
        if (p.src, p.dst) in left:
            back = left.pop((p.dst, p.src), None)
            left.pop((p.src, p.dst), None)
            yield _black_hole(m, [p, *([back] if back else [])], None, None)


def mesh_findings(reports: Sequence[NodeReport], probes: Sequence[PairProbe]) -> list[Finding]:
    """Findings from the mesh probes; PairProbe.src/dst index into reports."""
    m = _Mesh(reports, probes)
    covered: set[Pair] = set()
    found: list[Finding] = []
    for i, why in _loopback_advertised(m):
        inbound = [p for p in m.inn.get(i, []) if not p.ok]
        found.append(_aau(m, i, why, inbound))
        covered.update((p.src, p.dst) for p in inbound if p.failed)
    # A node nobody reaches at the address it advertises, when that is not the address they know it by (its
    # hostname resolves to another interface's address, *_SOCKET_IFNAME names another network): that address is
    # the fault, not a firewall, however many nodes do it.
    for i in m.nodes:
        inbound = [p for p in m.inn.get(i, []) if (p.src, p.dst) not in covered]
        if i >= len(reports) or not inbound or not all(p.failed for p in inbound):
            continue
        wrong = _advertised_where(reports, i, m.backend)
        if wrong and not wrong.startswith("its route"):
            found.append(_aau(m, i, wrong, inbound))
            covered.update((p.src, p.dst) for p in inbound)
    found += _payload_findings(m)
    isolated = [
        i
        for i in m.nodes
        if all(p.failed for p in (*m.out.get(i, []), *m.inn.get(i, [])) if (p.src, p.dst) not in covered)
        and any((p.src, p.dst) not in covered for p in (*m.out.get(i, []), *m.inn.get(i, [])))
    ]
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
