"""The joined-text search explain's signatures use, on every committed log: it finds what a per-line search finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from distdoctor.facts.logs import read_log
from distdoctor.model.logs import LogLine
from distdoctor.rules.log_signatures import SIGNATURES
from distdoctor.rules.log_text import JoinedText
from distdoctor.rules.logs import _FAILURE

LOGS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "logs").rglob("*.log"))


def _holds(line: LogLine, needle: str) -> bool:
    """What a needle means on one line: a leading newline anchors it at the line's start, a trailing one at its end."""
    body = needle.strip("\n")
    if needle.startswith("\n") and not line.text.startswith(body):
        return False
    if needle.endswith("\n") and not line.text.endswith(body):
        return False
    return body in line.text


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_holding_matches_a_search_line_by_line(path: Path) -> None:
    lines = read_log(str(path)).lines
    needles = [n for sig in SIGNATURES for n in sig.needles] + list(_FAILURE)
    expected = {i: held for i, line in enumerate(lines) if (held := {n for n in needles if _holds(line, n)})}
    assert JoinedText.of(lines).holding(needles) == expected


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_every_line_a_signature_matches_holds_its_needle(path: Path) -> None:
    # A needle that a matching line lacks hides that line from its signature: explain would miss a known text.
    for line in read_log(str(path)).lines:
        for sig in SIGNATURES:
            if sig.pattern.search(line.text):
                assert any(n in line.text for n in sig.needles), (sig.key, line.where)


def test_needles_inside_others_and_line_marks_are_each_found() -> None:
    # one pass finds a needle inside another ("Killed" in "OOMKilled") and a needle that marks a line's start
    # only at that start
    needles = ("NCCL WARN", " NCCL WARN Cuda failure ", "Killed", "OOMKilled", "\nE", "Error\n")
    texts = ("a NCCL WARN Cuda failure 'x'", "OOMKilled", "E: x Error", "xE Errors", "Killed")
    lines = [LogLine("x.log", i + 1, text) for i, text in enumerate(texts)]
    assert JoinedText.of(lines).holding(needles) == {
        0: {"NCCL WARN", " NCCL WARN Cuda failure "},
        1: {"Killed", "OOMKilled"},
        2: {"\nE", "Error\n"},
        4: {"Killed"},
    }


def test_no_needles_find_nothing_and_the_empty_needle_every_line() -> None:
    lines = [LogLine("x.log", i + 1, text) for i, text in enumerate(("a", "b"))]
    assert JoinedText.of(lines).holding(()) == {}
    assert JoinedText.of(lines).holding(("", "b")) == {0: {""}, 1: {"", "b"}}
    assert JoinedText.of([]).holding(("a",)) == {}


def test_each_wording_a_signature_names_in_its_regex_holds_a_needle() -> None:
    # wordings no committed log shows yet: every branch of exit-code's regex
    (exit_code,) = [sig for sig in SIGNATURES if sig.key == "exit-code"]
    for text in ("Exit code: 1", "exit code 1", "Exit Code 137", "Process exited with code 2", "Exited with code -9"):
        assert exit_code.pattern.search(text), text
        assert any(n in text for n in exit_code.needles), text
