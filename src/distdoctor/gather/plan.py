"""Which pairs of nodes probe each other: a full mesh for small jobs, ring plus random peers for large ones."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from distdoctor.model import PairProbe

Pair = tuple[int, int]

# Up to this many nodes every ordered pair is probed (64 nodes: 4032 pairs, seconds of connects in parallel).
FULL_MESH_LIMIT = 64
# Random peers per node above the limit, on top of the two ring neighbours: enough that a bad node meets several
# healthy ones, while the cost stays N * (k + 2) connects.
RANDOM_PEERS = 3
# Healthy nodes each suspect is re-paired with, both ways: one bad link fails with one of them, a bad node with all.
REPAIR_PEERS = 3


def mesh_pairs(n: int, *, full_mesh_limit: int = FULL_MESH_LIMIT, k: int = RANDOM_PEERS, seed: int = 0) -> list[Pair]:
    """Directed (src, dst) pairs to probe, sorted: all of them up to full_mesh_limit nodes, else ring + k random."""
    if k < 0:
        raise ValueError(f"k must be 0 or more, not {k}")
    if n <= full_mesh_limit:
        return [(s, d) for s in range(n) for d in range(n) if s != d]
    pairs: set[Pair] = set()
    rng = random.Random(seed)
    for i in range(n):
        # Both ring neighbours, so every link of the ring is tested in both directions.
        ring = {(i + 1) % n, (i - 1) % n} - {i}
        pairs.update((i, j) for j in ring)
        # Drawing k + 3 leaves k after dropping i and its neighbours; a fixed seed makes the plan reproducible.
        drawn = rng.sample(range(n), min(n, k + 3))
        pairs.update((i, j) for j in [j for j in drawn if j != i and j not in ring][:k])
    return sorted(pairs)


def repair_pairs(
    suspects: Iterable[int], healthy: Sequence[int], n: int, per_suspect: int = REPAIR_PEERS, seed: int = 0
) -> list[Pair]:
    """Pairs, both ways, between each suspect and per_suspect healthy nodes: a bad node from a bad link."""
    bad = sorted({s for s in suspects if 0 <= s < n})
    pool = sorted({h for h in healthy if 0 <= h < n} - set(bad))
    rng = random.Random(seed)
    pairs: set[Pair] = set()
    for s in bad:
        # Random partners spread the extra connects, so no healthy node is asked to answer every suspect.
        for h in rng.sample(pool, min(per_suspect, len(pool))):
            pairs.update(((s, h), (h, s)))
    return sorted(pairs)


def suspects_from(probes: Iterable[PairProbe]) -> set[int]:
    """Nodes at either end of a pair where every connect failed."""
    return {i for p in probes if p.failed for i in (p.src, p.dst)}


def targets_by_source(pairs: Iterable[Pair]) -> dict[int, list[int]]:
    """The pairs as each source node's list of targets, sources in ascending order."""
    targets: dict[int, list[int]] = {}
    for src, dst in pairs:
        targets.setdefault(src, []).append(dst)
    return dict(sorted(targets.items()))
