"""Facts below the network, gathered for real: recorded sysfs trees, a 64 KiB tmpfs /dev/shm in a private mount
namespace, memlock set by prlimit around a real `distdoctor check`, ncclGetVersion from a real shared library."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from distdoctor.catalogue.devices import DEVICES
from distdoctor.facts.devices import gather_devices
from distdoctor.facts.memory import gather_shm, process_memlock
from distdoctor.facts.nccl_library import candidates, gather_nccl, read_version, version_text
from distdoctor.facts.pci import gather_acs
from distdoctor.facts.rdma import gather_rdma, roce_mtu

TREES = Path(__file__).resolve().parents[1] / "fixtures" / "trees"
SRC = Path(__file__).resolve().parents[2] / "src"
DEVICE_FINDINGS = {e.name for e in DEVICES}
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"), reason="needs root and unshare")


def check_json(*argv: str, env: dict[str, str] | None = None, prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    """A real `distdoctor check --json` in a child process (optionally under prlimit/unshare)."""
    full_env = {**os.environ, "PYTHONPATH": str(SRC), **(env or {})}
    out = subprocess.run(
        [*prefix, sys.executable, "-m", "distdoctor", "check", "--json", *argv],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=120,
    )
    assert out.returncode in (0, 1), out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def names(report: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["severity"] for f in report["findings"]}


# --- recorded trees -------------------------------------------------------------------------------------------


def test_roce_gid_table_reads_as_show_gids_printed_it() -> None:
    devices = gather_rdma(TREES / "roce-v2")
    assert [d.name for d in devices] == ["mlx5_0", "mlx5_1"]
    port = devices[0].ports[0]
    assert (port.state, port.phys_state, port.link_layer, port.rate) == (
        "ACTIVE",
        "LinkUp",
        "Ethernet",
        "200 Gb/sec (4X HDR)",
    )
    assert [(g.index, g.kind, g.ipv4, g.netdev) for g in port.gids] == [
        (0, "IB/RoCE v1", None, "ens3np0"),
        (1, "RoCE v2", None, "ens3np0"),
        (2, "IB/RoCE v1", "11.0.0.72", "ens3np0"),
        (3, "RoCE v2", "11.0.0.72", "ens3np0"),
    ]
    assert devices[1].ports[0].gids[3].ipv4 == "11.0.0.73"
    assert port.active_mtu == 4096  # netdev MTU 9000


def test_port_down_tree_gives_the_active_mtu_ibv_devinfo_showed() -> None:
    down, up = gather_rdma(TREES / "roce-port-down")
    assert (down.name, down.ports[0].state, down.ports[0].phys_state) == ("mlx5_12", "DOWN", "Polling")
    assert down.ports[0].active_mtu == 1024  # DeepEP#60 ibv_devinfo: "active_mtu: 1024 (3)"
    assert up.ports[0].active and up.ports[0].active_mtu == 4096


def test_dgx_tree_lists_hcas_in_ibstat_order_with_no_mtu_for_infiniband() -> None:
    devices = gather_rdma(TREES / "dgx-h100-ib")
    assert [d.name for d in devices][:4] == ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    ib = [d for d in devices if d.ports[0].link_layer == "InfiniBand"]
    assert len(ib) == 8 and all(d.ports[0].active and d.ports[0].rate.startswith("400") for d in ib)
    assert all(d.ports[0].active_mtu is None for d in ib)  # sysfs has no MTU for an IB port
    facts = gather_devices({}, TREES / "dgx-h100-ib")
    assert facts.dev_infiniband and facts.peermem_loaded and facts.iommu_passthrough
    assert facts.boot_id == "5b0a7c52-5d1e-4c1d-9d4e-3f0c2b9e8a11"


def test_container_tree_has_hcas_but_no_device_nodes() -> None:
    facts = gather_devices({}, TREES / "container-shm64-no-devices")
    assert [d.name for d in facts.rdma] == ["mlx5_0"] and facts.dev_infiniband is False
    assert facts.shm is not None and facts.shm.fs_type == "tmpfs"


@pytest.mark.parametrize(("netdev", "ib"), [(1500, 1024), (9000, 4096), (4200, 4096), (1100, 512), (300, None)])
def test_roce_mtu_follows_the_kernels_rounding(netdev: int, ib: int | None) -> None:
    assert roce_mtu(netdev) == ib


def test_a_machine_without_rdma_has_none() -> None:
    assert gather_rdma(TREES / "no-such-tree") == ()


# --- /dev/shm for real ----------------------------------------------------------------------------------------


def test_this_machines_shm_is_measured_and_raises_nothing() -> None:
    shm = gather_shm()
    stat = os.statvfs("/dev/shm")
    assert shm.exists and shm.writable and shm.size_bytes == stat.f_frsize * stat.f_blocks
    report = check_json()
    assert not set(names(report)) & DEVICE_FINDINGS, report["findings"]


@ROOT_ONLY
def test_a_64k_shm_in_a_mount_namespace_is_named() -> None:
    script = 'mount -t tmpfs -o size=64k tmpfs /dev/shm && exec "$@"'
    prefix = ("unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh")
    report = check_json("--nproc-per-node", "2", prefix=prefix)
    assert names(report).get("shm-small") == "warning"  # no GPU here: gloo
    shm = report["facts"]["devices"]["shm"]
    assert (shm["size_bytes"], shm["fs_type"], shm["writable"]) == (65536, "tmpfs", True)


@ROOT_ONLY
def test_a_read_only_shm_is_unusable() -> None:
    script = 'mount -t tmpfs -o size=1g,ro tmpfs /dev/shm && exec "$@"'
    prefix = ("unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh")
    report = check_json(prefix=prefix)
    assert "shm-unusable" in names(report)
    assert report["facts"]["devices"]["shm"]["error"] == "EROFS"


# --- memlock for real ----------------------------------------------------------------------------------------


@pytest.mark.skipif(not shutil.which("prlimit"), reason="needs prlimit (util-linux)")
@pytest.mark.parametrize(
    ("limit", "extra_env", "expected"),
    [
        ("65536:65536", {}, True),
        ("65536:65536", {"NCCL_IB_DISABLE": "1"}, False),  # NCCL will not touch the HCAs
        ("unlimited:unlimited", {}, False),
    ],
)
def test_memlock_set_by_prlimit_is_read_around_a_real_check(
    limit: str, extra_env: dict[str, str], expected: bool
) -> None:
    if subprocess.run(["prlimit", f"--memlock={limit}", "true"], capture_output=True).returncode != 0:
        pytest.skip(f"prlimit --memlock={limit} is not permitted here (raising a hard limit needs CAP_SYS_RESOURCE)")
    env = {"DISTDOCTOR_SYSROOT": str(TREES / "roce-v2"), **extra_env}
    report = check_json(env=env, prefix=("prlimit", f"--memlock={limit}"))
    assert ("memlock-low" in names(report)) is expected
    assert report["facts"]["devices"]["memlock"]["soft"] == (None if limit.startswith("unlimited") else 65536)


def test_another_process_memlock_from_proc() -> None:
    child = subprocess.Popen(["prlimit", "--memlock=131072:131072", "sleep", "30"])
    try:
        limit = None
        for _ in range(50):  # prlimit execs sleep once it has set the limit
            limit = process_memlock(child.pid)
            if limit and limit.soft == 131072:
                break
            subprocess.run(["sleep", "0.05"])
        assert limit is not None and (limit.soft, limit.hard, limit.pid) == (131072, 131072, child.pid)
    finally:
        child.kill()
        child.wait()


# --- the NCCL that will load ---------------------------------------------------------------------------------

FAKE_NCCL = """
int ncclGetVersion(int *version) {{ *version = {code}; return 0; }}
"""


def build_library(directory: Path, code: int, name: str = "libnccl.so.2", body: str | None = None) -> Path:
    """A real shared library exporting ncclGetVersion, built with the system's C compiler."""
    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    directory.mkdir(parents=True, exist_ok=True)
    source = directory / f"{name}.c"
    source.write_text(textwrap.dedent(body if body is not None else FAKE_NCCL.format(code=code)))
    target = directory / name
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(target), str(source)], check=True)
    return target


@pytest.mark.parametrize(("code", "text"), [(22105, "2.21.5"), (22703, "2.27.3"), (2708, "2.7.8")])
def test_version_codes_decode_as_nccl_defines_them(code: int, text: str) -> None:
    assert version_text(code) == text


def test_ncclgetversion_is_called_through_ctypes(tmp_path: Path) -> None:
    lib = build_library(tmp_path, 22105)
    assert read_version(str(lib)) == ("2.21.5", None)
    broken = build_library(tmp_path / "b", 0, body="int something_else(void) { return 1; }\n")
    version, error = read_version(str(broken))
    assert version is None and error and "ncclGetVersion" in error


def test_ld_library_path_shadows_the_wheel_and_ld_preload_beats_both(tmp_path: Path) -> None:
    wheel = build_library(tmp_path / "site/nvidia/nccl/lib", 22703)
    path_lib = build_library(tmp_path / "opt/nccl/lib", 21805)
    (tmp_path / "opt/nccl/lib/libnccl-net-ofi.so").write_bytes(b"")
    env = {"LD_LIBRARY_PATH": f"/nonexistent:{path_lib.parent}"}
    libraries, plugins = gather_nccl(env, tmp_path, wheel=[wheel])
    assert [(lib.source, lib.version) for lib in libraries] == [
        ("LD_LIBRARY_PATH", "2.18.5"),
        ("torch wheel", "2.27.3"),
    ]
    assert plugins == ("libnccl-net-ofi.so",)
    preload = build_library(tmp_path / "pre", 22301)
    order = candidates({**env, "LD_PRELOAD": str(preload)}, tmp_path, wheel=[wheel])
    assert [source for _, source in order] == ["LD_PRELOAD", "LD_LIBRARY_PATH", "torch wheel"]


def test_a_real_check_reports_the_library_on_ld_library_path(tmp_path: Path) -> None:
    lib = build_library(tmp_path, 22105)
    report = check_json(env={"LD_LIBRARY_PATH": str(lib.parent)})
    loaded = report["facts"]["devices"]["nccl"][0]
    assert (loaded["path"], loaded["source"], loaded["version"]) == (str(lib), "LD_LIBRARY_PATH", "2.21.5")


def test_a_full_gid_table_is_cut_and_says_so(tmp_path: Path) -> None:
    # A pod with many addresses on one RoCE port: 40 entries, as the NVIDIA RoCE docs say each address adds two.
    port = tmp_path / "sys/class/infiniband/mlx5_0/ports/1"
    port.mkdir(parents=True)
    for name, text in (("state", "4: ACTIVE"), ("phys_state", "5: LinkUp"), ("link_layer", "Ethernet")):
        (port / name).write_text(text + "\n")
    for sub in ("gids", "gid_attrs/types", "gid_attrs/ndevs"):
        (port / sub).mkdir(parents=True)
    for i in range(40):
        (port / "gids" / str(i)).write_text(f"0000:0000:0000:0000:0000:ffff:0a00:{i:04x}\n")
        (port / "gid_attrs/types" / str(i)).write_text("RoCE v2\n" if i % 2 else "IB/RoCE v1\n")
        (port / "gid_attrs/ndevs" / str(i)).write_text("net1\n")
    (read,) = gather_rdma(tmp_path)[0].ports
    assert len(read.gids) == 32 and read.gids_truncated and read.gids[-1].ipv4 == "10.0.0.31"


def pci_function(root: Path, name: str, cls: int, acs_control: int | None, size: int = 4096) -> None:
    """A PCI function's sysfs entry with its config space laid out as the PCIe spec says: extended capabilities
    from 0x100, each a header (id, version, next) then its registers; here AER, then ACS whose Control word sits
    at +6 (0x1d is what lspci prints as "ACSCtl: SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+")."""
    folder = root / "sys/bus/pci/devices" / name
    folder.mkdir(parents=True)
    (folder / "class").write_text(f"0x{cls:06x}\n")
    config = bytearray(size)
    if size > 0x100:
        next_cap = 0x148 if acs_control is not None else 0
        config[0x100:0x104] = (0x0001 | 1 << 16 | next_cap << 20).to_bytes(4, "little")
        if acs_control is not None:
            config[0x148:0x14C] = (0x000D | 1 << 16).to_bytes(4, "little")
            config[0x14C:0x14E] = (0x005F).to_bytes(2, "little")
            config[0x14E:0x150] = acs_control.to_bytes(2, "little")
    (folder / "config").write_bytes(bytes(config))


def test_acs_redirect_is_read_from_bridges_config_space(tmp_path: Path) -> None:
    pci_function(tmp_path, "0000:15:01.0", 0x060400, 0x1D)  # a PLX switch port, ACS on
    pci_function(tmp_path, "0000:15:02.0", 0x060400, 0x0000)  # ACS present, disabled
    pci_function(tmp_path, "0000:16:00.0", 0x030200, 0x1D)  # a GPU: not a bridge
    pci_function(tmp_path, "0000:00:01.0", 0x060400, None)  # a bridge without ACS
    assert gather_acs(tmp_path) == (("0000:15:01.0",), True)


def test_acs_is_unknown_without_root(tmp_path: Path) -> None:
    pci_function(tmp_path, "0000:15:01.0", 0x060400, 0x1D, size=64)  # what a user reads: the first 64 bytes
    assert gather_acs(tmp_path) == ((), False)
    assert gather_acs()[0] == ()  # this machine: a host bridge and no PCI-to-PCI bridge, so nothing redirects
