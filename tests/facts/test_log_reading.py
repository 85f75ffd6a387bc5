"""Logs read as people paste them: colour, wrapping, several nodes and ranks in one paste."""

from __future__ import annotations

import textwrap
from pathlib import Path

from distdoctor.facts.logs import read_log, to_input
from distdoctor.rules.logs import explain_findings

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
FIELD = LOGS / "field"


def test_ansi_escapes_are_dropped() -> None:
    log = to_input("\x1b[31mRuntimeError: boom\x1b[0m\n", "a.log")
    assert log.lines[0].text == "RuntimeError: boom"


def test_an_indented_continuation_joins_the_line_above_and_keeps_its_number() -> None:
    log = read_log(str(FIELD / "020-rank0-only-save-checkpoint-barrier.log"))
    watchdog = next(line for line in log.lines if "Watchdog" in line.text)
    assert watchdog.number == 2
    assert "Timeout(ms)=1800000) ran for 1800090 milliseconds" in watchdog.text


def test_a_traceback_is_not_joined() -> None:
    log = read_log(str(FIELD / "003-gloo-unable-find-address-hostname.log"))
    assert [line.number for line in log.lines] == list(range(1, 15))


def test_a_line_a_terminal_cut_at_its_width_is_glued_back() -> None:
    line = "[W socket.cpp:601] [c10d] The client socket has timed out after 600s while trying to connect to (nod"
    text = f"{line}\ne1, 29500).\n{'x' * len(line)}\nnext\n"
    log = to_input(text, "a.log")
    assert log.lines[0].text.endswith("connect to (node1, 29500).")
    assert log.lines[1].number == 3


def test_a_cpp_log_record_below_a_line_of_the_wrap_width_is_not_glued_to_it() -> None:
    # two watchdog lines happen to be of one length (the widest): the lines below them are records of their own
    log = read_log(str(FIELD / "062-llamafactory-rank0-tokenizing-watchdog-allreduce.log"))
    assert [line.number for line in log.lines] == [1, 2, 3, 4, 5]
    assert log.lines[1].text.startswith("[E ProcessGroupNCCL.cpp:475] [Rank 1] Watchdog")


def test_the_last_copy_of_a_repeated_line_of_the_wrap_width_keeps_the_line_below_apart() -> None:
    # ranks printing one warning each, of one length (the widest): the first copies end where the next begins, so
    # the last ends too, and what follows it is a record of its own
    warning = "[W socket.cpp:601] [c10d] The client socket has failed to connect to [node-7]:29500 (errno: 22 - x)."
    log = to_input(f"{warning}\n{warning}\nRuntimeError: boom\n", "a.log")
    assert [line.text for line in log.lines] == [warning, warning, "RuntimeError: boom"]


def test_nccl_tests_rank_lines_of_the_wrap_width_are_records_of_their_own() -> None:
    # two of one length, the widest: a comment line ("#") below one of them starts a record, not its rest
    ranks = [f"#   Rank  {r} Pid  1775{r} on ds-ml-01-0 device  {r} [0x0{r}] Tesla V100-SXM2-32GB" for r in (0, 1)]
    log = to_input(
        "\n".join([*ranks, "ds-ml-01-0:17754:17754 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>"]), "a"
    )
    assert [line.text for line in log.lines][:2] == ranks


def test_a_test_tables_indented_rows_are_not_the_rest_of_its_header() -> None:
    # rccl-tests on one host (tests/fixtures/logs/field-healthy): the rows below the "#" header lines are records
    log = read_log(
        str(
            FIELD.parent / "field-healthy" / "5101-rccl-tests-all-reduce-2x-radeon-rx-7900-xtx-single-host-"
            "rocm57-works.log"
        )
    )
    rows = [line.text for line in log.lines if "float" in line.text]
    assert len(rows) == 5 and all(row.lstrip()[0].isdigit() for row in rows)


def test_the_watchdogs_line_reflowed_at_its_colon_is_joined() -> None:
    log = read_log(str(FIELD / "1063-vllm-2node-dgx-spark-pip-nccl-allgather-watchdog.log"))
    (line,) = log.lines
    assert "operation timeout: WorkNCCL(SeqNum=12590" in line.text and line.text.endswith("before timing out.")


def test_a_traceback_frame_broken_inside_its_words_is_joined() -> None:
    log = read_log(str(FIELD / "1054-trainer-ddp-checkpoint-rename-race.log"))
    frames = [line.text for line in log.lines if 'File "' in line.text]
    assert frames[0].rstrip().endswith('trainer.py", line 2555, in _inner_training_loop')


def test_prefixes_name_the_host_and_the_rank() -> None:
    log = to_input("gpu-7:12:34 [0] NCCL INFO x\n[rank3]: RuntimeError: y\n0: z\nplain\n", "a.log")
    assert [(line.host, line.tag) for line in log.lines] == [("gpu-7", ""), ("", "rank3"), ("task 0", ""), ("", "")]


def test_nccl_versions_that_differ_between_hosts_of_one_paste() -> None:
    log = read_log(str(FIELD / "021-nccl-version-mismatch-node1-2143.log"))
    (finding,) = [f for f in explain_findings([log]) if f.name == "version-mismatch"]
    assert finding.param_map["detail"] == "NCCL 2.14.3 on instance-8g-96c-1; NCCL 2.19.3 on instance-8g-96c-2"


def test_the_rank_missing_from_the_watchdog_lines_is_late() -> None:
    text = (
        "[rank0]:[E ProcessGroupNCCL.cpp:1] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, "
        "OpType=ALLREDUCE, NumelIn=4096, NumelOut=4096, Timeout(ms)=600000) ran for 600100 milliseconds before "
        "timing out.\n"
        "[rank1]: loading shard 7 of 9\n"
    )
    late = [f for f in explain_findings([to_input(text, "a.log")]) if f.name == "log-rank-late"]
    assert late and late[0].param_map["ranks"] == "1"
    assert late[0].param_map["last"] == "[rank1]: loading shard 7 of 9"


def test_a_rank_whose_watchdog_printed_its_progress_timed_out_too_and_is_not_late() -> None:
    # ranks 1 and 3 print only "Timeout at NCCL work: 19, last enqueued NCCL work: 19", rank 2 the timeout line too
    log = read_log(str(FIELD / "226-iterabledataset-unequal-shards-allreduce-watchdog.log"))
    found = explain_findings([log])
    assert [f.name for f in found] == ["log-rank-late", "log-rank-busy-elsewhere"]
    # ranks 1 to 3 all timed out: the late one is rank 0, which printed nothing (its shard ran out first)
    assert found[0].param_map["ranks"] == "0"


def test_srun_and_timestamp_before_the_nccl_prefix_still_name_the_host() -> None:
    log = read_log(str(LOGS / "source-texts.log"))
    line = next(line for line in log.lines if "port error(10)" in line.text)
    assert line.host == "nvl72026-T11"
    srun = next(line for line in log.lines if "Message truncated" in line.text)
    assert srun.host == "compute-st-p4de24xlarge-2"


def test_syslog_and_pdsh_prefixes_name_the_host_and_a_program_name_does_not() -> None:
    text = (
        "Dec  3 21:33:50 gpu-node-3 kernel: mlx5_core 0000:08:00.7 ens9f0v5: Link down\n"
        "gpu-node-4: RuntimeError: boom\n"
        "python3: can't open file 'train.py': [Errno 2] No such file or directory\n"
        "RuntimeError: plain\n"
        "epoch1: loss 3.2\n"
    )
    assert [line.host for line in to_input(text, "a.log").lines] == ["gpu-node-3", "gpu-node-4", "", "", ""]


def test_the_exit_code_torchrun_adds_to_its_error_file_is_read() -> None:
    log = read_log(str(LOGS / "torchrun-parent.error.json"))
    assert log.lines[0].text.startswith("ValueError: rank 0: a user error")
    assert log.lines[-1].text == "errorCode: 1"
    (finding,) = explain_findings([log])
    assert finding.name == "log-unexplained-failure"


def test_a_paste_of_two_nodes_logs_is_split_where_the_time_goes_back() -> None:
    # node2's and node3's recorded logs pasted into one file: both claimed node_rank 1
    text = "".join((LOGS / f"node-rank-duplicate.node{n}.log").read_text() for n in (2, 3))
    log = to_input(text, "paste.log")
    hosts = list(dict.fromkeys(line.host for line in log.lines))
    assert hosts == ["paste part 1 (from line 1)", f"paste part 2 (from line {_first_stamp_of_node3(text)})"]
    (finding,) = [f for f in explain_findings([log]) if f.name == "node-rank-duplicate"]
    assert finding.param_map["node_rank"] == "1"


def _first_stamp_of_node3(text: str) -> int:
    lines = text.splitlines()
    second_header = [i for i, line in enumerate(lines) if line.startswith("# recorded by")][1]
    return next(i + 1 for i in range(second_header, len(lines)) if lines[i].startswith("[W"))


def test_one_nodes_log_is_one_part() -> None:
    log = read_log(str(LOGS / "node-rank-duplicate.node2.log"))
    assert {line.host for line in log.lines} == {""}


def test_c10_timestamps_with_an_unpadded_month_are_read_like_glogs() -> None:
    # torch 2.4+: the agent's glog "W0724 18:22:28.488000" and c10's own "[W724 18:22:38.909218572" in one paste
    from distdoctor.model.logs import stamp_seconds

    lines = read_log(str(FIELD / "803-torchrun-tcpstore-reverse-dns-stall.log")).lines
    glog, c10 = lines[2].text, lines[4].text
    assert glog.startswith("W0724") and c10.startswith("[W724")
    glog_s, c10_s = stamp_seconds(glog), stamp_seconds(c10)
    assert glog_s is not None and c10_s is not None and c10_s - glog_s == 10


def test_the_one_line_a_terminal_cut_once_is_kept_apart_and_marked_as_continuing() -> None:
    # no second line of its width confirms the wrap: the reader leaves the join to the rules
    line = "[W socket.cpp:601] [c10d] The client socket has timed out after 600s while trying to connect to (nod"
    log = to_input(f"started\n{line}\ne1, 29500).\nnext\n", "a.log")
    assert [entry.may_continue for entry in log.lines] == [False, True, False, False]
    assert log.lines[1].text == line


def test_a_line_of_the_wrap_width_cut_at_a_space_is_marked_as_continuing() -> None:
    cut = "gpu-7:12:34 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment "
    other = "x" * len(cut)
    rest = "/dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)"
    log = to_input(f"{cut}\n{rest}\n{other}\n", "a.log")
    assert log.lines[0].may_continue and log.lines[0].text == cut


def test_a_line_an_editor_broke_at_a_word_is_marked_as_continuing_and_a_short_one_is_not() -> None:
    # the first line's next word ("without") would not have fitted in the width of the paste's longest line
    wrapped = "torch.distributed.DistStoreError: use_libuv was requested but PyTorch was built"
    rest = "without libuv support, run with USE_LIBUV=0 to disable it."
    log = to_input(f"{wrapped}\n{rest}\nshort line\nanother line\n", "a.log")
    assert [entry.may_continue for entry in log.lines] == [True, False, False, False]


def test_an_editors_wrap_whose_longest_lines_are_of_one_length_by_chance_keeps_the_space_it_broke_at() -> None:
    # two of its lines are 80 long, as a terminal's cuts would be, but more lines end at a word short of that width
    line = next(
        text
        for text in (LOGS / "collective-mismatch.log").read_text().splitlines()
        if "Detected mismatch between collectives" in text
    )
    paragraph = textwrap.wrap(line, 80, break_on_hyphens=False)
    assert [len(piece) for piece in paragraph].count(80) >= 2
    log = to_input("\n".join(paragraph) + "\n", "a.log")
    assert not any(" isrunning " in entry.text for entry in log.lines)
    assert "log-collective-mismatch" in {f.name for f in explain_findings([log])}


def test_a_record_below_the_longest_line_does_not_continue_it() -> None:
    long = "gpu-7:12:34 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.7<0> [1]eth1:10.0.1.7<0> [2]ib0:10.0.2.7<0>"
    log = to_input(f"{long}\ngpu-7:12:34 [0] NCCL INFO Using network Socket\n[rank0]: RuntimeError: x\n", "a.log")
    assert not any(entry.may_continue for entry in log.lines)


def test_a_panels_edges_are_dropped_and_the_text_it_wrapped_is_joined() -> None:
    # rich's traceback panel (Ray's console): each line padded to the panel's width and ended with its edge
    texts = [line.text for line in read_log(str(FIELD / "2803-ray-train-neuron-core-per-worker-isolation.log")).lines]
    assert not any(text.rstrip().endswith("│") for text in texts)
    assert any("was explicitly assigned to /job:localservice" in text for text in texts)


def test_py_spy_frames_are_one_record_each() -> None:
    lines = read_log(str(LOGS / "pyspy-dump-barrier-rank0-only.log")).lines
    assert [line.text.strip() for line in lines if "(" in line.text and ".py:" in line.text][:2] == [
        "barrier (torch/distributed/distributed_c10d.py:5356)",
        "_exception_logger.<locals>.wrapper (torch/distributed/c10d_logger.py:83)",
    ]


def test_ranks_printing_one_line_each_of_one_length_are_not_read_as_a_terminals_wrap() -> None:
    log = read_log(str(FIELD / "3062-openrlhf-slurm-multinode-stuck-torch-extensions-lock.log"))
    assert [entry.text.count("as PyTorch extensions root") for entry in log.lines] == [1, 1, 1]


def _healthy(prefix: str) -> list[str]:
    (path,) = (LOGS / "field-healthy").glob(f"{prefix}-*.log")
    return path.read_text().splitlines()


def test_srun_labels_padded_to_the_widest_task_are_prefixes_not_indentation() -> None:
    # recorded in the field (MLPerf v5.1, HPE): 64 tasks, so srun -l prints " 0: " beside "24: "
    every = _healthy("5762")
    first = next(i for i, line in enumerate(every) if "slurm2pytorch" in line)
    lines = every[first : first + 4]
    assert lines[0].startswith(" 0: ") and lines[2].startswith("24: ")
    log = to_input("\n".join(lines), "a.log")
    assert [line.text for line in log.lines] == lines  # none glued to the line above as its indented rest
    assert [(line.host, line.body) for line in log.lines[1:]] == [
        ("task 2", "LOAD_CHECKPOINT="),
        ("task 24", "Hello from: sith4"),
        ("task 0", "running LLM benchmark"),
    ]


def test_a_record_a_paste_indented_below_an_unindented_one_is_a_line_of_its_own() -> None:
    # recorded in the field (ALCF ThetaGPU's notes): the page indents the lines after DeepSpeed's MPI discovery
    lines = _healthy("5815")
    log = to_input("\n".join(lines), "a.log")
    indented = {i + 1 for i, line in enumerate(lines) if line.startswith("    [2023-")}
    assert len(indented) > 20 and indented <= {line.number for line in log.lines}
    unindented = to_input("\n".join(line.strip() for line in lines), "a.log")
    assert [f.name for f in explain_findings([log])] == [f.name for f in explain_findings([unindented])]
