#!/usr/bin/env python3
"""Cost of `distdoctor run` to the training job it watches, side by side in one run.

A small gloo training loop (2 ranks under torchrun, a matmul and an all_reduce per step, fixed steps) runs bare,
under `distdoctor run` with its defaults, and under `distdoctor run --hang-after 3` (a stack sample every second,
far more often than the default). Runs are interleaved; each run's median step time is taken, then the median over
runs. Prints each setting's step time and its ratio to the bare run; a second bare setting shows the machine's
noise. Target: ratio <= 1.01 at the defaults.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HUNG_RANK = Path(__file__).resolve().parents[1] / "tests" / "hang" / "hung_rank.py"
TARGET_RATIO = 1.01
# --standalone: torchrun's store binds port 0 and the ranks are told the port it got. A port picked here first (bind
# 127.0.0.1:0, close, pass it on) failed with EADDRINUSE: torchrun binds the wildcard address, which clashes with the
# port's use on any other address (one machine's simulated nodes on 127.0.x.y, as bench/scale.py runs them), and
# anything may take the port in the seconds before torchrun binds it.
JOB = ["torchrun", "--standalone", "--nproc-per-node", "2", str(HUNG_RANK), "train"]


def step_time(prefix: list[str], steps: int) -> float:
    env = {**os.environ, "STEPS": str(steps)}
    # A session of its own, as `distdoctor run` gives the job: the kernel's autogroup scheduler then treats the
    # bare job and the watched one alike.
    done = subprocess.run(
        [*prefix, *JOB], capture_output=True, text=True, env=env, timeout=600, check=False, start_new_session=True
    )
    found = re.search(r"median_step_s ([0-9.]+)", done.stdout)
    if done.returncode != 0 or not found:
        raise SystemExit(f"job failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return float(found.group(1))


def sampling_cost(samples: int = 20) -> tuple[float, float]:
    """CPU seconds one stack sample of one rank costs (py-spy --nonblocking, as `run` samples), and its wall time,
    measured on the ranks of a running training job."""
    import resource
    import time

    import psutil

    from distdoctor.hang.discover import discover
    from distdoctor.hang.stacks import dump

    proc = subprocess.Popen(
        JOB, env={**os.environ, "STEPS": "1000000"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        ranks: list[int] = []
        while len(ranks) < 2 and time.monotonic() < deadline:
            time.sleep(0.5)
            ranks = [p.pid for p in discover(pids=[proc.pid]) if p.role == "worker"]
        time.sleep(2)  # past torch's import: the ranks train
        before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        for _ in range(samples):
            for pid in ranks:
                dump(pid, nonblocking=True)
        wall = (time.perf_counter() - start) / (samples * len(ranks))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / (samples * len(ranks))
        return cpu, wall
    finally:
        for child in psutil.Process(proc.pid).children(recursive=True):
            child.kill()
        proc.kill()
        proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each setting, interleaved (default 5)")
    parser.add_argument("--steps", type=int, default=2000, help="training steps per run (default 2000)")
    args = parser.parse_args()
    dd = [sys.executable, "-m", "distdoctor", "run"]
    # "bare torchrun (again)" is the control: its ratio to the first bare setting is the noise of this machine.
    settings = {
        "bare torchrun": [],
        "bare torchrun (again)": [],
        "distdoctor run (defaults)": [*dd, "--"],
        "distdoctor run --hang-after 3": [*dd, "--hang-after", "3", "--"],
    }
    times: dict[str, list[float]] = {name: [] for name in settings}
    for _ in range(args.runs):  # interleaved, so the machine's load hits every setting alike
        for name, prefix in settings.items():
            times[name].append(step_time(prefix, args.steps))
    base = statistics.median(times["bare torchrun"])
    print(f"{args.steps} steps x {args.runs} runs, 2 gloo ranks on {os.cpu_count()} cores")
    print(f"{'setting':<32}{'median step ms':>16}{'min':>8}{'max':>8}{'ratio':>8}")
    for name, values in times.items():
        median = statistics.median(values)
        low, high = min(values) * 1000, max(values) * 1000
        print(f"{name:<32}{median * 1000:>16.3f}{low:>8.3f}{high:>8.3f}{median / base:>8.3f}")
    ratio = statistics.median(times["distdoctor run (defaults)"]) / base
    noise = statistics.median(times["bare torchrun (again)"]) / base
    print(f"ratio at the defaults: {ratio:.3f} (target <= {TARGET_RATIO}); bare vs bare: {noise:.3f}")
    cpu, wall = sampling_cost()
    from distdoctor.hang.watch import WatchOptions

    for label, options in (("defaults", WatchOptions()), ("--hang-after 3", WatchOptions(hang_after_s=3))):
        share = cpu * 2 / options.interval_s  # two ranks sampled per interval
        print(
            f"sampling at {label}: one sample every {options.interval_s:g} s, {cpu * 1000:.1f} ms CPU "
            f"({wall * 1000:.1f} ms wall) per rank, ranks never paused: {share * 100:.3f}% of one core"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
