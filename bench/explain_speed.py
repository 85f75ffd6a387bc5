#!/usr/bin/env python3
"""How fast `explain` reads a big log, side by side with reading the same lines and with no needle prefilter.

Builds a log of N lines from the recorded fixtures (a torchrun failure repeated: tracebacks, C++ frames, the
error lines), then times, in one run: splitting the text into lines; the signature table with its needle
prefilter (what explain does); the same table with every regex run on every line. Prints MB/s and ratios.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from distdoctor.facts.logs import to_input
from distdoctor.rules import logs as rules

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "logs"


def timed(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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
    no_needles = tuple(dataclasses.replace(s, needle="") for s in rules.SIGNATURES)

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
    base = results["explain (needle prefilter)"]
    print(f"{len(log.lines)} lines, {mb:.1f} MB")
    for label, seconds in results.items():
        print(f"  {label:38s} {seconds:6.2f} s  {mb / seconds:7.1f} MB/s  x{seconds / base:.2f} of explain")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
