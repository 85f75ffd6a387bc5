"""A log's lines as one text, searched for many plain substrings (needles) at once. Pure.

One Aho-Corasick pass (pyahocorasick, in C) finds every needle of the table in the joined text: a pass per needle,
even at str.find's memory speed, grows with the table, and the table keeps growing.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

import ahocorasick

from distdoctor.model.logs import LogLine


@lru_cache(maxsize=8)
def _automaton(needles: frozenset[str]) -> ahocorasick.Automaton | None:
    """The needles' automaton, built once per table; None for no needles (pyahocorasick cannot search with none)."""
    automaton = ahocorasick.Automaton()
    for needle in needles:
        automaton.add_word(needle, needle)
    if not len(automaton):
        return None
    automaton.make_automaton()
    return automaton


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
        """Which needles each line holds, for the lines that hold any. A needle that starts with a newline marks a
        line's start, one that ends with a newline its end; the empty needle is held by every line."""
        wanted = frozenset(needles)
        holding: dict[int, set[str]] = {}
        if "" in wanted:
            holding = {i: {""} for i in range(len(self.lines))}
        automaton, starts = _automaton(wanted - {""}), self.starts
        if automaton is None:
            return holding
        for end, needle in automaton.iter(self.text):
            # the needle's first character, past the newline that marks a line's start
            i = bisect_right(starts, end - len(needle) + 1 + (needle[0] == "\n")) - 1
            holding.setdefault(i, set()).add(needle)
        return holding
