"""The catalogue is complete in both languages and docs/findings.md is generated from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from distdoctor.catalogue import CATALOGUE, LANGS
from distdoctor.catalogue.docs import findings_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "findings.md"


def test_docs_findings_md_is_current() -> None:
    assert DOCS.read_text(encoding="utf-8") == findings_markdown(), (
        "docs/findings.md is stale: run `python -m distdoctor.catalogue.docs > docs/findings.md`"
    )


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_entry_has_the_same_placeholders_in_every_language(name: str) -> None:
    entry = CATALOGUE[name]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name)
    en = set(re.findall(r"{(\w+)}", entry.title.en + entry.fix.en))
    for lang in LANGS:
        title, fix = entry.title.get(lang), entry.fix.get(lang)
        assert title and fix
        assert set(re.findall(r"{(\w+)}", title + fix)) == en, lang
    assert re.search(r"[\u4e00-\u9fff]", entry.title.zh + entry.fix.zh), "the zh text is not Chinese"
