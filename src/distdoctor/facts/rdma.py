"""RDMA devices from sysfs (Documentation/ABI/stable/sysfs-class-infiniband): ports, link layers, rates, GIDs."""

from __future__ import annotations

import re
from pathlib import Path

from distdoctor.model.devices import Gid, RdmaDevice, RdmaPort

ROOT = Path("/")
EMPTY_GID = "0000:0000:0000:0000:0000:0000:0000:0000"
IPV4_MAPPED = "0000:0000:0000:0000:0000:ffff:"
IB_MTUS = (4096, 2048, 1024, 512, 256)
# What a RoCE packet carries besides its payload (GRH, UDP, BTH, XRC and AtomicETH extensions, ICRC): the kernel's
# iboe_get_mtu() subtracts it from the netdev's MTU before rounding down to an IB MTU.
ROCE_OVERHEAD_BYTES = 40 + 8 + 12 + 4 + 28 + 4
# Entries kept per port: a pod with many addresses fills up to 128 or 256, and every node's facts travel to node 0.
MAX_GIDS = 32


def natural(name: str) -> list[str | int]:
    """mlx5_2 before mlx5_10, as ibstat lists them."""
    return [int(part) if part.isdecimal() else part for part in re.split(r"(\d+)", name)]


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:  # EINVAL for an empty GID slot's type: NCCL trips on the same read (NVIDIA/nccl#1573)
        return ""


def _after_colon(text: str) -> str:
    # "4: ACTIVE" -> "ACTIVE", "5: LinkUp" -> "LinkUp"
    return text.split(":", 1)[1].strip() if ":" in text else text


def roce_mtu(netdev_mtu: int) -> int | None:
    """The IB MTU a RoCE port runs at over a netdev of this MTU, as the kernel's iboe_get_mtu() computes it."""
    room = netdev_mtu - ROCE_OVERHEAD_BYTES
    return next((m for m in IB_MTUS if room >= m), None)


def _ipv4(gid: str) -> str | None:
    if not gid.startswith(IPV4_MAPPED):
        return None
    hexes = gid[len(IPV4_MAPPED) :].replace(":", "")
    try:
        return ".".join(str(int(hexes[i : i + 2], 16)) for i in range(0, 8, 2))
    except ValueError:
        return None


def _gids(port_dir: Path) -> tuple[tuple[Gid, ...], bool]:
    """The port's non-empty GID entries (at most MAX_GIDS), and whether more were left out."""
    gids: list[Gid] = []
    try:
        entries = sorted((int(p.name), p) for p in (port_dir / "gids").iterdir() if p.name.isdecimal())
    except OSError:
        return (), False
    for index, path in entries:
        value = _read(path)
        if not value or value == EMPTY_GID:
            continue
        if len(gids) == MAX_GIDS:
            return tuple(gids), True
        kind = _read(port_dir / "gid_attrs/types" / str(index))
        netdev = _read(port_dir / "gid_attrs/ndevs" / str(index))
        gids.append(Gid(index, value, kind, netdev, _ipv4(value)))
    return tuple(gids), False


def _mtu(port_dir: Path, link_layer: str, gids: tuple[Gid, ...], root: Path) -> int | None:
    # sysfs has no active_mtu (ibv_query_port has): a RoCE port's follows its netdev's MTU; an IB port's is unknown.
    if link_layer != "Ethernet":
        return None
    netdev = next((g.netdev for g in gids if g.netdev), "")
    if not netdev:
        return None
    try:
        return roce_mtu(int(_read(root / "sys/class/net" / netdev / "mtu")))
    except ValueError:
        return None


def _port(port_dir: Path, root: Path) -> RdmaPort:
    link_layer = _read(port_dir / "link_layer")
    gids, truncated = _gids(port_dir)
    return RdmaPort(
        number=int(port_dir.name),
        state=_after_colon(_read(port_dir / "state")),
        phys_state=_after_colon(_read(port_dir / "phys_state")),
        link_layer=link_layer,
        rate=_read(port_dir / "rate"),
        active_mtu=_mtu(port_dir, link_layer, gids, root),
        gids=gids,
        gids_truncated=truncated,
    )


def gather_rdma(root: Path = ROOT) -> tuple[RdmaDevice, ...]:
    """Every device of <root>/sys/class/infiniband with its ports, in name order; () without any."""
    base = root / "sys/class/infiniband"
    try:
        names = sorted((p.name for p in base.iterdir()), key=natural)
    except OSError:
        return ()
    devices = []
    for name in names:
        try:
            ports = (base / name / "ports").iterdir()
            port_dirs = sorted((p for p in ports if p.name.isdecimal()), key=lambda p: int(p.name))
        except OSError:
            port_dirs = []
        devices.append(RdmaDevice(name, tuple(_port(p, root) for p in port_dirs)))
    return tuple(devices)


def has_uverbs(root: Path = ROOT) -> bool:
    """/dev/infiniband with uverbs nodes: what a process needs to open an HCA (a container must be given them)."""
    try:
        return any(p.name.startswith("uverbs") for p in (root / "dev/infiniband").iterdir())
    except OSError:
        return False
