"""The runtime causes on real py-spy dumps of tests/hang/runtime_job.py (tests/fixtures/stacks/runtime-*.json, made
by record_runtime.py there): the phase of a frame, the loop a rank left, the deadline, why a rank died."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from distdoctor.hang.stacks import parse_dump
from distdoctor.model.codec import from_jsonable
from distdoctor.model.hang import Deadline, Death, DistProcess, Frame, Loop, ProcessState
from distdoctor.rules.clock import deadline, death_findings, left_loop
from distdoctor.rules.phases import phase_of
from distdoctor.rules.stacks import classify, hang_findings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stacks"


def load(name: str) -> tuple[dict[int | None, ProcessState], dict[int | None, tuple[Frame, ...]], list[Loop]]:
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    states, frames = {}, {}
    for raw in data["processes"]:
        proc = replace(from_jsonable(DistProcess, raw), host="node-a")
        sample = parse_dump(proc.pid, data["stacks"][str(proc.pid)])
        thread = sample.main_thread()
        states[proc.rank] = classify(proc, sample)
        frames[proc.rank] = thread.frames if thread else ()
        for helper in proc.helpers:
            helper_thread = parse_dump(helper, data["stacks"][str(helper)]).main_thread()
            frames[f"helper of {proc.rank}"] = helper_thread.frames if helper_thread else ()  # type: ignore[index]
    return states, frames, [from_jsonable(Loop, raw) for raw in data["loops"]]


def test_a_rank_saving_a_checkpoint_is_late_against_the_deadline() -> None:
    states, frames, loops = load("runtime-late")
    assert phase_of(frames[1]) == "checkpoint save"
    assert left_loop(frames[1], frames[0], loops) == ""  # saving inside the loop: late, not gone
    timed = [
        replace(states[None]),
        replace(states[0], held_s=530.0),
        replace(states[1], held_s=540.0, phase="checkpoint save"),
    ]
    found = {f.name: dict(f.params) for f in hang_findings(timed, "node-a", clock=Deadline(600, "--pg-timeout"))}
    late = found["hang-rank-late"]
    assert (late["rank"], late["held"], late["timeout"], late["left"]) == ("1", "540", "600", "70")
    assert late["phase"] == "checkpoint save" and "save_checkpoint" in late["frame"] and late["op"] == "all_reduce"
    assert "hang-rank-outside-collective" not in found
    # Without a clock (no time in the frame known) the rank is named as before.
    assert "hang-rank-outside-collective" in {f.name for f in hang_findings(list(states.values()), "node-a")}


def test_a_rank_past_the_loop_left_it() -> None:
    states, frames, loops = load("runtime-left")
    how = left_loop(frames[1], frames[0], loops)
    assert how.startswith("past the loop runtime_job.py:63-64 in main"), how
    left = [states[0], replace(states[1], detail=f"left: {how}")]
    (finding,) = hang_findings(left, "node-a", clock=Deadline(1800, "gloo"))
    assert finding.name == "hang-rank-left" and dict(finding.params)["rank"] == "1"


def test_a_rank_waiting_on_its_dataloader_and_the_worker_in_getitem() -> None:
    states, frames, _ = load("runtime-loader")
    assert phase_of(frames[1]) == "data loading"
    assert states[1].process.helpers and states[0].process.helpers  # one worker each, not ranks of their own
    worker = frames["helper of 1"]  # type: ignore[index]
    assert any(f.name.endswith("__getitem__") for f in worker)
    stalled = [states[0], replace(states[1], detail="loader: stuck: pid 9 (sleeping) at __getitem__")]
    (finding,) = hang_findings(stalled, "node-a")
    assert finding.name == "hang-dataloader-stall" and "__getitem__" in dict(finding.params)["workers"]


def test_phases_of_known_frames() -> None:
    def f(name: str, short: str) -> Frame:
        return Frame(name, "/x/" + short, short, 1)

    assert phase_of([f("save", "torch/serialization.py"), f("train", "train.py")]) == "checkpoint save"
    assert phase_of([f("checkpoint", "torch/utils/checkpoint.py"), f("forward", "model.py")]) == "user code"
    assert phase_of([f("compile_fx", "torch/_inductor/compile_fx.py")]) == "compile"
    assert phase_of([f("tokenize_fn", "prep.py")]) == "tokenisation or preprocessing"
    assert phase_of([f("evaluate", "train.py")]) == "evaluation"
    assert phase_of([f("recv_into", "ssl.py"), f("fetch", "train.py")]) == "I/O wait"


def test_the_deadline_comes_from_the_user_then_the_flight_recorder_then_torch() -> None:
    states, _, _ = load("runtime-late")
    waiting = [replace(states[0], timeout_s=60.0)]
    assert deadline(waiting, 90.0, nccl=False) == Deadline(90.0, "--pg-timeout")
    assert deadline(waiting, None, nccl=False).seconds == 60.0
    assert deadline([states[0]], None, nccl=False).seconds == 1800.0
    assert deadline([states[0]], None, nccl=True).seconds == 600.0


def test_why_a_rank_died() -> None:
    oom = Death(7, 1, "node-a", None, 9, oom_kills=1, cgroup="/sys/fs/cgroup/job", limit_bytes=700 << 20)
    killed = Death(8, 2, "node-a", None, 9, peers_alive=3)
    failed = Death(9, 3, "node-a", 1)
    left = Death(10, 4, "node-a", 0, peers_alive=3, last_frame="write_summary (train.py:40)")
    found = {f.name: dict(f.params) for f in death_findings([oom, killed, failed, left])}
    assert found["rank-oom-killed"]["limit"] == "700.0 MiB (734003200 bytes)"
    assert found["rank-signalled"]["signal"] == "SIGKILL"
    assert found["rank-exit-code"]["code"] == "1"
    assert found["hang-rank-left"]["how"] == "exited 0"


def test_a_rank_gone_while_torchrun_runs_its_peers_exited_0() -> None:
    states, _, _ = load("runtime-late")
    gone = replace(states[1], state="dead", process=replace(states[1].process, status="dead"))
    found = {f.name for f in hang_findings([states[None], states[0], gone], "node-a")}
    assert found == {"hang-rank-left"}
