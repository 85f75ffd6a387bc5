"""The mesh on real loopback sockets: listeners where gloo/NCCL would listen, repeated connects, node 0's mesh phase."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
import struct
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from distdoctor import defaults
from distdoctor.gather.coordinator import Coordinator, GatherResult
from distdoctor.gather.join import JoinResult, join
from distdoctor.gather.plan import mesh_pairs
from distdoctor.gather.probing import MeshListener, Target, probe_targets, start_listener
from distdoctor.gather.wire import PLAIN, Channel
from distdoctor.model import Endpoint, NodeReport, PairProbe
from distdoctor.model.codec import to_jsonable
from distdoctor.model.progress import Event, FrameDropped, MeshDone, MeshStarted
from distdoctor.model.secret import Secret
from testbed.recorded import HEALTHY_MASTER, config, facts

pytestmark = pytest.mark.timeout(30)


def closed_port(address: str) -> int:
    """A port on address that nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind((address, 0))
        return int(s.getsockname()[1])


def address_of(i: int) -> str:
    """One loopback address per simulated node: 127.1.x.y (all of 127/8 is local on Linux)."""
    return f"127.1.{i // 250}.{i % 250 + 1}"


def probe(targets: Sequence[Target], **kwargs: Any) -> list[PairProbe]:
    return asyncio.run(probe_targets(0, targets, **kwargs))


async def _listening(address: str) -> tuple[MeshListener, list[PairProbe]]:
    listener = await start_listener(address, "lo")
    try:
        target = Target(1, listener.endpoint.address, listener.endpoint.port)
        return listener, await probe_targets(0, [target], tries=3)
    finally:
        await listener.close()


def test_a_listener_on_its_own_loopback_address_answers_every_probe() -> None:
    listener, probes = asyncio.run(_listening("127.0.0.5"))
    assert listener.endpoint == Endpoint("127.0.0.5", listener.endpoint.port, "lo") and listener.endpoint.port > 0
    (pair,) = probes
    assert (pair.src, pair.dst, pair.address, pair.port) == (0, 1, "127.0.0.5", listener.endpoint.port)
    assert pair.outcomes == ("open", "open", "open") and pair.ok
    assert len(pair.latencies_s) == 3 and all(0 <= t < 1 for t in pair.latencies_s)
    # The first connect also carried the payload, and the listener counted every byte of it.
    assert (pair.payload, pair.payload_bytes) == ("delivered", defaults.MESH_PAYLOAD_BYTES) and pair.payload_s < 2


def test_a_listener_hangs_up_on_what_is_not_a_payload_within_its_bounds() -> None:
    async def send(port: int, data: bytes) -> tuple[bytes, float]:
        reader, writer = await asyncio.open_connection("127.0.0.8", port)
        start = time.monotonic()
        writer.write(data)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 5)  # EOF: the listener hung up
        writer.close()
        return answer, time.monotonic() - start

    async def go() -> list[tuple[bytes, float]]:
        listener = await start_listener("127.0.0.8")
        try:
            port = listener.endpoint.port
            oversized = struct.pack("!4sI", b"DDm1", defaults.MESH_PAYLOAD_MAX_BYTES + 1)
            return [await send(port, b"GET / HTTP/1.0\r\n\r\n"), await send(port, oversized)]
        finally:
            await listener.close()

    for answer, took in asyncio.run(go()):
        assert answer == b"" and took < 1  # no count, at once, nothing read past the header


def test_a_payload_its_listener_never_reads_is_unanswered_not_lost() -> None:
    # A listener that accepts and then reads nothing (a busy node): the bytes wait in its kernel, held back by flow
    # control, and none is lost on the way, so the pair does not read as a path that drops large frames. Frames
    # really dropped on a path (resent, never acknowledged) read "stalled": tests/cluster/test_net_pick_cluster.py.
    async def go() -> PairProbe:
        silent = await asyncio.start_server(lambda r, w: asyncio.sleep(5), "127.0.0.9", 0)
        port = int(silent.sockets[0].getsockname()[1])
        try:
            (pair,) = await probe_targets(
                0, [Target(1, "127.0.0.9", port)], tries=1, payload_bytes=8 << 20, payload_timeout_s=0.5
            )
        finally:
            silent.close()
        return pair

    pair = asyncio.run(go())
    assert pair.ok and pair.payload == "unanswered" and not pair.payload_lost and 0.5 <= pair.payload_s < 2


def test_a_closed_port_is_refused_every_time() -> None:
    (pair,) = probe([Target(3, "127.0.0.6", closed_port("127.0.0.6"))], tries=3)
    assert pair.outcomes == ("refused",) * 3 and pair.latencies_s == () and pair.failed and pair.failure == "refused"


def test_a_closed_listener_is_refused() -> None:
    async def go() -> list[PairProbe]:
        listener = await start_listener("127.0.0.7")
        await listener.close()
        return await probe_targets(0, [Target(1, "127.0.0.7", listener.endpoint.port)], tries=2)

    assert asyncio.run(go())[0].outcomes == ("refused", "refused")


@contextlib.contextmanager
def full_backlog(address: str) -> Any:
    """A listener that never accepts, its accept queue already full: Linux drops further SYNs, as a DROP rule would."""
    server = socket.create_server((address, 0), backlog=0)
    port = server.getsockname()[1]
    fillers = []
    for _ in range(4):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex((address, port))
        fillers.append(s)
    time.sleep(0.1)
    try:
        yield port
    finally:
        for s in fillers:
            s.close()
        server.close()


def test_a_dropped_connect_times_out_within_the_probe_timeout() -> None:
    with full_backlog("127.0.0.8") as port:
        start = time.monotonic()
        (pair,) = probe([Target(1, "127.0.0.8", port)], tries=2, timeout_s=0.3)
    assert pair.outcomes == ("timed-out", "timed-out")
    assert time.monotonic() - start < 1.5


def test_many_targets_are_probed_at_once_within_the_concurrency_bound() -> None:
    async def go() -> tuple[list[PairProbe], float]:
        listeners = [await start_listener(address_of(i)) for i in range(40)]
        try:
            targets = [Target(i, lst.endpoint.address, lst.endpoint.port) for i, lst in enumerate(listeners)]
            targets.append(Target(99, "127.0.0.6", closed_port("127.0.0.6")))
            with full_backlog("127.0.0.8") as dropped:
                targets.append(Target(98, "127.0.0.8", dropped))
                start = time.monotonic()
                probes = await probe_targets(7, targets, tries=2, timeout_s=0.5, concurrency=8)
                return probes, time.monotonic() - start
        finally:
            for lst in listeners:
                await lst.close()

    probes, elapsed = asyncio.run(go())
    assert [p.dst for p in probes] == [*range(40), 99, 98] and all(p.src == 7 for p in probes)
    assert all(p.ok for p in probes[:40])
    assert probes[40].failure == "refused" and probes[41].failure == "timed-out"
    # Two half-second timeouts for the dropped target, in parallel with everything else: not 84 connects in a row.
    assert elapsed < 2.5


# node 0's mesh phase: every node reports its listener, node 0 hands out targets, the probes come back to it.


def node(rank: int, nnodes: int, endpoint: Endpoint | None) -> NodeReport:
    flags = {"nnodes": str(nnodes), "node_rank": str(rank), "master_addr": "127.0.0.1"}
    base = facts(HEALTHY_MASTER) if rank == 0 else facts()
    return NodeReport(config(flags=flags), facts(base, hostname=f"node{rank + 1}"), mesh_endpoint=endpoint)


def free_port() -> int:
    return closed_port("127.0.0.1")


@contextlib.asynccontextmanager
async def listeners(n: int) -> AsyncIterator[list[MeshListener]]:
    started = [await start_listener(address_of(i)) for i in range(n)]
    try:
        yield started
    finally:
        for lst in started:
            await lst.close()


def decide(result: GatherResult) -> dict[str, Any]:
    return {"nodes": len(result.reports), "probes": len(result.probes)}


async def mesh_gather(
    n: int, *, wait_s: float = 10.0, endpoints: dict[int, Endpoint | None] | None = None
) -> tuple[GatherResult, list[JoinResult], list[Event]]:
    """n nodes in one event loop: node 0 coordinates, n - 1 workers join, each with its own listener."""
    events: list[Event] = []
    port = free_port()
    async with listeners(n) as started:
        ends = {i: lst.endpoint for i, lst in enumerate(started)} | (endpoints or {})
        coordinator = Coordinator(node(0, n, ends[0]), n, wait_s, PLAIN, events.append)
        server = asyncio.ensure_future(coordinator.run("127.0.0.1", port, decide))
        workers = [join(node(i, n, ends[i]), host="127.0.0.1", port=port, wait_s=wait_s) for i in range(1, n)]
        joined = await asyncio.gather(*workers)
        result, _ = await server
    return result, list(joined), events


def by_pair(result: GatherResult) -> dict[tuple[int, int], PairProbe]:
    return {(p.src, p.dst): p for p in result.probes}


def test_four_nodes_probe_the_full_mesh() -> None:
    result, joined, events = asyncio.run(mesh_gather(4))
    assert result.complete
    rank_at = [r.node_rank for r in result.reports]
    pairs = by_pair(result)
    assert sorted(pairs) == mesh_pairs(4)
    for (src, dst), pair in pairs.items():
        assert pair.ok and len(pair.outcomes) == defaults.MESH_PROBES_PER_PAIR, (src, dst)
        endpoint = result.reports[dst].mesh_endpoint
        assert endpoint is not None and (pair.address, pair.port) == (endpoint.address, endpoint.port)
    assert rank_at[0] == 0
    assert all(j.verdict == {"nodes": 4, "probes": 12} for j in joined)
    assert [e for e in events if isinstance(e, MeshStarted)] == [MeshStarted(4, 12)]
    done = [e for e in events if isinstance(e, MeshDone)]
    assert len(done) == 1 and done[0].probes == 12 and done[0].failed == 0


def test_a_node_whose_listener_is_gone_fails_every_pair_towards_it() -> None:
    ghost = Endpoint("127.0.0.6", closed_port("127.0.0.6"))
    result, _, _ = asyncio.run(mesh_gather(4, endpoints={2: ghost}))
    index = next(i for i, r in enumerate(result.reports) if r.node_rank == 2)
    for (src, dst), pair in by_pair(result).items():
        assert pair.failed == (dst == index), (src, dst)
        if dst == index:
            assert pair.failure == "refused" and pair.address == "127.0.0.6"


def test_a_node_without_a_listener_is_left_out_of_the_targets() -> None:
    result, joined, _ = asyncio.run(mesh_gather(3, endpoints={1: None}))
    index = next(i for i, r in enumerate(result.reports) if r.node_rank == 1)
    assert all(p.dst != index for p in result.probes)
    assert {p.src for p in result.probes} == {0, 1, 2}  # it still probes the others
    assert all(j.verdict is not None for j in joined)


async def _mesh_liar(port: int, report: NodeReport, claim_src: int) -> Any:
    """A node that answers node 0's mesh request with probes it claims another node made."""
    for _ in range(40):
        with contextlib.suppress(ConnectionRefusedError):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            break
        await asyncio.sleep(0.05)
    try:
        assert (await PLAIN.read(reader, 2)).type == "welcome"
        writer.write(PLAIN.encode("report", to_jsonable(report)))
        while (message := await PLAIN.read(reader, 5)).type != "mesh":
            pass
        forged = [PairProbe(claim_src, 1, "127.0.0.1", 1, ("refused",), ())]
        writer.write(PLAIN.encode("probes", to_jsonable(forged)))
        while (message := await PLAIN.read(reader, 5)).type != "verdict":
            pass
        return message.body
    finally:
        writer.close()


def test_a_node_cannot_speak_for_another_nodes_probes() -> None:
    async def go() -> GatherResult:
        port = free_port()
        async with listeners(2) as started:
            coordinator = Coordinator(node(0, 2, started[0].endpoint), 2, 5.0, PLAIN, lambda e: None)
            server = asyncio.ensure_future(coordinator.run("127.0.0.1", port, decide))
            await _mesh_liar(port, node(1, 2, started[1].endpoint), claim_src=0)
            result, _ = await server
        return result

    result = asyncio.run(go())
    assert [(p.src, p.dst, p.ok) for p in result.probes] == [(0, 1, True)]


def test_a_node_that_never_answers_the_mesh_leaves_its_pairs_unprobed(monkeypatch: pytest.MonkeyPatch) -> None:
    # node 0 waits for a node's probes a bounded time, derived from these: shrink them for the test.
    monkeypatch.setattr(defaults, "MESH_PROBE_TIMEOUT_S", 0.1)
    monkeypatch.setattr(defaults, "FRAME_TIMEOUT_S", 0.3)
    monkeypatch.setattr(defaults, "MESH_PAYLOAD_TIMEOUT_S", 0.3)

    async def silent_node(port: int, report: NodeReport) -> None:
        for _ in range(40):
            with contextlib.suppress(ConnectionRefusedError):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                break
            await asyncio.sleep(0.05)
        writer.write(PLAIN.encode("report", to_jsonable(report)))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(reader.read(), 5)  # reads everything, answers nothing
        writer.close()

    async def go() -> tuple[GatherResult, list[Event], float]:
        events: list[Event] = []
        port = free_port()
        async with listeners(3) as started:
            coordinator = Coordinator(node(0, 3, started[0].endpoint), 3, 5.0, PLAIN, events.append)
            server = asyncio.ensure_future(coordinator.run("127.0.0.1", port, decide))
            mute = asyncio.ensure_future(silent_node(port, node(2, 3, started[2].endpoint)))
            start = time.monotonic()
            joined = await join(node(1, 3, started[1].endpoint), host="127.0.0.1", port=port, wait_s=5)
            result, _ = await server
            await mute
        assert joined.verdict == decide(result)  # the node that did answer still gets the verdict
        return result, events, time.monotonic() - start

    result, events, elapsed = asyncio.run(go())
    silent = next(i for i, r in enumerate(result.reports) if r.node_rank == 2)
    assert {p.src for p in result.probes} == {0, 1, 2} - {silent}
    assert len(result.probes) == 4 and all(p.ok for p in result.probes)
    assert any(isinstance(e, FrameDropped) and e.reason.startswith("mesh results") for e in events)
    assert elapsed < 3


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_256_node_gather_with_its_sampled_mesh_takes_seconds() -> None:
    start = time.monotonic()
    result, joined, events = asyncio.run(mesh_gather(256, wait_s=30))
    elapsed = time.monotonic() - start
    assert result.complete and len(result.reports) == 256
    assert sorted(r.node_rank or 0 for r in result.reports) == list(range(256))
    assert sorted(by_pair(result)) == mesh_pairs(256) and all(p.ok for p in result.probes)
    assert all(j.verdict == {"nodes": 256, "probes": len(result.probes)} for j in joined)
    assert len({dataclasses.astuple(r.mesh_endpoint)[0] for r in result.reports if r.mesh_endpoint}) == 256
    assert elapsed < 15, f"256 nodes took {elapsed:.1f} s"
    assert next(e for e in events if isinstance(e, MeshStarted)).pairs == len(mesh_pairs(256))


def test_a_sampled_mesh_stops_at_the_first_open_connect_and_retries_only_failures() -> None:
    async def go() -> list[PairProbe]:
        listener = await start_listener("127.0.0.10")
        try:
            targets = [
                Target(1, "127.0.0.10", listener.endpoint.port),
                Target(2, "127.0.0.11", closed_port("127.0.0.11")),
            ]
            return await probe_targets(0, targets, tries=3, until_open=True)
        finally:
            await listener.close()

    opened, refused = asyncio.run(go())
    assert opened.outcomes == ("open",) and opened.payload == "delivered"
    assert refused.outcomes == ("refused",) * 3


def test_closing_a_listener_ends_the_connections_it_still_holds() -> None:
    async def go() -> tuple[bytes, float]:
        listener = await start_listener("127.0.0.12")
        reader, writer = await asyncio.open_connection("127.0.0.12", listener.endpoint.port)
        # Half a payload, then nothing: the listener holds it until its deadline, or until it closes.
        writer.write(struct.pack("!4sI", b"DDm1", 1 << 20) + bytes(1000))
        await writer.drain()
        await asyncio.sleep(0.2)
        start = time.monotonic()
        await listener.close()
        answer = await asyncio.wait_for(reader.read(), 5)
        writer.close()
        return answer, time.monotonic() - start

    answer, took = asyncio.run(go())
    assert answer == b"" and took < 1


def test_with_a_secret_only_payloads_that_answer_the_listener_s_challenge_get_a_slot() -> None:
    ours, theirs = Channel(Secret(b"run-secret")), Channel(Secret(b"another-run"))

    async def unsigned(port: int) -> tuple[bytes, float]:
        # The header as a node without the secret sends it: hung up on at once, no slot taken, nothing counted.
        reader, writer = await asyncio.open_connection("127.0.0.13", port)
        start = time.monotonic()
        writer.write(struct.pack("!4sI", b"DDm1", 1000) + bytes(1000))
        answer = await asyncio.wait_for(reader.read(), 5)
        writer.close()
        return answer, time.monotonic() - start

    async def go() -> tuple[PairProbe, PairProbe, tuple[bytes, float]]:
        listener = await start_listener("127.0.0.13", channel=ours)
        try:
            target = [Target(1, "127.0.0.13", listener.endpoint.port)]
            (good,) = await probe_targets(0, target, tries=1, channel=ours)
            (bad,) = await probe_targets(0, target, tries=1, channel=theirs, payload_timeout_s=1.0)
            return good, bad, await unsigned(listener.endpoint.port)
        finally:
            await listener.close()

    good, bad, (answer, took) = asyncio.run(go())
    assert good.payload == "delivered"
    assert bad.ok and bad.payload == "closed"  # the connect works; the payload is refused
    assert answer.startswith(b"DDc1") and b"DDa1" not in answer and took < 1


def test_a_listener_out_of_descriptors_waits_and_then_serves_again() -> None:
    # At the fd limit accept() fails with EMFILE while the listening socket stays readable: the listener must look
    # again later (not spin on the loop), and count payloads again once descriptors are free.
    code = r"""
import asyncio, resource, socket, time
from distdoctor.gather.probing import Target, probe_targets, start_listener

async def main():
    listener = await start_listener("127.0.0.9")
    port = listener.endpoint.port
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))
    fillers = []
    try:
        while True:
            fillers.append(socket.socket())
    except OSError:
        pass
    waiting = [fillers.pop() for _ in range(2)]  # room for two clients' sockets, none for the accepted ones
    for s in waiting:
        s.close()
    clients = [socket.create_connection(("127.0.0.9", port)) for _ in range(2)]
    cpu = time.process_time()
    await asyncio.sleep(1.0)
    spun = time.process_time() - cpu
    for s in fillers + clients:
        s.close()
    (pair,) = await probe_targets(0, [Target(1, "127.0.0.9", port)], tries=1, payload_bytes=4096)
    await listener.close()
    print(f"{spun:.3f} {pair.payload}")

asyncio.run(main())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    spun, payload = out.stdout.split()
    assert float(spun) < 0.3 and payload == "delivered", out.stdout
