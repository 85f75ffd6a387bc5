"""The one place that writes a report to the terminal: every string in it is made safe first (render/safe.py)."""

from __future__ import annotations

import sys
from typing import cast

from rich.console import Console

from distdoctor.catalogue import Lang
from distdoctor.model import Report
from distdoctor.render.as_json import render_json
from distdoctor.render.safe import scrub
from distdoctor.render.text import render_text


def console() -> Console:
    """stdout as rich sees it; into a pipe or a log, lines are not wrapped at 80 columns."""
    out = Console(highlight=False)
    if not out.is_terminal:
        out = Console(highlight=False, soft_wrap=True)
    return out


def emit(report: Report, lang: str, *, as_json: bool, html_path: str | None = None) -> int:
    """Print the report as text or JSON on stdout (and write it as HTML); return the exit code it stands for."""
    chosen = cast(Lang, lang if lang in ("en", "zh") else "en")
    report = scrub(report)  # text from other processes and nodes: no escapes, no control characters
    if html_path:
        from distdoctor.render.html import write_html

        write_html(report, chosen, html_path)
    if as_json:
        sys.stdout.write(render_json(report, chosen) + "\n")
    else:
        render_text(report, chosen, console())
    return report.exit_code


def emit_stderr(report: Report, lang: str, *, as_json: bool) -> None:
    """A report on stderr (`run`: stdout belongs to the job): text, or one JSON document per line."""
    chosen = cast(Lang, lang if lang in ("en", "zh") else "en")
    report = scrub(report)
    if as_json:
        import json

        from distdoctor.render.as_json import report_json

        sys.stderr.write(json.dumps(report_json(report, chosen), ensure_ascii=False, allow_nan=False) + "\n")
        sys.stderr.flush()
        return
    err = Console(stderr=True, highlight=False)
    if not err.is_terminal:
        err = Console(stderr=True, highlight=False, soft_wrap=True)
    render_text(report, chosen, err)
