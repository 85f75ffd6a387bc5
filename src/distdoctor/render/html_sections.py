"""A Report's data as HTML sections: per-node facts side by side, the connectivity matrix, the logs explain read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from distdoctor.catalogue import Lang
from distdoctor.catalogue.words import outcome_text, ui
from distdoctor.model import NodeFacts, Report
from distdoctor.model.report import CheckData, ExplainData, FanoutData, HangData
from distdoctor.render.facts import fact_rows
from distdoctor.render.html_model import Cell, Grid, Lines, Section, Table
from distdoctor.render.html_smoke import smoke_sections
from distdoctor.render.stacks import COLUMNS, rank_row

# Up to this many nodes the facts stand side by side, one column per node; above, each fact lists its values.
SIDE_BY_SIDE_MAX_NODES = 16
# Up to this many nodes every pair of the matrix is a cell; above, the failures are summarised.
GRID_MAX_NODES = 64
FAILED_PAIRS_SHOWN = 100
NODES_NAMED = 8

# Facts that must agree across nodes: a different value on one node is highlighted.
_MUST_AGREE = ("python", "torch", "torch CUDA", "NCCL", "NVIDIA driver", "distdoctor", "GPUs")
MESH_STATES = ("open", "refused", "timed-out", "no-route", "unresolved", "error", "flaky", "")


def _node_rows(facts: NodeFacts) -> dict[str, str]:
    """The facts worth comparing across nodes, by label: versions, GPUs, route, job-related env vars."""
    rows = {label: value for label, value in fact_rows(facts) if not label.startswith("interface ")}
    rows["hostname"] = facts.hostname
    route = facts.route_to_master
    if route and route.source_address:
        rows["route to master"] = f"{route.source_address} ({route.interface})"
    return rows


def _labels(report: Report, count: int) -> list[str]:
    own = report.verdict
    if isinstance(own, CheckData) and len(own.nodes) == count:
        return [n.label for n in own.nodes]
    return [f.hostname for f in report.nodes]


def facts_section(report: Report, lang: Lang) -> list[Section]:
    """Every node's facts: side by side up to SIDE_BY_SIDE_MAX_NODES nodes, else grouped by value."""
    nodes = report.nodes or ((report.facts,) if report.facts else ())
    if not nodes:
        return []
    if len(nodes) == 1:
        rows = tuple((Cell(label), Cell(value)) for label, value in fact_rows(nodes[0]))
        return [Table(ui("node_facts", lang), (ui("fact", lang), ui("value", lang)), rows)]
    per_node = [_node_rows(f) for f in nodes]
    order = list(dict.fromkeys(label for rows in per_node for label in rows))
    labels = _labels(report, len(nodes))
    if len(nodes) <= SIDE_BY_SIDE_MAX_NODES:
        return [_side_by_side(order, per_node, labels, lang)]
    return [_grouped(order, per_node, labels, lang)]


def _agrees(label: str) -> bool:
    return label in _MUST_AGREE or label.startswith("env ")


def _side_by_side(order: list[str], per_node: list[dict[str, str]], labels: list[str], lang: Lang) -> Table:
    rows = []
    for label in order:
        values = [rows_.get(label, "-") for rows_ in per_node]
        common = Counter(values).most_common(1)[0][0]
        differs = _agrees(label) and len(set(values)) > 1
        cells = [Cell(label, "differs" if differs else "")]
        cells += [Cell(v, "differs" if differs and v != common else "") for v in values]
        rows.append(tuple(cells))
    return Table(ui("node_facts", lang), (ui("fact", lang), *labels), tuple(rows), note=ui("facts_differ", lang))


def _count(n: int, lang: Lang) -> str:
    return ui("one_node", lang) if n == 1 else ui("n_nodes", lang, n=n)


def _grouped(order: list[str], per_node: list[dict[str, str]], labels: list[str], lang: Lang) -> Table:
    rows = []
    for label in order:
        by_value: dict[str, list[str]] = {}
        for rows_, node in zip(per_node, labels, strict=True):
            by_value.setdefault(rows_.get(label, "-"), []).append(node)
        if len(by_value) > NODES_NAMED and not _agrees(label):
            rows.append((Cell(label), Cell(ui("n_distinct", lang, n=len(by_value)))))
            continue
        ranked = sorted(by_value.items(), key=lambda kv: -len(kv[1]))
        parts = [f"{ranked[0][0]} ({_count(len(ranked[0][1]), lang)})"]
        for value, who in ranked[1:]:
            named = ", ".join(who[:NODES_NAMED]) + (" …" if len(who) > NODES_NAMED else "")
            parts.append(f"{value} ({_count(len(who), lang)}: {named})")
        differs = _agrees(label) and len(ranked) > 1
        rows.append((Cell(label, "differs" if differs else ""), Cell(" · ".join(parts), "differs" if differs else "")))
    headers = (ui("fact", lang), ui("values_by_node", lang))
    return Table(ui("node_facts", lang), headers, tuple(rows), note=ui("n_nodes", lang, n=len(per_node)))


def _state_text(state: str, lang: Lang) -> str:
    if state == "":
        return ui("not_probed", lang)
    if state == "flaky":
        return ui("flaky", lang)
    if state == "-":
        return ui("self", lang)
    return outcome_text(state, lang)


def _legend(lang: Lang) -> tuple[Cell, ...]:
    return tuple(Cell(_state_text(s, lang), f"s-{s or 'none'}") for s in MESH_STATES)


def mesh_section(report: Report, lang: Lang) -> list[Section]:
    """check's mesh: a coloured cell per pair up to GRID_MAX_NODES nodes, else counts and the failed pairs."""
    data = report.verdict
    if not isinstance(data, CheckData) or not data.mesh_probes:
        return []
    labels = _labels(report, len(data.nodes))
    matrix = data.mesh
    if matrix is not None and len(matrix) <= GRID_MAX_NODES:
        return [_grid(matrix, data.mesh_detail or (), labels, data, lang)]
    pairs: Sequence[tuple[int, int, str]] = data.mesh_failed_pairs or ()
    if matrix is not None:  # a matrix larger than we draw: its failed cells
        pairs = [(i, j, s) for i, row in enumerate(matrix) for j, s in enumerate(row) if s not in ("open", "-", "")]
    return [_summary(pairs, labels, data, lang)]


def _probed_line(data: CheckData, failed: int, lang: Lang) -> str:
    return ui("mesh_probed", lang, pairs=data.mesh_probes, seconds=data.mesh_s, failed=failed)


def _grid(
    matrix: Sequence[Sequence[str]],
    details: Sequence[Sequence[str]],
    labels: Sequence[str],
    data: CheckData,
    lang: Lang,
) -> Grid:
    def name(i: int) -> str:
        return labels[i] if i < len(labels) else f"#{i}"

    def detail(i: int, j: int) -> str:
        row = details[i] if i < len(details) else ()
        return f" — {row[j]}" if j < len(row) and row[j] else ""

    rows = []
    failed = 0
    for i, row in enumerate(matrix):
        cells = []
        for j, state in enumerate(row):
            failed += state not in ("open", "-", "")
            hover = f"{name(i)} → {name(j)}: {_state_text(state, lang)}{detail(i, j)}"
            cells.append(Cell("", f"s-{state or 'none'}" if state != "-" else "s-self", hover))
        rows.append(tuple(cells))
    return Grid(
        ui("mesh_title", lang),
        labels=tuple(name(i) for i in range(len(matrix))),
        cells=tuple(rows),
        legend=_legend(lang),
        summary=(_probed_line(data, failed, lang),),
        cell_px=28 if len(matrix) <= 8 else 20 if len(matrix) <= 24 else 14,  # small clusters: cells to point at
    )


def _summary(pairs: Sequence[tuple[int, int, str]], labels: Sequence[str], data: CheckData, lang: Lang) -> Grid:
    def name(i: int) -> str:
        return labels[i] if 0 <= i < len(labels) else f"#{i}"

    by_outcome = Counter(str(p[2]) for p in pairs)
    involved = Counter(i for p in pairs for i in (p[0], p[1]))
    tables = (
        Table(
            ui("mesh_by_outcome", lang),
            (ui("outcome", lang), ui("count", lang)),
            tuple((Cell(_state_text(s, lang), f"s-{s}"), Cell(str(n))) for s, n in by_outcome.most_common()),
        ),
        Table(
            ui("mesh_worst", lang),
            (ui("node", lang), ui("count", lang)),
            tuple((Cell(name(i)), Cell(str(n))) for i, n in involved.most_common(NODES_NAMED)),
        ),
        Table(
            ui("mesh_pairs_shown", lang, shown=min(len(pairs), FAILED_PAIRS_SHOWN), total=len(pairs)),
            (ui("from", lang), ui("to", lang), ui("outcome", lang)),
            tuple(
                (Cell(name(p[0])), Cell(name(p[1])), Cell(_state_text(str(p[2]), lang), f"s-{p[2]}"))
                for p in pairs[:FAILED_PAIRS_SHOWN]
            ),
        ),
    )
    count = len(labels) or data.expected
    summary = (ui("mesh_summarised", lang, n=count), _probed_line(data, len(pairs), lang))
    return Grid(ui("mesh_title", lang), labels=(), cells=(), legend=(), summary=summary, tables=tables)


def explain_sections(report: Report, lang: Lang) -> list[Section]:
    """The logs explain read, and the last error-looking lines when no signature matched."""
    data = report.data
    if not isinstance(data, ExplainData):
        return []
    sections: list[Section] = []
    if data.inputs:
        rows = tuple(
            (Cell(i.source), Cell(str(i.lines)), Cell(i.node or "-"), Cell(i.nccl or "-")) for i in data.inputs
        )
        headers = (ui("source", lang), ui("lines", lang), ui("node", lang), "NCCL")
        sections.append(Table(ui("logs_title", lang), headers, rows))
    if data.error_lines:
        sections.append(Lines(ui("last_error_lines", lang), data.error_lines))
    return sections


def hosts_section(report: Report, lang: Lang) -> list[Section]:
    """check --hosts: each host, its node_rank, and whether ssh brought its report back."""
    data = report.data
    if not isinstance(data, FanoutData) or not data.hosts:
        return []
    rows = tuple(
        (Cell(h.host), Cell(str(h.node_rank)), Cell(h.ssh, "" if h.ssh == "ok" else "differs"), Cell(str(h.exit)),
         Cell(f"{h.seconds} s"))
        for h in data.hosts
    )  # fmt: skip
    headers = (ui("host", lang), "node_rank", "ssh", ui("exit_status", lang), ui("seconds", lang))
    return [Table(ui("hosts_title", lang), headers, rows)]


# How a process's state is coloured in the hang table: dead is an error, user code the usual odd one out.
_HANG_CLASS = {"dead": "s-refused", "user-code": "differs"}


def hang_section(report: Report, lang: Lang) -> list[Section]:
    """`dump` and `run`: one row per agent and rank, where it is; the odd states coloured."""
    data = report.data
    if not isinstance(data, HangData) or not data.ranks:
        return []
    table_rows = []
    for r in data.ranks:
        cls = _HANG_CLASS.get(r.state, "")
        table_rows.append(tuple(Cell(text, cls if i == 4 else "") for i, text in enumerate(rank_row(r))))
    return [Table(ui("hang_title", lang), COLUMNS, tuple(table_rows))]


# Each builder draws its own payload type (or the facts every report may carry); a new command adds one here.
BUILDERS: tuple[Callable[[Report, Lang], list[Section]], ...] = (
    hosts_section,
    facts_section,
    mesh_section,
    smoke_sections,
    explain_sections,
    hang_section,
)


def sections(report: Report, lang: Lang) -> tuple[Section, ...]:
    return tuple(s for build in BUILDERS for s in build(report, lang))
