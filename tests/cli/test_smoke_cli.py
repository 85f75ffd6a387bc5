"""`distdoctor smoke` on one node, as a user runs it: real torchrun, real gloo ranks, nothing left running after."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import psutil
import pytest

from distdoctor.facts.nvidia import gather_gpus
from distdoctor.render.as_json import schema
from testbed.ports import free_port

pytestmark = pytest.mark.slow

BASE_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "PMIX_", "LC_"))}
FAST = ["--timeout", "20", "--step-timeout", "10"]


def smoke(*args: str, timeout: float = 120, tmpdir: Path | None = None) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run smoke on its own free port; the port tells this run's ranks from any other's."""
    port = str(free_port())
    argv = [sys.executable, "-m", "distdoctor", "smoke", "--master-port", port, *args]
    env = {**BASE_ENV, "LANG": "C.UTF-8", **({"TMPDIR": str(tmpdir)} if tmpdir else {})}
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout), port


def report_of(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(report, schema())
    return report


def ranks_left(port: str) -> list[int]:
    """Processes of a smoke run still alive: torchrun agents and ranks carry the run's port in cmdline or env."""
    left = []
    for proc in psutil.process_iter(["cmdline"]):
        try:
            cmd = " ".join(proc.info["cmdline"] or [])
            agent = f"--master-port={port}" in cmd
            if agent or ("distdoctor.smoke.rank" in cmd and proc.environ().get("MASTER_PORT") == port):
                left.append(proc.pid)
        except psutil.Error:
            continue
    return left


@pytest.mark.parametrize("nproc", [2, 4])
def test_healthy_single_node_gives_exit_0_and_a_bandwidth_table(nproc: int) -> None:
    result, port = smoke("--json", "--nproc-per-node", str(nproc), "--sizes", "1K:4M", *FAST)
    assert result.returncode == 0, result.stderr
    report = report_of(result)
    assert report["findings"] == []
    run = report["data"]["run"]
    assert (run["world_size"], run["backend"], run["complete"]) == (nproc, "gloo", True)
    assert all(step["ok"] for rank in run["ranks"] for step in rank["steps"])
    table = report["data"]["bandwidth"]
    assert [row["size_bytes"] for row in table] == [1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20, 1 << 22]
    for row in table:
        assert row["time_us"] > 0 and row["count"] == row["size_bytes"] // 4
        assert row["algbw_gbps"] == pytest.approx(row["size_bytes"] / (row["time_us"] * 1e-6) / 1e9)
        assert row["busbw_gbps"] == pytest.approx(row["algbw_gbps"] * 2 * (nproc - 1) / nproc)
    # Plausible for gloo on one host: more than 1 MB/s at 4 MiB, and larger messages move bytes faster.
    assert table[-1]["busbw_gbps"] > 0.001
    assert table[-1]["algbw_gbps"] > table[0]["algbw_gbps"]
    assert ranks_left(port) == []


def test_text_report_shows_steps_and_the_nccl_tests_columns(tmp_path: Path) -> None:
    result, _ = smoke("--nproc-per-node", "2", "--sizes", "1K,64K", *FAST, tmpdir=tmp_path)
    assert result.returncode == 0, result.stderr
    for text in ("2/2 ranks reported", "backend gloo", "all_reduce", "busbw (GB/s)", "65536", "healthy"):
        assert text in result.stdout
    assert "rank 0: init done" in result.stderr  # the live progress, on stderr
    # Nothing left in the user's temp folder, torchrun's own log folder (torchelastic_*) included.
    assert list(tmp_path.iterdir()) == []


def test_a_wrong_contribution_names_that_rank() -> None:
    result, _ = smoke("--json", "--nproc-per-node", "3", "--sizes", "0", "--inject-wrong-rank", "1", *FAST)
    assert result.returncode == 1
    (finding,) = report_of(result)["findings"]
    assert finding["name"] == "collective-wrong-result"
    assert finding["node"].startswith("rank 1 ")
    assert finding["params"]["seen_by"] == "0-2"


def test_a_rank_stuck_in_a_step_becomes_a_finding_within_the_timeouts() -> None:
    start = time.monotonic()
    result, port = smoke(
        "--json", "--nproc-per-node", "2", "--sizes", "0", "--step-timeout", "3", "--inject-delay", "1:60"
    )
    took = time.monotonic() - start
    assert result.returncode == 1
    found = {(f["name"], f["params"].get("step"), f["params"].get("ranks")) for f in report_of(result)["findings"]}
    assert ("smoke-step-hung", "compute", "1") in found  # the rank that never ended its step, by name
    assert took < 45, f"smoke took {took:.0f} s"  # far below the 60 s the stuck rank would have slept
    assert ranks_left(port) == []


def test_ctrl_c_ends_every_process_it_started() -> None:
    port = str(free_port())
    argv = [sys.executable, "-m", "distdoctor", "smoke", "--master-port", port, "--nproc-per-node", "2"]
    argv += ["--sizes", "0", "--inject-delay", "0:60"]
    proc = subprocess.Popen(argv, env=BASE_ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(ranks_left(port)) < 3:  # torchrun and its two ranks
            time.sleep(0.2)
        assert len(ranks_left(port)) >= 3
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err
    assert ranks_left(port) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sizes", "big"], "--sizes"),
        (["--timeout", "0"], "--timeout"),
        (["--inject-delay", "x"], "--inject-delay"),
        (["--nnodes", "2", "--master-addr", "10.0.0.1"], "needs --node-rank"),  # torchrun would default it to 0
        (["--nnodes", "2", "--node-rank", "1"], "needs --master-addr"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result, _ = smoke(*args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(bool(gather_gpus(os.environ)[0]), reason="a GPU is visible: nccl would be taken")
def test_nccl_without_a_gpu_is_a_usage_error() -> None:
    result, _ = smoke("--backend", "nccl")
    assert result.returncode == 2
    assert "--backend gloo" in result.stderr


@pytest.mark.skipif(not gather_gpus(os.environ)[0], reason="no GPU visible here: the nccl path needs one (CI has none)")
def test_nccl_on_one_gpu_is_healthy() -> None:
    result, _ = smoke("--json", "--backend", "nccl", "--nproc-per-node", "1", "--sizes", "1K:64M", *FAST)
    assert result.returncode == 0, result.stderr
    assert report_of(result)["data"]["run"]["backend"] == "nccl"


@pytest.mark.parametrize("broken", [False, True], ids=["no-torch", "broken-torch"])
def test_a_node_without_a_working_torch_gets_a_finding_not_a_traceback(
    python_without_torch: Callable[[bool], Path], broken: bool
) -> None:
    python = python_without_torch(broken)
    argv = [str(python), "-m", "distdoctor", "smoke", "--json", "--master-port", str(free_port())]
    result = subprocess.run(argv, capture_output=True, text=True, env=BASE_ENV, timeout=60)
    assert result.returncode == 1, result.stderr
    (finding,) = report_of(result)["findings"]
    assert finding["name"] == "smoke-launch-failed"
    assert "torch" in " ".join([finding["title"], *finding["evidence"]])


@pytest.mark.skipif(shutil.which("mpirun") is None, reason="OpenMPI's mpirun is not installed")
def test_under_mpirun_each_process_is_one_rank_in_place(tmp_path: Path) -> None:
    script = 'exec "$0" -m distdoctor smoke --json --sizes 1K:64K > "$1/rank-$OMPI_COMM_WORLD_RANK.json"'
    argv = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2", "--mca", "oob_tcp_if_include", "lo"]
    argv += ["sh", "-c", script, sys.executable, str(tmp_path)]
    env = {**BASE_ENV, "MASTER_PORT": str(free_port())}
    result = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "rank-1.json").read_text() == ""  # one verdict per node: the node's first rank prints it
    report = json.loads((tmp_path / "rank-0.json").read_text())
    jsonschema.validate(report, schema())
    assert report["findings"] == []
    assert [r["rank"] for r in report["data"]["run"]["ranks"]] == [0, 1]
    assert "torchrun" not in result.stderr  # in place: mpirun started the ranks, no torchrun in between
