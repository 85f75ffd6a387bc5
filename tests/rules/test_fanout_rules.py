"""check --hosts without ssh: host lists, the command each host runs, and the verdict from recorded runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distdoctor.commands.fanout import Host, parse_hosts, remote_command, verdict
from distdoctor.errors import UsageError
from distdoctor.gather.ssh import ssh_argv
from distdoctor.model.codec import to_jsonable
from distdoctor.model.nodes import RemoteRun
from distdoctor.render.as_json import render_json
from distdoctor.rules.fanout import fanout_findings
from testbed.simulated import big_check_report

# ssh's own words, as recorded from the namespace test bed (tests/cluster/test_ssh_fanout.py).
TIMED_OUT = "ssh: connect to host node3 port 22: Connection timed out"
REFUSED = "ssh: connect to host node3 port 22: Connection refused"
DENIED = "root@node3: Permission denied (publickey)."
NOT_FOUND = "bash: line 1: /nonexistent/distdoctor: No such file or directory"


@pytest.mark.parametrize(
    "hosts, expected",
    [
        ("node1,node2", [("node1", 0), ("node2", 1)]),
        ("node[1-3]", [("node1", 0), ("node2", 1), ("node3", 2)]),
        ("gpu[01-02],cpu7", [("gpu01", 0), ("gpu02", 1), ("cpu7", 2)]),
    ],
)
def test_host_lists(hosts: str, expected: list[tuple[str, int]]) -> None:
    assert [(h.name, h.node_rank) for h in parse_hosts(hosts, None)] == expected


def test_a_hostfile_with_comments_and_ranks(tmp_path: Path) -> None:
    f = tmp_path / "hosts"
    f.write_text("# job 7\nnode3 node_rank=1\n\nnode2 node_rank=0  # the master\n")
    assert parse_hosts(None, str(f)) == (Host("node3", 1), Host("node2", 0))


@pytest.mark.parametrize(
    "text, message",
    [
        ("node1 slots=4\n", "'slots=4' is not node_rank=N"),
        ("node1 node_rank=1\nnode2 node_rank=1\n", "are not 0..1"),
        ("# nothing\n", "names no host"),
    ],
)
def test_bad_hostfiles_are_usage_errors(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "hosts"
    f.write_text(text)
    with pytest.raises(UsageError, match=message):
        parse_hosts(None, str(f))


@pytest.mark.parametrize("hosts, hostfile", [(None, None), ("a,b", "file"), ("node[1-", None)])
def test_bad_host_arguments(hosts: str | None, hostfile: str | None) -> None:
    with pytest.raises(UsageError):
        parse_hosts(hosts, hostfile)


def test_each_host_runs_check_with_its_rank_and_node0_as_master() -> None:
    hosts = (Host("node3", 1), Host("node2", 0))
    argv = remote_command(hosts[0], hosts, {"master_port": "29501", "nnodes": None}, ["--wait", "4"], "/v/bin/dd")
    assert argv == [
        "/v/bin/dd", "check", "--json", "--master-port", "29501", "--nnodes", "2", "--master-addr", "node2",
        "--node-rank", "1", "--wait", "4",
    ]  # fmt: skip
    # The secret is never in the command: the host reads it from the stdin ssh feeds (gather/ssh.py).
    with_secret = remote_command(hosts[0], hosts, {}, ["--wait", "4"], "dd", secret_stdin=True)
    assert with_secret[:4] == ["dd", "check", "--json", "--secret-stdin"]
    # The user's -o come first: ssh keeps the first value, so their ConnectTimeout wins over ours.
    assert ssh_argv("node3", argv[:2], ["ConnectTimeout=3"], 10) == [
        "ssh", "-o", "ConnectTimeout=3", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "--", "node3",
        "/v/bin/dd check",
    ]  # fmt: skip


def run(host: str, code: int | None, stdout: str = "", stderr: str = "") -> RemoteRun:
    return RemoteRun(host, "distdoctor check --json", code, stdout, stderr, 0.5)


@pytest.mark.parametrize(
    "stderr, code, name, error",
    [
        (TIMED_OUT, 255, "ssh-unreachable", "connect to host node3 port 22: Connection timed out"),
        (REFUSED, 255, "ssh-unreachable", "connect to host node3 port 22: Connection refused"),
        (DENIED, 255, "ssh-unreachable", DENIED),
        (NOT_FOUND, 127, "ssh-remote-failed", NOT_FOUND),
        ("", None, "ssh-remote-failed", "no answer within 40 s"),
    ],
)
def test_a_host_without_a_report(stderr: str, code: int | None, name: str, error: str) -> None:
    (finding,) = fanout_findings([run("node3", code, stderr=stderr)], 40)
    assert (finding.name, finding.node, finding.param_map["error"]) == (name, "node3", error)


def test_the_verdict_is_node0s_with_the_ssh_findings_first() -> None:
    report = big_check_report(2, firewalled=1, odd_torch=1)
    node0 = render_json(report, "en")  # type: ignore[arg-type]
    hosts = (Host("node1", 0), Host("node2", 1), Host("node3", 2))
    runs = [
        run("node1", 1, node0),
        run("node2", 1, '{"schema": "distdoctor.report/1"}'),
        run("node3", 255, "", TIMED_OUT),
    ]
    result = verdict(hosts, runs, 40)
    assert [f.name for f in result.findings] == ["ssh-remote-failed", "ssh-unreachable"] + [
        f["name"] for f in json.loads(node0)["findings"]
    ]
    assert len(result.nodes) == 2  # node 0's facts of every node it gathered
    assert to_jsonable(result.data)["hosts"][2] == {"host": "node3", "node_rank": 2, "ssh": "unreachable", "exit": 255,
                                              "seconds": 0.5}  # fmt: skip


def test_no_report_at_all_is_still_a_verdict() -> None:
    result = verdict((Host("node1", 0),), [run("node1", 255, "", TIMED_OUT)], 40)
    assert [f.name for f in result.findings] == ["ssh-unreachable"] and result.exit_code == 1
