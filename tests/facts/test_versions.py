"""Versions read without importing torch: against the real torch, a Python without it, and a broken one."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest

from distdoctor.facts.nvidia import visible_indices
from distdoctor.facts.versions import gather_versions

NO_TORCH_IMPORT = (
    "import sys; from distdoctor.cli import main; sys.argv = ['distdoctor', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
    "print('TORCH-IMPORTED' if 'torch' in sys.modules else 'TORCH-NOT-IMPORTED', file=sys.stderr)\n"
    "print('AHOCORASICK-IMPORTED' if 'ahocorasick' in sys.modules else '', file=sys.stderr)\n"
)


def test_torch_and_its_cuda_match_what_torch_itself_says() -> None:
    real = subprocess.run(
        [sys.executable, "-c", "import torch; print(torch.__version__); print(torch.version.cuda)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    versions = gather_versions()
    assert versions.torch == real[0] == metadata.version("torch")
    assert str(versions.torch_cuda) == real[1]  # "None" for the CPU build
    assert versions.python == ".".join(map(str, sys.version_info[:3]))


@pytest.mark.parametrize("argv", [["--help"], ["check"], ["check", "--json"], ["env"]])
def test_no_command_on_the_way_to_a_verdict_imports_torch(argv: list[str]) -> None:
    result = subprocess.run([sys.executable, "-c", NO_TORCH_IMPORT, *argv], capture_output=True, text=True)
    assert "TORCH-NOT-IMPORTED" in result.stderr, result.stderr
    # nor the log search explain uses: check needs only the core libraries the design names
    assert "AHOCORASICK-IMPORTED" not in result.stderr


def test_check_on_a_python_without_torch(python_without_torch: Callable[[bool], Path]) -> None:
    python = python_without_torch(False)
    result = subprocess.run([str(python), "-m", "distdoctor", "check", "--json"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["facts"]["versions"]["torch"] is None
    text = subprocess.run([str(python), "-m", "distdoctor", "env"], capture_output=True, text=True, check=True).stdout
    assert "not installed" in text


def test_check_on_a_node_whose_torch_is_broken(python_without_torch: Callable[[bool], Path]) -> None:
    python = python_without_torch(True)
    broken = subprocess.run([str(python), "-c", "import torch"], capture_output=True, text=True)
    assert "cannot open shared object" in broken.stderr  # the fixture really is broken
    result = subprocess.run([str(python), "-m", "distdoctor", "check", "--json"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["facts"]["versions"]["torch"] == "2.13.0"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, [0, 1, 2, 3]),
        ("", []),
        ("1,3", [1, 3]),
        ("2,7,1", [2]),  # CUDA stops at the first index that does not exist
        ("GPU-8f2e,GPU-11aa", [0, 1, 2, 3]),  # UUIDs: kept whole, we do not map them
        ("-1", None),
    ],
)
def test_cudavisible_indices_devices(value: str | None, expected: list[int] | None) -> None:
    environ = {} if value is None else {"CUDA_VISIBLE_DEVICES": value}
    assert visible_indices([0, 1, 2, 3], environ) == expected
