"""smoke's data as HTML sections: busbw against message size per rank (an SVG plot), the table, the ranks."""

from __future__ import annotations

import math

from distdoctor.catalogue import Lang
from distdoctor.catalogue.words import ui
from distdoctor.model import Report
from distdoctor.model.report import SmokeData
from distdoctor.model.smoke import BandwidthRow, SmokeRun
from distdoctor.render.html_model import Cell, Plot, Point, Section, Series, Table, Tick

WIDTH, HEIGHT = 720, 360
LEFT, TOP, RIGHT, BOTTOM = 64, 16, 160, 48  # margins; the right one holds the legend
# Distinct colours for the first ranks; later ranks reuse them (their hover still names the rank).
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f")
LEGEND_MAX = 16


def size_text(size: int) -> str:
    for unit, shift in (("G", 30), ("M", 20), ("K", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift}{unit}"
    return str(size)


def _y_ticks(top: float) -> list[float]:
    """About five round steps from 0 to at least `top`."""
    raw = top / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [step * i for i in range(math.ceil(top / step) + 1)]


def bandwidth_plot(run: SmokeRun, lang: Lang) -> Plot | None:
    """all_reduce busbw (GB/s) against message size (log scale), one line per rank."""
    per_rank = [
        (r, sorted((b for b in r.bandwidth if b.op == "all_reduce"), key=lambda b: b.size_bytes))
        for r in sorted(run.ranks, key=lambda r: r.rank)
    ]
    per_rank = [(r, rows) for r, rows in per_rank if rows]
    if not per_rank:
        return None
    sizes = sorted({b.size_bytes for _, rows in per_rank for b in rows})
    y_ticks = _y_ticks(max(max(b.busbw_gbps for _, rows in per_rank for b in rows), 1e-6))
    lo, hi = math.log2(sizes[0]), math.log2(sizes[-1])
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(size: int) -> float:
        return LEFT + (inner_w * (math.log2(size) - lo) / (hi - lo) if hi > lo else inner_w / 2)

    def y(gbps: float) -> float:
        return TOP + inner_h * (1 - gbps / y_ticks[-1])

    series = []
    for i, (rank, rows) in enumerate(per_rank):
        label = f"rank {rank.rank} ({rank.host})"
        points = tuple(
            Point(x(b.size_bytes), y(b.busbw_gbps), f"{label}: {size_text(b.size_bytes)} → {b.busbw_gbps:.3f} GB/s")
            for b in rows
        )
        series.append(Series(label, PALETTE[i % len(PALETTE)], points))
    every = max(1, math.ceil(len(sizes) / 10))  # at most ~10 size labels under the axis
    return Plot(
        title=ui("bandwidth_plot", lang),
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        top=TOP,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
        x_label=ui("message_size", lang),
        y_label="busbw (GB/s)",
        x_ticks=tuple(Tick(x(s), size_text(s)) for s in sizes[::every]),
        y_ticks=tuple(Tick(y(v), f"{v:g}") for v in y_ticks),
        series=tuple(series[:LEGEND_MAX] if len(series) > LEGEND_MAX else series),
    )


def _bandwidth_table(rows: tuple[BandwidthRow, ...], lang: Lang) -> Table:
    headers = ("size (B)", "count", "type", "redop", "time (us)", "algbw (GB/s)", "busbw (GB/s)")
    cells = tuple(
        (Cell(str(r.size_bytes)), Cell(str(r.count)), Cell(r.dtype), Cell("sum"), Cell(f"{r.time_us:.1f}"),
         Cell(f"{r.algbw_gbps:.3f}"), Cell(f"{r.busbw_gbps:.3f}"))
        for r in rows
    )  # fmt: skip
    return Table(ui("smoke_bandwidth", lang), headers, cells)


def _ranks_table(run: SmokeRun, lang: Lang) -> Table:
    rows = []
    for r in sorted(run.ranks, key=lambda r: r.rank):
        failed = [s for s in r.steps if not s.ok]
        failed_text = ", ".join(f"{s.step}" + (" (timed out)" if s.timed_out else "") for s in failed) or "-"
        hover = "; ".join(s.error or "" for s in failed if s.error)
        rows.append(
            (
                Cell(str(r.rank)),
                Cell("-" if r.node_rank is None else str(r.node_rank)),
                Cell(r.host),
                Cell(failed_text, "differs" if failed else "", hover),
                Cell(ui("yes" if r.finished else "no", lang), "" if r.finished else "differs"),
            )
        )
    headers = (ui("rank", lang), "node_rank", ui("host", lang), ui("failed_steps", lang), ui("finished", lang))
    note = ui("smoke_ranks", lang, reported=len(run.ranks), world=run.world_size, backend=run.backend,
              hosts=", ".join(dict.fromkeys(r.host for r in run.ranks)) or "-")  # fmt: skip
    return Table(ui("ranks_title", lang), headers, tuple(rows), note=note)


def smoke_sections(report: Report, lang: Lang) -> list[Section]:
    """The plot first (what people look at), then the nccl-tests table, then every rank's outcome."""
    if not isinstance(report.data, SmokeData):
        return []
    run, rows = report.data.run, report.data.bandwidth
    sections: list[Section] = []
    plot = bandwidth_plot(run, lang)
    if plot:
        sections.append(plot)
    if rows:
        sections.append(_bandwidth_table(rows, lang))
    if run.ranks:
        sections.append(_ranks_table(run, lang))
    return sections
