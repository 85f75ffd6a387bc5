#!/usr/bin/env python3
"""Does `distdoctor smoke` measure bandwidth without distorting it? Its busbw beside a plain torch loop's.

Runs, interleaved in one session, `distdoctor smoke` and a bare torch.distributed all_reduce loop (written here,
sharing no code with distdoctor) under the same torchrun, same ranks, sizes, warm-up and op counts, and prints
each size's busbw from both and their ratio. Target: the median ratio within 0.95–1.05.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = (0.95, 1.05)


def plain_worker(sizes: list[int], iters: list[int], warmup: int, out: str) -> None:
    """The reference: what anyone would write to time all_reduce with torch.distributed."""
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    times = []
    for size, n in zip(sizes, iters, strict=True):
        buf = torch.ones(size // 4, dtype=torch.float32)
        for _ in range(warmup):
            dist.all_reduce(buf)
        dist.barrier()
        start = time.perf_counter()
        for _ in range(n):
            dist.all_reduce(buf)
        times.append((time.perf_counter() - start) / n)
    gathered: list[object] = [None] * world
    dist.all_gather_object(gathered, times)
    if rank == 0:
        mean = [statistics.mean(t[i] for t in gathered) for i in range(len(sizes))]  # type: ignore[index]
        factor = 2 * (world - 1) / world
        busbw = [size / t / 1e9 * factor for size, t in zip(sizes, mean, strict=True)]
        Path(out).write_text(json.dumps(busbw))
    dist.destroy_process_group()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_smoke(nproc: int, sizes: str) -> tuple[list[int], list[float], list[int]]:
    argv = [sys.executable, "-m", "distdoctor", "smoke", "--json", "--nproc-per-node", str(nproc), "--sizes", sizes]
    argv += ["--master-port", str(free_port())]
    report = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)
    rows = report["data"]["bandwidth"]
    return [r["size_bytes"] for r in rows], [r["busbw_gbps"] for r in rows], [r["iters"] for r in rows]


def run_plain(nproc: int, sizes: list[int], iters: list[int], warmup: int) -> list[float]:
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        argv = [sys.executable, "-m", "torch.distributed.run", f"--nproc-per-node={nproc}"]
        argv += [f"--master-port={free_port()}", __file__, "--worker", out.name]
        argv += ["--sizes", ",".join(map(str, sizes)), "--iters-list", ",".join(map(str, iters))]
        argv += ["--warmup", str(warmup)]
        subprocess.run(argv, capture_output=True, text=True, check=True)
        busbw: list[float] = json.loads(Path(out.name).read_text())
        return busbw


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nproc", type=int, default=2, help="ranks on this node (default 2)")
    parser.add_argument("--sizes", default="1M:64M:4", help="distdoctor smoke --sizes (default 1M:64M:4)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of each (default 3)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--iters-list", help=argparse.SUPPRESS)
    parser.add_argument("--warmup", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        sizes = [int(s) for s in args.sizes.split(",")]
        plain_worker(sizes, [int(n) for n in args.iters_list.split(",")], args.warmup, args.worker)
        return 0
    from distdoctor import defaults

    ours: list[list[float]] = []
    plain: list[list[float]] = []
    sizes: list[int] = []
    for _ in range(args.rounds):  # interleaved, so the machine's load falls on both alike
        sizes, busbw, iters = run_smoke(args.nproc, args.sizes)
        ours.append(busbw)
        plain.append(run_plain(args.nproc, sizes, iters, defaults.SMOKE_WARMUP_ITERS))
    print(f"gloo, {args.nproc} ranks on {os.uname().nodename}, {args.rounds} interleaved rounds, medians")
    print(f"{'size (B)':>10}{'smoke busbw':>14}{'plain busbw':>14}{'ratio':>8}")
    ratios = []
    for i, size in enumerate(sizes):
        a, b = statistics.median(r[i] for r in ours), statistics.median(r[i] for r in plain)
        ratios.append(a / b if b else float("nan"))
        print(f"{size:>10}{a:>12.3f}  {b:>12.3f}  {ratios[-1]:>8.3f}")
    median = statistics.median(ratios)
    ok = TARGET[0] <= median <= TARGET[1]
    print(f"median ratio smoke/plain: {median:.3f} (target {TARGET[0]}–{TARGET[1]}: {'met' if ok else 'NOT met'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
