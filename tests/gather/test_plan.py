"""The probe plan: full mesh for small jobs, ring plus random peers above the limit, re-pairing of suspects."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from distdoctor.gather.plan import mesh_pairs, repair_pairs, suspects_from, targets_by_source
from distdoctor.model import PairProbe, ProbeOutcome

Pair = tuple[int, int]


def check_well_formed(pairs: list[Pair], n: int) -> None:
    assert pairs == sorted(set(pairs)), "pairs must be sorted and without duplicates"
    assert all(0 <= s < n and 0 <= d < n and s != d for s, d in pairs)


COUNTS = [
    # (n, full_mesh_limit, k, expected count, or None to check the bound n * (k + 2))
    (0, 64, 3, 0),
    (1, 64, 3, 0),
    (2, 64, 3, 2),
    (3, 64, 3, 6),
    (64, 64, 3, 64 * 63),
    (65, 64, 3, 65 * 5),
    (4096, 64, 3, 4096 * 5),
    (4096, 64, 0, 4096 * 2),
    (4096, 64, 8, 4096 * 10),
    (100, 10, 3, 100 * 5),
    # Below the usual sizes, k is capped by the peers left after the ring: 4 nodes have one.
    (4, 2, 3, 4 * 3),
    (3, 2, 3, 3 * 2),
]


@pytest.mark.parametrize(("n", "limit", "k", "count"), COUNTS, ids=[f"n{c[0]}-limit{c[1]}-k{c[2]}" for c in COUNTS])
def test_mesh_pair_counts(n: int, limit: int, k: int, count: int) -> None:
    pairs = mesh_pairs(n, full_mesh_limit=limit, k=k)
    assert len(pairs) == count
    assert len(pairs) <= max(n * (n - 1) if n <= limit else n * (k + 2), 0)
    check_well_formed(pairs, n)


def test_full_mesh_is_every_ordered_pair() -> None:
    assert mesh_pairs(3) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


def test_above_the_limit_every_node_probes_and_is_probed_with_both_ring_neighbours() -> None:
    n = 4096
    pairs = mesh_pairs(n)
    out, inn = Counter(s for s, _ in pairs), Counter(d for _, d in pairs)
    assert set(out) == set(inn) == set(range(n))
    assert all(out[i] == 5 for i in range(n))
    assert min(inn.values()) >= 2
    present = set(pairs)
    assert all(((i, (i + 1) % n) in present and ((i + 1) % n, i) in present) for i in range(n))


def test_plan_is_deterministic_and_seeded() -> None:
    assert mesh_pairs(500, seed=7) == mesh_pairs(500, seed=7)
    assert mesh_pairs(500, seed=7) != mesh_pairs(500, seed=8)
    assert mesh_pairs(40, seed=7) == mesh_pairs(40, seed=8)  # a full mesh has nothing random in it


def test_negative_k_is_a_bug() -> None:
    with pytest.raises(ValueError, match="k must be 0 or more"):
        mesh_pairs(100, k=-1)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 300), limit=st.integers(0, 80), k=st.integers(0, 6), seed=st.integers(0, 2**32))
def test_mesh_pairs_properties(n: int, limit: int, k: int, seed: int) -> None:
    pairs = mesh_pairs(n, full_mesh_limit=limit, k=k, seed=seed)
    check_well_formed(pairs, n)
    if n <= limit:
        assert len(pairs) == n * (n - 1)
    else:
        assert len(pairs) <= n * (k + 2)
        # The ring alone makes every node probe and be probed.
        assert {s for s, _ in pairs} == {d for _, d in pairs} == set(range(n))
    assert pairs == mesh_pairs(n, full_mesh_limit=limit, k=k, seed=seed)


REPAIRS = [
    # (id, suspects, healthy, n, per_suspect, expected pair count)
    ("none", [], list(range(10)), 10, 3, 0),
    ("one-suspect", [4], [0, 1, 2, 3, 5, 6], 10, 3, 6),
    ("two-suspects", [4, 9], [0, 1, 2, 3, 5, 6], 10, 3, 12),
    ("few-healthy", [4], [0, 1], 10, 3, 4),
    ("no-healthy", [4], [], 10, 3, 0),
    ("suspect-listed-as-healthy-too", [4, 5], [4, 5, 6], 10, 3, 4),
    ("out-of-range-ignored", [4, 12], [0, 1, 2, 11], 10, 3, 6),
    ("duplicate-suspects", [4, 4], [0, 1, 2], 10, 2, 4),
]


@pytest.mark.parametrize(
    ("suspects", "healthy", "n", "per_suspect", "count"), [c[1:] for c in REPAIRS], ids=[c[0] for c in REPAIRS]
)
def test_repair_pairs(suspects: list[int], healthy: list[int], n: int, per_suspect: int, count: int) -> None:
    pairs = repair_pairs(suspects, healthy, n, per_suspect=per_suspect)
    assert len(pairs) == count
    check_well_formed(pairs, n)
    bad = set(suspects)
    for s, d in pairs:
        # Every pair joins one suspect with one healthy node, and is present both ways.
        assert (s in bad) != (d in bad)
        assert (d, s) in pairs
        assert (d if s in bad else s) in healthy


def test_repair_pairs_are_deterministic_and_spread() -> None:
    healthy = list(range(100, 200))
    first = repair_pairs(range(20), healthy, 200, seed=3)
    assert first == repair_pairs(reversed(range(20)), list(reversed(healthy)), 200, seed=3)
    partners = Counter(d for s, d in first if s < 20)
    assert len(partners) > 20, "suspects should not all be re-paired with the same few healthy nodes"


def failed_probe(src: int, dst: int, outcomes: tuple[ProbeOutcome, ...]) -> PairProbe:
    latencies = tuple(0.001 for o in outcomes if o == "open")
    return PairProbe(src, dst, f"10.1.0.{dst + 1}", 40100, outcomes, latencies)


SUSPECTS = [
    ("healthy", [failed_probe(0, 1, ("open",)), failed_probe(1, 0, ("open", "open"))], set()),
    ("one-failed-pair", [failed_probe(0, 1, ("open",)), failed_probe(2, 3, ("timed-out",))], {2, 3}),
    ("flaky-is-not-failed", [failed_probe(0, 1, ("open", "refused"))], set()),
    ("several", [failed_probe(0, 5, ("refused",)), failed_probe(5, 7, ("no-route", "timed-out"))], {0, 5, 7}),
]


@pytest.mark.parametrize(("probes", "expected"), [c[1:] for c in SUSPECTS], ids=[c[0] for c in SUSPECTS])
def test_suspects_from(probes: list[PairProbe], expected: set[int]) -> None:
    assert suspects_from(probes) == expected


TARGETS = [
    ("empty", [], {}),
    ("grouped-in-source-order", [(2, 0), (0, 1), (2, 1), (0, 2)], {0: [1, 2], 2: [0, 1]}),
]


@pytest.mark.parametrize(("pairs", "expected"), [c[1:] for c in TARGETS], ids=[c[0] for c in TARGETS])
def test_targets_by_source(pairs: list[Pair], expected: dict[int, list[int]]) -> None:
    got = targets_by_source(pairs)
    assert got == expected
    assert list(got) == sorted(got)


def test_targets_cover_the_plan() -> None:
    pairs = mesh_pairs(300)
    targets = targets_by_source(pairs)
    assert sorted((s, d) for s, ds in targets.items() for d in ds) == pairs
