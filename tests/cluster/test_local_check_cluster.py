"""`distdoctor check` run as a user runs it, on nodes of a namespace cluster with real faults injected."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from testbed.netns import Cluster, Node

pytestmark = [pytest.mark.slow, pytest.mark.root]

PORT = 29500
HOLD_PORT = "import socket,time; s=socket.create_server(('',29500)); print('up',flush=True); time.sleep(120)"


def check(node: Node, *args: str, env: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    result = node.run(["distdoctor", "check", "--json", "--local-only", *args], env=env, timeout=60)
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads(result.stdout)


def names(report: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["severity"] for f in report["findings"]}


def worker_flags(master: str) -> list[str]:
    return ["--nnodes", "2", "--node-rank", "1", "--master-addr", master, "--master-port", str(PORT)]


def hold_port(node: Node) -> subprocess.Popen[str]:
    proc = node.popen([sys.executable, "-c", HOLD_PORT])
    assert proc.stdout and proc.stdout.readline().strip() == "up"
    return proc


@pytest.fixture
def cluster(make_cluster: Callable[..., Cluster]) -> Cluster:
    return make_cluster(2)


def test_worker_sees_master_port_open(cluster: Cluster) -> None:
    node1, node2 = cluster.nodes
    hold_port(node1)
    code, report = check(node2, *worker_flags("node1"))
    assert (code, names(report)) == (0, {})
    probe = report["facts"]["master_probe"]
    assert (probe["host"], probe["outcome"]) == (node1.address, "open")
    assert report["facts"]["route_to_master"]["interface"] == "eth0"


def test_drop_firewall_is_master_unreachable_within_the_probe_timeout(cluster: Cluster) -> None:
    node1, node2 = cluster.nodes
    hold_port(node1)
    node1.nft_block(PORT, action="drop")
    code, report = check(node2, *worker_flags("node1"))
    assert code == 1
    assert names(report) == {"master-unreachable": "error"}
    assert 2.5 < report["facts"]["master_probe"]["elapsed_s"] < 5


def test_reject_firewall_is_refused(cluster: Cluster) -> None:
    node1, node2 = cluster.nodes
    hold_port(node1)
    node1.nft_block(PORT, action="reject")
    _, report = check(node2, *worker_flags("node1"))
    assert report["facts"]["master_probe"]["outcome"] == "refused"
    assert "master-port-refused" in names(report)


def test_no_route_to_master(cluster: Cluster) -> None:
    code, report = check(cluster.nodes[1], *worker_flags("10.250.0.1"))
    assert code == 1
    assert names(report) == {"master-no-route": "error"}


def test_master_addr_localhost_on_a_worker(cluster: Cluster) -> None:
    code, report = check(cluster.nodes[1], *worker_flags("localhost"))
    assert code == 1
    assert names(report) == {"master-addr-loopback": "error"}


def test_master_addr_unresolvable(cluster: Cluster) -> None:
    code, report = check(cluster.nodes[1], *worker_flags("node9"))
    assert (code, names(report)) == (1, {"master-addr-unresolvable": "error"})


def test_hostname_resolving_to_127_0_1_1(cluster: Cluster) -> None:
    node1, node2 = cluster.nodes
    node2.write_hosts(cluster.hosts_text().replace(f"{node2.address} node2", "127.0.1.1 node2"))
    hold_port(node1)
    _, report = check(node2, *worker_flags("node1"))
    assert names(report) == {"hostname-loopback": "warning"}
    _, fixed = check(node2, *worker_flags("node1"), env={"GLOO_SOCKET_IFNAME": "eth0"})
    assert names(fixed) == {}


def test_master_port_held_names_the_process(cluster: Cluster) -> None:
    node1 = cluster.nodes[0]
    holder = hold_port(node1)
    code, report = check(node1, "--nnodes", "2", "--node-rank", "0", "--master-addr", "node1")
    assert (code, names(report)) == (1, {"master-port-in-use": "error"})
    held = report["facts"]["master_port_bind"]["holder"]
    assert held["pid"] == holder.pid  # nsenter, unshare and sh all exec: the pid we started is the holder
    assert "create_server" in held["cmdline"]


def test_master_addr_of_another_host_on_node_rank_0(cluster: Cluster) -> None:
    node1 = cluster.nodes[0]
    _, report = check(node1, "--nnodes", "2", "--node-rank", "0", "--master-addr", "node2")
    assert names(report) == {"master-addr-not-local": "error"}


def test_worker_that_owns_master_addr(cluster: Cluster) -> None:
    _, report = check(cluster.nodes[1], *worker_flags("node2"))
    assert "master-addr-local-on-worker" in names(report)


def test_route_over_a_docker_bridge(cluster: Cluster) -> None:
    node2 = cluster.nodes[1]
    node2.add_dummy_interface("docker0", "172.17.0.1/16")
    _, report = check(node2, *worker_flags("172.17.0.5"))
    assert names(report).get("docker-bridge-address") == "warning"
    assert report["facts"]["route_to_master"]["interface"] == "docker0"


def test_socket_ifname_that_does_not_exist(cluster: Cluster) -> None:
    node1, node2 = cluster.nodes
    hold_port(node1)
    # No GPU here: the backend is gloo, which never reads NCCL_SOCKET_IFNAME (a warning), but fails on its own.
    _, report = check(node2, *worker_flags("node1"), env={"NCCL_SOCKET_IFNAME": "ib0"})
    assert names(report) == {"ifname-missing": "warning"}
    _, report = check(node2, *worker_flags("node1"), env={"GLOO_SOCKET_IFNAME": "ib0"})
    assert names(report) == {"ifname-missing": "error"}
