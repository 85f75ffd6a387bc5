"""The words a rule puts in a param where the log gives none read in the report's language."""

from __future__ import annotations

from pathlib import Path

from distdoctor.catalogue import describe
from distdoctor.catalogue.words import PHRASES, phrase_text
from distdoctor.facts.logs import read_log
from distdoctor.rules.logs import explain_findings

FIELD = Path(__file__).resolve().parents[1] / "fixtures" / "logs" / "field"


def test_a_phrase_reads_in_each_language_and_the_logs_own_words_stay_as_they_are() -> None:
    for text in PHRASES.values():
        assert phrase_text(text.en, "en") == text.en
        assert phrase_text(text.en, "zh") == text.zh
    assert phrase_text("Connection reset by peer", "zh") == "Connection reset by peer"


def test_a_port_in_use_the_log_names_neither_the_port_nor_the_holder_of_reads_whole_in_chinese() -> None:
    (found,) = explain_findings([read_log(str(FIELD / "019-address-in-use-two-tasks-one-node.log"))])
    title, _ = describe(found, "zh")
    assert PHRASES["another-process"].zh in title and PHRASES["unsaid"].zh in title
    assert "the log does not say" not in title
    # the report in English, and the JSON's params, keep the English words
    assert dict(found.params)["holder"] == PHRASES["another-process"].en
