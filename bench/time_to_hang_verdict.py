#!/usr/bin/env python3
"""Time from a stall to `distdoctor run`'s named verdict, side by side with the time to torch's own first error, on
real 2-rank torchrun gloo jobs (tests/hang/runtime_job.py) that stall after 3 healthy steps:

  late      rank 1 sleeps in save_checkpoint (expected: hang-rank-late)
  killed    rank 1 gets SIGKILL (expected: rank-signalled / log-rank-killed)
  mismatch  rank 1 calls broadcast, rank 0 all_reduce (expected: hang-collective-mismatch)

The jobs run with a 60 s process-group timeout so torch's error is measurable (torch's default is 30 min for gloo,
10 min for NCCL since torch 2.2); `run` gets --hang-after 1.5 (its default without the flag: 10x the job's pace,
at least 30 s). The stall moment is rank 1's last printed step (the kill, for killed); torch's first error is the
first line of the job's stderr that reads as one (a timeout, a closed connection, torchrun's failure). Run from
the repo root: `python bench/time_to_hang_verdict.py [--only NAME] [--cap S]`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
JOB = REPO / "tests" / "hang" / "runtime_job.py"
PG_TIMEOUT_S = 60
TORCH_ERROR = re.compile(r"Timed out|timed out|Connection closed by peer|exitcode|ChildFailedError|Error:")
EXPECTED = {
    "late": ("hang-rank-late",),
    "killed": ("rank-signalled", "log-rank-killed"),
    "mismatch": ("hang-collective-mismatch",),
}


class Stream:
    def __init__(self, stream: object) -> None:
        self.lines: list[tuple[float, str]] = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self.lines.append((time.monotonic(), line))

    def first(self, test: object, after: float = 0.0) -> float | None:
        return next((at for at, line in list(self.lines) if at >= after and test(line)), None)  # type: ignore[operator]


def case(name: str, cap_s: float) -> dict[str, object]:
    scenario = {"killed": "steps"}.get(name, name)
    env = {**os.environ, "PG_TIMEOUT_S": str(PG_TIMEOUT_S), "STEPS": "1000" if name == "killed" else "3"}
    env["PYTHONPATH"] = str(REPO / "src") + os.pathsep + env.get("PYTHONPATH", "")
    job = ["torchrun", "--standalone", "--nproc-per-node", "2", str(JOB), scenario]  # torchrun picks a free port
    argv = [sys.executable, "-m", "distdoctor", "run", "--json", "--hang-after", "1.5", "--", *job]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out, err = Stream(proc.stdout), Stream(proc.stderr)
    try:
        deadline = time.monotonic() + 60
        while out.first(lambda line: "rank 1 step 2 done" in line) is None and time.monotonic() < deadline:
            time.sleep(0.1)
        if name == "killed":
            time.sleep(0.5)
            import psutil

            rank1 = next(
                p
                for p in psutil.Process(proc.pid).children(recursive=True)
                if "runtime_job.py" in " ".join(p.cmdline()) and p.environ().get("RANK") == "1"
            )
            stall = time.monotonic()
            rank1.send_signal(signal.SIGKILL)
        else:
            stall = out.first(lambda line: "rank 1 step 2 done" in line) or time.monotonic()
        want = EXPECTED[name]
        limit = time.monotonic() + cap_s
        verdict = torch = None
        while time.monotonic() < limit and (verdict is None or torch is None) and proc.poll() is None:
            time.sleep(0.1)
            verdict = verdict or err.first(
                lambda line: (
                    line.startswith('{"schema"') and any(f'"name":"{w}"' in line.replace(" ", "") for w in want)
                )
            )
            torch = torch or err.first(
                lambda line: not line.startswith(("{", "distdoctor")) and bool(TORCH_ERROR.search(line)), stall
            )
        time.sleep(0.5)
        verdict = verdict or err.first(
            lambda line: line.startswith('{"schema"') and any(f'"name":"{w}"' in line.replace(" ", "") for w in want)
        )
        torch = torch or err.first(
            lambda line: not line.startswith(("{", "distdoctor")) and bool(TORCH_ERROR.search(line)), stall
        )
        torch_line = next((line.strip()[:110] for at, line in err.lines if at == torch), "")
        names = sorted(
            {f["name"] for _, line in err.lines if line.startswith('{"schema"') for f in json.loads(line)["findings"]}
        )
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
    return {
        "case": name,
        "run_s": None if verdict is None else round(verdict - stall, 1),
        "torch_s": None if torch is None else round(torch - stall, 1),
        "torch_line": torch_line,
        "findings": names,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=sorted(EXPECTED))
    parser.add_argument("--cap", type=float, default=PG_TIMEOUT_S + 30.0, help="wait at most this long per case")
    args = parser.parse_args()
    rows = [case(n, args.cap) for n in ([args.only] if args.only else list(EXPECTED))]
    print(f"{'case':9} {'run verdict':>12} {'torch error':>12} {'ratio':>7}  run's findings / torch's first error")
    for r in rows:
        run_s, torch_s = r["run_s"], r["torch_s"]
        ratio = (
            f"{torch_s / run_s:.0f}x" if isinstance(run_s, float) and isinstance(torch_s, float) and run_s > 0 else "-"
        )
        run_txt = "none" if run_s is None else f"{run_s} s"
        torch_txt = f"> {args.cap:g} s" if torch_s is None else f"{torch_s} s"
        print(f"{r['case']:9} {run_txt:>12} {torch_txt:>12} {ratio:>7}  {', '.join(r['findings'])}")
        print(f"{'':44}torch: {r['torch_line']}")
    print(f"(process-group timeout {PG_TIMEOUT_S} s here; torch's default: 30 min gloo, 10 min NCCL since 2.2)")


if __name__ == "__main__":
    main()
