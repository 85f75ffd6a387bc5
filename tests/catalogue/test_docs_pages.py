"""The hand-written docs name only findings that exist, and the troubleshooting order covers every check finding."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from distdoctor.catalogue import CATALOGUE

DOCS = Path(__file__).resolve().parents[2] / "docs"
# Backticked words that look like finding names but are not (commands, flags, variable prefixes).
_NOT_FINDINGS = {"log-*", "timed-out", "no-route"}  # json.md: mesh outcomes


@pytest.mark.parametrize("page", ["troubleshooting.md", "running.md", "json.md"])
def test_named_findings_exist(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z]+(?:-[a-z0-9]+)+\*?)`", text)) - _NOT_FINDINGS
    assert named - set(CATALOGUE) == set()


def test_troubleshooting_covers_every_finding_check_and_smoke_raise() -> None:
    text = (DOCS / "troubleshooting.md").read_text(encoding="utf-8")
    layers = {"local", "cross", "mesh", "fanout", "smoke"}
    assert [n for n, e in CATALOGUE.items() if e.layer in layers and f"`{n}`" not in text] == []
