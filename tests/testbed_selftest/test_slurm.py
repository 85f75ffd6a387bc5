"""The Slurm cluster: srun spans the namespace nodes, tasks see Slurm's variables, teardown leaves nothing."""

from __future__ import annotations

import os

import pytest

from testbed import netns, slurm
from testbed.slurm import SlurmCluster

pytestmark = [
    pytest.mark.slow,
    pytest.mark.root,
    pytest.mark.skipif(slurm.available() is not None, reason=slurm.available() or ""),
]

SRUN_2x1 = ["srun", "-N2", "--ntasks-per-node=1"]


def test_srun_runs_one_task_per_node(slurm_cluster: SlurmCluster) -> None:
    proc = slurm_cluster.run([*SRUN_2x1, "hostname"], timeout=30, check=True)
    assert sorted(proc.stdout.split()) == ["node1", "node2"]


def test_tasks_see_slurm_variables(slurm_cluster: SlurmCluster) -> None:
    script = 'echo "$SLURM_NODEID $(hostname) $SLURM_JOB_NODELIST $SLURM_JOB_NUM_NODES $SLURM_NTASKS"'
    proc = slurm_cluster.run([*SRUN_2x1, "sh", "-c", script], timeout=30, check=True)
    assert sorted(proc.stdout.splitlines()) == ["0 node1 node[1-2] 2 2", "1 node2 node[1-2] 2 2"]


def test_head_node_from_nodelist(slurm_cluster: SlurmCluster) -> None:
    script = 'scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1'
    proc = slurm_cluster.run(["srun", "-N1", "-w", "node2", "sh", "-c", script], node=1, timeout=30, check=True)
    assert proc.stdout.strip() == "node2"


def test_teardown_stops_daemons_and_jobs() -> None:
    with SlurmCluster(2, prefix="ddslurmtest") as cluster:
        assert cluster.ready_s is not None and cluster.ready_s < slurm.READY_TIMEOUT_S
        hung = cluster.popen([*SRUN_2x1, "sh", "-c", "echo started; exec sleep 300"])  # running at teardown
        assert hung.stdout is not None
        assert [hung.stdout.readline(), hung.stdout.readline()] == ["started\n"] * 2
        pids = netns.pids_in_netns(cluster.cluster.namespaces)
        assert len(pids) >= 8  # slurmctld, two slurmds, srun, and per node a slurmstepd and a sleep
    assert not set(cluster.cluster.namespaces) & set(os.listdir(netns.NETNS_DIR))
    assert all(netns.process_gone(pid) for pid in pids)
