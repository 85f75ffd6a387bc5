"""What one node has below the network: shared and locked memory, RDMA devices, the GPUs' fabric, the NCCL that
will load. Every field defaults to "not measured", so a report from an older distdoctor still decodes."""

from __future__ import annotations

from dataclasses import dataclass

from distdoctor.model.constraints import Count, Rank


@dataclass(frozen=True)
class SharedMemory:
    """/dev/shm as this node's processes see it; sizes in bytes, None where they could not be read."""

    path: str = "/dev/shm"
    exists: bool = True
    size_bytes: Count | None = None
    free_bytes: Count | None = None
    writable: bool | None = None
    fs_type: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class MemlockLimit:
    """RLIMIT_MEMLOCK in bytes; None is unlimited. `pid`: whose limit (None: the shell that ran distdoctor)."""

    soft: Count | None
    hard: Count | None
    pid: int | None = None


@dataclass(frozen=True)
class Gid:
    """One GID table entry; `kind` as sysfs spells it ("IB/RoCE v1", "RoCE v2"), `ipv4` when it is IPv4-mapped."""

    index: Count
    gid: str
    kind: str = ""
    netdev: str = ""
    ipv4: str | None = None


@dataclass(frozen=True)
class RdmaPort:
    """One port of an RDMA device, from /sys/class/infiniband/<dev>/ports/<n>."""

    number: int
    state: str = ""  # "ACTIVE", "DOWN", "INIT", ... (the word after "4: ")
    phys_state: str = ""  # "LinkUp", "Disabled", "Polling", ...
    link_layer: str = ""  # "InfiniBand" or "Ethernet"
    rate: str = ""  # "400 Gb/sec (4X NDR)"
    active_mtu: int | None = None  # bytes: 256 .. 4096
    gids: tuple[Gid, ...] = ()
    gids_truncated: bool = False  # more entries than distdoctor keeps: an index past the last one is unknown

    @property
    def active(self) -> bool:
        return self.state == "ACTIVE"


@dataclass(frozen=True)
class RdmaDevice:
    name: str
    ports: tuple[RdmaPort, ...] = ()


@dataclass(frozen=True)
class GpuFabric:
    """One GPU's NVLink fabric as NVML reports it (nvmlDeviceGetGpuFabricInfo): state and status as their names."""

    index: Rank
    state: str  # "not-supported", "not-started", "in-progress", "completed"
    status: str = ""  # NVML's return name for the registration, e.g. "SUCCESS", "ERROR_NOT_READY"
    cluster_uuid: str = ""


@dataclass(frozen=True)
class NcclLibrary:
    """A libnccl.so.2 found where the dynamic loader would look, and the version ncclGetVersion returned."""

    path: str
    source: str  # "LD_PRELOAD", "torch wheel", "LD_LIBRARY_PATH", "system"
    version: str | None = None  # "2.21.5"
    error: str | None = None


@dataclass(frozen=True)
class NodeDevices:
    """Everything below the network on one node; empty tuples and Nones where there is nothing or it was not read."""

    shm: SharedMemory | None = None
    memlock: MemlockLimit | None = None
    rdma: tuple[RdmaDevice, ...] = ()
    dev_infiniband: bool | None = None  # /dev/infiniband exists (None: not looked at)
    peermem_loaded: bool | None = None
    imex_channels: Count | None = None  # entries of /dev/nvidia-caps-imex-channels (None: directory absent)
    iommu_groups: Count | None = None
    iommu_passthrough: bool | None = None  # the kernel command line has iommu=pt
    acs_redirect: tuple[str, ...] = ()  # PCI bridges whose ACS redirects peer-to-peer traffic
    acs_readable: bool = False  # some bridge's extended config space could be read (root only)
    fabric: tuple[GpuFabric, ...] = ()
    cuda_driver: str | None = None  # the CUDA version the driver supports, "12.4"
    nccl: tuple[NcclLibrary, ...] = ()  # candidates in the loader's order: the first is what will load
    net_plugins: tuple[str, ...] = ()  # libnccl-net*.so file names found beside NCCL or on LD_LIBRARY_PATH
    boot_id: str = ""

    @property
    def nccl_loaded(self) -> NcclLibrary | None:
        return self.nccl[0] if self.nccl else None
