"""Versions that must agree across nodes, read without importing torch (it may be the broken part)."""

from __future__ import annotations

import ast
import platform
from importlib import metadata
from pathlib import Path

from distdoctor import __version__
from distdoctor.facts import nvidia
from distdoctor.model import Versions

# torch pins its NCCL through one of these wheels; a source build links NCCL itself and has none.
NCCL_WHEELS = ("nvidia-nccl-cu13", "nvidia-nccl-cu12", "nvidia-nccl-cu11")


def package_version(name: str) -> str | None:
    """The installed version of a distribution, or None."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def torch_cuda_version() -> str | None:
    """The CUDA version torch was built with, from torch/version.py (None for a CPU build)."""
    try:
        path = Path(str(metadata.distribution("torch").locate_file("torch/version.py")))
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (metadata.PackageNotFoundError, OSError, SyntaxError, ValueError):
        return None
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id == "cuda" and isinstance(value, ast.Constant):
            return str(value.value) if value.value else None
    return None


def nccl_version() -> str | None:
    """NCCL from the nvidia-nccl wheel torch depends on."""
    return next((v for v in map(package_version, NCCL_WHEELS) if v), None)


def gather_versions() -> Versions:
    """Python, distdoctor, torch, torch's CUDA, NCCL and the NVIDIA driver on this node."""
    return Versions(
        python=platform.python_version(),
        distdoctor=__version__,
        torch=package_version("torch"),
        torch_cuda=torch_cuda_version(),
        nccl=nccl_version(),
        driver=nvidia.driver_version(),
    )
