"""`distdoctor lint`: a launch command, or a file of them (one per node), checked without running anything."""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence

from distdoctor.config import load_config, parse_launch_command
from distdoctor.errors import UsageError
from distdoctor.facts.script import read_script
from distdoctor.model import Report
from distdoctor.model.report import LintData, TorchrunEquivalent
from distdoctor.rules.lint import Linted, lint_findings, split_argv, torchrun_equivalent


def read_commands(path: str) -> list[tuple[int, list[str]]]:
    """The commands of a file: one per line (a trailing backslash continues it); blank and # lines skipped."""
    if os.path.isdir(path):
        raise UsageError(f"{path} is a directory: give a file with one launch command per line")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise UsageError(
            f"no such file: {path} (to lint a command, put it after --: distdoctor lint -- torchrun ...)"
        ) from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    if b"\0" in data[:8192]:
        raise UsageError(f"{path} is not a text file of launch commands")
    commands: list[tuple[int, list[str]]] = []
    pending, start = "", 0
    for number, raw in enumerate(data.decode("utf-8", errors="replace").splitlines(), start=1):
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        start = start if pending else number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        text, pending = pending + line, ""
        try:
            commands.append((start, shlex.split(text, comments=True)))
        except ValueError as exc:
            raise UsageError(f"{path}:{start}: cannot split the command: {exc}") from None
    if pending:
        commands.append((start, shlex.split(pending)))
    if not commands:
        raise UsageError(f"{path} holds no launch command")
    return commands


def _linted(line: int, argv: Sequence[str], cwd: str) -> Linted:
    try:
        command = parse_launch_command(argv)
        config, _ = load_config({}, list(argv), {})
    except UsageError as exc:
        raise UsageError(f"line {line}: {exc.message}") from None
    script = None
    options = split_argv(argv, command)[1]
    if command.script and not any(w in ("-m", "--module", "--no-python", "--no_python") for w in options):
        script = read_script(command.script, cwd)
    return Linted(line, tuple(argv), command, config, script)


def lint(commands: Sequence[tuple[int, Sequence[str]]], cwd: str) -> Report:
    """Parse every command (the launcher's own argparse rules), read each script once, apply the lint rules."""
    linted = [_linted(line, argv, cwd) for line, argv in commands]
    equivalents = tuple(
        TorchrunEquivalent(c.line, torchrun_equivalent(c)) for c in linted if c.command.launcher != "torchrun"
    )
    unread = sorted({f"{c.script.path}: {c.script.error}" for c in linted if c.script and c.script.error})
    note = "script not read, its --local-rank handling not checked: " + "; ".join(unread) if unread else ""
    data = LintData(commands=len(linted), torchrun=equivalents, note=note)
    return Report(command="lint", findings=tuple(lint_findings(linted)), data=data)
