"""`distdoctor run`: optional preflight, then the job launched unchanged and watched; a verdict when it hangs.
Across nodes, node 0's `run` gathers every node's ranks (hang/relay.py), so each verdict covers the whole job."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from distdoctor import defaults
from distdoctor.catalogue.words import ui
from distdoctor.commands.hang_report import local_states, verdict
from distdoctor.errors import UsageError
from distdoctor.gather.wire import Channel, FrameError
from distdoctor.hang.relay import Relay
from distdoctor.hang.watch import Stall, Watch, WatchOptions
from distdoctor.model import LaunchConfig, Report
from distdoctor.model.hang import ProcessState
from distdoctor.model.report import PreflightData
from distdoctor.model.secret import Secret


@dataclass(frozen=True)
class RunOptions:
    watch: WatchOptions = field(default_factory=WatchOptions)
    coord_port: int | None = None  # default: MASTER_PORT + RELAY_PORT_OFFSET
    secret: Secret | None = None
    cross_node: bool = True


@dataclass(frozen=True)
class RelayPlan:
    """Where this node's `run` meets node 0's: node 0 listens on port, the others connect to master_addr:port."""

    node_rank: int
    nnodes: int
    master_addr: str
    port: int


def job_config(command: Sequence[str], environ: Mapping[str, str]) -> LaunchConfig:
    """The config the launch command gives (for a command that is not torchrun's: the environment's)."""
    from distdoctor.config import load_config

    try:
        config, _ = load_config({}, list(command), environ)
    except UsageError:
        # Not a torchrun command line (a script, srun ...): the environment alone says what the job will use.
        config, _ = load_config({}, None, environ)
    return config


def relay_plan(config: LaunchConfig, coord_port: int | None) -> RelayPlan | str:
    """How this node joins the cross-node verdict, or why it cannot (a line for the user)."""
    if not config.nnodes.value.multi_node:
        return "single node"
    if config.master_addr is None:
        return "no cross-node verdict: the launch command names no --node-rank / --master-addr"
    port = coord_port or config.master_port.value + defaults.RELAY_PORT_OFFSET
    return RelayPlan(config.node_rank.value, config.nnodes.value.max, config.master_addr.value, port)


def preflight(command: Sequence[str], environ: Mapping[str, str]) -> Report:
    """`check --local-only` on the config the launch command gives."""
    from distdoctor.commands.check import CheckOptions, check

    report = check(job_config(command, environ), environ, CheckOptions(local_only=True))
    return Report("run", report.findings, report.config, report.facts, data=PreflightData("preflight"))


def run(
    command: Sequence[str],
    options: RunOptions,
    on_verdict: Callable[[Report], None],
    notify: Callable[[str], None],
    environ: Mapping[str, str],
) -> int:
    """Launch and watch `command`; each stall gives one verdict (every node's ranks where gathered); its exit code."""
    plan = relay_plan(job_config(command, environ), options.coord_port) if options.cross_node else "off"
    relay: Relay | None = None

    def mine() -> list[ProcessState]:
        return local_states(watch.processes())[0]

    def on_stall(stall: Stall) -> None:
        note = f"no output and no stack change for {stall.stalled_s:g} s"
        if relay is None:
            states, flight = local_states(stall.processes)
            on_verdict(verdict(states, "run", flight=flight, note=note))
            return
        try:
            gathered = relay.gather()
        except (FrameError, TimeoutError, OSError) as exc:
            notify(f"node 0 did not answer ({exc}); verdict for this node only")
            states, flight = local_states(stall.processes)
            on_verdict(verdict(states, "run", flight=flight, note=note))
            return
        on_verdict(verdict(gathered.states, "run", gathered=gathered, port=relay.port, note=note))

    watch = Watch(command, options.watch, on_stall, notify)
    if isinstance(plan, RelayPlan):
        relay = Relay(plan.node_rank, plan.nnodes, plan.master_addr, plan.port, mine, Channel(options.secret))
        where = f"reporting to {plan.master_addr}:{plan.port}" if plan.node_rank else f"listening on port {plan.port}"
        notify(f"node_rank {plan.node_rank} of {plan.nnodes}: {where} for the cross-node verdict")
        if options.secret is None:
            notify(ui("no_secret", "en", port=plan.port))
        problem = relay.start()
        if problem:
            notify(f"{problem}; verdicts for this node only (another port: --coord-port)")
            relay.stop()
            relay = None
    elif plan not in ("single node", "off"):
        notify(plan)
    try:
        return watch.run()
    finally:
        if relay is not None:
            with contextlib.suppress(Exception):
                relay.stop()
