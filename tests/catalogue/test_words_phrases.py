"""The words a rule puts in a param where the log gives none read in the report's language."""

from __future__ import annotations

import string
from pathlib import Path

from distdoctor.catalogue import describe
from distdoctor.catalogue.words import PHRASES, phrase, phrase_text
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


_TEMPLATES = {key: text for key, text in PHRASES.items() if "{" in text.en}


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_there_are_templates_and_each_has_the_same_placeholders_in_english_and_chinese() -> None:
    assert len(_TEMPLATES) > 50
    for key, text in _TEMPLATES.items():
        assert _names(text.en) == _names(text.zh), key


def test_a_value_written_from_a_template_reads_back_in_chinese_with_its_values_and_stays_english_in_english() -> None:
    for key, text in _TEMPLATES.items():
        samples = {name: f"v{i}-{name}" for i, name in enumerate(sorted(_names(text.en)))}
        written = phrase(key, **samples)
        assert written == text.en.format(**samples)
        assert phrase_text(written, "en") == written, key
        assert phrase_text(written, "zh") == text.zh.format(**samples), key


def test_a_phrase_inside_a_template_value_reads_in_chinese_too() -> None:
    written = phrase("raylet-of-node", how=PHRASES["raylet-lost"].en)
    assert phrase_text(written, "zh") == "本节点的 raylet（" + PHRASES["raylet-lost"].zh + "）"


def test_the_words_a_rule_composed_around_the_logs_values_read_in_chinese_in_a_chinese_title() -> None:
    found = explain_findings([read_log(str(FIELD / "412-nccl248-4x1080ti-allreduce-hang-intel-iommu.log"))])
    (hang,) = [f for f in found if f.name == "log-p2p-hang-likely"]
    title, _ = describe(hang, "zh")
    assert "NCCL 的建立阶段（init 步骤）" in title
    assert "NCCL's setup" not in title
    assert dict(hang.params)["where"] == "in NCCL's setup (init step)"  # the JSON keeps the English
    found = explain_findings([read_log(str(FIELD / "1003-ray-init-attaches-cluster-other-python-env.log"))])
    (mismatch,) = [f for f in found if f.name == "version-mismatch"]
    title, fix = describe(mismatch, "zh")
    assert "Ray 和 Python" in title and "Ray 和 Python" in fix
    # the process's own words (a phrase) inside the template's values are Chinese too; the versions stay as they are
    assert "集群：Ray 2.12.0，Python 3.11.11；节点 10.123.3.87 上的本进程：Ray 2.42.0，Python 3.9.21" in title
    assert "the cluster" not in title and "this process" not in title and " and " not in title
