"""Everything below the network on one node, gathered in one call from a root (/ or a recorded tree)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from distdoctor.facts.memory import gather_shm, own_memlock
from distdoctor.facts.nccl_library import gather_nccl
from distdoctor.facts.nvidia import gather_fabric
from distdoctor.facts.pci import gather_acs
from distdoctor.facts.rdma import gather_rdma, has_uverbs
from distdoctor.model.devices import NodeDevices

ROOT = Path("/")


def _count(path: Path) -> int | None:
    try:
        return sum(1 for _ in path.iterdir())
    except OSError:
        return None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return ""


def gather_devices(environ: Mapping[str, str], root: Path = ROOT, *, live: bool | None = None) -> NodeDevices:
    """/dev/shm, memlock, RDMA, the GPU fabric, IOMMU and the NCCL that will load. `live` (default: root is /)
    adds what only this running machine can say: NVML and the libraries it would load. The memlock limit is always
    this process's: the ranks launched from this shell inherit it."""
    live = root == ROOT if live is None else live
    rdma = gather_rdma(root)
    fabric, cuda = gather_fabric() if live else ((), None)
    nccl, plugins = gather_nccl(environ, root) if live else ((), ())
    cmdline = _read(root / "proc/cmdline").split()
    acs, acs_readable = gather_acs(root)
    return NodeDevices(
        shm=gather_shm(root),
        memlock=own_memlock(),
        rdma=rdma,
        dev_infiniband=has_uverbs(root) if rdma else None,
        peermem_loaded=(root / "sys/module/nvidia_peermem").is_dir(),
        imex_channels=_count(root / "dev/nvidia-caps-imex-channels"),
        iommu_groups=_count(root / "sys/kernel/iommu_groups"),
        iommu_passthrough="iommu=pt" in cmdline or "iommu.passthrough=1" in cmdline,
        acs_redirect=acs,
        acs_readable=acs_readable,
        fabric=fabric,
        cuda_driver=cuda,
        nccl=nccl,
        net_plugins=plugins,
        boot_id=_read(root / "proc/sys/kernel/random/boot_id"),
    )
