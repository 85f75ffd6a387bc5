"""Lines a terminal or an editor wrapped, read whole again: which lines may continue on the next, and the glue
(none, a space) under which a run of them reads as more than its pieces, or as one record the log shows it is. The
reader of what a line reads as (signatures, failure needles) is the caller's: rules/logs.py passes its own."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from distdoctor.model.logs import CLOSING, RECORD_HEAD, LogInput, LogLine

# What a line reads as: the (signature key, finding) of each hit, and (FAILED, needle) for each failure needle.
Reader = Callable[[Sequence[LogLine]], list[set[tuple[str, str]]]]
# The key under which a line's failure needles are read.
FAILED = "failure line"


# The most cuts of one line glued whole: a line wrapped more often is a paragraph, not one line.
_MAX_RUN = 12


_QUOTES = "'\""
# The shortest line read as a terminal's cut inside a word: terminals are at least this wide.
_MIN_CUT_WIDTH = 70


def cut_runs(log: LogInput) -> list[range]:
    """The runs of lines that may continue on the next, each with the line below its last: whole first (a line cut
    several times), then each cut alone."""
    # a quoted start repeated is two paths of one message ("'out/a.tar' ->" above "'out/b.tar'"), not two records
    cut = [
        line.may_continue
        and not (
            len(line.text) >= RECORD_HEAD
            and line.text[0] not in _QUOTES
            and after.text.startswith(line.text[:RECORD_HEAD])
        )
        for line, after in pairwise(log.lines)
    ]
    runs: list[range] = []
    k = 0
    while k < len(cut):
        if not cut[k]:
            k += 1
            continue
        end = k
        while end + 1 < len(cut) and cut[end + 1]:
            end += 1
        if 0 < end - k < _MAX_RUN:
            runs.append(range(k, end + 2))
        runs += [range(j, j + 2) for j in range(k, end + 1)]
        k = end + 1
    return runs


def respaced(log: LogInput, read_as: Reader) -> LogInput:
    """The log with a space put back where a line's pieces of the wrap width were glued, where that reads as more
    findings: an editor's wrap whose lines are of one length by chance, not a terminal's cut inside a word."""
    at = [k for k, line in enumerate(log.lines) if line.glued_at]
    if not at:
        return log
    spaced = [log.lines[k].spaced() for k in at]
    # more findings, or the same and fewer failures (NCCL's "WARN Failed to open" above "libibverbs.so[.1]", which
    # it goes on from, glued into "openlibibverbs" reads as a WARN of its own)
    better = {
        k: line
        for k, line, tight, read in zip(at, spaced, read_as([log.lines[k] for k in at]), read_as(spaced), strict=True)
        if len(findings(read)) > len(findings(tight))
        or (findings(read) >= findings(tight) and failures(read) < failures(tight))
    }
    return replace(log, lines=tuple(better.get(k, line) for k, line in enumerate(log.lines))) if better else log


# A traceback's own lines: a frame's rest is its code, not what the failure was.
TRACEBACK_NEEDLES = frozenset({'File "', "Traceback (most recent"})


def failures(read: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The failure needles among what a line reads as."""
    return {r for r in read if r[0] == FAILED}


def findings(read: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """What a line reads as but its failure needles: the signatures' findings."""
    return {r for r in read if r[0] != FAILED}


def unread_failure(read: set[tuple[str, str]]) -> bool:
    """Whether a line that reads as `read` is a failure line no signature reads, not a traceback's own."""
    return bool(read) and all(key == FAILED and needle not in TRACEBACK_NEEDLES for key, needle in read)


# Python's warnings module: "file.py:237: UserWarning: message", then the source line that warned, indented.
_PY_WARNING = re.compile(r"\.py:\d+: [A-Z]\w*Warning: ")


def _glued(pieces: list[str], glue: str) -> str:
    """The pieces joined by `glue`, without a space before a piece that starts with a comma or a closing bracket (no
    line had one there)."""
    return pieces[0] + "".join(("" if piece[:1] in CLOSING else glue) + piece for piece in pieces[1:])


def _cut_inside(head: str, rest: str) -> str | None:
    """How a line cut inside a word or a quote joins the line below ("tight" or "spaced"), or None where the cut may
    fall between records: a terminal's cut between two letters of a word ("ncc" above "lSystemError"), or inside a
    quote the head opened and the rest closes ("... directory: '/work/segfor" above "mer/part_2.pkl'")."""
    if not head or not rest or rest[0].isspace() or len(head) < _MIN_CUT_WIDTH:
        return None
    if head.count("'") % 2 and rest.count("'") % 2 and "'" not in head[-1:]:
        return "tight" if head[-1].isalnum() and rest[0].isalnum() else "spaced"
    if head[-1].isalpha() and rest[0].islower() and rest[1:2].isalpha():
        return "tight"
    return None


def _alone_cut(log: LogInput, run: range) -> bool:
    """Whether a run is one line cut once: the lines around it are not cut into it (a line cut twice reads whole only
    as the run of its three pieces, or as the pair that makes its last record whole)."""
    first, last = run[0], run[-1]
    return len(run) == 2 and not log.lines[last].may_continue and not (first and log.lines[first - 1].may_continue)


def _one_record(log: LogInput, run: range) -> bool:
    """Whether a run's rest lies inside one record the paste wrapped: without a prefix between two lines of one
    process ("30:" from srun -l), or between a Python warning and the source line it quotes below its message."""
    if run.stop >= len(log.lines):
        return False
    head, below = log.lines[run[0]], log.lines[run.stop]
    # the source line below the message, or read into the message's rest as its indented continuation
    if _PY_WARNING.search(head.text) and (below.body[:1].isspace() or below.number - log.lines[run[-1]].number > 1):
        return True
    who = (head.host, head.tag)
    rest_bare = not any(log.lines[k].host or log.lines[k].tag for k in run[1:])
    return any(who) and (below.host, below.tag) == who and rest_bare


def rejoined(log: LogInput, read_as: Reader) -> LogInput:
    """The log with each line a terminal or an editor may have wrapped joined to its rest, where the joined text reads
    as a finding that none of its pieces reads as alone."""
    runs = cut_runs(log)
    if not runs:
        return log
    pieces = sorted({k for r in runs for k in r})
    alone = dict(zip(pieces, read_as([log.lines[k] for k in pieces]), strict=True))
    # glued as a terminal cut it, then with a space between the pieces: an editor breaks at a space and drops it, as
    # a paste drops the trailing space of a line a terminal cut at one; last, spaced where the pieces' own joins at
    # the width were glued too (an editor's wrap whose lines came out of one length by chance, whole)
    n = len(runs)
    glued = [
        replace(log.lines[r[0]], text=_glued([log.lines[k].text for k in r], glue), may_continue=False)
        for glue in ("", " ")
        for r in runs
    ] + [
        replace(
            log.lines[r[0]],
            text=_glued([log.lines[k].spaced().text for k in r], " "),
            may_continue=False,
            glued_at=(),
        )
        for r in runs
    ]
    read = read_as(glued)
    adopted: dict[int, tuple[range, LogLine]] = {}
    taken: set[int] = set()
    for i, r in enumerate(runs):
        if taken.intersection(r):
            continue
        known = set().union(*(alone[k] for k in r))
        known_failures = failures(known)
        # the glue that reads more findings: a terminal's cut on a tie, then a space between the pieces
        new = {g: findings(read[g]) - known for g in (i, i + n, i + 2 * n)}
        if any(new.values()):
            best = max(new, key=lambda g: (len(new[g]), -g))
            adopted[r[0]], taken = (r, glued[best]), taken.union(r)
            continue
        whole = []
        if unread_failure(alone[r[0]]) and not any(unread_failure(alone[k]) for k in r[1:]):
            # a failure line no signature reads ("DistBackendError: NCCL error") that its rest explains (" in: ...
            # unhandled system error"), read alone below it; a rest that is a failure of its own starts a record
            whole = [g for g in (i, i + n) if read[g] >= known and not unread_failure(read[g])]
            if not whole and log.lines[r[0]].text.rstrip().endswith(":") and not any(alone[k] for k in r[1:]):
                # its message's object on the next lines ("No such file or directory:" above "'out/tmp.tar'")
                whole = [g for g in (i + n, i) if read[g] >= known]
        # below, only a rest that reads as nothing alone, or that lies inside one record: one that does not is a
        # record of its own
        if not whole and (_one_record(log, r) or not any(alone[k] for k in r[1:])):
            # a failure's words the cut split ("No such file" above "or directory: '/tmp/x'"), whole again
            whole = [g for g in (i, i + n) if failures(read[g]) - known_failures and read[g] >= known]
            # a line no failure, cut where its piece reads as one (NCCL's "WARN [Service thread] Accept f" above
            # "ailed ..."): the glue that reads every finding its pieces read, and fewer failures
            whole = whole or [
                g for g in (i, i + n) if failures(read[g]) < known_failures and findings(read[g]) >= findings(known)
            ]
        if not whole and _one_record(log, r):
            # one record by its prefixes, whatever it reads: whole again where that loses none of its findings
            whole = [g for g in (i + n, i) if findings(read[g]) >= findings(known)]
        if not whole and _alone_cut(log, r) and (glue := _cut_inside(log.lines[r[0]].text, log.lines[r[1]].text)):
            # a word or a quote the cut split: whole again where that reads every finding of its pieces and the
            # failure of its first (the rest's start, "lSystemError: ...", is no exception of its own)
            whole = [
                g
                for g in ((i, i + n) if glue == "tight" else (i + n, i))
                if findings(read[g]) >= findings(known) and failures(read[g]) >= failures(alone[r[0]])
            ]
        if whole:
            adopted[r[0]], taken = (r, glued[whole[0]]), taken.union(r)
    if not adopted:
        return log
    lines, k = [], 0
    while k < len(log.lines):
        r, line = adopted.get(k, (range(k, k + 1), log.lines[k]))
        lines.append(line)
        k = r.stop
    return replace(log, lines=tuple(lines))
