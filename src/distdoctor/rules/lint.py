"""Lint rules: launch commands (one per node) in, findings out. Pure: the script was read before."""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from distdoctor.model import Finding, LaunchConfig, NodeFacts, NodeReport, Resolution, Versions
from distdoctor.model.config import LaunchCommand
from distdoctor.model.facts import ScriptFacts
from distdoctor.model.fields import FLAGS, SWITCHES
from distdoctor.rules import cross
from distdoctor.rules.finding import make_finding
from distdoctor.rules.local import master_addr_loopback, master_port_range, node_rank_range

_SWITCHES = frozenset({*SWITCHES, "m"})  # -m is --module
# Compared by the cross-node rules already (nnodes-mismatch, master-addr-mismatch, ...), or per node by design.
_CROSS_FLAGS = frozenset(row.option.removeprefix("--") for row in FLAGS)
_DEPRECATED = "torch.distributed.launch"


@dataclass(frozen=True)
class Linted:
    """One launch command: its line in the input, its words, what they say, and the script it starts."""

    line: int
    argv: tuple[str, ...]
    command: LaunchCommand
    config: LaunchConfig
    script: ScriptFacts | None = None

    @property
    def label(self) -> str:
        return f"node_rank {self.config.node_rank.value} (line {self.line})"


def split_argv(argv: Sequence[str], command: LaunchCommand) -> tuple[list[str], list[str], list[str]]:
    """(interpreter and env words up to the launcher, the launcher's options, the script and its args)."""
    words = list(argv)
    tail = [command.script, *command.script_args] if command.script else []
    end = len(words) - len(tail)
    for i, word in enumerate(words[:end]):
        if word in ("torchrun", command.launcher, f"-m{command.launcher}") or word.endswith("/torchrun"):
            return words[: i + 1], words[i + 1 : end], tail
    return [], words[:end], tail


def launcher_options(options: Sequence[str]) -> dict[str, str]:
    """Launcher options by their dash spelling: --nproc_per_node=4 and --nproc-per-node 4 are one."""
    found: dict[str, str] = {}
    i = 0
    while i < len(options):
        word = options[i]
        if word.startswith("-"):
            name, eq, value = word.lstrip("-").partition("=")
            name = name.replace("_", "-")
            if not eq and name not in _SWITCHES and i + 1 < len(options) and not options[i + 1].startswith("-"):
                value, i = options[i + 1], i + 1
            found[name] = value if (eq or value) else "on"
        i += 1
    return found


def torchrun_equivalent(linted: Linted) -> str:
    """The torchrun command doing what this torch.distributed.launch command does (--use_env is its default)."""
    prefix, options, tail = split_argv(linted.argv, linted.command)
    env = [w for w in prefix if "=" in w and not w.startswith("-")]
    out = []
    for word in options:
        name, eq, value = word.partition("=")
        if name in ("--use_env", "--use-env"):
            continue
        out.append(("--" + name[2:].replace("_", "-") if name.startswith("--") else name) + eq + value)
    return shlex.join([*env, "torchrun", *out, *tail])


def deprecated(linted: Linted) -> Iterator[Finding]:
    if linted.command.launcher == _DEPRECATED:
        yield make_finding(
            "launch-deprecated",
            linted.label,
            [f"line {linted.line}: {shlex.join(linted.argv)}"],
            launcher=_DEPRECATED,
            torchrun=torchrun_equivalent(linted),
        )


def local_rank_arg(linted: Linted) -> Iterator[Finding]:
    """The script's way of taking its local rank against the way the launcher hands it over."""
    script, command = linted.script, linted.command
    if script is None or script.error is not None:
        return
    passes_arg = command.launcher == _DEPRECATED and not command.use_env
    evidence = [
        f"{script.path}: add_argument({', '.join(repr(f) for f in script.flags)})"
        if script.flags
        else f"{script.path}: no add_argument for --local-rank or --local_rank"
    ]
    evidence.append(f"{script.path} {'reads' if script.reads_env else 'never reads'} LOCAL_RANK")
    if passes_arg and "--local-rank" not in script.flags:
        flag = script.flags[0] if script.flags else "no-local-rank-arg"
        yield make_finding(
            "local-rank-arg",
            linted.label,
            evidence,
            script=script.path,
            flag_class=flag,
            launcher=f"{_DEPRECATED} (without --use_env)",
            passed_class="local-rank-dash-arg",
        )
    elif script.flags and not script.reads_env:
        launcher = "torchrun" if not passes_arg else "torchrun (its replacement)"
        if command.launcher == _DEPRECATED and command.use_env:
            launcher = f"{_DEPRECATED} --use_env"
        yield make_finding(
            "local-rank-arg",
            linted.label,
            evidence,
            when="flag-not-passed",
            script=script.path,
            flag_class=script.flags[0],
            launcher=launcher,
            passed_class="local-rank-env-only",
        )


def _facts(linted: Linted) -> NodeFacts:
    # A command line is a node with no measured facts: the local and cross rules read only its config here.
    name = f"line {linted.line}"
    return NodeFacts(name, Resolution(name, ()), (), Versions(python="", distdoctor=""), ())


def per_command(linted: Linted) -> Iterator[Finding]:
    yield from deprecated(linted)
    yield from local_rank_arg(linted)
    facts = _facts(linted)
    for rule in (master_addr_loopback, master_port_range, node_rank_range):
        yield from rule(linted.config, facts)


def _static_multi_node(config: LaunchConfig) -> bool:
    return config.rdzv_backend.value == "static" and config.nnodes.value.multi_node


def node_ranks(commands: Sequence[Linted]) -> Iterator[Finding]:
    """Static multi-node launches: node_rank missing from a command, or from the set of commands."""
    first = commands[0].config
    if not _static_multi_node(first):
        return
    nnodes = first.nnodes.value
    for c in commands:
        if c.config.node_rank.source.kind == "default":
            yield make_finding(
                "launch-node-rank-missing",
                c.label,
                [f"line {c.line}: {shlex.join(c.argv)}"],
                when=None if len(commands) > 1 else "single-command",
                nnodes=nnodes,
                last=nnodes.max - 1,
            )
    given = [c for c in commands if c.config.node_rank.source.kind != "default"]
    ranks = {c.config.node_rank.value for c in given}
    missing = sorted(set(range(nnodes.max)) - ranks)
    if len(commands) > 1 and missing and len(given) == len(commands):
        evidence = [f"node_ranks given: {cross.ranks_text(ranks)} in {len(commands)} commands"]
        yield make_finding(
            "launch-node-rank-gap",
            None,
            evidence,
            nnodes=nnodes,
            missing=cross.ranks_text(missing),
            last=nnodes.max - 1,
        )


def flags_differ(commands: Sequence[Linted]) -> Iterator[Finding]:
    """Anything but the node rank and the flags the cross rules compare that differs between commands."""

    def shown(c: Linted) -> dict[str, str]:
        _, options, tail = split_argv(c.argv, c.command)
        values = {f"--{k}": v for k, v in launcher_options(options).items() if k not in _CROSS_FLAGS}
        values["launcher"] = c.command.launcher
        values["script"] = shlex.join(tail) or "none"
        return values

    table = [shown(c) for c in commands]
    for key in dict.fromkeys(k for values in table for k in values):
        groups: dict[str, list[Linted]] = {}
        for c, values in zip(commands, table, strict=True):
            groups.setdefault(values.get(key, "not set"), []).append(c)
        if len(groups) > 1:
            detail = "; ".join(f"{value} on line {', '.join(str(c.line) for c in cs)}" for value, cs in groups.items())
            yield make_finding("launch-flags-differ", None, [f"{key}: {detail}"], what=key, detail=detail)


def lint_findings(commands: Sequence[Linted]) -> list[Finding]:
    """Each command's own findings, then, for several commands, how they disagree."""
    found = [f for c in commands for f in per_command(c)]
    found += node_ranks(commands)
    if len(commands) > 1:
        reports = [NodeReport(c.config, _facts(c)) for c in commands]
        found += cross.node_rank_duplicate(reports)
        found += cross.config_mismatches(reports)
        found += flags_differ(commands)
    return found
