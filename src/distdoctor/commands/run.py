"""`distdoctor run`: optional preflight, then the job launched unchanged and watched; a verdict when it hangs.
Across nodes, node 0's `run` gathers every node's ranks (hang/relay.py), so each verdict covers the whole job."""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from distdoctor import defaults
from distdoctor.catalogue.words import ui
from distdoctor.commands.hang_report import job_deadline, local_states, verdict
from distdoctor.errors import UsageError
from distdoctor.gather.wire import Channel, FrameError
from distdoctor.hang.ras import ras_status
from distdoctor.hang.relay import Relay
from distdoctor.hang.watch import Stall, Watch, WatchOptions
from distdoctor.model import Finding, LaunchConfig, Report
from distdoctor.model.hang import AbortLine, Death, ProcessState
from distdoctor.model.logs import MAX_TEXT
from distdoctor.model.report import HangData, PreflightData
from distdoctor.model.secret import Secret


@dataclass(frozen=True)
class RunOptions:
    watch: WatchOptions = field(default_factory=WatchOptions)
    coord_port: int | None = None  # default: MASTER_PORT + RELAY_PORT_OFFSET
    secret: Secret | None = None
    cross_node: bool = True
    pg_timeout_s: float | None = None  # the job's init_process_group(timeout=...), where the user gives it
    live_explain: bool = True  # every line the job prints through explain's signatures, as it is printed


class LiveExplain:
    """explain's signatures on each line the job prints: a known failure is a finding the moment it is printed,
    each one once."""

    def __init__(self, on_findings: Callable[[list[Finding], str], None]) -> None:
        self.on_findings = on_findings
        self.seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
        self._lock = threading.Lock()

    def line(self, stream: str, text: str, number: int) -> None:
        """Line `number` of `stream`, numbered as the job's output is, so the evidence points at the line the user
        saw."""
        from distdoctor.facts.logs import to_input
        from distdoctor.rules.logs import WHERE_IT_STOPPED, explain_findings, match_line

        log = to_input(text, stream)
        log = replace(log, lines=tuple(replace(line, number=number) for line in log.lines))
        if not log.lines or not any(match_line(line) for line in log.lines):
            return  # most lines: no signature, no finding (the unexplained-failure finding needs the whole log)
        fresh = []
        for finding in explain_findings([log]):
            if finding.name == "log-unexplained-failure" or finding.name in WHERE_IT_STOPPED:
                continue  # judged on the whole log: one line is not where the job stopped
            key = (finding.name, finding.params)
            with self._lock:
                if key in self.seen:
                    continue
                self.seen.add(key)
            fresh.append(finding)
        if fresh:
            self.on_findings(fresh, f"{stream} line {number}")


class DeathLines:
    """What the job prints about its ranks as they die, each line with when it came: ProcessGroupNCCL's abort lines
    (rules/abort.py), and the launcher's report of a failed rank's exit, read where the launcher, as the rank's
    parent, reaped it before the watch could read its status."""

    def __init__(self) -> None:
        self.aborts: deque[tuple[float, AbortLine]] = deque(maxlen=defaults.ABORT_LINES_KEPT)
        self.exits: deque[tuple[int, int, str]] = deque(maxlen=defaults.ABORT_LINES_KEPT)  # pid, code, where
        self.settled_by = 0.0  # the deaths seen in one poll wait for their lines together, once
        self._lock = threading.Lock()

    def line(self, stream: str, text: str, number: int) -> None:
        from distdoctor.rules.abort import NEEDLES, abort_line
        from distdoctor.rules.clock import reported_exit

        where = f"{stream} line {number}"
        if exit_ := reported_exit(text):
            with self._lock:
                self.exits.append((*exit_, f"{where}: {text.strip()[:MAX_TEXT]}"))
        if not any(needle in text for needle in NEEDLES):
            return
        from distdoctor.facts.logs import to_input

        for line in to_input(text, stream).lines:
            found = abort_line(line, where)
            if found is not None:
                with self._lock:
                    self.aborts.append((time.monotonic(), found))

    def _now(self, death: Death) -> tuple[Death, list[AbortLine]]:
        since = time.monotonic() - defaults.ABORT_LINE_WINDOW_S
        with self._lock:
            aborts = [line for at, line in self.aborts if at >= since]
            report = next(((code, where) for pid, code, where in reversed(self.exits) if pid == death.pid), None)
        if report is not None and death.exit_code is None and death.signal is None:
            code, where = report
            exit_code, sig = (None, -code) if code < 0 else (code, None)
            death = replace(death, exit_code=exit_code, signal=sig, reported=where)
        return death, aborts

    def settle(self, death: Death) -> tuple[Death, list[AbortLine]]:
        """The death, with the exit its launcher reported where the watch read none, and the recent abort lines.
        While its status is unknown, or it died by SIGABRT and none of the lines is its own, they are waited for a
        moment: the rank wrote them before it died, the launcher right after, but the output pump may lag."""
        from distdoctor.rules.abort import lines_of

        now = time.monotonic()
        if self.settled_by < now - defaults.ABORT_LINE_GRACE_S:
            self.settled_by = now + defaults.ABORT_LINE_GRACE_S
        while True:
            found, aborts = self._now(death)
            unknown = found.exit_code is None and found.signal is None
            if not unknown and not (found.signal == signal.SIGABRT and not lines_of(found, aborts)):
                return found, aborts
            if time.monotonic() >= self.settled_by:
                return found, aborts
            time.sleep(0.05)


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
    # Verdicts come from the watch loop, the output pumps (live explain) and the death poll: one at a time.
    said = threading.Lock()

    def say(report: Report) -> None:
        with said:
            on_verdict(report)

    def mine() -> list[ProcessState]:
        return local_states(watch.processes(), watch.held_now())[0]

    def on_stall(stall: Stall) -> None:
        note = f"no output and no stack change for {stall.stalled_s:g} s"
        if stall.pace_s is not None:
            note += f" (the job's pace: a sign of progress every {stall.pace_s:.1f} s or sooner; threshold "
            note += f"{stall.threshold_s:g} s)"
        if relay is None:
            states, flight = local_states(stall.processes, stall.held, stall.last_seen, stall.current)
            clock = job_deadline(states, options.pg_timeout_s)
            note += f"; deadline {clock.seconds:g} s ({clock.source})"
            ras = ras_status(stall.processes)
            say(verdict(states, "run", flight=flight, note=note, clock=clock, ras=ras))
            return
        try:
            gathered = relay.gather()
        except (FrameError, TimeoutError, OSError) as exc:
            notify(f"node 0 did not answer ({exc}); verdict for this node only")
            states, flight = local_states(stall.processes, stall.held, stall.last_seen)
            clock = job_deadline(states, options.pg_timeout_s)
            say(verdict(states, "run", flight=flight, note=note, clock=clock))
            return
        clock = job_deadline(gathered.states, options.pg_timeout_s)
        say(verdict(gathered.states, "run", gathered=gathered, port=relay.port, note=note, clock=clock))

    def on_findings(findings: list[Finding], where: str) -> None:
        data = HangData(ranks=(), note=f"live: the job printed it ({where})")
        say(Report("run", tuple(findings), data=data))

    def on_death(death: Death) -> None:
        from distdoctor.rules.clock import death_findings

        death, lines = dying.settle(death)
        findings = death_findings([death], lines, earlier, peers() if lines else ())
        earlier.append(death)
        if findings:
            data = HangData(ranks=(), note=f"live: rank {death.rank} (pid {death.pid}) on {socket.gethostname()} ended")
            say(Report("run", tuple(findings), data=data))

    def peers() -> list[ProcessState]:
        """Every rank of the job as last sampled: none is sampled again, the job may be ending."""
        from distdoctor.rules.stacks import classify

        held = watch.held_now()
        return [
            replace(classify(p, sample), held_s=held.get(p.pid))
            for p, sample in watch.last_samples()
            if p.role == "worker"
        ]

    live = LiveExplain(on_findings) if options.live_explain else None
    dying = DeathLines()
    earlier: list[Death] = []  # the deaths seen so far, in order: where an abort's first failure is looked for
    numbers = {"stdout": 0, "stderr": 0}  # each stream's lines are counted by its own pump thread only

    def on_line(stream: str, text: str) -> None:
        numbers[stream] += 1
        dying.line(stream, text, numbers[stream])
        if live is not None:
            live.line(stream, text, numbers[stream])

    watch = Watch(command, options.watch, on_stall, notify, on_line, on_death)
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
