"""The codec: model types to JSON and back, with the model's ranges checked on every decode."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from distdoctor.model import NodeRange, NodeReport, PairProbe, Report
from distdoctor.model.codec import DecodeError, decode_json, from_jsonable, to_jsonable
from distdoctor.model.report import CheckData, GatheredNode, HangData
from testbed.recorded import HEALTHY_WORKER, config, facts


def report() -> NodeReport:
    flags = {"nnodes": "1:4", "node_rank": "1", "master_addr": "10.0.0.1", "master_port": "29500"}
    return NodeReport(config(flags=flags), facts(HEALTHY_WORKER))


def test_a_node_report_round_trips_and_keeps_torchruns_spelling() -> None:
    body = to_jsonable(report())
    assert body["config"]["nnodes"] == {"value": "1:4", "source": {"kind": "flag", "key": "--nnodes"}}
    assert from_jsonable(NodeReport, json.loads(json.dumps(body))) == report()
    assert decode_json(json.dumps(body).encode(), NodeReport) == report()
    assert from_jsonable(NodeRange, "2") == NodeRange(2, 2)


def _with(body: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    *parents, last = path.split(".")
    node = body
    for key in parents:
        node = node[key]
    node[last] = value
    return body


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("config.master_port.value", 70000),
        ("config.master_port.value", 0),
        ("config.node_rank.value", -1),
        ("config.nnodes.value", "0"),
        ("config.nnodes.value", "4:2"),
        ("config.node_rank.value", True),
        ("config.node_rank.source.kind", "telepathy"),
        ("facts.hostname", 5),
        ("mesh_endpoint", {"address": "10.0.0.2", "port": 65536}),
    ],
)
def test_a_value_out_of_the_models_range_is_a_decode_error(path: str, value: object) -> None:
    body = _with(json.loads(json.dumps(to_jsonable(report()))), path, value)
    with pytest.raises(DecodeError):
        from_jsonable(NodeReport, body)


@pytest.mark.parametrize("latency", [math.nan, math.inf, -1.0])
def test_a_probe_latency_must_be_finite_and_not_negative(latency: float) -> None:
    body = {"src": 0, "dst": 1, "address": "10.0.0.2", "port": 40000, "outcomes": ["open"], "latencies_s": [latency]}
    with pytest.raises(DecodeError):
        from_jsonable(PairProbe, body)
    with pytest.raises(DecodeError):
        from_jsonable(PairProbe, {**body, "latencies_s": [0.001], "src": -1})


def test_a_report_decodes_its_payload_by_kind() -> None:
    data = CheckData(
        nodes=(GatheredNode("node_rank 0 (a)", "self"),), expected=1, waited_s=0.1, complete=True,
        interrupted=False, mesh_s=0.0, mesh_probes=0,
    )  # fmt: skip
    body = to_jsonable(Report("check", (), data=data))
    assert body["data"]["kind"] == "check" and "mesh" not in body["data"]  # defaults are left out
    assert from_jsonable(Report, body).data == data
    with pytest.raises(DecodeError):
        from_jsonable(Report, {**body, "data": {**body["data"], "kind": "nonsense"}})
    assert isinstance(from_jsonable(Report, {**body, "data": {"kind": "hang", "ranks": []}}).data, HangData)
