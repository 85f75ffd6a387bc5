"""A worker's side: reach node_rank 0 (retrying, saying what it sees), report, run its mesh share, get the verdict."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import time
from dataclasses import dataclass
from typing import Any

from distdoctor import defaults
from distdoctor.gather.admit import capped_addresses
from distdoctor.gather.probing import Connection, Target, connect, probe_targets
from distdoctor.gather.wire import Channel, FrameError, Link
from distdoctor.model import NodeReport, Probe
from distdoctor.model.codec import to_jsonable
from distdoctor.model.progress import ConnectAttempt, EventSink, Joined, Waiting


@dataclass(frozen=True)
class JoinResult:
    """What a worker got: node 0's verdict, or why there is none (the last probe, a rejection, a lost link)."""

    verdict: Any | None
    probe: Probe  # the last attempt to reach node 0; "open" once joined
    attempts: int
    waited_s: float
    rejected: str | None = None
    lost: str | None = None


async def _connect(
    host: str, port: int, timeout_s: float, channel: Channel, source: str | None, welcome_s: float
) -> tuple[Connection, Link | None]:
    """One attempt: connect and hear node 0's welcome (and the nonce this connection's frames are signed with)."""
    start = time.monotonic()
    tried = await connect(host, port, timeout_s, source, small=True)
    if tried.reader is None or tried.writer is None:
        return tried, None
    try:
        welcome = await channel.read(tried.reader, welcome_s)
        if welcome.type == "rejected":
            tried.writer.close()  # node 0 is there but full or done: worth another try, not "another program"
            return Connection("refused", str(welcome.body)[:200], time.monotonic() - start), None
        if welcome.type != "welcome":
            raise FrameError(f"got {welcome.type!r} first")
    except FrameError as exc:
        tried.writer.close()
        # Something accepted the connection but does not speak our protocol: another program holds the port.
        return Connection("foreign", exc.reason, time.monotonic() - start), None
    nonce = welcome.body.get("nonce") if isinstance(welcome.body, dict) else None
    link = channel.join(nonce if isinstance(nonce, str) else "")
    return dataclasses.replace(tried, elapsed_s=time.monotonic() - start), link


async def _session(
    own: NodeReport,
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    channel: Link,
    on_event: EventSink,
) -> tuple[Any | None, str | None, str | None]:
    """After the welcome: (verdict, rejected reason, lost reason)."""
    await channel.send(writer, "report", to_jsonable(own))
    # Node 0's silence that means it is gone; its beats also say by when it means to send the verdict (a large
    # gather's mesh takes a while): until then plus the usual silence, bounded whatever node 0 claims.
    silence = (
        defaults.HEARTBEAT_S * defaults.HEARTBEAT_MISSES
        + defaults.MESH_PROBES_PER_PAIR * (defaults.MESH_PROBE_TIMEOUT_S * 2)
        + defaults.MESH_PAYLOAD_TIMEOUT_S
    )
    verdict_by = 0.0
    while True:
        wait_s = max(silence, min(verdict_by - time.monotonic(), defaults.VERDICT_WAIT_MAX_S) + silence)
        try:
            message = await channel.read(reader, wait_s)
        except FrameError as exc:
            return None, None, exc.reason
        if message.type == "verdict":
            return message.body, None, None
        if message.type == "rejected":
            reason = message.body.get("reason") if isinstance(message.body, dict) else None
            return None, str(reason or "rejected"), None
        if message.type == "waiting" and isinstance(message.body, dict):
            with contextlib.suppress(KeyError, TypeError, ValueError):
                body = message.body
                on_event(Waiting(int(body["arrived"]), int(body["expected"]), tuple(map(int, body["missing"]))))
                promised = float(body.get("verdict_within_s", 0.0))
                if math.isfinite(promised):
                    verdict_by = time.monotonic() + min(max(promised, 0.0), defaults.VERDICT_WAIT_MAX_S)
        elif message.type == "mesh":
            try:
                body = message.body
                targets = [Target(int(t["index"]), str(t["address"]), int(t["port"])) for t in body["targets"]]
                src, tries = int(body["src"]), int(body.get("tries", defaults.MESH_PROBES_PER_PAIR))
                until_open = body.get("until_open") is True
                if not all(t.index >= 0 and 1 <= t.port <= 65535 for t in targets) or src < 0:
                    raise ValueError("index or port out of range")
            except (KeyError, TypeError, ValueError, AttributeError):
                return None, None, "node 0 sent a malformed mesh request"
            # Whoever sent it, a mesh request never makes this node hammer one address.
            targets = [targets[k] for k in capped_addresses([t.address for t in targets])]
            probes = await probe_targets(
                src, targets, tries=max(1, min(tries, 10)), until_open=until_open, channel=channel.channel
            )
            await channel.send(writer, "probes", to_jsonable(probes))


async def join(
    own: NodeReport,
    *,
    host: str,
    port: int,
    wait_s: float = defaults.GATHER_WAIT_S,
    channel: Channel | None = None,
    on_event: EventSink = lambda e: None,
    source: str | None = None,
) -> JoinResult:
    """Reach node 0 within wait_s, retrying with back-off; then report and wait for the verdict (unsigned when no
    channel is given; from the source address when given, as simulated nodes do)."""
    channel = channel or Channel()
    start = time.monotonic()
    deadline = start + wait_s
    delay = defaults.CONNECT_BACKOFF_FIRST_S
    welcome_s = defaults.WELCOME_TIMEOUT_S
    attempt = 0
    while True:
        attempt += 1
        left = deadline - time.monotonic()
        connect_s = max(0.1, min(defaults.PROBE_TIMEOUT_S, left))
        tried, link = await _connect(host, port, connect_s, channel, source, welcome_s)
        if tried.outcome == "foreign":
            welcome_s = min(welcome_s * 2, defaults.WELCOME_TIMEOUT_MAX_S)
        if tried.reader is not None and tried.writer is not None and link is not None:
            on_event(Joined(host, port, attempt, time.monotonic() - start))
            with contextlib.closing(tried.writer):
                verdict, rejected, lost = await _session(own, tried.reader, tried.writer, link, on_event)
            probe = Probe(host, port, "open", tried.elapsed_s, attempts=attempt)
            return JoinResult(verdict, probe, attempt, time.monotonic() - start, rejected, lost)
        on_event(ConnectAttempt(host, port, tried.outcome, attempt, time.monotonic() - start))
        if time.monotonic() + delay >= deadline:
            probe = Probe(host, port, tried.outcome, time.monotonic() - start, tried.detail, attempts=attempt)
            return JoinResult(None, probe, attempt, time.monotonic() - start)
        await asyncio.sleep(delay)
        delay = min(delay * 2, defaults.CONNECT_BACKOFF_MAX_S)
