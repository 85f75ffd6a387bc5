"""Model types to JSON and back, validated while decoding: for --json, the coordinator's wire, recorded facts.

msgspec does the work: it encodes the frozen dataclasses and Structs of model/ natively and, on decode, checks every
field against its type and its constraints (the ranges in model/constraints.py). Only what msgspec cannot know is
written here: a NodeRange is spelled as torchrun spells it ("2", "1:4").
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Any, TypeVar, cast

import msgspec

from distdoctor.model.config import NodeRange

T = TypeVar("T")


class DecodeError(ValueError):
    """Data that does not have the shape of the model (a peer's malformed report, a bad fixture)."""


def _enc_hook(value: Any) -> Any:
    if isinstance(value, NodeRange):
        return str(value)
    raise NotImplementedError(f"cannot encode {type(value).__name__}")


def _dec_hook(tp: Any, data: Any) -> Any:
    if tp is NodeRange:
        if isinstance(data, int) and not isinstance(data, bool):
            data = str(data)
        if not isinstance(data, str):
            raise ValueError(f"expected a node range like 2 or 1:4, got {type(data).__name__}")
        return NodeRange.parse(data)  # its ValueError names the accepted form
    raise NotImplementedError(f"cannot decode {tp!r}")


def schema_hook(tp: Any) -> dict[str, Any]:
    """The JSON schema of the types msgspec does not know (for render/schema.py)."""
    if tp is NodeRange:
        return {"type": "string", "pattern": r"^[1-9][0-9]*(:[1-9][0-9]*)?$", "description": "N or MIN:MAX"}
    raise NotImplementedError(f"no schema for {tp!r}")


_ENCODER = msgspec.json.Encoder(enc_hook=_enc_hook)


@functools.cache
def _decoder(tp: Any) -> msgspec.json.Decoder[Any]:
    # One decoder per type: building it resolves the type hints once, not per frame.
    return msgspec.json.Decoder(tp, dec_hook=_dec_hook)


def to_jsonable(value: Any) -> Any:
    """Dataclasses and Structs to dicts, a node range to its torchrun spelling (`2` or `1:4`): values json.dumps
    writes (tuples stay tuples, which it writes as arrays)."""
    # Not through bytes: a lone surrogate a peer sent (valid JSON, "\ud800") must not fail here but in the frame
    # encoder, which escapes it.
    return msgspec.to_builtins(value, enc_hook=_enc_hook)


def from_jsonable(cls: type[T], data: Any) -> T:
    """Rebuild a model type from `to_jsonable` output (or json.loads output), checking types and ranges."""
    try:
        result: T = msgspec.convert(data, cls, dec_hook=_dec_hook)
    except msgspec.ValidationError as exc:
        raise DecodeError(f"{getattr(cls, '__name__', cls)}: {exc}") from None
    return result


def encode_json(value: Any) -> bytes:
    """A model value as compact JSON bytes."""
    return _ENCODER.encode(value)


def decode_json(data: bytes | str, cls: type[T]) -> T:
    """JSON bytes straight to a model type, checking types and ranges (no dicts in between)."""
    try:
        result: T = _decoder(cast(Hashable, cls)).decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise DecodeError(f"{getattr(cls, '__name__', cls)}: {exc}") from None
    return result
