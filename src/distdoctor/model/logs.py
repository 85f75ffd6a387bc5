"""Log lines as explain reads them: one input per file (one node's log, usually), lines numbered from 1."""

from __future__ import annotations

from dataclasses import dataclass

# Longest text of a line quoted as evidence.
MAX_TEXT = 240


@dataclass(frozen=True)
class LogLine:
    """One line of one input, numbered from 1 as an editor shows it."""

    source: str  # the file name, or "stdin"
    number: int
    text: str

    @property
    def where(self) -> str:
        text = self.text.strip()
        text = text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"
        return f"{self.source}:{self.number}: {text}"


@dataclass(frozen=True)
class LogInput:
    """One file (one node's log, usually) and its lines."""

    source: str
    lines: tuple[LogLine, ...]
