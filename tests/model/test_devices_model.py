"""NodeFacts' devices field: a report from a distdoctor that had none still decodes; a full one survives the wire."""

from __future__ import annotations

from pathlib import Path

from distdoctor.facts.devices import gather_devices
from distdoctor.model import NodeFacts
from distdoctor.model.codec import from_jsonable, to_jsonable
from distdoctor.model.devices import NodeDevices
from testbed.recorded import HEALTHY_WORKER, facts

TREES = Path(__file__).resolve().parents[1] / "fixtures" / "trees"


def test_a_report_without_devices_decodes_with_nothing_measured() -> None:
    old = to_jsonable(HEALTHY_WORKER)
    del old["devices"]
    assert from_jsonable(NodeFacts, old).devices == NodeDevices()


def test_recorded_devices_survive_a_round_trip() -> None:
    full = facts(HEALTHY_WORKER, devices=gather_devices({}, TREES / "dgx-h100-ib", live=False))
    assert from_jsonable(NodeFacts, to_jsonable(full)) == full
