"""node 0's one listening server, for check's coordinator and run's relay: every peer is treated as hostile.

Bounded in every resource a peer can spend (the limits are in defaults.py):
- connections: in total (never more than the open-file limit leaves) and per source address;
- accepts: a token bucket per source address; sources that already sent a good frame are not rate-limited and
  come first for the frame budget;
- time: a first byte within the idle deadline, then the whole frame within the frame deadline;
- memory: the bytes of frames being received, across all connections, within one budget; a connection over it
  reads nothing (the bytes wait in the kernel) until room frees, and is dropped at its frame deadline.
Accepting is our own loop, so EMFILE/ENFILE pause it briefly instead of logging a traceback each time; `close()`
cancels every connection's task and waits for it, so nothing is left to print one at exit.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import errno
import ipaddress
import socket
import struct
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from distdoctor import defaults
from distdoctor.facts.network import interfaces, resolve, route_to
from distdoctor.gather.wire import Codec, FrameError, Message

_LENGTH = struct.Struct(">I")
# One receive buffer for every connection: reads happen one at a time on the loop, so the only per-connection
# memory is the part of a frame that actually arrived.
_SCRATCH_BYTES = 64 * 1024
# Connections accepted in one go before the loop serves the others (welcomes, frames): a burst of thousands is
# taken in batches, neither all at once nor one per loop turn.
_ACCEPT_BATCH = 64
OUT_OF_FDS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


@dataclass(frozen=True)
class Limits:
    """What a peer may spend; `Limits.now()` reads defaults.py at the time the server starts."""

    max_connections: int
    max_per_source: int
    accept_rate: float  # new connections per second per source, after the burst
    accept_burst: int
    frame_budget_bytes: int
    idle_s: float
    frame_s: float

    @classmethod
    def now(cls) -> Limits:
        return cls(
            max_connections=defaults.MAX_CONNECTIONS,
            max_per_source=defaults.MAX_CONNECTIONS_PER_SOURCE,
            accept_rate=defaults.ACCEPT_RATE_PER_SOURCE,
            accept_burst=defaults.ACCEPT_BURST_PER_SOURCE,
            frame_budget_bytes=defaults.PARTIAL_FRAMES_MAX_BYTES,
            idle_s=defaults.IDLE_TIMEOUT_S,
            frame_s=defaults.FRAME_TIMEOUT_S,
        )


@dataclass
class Counters:
    """What the server turned away, by reason: for tests, benchmarks and one line of a verdict."""

    accepted: int = 0
    refused: collections.Counter[str] = field(default_factory=collections.Counter)
    out_of_fds: int = 0
    peak_connections: int = 0
    peak_frame_bytes: int = 0


class _Budget:
    """Bytes of partly received frames, shared by every connection; waiters are resumed favoured-first."""

    def __init__(self, total: int, counters: Counters) -> None:
        self.total, self.used, self.counters = total, 0, counters
        self._waiting: tuple[collections.deque[Connection], collections.deque[Connection]] = (
            collections.deque(),
            collections.deque(),
        )

    @property
    def left(self) -> int:
        return self.total - self.used

    def take(self, n: int) -> None:
        self.used += n
        self.counters.peak_frame_bytes = max(self.counters.peak_frame_bytes, self.used)

    def release(self, n: int) -> None:
        self.used -= n
        for queue in self._waiting:
            while queue and self.left > 0:
                queue.popleft().room()

    def wait(self, conn: Connection) -> None:
        self._waiting[0 if conn.favoured() else 1].append(conn)

    def forget(self, conn: Connection) -> None:
        for queue in self._waiting:
            with contextlib.suppress(ValueError):
                queue.remove(conn)


class Connection(asyncio.BufferedProtocol):
    """One accepted peer: frames in under the shared budget and both deadlines, frames out with back-pressure.

    Reading is pulled: bytes are taken from the socket only while `read()` waits, so a peer that sends ahead
    fills its own kernel buffer, not node 0's memory.
    """

    def __init__(self, server: Server, source: str) -> None:
        self.server, self.source = server, source
        self.transport: asyncio.Transport | None = None
        self._head = bytearray(_LENGTH.size)
        self._head_got = 0
        self._length: int | None = None
        self._body = bytearray()
        self._started: float | None = None  # when the first byte of the frame in progress came
        self._ready: bytes | None = None
        self._error: str | None = None
        self._reading = False  # a read() waits
        self._starved = False  # waiting for room in the budget
        self._wake = asyncio.Event()
        self._writable = asyncio.Event()
        self._writable.set()
        self._lost = asyncio.Event()  # the transport is gone: what was written has left, or never will

    # asyncio's side
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.pause_reading()  # nothing is read before someone asks for a frame

    def get_buffer(self, sizehint: int) -> memoryview:
        if self._length is None:
            return memoryview(self._head)[self._head_got :]
        want = self._length - len(self._body)
        # Past the budget only when another connection spent it in the same loop turn: by a byte, then pause.
        return memoryview(self.server.scratch)[: max(1, min(want, _SCRATCH_BYTES, self.server.budget.left))]

    def buffer_updated(self, nbytes: int) -> None:
        if self._started is None:
            self._started = time.monotonic()
            self._wake.set()
        if self._length is None:
            self._head_got += nbytes
            if self._head_got < _LENGTH.size:
                return
            (self._length,) = _LENGTH.unpack(self._head)
            if self._length > defaults.FRAME_MAX_BYTES:
                # Checked before reading: a peer never makes us hold a size it chose.
                self._fail(f"oversized frame ({self._length} bytes announced, limit {defaults.FRAME_MAX_BYTES})")
                return
        else:
            self._body += self.server.scratch[:nbytes]
            self.server.budget.take(nbytes)
        if len(self._body) == self._length:
            self._ready = bytes(self._body)
            self.server.budget.release(len(self._body))
            self._body = bytearray()
            self._head_got, self._length, self._started = 0, None, None
            self._pause()
            self._wake.set()
        elif self._length is not None and self.server.budget.left <= 0:
            self._starved = True
            self._pause()
            self.server.budget.wait(self)

    def eof_received(self) -> bool:
        self._fail("connection closed mid-frame" if self._started is not None else "connection closed")
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._error is None:
            self._error = f"connection lost ({exc.__class__.__name__})" if exc else "connection closed"
        self._drop_frame()
        self._writable.set()
        self._wake.set()
        self._lost.set()
        self.server.forget(self)

    def pause_writing(self) -> None:
        self._writable.clear()

    def resume_writing(self) -> None:
        self._writable.set()

    # the budget's side
    def room(self) -> None:
        self._starved = False
        if self._reading:
            self._resume()

    def favoured(self) -> bool:
        return self.source in self.server.favoured

    # the owner's side
    @property
    def closed(self) -> bool:
        return self.transport is None or self.transport.is_closing()

    @property
    def backed_up(self) -> bool:
        """The peer has not read what was written to it yet: a droppable frame would be skipped."""
        return not self._writable.is_set()

    def gone(self) -> bool:
        """Closed, or the peer closed its side: checked by a peek at the socket, so no byte it sent is taken
        (reading is paused between reads, and EOF would otherwise go unseen until the next read)."""
        if self.closed or self._error is not None or self.transport is None:
            return True
        sock = self.transport.get_extra_info("socket")
        if sock is None:
            return False
        try:
            with sock.dup() as peek:
                peek.setblocking(False)  # as the transport's socket already is (the flag is shared)
                data: bytes = peek.recv(1, socket.MSG_PEEK)
                return data == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    async def read(self, codec: Codec, idle_s: float | None = None) -> Message:
        """The next message: its first byte within idle_s (the server's idle deadline by default), then the whole
        frame within the frame deadline; FrameError otherwise (the connection is then closed)."""
        limits = self.server.limits
        idle_deadline = time.monotonic() + (limits.idle_s if idle_s is None else idle_s)
        self._reading = True
        self._resume()
        try:
            while self._ready is None:
                if self._error is not None:
                    raise FrameError(self._error)
                if self._started is None:
                    deadline, why = idle_deadline, f"no frame within {limits.idle_s if idle_s is None else idle_s:g} s"
                else:
                    deadline, why = self._started + limits.frame_s, f"no complete frame within {limits.frame_s:g} s"
                left = deadline - time.monotonic()
                if left <= 0:
                    if self._started is not None:
                        self._fail(why)  # mid-frame: the stream cannot be read on, the peer is dropped
                    raise FrameError(why)  # idle: the owner decides (a node slow to answer keeps its link)
                self._wake.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), left)
        finally:
            self._reading = False
            self._pause()
        payload, self._ready = self._ready, None
        return codec.decode(payload)

    async def send(self, codec: Codec, type_: str, body: Any) -> None:
        """One message, encoded by `codec` (the connection's Link, or PLAIN for what carries no authority)."""
        await self.send_frame(codec.encode(type_, body))

    async def send_frame(self, frame: bytes, *, droppable: bool = False) -> None:
        """Write an encoded frame, waiting at most the frame deadline for a slow reader. A droppable one (a
        heartbeat) is skipped while the peer has not read the last ones: a busy node is not buried in beats."""
        if self.write(frame, droppable=droppable):
            await self.drain()

    def write(self, frame: bytes, *, droppable: bool = False) -> bool:
        """`send_frame`'s first half, at once: the frame written now (True), or skipped (closed, or droppable while
        the peer is backed up). Frames numbered on a link go out in the order they were numbered this way."""
        if self.closed or self.transport is None:
            return False
        if droppable and not self._writable.is_set():
            return False
        self.transport.write(frame)
        return True

    async def drain(self) -> None:
        """`send_frame`'s second half: wait at most the frame deadline for a slow reader to take what was written."""
        if not self._writable.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._writable.wait(), self.server.limits.frame_s)

    def close(self) -> None:
        if self.transport is not None:
            if self._error:
                self.transport.abort()
            else:
                self._discard_unread()
                self.transport.close()
        self._drop_frame()

    def _discard_unread(self) -> None:
        """Drop what the peer sent that nobody read (a late answer): a socket closed with unread bytes sends a
        reset, and the reset can take the verdict just written with it."""
        sock = self.transport.get_extra_info("socket") if self.transport is not None else None
        if sock is None:
            return
        with contextlib.suppress(OSError), sock.dup() as own:
            own.setblocking(False)
            for _ in range(16):  # at most a MiB: a peer still sending gets its reset
                if not own.recv(_SCRATCH_BYTES):
                    return

    # inside
    def _fail(self, reason: str) -> None:
        if self._error is None:
            self._error = reason
        self._drop_frame()
        self._wake.set()
        if self.transport is not None:
            self.transport.abort()

    def _drop_frame(self) -> None:
        self.server.budget.forget(self)
        if self._body:
            self.server.budget.release(len(self._body))
            self._body = bytearray()

    def _pause(self) -> None:
        if self.transport is not None and not self.transport.is_closing() and self.transport.is_reading():
            self.transport.pause_reading()

    def _resume(self) -> None:
        if self._starved or self.transport is None or self.transport.is_closing():
            return
        if self._length is not None and self.server.budget.left <= 0:
            self._starved = True
            self.server.budget.wait(self)
            return
        if not self.transport.is_reading():
            self.transport.resume_reading()


# The owner's handler: serve one connection; True keeps it open after the handler returns (the owner closes it).
Handler = Callable[[Connection], Awaitable[bool]]


class Server:
    """Listens on (host, port) and hands each admitted connection to `handler`; see the module's docstring."""

    def __init__(self, handler: Handler, *, refusal: bytes = b"", limits: Limits | None = None) -> None:
        self.handler, self.refusal = handler, refusal
        self.limits = limits or Limits.now()
        self.counters = Counters()
        self.budget = _Budget(self.limits.frame_budget_bytes, self.counters)
        self.scratch = bytearray(_SCRATCH_BYTES)
        self.favoured: set[str] = set()
        self.port = 0
        self._sockets: list[socket.socket] = []
        self._accepting: list[asyncio.Task[None]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._open: dict[Connection, None] = {}
        self._per_source: collections.Counter[str] = collections.Counter()
        self._buckets: dict[str, tuple[float, float]] = {}  # source -> (tokens, when)
        self._cap = self.limits.max_connections
        self._stopped = False

    async def start(self, host: str | None, port: int, backlog: int = 4096) -> None:
        """Bind and listen (OSError when the port is taken); host None or "" is every address."""
        self._cap = min(self.limits.max_connections, max(16, raise_fd_limit() - defaults.SERVER_FD_RESERVE))
        loop = asyncio.get_running_loop()
        infos = await loop.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        seen: set[tuple[Any, ...]] = set()
        try:
            for family, kind, proto, _, address in infos:
                if (family, address) in seen:
                    continue
                seen.add((family, address))
                sock = socket.socket(family, kind, proto)
                self._sockets.append(sock)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                # Small segments both ways (accepted sockets inherit it, the SYN-ACK announces it): reports and the
                # verdict get through a path that drops large frames, and the mesh's payloads name that path.
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, defaults.GATHER_MSS_BYTES)
                if family == socket.AF_INET6:
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                try:
                    # Port 0 on every address: the port the first address got, on the others too.
                    sock.bind((address[0], self.port, *address[2:]) if self.port else address)
                except OSError as exc:
                    # Every address: an IPv6 one the host lacks is not a reason to fail when IPv4 bound.
                    if family == socket.AF_INET6 and exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                        self._sockets.pop().close()
                        continue
                    raise
                self.port = self.port or int(sock.getsockname()[1])
                sock.listen(backlog)
                sock.setblocking(False)
        except BaseException:
            for sock in self._sockets:
                sock.close()
            self._sockets.clear()
            raise
        self._accepting = [asyncio.create_task(self._accept(sock)) for sock in self._sockets]

    def favour(self, source: str) -> None:
        """A source that sent a good frame: no rate limit, first in line for the frame budget."""
        self.favoured.add(source)

    @property
    def connections(self) -> int:
        return len(self._open)

    def stop_accepting(self) -> None:
        """Close the listening sockets (late peers are refused by the kernel); open connections stay."""
        self._stopped = True
        for task in self._accepting:
            task.cancel()
        for sock in self._sockets:
            sock.close()
        self._sockets.clear()

    async def close(self) -> None:
        """Stop accepting, end every connection and wait for every handler, so nothing outlives the server."""
        self.stop_accepting()
        closing = list(self._open)
        for conn in closing:
            conn.close()
        # A graceful close sends what is still buffered (the verdict, to thousands of nodes) only while the loop
        # runs: wait for it, a frame deadline at most, or the caller's loop ends with the verdicts unsent.
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(c._lost.wait() for c in closing)), self.limits.frame_s)
        for conn in closing:
            if conn.transport is not None and not conn._lost.is_set():
                conn.transport.abort()
        await asyncio.sleep(0)  # an aborted transport closes its socket in the next loop turn: let it run
        tasks = [*self._tasks, *self._accepting]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def forget(self, conn: Connection) -> None:
        if conn in self._open:
            del self._open[conn]
            self._per_source[conn.source] -= 1
            if self._per_source[conn.source] <= 0:
                del self._per_source[conn.source]

    async def _accept(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        accepted = 0
        while True:
            try:
                peer, address = await loop.sock_accept(sock)
            except OSError as exc:
                if exc.errno in OUT_OF_FDS:
                    # Out of descriptors: wait for some to close rather than spin on a socket that stays readable.
                    self.counters.out_of_fds += 1
                    await asyncio.sleep(defaults.ACCEPT_RETRY_S)
                continue  # ECONNABORTED and the like: that peer is gone, the next one is served
            self._admit(peer, str(address[0]))
            accepted += 1
            if accepted % _ACCEPT_BATCH == 0:
                # sock_accept does not yield while the backlog is full: without this, 4096 nodes connecting at
                # once are all accepted before any of them is welcomed, and their welcome deadlines run out.
                await asyncio.sleep(0)

    def _refuse(self, peer: socket.socket, why: str) -> None:
        self.counters.refused[why] += 1
        with contextlib.suppress(OSError):
            peer.setblocking(False)
            if self.refusal:
                peer.send(self.refusal)  # a few bytes into an empty send buffer: never blocks
        peer.close()

    def _admit(self, peer: socket.socket, source: str) -> None:
        if self._stopped:
            peer.close()
            return
        if len(self._open) >= self._cap:
            self._refuse(peer, "total")
            return
        if self._per_source[source] >= self.limits.max_per_source:
            self._refuse(peer, "per-source")
            return
        if source not in self.favoured and not self._token(source):
            self._refuse(peer, "rate")
            return
        self.counters.accepted += 1
        conn = Connection(self, source)
        self._open[conn] = None
        self._per_source[source] += 1
        self.counters.peak_connections = max(self.counters.peak_connections, len(self._open))
        task = asyncio.create_task(self._serve(peer, conn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _token(self, source: str) -> bool:
        now = time.monotonic()
        tokens, when = self._buckets.get(source, (float(self.limits.accept_burst), now))
        tokens = min(float(self.limits.accept_burst), tokens + (now - when) * self.limits.accept_rate)
        if tokens < 1.0:
            self._buckets[source] = (tokens, now)
            return False
        self._buckets[source] = (tokens - 1.0, now)
        if len(self._buckets) > 4 * self.limits.max_connections:
            # Many sources: forget the full buckets (a forgotten source starts full again anyway).
            full = float(self.limits.accept_burst)
            self._buckets = {
                s: b for s, b in self._buckets.items() if b[0] + (now - b[1]) * self.limits.accept_rate < full
            }
        return True

    async def _serve(self, peer: socket.socket, conn: Connection) -> None:
        loop = asyncio.get_running_loop()
        keep = False
        try:
            await loop.connect_accepted_socket(lambda: conn, peer)
            keep = await self.handler(conn)
        except OSError:
            pass  # the peer went away while we set it up
        finally:
            if not keep:
                conn.close()
            if conn.transport is None:
                peer.close()
                self.forget(conn)


def job_address(master_addr: str) -> str | None:
    """Where node 0 listens for a job: MASTER_ADDR when it is this node's address, else the address that routes
    to it; None (every address) only when neither can be told, or when the name resolves to loopback here
    (Debian's 127.0.1.1 entry: the other nodes reach this host by another address, as torch's store does)."""
    resolved = resolve(master_addr).addresses
    if not resolved:
        return None
    if ipaddress.ip_address(resolved[0]).is_loopback and master_addr not in (resolved[0], "localhost"):
        return None
    if resolved[0] in {a for i in interfaces() for a in i.addresses}:
        return resolved[0]
    return route_to(resolved[0], ()).source_address or None


# The soft open-file limit this process started with, before raise_fd_limit: what a job `run` starts inherits.
_STARTED_WITH: list[int] = []


def raise_fd_limit() -> int:
    """Soft open-file limit up to the hard one (1024 is a common soft limit; node 0 holds one socket per node);
    the limit now in force."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if not _STARTED_WITH:
            _STARTED_WITH.append(soft)
        if soft != hard:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
                soft = hard
        return soft if soft != resource.RLIM_INFINITY else 1 << 20
    except ImportError:
        return 1 << 20


@contextlib.contextmanager
def fd_limit_as_started() -> Iterator[None]:
    """The open-file limit this process started with, for the duration of the block: a child started in it (the
    job under `run`) gets the user's limit, not the one node 0's server raised for itself."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if not _STARTED_WITH or _STARTED_WITH[0] == soft:
        yield
        return
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (_STARTED_WITH[0], hard))
        yield
    finally:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
