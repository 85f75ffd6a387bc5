"""The lines a log finding quotes as its evidence. Pure."""

from __future__ import annotations

from collections.abc import Sequence

from distdoctor.model.logs import LogLine

# Evidence lines per finding; the rest are counted.
MAX_EVIDENCE = 4


def evidence(lines: Sequence[LogLine]) -> list[str]:
    """The first MAX_EVIDENCE lines, where they are, and how many more there are."""
    shown = [line.where for line in lines[:MAX_EVIDENCE]]
    if len(lines) > MAX_EVIDENCE:
        shown.append(f"and {len(lines) - MAX_EVIDENCE} more line(s) like these")
    return shown
