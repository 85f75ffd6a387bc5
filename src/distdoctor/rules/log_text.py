"""A log's lines as one text, searched for many plain substrings (needles) at once. Pure.

str.find over one joined text runs at memory speed, where a Python loop over every line and needle would not; but
each needle is still a pass over the whole text, and the table of needles keeps growing. Two things cut passes:
- a needle that holds a shorter one of the same search is looked for only in the lines that hold the shorter one;
- a gate, a few characters that several needles share ("onnect", "imeout"), is searched once, and those needles
  only in the text of the gate's lines: in a long log that is a small part of it, and never more than all of it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from distdoctor.model.logs import LogLine

# A gate is this long: str.find runs its fast search (two-way, skipping ahead) from 6 characters on, and a
# shorter gate's own pass costs as much as two passes of longer needles.
GATE_LENGTH = 6
# and shared by at least this many needles: its pass, and the text of its lines, must pay for themselves where a
# failure-dense log puts the gate on one line in ten.
GATE_MIN_NEEDLES = 4


class Step(NamedTuple):
    """How one needle is searched: in the whole text, among a shorter needle's lines (`base`), or in the text of
    a gate's lines (`gate`)."""

    needle: str
    base: str | None = None
    gate: str | None = None


def _gates(needles: Iterable[str]) -> dict[str, str]:
    """Each gated needle and its gate: greedily, the substring of GATE_LENGTH that most needles not yet gated
    share, while at least GATE_MIN_NEEDLES do (ties go to the first in sorted order, so a plan never varies)."""
    left, gate_of = sorted(set(needles)), dict[str, str]()
    while True:
        shared = Counter(s for n in left for s in {n[i : i + GATE_LENGTH] for i in range(len(n) - GATE_LENGTH + 1)})
        if not shared:
            return gate_of
        gate, count = min(shared.items(), key=lambda item: (-item[1], item[0]))
        if count < GATE_MIN_NEEDLES:
            return gate_of
        gate_of.update((n, gate) for n in left if gate in n)
        left = [n for n in left if gate not in n]


@lru_cache(maxsize=8)
def _plan(needles: tuple[str, ...]) -> tuple[Step, ...]:
    """Each needle, shortest first, with the shorter needle it holds, if any, else its gate, if any. Needles that
    mark a line's start or end ("\\nE") stand alone: within one line they mean something else."""
    steps: list[Step] = []
    for needle in sorted(set(needles), key=len):
        base = None
        if needle and "\n" not in needle:
            base = next((s.needle for s in steps if s.needle and "\n" not in s.needle and s.needle in needle), None)
        steps.append(Step(needle, base))
    gate_of = _gates(s.needle for s in steps if s.needle and s.base is None and "\n" not in s.needle)
    return tuple(s._replace(gate=gate_of.get(s.needle)) for s in steps)


@dataclass(frozen=True)
class JoinedText:
    """A log's lines joined into one text, and where each line starts in it."""

    lines: Sequence[LogLine]
    text: str
    starts: list[int]

    @classmethod
    def of(cls, lines: Sequence[LogLine]) -> JoinedText:
        """The lines joined."""
        return cls._joined(lines, [line.text for line in lines])

    @classmethod
    def _joined(cls, lines: Sequence[LogLine], texts: list[str]) -> JoinedText:
        # A leading newline lets the needle "\nE" find a line that starts with E, the first one too; a trailing one
        # lets "Error\n" find the last line that ends with Error.
        starts = [*accumulate(map((1).__add__, map(len, texts)), initial=1)]
        return cls(lines, "\n" + "\n".join(texts) + "\n", starts)

    def lines_with(self, needle: str) -> Iterator[int]:
        """The index of each line that holds the needle, in order: found as they are asked for."""
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
        gated: dict[str, tuple[list[int], JoinedText]] = {}  # each gate's lines, and their text
        for step in _plan(tuple(needles)):
            needle = step.needle
            if not needle:  # no needle: every line
                found[needle] = list(range(len(self.lines)))
            elif step.base is not None:
                found[needle] = [i for i in found[step.base] if needle in self.lines[i].text]
            elif step.gate is not None:
                if step.gate not in gated:
                    ids = list(self.lines_with(step.gate))
                    # only the text and where each line starts in it are searched: no lines of its own
                    gated[step.gate] = ids, JoinedText._joined((), [self.lines[i].text for i in ids])
                ids, sub = gated[step.gate]
                found[needle] = [ids[k] for k in sub.lines_with(needle)]
            else:
                found[needle] = list(self.lines_with(needle))
        holding: dict[int, set[str]] = {}
        for needle, ids in found.items():
            for i in ids:
                holding.setdefault(i, set()).add(needle)
        return holding
