"""The libnccl.so.2 torch will load, and its version from ncclGetVersion: read through ctypes in a child process,
without a GPU and without importing torch (a library whose constructor crashes must not take `check` with it)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path

from distdoctor import defaults
from distdoctor.model.devices import NcclLibrary

LIBNCCL = "libnccl.so.2"
WHEEL_PATH = "nvidia/nccl/lib/" + LIBNCCL
# Where the loader's cache usually points on the distributions torch supports.
SYSTEM_DIRS = ("usr/lib/x86_64-linux-gnu", "usr/lib/aarch64-linux-gnu", "usr/lib64", "usr/lib", "usr/local/lib")

GET_VERSION = """
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
code = ctypes.c_int(0)
result = lib.ncclGetVersion(ctypes.byref(code))
print(result, code.value)
"""


def version_text(code: int) -> str:
    """NCCL_VERSION_CODE to "2.21.5": major*10000 + minor*100 + patch since 2.9, major*1000 + minor*100 + patch
    before."""
    if code >= 10000:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


def read_version(path: str) -> tuple[str | None, str | None]:
    """(version, None) from the library's ncclGetVersion, or (None, why not)."""
    try:
        out = subprocess.run(
            [sys.executable, "-I", "-c", GET_VERSION, path],
            capture_output=True,
            text=True,
            timeout=defaults.NCCL_VERSION_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        return None, f"loading it took over {defaults.NCCL_VERSION_TIMEOUT_S:.0f} s"
    except OSError as exc:
        return None, str(exc)
    words = out.stdout.split()
    if out.returncode != 0 or len(words) != 2:
        last = (out.stderr.strip().splitlines() or [f"exit status {out.returncode}"])[-1]
        return None, last[:200]
    if words[0] != "0":
        return None, f"ncclGetVersion returned {words[0]}"
    return version_text(int(words[1])), None


def _wheel_paths() -> list[Path]:
    # The nvidia-nccl wheel installs into the same site-packages as torch; torch's libraries find it through their
    # RUNPATH ($ORIGIN/../../nvidia/nccl/lib).
    paths = []
    for dist in ("torch", "nvidia-nccl-cu13", "nvidia-nccl-cu12", "nvidia-nccl-cu11"):
        try:
            paths.append(Path(str(metadata.distribution(dist).locate_file(WHEEL_PATH))))
        except metadata.PackageNotFoundError:
            continue
    return paths


def candidates(
    environ: Mapping[str, str], root: Path = Path("/"), wheel: list[Path] | None = None
) -> list[tuple[Path, str]]:
    """Every libnccl.so.2 the loader could pick for torch, in its order: LD_PRELOAD, LD_LIBRARY_PATH (torch's
    libraries carry RUNPATH, which the loader searches after LD_LIBRARY_PATH), the wheel beside torch, the system."""
    found: list[tuple[Path, str]] = []
    for entry in environ.get("LD_PRELOAD", "").replace(":", " ").split():
        if Path(entry).name.startswith("libnccl.so"):
            found.append((Path(entry), "LD_PRELOAD"))
    for directory in environ.get("LD_LIBRARY_PATH", "").split(":"):
        if directory:
            found.append((Path(directory) / LIBNCCL, "LD_LIBRARY_PATH"))
    for path in wheel if wheel is not None else _wheel_paths():
        found.append((path, "torch wheel"))
    for directory in SYSTEM_DIRS:
        found.append((root / directory / LIBNCCL, "system"))
    seen: set[Path] = set()
    present = []
    for path, source in found:
        try:
            real = path.resolve()
        except OSError:
            continue
        if real in seen or not real.is_file():
            continue
        seen.add(real)
        present.append((path, source))
    return present


def gather_nccl(
    environ: Mapping[str, str], root: Path = Path("/"), wheel: list[Path] | None = None
) -> tuple[tuple[NcclLibrary, ...], tuple[str, ...]]:
    """The libnccl candidates with their versions (the first loads), and the net plugins found beside them."""
    libraries = []
    for path, source in candidates(environ, root, wheel):
        version, error = read_version(str(path))
        libraries.append(NcclLibrary(str(path), source, version, error))
    dirs = [Path(d) for d in environ.get("LD_LIBRARY_PATH", "").split(":") if d]
    dirs += [Path(lib.path).parent for lib in libraries]
    plugins: set[str] = set()
    for directory in dirs:
        try:
            plugins.update(p.name for p in directory.glob("libnccl-net*.so*"))
        except OSError:
            continue
    return tuple(libraries), tuple(sorted(plugins))
