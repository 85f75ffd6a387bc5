"""The field sets: tests/fixtures/logs/field/, real logs from public threads, each with its confirmed cause; and
tests/fixtures/logs/field-healthy/, real logs of runs that worked, each with the page that shows it worked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from distdoctor.facts.logs import read_log
from distdoctor.rules.logs import explain_findings

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
FIELD = LOGS / "field"
HEALTHY = LOGS / "field-healthy"
FIELDS = ("file", "source", "cause", "cause_text", "confirmed_by", "env", "collected")
HEALTHY_FIELDS = ("file", "source", "why_healthy", "env", "collected")


def _index(folder: Path = FIELD) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("folder", [FIELD, HEALTHY], ids=lambda p: p.name)
def test_every_excerpt_is_indexed_once_and_every_entry_has_its_file(folder: Path) -> None:
    listed = [e["file"] for e in _index(folder)]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(p.name for p in folder.glob("*.log"))


@pytest.mark.parametrize("entry", _index(), ids=lambda e: e["file"])
def test_an_entry_says_where_it_came_from_and_what_caused_it(entry: dict[str, Any]) -> None:
    assert all(isinstance(entry.get(k), str) and entry[k].strip() for k in FIELDS), entry
    assert entry["source"].startswith("https://")
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry["cause"])
    lines = (FIELD / entry["file"]).read_text(encoding="utf-8").splitlines()
    # One line is what some reporters paste (all the thread shows); more than 40 is no longer an excerpt.
    assert 1 <= len(lines) <= 40


@pytest.mark.parametrize("entry", _index(HEALTHY), ids=lambda e: e["file"])
def test_a_healthy_entry_says_where_it_came_from_and_how_it_shows_the_run_worked(entry: dict[str, Any]) -> None:
    assert all(isinstance(entry.get(k), str) and entry[k].strip() for k in HEALTHY_FIELDS), entry
    assert entry["source"].startswith("https://")
    lines = (HEALTHY / entry["file"]).read_text(encoding="utf-8").splitlines()
    assert 10 <= len(lines) <= 120


# Runs that worked whose log explain still reads as failed, and why: each shows a real failure of something the run
# went on without, which no rule tells apart from the job's own.
_STILL_READ_AS_FAILED = {
    "5613-google-a3ultra-h200-8node-sd-slurm-nccltests-pmix-error-mountcheck-errors.log": "a mount check's "
    "'Error: /datasets is incorrect' lines; the benchmark ran on",
    "5720-gpt-neox-deepspeed-wandb-bad-fd-at-run-end.log": "wandb's traceback at exit, and DeepSpeed's launcher "
    "killing the ranks as it does when one returns non-zero",
    "5910-crusoe-terraform-ansible-2node-gb200-cluster-validation-nvrm-kbif-messages-ssh-slots-hostname-nccl-tests"
    "-2.17.6.log": "a helper script's ssh to a host file's 'slots=1' entry, read as a host name; the NCCL test ran",
}


def _healthy_params() -> list[Any]:
    return [
        pytest.param(e, marks=pytest.mark.xfail(strict=True, reason=reason), id=e["file"])
        if (reason := _STILL_READ_AS_FAILED.get(e["file"]))
        else pytest.param(e, id=e["file"])
        for e in _index(HEALTHY)
    ]


@pytest.mark.parametrize("entry", _healthy_params())
def test_a_run_that_worked_never_reads_as_failed(entry: dict[str, Any]) -> None:
    found = explain_findings([read_log(str(HEALTHY / entry["file"]))])
    assert [f.name for f in found if f.severity == "error"] == []
