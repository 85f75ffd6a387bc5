"""nccl-tests' arithmetic: algbw = S/t and busbw = algbw × a factor per collective, so numbers compare to links."""

from __future__ import annotations

from collections import defaultdict
from statistics import mean

from distdoctor.model.smoke import BandwidthRow


def bus_factor(op: str, world_size: int) -> float:
    """How much more data than S each rank's busiest link carries (doc/PERFORMANCE.md of nccl-tests)."""
    n = world_size
    if n <= 1:
        return 1.0 if op in ("broadcast", "p2p") else 0.0
    if op == "all_reduce":
        return 2 * (n - 1) / n
    if op in ("all_gather", "reduce_scatter"):
        return (n - 1) / n
    return 1.0


def row(
    op: str, size_bytes: int, dtype_bytes: int, dtype: str, iters: int, seconds: float, world_size: int
) -> BandwidthRow:
    """One size's row from the total time of `iters` ops."""
    per_op = seconds / iters if iters else 0.0
    algbw = size_bytes / per_op / 1e9 if per_op > 0 else 0.0
    return BandwidthRow(
        op=op,
        size_bytes=size_bytes,
        count=size_bytes // dtype_bytes,
        dtype=dtype,
        iters=iters,
        time_us=per_op * 1e6,
        algbw_gbps=algbw,
        busbw_gbps=algbw * bus_factor(op, world_size),
    )


def combine(per_rank: list[tuple[BandwidthRow, ...]], world_size: int) -> tuple[BandwidthRow, ...]:
    """The table for all ranks: each size's time is the mean of the ranks' mean op times, as nccl-tests reports."""
    by_size: dict[tuple[str, int], list[BandwidthRow]] = defaultdict(list)
    for ranks_rows in per_rank:
        for r in ranks_rows:
            by_size[(r.op, r.size_bytes)].append(r)
    combined = []
    for (op, size), rows in sorted(by_size.items()):
        first = rows[0]
        seconds = mean(r.time_us for r in rows) * 1e-6 * first.iters
        combined.append(row(op, size, size // max(first.count, 1), first.dtype, first.iters, seconds, world_size))
    return tuple(combined)
