"""model/identity.ByIdentity: one computation per object, by identity, bounded."""

from __future__ import annotations

from distdoctor.model.identity import ByIdentity


def _counting(calls: list[object]) -> ByIdentity[object, int]:
    def compute(obj: object) -> int:
        calls.append(obj)
        return len(calls)

    return ByIdentity(compute, limit=2)


def test_a_value_is_computed_once_per_object_and_equal_objects_are_not_confused() -> None:
    calls: list[object] = []
    cache = _counting(calls)
    a, b = (1, 2), tuple([1, 2])  # equal, not the same object
    assert cache(a) == 1 and cache(a) == 1 and cache(b) == 2
    assert calls[0] is a and calls[1] is b


def test_past_its_limit_it_starts_again() -> None:
    calls: list[object] = []
    cache = _counting(calls)
    objs = [object() for _ in range(3)]
    for o in objs:
        cache(o)
    cache(objs[2])  # held since the clear
    cache(objs[0])  # dropped by the clear: computed again
    assert calls == [objs[0], objs[1], objs[2], objs[0]]
