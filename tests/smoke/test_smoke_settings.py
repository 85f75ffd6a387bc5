"""Smoke settings from the command line: sizes, the test-only faults, ops per size, nccl-tests' arithmetic."""

from __future__ import annotations

import pytest

from distdoctor import defaults
from distdoctor.errors import UsageError
from distdoctor.rules.bandwidth import bus_factor, combine, row
from distdoctor.smoke.settings import (
    SmokeSettings,
    default_sizes,
    expected_s,
    iters_for,
    parse_delay,
    parse_sizes,
)


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        ("1K:64K", (1024, 4096, 16384, 65536)),
        ("1K:8K:2", (1024, 2048, 4096, 8192)),
        ("4096", (4096,)),
        ("1M, 1K", (1024, 1 << 20)),
        ("1KiB:1KiB", (1024,)),
        ("10", (8,)),  # rounded down to whole floats
    ],
)
def test_sizes_parse_like_nccl_tests_ranges_or_lists(text: str, sizes: tuple[int, ...]) -> None:
    assert parse_sizes(text) == sizes


@pytest.mark.parametrize("text", ["big", "1K:2K:1", "64M:1K", "1K:2K:3:4", "", "2", "1Q"])
def test_bad_sizes_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError):
        parse_sizes(text)


def test_default_sweep_runs_from_1kib_to_64mib() -> None:
    sizes = default_sizes()
    assert (sizes[0], sizes[-1]) == (1 << 10, 64 << 20)


def test_every_rank_times_the_same_number_of_ops_per_size() -> None:
    s = SmokeSettings(backend="gloo")
    assert iters_for(1024, s) == defaults.SMOKE_MAX_ITERS
    assert iters_for(64 << 20, s) == defaults.SMOKE_BYTES_PER_SIZE // (64 << 20)
    assert iters_for(1 << 30, s) == defaults.SMOKE_MIN_ITERS
    assert iters_for(1 << 30, SmokeSettings(backend="gloo", iters=7)) == 7


def test_a_slow_link_times_fewer_ops_and_its_deadline_follows_the_bytes() -> None:
    s = SmokeSettings(backend="gloo", sizes=(1 << 10, 4 << 20, 16 << 20), step_timeout_s=30.0)
    slow = 2.5e6  # bytes a second: a 20 Mbit/s link
    # 10 s a size at 2.5 MB/s: 5 ops of 4 MiB (not 20), a single op of 16 MiB (not 16).
    assert iters_for(4 << 20, s, slow) == 5
    assert iters_for(16 << 20, s, slow) == 1
    assert iters_for(1 << 20, s, 10e9) == defaults.SMOKE_MAX_ITERS  # a fast link keeps the full count
    # 3 ops of 16 MiB at 2.5 MB/s need 20 s: the deadline is that times the margin, not the 30 s step timeout.
    assert expected_s(16 << 20, 3, slow, s) == pytest.approx(defaults.SMOKE_RATE_MARGIN * 3 * (16 << 20) / slow)
    assert expected_s(1 << 10, 3, slow, s) == 30.0
    assert expected_s(16 << 20, 3, None, s) == 30.0


def test_delay_flag() -> None:
    assert parse_delay("2:1.5") == (2, 1.5)
    assert parse_delay(None) == (None, 0.0)
    with pytest.raises(UsageError):
        parse_delay("two")


@pytest.mark.parametrize(
    ("op", "n", "factor"),
    [("all_reduce", 8, 1.75), ("all_gather", 4, 0.75), ("reduce_scatter", 2, 0.5), ("broadcast", 8, 1.0)],
)
def test_bus_factors_are_nccl_tests(op: str, n: int, factor: float) -> None:
    assert bus_factor(op, n) == pytest.approx(factor)


def test_row_and_combine_follow_algbw_s_over_t() -> None:
    # 1 MB in 10 ops taking 0.01 s: 1 ms per op, algbw 1 GB/s, busbw 1.5 GB/s for 4 ranks.
    r = row("all_reduce", 1_000_000, 4, "float", 10, 0.01, 4)
    assert (r.count, r.time_us, r.algbw_gbps, r.busbw_gbps) == (250_000, pytest.approx(1000), pytest.approx(1.0),
                                                               pytest.approx(1.5))  # fmt: skip
    slow = row("all_reduce", 1_000_000, 4, "float", 10, 0.03, 4)
    (both,) = combine([(r,), (slow,)], 4)
    assert both.time_us == pytest.approx(2000)  # the mean of the ranks' op times
    assert both.algbw_gbps == pytest.approx(0.5)
