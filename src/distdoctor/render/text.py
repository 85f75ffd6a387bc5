"""A Report as rich text: findings grouped by severity, a fix under each, a one-line verdict."""

from __future__ import annotations

from typing import Any, cast

from rich.console import Console
from rich.text import Text

from distdoctor.catalogue import Lang, describe
from distdoctor.catalogue.words import source_text, ui
from distdoctor.model import SEVERITIES, Finding, LaunchConfig, Report, Sourced
from distdoctor.model.smoke import BandwidthRow, SmokeRun
from distdoctor.render.facts import facts_table, measured
from distdoctor.render.smoke import print_smoke
from distdoctor.render.stacks import print_ranks

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
_MARK = {"error": "✗", "warning": "!", "info": "i"}


def render_text(report: Report, lang: Lang, console: Console) -> None:
    """Print the report: heading, findings by severity, verdict line."""
    console.print(_heading(report, lang))
    if report.config:
        _print_config(report.config, lang, console)
    extra = dict(report.extra)
    if report.command == "env" and report.facts:
        console.print(facts_table(report.facts))
    elif "nodes" in extra:
        _print_gather(extra, lang, console)
    elif isinstance(run := extra.get("smoke"), SmokeRun):
        print_smoke(run, cast(tuple[BandwidthRow, ...], extra.get("bandwidth") or ()), lang, console)
    elif "ranks" in extra:
        print_ranks(extra["ranks"], console)  # type: ignore[arg-type]
    elif report.facts:
        console.print(Text(f"  {ui('measured', lang)}: " + "; ".join(measured(report.facts)), style="dim"))
    hosts = extra.get("hosts")
    if isinstance(hosts, list) and hosts:
        shown_hosts = ", ".join(f"{h['host']} {h['ssh']}" for h in hosts[:16]) + (" …" if len(hosts) > 16 else "")
        console.print(Text(f"  ssh: {shown_hosts}", style="dim"))
    inputs = extra.get("inputs")
    if isinstance(inputs, list) and inputs:
        shown_inputs = [ui("log_input", lang, source=i["source"], lines=i["lines"], more=_more(i)) for i in inputs]
        console.print(Text(f"  {ui('read_logs', lang)}: " + "; ".join(shown_inputs), style="dim"))
    if extra.get("note"):
        console.print(Text(f"  {ui('note', lang)}: {extra['note']}", style="dim"))
    shown = extra.get("error_lines")
    for line in shown if isinstance(shown, list) else []:
        console.print(Text(f"    {line}", style="dim"))
    for severity in SEVERITIES:
        for finding in (f for f in report.findings if f.severity == severity):
            _print_finding(finding, lang, console)
    console.print(_verdict(report, lang))


def _more(log_input: dict[str, Any]) -> str:
    """The host a log names (when not its file name) and the NCCL version it prints."""
    more = f", {log_input['node']}" if log_input.get("node") not in (None, log_input["source"]) else ""
    return more + (f", NCCL {log_input['nccl']}" if log_input.get("nccl") else "")


def arrived(extra: dict[str, Any]) -> int:
    """How many nodes reported: a worker's verdict from a large cluster names only a few of them."""
    return int(extra.get("nodes_total") or len(extra.get("nodes") or []))


def _print_gather(extra: dict[str, Any], lang: Lang, console: Console) -> None:
    nodes = extra.get("nodes") or []
    count = arrived(extra)
    shown = ", ".join(f"{n['label']} {n['address']}" for n in nodes[:8]) + (" …" if count > 8 else "")
    line = ui("gathered", lang, arrived=count, expected=extra.get("expected", "?"), waited=extra.get("waited_s", 0))
    console.print(Text(f"  {line}: {shown}", style="dim"))
    if extra.get("mesh_probes"):
        console.print(
            Text("  " + ui("mesh_line", lang, pairs=extra["mesh_probes"], seconds=extra.get("mesh_s", 0)), style="dim")
        )


def _heading(report: Report, lang: Lang) -> Text:
    text = Text(f"distdoctor {report.command}", style="bold")
    config, facts = report.config, report.facts
    if "nodes" in dict(report.extra) and facts:
        count = arrived(dict(report.extra))
        return text.append(" · " + ui("verdict_for", lang, n=count, host=facts.hostname))
    if config:
        if config.nnodes.value.multi_node:
            rank = config.node_rank.value
            text.append(" · " + ui("multi_node", lang, rank=rank, nnodes=config.nnodes.value))
        else:
            text.append(" · " + ui("single_node", lang))
    if facts:
        text.append(" · " + ui("on_host", lang, host=facts.hostname))
    return text


def config_line(config: LaunchConfig, lang: Lang) -> str:
    """`config: nnodes=2 (flag --nnodes); ...`: each launch value and where it came from (text and HTML)."""
    shown: list[tuple[str, Sourced[Any] | None]] = [
        ("nnodes", config.nnodes),
        ("node_rank", config.node_rank),
        ("nproc_per_node", config.nproc_per_node),
        ("MASTER_ADDR", config.master_addr),
        ("MASTER_PORT", config.master_port),
    ]
    parts = [
        f"{name}={v.value} ({source_text(f'{v.source.kind}:{v.source.key}', lang)})"
        for name, v in shown
        if v is not None
    ]
    return f"{ui('config', lang)}: " + "; ".join(parts)


def _print_config(config: LaunchConfig, lang: Lang, console: Console) -> None:
    console.print(Text(f"  {config_line(config, lang)}", style="dim"))
    for note in config.notes:
        console.print(Text(f"  {ui('note', lang)}: {note}", style="dim"))


def _print_finding(finding: Finding, lang: Lang, console: Console) -> None:
    title, fix = describe(finding, lang)
    head = Text()
    head.append(f"{_MARK[finding.severity]} {ui(finding.severity, lang).upper()} ", style=_STYLE[finding.severity])
    head.append(finding.name, style="bold")
    if finding.node:
        head.append(f"  [{finding.node}]", style="dim")
    console.print()
    console.print(head)
    console.print(Text("  " + title))
    for line in finding.evidence:
        console.print(Text(f"    {ui('evidence', lang)}: {line}", style="dim"))
    console.print(Text(f"  {ui('fix', lang)}: ", style="green").append(fix, style="default"))


def verdict_line(report: Report, lang: Lang) -> tuple[str, str]:
    """The verdict sentence and its tone: "error", "warning" or "ok" (text and HTML say the same)."""
    errors = sum(f.severity == "error" for f in report.findings)
    warnings = sum(f.severity == "warning" for f in report.findings)
    explain = report.command == "explain"
    if errors:
        key = {"explain": "verdict_errors_explain", "dump": "verdict_hang", "run": "verdict_hang"}.get(
            report.command, "verdict_errors"
        )
        return ui(key, lang, errors=errors, warnings=warnings), "error"
    if warnings:
        return ui("verdict_warnings", lang, warnings=warnings), "warning"
    if explain and not report.findings:
        return ui("verdict_unknown_explain", lang), "warning"
    return ui("healthy", lang), "ok"


_VERDICT_STYLE = {"error": "bold red", "warning": "yellow", "ok": "bold green"}


def _verdict(report: Report, lang: Lang) -> Text:
    line, tone = verdict_line(report, lang)
    text = Text("\n")
    text.append(line, style=_VERDICT_STYLE[tone])
    text.append(f"  ({ui('exit', lang, code=report.exit_code)})", style="dim")
    return text
