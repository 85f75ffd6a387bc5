"""HTML reports of real runs, rendered by headless Chromium: assertions on the DOM, screenshots as CI artifacts.

check and smoke run for real on namespace clusters (healthy, and with a node firewalled); explain reads recorded
fault logs; a 1024-node verdict from the real rules shows the large-cluster summary.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from distdoctor.render.html import render_html
from hang.scenarios import ranks, running, wait_for_frame
from testbed.browser import Rendered, chromium, render
from testbed.netns import Cluster, Node
from testbed.simulated import big_check_report

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
PORT = 29500


@pytest.fixture(autouse=True)
def _needs_chromium() -> None:
    chromium()  # skips with the reason when the browser is absent


def no_fetches(html: str) -> None:
    """Self-contained: nothing is loaded from anywhere (no URL at all, no src/href, no @import)."""
    assert not re.search(r"https?://|\bsrc=|\bhref=|@import|url\(", html), re.findall(r".{30}https?://.{30}", html)


def check_all(nodes: Sequence[Node], html: dict[int, Path], *, lang: str = "en") -> list[int]:
    """check on every node at once; the nodes named in `html` also write the HTML report."""
    procs = []
    for i, node in enumerate(nodes):
        args = ["distdoctor", "check", "--lang", lang, "--wait", "4", "--nnodes", str(len(nodes))]
        args += ["--node-rank", str(i), "--master-addr", "node1", "--master-port", str(PORT)]
        args += ["--html", str(html[i])] if i in html else []
        procs.append(node.popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    codes = []
    for proc in procs:
        _, err = proc.communicate(timeout=90)
        assert proc.returncode in (0, 1), err
        codes.append(proc.returncode)
    return codes


def cells(page: Rendered, state: str) -> int:
    return page.count(rf'class="cell s-{state}"')


@pytest.mark.slow
@pytest.mark.root
def test_healthy_two_node_check(make_cluster: Callable[..., Cluster], tmp_path: Path) -> None:
    cluster = make_cluster(2)
    out = tmp_path / "check-healthy.html"
    assert check_all(cluster.nodes, {0: out}) == [0, 0]
    no_fetches(out.read_text())
    page = render(out, "check-healthy-2-nodes")
    assert 'class="verdict tone-ok"' in page.dom
    assert "healthy: no problem found" in page.text()
    assert "node_rank 0 (node1)" in page.text() and "node_rank 1 (node2)" in page.text()  # facts side by side
    assert (cells(page, "open"), cells(page, "self")) == (2, 2)
    assert page.count('class="differs"') == 0


@pytest.mark.slow
@pytest.mark.root
def test_firewalled_node_check_shows_the_failed_pairs(make_cluster: Callable[..., Cluster], tmp_path: Path) -> None:
    cluster = make_cluster(3)
    # node2 takes in only the master port's traffic; gloo needs node3 (the greater address) to connect to it.
    cluster.nodes[1].nft_block(except_port=PORT, action="drop")
    master, worker = tmp_path / "master.html", tmp_path / "worker.html"
    assert check_all(cluster.nodes, {0: master, 1: worker}, lang="zh") == [1, 1, 1]
    page = render(master, "check-firewalled-node2")
    assert 'class="verdict tone-error"' in page.dom
    assert 'data-name="mesh-one-way"' in page.dom and "node_rank 1 (node2)" in page.text()
    # Both other nodes time out connecting to node2; node2 reaches both; the hover says who, to whom, how.
    assert (cells(page, "timed-out"), cells(page, "open"), cells(page, "self")) == (2, 4, 3)
    assert re.search(
        r'title="node_rank \d \(node[13]\) → node_rank 1 \(node2\): 超时[^"]* — 10\.\d+\.0\.2:\d+: (\d) of \1 failed',
        page.dom,
    )
    assert re.search(
        r'title="node_rank 1 \(node2\) → node_rank 0 \(node1\): 可连通 — [\d.:]+: median [\d.]+ ms; '
        r'64 KiB payload delivered in [\d.]+ ms"',
        page.dom,
    )
    assert "修复" in page.text() and 'lang="zh"' in page.dom
    # A worker's page is built from the verdict node 0 sent over the wire: the same findings and matrix.
    seen = render(worker, "check-firewalled-node2-worker")
    assert 'data-name="mesh-one-way"' in seen.dom and cells(seen, "timed-out") == 2


@pytest.mark.slow
@pytest.mark.root
def test_smoke_on_two_nodes_plots_busbw_per_rank(make_cluster: Callable[..., Cluster], tmp_path: Path) -> None:
    cluster = make_cluster(2)
    out = tmp_path / "smoke.html"
    procs = []
    for i, node in enumerate(cluster.nodes):
        args = ["distdoctor", "smoke", "--nnodes", "2", "--node-rank", str(i), "--nproc-per-node", "2"]
        args += ["--master-addr", "node1", "--timeout", "10", "--step-timeout", "8", "--sizes", "1K:256K"]
        procs.append(node.popen([*args, *(["--html", str(out)] if i == 0 else [])], stderr=subprocess.PIPE))
    for proc in procs:
        _, err = proc.communicate(timeout=150)
        assert proc.returncode == 0, err
    no_fetches(out.read_text())
    page = render(out, "smoke-two-nodes")
    assert 'class="verdict tone-ok"' in page.dom
    series = re.findall(r'<g class="series" data-label="(rank \d \(node\d\))">', page.dom)
    assert sorted(series) == ["rank 0 (node1)", "rank 1 (node1)", "rank 2 (node2)", "rank 3 (node2)"]
    # 1K .. 256K by factor 4: five sizes, one point each per rank, each with its busbw on hover.
    assert page.count(r"<circle ") == 4 * 5
    assert re.search(r"<title>rank 2 \(node2\): 256K → [\d.]+ GB/s</title>", page.dom)
    assert "busbw (GB/s)" in page.text()


def test_explain_of_two_node_logs(tmp_path: Path) -> None:
    out = tmp_path / "explain.html"
    logs = [str(LOGS / "c10d-refused.node1.log"), str(LOGS / "c10d-refused.node2.log")]
    proc = subprocess.run([sys.executable, "-m", "distdoctor", "explain", *logs, "--html", str(out)],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    no_fetches(out.read_text())
    page = render(out, "explain-c10d-refused")
    assert 'class="verdict tone-error"' in page.dom
    assert re.findall(r'data-name="([a-z-]+)"', page.dom) == [
        "log-rendezvous-timeout", "master-unreachable", "log-rendezvous-connection"
    ]  # fmt: skip
    assert "[c10d-refused.node2.log]" in page.text()
    assert "c10d-refused.node1.log" in page.text() and "c10d-refused.node2.log" in page.text()


@pytest.mark.slow
def test_dump_of_a_hung_job_shows_where_each_rank_is(tmp_path: Path) -> None:
    out = tmp_path / "dump.html"
    with running(ranks([(0, "outside"), (1, "outside")], 2)) as job:
        wait_for_frame(job.pids, {"all_reduce", "user_work"})
        pids = [a for pid in job.pids for a in ("--pid", str(pid))]
        proc = subprocess.run([sys.executable, "-m", "distdoctor", "dump", *pids, "--html", str(out)],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    no_fetches(out.read_text())
    page = render(out, "dump-rank-late")
    # A rank held in its own code while the other waits in a collective: the late rank, timed against the deadline.
    assert re.findall(r'data-name="([a-z-]+)"', page.dom) == ["hang-rank-late"]
    text = page.text()
    assert "Where each process is" in text
    assert "collective all_reduce" in text and "user-code" in text and "user_work" in text
    assert page.dom.count('class="differs"') == 1  # rank 1, in its own code, is the highlighted one


def test_a_1024_node_report_summarises(tmp_path: Path) -> None:
    out = tmp_path / "big.html"
    out.write_text(render_html(big_check_report(1024), "en"))  # type: ignore[arg-type]
    page = render(out, "check-1024-nodes", height=1400)
    assert 'class="cell' not in page.dom  # no million cells: counts and the failed pairs instead
    assert "1024 nodes: too many to draw every pair" in page.text()
    assert re.search(r"5120 pairs probed in [\d.]+ s, 3 failed", page.text())
    assert 'data-name="mesh-one-way"' in page.dom and 'data-name="version-mismatch"' in page.dom
    # The facts table groups values: the odd torch is named and highlighted, not 1024 columns.
    assert re.search(r'class="differs">2\.13\.0\+cpu \(1023 nodes\) · 2\.12\.1\+cpu \(1 node: node_rank 11', page.dom)
    assert page.count("<th>") == 2 + 2 + 2 + 3
