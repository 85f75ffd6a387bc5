"""A worker without a verdict: turned away, or node 0 went quiet after taking its report."""

from __future__ import annotations

import pytest

from distdoctor.catalogue import LANGS, describe
from distdoctor.model import Probe
from distdoctor.rules.join import join_findings
from testbed.recorded import config, facts

WORKER = config({"nnodes": "2", "node_rank": "1", "master_addr": "10.1.0.1"})
JOINED = facts(master_probe=Probe("10.1.0.1", 29500, "open", 0.001, attempts=3))


@pytest.mark.parametrize(
    ("rejected", "lost", "expected"),
    [
        (None, None, []),
        ("bad HMAC (a different --secret / DISTDOCTOR_SECRET?)", None, ["report-rejected"]),
        (None, "connection closed", ["coordinator-lost"]),
    ],
)
def test_join_findings(rejected: str | None, lost: str | None, expected: list[str]) -> None:
    found = join_findings(WORKER, JOINED, rejected=rejected, lost=lost)
    assert [f.name for f in found] == expected
    for finding in found:
        assert finding.node == "node_rank 1 (node2)"
        for lang in LANGS:
            title, _ = describe(finding, lang)
            assert (rejected or lost or "") in title
