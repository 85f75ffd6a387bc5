"""The CLI as a user runs it: real processes, exit codes, one-line usage errors, JSON valid against its schema."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from distdoctor.render.as_json import schema

BASE_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "PMIX_", "LC_"))}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    merged = {**BASE_ENV, "LANG": "C.UTF-8", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "distdoctor", *args], capture_output=True, text=True, env=merged, timeout=60
    )


def as_report(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(report, schema())
    return report


def test_check_on_a_single_node_is_healthy() -> None:
    result = run("check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "healthy" in result.stdout


@pytest.mark.parametrize("command", ["check", "env"])
def test_json_output_validates_against_the_schema(command: str) -> None:
    report = as_report(run(command, "--json"))
    assert report["command"] == command
    assert report["facts"]["hostname"]


def test_loopback_master_on_a_worker_is_an_error_in_both_languages() -> None:
    env = {"MASTER_ADDR": "127.0.0.1"}
    args = ("check", "--local-only", "--nnodes", "2", "--node-rank", "1", "--master-port", "29500")
    text = run(*args, env=env)
    assert text.returncode == 1
    assert "MASTER_ADDR=127.0.0.1" in text.stdout and "environment variable MASTER_ADDR" in text.stdout
    zh = run(*args, "--lang", "zh", env=env)
    assert "回环地址" in zh.stdout
    assert "回环地址" in run(*args, env={**env, "LANG": "zh_CN.UTF-8"}).stdout
    report = as_report(run(*args, "--json", env=env))
    assert report["exit_code"] == 1
    (finding,) = [f for f in report["findings"] if f["severity"] == "error"]
    assert finding["name"] == "master-addr-loopback"
    assert finding["params"]["addr"] == "127.0.0.1"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--master-port", "abc"], "--master-port 'abc'"),
        (["--master-port", "70000"], "--master-port '70000'"),
        (["--nnodes", "0"], "--nnodes '0'"),
        (["--node-rank", "-1"], "--node-rank '-1'"),
        (["--nnodes", "4:2"], "--nnodes '4:2'"),
        (["--", "torchrun", "--nnodes"], "launch command"),
        (["--no-such-flag"], "No such option"),
    ],
)
def test_bad_usage_is_one_line_and_exit_2(args: list[str], says: str) -> None:
    result = run("check", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert says in lines[0]
    assert "Traceback" not in result.stderr


def test_help_lists_the_launch_flags_in_both_spellings() -> None:
    out = run("check", "--help").stdout
    for flag in ("--nnodes", "--node-rank, --node_rank", "--master-addr, --master_addr", "--json", "--lang"):
        assert flag in out


def test_config_from_a_launch_command_after_double_dash() -> None:
    report = as_report(
        run("check", "--json", "--local-only", "--", "torchrun", "--nnodes=1", "--nproc-per-node=2", "train.py")
    )
    assert report["config"]["nproc_per_node"] == {"value": 2, "source": {"kind": "command", "key": "--nproc-per-node"}}


@pytest.mark.skipif(not shutil.which("mpirun"), reason="needs OpenMPI's mpirun")
def test_env_under_mpirun_reads_each_rank(tmp_path: Path) -> None:
    # Each rank writes its own file: mpirun interleaves the ranks' stdout in chunks.
    script = f'exec "$0" -m distdoctor env --json > {tmp_path}/rank-$OMPI_COMM_WORLD_RANK.json'
    mpirun = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2", "sh", "-c", script, sys.executable]
    result = subprocess.run(mpirun, capture_output=True, text=True, timeout=120, env={**BASE_ENV, "LANG": "C.UTF-8"})
    assert result.returncode == 0, result.stderr
    reports = [json.loads((tmp_path / f"rank-{r}.json").read_text()) for r in (0, 1)]
    # Two ranks on one host are one node: node_rank = world rank // local size, nnodes = world size // local size.
    source = {"kind": "openmpi", "key": "OMPI_COMM_WORLD_RANK / LOCAL_SIZE"}
    assert [r["config"]["node_rank"] for r in reports] == [{"value": 0, "source": source}] * 2
    assert {r["config"]["nnodes"]["value"] for r in reports} == {"1"}
