"""`distdoctor explain`: known error texts in logs -> findings with the lines they came from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from distdoctor.facts.logs import read_logs
from distdoctor.model import Report
from distdoctor.model.report import ExplainData, LogSummary
from distdoctor.rules.logs import error_lines, explain_findings, nccl_version, node_of


def explain(paths: Sequence[str], stdin: IO[bytes]) -> Report:
    """Read every log, match the signature table; with no match, say so and show the last error-looking lines."""
    logs = read_logs(paths, stdin)
    findings = explain_findings(logs)
    inputs = tuple(LogSummary(log.source, len(log.lines), node_of(log), nccl_version(log)) for log in logs)
    data = ExplainData(inputs)
    if not findings:
        note = "no failure found: no known signature and no failure line"
        data = ExplainData(inputs, note=note, error_lines=tuple(error_lines(logs)))
    return Report(command="explain", findings=tuple(findings), data=data)
