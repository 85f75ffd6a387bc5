"""Decode time per node report at 4096 nodes: the old hand-written decoder of type hints against msgspec, side by side.

    python bench/codec.py [--nodes 4096] [--repeat 3]

Node 0 decodes one NodeReport per node (bench/scale.py's simulated reports: real config, this machine's facts).
Printed: microseconds per report for the old decoder (bench/codec_baseline.py, a copy of main's model/codec.py),
msgspec from the dicts the wire hands over (model/codec.from_jsonable), and msgspec straight from the JSON bytes
(model/codec.decode_json); and the worker's decode of the verdict it gets.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import codec_baseline
from scale import report_for

from distdoctor.commands.check import for_workers
from distdoctor.config import load_config
from distdoctor.facts import gather_node_facts
from distdoctor.model import Finding, NodeReport, Report
from distdoctor.model.codec import decode_json, from_jsonable, to_jsonable
from testbed.simulated import big_check_report


def best_of(repeat: int, items: list[Any], decode: Callable[[Any], Any]) -> float:
    """Seconds per item, the best of `repeat` passes over all of them."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            decode(item)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    template = gather_node_facts(load_config({}, None, {})[0], {})
    reports = [report_for(i, args.nodes, 29500, template) for i in range(args.nodes)]
    frames = [json.dumps(to_jsonable(r)).encode() for r in reports]
    bodies = [json.loads(f) for f in frames]  # what the wire hands the coordinator
    assert codec_baseline.from_jsonable(NodeReport, bodies[1]) == from_jsonable(NodeReport, bodies[1]) == reports[1]
    assert decode_json(frames[1], NodeReport) == reports[1]

    old = best_of(args.repeat, bodies, lambda b: codec_baseline.from_jsonable(NodeReport, b))
    new = best_of(args.repeat, bodies, lambda b: from_jsonable(NodeReport, b))
    raw = best_of(args.repeat, frames, lambda f: decode_json(f, NodeReport))
    print(f"{args.nodes} node reports, {sum(map(len, frames)) / len(frames) / 1024:.1f} KiB each as JSON")
    print(f"  old decoder (type hints, by hand)  {old * 1e6:8.1f} us/report  {old * args.nodes:6.3f} s for all")
    print(
        f"  msgspec, from dicts (from_jsonable) {new * 1e6:8.1f} us/report  {new * args.nodes:6.3f} s  x{old / new:.0f}"
    )
    print(
        f"  msgspec, from bytes (decode_json)   {raw * 1e6:8.1f} us/report  {raw * args.nodes:6.3f} s  x{old / raw:.0f}"
    )

    verdict = big_check_report(args.nodes)
    assert isinstance(verdict, Report)
    body = json.loads(json.dumps(for_workers(verdict)))
    findings = body["findings"]  # the old decoder knows no tagged payload: its findings, side by side
    old_v = best_of(args.repeat, [findings] * 20, lambda b: codec_baseline.from_jsonable(tuple[Finding, ...], b))
    new_v = best_of(args.repeat, [findings] * 20, lambda b: from_jsonable(tuple[Finding, ...], b))
    whole = best_of(args.repeat, [body] * 20, lambda b: from_jsonable(Report, b))
    print(
        f"a worker's verdict at {args.nodes} nodes ({len(json.dumps(body)) / 1024:.1f} KiB, {len(findings)} findings):"
    )
    print(f"  its findings: old decoder {old_v * 1e3:.2f} ms, msgspec {new_v * 1e3:.3f} ms (x{old_v / new_v:.0f})")
    print(f"  the whole Report with its CheckData, msgspec: {whole * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
