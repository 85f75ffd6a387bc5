"""Where a smoke run keeps its records in the launcher's TCPStore, beside torchrun's own keys."""

from __future__ import annotations

PREFIX = "distdoctor/smoke/"
PG_PREFIX = PREFIX + "pg"
VERDICT = PREFIX + "verdict"


def result(rank: int) -> str:
    """A rank's RankResult so far, rewritten after every step."""
    return f"{PREFIX}result/{rank}"


def done(rank: int) -> str:
    """Set once a rank has nothing more to report."""
    return f"{PREFIX}done/{rank}"


def node(node_rank: int) -> str:
    """Set by each node's `distdoctor smoke` as soon as it reaches the store, before torchrun's rendezvous ends."""
    return f"{PREFIX}node/{node_rank}"


def verdict_read(rank: int) -> str:
    """Set by a node's first rank once it holds the verdict: rank 0, when it hosts the store, waits for these."""
    return f"{PREFIX}verdict-read/{rank}"
