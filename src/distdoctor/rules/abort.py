"""NCCL's own abort, pure: the lines ProcessGroupNCCL prints on its way to taking a rank down (torch 1.8 to 2.x),
and whose rank each line is (rules/clock.py names the death that follows them).

Written from ProcessGroupNCCL.cpp's texts across releases: the watchdog's collective timeout, its exception exit
("NCCL watchdog thread" up to 2.2, "Process group watchdog thread" after), the teardown notice (one line up to 1.10,
two lines after), the heartbeat monitor (2.2+) and the dump-then-terminate path (2.4+)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from distdoctor.model.hang import AbortKind, AbortLine, Death
from distdoctor.model.logs import MAX_TEXT, LogLine
from distdoctor.rules.log_signatures import GROUP_PREFIX, SIGNATURES, WATCHDOG_TIMEOUT

# Substrings one of which every abort line holds: most lines of a job are passed over without a regex.
NEEDLES = (
    "ollective operation timeout",
    "watchdog thread terminated with exception",
    "taking the entire process down",
    "Some NCCL operations have failed",
    "watchdog got stuck",
    "Heartbeat monitor timed out",
    "Terminating the process after attempting to dump",
    "dump signal",
)

_TIMEOUT = next(s.pattern for s in SIGNATURES if s.key == WATCHDOG_TIMEOUT)
# The fields of a WorkNCCL(...) that say which collective it was (the others are sizes and a trace id).
_WORK_FIELDS = re.compile(r"(SeqNum|OpType|Timeout\(ms\))=([^,\s)]+)")
_EXCEPTION = re.compile(r"watchdog thread terminated with exception:\s*(?P<error>.+)")
_STUCK = re.compile(r"watchdog got stuck for (?P<s>\d+) seconds|Heartbeat monitor timed out")
_TERMINATING = re.compile(r"Terminating the process after attempting to dump debug info, due to (?P<why>[^.]+)")
_DUMP_SIGNAL = re.compile(
    r"Received a dump signal due to a collective timeout from\s+(?P<from>this local rank|rank\s*-?\d+)"
    r"|Observed flight recorder dump signal from another rank"
)
_TEARDOWN = re.compile(r"taking the entire process down|Some NCCL operations have failed or timed out")
# torch 2.2+'s prefix of every C++ log line: the global rank.
_TORCH_PREFIX = re.compile(r"\[rank(?P<rank>\d+)\]:")
# Which line of a rank's says most about why: its own error first, a peer's timeout last.
WEIGHT: dict[AbortKind, int] = {
    "cuda-error": 0,
    "nccl-error": 1,
    "timeout": 2,
    "watchdog-hang": 3,
    "peer-timeout": 4,
    "teardown": 5,
}
_DETAIL_MAX = 160


def _kind(text: str) -> tuple[AbortKind, str] | None:
    """What the line says the abort is for, and the log's own words for it."""
    if m := _TIMEOUT.search(text):
        fields = ", ".join("=".join(f) for f in _WORK_FIELDS.findall(m["work"]))
        return "timeout", f"{fields}: ran for {m['elapsed']} milliseconds"
    if m := _EXCEPTION.search(text):
        error = m["error"].strip()
        return ("cuda-error" if error.startswith("CUDA error") else "nccl-error"), error
    if m := _STUCK.search(text):
        return "watchdog-hang", m.group(0)
    if m := _TERMINATING.search(text):
        why = m["why"].strip()
        return ("watchdog-hang" if "watchdog hang" in why else "teardown"), why
    if m := _DUMP_SIGNAL.search(text):
        return ("timeout" if m["from"] == "this local rank" else "peer-timeout"), m.group(0)
    if _TEARDOWN.search(text):
        return "teardown", ""
    return None


def _ranks(line: LogLine) -> tuple[int | None, int | None]:
    """The global rank and the local rank the line names (None where it names none)."""
    local = int(line.tag[7:]) if line.tag.startswith("default") else None
    if line.tag.startswith("rank"):
        return int(line.tag[4:]), local
    if m := _TORCH_PREFIX.search(line.text[:120]):
        return int(m["rank"]), local
    for m in GROUP_PREFIX.finditer(line.text):
        if m["pg"] in (None, "0"):
            return int(m["rank"]), local
    return None, local


def abort_line(line: LogLine, where: str) -> AbortLine | None:
    """The line as one of NCCL's abort lines, or None."""
    if not any(n in line.text for n in NEEDLES):
        return None
    found = _kind(line.text)
    if found is None:
        return None
    kind, detail = found
    rank, local = _ranks(line)
    text = line.text.strip()
    text = text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"
    detail = detail if len(detail) <= _DETAIL_MAX else detail[:_DETAIL_MAX] + "…"
    return AbortLine(kind, where, text, detail, rank, local)


def lines_of(death: Death, lines: Sequence[AbortLine]) -> list[AbortLine]:
    """The abort lines that are this rank's: those naming it, and those naming no rank where no line names
    another one (a torch that names nobody, or one rank aborting alone)."""

    def names(a: AbortLine) -> bool:
        if a.rank is not None and death.rank is not None:
            return a.rank == death.rank
        return a.local_rank is not None and a.local_rank == death.local_rank

    named = [a for a in lines if a.rank is not None or a.local_rank is not None]
    mine = [a for a in named if names(a)]
    if len(mine) < len(named):
        return mine
    return [a for a in lines if a in mine or (a.rank is None and a.local_rank is None)]
