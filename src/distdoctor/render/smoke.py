"""A smoke run's measurements as text: who reported, step times, and the bandwidth table of nccl-tests."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from distdoctor.catalogue import Lang
from distdoctor.catalogue.words import ui
from distdoctor.model.smoke import STEPS, BandwidthRow, SmokeRun


def _seconds(value: float) -> str:
    return f"{value:.1f} s" if value >= 1 else f"{value * 1000:.0f} ms"


def bandwidth_rich_table(rows: tuple[BandwidthRow, ...], lang: Lang) -> Table:
    """nccl-tests' columns: size, count, type, redop, time, algbw, busbw."""
    table = Table(title=ui("smoke_bandwidth", lang), title_justify="left", box=None, padding=(0, 1))
    for name in ("size (B)", "count", "type", "redop", "time (us)", "algbw (GB/s)", "busbw (GB/s)"):
        table.add_column(name, justify="right", no_wrap=True)
    for r in rows:
        cells = (
            str(r.size_bytes), str(r.count), r.dtype, "sum", f"{r.time_us:.1f}", f"{r.algbw_gbps:.3f}",
            f"{r.busbw_gbps:.3f}",
        )  # fmt: skip
        table.add_row(*map(Text, cells))  # Text, not markup
    return table


def print_smoke(run: SmokeRun, rows: tuple[BandwidthRow, ...], lang: Lang, console: Console) -> None:
    """The lines between the heading and the findings of `distdoctor smoke`."""
    hosts = ", ".join(dict.fromkeys(r.host for r in run.ranks)) or "-"
    line = ui("smoke_ranks", lang, reported=len(run.ranks), world=run.world_size, hosts=hosts, backend=run.backend)
    console.print(Text(f"  {line}", style="dim"))
    slowest: dict[str, float] = {}
    for result in run.ranks:
        for step in result.steps:
            if step.ok and not step.skipped:
                slowest[step.step] = max(slowest.get(step.step, 0.0), step.seconds)
    if slowest:
        shown = " · ".join(f"{s} {_seconds(slowest[s])}" for s in STEPS if s in slowest)
        console.print(Text(f"  {ui('smoke_steps', lang)}: {shown}", style="dim"))
    peers = [p for r in run.ranks if r.rank == 0 for p in r.peers]
    if peers:
        links = " · ".join(f"rank {p.rank} ({p.host}) {p.gbps:.3f} GB/s" for p in peers[:16])
        console.print(Text(f"  {ui('smoke_links', lang)}: {links}", style="dim"))
    if rows:
        console.print()
        console.print(bandwidth_rich_table(rows, lang))
