#!/usr/bin/env python3
"""Time to a verdict: torchrun with default timeouts vs `distdoctor check`, side by side, in namespace clusters.

For each fault scenario a fresh network-namespace cluster (tests/testbed/netns.py) runs (a) torchrun with a
minimal gloo script on every node, and then (b) `distdoctor check` on every node. It prints the seconds until the
first error (a line of torchrun output that looks like an error, or a non-zero exit), whether that output names the
cause, and the ratio torchrun_s / distdoctor_s. torchrun keeps its default timeouts (static rendezvous 600 s,
process group 30 min) but the wait is capped at --cap seconds: a capped time prints as "> cap", the ratio is then
computed against the cap and is a lower bound ("≥"); the "vs default" column divides torch's own default timeout
instead. distdoctor's time is that of the first node whose report names the expected finding (else its first error
exit); node-missing's time is by design the --wait it was given. Target: ≥50x sooner, cause named every time.

Needs root and the tools the test bed needs (ip, nft, nsenter, unshare). Run from the repo root:
`python bench/time_to_verdict.py [--quick] [--cap S] [--only NAME]`.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from testbed.netns import Cluster, Node, available  # noqa: E402

PORT = 29500
WAIT_S = 10.0
WAIT_MISSING_S = 5.0
RENDEZVOUS_DEFAULT_S = 600  # torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py _default_timeout_seconds
PG_DEFAULT_S = 30 * 60  # torch.distributed.constants.default_pg_timeout
GRACE_S = 2.0  # output still collected after torchrun's first error, for the "names cause" check
TARGET = 50.0

MINIMAL = """\
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
dist.all_reduce(torch.ones(1))
print("ok")
"""

ERROR_LINE = re.compile(r"error|exception|traceback|timed out|timeout|failed", re.IGNORECASE)


@dataclass
class Launch:
    """One node's part in a scenario: its nnodes and node_rank."""

    node: int  # index into cluster.nodes
    nnodes: int
    rank: int


@dataclass
class Scenario:
    name: str
    n: int  # nodes in the cluster
    launches: list[Launch]
    expected: set[str]  # distdoctor finding names that name the cause
    faulty: list[int]  # indices of the nodes at fault (their names/addresses name the cause)
    words: list[str]  # cause words that name the cause in torchrun's output
    torch_default_s: int  # the timeout torch would reach by default
    setup: Callable[[Cluster], None] = lambda c: None
    wait_s: float = WAIT_S


def _drop_master_port(c: Cluster) -> None:
    c.nodes[0].nft_block(PORT, action="drop")


def _only_master_port(c: Cluster) -> None:
    for node in c.nodes:
        node.nft_block(except_port=PORT)


SCENARIOS = [
    Scenario(
        "node-missing",
        2,
        [Launch(0, 2, 0)],
        {"node-missing"},
        [1],
        ["missing", "never"],
        RENDEZVOUS_DEFAULT_S,
        wait_s=WAIT_MISSING_S,
    ),
    Scenario(
        "master-port-drop",
        2,
        [Launch(0, 2, 0), Launch(1, 2, 1)],
        {"master-unreachable", "node-missing"},
        [0],
        ["firewall"],
        RENDEZVOUS_DEFAULT_S,
        setup=_drop_master_port,
    ),
    Scenario(
        "only-master-port-open",
        2,
        [Launch(0, 2, 0), Launch(1, 2, 1)],
        {"mesh-blocked"},
        [0, 1],
        ["firewall"],
        PG_DEFAULT_S,
        setup=_only_master_port,
    ),
    Scenario(
        "nnodes-mismatch",
        2,
        [Launch(0, 2, 0), Launch(1, 3, 1)],
        {"nnodes-mismatch"},
        [1],
        ["nnodes"],
        RENDEZVOUS_DEFAULT_S,
    ),
    Scenario(
        "node-rank-duplicate",
        3,
        [Launch(0, 3, 0), Launch(1, 3, 1), Launch(2, 3, 1)],
        {"node-rank-duplicate"},
        [1, 2],
        ["node_rank", "duplicate"],
        RENDEZVOUS_DEFAULT_S,
    ),
]


@dataclass
class Watched:
    """A started process whose output lines are timed as they arrive."""

    proc: subprocess.Popen[str]
    start: float
    lines: list[tuple[float, str]] = field(default_factory=list)
    stdout: list[str] = field(default_factory=list)
    exit_s: float | None = None
    threads: list[threading.Thread] = field(default_factory=list)

    def text(self) -> str:
        return "".join(line for _, line in self.lines)


def watch(node: Node, argv: Sequence[str], start: float, *, split_stdout: bool) -> Watched:
    """Start argv on node; threads record each stderr (and, unless split, stdout) line with its time."""
    stderr = subprocess.PIPE if split_stdout else subprocess.STDOUT
    # Unbuffered, so a line is timed when it is written, not when a pipe buffer fills.
    proc = node.popen(argv, env={"PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE, stderr=stderr)
    w = Watched(proc, start)

    def read(stream: Any, sink: list[Any], timed: bool) -> None:
        for line in stream:
            sink.append((time.monotonic() - start, line) if timed else line)

    def wait() -> None:
        proc.wait()
        w.exit_s = time.monotonic() - start

    assert proc.stdout is not None
    w.threads.append(
        threading.Thread(
            target=read, args=(proc.stdout, w.stdout if split_stdout else w.lines, not split_stdout), daemon=True
        )
    )
    if split_stdout:
        assert proc.stderr is not None
        w.threads.append(threading.Thread(target=read, args=(proc.stderr, w.lines, True), daemon=True))
    w.threads.append(threading.Thread(target=wait, daemon=True))
    for t in w.threads:
        t.start()
    return w


def first_torch_error(w: Watched) -> float | None:
    """When this torchrun first printed an error-looking line or exited non-zero."""
    times = [t for t, line in list(w.lines) if ERROR_LINE.search(line)]
    if w.exit_s is not None and w.proc.returncode != 0:
        times.append(w.exit_s)
    return min(times) if times else None


@dataclass
class Result:
    scenario: Scenario
    torch_s: float | None  # None: capped
    torch_named: str
    torch_note: str
    doctor_s: float | None
    doctor_finding: str
    doctor_named: bool
    cap: float

    @property
    def ratio(self) -> float | None:
        if self.doctor_s is None or self.doctor_s <= 0:
            return None
        return (self.cap if self.torch_s is None else self.torch_s) / self.doctor_s

    @property
    def ratio_default(self) -> float | None:
        if self.doctor_s is None or self.doctor_s <= 0:
            return None
        return (self.scenario.torch_default_s if self.torch_s is None else self.torch_s) / self.doctor_s


def run_torchrun(s: Scenario, cap: float, script: Path) -> tuple[float | None, str, str]:
    """torchrun on each launching node; (first error s or None if capped, names-cause verdict, a short note)."""
    with Cluster(s.n) as c:
        s.setup(c)
        start = time.monotonic()
        watched = []
        for la in s.launches:
            argv = [
                sys.executable,
                "-m",
                "torch.distributed.run",
                "--nnodes",
                str(la.nnodes),
                "--node-rank",
                str(la.rank),
                "--nproc-per-node",
                "1",
                "--master-addr",
                "node1",
                "--master-port",
                str(PORT),
                str(script),
            ]
            watched.append(watch(c.nodes[la.node], argv, start, split_stdout=False))
        first: float | None = None
        while time.monotonic() - start < cap:
            errors = [t for w in watched if (t := first_torch_error(w)) is not None]
            if errors:
                first = min(errors)
                break
            if all(w.exit_s is not None for w in watched):
                break  # all exited 0 without an error line: no error seen
            time.sleep(0.05)
        if first is not None:
            time.sleep(GRACE_S)
        output = "".join(w.text() for w in watched)
        done = [
            f"{c.nodes[la.node].hostname}:rc={w.proc.returncode}" for la, w in zip(s.launches, watched, strict=True)
        ]
        terms = [c.nodes[i].hostname for i in s.faulty] + [c.nodes[i].address for i in s.faulty] + s.words
    # Only lines torchrun printed about a failure count: it echoes nothing of its config at its default log level,
    # but check error-looking lines only, so a banner naming node1 as master_addr cannot count as naming the cause.
    error_text = "\n".join(line for line in output.splitlines() if ERROR_LINE.search(line))
    hits = [t for t in terms if re.search(rf"(?<![\w.]){re.escape(t)}(?![\w])", error_text, re.IGNORECASE)]
    named = f"yes ({', '.join(hits)})" if hits else "no"
    lines = [line.strip() for line in error_text.splitlines() if line.strip()]
    first_line = next((x for x in lines if "Error" in x and "frame #" not in x), lines[0] if lines else "")
    return first, named, f"{' '.join(done)}; {first_line[:200]}"


def run_doctor(s: Scenario) -> tuple[float | None, str, bool]:
    """distdoctor check on each launching node at once; (time of first verdict naming the cause, findings, named)."""
    with Cluster(s.n) as c:
        s.setup(c)
        start = time.monotonic()
        watched = []
        for la in s.launches:
            argv = [
                "distdoctor",
                "check",
                "--json",
                "--wait",
                f"{s.wait_s:g}",
                "--nnodes",
                str(la.nnodes),
                "--node-rank",
                str(la.rank),
                "--master-addr",
                "node1",
                "--master-port",
                str(PORT),
            ]
            watched.append(watch(c.nodes[la.node], argv, start, split_stdout=True))
        deadline = start + 120
        for w in watched:
            w.proc.wait(timeout=max(1.0, deadline - time.monotonic()))
            for t in w.threads:
                t.join(timeout=5)
        named_times, error_times, names = [], [], []
        for la, w in zip(s.launches, watched, strict=True):
            try:
                report = json.loads("".join(w.stdout))
            except json.JSONDecodeError:
                names.append(f"{c.nodes[la.node].hostname}: no report (rc {w.proc.returncode})")
                continue
            found = {f["name"] for f in report.get("findings", []) if f.get("severity") == "error"}
            names.append(f"{c.nodes[la.node].hostname}: {','.join(sorted(found)) or '-'}")
            if w.proc.returncode != 0 and w.exit_s is not None:
                error_times.append(w.exit_s)
                if found & s.expected:
                    named_times.append(w.exit_s)
    first = min(named_times) if named_times else (min(error_times) if error_times else None)
    return first, "; ".join(names), bool(named_times)


def fmt_s(x: float | None, cap: float) -> str:
    return f"> {cap:g}" if x is None else f"{x:.1f}"


def fmt_ratio(x: float | None, lower_bound: bool) -> str:
    if x is None:
        return "n/a"
    return f"{'≥' if lower_bound else ''}{x:.0f}x"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0, help="longest wait for torchrun, s (default 120)")
    parser.add_argument("--only", choices=[s.name for s in SCENARIOS], help="run one scenario")
    parser.add_argument("--quick", action="store_true", help="cap torchrun at 30 s")
    parser.add_argument("-v", "--verbose", action="store_true", help="also print torchrun's last error line")
    args = parser.parse_args()
    cap = 30.0 if args.quick else args.cap
    if (why := available()) is not None:
        print(f"cannot build clusters here: {why}", file=sys.stderr)
        return 2
    scenarios = [s for s in SCENARIOS if args.only in (None, s.name)]
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="ttv") as tmp:
        script = Path(tmp) / "minimal.py"
        script.write_text(MINIMAL)
        for s in scenarios:
            print(f"[{s.name}] torchrun (cap {cap:g} s) ...", file=sys.stderr, flush=True)
            torch_s, torch_named, note = run_torchrun(s, cap, script)
            print(f"[{s.name}] torchrun: {fmt_s(torch_s, cap)} s; {note}", file=sys.stderr, flush=True)
            print(f"[{s.name}] distdoctor check --wait {s.wait_s:g} ...", file=sys.stderr, flush=True)
            doctor_s, finding, named = run_doctor(s)
            results.append(Result(s, torch_s, torch_named, note, doctor_s, finding, named, cap))
    head = [
        "scenario",
        "torchrun s",
        "torchrun names cause",
        "distdoctor s (--wait)",
        "distdoctor finding",
        "named",
        "ratio",
        "vs default",
    ]
    rows = [
        [
            r.scenario.name,
            fmt_s(r.torch_s, cap) + ("" if r.torch_s is not None else f" (default {r.scenario.torch_default_s})"),
            r.torch_named,
            f"{fmt_s(r.doctor_s, cap)} ({r.scenario.wait_s:g})",
            r.doctor_finding,
            "yes" if r.doctor_named else "NO",
            fmt_ratio(r.ratio, r.torch_s is None),
            fmt_ratio(r.ratio_default, r.torch_s is None),
        ]
        for r in results
    ]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    for row in [head, ["-" * w for w in widths], *rows]:
        print(" | ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    if args.verbose:
        for r in results:
            print(f"{r.scenario.name}: {r.torch_note}")
    ratios = [r.ratio for r in results if r.ratio is not None]
    defaults = [r.ratio_default for r in results if r.ratio_default is not None]
    bound = any(r.torch_s is None for r in results)
    if ratios:
        med = statistics.median(ratios)
        print(
            f"median ratio: {fmt_ratio(med, bound)} against the cap of {cap:g} s"
            f" ({fmt_ratio(statistics.median(defaults), bound)} against torch's default timeouts);"
            f" target {TARGET:g}x: {'met' if med >= TARGET else 'not met'} at this cap"
        )
    named_all = all(r.doctor_named for r in results)
    print(
        f"distdoctor named the cause in {sum(r.doctor_named for r in results)}/{len(results)} scenarios;"
        f" torchrun in {sum(r.torch_named != 'no' for r in results)}/{len(results)}"
    )
    return 0 if named_all else 1


if __name__ == "__main__":
    sys.exit(main())
