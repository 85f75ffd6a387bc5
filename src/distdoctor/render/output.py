"""The one place that writes a report to the terminal."""

from __future__ import annotations

import sys
from typing import cast

from rich.console import Console

from distdoctor.catalogue import Lang
from distdoctor.model import Report
from distdoctor.render.as_json import render_json
from distdoctor.render.text import render_text


def emit(report: Report, lang: str, *, as_json: bool) -> int:
    """Print the report as text or JSON on stdout; return the exit code it stands for."""
    chosen = cast(Lang, lang if lang in ("en", "zh") else "en")
    if as_json:
        sys.stdout.write(render_json(report, chosen) + "\n")
    else:
        render_text(report, chosen, Console(highlight=False))
    return report.exit_code
