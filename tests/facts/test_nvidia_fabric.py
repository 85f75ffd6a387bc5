"""The NVML fabric gatherer against nvidia-ml-py's real bindings; only the driver's C functions are stood in for.

A first version called nvmlDeviceGetGpuFabricInfo(handle) with one argument; the bindings take a structure by
reference, so on a real H200 (recorded through the device tool, scripts/gpu_check.sh) every call raised TypeError
and the fabric facts were silently empty.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import pytest

from distdoctor.facts.nvidia import fabric_of

pynvml = pytest.importorskip("pynvml")

CLUSTER = bytes.fromhex("9c6f5af353bf49b5a436b66766c413c3")


def _filling(state: int, status: int = 0, cluster: bytes = b"") -> Callable[[Any, Any], int]:
    """A driver's fabric call: fills the caller's structure as NVML does and returns NVML_SUCCESS."""

    def call(handle: Any, reference: Any) -> int:
        info = reference._obj  # what ctypes.byref points at: the caller's own structure
        info.state = state
        info.status = status
        ctypes.memmove(info.clusterUuid, cluster.ljust(16, b"\0"), 16)
        return pynvml.NVML_SUCCESS

    return call


def _returning(code: int) -> Callable[[Any, Any], int]:
    return lambda handle, reference: code


def _driver(monkeypatch: pytest.MonkeyPatch, **calls: Callable[[Any, Any], int]) -> None:
    def pointer(name: str) -> Callable[[Any, Any], int]:
        if name not in calls:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_FUNCTION_NOT_FOUND)
        return calls[name]

    monkeypatch.setattr(pynvml, "_nvmlGetFunctionPointer", pointer)


def test_versioned_call_reads_a_registered_gb200_tray(monkeypatch: pytest.MonkeyPatch) -> None:
    _driver(monkeypatch, nvmlDeviceGetGpuFabricInfoV=_filling(pynvml.NVML_GPU_FABRIC_STATE_COMPLETED, 0, CLUSTER))
    found = fabric_of(pynvml, object(), 3)
    assert found is not None
    assert (found.index, found.state, found.status) == (3, "completed", "SUCCESS")
    assert found.cluster_uuid == "9c6f5af3-53bf-49b5-a436-b66766c413c3"


def test_driver_before_r550_answers_through_the_first_call(monkeypatch: pytest.MonkeyPatch) -> None:
    _driver(monkeypatch, nvmlDeviceGetGpuFabricInfo=_filling(pynvml.NVML_GPU_FABRIC_STATE_IN_PROGRESS))
    found = fabric_of(pynvml, object(), 0)
    assert found is not None and (found.state, found.status, found.cluster_uuid) == ("in-progress", "SUCCESS", "")


def test_failed_registration_keeps_nvml_status_name(monkeypatch: pytest.MonkeyPatch) -> None:
    done, insufficient = pynvml.NVML_GPU_FABRIC_STATE_COMPLETED, pynvml.NVML_ERROR_INSUFFICIENT_RESOURCES
    _driver(monkeypatch, nvmlDeviceGetGpuFabricInfoV=_filling(done, insufficient))
    found = fabric_of(pynvml, object(), 1)
    assert found is not None and found.status == "ERROR_INSUFFICIENT_RESOURCES"


def test_gpu_without_fabric_or_driver_without_calls_gives_none(monkeypatch: pytest.MonkeyPatch) -> None:
    _driver(monkeypatch, nvmlDeviceGetGpuFabricInfoV=_returning(pynvml.NVML_ERROR_NOT_SUPPORTED))
    assert fabric_of(pynvml, object(), 0) is None
    _driver(monkeypatch)
    assert fabric_of(pynvml, object(), 0) is None
