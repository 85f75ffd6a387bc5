"""The hand-written typed JSON decoder model/codec.py replaced (main at a95685d): bench/codec.py's baseline."""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, TypeVar, Union

from distdoctor.model.config import NodeRange, Source, Sourced

T = TypeVar("T")


def to_jsonable(value: Any) -> Any:
    """Dataclasses to dicts, tuples to lists, a node range to its torchrun spelling (`2` or `1:4`)."""
    if isinstance(value, NodeRange):
        return str(value)
    if isinstance(value, Sourced):
        return {"value": to_jsonable(value.value), "source": {"kind": value.source.kind, "key": value.source.key}}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


class DecodeError(ValueError):
    """Data that does not have the shape of the model (a peer's malformed report, a bad fixture)."""


@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    # Resolving string annotations is the slow part of decoding: node 0 decodes thousands of reports.
    return typing.get_type_hints(tp)


@functools.cache
def _fields(tp: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(tp)


def from_jsonable(cls: type[T], data: Any) -> T:
    """Rebuild a model dataclass from `to_jsonable` output, checking types as it goes."""
    result: T = _decode(cls, data, cls.__name__)
    return result


def _decode(tp: Any, data: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return _decode(arg, data, path)
            except DecodeError as exc:
                errors.append(str(exc))
        raise DecodeError("; ".join(errors))
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DecodeError(f"{path}: {data!r} is not one of {typing.get_args(tp)}")
        return data
    if origin is tuple:
        args = typing.get_args(tp)
        if isinstance(data, dict):
            data = [[k, v] for k, v in data.items()]  # an env mapping, as reports print it
        if not isinstance(data, list):
            raise DecodeError(f"{path}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item, f"{path}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            raise DecodeError(f"{path}: expected {len(args)} items")
        return tuple(_decode(a, item, f"{path}[{i}]") for i, (a, item) in enumerate(zip(args, data, strict=True)))
    if origin is dict:
        key_t, val_t = typing.get_args(tp)
        if not isinstance(data, dict):
            raise DecodeError(f"{path}: expected an object")
        return {_decode(key_t, k, path): _decode(val_t, v, f"{path}.{k}") for k, v in data.items()}
    if tp is NodeRange or origin is NodeRange:
        try:
            return NodeRange.parse(str(data))
        except ValueError:
            raise DecodeError(f"{path}: {data!r} is not a node range") from None
    if origin is Sourced:
        (inner,) = typing.get_args(tp)
        if not isinstance(data, dict) or "value" not in data or "source" not in data:
            raise DecodeError(f"{path}: expected a sourced value")
        return Sourced(_decode(inner, data["value"], path), _decode(Source, data["source"], f"{path}.source"))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise DecodeError(f"{path}: expected an object")
        hints = _hints(tp)
        kwargs = {}
        for f in _fields(tp):
            if f.name in data:
                kwargs[f.name] = _decode(hints[f.name], data[f.name], f"{path}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise DecodeError(f"{path}: missing {f.name}")
        return typing.cast(Any, tp)(**kwargs)
    if tp is float and isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data)
    if isinstance(tp, type) and isinstance(data, tp) and not (tp is int and isinstance(data, bool)):
        return data
    raise DecodeError(f"{path}: expected {getattr(tp, '__name__', tp)}, got {type(data).__name__}")
