"""Frames between distdoctor nodes: a 4-byte big-endian length, then a UTF-8 JSON object.

`{"v": 1, "type": ..., "body": ..., "mac": ...}`; the MAC (HMAC-SHA256 with the shared secret) covers type and
body. Nothing a peer sends is ever executed: bodies are decoded into model dataclasses or dropped.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import struct
from dataclasses import dataclass
from typing import Any

from distdoctor import defaults

VERSION = 1
_LENGTH = struct.Struct(">I")
TYPES = frozenset(
    {"welcome", "report", "waiting", "mesh", "probes", "verdict", "rejected", "hello", "snapshot", "states", "ask"}
)
# These carry no authority, and a peer with another secret must still be able to read them.
UNSIGNED_TYPES = frozenset({"welcome", "rejected"})


class FrameError(Exception):
    """A frame that cannot be taken; `reason` is short and shown to the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Message:
    type: str
    body: Any


def _mac(secret: bytes, type_: str, body: Any) -> str:
    # ASCII escapes: a lone surrogate a peer smuggled in as \\ud800 still encodes.
    canonical = json.dumps([type_, body], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(secret, canonical.encode(), hashlib.sha256).hexdigest()


def encode(type_: str, body: Any, secret: bytes | None = None) -> bytes:
    """One frame, signed when a secret is given."""
    frame: dict[str, Any] = {"v": VERSION, "type": type_, "body": body}
    if secret:
        frame["mac"] = _mac(secret, type_, body)
    payload = json.dumps(frame, separators=(",", ":"), ensure_ascii=True).encode()
    if len(payload) > defaults.FRAME_MAX_BYTES:
        raise FrameError(f"frame of {len(payload)} bytes is over the {defaults.FRAME_MAX_BYTES}-byte limit")
    return _LENGTH.pack(len(payload)) + payload


def decode(payload: bytes, secret: bytes | None = None) -> Message:
    """The message in a frame's payload; FrameError for anything but a well-formed frame of ours."""
    try:
        frame = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise FrameError("malformed frame (not UTF-8 JSON)") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str) or "body" not in frame:
        raise FrameError("malformed frame (not a distdoctor message)")
    if frame.get("v") != VERSION:
        raise FrameError(f"protocol version {frame.get('v')!r}, expected {VERSION} (distdoctor versions differ?)")
    if frame["type"] not in TYPES:
        raise FrameError(f"unknown message type {frame['type'][:40]!r}")
    if secret and frame["type"] not in UNSIGNED_TYPES:
        mac = frame.get("mac")
        if not isinstance(mac, str):
            raise FrameError("missing HMAC (this node has no --secret / DISTDOCTOR_SECRET?)")
        if not hmac.compare_digest(mac.encode("utf-8", "replace"), _mac(secret, frame["type"], frame["body"]).encode()):
            raise FrameError("bad HMAC (a different --secret / DISTDOCTOR_SECRET?)")
    return Message(frame["type"], frame["body"])


async def _read(reader: asyncio.StreamReader, secret: bytes | None) -> Message:
    try:
        head = await reader.readexactly(_LENGTH.size)
    except asyncio.IncompleteReadError as exc:
        raise FrameError("connection closed" if not exc.partial else "connection closed mid-frame") from None
    (length,) = _LENGTH.unpack(head)
    # Checked before reading: a peer never makes us allocate a size it chose.
    if length > defaults.FRAME_MAX_BYTES:
        raise FrameError(f"oversized frame ({length} bytes announced, limit {defaults.FRAME_MAX_BYTES})")
    try:
        payload = await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise FrameError("connection closed mid-frame") from None
    return decode(payload, secret)


async def read_message(reader: asyncio.StreamReader, timeout_s: float, secret: bytes | None = None) -> Message:
    """The next message; the whole frame must arrive within timeout_s."""
    try:
        return await asyncio.wait_for(_read(reader, secret), timeout_s)
    except asyncio.TimeoutError:
        raise FrameError(f"no complete frame within {timeout_s:g} s") from None
    except (ConnectionError, OSError) as exc:
        raise FrameError(f"connection lost ({exc.__class__.__name__})") from None


async def send(writer: asyncio.StreamWriter, type_: str, body: Any, secret: bytes | None = None) -> None:
    """Write one message; a peer that went away is not an error here (its absence is reported elsewhere)."""
    await send_frame(writer, encode(type_, body, secret))


async def send_frame(writer: asyncio.StreamWriter, frame: bytes) -> None:
    """Write an encoded frame: the same verdict goes to thousands of nodes, encoded once."""
    try:
        writer.write(frame)
        await asyncio.wait_for(writer.drain(), defaults.FRAME_TIMEOUT_S)
    except (ConnectionError, OSError, asyncio.TimeoutError):
        pass
