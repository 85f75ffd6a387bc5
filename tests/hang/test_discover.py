"""hang/discover.py: which command lines are launcher agents, and ranks found by their environment (mpirun)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from distdoctor.facts.rdma import gather_rdma
from distdoctor.hang.discover import agent_launcher, discover
from distdoctor.model.hang import ProcessState
from distdoctor.rules.devices import rank_memlock
from hang.scenarios import kill_tree

PY = "/usr/bin/python3"


@pytest.mark.parametrize(
    ("cmdline", "launcher"),
    [
        (("/venv/bin/torchrun", "--nproc-per-node", "2", "train.py"), "torchrun"),
        ((PY, "/venv/bin/torchrun", "--nnodes", "2", "train.py"), "torchrun"),
        ((PY, "-m", "torch.distributed.run", "train.py"), "torch.distributed.run"),
        ((PY, "-u", "-m", "torch.distributed.launch", "--use-env", "train.py"), "torch.distributed.launch"),
        ((PY, "train.py", "--torchrun"), None),
        ((PY, "-m", "pytest"), None),
        (("/bin/bash", "-c", "torchrun train.py"), None),
        ((), None),
    ],
)
def test_agent_command_lines(cmdline: tuple[str, ...], launcher: str | None) -> None:
    assert agent_launcher(cmdline) == launcher


SLEEPER = "import time; time.sleep(60)"


def test_plain_ranks_are_found_by_their_environment_and_others_are_not() -> None:
    env = {**os.environ, "RANK": "3", "WORLD_SIZE": "4", "LOCAL_RANK": "1", "MASTER_ADDR": "10.1.2.3"}
    rank = subprocess.Popen([sys.executable, "-c", SLEEPER], env=env, start_new_session=True)
    bystander = subprocess.Popen([sys.executable, "-c", SLEEPER], start_new_session=True)
    try:
        time.sleep(0.3)
        (found,) = discover(pids=[rank.pid, bystander.pid])
        assert (found.pid, found.role, found.launcher, found.rank, found.world_size) == (
            rank.pid,
            "worker",
            "plain",
            3,
            4,
        )
        assert (found.local_rank, found.master_addr, found.status) == (1, "10.1.2.3", "sleeping")
        assert dict(found.env)["RANK"] == "3" and "PATH" not in dict(found.env)
    finally:
        kill_tree([rank.pid, bystander.pid])


@pytest.mark.skipif(not shutil.which("mpirun"), reason="OpenMPI not installed")
def test_mpirun_ranks_carry_openmpi_ranks() -> None:
    argv = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--mca", "oob_tcp_if_include", "lo", "-np", "2"]
    proc = subprocess.Popen([*argv, sys.executable, "-c", SLEEPER], start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        found: tuple[object, ...] = ()
        while time.monotonic() < deadline and len(found) < 2:
            found = discover(pids=[proc.pid])
            time.sleep(0.2)
        ranks = discover(pids=[proc.pid])
        assert sorted((p.rank, p.world_size, p.launcher) for p in ranks) == [(0, 2, "mpirun"), (1, 2, "mpirun")]
    finally:
        kill_tree([proc.pid])


@pytest.mark.skipif(not shutil.which("prlimit"), reason="needs prlimit (util-linux)")
def test_a_ranks_memlock_is_read_and_named_where_the_host_has_active_hcas() -> None:
    env = {**os.environ, "RANK": "0", "WORLD_SIZE": "2", "LOCAL_RANK": "0"}
    rank = subprocess.Popen(
        ["prlimit", "--memlock=65536:65536", sys.executable, "-c", SLEEPER], env=env, start_new_session=True
    )
    try:
        time.sleep(0.5)  # prlimit execs python once the limit is set
        (found,) = discover(pids=[rank.pid])
        assert found.memlock is not None and (found.memlock.soft, found.memlock.hard) == (65536, 65536)
        states = [ProcessState(found, "collective", op="all_reduce")]
        roce = gather_rdma(Path(__file__).resolve().parents[1] / "fixtures" / "trees" / "roce-v2")
        (finding,) = rank_memlock(states, found.host, roce)
        assert (finding.name, finding.severity) == ("memlock-low", "warning")
        assert f"rank 0 pid {rank.pid}" in finding.param_map["whose"]
        assert rank_memlock(states, found.host, ()) == []  # no HCA on this host: nothing to say
    finally:
        kill_tree([rank.pid])
