"""Below the network, across a namespace cluster: one node's 64 KiB /dev/shm and two nodes with one hostname are
named in the verdict every node prints; the healthy cluster gains no finding from the device rules."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from distdoctor.catalogue.devices import DEVICES
from testbed.netns import Cluster, Node

pytestmark = [pytest.mark.slow, pytest.mark.root]

PORT = 29500
WAIT = "6"
DEVICE_NAMES = {e.name for e in DEVICES}
SMALL_SHM = 'mount -t tmpfs -o size=64k tmpfs /dev/shm && exec "$@"'
SHM_16M = 'mount -t tmpfs -o size=16m tmpfs /dev/shm && exec "$@"'  # a container started with --shm-size=16m
WORKER = str(Path(__file__).resolve().parents[2] / "scripts" / "gpu_faults_worker.py")


def run_all(nodes: Sequence[Node], master: str, shm_64k: Sequence[int] = ()) -> list[dict[str, Any]]:
    """`distdoctor check --json` on every node at once; those in `shm_64k` under a 64 KiB tmpfs /dev/shm."""
    procs = []
    for i, node in enumerate(nodes):
        args = ["distdoctor", "check", "--json", "--wait", WAIT, "--nnodes", str(len(nodes)), "--node-rank", str(i)]
        args += ["--master-addr", master, "--master-port", str(PORT), "--nproc-per-node", "2"]
        if i in shm_64k:
            args = ["sh", "-c", SMALL_SHM, "sh", *args]  # the node's own mount namespace: the host keeps its /dev/shm
        procs.append(node.popen(args, stderr=subprocess.PIPE))
    reports = []
    for proc in procs:
        out, err = proc.communicate(timeout=90)
        assert proc.returncode in (0, 1), err
        reports.append(json.loads(out))
    return reports


def device_findings(report: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    return [(f["name"], f["severity"], f["node"]) for f in report["findings"] if f["name"] in DEVICE_NAMES]


def test_healthy_cluster_gains_nothing_below_the_network(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    for report in run_all(cluster.nodes, "node1"):
        assert device_findings(report) == []
        assert report["facts"]["devices"]["shm"]["writable"] is True


def test_one_nodes_64k_shm_is_named_on_every_node(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    reports = run_all(cluster.nodes, "node1", shm_64k=[1])
    for report in reports:
        # no GPU in the cluster: the job would run gloo, so a warning (an error where nccl is used)
        assert device_findings(report) == [("shm-small", "warning", "node_rank 1 (node2)")]
    assert reports[0]["nodes"][1]["devices"]["shm"]["size_bytes"] == 65536
    assert reports[0]["nodes"][0]["devices"]["shm"]["size_bytes"] > 65536


def test_two_nodes_with_one_hostname_on_one_kernel(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(3)
    # node2 and node3 both call themselves "trainer", as two containers started with --hostname trainer would
    for node in cluster.nodes[1:]:
        node.hostname = "trainer"
    for node in cluster.nodes:
        node.write_hosts(cluster.hosts_text())
    reports = run_all(cluster.nodes, cluster.nodes[0].address)
    for report in reports:
        dup = [f for f in report["findings"] if f["name"] == "hostname-duplicate"]
        # one kernel, one boot id: NCCL would hash both to one host
        assert [(f["severity"], f["params"]["detail"]) for f in dup] == [("error", "trainer on node_rank 1, 2")]


def test_dataloader_workers_in_a_16m_shm_fail_the_job_and_check_and_explain_name_it(
    make_cluster: Callable[..., Cluster],
) -> None:
    node = make_cluster(1).nodes[0]
    launch = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc-per-node", "1"]
    launch += ["--master-addr", "127.0.0.1", "--master-port", str(PORT), WORKER, "dataloader-shm"]
    job = node.run(["sh", "-c", SHM_16M, "sh", *launch], timeout=120)
    assert job.returncode != 0, job.stdout + job.stderr  # the fault is real: torchrun's job dies of it
    explained = node.run(["distdoctor", "explain", "--json", "-"], input=job.stdout + job.stderr)
    findings = json.loads(explained.stdout)["findings"]
    assert explained.returncode == 1
    assert findings[0]["name"] == "log-shm-too-small", findings
    assert "torch's DataLoader" in findings[0]["title"]
    check = node.run(["sh", "-c", SHM_16M, "sh", "distdoctor", "check", "--json", "--nproc-per-node", "1"], timeout=90)
    assert [f[:2] for f in device_findings(json.loads(check.stdout))] == [("shm-small", "warning")], check.stdout
