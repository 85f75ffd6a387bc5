"""The signature table, one real line per signature (recorded here or quoted from a public thread), and explain
on the recorded logs of every fault scenario of the cross-node test bed."""

from __future__ import annotations

from pathlib import Path

import pytest

from distdoctor.catalogue import CATALOGUE, describe
from distdoctor.facts.logs import read_log, to_input
from distdoctor.model.logs import LogLine
from distdoctor.rules.logs import REFUSED, SIGNATURES, error_lines, explain_findings, match_line

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def real_line(fixture: str, needle: str) -> LogLine:
    """The first line of a committed fixture that contains `needle`: tests never invent a log line."""
    log = read_log(str(LOGS / fixture))
    return next(line for line in log.lines if needle in line.text and not line.text.startswith("#"))


# signature key, fixture, a piece of the line, finding name, params it must carry
CASES = [
    (
        "client-socket-timeout",
        "port-drop.node2.log",
        "DistNetworkError: The client socket",
        "master-unreachable",
        {"addr": "node1", "port": "29500", "elapsed": "5000ms"},
    ),
    (
        "client-socket-timeout",
        "localhost-worker.node2.log",
        "DistNetworkError: The client",
        "master-addr-loopback",
        {"addr": "localhost"},
    ),
    (
        "client-socket-timeout",
        "c10d-refused.node2.log",
        "connect to (node1, 29999)",
        "master-unreachable",
        {"port": "29999", "elapsed": "60000ms"},
    ),
    (
        "client-socket-refused",
        "port-reject-debug.node2.log",
        "is not yet listening",
        "refused",
        {},
    ),
    ("server-socket-in-use", "port-in-use.node1.log", "EADDRINUSE", "master-port-in-use", {"port": "29500"}),
    (
        "store-clients-timeout",
        "node-missing.log",
        "waiting for clients",
        "node-missing",
        {"missing": "1", "waited": "6 s"},
    ),
    (
        "store-barrier-timeout",
        "nccl-public.log",
        "worker_count=1",
        "log-store-barrier-timeout",
        {"joined": "1", "world_size": "2", "detail": "1 rank(s) missing"},
    ),
    ("store-barrier-timeout", "nccl-public.log", "worker_count=4", "log-store-barrier-timeout", {"joined": "4"}),
    (
        "store-barrier-timeout",
        "store-barrier.log",
        "num_workers_joined",
        "log-store-barrier-timeout",
        {"joined": "1", "world_size": "2", "key": "store_based_barrier_key:1", "detail": "1 rank(s) missing"},
    ),
    (
        "store-key-timeout",
        "node-rank-duplicate.node2.log",
        "wait timeout after",
        "log-store-key-timeout",
        {"key": "/none/torchelastic/assigned_ranks/1"},
    ),
    ("store-closed", "nnodes-mismatch.node2.log", "Connection was likely closed", "log-store-closed", {}),
    (
        "rendezvous-timeout",
        "node-missing-c10d.log",
        "api.RendezvousTimeoutError",
        "log-rendezvous-timeout",
        {"detail": ""},
    ),
    (
        "rendezvous-connection",
        "c10d-refused.node2.log",
        "api.RendezvousConnectionError",
        "log-rendezvous-connection",
        {"detail": " (The connection to the C10d store has failed. See inner exception for details)"},
    ),
    ("rendezvous-closed", "torch-source.log", "RendezvousClosedError", "log-rendezvous-closed", {}),
    (
        "gloo-full-mesh",
        "gloo-ifname-lo-all.node1.log",
        "RuntimeError: Gloo connectFullMesh",
        "ifname-loopback",
        {"var": "GLOO_SOCKET_IFNAME", "value": "lo (a peer advertised 127.0.0.1)"},
    ),
    (
        "gloo-full-mesh",
        "gloo-ifname-lo-all.node2.log",
        "RuntimeError: Gloo connectFullMesh",
        "log-gloo-connect-failed",
        {"error": "Connect timeout [none]"},
    ),
    (
        "gloo-recv-timeout",
        "gloo-recv-timeout.log",
        "Timed out waiting 3000ms",
        "log-gloo-timeout",
        {"timeout": "3000ms"},
    ),
    (
        "nccl-watchdog-timeout",
        "nccl-public.log",
        "SeqNum=1580",
        "log-nccl-timeout",
        {"rank": "0", "seq": "1580", "op": "ALLREDUCE", "timeout": "600000", "elapsed": "600060"},
    ),
    ("nccl-watchdog-timeout", "nccl-public.log", "SeqNum=64088", "log-nccl-timeout", {"rank": "7"}),
    ("nccl-system-error", "nccl-public.log", "ncclSystemError", "log-nccl-system-error", {}),
    ("nccl-system-error", "nccl-public.log", "'unhandled system error'", "log-nccl-system-error", {}),
    ("nccl-invalid-usage", "nccl-public.log", "ncclInvalidUsage", "log-nccl-invalid-usage", {}),
    ("nccl-cuda-error", "nccl-public.log", "ncclUnhandledCudaError", "log-nccl-cuda-error", {}),
    (
        "nccl-connect-failed",
        "nccl-public.log",
        "No route to host",
        "log-nccl-connect-failed",
        {"addr": "10.0.0.4", "error": "No route to host"},
    ),
    (
        "nccl-connect-failed",
        "nccl-public.log",
        "Connection refused",
        "log-nccl-connect-failed",
        {"addr": "172.17.0.3", "error": "Connection refused"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "NET/Socket : Using [0]eno1",
        "log-nccl-interface",
        {"kind": "NET/Socket"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "Bootstrap : Using net1",
        "log-nccl-interface",
        {"interfaces": "net1 192.168.6.1", "kind": "bootstrap"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "Using interface lo:",
        "ifname-loopback",
        {"var": "NCCL_SOCKET_IFNAME", "value": "lo"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "Using eth0:172.17.2.7",
        "docker-bridge-address",
        {"interface": "eth0", "address": "172.17.2.7"},
    ),
    (
        "local-rank-unrecognized",
        "launch-local-rank.log",
        "unrecognized arguments: --local-rank=0",
        "local-rank-arg",
        {"script": "argparse_worker.py", "passed_class": "local-rank-dash-arg"},
    ),
    (
        "local-rank-unrecognized",
        "nccl-public.log",
        "--local_rank=2",
        "local-rank-arg",
        {"flag_class": "no-local-rank-arg", "passed_class": "--local_rank=N"},
    ),
    ("launch-deprecated", "launch-local-rank.log", "FutureWarning", "launch-deprecated", {}),
    (
        "collective-mismatch",
        "collective-mismatch.log",
        "[rank0]: RuntimeError: Detected mismatch",
        "log-collective-mismatch",
        {"detail": "rank 0 runs ALLREDUCE, rank 1 runs BROADCAST (sequence number 0)"},
    ),
    (
        "monitored-barrier",
        "monitored-barrier.log",
        "failed to pass",
        "log-rank-missing",
        {"ranks": "1", "timeout": "3000 ms"},
    ),
    ("invalid-device-ordinal", "nccl-public.log", "invalid device ordinal", "log-invalid-device-ordinal", {}),
]


@pytest.mark.parametrize(("key", "fixture", "needle", "name", "params"), CASES)
def test_signature_on_a_real_line(key: str, fixture: str, needle: str, name: str, params: dict[str, str]) -> None:
    line = real_line(fixture, needle)
    hits = [h for h in match_line(line) if h.key == key]
    assert hits, line.text
    assert hits[0].finding == name
    assert params.items() <= dict(hits[0].params).items()
    if name != REFUSED:  # a marker for other findings, not a finding of its own
        title, fix = describe_params(name, dict(hits[0].params))
        assert "{" not in title + fix


def describe_params(name: str, params: dict[str, str]) -> tuple[str, str]:
    from distdoctor.model import Finding

    return describe(Finding(name, CATALOGUE[name].severity, params=tuple(params.items())), "zh")


def test_every_signature_has_a_real_line() -> None:
    assert {s.key for s in SIGNATURES} == {case[0] for case in CASES}


def test_lines_of_other_texts_match_nothing() -> None:
    assert match_line(real_line("healthy.node1.log", "hostname of the client socket cannot be retrieved")) == []
    assert match_line(real_line("launch-local-rank.log", "OMP_NUM_THREADS")) == []


def node_findings(*fixtures: str) -> dict[str, set[str]]:
    """Finding names by node over the given fixtures (one node per file)."""
    found: dict[str, set[str]] = {}
    for f in explain_findings([read_log(str(LOGS / name)) for name in fixtures]):
        found.setdefault(f.node or "all", set()).add(f.name)
    return found


# The scenarios of tests/cluster/test_gather_cluster.py: what `check` names there, what `explain` names on torchrun's
# own logs of the same fault (by node), and where torchrun's text cannot tell, the gap.
SCENARIOS = [
    (
        "port-drop",
        {"node-missing", "master-unreachable"},
        {"node1": {"node-missing"}, "node2": {"master-unreachable"}},
        "",
    ),
    ("node-missing", {"node-missing"}, {"node1": {"node-missing"}}, ""),
    (
        "localhost-worker",
        {"node-missing", "master-addr-loopback"},
        {"node1": {"node-missing"}, "node2": {"master-addr-loopback"}},
        "",
    ),
    ("port-in-use", {"master-port-in-use"}, {"node1": {"master-port-in-use"}}, ""),
    (
        "node-rank-duplicate",
        {"node-rank-duplicate"},
        {
            "all": {"node-rank-duplicate"},
            "node1": {"log-store-key-timeout"},
            "node2": {"log-store-key-timeout"},
            "node3": {"log-store-key-timeout"},
        },
        "",
    ),
    (
        "port-reject",
        {"node-missing", "master-port-refused"},
        {"node1": {"node-missing"}, "node2": {"master-unreachable"}},
        "torch prints the same timeout for REJECT as DROP",
    ),
    (
        "nnodes-mismatch",
        {"nnodes-mismatch"},
        {"node2": {"log-store-closed"}},
        "torchrun trains with node 0's count and logs no nnodes; only node 0's early exit shows",
    ),
    (
        "gloo-ifname-lo-all",
        {"ifname-loopback"},
        {"node1": {"ifname-loopback"}, "node2": {"log-gloo-connect-failed"}},
        "",
    ),
    ("gloo-ifname-lo", {"ifname-loopback"}, {}, "torch 2.13 under torchrun hung 90 s without a line"),
]


@pytest.mark.parametrize(("scenario", "check_names", "expected", "gap"), SCENARIOS)
def test_explain_names_the_cause_check_names(
    scenario: str, check_names: set[str], expected: dict[str, set[str]], gap: str
) -> None:
    fixtures = sorted(p.name for p in LOGS.glob(f"{scenario}.node*.log")) or [f"{scenario}.log"]
    got = node_findings(*fixtures)
    named = {
        "node1" if n == f"{scenario}.log" else n.removeprefix(f"{scenario}.").removesuffix(".log"): v
        for n, v in got.items()
    }
    assert named == expected
    everything = set().union(*named.values()) if named else set()
    assert (check_names <= everything) is (not gap), gap


def test_unknown_text_shows_the_last_error_lines() -> None:
    logs = [read_log(str(LOGS / "worker-raised.log")), read_log(str(LOGS / "worker-raised.error.json"))]
    assert explain_findings(logs) == []
    shown = error_lines(logs)
    assert shown[-1] == "worker-raised.error.json:8: ValueError: rank 0: a user error, to see torchrun's error file"


def test_error_file_is_read_as_its_message_and_traceback() -> None:
    log = read_log(str(LOGS / "worker-raised.error.json"))
    assert log.lines[0].text == "ValueError: rank 0: a user error, to see torchrun's error file"
    assert any("Traceback (most recent call last):" in line.text for line in log.lines)


def test_nodes_printing_different_nccl_versions_are_a_version_mismatch() -> None:
    a = to_input("host-a:1:1 [0] NCCL INFO NCCL version 2.18.1+cuda12.1\n", "a.log")
    b = to_input("host-b:7:7 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n", "b.log")
    (finding,) = [f for f in explain_findings([a, b]) if f.name == "version-mismatch"]
    assert dict(finding.params)["detail"] == "NCCL 2.18.1 on host-a; NCCL 2.21.5 on host-b"
    assert explain_findings([a, to_input(a.lines[0].text.replace("host-a", "host-c"), "c.log")]) == []


def test_each_text_once_per_node_with_line_numbers() -> None:
    (finding,) = [f for f in explain_findings([read_log(str(LOGS / "port-drop.node2.log"))])]
    assert finding.node == "port-drop.node2.log"
    assert all(e.startswith("port-drop.node2.log:") for e in finding.evidence[:-1])
