"""rules/stacks.py on real py-spy dumps of hung gloo jobs (tests/fixtures/stacks/, made by record.py there)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from distdoctor.hang.stacks import parse_dump
from distdoctor.model.codec import from_jsonable
from distdoctor.model.hang import DistProcess, Frame, ProcessState, StackSample, ThreadStack
from distdoctor.rules.stacks import classify, findings_by_job, hang_findings, jobs, user_frame

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stacks"


def load(name: str) -> list[ProcessState]:
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    states = []
    for raw in data["processes"]:
        proc = replace(from_jsonable(DistProcess, raw), host="node-a")  # recorded on whatever host
        stack = data["stacks"].get(str(proc.pid))
        sample = parse_dump(proc.pid, stack) if isinstance(stack, list) else None
        states.append(classify(proc, sample))
    return states


def by_rank(states: list[ProcessState]) -> dict[str, tuple[str, str]]:
    return {("agent" if s.process.role == "agent" else f"rank {s.process.rank}"): (s.state, s.op) for s in states}


@pytest.mark.parametrize(
    ("fixture", "expected_states"),
    [
        ("store-rank0-alone", {"rank 0": ("store-connect", "_create_c10d_store")}),
        ("store-rank1-alone", {"rank 1": ("store-connect", "_create_c10d_store")}),
        ("pg-init", {"rank 0": ("pg-init", "_new_process_group_helper"), "rank 1": ("user-code", "")}),
        ("rendezvous", {"agent": ("rendezvous", "next_rendezvous")}),
        ("outside", {"rank 0": ("collective", "all_reduce"), "rank 1": ("user-code", "")}),
        ("barrier", {"rank 0": ("barrier", "barrier"), "rank 1": ("user-code", "")}),
        ("mismatch", {"rank 0": ("collective", "all_reduce"), "rank 1": ("collective", "broadcast")}),
        ("dead", {"rank 0": ("store-connect", "_create_c10d_store"), "rank None": ("dead", "")}),
        (
            "torchrun-outside",
            {"agent": ("supervising", ""), "rank 0": ("collective", "all_reduce"), "rank 1": ("user-code", "")},
        ),
    ],
)
def test_each_process_state_from_its_recorded_stack(fixture: str, expected_states: dict[str, tuple[str, str]]) -> None:
    assert by_rank(load(fixture)) == expected_states


@pytest.mark.parametrize(
    ("fixture", "names", "params"),
    [
        ("store-rank0-alone", {"hang-store-connect"}, {"ranks": "0", "missing": "1"}),
        ("store-rank1-alone", {"hang-store-connect"}, {"ranks": "1", "missing": "0"}),
        ("pg-init", {"hang-pg-init"}, {"ranks": "0", "missing": "rank 1 in user-code"}),
        ("rendezvous", {"hang-rendezvous"}, {}),
        ("outside", {"hang-rank-outside-collective"}, {"ranks": "1", "waiting": "0", "op": "all_reduce"}),
        ("barrier", {"hang-rank-outside-collective"}, {"ranks": "1", "op": "barrier"}),
        ("mismatch", {"hang-collective-mismatch"}, {"calls": "rank 0: all_reduce; rank 1: broadcast"}),
        ("dead", {"hang-rank-dead", "hang-store-connect"}, {"ranks": "1", "waiting": "0"}),
        ("torchrun-outside", {"hang-rank-outside-collective"}, {"ranks": "1", "waiting": "0"}),
    ],
)
def test_findings_across_ranks(fixture: str, names: set[str], params: dict[str, str]) -> None:
    findings = hang_findings(load(fixture), "node-a")
    assert {f.name for f in findings} == names
    main = next(f for f in findings if f.name == sorted(names)[0] or f.name == "hang-rank-dead")
    for key, value in params.items():
        assert main.param_map[key] == value, (key, main.param_map)
    assert main.node and main.node.startswith("node-a")


def test_outside_names_the_frame_of_the_rank_that_never_came() -> None:
    finding = hang_findings(load("outside"), "node-a")[0]
    assert "rank 1 at hang/hung_rank.py:" in finding.param_map["frames"]
    assert "in user_work" in finding.param_map["frames"]


def test_dead_rank_when_the_whole_job_is_here_and_a_rank_vanished() -> None:
    # Rank 1 of the "outside" job gone without trace (reaped) while rank 0 waits in all_reduce.
    states = [s for s in load("outside") if s.process.rank == 0]
    findings = hang_findings(states, "node-a")
    assert [f.name for f in findings] == ["hang-rank-dead"]
    assert findings[0].param_map["ranks"] == "1"


def test_missing_rank_on_a_multi_node_job_is_not_called_dead() -> None:
    states = [s for s in load("outside") if s.process.rank == 0]
    multi = [replace(s, process=replace(s.process, local_world_size=1)) for s in states]
    (finding,) = hang_findings(multi, "node-a")
    assert (finding.name, finding.severity) == ("hang-all-waiting", "warning")
    assert finding.param_map["missing"] == "1 (maybe on another node)" and finding.param_map["op"] == "all_reduce"


def test_every_rank_in_its_own_code_is_said_not_called_healthy() -> None:
    states = [s for s in load("pg-init") if s.process.rank == 1]
    (finding,) = hang_findings(states, "node-a")
    assert (finding.name, finding.severity) == ("hang-in-user-code", "info")
    assert finding.param_map["frames"].startswith("rank 1 at hang/hung_rank.py:")


def test_unavailable_stacks_are_findings_with_the_fix() -> None:
    proc = load("outside")[0].process
    denied = classify(proc, StackSample(proc.pid, error="permission", detail="Permission denied"))
    findings = hang_findings([denied], "node-a", ptrace_scope=1)
    assert findings[0].name == "stack-permission-denied"
    assert findings[0].param_map == {"pid": str(proc.pid), "ptrace_scope": "1"}
    missing = classify(proc, StackSample(proc.pid, error="no-py-spy"))
    assert [f.name for f in hang_findings([missing], "node-a")] == ["py-spy-missing"]


def test_nothing_found_is_said() -> None:
    assert [f.name for f in hang_findings([], "node-a")] == ["hang-no-processes"]


def test_device_sync_is_not_user_code() -> None:
    # No GPU on the test machine: a stack built by hand after torch.cuda.synchronize's frame.
    path = "/venv/lib/python3.11/site-packages/torch/cuda/__init__.py"
    sync = Frame("synchronize", path, "torch/cuda/__init__.py", 985)
    mine = Frame("step", "/job/train.py", "train.py", 42)
    proc = load("outside")[0].process
    sample = StackSample(proc.pid, (ThreadStack(1, "MainThread", False, (sync, mine)),))
    state = classify(proc, sample)
    assert (state.state, state.frame) == ("device-sync", "train.py:42 in step")
    assert user_frame((sync, mine)) == "train.py:42 in step"


def test_two_jobs_on_one_node_are_judged_apart() -> None:
    # The "outside" job (rank 1 in its own code) beside the "mismatch" job: each keeps its own verdict.
    outside, mismatch = load("outside"), load("mismatch")
    assert {s.process.master_port for s in outside} != {s.process.master_port for s in mismatch}
    found = {f.name: f.param_map for f in findings_by_job([*outside, *mismatch], "node-a")}
    assert set(found) == {"hang-collective-mismatch", "hang-rank-outside-collective"}
    assert found["hang-collective-mismatch"]["calls"] == "rank 0: all_reduce; rank 1: broadcast"
    assert found["hang-rank-outside-collective"]["op"] == "all_reduce"
    mixed = {f.name: f.param_map for f in hang_findings([*outside, *mismatch], "node-a")}
    assert mixed["hang-collective-mismatch"]["calls"] != found["hang-collective-mismatch"]["calls"]
    (agent_job,) = jobs(load("torchrun-outside"))
    assert agent_job[0].process.role == "agent" and len(agent_job) == 3


def test_a_zombie_stays_with_the_job_of_its_siblings() -> None:
    found = {f.name: f.param_map for f in findings_by_job(load("dead"), "node-a")}
    assert found["hang-rank-dead"]["ranks"] == "1" and found["hang-rank-dead"]["waiting"] == "0"
