"""The collectives a smoke run checks and times. Every rank's contribution is distinct, so a wrong value names it."""

from __future__ import annotations

import datetime
import time
from typing import Any

import torch
import torch.distributed as dist

from distdoctor.model.smoke import BandwidthRow
from distdoctor.rules import bandwidth

DTYPE = torch.float32
DTYPE_BYTES = 4


def contribution(rank: int, wrong_rank: int | None) -> float:
    """Rank r adds r + 1, exactly representable; the test-only wrong rank adds half a unit more."""
    return rank + 1 + (0.5 if rank == wrong_rank else 0.0)


def _wait(work: Any, timeout_s: float) -> None:
    work.wait(timeout=datetime.timedelta(seconds=timeout_s))


def _mismatched(got: torch.Tensor, want: torch.Tensor) -> list[int]:
    """Indices (ranks) along the first axis where `got` differs from `want`."""
    rows = (got != want).reshape(got.shape[0], -1).any(dim=1)
    return [int(i) for i in torch.nonzero(rows).flatten().tolist()]


def check(op: str, rank: int, world: int, device: torch.device, wrong_rank: int | None, timeout_s: float) -> list[int]:
    """Run one collective with known inputs; return the ranks whose contribution this rank received wrong."""
    mine = contribution(rank, wrong_rank)
    want = torch.tensor([contribution(r, None) for r in range(world)], dtype=DTYPE, device=device)
    if op == "all_reduce":
        # One slot per rank: after the sum, slot j holds rank j's contribution alone.
        t = torch.zeros(world, dtype=DTYPE, device=device)
        t[rank] = mine
        _wait(dist.all_reduce(t, async_op=True), timeout_s)
        return _mismatched(t, want)
    if op == "all_gather":
        gathered = [torch.zeros(2, dtype=DTYPE, device=device) for _ in range(world)]
        sent = torch.tensor([mine, 2 * mine], dtype=DTYPE, device=device)
        _wait(dist.all_gather(gathered, sent, async_op=True), timeout_s)
        return _mismatched(torch.stack(gathered), torch.stack([want, 2 * want], dim=1))
    if op == "broadcast":
        t = torch.full((4,), mine if rank == 0 else -1.0, dtype=DTYPE, device=device)
        _wait(dist.broadcast(t, src=0, async_op=True), timeout_s)
        return [0] if bool((t != want[0]).any()) else []
    if op == "reduce_scatter":
        # Chunk j of rank r carries r's contribution × (j + 1) in slot r: rank j's output shows every rank's.
        chunks = [torch.zeros(world, dtype=DTYPE, device=device) for _ in range(world)]
        for j, chunk in enumerate(chunks):
            chunk[rank] = mine * (j + 1)
        out = torch.zeros(world, dtype=DTYPE, device=device)
        _wait(dist.reduce_scatter(out, chunks, async_op=True), timeout_s)
        return _mismatched(out, want * (rank + 1))
    raise ValueError(f"unknown collective {op}")


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def time_all_reduce(size: int, iters: int, warmup: int, world: int, device: torch.device) -> BandwidthRow:
    """nccl-tests' loop: warm up, line the ranks up, then time `iters` back-to-back all_reduces of `size` bytes."""
    buf = torch.ones(size // DTYPE_BYTES, dtype=DTYPE, device=device)
    for _ in range(warmup):
        dist.all_reduce(buf)
    dist.barrier()
    _sync(device)
    start = time.perf_counter()
    for _ in range(iters):
        dist.all_reduce(buf)
    _sync(device)
    seconds = time.perf_counter() - start
    return bandwidth.row("all_reduce", size, DTYPE_BYTES, "float", iters, seconds, world)


def ping_pong(peer: int, rank: int, size: int, rounds: int, device: torch.device) -> float:
    """Rank 0 sends `size` bytes to `peer` and gets them back, `rounds` times; the seconds it took, on rank 0."""
    buf = torch.ones(size // DTYPE_BYTES, dtype=DTYPE, device=device)
    start = time.perf_counter()
    for _ in range(rounds):
        if rank == 0:
            dist.send(buf, dst=peer)
            dist.recv(buf, src=peer)
        else:
            dist.recv(buf, src=0)
            dist.send(buf, dst=0)
    _sync(device)
    return time.perf_counter() - start


def slowest_rate(bytes_per_s: float, device: torch.device) -> float:
    """The smallest of every rank's rate (all ranks get the same number, so they choose the same iterations)."""
    t = torch.tensor([bytes_per_s], dtype=torch.float64, device=device)
    dist.all_reduce(t, op=dist.ReduceOp.MIN)
    return float(t.item())


def agree_size(peer: int, rank: int, size: int, device: torch.device) -> int:
    """Rank 0's message size for `peer`, sent to it: both sides must post buffers of one size."""
    t = torch.tensor([size], dtype=torch.int64, device=device)
    if rank == 0:
        dist.send(t, dst=peer)
    else:
        dist.recv(t, src=0)
    return int(t.item())


def compute(seconds_extra: float) -> float:
    """A fixed piece of local work, timed: a rank far slower than the others at it is a straggler."""
    torch.manual_seed(0)
    a = torch.randn(256, 256)
    start = time.perf_counter()
    for _ in range(20):
        a = torch.tanh(a @ a)
    if seconds_extra:
        time.sleep(seconds_extra)
    return time.perf_counter() - start
