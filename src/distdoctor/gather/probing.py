"""The mesh on the wire: a listener where gloo/NCCL would listen, repeated connects to peers' listeners, and one
large payload per pair, sent as the job sends its tensors (full-size segments), so a path that drops large
frames is seen."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import hmac
import os
import select
import socket
import struct
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from distdoctor import defaults
from distdoctor.facts.probe import classify
from distdoctor.gather.server import OUT_OF_FDS
from distdoctor.gather.wire import PLAIN, Channel
from distdoctor.model import Endpoint, PairProbe, PayloadOutcome, ProbeOutcome

# A payload starts with MAGIC and its length (4 bytes, network order); the listener answers ACK and the count it
# read. Anything else that connects is hung up on. With a secret the listener first sends CHALLENGE and 16 random
# bytes, and the payload's header carries the answer (16 bytes, Channel.payload_tag) after the length.
MAGIC = b"DDm1"
ACK = b"DDa1"
CHALLENGE = b"DDc1"
_HEADER = struct.Struct("!4sI")
_CHALLENGE = struct.Struct("!4s16s")
_TAG_BYTES = 16
# A payload's deadline that fires this much late means the loop was behind; it then waits again, up to this many
# times its timeout in all.
_LOOP_LATE_S = 0.25
_LAGGING_LOOP_GRACE = 3
_LISTENER_HOLD_S = (_LAGGING_LOOP_GRACE + 1) * defaults.MESH_PAYLOAD_TIMEOUT_S


@dataclass(frozen=True)
class Target:
    index: int
    address: str
    port: int


class MeshListener:
    """On an ephemeral port like the ones gloo/NCCL open after the master port: takes a connect, and counts a payload
    when one is announced (bounded in size, time and number at once), answering with the count. Served from the
    loop's reader callbacks alone (no transport or task per connection: a sampled 4096-node mesh is 20,000)."""

    def __init__(self, sock: socket.socket, endpoint: Endpoint, channel: Channel) -> None:
        self.loop = asyncio.get_running_loop()
        self.sock = sock
        self.endpoint = endpoint
        self.channel = channel
        self.gates = _Gates()
        self.closed = False
        self.loop.add_reader(sock.fileno(), self._accept)

    def _accept(self) -> None:
        for _ in range(_ACCEPT_BATCH):
            try:
                conn, peer = self.sock.accept()
            except BlockingIOError:
                return
            except OSError as exc:
                if exc.errno in OUT_OF_FDS:
                    # Out of descriptors: look again later rather than spin on a socket that stays readable.
                    self.loop.remove_reader(self.sock.fileno())
                    self.loop.call_later(defaults.ACCEPT_RETRY_S, self._resume_accepting)
                    return
                continue  # ECONNABORTED and the like: that peer is gone
            _PayloadCounter(self, conn, str(peer[0]))

    def _resume_accepting(self) -> None:
        if not self.closed:
            self.loop.add_reader(self.sock.fileno(), self._accept)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.loop.remove_reader(self.sock.fileno())
        self.sock.close()
        # Connections still open (a payload mid-way, a peer that holds on) end now, not at their deadlines.
        for conn in list(self.gates.live):
            conn.close()


_ACCEPT_BATCH = 64
# A payload's bytes are counted and dropped, read into one scratch buffer: nothing past the header is looked at, so
# loops in several threads may share it.
_SCRATCH = bytearray(256 << 10)


class _Gates:
    """Payload slots: MESH_PAYLOAD_CONCURRENCY in all, MESH_PAYLOAD_PER_SOURCE per source address, so stalled
    payloads from a few addresses cannot hold every slot and make an honest node's payload look lost. A payload
    without a slot waits (reading nothing) until one frees or its deadline ends it."""

    def __init__(self) -> None:
        self.in_use = 0
        self.by_source: dict[str, int] = {}
        self.waiting: list[_PayloadCounter] = []
        self.live: set[_PayloadCounter] = set()  # every open connection, so closing the listener ends them

    def _free(self, source: str) -> bool:
        return (
            self.in_use < defaults.MESH_PAYLOAD_CONCURRENCY
            and self.by_source.get(source, 0) < defaults.MESH_PAYLOAD_PER_SOURCE
        )

    def take(self, who: _PayloadCounter) -> bool:
        """A slot for `who` now (True), or `who` is queued and started when one frees."""
        if not self._free(who.source):
            self.waiting.append(who)
            return False
        self.in_use += 1
        self.by_source[who.source] = self.by_source.get(who.source, 0) + 1
        return True

    def give_back(self, who: _PayloadCounter, held: bool) -> None:
        """`who` is done: its slot freed (when it held one) for the first waiter that may have it."""
        if not held:
            with contextlib.suppress(ValueError):
                self.waiting.remove(who)
            return
        self.in_use -= 1
        left = self.by_source[who.source] - 1
        if left:
            self.by_source[who.source] = left
        else:
            del self.by_source[who.source]
        for waiter in self.waiting:
            if self._free(waiter.source):
                self.waiting.remove(waiter)
                self.in_use += 1
                self.by_source[waiter.source] = self.by_source.get(waiter.source, 0) + 1
                waiter.start()
                return


class _PayloadCounter:
    """One connection to the listener: a plain connect is hung up on at its EOF; a payload (MAGIC and its length)
    is counted within its slot and deadline and answered with ACK and the count."""

    def __init__(self, listener: MeshListener, sock: socket.socket, source: str) -> None:
        self.loop = listener.loop
        self.gates = listener.gates
        self.channel = listener.channel
        self.sock = sock
        self.fd = sock.fileno()
        self.source = source
        self.challenge = os.urandom(16) if self.channel.signed else b""
        self.header_size = _HEADER.size + (_TAG_BYTES if self.channel.signed else 0)
        self.header = b""
        self.size = -1  # announced length, once the header is in
        self.count = 0
        self.held = False  # holds a payload slot
        self.reading = False
        self.closed = False
        sock.setblocking(False)
        self.gates.live.add(self)
        # Longer than the sender waits, a busy loop's grace included: the sender, not the listener, is the one to
        # say a payload stalled.
        self.timer = self.loop.call_later(_LISTENER_HOLD_S, self.close)
        if self.challenge and not self._send(_CHALLENGE.pack(CHALLENGE, self.challenge)):
            return
        self._read_on()

    def _send(self, data: bytes) -> bool:
        # A few bytes into an empty send buffer: never blocks.
        try:
            self.sock.send(data)
        except OSError:
            self.close()
            return False
        return True

    def _read_on(self) -> None:
        if not self.reading and not self.closed:
            self.loop.add_reader(self.fd, self._readable)
            self.reading = True

    def _pause(self) -> None:
        if self.reading:
            self.loop.remove_reader(self.fd)
            self.reading = False

    def _readable(self) -> None:
        try:
            got = self.sock.recv_into(_SCRATCH)
        except BlockingIOError:
            return
        except OSError:
            self.close()
            return
        if not got:
            self.close()  # a plain connect, or a payload cut short
            return
        if self.size >= 0:
            self.count += got  # counted and dropped: nothing is kept
            self._answer_when_whole()
            return
        taken = min(got, self.header_size - len(self.header))
        self.header += bytes(_SCRATCH[:taken])
        if len(self.header) < self.header_size:
            return
        magic, size = _HEADER.unpack(self.header[: _HEADER.size])
        tag = self.header[_HEADER.size :]
        if magic != MAGIC or size > defaults.MESH_PAYLOAD_MAX_BYTES or not self._answered(tag):
            self.close()
            return
        self.size, self.count = size, got - taken
        if not self.gates.take(self):
            self._pause()
            return
        self.held = True
        self._answer_when_whole()

    def _answered(self, tag: bytes) -> bool:
        # Without a secret anyone may send a payload; with one, only who answers this connection's challenge.
        return not self.challenge or hmac.compare_digest(tag, self.channel.payload_tag(self.challenge))

    def start(self) -> None:
        """A slot freed for this waiting payload: read on."""
        self.held = True
        self._read_on()
        self._answer_when_whole()

    def _answer_when_whole(self) -> None:
        if self.held and self.count >= self.size and not self.closed and self._send(_HEADER.pack(ACK, self.size)):
            self.close()

    def close(self) -> None:
        """Hang up (at once: what was unread is dropped) and give back the slot."""
        if self.closed:
            return
        self.closed = True
        self._pause()
        self.timer.cancel()
        self.sock.close()
        self.gates.live.discard(self)
        if self.size >= 0:
            self.gates.give_back(self, self.held)
            self.held = False


async def start_listener(address: str, interface: str | None = None, channel: Channel = PLAIN) -> MeshListener:
    """Listen on address, port 0 (the kernel picks, as for gloo's and NCCL's own sockets); with a signed channel,
    payloads must answer a challenge."""
    infos = _numeric(address, 0) or tuple(
        await asyncio.get_running_loop().getaddrinfo(address, 0, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    )
    family, kind, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(sockaddr)
        sock.listen(1024)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return MeshListener(sock, Endpoint(address, int(sock.getsockname()[1]), interface), channel)


@dataclass(frozen=True)
class Connection:
    """One TCP connect, classified; the streams are set when it opened."""

    outcome: ProbeOutcome
    detail: str
    elapsed_s: float
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None


def small_segments(sock: socket.socket) -> None:
    """Ask for segments of at most GATHER_MSS_BYTES on this socket (before connect or listen: the SYN carries it)."""
    with contextlib.suppress(OSError, AttributeError):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, defaults.GATHER_MSS_BYTES)


def _writable_now(sock: socket.socket) -> bool:
    """Whether the kernel has finished the socket's connect (or failed it), whatever the loop has seen so far."""
    poller = select.poll()
    poller.register(sock.fileno(), select.POLLOUT)
    return bool(poller.poll(0))


async def _socket_connect(sock: socket.socket, address: Any, timeout_s: float) -> None:
    """Connect a non-blocking socket within timeout_s (OSError, TimeoutError past it). A connect the kernel finished
    in time while a busy loop had not yet looked counts as done: a node's load is not its network's fault."""
    loop = asyncio.get_running_loop()
    code = sock.connect_ex(address)
    if code in (errno.EINPROGRESS, errno.EAGAIN):
        done: asyncio.Future[bool] = loop.create_future()

        def settle(writable: bool) -> None:
            if not done.done():
                done.set_result(writable)

        loop.add_writer(sock.fileno(), settle, True)
        timer = loop.call_later(timeout_s, settle, False)
        try:
            writable = await done
        finally:
            loop.remove_writer(sock.fileno())
            timer.cancel()
        if not writable and not _writable_now(sock):
            raise TimeoutError(f"no answer within {timeout_s:g} s")
        code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
    if code:
        raise OSError(code, os.strerror(code))


async def _connected_socket(host: str, port: int, source: str | None, small: bool, timeout_s: float) -> socket.socket:
    """A non-blocking socket connected to host:port within timeout_s (OSError, TimeoutError past it)."""
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    # An address needs no resolver thread (node 0's is one, nearly always).
    infos = _numeric(host, port) or tuple(
        await asyncio.wait_for(loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), timeout_s)
    )
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setblocking(False)
        if small:
            small_segments(sock)
        if source:
            sock.bind((source, 0))
        await _socket_connect(sock, address, max(0.0, timeout_s - (time.monotonic() - start)))
    except BaseException:
        sock.close()
        raise
    return sock


async def _open(
    host: str, port: int, source: str | None, small: bool, timeout_s: float
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection(sock=await _connected_socket(host, port, source, small, timeout_s))


async def connect(
    host: str, port: int, timeout_s: float, source: str | None = None, *, small: bool = False
) -> Connection:
    """Connect once within timeout_s (from the source address when given; asking for small segments when `small`,
    as the gather's own connections do); a failure is classified as facts/probe.py does, never raised."""
    start = time.monotonic()
    try:
        reader, writer = await _open(host, port, source, small, timeout_s)
    except (OSError, asyncio.TimeoutError) as exc:
        outcome, detail = classify(TimeoutError() if isinstance(exc, asyncio.TimeoutError) else exc)
        return Connection(outcome, detail, time.monotonic() - start)
    return Connection("open", "", time.monotonic() - start, reader, writer)


_HUNG_UP = "the listener hung up before answering"
_NO_CHALLENGE = "the listener sent no challenge (is it a node of this run, with the same secret?)"


@functools.cache
def _plain_payload(size: int) -> bytes:
    """An unsigned payload as sent, header included: the same bytes for every pair."""
    return _HEADER.pack(MAGIC, size) + bytes(size)


_TCP_INFO = struct.Struct("=8B24I")  # struct tcp_info's head, the same since Linux 2.6: 8 bytes, then counters
_TCPI_UNACKED, _TCPI_TOTAL_RETRANS = 8 + 4, 8 + 23


def _segments_lost(sock: socket.socket) -> bool:
    """At a payload's deadline: whether segments are in flight unacknowledged after a retransmission (lost on the
    path, as frames over a path's MTU are). With none retransmitted the peer's kernel took every byte or holds the
    rest back by flow control: its listener, not the path, is slow. Where TCP_INFO cannot be read: lost."""
    try:
        info = _TCP_INFO.unpack(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TCP_INFO.size))
    except (OSError, AttributeError, struct.error):
        return True
    return bool(info[_TCPI_UNACKED] and info[_TCPI_TOTAL_RETRANS])


class _PayloadSend:
    """One payload over a connected non-blocking socket, driven by the loop's reader and writer callbacks alone (no
    transport, stream or task: a sampled 4096-node mesh sends 20,000 of them). With a signed channel the payload
    goes once the listener's challenge is answered. `done` is settled with the listener's answer."""

    def __init__(self, sock: socket.socket, size: int, channel: Channel) -> None:
        self.loop = asyncio.get_running_loop()
        self.sock = sock
        self.fd = sock.fileno()
        self.size = size
        self.channel = channel
        self.done: asyncio.Future[tuple[PayloadOutcome, str]] = self.loop.create_future()
        self.challenged = channel.signed  # the challenge is still to come before the payload goes
        self.pending = memoryview(b"")
        self.received = b""
        self.writing = False
        self.loop.add_reader(self.fd, self._readable)
        if not self.challenged:
            self._queue(_plain_payload(size))

    def _queue(self, frame: bytes) -> None:
        self.pending = memoryview(frame)
        self._writable()

    def _writable(self) -> None:
        while self.pending and not self.done.done():
            try:
                sent = self.sock.send(self.pending)
            except BlockingIOError:
                if not self.writing:
                    self.loop.add_writer(self.fd, self._writable)
                    self.writing = True
                return
            except OSError as exc:
                self.settle("closed", classify(exc)[1])
                return
            self.pending = self.pending[sent:]
        self._stop_writing()

    def _stop_writing(self) -> None:
        if self.writing:
            self.loop.remove_writer(self.fd)
            self.writing = False

    def _readable(self) -> None:
        try:
            data = self.sock.recv(256)
        except BlockingIOError:
            return
        except OSError as exc:
            self.settle("closed", classify(exc)[1])
            return
        if not data:
            self.settle("closed", _HUNG_UP)
            return
        self.received += data
        if self.challenged and len(self.received) >= _CHALLENGE.size:
            magic, challenge = _CHALLENGE.unpack(self.received[: _CHALLENGE.size])
            self.received = self.received[_CHALLENGE.size :]
            if magic != CHALLENGE:
                self.settle("error", _NO_CHALLENGE)
                return
            self.challenged = False
            self._queue(_HEADER.pack(MAGIC, self.size) + self.channel.payload_tag(challenge) + bytes(self.size))
        if not self.challenged and len(self.received) >= _HEADER.size:
            magic, count = _HEADER.unpack(self.received[: _HEADER.size])
            if magic != ACK or count != self.size:
                self.settle("error", f"the listener counted {count} of {self.size} bytes")
            else:
                self.settle("delivered", "")

    def settle(self, outcome: PayloadOutcome, detail: str) -> None:
        if not self.done.done():
            self.done.set_result((outcome, detail))

    def close(self) -> None:
        """Stop watching the socket and close it (a stalled payload stops sending)."""
        self.loop.remove_reader(self.fd)
        self._stop_writing()
        self.sock.close()


async def _send_payload(
    sock: socket.socket, size: int, timeout_s: float, channel: Channel
) -> tuple[PayloadOutcome, str, float]:
    """Send `size` bytes over a connected socket and wait for the listener's count: (outcome, detail, seconds). The
    socket is closed on return."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline, latest = start + timeout_s, start + _LAGGING_LOOP_GRACE * timeout_s
    send: _PayloadSend | None = None
    timer: asyncio.TimerHandle | None = None

    def expire() -> None:
        nonlocal deadline, timer
        now = loop.time()
        # Woken late: the loop was behind (a busy node), and what came in meanwhile is not looked at yet. Wait as
        # long again, within a bound, so a node's load does not read as a path that loses large frames.
        late = now - deadline
        if late > _LOOP_LATE_S and now < latest:
            deadline = now + late
            timer = loop.call_at(deadline, expire)
        elif send is not None:
            if _segments_lost(sock):
                send.settle("stalled", f"no answer within {timeout_s:g} s")
            else:
                send.settle("unanswered", f"the peer took the bytes; no answer in {timeout_s:g} s")

    try:
        send = _PayloadSend(sock, size, channel)
        timer = loop.call_at(deadline, expire)
        outcome, detail = await send.done
    finally:
        if timer is not None:
            timer.cancel()
        if send is not None:
            send.close()
        else:
            sock.close()
    return outcome, detail, loop.time() - start


async def _timed_connect(host: str, port: int, timeout_s: float) -> tuple[ProbeOutcome, float, socket.socket | None]:
    """One connect within timeout_s on a bare socket watched by the loop, classified as facts/probe.py does:
    (outcome, seconds, the open socket or None)."""
    start = time.monotonic()
    try:
        sock = await _connected_socket(host, port, None, False, timeout_s)
    except (OSError, asyncio.TimeoutError) as exc:
        failed = classify(TimeoutError() if isinstance(exc, asyncio.TimeoutError) else exc)[0]
        return failed, time.monotonic() - start, None
    return "open", time.monotonic() - start, sock


async def _connect_and_send(
    host: str, port: int, timeout_s: float, size: int, payload_timeout_s: float, channel: Channel
) -> tuple[ProbeOutcome, float, PayloadOutcome | None, float]:
    """A connect within timeout_s and, once open, the payload over it: (connect outcome, its seconds, the payload's
    outcome or None when the connect failed, the payload's seconds)."""
    outcome, elapsed, sock = await _timed_connect(host, port, timeout_s)
    if sock is None:
        return outcome, elapsed, None, 0.0
    sent, _, took = await _send_payload(sock, size, payload_timeout_s, channel)
    return outcome, elapsed, sent, took


async def _connect_only(address: str, port: int, timeout_s: float) -> tuple[ProbeOutcome, float]:
    """A connect that is closed at once (no task, transport or streams: a sampled 4096-node mesh is 60,000)."""
    outcome, elapsed, sock = await _timed_connect(address, port, timeout_s)
    if sock is not None:
        sock.close()
    return outcome, elapsed


@functools.lru_cache(maxsize=1 << 12)
def _numeric(host: str, port: int) -> tuple[Any, ...]:
    """getaddrinfo's answer for an IP literal (a scope after % allowed), found without a resolver; () for a name.
    Cached: a mesh connects to the same few endpoints again and again."""
    try:
        return tuple(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST))
    except socket.gaierror:
        return ()


async def probe_targets(
    src: int,
    targets: Sequence[Target],
    *,
    tries: int = defaults.MESH_PROBES_PER_PAIR,
    timeout_s: float = defaults.MESH_PROBE_TIMEOUT_S,
    concurrency: int = defaults.MESH_CONCURRENCY,
    payload_bytes: int = defaults.MESH_PAYLOAD_BYTES,
    payload_timeout_s: float = defaults.MESH_PAYLOAD_TIMEOUT_S,
    until_open: bool = False,
    channel: Channel = PLAIN,
) -> list[PairProbe]:
    """Connect `tries` times to each target (all targets at once, bounded), classifying every attempt; over the
    first connect that opens, send `payload_bytes` (0: none) and wait for the listener's count. With `until_open`,
    a pair's tries end at its first open connect (a sampled mesh: thousands of pairs, each retried only if it
    failed). With a signed channel the payload answers the listener's challenge."""
    gate = asyncio.Semaphore(concurrency)

    async def probe(target: Target) -> PairProbe:
        outcomes: list[ProbeOutcome] = []
        latencies: list[float] = []
        sent: PayloadOutcome | None = None
        took = 0.0
        for _ in range(tries):
            async with gate:
                if sent is not None or payload_bytes <= 0:
                    outcome, elapsed = await _connect_only(target.address, target.port, timeout_s)
                else:
                    outcome, elapsed, sent, took = await _connect_and_send(
                        target.address, target.port, timeout_s, payload_bytes, payload_timeout_s, channel
                    )
            outcomes.append(outcome)
            if outcome == "open":
                latencies.append(elapsed)
                if until_open:
                    break
        return PairProbe(
            src,
            target.index,
            target.address,
            target.port,
            tuple(outcomes),
            tuple(latencies),
            "",
            payload_bytes if sent else 0,
            sent,
            round(took, 4),
        )

    return list(await asyncio.gather(*(probe(t) for t in targets)))
