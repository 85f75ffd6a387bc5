"""Start the real torchrun on this node with the job's config, running the smoke ranks; watch it; always end it.

The ranks write their progress into a private folder; the parent reads it for the live view and for this node's
results, and bounds every phase: the rendezvous by the init timeout, each step by its own timeout.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from distdoctor import defaults
from distdoctor.model import LaunchConfig
from distdoctor.model.codec import DecodeError, from_jsonable
from distdoctor.model.fields import TABLE, option
from distdoctor.model.smoke import (
    RankResult,
    RankStep,
    RendezvousWaiting,
    SmokeLaunched,
    SmokeRun,
    SmokeSink,
    SmokeStopped,
)
from distdoctor.smoke.rank import WATCHDOG_GRACE_S
from distdoctor.smoke.settings import DIR_VAR, SETTINGS_VAR, SmokeSettings
from distdoctor.smoke.store_watch import StoreWatch

_POLL_S = 0.2
_KILL_WAIT_S = 3.0
# After rank 0 wrote the verdict, the agents leave through torchrun's exit barrier; past this, we end them.
_EXIT_WAIT_S = 10.0


@dataclass(frozen=True)
class Plan:
    """The torchrun command for this node and where its rendezvous store listens."""

    argv: tuple[str, ...]
    nnodes: int
    node_rank: int
    nproc_per_node: int
    store_host: str
    store_port: int


def plan(config: LaunchConfig, settings: SmokeSettings) -> Plan:
    """torchrun with the job's nnodes, node_rank, nproc and rendezvous; its own timeouts set past ours."""
    nnodes = config.nnodes.value
    node_rank = config.node_rank.value
    nproc = config.nproc_per_node.value if config.nproc_per_node else 1
    addr = config.master_addr.value if config.master_addr else defaults.MASTER_ADDR_SINGLE_NODE
    port = config.master_port.value
    # Our deadlines decide; torchrun's own must not end the run first and take the store with it.
    rdzv_timeout = int(settings.init_timeout_s + defaults.SMOKE_START_GRACE_S + 60)
    argv = [sys.executable, "-m", "torch.distributed.run", f"{option('nnodes')}={nnodes}"]
    argv.append(f"{option('nproc_per_node')}={nproc}")
    backend = config.rdzv_backend.value
    if backend in ("c10d", "etcd", "etcd-v2") and config.rdzv_endpoint:
        endpoint = config.rdzv_endpoint.value
        host, _, port_text = endpoint.rpartition(":") if ":" in endpoint else (endpoint, "", "")
        store_host, store_port = host or endpoint, int(port_text) if port_text.isdigit() else defaults.C10D_PORT
        argv += [f"{option('rdzv_backend')}={backend}", f"{option('rdzv_endpoint')}={endpoint}"]
        argv.append(f"--rdzv-conf=join_timeout={rdzv_timeout}")
        if config.rdzv_id:
            argv.append(f"{option('rdzv_id')}={config.rdzv_id.value}")
        argv.append(f"{option('node_rank')}={node_rank}")
    else:
        store_host, store_port = addr, port
        argv += [
            f"{option('node_rank')}={node_rank}",
            f"{option('master_addr')}={addr}",
            f"{option('master_port')}={port}",
            f"--rdzv-conf=timeout={rdzv_timeout}",
        ]
    argv += ["--max-restarts=0", "--monitor-interval=0.5", "-m", "distdoctor.smoke.rank"]
    return Plan(tuple(argv), nnodes.max, node_rank, nproc, store_host, store_port)


def kill_tree(pid: int) -> None:
    """End a process and everything it started: TERM, a moment, then KILL. torchrun's workers may sit in other
    process groups, so the tree is walked rather than a group signalled."""
    try:
        root = psutil.Process(pid)
        procs = [*root.children(recursive=True), root]
    except psutil.NoSuchProcess:
        return
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            proc.terminate()
    _, alive = psutil.wait_procs(procs, timeout=_KILL_WAIT_S)
    for proc in alive:
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(alive, timeout=_KILL_WAIT_S)


@dataclass
class _Watch:
    """What the parent has read so far of its local ranks' progress logs."""

    offsets: dict[Path, int] = field(default_factory=dict)
    running: dict[int, float] = field(default_factory=dict)  # rank -> timeout of the step it is in
    ended: set[int] = field(default_factory=set)
    started: set[int] = field(default_factory=set)
    last_event: float = field(default_factory=time.monotonic)

    def read(self, out_dir: Path, on_event: SmokeSink) -> None:
        for path in sorted(out_dir.glob("rank-*.jsonl")):
            with open(path, encoding="utf-8") as f:
                f.seek(self.offsets.get(path, 0))
                chunk = f.read()
            complete = chunk[: chunk.rfind("\n") + 1]
            self.offsets[path] = self.offsets.get(path, 0) + len(complete.encode())
            for line in complete.splitlines():
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    self._event(json.loads(line), on_event)

    def _event(self, event: dict[str, object], on_event: SmokeSink) -> None:
        rank, step, state = int(str(event["rank"])), str(event["step"]), str(event["state"])
        self.last_event = time.monotonic()
        self.started.add(rank)
        if step == "end":
            self.ended.add(rank)
            self.running.pop(rank, None)
            return
        if state == "start":
            self.running[rank] = float(str(event.get("timeout_s", 0)))
        elif state != "size":
            self.running.pop(rank, None)
        seconds = event.get("seconds")
        on_event(
            RankStep(
                rank,
                step,
                state,
                float(str(seconds)) if seconds is not None else None,
                str(event["error"]) if event.get("error") else None,
            )
        )


def _local_results(out_dir: Path) -> tuple[RankResult, ...]:
    results = []
    for path in sorted(out_dir.glob("result-*.json")):
        with contextlib.suppress(OSError, ValueError, DecodeError):
            results.append(from_jsonable(RankResult, json.loads(path.read_text(encoding="utf-8"))))
    return tuple(sorted(results, key=lambda r: r.rank))


def _cluster(out_dir: Path) -> SmokeRun | None:
    path = out_dir / "cluster.json"
    if not path.exists():
        return None
    with contextlib.suppress(OSError, ValueError, DecodeError):
        return from_jsonable(SmokeRun, json.loads(path.read_text(encoding="utf-8")))
    return None


def _log_tail(path: Path, lines: int = 8) -> str:
    with contextlib.suppress(OSError):
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()
        wanted = [line for line in text if any(w in line for w in ("Error", "error", "failed", "Exception"))]
        return "\n".join(wanted[-lines:])
    return ""


def run_torchrun(
    config: LaunchConfig, settings: SmokeSettings, environ: Mapping[str, str], on_event: SmokeSink
) -> SmokeRun:
    """Launch, watch and end torchrun on this node; the run as rank 0 gathered it, or what this node saw."""
    p = plan(config, settings)
    out_dir = Path(tempfile.mkdtemp(prefix="distdoctor-smoke-"))
    env = {**environ, SETTINGS_VAR: settings.to_env(), DIR_VAR: str(out_dir), "PYTHONUNBUFFERED": "1"}
    # torchrun makes its log folder (torchelastic_*) in the temp folder and never removes it: keep it in ours.
    env["TMPDIR"] = str(out_dir)
    log_path = out_dir / "torchrun.log"
    watch = StoreWatch(p.store_host, p.store_port, p.node_rank, p.nnodes, settings.init_timeout_s)
    on_event(SmokeLaunched(shlex.join(["torchrun", *p.argv[3:]]), p.nnodes, p.nproc_per_node))
    start = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            list(p.argv),
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    watch.start()
    try:
        return _watch(proc, p, settings, out_dir, watch, start, on_event)
    finally:
        watch.stop()
        kill_tree(proc.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=_KILL_WAIT_S)
        shutil.rmtree(out_dir, ignore_errors=True)


def _watch(
    proc: subprocess.Popen[bytes],
    p: Plan,
    settings: SmokeSettings,
    out_dir: Path,
    store: StoreWatch,
    start: float,
    on_event: SmokeSink,
) -> SmokeRun:
    state = _Watch()
    last_wait_event = 0.0
    cluster_at: float | None = None
    reason = ""
    interrupted = False
    try:
        while True:
            now = time.monotonic()
            state.read(out_dir, on_event)
            if cluster_at is None and (out_dir / "cluster.json").exists():
                cluster_at = now  # the verdict is read once, after the loop
            if proc.poll() is not None:
                state.read(out_dir, on_event)
                reason = f"torchrun exited with code {proc.returncode}"
                break
            if cluster_at is not None and (state.ended >= state.started or now - cluster_at > _EXIT_WAIT_S):
                break
            if not state.started:
                if store.error:
                    reason = f"torchrun's store at {p.store_host}:{p.store_port} did not answer"
                    break
                # The rendezvous timeout counts from when the store is up; starting torchrun itself gets a grace.
                base = store.reached_at or start
                limit = settings.init_timeout_s + (0.0 if store.reached_at else defaults.SMOKE_START_GRACE_S)
                if now - last_wait_event >= 1.0:
                    last_wait_event = now
                    seen = tuple(n.node_rank for n in store.seen)
                    on_event(RendezvousWaiting(seen, p.nnodes, now - base, settings.init_timeout_s, store.reached))
                if now > base + limit:
                    reason = f"the rendezvous did not complete within {settings.init_timeout_s:.0f} s"
                    break
            else:
                # Each step ends within its timeout (a watchdog sees to it) and rank 0 then waits to collect.
                allowed = max(state.running.values(), default=settings.step_timeout_s)
                allowed += WATCHDOG_GRACE_S + 2 * settings.collect_timeout_s + settings.init_timeout_s
                if now - state.last_event > allowed:
                    reason = f"no progress from any rank for {allowed:.0f} s"
                    break
                if state.ended >= state.started and now - state.last_event > settings.collect_timeout_s + _EXIT_WAIT_S:
                    reason = "every rank here ended, but no verdict came from rank 0"
                    break
            time.sleep(_POLL_S)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (the CLI makes it one): what this node saw so far
        reason = "interrupted (Ctrl-C or SIGTERM)"
        interrupted = True
    waited = time.monotonic() - start
    cluster = _cluster(out_dir)
    if cluster is not None:
        return cluster
    on_event(SmokeStopped(reason))
    return SmokeRun(
        backend=settings.backend,
        world_size=p.nnodes * p.nproc_per_node,
        nnodes=p.nnodes,
        nproc_per_node=p.nproc_per_node,
        ranks=_local_results(out_dir),
        nodes_seen=store.seen,
        launch_error=f"{reason}\n{_log_tail(out_dir / 'torchrun.log')}".strip() if not state.started else reason,
        # torchrun that died at once (no torch, a bad flag) explains itself; the store is not the cause then.
        store_error=None if store.reached or proc.returncode is not None else (store.error or "not reached"),
        waited_s=waited,
        timeout_s=settings.init_timeout_s,
        step_timeout_s=settings.step_timeout_s,
        complete=False,
        local_node_rank=p.node_rank,
        store_address=f"{p.store_host}:{p.store_port}",
        interrupted=interrupted,
    )


def in_place_env(config: LaunchConfig, environ: Mapping[str, str]) -> dict[str, str]:
    """The variables a rank reads, filled in from the scheduler's (srun, mpirun) where the launcher set none."""
    env = dict(environ)
    for row in TABLE:
        value = getattr(config, row.name)
        for var in (row.env, row.worker_env):
            if var and var not in env and value is not None:
                env[var] = str(value.value)
    env.setdefault("MASTER_ADDR", defaults.MASTER_ADDR_SINGLE_NODE)
    env.setdefault("GROUP_WORLD_SIZE", str(config.nnodes.value.max))
    if "LOCAL_WORLD_SIZE" not in env and "WORLD_SIZE" in env:
        env["LOCAL_WORLD_SIZE"] = str(max(int(env["WORLD_SIZE"]) // config.nnodes.value.max, 1))
    return env


def under_launcher(config: LaunchConfig, environ: Mapping[str, str]) -> bool:
    """Whether this process already is one rank of many (torchrun, srun or mpirun tasks): then smoke runs in place."""
    if "TORCHELASTIC_RUN_ID" in environ and "RANK" in environ:
        return True
    # A scheduler's tasks, more than one a node: each task is a rank. One task a node starts torchrun there.
    if config.scheduler not in ("slurm", "openmpi") or config.world_size is None or config.rank is None:
        return False
    return config.world_size.value > config.nnodes.value.max
