"""The mesh on the wire: a listener where gloo/NCCL would listen, and repeated connects to peers' listeners."""

from __future__ import annotations

import asyncio
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

    def __init__(self, server: asyncio.Server, endpoint: Endpoint) -> None:
        self.server = server
        self.endpoint = endpoint

    async def close(self) -> None:
        self.server.close()
        await self.server.wait_closed()


async def _close_at_once(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.close()


async def start_listener(address: str, interface: str | None = None) -> MeshListener:
    """Listen on address, port 0 (the kernel picks, as for gloo's and NCCL's own sockets)."""
    server = await asyncio.start_server(_close_at_once, address, 0, backlog=1024)
    port = int(server.sockets[0].getsockname()[1])
    return MeshListener(server, Endpoint(address, port, interface))


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
    tried = await connect(address, port, timeout_s)
    if tried.writer is not None:
        tried.writer.close()
    return tried.outcome, tried.elapsed_s


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
