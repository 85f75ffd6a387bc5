"""node_rank 0's side: take every node's report on the master port, run the mesh, hand out one verdict."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from distdoctor import defaults
from distdoctor.gather.admit import address_mismatch, answered, capped_addresses, refused
from distdoctor.gather.plan import mesh_pairs, repair_pairs, suspects_from, targets_by_source
from distdoctor.gather.probing import Target, probe_targets
from distdoctor.gather.server import Connection, Server
from distdoctor.gather.wire import PLAIN, Channel, FrameError, Link, Prepared, new_nonce
from distdoctor.model import NodeReport, PairProbe
from distdoctor.model.codec import DecodeError, from_jsonable, to_jsonable
from distdoctor.model.progress import (
    EventSink,
    FrameDropped,
    Listening,
    MeshDone,
    MeshStarted,
    NodeArrived,
    StillMissing,
)

# Refused frames kept with their sender and reason (the rest are only counted): memory stays bounded under a flood.
MAX_REJECTED_KEPT = 1000
# Reasons that are about the connection, not a frame that came: not counted as refused.
_NOT_A_FRAME = ("connection closed", "connection lost", "no complete frame", "no frame within")


@dataclass(eq=False)  # peers are compared by identity: 4096 field-by-field compares per removal add up
class _Peer:
    report: NodeReport
    conn: Connection
    arrived_s: float
    link: Link
    unverified: str = ""  # why it does not count as arrived (its facts do not hold up); "" when it does

    def gone(self) -> bool:
        """Its connection closed or broke: a node that reconnects, or a sender that did not stay."""
        return self.conn.gone()


# Over the caps or too late: said in a frame, so the client does not take node 0 for another program.
_REFUSAL = PLAIN.encode("rejected", {"reason": "node 0 is busy or done gathering"})
_BEAT_MISSING_MAX = 256


def _beat_interval_s(nodes: int) -> float:
    """Seconds between beats: every HEARTBEAT_S up to 1024 nodes, then longer (a beat to 4096 nodes is 4096
    frames), never so long that a worker could take three missed beats for node 0 gone."""
    return defaults.HEARTBEAT_S * min(max(1.0, nodes / 1024), defaults.HEARTBEAT_MISSES / 3)


def _mesh_round_s() -> float:
    """One round of the mesh on a remote node, at most: its probes, then its answer."""
    return (
        defaults.MESH_PROBES_PER_PAIR * defaults.MESH_PROBE_TIMEOUT_S * 2
        + defaults.MESH_PAYLOAD_TIMEOUT_S
        + defaults.FRAME_TIMEOUT_S
    )


@dataclass(frozen=True)
class GatherResult:
    """Everything node 0 learned: reports (its own first), how long it waited, and the mesh probes."""

    reports: tuple[NodeReport, ...]
    arrived_s: tuple[float, ...]
    expected: int
    waited_s: float
    complete: bool
    interrupted: bool
    rejected: tuple[tuple[str, str], ...]
    probes: tuple[PairProbe, ...] = ()
    mesh_s: float = 0.0
    rejected_more: int = 0  # refused frames beyond the MAX_REJECTED_KEPT kept in `rejected`
    # Reports kept but not counted as arrived: (index into reports, why). Their node_ranks stay missing.
    unverified: tuple[tuple[int, str], ...] = ()


@dataclass
class Coordinator:
    """Serves one gather on (host, port). Use `run()`; it never raises for what a peer sends."""

    own: NodeReport
    expected: int
    wait_s: float = defaults.GATHER_WAIT_S
    channel: Channel = field(default_factory=Channel)
    on_event: EventSink = field(default=lambda e: None)
    peers: list[_Peer] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    rejected_more: int = 0
    server: Server | None = None
    _verdict_by: float = 0.0  # monotonic time by which node 0 means to send the verdict, told in every beat
    _serial: Iterator[int] = field(default_factory=itertools.count)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _stop: asyncio.Event = field(default_factory=asyncio.Event)
    _closing: bool = False
    _ranks: set[int] = field(default_factory=set)
    # Each node_rank's peers: arrivals and reconnects touch one rank's list, so 4096 arrivals are not 4096² steps.
    _by_rank: dict[int, list[_Peer]] = field(default_factory=dict)
    _nonce: str = field(default_factory=new_nonce)

    def __post_init__(self) -> None:
        self._ranks.add(self.own.node_rank)

    def arrived_ranks(self) -> set[int]:
        return self._ranks

    def _recount(self) -> None:
        self._ranks = {self.own.node_rank} | {p.report.node_rank for p in self.peers if not p.unverified}

    def _recount_rank(self, rank: int) -> None:
        if rank == self.own.node_rank or any(not p.unverified for p in self._by_rank.get(rank, ())):
            self._ranks.add(rank)
        else:
            self._ranks.discard(rank)

    def missing(self) -> tuple[int, ...]:
        arrived = self.arrived_ranks()
        return tuple(r for r in range(self.expected) if r not in arrived)

    def _complete(self) -> bool:
        # Cheap while ranks are still arriving: only a full count can mean none is missing.
        return len(self._ranks) >= self.expected and not self.missing()

    async def _handle(self, conn: Connection) -> bool:
        """One connection: its report kept (True: the connection stays open for the mesh and the verdict)."""
        peer = conn.source
        if self._closing:
            await conn.send_frame(_REFUSAL)
            return False
        # A nonce for this connection (the run's, numbered): no signed frame of another run or connection fits.
        link = self.channel.serve(f"{self._nonce}{next(self._serial):08x}")
        await conn.send(link, "welcome", {"expected": self.expected, "nonce": link.nonce})
        try:
            message = await conn.read(link)
            if message.type != "report":
                raise FrameError(f"expected a report, got {message.type!r}")
            report = from_jsonable(NodeReport, message.body)
        except FrameError as exc:
            await self._drop(peer, exc.reason, conn)
            return False
        except DecodeError as exc:
            await self._drop(peer, f"malformed report ({str(exc)[:200]})", conn)
            return False
        reason = refused(report, self.expected)
        if reason:
            await self._drop(peer, reason, conn)
            return False
        if self.server is not None:
            self.server.favour(peer)
        # node 0 runs the local rules on every node's facts itself: findings a peer sends are not taken.
        report = dataclasses.replace(report, seen_from=peer, findings=())
        self._forget_earlier_connection(report)
        arrived = _Peer(report, conn, time.monotonic(), link, address_mismatch(report, peer) or "")
        self.peers.append(arrived)
        self._by_rank.setdefault(report.node_rank, []).append(arrived)
        self._recount_rank(report.node_rank)
        self.on_event(NodeArrived(report.node_rank, report.facts.hostname, peer, len(self._ranks), self.expected))
        self._changed.set()
        return True

    async def _drop(self, peer: str, reason: str, conn: Connection) -> None:
        self.on_event(FrameDropped(peer, reason))
        if not reason.startswith(_NOT_A_FRAME):
            # Counted, and shown as one line of the verdict: a frame that came and was refused.
            if len(self.rejected) < MAX_REJECTED_KEPT:
                self.rejected.append((peer, reason))
            else:
                self.rejected_more += 1
        if "HMAC" in reason:
            # Unsigned, so a client with another secret can still read why it was turned away.
            await conn.send(PLAIN, "rejected", {"reason": reason})

    def _forget_earlier_connection(self, report: NodeReport) -> None:
        """A node that reconnects (its first connection gone) replaces its earlier report; while the earlier
        connection is alive, a second report for the node_rank is kept beside it (node-rank-duplicate)."""
        same_rank = self._by_rank.get(report.node_rank, [])
        for old in [p for p in same_rank if p.gone()]:
            same_rank.remove(old)
            self.peers.remove(old)
            old.conn.close()

    def _beat(self) -> dict[str, Any]:
        """A heartbeat: who is in, and how long node 0 may still take to the verdict (workers wait that long)."""
        return {
            "arrived": len(self.arrived_ranks()),
            "expected": self.expected,
            # The first ones: a beat goes to every node each second, and 4096 node_ranks would be 20 KB.
            "missing": list(self.missing()[:_BEAT_MISSING_MAX]),
            "verdict_within_s": round(max(0.0, self._verdict_by - time.monotonic()), 1),
        }

    async def _broadcast(self, prepared: Prepared, *, droppable: bool = False) -> None:
        """One body, serialised once, to every node on its own link (its nonces, its sequence)."""
        await self._send_all(
            [(p, p.link.encode_prepared(prepared)) for p in self.peers if not self._skip(p, droppable)]
        )

    @staticmethod
    def _skip(peer: _Peer, droppable: bool) -> bool:
        # A droppable frame (a beat) is not even numbered for a node that has not read the last ones: a skipped
        # frame must not use up a sequence number.
        return droppable and peer.conn.backed_up

    @staticmethod
    async def _send_all(frames: list[tuple[_Peer, bytes]]) -> None:
        """Every frame written at once, in the order numbered (a mesh request numbered later on the same link must
        not overtake it), then each slow reader waited for."""
        written = [p.conn for p, frame in frames if p.conn.write(frame)]
        # Only the backed-up ones are waited for: a task per connection, for 4096 nodes at every beat, costs node 0
        # more than the writes.
        slow = [conn.drain() for conn in written if conn.backed_up]
        if slow:
            await asyncio.gather(*slow, return_exceptions=True)

    async def _wait_for_nodes(self, start: float) -> bool:
        """Until every node_rank is in, the wait runs out, or Ctrl-C; True when interrupted."""
        try:
            await self._wait_loop(start)
        except asyncio.CancelledError:
            # Cancelled (Ctrl-C under asyncio.run, or a caller's cancel): stop waiting, still give the verdict.
            task = asyncio.current_task()
            if task is not None and hasattr(task, "uncancel"):
                task.uncancel()
            self._stop.set()
        return self._stop.is_set()

    async def _wait_loop(self, start: float) -> None:
        deadline = start + self.wait_s
        # The gather's end, then at most two mesh rounds (the second re-pairs suspects) and the rules.
        self._verdict_by = deadline + 2 * _mesh_round_s() + defaults.FRAME_TIMEOUT_S
        last_beat = start
        every = _beat_interval_s(self.expected)
        while not self._complete() and time.monotonic() < deadline and not self._stop.is_set():
            self._changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(every, deadline - time.monotonic()))
            if time.monotonic() - last_beat < every:
                # An arrival woke us: beats go out on the clock, or 4096 arrivals would send 4096² of them.
                await asyncio.sleep(0.05)  # let a burst of arrivals land before counting again
                continue
            last_beat = time.monotonic()
            elapsed = last_beat - start
            missing = self.missing()
            if missing:
                self.on_event(StillMissing(missing, elapsed, self.wait_s))
            await self._broadcast(self.channel.prepare("waiting", self._beat()), droppable=True)

    async def _beat_until_verdict(self) -> None:
        """After the gather: a beat each HEARTBEAT_S to every node until the verdict goes out (cancelled then)."""
        self._verdict_by = time.monotonic() + 2 * _mesh_round_s() + defaults.FRAME_TIMEOUT_S
        while True:
            await self._broadcast(self.channel.prepare("waiting", self._beat()), droppable=True)
            await asyncio.sleep(_beat_interval_s(self.expected))

    async def _mesh_round(self, reports: list[NodeReport], pairs: list[tuple[int, int]]) -> list[PairProbe]:
        by_source = targets_by_source(pairs)

        def targets(src: int) -> list[dict[str, Any]]:
            result: list[dict[str, Any]] = []
            for dst in by_source.get(src, []):
                endpoint = reports[dst].mesh_endpoint
                if endpoint:
                    result.append({"index": dst, "address": endpoint.address, "port": endpoint.port})
            # Forged reports may all name one third host: a few connects per address, however many name it.
            return [result[k] for k in capped_addresses([str(t["address"]) for t in result])]

        async def remote(i: int, peer: _Peer, asked: list[dict[str, Any]]) -> list[PairProbe]:
            await peer.conn.drain()
            try:
                message = await peer.conn.read(peer.link, _mesh_round_s())
                if message.type != "probes":
                    raise FrameError(f"expected its mesh results, got {message.type!r}")
                probes = from_jsonable(tuple[PairProbe, ...], message.body)
            except (FrameError, DecodeError) as exc:
                reason = exc.reason if isinstance(exc, FrameError) else str(exc)[:200]
                self.on_event(FrameDropped(peer.report.seen_from, f"mesh results: {reason}"))
                # A node that does not take part in the mesh has not shown it is there: not counted as arrived.
                peer.unverified = peer.unverified or f"it did not answer node 0's mesh request ({reason})"
                return []
            # A node may only speak for its own probes, to the targets it was asked about.
            return answered(probes, i, {t["index"]: (t["address"], t["port"]) for t in asked})

        own_targets = [Target(**t) for t in targets(0)]
        # Every request written in one pass, then the answers awaited: at 4096 nodes, sending each request from
        # its own task spread them over seconds, and the round waits for the last node to start.
        asked = {i: targets(i) for i in range(1, len(self.peers) + 1)}
        # A sampled mesh retries a pair only where it failed: its thousands of healthy pairs need one connect each.
        sampled = len(pairs) < len(reports) * (len(reports) - 1)
        for i, peer in enumerate(self.peers, start=1):
            body = {"src": i, "targets": asked[i], "tries": defaults.MESH_PROBES_PER_PAIR, "until_open": sampled}
            peer.conn.write(peer.link.encode("mesh", body))
        rounds = [probe_targets(0, own_targets, until_open=sampled, channel=self.channel)]
        rounds += [remote(i, p, asked[i]) for i, p in enumerate(self.peers, start=1)]
        return [p for chunk in await asyncio.gather(*rounds) for p in chunk]

    async def _mesh(self) -> tuple[list[PairProbe], float]:
        reports = [self.own, *(p.report for p in self.peers)]
        start = time.monotonic()
        pairs = mesh_pairs(len(reports))
        self.on_event(MeshStarted(len(reports), len(pairs)))
        probes = await self._mesh_round(reports, pairs)
        suspects = suspects_from(probes)
        if suspects and len(pairs) < len(reports) * (len(reports) - 1):
            # Sampled mesh: re-pair each suspect with healthy nodes to tell a bad node from one bad link.
            healthy = [i for i in range(len(reports)) if i not in suspects]
            probes += await self._mesh_round(reports, repair_pairs(suspects, healthy, len(reports)))
        elapsed = time.monotonic() - start
        self.on_event(MeshDone(len(probes), sum(1 for p in probes if not p.ok), elapsed))
        return probes, elapsed

    async def run(
        self,
        host: str,
        port: int,
        decide: Callable[[GatherResult], Any],
        *,
        mesh: bool = True,
        for_workers: Callable[[Any], Any] = to_jsonable,
        meanwhile: Callable[[tuple[NodeReport, ...]], object] | None = None,
    ) -> tuple[GatherResult, Any]:
        """Gather, probe, decide (the caller's rules: pure, run in a thread), send the verdict to every node; the
        result and the verdict. `meanwhile` gets the gathered reports in a thread while the mesh runs (rules that
        need no mesh: node 0 waits on its workers then)."""
        server = self.server = Server(self._handle, refusal=_REFUSAL)
        await server.start(host or None, port)
        self.on_event(Listening(host or "0.0.0.0", port, self.expected))
        loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGINT, self._stop.set)  # Ctrl-C: stop waiting, give the partial verdict
        start = time.monotonic()
        beats: asyncio.Task[None] | None = None
        try:
            interrupted = await self._wait_for_nodes(start)
            waited = time.monotonic() - start
            self._closing = True
            server.stop_accepting()
            # Workers done with their share of the mesh wait for the verdict: keep them hearing from node 0.
            beats = asyncio.create_task(self._beat_until_verdict())
            gathered = (self.own, *(p.report for p in self.peers))
            early = asyncio.ensure_future(asyncio.to_thread(meanwhile, gathered)) if meanwhile else None
            probes, mesh_s = await self._mesh() if mesh and not interrupted else ([], 0.0)
            if early is not None:
                await early
            for peer in self.peers:
                if peer.gone() and not peer.unverified:
                    peer.unverified = "its connection closed before the verdict"
            self._recount()
            result = GatherResult(
                reports=(self.own, *(p.report for p in self.peers)),
                arrived_s=(0.0, *(p.arrived_s - start for p in self.peers)),
                expected=self.expected,
                waited_s=waited,
                complete=not self.missing(),
                interrupted=interrupted,
                rejected=tuple(self.rejected),
                rejected_more=self.rejected_more,
                probes=tuple(probes),
                mesh_s=mesh_s,
                unverified=tuple((i, p.unverified) for i, p in enumerate(self.peers, start=1) if p.unverified),
            )
            # The rules take seconds for thousands of nodes: in a thread, so the beats keep every worker waiting.
            verdict = await asyncio.to_thread(decide, result)
            try:
                prepared = self.channel.prepare("verdict", await asyncio.to_thread(for_workers, verdict))
                frames = [(p, p.link.encode_prepared(prepared)) for p in self.peers]
            except FrameError as exc:
                # Never expected (for_workers trims to fit); workers then print their own verdict and say why.
                self.on_event(FrameDropped("self", f"verdict not sent: {exc.reason}"))
                frames = []
            beats.cancel()
            await self._send_all(frames)
            return result, verdict
        finally:
            if beats is not None:
                beats.cancel()
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(signal.SIGINT)
            for peer in self.peers:
                peer.conn.close()
            await asyncio.shield(server.close())
