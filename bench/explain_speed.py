#!/usr/bin/env python3
"""How fast `explain` reads a big log, side by side with reading the same lines and with no needle prefilter.

Builds a log of N lines from the recorded fixtures (a torchrun failure repeated: tracebacks, C++ frames, the
error lines), then times, in one run: splitting the text into lines; the signature table with its needle
prefilter (what explain does); the same table with every regex run on every line. Prints MB/s and ratios, by the
wall clock and by this process's CPU time (on a shared machine the CPU figure is the one that says how fast the
code is), and the load average it ran under. Then the slowest signature on a long padded line, where a regex that
backtracks over the padding would take seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from distdoctor.facts.logs import to_input
from distdoctor.rules import logs as rules

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "logs"


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of `runs` calls."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000, help="lines in the generated log (default 200000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each, median taken (default 3)")
    args = parser.parse_args()
    sample = [
        line
        for name in ("port-drop.node2.log", "collective-mismatch.log", "monitored-barrier.log")
        for line in (FIXTURES / name).read_text().splitlines()
    ]
    text = "\n".join(sample * (args.lines // len(sample) + 1))
    mb = len(text.encode()) / 1e6
    log = to_input(text, "big.log")
    no_needles = tuple(dataclasses.replace(s, needle="", also=()) for s in rules.SIGNATURES)

    def without_prefilter() -> object:
        saved = rules.SIGNATURES
        rules.SIGNATURES = no_needles
        try:
            return rules.explain_findings([log])
        finally:
            rules.SIGNATURES = saved

    results = {
        "split into lines": timed(lambda: to_input(text, "big.log"), args.runs),
        "explain (needle prefilter)": timed(lambda: rules.explain_findings([log]), args.runs),
        "explain, every regex on every line": timed(without_prefilter, args.runs),
    }
    base = results["explain (needle prefilter)"][1]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{len(log.lines)} lines, {mb:.1f} MB; load average {load} on {os.cpu_count()} CPUs")
    print(f"  {'':38s} {'wall':>7s} {'MB/s':>7s}  {'CPU':>7s} {'MB/s':>7s}")
    for label, (wall, cpu) in results.items():
        print(f"  {label:38s} {wall:6.2f}s {mb / wall:7.1f}  {cpu:6.2f}s {mb / cpu:7.1f}  x{cpu / base:.2f} of explain")
    slowest = max(_padded_searches(), key=lambda r: r[0])
    print(f"  slowest signature on a {PADDED_CHARS}-character padded line: {slowest[0] * 1000:.1f} ms ({slowest[1]})")
    return 0


# A pasted line can be long: joined terminal padding, a progress bar's carriage returns, a dump of numbers. A regex
# that retries a run of such characters at every position takes seconds there.
PADDED_CHARS = 20_000
_PADDING = ("a:b ", "1", " ", "\t", "-", "x: ", "[0]a:1<2> ")


def _padded_searches() -> list[tuple[float, str]]:
    """Each signature's regex on its needles with long padding after, and around: (seconds, signature key)."""
    timings = []
    for sig in rules.SIGNATURES:
        for needle in sig.needles:
            for pad in _PADDING:
                filler = pad * (PADDED_CHARS // len(pad))
                for line in (needle + filler, filler + needle + filler[:2000]):
                    timings.append((_best_of(3, sig.pattern, line), sig.key))
    return timings


def _best_of(runs: int, pattern: re.Pattern[str], line: str) -> float:
    """The fastest of a few searches: one run alone can take a garbage collection's pause for the regex's."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        pattern.search(line)
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    raise SystemExit(main())
