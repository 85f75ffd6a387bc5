"""`distdoctor run` on both nodes of a namespace cluster: a job that hangs gets one verdict naming the rank (and host)
at fault; `dump --all-nodes` from the other node gives the same; Ctrl-C ends every process on both nodes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any

import psutil
import pytest

from hang.scenarios import HUNG_RANK
from testbed.netns import Cluster

pytestmark = [pytest.mark.slow, pytest.mark.root]

PORT = 29500
DISTDOCTOR = [sys.executable, "-m", "distdoctor"]


def _collect(stream: IO[str], into: list[str]) -> None:
    for line in stream:
        into.append(line)


def _verdict(lines: list[str], timeout_s: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for line in list(lines):
            if line.startswith('{"schema"'):
                report: dict[str, Any] = json.loads(line)
                return report
        time.sleep(0.2)
    raise TimeoutError("no verdict:\n" + "".join(lines[-60:]))


def test_two_nodes_one_verdict_naming_the_rank_outside_the_collective(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(2)
    procs, errs, outs = [], [], []
    for node in cluster.nodes:
        job = ["torchrun", "--nnodes", "2", "--node-rank", str(node.index), "--nproc-per-node", "1"]
        job += ["--master-addr", "node1", "--master-port", str(PORT), str(HUNG_RANK), "steps"]
        proc = node.popen([*DISTDOCTOR, "run", "--json", "--hang-after", "5", "--", *job], stderr=subprocess.PIPE)
        err: list[str] = []
        out: list[str] = []
        assert proc.stderr and proc.stdout
        threading.Thread(target=_collect, args=(proc.stderr, err), daemon=True).start()
        threading.Thread(target=_collect, args=(proc.stdout, out), daemon=True).start()
        procs.append(proc)
        errs.append(err)
        outs.append(out)
    started: list[psutil.Process] = []
    try:
        verdicts = [_verdict(err, 90) for err in errs]
        asked = cluster.nodes[1].run([*DISTDOCTOR, "dump", "--json", "--all-nodes"], timeout=60)
        started = [c for p in procs for c in psutil.Process(p.pid).children(recursive=True)]
        for proc in procs:
            proc.send_signal(signal.SIGINT)
        for proc in procs:
            proc.wait(timeout=40)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    survivors = [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert survivors == []
    assert asked.returncode == 1, asked.stderr
    for report in [*verdicts, json.loads(asked.stdout)]:
        found = {f["name"]: f for f in report["findings"]}
        # Each node's run times its own ranks in one frame: the odd rank is late against the gloo default.
        assert set(found) == {"hang-rank-late"}, report["findings"]
        finding = found["hang-rank-late"]
        assert finding["params"]["rank"] == "1" and finding["params"]["waiting"] == "0"
        assert finding["params"]["host"] == "node2" and "user_work" in finding["params"]["frame"]
        assert finding["params"]["timeout"] == "1800"
        assert finding["node"] == "node2 (rank 1)"
        assert report["data"]["nodes_answered"] == [0, 1]
        hosts = {(r["host"], r["rank"], r["state"]) for r in report["data"]["ranks"]}
        assert ("node1", 0, "collective") in hosts and ("node2", 1, "user-code") in hosts
    assert "rank 0 step 2 done" in "".join(outs[0]) and "rank 1 step 2 done" in "".join(outs[1])
