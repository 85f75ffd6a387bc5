"""A paste that ends in the stack of a rank that waits: inside a collective, or still in a step of its own. Pure.

A hung job gives no error to paste; people paste the stack they got: a traceback a Ctrl-C cut short (outermost frame
first), faulthandler's dump (innermost first), py-spy dump's (innermost first, one block per thread). Its innermost
frames say where the rank is: in torch.distributed's collective, it arrived and waits for ranks that did not; in a
DataLoader, a checkpoint save or an evaluation, it is the rank the others wait for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import takewhile

from distdoctor.model import Finding
from distdoctor.model.hang import Frame
from distdoctor.model.logs import PY_SPY_FRAME, LogInput, LogLine
from distdoctor.rules.finding import make_finding
from distdoctor.rules.phases import is_torch, phase_of
from distdoctor.rules.stacks import BARRIERS, COLLECTIVES

# Python's traceback (and a "File:" variant some dumpers print), outermost first
# (its code line may be joined to it, where a dumper does not indent the frame)
_TRACEBACK = re.compile(r'File:? "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>[\w<>.]+)(?:\s|$)')
# faulthandler's dump, innermost first
_FAULTHANDLER = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+) in (?P<func>[\w<>.]+)\s*$')
# py-spy dump's, innermost first, under its thread's line
_PY_SPY_THREAD = re.compile(r'^Thread (?:0x[0-9A-Fa-f]+|\d+) \((?:idle|active)[^)]*\): "(?P<name>[^"]*)"')
_WAITS = COLLECTIVES | BARRIERS
_RAISING = re.compile(r"\s*raise\b")
# What may follow a traceback's last frame in a wait: its code line, a caret line, the Ctrl-C that ended the wait.
_BELOW_FRAME = re.compile(r"\s+\S|KeyboardInterrupt\s*$")
# How far below its last frame a traceback may still end: the frame's code line and a caret line.
_TAIL = 2
# The phases of phases.py a rank can hold the others up in, as the coded words the finding's text localises.
_PHASE_CLASS = {
    "data loading": "phase-data-loading",
    "checkpoint save": "phase-checkpoint-save",
    "evaluation": "phase-evaluation",
    "tokenisation or preprocessing": "phase-preprocessing",
    "compile": "phase-compile",
    "I/O wait": "phase-io-wait",
}


# How much of a path outside site-packages names its file: "deepspeed/runtime/engine.py".
_SHORT_PARTS = 3


# A quote's mark, where a paste quotes the dump ("> " in an issue's reply).
_QUOTED = re.compile(r"^(?:> ?)+")


def _body(line: LogLine) -> str:
    """The line after who printed it (srun's task, a timestamp, "[rank3]:") and a quote's marks."""
    return _QUOTED.sub("", line.body)


def _frame(m: re.Match[str]) -> Frame:
    path = m["file"]
    if "site-packages/" in path:
        short = path.split("site-packages/", 1)[-1]
    else:  # py-spy's own short name as it is; an absolute path cut to its last folders
        short = "/".join(path.split("/")[-_SHORT_PARTS:]) if path.startswith("/") else path
    return Frame(name=m["func"], filename=path, short=short, line=int(m["line"]))


# A stack's frames (innermost first), the lines quoted for it, and whether it is a snapshot of a live rank.
_Stack = tuple[list[Frame], list[LogLine], bool]


def _telling(frames: Sequence[Frame]) -> str:
    """The innermost frame in a package (a path with a folder), not in the standard library's bare modules that
    py-spy names without one: where the rank is, in words a reader can look up."""
    chosen = next((f for f in frames if "/" in f.short), frames[0])
    return f"{chosen.short}:{chosen.line} ({chosen.name})"


def _traceback_at_end(lines: Sequence[LogLine], bodies: Sequence[str]) -> _Stack | None:
    """The frames (innermost first) of a traceback the paste ends in, with no exception after its last frame, and
    whether a Ctrl-C ended it (a snapshot of a live rank, as a dump is; a traceback merely cut short is not one)."""
    found = [(i, m) for i, body in enumerate(bodies) if (m := _TRACEBACK.search(body))]
    if not found or len(lines) - 1 - found[-1][0] > _TAIL:
        return None
    below = bodies[found[-1][0] + 1 :]
    if any(not _BELOW_FRAME.match(body) or _RAISING.match(body) for body in below):
        return None  # an exception after the frame, or its raise: the rank failed there, it did not wait
    interrupted = any(body.strip() == "KeyboardInterrupt" for body in below)
    return [_frame(m) for _, m in reversed(found)], [lines[i] for i, _ in found[-3:]], interrupted


def _dump_at_end(lines: Sequence[LogLine], bodies: Sequence[str]) -> _Stack | None:
    """The frames (innermost first) of a faulthandler or py-spy dump that ends the paste: py-spy's main thread where
    the dump names one, else its first thread."""
    if _FAULTHANDLER.search(bodies[-1]):
        found = [(i, m) for i, body in enumerate(bodies) if (m := _FAULTHANDLER.search(body))]
        return [_frame(m) for _, m in found], [lines[i] for i, _ in found[:3]], True
    if not PY_SPY_FRAME.search(bodies[-1]):
        return None
    blocks: list[tuple[str, list[tuple[int, re.Match[str]]]]] = []
    for i, body in enumerate(bodies):
        if m := _PY_SPY_THREAD.search(body):
            blocks.append((m["name"], []))
        elif blocks and (m := PY_SPY_FRAME.search(body)):
            blocks[-1][1].append((i, m))
    if not blocks:
        return None
    _, chosen = next((b for b in blocks if b[0] == "MainThread" and b[1]), blocks[0])
    return [_frame(m) for _, m in chosen], [lines[i] for i, _ in chosen[:3]], True


def _may_end_in_stack(lines: Sequence[LogLine]) -> bool:
    """Whether the last lines could end a stack: a frame among the traceback's tail, or a dump's frame last."""
    tail: list[str] = []  # the last nonblank bodies, last first
    for line in reversed(lines):
        body = _body(line)
        if not body.strip():
            continue
        tail.append(body)
        if len(tail) > _TAIL:
            break
    if not tail:
        return False
    return any(_TRACEBACK.search(body) for body in tail) or bool(
        _FAULTHANDLER.search(tail[0]) or PY_SPY_FRAME.search(tail[0])
    )


def waiting_stack(log: LogInput, node: str | None) -> list[Finding]:
    """Where the rank of the stack the paste ends in waits: in a collective (and its caller), or in a phase of its own
    the other ranks wait for."""
    if not _may_end_in_stack(log.lines):
        return []  # most logs: nothing at their end to read, and no pass over their lines for it
    kept = [(line, body) for line in log.lines if (body := _body(line)).strip()]
    lines, bodies = [line for line, _ in kept], [body for _, body in kept]
    stack = _traceback_at_end(lines, bodies) or _dump_at_end(lines, bodies)
    if not stack or not stack[0]:
        return []
    frames, shown, snapshot = stack
    evidence = [line.where for line in shown]
    # the outermost of the collective frames the stack starts with: the call the program made (all_gather_object
    # calls all_gather inside)
    calls = list(takewhile(lambda f: is_torch(f) or "torch/distributed/" in f.filename, frames))
    inner = next((f for f in reversed(calls) if f.filename.endswith("distributed_c10d.py") and f.name in _WAITS), None)
    if inner is not None:
        caller = next(
            (
                f"{f.filename.rsplit('/', 1)[-1]}:{f.line} ({f.name})"
                for f in frames
                if not is_torch(f) and "torch/distributed/" not in f.filename and f.name not in (inner.name, "wrapper")
            ),
            "the code above it",
        )
        return [make_finding("log-rank-waits-in-collective", node, evidence, op=inner.name, caller=caller)]
    phase = phase_of(frames)
    if not snapshot or phase not in _PHASE_CLASS:
        return []  # a traceback cut short may have been raising where it was cut
    return [
        make_finding("log-rank-stuck-in-phase", node, evidence, phase_class=_PHASE_CLASS[phase], frame=_telling(frames))
    ]
