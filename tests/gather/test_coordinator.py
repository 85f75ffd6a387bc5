"""node 0's coordinator and the workers' join, over real loopback sockets: who arrives, who is missing, what breaks."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import struct
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest

from distdoctor import defaults
from distdoctor.gather.coordinator import Coordinator, GatherResult
from distdoctor.gather.join import JoinResult, join
from distdoctor.gather.wire import PLAIN, Channel
from distdoctor.model import NodeReport
from distdoctor.model.codec import to_jsonable
from distdoctor.model.progress import ConnectAttempt, Event, FrameDropped, Joined, NodeArrived, StillMissing, Waiting
from distdoctor.model.secret import Secret
from testbed.ports import free_port
from testbed.recorded import HEALTHY_MASTER, config, facts

pytestmark = pytest.mark.timeout(30)

SIGNED = Channel(Secret(b"s3cret"))
LOCAL = "127.0.0.1"


def node(rank: int, nnodes: int, hostname: str | None = None) -> NodeReport:
    """A node's report as `check` builds it: config through the config layer, recorded healthy facts."""
    flags = {"nnodes": str(nnodes), "node_rank": str(rank), "master_addr": LOCAL}
    base = facts(HEALTHY_MASTER) if rank == 0 else facts()
    return NodeReport(config(flags=flags), facts(base, hostname=hostname or f"node{rank + 1}"))


def summary(result: GatherResult) -> dict[str, Any]:
    """A small verdict the tests can compare on every node: what decide saw."""
    return {
        "ranks": [r.node_rank for r in result.reports],
        "hosts": [r.facts.hostname for r in result.reports],
        "complete": result.complete,
        "interrupted": result.interrupted,
    }


class Node0:
    """A coordinator under test, with its events and the results decide was given."""

    def __init__(self, nnodes: int, *, wait_s: float = 10.0, channel: Channel = PLAIN, port: int = 0) -> None:
        self.port = port or free_port()
        self.events: list[Event] = []
        self.decided: list[GatherResult] = []
        self.meanwhile: list[tuple[NodeReport, ...]] = []  # what the caller's early rules were given, when
        self.coordinator = Coordinator(node(0, nnodes), nnodes, wait_s, channel, self.events.append)

    def decide(self, result: GatherResult) -> dict[str, Any]:
        self.decided.append(result)
        return summary(result)

    async def run(self, host: str = LOCAL, *, mesh: bool = True) -> tuple[GatherResult, Any]:
        return await self.coordinator.run(host, self.port, self.decide, mesh=mesh, meanwhile=self.meanwhile.append)

    def of(self, kind: type[Any]) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


async def worker(
    report: NodeReport, port: int, *, delay_s: float = 0.0, wait_s: float = 10.0, channel: Channel = PLAIN
) -> tuple[JoinResult, list[Event]]:
    events: list[Event] = []
    await asyncio.sleep(delay_s)
    result = await join(report, host=LOCAL, port=port, wait_s=wait_s, channel=channel, on_event=events.append)
    return result, events


async def raw_peer(port: int, send: bytes, *, linger_s: float = 0.0, host: str = LOCAL) -> None:
    """A client that is not distdoctor's: sends bytes, waits a while, hangs up."""
    with contextlib.suppress(OSError):
        _, writer = await asyncio.open_connection(host, port)
        writer.write(send)
        await writer.drain()
        await asyncio.sleep(linger_s)
        writer.close()


async def gather_with(node0: Node0, *clients: Awaitable[Any], host: str = LOCAL) -> tuple[GatherResult, Any, list[Any]]:
    """node 0 and its clients in one event loop; clients may start before the server."""
    tasks = [asyncio.ensure_future(c) for c in clients]
    result, verdict = await node0.run(host)
    return result, verdict, list(await asyncio.gather(*tasks))


ORDERS = [(0.0, 0.05, 0.1), (0.1, 0.05, 0.0), (0.05, 0.0, 0.05)]


@pytest.mark.parametrize("delays", ORDERS)
def test_three_workers_in_any_order_one_verdict_for_all(delays: Sequence[float]) -> None:
    async def go() -> tuple[Node0, GatherResult, Any, list[tuple[JoinResult, list[Event]]]]:
        node0 = Node0(4)
        # Rank 1 starts before node 0 listens: it is refused, retries, and gets in.
        early = asyncio.ensure_future(worker(node(1, 4), node0.port))
        await asyncio.sleep(0.35)
        rest = [worker(node(r, 4), node0.port, delay_s=d) for r, d in zip((2, 3), delays[1:], strict=True)]
        result, verdict, joined = await gather_with(node0, *rest)
        return node0, result, verdict, [await early, *joined]

    node0, result, verdict, joined = asyncio.run(go())
    assert result.complete and not result.interrupted
    assert result.reports[0].node_rank == 0 and result.reports[0].seen_from == ""
    assert sorted(r.node_rank or 0 for r in result.reports) == [0, 1, 2, 3]
    assert all(r.seen_from == LOCAL for r in result.reports[1:])
    assert list(result.arrived_s) == sorted(result.arrived_s) and result.arrived_s[0] == 0.0
    assert result.waited_s < 5
    for outcome, events in joined:
        assert outcome.verdict == verdict == summary(result)
        assert outcome.probe.outcome == "open" and outcome.rejected is None and outcome.lost is None
        assert any(isinstance(e, Joined) for e in events)
    early_result, early_events = joined[0]
    assert early_result.attempts > 1
    assert {e.outcome for e in early_events if isinstance(e, ConnectAttempt)} == {"refused"}
    assert [e.node_rank for e in node0.of(NodeArrived)] == [r.node_rank for r in result.reports[1:]]
    assert node0.of(NodeArrived)[-1].arrived == 4
    # The early rules got the gathered reports, once.
    assert node0.meanwhile == [result.reports]


def test_a_missing_node_is_waited_for_then_the_verdict_is_partial() -> None:
    async def go() -> tuple[Node0, GatherResult, list[tuple[JoinResult, list[Event]]]]:
        node0 = Node0(3, wait_s=1.0)
        result, _, joined = await gather_with(node0, worker(node(1, 3), node0.port))
        return node0, result, joined

    node0, result, joined = asyncio.run(go())
    assert not result.complete and result.expected == 3
    assert [r.node_rank for r in result.reports] == [0, 1]
    assert 0.9 <= result.waited_s < 2.0
    assert node0.of(StillMissing)[-1].missing == (2,)
    ((outcome, events),) = joined
    assert outcome.verdict == {"ranks": [0, 1], "hosts": ["node1", "node2"], "complete": False, "interrupted": False}
    # The worker heard node 0's heartbeat while it waited: who is in and who is not.
    assert Waiting(2, 3, (2,)) in events


def test_a_duplicate_node_rank_is_kept_for_the_rules() -> None:
    async def arrived(node0: Node0, count: int) -> None:
        while len(node0.of(NodeArrived)) < count:
            await asyncio.sleep(0.01)

    async def go() -> GatherResult:
        # One report after the other, each once the one before it arrived: node 0 ends its gather as soon as every
        # node_rank is in, and a worker whose connect was refused backs off (on a loaded machine, past that end).
        node0 = Node0(3)
        serving = asyncio.ensure_future(node0.run(LOCAL))
        joins = [asyncio.ensure_future(worker(node(1, 3, "nodeA"), node0.port))]
        await arrived(node0, 1)
        joins.append(asyncio.ensure_future(worker(node(1, 3, "nodeB"), node0.port)))
        await arrived(node0, 2)
        joins.append(asyncio.ensure_future(worker(node(2, 3), node0.port)))
        result, _ = await serving
        await asyncio.gather(*joins)
        return result

    result = asyncio.run(go())
    assert result.complete
    assert sorted(r.facts.hostname for r in result.reports if r.node_rank == 1) == ["nodeA", "nodeB"]


async def connect_soon(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Connect once node 0 listens (it may start a moment after this client)."""
    for _ in range(40):
        with contextlib.suppress(ConnectionRefusedError):
            return await asyncio.open_connection(LOCAL, port)
        await asyncio.sleep(0.05)
    return await asyncio.open_connection(LOCAL, port)


async def reporter(port: int, report: NodeReport, *, then: Callable[[asyncio.StreamReader], Awaitable[Any]]) -> Any:
    """A distdoctor-speaking client driven by hand: hears the welcome, sends its report, then does `then`."""
    reader, writer = await connect_soon(port)
    try:
        assert (await PLAIN.read(reader, 2.0)).type == "welcome"
        writer.write(PLAIN.encode("report", to_jsonable(report)))
        await writer.drain()
        return await then(reader)
    finally:
        writer.close()


async def until_closed(reader: asyncio.StreamReader) -> bytes:
    return await asyncio.wait_for(reader.read(), 10)


async def hang_up(reader: asyncio.StreamReader) -> None:
    return None


def test_a_node_that_reconnects_replaces_its_earlier_connection() -> None:
    async def go() -> GatherResult:
        node0 = Node0(3)
        first = asyncio.ensure_future(reporter(node0.port, node(1, 3), then=hang_up))
        await asyncio.sleep(0.2)
        second = worker(node(1, 3), node0.port)
        result, _, _ = await gather_with(node0, first, second, worker(node(2, 3), node0.port, delay_s=0.4))
        return result

    result = asyncio.run(go())
    # The earlier connection was gone: the new one replaces it, and it is no duplicate.
    assert [r.node_rank for r in result.reports].count(1) == 1 and result.complete


def test_a_second_live_report_for_a_node_rank_is_kept_beside_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without a secret a second report for a node_rank, while the first connection is alive, may be forged: neither
    # silently wins; both are kept (node-rank-duplicate names both sources).
    monkeypatch.setattr(defaults, "MESH_PROBE_TIMEOUT_S", 0.2)  # the hand-driven first one never answers the mesh
    monkeypatch.setattr(defaults, "FRAME_TIMEOUT_S", 1.0)

    async def go() -> tuple[GatherResult, bytes]:
        node0 = Node0(3, wait_s=1.5)
        first = asyncio.ensure_future(reporter(node0.port, node(1, 3, "nodeA"), then=until_closed))
        await asyncio.sleep(0.2)
        second = worker(node(1, 3, "nodeB"), node0.port)
        result, _, _ = await gather_with(node0, first, second, worker(node(2, 3), node0.port, delay_s=0.4))
        return result, await first

    result, _ = asyncio.run(go())
    assert sorted(r.facts.hostname for r in result.reports if r.node_rank == 1) == ["nodeA", "nodeB"]


def test_a_node_that_vanishes_after_reporting_stays_in_the_gather() -> None:
    async def go() -> tuple[Node0, GatherResult, list[Any]]:
        node0 = Node0(3)
        result, _, joined = await gather_with(
            node0, reporter(node0.port, node(1, 3), then=hang_up), worker(node(2, 3), node0.port, delay_s=0.2)
        )
        return node0, result, joined

    node0, result, joined = asyncio.run(go())
    assert [r.node_rank for r in result.reports] == [0, 1, 2]
    assert joined[1][0].verdict == summary(result)
    # Its mesh share never came back; that is logged, not fatal. It is kept, but not counted as arrived (a report
    # that does not stay for the mesh could have been sent by anyone).
    assert any(e.reason.startswith("mesh results") for e in node0.of(FrameDropped))
    assert not result.complete and [i for i, _ in result.unverified] == [1]


HOSTILE = {
    "http": b"GET / HTTP/1.1\r\nHost: node0\r\n\r\n",
    "huge length": struct.pack(">I", 0x7FFFFFFF),
    "not json": struct.pack(">I", 9) + b"not json!",
    "wrong version": PLAIN.encode("report", {}).replace(b'"v":1', b'"v":9'),
    "not a report": PLAIN.encode("probes", []),
    "report of wrong shape": PLAIN.encode("report", {"config": 1}),
    "mid-frame hang-up": struct.pack(">I", 500) + b'{"v":1,"type":"report","body":{',
    "deeply nested": struct.pack(">I", 200_000) + b"[" * 100_000 + b"]" * 100_000,
}


def test_hostile_and_confused_peers_do_not_stop_the_gather(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defaults, "FRAME_TIMEOUT_S", 0.5)
    monkeypatch.setattr(defaults, "IDLE_TIMEOUT_S", 0.5)

    async def go() -> tuple[Node0, GatherResult]:
        node0 = Node0(3)
        server = asyncio.ensure_future(node0.run())
        await asyncio.sleep(0.1)
        # 500 connections that never say anything: each holds a slot until IDLE_TIMEOUT_S, none holds up the gather.
        idle = [await asyncio.open_connection(LOCAL, node0.port) for _ in range(500)]
        await asyncio.gather(*(raw_peer(node0.port, data, linger_s=0.2) for data in HOSTILE.values()))
        slow = asyncio.ensure_future(
            raw_peer(node0.port, PLAIN.encode("report", to_jsonable(node(2, 3)))[:5], linger_s=2)
        )
        joined = await asyncio.gather(worker(node(1, 3), node0.port), worker(node(2, 3), node0.port))
        result, _ = await server
        await slow
        for _, writer in idle:
            writer.close()
        assert all(j.verdict == summary(result) for j, _ in joined)
        return node0, result

    node0, result = asyncio.run(go())
    assert result.complete and len(result.reports) == 3
    # Every frame that came and was refused is counted (the verdict shows them as one warning).
    assert len(result.rejected) >= 5 and all(peer == LOCAL for peer, _ in result.rejected)
    reasons = " | ".join(e.reason for e in node0.of(FrameDropped))
    for expected in ("oversized", "malformed", "version", "expected a report", "malformed report", "mid-frame"):
        assert expected in reasons
    assert all(e.peer == LOCAL for e in node0.of(FrameDropped))


def test_a_slow_loris_frame_is_dropped_after_frame_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defaults, "FRAME_TIMEOUT_S", 0.3)

    async def trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for byte in PLAIN.encode("report", to_jsonable(node(1, 2))):
            writer.write(bytes([byte]))
            await asyncio.sleep(0.05)

    async def go() -> Node0:
        node0 = Node0(2, wait_s=1.0)
        server = asyncio.ensure_future(node0.run())
        reader, writer = await connect_soon(node0.port)
        with contextlib.suppress(asyncio.TimeoutError, OSError):
            await asyncio.wait_for(trickle(reader, writer), 1.0)
        writer.close()
        await server
        return node0

    node0 = asyncio.run(go())
    assert any("no complete frame within 0.3 s" in e.reason for e in node0.of(FrameDropped))


def test_a_flood_over_the_cap_is_turned_away_and_the_cap_frees_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defaults, "MAX_CONNECTIONS", 20)
    monkeypatch.setattr(defaults, "FRAME_TIMEOUT_S", 0.5)
    monkeypatch.setattr(defaults, "IDLE_TIMEOUT_S", 0.5)

    async def go() -> tuple[GatherResult, JoinResult]:
        node0 = Node0(2)
        server = asyncio.ensure_future(node0.run())
        await asyncio.sleep(0.1)
        flood = [await asyncio.open_connection(LOCAL, node0.port) for _ in range(40)]
        # Over the cap a connection is closed at once; the worker retries until the silent ones time out.
        joined, _ = await worker(node(1, 2), node0.port)
        result, _ = await server
        for _, writer in flood:
            writer.close()
        return result, joined

    result, joined = asyncio.run(go())
    assert result.complete and joined.verdict == summary(result)


@pytest.mark.parametrize(("client", "reason"), [(Channel(Secret(b"wrong")), "bad HMAC"), (PLAIN, "missing HMAC")])
def test_a_client_without_the_secret_is_rejected_and_named(client: Channel, reason: str) -> None:
    async def go() -> tuple[GatherResult, JoinResult, JoinResult]:
        node0 = Node0(2, wait_s=1.5, channel=SIGNED)
        result, _, joined = await gather_with(
            node0,
            worker(node(1, 2, "intruder"), node0.port, channel=client),
            worker(node(1, 2), node0.port, channel=SIGNED, delay_s=0.2),
        )
        return result, joined[0][0], joined[1][0]

    result, bad, good = asyncio.run(go())
    assert bad.verdict is None and bad.rejected is not None and reason in bad.rejected
    assert [(peer, reason in why) for peer, why in result.rejected] == [(LOCAL, True)]
    assert result.complete and [r.facts.hostname for r in result.reports] == ["node1", "node2"]
    assert good.verdict == summary(result)


def test_ctrl_c_on_node_0_gives_the_partial_verdict_to_whoever_is_there() -> None:
    async def go() -> tuple[Node0, GatherResult, JoinResult]:
        node0 = Node0(3, wait_s=20)
        loop = asyncio.get_running_loop()

        def on_event(event: Event) -> None:
            node0.events.append(event)
            if isinstance(event, NodeArrived):
                loop.call_later(0.1, os.kill, os.getpid(), signal.SIGINT)

        node0.coordinator.on_event = on_event
        start = time.monotonic()
        result, _, joined = await gather_with(node0, worker(node(1, 3), node0.port))
        assert time.monotonic() - start < 5
        return node0, result, joined[0][0]

    node0, result, joined = asyncio.run(go())
    assert result.interrupted and not result.complete
    assert node0.decided == [result] and [r.node_rank for r in result.reports] == [0, 1]
    assert joined.verdict == summary(result) and joined.verdict["interrupted"] is True
    # The handler is gone again: a later Ctrl-C is the default one.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_cancelling_node_0_gives_the_partial_verdict() -> None:
    async def go() -> GatherResult:
        node0 = Node0(3, wait_s=20)
        server = asyncio.ensure_future(node0.run())
        client = asyncio.ensure_future(worker(node(1, 3), node0.port))
        await asyncio.sleep(0.5)
        server.cancel()
        result, _ = await server
        await client
        return result

    assert asyncio.run(go()).interrupted


def test_a_report_with_unencodable_text_does_not_crash_node_0() -> None:
    # Valid JSON (an escaped lone surrogate) that Python decodes but cannot encode back to UTF-8 for the verdict.
    body = json.dumps(to_jsonable(node(1, 2))).replace('"node2"', '"\\ud800"')
    payload = ('{"v":1,"type":"report","body":' + body + "}").encode()

    async def go() -> GatherResult:
        node0 = Node0(2, wait_s=1.0)
        server = asyncio.ensure_future(node0.run())
        await asyncio.sleep(0.1)
        await raw_peer(node0.port, struct.pack(">I", len(payload)) + payload, linger_s=0.5)
        result, _ = await server
        return result

    result = asyncio.run(go())
    # Taken, its text made safe at the door (U+FFFD); kept out of the count: it left before the mesh.
    assert [r.facts.hostname for r in result.reports] == ["node1", "\ufffd"]


@pytest.mark.parametrize(
    "answer",
    [b"", b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", PLAIN.encode("verdict", {"not": "a welcome"})],
    ids=["silent", "ssh", "a frame but no welcome"],
)
def test_another_program_on_the_port_is_foreign(answer: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defaults, "WELCOME_TIMEOUT_S", 0.3)

    async def impostor(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(answer)
        with contextlib.suppress(OSError, asyncio.TimeoutError):
            await asyncio.wait_for(reader.read(), 2)
        writer.close()

    async def go() -> tuple[JoinResult, list[Event]]:
        server = await asyncio.start_server(impostor, LOCAL, 0)
        async with server:
            return await worker(node(1, 2), int(server.sockets[0].getsockname()[1]), wait_s=1.0)

    result, events = asyncio.run(go())
    assert result.verdict is None and result.probe.outcome == "foreign" and result.attempts >= 2
    assert {e.outcome for e in events if isinstance(e, ConnectAttempt)} == {"foreign"}


def test_nothing_listening_is_refused_after_backing_off() -> None:
    port = free_port()
    start = time.monotonic()
    result, events = asyncio.run(worker(node(1, 2), port, wait_s=1.0))
    assert 0.6 < time.monotonic() - start < 2.0
    assert result.verdict is None and result.probe.outcome == "refused" and result.probe.port == port
    assert result.probe.attempts == result.attempts > 1
    attempts = [e for e in events if isinstance(e, ConnectAttempt)]
    assert [e.attempt for e in attempts] == list(range(1, result.attempts + 1))
    gaps = [b.elapsed_s - a.elapsed_s for a, b in itertools.pairwise(attempts)]
    assert gaps == sorted(gaps) and gaps[0] < 0.2  # back-off: the first retry is fast, then the gaps grow


def test_listening_on_all_addresses_and_rebinding_a_port_just_used() -> None:
    port = free_port("0.0.0.0")

    async def once(host: str) -> GatherResult:
        node0 = Node0(2, port=port)
        result, _, _ = await gather_with(node0, join(node(1, 2), host=host, port=port, wait_s=5), host="")
        return result

    # node 0 closed the first gather's connections itself, so the port sits in TIME_WAIT: reuse_address binds it.
    first, second = asyncio.run(once("127.0.0.9")), asyncio.run(once(LOCAL))
    assert first.complete and second.complete
