"""A worker's copy of a large cluster's verdict: small enough to send thousands of times, and it reads the same."""

from __future__ import annotations

import dataclasses
import io
import json

from rich.console import Console

from distdoctor.commands.check import VERDICT_MAX_FINDINGS, WORKER_NODES_SHOWN, for_workers
from distdoctor.model import Report
from distdoctor.model.codec import from_jsonable
from distdoctor.model.report import CheckData
from distdoctor.render.text import render_text
from distdoctor.rules.finding import make_finding
from testbed.simulated import big_check_report


def text_of(report: Report) -> str:
    out = io.StringIO()
    render_text(report, "en", Console(file=out, width=200, highlight=False))
    return out.getvalue()


def test_a_1024_node_verdict_for_workers_names_a_few_nodes_and_counts_them_all() -> None:
    verdict = big_check_report(1024)
    assert isinstance(verdict, Report)
    body = for_workers(verdict)
    size = len(json.dumps(body))
    worker = from_jsonable(Report, body)
    data = worker.data
    assert isinstance(data, CheckData)
    assert len(data.nodes) == WORKER_NODES_SHOWN and data.nodes_total == 1024
    # Every worker gets this frame: node names would make it ~60 KB at 1024 nodes, 237 KB at 4096.
    assert size < 20_000, size
    shown = text_of(worker)
    assert "verdict for 1024 nodes" in shown and "1024/1024 nodes reported" in shown
    assert [f.name for f in worker.findings] == [f.name for f in verdict.findings]
    assert text_of(verdict).count("nodes reported") == 1


def test_a_small_cluster_keeps_every_node_by_name() -> None:
    verdict = big_check_report(16)
    assert isinstance(verdict, Report)
    body = for_workers(verdict)
    data = from_jsonable(Report, body).data
    assert isinstance(data, CheckData)
    assert len(data.nodes) == 16 and "nodes_total" not in body["data"]


def test_a_misconfiguration_on_every_node_reaches_workers_as_its_errors_first_and_a_count() -> None:
    verdict = big_check_report(16)
    assert isinstance(verdict, Report)
    # 4096 nodes with one misconfiguration each, and a few errors after them: a worker gets the errors and a count.
    warnings = [make_finding("hostname-loopback", f"node_rank {i} (h{i})", hostname=f"h{i}", addresses="127.0.1.1")
                for i in range(4096)]  # fmt: skip
    errors = [make_finding("node-missing", None, missing="7", waited="60 s")]
    many = dataclasses.replace(verdict, findings=(*warnings, *errors))
    worker = from_jsonable(Report, for_workers(many))
    assert len(worker.findings) == VERDICT_MAX_FINDINGS and worker.findings[0].name == "node-missing"
    data = worker.data
    assert (
        isinstance(data, CheckData)
        and data.truncated == f"{4097 - VERDICT_MAX_FINDINGS} more findings: see node_rank 0's output"
    )
