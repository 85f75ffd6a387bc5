"""The CLI's torchrun flags are the table's, and a bad value is the same usage error wherever the user typed it."""

from __future__ import annotations

import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from distdoctor.cli import cli
from distdoctor.model.fields import FLAGS

BASE_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "PET_", "SLURM_", "OMPI_", "LC_"))}

LAUNCH_COMMANDS = ("check", "smoke", "env")


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real entry point in a process of its own: exit code and stderr as the user sees them."""
    merged = {**BASE_ENV, "LANG": "C.UTF-8", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "distdoctor", *args], capture_output=True, text=True, env=merged, timeout=60
    )


@pytest.mark.parametrize("name", LAUNCH_COMMANDS)
def test_click_options_are_the_tables_flags(name: str) -> None:
    command = cli.commands[name]
    options = {p.name: p for p in command.params if isinstance(p, click.Option)}
    for row in FLAGS:
        option = options[row.name]
        assert (tuple(option.opts), option.help, option.default) == (row.spellings, row.help, None)
    # No other option of the command takes a torchrun spelling.
    spelled = {s for row in FLAGS for s in row.spellings}
    others = [p for p in options.values() if p.name not in {row.name for row in FLAGS}]
    assert not [o.opts for o in others if spelled & set(o.opts)]


def test_help_shows_every_spelling() -> None:
    out = CliRunner().invoke(cli, ["check", "--help"], terminal_width=200).output
    for row in FLAGS:
        assert ", ".join(row.spellings) in out


# The flag, the flag on the launch line, the variable on the launch line: one parser, one kind of error.
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--master-port", "70000"], "--master-port '70000': "),
        (["--", "torchrun", "--master-port", "70000", "--nnodes", "2", "train.py"],
         "--master-port '70000' in the launch command: "),
        (["--", "MASTER_PORT=70000", "torchrun", "--nnodes", "2", "train.py"],
         "MASTER_PORT '70000' in the launch command: "),
        (["--", "env", "MASTER_PORT=abc", "torchrun", "train.py"], "MASTER_PORT 'abc' in the launch command: "),
    ],
)  # fmt: skip
def test_a_bad_master_port_typed_anywhere_is_exit_2_with_one_line(args: list[str], says: str) -> None:
    result = run("check", "--local-only", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    (line,) = result.stderr.strip().splitlines()
    assert line == f"distdoctor: error: {says}expected an integer port from 1 to 65535, e.g. 29500"


def test_the_same_port_in_the_environment_is_a_finding_not_a_usage_error() -> None:
    result = run("check", "--local-only", env={"MASTER_PORT": "70000"})
    assert result.returncode == 1, result.stdout + result.stderr
    assert "master-port-invalid" in result.stdout and "MASTER_PORT=70000" in result.stdout
