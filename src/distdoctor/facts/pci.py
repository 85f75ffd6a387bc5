"""PCIe Access Control Services on bridges, from config space in sysfs: redirection sends GPU peer-to-peer traffic
up to the root complex (NCCL's troubleshooting guide: disable ACS on bare metal)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path("/")
BRIDGE_CLASS = 0x0604
EXTENDED_START = 0x100  # PCIe extended capabilities follow the 256-byte legacy space
ACS_ID = 0x000D
# ACS Control bits that redirect peer-to-peer requests and completions to the root complex.
REQUEST_REDIRECT = 1 << 2
COMPLETION_REDIRECT = 1 << 3


def acs_control(config: bytes) -> int | None:
    """The ACS Control register of one function's config space, or None without the capability (or unreadable)."""
    offset, seen = EXTENDED_START, set()
    while EXTENDED_START <= offset <= len(config) - 8 and offset not in seen:
        seen.add(offset)
        header = int.from_bytes(config[offset : offset + 4], "little")
        if header in (0, 0xFFFFFFFF):
            return None
        if header & 0xFFFF == ACS_ID:
            return int.from_bytes(config[offset + 6 : offset + 8], "little")
        offset = header >> 20
    return None


def gather_acs(root: Path = ROOT) -> tuple[tuple[str, ...], bool]:
    """(bridges whose ACS redirects peer-to-peer traffic, whether any bridge's extended config could be read)."""
    redirecting: list[str] = []
    readable = False
    try:
        devices = sorted((root / "sys/bus/pci/devices").iterdir())
    except OSError:
        return (), False
    for device in devices:
        try:
            if int((device / "class").read_text().strip(), 16) >> 8 != BRIDGE_CLASS:
                continue
            config = (device / "config").read_bytes()
        except (OSError, ValueError):
            continue
        if len(config) <= EXTENDED_START:
            continue  # not root: the kernel shows only the first 64 bytes
        readable = True
        control = acs_control(config)
        if control is not None and control & (REQUEST_REDIRECT | COMPLETION_REDIRECT):
            redirecting.append(device.name)
    return tuple(redirecting), readable
