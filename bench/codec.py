"""Decode time per node report at 4096 nodes: the old hand-written decoder of type hints against msgspec, side by side.

    python bench/codec.py [--nodes 4096] [--repeat 3]

Node 0 decodes one NodeReport per node (bench/scale.py's simulated reports: real config, this machine's facts).
Printed: microseconds per report for the old decoder (bench/codec_baseline.py, a copy of main's model/codec.py),
msgspec from the dicts the wire hands over (model/codec.from_jsonable), and msgspec straight from the JSON bytes
(model/codec.decode_json), msgspec if the model's dataclasses were Structs (generated here); and the worker's decode
of the verdict it gets.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import codec_baseline
import msgspec
from scale import report_for

from distdoctor.commands.check import for_workers
from distdoctor.config import load_config
from distdoctor.facts import gather_node_facts
from distdoctor.model import Finding, NodeReport, Report
from distdoctor.model.codec import _dec_hook, decode_json, from_jsonable, to_jsonable
from testbed.simulated import big_check_report


def struct_mirror(tp: Any, made: dict[Any, Any]) -> Any:
    """The same type with every model dataclass turned into a frozen msgspec Struct: what switching would gain."""
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if tp not in made:
            hints = typing.get_type_hints(tp, include_extras=True)
            fields: list[Any] = []
            for f in dataclasses.fields(tp):
                if f.default is not dataclasses.MISSING:
                    fields.append((f.name, struct_mirror(hints[f.name], made), f.default))
                elif f.default_factory is not dataclasses.MISSING:
                    default = msgspec.field(default_factory=f.default_factory)
                    fields.append((f.name, struct_mirror(hints[f.name], made), default))
                else:
                    fields.append((f.name, struct_mirror(hints[f.name], made)))
            made[tp] = msgspec.defstruct(tp.__name__, fields, frozen=True)
        return made[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is None or origin is typing.Literal:
        return tp
    if origin is typing.Annotated:
        return typing.Annotated[(struct_mirror(args[0], made), *args[1:])]  # type: ignore[valid-type]
    mirrored = tuple(struct_mirror(a, made) for a in args)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[mirrored]  # noqa: UP007
    return origin[mirrored]


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
    as_struct = struct_mirror(NodeReport, {})
    struct = best_of(args.repeat, bodies, lambda b: msgspec.convert(b, as_struct, dec_hook=_dec_hook))
    print(f"{args.nodes} node reports, {sum(map(len, frames)) / len(frames) / 1024:.1f} KiB each as JSON")
    for label, t in (
        ("old decoder (type hints, by hand) ", old),
        ("msgspec, from dicts (from_jsonable)", new),
        ("msgspec, from bytes (decode_json)  ", raw),
        ("msgspec, if the model were Structs", struct),
    ):
        print(f"  {label} {t * 1e6:8.1f} us/report  {t * args.nodes:6.3f} s for all  x{old / t:.0f}")

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
