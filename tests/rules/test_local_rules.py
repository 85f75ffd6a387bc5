"""Local rules on recorded facts: one case (or more) per finding name, each rendered in both languages."""

from __future__ import annotations

import dataclasses

import pytest

from distdoctor.catalogue import CATALOGUE, LANGS, describe
from distdoctor.catalogue.devices import DEVICES
from distdoctor.model import Gpu, Interface, LaunchConfig, NodeFacts, PortBind, Probe, Resolution, Route
from distdoctor.rules.local import local_findings
from testbed.recorded import HEALTHY_MASTER, HEALTHY_WORKER, PORT_HELD, config, facts

REFUSED = Probe("10.1.0.1", 29500, "refused", 0.0004, "ECONNREFUSED")
WORKER = {"nnodes": "2", "node_rank": "1", "master_addr": "10.1.0.1"}
MASTER = {"nnodes": "2", "node_rank": "0", "master_addr": "10.1.0.1"}

DEVICE_NAMES = {e.name for e in DEVICES}

CASES = [
    # (id, config, facts, expected finding names)
    ("healthy-worker", config(WORKER), HEALTHY_WORKER, set()),
    ("healthy-master", config(MASTER), HEALTHY_MASTER, set()),
    (
        "healthy-single-node",
        config({}),
        facts(HEALTHY_MASTER, master_resolution=Resolution("127.0.0.1", ("127.0.0.1",))),
        set(),
    ),
    (
        "env-missing-master-addr",
        config({"nnodes": "2", "node_rank": "1"}),
        facts(master_resolution=None, route_to_master=None, master_probe=None),
        {"env-missing"},
    ),
    (
        "env-missing-partial-launcher-env",
        config(WORKER, env={"RANK": "1", "WORLD_SIZE": "2"}),
        facts(env=(("RANK", "1"), ("WORLD_SIZE", "2"))),
        {"env-missing"},
    ),
    (
        "env-inconsistent-world-size",
        config(
            {"nnodes": "2", "nproc_per_node": "4", "node_rank": "1", "master_addr": "10.1.0.1"}, env={"WORLD_SIZE": "4"}
        ),
        HEALTHY_WORKER,
        {"env-inconsistent"},
    ),
    (
        "env-inconsistent-rank",
        config(WORKER, env={"WORLD_SIZE": "2", "RANK": "2"}),
        HEALTHY_WORKER,
        {"env-inconsistent"},
    ),
    ("env-invalid", config(WORKER, env={"WORLD_SIZE": "two"}), HEALTHY_WORKER, {"env-invalid"}),
    (
        "master-port-invalid-from-env",
        config({"nnodes": "2", "node_rank": "1"}, env={"MASTER_ADDR": "10.1.0.1", "MASTER_PORT": "29500x"}),
        HEALTHY_WORKER,
        {"master-port-invalid"},
    ),
    (
        "master-addr-loopback",
        config({"nnodes": "2", "node_rank": "1"}, env={"MASTER_ADDR": "127.0.0.1"}),
        facts(
            master_resolution=Resolution("127.0.0.1", ("127.0.0.1",)),
            master_probe=Probe("127.0.0.1", 29500, "refused", 0.0001),
        ),
        {"master-addr-loopback"},
    ),
    (
        "master-addr-loopback-by-name",
        config({"nnodes": "2", "node_rank": "1", "master_addr": "localhost"}),
        facts(master_resolution=Resolution("localhost", ("127.0.0.1", "::1"))),
        {"master-addr-loopback"},
    ),
    (
        "master-addr-loopback-torchrun-default",
        config(command=["torchrun", "--nnodes=2", "--node_rank=1", "t.py"]),
        facts(master_resolution=Resolution("127.0.0.1", ("127.0.0.1",))),
        {"master-addr-loopback"},
    ),
    (
        "master-addr-unresolvable",
        config({**WORKER, "master_addr": "node9"}),
        facts(
            master_resolution=Resolution("node9", (), "Name or service not known"),
            master_probe=Probe("node9", 29500, "unresolved", 0.01),
        ),
        {"master-addr-unresolvable"},
    ),
    (
        "master-addr-not-local",
        config({**MASTER, "master_addr": "10.1.0.7"}),
        facts(HEALTHY_MASTER, master_resolution=Resolution("10.1.0.7", ("10.1.0.7",))),
        {"master-addr-not-local"},
    ),
    (
        "master-addr-local-on-worker",
        config({**WORKER, "master_addr": "10.1.0.2"}),
        facts(
            master_resolution=Resolution("10.1.0.2", ("10.1.0.2",)), master_probe=Probe("10.1.0.2", 29500, "open", 0.0)
        ),
        {"master-addr-local-on-worker"},
    ),
    (
        "hostname-loopback",
        config(WORKER),
        facts(hostname_resolution=Resolution("node2", ("127.0.1.1",))),
        {"hostname-loopback"},
    ),
    (
        "hostname-loopback-silenced-by-ifname",
        config(WORKER),
        facts(hostname_resolution=Resolution("node2", ("127.0.1.1",)), env=(("GLOO_SOCKET_IFNAME", "eth0"),)),
        set(),
    ),
    (
        "master-port-privileged",
        config({**WORKER, "master_port": "80"}),
        facts(master_probe=Probe("10.1.0.1", 80, "open", 0.001)),
        {"master-port-privileged"},
    ),
    ("master-port-in-use", config(MASTER), facts(HEALTHY_MASTER, master_port_bind=PORT_HELD), {"master-port-in-use"}),
    ("master-port-refused-once", config(WORKER), facts(master_probe=REFUSED), {"master-port-refused"}),
    (
        "master-port-refused-until-the-wait-ran-out",
        config(WORKER),
        facts(master_probe=dataclasses.replace(REFUSED, attempts=12, elapsed_s=60.0)),
        {"master-port-refused"},
    ),
    (
        "master-port-foreign",
        config(WORKER),
        facts(master_probe=Probe("10.1.0.1", 29500, "foreign", 2.0, "no welcome")),
        {"master-port-foreign"},
    ),
    (
        "master-unreachable",
        config(WORKER),
        facts(master_probe=Probe("10.1.0.1", 29500, "timed-out", 3.0)),
        {"master-unreachable"},
    ),
    (
        "master-no-route",
        config({**WORKER, "master_addr": "10.99.0.1"}),
        facts(
            master_resolution=Resolution("10.99.0.1", ("10.99.0.1",)),
            route_to_master=Route("10.99.0.1", None, None, "ENETUNREACH"),
            master_probe=Probe("10.99.0.1", 29500, "no-route", 0.0001, "ENETUNREACH"),
        ),
        {"master-no-route"},
    ),
    ("node-rank-out-of-range", config({**WORKER, "node_rank": "2"}), HEALTHY_WORKER, {"node-rank-out-of-range"}),
    (
        "nproc-exceeds-gpus",
        config({**WORKER, "nproc_per_node": "8"}),
        facts(gpus=tuple(Gpu(i, "NVIDIA H200") for i in range(4))),
        {"nproc-exceeds-gpus"},
    ),
    ("ifname-missing", config(WORKER), facts(env=(("NCCL_SOCKET_IFNAME", "ib0"),)), {"ifname-missing"}),
    ("ifname-prefix-ok-for-nccl", config(WORKER), facts(env=(("NCCL_SOCKET_IFNAME", "eth"),)), set()),
    ("ifname-exclusion-ok", config(WORKER), facts(env=(("NCCL_SOCKET_IFNAME", "^docker,lo"),)), set()),
    ("ifname-loopback", config(WORKER), facts(env=(("GLOO_SOCKET_IFNAME", "lo"),)), {"ifname-loopback"}),
    # NCCL's syntax given to gloo: torch 2.13 fails init with "Unable to find address for: ^lo" on every node.
    ("ifname-other-syntax-caret", config(WORKER), facts(env=(("GLOO_SOCKET_IFNAME", "^lo"),)), {"ifname-other-syntax"}),
    (
        "ifname-other-syntax-prefix",
        config(WORKER),
        facts(env=(("GLOO_SOCKET_IFNAME", "eth"),)),
        {"ifname-other-syntax"},
    ),
    ("ifname-gloo-absent", config(WORKER), facts(env=(("GLOO_SOCKET_IFNAME", "ib0"),)), {"ifname-missing"}),
    ("ifname-one-character-ignored", config(WORKER), facts(env=(("GLOO_SOCKET_IFNAME", "x"),)), set()),
    (
        "ifname-nccl-exclusion-leaves-nothing",
        config(WORKER),
        facts(env=(("NCCL_SOCKET_IFNAME", "^eth,lo"),)),
        {"ifname-missing"},
    ),
    (
        "hostname-resolves-to-no-local-address",
        config(WORKER),
        facts(hostname_resolution=Resolution("node2", ("10.9.9.9",))),
        {"hostname-loopback"},
    ),
    (
        "docker-bridge-address",
        config(WORKER),
        facts(
            interfaces=(*HEALTHY_WORKER.interfaces, Interface("docker0", ("172.17.0.1",), True)),
            route_to_master=Route("10.1.0.1", "172.17.0.1", "docker0"),
        ),
        {"docker-bridge-address"},
    ),
]


@pytest.mark.parametrize(("cfg", "node_facts", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_local_rule(cfg: LaunchConfig, node_facts: NodeFacts, expected: set[str]) -> None:
    found = local_findings(cfg, node_facts)
    assert {f.name for f in found} == expected
    for finding in found:
        assert finding.node and finding.node.startswith("node_rank ")
        assert finding.evidence, f"{finding.name} carries no evidence"
        for lang in LANGS:
            title, fix = describe(finding, lang)
            assert "{" not in title and "{" not in fix.replace("${", "")  # every placeholder was filled
            assert title and fix


def test_refused_once_is_a_warning_naming_the_address() -> None:
    (finding,) = local_findings(config(WORKER), facts(master_probe=REFUSED))
    assert (finding.name, finding.severity) == ("master-port-refused", "warning")
    assert describe(finding, "en")[0] == "10.1.0.1:29500 refused the connection: nothing is listening there"


def test_refused_until_the_wait_ran_out_is_an_error() -> None:
    probe = dataclasses.replace(REFUSED, attempts=12, elapsed_s=60.0)
    (finding,) = local_findings(config(WORKER), facts(master_probe=probe))
    assert finding.severity == "error"
    assert "12 attempts" in finding.evidence[0]


def test_loopback_quotes_value_and_source_in_both_languages() -> None:
    cfg = config({"nnodes": "2", "node_rank": "1"}, env={"MASTER_ADDR": "127.0.0.1"})
    loopback = facts(master_resolution=Resolution("127.0.0.1", ("127.0.0.1",)), master_probe=None)
    (finding,) = local_findings(cfg, loopback)
    assert describe(finding, "en")[0] == (
        "MASTER_ADDR=127.0.0.1 (environment variable MASTER_ADDR) is a loopback address, but the job spans 2 nodes"
    )
    assert describe(finding, "zh")[0] == "MASTER_ADDR=127.0.0.1（环境变量 MASTER_ADDR）是回环地址，但作业跨 2 个节点"


def test_port_holder_is_named() -> None:
    (finding,) = local_findings(config(MASTER), facts(HEALTHY_MASTER, master_port_bind=PORT_HELD))
    assert "pid 4242 python3 (python3 -m http.server 29500)" in describe(finding, "en")[0]


def test_unknown_port_holder_says_why() -> None:
    bind = PortBind(29500, False, "in-use", None)
    (finding,) = local_findings(config(MASTER), facts(HEALTHY_MASTER, master_port_bind=bind))
    assert "run as root" in describe(finding, "en")[0]


def test_every_local_finding_has_a_case() -> None:
    covered = set().union(*(c[3] for c in CASES))
    # Those below the network have theirs in test_device_rules.py.
    local = {name for name, e in CATALOGUE.items() if e.layer == "local" and name not in DEVICE_NAMES}
    assert local == covered


def test_a_gloo_only_mistake_is_a_warning_where_the_backend_is_nccl() -> None:
    gpu_node = facts(gpus=(Gpu(0, "NVIDIA H200"),), env=(("GLOO_SOCKET_IFNAME", "^lo"),))
    (finding,) = local_findings(config(WORKER), gpu_node)
    assert (finding.name, finding.severity) == ("ifname-other-syntax", "warning")
    (gloo,) = local_findings(config(WORKER), facts(env=(("GLOO_SOCKET_IFNAME", "^lo"),)))
    assert gloo.severity == "error"
    assert "GLOO_SOCKET_IFNAME=eth0" in describe(gloo, "en")[1]


def test_an_nccl_only_mistake_is_a_warning_where_the_backend_is_gloo() -> None:
    (finding,) = local_findings(config(WORKER), facts(env=(("NCCL_SOCKET_IFNAME", "ib"),)))
    assert (finding.name, finding.severity) == ("ifname-missing", "warning")
    gpu_node = facts(gpus=(Gpu(0, "NVIDIA H200"),), env=(("NCCL_SOCKET_IFNAME", "ib"),))
    assert [f.severity for f in local_findings(config(WORKER), gpu_node)] == ["error"]
