"""Forged and malformed frames from raw sockets against the real CLI: node 0 and its workers (real `check`
processes) neither crash nor are fooled, and their output stays strict JSON and free of a peer's escapes."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from adversarial.forge import (
    Cluster,
    RawPeer,
    cluster,
    forged_report,
    leave_at_mesh,
    message,
    names,
    send_report,
    with_finding,
)
from distdoctor.model import Interface

pytestmark = pytest.mark.timeout(180)


def _mesh_answer(peer: RawPeer, probes: Any) -> None:
    """Answer node 0's mesh request with made-up probes (a callable of the request body), then wait."""
    while (got := peer.read()) is not None:
        if got["type"] == "mesh":
            peer.send(message("probes", probes(got["body"])))


def _zero_latencies(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "src": body["src"],
            "dst": t["index"],
            "address": t["address"],
            "port": t["port"],
            "outcomes": ["open"] * 3,
            "latencies_s": [0.0] * 3,
        }
        for t in body["targets"]
    ]


def _negative_index(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"src": body["src"], "dst": -1, "address": "1.2.3.4", "port": 1, "outcomes": ["open"], "latencies_s": [0]}]


NO_FINDING = {"name": "no-such-finding", "severity": "error", "node": None, "evidence": [], "params": []}
NO_PARAMS = {"name": "node-missing", "severity": "error", "node": None, "evidence": [], "params": []}


def _crash_body(kind: str, c: Cluster) -> Any:
    if kind == "surrogate":
        return forged_report(2, 3, c.addr, c.port, hostname="host\ud800")
    if kind == "unknown finding":
        return with_finding(forged_report(2, 3, c.addr, c.port), NO_FINDING)
    if kind == "finding without params":
        return with_finding(forged_report(2, 3, c.addr, c.port), NO_PARAMS)
    return forged_report(2, 3, c.addr, c.port)


CRASHES = ["surrogate", "unknown finding", "finding without params", "negative mesh index", "zero latencies"]


@pytest.mark.parametrize("kind", CRASHES)
def test_a_crash_frame_crashes_nothing_and_hides_no_node(kind: str) -> None:
    # Before: each of these gave node 0 (and through its verdict every worker) a traceback and no verdict.
    with cluster(3, wait_s=4) as c:
        node0 = c.start(0)
        worker = c.start(1)
        time.sleep(0.5)
        peer = send_report(c.addr, c.port, _crash_body(kind, c))
        answer = {"negative mesh index": _negative_index, "zero latencies": _zero_latencies}.get(kind)
        threading.Thread(target=_mesh_answer, args=(peer, answer or (lambda body: [])), daemon=True).start()
        master, got = node0.finish(), worker.finish()
        peer.close()
    for report in (master, got):
        # Forged data does not hide that node_rank 2 never really came; no made-up finding is shown.
        assert names(report)["node-missing"] == "error"
        assert "no-such-finding" not in names(report)
        assert all(f["title"] for f in report["findings"])
    assert "\ud800" not in node0.out and "\\ud800" not in node0.out


def test_ansi_escapes_from_a_peer_never_reach_the_terminal() -> None:
    with cluster(3, wait_s=3) as c:
        node0 = c.start(0, json_out=False)
        time.sleep(0.3)
        body = forged_report(2, 3, c.addr, c.port, hostname="\x1b[2J\x1b[31mEVIL\x07\r")
        leave_at_mesh(send_report(c.addr, c.port, body))
        node0.proc.wait(60)
        out, err = node0.proc.communicate()
    assert "Traceback" not in err
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert "EVIL" in out  # the text is shown, made harmless


def test_nan_and_infinity_from_a_peer_never_reach_json_output() -> None:
    with cluster(3, wait_s=3) as c:
        node0 = c.start(0)
        time.sleep(0.3)
        import json

        text = json.dumps(forged_report(2, 3, c.addr, c.port)).replace('"elapsed_s": 0.0004', '"elapsed_s": NaN')
        peer = RawPeer(c.addr, c.port)
        peer.read()
        peer.send(
            message("report", None)
            .replace(b'"body": null', b'"body": ' + text.encode())
            .replace(b"\x00\x00", b"\x00\x00")
        )
        report = node0.finish()  # parses strictly: NaN and Infinity are refused
        peer.close()
    assert names(report)["node-missing"] == "error"


def _own_facts(c: Cluster) -> dict[str, Any]:
    # A careful forger: facts that list the address it sends from, so the address check passes.
    return {"interfaces": (Interface("eth0", (c.addr,), True),)}


def test_a_forged_report_for_a_dead_node_does_not_make_the_cluster_whole() -> None:
    # Before: a forged report for node_rank 2 (really down) made the verdict complete and healthy.
    with cluster(3, wait_s=3) as c:
        node0 = c.start(0)
        worker = c.start(1)
        time.sleep(0.3)
        forged = forged_report(2, 3, c.addr, c.port, hostname="node3", **_own_facts(c))
        leave_at_mesh(send_report(c.addr, c.port, forged))
        master, got = node0.finish(), worker.finish()
    for report in (master, got):
        assert names(report)["node-missing"] == "error"
        assert names(report)["report-unverified"] == "warning"
    assert not master["data"]["complete"]


def test_a_second_report_for_a_node_rank_is_shown_with_both_sources() -> None:
    # Three nodes, one of them down, so node 0 is still gathering when the impostor comes.
    with cluster(3, wait_s=4) as c:
        node0 = c.start(0)
        worker = c.start(1)
        time.sleep(1.5)  # the real node_rank 1 is in
        leave_at_mesh(send_report(c.addr, c.port, forged_report(1, 3, c.addr, c.port, hostname="impostor")))
        master = node0.finish()
        worker.finish()
    duplicate = [f for f in master["findings"] if f["name"] == "node-rank-duplicate"]
    assert duplicate and "impostor" in " ".join(duplicate[0]["evidence"])
    assert len([n for n in master["data"]["nodes"] if n["label"].startswith("node_rank 1 ")]) == 2


def test_a_huge_nnodes_is_dropped_and_counted() -> None:
    with cluster(2, wait_s=3) as c:
        node0 = c.start(0)
        time.sleep(0.3)
        # node_rank 5 of 2 is not among them: a node launched with the wrong --node-rank is kept and named
        # (node-rank-out-of-range, tests/cluster/test_gather_cluster.py); only what no real launch gives is dropped.
        for rank, nnodes in ((1, 10**9), (10**6, 10**9), (70_000, 2)):
            send_report(c.addr, c.port, forged_report(rank, nnodes, c.addr, c.port), linger=False)
        worker = c.start(1)
        master = node0.finish(timeout_s=30)
        worker.finish()
    assert names(master)["frames-rejected"] == "warning" and "node-missing" not in names(master)
    assert "3 frames" in next(f["title"] for f in master["findings"] if f["name"] == "frames-rejected")


@pytest.fixture
def third_host() -> Iterator[tuple[str, int, list[int]]]:
    """A host that is not in the job (a listener on another loopback address), counting connects."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.9", 0))
    server.listen(1024)
    server.settimeout(0.2)
    count = [0]
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            count[0] += 1
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield "127.0.0.9", server.getsockname()[1], count
    stop.set()
    thread.join(2)
    server.close()


def test_fifty_forged_peers_naming_a_third_host_get_it_a_few_connects_only(
    third_host: tuple[str, int, list[int]],
) -> None:
    # Before: node 0 and every worker connected 3 times to each of the 50 endpoints: 300 connects at the victim.
    host, port, count = third_host
    with cluster(60, wait_s=4) as c:
        node0 = c.start(0)
        worker = c.start(1)
        time.sleep(0.5)
        peers = []
        for rank in range(2, 52):
            body = forged_report(rank, 60, c.addr, c.port)
            body["mesh_endpoint"] = {"address": host, "port": port, "interface": None}
            peers.append(send_report(c.addr, c.port, body))
        for peer in peers:
            leave_at_mesh(peer)
        node0.finish(timeout_s=90)
        worker.finish(timeout_s=90)
    # node 0 and the worker each probe at most 16 endpoints on one address, 3 connects each.
    assert 0 < count[0] <= 2 * 16 * 3
