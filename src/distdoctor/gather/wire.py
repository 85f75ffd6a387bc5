"""Frames between distdoctor nodes: a 4-byte big-endian length, then a UTF-8 JSON object.

`{"v": 1, "type": ..., "body": ..., "mac": ...}`; the MAC (HMAC-SHA256 with the shared secret) covers type and
body. A `Channel` does the framing, signing and checking, and it alone reads the secret. Nothing a peer sends is
ever executed: bodies are decoded into model dataclasses or dropped.
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
from distdoctor.model.secret import Secret

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


@dataclass(frozen=True)
class Channel:
    """Framing, signing and verification for one run: every message to or from a peer goes through it.

    With a secret every frame but the unsigned types carries an HMAC and every frame read must carry a good one;
    without, frames go unsigned and any well-formed one is taken. Callers hold a Channel, never the secret.
    (A per-run nonce belongs here too; a per-connection sequence would sit in an object made from a Channel.)
    """

    secret: Secret | None = None

    @property
    def signed(self) -> bool:
        return self.secret is not None

    def _mac(self, type_: str, body: Any) -> str:
        assert self.secret is not None
        # ASCII escapes: a lone surrogate a peer smuggled in as \\ud800 still encodes.
        canonical = json.dumps([type_, body], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hmac.new(self.secret.reveal(), canonical.encode(), hashlib.sha256).hexdigest()

    def encode(self, type_: str, body: Any) -> bytes:
        """One frame, signed when the channel has a secret."""
        frame: dict[str, Any] = {"v": VERSION, "type": type_, "body": body}
        if self.secret is not None:
            frame["mac"] = self._mac(type_, body)
        payload = json.dumps(frame, separators=(",", ":"), ensure_ascii=True).encode()
        if len(payload) > defaults.FRAME_MAX_BYTES:
            raise FrameError(f"frame of {len(payload)} bytes is over the {defaults.FRAME_MAX_BYTES}-byte limit")
        return _LENGTH.pack(len(payload)) + payload

    def decode(self, payload: bytes) -> Message:
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
        if self.secret is not None and frame["type"] not in UNSIGNED_TYPES:
            mac = frame.get("mac")
            if not isinstance(mac, str):
                raise FrameError("missing HMAC (this node has no --secret / DISTDOCTOR_SECRET?)")
            expected = self._mac(frame["type"], frame["body"]).encode()
            if not hmac.compare_digest(mac.encode("utf-8", "replace"), expected):
                raise FrameError("bad HMAC (a different --secret / DISTDOCTOR_SECRET?)")
        return Message(frame["type"], frame["body"])

    async def _read(self, reader: asyncio.StreamReader) -> Message:
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
        return self.decode(payload)

    async def read(self, reader: asyncio.StreamReader, timeout_s: float) -> Message:
        """The next message; the whole frame must arrive within timeout_s."""
        try:
            return await asyncio.wait_for(self._read(reader), timeout_s)
        except asyncio.TimeoutError:
            raise FrameError(f"no complete frame within {timeout_s:g} s") from None
        except (ConnectionError, OSError) as exc:
            raise FrameError(f"connection lost ({exc.__class__.__name__})") from None

    async def send(self, writer: asyncio.StreamWriter, type_: str, body: Any) -> None:
        """Write one message; a peer that went away is not an error here (its absence is reported elsewhere)."""
        await send_frame(writer, self.encode(type_, body))


# Frames that carry no authority (a welcome, a rejection) and tests' raw peers.
PLAIN = Channel()


async def send_frame(writer: asyncio.StreamWriter, frame: bytes) -> None:
    """Write an encoded frame: the same verdict goes to thousands of nodes, encoded once."""
    try:
        writer.write(frame)
        await asyncio.wait_for(writer.drain(), defaults.FRAME_TIMEOUT_S)
    except (ConnectionError, OSError, asyncio.TimeoutError):
        pass
