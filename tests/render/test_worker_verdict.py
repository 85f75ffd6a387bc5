"""A worker's copy of a large cluster's verdict: small enough to send thousands of times, and it reads the same."""

from __future__ import annotations

import io
import json

from rich.console import Console

from distdoctor.commands.check import WORKER_NODES_SHOWN, for_workers
from distdoctor.model import Report
from distdoctor.model.codec import from_jsonable
from distdoctor.model.report import CheckData
from distdoctor.render.text import render_text
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
