"""rules/ras.py on NCCL's own recorded RAS status samples (tests/fixtures/ras/, sources in SOURCE.md there)."""

from __future__ import annotations

from pathlib import Path

from distdoctor.rules.ras import parse, ras_findings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ras"


def read(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def test_a_healthy_job_has_nothing_missing() -> None:
    status = parse(read("healthy.txt"))
    assert status.missing_ranks == () and status.processes == () and status.collection_s == 0.0
    assert ras_findings(status, "node-a") == []


def test_an_unresponsive_process_names_its_rank() -> None:
    status = parse(read("incomplete.txt"))
    assert status.missing_ranks == (21,) and status.dead == ()
    assert status.processes == ("Process 3487984 on node 172.16.64.213 managing GPU 5",)
    assert status.communicators == ("#0-0 (cf264af53edbe986) INCOMPLETE",) and status.collection_s == 2.05
    (finding,) = ras_findings(status, "node-a")
    params = dict(finding.params)
    assert finding.name == "nccl-ras-missing" and params["ranks"] == "21" and params["how"] == "unresponsive"


def test_a_dead_process_and_the_json_format() -> None:
    dead = parse(read("dead.txt"))
    assert dead.missing_ranks == (21,) and dead.dead == ("Process 3487984 on node 172.16.64.213 managing GPU 5",)
    assert dict(ras_findings(dead, "node-a")[0].params)["how"] == "considered dead"
    js = parse(read("missing.json"))
    assert js.missing_ranks == (1,) and js.processes == ("Process 1524345 on node 172.16.64.245 managing GPU 1",)
