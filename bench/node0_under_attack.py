"""node 0 (the real `check` CLI) under attack from outside, side by side with no attack: peak RSS, the verdict's
delay (honest workers started -> node 0's verdict), honest nodes admitted, traceback lines on stderr.

    python bench/node0_under_attack.py [--workers 4] [--src PATH]   # --src: another checkout's src, e.g. main's

Attackers use source addresses 127.0.0.2...; node 0 and the honest workers use this machine's other address.
Timings on a shared 2-core machine are noisy: compare the rows of one run, not runs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from adversarial.attacks import (
    SRC,
    PeakRss,
    check_args,
    free_port,
    half_open,
    idle,
    node_address,
    start,
    storm,
    tracebacks,
    wait_listening,
)


@contextlib.contextmanager
def no_attack(port: int) -> Iterator[str]:
    yield ""


@contextlib.contextmanager
def half_open_flood(port: int) -> Iterator[str]:
    held = half_open("127.0.0.1", port, 400)
    try:
        yield f"{len(held.socks)} held"
    finally:
        held.close()


@contextlib.contextmanager
def connection_flood(port: int) -> Iterator[str]:
    held = idle("127.0.0.1", port, 8000, srcs=8)
    try:
        yield f"{len(held.socks)} open"
    finally:
        held.close()


@contextlib.contextmanager
def reconnect_storm(port: int) -> Iterator[str]:
    with storm("127.0.0.1", port) as made:
        time.sleep(1.0)
        yield "storming"
    print(f"    (the storm made {made[0]} connections)", flush=True)


ATTACKS: dict[str, Callable[[int], contextlib.AbstractContextManager[str]]] = {
    "no attack": no_attack,
    "400 half-open 1 MiB frames": half_open_flood,
    "8,000 idle connections": connection_flood,
    "reconnect storm": reconnect_storm,
}


def one(attack: Callable[[int], contextlib.AbstractContextManager[str]], workers: int, src: Path) -> dict[str, Any]:
    addr, port, nnodes = node_address(), free_port(), workers + 1
    node0 = start(check_args(0, nnodes, addr, port, 60), src)
    try:
        wait_listening(port)
        rss = PeakRss(node0.pid)
        with attack(port) as note:
            began = time.monotonic()
            honest = [start(check_args(r, nnodes, addr, port, 55), src) for r in range(1, nnodes)]
            out, err = node0.communicate(timeout=120)
            delay = time.monotonic() - began
        peak = rss.stop()
        answers = [w.communicate(timeout=60)[0] for w in honest]
    finally:
        node0.kill()
    verdict = json.loads(out) if out.startswith("{") else {}
    got = sum(1 for a in answers if a.startswith("{") and json.loads(a).get("data", {}).get("complete") is True)
    return {
        "rss_mb": peak,
        "delay_s": delay,
        "admitted": max(0, len(verdict.get("nodes", [])) - 1),
        "verdicts": got,
        "tracebacks": len(tracebacks(err)),
        "note": note,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=4, help="honest workers (default 4)")
    parser.add_argument("--src", type=Path, default=SRC, help="the distdoctor to attack (default this checkout's)")
    args = parser.parse_args()
    print(f"node 0: {args.src}; {args.workers} honest workers")
    print(f"{'attack':<28} {'peak RSS MB':>11} {'verdict s':>10} {'admitted':>9} {'verdicts':>9} {'tracebacks':>11}")
    for name, attack in ATTACKS.items():
        try:
            row = one(attack, args.workers, args.src)
        except Exception as exc:  # a node 0 that never answers is a result too
            print(f"{name:<28} failed: {exc.__class__.__name__}: {str(exc)[:120]}", flush=True)
            continue
        print(
            f"{name:<28} {row['rss_mb']:>11.0f} {row['delay_s']:>10.2f} {row['admitted']:>6}/{args.workers:<2}"
            f" {row['verdicts']:>6}/{args.workers:<2} {row['tracebacks']:>11}",
            flush=True,
        )


if __name__ == "__main__":
    main()
