"""The runtime causes on real py-spy dumps of tests/hang/runtime_job.py (tests/fixtures/stacks/runtime-*.json, made
by record_runtime.py there): the phase of a frame, the loop a rank left, the deadline, why a rank died."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from distdoctor.catalogue import describe
from distdoctor.facts.logs import to_input
from distdoctor.hang.stacks import parse_dump
from distdoctor.model.codec import from_jsonable
from distdoctor.model.hang import AbortLine, Deadline, Death, DistProcess, Frame, Loop, ProcessState
from distdoctor.rules.abort import abort_line
from distdoctor.rules.clock import deadline, death_findings, left_loop, reported_exit
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


# ProcessGroupNCCL's abort lines as torch printed them in public logs (trimmed), across releases: what each says the
# abort is for, and the global rank it names (the "[rankN]:" prefix wins over the group's own "Rank N").
ABORT_LINES = [
    (  # 1.x, the exception's text under std::terminate
        "  what():  [Rank 124] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=12626, "
        "OpType=_ALLGATHER_BASE, Timeout(ms)=600000) ran for 605485 milliseconds before timing out.",
        "timeout",
        124,
        "SeqNum=12626, OpType=_ALLGATHER_BASE, Timeout(ms)=600000: ran for 605485 milliseconds",
    ),
    (  # 1.11-2.1: the teardown notice, naming nobody
        "[E ProcessGroupNCCL.cpp:461] To avoid data inconsistency, we are taking the entire process down.",
        "teardown",
        None,
        "",
    ),
    (  # 1.8-1.10: one line
        "Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent "
        "GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire "
        "process down.",
        "teardown",
        None,
        "",
    ),
    (  # 2.2 under pdsh: global rank 17 is rank 2 of its group
        "slurm0-a3-ghpc-8: [rank17]:[E ProcessGroupNCCL.cpp:1182] [Rank 2] NCCL watchdog thread terminated with "
        "exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4, OpType=ALLREDUCE, "
        "NumelIn=9437184, NumelOut=9437184, Timeout(ms)=600000) ran for 600070 milliseconds before timing out.",
        "timeout",
        17,
        "SeqNum=4, OpType=ALLREDUCE, Timeout(ms)=600000: ran for 600070 milliseconds",
    ),
    (
        "[E ProcessGroupNCCL.cpp:852] [Rank 16] NCCL watchdog thread terminated with exception: NCCL error: remote "
        "process exited or there was a network error, NCCL version 2.19.3",
        "nccl-error",
        16,
        "NCCL error: remote process exited or there was a network error, NCCL version 2.19.3",
    ),
    (  # 2.3: a group other than the default one: only the prefix names the global rank
        "[rank1]:[E ProcessGroupNCCL.cpp:1414] [PG 2 Rank 1] Process group watchdog thread terminated with exception: "
        "CUDA error: an illegal memory access was encountered",
        "cuda-error",
        1,
        "CUDA error: an illegal memory access was encountered",
    ),
    (
        "[E ProcessGroupNCCL.cpp:1414] [PG 2 Rank 1] Process group watchdog thread terminated with exception: "
        "CUDA error: an illegal memory access was encountered",
        "cuda-error",
        None,
        "CUDA error: an illegal memory access was encountered",
    ),
    (
        "[rank6]:[E628 09:54:15.885638456 ProcessGroupNCCL.cpp:832] [Rank 6] To avoid data inconsistency, we are "
        "taking the entire process down.",
        "teardown",
        6,
        "",
    ),
    (  # 2.4+: the heartbeat monitor, told by another rank through the store
        "[rank6]:[E703 21:51:54.112142364 ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank 6] Received "
        "a dump signal due to a collective timeout from  rank 7 and we will try our best to dump the debug info.",
        "peer-timeout",
        6,
        "Received a dump signal due to a collective timeout from  rank 7",
    ),
    (
        "[rank3]:[E606 09:09:08.172519935 ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank 3] Received "
        "a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug "
        "info.",
        "timeout",
        3,
        "Received a dump signal due to a collective timeout from this local rank",
    ),
    (
        "[rank2]:[F1229 20:37:13.091528310 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank 2] [PG ID 0 "
        "PG GUID 0(default_pg) Rank 2] Terminating the process after attempting to dump debug info, due to "
        "ProcessGroupNCCL watchdog hang.",
        "watchdog-hang",
        2,
        "ProcessGroupNCCL watchdog hang",
    ),
    (
        "[rank0]:[F725 02:47:41.268394894 ProcessGroupNCCL.cpp:1653] [PG ID 0 PG GUID 0(default_pg) Rank 0] [PG ID 0 "
        "PG GUID 0(default_pg) Rank 0] Terminating the process after attempting to dump debug info, due to "
        "collective timeout or exception.",
        "teardown",
        0,
        "collective timeout or exception",
    ),
    (  # without the "[rankN]:" prefix: the default group's rank is the global one
        "[PG ID 0 PG GUID 0(default_pg) Rank 2] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making "
        "progress in monitoring enqueued collectives.",
        "watchdog-hang",
        2,
        "watchdog got stuck for 480 seconds",
    ),
]


@pytest.mark.parametrize(("text", "kind", "rank", "detail"), ABORT_LINES)
def test_nccl_abort_lines_of_every_release(text: str, kind: str, rank: int | None, detail: str) -> None:
    (line,) = to_input(text, "stderr").lines
    found = abort_line(line, "stderr line 9")
    assert found is not None
    assert (found.kind, found.rank, found.detail) == (kind, rank, detail)


@pytest.mark.parametrize(
    "text",
    [
        "[rank0]:[I1203 11:46:39.287 ProcessGroupNCCL.cpp:860] [PG 0 Rank 0] NCCL watchdog thread started!",
        "[rank0]:[I1203 ProcessGroupNCCL.cpp:1100] [PG 0 Rank 0] Process group watchdog thread terminated normally",
        "rank 1 step 2 done",
    ],
)
def test_other_lines_are_no_abort(text: str) -> None:
    (line,) = to_input(text, "stderr").lines
    assert abort_line(line, "stderr line 1") is None


def _lines(*texts: str) -> list[AbortLine]:
    out = []
    for i, text in enumerate(texts, 1):
        (line,) = to_input(text, "stderr").lines
        found = abort_line(line, f"stderr line {i}")
        assert found is not None
        out.append(found)
    return out


TIMEOUT_1 = (
    "[rank1]:[E709 17:05:39.081662161 ProcessGroupNCCL.cpp:632] [Rank 1] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=4, NumelOut=4, Timeout(ms)=60000) ran for 60012 "
    "milliseconds before timing out."
)
TEARDOWN_1 = (
    "[rank1]:[E709 17:05:39.081690629 ProcessGroupNCCL.cpp:698] [Rank 1] To avoid data inconsistency, we are taking "
    "the entire process down."
)


def test_a_sigabrt_after_its_own_watchdog_lines_is_nccls_abort_pointing_at_the_late_rank() -> None:
    states, _, _ = load("runtime-late")  # rank 1 saves a checkpoint while rank 0 waits in all_reduce
    late = replace(states[1], held_s=540.0)
    aborted = Death(states[0].process.pid, 0, "node-a", None, 6)
    lines = _lines(TIMEOUT_1.replace("1]", "0]"), TEARDOWN_1.replace("1]", "0]"))
    (finding,) = death_findings([aborted], lines, peers=[states[0], late])
    params = dict(finding.params)
    assert finding.name == "rank-nccl-abort" and finding.severity == "error"
    assert params["why_class"] == "abort-timeout" and "OpType=ALLREDUCE" in params["detail"]
    assert params["lead_class"] == "abort-lead-late"
    assert params["lead"].startswith(f"rank 1 (pid {late.process.pid}): ") and "save_checkpoint" in params["lead"]
    assert params["lead"].endswith(", 540 s")
    assert any("stderr line 2" in e and "entire process down" in e for e in finding.evidence)
    for lang in ("en", "zh"):
        title, _ = describe(finding, lang)
        assert "SIGABRT" in title and "save_checkpoint" in title


def test_an_earlier_death_is_the_first_failure_and_sigterm_is_not() -> None:
    lines = _lines(TIMEOUT_1, TEARDOWN_1)
    ended = Death(20, 2, "node-a", None, 15)  # the launcher ending a sibling: never the cause
    killed = Death(21, 0, "node-b", None, 9, peers_alive=2)
    aborted = Death(22, 1, "node-a", None, 6)
    (finding,) = death_findings([aborted], lines, earlier=[ended, killed])
    params = dict(finding.params)
    assert (params["lead_class"], params["lead"]) == ("abort-lead-died", "rank 0 (pid 21) on node-b: SIGKILL")
    (alone,) = death_findings([aborted], lines, earlier=[ended])
    assert dict(alone.params)["lead_class"] == "abort-lead-unknown"


def test_a_cuda_error_caught_by_the_watchdog_is_the_ranks_own() -> None:
    lines = _lines(
        "[rank1]:[E ProcessGroupNCCL.cpp:1414] [PG 2 Rank 1] Process group watchdog thread terminated with exception: "
        "CUDA error: an illegal memory access was encountered",
        TEARDOWN_1,
    )
    (finding,) = death_findings([Death(22, 1, "node-a", None, 6)], lines, earlier=[Death(21, 0, "node-a", None, 9)])
    params = dict(finding.params)
    assert (params["why_class"], params["lead_class"]) == ("abort-cuda-error", "abort-lead-own")


@pytest.mark.parametrize(
    ("death", "texts", "name"),
    [
        (Death(22, 1, "node-a", None, 6), (), "rank-signalled"),  # a plain abort: no NCCL text
        (Death(22, 1, "node-a", None, 6), (TIMEOUT_1.replace("1]", "3]"),), "rank-signalled"),  # another rank's
        (Death(22, 1, "node-a", None, 9), (TIMEOUT_1,), "rank-signalled"),  # SIGKILL: not NCCL's abort
        # Lines naming nobody are the rank's while no line names another rank.
        (
            Death(22, 1, "node-a", None, 6),
            (TEARDOWN_1.replace("[rank1]:", "").replace("[Rank 1] ", ""),),
            "rank-nccl-abort",
        ),
        # torchrun --tee's prefix names the local rank
        (
            Death(22, 9, "node-a", None, 6, local_rank=1),
            ("[default1]:" + TEARDOWN_1.replace("[rank1]:", "").replace("[Rank 1] ", ""),),
            "rank-nccl-abort",
        ),
    ],
)
def test_whose_abort_lines(death: Death, texts: tuple[str, ...], name: str) -> None:
    (finding,) = death_findings([death], _lines(*texts))
    assert finding.name == name
    if name == "rank-signalled":
        assert dict(finding.params)["signal"] == ("SIGABRT" if death.signal == 6 else "SIGKILL")


@pytest.mark.parametrize(
    ("text", "report"),
    [
        (
            "E1204 03:48:44.983000 23051 site-packages/torch/distributed/elastic/multiprocessing/api.py:1002] failed "
            "(exitcode: -6) local_rank: 1 (pid: 23118) of binary: /usr/bin/python",
            (23118, -6),
        ),
        ("  exitcode  : -9 (pid: 24312)", (24312, -9)),
        ("  exitcode  : -15 (pid: 24312)", None),  # a sibling torchrun ended itself
        ("  exitcode  : 1 (pid: 24312)", (24312, 1)),
        ("rank 1 step 2 done", None),
    ],
)
def test_the_launchers_report_of_a_rank_it_reaped(text: str, report: tuple[int, int] | None) -> None:
    assert reported_exit(text) == report
