"""`distdoctor dump` on real hung gloo jobs: the CLI as a user runs it, --json checked against the schema."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

import jsonschema
import pytest

from distdoctor.render.as_json import schema
from hang.scenarios import Job, ranks, running, torchrun, wait_for_frame

pytestmark = pytest.mark.slow


def dump(job: Job, *extra: str) -> dict[str, Any]:
    args = [a for pid in job.pids for a in ("--pid", str(pid))]
    done = subprocess.run(
        [sys.executable, "-m", "distdoctor", "dump", "--json", *args, *extra],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode in (0, 1), done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    jsonschema.validate(report, schema())
    assert report["exit_code"] == done.returncode
    return report


def findings(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f["name"]: f for f in report["findings"]}


def test_one_rank_of_two_hangs_at_the_store_naming_the_missing_rank() -> None:
    with running(ranks([(0, "init")], 2)) as job:
        wait_for_frame(job.pids, {"_create_c10d_store"})
        report = dump(job)
    found = findings(report)
    assert set(found) == {"hang-store-connect"}
    assert found["hang-store-connect"]["params"]["ranks"] == "0"
    assert found["hang-store-connect"]["params"]["missing"] == "1"
    assert f"127.0.0.1:{job.port}" in found["hang-store-connect"]["title"]


def test_rank_in_store_but_not_in_the_group_is_pg_init() -> None:
    with running(ranks([(0, "init"), (1, "store-only")], 2)) as job:
        wait_for_frame([job.pids[0]], {"_new_process_group_helper"})
        report = dump(job)
    finding = findings(report)["hang-pg-init"]
    assert finding["params"]["ranks"] == "0"
    assert "rank 1 in user-code" in finding["params"]["missing"]


def test_torchrun_agent_waiting_for_a_second_node_is_rendezvous() -> None:
    with running(torchrun(["--nnodes", "2", "--node-rank", "0", "--nproc-per-node", "1"])) as job:
        wait_for_frame(job.pids, {"next_rendezvous"})
        report = dump(job)
    assert set(findings(report)) == {"hang-rendezvous"}
    (row,) = report["data"]["ranks"]
    assert (row["role"], row["launcher"], row["state"]) == ("agent", "torch.distributed.run", "rendezvous")


def test_rank_that_never_calls_all_reduce_is_named_with_its_frame() -> None:
    with running(ranks([(0, "outside"), (1, "outside")], 2)) as job:
        wait_for_frame(job.pids, {"all_reduce", "user_work"})
        report = dump(job)
    finding = findings(report)["hang-rank-late"]
    assert finding["params"]["rank"] == "1" and finding["params"]["waiting"] == "0"
    assert "hung_rank.py:" in finding["params"]["frame"] and "user_work" in finding["params"]["frame"]
    assert finding["node"].endswith("(rank 1)")
    # dump watched for 2 s: the time in the frame is a floor, against torch's gloo default.
    assert finding["params"]["held"] == "≥2" and finding["params"]["timeout"] == "1800"
    assert finding["params"]["phase"] == "user code" and finding["params"]["source"] == "torch's default for gloo"


def test_ranks_in_different_collectives_are_a_mismatch() -> None:
    with running(ranks([(0, "mismatch"), (1, "mismatch")], 2)) as job:
        wait_for_frame(job.pids, {"all_reduce", "broadcast"})
        report = dump(job)
    finding = findings(report)["hang-collective-mismatch"]
    assert finding["params"]["calls"] == "rank 0: all_reduce; rank 1: broadcast"


def test_worker_killed_while_the_other_waits_is_dead() -> None:
    with running(ranks([(0, "init"), (1, "late")], 2)) as job:
        wait_for_frame([job.pids[0]], {"_create_c10d_store"})
        os.kill(job.pids[1], signal.SIGKILL)
        time.sleep(0.3)  # not reaped: rank 1 stays a zombie of this test process
        report = dump(job)
    finding = findings(report)["hang-rank-dead"]
    assert finding["params"]["ranks"] == "1" and finding["params"]["pids"] == str(job.pids[1])
    assert finding["params"]["waiting"] == "0"


def test_text_output_shows_the_rank_table_in_chinese() -> None:
    with running(ranks([(0, "mismatch"), (1, "mismatch")], 2)) as job:
        wait_for_frame(job.pids, {"all_reduce", "broadcast"})
        args = [a for pid in job.pids for a in ("--pid", str(pid))]
        done = subprocess.run(
            [sys.executable, "-m", "distdoctor", "dump", "--lang", "zh", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert "collective all_reduce" in done.stdout and "collective broadcast" in done.stdout
    assert "不同的集合通信" in done.stdout


def test_unknown_pid_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "distdoctor", "dump", "--pid", "4194304"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2
    assert done.stderr.startswith("distdoctor: error: --pid 4194304") and "Traceback" not in done.stderr
