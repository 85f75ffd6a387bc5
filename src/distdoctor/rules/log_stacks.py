"""A paste that ends in the stack of a rank waiting inside a collective, with no exception after it. Pure.

A hung job gives no error to paste; people paste the stack they got (faulthandler, a KeyboardInterrupt cut short, a
debugger). Its last frame in torch.distributed's collective says this rank arrived and waits for ranks that did not:
ranks that took different paths.
"""

from __future__ import annotations

import re

from distdoctor.model import Finding
from distdoctor.model.logs import LogInput
from distdoctor.rules.finding import make_finding

_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>[\w<>.]+)\s*$')
# torch.distributed's collectives (distributed_c10d.py), the calls a rank blocks in until every rank of its group calls
_COLLECTIVES = frozenset(
    {
        "barrier",
        "monitored_barrier",
        "all_reduce",
        "broadcast",
        "reduce",
        "all_gather",
        "all_gather_into_tensor",
        "reduce_scatter",
        "reduce_scatter_tensor",
        "all_to_all",
        "all_to_all_single",
        "gather",
        "scatter",
        "recv",
        "broadcast_object_list",
        "all_gather_object",
        "gather_object",
        "scatter_object_list",
    }
)
# How far below its last frame a stack may still end: the frame's code line and a caret line.
_TAIL = 2
_TORCH_DISTRIBUTED = "torch/distributed/"
# What may follow a waiting rank's last frame: its code line, a caret line, or the Ctrl-C that ended the wait.
_BELOW_FRAME = re.compile(r"\s+\S|KeyboardInterrupt\s*$")


def waiting_in_collective(log: LogInput, node: str | None) -> list[Finding]:
    """The collective the paste's last frame waits in, and the nearest caller outside torch.distributed's wrappers."""
    lines = [line for line in log.lines if line.text.strip()]
    frames = [(i, m) for i, line in enumerate(lines) if (m := _FRAME.search(line.text))]
    if not frames or len(lines) - 1 - frames[-1][0] > _TAIL:
        return []
    i, last = frames[-1]
    if not (last["file"].endswith("distributed_c10d.py") and last["func"] in _COLLECTIVES):
        return []
    if any(not _BELOW_FRAME.match(line.text) for line in lines[i + 1 :]):
        return []  # an exception's line after the frame: the rank failed in the collective, it did not wait
    op = last["func"]
    caller = next(
        (
            f"{m['file'].rsplit('/', 1)[-1]}:{m['line']} ({m['func']})"
            for _, m in reversed(frames)
            if _TORCH_DISTRIBUTED not in m["file"] and m["func"] not in (op, "wrapper")
        ),
        "the code above it",
    )
    evidence = [lines[k].where for k, _ in frames[-3:]]
    return [make_finding("log-rank-waits-in-collective", node, evidence, op=op, caller=caller)]
