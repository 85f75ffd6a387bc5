#!/usr/bin/env python3
"""Cost of `distdoctor run` to the training job it watches, side by side in one run.

A small gloo training loop (2 ranks under torchrun, a matmul and an all_reduce per step, fixed steps) runs bare,
under `distdoctor run` with its defaults, and under `distdoctor run --hang-after 3` (a stack sample every second,
far more often than the default). Runs are interleaved; each run's median step time is taken, then the median over
runs. Prints each setting's step time and its ratio to the bare run. Target: ratio <= 1.01 at the defaults.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
from pathlib import Path

HUNG_RANK = Path(__file__).resolve().parents[1] / "tests" / "hang" / "hung_rank.py"
TARGET_RATIO = 1.01


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def step_time(prefix: list[str], steps: int) -> float:
    job = ["torchrun", "--nproc-per-node", "2", "--master-port", str(free_port()), str(HUNG_RANK), "train"]
    env = {**os.environ, "STEPS": str(steps)}
    # A session of its own, as `distdoctor run` gives the job: the kernel's autogroup scheduler then treats the
    # bare job and the watched one alike.
    done = subprocess.run(
        [*prefix, *job], capture_output=True, text=True, env=env, timeout=600, check=False, start_new_session=True
    )
    found = re.search(r"median_step_s ([0-9.]+)", done.stdout)
    if done.returncode != 0 or not found:
        raise SystemExit(f"job failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return float(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each setting, interleaved (default 5)")
    parser.add_argument("--steps", type=int, default=2000, help="training steps per run (default 2000)")
    args = parser.parse_args()
    dd = [sys.executable, "-m", "distdoctor", "run"]
    settings = {
        "bare torchrun": [],
        "distdoctor run (defaults)": [*dd, "--"],
        "distdoctor run --hang-after 3": [*dd, "--hang-after", "3", "--"],
    }
    times: dict[str, list[float]] = {name: [] for name in settings}
    for _ in range(args.runs):  # interleaved, so the machine's load hits every setting alike
        for name, prefix in settings.items():
            times[name].append(step_time(prefix, args.steps))
    base = statistics.median(times["bare torchrun"])
    print(f"{args.steps} steps x {args.runs} runs, 2 gloo ranks on {os.cpu_count()} cores")
    print(f"{'setting':<32}{'median step ms':>16}{'ratio':>8}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<32}{median * 1000:>16.3f}{median / base:>8.3f}")
    ratio = statistics.median(times["distdoctor run (defaults)"]) / base
    print(f"ratio at the defaults: {ratio:.3f} (target <= {TARGET_RATIO})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
