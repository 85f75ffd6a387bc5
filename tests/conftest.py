"""Fixtures shared by every test folder: the namespace test bed and a Python without torch."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from testbed.fixtures import cluster2, make_cluster, slurm_cluster

__all__ = ["cluster2", "make_cluster", "python_without_torch", "slurm_cluster"]

SRC = Path(__file__).resolve().parents[1] / "src"
# distdoctor's runtime dependencies and theirs: all a node needs for `check`.
RUNTIME_MODULES = ("click", "rich", "psutil", "hostlist", "msgspec", "markdown_it", "mdurl", "pygments")

BROKEN_TORCH_INIT = 'raise ImportError("libtorch_cpu.so: cannot open shared object file (a broken install)")\n'
BROKEN_TORCH_METADATA = "Metadata-Version: 2.1\nName: torch\nVersion: 2.13.0\n"


def _make_python(root: Path, broken_torch: bool) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    lib = root / "deps"
    lib.mkdir()
    for name in RUNTIME_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec and spec.origin, name
        origin = Path(spec.origin)
        source = origin.parent if origin.name == "__init__.py" else origin
        (lib / source.name).symlink_to(source)
    if broken_torch:
        (lib / "torch").mkdir()
        (lib / "torch" / "__init__.py").write_text(BROKEN_TORCH_INIT)
        (lib / "torch-2.13.0.dist-info").mkdir()
        (lib / "torch-2.13.0.dist-info" / "METADATA").write_text(BROKEN_TORCH_METADATA)
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(root), "platbase": str(root)}))
    (purelib / "distdoctor-test.pth").write_text(f"{SRC}\n{lib}\n")
    return root / "bin" / "python"


@pytest.fixture(scope="session")
def python_without_torch(tmp_path_factory: pytest.TempPathFactory) -> Callable[[bool], Path]:
    """A Python with distdoctor's dependencies only; pass True for one whose torch is installed but broken."""
    made: dict[bool, Path] = {}

    def make(broken_torch: bool = False) -> Path:
        if broken_torch not in made:
            made[broken_torch] = _make_python(tmp_path_factory.mktemp("venv"), broken_torch)
        return made[broken_torch]

    return make


@pytest.fixture(scope="session", autouse=True)
def _scratch_tmpdir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Sends what the processes the tests start leave in $TMPDIR (torchrun's torchelastic_* folders) into pytest's
    own temporary folder, which pytest prunes, rather than into /tmp for good."""
    scratch = tmp_path_factory.mktemp("tmpdir")
    before = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(scratch)
    tempfile.tempdir = None
    yield
    if before is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = before
    tempfile.tempdir = None
