"""The mesh on the wire: a listener where gloo/NCCL would listen, and repeated connects to peers' listeners."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import os
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass

from distdoctor import defaults
from distdoctor.facts.probe import classify
from distdoctor.model import Endpoint, PairProbe, ProbeOutcome


@dataclass(frozen=True)
class Target:
    index: int
    address: str
    port: int


class MeshListener:
    """Accepts and closes at once, on an ephemeral port like the ones gloo/NCCL open after the master port."""

    def __init__(self, sock: socket.socket, endpoint: Endpoint) -> None:
        self.sock = sock
        self.endpoint = endpoint
        asyncio.get_running_loop().add_reader(sock.fileno(), self._accept_all)

    def _accept_all(self) -> None:
        # Raw accepts, no transport or stream per connection: a node answers a whole sampled mesh's connects, and
        # a simulated cluster thousands of them, so each costs one accept and one close.
        while True:
            try:
                peer, _ = self.sock.accept()
            except BlockingIOError:
                return
            except OSError:
                return  # out of descriptors or a peer gone mid-accept: readable again later, tried then
            peer.close()

    async def close(self) -> None:
        with contextlib.suppress(ValueError, RuntimeError):
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
        self.sock.close()


async def start_listener(address: str, interface: str | None = None) -> MeshListener:
    """Listen on address, port 0 (the kernel picks, as for gloo's and NCCL's own sockets)."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(address, 0, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, _, _, sockaddr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(sockaddr)
        sock.listen(1024)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    port = int(sock.getsockname()[1])
    return MeshListener(sock, Endpoint(address, port, interface))


@dataclass(frozen=True)
class Connection:
    """One TCP connect, classified; the streams are set when it opened."""

    outcome: ProbeOutcome
    detail: str
    elapsed_s: float
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None


async def connect(host: str, port: int, timeout_s: float, source: str | None = None) -> Connection:
    """Connect once within timeout_s (from the source address when given); a failure is classified as
    facts/probe.py does, never raised."""
    start = time.monotonic()
    local = (source, 0) if source else None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port, local_addr=local), timeout_s)
    except (OSError, asyncio.TimeoutError) as exc:
        outcome, detail = classify(TimeoutError() if isinstance(exc, asyncio.TimeoutError) else exc)
        return Connection(outcome, detail, time.monotonic() - start)
    return Connection("open", "", time.monotonic() - start, reader, writer)


async def _connect_once(address: str, port: int, timeout_s: float) -> tuple[ProbeOutcome, float]:
    family = _literal_family(address)
    if family is None:
        tried = await connect(address, port, timeout_s)  # a name: resolved the way asyncio does it
        if tried.writer is not None:
            tried.writer.close()
        return tried.outcome, tried.elapsed_s
    # An address, connected on a bare socket watched by the loop: no task, transport or streams for a connect
    # that is closed at once (a node of a sampled 4096-node mesh makes a dozen; a simulated cluster, 60,000).
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setblocking(False)
        code = sock.connect_ex((address, port))
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
            if not writable:
                return "timed-out", time.monotonic() - start
            code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
    except OSError as exc:
        return classify(exc)[0], time.monotonic() - start
    finally:
        sock.close()
    if code:
        return classify(OSError(code, os.strerror(code)))[0], time.monotonic() - start
    return "open", time.monotonic() - start


def _literal_family(address: str) -> socket.AddressFamily | None:
    """The family of an IP literal (a scope after % allowed), or None for a name."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return None
    return socket.AF_INET6 if ip.version == 6 else socket.AF_INET


async def probe_targets(
    src: int,
    targets: Sequence[Target],
    *,
    tries: int = defaults.MESH_PROBES_PER_PAIR,
    timeout_s: float = defaults.MESH_PROBE_TIMEOUT_S,
    concurrency: int = defaults.MESH_CONCURRENCY,
) -> list[PairProbe]:
    """Connect `tries` times to each target (all targets at once, bounded), classifying every attempt."""
    gate = asyncio.Semaphore(concurrency)

    async def probe(target: Target) -> PairProbe:
        outcomes: list[ProbeOutcome] = []
        latencies: list[float] = []
        for _ in range(tries):
            async with gate:
                outcome, elapsed = await _connect_once(target.address, target.port, timeout_s)
            outcomes.append(outcome)
            if outcome == "open":
                latencies.append(elapsed)
        return PairProbe(src, target.index, target.address, target.port, tuple(outcomes), tuple(latencies))

    return list(await asyncio.gather(*(probe(t) for t in targets)))
