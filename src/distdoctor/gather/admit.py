"""What node 0 takes from a peer, beyond the types and ranges the codec checks: pure checks, no I/O.

A report is dropped (and counted) when it cannot be about this run; it is kept but not counted as arrived when its
facts do not hold up. Mesh requests and answers are held to what was asked, and to a few connects per address,
so forged endpoints cannot turn node 0 or the workers into an amplifier against a third host.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from distdoctor.model import NodeReport, PairProbe
from distdoctor.rules.local import is_loopback

# Bounds no real job reaches: torchrun's largest known jobs are a few thousand nodes of 8-72 GPUs.
MAX_NODES = 65536
MAX_WORLD_SIZE = 1 << 24
MAX_NPROC = 4096
# Endpoints probed on one address in one mesh round, from any one node: a one-host test cluster has a few, a real
# cluster one per node; 50 forged reports naming a third host get that host 16 x tries connects, not 50 x.
MESH_MAX_PER_ADDRESS = 16
# Targets one node takes in one mesh request (a ring, k random peers and re-pairing need far fewer).
MESH_MAX_TARGETS = 4096


def refused(report: NodeReport, expected: int) -> str | None:
    """Why this report cannot be about node 0's run (it is dropped and counted), else None."""
    config = report.config
    rank = report.node_rank
    if rank == 0:
        return "a report claiming node_rank 0, which is node 0 itself"
    # A node_rank past nnodes is kept: a node launched with the wrong --node-rank is what node-rank-out-of-range
    # names, and it never counts towards the ranks node 0 waits for. Only what no real launch gives is dropped.
    if rank >= MAX_NODES:
        return f"node_rank {rank} over {MAX_NODES}"
    if config.nnodes.value.max > MAX_NODES:
        return f"nnodes {config.nnodes.value} over {MAX_NODES}"
    for name, value, bound in (
        ("world_size", config.world_size, MAX_WORLD_SIZE),
        ("nproc_per_node", config.nproc_per_node, MAX_NPROC),
        ("local_world_size", config.local_world_size, MAX_NPROC),
    ):
        if value is not None and value.value > bound:
            return f"{name} {value.value} over {bound}"
    return None


def address_mismatch(report: NodeReport, seen_from: str) -> str | None:
    """Why the address node 0 saw the report come from is not the node's own, else None.

    A node lists its interfaces; a report that came from an address none of them has was sent by another host
    (a forged report, or a node behind NAT, where gloo and NCCL cannot reach it either). Loopback connections come
    from this host itself and are not checked."""
    if not seen_from or is_loopback(seen_from):
        return None
    own = {a.split("%")[0] for a in report.facts.local_addresses()}
    # An IPv6 path is no mismatch: a link-local peer comes with its scope (fe80::1%eth0), an IPv4 one through a
    # dual-stack socket as ::ffff:a.b.c.d.
    seen = seen_from.split("%")[0]
    seen = seen.removeprefix("::ffff:") if seen.startswith("::ffff:") and "." in seen else seen
    if seen in own:
        return None
    return f"its report came from {seen_from}, which is none of the addresses it lists as its own"


def capped_addresses(addresses: Sequence[str]) -> list[int]:
    """Indices of `addresses` to probe: at most MESH_MAX_PER_ADDRESS per address, MESH_MAX_TARGETS in all."""
    seen: dict[str, int] = {}
    kept: list[int] = []
    for i, address in enumerate(addresses):
        seen[address] = seen.get(address, 0) + 1
        if seen[address] <= MESH_MAX_PER_ADDRESS and len(kept) < MESH_MAX_TARGETS:
            kept.append(i)
    return kept


def answered(probes: Iterable[PairProbe], src: int, asked: dict[int, tuple[str, int]]) -> list[PairProbe]:
    """The probes a node may report: its own, to targets it was asked about, at the address asked, once each."""
    kept: dict[int, PairProbe] = {}
    for p in probes:
        if p.src == src and asked.get(p.dst) == (p.address, p.port) and p.dst not in kept:
            kept[p.dst] = p
    return list(kept.values())
