"""Across nodes for `run` and `dump --all-nodes`: node_rank 0's `run` gathers every node's process states.

Each node's `run` keeps a connection to node 0 (retrying for the job's life) and answers its "snapshot" requests
with the states of its own ranks. A client may "ask" node 0: it snapshots every node and answers with all states.
Frames, limits and the optional HMAC are gather/wire.py's, shared with `check`: node 0 welcomes each connection
with a nonce, and with a secret nothing unsigned (or signed for another connection) is served. Command lines are
always served redacted; the ranks' stacks are read at most once per RELAY_SNAPSHOT_MIN_S, whoever asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from distdoctor import defaults
from distdoctor.gather.server import Connection, Server, job_address
from distdoctor.gather.wire import PLAIN, Channel, FrameError, Link, new_nonce
from distdoctor.hang.redact import redact_states
from distdoctor.model.codec import DecodeError, from_jsonable, to_jsonable
from distdoctor.model.hang import Gathered, ProcessState

LocalStates = Callable[[], list[ProcessState]]
# py-spy attaches to every rank of this node at most once in this many seconds, however many ask (an unauthenticated
# client asked 252 times in 20 s); a request within it gets the last answer.
RELAY_SNAPSHOT_MIN_S = 5.0


_REFUSAL = PLAIN.encode("rejected", {"reason": "node 0's run is busy"})


@dataclass
class _Peer:
    node_rank: int
    conn: Connection
    link: Link
    pending: dict[int, asyncio.Future[list[ProcessState]]] = field(default_factory=dict)


class Relay:
    """Node 0's server, or another node's client, on an asyncio loop in a background thread."""

    def __init__(
        self,
        node_rank: int,
        nnodes: int,
        host: str,
        port: int,
        local: LocalStates,
        channel: Channel | None = None,
    ) -> None:
        self.node_rank, self.nnodes, self.host, self.port = node_rank, nnodes, host, port
        self.local, self.channel = local, channel or Channel()
        self.peers: dict[int, _Peer] = {}
        self.server: Server | None = None
        self._ids = itertools.count(1)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True, name="distdoctor-relay")
        self._main: Future[None] | None = None
        self._listening = threading.Event()
        self._bind_error: str | None = None
        self._nonce = new_nonce()
        self._serial = itertools.count()
        self._local_lock = threading.Lock()
        self._local_last: tuple[float, list[ProcessState]] | None = None

    def _local_states(self) -> list[ProcessState]:
        """This node's states, redacted, read at most once per RELAY_SNAPSHOT_MIN_S (a lock: one read at a time)."""
        with self._local_lock:
            now = time.monotonic()
            if self._local_last is None or now - self._local_last[0] >= RELAY_SNAPSHOT_MIN_S:
                self._local_last = (now, redact_states(self.local()))
            return self._local_last[1]

    def start(self) -> str | None:
        """Start serving (node 0: once listening) or connecting; why node 0 cannot listen, else None."""
        self._thread.start()
        work = self._serve() if self.node_rank == 0 else self._client()
        self._main = asyncio.run_coroutine_threadsafe(work, self._loop)
        if self.node_rank != 0:
            return None
        self._listening.wait(defaults.FRAME_TIMEOUT_S)
        if self._bind_error is not None:
            return f"node 0 cannot listen on port {self.port}: {self._bind_error}"
        return None

    def stop(self) -> None:
        """Close the server (every connection and its task) or the client, then end the loop's thread."""
        if not self._thread.is_alive():
            return
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        if not self._loop.is_running():
            self._loop.close()

    def gather(self, timeout_s: float = defaults.RELAY_ANSWER_TIMEOUT_S) -> Gathered:
        """Node 0: every node's states now (this node's included); the others' within timeout_s."""
        if self.node_rank == 0:
            future = asyncio.run_coroutine_threadsafe(self._gather(timeout_s), self._loop)
        else:
            future = asyncio.run_coroutine_threadsafe(
                ask(self.host, self.port, timeout_s + defaults.FRAME_TIMEOUT_S, self.channel), self._loop
            )
        return future.result(timeout_s + 2 * defaults.FRAME_TIMEOUT_S)

    async def _close(self) -> None:
        if self.server is not None:
            await self.server.close()
        await _cancel_all()

    # node 0
    async def _serve(self) -> None:
        self.server = Server(self._handle, refusal=_REFUSAL)
        try:
            await self.server.start(job_address(self.host), self.port)
        except OSError as exc:
            self._bind_error = exc.strerror or str(exc)
            raise
        finally:
            self._listening.set()

    async def _handle(self, conn: Connection) -> bool:
        try:
            link = self.channel.serve(f"{self._nonce}{next(self._serial):08x}")
            await conn.send(link, "welcome", {"nonce": link.nonce})
            # With a secret, an unsigned or foreign-signed first frame ends here: nothing is served.
            first = await conn.read(link)
            if first.type == "ask":
                gathered = await self._gather(defaults.RELAY_ANSWER_TIMEOUT_S)
                await conn.send(link, "states", to_jsonable(gathered))
            elif first.type == "hello" and isinstance(first.body, dict):
                node_rank = first.body["node_rank"]
                if type(node_rank) is int and 0 < node_rank < self.nnodes:
                    if self.server is not None:
                        self.server.favour(conn.source)
                    await self._keep(_Peer(node_rank, conn, link))
        except (FrameError, KeyError, TypeError, ValueError):
            pass  # a malformed peer is dropped; its node then shows as not answering
        return False

    async def _keep(self, peer: _Peer) -> None:
        node_rank, conn = peer.node_rank, peer.conn
        earlier = self.peers.get(node_rank)
        if earlier is not None and not earlier.conn.gone():
            return  # a live link holds this node_rank: a second hello (forged, without a secret) replaces nothing
        self.peers[node_rank] = peer  # a node that reconnects replaces its earlier, closed link
        try:
            while True:
                # The node sends a hello each RELAY_KEEPALIVE_S; a link silent for RELAY_IDLE_S is dead.
                message = await conn.read(peer.link, defaults.RELAY_IDLE_S)
                if message.type == "hello":
                    await conn.send(peer.link, "hello", {"node_rank": 0})
                elif message.type == "states" and isinstance(message.body, dict):
                    waiter = peer.pending.pop(int(message.body.get("id", -1)), None)
                    if waiter and not waiter.done():
                        try:
                            states = from_jsonable(tuple[ProcessState, ...], message.body["states"])
                            waiter.set_result(redact_states(states))
                        except (DecodeError, KeyError) as exc:
                            waiter.set_exception(exc)
        except FrameError:
            pass
        finally:
            if self.peers.get(node_rank) is peer:
                del self.peers[node_rank]

    async def _snapshot(self, peer: _Peer, timeout_s: float) -> list[ProcessState] | None:
        request = next(self._ids)
        waiter: asyncio.Future[list[ProcessState]] = self._loop.create_future()
        peer.pending[request] = waiter
        await peer.conn.send(peer.link, "snapshot", {"id": request})
        try:
            return await asyncio.wait_for(waiter, timeout_s)
        except (asyncio.TimeoutError, DecodeError, KeyError):
            return None
        finally:
            peer.pending.pop(request, None)

    async def _gather(self, timeout_s: float) -> Gathered:
        peers = sorted(self.peers.values(), key=lambda p: p.node_rank)
        own = self._loop.run_in_executor(None, self._local_states)
        answers = await asyncio.gather(own, *(self._snapshot(p, timeout_s) for p in peers))
        states = [s for answer in answers if answer for s in answer]
        answered = sorted({0, *(p.node_rank for p, a in zip(peers, answers[1:], strict=True) if a is not None)})
        missing = tuple(r for r in range(self.nnodes) if r not in answered)
        return Gathered(tuple(states), tuple(answered), missing, self.nnodes)

    # the other nodes
    async def _client(self) -> None:
        delay = defaults.CONNECT_BACKOFF_FIRST_S
        while True:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port), defaults.PROBE_TIMEOUT_S
                )
            except (OSError, asyncio.TimeoutError):
                await asyncio.sleep(delay)  # node 0's run may start later, or restart: keep trying
                delay = min(delay * 2, defaults.CONNECT_BACKOFF_MAX_S)
                continue
            delay = defaults.CONNECT_BACKOFF_FIRST_S
            with contextlib.closing(writer):
                await self._answer(reader, writer)

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            link = await _welcomed(reader, self.channel)
        except FrameError:
            return
        hello = {"node_rank": self.node_rank}
        await link.send(writer, "hello", hello)

        async def keep_alive() -> None:
            while True:
                await asyncio.sleep(defaults.RELAY_KEEPALIVE_S)
                await link.send(writer, "hello", hello)

        beats = asyncio.create_task(keep_alive())
        try:
            await self._answer_snapshots(reader, writer, link)
        finally:
            beats.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beats

    async def _answer_snapshots(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link) -> None:
        while True:
            try:
                # Node 0 answers each keep-alive: silence this long means it is gone (reconnect).
                message = await link.read(reader, defaults.RELAY_IDLE_S)
            except FrameError:
                return
            if message.type == "snapshot" and isinstance(message.body, dict):
                states = await self._loop.run_in_executor(None, self._local_states)
                body: dict[str, Any] = {"id": message.body.get("id"), "states": to_jsonable(states)}
                await link.send(writer, "states", body)


async def _welcomed(reader: asyncio.StreamReader, channel: Channel) -> Link:
    """A client's link, from node 0's welcome and its nonce."""
    welcome = await channel.read(reader, defaults.FRAME_TIMEOUT_S)
    if welcome.type != "welcome" or not isinstance(welcome.body, dict):
        raise FrameError(f"node 0 answered {welcome.type!r} first")
    nonce = welcome.body.get("nonce")
    return channel.join(nonce if isinstance(nonce, str) else "")


async def _cancel_all() -> None:
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def ask(host: str, port: int, timeout_s: float, channel: Channel | None = None) -> Gathered:
    """Ask node 0's `run` for every node's states (`dump --all-nodes`, and the other nodes' verdicts)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), defaults.PROBE_TIMEOUT_S)
    except (OSError, asyncio.TimeoutError) as exc:
        reason = f"node 0's distdoctor run at {host}:{port} does not answer ({exc.__class__.__name__})"
        raise FrameError(reason) from None
    with contextlib.closing(writer):
        link = await _welcomed(reader, channel or Channel())
        await link.send(writer, "ask", {})
        # Signed with node 0's nonce and this client's: an answer recorded earlier does not fit.
        message = await link.read(reader, timeout_s)
    if message.type != "states":
        raise FrameError(f"node 0 answered {message.type!r}")
    try:
        return from_jsonable(Gathered, message.body)
    except DecodeError as exc:
        raise FrameError(f"node 0's answer is malformed ({exc})") from None
