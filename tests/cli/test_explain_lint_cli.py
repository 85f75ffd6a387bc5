"""`distdoctor explain` and `distdoctor lint` as a user runs them: real processes, files, stdin, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from distdoctor.render.as_json import schema

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
BASE_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "LC_"))}
SEED = [
    "python -m torch.distributed.launch --nproc_per_node=4 --nnodes=2 --node_rank=0 --master_addr=192.168.1.100 "
    "--master_port=29500 --use_env train.py",
    "python -m torch.distributed.launch --nproc_per_node=4 --nnodes=2 --node_rank=1 --master_addr=192.168.1.100 "
    "--master_port=29500 --use_env train.py",
]


def run(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "distdoctor", *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        env={**BASE_ENV, "LANG": "C.UTF-8"},
        cwd=cwd,
        timeout=60,
    )


def report(result: subprocess.CompletedProcess[bytes]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(data, schema())
    return data


def test_explain_files_of_two_nodes() -> None:
    result = run("explain", str(LOGS / "port-drop.node1.log"), str(LOGS / "port-drop.node2.log"))
    assert result.returncode == 1, result.stderr
    out = result.stdout.decode()
    assert "node-missing" in out and "master-unreachable" in out
    assert "port-drop.node2.log:" in out  # evidence names file and line
    data = report(run("explain", "--json", str(LOGS / "port-drop.node2.log")))
    (finding,) = data["findings"]
    assert finding["name"] == "master-unreachable" and finding["node"] == "port-drop.node2.log"
    assert finding["params"] == {"addr": "node1", "port": "29500", "elapsed": "5000ms"}


def test_explain_reads_stdin_and_says_so_in_zh() -> None:
    data = (LOGS / "launch-local-rank.log").read_bytes()
    result = run("explain", "--lang", "zh", "-", stdin=data)
    assert result.returncode == 1
    assert "local-rank-arg" in result.stdout.decode()
    assert "stdin:" in result.stdout.decode()
    assert report(run("explain", "--json", stdin=data))["findings"][0]["evidence"][0].startswith("stdin:")


def test_a_failure_no_signature_explains_is_an_error_not_healthy() -> None:
    result = run("explain", str(LOGS / "worker-raised.log"), str(LOGS / "worker-raised.error.json"))
    assert result.returncode == 1, result.stderr
    out = result.stdout.decode()
    assert "log-unexplained-failure" in out
    assert "ValueError: rank 0: a user error" in out


def test_a_log_without_a_failure_exits_0_and_says_no_failure_not_healthy() -> None:
    # A log can stop in a hang without printing a failure: explain says what it saw, never that the job was healthy.
    result = run("explain", str(LOGS / "healthy.node1.log"), str(LOGS / "healthy.node2.log"))
    assert result.returncode == 0, result.stdout.decode() + result.stderr.decode()
    out = result.stdout.decode()
    assert "no failure found in these logs" in out and "healthy" not in out.splitlines()[-1]


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["explain", "/no/such.log"], None, "no such log file: /no/such.log"),
        (["explain", str(LOGS)], None, "is a directory"),
        (["explain", sys.executable], None, "is not a text log"),
        (["explain", "-"], b"", "nothing on stdin"),
        (["lint", "/no/such.txt"], None, "no such file: /no/such.txt"),
        (["lint"], None, "nothing to lint"),
        (["lint", "--", "python", "train.py"], None, "not a launch command distdoctor can read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], stdin: bytes | None, message: str) -> None:
    result = run(*args, stdin=stdin)
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_lint_the_seed_commands_prints_the_torchrun_equivalent(tmp_path: Path) -> None:
    (tmp_path / "nodes.txt").write_text("# one command per node\n" + "\n".join(SEED) + "\n")
    result = run("lint", "nodes.txt", cwd=tmp_path)
    assert result.returncode == 0, result.stdout.decode() + result.stderr.decode()
    out = result.stdout.decode()
    assert (
        "torchrun --nproc-per-node=4 --nnodes=2 --node-rank=1 --master-addr=192.168.1.100 --master-port=29500 "
        "train.py" in out
    )
    assert "ERROR" not in out
    data = report(run("lint", "--json", "nodes.txt", cwd=tmp_path))
    assert {f["name"] for f in data["findings"]} == {"launch-deprecated"}
    assert [e["line"] for e in data["data"]["torchrun"]] == [2, 3]


def test_lint_one_command_after_double_dash() -> None:
    result = run("lint", "--json", "--", "torchrun", "--nnodes=2", "--master-addr=localhost", "--node-rank=1", "x.py")
    assert result.returncode == 1
    assert {f["name"] for f in report(result)["findings"]} == {"master-addr-loopback"}


# Real faults on an H200 (NCCL 2.28.9, torch 2.11) and the CPU test bed, recorded by scripts/gpu_faults.sh: what
# explain must name first, and the runs that succeeded must read healthy (exit 0, no warning or error).
GPU_FAULTS = {
    "healthy.log": None,
    "healthy-shm16m.log": None,
    "ib-hca-absent.log": None,
    "duplicate-gpu.log": "log-duplicate-gpu",
    "device-ordinal.log": "log-invalid-device-ordinal",
    "ifname-absent.log": "log-ifname-missing",
    "ifname-list-absent.log": "log-ifname-missing",
    "net-ib-absent.log": "log-nccl-net-unavailable",
    "cuda-oom.log": "log-gpu-out-of-memory",
    "dataloader-shm16m.log": "log-shm-too-small",
    "cpu-dataloader-shm16m.log": "log-shm-too-small",
    "device-assert.log": "log-cuda-device-assert",
    "no-visible-gpu.log": "log-no-gpu-visible",
    "graph-file-missing.log": "log-nccl-graph-file-bad",
    "cpu-torch-asked-for-gpu.log": "log-torch-cpu-build",
    "topo-file-missing.log": None,
    "algo-nvls-one-gpu.log": None,
    "socket-family-ipv6.log": None,
    "healthy-debug-all.log": None,
    "healthy-transports-off.log": None,  # NCCL_IB_DISABLE=1: IB's init returns a trace line, then sockets work
}


@pytest.mark.parametrize(("log", "cause"), GPU_FAULTS.items())
def test_explain_on_recorded_gpu_faults_names_the_cause_and_keeps_healthy_runs_healthy(
    log: str, cause: str | None
) -> None:
    result = run("explain", "--json", str(LOGS / "gpu-faults" / log))
    findings = report(result)["findings"]
    if cause is None:
        assert result.returncode == 0, findings
        assert all(f["severity"] == "info" for f in findings), findings
    else:
        assert result.returncode == 1, findings
        assert findings[0]["name"] == cause, findings
        assert [f["name"] for f in findings if f["severity"] == "error"] == [cause], findings


def test_every_recorded_gpu_fault_is_tested() -> None:
    assert {p.name for p in (LOGS / "gpu-faults").glob("*.log")} == set(GPU_FAULTS)
