"""The HTML report without a browser: sections from recorded runs, escaping, the same page from a decoded verdict,
and the command line's answers to a bad --html."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from distdoctor.commands.smoke import report as smoke_report
from distdoctor.model import Finding, Report
from distdoctor.model.codec import from_jsonable, to_jsonable
from distdoctor.model.report import SmokeData
from distdoctor.model.smoke import SmokeRun
from distdoctor.render.html import page, render_html
from distdoctor.render.html_model import Grid, Plot, Table
from distdoctor.smoke.settings import SmokeSettings
from testbed.recorded import HEALTHY_WORKER, config
from testbed.simulated import big_check_report

SMOKE = Path(__file__).resolve().parents[1] / "fixtures" / "smoke"
LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def recorded_smoke(name: str) -> Report:
    run = from_jsonable(SmokeRun, json.loads((SMOKE / f"{name}.json").read_text()))
    return smoke_report(run, None, SmokeSettings(backend=run.backend))


def check_report(n: int) -> Report:
    report = big_check_report(n, firewalled=1, odd_torch=2)
    assert isinstance(report, Report)
    return report


@pytest.mark.parametrize("name", ["two-nodes-healthy", "single-4-healthy"])
def test_recorded_smoke_plots_one_line_per_rank(name: str) -> None:
    report = recorded_smoke(name)
    assert isinstance(report.data, SmokeData)
    run = report.data.run
    assert isinstance(run, SmokeRun)
    (plot,) = [s for s in page(report, "en").sections if isinstance(s, Plot)]
    assert [s.label for s in plot.series] == [
        f"rank {r.rank} ({r.host})" for r in sorted(run.ranks, key=lambda r: r.rank)
    ]
    for series in plot.series:
        xs = [p.x for p in series.points]
        assert xs == sorted(xs) and plot.left <= xs[0] and xs[-1] <= plot.right  # log-size axis, left to right
        assert all(plot.top <= p.y <= plot.bottom for p in series.points)


def test_a_failed_smoke_rank_is_highlighted() -> None:
    report = recorded_smoke("single-3-wrong-rank-1-slow-rank-2")
    html = render_html(report, "en")
    assert 'data-name="collective-wrong-result"' in html
    (ranks,) = [s for s in page(report, "en").sections if isinstance(s, Table) and s.title == "Ranks"]
    assert len(ranks.rows) == 3


@pytest.mark.parametrize("n, drawn", [(3, True), (64, True), (65, False)])
def test_the_matrix_is_drawn_up_to_64_nodes(n: int, drawn: bool) -> None:
    (grid,) = [s for s in page(check_report(n), "en").sections if isinstance(s, Grid)]
    assert bool(grid.cells) is drawn
    if drawn:
        assert len(grid.cells) == n and all(len(row) == n for row in grid.cells)
        # Node 1 is firewalled: every other node times out reaching it, and it reaches everyone.
        assert [row[1].cls for i, row in enumerate(grid.cells) if i != 1] == ["s-timed-out"] * (n - 1)
        assert {c.cls for j, c in enumerate(grid.cells[1]) if j != 1} == {"s-open"}
    else:
        assert grid.tables and "65 nodes" in grid.summary[0]


def test_a_verdict_decoded_from_json_renders_the_same_page() -> None:
    # Workers get node 0's verdict as JSON: their page must say what node 0's says.
    for report in (check_report(5), recorded_smoke("two-nodes-node0-firewalled-but-master-port")):
        decoded = from_jsonable(Report, json.loads(json.dumps(to_jsonable(report))))
        assert render_html(decoded, "zh") == render_html(report, "zh")


def test_versions_that_differ_are_highlighted_side_by_side() -> None:
    (facts,) = [s for s in page(check_report(4), "en").sections if isinstance(s, Table) and s.title == "Per-node facts"]
    torch = next(row for row in facts.rows if row[0].text == "torch")
    assert [c.cls for c in torch] == ["differs", "", "", "differs", ""]
    hostname = next(row for row in facts.rows if row[0].text == "hostname")
    assert {c.cls for c in hostname} == {""}  # hostnames differ by nature


def test_text_from_logs_and_hosts_is_escaped() -> None:
    hostile = Finding("env-inconsistent", "error", "<b>node</b>", ("<script>alert(1)</script>",), (("detail", "<i>"),))
    report = Report("check", (hostile,), config=config({"nnodes": "2", "node_rank": "1"}), facts=HEALTHY_WORKER)
    html = render_html(report, "en")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;node&lt;/b&gt;" in html and "<i>" not in html


def test_zh_page() -> None:
    html = render_html(check_report(3), "zh")
    assert '<html lang="zh">' in html and "发现的问题" in html and "连通性" in html


def run_cli(*args: str, python: str = "") -> subprocess.CompletedProcess[str]:
    prelude = python or "pass"
    code = f"import sys; {prelude}; from distdoctor.cli import main; sys.argv = ['distdoctor', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)


def test_every_command_writes_a_self_contained_file(tmp_path: Path) -> None:
    runs = {
        "env": ["env"],
        "lint": ["lint", "--", "python", "-m", "torch.distributed.launch", "--nproc_per_node=2", "train.py"],
        "explain": ["explain", str(LOGS / "gloo-recv-timeout.log")],
    }
    for name, args in runs.items():
        out = tmp_path / f"{name}.html"
        proc = run_cli(args[0], "--html", str(out), *args[1:])
        assert proc.returncode in (0, 1), proc.stderr
        html = out.read_text()
        assert html.startswith("<!DOCTYPE html>") and f"distdoctor {name}" in html
        assert not re.search(r"https?://|\bsrc=|\bhref=|@import|url\(", html)


@pytest.mark.parametrize(
    "target, message",
    [
        ("{tmp}/missing/r.html", "folder {tmp}/missing does not exist"),
        ("{tmp}", "is a directory"),
        ("/proc/self/r.html", "cannot write the HTML report to /proc/self/r.html"),
    ],
)
def test_an_unwritable_html_path_is_one_line_and_exit_2(tmp_path: Path, target: str, message: str) -> None:
    proc = run_cli("env", "--html", target.format(tmp=tmp_path))
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [proc.stderr.strip()] and "Traceback" not in proc.stderr
    assert message.format(tmp=tmp_path) in proc.stderr


def test_without_jinja2_html_says_what_to_install(tmp_path: Path) -> None:
    proc = run_cli("check", "--local-only", "--html", str(tmp_path / "r.html"), python="sys.modules['jinja2'] = None")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "pip install 'distdoctor[html]'" in proc.stderr
    assert not (tmp_path / "r.html").exists()
    # Without --html nothing needs Jinja2.
    assert run_cli("env", "--json", python="sys.modules['jinja2'] = None").returncode == 0


def test_the_renderer_takes_any_report() -> None:
    # A report without a payload the renderer knows still gets its verdict and findings.
    report = dataclasses.replace(check_report(2), command="dump", nodes=(), data=None)
    html = render_html(report, "en")
    assert "distdoctor dump" in html
    assert re.findall(r'data-name="([a-z-]+)"', html) == [f.name for f in report.findings] != []
