"""What the HTML template draws: a page of generic sections (tables, grids, plots, lines), built from a Report.

Each command's data becomes sections in html_sections.py; the template knows only these shapes, so a new command
(dump's per-rank hang table) adds a builder, not markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Cell:
    """One table or grid cell: its text, a CSS class (a state, "differs"), and what hovering shows."""

    text: str
    cls: str = ""
    hover: str = ""


@dataclass(frozen=True)
class Table:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""
    kind: Literal["table"] = "table"


@dataclass(frozen=True)
class Grid:
    """A node × node matrix (cells drawn), or for large clusters only its summary tables."""

    title: str
    labels: tuple[str, ...]  # short labels of rows and columns
    cells: tuple[tuple[Cell, ...], ...]
    legend: tuple[Cell, ...]
    summary: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()
    cell_px: int = 14
    kind: Literal["grid"] = "grid"


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    hover: str


@dataclass(frozen=True)
class Series:
    label: str
    colour: str
    points: tuple[Point, ...]

    @property
    def path(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True)
class Plot:
    """A line plot already laid out in SVG coordinates (the template only draws)."""

    title: str
    width: int
    height: int
    left: int
    top: int
    right: int
    bottom: int
    x_label: str
    y_label: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    series: tuple[Series, ...]
    kind: Literal["plot"] = "plot"


@dataclass(frozen=True)
class Lines:
    title: str
    lines: tuple[str, ...]
    kind: Literal["lines"] = "lines"


Section = Table | Grid | Plot | Lines


@dataclass(frozen=True)
class FindingView:
    severity: str
    severity_label: str
    name: str
    node: str | None
    title: str
    evidence: tuple[str, ...]
    fix: str


@dataclass(frozen=True)
class Page:
    lang: str
    heading: str
    verdict: str
    tone: str  # "error", "warning", "ok"
    exit_line: str
    meta: tuple[str, ...]
    findings: tuple[FindingView, ...]
    sections: tuple[Section, ...]
    labels: dict[str, str]
    footer: str
