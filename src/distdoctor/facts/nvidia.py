"""GPUs and the NVIDIA driver: NVML when nvidia-ml-py is installed, else nvidia-smi, else /proc."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import uuid as uuid_module
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from distdoctor import defaults
from distdoctor.model import Gpu
from distdoctor.model.devices import GpuFabric

PROC_DRIVER_VERSION = Path("/proc/driver/nvidia/version")


def _nvml() -> Any | None:
    try:
        import pynvml

        pynvml.nvmlInit()
    except Exception:  # NVML raises its own error classes, or the library is absent: either way, no NVML.
        return None
    return pynvml


def driver_version() -> str | None:
    """The kernel driver's version, or None on a node without one."""
    nvml = _nvml()
    if nvml is not None:
        try:
            version = nvml.nvmlSystemGetDriverVersion()
            return version.decode() if isinstance(version, bytes) else str(version)
        except Exception:
            pass
    try:
        # "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 ..."
        words = PROC_DRIVER_VERSION.read_text(encoding="utf-8").split()
    except OSError:
        return None
    return next((w for w in words if w[:1].isdigit() and "." in w), None)


def visible_indices(indices: list[int], environ: Mapping[str, str]) -> list[int] | None:
    """Apply CUDA_VISIBLE_DEVICES to device indices (UUID lists are kept whole); None when it selects nothing valid."""
    value = environ.get("CUDA_VISIBLE_DEVICES")
    if value is None:
        return indices
    if not value.strip():
        return []  # set but empty hides every GPU
    picked = []
    for part in value.split(","):
        part = part.strip()
        if not part.isdecimal():  # what int() reads: CUDA_VISIBLE_DEVICES=² is not an index
            return None if part and not part.startswith(("GPU-", "MIG-")) else indices
        if int(part) not in indices:
            break  # CUDA stops at the first invalid index
        picked.append(int(part))
    return picked


def _from_nvml(nvml: Any) -> list[Gpu]:
    gpus = []
    for index in range(nvml.nvmlDeviceGetCount()):
        handle = nvml.nvmlDeviceGetHandleByIndex(index)
        name, uuid = nvml.nvmlDeviceGetName(handle), nvml.nvmlDeviceGetUUID(handle)
        gpus.append(Gpu(index, name.decode() if isinstance(name, bytes) else name, str(uuid)))
    return gpus


def _from_smi(smi: str) -> list[Gpu]:
    out = subprocess.run(
        [smi, "--query-gpu=index,name,uuid", "--format=csv,noheader"],
        capture_output=True,
        text=True,
        timeout=defaults.NVIDIA_SMI_TIMEOUT_S,
        check=True,
    ).stdout
    gpus = []
    for line in out.splitlines():
        index, name, uuid = (p.strip() for p in line.split(",", 2))
        gpus.append(Gpu(int(index), name, uuid))
    return gpus


def gather_gpus(environ: Mapping[str, str]) -> tuple[tuple[Gpu, ...], str | None]:
    """The GPUs this node's processes would see, and why none could be listed if that failed."""
    nvml = _nvml()
    smi = shutil.which("nvidia-smi")
    try:
        if nvml is not None:
            found = _from_nvml(nvml)
        elif smi:
            found = _from_smi(smi)
        else:
            return (), None  # a CPU node: nothing to report
    except subprocess.TimeoutExpired:
        return (), f"nvidia-smi did not answer within {defaults.NVIDIA_SMI_TIMEOUT_S:.0f} s (driver hung?)"
    except (subprocess.CalledProcessError, OSError, ValueError) as exc:
        return (), f"could not list GPUs: {exc}"
    except Exception as exc:  # NVML's errors
        return (), f"NVML: {exc}"
    visible = visible_indices([g.index for g in found], environ)
    if visible is None:
        return (), f"CUDA_VISIBLE_DEVICES={environ.get('CUDA_VISIBLE_DEVICES')} selects no device"
    return tuple(g for g in found if g.index in visible), None


# nvmlGpuFabricState_t, in NVML's order.
FABRIC_STATES = ("not-supported", "not-started", "in-progress", "completed")


def _return_name(nvml: Any, code: int) -> str:
    # NVML_SUCCESS = 0; the other codes by their pynvml constant's name (NVML_ERROR_NOT_READY -> ERROR_NOT_READY).
    for name in dir(nvml):
        if name.startswith("NVML_ERROR_") and getattr(nvml, name) == code:
            return name[len("NVML_") :]
    return "SUCCESS" if code == 0 else str(code)


# nvidia-ml-py's fabric calls fill a structure the caller passes by reference: the versioned call (R550+) first,
# then the first one (R535), which NVML deprecates. A one-argument call raised TypeError on every real machine.
FABRIC_CALLS = (
    ("nvmlDeviceGetGpuFabricInfoV", "c_nvmlGpuFabricInfoV_t"),
    ("nvmlDeviceGetGpuFabricInfo", "c_nvmlGpuFabricInfo_t"),
)


def _fabric_info(nvml: Any, handle: Any) -> Any | None:
    for call, structure in FABRIC_CALLS:
        if not hasattr(nvml, call) or not hasattr(nvml, structure):
            continue
        info = getattr(nvml, structure)()
        try:
            getattr(nvml, call)(handle, ctypes.byref(info))
        except Exception:  # NVMLError: the driver lacks this call, or the GPU answers not supported
            continue
        return info
    return None


def fabric_of(nvml: Any, handle: Any, index: int) -> GpuFabric | None:
    """One GPU's NVLink fabric registration (NVSwitch systems: the fabric manager's work), or None before R535."""
    info = _fabric_info(nvml, handle)
    if info is None:
        return None
    state = int(info.state)
    # c_char arrays come back as bytes cut at the first NUL, c_ubyte arrays as arrays: bytes() takes both.
    raw = bytes(getattr(info, "clusterUuid", b"")).ljust(16, b"\0")[:16]
    uuid = str(uuid_module.UUID(bytes=raw)) if raw.strip(b"\0") else ""
    return GpuFabric(
        index,
        FABRIC_STATES[state] if 0 <= state < len(FABRIC_STATES) else str(state),
        _return_name(nvml, int(info.status)),
        uuid,
    )


def gather_fabric() -> tuple[tuple[GpuFabric, ...], str | None]:
    """Every GPU's fabric state and the CUDA version the driver supports, through NVML; nothing without it."""
    nvml = _nvml()
    if nvml is None:
        return (), None
    fabric = []
    cuda: str | None = None
    try:
        code = int(nvml.nvmlSystemGetCudaDriverVersion())
        cuda = f"{code // 1000}.{code % 1000 // 10}"
    except Exception:
        cuda = None
    try:
        for index in range(nvml.nvmlDeviceGetCount()):
            found = fabric_of(nvml, nvml.nvmlDeviceGetHandleByIndex(index), index)
            if found is not None:
                fabric.append(found)
    except Exception:
        pass
    return tuple(fabric), cuda
