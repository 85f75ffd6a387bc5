"""The field corpus (tests/fixtures/logs/field/): real logs from public threads, each with its confirmed cause."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

FIELD = Path(__file__).resolve().parents[1] / "fixtures" / "logs" / "field"
FIELDS = ("file", "source", "cause", "cause_text", "confirmed_by", "env", "collected")


def _index() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((FIELD / "index.json").read_text(encoding="utf-8"))
    return data


def test_every_excerpt_is_indexed_once_and_every_entry_has_its_file() -> None:
    listed = [e["file"] for e in _index()]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(p.name for p in FIELD.glob("*.log"))


@pytest.mark.parametrize("entry", _index(), ids=lambda e: e["file"])
def test_an_entry_says_where_it_came_from_and_what_caused_it(entry: dict[str, Any]) -> None:
    assert all(isinstance(entry.get(k), str) and entry[k].strip() for k in FIELDS), entry
    assert entry["source"].startswith("https://")
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry["cause"])
    lines = (FIELD / entry["file"]).read_text(encoding="utf-8").splitlines()
    # One line is what some reporters paste (all the thread shows); more than 40 is no longer an excerpt.
    assert 1 <= len(lines) <= 40
