"""The command line: parse, call commands/, render, exit. Heavy imports wait until a command runs."""

from __future__ import annotations

import math
import os
import signal
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import click

from distdoctor import __version__, defaults
from distdoctor.model.fields import FLAGS

if TYPE_CHECKING:
    from distdoctor.model.secret import Secret

F = TypeVar("F", bound=Callable[..., Any])


class Finite(click.FloatRange):
    """Every float option's type: a finite number (NaN and inf refused) within the option's range."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def seconds(min: float) -> Finite:
    """A duration option: finite, from `min` up to a week (defaults.OPTION_MAX_S)."""
    return Finite(min=min, max=defaults.OPTION_MAX_S)


def default_lang(environ: Mapping[str, str]) -> str:
    """zh when the locale says Chinese, else en (LC_ALL, then LC_MESSAGES, then LANG)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def launch_options(func: F) -> F:
    """torchrun's flags, in dash and underscore spellings, plus an optional launch command after `--`."""
    func = click.argument("launch", nargs=-1, type=click.UNPROCESSED, metavar="[-- LAUNCH COMMAND]")(func)
    # The value reaches us as a raw string, parsed in config/ by the table's parser with a clear error.
    for row in reversed(FLAGS):
        func = click.option(*row.spellings, row.name, metavar="VALUE", default=None, help=row.help)(func)
    return func


def output_options(func: F) -> F:
    func = click.option("--json", "as_json", is_flag=True, help="print the report as JSON (docs/json.md)")(func)
    func = click.option(
        "--lang",
        type=click.Choice(["en", "zh"]),
        default=None,
        help="language of the report (default from LANG/LC_ALL)",
    )(func)
    return func


def secret_options(func: F) -> F:
    """--secret and --secret-stdin; the value is resolved once, with DISTDOCTOR_SECRET, by `_secret`."""
    func = click.option(
        "--secret-stdin",
        is_flag=True,
        help="read the shared secret from stdin's first line (kept out of ps; check --hosts uses it)",
    )(func)
    return click.option(
        "--secret",
        default=None,
        metavar="TEXT",
        help="shared secret: node 0 takes only messages signed with it (or set DISTDOCTOR_SECRET)",
    )(func)


def _secret(flag: str | None, from_stdin: bool) -> Secret | None:
    """The run's Secret (or None), from the one resolver: --secret-stdin, --secret, DISTDOCTOR_SECRET."""
    from distdoctor.config.secret import resolve_secret

    return resolve_secret(flag, os.environ, sys.stdin if from_stdin else None)


def coordinator_options(port_help: str) -> Callable[[F], F]:
    """--coord-port, --secret and --secret-stdin, for the commands that link the nodes through node_rank 0."""

    def decorate(func: F) -> F:
        func = secret_options(func)
        return click.option("--coord-port", type=click.IntRange(1, 65535), default=None, metavar="PORT",
                            help=port_help)(func)  # fmt: skip

    return decorate


def pg_timeout_option(func: F) -> F:
    """--pg-timeout SECONDS, for dump and run: the deadline a late rank is timed against."""
    return click.option(
        "--pg-timeout",
        "pg_timeout_s",
        type=seconds(0.5),
        default=None,
        metavar="SECONDS",
        help="the timeout the job gives init_process_group, for the late rank's deadline (default: the flight "
        "recorder's, else torch's: 30 min gloo, 10 min NCCL)",
    )(func)


def html_option(func: F) -> F:
    """--html FILE: also write the report as one self-contained HTML file (needs the `html` extra)."""
    return click.option(
        "--html",
        "html_path",
        default=None,
        metavar="FILE",
        help="also write the report as a self-contained HTML file",
    )(func)


def _html_ready(html_path: str | None) -> None:
    """Refuse a bad --html (no Jinja2, a missing folder) before the command spends its time."""
    if html_path:
        from distdoctor.render.html import check_writable

        check_writable(html_path)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(__version__, prog_name="distdoctor")
def cli() -> None:
    """Why a multi-node PyTorch job hangs at start-up, which node is to blame, and the fix.

    Run `distdoctor check` with your job's torchrun flags on every node (or under srun/mpirun).
    """


def _config(flags: Mapping[str, str | None], launch: tuple[str, ...]) -> Any:
    from distdoctor.config import load_config

    command = list(launch) if launch else None
    config, _ = load_config(flags, command, os.environ)
    return config


def _emit(
    report: Any, lang: str | None, as_json: bool, html_path: str | None = None, interrupted: bool = False
) -> None:
    from distdoctor.render.output import emit

    code = emit(report, lang or default_lang(os.environ), as_json=as_json, html_path=html_path)
    sys.exit(130 if interrupted else code)  # interrupted: what was seen is shown, the exit code says it was cut


@cli.command(context_settings={"ignore_unknown_options": False})
@launch_options
@output_options
@html_option
@click.option("--local-only", is_flag=True, help="check this node alone: no coordinator, no mesh")
@click.option(
    "--wait",
    "wait_s",
    type=seconds(0.1),
    default=defaults.GATHER_WAIT_S,
    show_default=True,
    metavar="SECONDS",
    help="how long node_rank 0 waits for every node, and a worker retries node 0",
)
@coordinator_options("port node_rank 0 gathers on (default: MASTER_PORT, the one torch will use)")
@click.option("--no-mesh", is_flag=True, help="skip the node-to-node connectivity probes")
@click.option(
    "--hosts", default=None, metavar="LIST", help="from a login node: run on these hosts over ssh (a,b or node[1-4])"
)
@click.option(
    "--hostfile", default=None, metavar="FILE", help="like --hosts, one host a line (optionally node_rank=N after it)"
)
@click.option("--ssh-option", "ssh_options", multiple=True, metavar="OPT", help="passed to ssh as -o OPT (repeatable)")
@click.option(
    "--remote-command",
    default="distdoctor",
    show_default=True,
    metavar="CMD",
    help="how to run distdoctor on the hosts (e.g. /opt/venv/bin/distdoctor)",
)
def check(
    launch: tuple[str, ...],
    lang: str | None,
    as_json: bool,
    html_path: str | None,
    local_only: bool,
    wait_s: float,
    coord_port: int | None,
    secret: str | None,
    secret_stdin: bool,
    no_mesh: bool,
    hosts: str | None,
    hostfile: str | None,
    ssh_options: tuple[str, ...],
    remote_command: str,
    **flags: str | None,
) -> None:
    """Preflight this node for a (multi-node) torchrun job.

    Pass the job's torchrun flags, or its whole launch command after `--`:

    \b
      distdoctor check --nnodes 2 --node-rank 1 --master-addr 10.0.0.1

      distdoctor check -- torchrun --nnodes 2 --nproc-per-node 8 train.py

    Exit code: 0 healthy (warnings allowed), 1 errors found, 2 bad usage.
    """
    from distdoctor.commands.check import CheckOptions
    from distdoctor.commands.check import check as run_check
    from distdoctor.render.progress import Progress

    resolved = _secret(secret, secret_stdin)
    if hosts or hostfile:
        _html_ready(html_path)
        check_args = ["--wait", str(wait_s), *(["--no-mesh"] if no_mesh else [])]
        check_args += ["--coord-port", str(coord_port)] if coord_port else []
        check_args += ["--", *launch] if launch else []
        # The secret is not in check_args: the fan-out feeds it to each host's stdin (--secret-stdin there).
        report = _fan_out(flags, check_args, wait_s, hosts, hostfile, ssh_options, remote_command, resolved)
        _emit(report, lang, as_json, html_path)
        return

    options = CheckOptions(
        local_only=local_only,
        wait_s=wait_s,
        coord_port=coord_port,
        secret=resolved,
        mesh=not no_mesh,
    )
    config = _config(flags, launch)
    _html_ready(html_path)
    chosen = lang or default_lang(os.environ)
    if resolved is None and not local_only and config.nnodes.value.multi_node and config.master_addr is not None:
        from distdoctor.catalogue.words import ui

        port = coord_port or config.master_port.value
        click.echo(f"distdoctor: {ui('no_secret', 'zh' if chosen == 'zh' else 'en', port=port)}", err=True)
    with Progress("zh" if chosen == "zh" else "en") as progress:
        report = run_check(config, os.environ, options, progress)
    _emit(report, chosen, as_json, html_path)


def _fan_out(
    flags: Mapping[str, str | None],
    check_args: list[str],
    wait_s: float,
    hosts: str | None,
    hostfile: str | None,
    ssh_options: tuple[str, ...],
    remote_command: str,
    secret: Secret | None,
) -> Any:
    from distdoctor.commands.fanout import FanoutOptions, fan_out, parse_hosts

    options = FanoutOptions(parse_hosts(hosts, hostfile), ssh_options, remote_command, secret=secret)

    def relay(host: str, line: str) -> None:
        click.echo(safe_line(f"[{host}] {line}"), err=True)  # each host's live lines, as they come

    return fan_out(flags, check_args, wait_s, options, relay)


@cli.command(context_settings={"ignore_unknown_options": False})
@launch_options
@output_options
@html_option
@click.option(
    "--backend",
    type=click.Choice(["auto", "gloo", "nccl"]),
    default="auto",
    show_default=True,
    help="process-group backend; auto: nccl where a GPU is visible, else gloo",
)
@click.option(
    "--timeout",
    "timeout_s",
    type=seconds(1),
    default=defaults.SMOKE_INIT_TIMEOUT_S,
    show_default=True,
    metavar="SECONDS",
    help="bound on the rendezvous and on init_process_group",
)
@click.option(
    "--step-timeout",
    "step_timeout_s",
    type=seconds(1),
    default=defaults.SMOKE_STEP_TIMEOUT_S,
    show_default=True,
    metavar="SECONDS",
    help="bound on each later step (barrier, each collective, the bandwidth sweep)",
)
@click.option(
    "--sizes",
    default=defaults.SMOKE_SIZES,
    show_default=True,
    metavar="MIN:MAX[:FACTOR]|LIST",
    help="all_reduce message sizes of the bandwidth sweep; 0 skips the sweep",
)
@click.option(
    "--iters", type=click.IntRange(min=1), default=None, metavar="N", help="timed ops per size (default: by size)"
)
@click.option(
    "--min-busbw",
    type=Finite(min=0),
    default=None,
    metavar="GB/S",
    help="report bandwidth-low when all_reduce's best busbw is below this",
)
@click.option("--inject-wrong-rank", type=int, default=None, hidden=True)
@click.option("--inject-delay", default=None, hidden=True, metavar="RANK:SECONDS")
def smoke(
    launch: tuple[str, ...],
    lang: str | None,
    as_json: bool,
    html_path: str | None,
    backend: str,
    timeout_s: float,
    step_timeout_s: float,
    sizes: str,
    iters: int | None,
    min_busbw: float | None,
    inject_wrong_rank: int | None,
    inject_delay: str | None,
    **flags: str | None,
) -> None:
    """Run real collectives under the real launcher, checked and timed.

    Starts torchrun with the job's flags (or, already one rank under torchrun, srun or mpirun, runs in place):
    init, a monitored barrier, all_reduce / all_gather / broadcast / reduce_scatter with checked values, a
    bandwidth sweep (algbw and busbw as nccl-tests defines them). Run it on every node, like the job:

    \b
      distdoctor smoke --nnodes 2 --node-rank 0 --nproc-per-node 4 --master-addr 10.0.0.1

    Exit code: 0 healthy (warnings allowed), 1 errors found, 2 bad usage.
    """
    from distdoctor.commands.smoke import choose_backend
    from distdoctor.commands.smoke import smoke as run_smoke
    from distdoctor.model.report import SmokeData
    from distdoctor.render.progress import Progress
    from distdoctor.smoke.settings import SmokeSettings, parse_delay, parse_sizes

    config = _config(flags, launch)
    _html_ready(html_path)
    delay_rank, delay_s = parse_delay(inject_delay)
    settings = SmokeSettings(
        backend=choose_backend(backend, os.environ),
        init_timeout_s=timeout_s,
        step_timeout_s=step_timeout_s,
        sizes=() if sizes.strip() == "0" else parse_sizes(sizes),
        iters=iters,
        min_busbw_gbps=min_busbw,
        wrong_rank=inject_wrong_rank,
        delay_rank=delay_rank,
        delay_s=delay_s,
    )
    chosen = lang or default_lang(os.environ)
    with Progress("zh" if chosen == "zh" else "en", title="distdoctor smoke") as progress:
        outcome = run_smoke(config, os.environ, settings, progress)
    if not outcome.show:
        sys.exit(0)
    data = outcome.report.data
    _emit(outcome.report, chosen, as_json, html_path, interrupted=isinstance(data, SmokeData) and data.run.interrupted)


@cli.command()
@launch_options
@output_options
@html_option
def env(launch: tuple[str, ...], lang: str | None, as_json: bool, html_path: str | None, **flags: str | None) -> None:
    """This node's facts (versions, interfaces, GPUs, relevant env vars), for a bug report."""
    from distdoctor.commands.env import env as run_env

    _html_ready(html_path)
    _emit(run_env(_config(flags, launch), os.environ), lang, as_json, html_path)


@cli.command()
@output_options
@html_option
@click.argument("files", nargs=-1, metavar="[FILE ...|-]")
def explain(files: tuple[str, ...], lang: str | None, as_json: bool, html_path: str | None) -> None:
    """Known error texts in logs (torchrun, torch, gloo, NCCL_DEBUG=INFO, error.json) -> findings and fixes.

    Give one log per node to see them side by side; `-` or no FILE reads stdin:

      distdoctor explain node1.log node2.log

      torchrun ... 2>&1 | distdoctor explain

    Exit code: 0 no failure found, 1 errors found (a failure no signature explains included), 2 bad usage.
    """
    from distdoctor.commands.explain import explain as run_explain
    from distdoctor.errors import UsageError

    if (not files or "-" in files) and sys.stdin.isatty():
        raise UsageError("no log given: name log files, or pipe a log in (… | distdoctor explain -)")
    _html_ready(html_path)
    _emit(run_explain(files, sys.stdin.buffer), lang, as_json, html_path)


@cli.command(context_settings={"ignore_unknown_options": True})
@output_options
@html_option
@click.argument("words", nargs=-1, type=click.UNPROCESSED, metavar="[FILE | -- LAUNCH COMMAND]")
def lint(words: tuple[str, ...], lang: str | None, as_json: bool, html_path: str | None) -> None:
    """A launch command, or a file of them (one line per node): deprecated launcher, --local-rank, mismatches.

      distdoctor lint -- python -m torch.distributed.launch --nproc_per_node=4 train.py

      distdoctor lint nodes.txt

    Prints the torchrun equivalent of torch.distributed.launch commands. Exit code: 0 no errors, 1 errors, 2 bad
    usage. The script is read (never run) to see how it takes its local rank.
    """
    from distdoctor.commands.lint import lint as run_lint
    from distdoctor.commands.lint import read_commands
    from distdoctor.errors import UsageError

    if not words:
        raise UsageError("nothing to lint: give a file of launch commands, or -- and one launch command")
    # One word is a file of commands; a launch command has at least the launcher and a script.
    single_file = len(words) == 1 and not words[0].startswith("-")
    commands = read_commands(words[0]) if single_file else [(1, list(words))]
    _html_ready(html_path)
    _emit(run_lint(commands, os.getcwd()), lang, as_json, html_path)


@cli.command()
@html_option
@output_options
@click.option(
    "--pid",
    "pids",
    type=click.IntRange(1, defaults.PID_MAX),
    multiple=True,
    metavar="PID",
    help="look at this process (an agent or a rank) and its descendants only; repeatable",
)
@click.option("--all-nodes", is_flag=True, help="every node's ranks, through node 0's `distdoctor run`")
@click.option(
    "--coord",
    default=None,
    metavar="HOST:PORT",
    help="node 0's `distdoctor run` (default: a local rank's MASTER_ADDR, MASTER_PORT + 1)",
)
@pg_timeout_option
@secret_options
def dump(
    pids: tuple[int, ...],
    all_nodes: bool,
    coord: str | None,
    pg_timeout_s: float | None,
    secret: str | None,
    secret_stdin: bool,
    lang: str | None,
    as_json: bool,
    html_path: str | None,
) -> None:
    """Where every rank on this node is stuck: rendezvous, store, process-group init, which collective, own code.

    Finds torchrun agents and ranks (also srun/mpirun-started ones) by their environment, reads their stacks with
    py-spy, and names the odd ones out. Needs no change to the training code. Exit code 1 when a hang is found.
    """
    from distdoctor.commands.dump import dump as run_dump

    _html_ready(html_path)
    report = run_dump(
        pids, all_nodes=all_nodes, coord=coord, secret=_secret(secret, secret_stdin), pg_timeout_s=pg_timeout_s
    )
    _emit(report, lang, as_json, html_path)


@cli.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@html_option
@output_options
@click.option("--check", "preflight", is_flag=True, help="preflight first (check --local-only); errors stop the launch")
@click.option(
    "--hang-after",
    "hang_after_s",
    type=seconds(0.5),
    default=None,
    metavar="SECONDS",
    help="no output and no stack change for this long is a hang (default: learned from the job's pace, "
    f"{defaults.HANG_CADENCE_MULTIPLE:g}x its slowest gaps, at least {defaults.HANG_FLOOR_S:g} s, at most "
    f"{defaults.HANG_AFTER_S:g} s)",
)
@pg_timeout_option
@coordinator_options("port node_rank 0's run gathers the other nodes on (default: MASTER_PORT + 1)")
@click.option("--local-only", is_flag=True, help="this node's ranks only: no link to node 0")
@click.argument("command", nargs=-1, type=click.UNPROCESSED, metavar="-- COMMAND")
def run(
    command: tuple[str, ...],
    preflight: bool,
    hang_after_s: float | None,
    pg_timeout_s: float | None,
    coord_port: int | None,
    secret: str | None,
    secret_stdin: bool,
    local_only: bool,
    lang: str | None,
    as_json: bool,
    html_path: str | None,
) -> None:
    """Launch a job unchanged, pass its output through, and say where it hangs when it does.

      distdoctor run --hang-after 120 -- torchrun --nproc-per-node 8 train.py

    Ctrl-C and SIGTERM go to the whole job; the exit code is the job's. Verdicts go to stderr.
    """
    from distdoctor.commands.run import RunOptions
    from distdoctor.commands.run import preflight as run_preflight
    from distdoctor.commands.run import run as run_job
    from distdoctor.errors import UsageError
    from distdoctor.hang.watch import WatchOptions
    from distdoctor.render.output import emit_stderr

    if not command:
        raise UsageError("no command to run: give it after `--`, e.g. distdoctor run -- torchrun train.py")
    resolved = _secret(secret, secret_stdin)
    chosen = lang or default_lang(os.environ)
    if preflight:
        report = run_preflight(command, os.environ)
        emit_stderr(report, chosen, as_json=as_json)
        if report.exit_code:
            click.echo("distdoctor run: preflight found errors; the job was not started", err=True)
            sys.exit(report.exit_code)

    def notify(line: str) -> None:
        click.echo(safe_line(f"distdoctor run: {line}"), err=True)

    pace = f"{hang_after_s:g} s" if hang_after_s is not None else "a stall at the job's own pace"
    notify(f"watching {command[0]} (verdict after {pace} without output or stack change)")
    options = RunOptions(
        WatchOptions(hang_after_s), coord_port, resolved, cross_node=not local_only, pg_timeout_s=pg_timeout_s
    )
    _html_ready(html_path)

    def verdict(report: Any) -> None:
        emit_stderr(report, chosen, as_json=as_json)
        if html_path:  # the latest verdict: the file is rewritten at each one
            from distdoctor.render.html import write_html

            write_html(report, "zh" if chosen == "zh" else "en", html_path)

    code = run_job(command, options, verdict, notify, os.environ)
    sys.exit(code)


def safe_line(text: str) -> str:
    """One line for the terminal: other programs' words without escapes or control characters (render/safe.py)."""
    from distdoctor.render.safe import safe_text

    return safe_text(text, one_line=True)


def _not_utf8(args: list[str]) -> str | None:
    """The first argument that is not UTF-8 text (Python holds its bad bytes as lone surrogates), shown safely."""
    for number, arg in enumerate(args, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = os.fsencode(arg)[:60]
            return f"argument {number} ({shown!r}) is not UTF-8 text"
    return None


def _sigterm_as_sigint(signum: int, frame: object) -> None:
    """SIGTERM (Slurm's scancel, Kubernetes, `timeout`) does what Ctrl-C does: stop, and give what is known."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        raise KeyboardInterrupt  # started in the background by a shell, which ignores SIGINT there
    signal.raise_signal(signal.SIGINT)  # whoever handles Ctrl-C now (node 0's wait, asyncio) handles this too


def main() -> None:
    """Console entry point: user mistakes print one line and exit 1 or 2, never a traceback."""
    from distdoctor.errors import DistDoctorError

    bad = _not_utf8(sys.argv[1:])
    if bad:
        click.echo(f"distdoctor: error: {bad} (see: distdoctor --help)", err=True)
        sys.exit(2)
    # `run` puts its own handler in place while the job runs (it passes the signal on to the job).
    signal.signal(signal.SIGTERM, _sigterm_as_sigint)
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.UsageError as exc:
        where = f"distdoctor {exc.ctx.info_name}" if exc.ctx and exc.ctx.parent else "distdoctor"
        click.echo(safe_line(f"distdoctor: error: {exc.format_message()} (see: {where} --help)"), err=True)
        sys.exit(2)
    except click.Abort:
        click.echo("distdoctor: interrupted", err=True)
        sys.exit(130)
    except DistDoctorError as exc:
        fix = f" — {exc.fix}" if exc.fix else ""
        click.echo(safe_line(f"distdoctor: error: {exc.message}{fix}"), err=True)
        sys.exit(exc.exit_code)
