"""A cache keyed by the identity of the object a value was computed from: rules at scale ask for the same derived
value of one node's facts or report many times, and frozen model values need not be hashed to find it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """`compute(obj)` once per object: the object is kept beside its value, so its id cannot be reused while it is
    cached; everything is dropped when `limit` objects are held."""

    def __init__(self, compute: Callable[[K], V], limit: int = 1 << 14) -> None:
        self._compute = compute
        self._limit = limit
        self._held: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K) -> V:
        held = self._held.get(id(obj))
        if held is not None and held[0] is obj:
            return held[1]
        value = self._compute(obj)
        if len(self._held) >= self._limit:
            self._held.clear()
        self._held[id(obj)] = (obj, value)
        return value
