"""`distdoctor check` on every node of a namespace cluster at once: one verdict, naming the node at fault."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from testbed.netns import Cluster, Node

pytestmark = [pytest.mark.slow, pytest.mark.root]

PORT = 29500
WAIT = "4"  # seconds node 0 waits for a missing node: long enough for a healthy gather, short for the suite


@dataclass
class Outcome:
    code: int
    report: dict[str, Any]
    stderr: str

    @property
    def names(self) -> dict[str, str]:
        return {f["name"]: f["severity"] for f in self.report["findings"]}

    def nodes_of(self, name: str) -> list[str | None]:
        return [f["node"] for f in self.report["findings"] if f["name"] == name]


def run_all(
    nodes: Sequence[Node],
    ranks: Sequence[int | str],
    *,
    nnodes: Sequence[str] | str = "",
    master: str = "node1",
    extra: dict[int, list[str]] | None = None,
    env: dict[int, dict[str, str]] | None = None,
    python: dict[int, Path] | None = None,
) -> list[Outcome]:
    """Start check on every node at once (any order works), wait for all, parse each JSON verdict."""
    procs = []
    for i, node in enumerate(nodes):
        count = nnodes[i] if isinstance(nnodes, (list, tuple)) else (nnodes or str(len(nodes)))
        exe = [str(python[i]), "-m", "distdoctor"] if python and i in python else ["distdoctor"]
        args = [*exe, "check", "--json", "--wait", WAIT, "--nnodes", str(count), "--node-rank", str(ranks[i])]
        args += ["--master-addr", master, "--master-port", str(PORT), *(extra or {}).get(i, [])]
        procs.append(node.popen(args, env=(env or {}).get(i), stderr=subprocess.PIPE))
    outcomes = []
    for proc in procs:
        out, err = proc.communicate(timeout=90)
        assert proc.returncode in (0, 1), err
        outcomes.append(Outcome(proc.returncode, json.loads(out), err))
    return outcomes


@pytest.mark.parametrize("n", [2, 4])
def test_healthy_cluster_agrees_on_one_clean_verdict(make_cluster: Callable[..., Cluster], n: int) -> None:
    cluster = make_cluster(n)
    outcomes = run_all(cluster.nodes, range(n))
    for o in outcomes:
        assert (o.code, o.names) == (0, {}), o.stderr
        assert len(o.report["data"]["nodes"]) == n
        assert o.report["data"]["complete"] is True
    assert len(outcomes[0].report["nodes"]) == n  # every node's facts stay on node 0; workers get the findings
    matrix = outcomes[0].report["data"]["mesh"]
    assert all(cell in ("open", "-") for row in matrix for cell in row)
    assert all(o.report["findings"] == outcomes[0].report["findings"] for o in outcomes)


def test_master_port_dropped_on_node0(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    cluster.nodes[0].nft_block(PORT, action="drop")
    master, worker = run_all(cluster.nodes, [0, 1])
    assert master.names == {"node-missing": "error"}
    assert "(awaited 4" in json.dumps(master.report) or master.report["data"]["waited_s"] >= 3.9
    assert worker.names == {"master-unreachable": "error"}
    assert worker.report["facts"]["master_probe"]["attempts"] > 1
    assert "timed out" in worker.stderr  # the live line said what it saw


def test_master_port_rejected(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    cluster.nodes[0].nft_block(PORT, action="reject")
    master, worker = run_all(cluster.nodes, [0, 1])
    assert master.names == {"node-missing": "error"}
    assert worker.names == {"master-port-refused": "error"}
    assert "refused" in worker.stderr


def test_only_the_master_port_open_is_mesh_blocked(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    for node in cluster.nodes:
        node.nft_block(except_port=PORT, action="drop")
    outcomes = run_all(cluster.nodes, [0, 1, 2])
    for o in outcomes:
        assert o.names == {"mesh-blocked": "error"}, o.report["findings"]
        assert o.code == 1


def test_one_worker_firewalled_from_the_others_is_named(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    cluster.nodes[2].nft_block(except_port=PORT, action="drop")  # node3: only the master port's traffic comes in
    outcomes = run_all(cluster.nodes, [0, 1, 2])
    for o in outcomes:
        # node3 reaches everyone, nobody reaches node3: a firewall on node3, one finding naming it. A warning: node3
        # has the greatest address, and gloo opens every pair from the greater address (test_net_pick_cluster
        # runs the real job on this setup: it works).
        assert o.names == {"mesh-one-way": "warning"}
        assert o.nodes_of("mesh-one-way") == ["node_rank 2 (node3)"]
        assert o.code == 0
    extra = outcomes[0].report["data"]
    node3 = [n["label"] for n in extra["nodes"]].index("node_rank 2 (node3)")  # rows are in arrival order
    assert extra["mesh"][0][node3] == "timed-out"
    assert extra["mesh"][node3][0] == "open"


def test_one_worker_firewalled_that_gloo_must_reach_is_an_error(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    cluster.nodes[1].nft_block(except_port=PORT, action="drop")  # node2: node3's gloo connects to it
    for o in run_all(cluster.nodes, [0, 1, 2]):
        assert o.names == {"mesh-one-way": "error"}
        assert o.nodes_of("mesh-one-way") == ["node_rank 1 (node2)"]


def test_localhost_on_one_worker(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    master, good, bad = run_all(cluster.nodes, [0, 1, 2], extra={2: ["--master-addr", "localhost"]})
    assert bad.names == {"master-addr-loopback": "error"}
    assert master.names == {"node-missing": "error"}
    assert "node_rank 2 never reported" in master.report["findings"][0]["title"]
    assert good.report["findings"] == master.report["findings"]
    assert good.code == master.code == 1


def test_master_addr_pointing_at_an_unused_address(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    unused = f"{cluster.subnet}.99"
    master, worker = run_all(cluster.nodes, [0, 1], extra={1: ["--master-addr", unused]})
    assert master.names == {"node-missing": "error"}
    assert set(worker.names) & {"master-no-route", "master-unreachable"}
    assert worker.code == 1


def test_a_node_never_started(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    master, worker = run_all(cluster.nodes[:2], [0, 1], nnodes="3")
    assert master.names == {"node-missing": "error"}
    (finding,) = master.report["findings"]
    assert finding["params"]["missing"] == "2"
    assert worker.report["findings"] == master.report["findings"]
    assert worker.code == master.code == 1


def test_nnodes_differs_between_nodes(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    master, worker = run_all(cluster.nodes, [0, 1], nnodes=["2", "3"])
    assert "nnodes-mismatch" in master.names
    assert worker.names == master.names


def test_two_nodes_claiming_the_same_node_rank(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    master, *_ = run_all(cluster.nodes, [0, 1, 1])
    assert {"node-rank-duplicate", "node-missing"} <= set(master.names)
    (dup,) = [f for f in master.report["findings"] if f["name"] == "node-rank-duplicate"]
    assert "node2" in dup["title"] and "node3" in dup["title"]


def test_second_node_rank_0_is_told_at_once(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    master, other = run_all(cluster.nodes, [0, 0])
    assert "master-addr-not-local" in other.names
    assert master.names == {"node-missing": "error"}


def test_node_rank_out_of_range(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    master, worker = run_all(cluster.nodes, [0, 5])
    assert {"node-rank-out-of-range", "node-missing"} <= set(master.names)
    assert master.nodes_of("node-rank-out-of-range") == ["node_rank 5 (node2)"]
    assert worker.report["findings"] == master.report["findings"]


def test_gloo_ifname_lo_on_a_worker(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    master, worker = run_all(cluster.nodes, [0, 1], env={1: {"GLOO_SOCKET_IFNAME": "lo"}})
    assert {"ifname-loopback", "address-advertised-unreachable"} <= set(master.names)
    assert master.code == worker.code == 1


def test_node_without_torch_is_a_version_mismatch(
    make_cluster: Callable[..., Cluster], python_without_torch: Callable[[bool], Path]
) -> None:
    cluster = make_cluster(2)
    master, worker = run_all(cluster.nodes, [0, 1], python={1: python_without_torch(False)})
    (finding,) = [f for f in master.report["findings"] if f["name"] == "version-mismatch"]
    assert "not installed" in finding["title"] and "torch" in finding["title"]
    assert worker.report["findings"] == master.report["findings"]


def test_wrong_secret_is_rejected_and_named(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    master, worker = run_all(
        cluster.nodes, [0, 1], env={0: {"DISTDOCTOR_SECRET": "s3cret"}, 1: {"DISTDOCTOR_SECRET": "other"}}
    )
    # node 0 counts refused frames in one warning (never an error of its own: issue 14), naming who sent them;
    # the node turned away is told, as an error, and node 0 names it missing.
    assert master.names == {"frames-rejected": "warning", "node-missing": "error"}
    assert cluster.nodes[1].address in json.dumps(
        [f for f in master.report["findings"] if f["name"] == "frames-rejected"]
    )
    assert worker.names == {"report-rejected": "error"}
