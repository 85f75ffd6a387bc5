"""What the login node concludes from each host's ssh run: unreachable over ssh, or no report from distdoctor."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from distdoctor.model import Finding
from distdoctor.model.nodes import SSH_FAILED, RemoteRun
from distdoctor.rules.finding import make_finding

_ERROR_LINES = 3


def _last_lines(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return " / ".join(lines[-_ERROR_LINES:]) or "no output"


def remote_report(run: RemoteRun) -> dict[str, Any] | None:
    """The check report a host printed as JSON, or None when it printed none."""
    try:
        data = json.loads(run.stdout)
    except ValueError:
        return None
    if not isinstance(data, dict) or not str(data.get("schema", "")).startswith("distdoctor.report/"):
        return None
    return data if isinstance(data.get("findings"), list) and data.get("command") == "check" else None


def fanout_findings(runs: Sequence[RemoteRun], deadline_s: float) -> list[Finding]:
    """One finding per host that did not hand back a report, with ssh's or the remote command's own words."""
    findings = []
    for run in runs:
        if remote_report(run) is not None:
            continue
        if run.returncode == SSH_FAILED:
            error = _last_lines(run.stderr).removeprefix("ssh: ")  # ssh signs its own errors "ssh: ..."
            evidence: tuple[str, ...] = (f"ssh -o BatchMode=yes {run.host}: exit 255: {error}",)
            findings.append(make_finding("ssh-unreachable", run.host, evidence, host=run.host, error=error))
            continue
        code = "killed" if run.returncode is None else str(run.returncode)
        error = f"no answer within {deadline_s:.0f} s" if run.returncode is None else _last_lines(run.stderr)
        evidence = (f"{run.command}: exit {code}", f"stderr: {_last_lines(run.stderr)}")
        params = (("host", run.host), ("command", run.command), ("code", code), ("error", error))
        findings.append(make_finding("ssh-remote-failed", run.host, evidence, **dict(params)))
    return findings
