"""What distdoctor promises the job it watches, tried on a real two-node torchrun job (both nodes on this host):
a connection flood on run's relay and a failure of distdoctor's own output leave the job running, and Ctrl-C
leaves no process of the job behind, a daemon that left its process tree included."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from adversarial.attacks import env, free_port_pair, idle, wait_listening
from hang.scenarios import kill_tree
from hang.test_run import Lines

# Rank 0 leaves a daemon behind (double fork + setsid: nobody's descendant); rank 1 stalls once for longer than
# --hang-after, so run gives a verdict mid-job; then both go on stepping until they are stopped.
JOB = """
import os, sys, time
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
if rank == 0 and os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        print(f"daemon {os.getpid()}", flush=True)
        time.sleep(600)
    os._exit(0)
t = torch.ones(1)
step = 0
while True:
    if rank == 1 and step == 8:
        time.sleep(9)
    dist.all_reduce(t)
    print(f"rank {rank} step {step}", flush=True)
    step += 1
    time.sleep(0.3)
"""


def _torchrun(node_rank: int, port: int, script: Path) -> list[str]:
    return [
        sys.executable, "-m", "torch.distributed.run", "--nnodes", "2", "--node-rank", str(node_rank),
        "--nproc-per-node", "1", "--master-addr", "127.0.0.1", "--master-port", str(port), str(script),
    ]  # fmt: skip


def _fd_limit(n: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (n, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_a_real_torchrun_job_survives_a_flood_and_a_failed_report_and_ctrl_c_leaves_nothing(tmp_path: Path) -> None:
    script = tmp_path / "job.py"
    script.write_text(JOB)
    reports = tmp_path / "reports"
    reports.mkdir()
    port = free_port_pair()
    node1 = subprocess.Popen(
        _torchrun(1, port, script), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(),
        start_new_session=True,
    )  # fmt: skip
    argv = [sys.executable, "-m", "distdoctor", "run", "--json", "--hang-after", "3"]
    argv += ["--html", str(reports / "r.html"), "--", *_torchrun(0, port, script)]
    # 1024 open files, as on many hosts: 1,100 connections would exhaust them if run's relay let them.
    run = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), preexec_fn=lambda: _fd_limit(1024)
    )
    job: list[psutil.Process] = []
    daemon: psutil.Process | None = None
    flood = None
    try:
        assert run.stdout and run.stderr
        out, err = Lines(run.stdout), Lines(run.stderr)
        out.wait_for("rank 0 step 2", 90)
        wait_listening(port + 1)
        # the daemon and rank 0 share the job's stdout: a rank's line may land right after the pid, before its newline
        pid = re.search(r"daemon (\d+)", out.text)
        assert pid, out.text[-2000:]
        daemon = psutil.Process(int(pid[1]))
        job = psutil.Process(run.pid).children(recursive=True)
        assert len(job) >= 2  # torchrun and its rank
        # The report's folder vanishes: writing the stall's HTML report fails inside distdoctor.
        shutil.rmtree(reports)
        flood = idle("127.0.0.1", port + 1, 1100)
        err.wait_for("the job runs on untouched", 60)
        stalled_at = out.text.count("rank 0 step")
        out.wait_for(f"rank 0 step {stalled_at + 5}", 60)  # it ran on, flood still open
        job = [p for p in {*job, *psutil.Process(run.pid).children(recursive=True)} if p.is_running()]
        run.send_signal(signal.SIGINT)
        run.wait(timeout=60)
        out.thread.join(5)
        err.thread.join(5)
    finally:
        if flood is not None:
            flood.close()
        kill_tree([run.pid, *(p.pid for p in job), *([daemon.pid] if daemon else [])])
        os.killpg(node1.pid, signal.SIGKILL)
        node1.wait(timeout=30)
    time.sleep(0.5)
    survivors = [p for p in [*job, daemon] if p is not None and p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert survivors == [], survivors
    notes = err.text
    # torchrun and the rank print their own tracebacks for Ctrl-C (the job's output, passed through): only a
    # traceback through distdoctor's code would be distdoctor's.
    ours = [line for line in notes.splitlines() if "/distdoctor/" in line and 'File "' in line]
    assert ours == [] and "Too many open files" not in out.text + notes, notes[-3000:]
    # The stall's verdict was still given (as JSON on stderr), before its HTML report failed.
    verdicts = [json.loads(line) for _, line in err.lines if line.startswith('{"schema"')]
    assert verdicts and verdicts[0]["data"]["kind"] == "hang", notes[-3000:]
