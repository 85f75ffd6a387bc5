"""A failed call that no signature knows, read by its errno text: real lines of libraries explain has no table for."""

from __future__ import annotations

import pytest
from test_log_rules import LOGS, real_line

from distdoctor.catalogue.words import phrase
from distdoctor.facts.logs import read_log
from distdoctor.model.logs import LogInput, LogLine
from distdoctor.rules.log_system_errors import FAILED_CALL, system_error
from distdoctor.rules.logs import explain_findings, match_line

SOURCE = "source-texts.log"


def _explained(*lines: LogLine) -> list[tuple[str, dict[str, str]]]:
    log = LogInput("node1.log", tuple(LogLine("node1.log", i + 1, line.text) for i, line in enumerate(lines)))
    return [(f.name, dict(f.params)) for f in explain_findings([log])]


@pytest.mark.parametrize(
    ("needle", "name", "params"),
    [
        (
            "mm_posix.c:233  UCX  ERROR shm_open",
            "log-shm-too-small",
            {"who": "UCX", "path": "/dev/shm/ucx_shm_posix_5a1c3e7f", "detail": " (No space left on device)"},
        ),
        (
            "SocketHandShakePlugin: bind (port 12001)",
            "log-port-in-use",
            {"port": "12001", "who": "transfer_metadata_plugin.cpp"},
        ),
        (
            "ibv_reg_mr(address=0x7f2c40000000, length=2097152",
            "log-memlock-too-low",
            {"detail": "UCX's memory registration failed: Cannot allocate memory"},
        ),
        ("lookup etcd-0.etcd.training.svc", "log-name-unresolvable", {"error": "no such host"}),
        ("nginx: [emerg] bind() to 0.0.0.0:80", "log-port-in-use", {"port": "80", "who": "nginx"}),
        # a checkpoint's write: a file system full, not /dev/shm
        ("OSError: [Errno 28] No space left on device", "log-disk-full", {"who": "OSError"}),
    ],
)
def test_a_failed_call_no_signature_reads_is_named_by_its_errno_text(
    needle: str, name: str, params: dict[str, str]
) -> None:
    line = real_line(SOURCE, needle)
    assert not [h for h in match_line(line) if not h.finding.islower()]  # no signature of its own reads it
    assert _explained(line) == [(name, params)]


def test_an_errno_text_whose_call_says_nothing_of_what_ran_out_stays_an_unexplained_failure() -> None:
    # Mercury's OFI registration ran out of the provider's registrations (ENOSPC), not of /dev/shm
    line = real_line(SOURCE, "na_ofi_mem_register() fi_mr_enable() failed")
    assert system_error([line], "node1") == []
    assert [name for name, _ in _explained(line)] == ["log-unexplained-failure"]


def test_a_warning_the_program_goes_on_from_is_no_failure() -> None:
    line = real_line(SOURCE, "libhugetlbfs [nid0000xx:xxxxx]: WARNING")
    assert not FAILED_CALL.search(line.text)
    assert _explained(line) == []


@pytest.mark.parametrize(
    "text",
    [
        # torch's agent store: its workers' bind fails, and torch says it ignores that
        "[W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:53394 (errno: 98 - Address already in "
        "use).",
        "[W1205 10:21:33.123 socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - "
        "Address already in use).",
        # the same warning behind srun -l's task prefix
        "0: [W1205 10:21:33.123 socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 "
        "- Address already in use).",
        "Failed to connect to head-0: Temporary failure in name resolution, retrying in 5 seconds",
        "NCCL INFO Call to bind failed : Address already in use, will retry",
    ],
)
def test_a_retry_or_a_warning_is_not_a_failed_call(text: str) -> None:
    assert not FAILED_CALL.search(text)


def test_the_first_failed_call_is_the_one_named() -> None:
    shm = real_line(SOURCE, "mm_posix.c:233  UCX  ERROR shm_open")
    port = real_line(SOURCE, "SocketHandShakePlugin: bind (port 12001)")
    assert [f.name for f in system_error([shm, port], "node1")] == ["log-shm-too-small"]
    assert [f.name for f in system_error([port, shm], "node1")] == ["log-port-in-use"]


@pytest.mark.parametrize(
    ("fixture", "path", "who"),
    [
        ("field/2820-skyrl-multinode-checkpoint-staging-local-tmp.log", "/tmp/tmp6kkqkzrg/model", "skyrl"),
        ("field/2822-vlmevalkit-multinode-local-rank-as-global-rank.log", "./llava/312_MME.pkl", "RUN"),
    ],
)
def test_a_path_a_logged_error_says_is_not_there_is_a_missing_file(fixture: str, path: str, who: str) -> None:
    # Python logging's "- ERROR -" line, no traceback: the failure and its path are on that line alone
    assert [(f.name, dict(f.params)) for f in explain_findings([read_log(str(LOGS / fixture))])] == [
        ("log-file-missing", {"path": path, "where": phrase("as-reported", who=who)})
    ]
