"""Building a Finding: the catalogue's severity unless a rule says otherwise, params as strings."""

from __future__ import annotations

from collections.abc import Iterable

from distdoctor.catalogue import entry
from distdoctor.model import Finding, Severity


def make_finding(
    name: str, node: str | None, evidence: Iterable[str], /, severity: Severity | None = None, **params: object
) -> Finding:
    """A finding of catalogue entry `name` about `node`, with its evidence lines and template params."""
    return Finding(
        name=name,
        severity=severity or entry(name).severity,
        node=node,
        evidence=tuple(evidence),
        params=tuple((k, str(v)) for k, v in params.items()),
    )
