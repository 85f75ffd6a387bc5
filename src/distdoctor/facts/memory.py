"""Shared and locked memory: /dev/shm as NCCL's shared-memory transport will use it, and RLIMIT_MEMLOCK."""

from __future__ import annotations

import errno
import os
import resource
import secrets
from pathlib import Path

from distdoctor.model.devices import MemlockLimit, SharedMemory

ROOT = Path("/")


def mount_type(mountpoint: str, root: Path = ROOT) -> str | None:
    """The file-system type mounted at `mountpoint`, from /proc/self/mounts (the last mount on it wins)."""
    try:
        lines = (root / "proc/self/mounts").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    found = None
    for line in lines:
        parts = line.split()
        if len(parts) >= 3 and parts[1] == mountpoint:
            found = parts[2]
    return found


def _writable(path: Path) -> tuple[bool, str | None]:
    # Create and remove a file, as shm_open(O_CREAT) will: mode bits alone do not say (read-only mounts, SELinux).
    name = path / f".distdoctor-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        fd = os.open(name, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            return True, None  # no inode left: writable, and the free space says the rest
        return False, errno.errorcode.get(exc.errno or 0, str(exc))
    os.close(fd)
    os.unlink(name)
    return True, None


def gather_shm(root: Path = ROOT) -> SharedMemory:
    """Size, free space, type and write permission of <root>/dev/shm."""
    path = root / "dev/shm"
    if not path.is_dir():
        return SharedMemory(exists=False)
    fs_type = mount_type("/dev/shm", root)
    try:
        st = os.statvfs(path)
    except OSError as exc:
        return SharedMemory(fs_type=fs_type, error=str(exc))
    writable, error = _writable(path)
    return SharedMemory(
        size_bytes=st.f_frsize * st.f_blocks,
        free_bytes=st.f_frsize * st.f_bavail,
        writable=writable,
        fs_type=fs_type,
        error=error,
    )


def _limit(value: int) -> int | None:
    return None if value == resource.RLIM_INFINITY else value


def own_memlock() -> MemlockLimit:
    """RLIMIT_MEMLOCK of this process, which is what the ranks this shell launches inherit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_MEMLOCK)
    return MemlockLimit(_limit(soft), _limit(hard))


def parse_limit(word: str) -> int | None:
    return None if word == "unlimited" else int(word)


def process_memlock(pid: int, root: Path = ROOT) -> MemlockLimit | None:
    """Another process's RLIMIT_MEMLOCK from /proc/<pid>/limits; None when it cannot be read."""
    try:
        text = (root / f"proc/{pid}/limits").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in text.splitlines():
        # "Max locked memory         8388608              8388608              bytes"
        if line.startswith("Max locked memory"):
            words = line[len("Max locked memory") :].split()
            try:
                return MemlockLimit(parse_limit(words[0]), parse_limit(words[1]), pid)
            except (IndexError, ValueError):
                return None
    return None
