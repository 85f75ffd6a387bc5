"""Pure rules over flight-recorder results: torchfrtrace's answer -> findings; sequence numbers -> rank states."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from distdoctor.model import Finding
from distdoctor.model.hang import FlightAnalysis, ProcessState
from distdoctor.rules.finding import make_finding
from distdoctor.rules.stacks import ranks_text

_SEQ = re.compile(r"Collective sequence number: (\d+) has errors")


def with_sequence(states: Sequence[ProcessState], analysis: FlightAnalysis | None) -> list[ProcessState]:
    """Each rank waiting in a collective gets the sequence number its dump gives for the entry not yet retired."""
    if analysis is None:
        return list(states)
    pending = {lc.rank: lc for lc in analysis.last if not lc.retired}
    out = []
    for s in states:
        lc = pending.get(s.process.rank) if s.process.rank is not None else None
        if lc and s.state in ("collective", "barrier"):
            s = dataclasses.replace(s, seq=lc.seq)
        out.append(s)
    return out


def flight_findings(analysis: FlightAnalysis | None, host: str) -> list[Finding]:
    """torchfrtrace's verdict on the dumps, as one finding (its own lines are the evidence)."""
    if analysis is None:
        return []
    ranks = ranks_text(lc.rank for lc in analysis.last) or "?"
    evidence = [*(f"dump: {f}" for f in analysis.files), *analysis.output]
    if analysis.normalised:
        evidence.insert(0, "dumps passed on with pg_config filed under the group name (torch 2.13 gloo writes '')")
    params = [("ranks", ranks), ("host", host)]
    if analysis.returncode != 0:
        detail = analysis.output[-1] if analysis.output else "no output"
        return [
            make_finding("flight-recorder-unreadable", host, tuple(evidence), **dict((*params, ("detail", detail))))
        ]
    errors = [line.split("error msg:", 1)[1].strip() for line in analysis.output if "error msg:" in line]
    seqs = [m.group(1) for line in analysis.output if (m := _SEQ.search(line))]
    if errors or seqs:
        params += [("seq", ", ".join(seqs) or "?"), ("analysis", "; ".join(errors) or "errors reported")]
        return [make_finding("flight-recorder-mismatch", host, tuple(evidence), **dict(tuple(params)))]
    return [make_finding("flight-recorder-clean", host, tuple(evidence), **dict(tuple(params)))]
