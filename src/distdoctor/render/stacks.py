"""The rank table of `dump` and `run`: one line per process, where it is."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from distdoctor.model.report import RankRow

COLUMNS = ("host", "pid", "who", "status", "state", "where")


def rank_row(r: RankRow) -> tuple[str, ...]:
    """One process of the table: host, pid, agent or rank/world, status, state (op, #seq), and its frame."""
    who = r.launcher + " agent" if r.role == "agent" else f"rank {'?' if r.rank is None else r.rank}"
    if r.role == "worker" and r.world_size:
        who += f"/{r.world_size}"
    state = r.state + (f" {r.op}" if r.op and r.state in ("collective", "barrier") else "")
    state += f" #{r.seq}" if r.seq is not None else ""
    # The program's own frame says most; an agent (torch code only) shows torch's.
    where = r.frame if r.role == "worker" and r.frame else r.where
    return r.host, str(r.pid), who, r.status, state, where or (r.error or "")


def ranks_table(rows: Sequence[RankRow]) -> Table:
    """Agents first, then ranks in order: pid, rank, status, state, and the frame it is in."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold dim")
    for column in COLUMNS:
        table.add_column(column)
    for r in rows:
        table.add_row(*map(Text, rank_row(r)))  # Text, not markup: a frame or host may hold "[/]"
    return table


def print_ranks(rows: Sequence[RankRow], console: Console) -> None:
    if rows:
        # Into a log or a pipe, keep each process on one line rather than wrap at 80 columns.
        if console.is_terminal:
            console.print(ranks_table(rows))
            return
        width = console.width
        console.width = max(width, 200)
        try:
            console.print(ranks_table(rows))
        finally:
            console.width = width
