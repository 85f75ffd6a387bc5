"""`distdoctor run` names the runtime causes of a stall on real torchrun gloo jobs: the late rank against the
process-group deadline, the rank that left the loop, the DataLoader worker that blocks, the rank the OOM killer
or a SIGKILL ended, and a known failure line the moment the job prints it."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from hang.scenarios import kill_tree
from hang.test_run import DISTDOCTOR, Lines

JOB = Path(__file__).with_name("runtime_job.py")
pytestmark = pytest.mark.slow


@contextlib.contextmanager
def run(scenario: str, *flags: str, env: dict[str, str] | None = None) -> Iterator[tuple[Lines, Lines, int]]:
    """`distdoctor run --json FLAGS -- torchrun (2 ranks) runtime_job.py SCENARIO`: its stdout and stderr lines."""
    # --standalone: torchrun binds a free port itself; a port picked here first can be taken by then on a busy machine.
    job = ["torchrun", "--standalone", "--nproc-per-node", "2", str(JOB), scenario]
    proc = subprocess.Popen(
        [*DISTDOCTOR, "run", "--json", *flags, "--", *job],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )
    assert proc.stdout and proc.stderr
    try:
        yield Lines(proc.stdout), Lines(proc.stderr), proc.pid
    finally:
        started = []
        with contextlib.suppress(psutil.Error):
            started = [p.pid for p in psutil.Process(proc.pid).children(recursive=True)]
        with contextlib.suppress(OSError):
            proc.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=20)
        kill_tree([proc.pid, *started])


def report_with(err: Lines, name: str, timeout_s: float) -> tuple[float, dict[str, Any], dict[str, Any]]:
    """The first JSON report on stderr with finding `name`: when it came, the report, the finding."""
    at = err.wait_for(f'"{name}"', timeout_s)
    for _, line in err.lines:
        if line.startswith('{"schema"') and f'"{name}"' in line:
            report = json.loads(line)
            return at, report, next(f for f in report["findings"] if f["name"] == name)
    raise AssertionError(name)


def test_late_rank_against_the_deadline_and_a_failure_line_explained_as_printed() -> None:
    with run("late", "--hang-after", "4", "--pg-timeout", "60") as (out, err, _):
        printed = out.wait_for("Address already in use", 90)
        found, _, live = report_with(err, "master-port-in-use", 10)
        assert found - printed < 2.0, f"the live finding came {found - printed:.1f} s after the line"
        assert "stdout:" in live["evidence"][0] and "29500" in live["evidence"][0]
        out.wait_for("rank 1 step 2 done", 30)  # the job ran on after the line
        _, report, late = report_with(err, "hang-rank-late", 60)
    params = late["params"]
    assert params["rank"] == "1" and params["waiting"] == "0" and params["op"] == "all_reduce"
    assert params["phase"] == "checkpoint save" and "save_checkpoint" in params["frame"]
    assert params["timeout"] == "60" and params["source"] == "--pg-timeout"
    assert 3 <= float(params["held"]) <= 30 and float(params["held"]) + float(params["left"]) <= 61
    assert params["host"] == os.uname().nodename
    assert "hang-rank-outside-collective" not in [f["name"] for f in report["findings"]]


def test_a_rank_that_left_the_training_loop_is_named_uneven_inputs() -> None:
    with run("left", "--hang-after", "4") as (_, err, _):
        _, _, left = report_with(err, "hang-rank-left", 90)
    params = left["params"]
    assert params["rank"] == "1" and params["waiting"] == "0" and params["op"] == "all_reduce"
    assert "past the loop runtime_job.py" in params["how"] and "in main" in params["how"]
    assert "write_summary" in params["frame"]


def test_a_dataloader_worker_that_blocks_is_named_with_its_frame() -> None:
    with run("loader", "--hang-after", "4") as (_, err, _):
        _, report, stall = report_with(err, "hang-dataloader-stall", 90)
    params = stall["params"]
    assert params["rank"] == "1" and params["op"] == "all_reduce"
    assert "stuck: pid" in params["workers"] and "__getitem__" in params["workers"]
    # The worker is the rank's, not a third rank.
    assert sorted(r["rank"] for r in report["data"]["ranks"] if r["role"] == "worker") == [0, 1]


def test_a_dataloader_past_its_own_timeout_is_named_before_the_peers_it_took_down() -> None:
    with run("loader-timeout", "--hang-after", "30") as (_, err, _):
        printed = err.wait_for("DataLoader timed out after 3.0 seconds", 90)  # the fault is real: torch raised it
        found, report, stall = report_with(err, "log-dataloader-timeout", 30)
    assert found - printed < 5.0, f"the finding came {found - printed:.1f} s after the line"
    assert "[rank1]:" in stall["evidence"][0]
    assert report["findings"][0]["name"] == "log-dataloader-timeout", report["findings"]


def test_a_rank_killed_by_sigkill_is_named_with_its_signal() -> None:
    with run("steps", "--hang-after", "30", env={"STEPS": "1000"}) as (out, err, pid):
        out.wait_for("rank 1 step 2 done", 90)
        rank1 = next(p for p in psutil.Process(pid).children(recursive=True) if _environ(p).get("RANK") == "1")
        rank1.send_signal(signal.SIGKILL)
        killed_at = time.monotonic()
        found = err.wait_for("SIGKILL", 15)
    assert found - killed_at < 5
    reports = [json.loads(line) for _, line in err.lines if line.startswith('{"schema"')]
    named = [f for r in reports for f in r["findings"] if "SIGKILL" in json.dumps(f)]
    assert any(f["name"] in ("rank-signalled", "log-rank-killed") for f in named), named
    assert not any(f["name"] == "rank-oom-killed" for r in reports for f in r["findings"])


def _environ(p: psutil.Process) -> dict[str, str]:
    try:
        return p.environ() if "runtime_job.py" in " ".join(p.cmdline()) else {}
    except psutil.Error:
        return {}


def _memory_root() -> Path | None:
    """This process's own cgroup v1 memory folder (or v2 with the memory controller), where children can be made."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):
            folder = Path("/sys/fs/cgroup/memory") / path.lstrip("/")
            if os.access(folder, os.W_OK):
                return folder
        control = Path("/sys/fs/cgroup") / path.lstrip("/") / "cgroup.subtree_control"
        if controllers == "" and control.exists() and "memory" in control.read_text().split():
            return control.parent
    return None


def test_a_rank_killed_by_its_cgroup_memory_limit_is_named_oom() -> None:
    root = _memory_root()
    if root is None:
        pytest.skip("no writable memory cgroup on this machine")
    group = root / f"distdoctor-test-{uuid.uuid4().hex[:8]}"
    group.mkdir()
    try:
        limit = 700 << 20
        v1 = (group / "memory.limit_in_bytes").exists()
        (group / ("memory.limit_in_bytes" if v1 else "memory.max")).write_text(str(limit))
        with run("oom", "--hang-after", "30", env={"OOM_CGROUP": str(group)}) as (_, err, _):
            _, _, oom = report_with(err, "rank-oom-killed", 90)
        # The kernel's own count: the kill is real.
        events = (group / ("memory.oom_control" if v1 else "memory.events")).read_text()
        assert "oom_kill 1" in events or "oom_kill 2" in events, events
    finally:
        for _ in range(50):
            with contextlib.suppress(OSError):
                group.rmdir()
                break
            time.sleep(0.2)
    params = oom["params"]
    assert params["rank"] == "1" and str(group) == params["cgroup"]
    assert "700.0 MiB" in params["limit"]


def findings_of(err: Lines, name: str, rank: str, timeout_s: float) -> list[dict[str, Any]]:
    """Every finding `name` about `rank` in the JSON reports on stderr, once the first one came."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        reports = [json.loads(line) for _, line in list(err.lines) if line.startswith('{"schema"')]
        found = [f for r in reports for f in r["findings"] if f["name"] == name and f["params"].get("rank") == rank]
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"no {name} for rank {rank} in {timeout_s} s; got:\n{err.text[-3000:]}")


def test_a_rank_taken_down_by_nccls_own_abort_is_named_so_and_points_at_the_late_rank() -> None:
    # Rank 1 prints the watchdog's lines and aborts while rank 0 saves a checkpoint (see runtime_job.py).
    with run("nccl-abort", "--hang-after", "3") as (_, err, _):
        err.wait_for("entire process down", 90)
        (abort,) = findings_of(err, "rank-nccl-abort", "1", 30)
        reports = [json.loads(line) for _, line in err.lines if line.startswith('{"schema"')]
    params = abort["params"]
    assert params["why_class"] == "abort-timeout" and "OpType=ALLREDUCE" in params["detail"]
    assert params["lead_class"] == "abort-lead-late", params
    assert params["lead"].startswith("rank 0 (pid ") and "save_checkpoint" in params["lead"]
    assert any("entire process down" in e for e in abort["evidence"])
    signalled = [f for r in reports for f in r["findings"] if f["name"] == "rank-signalled"]
    assert all(f["params"]["rank"] != "1" for f in signalled), signalled


def test_a_plain_abort_without_nccls_lines_stays_a_signal() -> None:
    with run("abort", "--hang-after", "30") as (_, err, _):
        (signalled,) = findings_of(err, "rank-signalled", "1", 90)
        reports = [json.loads(line) for _, line in err.lines if line.startswith('{"schema"')]
    assert signalled["params"]["signal"] == "SIGABRT"
    assert not any(f["name"] == "rank-nccl-abort" for r in reports for f in r["findings"])
