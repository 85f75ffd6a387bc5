"""rules/flight.py on a recorded flight-recorder analysis (tests/fixtures/stacks/fr-mismatch.json) and variants."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from distdoctor.model.codec import from_jsonable
from distdoctor.model.hang import FlightAnalysis
from distdoctor.rules.flight import flight_findings, with_sequence
from distdoctor.rules.stacks import hang_findings
from rules.test_stack_rules import load

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "stacks" / "fr-mismatch.json"


def recorded() -> FlightAnalysis:
    return from_jsonable(FlightAnalysis, json.loads(FIXTURE.read_text(encoding="utf-8"))["flight"])


def test_torchfrtrace_names_the_culprit_and_the_sequence_number() -> None:
    (finding,) = flight_findings(recorded(), "node-a")
    assert (finding.name, finding.severity) == ("flight-recorder-mismatch", "error")
    assert finding.param_map["seq"] == "4" and finding.param_map["ranks"] == "0, 1"
    assert "Culprit rank 1" in finding.param_map["analysis"]
    assert "COLLECTIVE_TYPE_MISMATCH" in finding.param_map["analysis"]


def test_sequence_numbers_reach_the_stack_verdict() -> None:
    states = with_sequence(load("fr-mismatch"), recorded())
    assert {s.process.rank: (s.op, s.seq) for s in states} == {0: ("all_reduce", 4), 1: ("broadcast", 4)}
    (mismatch,) = hang_findings(states, "node-a")
    assert mismatch.param_map["calls"] == "rank 0: all_reduce #4; rank 1: broadcast #4"


@pytest.mark.parametrize(
    ("returncode", "output", "name"),
    [
        (
            0,
            ("Collective sequence number: 4 has errors", "error msg: Culprit rank 1; Error type: X"),
            "flight-recorder-mismatch",
        ),
        (0, ("loaded 2 files", "no errors found"), "flight-recorder-clean"),
        (1, ("Traceback (most recent call last):", "KeyError: ('0', 0)"), "flight-recorder-unreadable"),
        (None, ("torchfrtrace gave no answer in 60 s",), "flight-recorder-unreadable"),
    ],
)
def test_each_answer_of_the_analyzer(returncode: int | None, output: tuple[str, ...], name: str) -> None:
    analysis = replace(recorded(), returncode=returncode, output=output, normalised=False)
    (finding,) = flight_findings(analysis, "node-a")
    assert finding.name == name
    assert list(finding.evidence[-len(output) :]) == list(output)
    if name == "flight-recorder-unreadable":
        assert finding.param_map["detail"] == output[-1]


def test_no_dumps_no_finding() -> None:
    assert flight_findings(None, "node-a") == []
    assert with_sequence(load("mismatch"), None) == load("mismatch")
