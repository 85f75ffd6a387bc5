"""Rules below the network on recorded trees (tests/fixtures/trees) and recorded NVML answers: one case or more per
finding, each rendered in both languages; the healthy trees raise nothing above info."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from distdoctor.catalogue import LANGS, describe
from distdoctor.catalogue.devices import DEVICES
from distdoctor.facts.devices import gather_devices
from distdoctor.model import Finding, Gpu, NodeFacts, NodeReport
from distdoctor.model.devices import GpuFabric, MemlockLimit, NcclLibrary, NodeDevices, SharedMemory
from distdoctor.rules.devices import HcaFilter
from distdoctor.rules.devices_cross import device_cross_findings
from distdoctor.rules.local import local_findings
from testbed.recorded import HEALTHY_MASTER, HEALTHY_WORKER, config, facts

TREES = Path(__file__).resolve().parents[1] / "fixtures" / "trees"
DEVICE_NAMES = {e.name for e in DEVICES}
UNLIMITED = MemlockLimit(None, None)
BIG_SHM = SharedMemory(size_bytes=32 << 30, free_bytes=32 << 30, writable=True, fs_type="tmpfs")
GPUS8 = tuple(Gpu(i, "NVIDIA H100 80GB HBM3", f"GPU-{i}") for i in range(8))
WORKER = {"nnodes": "2", "node_rank": "1", "master_addr": "10.1.0.1", "nproc_per_node": "8"}
# nvmlDeviceGetGpuFabricInfo answers as published: an HGX H100 whose fabric manager registered it reports completed
# with a zero cluster UUID (meta-pytorch/torchcomms#1385); a GB200 NVL72 tray completed, clique 4026, cluster UUID
# 9c6f5af3-... (leptonai/gpud#1106); a node failed with "Insufficient Resources" and zeros (Azure/azhpc-images#506);
# an H100 PCIe "Not Supported" (leptonai/gpud#1147). The in-progress answer is NVML's state while the fabric manager
# has not yet registered the GPUs (written from the NVML API reference).
FABRIC_DONE = tuple(GpuFabric(i, "completed", "SUCCESS") for i in range(8))
FABRIC_WAITING = tuple(GpuFabric(i, "in-progress", "SUCCESS") for i in range(8))
FABRIC_FAILED = tuple(GpuFabric(i, "completed", "ERROR_INSUFFICIENT_RESOURCES") for i in range(8))
PCIE = tuple(GpuFabric(i, "not-supported", "SUCCESS") for i in range(2))
GB200 = tuple(GpuFabric(i, "completed", "SUCCESS", "9c6f5af3-53bf-49b5-a436-b66766c413c3") for i in range(4))
WHEEL = NcclLibrary("/venv/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2", "torch wheel", "2.29.3")


def tree(name: str, **changes: Any) -> NodeDevices:
    """A recorded tree's devices, with a healthy shell's limits unless changed."""
    base = gather_devices({}, TREES / name, live=False)
    return dataclasses.replace(base, **{"memlock": UNLIMITED, "shm": BIG_SHM, **changes})


def node(devices: NodeDevices, env: dict[str, str] | None = None, gpus: tuple[Gpu, ...] = (), **kw: Any) -> NodeFacts:
    env_pairs = tuple(sorted({**dict(HEALTHY_WORKER.env), **(env or {})}.items()))
    return facts(HEALTHY_WORKER, devices=devices, env=env_pairs, gpus=gpus, **kw)


def found(f: NodeFacts, flags: dict[str, str] | None = None) -> dict[str, str]:
    findings = local_findings(config(flags or WORKER), f)
    for finding in findings:
        for lang in LANGS:
            title, fix = describe(finding, lang)
            assert "{" not in title + fix, (finding.name, title)
    return {x.name: x.severity for x in findings if x.name in DEVICE_NAMES}


CASES: list[tuple[str, NodeFacts, dict[str, str]]] = [
    ("healthy-dgx", node(tree("dgx-h100-ib"), gpus=GPUS8), {"rdma-port-down": "info"}),
    ("healthy-roce", node(tree("roce-v2")), {}),
    ("healthy-no-rdma", node(NodeDevices(shm=BIG_SHM, memlock=MemlockLimit(8 << 20, 8 << 20))), {}),
    (
        "shm-small-nccl",
        node(NodeDevices(shm=SharedMemory(size_bytes=64 << 20, free_bytes=64 << 20, writable=True)), gpus=GPUS8),
        {"shm-small": "error"},
    ),
    (
        "shm-small-gloo",
        node(NodeDevices(shm=SharedMemory(size_bytes=65536, free_bytes=65536, writable=True))),
        {"shm-small": "warning"},
    ),
    (
        "shm-read-only",
        node(
            NodeDevices(shm=SharedMemory(size_bytes=1 << 30, free_bytes=1 << 30, writable=False, error="EROFS")),
            gpus=GPUS8,
        ),
        {"shm-unusable": "error"},
    ),
    ("shm-absent", node(NodeDevices(shm=SharedMemory(exists=False))), {"shm-unusable": "warning"}),
    (
        "memlock-low-nccl",
        node(tree("roce-v2", memlock=MemlockLimit(65536, 65536)), gpus=GPUS8[:2]),
        {"memlock-low": "error", "peermem-missing": "info"},
    ),
    (
        "memlock-low-ib-disabled",
        node(tree("roce-v2", memlock=MemlockLimit(65536, 65536)), {"NCCL_IB_DISABLE": "1"}),
        {"ib-disabled": "info"},
    ),
    ("container-no-devices", node(tree("container-shm64-no-devices")), {"rdma-devices-hidden": "warning"}),
    ("port-down-unselected", node(tree("roce-port-down")), {"rdma-port-down": "info"}),
    (
        "port-down-named",
        node(tree("roce-port-down"), {"NCCL_IB_HCA": "mlx5_12,mlx5_13"}),
        {"rdma-port-down": "warning"},
    ),
    (
        "port-down-only-one-named",
        node(tree("roce-port-down"), {"NCCL_IB_HCA": "=mlx5_12"}),
        {"rdma-port-down": "warning", "ib-hca-unmatched": "warning"},
    ),
    ("hca-excluded-the-down-port", node(tree("roce-port-down"), {"NCCL_IB_HCA": "^mlx5_12"}), {}),
    ("hca-names-no-device", node(tree("roce-v2"), {"NCCL_IB_HCA": "mlx4_0"}), {"ib-hca-unmatched": "warning"}),
    ("hca-wrong-port", node(tree("roce-v2"), {"NCCL_IB_HCA": "mlx5_0:2,mlx5_1:2"}), {"ib-hca-unmatched": "warning"}),
    ("hca-excludes-all", node(tree("roce-v2"), {"NCCL_IB_HCA": "^mlx5"}), {"ib-hca-unmatched": "warning"}),
    ("hca-prefix-ok", node(tree("dgx-h100-ib"), {"NCCL_IB_HCA": "mlx5_1"}), {}),  # mlx5_1, mlx5_10, mlx5_11
    ("gid-index-ok", node(tree("roce-v2"), {"NCCL_IB_GID_INDEX": "3"}), {}),
    (
        "gid-index-empty",
        node(tree("roce-v2"), {"NCCL_IB_GID_INDEX": "5"}, gpus=GPUS8[:2]),
        {"ib-gid-index-empty": "error", "peermem-missing": "info"},
    ),
    ("gid-index-link-local", node(tree("roce-v2"), {"NCCL_IB_GID_INDEX": "1"}), {"ib-gid-link-local": "warning"}),
    (
        "gid-index-on-ib-is-not-roce",
        node(tree("dgx-h100-ib"), {"NCCL_IB_GID_INDEX": "3", "NCCL_IB_HCA": "=mlx5_0"}),
        {},
    ),
    (
        "fabric-manager-down",
        node(tree("dgx-h100-ib", fabric=FABRIC_WAITING), gpus=GPUS8),
        {"rdma-port-down": "info", "gpu-fabric-not-ready": "error"},
    ),
    (
        "imex-missing",
        node(NodeDevices(shm=BIG_SHM, fabric=GB200), gpus=GPUS8[:4]),
        {"imex-channels-missing": "warning"},
    ),
    ("imex-present", node(NodeDevices(shm=BIG_SHM, fabric=GB200, imex_channels=1), gpus=GPUS8[:4]), {}),
    (
        "nvls-default",
        node(NodeDevices(shm=BIG_SHM, fabric=FABRIC_DONE, nccl=(WHEEL,)), gpus=GPUS8),
        {"nvls-default": "info"},
    ),
    (
        "nvls-set",
        node(NodeDevices(shm=BIG_SHM, fabric=FABRIC_DONE, nccl=(WHEEL,)), {"NCCL_NVLS_ENABLE": "0"}, gpus=GPUS8),
        {},
    ),
    (
        "nvls-older-nccl",
        node(
            NodeDevices(shm=BIG_SHM, fabric=FABRIC_DONE, nccl=(dataclasses.replace(WHEEL, version="2.21.5"),)),
            gpus=GPUS8,
        ),
        {},
    ),
    (
        "peermem-missing",
        node(tree("dgx-h100-ib", peermem_loaded=False), gpus=GPUS8),
        {"rdma-port-down": "info", "peermem-missing": "info"},
    ),
    (
        "iommu-translating",
        node(NodeDevices(shm=BIG_SHM, iommu_groups=143, iommu_passthrough=False), gpus=GPUS8),
        {"iommu-translating": "warning"},
    ),
    (
        "acs-redirect",
        node(NodeDevices(shm=BIG_SHM, acs_redirect=("0000:15:01.0",), acs_readable=True), gpus=GPUS8),
        {"acs-redirect": "warning"},
    ),
    (
        "acs-one-gpu",
        node(NodeDevices(shm=BIG_SHM, acs_redirect=("0000:15:01.0",), acs_readable=True), gpus=GPUS8[:1]),
        {},
    ),
    ("iommu-passthrough", node(NodeDevices(shm=BIG_SHM, iommu_groups=143, iommu_passthrough=True), gpus=GPUS8), {}),
    (
        "nccl-shadowed",
        node(
            NodeDevices(
                shm=BIG_SHM, nccl=(NcclLibrary("/usr/local/nccl/lib/libnccl.so.2", "LD_LIBRARY_PATH", "2.18.5"), WHEEL)
            ),
            gpus=GPUS8,
        ),
        {"nccl-shadowed": "warning"},
    ),
    (
        "nccl-same-version-elsewhere",
        node(
            NodeDevices(shm=BIG_SHM, nccl=(dataclasses.replace(WHEEL, source="LD_LIBRARY_PATH", path="/opt/x"), WHEEL)),
            gpus=GPUS8,
        ),
        {},
    ),
    (
        "net-plugin-missing",
        node(NodeDevices(shm=BIG_SHM, nccl=(WHEEL,)), {"NCCL_NET_PLUGIN": "aws-ofi"}, gpus=GPUS8),
        {"nccl-net-plugin-missing": "warning"},
    ),
    (
        "net-plugin-present",
        node(
            NodeDevices(shm=BIG_SHM, nccl=(WHEEL,), net_plugins=("libnccl-net-aws-ofi.so",)),
            {"NCCL_NET_PLUGIN": "aws-ofi"},
            gpus=GPUS8,
        ),
        {},
    ),
]


@pytest.mark.parametrize(("facts_", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_device_rules(facts_: NodeFacts, expected: dict[str, str]) -> None:
    assert found(facts_) == expected


def test_an_index_past_a_cut_gid_table_is_not_called_empty() -> None:
    base = tree("roce-v2")
    cut = dataclasses.replace(
        base,
        rdma=tuple(
            dataclasses.replace(d, ports=tuple(dataclasses.replace(p, gids_truncated=True) for p in d.ports))
            for d in base.rdma
        ),
    )
    assert found(node(cut, {"NCCL_IB_GID_INDEX": "37"})) == {}
    assert found(node(base, {"NCCL_IB_GID_INDEX": "37"})) == {"ib-gid-index-empty": "warning"}


def test_every_local_device_finding_has_a_case() -> None:
    covered = set().union(*(c[2] for c in CASES))
    assert {e.name for e in DEVICES if e.layer == "local"} == covered


def test_shm_need_scales_with_local_ranks() -> None:
    small = node(NodeDevices(shm=SharedMemory(size_bytes=64 << 20, free_bytes=64 << 20, writable=True)), gpus=GPUS8)
    assert found(small, {**WORKER, "nproc_per_node": "2"}) == {}  # 2 × 2 × 9.2 MiB fit in 64 MiB
    assert found(small, {**WORKER, "nproc_per_node": "4"}) == {"shm-small": "error"}  # NVIDIA/nccl#342: 4 GPUs


@pytest.mark.parametrize(
    ("value", "device", "port", "selected"),
    [
        ("", "mlx5_0", 1, True),
        ("mlx5_1", "mlx5_10", 1, True),  # a prefix, as NCCL reads it
        ("=mlx5_1", "mlx5_10", 1, False),
        ("=mlx5_1", "mlx5_1", 1, True),
        ("mlx5_0:1,mlx5_1:1", "mlx5_1", 1, True),
        ("mlx5_0:2", "mlx5_0", 1, False),
        ("^mlx5_0", "mlx5_0", 1, False),
        ("^mlx5_0", "mlx5_3", 1, True),
        ("^=mlx5_1", "mlx5_10", 1, True),
        ("^mlx5_0:1", "mlx5_0", 2, True),
    ],
)
def test_nccl_ib_hca_is_parsed_as_nccl_parses_it(value: str, device: str, port: int, selected: bool) -> None:
    assert HcaFilter.parse(value).selects(device, port) is selected


# --- across nodes ---------------------------------------------------------------------------------------------


def report(rank: int, devices: NodeDevices, host: str | None = None, **kw: Any) -> NodeReport:
    cfg = config({"nnodes": "2", "node_rank": str(rank), "master_addr": "10.1.0.1"})
    base = HEALTHY_MASTER if rank == 0 else HEALTHY_WORKER
    return NodeReport(cfg, facts(base, hostname=host or f"node{rank + 1}", devices=devices, **kw))


def cross(*reports: NodeReport) -> list[Finding]:
    findings = device_cross_findings(list(reports))
    for finding in findings:
        for lang in LANGS:
            describe(finding, lang)
    return findings


def test_nodes_with_one_hostname_on_one_machine_are_one_host_to_nccl() -> None:
    boot = NodeDevices(boot_id="5b0a7c52-5d1e-4c1d-9d4e-3f0c2b9e8a11")
    found_ = cross(report(0, boot, "trainer"), report(1, boot, "trainer"))
    assert [(f.name, f.severity) for f in found_] == [("hostname-duplicate", "error")]
    assert "trainer on node_rank 0, 1" in found_[0].param_map["detail"]


def test_one_hostname_on_two_machines_is_a_warning() -> None:
    found_ = cross(report(0, NodeDevices(boot_id="a"), "trainer"), report(1, NodeDevices(boot_id="b"), "trainer"))
    assert [(f.name, f.severity) for f in found_] == [("hostname-duplicate", "warning")]


def test_distinct_hostnames_raise_nothing() -> None:
    assert cross(report(0, tree("roce-v2")), report(1, tree("roce-v2"))) == []


def test_infiniband_and_roce_nodes_differ_in_hcas_link_layer_rate() -> None:
    found_ = cross(report(0, tree("dgx-h100-ib")), report(1, tree("roce-v2")))
    assert {f.param_map["what"] for f in found_} == {"active HCAs", "link layer", "rate", "MTU"}
    assert all(f.name == "rdma-mismatch" and f.severity == "warning" for f in found_)


def test_an_mtu_that_differs_on_one_node_is_named() -> None:
    base = tree("roce-v2")
    low = dataclasses.replace(
        base,
        rdma=tuple(
            dataclasses.replace(d, ports=tuple(dataclasses.replace(p, active_mtu=1024) for p in d.ports))
            for d in base.rdma
        ),
    )
    found_ = cross(report(0, base), report(1, base), report(2, low))
    assert [(f.param_map["what"], f.node) for f in found_] == [("MTU", "node_rank 2 (node3)")]


def test_nccl_that_will_load_drifts_across_nodes() -> None:
    other = NcclLibrary("/usr/local/nccl/lib/libnccl.so.2", "LD_LIBRARY_PATH", "2.18.5")
    found_ = cross(report(0, NodeDevices(nccl=(WHEEL,))), report(1, NodeDevices(nccl=(other, WHEEL))))
    assert [(f.name, f.severity) for f in found_] == [("nccl-library-drift", "error")]
    assert "2.18.5 (LD_LIBRARY_PATH) on node_rank 1 (node2)" in found_[0].param_map["detail"]


def test_net_plugin_on_some_nodes_only() -> None:
    found_ = cross(
        report(0, NodeDevices(nccl=(WHEEL,), net_plugins=("libnccl-net.so",))), report(1, NodeDevices(nccl=(WHEEL,)))
    )
    assert [(f.name, f.severity) for f in found_] == [("nccl-library-drift", "warning")]


def test_cuda_driver_versions_differ() -> None:
    found_ = cross(report(0, NodeDevices(cuda_driver="12.4")), report(1, NodeDevices(cuda_driver="12.8")))
    assert [(f.name, f.severity) for f in found_] == [("cuda-driver-mismatch", "warning")]
