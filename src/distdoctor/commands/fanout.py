"""`distdoctor check --hosts`: from a login node, run check on every host over ssh and gather one verdict."""

from __future__ import annotations

import asyncio
import dataclasses
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from distdoctor import defaults
from distdoctor.errors import UsageError
from distdoctor.gather.ssh import run_on_hosts
from distdoctor.model import Finding, Report
from distdoctor.model.codec import DecodeError
from distdoctor.model.fields import host_problem, option
from distdoctor.model.nodes import SSH_FAILED, RemoteRun
from distdoctor.model.report import CheckData, FanoutData, HostRun, PreflightData
from distdoctor.model.secret import Secret
from distdoctor.render.as_json import report_from_json
from distdoctor.rules.fanout import fanout_findings, remote_report

# A host list longer than this is not one (it would be 50,000 hosts of 20 characters).
HOSTFILE_MAX_BYTES = 1 << 20
# Beyond --wait, what each host's run may take: ssh connect, Python and distdoctor start-up, the mesh.
SSH_SLACK_S = 30.0


@dataclass(frozen=True)
class Host:
    name: str
    node_rank: int


@dataclass(frozen=True)
class FanoutOptions:
    hosts: tuple[Host, ...]
    ssh_options: tuple[str, ...] = ()
    remote_command: str = "distdoctor"
    connect_timeout_s: float = defaults.SSH_CONNECT_TIMEOUT_S
    secret: Secret | None = None  # goes to every host on ssh's stdin, never in its command line


def expand(words: Sequence[str]) -> list[str]:
    """Host names from `a,b`, Slurm-style `node[1-4,7]`, or both; a list hostlist cannot read is a usage error."""
    import hostlist  # python-hostlist: Slurm's own expansion rules

    names: list[str] = []
    for word in words:
        try:
            names += hostlist.expand_hostlist(word)
        except Exception:
            raise UsageError(f"cannot read host list {word[:80]!r}", "write hosts as a,b,c or node[1-4,7]") from None
    names = [n for n in names if n]
    for name in names:
        problem = host_problem(name.rpartition("@")[2])  # ssh's user@host
        if problem:
            raise UsageError(f"host {name[:60]!r}: not a host name or IP address ({problem})")
    return names


def parse_hosts(hosts: str | None, hostfile: str | None) -> tuple[Host, ...]:
    """--hosts or --hostfile (one host a line, `# comments`, optionally `node_rank=N` after the name)."""
    if bool(hosts) == bool(hostfile):
        raise UsageError("give either --hosts or --hostfile, not both" if hosts else "no hosts given")
    if hosts:
        return tuple(Host(name, i) for i, name in enumerate(expand([hosts])))
    assert hostfile is not None
    try:
        with open(hostfile, "rb") as fh:
            data = fh.read(HOSTFILE_MAX_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read --hostfile {hostfile}: {exc.strerror or exc}") from None
    if len(data) > HOSTFILE_MAX_BYTES:
        raise UsageError(f"--hostfile {hostfile}: more than {HOSTFILE_MAX_BYTES >> 20} MiB, not a list of hosts")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"--hostfile {hostfile}: not UTF-8 text (a binary file?)") from None
    if "\0" in text:
        raise UsageError(f"--hostfile {hostfile}: holds NUL bytes (a binary file?)")
    picked: list[Host] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        rank = len(picked)
        for word in words[1:]:
            key, _, value = word.partition("=")
            if key != "node_rank" or not (value.isascii() and value.isdigit()):
                raise UsageError(f"{hostfile}:{number}: {word[:60]!r} is not node_rank=N")
            rank = int(value)
        picked += [Host(name, rank) for name in expand([words[0]])]
    if not picked:
        raise UsageError(f"--hostfile {hostfile} names no host")
    ranks = [h.node_rank for h in picked]
    if sorted(ranks) != list(range(len(picked))):
        raise UsageError(f"--hostfile {hostfile}: node_ranks {sorted(ranks)} are not 0..{len(picked) - 1}")
    return tuple(picked)


def remote_command(
    host: Host,
    hosts: Sequence[Host],
    flags: Mapping[str, str | None],
    check_args: Sequence[str],
    remote: str,
    *,
    secret_stdin: bool = False,
) -> list[str]:
    """The check each host runs: the job's flags, its node_rank, node_rank 0's host as MASTER_ADDR, JSON out; with
    secret_stdin, it reads the secret from its stdin."""
    master = next(h.name for h in hosts if h.node_rank == 0)
    given = {k: v for k, v in flags.items() if v is not None}
    given.setdefault("nnodes", str(len(hosts)))
    given.setdefault("master_addr", master)
    given["node_rank"] = str(host.node_rank)
    argv = [*shlex.split(remote), "check", "--json", *(["--secret-stdin"] if secret_stdin else [])]
    for name, value in given.items():
        argv += [option(name), value]
    return [*argv, *check_args]


def fan_out(
    flags: Mapping[str, str | None],
    check_args: Sequence[str],
    wait_s: float,
    options: FanoutOptions,
    on_line: Callable[[str, str], None],
) -> Report:
    """check on every host at once over ssh; node_rank 0's verdict, plus a finding per host without a report."""
    if flags.get("node_rank") is not None:
        raise UsageError("--node-rank cannot go with --hosts: each host's node_rank is its position (or node_rank=N)")
    hosts = options.hosts
    secret_stdin = options.secret is not None
    commands = [
        (h.name, remote_command(h, hosts, flags, check_args, options.remote_command, secret_stdin=secret_stdin))
        for h in hosts
    ]
    deadline = wait_s + options.connect_timeout_s + SSH_SLACK_S
    ssh = run_on_hosts(commands, options.ssh_options, options.connect_timeout_s, deadline, on_line, options.secret)
    runs = asyncio.run(ssh)
    return verdict(hosts, runs, deadline)


def _decoded(run: RemoteRun) -> Report | None:
    data = remote_report(run)
    if data is None:
        return None
    try:
        return report_from_json(data)
    except DecodeError:
        return None


def verdict(hosts: Sequence[Host], runs: Sequence[RemoteRun], deadline_s: float) -> Report:
    """node_rank 0's report (it holds every node's facts); else the lowest-ranked host's own; ssh findings first."""
    ssh = fanout_findings(runs, deadline_s)
    by_rank = sorted(zip(hosts, runs, strict=True), key=lambda pair: pair[0].node_rank)
    chosen = next((r for _, run in by_rank if (r := _decoded(run)) is not None), None)
    table = tuple(
        HostRun(
            host=h.name,
            node_rank=h.node_rank,
            ssh="ok" if remote_report(run) else "unreachable" if run.returncode == SSH_FAILED else "failed",
            exit=run.returncode,
            seconds=round(run.elapsed_s, 3),
        )
        for h, run in by_rank
    )
    if chosen is None:
        return Report(command="check", findings=tuple(ssh), data=FanoutData(table))
    seen = {(f.name, f.node) for f in chosen.findings}
    findings: list[Finding] = [f for f in ssh if (f.name, f.node) not in seen] + list(chosen.findings)
    own = chosen.data if isinstance(chosen.data, (CheckData, PreflightData)) else None
    return dataclasses.replace(chosen, findings=tuple(findings), data=FanoutData(table, own))
