"""Read the config out of a launch command: `torchrun ...`, `python -m torch.distributed.run|launch ...`."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import NoReturn

from distdoctor.config.flags import layer_from_flags, parse_given
from distdoctor.errors import UsageError
from distdoctor.model import Source
from distdoctor.model.config import LaunchCommand, Layer
from distdoctor.model.fields import FLAGS, OTHER_VALUE_OPTIONS, SWITCHES

# `MASTER_PORT=29600 torchrun ...`: a variable of one of torchrun's own fields, written before the launcher. Only
# these: torchrun sets WORLD_SIZE, RANK ... itself for its workers, whatever the line says.
_ENV_WORDS = {f.env: f for f in FLAGS if f.env}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"cannot read the launch command: {message}")


def _parser() -> _Parser:
    parser = _Parser(prog="torchrun", add_help=False, allow_abbrev=False)
    for row in FLAGS:
        parser.add_argument(*sorted(row.spellings), dest=row.name)
    for name in OTHER_VALUE_OPTIONS:
        spellings = {f"--{name}", f"--{name.replace('-', '_')}"}
        parser.add_argument(*sorted(spellings), dest=name.replace("-", "_"))
    for name in SWITCHES:
        spellings = {f"--{name}", f"--{name.replace('-', '_')}"}
        if name == "module":
            spellings.add("-m")
        parser.add_argument(*sorted(spellings), dest=name.replace("-", "_"), action="store_true")
    parser.add_argument("script", nargs="?")
    parser.add_argument("script_args", nargs=argparse.REMAINDER)
    return parser


def _launcher_and_args(argv: Sequence[str]) -> tuple[str, list[str], Layer]:
    """Strip leading VAR=value words, find the launcher, and return the launcher's own arguments."""
    env_layer = Layer()
    words = list(argv)
    while words and (words[0] == "env" or ("=" in words[0] and not words[0].startswith("-"))):
        word = words.pop(0)
        key, _, value = word.partition("=")
        row = _ENV_WORDS.get(key)
        if row and value:  # an empty value is no value, as in the environment
            # Typed on the line like a flag: a bad value is the same usage error as --master-port's.
            env_layer.set(row.name, parse_given(row, value, key, "command"), Source("command", key))
    if not words:
        raise UsageError("the launch command after -- is empty: give e.g. -- torchrun --nnodes 2 train.py")
    program = os.path.basename(words[0])
    if program == "torchrun":
        return "torchrun", words[1:], env_layer
    if program.startswith("python"):
        rest = words[1:]
        while rest and rest[0].startswith("-") and rest[0] not in ("-m",) and not rest[0].startswith("-m"):
            rest.pop(0)  # interpreter options such as -u or -X dev
        if rest and rest[0] == "-m" and len(rest) > 1:
            module, rest = rest[1], rest[2:]
        elif rest and rest[0].startswith("-m") and len(rest[0]) > 2:
            module, rest = rest[0][2:], rest[1:]
        else:
            module = ""
        if module in ("torch.distributed.run", "torch.distributed.launch"):
            return module, rest, env_layer
    raise UsageError(
        f"not a launch command distdoctor can read: {' '.join(argv)[:80]!r}; "
        "expected torchrun ..., python -m torch.distributed.run ... or python -m torch.distributed.launch ..."
    )


def parse_launch_command(argv: Sequence[str]) -> LaunchCommand:
    """Parse a torchrun/launch command line the way torchrun's own argparse would."""
    launcher, args, env_layer = _launcher_and_args(argv)
    parsed, unknown = _parser().parse_known_args(args)
    raw = {row.name: getattr(parsed, row.name) for row in FLAGS}
    if parsed.standalone:
        raw["nnodes"] = raw["nnodes"] or "1"
        raw["rdzv_backend"] = "c10d"
    layer = layer_from_flags(raw, kind="command")
    for name, value in env_layer.values.items():
        layer.values.setdefault(name, value)
    return LaunchCommand(
        launcher=launcher,
        layer=layer,
        script=parsed.script,
        script_args=tuple(parsed.script_args),
        use_env=bool(parsed.use_env),
        standalone=bool(parsed.standalone),
        unknown_options=tuple(unknown),
    )
