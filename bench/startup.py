#!/usr/bin/env python3
"""Start-up cost of distdoctor, side by side with a bare interpreter, in one run.

Prints the median wall time of `python -c pass`, `distdoctor --help` and `distdoctor check` (single node), and
their ratios to the bare interpreter. Target: `--help` under 0.3 s. Also shows whether torch was imported.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

TARGET_HELP_S = 0.3


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each command, interleaved (default 9)")
    args = parser.parse_args()
    py = sys.executable
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "distdoctor --help": [py, "-m", "distdoctor", "--help"],
        "distdoctor check": [py, "-m", "distdoctor", "check"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):  # interleaved, so load on the machine hits every command alike
        for name, argv in commands.items():
            times[name].append(wall(argv))
    base = statistics.median(times["python -c pass"])
    print(f"{'command':<22}{'median s':>10}{'min s':>8}{'x python':>10}")
    for name, samples in times.items():
        med = statistics.median(samples)
        print(f"{name:<22}{med:>10.3f}{min(samples):>8.3f}{med / base:>10.1f}")
    probe = "import sys, distdoctor.cli as c; sys.argv=['distdoctor','--help']\n"
    probe += "try: c.main()\nexcept SystemExit: pass\n"
    probe += "print('torch imported by --help:', 'torch' in sys.modules, file=sys.stderr)"
    subprocess.run([py, "-c", probe], stdout=subprocess.DEVNULL, check=False)
    help_s = statistics.median(times["distdoctor --help"])
    verdict = "met" if help_s < TARGET_HELP_S else "MISSED"
    print(f"target: --help under {TARGET_HELP_S} s: {verdict} ({help_s:.3f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
