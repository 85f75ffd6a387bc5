"""`distdoctor run` as a user runs it: the job's output and exit code pass through, signals reach every process,
and a job that stops moving gets a verdict within seconds."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import jsonschema
import psutil
import pytest

from distdoctor.render.as_json import schema
from hang.scenarios import HUNG_RANK, free_port, kill_tree

DISTDOCTOR = [sys.executable, "-m", "distdoctor"]


class Lines:
    """Collects a stream's lines with their arrival times, on a thread."""

    def __init__(self, stream: IO[str]) -> None:
        self.lines: list[tuple[float, str]] = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.append((time.monotonic(), line))

    @property
    def text(self) -> str:
        return "".join(line for _, line in self.lines)

    def wait_for(self, needle: str, timeout_s: float) -> float:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for at, line in list(self.lines):
                if needle in line:
                    return at
            time.sleep(0.1)
        raise TimeoutError(f"{needle!r} not seen in {timeout_s} s; got:\n{self.text[-3000:]}")


def test_exit_code_and_output_pass_through() -> None:
    code = "import sys; print('out line'); print('err line', file=sys.stderr); sys.exit(3)"
    done = subprocess.run(
        [*DISTDOCTOR, "run", "--", sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 3
    assert done.stdout == "out line\n"
    assert "err line\n" in done.stderr


def test_a_setup_line_the_job_prints_is_not_taken_for_where_it_stopped() -> None:
    # explain reads a log that ends in setup as a stall; run reads the job's lines as they come, so a setup line is
    # only the job getting on (here one that then fails, whose failure is named as printed)
    lines = [
        "[INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl",
        "node1:1234:1256 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>",
        "RuntimeError: No backend type associated with device type cpu",
    ]
    code = f"import sys; print({chr(10).join(lines)!r}); sys.exit(1)"
    done = subprocess.run(
        [*DISTDOCTOR, "run", "--", sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert "log-cpu-tensor-gpu-backend" in done.stderr
    assert "log-init-unfinished" not in done.stderr and "log-nccl-setup-unfinished" not in done.stderr


def test_sigterm_reaches_the_job_and_its_exit_code_comes_back() -> None:
    code = (
        "import signal, sys, time\n"
        "signal.signal(signal.SIGTERM, lambda *a: (print('got TERM', flush=True), sys.exit(7)))\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n"
    )
    proc = subprocess.Popen([*DISTDOCTOR, "run", "--", sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout
        assert proc.stdout.readline() == "ready\n"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 7
        assert proc.stdout.read() == "got TERM\n"
    finally:
        kill_tree([proc.pid])


def test_no_command_is_a_usage_error() -> None:
    done = subprocess.run([*DISTDOCTOR, "run"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "no command to run" in done.stderr


def test_a_command_that_does_not_exist_is_a_usage_error() -> None:
    done = subprocess.run([*DISTDOCTOR, "run", "--", "/nonexistent/train"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "cannot start /nonexistent/train" in done.stderr
    assert "Traceback" not in done.stderr


def test_preflight_errors_stop_the_launch(tmp_path: Path) -> None:
    marker = tmp_path / "started"
    job = ["torchrun", "--nnodes", "2", "--node-rank", "1", "--master-addr", "127.0.0.1", "--master-port", "29500"]
    job += ["-m", "this_never_runs"]
    code = f"open({str(marker)!r}, 'w')"
    done = subprocess.run([*DISTDOCTOR, "run", "--check", "--", *job, code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "master-addr-loopback" in done.stderr and "the job was not started" in done.stderr
    assert done.stdout == "" and not marker.exists()


@pytest.mark.slow
def test_torchrun_job_that_hangs_gets_a_verdict_and_ctrl_c_ends_every_process() -> None:
    port = free_port()
    job = ["torchrun", "--nproc-per-node", "2", "--master-port", str(port), str(HUNG_RANK), "steps"]
    proc = subprocess.Popen(
        [*DISTDOCTOR, "run", "--json", "--hang-after", "5", "--", *job],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    started: list[psutil.Process] = []
    try:
        assert proc.stdout and proc.stderr
        out, err = Lines(proc.stdout), Lines(proc.stderr)
        last_step = out.wait_for("rank 0 step 2 done", 60)
        verdict_at = err.wait_for('"hang-rank-late"', 30)
        assert verdict_at - last_step < 12, "the verdict came too late"
        started = psutil.Process(proc.pid).children(recursive=True)
        assert len(started) >= 3  # torchrun and its two ranks
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=40)
        out.thread.join(5)
        err.thread.join(5)
    finally:
        kill_tree([proc.pid, *(p.pid for p in started)])
    assert proc.returncode != 0
    survivors = [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert survivors == [], survivors
    # The job's own output is all there, untouched (two ranks may interleave on one line, as without distdoctor).
    for rank in (0, 1):
        for step in (0, 1, 2):
            assert out.text.count(f"rank {rank} step {step} done") == 1
    assert "distdoctor" not in out.text
    report = json.loads(next(line for _, line in err.lines if line.startswith('{"schema"')))
    jsonschema.validate(report, schema())
    (finding,) = [f for f in report["findings"] if f["name"] == "hang-rank-late"]
    assert finding["params"]["rank"] == "1" and "user_work" in finding["params"]["frame"]
    assert finding["params"]["timeout"] == "1800"  # no --pg-timeout: torch's gloo default
    states = {r["rank"]: r["state"] for r in report["data"]["ranks"]}
    assert states == {None: "supervising", 0: "collective", 1: "user-code"}


LAUNCHER = """
import os, subprocess, sys
env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=sys.argv[2], WORLD_SIZE="2")
r0 = subprocess.Popen([sys.executable, sys.argv[1], "init"], env=dict(env, RANK="0"))
r1 = subprocess.Popen([sys.executable, sys.argv[1], "late"], env=dict(env, RANK="1"))
print("rank1", r1.pid, flush=True)
r1.wait()  # reaped at once: nothing of rank 1 is left to find but what `run` saw before
print("rank 1 ended", r1.returncode, flush=True)
r0.wait()
"""


@pytest.mark.slow
def test_a_rank_that_vanished_is_named_dead_from_what_run_saw_before() -> None:
    argv = [*DISTDOCTOR, "run", "--json", "--hang-after", "3", "--", sys.executable, "-c", LAUNCHER]
    proc = subprocess.Popen(
        [*argv, str(HUNG_RANK), str(free_port())], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout and proc.stderr
        out, err = Lines(proc.stdout), Lines(proc.stderr)
        out.wait_for("rank1 ", 30)
        rank1 = int(out.text.split("rank1 ", 1)[1].split()[0])
        time.sleep(5)  # sampled at least once alive (every second at --hang-after 3)
        psutil.Process(rank1).kill()
        out.wait_for("rank 1 ended -9", 10)
        err.wait_for('"hang-rank-dead"', 30)
    finally:
        kill_tree([proc.pid])
        proc.wait(timeout=30)
    report = json.loads(next(line for _, line in err.lines if '"hang-rank-dead"' in line))
    (dead,) = [f for f in report["findings"] if f["name"] == "hang-rank-dead"]
    assert dead["params"]["ranks"] == "1" and dead["params"]["pids"] == str(rank1)
    assert {(r["rank"], r["status"]) for r in report["data"]["ranks"]} >= {(1, "dead")}


def test_a_failure_of_the_watch_itself_leaves_the_job_running() -> None:
    """The stall callback (which renders a verdict) raising must not end the job: it runs on and its code returns."""
    from distdoctor.hang.watch import Stall, Watch, WatchOptions

    notes: list[str] = []

    def broken(stall: Stall) -> None:
        raise RuntimeError("renderer exploded")

    # RANK and WORLD_SIZE make it a rank the watch samples (`env` execs python: the same process).
    job = ["env", "RANK=0", "WORLD_SIZE=1", sys.executable, "-c", "import time, sys; time.sleep(3); sys.exit(5)"]
    watch = Watch(job, WatchOptions(hang_after_s=0.5, sample_interval_s=0.2), broken, notes.append)
    started = time.monotonic()
    assert watch.run() == 5
    assert time.monotonic() - started >= 2.5  # the job slept its full time
    assert any("renderer exploded" in n and "runs on untouched" in n for n in notes), notes


def test_ctrl_c_ends_a_setsid_daemon_the_job_left_behind(tmp_path: Path) -> None:
    """A job that daemonises a child (double fork + setsid: its parent exits, so it is nobody's descendant any more)
    still has it ended by Ctrl-C: `run` is the subreaper that adopts it."""
    pid_file = tmp_path / "daemon.pid"
    (tmp_path / "daemon.py").write_text("import os, time\nos.setsid()\ntime.sleep(300)\n")
    (tmp_path / "middle.py").write_text(
        "import subprocess, sys\n"
        f"p = subprocess.Popen([sys.executable, {str(tmp_path / 'daemon.py')!r}])\n"
        f"open({str(pid_file)!r}, 'w').write(str(p.pid))\n"
    )
    code = (
        "import subprocess, sys, time\n"
        # the middle process exits at once: the daemon is orphaned
        f"subprocess.run([sys.executable, {str(tmp_path / 'middle.py')!r}])\n"
        "print('ready', flush=True)\n"
        "time.sleep(300)\n"
    )
    proc = subprocess.Popen(
        [*DISTDOCTOR, "run", "--hang-after", "600", "--", sys.executable, "-c", code], stdout=subprocess.PIPE, text=True
    )
    daemon_pid = None
    try:
        assert proc.stdout
        assert proc.stdout.readline() == "ready\n"
        daemon_pid = int(pid_file.read_text())
        assert psutil.Process(daemon_pid).ppid() == proc.pid  # adopted by run, not by init
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        gone = not psutil.pid_exists(daemon_pid) or psutil.Process(daemon_pid).status() == psutil.STATUS_ZOMBIE
        assert gone, "the daemon outlived run"
    finally:
        kill_tree([proc.pid, *([daemon_pid] if daemon_pid else [])])


def test_a_stall_is_called_at_the_job_own_pace_without_hang_after() -> None:
    """A job that printed every 0.1 s and stops: the stall is called at 10x its pace (with a 2 s floor here), not
    at the fixed HANG_AFTER_S."""
    from distdoctor import defaults
    from distdoctor.hang.watch import Stall, Watch, WatchOptions

    stalls: list[tuple[float, Stall]] = []
    code = "import time\nfor i in range(30):\n    print(i, flush=True)\n    time.sleep(0.1)\ntime.sleep(30)\n"
    job = ["env", "RANK=0", "WORLD_SIZE=1", sys.executable, "-c", code]
    options = WatchOptions(hang_after_s=None, floor_s=2.0)
    watch: Watch

    def on_stall(stall: Stall) -> None:
        stalls.append((time.monotonic(), stall))
        watch._kill_all()

    watch = Watch(job, options, on_stall)
    started = time.monotonic()
    watch.run()
    (at, stall), *_ = stalls
    assert stall.pace_s is not None and 0.05 <= stall.pace_s <= 0.5, stall.pace_s
    assert stall.threshold_s < defaults.HANG_AFTER_S and stall.threshold_s <= 5.0
    assert at - started < 3.0 + 8.0, "the stall was not called at the job's pace"
