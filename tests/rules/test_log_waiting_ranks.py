"""Pastes of a job that waited, not crashed: a data step's bar the timeout cut, a rank's stack in a collective."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from distdoctor.facts.logs import read_log, to_input
from distdoctor.model.logs import LogInput, LogLine
from distdoctor.rules.log_progress import busy_step
from distdoctor.rules.log_stacks import waiting_stack
from distdoctor.rules.logs import explain_findings, failure_lines

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
FIELD = LOGS / "field"
TOKENIZING = FIELD / "2763-hf-run-clm-tokenize-over-30min-socket-timeout.log"
BARRIER_STACK = FIELD / "2764-lightning-rank-zero-only-log-checkpoint-barrier-hang.log"
CPU_BIND = FIELD / "2721-slurm-nested-submit-cpu-bind-abort.log"
PY_SPY_DUMP = FIELD / "1301-bloom-eval-dataloader-deadlock-rank-stuck.log"
FAULTHANDLER_DUMP = FIELD / "914-deepspeed-save-checkpoint-rank0-only-hang.log"
CUT_WHILE_RAISING = FIELD / "1084-dlrover-master-check-1s-timeout-no-retry.log"


def _findings(log: LogInput) -> list[tuple[str, dict[str, str]]]:
    return [(f.name, dict(f.params)) for f in explain_findings([log])]


def _edited(log: LogInput, old: str, new: str) -> LogInput:
    """The log with one piece of text changed on every line that has it."""
    return replace(log, lines=tuple(replace(line, text=line.text.replace(old, new)) for line in log.lines))


def _appended(log: LogInput, text: str) -> LogInput:
    last = log.lines[-1]
    return replace(log, lines=(*log.lines, LogLine(last.source, last.number + 1, text)))


def test_a_data_steps_bar_past_the_timeout_where_the_failure_starts_is_the_busy_rank() -> None:
    assert _findings(read_log(str(TOKENIZING)))[0] == (
        "log-rank-busy-past-timeout",
        {"step": "Running tokenizer on dataset", "elapsed": "32:13"},
    )


def test_a_training_loops_bar_or_a_short_step_is_not_a_rank_busy_past_the_timeout() -> None:
    log = read_log(str(TOKENIZING))
    for changed in (_edited(log, "Running tokenizer on dataset", "Epoch 3"), _edited(log, "[32:1", "[02:1")):
        assert busy_step(changed, failure_lines(changed), "node1") == []


def test_a_stack_that_ends_in_a_collective_is_a_rank_waiting_for_the_others() -> None:
    assert _findings(read_log(str(BARRIER_STACK))) == [
        ("log-rank-waits-in-collective", {"op": "barrier", "caller": "trainer.py:1384 (save_checkpoint)"})
    ]
    # the Ctrl-C that ended the wait
    assert waiting_stack(_appended(read_log(str(BARRIER_STACK)), "KeyboardInterrupt"), "node1")


def test_a_stack_that_ends_in_an_error_raised_in_the_collective_is_not_a_wait() -> None:
    failed = _appended(read_log(str(BARRIER_STACK)), "RuntimeError: NCCL communicator was aborted on rank 1.")
    assert waiting_stack(failed, "node1") == []


@pytest.mark.parametrize(
    ("recorded", "caller"),
    [
        ("pyspy-dump-barrier-rank0-only.log", "hang.py:7 (save_checkpoint)"),
        ("faulthandler-barrier-rank0-only.log", "hang_fh.py:9 (save_checkpoint)"),
    ],
)
def test_a_dump_of_a_real_rank_left_alone_in_a_barrier_is_a_rank_waiting_for_the_others(
    recorded: str, caller: str
) -> None:
    assert _findings(read_log(str(LOGS / recorded))) == [
        ("log-rank-waits-in-collective", {"op": "barrier", "caller": caller})
    ]


def test_a_py_spy_dump_of_a_rank_waiting_for_its_dataloader_names_that_phase() -> None:
    assert _findings(read_log(str(PY_SPY_DUMP))) == [
        (
            "log-rank-stuck-in-phase",
            {"phase_class": "phase-data-loading", "frame": "torch/utils/data/dataloader.py:1011 (_try_get_data)"},
        )
    ]


def test_a_faulthandler_dump_inside_a_checkpoint_save_names_that_phase() -> None:
    assert _findings(read_log(str(FAULTHANDLER_DUMP))) == [
        (
            "log-rank-stuck-in-phase",
            {
                "phase_class": "phase-checkpoint-save",
                "frame": "deepspeed/runtime/engine.py:1456 (_checkpoint_tag_validation)",
            },
        )
    ]


def test_a_traceback_cut_where_it_raises_is_no_snapshot_of_a_waiting_rank() -> None:
    log = read_log(str(CUT_WHILE_RAISING))
    assert waiting_stack(log, "node1") == []
    assert [name for name, _ in _findings(log)] == ["log-unexplained-failure"]


def test_lines_that_repeat_the_start_of_the_one_above_are_records_not_the_rest_of_a_cut_line() -> None:
    # three srun errors of one launch: glued, they would read as a task launch failure on a garbled node's error
    assert _findings(read_log(str(CPU_BIND))) == [
        (
            "log-slurm-cpu-bind-failed",
            {
                "error": "CPU binding outside of job step allocation, allocated CPUs are: "
                "0x0000000F0000000F0000000F0000000F"
            },
        )
    ]


@pytest.mark.parametrize("prefix", ["0: ", "[default0]:", "[rank0]: ", "2024-05-01 10:00:00 ", "> "])
@pytest.mark.parametrize(
    ("recorded", "name"),
    [
        ("pyspy-dump-barrier-rank0-only.log", "log-rank-waits-in-collective"),
        ("faulthandler-barrier-rank0-only.log", "log-rank-waits-in-collective"),
        ("field/1301-bloom-eval-dataloader-deadlock-rank-stuck.log", "log-rank-stuck-in-phase"),
    ],
)
def test_a_dump_behind_a_launchers_prefix_or_quoted_reads_the_same(recorded: str, name: str, prefix: str) -> None:
    text = "".join(prefix + line for line in (LOGS / recorded).read_text().splitlines(keepends=True))
    assert [f.name for f in explain_findings([to_input(text, "a.log")])] == [name]
