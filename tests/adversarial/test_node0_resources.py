"""Resource attacks on node 0's one server, from outside: raw sockets against the real CLI (check's coordinator
on MASTER_PORT, run's relay on MASTER_PORT+1), honest workers as real `check` processes."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from typing import Any

import pytest

from adversarial.attacks import (
    PeakRss,
    check_args,
    env,
    free_port,
    free_port_pair,
    half_open,
    idle,
    node_address,
    start,
    storm,
    tracebacks,
    wait_listening,
)

ADDR = node_address()
needs_address = pytest.mark.skipif(ADDR == "127.0.0.1", reason="needs an address other than loopback")


def finish(proc: subprocess.Popen[str], timeout_s: float = 60) -> tuple[dict[str, Any], str]:
    out, err = proc.communicate(timeout=timeout_s)
    assert out.startswith("{"), (out, err)
    return json.loads(out), err


def healthy(verdict: dict[str, Any], nnodes: int) -> None:
    names = {f["name"] for f in verdict["findings"]}
    assert len(verdict["nodes"]) == nnodes and not names & {"node-missing", "report-rejected", "node-rank-duplicate"}


def got_verdict(worker: dict[str, Any], nnodes: int) -> None:
    """A worker printed node 0's verdict: the gather complete, every node in it."""
    data = worker["data"]
    assert data["kind"] == "check" and data["complete"] is True and len(data["nodes"]) == nnodes, data


@needs_address
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_400_half_open_1mib_frames_stay_within_150_mb_and_a_real_worker_is_admitted() -> None:
    port = free_port()
    node0 = start(check_args(0, 2, ADDR, port, 45))
    try:
        wait_listening(port)
        rss = PeakRss(node0.pid)
        flood = half_open("127.0.0.1", port, 400)
        time.sleep(1.0)  # node 0 takes in what it will of the flood
        worker = start(check_args(1, 2, ADDR, port, 40))
        verdict, err = finish(node0)
        peak_mb = rss.stop()
        flood.close()
        mine, _ = finish(worker)
    finally:
        node0.kill()
    assert len(flood.socks) == 400 or flood.socks == []
    assert peak_mb <= 150, f"node 0 peaked at {peak_mb:.0f} MB"
    healthy(verdict, 2)
    got_verdict(mine, 2)
    assert tracebacks(err) == []


@needs_address
@pytest.mark.slow
@pytest.mark.timeout(90)
def test_honest_workers_are_admitted_during_a_reconnect_storm() -> None:
    port = free_port()
    node0 = start(check_args(0, 3, ADDR, port, 40))
    try:
        wait_listening(port)
        with storm("127.0.0.1", port) as made:
            time.sleep(1.0)
            workers = [start(check_args(rank, 3, ADDR, port, 35)) for rank in (1, 2)]
            verdict, err = finish(node0)
        answers = [finish(w)[0] for w in workers]
    finally:
        node0.kill()
    assert made[0] > 1000, "the storm did not storm"
    healthy(verdict, 3)
    for answer in answers:
        got_verdict(answer, 3)
    assert tracebacks(err) == []


def _fd_limit(n: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_1100_idle_connections_to_runs_relay_do_not_harm_the_job() -> None:
    # 1024 open files, as on many hosts: the flood would exhaust them if node 0 let it.
    master_port = free_port_pair()
    job = [sys.executable, "-c", "import time; time.sleep(12); raise SystemExit(3)"]
    run_env = {"PET_NNODES": "2", "PET_NODE_RANK": "0", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(master_port)}
    argv = [sys.executable, "-m", "distdoctor", "run", "--hang-after", "2", "--", "env", "RANK=0", "WORLD_SIZE=2", *job]
    run = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**env(), **run_env},
        preexec_fn=lambda: _fd_limit(1024),
    )  # fmt: skip
    try:
        wait_listening(master_port + 1)
        flood = idle("127.0.0.1", master_port + 1, 1100)
        out, err = run.communicate(timeout=60)
        flood.close()
    finally:
        run.kill()
    assert run.returncode == 3, (out[-2000:], err[-2000:])  # the job's own exit code: it ran to its end
    assert tracebacks(err) == [] and "Too many open files" not in out + err


@needs_address
@pytest.mark.timeout(60)
def test_connections_still_open_at_exit_print_no_traceback() -> None:
    port = free_port()
    node0 = start(check_args(0, 2, ADDR, port, 3))
    try:
        wait_listening(port)
        held = [idle("127.0.0.1", port, 50), half_open("127.0.0.1", port, 50, sent=1000)]
        verdict, err = finish(node0)
        for h in held:
            h.close()
    finally:
        node0.kill()
    assert {f["name"] for f in verdict["findings"]} >= {"node-missing"}
    assert tracebacks(err) == [], err


@pytest.mark.timeout(60)
def test_connections_to_runs_relay_still_open_at_exit_print_no_traceback() -> None:
    master_port = free_port_pair()
    run_env = {"PET_NNODES": "2", "PET_NODE_RANK": "0", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(master_port)}
    job = ["env", "RANK=0", "WORLD_SIZE=2", sys.executable, "-c", "import time; time.sleep(3)"]
    run = start([sys.executable, "-m", "distdoctor", "run", "--", *job], extra_env=run_env)
    try:
        wait_listening(master_port + 1)
        held = [idle("127.0.0.1", master_port + 1, 50), half_open("127.0.0.1", master_port + 1, 50, sent=1000)]
        _, err = run.communicate(timeout=40)
        for h in held:
            h.close()
    finally:
        run.kill()
    assert run.returncode == 0 and tracebacks(err) == [], err
