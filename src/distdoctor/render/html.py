"""A Report as one self-contained HTML file: verdict first, findings with fixes, then the data behind them.

Jinja2 (the `html` extra) renders templates/report.html.j2; CSS and SVG are inline and nothing is fetched.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from distdoctor import __version__
from distdoctor.catalogue import Lang, describe
from distdoctor.catalogue.words import ui
from distdoctor.errors import UsageError
from distdoctor.model import SEVERITIES, Report
from distdoctor.model.report import CheckData
from distdoctor.render.html_model import FindingView, Page
from distdoctor.render.html_sections import sections
from distdoctor.render.text import config_line, note_of, verdict_line

INSTALL_HINT = "pip install 'distdoctor[html]'"
# Labels the template itself prints (headings that are not a section's own title).
_TEMPLATE_LABELS = ("findings", "no_findings", "evidence", "more_evidence", "fix", "config", "note")


def _heading(report: Report, lang: Lang) -> str:
    parts = [f"distdoctor {report.command}"]
    own = report.verdict
    if isinstance(own, CheckData) and report.facts:
        parts.append(ui("verdict_for", lang, n=own.arrived, host=report.facts.hostname))
    elif report.config:
        nnodes = report.config.nnodes.value
        rank = report.config.node_rank.value
        parts.append(ui("multi_node", lang, rank=rank, nnodes=nnodes) if nnodes.multi_node else ui("single_node", lang))
        if report.facts:
            parts.append(ui("on_host", lang, host=report.facts.hostname))
    return " · ".join(parts)


def _meta(report: Report, lang: Lang) -> tuple[str, ...]:
    lines = []
    config = report.config
    if config:
        lines.append(config_line(config, lang))
        lines += [f"{ui('note', lang)}: {note}" for note in config.notes]
    own = report.verdict
    if isinstance(own, CheckData):
        lines.append(ui("gathered", lang, arrived=own.arrived, expected=own.expected, waited=own.waited_s))
    for note in (note_of(own), own.truncated if isinstance(own, CheckData) else ""):
        if note:
            lines.append(f"{ui('note', lang)}: {note}")
    return tuple(lines)


def page(report: Report, lang: Lang) -> Page:
    """The view of a report the template draws: every text already in the chosen language."""
    verdict, tone = verdict_line(report, lang)
    findings = []
    for severity in SEVERITIES:
        for f in (f for f in report.findings if f.severity == severity):
            title, fix = describe(f, lang)
            findings.append(FindingView(f.severity, ui(f.severity, lang), f.name, f.node, title, f.evidence, fix))
    return Page(
        lang=lang,
        heading=_heading(report, lang),
        verdict=verdict,
        tone=tone,
        exit_line=ui("exit", lang, code=report.exit_code),
        meta=_meta(report, lang),
        findings=tuple(findings),
        sections=sections(report, lang),
        labels={key: ui(key, lang) for key in _TEMPLATE_LABELS},
        footer=ui("generated", lang, version=__version__),
    )


def _environment() -> Any:
    try:
        import jinja2
    except ImportError:
        raise UsageError("--html needs Jinja2, which is not installed", INSTALL_HINT) from None
    text = resources.files("distdoctor.render").joinpath("templates/report.html.j2").read_text(encoding="utf-8")
    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    return env.from_string(text)


def render_html(report: Report, lang: Lang) -> str:
    """The whole HTML document for a report."""
    template = _environment()
    html: str = template.render(page=page(report, lang))
    return html


def write_html(report: Report, lang: Lang, path: str) -> None:
    """Write the report to `path`; an unwritable path is a usage error (one line, exit 2)."""
    from distdoctor.render.safe import scrub

    html = render_html(scrub(report), lang)
    try:
        Path(path).write_text(html, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write the HTML report to {path}: {exc.strerror or exc}") from None


def check_writable(path: str) -> None:
    """Fail before a long command runs when --html names a place that cannot be written, or Jinja2 is missing."""
    _environment()
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"--html {path}: is a directory")
    if not target.parent.exists():
        raise UsageError(f"--html {path}: folder {target.parent} does not exist")
