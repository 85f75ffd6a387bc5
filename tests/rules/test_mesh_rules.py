"""Mesh rules on synthetic probe results: each case breaks one link or node of an otherwise open mesh."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import pytest

from distdoctor.catalogue import LANGS, describe
from distdoctor.gather.plan import mesh_pairs
from distdoctor.model import Endpoint, Finding, Gpu, Interface, NodeReport, PairProbe, ProbeOutcome, Route
from distdoctor.rules.mesh import mesh_findings, mesh_matrix
from testbed.recorded import HEALTHY_MASTER, HEALTHY_WORKER, config, facts

PORT = 40100
FAST_S = 0.0004
T: tuple[ProbeOutcome, ...] = ("timed-out",) * 3
R: tuple[ProbeOutcome, ...] = ("refused",) * 3
FLAKY: tuple[ProbeOutcome, ...] = ("open", "timed-out", "open")
Pair = tuple[int, int]


def reports(n: int, endpoints: Mapping[int, Endpoint] | None = None) -> list[NodeReport]:
    """n nodes at 10.1.0.1..n, each advertising its eth0 address unless `endpoints` says otherwise."""
    made = []
    for i in range(n):
        address = f"10.1.0.{i + 1}" if n < 250 else f"10.{i // 65536}.{i // 256 % 256}.{i % 256}"
        cfg = config({"nnodes": str(n), "node_rank": str(i), "master_addr": "10.1.0.1"})
        node = facts(
            HEALTHY_MASTER if i == 0 else HEALTHY_WORKER,
            hostname=f"node{i + 1}",
            route_to_master=Route("10.1.0.1", address, "eth0"),
        )
        endpoint = (endpoints or {}).get(i, Endpoint(address, PORT, "eth0"))
        made.append(NodeReport(cfg, node, mesh_endpoint=endpoint))
    return made


def probe(
    nodes: Sequence[NodeReport], src: int, dst: int, outcomes: tuple[ProbeOutcome, ...], latency_s: float = FAST_S
) -> PairProbe:
    ep = nodes[dst].mesh_endpoint
    assert ep is not None
    latencies = tuple(latency_s for o in outcomes if o == "open")
    return PairProbe(src, dst, ep.address, ep.port, outcomes, latencies)


def mesh(
    nodes: Sequence[NodeReport],
    bad: Mapping[Pair, tuple[ProbeOutcome, ...]] | None = None,
    slow: Mapping[Pair, float] | None = None,
    pairs: Sequence[Pair] | None = None,
) -> list[PairProbe]:
    """Every planned pair open three times in 0.4 ms, except the `bad` outcomes and `slow` latencies given."""
    bad, slow = bad or {}, slow or {}
    planned = pairs if pairs is not None else mesh_pairs(len(nodes))
    return [probe(nodes, s, d, bad.get((s, d), ("open",) * 3), slow.get((s, d), FAST_S)) for s, d in planned]


def both(a: int, b: int, outcomes: tuple[ProbeOutcome, ...] = T) -> dict[Pair, tuple[ProbeOutcome, ...]]:
    return {(a, b): outcomes, (b, a): outcomes}


def isolated(i: int, n: int, inbound: bool = True, outbound: bool = True) -> dict[Pair, tuple[ProbeOutcome, ...]]:
    cut: dict[Pair, tuple[ProbeOutcome, ...]] = {}
    for j in range(n):
        if j != i:
            if inbound:
                cut[(j, i)] = T
            if outbound:
                cut[(i, j)] = T
    return cut


def label(i: int) -> str:
    return f"node_rank {i} (node{i + 1})"


TWO, FOUR = reports(2), reports(4)
DOCKER = reports(4, {2: Endpoint("172.17.0.1", PORT, "docker0")})
WRONG_IF = reports(4, {2: Endpoint("192.168.9.3", PORT, "eth1")})
LOOPBACK = reports(4, {2: Endpoint("127.0.0.1", PORT, "lo")})
# A test bed on one host: every node on its own loopback address, all of them reachable.
ONE_HOST = reports(3, {i: Endpoint(f"127.0.1.{i + 1}", PORT, "lo") for i in range(3)})
SAME_LOOPBACK = reports(3, {i: Endpoint("127.0.0.1", PORT, "lo") for i in range(3)})
Expected = list[tuple[str, str | None, dict[str, str]]]  # (name, node, params that must equal these)

CASES: list[tuple[str, list[NodeReport], list[PairProbe], Expected, list[str]]] = [
    # (id, reports, probes, expected findings in order, substrings some evidence line must contain)
    ("healthy-two", TWO, mesh(TWO), [], []),
    ("healthy-four", FOUR, mesh(FOUR), [], []),
    ("no-probes", FOUR, [], [], []),
    (
        "blocked-both-ways",
        TWO,
        mesh(TWO, both(0, 1)),
        [
            (
                "mesh-blocked",
                None,
                {"src": label(0), "dst": label(1), "address": "10.1.0.2:40100", "outcome_class": "timed-out"},
            )
        ],
        ["node_rank 1 (node2) -> node_rank 0 (node1) 10.1.0.1:40100: timed-out x3"],
    ),
    (
        "blocked-pair-among-four",
        FOUR,
        mesh(FOUR, both(1, 3, R)),
        [("mesh-blocked", None, {"src": label(1), "dst": label(3), "outcome_class": "refused"})],
        [],
    ),
    (
        "one-way",
        TWO,
        mesh(TWO, {(0, 1): R}),
        # node 0 cannot reach node 1, node 1 reaches node 0: node 1 refuses incoming connects.
        [("mesh-one-way", label(1), {"src": label(1), "dst": label(0), "address": "10.1.0.2:40100"})],
        ["node_rank 0 (node1) -> node_rank 1 (node2) 10.1.0.2:40100: refused x3", "-> node_rank 0 (node1) 10.1.0.1"],
    ),
    (
        "one-way-pair-among-four",
        FOUR,
        mesh(FOUR, {(3, 1): T}),
        [("mesh-one-way", label(1), {"src": label(1), "dst": label(3), "outcome_class": "timed-out"})],
        [],
    ),
    (
        "one-direction-failed-other-not-probed",
        FOUR,
        mesh(FOUR, {(0, 2): ("no-route",)}, pairs=[(0, 1), (1, 0), (0, 2), (1, 2), (2, 3), (3, 0)]),
        [("mesh-blocked", None, {"src": label(0), "dst": label(2), "outcome_class": "no-route"})],
        [],
    ),
    (
        "isolated-node-is-one-finding",
        FOUR,
        mesh(FOUR, isolated(2, 4)),
        [
            (
                "mesh-blocked",
                label(2),
                {
                    "src": label(2),
                    "dst": "node_rank 0, 1, 3",
                    "address": "10.1.0.1:40100, 10.1.0.2:40100, 10.1.0.4:40100",
                },
            )
        ],
        ["none of its 3 peers reached it either", "node_rank 3 (node4) -> node_rank 2 (node3) 10.1.0.3:40100"],
    ),
    (
        "node-that-reaches-nobody",
        FOUR,
        mesh(FOUR, isolated(0, 4, inbound=False)),
        [("mesh-blocked", label(0), {"src": label(0), "dst": "node_rank 1-3", "outcome_class": "timed-out"})],
        [],
    ),
    (
        "node-nobody-reaches-firewall",
        FOUR,
        mesh(FOUR, isolated(3, 4, outbound=False)),
        [("mesh-one-way", label(3), {"src": label(3), "dst": "node_rank 0-2", "address": "10.1.0.4:40100"})],
        [],
    ),
    (
        "node-nobody-reaches-docker-bridge",
        DOCKER,
        mesh(DOCKER, isolated(2, 4, outbound=False)),
        [("address-advertised-unreachable", label(2), {"address": "172.17.0.1", "interface": "docker0"})],
        ["docker0 is a container bridge"],
    ),
    (
        "node-nobody-reaches-wrong-interface",
        WRONG_IF,
        mesh(WRONG_IF, isolated(2, 4, outbound=False)),
        [
            (
                "address-advertised-unreachable",
                label(2),
                {"src": label(2), "address": "192.168.9.3", "interface": "eth1"},
            )
        ],
        ["its route to the master leaves from 10.1.0.3 (eth0), not 192.168.9.3"],
    ),
    (
        "two-nodes-one-way-to-a-wrong-interface",
        reports(2, {1: Endpoint("192.168.9.2", PORT, "eth1")}),
        mesh(reports(2, {1: Endpoint("192.168.9.2", PORT, "eth1")}), {(0, 1): T}),
        [("address-advertised-unreachable", label(1), {"address": "192.168.9.2"})],
        [],
    ),
    (
        "loopback-advertised",
        LOOPBACK,
        mesh(LOOPBACK, isolated(2, 4, outbound=False, inbound=True)),
        [("address-advertised-unreachable", label(2), {"address": "127.0.0.1", "interface": "lo"})],
        ["advertises 127.0.0.1:40100 on lo, a loopback address; other nodes advertise routable addresses"],
    ),
    (
        "loopback-advertised-even-when-probes-pass",
        LOOPBACK,
        mesh(LOOPBACK),
        [("address-advertised-unreachable", label(2), {"address": "127.0.0.1"})],
        [],
    ),
    ("one-host-test-bed-on-loopback-is-healthy", ONE_HOST, mesh(ONE_HOST), [], []),
    (
        "same-loopback-on-every-node",
        SAME_LOOPBACK,
        mesh(SAME_LOOPBACK),
        [("address-advertised-unreachable", label(i), {"src": label(i)}) for i in range(3)],
        ["another node advertises it too"],
    ),
    (
        "nothing-connects",
        FOUR,
        mesh(FOUR, {p: T for p in mesh_pairs(4)}),
        [("mesh-blocked", None, {"src": "node_rank 0-3", "dst": "node_rank 0-3", "outcome_class": "timed-out"})],
        ["all 12 probed pairs failed"],
    ),
    (
        "flaky-pair",
        FOUR,
        mesh(FOUR, {(0, 1): FLAKY}),
        [("link-flaky", None, {"src": label(0), "dst": label(1), "detail": "1 of 3 connects failed (timed-out)"})],
        ["open x2, timed-out x1"],
    ),
    (
        "flaky-both-directions-is-one-finding",
        FOUR,
        mesh(FOUR, both(2, 3, FLAKY)),
        [
            (
                "link-flaky",
                None,
                {"detail": "1 of 3 connects failed (timed-out); back: 1 of 3 connects failed (timed-out)"},
            )
        ],
        [],
    ),
    (
        "slow-link",
        FOUR,
        mesh(FOUR, slow={(1, 2): 0.05}),
        [("link-flaky", None, {"src": label(1), "dst": label(2)})],
        ["connect median 50.0 ms, worst 50.0 ms"],
    ),
    ("slow-but-under-the-floor", FOUR, mesh(FOUR, slow={(1, 2): 0.004}), [], []),
    (
        # A sampled mesh's pair opens once: one connect delayed by a busy node is not a slow link...
        "one-slow-connect-is-not-a-slow-link",
        FOUR,
        [
            p if (p.src, p.dst) != (1, 2) else dataclasses.replace(p, outcomes=("open",), latencies_s=(0.05,))
            for p in mesh(FOUR)
        ],
        [],
        [],
    ),
    (
        # ...but one that took a resent SYN's second is packet loss, however many connects it made.
        "one-connect-with-a-resent-syn",
        FOUR,
        [
            p if (p.src, p.dst) != (1, 2) else dataclasses.replace(p, outcomes=("open",), latencies_s=(1.02,))
            for p in mesh(FOUR)
        ],
        [("link-flaky", None, {"detail": "worst connect 1.02 s: a SYN was resent, so packets are being lost"})],
        [],
    ),
    ("uniformly-slow-mesh-is-the-baseline", FOUR, mesh(FOUR, slow={p: 0.05 for p in mesh_pairs(4)}), [], []),
    (
        "slow-node-is-one-finding",
        FOUR,
        mesh(FOUR, slow={p: 0.05 for p in mesh_pairs(4) if 2 in p}),
        [("link-flaky", label(2), {"src": label(2), "dst": "node_rank 0, 1, 3"})],
        [],
    ),
    (
        "lost-syn",
        FOUR,
        [
            p if (p.src, p.dst) != (3, 0) else dataclasses.replace(p, latencies_s=(FAST_S, FAST_S, 1.02))
            for p in mesh(FOUR)
        ],
        [("link-flaky", None, {"detail": "worst connect 1.02 s: a SYN was resent, so packets are being lost"})],
        [],
    ),
    (
        "two-nodes-have-no-latency-baseline",
        TWO,
        mesh(TWO, slow={(0, 1): 0.5}),
        [],
        [],
    ),
]


def check_rendered(found: Sequence[Finding]) -> None:
    for finding in found:
        assert finding.evidence, f"{finding.name} carries no evidence"
        for lang in LANGS:
            title, fix = describe(finding, lang)  # a KeyError here is a param the template needs and we left out
            assert title and fix
            assert "{" not in title + fix


@pytest.mark.parametrize(("nodes", "probes", "expected", "evidence"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_mesh_rule(nodes: list[NodeReport], probes: list[PairProbe], expected: Expected, evidence: list[str]) -> None:
    found = mesh_findings(nodes, probes)
    assert [(f.name, f.node) for f in found] == [(name, n) for name, n, _ in expected]
    for finding, (_, _, params) in zip(found, expected, strict=True):
        for key, wanted in params.items():
            assert finding.param_map[key] == wanted, key
    lines = [line for f in found for line in f.evidence]
    for wanted in evidence:
        assert any(wanted in line for line in lines), (wanted, lines)
    check_rendered(found)


def test_isolated_node_reads_well() -> None:
    (finding,) = mesh_findings(FOUR, mesh(FOUR, isolated(2, 4)))
    assert describe(finding, "en")[0] == (
        "node_rank 2 (node3) cannot reach node_rank 0, 1, 3 at 10.1.0.1:40100, 10.1.0.2:40100, 10.1.0.4:40100 "
        "(timed out: packets dropped), although the master port works"
    )
    assert describe(finding, "zh")[0].startswith("node_rank 2 (node3) 连不上 node_rank 0, 1, 3 的 10.1.0.1:40100")


def test_re_probed_pairs_are_merged() -> None:
    # The first round timed out once, the repair round found the link open: flaky, not blocked.
    probes = [*mesh(FOUR, {(0, 1): ("timed-out",)}), probe(FOUR, 0, 1, ("open", "open"))]
    (finding,) = mesh_findings(FOUR, probes)
    assert (finding.name, finding.param_map["detail"]) == ("link-flaky", "1 of 3 connects failed (timed-out)")


def test_findings_are_deterministic() -> None:
    bad = {**both(0, 1), (2, 3): R, (3, 0): FLAKY}
    probes = mesh(FOUR, bad)
    first = mesh_findings(FOUR, probes)
    assert first == mesh_findings(FOUR, list(reversed(probes)))
    assert [f.name for f in first] == ["mesh-blocked", "mesh-one-way", "link-flaky"]


def test_sampled_4096_node_mesh_names_the_bad_node() -> None:
    n = 4096
    nodes = reports(n)
    pairs = mesh_pairs(n)
    bad = {p: T for p in pairs if 1234 in p}
    probes = mesh(nodes, bad, slow={(7, 8): 0.08}, pairs=pairs)
    found = mesh_findings(nodes, probes)  # its speed at this size: bench/scale.py, not a timed test
    matrix = mesh_matrix(n, probes)
    assert [(f.name, f.node) for f in found] == [("mesh-blocked", label(1234)), ("link-flaky", None)]
    assert found[0].param_map["src"] == label(1234)
    assert "1233" in found[0].param_map["dst"] and "1235" in found[0].param_map["dst"]
    assert matrix[1234][1235] == "timed-out" and matrix[7][8] == "open" and matrix[0][0] == "-"
    check_rendered(found)


MATRIX = [
    # (id, n, probes, expected matrix)
    ("empty", 2, [], [["-", ""], ["", "-"]]),
    ("open-and-refused", 2, [probe(TWO, 0, 1, ("open",)), probe(TWO, 1, 0, R)], [["-", "open"], ["refused", "-"]]),
    ("flaky", 2, [probe(TWO, 0, 1, FLAKY)], [["-", "flaky"], ["", "-"]]),
    (
        "merged-and-out-of-range-ignored",
        3,
        [probe(FOUR, 0, 2, ("timed-out",)), probe(FOUR, 0, 2, ("timed-out",)), probe(FOUR, 1, 3, ("open",))],
        [["-", "", "timed-out"], ["", "-", ""], ["", "", "-"]],
    ),
    ("no-route", 2, [probe(TWO, 1, 0, ("no-route", "no-route"))], [["-", ""], ["no-route", "-"]]),
]


@pytest.mark.parametrize(("n", "probes", "expected"), [c[1:] for c in MATRIX], ids=[c[0] for c in MATRIX])
def test_mesh_matrix(n: int, probes: list[PairProbe], expected: list[list[str]]) -> None:
    assert mesh_matrix(n, probes) == expected


# --- what the backend needs, and large payloads (recorded the way the namespace cluster measured them) ----------


def with_gpus(nodes: Sequence[NodeReport]) -> list[NodeReport]:
    gpu = facts(nodes[0].facts).gpus or (Gpu(0, "NVIDIA H200"),)
    return [dataclasses.replace(r, facts=dataclasses.replace(r.facts, gpus=gpu)) for r in nodes]


def test_one_way_that_gloo_never_uses_is_a_warning_and_an_error_for_nccl() -> None:
    nodes = reports(3)
    # Nobody reaches node1 (10.1.0.1, the smallest address), node1 reaches everyone: gloo needs 2->1 and 3->1.
    cut = {(1, 0): T, (2, 0): T}
    (gloo,) = mesh_findings(nodes, mesh(nodes, cut))
    assert (gloo.name, gloo.severity) == ("mesh-one-way", "error")
    # Nobody reaches node3 (the greatest): gloo connects out from it; NCCL connects both ways.
    cut = {(0, 2): T, (1, 2): T}
    (gloo,) = mesh_findings(nodes, mesh(nodes, cut))
    assert (gloo.name, gloo.severity) == ("mesh-one-way", "warning")
    gpu_nodes = with_gpus(nodes)
    (nccl,) = mesh_findings(gpu_nodes, mesh(gpu_nodes, cut))
    assert (nccl.name, nccl.severity) == ("mesh-one-way", "error")


def test_hostname_on_another_network_is_the_advertised_address_not_a_blocked_mesh() -> None:
    # Every node's hostname resolves to an address of its own side network (the cluster test's setup): no pair
    # connects, and each node's address is named instead of a blocked mesh.
    side = {i: Endpoint(f"192.168.{100 + i}.1", PORT, "side0") for i in range(3)}
    nodes = [dataclasses.replace(r, seen_from=f"10.1.0.{i + 1}") for i, r in enumerate(reports(3, side))]
    every = {(s, d): ("no-route",) * 3 for s, d in mesh_pairs(3)}
    found = mesh_findings(nodes, mesh(nodes, every))
    assert [(f.name, f.node, f.severity) for f in found] == [
        ("address-advertised-unreachable", "node_rank 0 (node1)", "error"),
        ("address-advertised-unreachable", "node_rank 1 (node2)", "error"),
        ("address-advertised-unreachable", "node_rank 2 (node3)", "warning"),
    ]
    assert "the other nodes reach it at 10.1.0.1, but it advertises 192.168.100.1" in found[0].evidence[0]


def lost(p: PairProbe) -> PairProbe:
    return dataclasses.replace(p, payload_bytes=256 << 10, payload="stalled", payload_s=4.0)


def delivered(p: PairProbe) -> PairProbe:
    return dataclasses.replace(p, payload_bytes=256 << 10, payload="delivered", payload_s=0.003)


def mtu(nodes: Sequence[NodeReport], sizes: Sequence[int]) -> list[NodeReport]:
    out = []
    for r, size in zip(nodes, sizes, strict=True):
        eth0 = Interface("eth0", (r.mesh_endpoint.address,) if r.mesh_endpoint else (), True, size, True)
        ifaces = tuple(eth0 if i.name == "eth0" else i for i in r.facts.interfaces)
        out.append(dataclasses.replace(r, facts=dataclasses.replace(r.facts, interfaces=ifaces)))
    return out


def test_every_pair_losing_its_payload_is_one_black_hole_with_the_mtus() -> None:
    nodes = mtu(reports(3), [9000, 9000, 9000])
    (finding,) = mesh_findings(nodes, [lost(p) for p in mesh(nodes)])
    assert (finding.name, finding.severity, finding.node) == ("mtu-black-hole", "error", None)
    assert describe(finding, "en")[0] == (
        "node_rank 0-2 -> node_rank 0-2: connections open, but a 256 KiB payload never arrives (MTU 9000 on "
        "node_rank 0-2): frames above some size are dropped on the path"
    )


def test_one_nodes_large_frames_reaching_nobody_names_it() -> None:
    nodes = mtu(reports(4), [9000, 1500, 1500, 1500])
    probes = [lost(p) if p.src == 0 else delivered(p) for p in mesh(nodes)]
    (finding,) = mesh_findings(nodes, probes)
    assert (finding.name, finding.node) == ("mtu-black-hole", "node_rank 0 (node1)")
    assert "9000 on node_rank 0 (node1); 1500 on node_rank 1-3" in describe(finding, "en")[0]


def test_a_pair_losing_payloads_both_ways_is_named_once_and_delivered_ones_are_not() -> None:
    nodes = mtu(reports(3), [9000, 9000, 1500])
    probes = [lost(p) if {p.src, p.dst} == {0, 1} else delivered(p) for p in mesh(nodes)]
    (finding,) = mesh_findings(nodes, probes)
    assert finding.name == "mtu-black-hole" and len(finding.evidence) == 2
    title = describe(finding, "zh")[0]
    assert "node_rank 0 (node1) -> node_rank 1 (node2)" in title and "9000 (eth0)" in title
    assert mesh_findings(nodes, [delivered(p) for p in mesh(nodes)]) == []
