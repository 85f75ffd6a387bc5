"""`distdoctor explain`: known error texts in logs -> findings with the lines they came from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from distdoctor.facts.logs import read_logs
from distdoctor.model import Report
from distdoctor.rules.logs import error_lines, explain_findings, nccl_version, node_of


def explain(paths: Sequence[str], stdin: IO[bytes]) -> Report:
    """Read every log, match the signature table; with no match, say so and show the last error-looking lines."""
    logs = read_logs(paths, stdin)
    findings = explain_findings(logs)
    extra: list[tuple[str, object]] = [
        (
            "inputs",
            [
                {"source": log.source, "lines": len(log.lines), "node": node_of(log), "nccl": nccl_version(log)}
                for log in logs
            ],
        ),
    ]
    if not findings:
        extra.append(("note", "no known signature in these logs"))
        extra.append(("error_lines", error_lines(logs)))
    return Report(command="explain", findings=tuple(findings), extra=tuple(extra))
