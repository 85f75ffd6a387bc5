"""What the watchdog lines of several ranks show together: ranks that posted different work under one sequence
number (a collective only some ranks call, or one called with other sizes), which no rank's own line says."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations

from distdoctor.catalogue.words import phrase
from distdoctor.model import Finding
from distdoctor.model.logs import LogLine
from distdoctor.rules.finding import make_finding
from distdoctor.rules.log_signatures import GROUP_PREFIX, PROGRESS, WATCHDOG_TIMEOUT, Hit, work_fields

_WORK = re.compile(r"WorkNCCL\((?P<work>.*?)\)")
# collectives every rank posts with the same element count; all-to-all, gather and scatter, and point-to-point,
# may differ by rank, and an op's name may differ between a coalesced and a plain call of one collective
_SAME_SIZE = frozenset(
    {"ALLREDUCE", "BROADCAST", "REDUCE", "ALLGATHER", "_ALLGATHER_BASE", "REDUCE_SCATTER", "_REDUCE_SCATTER_BASE"}
)


Work = tuple[str, str, str, str]  # group ("" where the log does not say), sequence number, op, elements


def _group_of(line: LogLine) -> str:
    """The process group a line's prefix names ("" where it names none): sequence numbers count per group."""
    return next((m["pg"] for m in GROUP_PREFIX.finditer(line.text) if m["pg"]), "")


def _work(line: LogLine, groups: dict[tuple[str, str], str], rank: str) -> Work | None:
    """The work a watchdog line names; None where the line leaves a field out."""
    match = _WORK.search(line.text)
    if not match:
        return None
    fields = work_fields(match["work"])
    seq, op, numel = fields.get("SeqNum"), fields.get("OpType"), fields.get("NumelIn")
    if not (seq and op and numel):
        return None
    return _group_of(line) or groups.get((rank, seq), ""), seq, op, numel


def _differs(a: Work, b: Work) -> bool:
    if a[2] not in _SAME_SIZE or b[2] not in _SAME_SIZE:
        return False
    return a[2:] != b[2:]


def mismatched_work(hits: Sequence[Hit]) -> list[Finding]:
    """Two ranks whose watchdogs timed out on the same collective of one group, posted as different work."""
    # torch 2.5 on names the group on the line below the timeout: "[PG ID 0 PG GUID 0(default_pg) Rank 3] failure
    # detected by watchdog at work sequence id: 7219"
    groups = {
        (params["rank"], params["work"]): group
        for hit in hits
        if hit.finding == PROGRESS and (group := _group_of(hit.line)) and (params := dict(hit.params))
    }
    posted: dict[str, list[tuple[Work, Hit]]] = {}
    for hit in hits:
        params = dict(hit.params)
        rank = params.get("rank") or params.get("ranks", "?")  # a one-element collective's finding names "ranks"
        if hit.key == WATCHDOG_TIMEOUT and rank.isdigit() and (work := _work(hit.line, groups, rank)):
            posted.setdefault(rank, []).append((work, hit))
    # a rank with two different works timed out in two groups: where a line does not name its group, two ranks' works
    # of one number may then be of two groups
    several = any(len({w for w, _ in works}) > 1 for works in posted.values())
    firsts = sorted((rank, works[0]) for rank, works in posted.items())
    for (rank_a, (a, hit_a)), (rank_b, (b, hit_b)) in combinations(firsts, 2):
        if a[:2] != b[:2] or not _differs(a, b) or (several and not a[0]):
            continue
        if a[2] == b[2]:
            detail = phrase("work-elements-differ", n=a[1], op=a[2], x=a[3], a=rank_a, y=b[3], b=rank_b)
        else:
            detail = phrase("work-op-differs", n=a[1], op_a=a[2], a=rank_a, op_b=b[2], b=rank_b)
        return [make_finding("log-collective-mismatch", None, (hit_a.line.where, hit_b.line.where), detail=detail)]
    return []
