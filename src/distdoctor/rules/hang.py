"""The hang verdict: where the ranks are (stacks), what the flight recorder says, which nodes did not answer.
Pure: the states, the analysis and the kernel's ptrace setting were gathered before."""

from __future__ import annotations

from collections.abc import Sequence

from distdoctor.model import Finding
from distdoctor.model.hang import Deadline, FlightAnalysis, Gathered, ProcessState, RasStatus
from distdoctor.rules.finding import make_finding
from distdoctor.rules.flight import flight_findings
from distdoctor.rules.ras import ras_findings
from distdoctor.rules.stacks import findings_by_job


def hang_verdict(
    states: Sequence[ProcessState],
    host: str,
    ptrace_scope: int | None,
    *,
    flight: FlightAnalysis | None = None,
    gathered: Gathered | None = None,
    port: int = 0,
    clock: Deadline | None = None,
    ras: RasStatus | None = None,
) -> list[Finding]:
    """The findings over these states (gathered from every node, or this node's own); `port`: where node 0's run
    listened, for the nodes that did not answer."""
    every_node = gathered is not None and gathered.complete
    findings = findings_by_job(states, host, ptrace_scope, every_node=every_node, clock=clock)
    findings += flight_findings(flight, host)
    findings += ras_findings(ras, host)
    if gathered is not None and gathered.missing:
        missing = ", ".join(map(str, gathered.missing))
        findings.append(
            make_finding(
                "hang-node-unanswered", f"node_rank {missing}", missing=missing, expected=gathered.expected, port=port
            )
        )
    return findings
