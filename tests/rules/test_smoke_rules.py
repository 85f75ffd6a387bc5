"""Smoke rules on recorded runs (tests/fixtures/smoke, real torchrun and gloo) and on variations of them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from distdoctor.catalogue import LANGS, describe
from distdoctor.model.codec import from_jsonable
from distdoctor.model.smoke import PeerBandwidth, RankResult, SmokeRun, StepResult
from distdoctor.rules.smoke import bandwidth_table, smoke_findings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "smoke"


def recorded(name: str) -> SmokeRun:
    return from_jsonable(SmokeRun, json.loads((FIXTURES / f"{name}.json").read_text()))


def found(run: SmokeRun, **kwargs: float) -> list[tuple[str, str | None, dict[str, str]]]:
    return [(f.name, f.node, f.param_map) for f in smoke_findings(run, **kwargs)]  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["single-4-healthy", "two-nodes-healthy"])
def test_healthy_runs_have_no_findings_and_a_full_table(name: str) -> None:
    run = recorded(name)
    assert found(run) == []
    table = bandwidth_table(run)
    assert [r.size_bytes for r in table] == [1024, 4096, 16384, 65536]
    assert all(r.busbw_gbps > 0 and r.time_us > 0 for r in table)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("two-nodes-node1-never-started", [("rank-missing", None, {"ranks": "2, 3", "missing_code": "rendezvous"})]),
        (
            "two-nodes-node0-firewalled-but-master-port",
            [("smoke-peer-unreachable", "node_rank 0 (node1)", {"ranks": "2, 3", "step": "init"})],
        ),
        ("two-nodes-worker-without-master", [("smoke-store-unreachable", "node_rank 1", {"address": "node1:29500"})]),
        (
            "two-nodes-gloo-ifname-lo-everywhere",
            [("smoke-loopback-advertised", None, {"address": "127.0.0.1", "step": "init"})],
        ),
        (
            "single-3-wrong-rank-1-slow-rank-2",
            [
                ("collective-wrong-result", "rank 1 (node_rank 0, vm)", {"rank": "1", "seen_by": "0-2"}),
                ("straggler", "rank 2 (node_rank 0, vm)", {"rank": "2"}),
            ],
        ),
    ],
)
def test_recorded_faults_name_the_cause(name: str, expected: list[tuple[str, str | None, dict[str, str]]]) -> None:
    got = found(recorded(name))
    assert [(n, node) for n, node, _ in got] == [(n, node) for n, node, _ in expected]
    for (_, _, params), (_, _, want) in zip(got, expected, strict=True):
        assert want.items() <= params.items()


def test_wrong_values_are_named_in_every_collective() -> None:
    (wrong, _) = smoke_findings(recorded("single-3-wrong-rank-1-slow-rank-2"))
    assert wrong.param_map["ops"] == "all_gather, all_reduce, reduce_scatter"  # broadcast sends rank 0's only


def _with_step(run: SmokeRun, rank: int, step: StepResult) -> SmokeRun:
    ranks = [
        dataclasses.replace(r, steps=(*(s for s in r.steps if s.step != step.step), step)) if r.rank == rank else r
        for r in run.ranks
    ]
    return dataclasses.replace(run, ranks=tuple(ranks))


def test_monitored_barrier_names_the_late_ranks() -> None:
    run = recorded("single-4-healthy")
    message = "[Rank 0]: Ranks 1, 3 failed to pass monitoredBarrier in 8000 ms"
    run = _with_step(run, 0, StepResult("barrier", ok=False, seconds=8.0, error=message))
    assert found(run) == [
        ("rank-missing", None, {"ranks": "1, 3", "where": "vm", "missing_code": "barrier", "waited": "8.0 s"})
    ]


def test_a_rank_that_never_reported_is_missing_with_its_node() -> None:
    run = recorded("two-nodes-healthy")
    run = dataclasses.replace(run, ranks=run.ranks[:3], complete=False, waited_s=15.0)
    assert found(run) == [
        (
            "rank-missing",
            None,
            {"ranks": "3", "where": "node_rank 1, node2", "missing_code": "report", "waited": "15 s"},
        )
    ]


def test_one_nodes_own_view_does_not_call_the_others_missing() -> None:
    run = recorded("two-nodes-healthy")
    run = dataclasses.replace(run, ranks=run.ranks[2:], local_node_rank=1, complete=False)
    assert found(run) == []


def test_a_hang_without_addresses_names_the_step_and_ranks() -> None:
    run = recorded("single-4-healthy")
    run = _with_step(run, 2, StepResult("all_gather", ok=False, seconds=11.0, error="no answer", timed_out=True))
    assert found(run) == [("smoke-step-hung", None, {"step": "all_gather", "ranks": "2", "timeout": "8.0 s"})]


def test_an_error_without_addresses_is_a_failed_step() -> None:
    run = recorded("single-4-healthy")
    run = _with_step(run, 1, StepResult("init", ok=False, seconds=0.1, error="RuntimeError: boom"))
    assert found(run) == [("smoke-step-failed", None, {"step": "init", "ranks": "1", "error": "RuntimeError: boom"})]


def test_launch_failure_before_any_rank() -> None:
    run = dataclasses.replace(
        recorded("two-nodes-node1-never-started"), nodes_seen=(), launch_error="torchrun exited with code 1\nValueError"
    )
    assert found(run) == [("smoke-launch-failed", None, {"error": "torchrun exited with code 1"})]


def test_min_busbw_and_a_slow_node() -> None:
    run = recorded("two-nodes-healthy")
    best = max(r.busbw_gbps for r in bandwidth_table(run))
    assert found(run, min_busbw_gbps=best / 2) == []
    (low,) = found(run, min_busbw_gbps=best * 2)
    assert (low[0], low[2]["basis_code"]) == ("bandwidth-low", "min")
    rank0: RankResult = run.ranks[0]
    peers = (PeerBandwidth(2, "node2", 1, 0.1, 2.0), PeerBandwidth(4, "node3", 1, 0.1, 2.2),
             PeerBandwidth(6, "node4", 1, 0.1, 0.3))  # fmt: skip
    run = dataclasses.replace(run, ranks=(dataclasses.replace(rank0, peers=peers), *run.ranks[1:]))
    assert [(n, node, p["basis_code"]) for n, node, p in found(run)] == [("bandwidth-low", "rank 6 (node4)", "others")]


def test_every_smoke_finding_reads_in_both_languages() -> None:
    for name in ("two-nodes-node1-never-started", "two-nodes-node0-firewalled-but-master-port",
                 "single-3-wrong-rank-1-slow-rank-2", "two-nodes-gloo-ifname-lo-everywhere"):  # fmt: skip
        for finding in smoke_findings(recorded(name)):
            for lang in LANGS:
                title, fix = describe(finding, lang)
                assert "{" not in title and title and fix
    (missing,) = smoke_findings(recorded("two-nodes-node1-never-started"))
    assert "torchrun 的 rendezvous" in describe(missing, "zh")[0]
