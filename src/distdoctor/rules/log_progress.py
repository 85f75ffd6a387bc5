"""A failure that came while one process was still in a long data-preparation step. Pure.

Tokenising or mapping a dataset inside `main_process_first`, or downloading it, runs on one rank while the others
wait in a barrier; past the process group's timeout they give up. What the paste then shows is that step's progress
bar (tqdm's "[32:12<53:25, ...]"), long-running, cut by the traceback.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from distdoctor.model import Finding
from distdoctor.model.logs import LogInput, LogLine
from distdoctor.rules.finding import make_finding

# tqdm's bar: "{desc}: {percentage}%|{bar}| {n}/{total} [{elapsed}<{remaining}, {rate}]", elapsed as M:SS or H:MM:SS.
_BAR = re.compile(
    r"(?P<desc>[^\r\n|]{1,80}?):\s+\d{1,3}%\|[^|\n]{0,120}\|\s*[\d.]+[kMG]?/[\d.]+[kMG]?\s+"
    r"\[(?:(?P<h>\d+):)?(?P<m>\d{1,2}):(?P<s>\d\d)<"
)
# Steps that make no collective of their own: datasets' map and filter (transformers' examples name theirs "Running
# tokenizer on dataset", "Grouping texts in chunks of ..."), downloads, extraction, loading.
_DATA_STEP = re.compile(r"(?i)tokeni[sz]|\bmap\b|grouping texts|\bfilter\b|download|extract|loading|preprocess")
# The shortest default timeout of a process group: NCCL's 10 minutes since torch 2.2 (gloo's, and NCCL's before, 30).
_TIMEOUT_S = 600


def _bar_elapsed(text: str) -> tuple[str, int] | None:
    """The last progress bar of a line (a terminal overwrites a bar in place: a paste keeps each state) and how long
    its step had run, in seconds."""
    bars = list(_BAR.finditer(text))
    if not bars:
        return None
    m = bars[-1]
    seconds = int(m["h"] or 0) * 3600 + int(m["m"]) * 60 + int(m["s"])
    return m["desc"].strip(), seconds


def busy_step(log: LogInput, failures: Sequence[LogLine], node: str | None) -> list[Finding]:
    """A data step's bar, past the shortest default timeout, on the line where the failure starts or just above it."""
    if not failures:
        return []
    # the lines are in their numbers' order: the failure's place found as _own_error finds a raised line's
    at = log.index_of(failures[0].number)
    if at == len(log.lines) or log.lines[at].number != failures[0].number:
        return []
    for line in (log.lines[at], *log.lines[max(0, at - 1) : at]):
        bar = _bar_elapsed(line.text)
        if bar and bar[1] >= _TIMEOUT_S and _DATA_STEP.search(bar[0]):
            minutes, seconds = divmod(bar[1], 60)
            elapsed = f"{minutes}:{seconds:02d}"
            return [make_finding("log-rank-busy-past-timeout", node, [line.where], step=bar[0], elapsed=elapsed)]
    return []
