"""Cross-node rules on recorded facts: each case varies one node's config or facts; every finding renders in both
languages with every placeholder filled."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from distdoctor.catalogue import LANGS, describe
from distdoctor.model import Finding, Gpu, Interface, NodeReport, Resolution, Versions
from distdoctor.rules.cross import cross_findings, ranks_text, rejected_findings
from testbed.recorded import HEALTHY_MASTER, HEALTHY_WORKER, config, facts

C10D = {"rdzv_backend": "c10d", "rdzv_endpoint": "10.1.0.1:29400"}


def node(
    rank: int,
    nnodes: str = "2",
    *,
    host: str | None = None,
    flags: Mapping[str, str | None] | None = None,
    config_env: Mapping[str, str] | None = None,
    seen_from: str = "",
    **fact_changes: Any,
) -> NodeReport:
    """node_rank `rank` of a cluster whose hosts are node1, node2, ... and whose master is node1 at 10.1.0.1."""
    merged = {"nnodes": nnodes, "node_rank": str(rank), "master_addr": "10.1.0.1", **(flags or {})}
    cfg = config({k: v for k, v in merged.items() if v is not None}, env=config_env)
    base = HEALTHY_MASTER if rank == 0 else HEALTHY_WORKER
    return NodeReport(cfg, facts(base, hostname=host or f"node{rank + 1}", **fact_changes), seen_from=seen_from)


def cluster(n: int, **changes_of_last: Any) -> list[NodeReport]:
    """n healthy nodes agreeing on nnodes=n; the last one gets `changes_of_last`."""
    return [node(r, str(n)) for r in range(n - 1)] + [node(n - 1, str(n), **changes_of_last)]


def versions(**changes: str | None) -> Versions:
    return Versions(**{"python": "3.11.7", "distdoctor": "0.1.0", "torch": "2.13.0+cpu", **changes})  # type: ignore[arg-type]


def env(*pairs: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return (("MASTER_ADDR", "10.1.0.1"), ("MASTER_PORT", "29500"), *pairs)


NODE1, NODE2, NODE3, NODE4 = "node_rank 0 (node1)", "node_rank 1 (node2)", "node_rank 2 (node3)", "node_rank 3 (node4)"
Expected = list[tuple[str, str | None, dict[str, str]]]  # (finding name, node, params that must contain these)

CASES: list[tuple[str, list[NodeReport], bool, Expected, list[str]]] = [
    # (id, reports, complete, expected findings in order, substrings some evidence line must contain)
    ("healthy-pair", [node(0), node(1)], True, [], []),
    ("healthy-even-if-incomplete", [node(0), node(1)], False, [], []),
    (
        "node-missing",
        [node(0, "3"), node(1, "3")],
        False,
        [("node-missing", None, {"missing": "2", "waited": "60 s"})],
        ["nnodes=3 [flag --nnodes] on node_rank 0 (node1)", "arrived: node_rank 0, 1 (2 of 3 node_ranks)"],
    ),
    ("node-missing-not-when-complete", [node(0, "3"), node(1, "3")], True, [], []),
    (
        "node-missing-at-scale-compresses-ranks",
        [node(r, "4096") for r in (0, 1, 2, 5)],
        False,
        [("node-missing", None, {"missing": "3, 4, 6-4095"})],
        ["4 of 4096 node_ranks"],
    ),
    ("elastic-enough-nodes", [node(0, "2:4"), node(1, "2:4")], False, [], []),
    (
        "elastic-below-min",
        [node(0, "2:4")],
        False,
        [("node-missing", None, {"missing": "1"})],
        ["1 of at least 2 node_ranks"],
    ),
    (
        "node-rank-duplicate",
        [node(0), node(1, seen_from="10.1.0.2:40112"), node(1, host="node3", seen_from="10.1.0.3:40990")],
        True,
        [("node-rank-duplicate", None, {"node_rank": "1", "hosts": "node2 (10.1.0.2:40112), node3 (10.1.0.3:40990)"})],
        ["node3 (10.1.0.3:40990): node_rank=1 [flag --node-rank]"],
    ),
    (
        "node-rank-duplicate-leaves-a-rank-missing",
        [node(0, "3"), node(1, "3", seen_from="10.1.0.2"), node(1, "3", host="node3", seen_from="10.1.0.3")],
        False,
        [("node-missing", None, {"missing": "2"}), ("node-rank-duplicate", None, {"hosts": "node3 (10.1.0.3)"})],
        ["from 3 reports"],
    ),
    (
        "nnodes-mismatch-two-nodes",
        [node(0), node(1, "3")],
        True,
        [("nnodes-mismatch", None, {"detail": f"{NODE1} says 2, {NODE2} says 3", "started": "2"})],
        [f"nnodes=3 [flag --nnodes] on {NODE2}"],
    ),
    (
        "nnodes-mismatch-odd-one-out",
        cluster(4, flags={"nnodes": "2"}),
        True,
        [("nnodes-mismatch", NODE4, {"detail": f"node_rank 0-2 say 4, {NODE4} says 2", "started": "4"})],
        ["nnodes=4 [flag --nnodes] on node_rank 0-2"],
    ),
    (
        "nnodes-mismatch-from-env-names-the-source",
        [node(0), node(1, flags={"nnodes": None}, config_env={"PET_NNODES": "3"})],
        True,
        [("nnodes-mismatch", None, {"started": "2"})],
        ["nnodes=3 [env PET_NNODES]"],
    ),
    (
        "nproc-mismatch",
        [node(0, flags={"nproc_per_node": "8"}), node(1, flags={"nproc_per_node": "4"})],
        True,
        [("nproc-mismatch", None, {"detail": f"{NODE1} says 8, {NODE2} says 4"})],
        ["nproc_per_node=4 [flag --nproc-per-node]"],
    ),
    (
        "nproc-mismatch-unset-on-one",
        [node(0, "3", flags={"nproc_per_node": "8"}), node(1, "3", flags={"nproc_per_node": "8"}), node(2, "3")],
        True,
        [("nproc-mismatch", NODE3, {"detail": f"node_rank 0, 1 say 8, {NODE3} says not set"})],
        [f"nproc_per_node not set on {NODE3}"],
    ),
    (
        "master-addr-mismatch",
        [
            node(0),
            node(1, flags={"master_addr": "10.1.0.9"}, master_resolution=Resolution("10.1.0.9", ("10.1.0.9",))),
        ],
        True,
        [("master-addr-mismatch", None, {"detail": f"{NODE1} says 10.1.0.1, {NODE2} says 10.1.0.9"})],
        [f"MASTER_ADDR=10.1.0.9 [flag --master-addr] on {NODE2}"],
    ),
    (
        "master-addr-by-name-and-by-address-agree",
        [node(0), node(1, flags={"master_addr": "node1"}, master_resolution=Resolution("node1", ("10.1.0.1",)))],
        True,
        [],
        [],
    ),
    (
        "master-addr-name-resolving-elsewhere",
        cluster(3, flags={"master_addr": "node1"}, master_resolution=Resolution("node1", ("10.7.0.1",))),
        True,
        [("master-addr-mismatch", NODE3, {"detail": f"{NODE3} says node1 (-> 10.7.0.1)"})],
        ["MASTER_ADDR=node1 (-> 10.7.0.1) [flag --master-addr]"],
    ),
    (
        "master-port-mismatch-from-env",
        [node(0), node(1, flags={"master_addr": None}, config_env={"MASTER_ADDR": "10.1.0.1", "MASTER_PORT": "29501"})],
        True,
        [("master-port-mismatch", None, {"detail": f"{NODE1} says 29500, {NODE2} says 29501"})],
        ["MASTER_PORT=29500 [default] on node_rank 0 (node1)", "MASTER_PORT=29501 [env MASTER_PORT]"],
    ),
    (
        "rdzv-backend-mismatch",
        [node(0), node(1, flags=C10D)],
        True,
        # The c10d endpoint's port becomes MASTER_PORT, so the port disagrees as well.
        [
            ("master-port-mismatch", None, {"detail": f"{NODE2} says 29400"}),
            ("rdzv-mismatch", None, {"detail": f"rdzv_backend: {NODE1} says static, {NODE2} says c10d"}),
        ],
        ["rdzv_backend=static [default]", "MASTER_PORT=29400 [flag --rdzv-endpoint]"],
    ),
    (
        "rdzv-id-mismatch",
        [node(0, flags={**C10D, "rdzv_id": "job1"}), node(1, flags={**C10D, "rdzv_id": "job2"})],
        True,
        [("rdzv-mismatch", None, {"detail": f"rdzv_id: {NODE1} says job1, {NODE2} says job2"})],
        ["rdzv_id=job2 [flag --rdzv-id]"],
    ),
    (
        "rdzv-id-ignored-by-static",
        [node(0, flags={"rdzv_id": "job1"}), node(1, flags={"rdzv_id": "job2"})],
        True,
        [],
        [],
    ),
    (
        "version-mismatch-torch-missing",
        cluster(3, versions=versions(torch=None)),
        True,
        [
            (
                "version-mismatch",
                NODE3,
                {"component": "torch", "detail": f"torch 2.13.0+cpu on node_rank 0, 1; not installed on {NODE3}"},
            )
        ],
        [f"torch not installed on {NODE3}"],
    ),
    (
        "version-mismatch-every-component",
        [
            node(0, versions=versions(nccl="2.21.5", torch_cuda="12.4", driver="550.54", python="3.11.7")),
            node(1, versions=versions(nccl="2.20.5", torch_cuda="12.1", driver="535.104", python="3.12.1")),
        ],
        True,
        [("version-mismatch", None, {"component": c}) for c in ("NCCL", "CUDA", "driver", "Python")],
        ["NCCL 2.20.5 on node_rank 1 (node2)", "CUDA 12.4 on node_rank 0 (node1)", "driver 535.104 on"],
    ),
    (
        "python-patch-releases-agree",
        [node(0), node(1, versions=versions(python="3.11.9"))],
        True,
        [],
        [],
    ),
    (
        "env-var-mismatch-set-on-one",
        cluster(3, env=env(("NCCL_IB_DISABLE", "1"))),
        True,
        [
            (
                "env-var-mismatch",
                NODE3,
                {"name": "NCCL_IB_DISABLE", "detail": f"not set on node_rank 0, 1; 1 on {NODE3}"},
            )
        ],
        [f"NCCL_IB_DISABLE=1 [env NCCL_IB_DISABLE] on {NODE3}", "NCCL_IB_DISABLE not set on node_rank 0, 1"],
    ),
    (
        "env-var-mismatch-values",
        [node(0, env=env(("TORCH_NCCL_BLOCKING_WAIT", "1"))), node(1, env=env(("TORCH_NCCL_BLOCKING_WAIT", "0")))],
        True,
        [("env-var-mismatch", None, {"name": "TORCH_NCCL_BLOCKING_WAIT"})],
        ["TORCH_NCCL_BLOCKING_WAIT=0 [env TORCH_NCCL_BLOCKING_WAIT] on node_rank 1 (node2)"],
    ),
    (
        "env-ifname-may-differ-when-set-everywhere",
        [node(0, env=env(("NCCL_SOCKET_IFNAME", "eth0"))), node(1, env=env(("NCCL_SOCKET_IFNAME", "ens5")))],
        True,
        [],
        [],
    ),
    (
        "env-ifname-set-on-some-only",
        cluster(3, env=env(("GLOO_SOCKET_IFNAME", "eth0"))),
        True,
        [("env-var-mismatch", NODE3, {"name": "GLOO_SOCKET_IFNAME"})],
        [],
    ),
    (
        "env-per-node-and-torchrun-vars-ignored",
        [
            node(0, env=env(("NCCL_HOSTID", "a"), ("TORCHELASTIC_RUN_ID", "1"), ("PET_NNODES", "2"))),
            node(1, env=env(("NCCL_HOSTID", "b"), ("TORCHELASTIC_RUN_ID", "2"))),
        ],
        True,
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


@pytest.mark.parametrize(
    ("reports", "complete", "expected", "evidence"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_cross_rule(reports: list[NodeReport], complete: bool, expected: Expected, evidence: list[str]) -> None:
    found = cross_findings(reports, 60.0, complete)
    assert [(f.name, f.node) for f in found] == [(name, n) for name, n, _ in expected]
    for finding, (_, _, params) in zip(found, expected, strict=True):
        assert finding.severity in ("error", "warning")
        for key, wanted in params.items():
            assert wanted in finding.param_map[key], (key, finding.param_map[key])
    lines = [line for f in found for line in f.evidence]
    for wanted in evidence:
        assert any(wanted in line for line in lines), (wanted, lines)
    check_rendered(found)


def test_driver_mismatch_is_only_a_warning() -> None:
    found = cross_findings([node(0), node(1, versions=versions(driver="535.104"))], 60.0, True)
    assert [(f.name, f.severity, f.param_map["component"]) for f in found] == [
        ("version-mismatch", "warning", "driver")
    ]


def test_no_reports_no_findings() -> None:
    assert cross_findings([], 60.0, False) == []


@pytest.mark.parametrize(("waited_s", "shown"), [(60.0, "60 s"), (2.5, "2.5 s"), (119.6, "120 s")])
def test_waited_is_shown_in_seconds(waited_s: float, shown: str) -> None:
    (finding,) = cross_findings([node(0)], waited_s, False)
    assert finding.param_map["waited"] == shown
    assert describe(finding, "en")[0] == f"node_rank 1 never reported (awaited {shown})"


def test_order_is_deterministic() -> None:
    reports = [
        node(0, flags={"nproc_per_node": "8"}, env=env(("NCCL_DEBUG", "INFO"))),
        node(1, "3", flags={"nproc_per_node": "4"}, env=env(("NCCL_ALGO", "Ring")), versions=versions(torch="2.12.0")),
    ]
    first = cross_findings(reports, 60.0, False)
    assert first == cross_findings(reports, 60.0, False)
    assert [f.name for f in first] == [
        "nnodes-mismatch",
        "nproc-mismatch",
        "version-mismatch",
        "env-var-mismatch",
        "env-var-mismatch",
    ]
    assert [f.param_map["name"] for f in first[3:]] == ["NCCL_ALGO", "NCCL_DEBUG"]


def test_4096_nodes_name_the_missing_and_the_odd_one() -> None:
    odd = versions(torch="2.12.0")
    reports = [node(r, "4096", versions=odd if r == 17 else versions()) for r in range(4096) if not 4000 <= r < 4010]
    found = cross_findings(reports, 60.0, False)  # its speed at this size: bench/scale.py
    assert [(f.name, f.node) for f in found] == [("node-missing", None), ("version-mismatch", "node_rank 17 (node18)")]
    assert found[0].param_map["missing"] == "4000-4009"
    assert found[1].param_map["detail"] == "torch 2.13.0+cpu on node_rank 0-16, 18-3999, 4010-4095; " + (
        "torch 2.12.0 on node_rank 17 (node18)"
    )
    check_rendered(found)


def test_one_config_shared_by_every_worker_is_one_duplicate_finding() -> None:
    shared = node(1, "64").config
    reports = [node(0, "64")] + [
        NodeReport(shared, facts(HEALTHY_WORKER, hostname=f"node{r + 1}"), seen_from=f"10.1.0.{r + 1}")
        for r in range(1, 64)
    ]
    found = cross_findings(reports, 60.0, False)
    assert [f.name for f in found] == ["node-missing", "node-rank-duplicate"]
    assert found[0].param_map["missing"] == "2-63"
    assert found[1].param_map["hosts"].startswith("node2 (10.1.0.2), node3 (10.1.0.3), ")
    assert found[1].param_map["hosts"].endswith("node9 (10.1.0.9), and 55 more")
    assert len(found[1].evidence) == 63
    check_rendered(found)


RANKS = [([], ""), ([3], "3"), ([0, 1], "0, 1"), ([0, 1, 2], "0-2"), ([5, 0, 1, 2, 7, 8, 9, 1], "0-2, 5, 7-9")]


@pytest.mark.parametrize(("ranks", "text"), RANKS)
def test_ranks_text(ranks: list[int], text: str) -> None:
    assert ranks_text(ranks) == text


REJECTED = [
    # (id, rejected (peer, reason), expected evidence lines)
    ("one", [("10.1.0.5:40001", "bad HMAC")], ["10.1.0.5:40001: bad HMAC"]),
    (
        "retries-from-new-ports-are-one-line",
        [("10.1.0.5:40001", "bad HMAC"), ("10.1.0.5:40002", "bad HMAC")],
        ["10.1.0.5:40001, 10.1.0.5:40002: bad HMAC, 2 times"],
    ),
    (
        "reasons-and-hosts-apart",
        [("10.1.0.5:1", "malformed frame"), ("[fd00::7]:2", "oversized frame"), ("10.1.0.5:3", "bad HMAC")],
        ["10.1.0.5:1: malformed frame", "[fd00::7]:2: oversized frame", "10.1.0.5:3: bad HMAC"],
    ),
    ("bare-host", [("node7", "malformed frame")], ["node7: malformed frame"]),
]


@pytest.mark.parametrize(("rejected", "expected"), [c[1:] for c in REJECTED], ids=[c[0] for c in REJECTED])
def test_rejected_frames_are_one_warning(rejected: list[tuple[str, str]], expected: list[str]) -> None:
    # By design since issue 14: refused frames changed nothing, so they are one warning line, not an error each (one
    # unsigned frame used to make a healthy cluster exit 1; 3,000 gave 3,000 errors).
    (found,) = rejected_findings(rejected)
    assert list(found.evidence) == expected
    assert found.name == "frames-rejected" and found.severity == "warning" and found.node is None
    assert found.param_map["count"] == str(len(rejected))
    check_rendered([found])
    assert describe(found, "en")[0].startswith(f"node_rank 0 refused {len(rejected)} frames")


def test_a_flood_of_rejected_frames_is_still_one_bounded_line() -> None:
    flood = [(f"10.9.{i // 250}.{i % 250}:{i}", "missing HMAC") for i in range(3000)]
    (found,) = rejected_findings(flood, more=500)
    assert found.param_map["count"] == "3500" and found.severity == "warning"
    assert len(found.evidence) <= 65 and sum(len(e) for e in found.evidence) < 20_000
    assert rejected_findings([]) == []


# --- the interfaces the backend picks, compared across nodes ------------------------------------------------------


def gpu_node(rank: int, n: int, ifaces: tuple[Interface, ...]) -> NodeReport:
    """A GPU node (its backend is nccl) with these interfaces, as psutil lists them."""
    return node(rank, str(n), interfaces=ifaces, gpus=(Gpu(0, "NVIDIA H200"),))


def ifaces(i: int, ib: bool, mtu: int = 1500) -> tuple[Interface, ...]:
    eth = Interface("eth0", (f"10.1.0.{i + 1}",), True, mtu, True)
    ibs = (Interface("ib0", (f"192.168.10.{i + 1}",), True, 4092, True),) if ib else ()
    return (Interface("lo", ("127.0.0.1",), True, 65536, True), eth, *ibs)


def test_nccl_on_ib_on_some_nodes_and_ethernet_on_others() -> None:
    reports = [gpu_node(0, 3, ifaces(0, True)), gpu_node(1, 3, ifaces(1, True)), gpu_node(2, 3, ifaces(2, False))]
    found = [f for f in cross_findings(reports, 1.0, True) if f.name == "interface-differs"]
    (finding,) = found
    assert (finding.severity, finding.node) == ("warning", NODE3)
    assert describe(finding, "en")[0] == (
        "nccl picks ib0 on node_rank 0, 1; eth0 on node_rank 2 (node3): ib0 exists on some nodes only"
    )
    assert "NCCL_SOCKET_IFNAME" in describe(finding, "en")[1]


def test_mtus_that_differ_on_the_picked_interfaces() -> None:
    def named(r: int) -> Resolution:  # gloo takes the address the hostname resolves to
        return Resolution(f"node{r + 1}", (f"10.1.0.{r + 1}",))

    mtus = [1500, 1500, 9000]
    reports = [node(r, "3", interfaces=ifaces(r, False, mtus[r]), hostname_resolution=named(r)) for r in range(3)]
    (finding,) = cross_findings(reports, 1.0, True)
    assert (finding.name, finding.severity) == ("mtu-mismatch", "warning")
    assert describe(finding, "en")[0] == (
        "The interfaces gloo will use have different MTUs: 1500 on node_rank 0, 1; 9000 on node_rank 2 (node3)"
    )
    # gloo takes eth0 everywhere, whatever else a node has.
    same = [node(r, "3", interfaces=ifaces(r, r == 0), hostname_resolution=named(r)) for r in range(3)]
    assert cross_findings(same, 1.0, True) == []
