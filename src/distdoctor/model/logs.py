"""Log lines as explain reads them: one input per file (one node's log, usually), lines numbered from 1."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from itertools import pairwise

# Longest text of a line quoted as evidence.
MAX_TEXT = 240
# How much of a line's start, repeated by the next line, shows that the next line is a record of its own (srun's
# "srun: error: ", one timestamp's date and hour, "[rank0]:[E709 ", ranks printing one line each), not the rest of a
# cut one.
RECORD_HEAD = 12
# How a wrapped line's rest may start that no record starts with: a comma or a closing bracket.
CLOSING = frozenset(",;)]}")
# The start of a row of nccl-tests' (and rccl-tests') results table: size, count and type ("  8388608  2097152  float").
TEST_ROW_START = r"\d+\s+\d+\s+[a-z]\w*\s"
# A frame of py-spy dump's stacks, "    _try_get_data (torch/utils/data/dataloader.py:1011)": one record per line.
# (its indentation may be gone where a timestamp's prefix took the spaces after it)
PY_SPY_FRAME = re.compile(r"^\s*(?P<func>[\w<>.]+) \((?P<file>[^():\s]+\.py):(?P<line>\d+)\)\s*$")

# A leading timestamp: glog's "[W1203 11:46:39.287" (torch's C++ lines, with or without "[rank3]:" before it; since
# torch 2.4 c10's own "[W724 18:22:38.909" leaves the month unpadded), or an ISO date and time, bracketed or not.
_STAMP = re.compile(
    r"^(?:\[rank\d+\]:)?\[?(?:[IWEF](?P<md>\d{3,4}) (?P<t1>\d\d:\d\d:\d\d)|(?:\d{2})?\d\d-(?P<m>\d\d)-(?P<d>\d\d)[T ]"
    r"(?P<t2>\d\d:\d\d:\d\d))"
)


def stamp_seconds(text: str) -> int | None:
    """The time a line's leading timestamp gives, in seconds within a year (no year: glog prints none), if any."""
    if not text or text[0] not in "[IWEF0123456789" or not (m := _STAMP.match(text)):
        return None
    month_day = m["md"] or f"{m['m']}{m['d']}"
    hh, mm, ss = (m["t1"] or m["t2"]).split(":")
    return ((int(month_day[:-2]) * 31 + int(month_day[-2:])) * 24 + int(hh)) * 3600 + int(mm) * 60 + int(ss)


@dataclass(frozen=True)
class LogLine:
    """One logical line of one input: a line a terminal or a paste wrapped is joined, and numbered by its first
    physical line, as an editor shows it. `host` and `tag` come from the line's own prefix, where it has one."""

    source: str  # the file name, or "stdin"
    number: int
    text: str
    host: str = ""  # "gpu-node-3" from NCCL's "host:pid:tid [gpu] NCCL ..." prefix, "task 0" from srun -l's "0:"
    tag: str = ""  # "rank3" from torch's "[rank3]:", "default0" from torchrun's --tee "[default0]:"
    # The next line may be this one's rest, where the reader cannot tell: a terminal's cut that no second line of its
    # width confirms, or that fell at a space, and an editor's break at a word. Only a signature that reads across the
    # cut joins them.
    may_continue: bool = False
    # Where the text after that prefix begins (srun's task, a timestamp, "[rank3]:", NCCL's "host:pid:tid [gpu] "):
    # what a record of its own, as a stack's frame, starts with.
    body_at: int = 0
    # Where pieces a terminal cut at the wrap width were glued, no space between them: an editor's wrap whose lines are
    # of one length by chance breaks at a space and drops it. Only a signature that reads the text spaced there adopts
    # that reading.
    glued_at: tuple[int, ...] = ()

    def spaced(self) -> LogLine:
        """The line with a space put back where its pieces were glued."""
        ends = (*self.glued_at, len(self.text))
        text = self.text[: ends[0]] + "".join(" " + self.text[a:b] for a, b in pairwise(ends))
        return replace(self, text=text, glued_at=())

    @property
    def body(self) -> str:
        """The text after the prefix that names who printed it."""
        return self.text[self.body_at :]

    @property
    def where(self) -> str:
        text = self.text.strip()
        text = text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"
        return f"{self.source}:{self.number}: {text}"


@dataclass(frozen=True)
class LogInput:
    """One file (one node's log, usually, or a paste of several) and its lines."""

    source: str
    lines: tuple[LogLine, ...]

    def index_of(self, number: int) -> int:
        """Where the line numbered `number` is, or would be, in `lines` (which are in their numbers' order)."""
        return bisect_left(self.lines, number, key=lambda line: line.number)
