"""A Report as rich text: findings grouped by severity, a fix under each, a one-line verdict."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from distdoctor.catalogue import Lang, describe
from distdoctor.catalogue.words import source_text, ui
from distdoctor.model import SEVERITIES, Finding, LaunchConfig, Report, Sourced
from distdoctor.model.report import (
    CheckData,
    EnvData,
    ExplainData,
    FanoutData,
    HangData,
    LintData,
    LogSummary,
    Payload,
    PreflightData,
    SmokeData,
)
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
    data, own = report.data, report.verdict
    if isinstance(own, EnvData):
        if report.facts:
            console.print(facts_table(report.facts))
    elif isinstance(own, CheckData):
        _print_gather(own, lang, console)
    elif isinstance(own, SmokeData):
        print_smoke(own.run, own.bandwidth, lang, console)
    elif isinstance(own, HangData):
        print_ranks(own.ranks, console)
    elif report.facts:
        console.print(Text(f"  {ui('measured', lang)}: " + "; ".join(measured(report.facts)), style="dim"))
    if isinstance(data, FanoutData) and data.hosts:
        hosts = data.hosts
        shown_hosts = ", ".join(f"{h.host} {h.ssh}" for h in hosts[:16]) + (" …" if len(hosts) > 16 else "")
        console.print(Text(f"  ssh: {shown_hosts}", style="dim"))
    if isinstance(own, ExplainData) and own.inputs:
        shown_inputs = [ui("log_input", lang, source=i.source, lines=i.lines, more=_more(i)) for i in own.inputs]
        console.print(Text(f"  {ui('read_logs', lang)}: " + "; ".join(shown_inputs), style="dim"))
    note = note_of(own)
    if note:
        console.print(Text(f"  {ui('note', lang)}: {note}", style="dim"))
    for line in own.error_lines if isinstance(own, ExplainData) else ():
        console.print(Text(f"    {line}", style="dim"))
    for severity in SEVERITIES:
        for finding in (f for f in report.findings if f.severity == severity):
            _print_finding(finding, lang, console)
    console.print(_verdict(report, lang))


def note_of(data: Payload | None) -> str:
    """The payload's line for the reader, where it has one."""
    return data.note if isinstance(data, (PreflightData, SmokeData, HangData, ExplainData, LintData)) else ""


def _more(log: LogSummary) -> str:
    """The host a log names (when not its file name) and the NCCL version it prints."""
    more = f", {log.node}" if log.node not in (None, log.source) else ""
    return more + (f", NCCL {log.nccl}" if log.nccl else "")


def _print_gather(data: CheckData, lang: Lang, console: Console) -> None:
    count = data.arrived
    shown = ", ".join(f"{n.label} {n.address}" for n in data.nodes[:8]) + (" …" if count > 8 else "")
    line = ui("gathered", lang, arrived=count, expected=data.expected, waited=data.waited_s)
    console.print(Text(f"  {line}: {shown}", style="dim"))
    if data.mesh_probes:
        console.print(Text("  " + ui("mesh_line", lang, pairs=data.mesh_probes, seconds=data.mesh_s), style="dim"))


def _heading(report: Report, lang: Lang) -> Text:
    text = Text(f"distdoctor {report.command}", style="bold")
    config, facts = report.config, report.facts
    own = report.verdict
    if isinstance(own, CheckData) and facts:
        return text.append(" · " + ui("verdict_for", lang, n=own.arrived, host=facts.hostname))
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
    if explain:
        return ui("verdict_unknown_explain", lang), "warning"
    return ui("healthy", lang), "ok"


_VERDICT_STYLE = {"error": "bold red", "warning": "yellow", "ok": "bold green"}


def _verdict(report: Report, lang: Lang) -> Text:
    line, tone = verdict_line(report, lang)
    text = Text("\n")
    text.append(line, style=_VERDICT_STYLE[tone])
    text.append(f"  ({ui('exit', lang, code=report.exit_code)})", style="dim")
    return text
