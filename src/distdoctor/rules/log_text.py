"""A log's lines as one text, searched for many plain substrings (needles) at once. Pure.

str.find over one joined text runs at memory speed, where a Python loop over every line and needle would not; but
each needle is still a pass over the whole text, and the table of needles keeps growing. A needle that holds a
shorter one of the same search is looked for only in the lines that hold the shorter one: no pass of its own.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from distdoctor.model.logs import LogLine


@lru_cache(maxsize=8)
def _plan(needles: tuple[str, ...]) -> tuple[tuple[str, str | None], ...]:
    """Each needle, shortest first, with the shorter needle it holds (whose lines are searched instead), if any.
    Needles that mark a line's start or end ("\\nE") stand alone: within one line they mean something else."""
    plan: list[tuple[str, str | None]] = []
    for needle in sorted(set(needles), key=len):
        base = None
        if needle and "\n" not in needle:
            base = next((n for n, _ in plan if n and "\n" not in n and n in needle), None)
        plan.append((needle, base))
    return tuple(plan)


@dataclass(frozen=True)
class JoinedText:
    """A log's lines joined into one text, and where each line starts in it."""

    lines: Sequence[LogLine]
    text: str
    starts: list[int]

    @classmethod
    def of(cls, lines: Sequence[LogLine]) -> JoinedText:
        """The lines joined."""
        # A leading newline lets the needle "\nE" find a line that starts with E, the first one too; a trailing one
        # lets "Error\n" find the last line that ends with Error.
        texts = [line.text for line in lines]
        starts = [*accumulate(map((1).__add__, map(len, texts)), initial=1)]
        return cls(lines, "\n" + "\n".join(texts) + "\n", starts)

    def lines_with(self, needle: str) -> Iterator[int]:
        """The index of each line that holds the needle, in order."""
        text, starts, lead = self.text, self.starts, needle[0] == "\n"
        pos, i = text.find(needle), 0
        while pos != -1:
            i = bisect_right(starts, pos + lead, i) - 1
            yield i
            # from the next line's start, or from the newline before it for a needle that starts with one
            pos = text.find(needle, starts[i + 1] - lead)

    def holding(self, needles: Iterable[str]) -> dict[int, set[str]]:
        """Which needles each line holds, for the lines that hold any."""
        found: dict[str, list[int]] = {}
        for needle, base in _plan(tuple(needles)):
            if not needle:  # no needle: every line
                found[needle] = list(range(len(self.lines)))
            elif base is not None:
                found[needle] = [i for i in found[base] if needle in self.lines[i].text]
            else:
                found[needle] = list(self.lines_with(needle))
        holding: dict[int, set[str]] = {}
        for needle, ids in found.items():
            for i in ids:
                holding.setdefault(i, set()).add(needle)
        return holding
