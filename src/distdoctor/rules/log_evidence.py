"""The lines a log finding quotes as its evidence. Pure."""

from __future__ import annotations

from collections.abc import Sequence

from distdoctor.model.logs import LogLine

# Evidence lines per finding; the rest are counted.
MAX_EVIDENCE = 4


def evidence(lines: Sequence[LogLine], total: int | None = None) -> list[str]:
    """The first MAX_EVIDENCE lines, where they are, and how many more there are (of `total` where only the first
    lines were read)."""
    shown = [line.where for line in lines[:MAX_EVIDENCE]]
    if (more := (len(lines) if total is None else total) - len(shown)) > 0:
        shown.append(f"and {more} more line(s) like these")
    return shown
