"""Frames between distdoctor nodes: a 4-byte big-endian length, then a UTF-8 JSON object.

`{"v": 1, "type": ..., "seq": ..., "cn": ..., "body": ..., "mac": ...}`. The MAC (HMAC-SHA256 with the shared
secret) covers the connection's nonces (node 0's, sent in its welcome, and the client's, `cn`), the direction, the
frame's sequence number on the connection, its type and its body: a signed frame is good once, on one connection,
in one direction, at one place. A `Link` is one connection's side; a `Channel` holds the secret and makes links.
Nothing a peer sends is ever executed: bodies are checked here (bounded, text safe to encode), then decoded into
model types or dropped.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import math
import re
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from distdoctor import defaults
from distdoctor.model.secret import Secret

VERSION = 1
_LENGTH = struct.Struct(">I")
TYPES = frozenset(
    {"welcome", "report", "waiting", "mesh", "probes", "verdict", "rejected", "hello", "snapshot", "states", "ask"}
)
# These carry no authority, and a peer with another secret must still be able to read them.
UNSIGNED_TYPES = frozenset({"welcome", "rejected"})

# What a body may hold, whoever sent it: a string longer than this, more items in one array or object, or deeper
# nesting drops the frame (a frame is at most 1 MiB, but one 1 MiB hostname is not a hostname).
MAX_TEXT = 16384
MAX_ITEMS = 65536
MAX_DEPTH = 32
# Lone surrogates (valid JSON "\ud800", not encodable) and control characters (ESC starts a terminal escape, CR
# rewrites a line) from a peer become U+FFFD: the text stays visible and can no longer crash or steer an output.
_UNSAFE = re.compile("[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NONCE = re.compile("^[0-9a-f]{16,64}$")
Role = Literal["node0", "client"]


class FrameError(Exception):
    """A frame that cannot be taken; `reason` is short and shown to the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Message:
    type: str
    body: Any


class Codec(Protocol):
    """What turns messages into frames and back: a `Link` (one connection's side) or a link-less `Channel`."""

    def encode(self, type_: str, body: Any) -> bytes: ...

    def decode(self, payload: bytes) -> Message: ...


def safe_text(text: str) -> str:
    """Text from a peer made safe to encode and to show: lone surrogates and control characters to U+FFFD."""
    # Printable text has neither (surrogates and C0/C1 controls are not printable): most strings skip the regex.
    return text if text.isprintable() else _UNSAFE.sub("\ufffd", text)


def checked_body(value: Any, depth: int = 0) -> Any:
    """A body as json.loads gave it, bounded (strings, items, depth) and its text made safe; FrameError if not."""
    kind = type(value)
    if kind is str:
        return _checked_text(value)
    if kind is list or kind is dict:
        if depth >= MAX_DEPTH:
            raise FrameError(f"malformed frame (nested deeper than {MAX_DEPTH})")
        if len(value) > MAX_ITEMS:
            raise FrameError(f"malformed frame ({len(value)} items in one array or object, limit {MAX_ITEMS})")
        # Strings and plain scalars handled in place: a verdict for 4096 nodes holds a million of them, and each
        # worker checks every one.
        if kind is list:
            return [
                (_checked_text(v) if type(v) is str else v) if type(v) in _LEAVES else checked_body(v, depth + 1)
                for v in value
            ]
        return {
            _checked_text(k): (_checked_text(v) if type(v) is str else v)
            if type(v) in _LEAVES
            else checked_body(v, depth + 1)
            for k, v in value.items()  # keys from json.loads are always strings
        }
    if kind is float and not math.isfinite(value):
        raise FrameError("malformed frame (NaN or Infinity)")
    return value


def _checked_text(text: str) -> str:
    if len(text) > MAX_TEXT:
        raise FrameError(f"malformed frame (a string of {len(text)} characters, limit {MAX_TEXT})")
    return safe_text(text)


# What json.loads gives that is checked in place (a float may be NaN: it goes through checked_body).
_LEAVES = frozenset({str, int, bool, type(None)})


def _canonical(body: Any) -> bytes:
    # ASCII escapes: a lone surrogate a peer smuggled in as \\ud800 still encodes.
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


@dataclass(frozen=True)
class Prepared:
    """A body serialised and digested once, to go out on many links (the verdict, to thousands of nodes)."""

    type: str
    body: bytes
    digest: str


@dataclass(frozen=True)
class Channel:
    """The run's secret, and the links made from it: every message to or from a peer goes through one.

    With a secret every frame but the unsigned types carries an HMAC over the link's nonces and sequence, and every
    frame read must carry a good one; without, frames go unsigned and any well-formed one is taken. Callers hold a
    Channel, never the secret. `encode`/`decode`/`read`/`send` here are a link-less shortcut (empty nonce, sequence
    0 of no connection) for frames that carry no authority and for tests: a real link never takes their frames.
    """

    secret: Secret | None = None

    @property
    def signed(self) -> bool:
        return self.secret is not None

    def mac(self, nonce: str, sender: Role, seq: int, type_: str, digest: str) -> str:
        assert self.secret is not None
        signed = json.dumps([VERSION, nonce, sender, seq, type_, digest], separators=(",", ":")).encode()
        return hmac.new(self.secret.reveal(), signed, hashlib.sha256).hexdigest()

    def prepare(self, type_: str, body: Any) -> Prepared:
        """Serialise a body once (ASCII: a peer's lone surrogate escaped) for one or many links."""
        text = json.dumps(body, separators=(",", ":"), ensure_ascii=True).encode()
        digest = hashlib.sha256(_canonical(body)).hexdigest() if self.secret is not None else ""
        return Prepared(type_, text, digest)

    def payload_tag(self, challenge: bytes) -> bytes:
        """A mesh payload's answer to a listener's challenge (fresh per connection): only nodes of this run, which
        hold the secret, get a payload slot."""
        assert self.secret is not None
        return hmac.new(self.secret.reveal(), b"distdoctor mesh payload " + challenge, hashlib.sha256).digest()[:16]

    def serve(self, nonce: str) -> Link:
        """node 0's side of a new connection; `nonce` (fresh for each connection) goes out in the welcome."""
        return Link(self, nonce, "node0")

    def join(self, nonce: str) -> Link:
        """A client's side, with node 0's nonce from its welcome and a fresh nonce of the client's own."""
        return Link(self, nonce, "client", client_nonce=secrets.token_hex(16))

    def _shortcut(self) -> Link:
        return Link(self, "", "node0", client_nonce="", check_sequence=False)

    def encode(self, type_: str, body: Any) -> bytes:
        """One frame, signed when the channel has a secret (link-less: see the class)."""
        return self._shortcut().encode(type_, body)

    def decode(self, payload: bytes) -> Message:
        """The message in a link-less frame's payload; FrameError for anything else."""
        link = self._shortcut()
        link.sender_of_reads = "node0"
        return link.decode(payload)

    async def read(self, reader: asyncio.StreamReader, timeout_s: float) -> Message:
        link = self._shortcut()
        link.sender_of_reads = "node0"
        return await link.read(reader, timeout_s)

    async def send(self, writer: asyncio.StreamWriter, type_: str, body: Any) -> None:
        await send_frame(writer, self.encode(type_, body))


def new_nonce() -> str:
    """A run's nonce, chosen by node 0: 128 random bits."""
    return secrets.token_hex(16)


@dataclass
class Link:
    """One side of one connection: the channel, the nonces, and how many signed frames went each way."""

    channel: Channel
    nonce: str
    role: Role
    client_nonce: str | None = None  # node 0 learns it from the client's first frame
    check_sequence: bool = True
    sent: int = 0
    received: int = 0
    sender_of_reads: Role = field(init=False)

    def __post_init__(self) -> None:
        self.sender_of_reads = "client" if self.role == "node0" else "node0"

    def _nonces(self) -> str:
        return f"{self.nonce}:{self.client_nonce or ''}"

    def encode(self, type_: str, body: Any) -> bytes:
        """One frame on this link, signed when the channel has a secret."""
        return self.encode_prepared(self.channel.prepare(type_, body))

    def encode_prepared(self, prepared: Prepared) -> bytes:
        if prepared.type not in TYPES:
            raise FrameError(f"unknown message type {prepared.type!r}")
        # Written out, not json.dumps'd: every value is a known type name, a number or hex (the verdict goes to
        # thousands of links, each with its own head).
        head = f'{{"v":{VERSION},"type":"{prepared.type}"'
        if prepared.type not in UNSIGNED_TYPES:
            head += f',"seq":{self.sent}'
            if self.role == "client" and self.client_nonce:
                head += f',"cn":"{self.client_nonce}"'
            if self.channel.secret is not None:
                mac = self.channel.mac(self._nonces(), self.role, self.sent, prepared.type, prepared.digest)
                head += f',"mac":"{mac}"'
            self.sent += 1
        payload = head.encode() + b',"body":' + prepared.body + b"}"
        if len(payload) > defaults.FRAME_MAX_BYTES:
            raise FrameError(f"frame of {len(payload)} bytes is over the {defaults.FRAME_MAX_BYTES}-byte limit")
        return _LENGTH.pack(len(payload)) + payload

    def decode(self, payload: bytes) -> Message:
        """The message in a frame's payload; FrameError for anything but a well-formed frame of ours, in sequence."""
        try:
            frame = json.loads(payload.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise FrameError("malformed frame (not UTF-8 JSON)") from None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str) or "body" not in frame:
            raise FrameError("malformed frame (not a distdoctor message)")
        if frame.get("v") != VERSION:
            shown = safe_text(str(frame.get("v"))[:20])
            raise FrameError(f"protocol version {shown!r}, expected {VERSION} (distdoctor versions differ?)")
        type_ = frame["type"]
        if type_ not in TYPES:
            raise FrameError(f"unknown message type {safe_text(type_[:40])!r}")
        if type_ not in UNSIGNED_TYPES:
            self._check(frame)
        return Message(type_, checked_body(frame["body"]))

    def _check(self, frame: dict[str, Any]) -> None:
        if self.role == "node0" and self.client_nonce is None:
            cn = frame.get("cn")
            # Without a secret the nonce is not checked; a client of an older version may send none.
            self.client_nonce = cn if isinstance(cn, str) and _NONCE.match(cn) else ""
        seq = frame.get("seq")
        if self.channel.secret is None:
            self.received += 1
            return
        mac = frame.get("mac")
        if not isinstance(mac, str):
            raise FrameError("missing HMAC (this node has no --secret / DISTDOCTOR_SECRET?)")
        if self.check_sequence and (type(seq) is not int or seq != self.received):
            raise FrameError("replayed or out-of-order frame (sequence)")
        digest = hashlib.sha256(_canonical(frame["body"])).hexdigest()
        number = seq if type(seq) is int else -1
        expected = self.channel.mac(self._nonces(), self.sender_of_reads, number, frame["type"], digest).encode()
        if not hmac.compare_digest(mac.encode("utf-8", "replace"), expected):
            # Also what a frame of another run or another connection gives: its nonces are not this link's.
            raise FrameError("bad HMAC (a different --secret / DISTDOCTOR_SECRET?)")
        self.received += 1

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
