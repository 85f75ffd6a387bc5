"""`srun distdoctor check` on a real Slurm cluster: node_rank, nnodes and MASTER_ADDR come from Slurm."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from testbed import slurm
from testbed.slurm import SlurmCluster

pytestmark = [
    pytest.mark.slow,
    pytest.mark.root,
    pytest.mark.skipif(slurm.available() is not None, reason=slurm.available() or ""),
]


def reports(cluster: SlurmCluster, tmp_path: Path, *args: str, nodes: int = 2) -> list[dict[str, Any]]:
    """One JSON report per task, each task writing its own file (srun interleaves a shared stdout by line)."""
    out = tmp_path / "task-%t.json"
    err = tmp_path / "task-%t.err"
    srun = ["srun", f"-N{nodes}", "--ntasks-per-node=1", f"--output={out}", f"--error={err}"]
    cluster.run([*srun, "distdoctor", *args, "--json"], timeout=60)
    return [json.loads((tmp_path / f"task-{t}.json").read_text()) for t in range(nodes)]


def test_srun_env_reads_node_rank_nnodes_and_master_from_slurm(slurm_cluster: SlurmCluster, tmp_path: Path) -> None:
    node0, node1 = reports(slurm_cluster, tmp_path, "env")
    for i, report in enumerate((node0, node1)):
        config = report["config"]
        assert config["node_rank"] == {"value": i, "source": {"kind": "slurm", "key": "SLURM_NODEID"}}
        assert config["nnodes"]["value"] == "2"
        assert config["master_addr"]["value"] == "node1"
        assert config["master_addr"]["source"]["kind"] == "slurm"
    assert (node0["facts"]["hostname"], node1["facts"]["hostname"]) == ("node1", "node2")


def test_srun_local_check_binds_on_node0_and_probes_from_node1(slurm_cluster: SlurmCluster, tmp_path: Path) -> None:
    node0, node1 = reports(slurm_cluster, tmp_path, "check", "--local-only")
    assert node0["facts"]["master_port_bind"]["bindable"] is True
    probe = node1["facts"]["master_probe"]
    assert probe["host"] == slurm_cluster.nodes[0].address
    assert probe["outcome"] == "refused"  # nothing listens there: no coordinator with --local-only


def test_srun_check_gathers_one_verdict(slurm_cluster: SlurmCluster, tmp_path: Path) -> None:
    found = reports(slurm_cluster, tmp_path, "check", "--wait", "10", nodes=3)
    assert [r["exit_code"] for r in found] == [0, 0, 0], found[0]["findings"]
    assert all(r["findings"] == [] for r in found)
    labels = sorted(n["label"] for n in found[0]["data"]["nodes"])
    assert labels == ["node_rank 0 (node1)", "node_rank 1 (node2)", "node_rank 2 (node3)"]


def test_srun_check_with_node0_firewalled_names_the_cause(slurm_cluster: SlurmCluster, tmp_path: Path) -> None:
    node1 = slurm_cluster.nodes[0]
    node1.nft_block(29500, action="drop")
    try:
        first, *others = reports(slurm_cluster, tmp_path, "check", "--wait", "4", nodes=3)
    finally:
        node1.nft_flush()
    assert [f["name"] for f in first["findings"]] == ["node-missing"]
    assert first["findings"][0]["params"]["missing"] == "1, 2"
    assert all([f["name"] for f in o["findings"]] == ["master-unreachable"] for o in others)
