"""The healthy field set (tests/fixtures/logs/field-healthy/): real logs of distributed runs that worked, each
with the page that shows it worked. explain must read none of them as failed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from distdoctor.facts.logs import read_log
from distdoctor.rules.logs import explain_findings

HEALTHY = Path(__file__).resolve().parents[1] / "fixtures" / "logs" / "field-healthy"
FIELDS = ("file", "source", "why_healthy", "env", "collected")


def _index() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((HEALTHY / "index.json").read_text(encoding="utf-8"))
    return data


def test_every_excerpt_is_indexed_once_and_every_entry_has_its_file() -> None:
    listed = [e["file"] for e in _index()]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(p.name for p in HEALTHY.glob("*.log"))


@pytest.mark.parametrize("entry", _index(), ids=lambda e: e["file"])
def test_an_entry_says_where_it_came_from_and_how_it_shows_the_run_worked(entry: dict[str, Any]) -> None:
    assert all(isinstance(entry.get(k), str) and entry[k].strip() for k in FIELDS), entry
    assert entry["source"].startswith("https://")
    lines = (HEALTHY / entry["file"]).read_text(encoding="utf-8").splitlines()
    assert 10 <= len(lines) <= 120


@pytest.mark.parametrize("entry", _index(), ids=lambda e: e["file"])
def test_a_run_that_worked_never_reads_as_failed(entry: dict[str, Any]) -> None:
    found = explain_findings([read_log(str(HEALTHY / entry["file"]))])
    assert [f.name for f in found if f.severity == "error"] == []
