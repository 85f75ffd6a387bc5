"""One rank of a smoke run: every step timed and bounded, results to rank 0 through the launcher's store.

torchrun starts this as `python -m distdoctor.smoke.rank`; under srun or mpirun `distdoctor smoke` calls
`run_rank` in place. torch is imported only once the rank has said it started, so a broken torch is reported too.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import socket
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from distdoctor import defaults
from distdoctor.model.codec import from_jsonable, to_jsonable
from distdoctor.model.smoke import CHECKED_OPS, NodeSeen, RankResult, RankStep, SmokeRun, SmokeSink, StepResult
from distdoctor.smoke import keys
from distdoctor.smoke.settings import DIR_VAR, SmokeSettings, expected_s, iters_for, settings_from_env

# The watchdog ends a step this long after its own timeout should have fired inside torch.
WATCHDOG_GRACE_S = 3.0
_POLL_S = 0.2
_ERROR_CHARS = 600


@dataclass(frozen=True)
class Identity:
    """Who this rank is, from the variables the launcher set."""

    rank: int
    world_size: int
    local_rank: int
    local_world_size: int
    node_rank: int | None
    nnodes: int
    master_addr: str
    master_port: int
    agent_store: bool  # torchrun's agent hosts the store; else rank 0 does


def identity_from_env(environ: Mapping[str, str]) -> Identity:
    """Read RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, ... as torchrun (or `distdoctor smoke` in place) set them."""
    world = int(environ["WORLD_SIZE"])
    local_world = int(environ.get("LOCAL_WORLD_SIZE", world))
    group = environ.get("GROUP_RANK")
    return Identity(
        rank=int(environ["RANK"]),
        world_size=world,
        local_rank=int(environ.get("LOCAL_RANK", "0")),
        local_world_size=local_world,
        node_rank=int(group) if group is not None else None,
        nnodes=int(environ.get("GROUP_WORLD_SIZE", max(world // max(local_world, 1), 1))),
        master_addr=environ.get("MASTER_ADDR", defaults.MASTER_ADDR_SINGLE_NODE),
        master_port=int(environ.get("MASTER_PORT", defaults.MASTER_PORT)),
        agent_store=environ.get("TORCHELASTIC_USE_AGENT_STORE", "").lower() == "true",
    )


def _addresses() -> tuple[str, ...]:
    import psutil

    found = {a.address for addrs in psutil.net_if_addrs().values() for a in addrs if a.family == socket.AF_INET}
    return tuple(sorted(found))


def _stuck_connects() -> list[str]:
    """This process's TCP connects still waiting for an answer (SYN_SENT): the peers a hung step cannot reach."""
    import psutil

    try:
        conns = psutil.Process().net_connections(kind="tcp")
    except psutil.Error:
        return []
    return sorted({f"{c.raddr.ip}:{c.raddr.port}" for c in conns if c.status == psutil.CONN_SYN_SENT and c.raddr})


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    lines = [line for line in text.splitlines() if line.strip()]
    return (lines[-1] if "Traceback" in text else lines[0])[:_ERROR_CHARS] if lines else type(exc).__name__


class RankRun:
    """The steps of one rank. A failed step ends the run; a watchdog ends a step torch itself does not end."""

    def __init__(
        self, ident: Identity, settings: SmokeSettings, out_dir: Path | None, on_event: SmokeSink | None = None
    ) -> None:
        self.ident = ident
        self.on_event = on_event
        self.settings = settings
        self.out_dir = out_dir
        self.steps: list[StepResult] = []
        self.extra: dict[str, Any] = {}
        self.store: Any = None
        self.torch: Any = None
        self.device: Any = None
        self.side_group: Any = None  # gloo group for monitored_barrier when the backend is nccl
        self._lock = threading.Lock()
        self._current: tuple[str, float, float] | None = None  # step, started, deadline
        self._finished = False
        self._outcome: SmokeRun | None = None
        self._result = RankResult(
            rank=ident.rank,
            local_rank=ident.local_rank,
            node_rank=ident.node_rank,
            host=socket.gethostname(),
            pid=os.getpid(),
            addresses=(),
            steps=(),
        )

    # --- records ------------------------------------------------------------------------------------------------

    def _log(self, **event: Any) -> None:
        if self.on_event is not None and event.get("step") not in ("start", "end"):
            seconds, error = event.get("seconds"), event.get("error")
            self.on_event(RankStep(self.ident.rank, event["step"], event["state"], seconds, error))
        if self.out_dir is None:
            return
        line = json.dumps({"t": time.time(), "rank": self.ident.rank, **event})
        with open(self.out_dir / f"rank-{self.ident.rank}.jsonl", "a", encoding="utf-8") as f:
            f.write(line + "\n")

    def _snapshot(self, finished: bool = False) -> RankResult:
        return replace(self._result, steps=tuple(self.steps), finished=finished, **self.extra)

    def _publish(self, finished: bool = False) -> None:
        result = self._snapshot(finished)
        text = json.dumps(to_jsonable(result))
        if self.out_dir is not None:
            tmp = self.out_dir / f".result-{self.ident.rank}.json"
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(self.out_dir / f"result-{self.ident.rank}.json")
        if self.store is not None:
            with contextlib.suppress(Exception):  # the store's host may be gone; the local file still tells
                self.store.set(keys.result(self.ident.rank), text)

    def _record(self, result: StepResult) -> None:
        self.steps.append(result)
        state = "ok" if result.ok else ("skipped" if result.skipped else "failed")
        self._log(step=result.step, state=state, seconds=round(result.seconds, 4), error=result.error)
        self._publish()

    # --- steps --------------------------------------------------------------------------------------------------

    def step(self, name: str, timeout_s: float, body: Callable[[], dict[str, Any] | None]) -> bool:
        """Run one step with its deadline; record how it went. False (an error, a hang) ends the run."""
        started = time.monotonic()
        with self._lock:
            if self._finished:
                return False
            self._current = (name, started, started + timeout_s)
        self._log(step=name, state="start", timeout_s=timeout_s)
        try:
            detail = body() or {}
            result = StepResult(name, ok=not detail.get("wrong"), seconds=time.monotonic() - started, **detail)
        except Exception as exc:
            message = _first_line(exc)
            timed_out = "timed out" in message.lower() or "timeout" in message.lower()
            result = StepResult(name, ok=False, seconds=time.monotonic() - started, error=message, timed_out=timed_out)
        with self._lock:
            if self._finished:  # the watchdog gave up on this step meanwhile and reported it
                return False
            self._current = None
            self._record(result)
        # Wrong values leave the group working: go on, so every collective that is wrong gets named.
        return result.ok or bool(result.wrong)

    def extend(self, timeout_s: float) -> None:
        """The running step made progress: its deadline is now + timeout_s (a step that moves data keeps going as
        long as the data keeps coming, at the rate it measured)."""
        with self._lock:
            if self._current is not None:
                name, started, _ = self._current
                self._current = (name, started, time.monotonic() + timeout_s)

    def _watchdog(self) -> None:
        while True:
            time.sleep(_POLL_S)
            with self._lock:
                if self._finished:
                    return
                current = self._current
                if current is None or time.monotonic() < current[2] + WATCHDOG_GRACE_S:
                    continue
                name, started, deadline = current
                self._current = None
                stuck = _stuck_connects()
                pending = f"; connects unanswered (SYN_SENT) to {', '.join(stuck)}" if stuck else ""
                self._record(
                    StepResult(
                        name,
                        ok=False,
                        seconds=time.monotonic() - started,
                        error=f"no answer within {deadline - started:.0f} s{pending}",
                        timed_out=True,
                    )
                )
            # The main thread is stuck inside torch: report from here, then leave without waiting for it.
            self.finish()
            sys.stdout.flush()
            os._exit(0)

    def run(self) -> SmokeRun | None:
        """All steps, then the report; rank 0 (and each node's first rank) return the run as rank 0 gathered it."""
        threading.Thread(target=self._watchdog, name="distdoctor-smoke-watchdog", daemon=True).start()
        self._log(step="start", state="ok")
        try:
            self._steps()
        finally:
            outcome = self.finish()
        return outcome

    def _steps(self) -> None:
        s, ident = self.settings, self.ident
        if not self.step("import", s.init_timeout_s, self._import):
            return
        if not self.step("store", s.init_timeout_s, self._connect_store):
            return
        if not self.step("init", s.init_timeout_s, self._init):
            return
        if not self.step("barrier", s.step_timeout_s, self._barrier):
            return
        if not self.step("compute", s.step_timeout_s, self._compute):
            return
        for op in CHECKED_OPS:
            if not self.step(op, s.step_timeout_s, lambda op=op: self._check(op)):  # type: ignore[misc]
                return
        if not self.step("p2p", s.step_timeout_s, self._p2p):
            return
        if s.sizes and ident.world_size > 1:
            self.step("bandwidth", s.step_timeout_s, self._bandwidth)

    def _import(self) -> None:
        os.environ.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")  # its socket warnings would bury our lines
        warnings.filterwarnings("ignore", message="Failed to initialize NumPy")  # smoke needs no numpy
        import torch
        import torch.distributed

        self.torch = torch
        self._result = replace(self._result, addresses=_addresses())
        if self.settings.backend == "nccl":
            torch.cuda.set_device(self.ident.local_rank)
            self.device = torch.device("cuda", self.ident.local_rank)
        else:
            self.device = torch.device("cpu")

    def _connect_store(self) -> None:
        dist = self.torch.distributed
        ident = self.ident
        self.store = dist.TCPStore(
            ident.master_addr,
            ident.master_port,
            is_master=ident.rank == 0 and not ident.agent_store,
            timeout=datetime.timedelta(seconds=self.settings.init_timeout_s),
            wait_for_workers=False,
        )

    def _init(self) -> None:
        dist = self.torch.distributed
        ident = self.ident
        dist.init_process_group(
            self.settings.backend,
            store=dist.PrefixStore(keys.PG_PREFIX, self.store),
            rank=ident.rank,
            world_size=ident.world_size,
            timeout=datetime.timedelta(seconds=self.settings.init_timeout_s),
        )
        if self.settings.backend != "gloo":
            self.side_group = dist.new_group(backend="gloo")

    def _barrier(self) -> None:
        self.torch.distributed.monitored_barrier(
            group=self.side_group, timeout=datetime.timedelta(seconds=self.settings.step_timeout_s), wait_all_ranks=True
        )

    def _compute(self) -> None:
        from distdoctor.smoke import collectives

        s = self.settings
        extra = s.delay_s if s.delay_rank == self.ident.rank else 0.0
        collectives.compute(extra)

    def _check(self, op: str) -> dict[str, Any] | None:
        from distdoctor.smoke import collectives

        wrong = collectives.check(
            op,
            self.ident.rank,
            self.ident.world_size,
            self.device,
            self.settings.wrong_rank,
            self.settings.step_timeout_s,
        )
        return {"wrong": tuple(wrong)} if wrong else None

    def _p2p(self) -> dict[str, Any] | None:
        from distdoctor import defaults
        from distdoctor.model.smoke import PeerBandwidth
        from distdoctor.smoke import collectives

        ident = self.ident
        # Every rank has published its host to the store by now (before the barrier); all_gather_object would
        # need numpy, which a node need not have.
        hosts = [
            from_jsonable(RankResult, json.loads(self.store.get(keys.result(r)))).host for r in range(ident.world_size)
        ]
        # One rank per other node, so the cost grows with nodes, not ranks.
        peers = [r for r, host in enumerate(hosts) if host != hosts[0] and host not in hosts[:r]]
        if not peers:
            return {"skipped": "one node: no link between nodes to time"}
        rounds, probe = defaults.SMOKE_P2P_ROUNDS, defaults.SMOKE_P2P_PROBE_BYTES
        # Each peer's share of the step: the ranks not in a ping-pong wait for rank 0 in the next step.
        budget_s = self.settings.step_timeout_s / (2 * len(peers))
        timed = []
        for peer in peers:
            if ident.rank in (0, peer):
                probe_s = collectives.ping_pong(peer, ident.rank, probe, 1, self.device)
                rate = 2 * probe / probe_s if probe_s > 0 else float("inf")
                fits = int(rate * budget_s / (2 * rounds)) // 4 * 4
                size = collectives.agree_size(
                    peer, ident.rank, max(probe, min(defaults.SMOKE_P2P_BYTES, fits)), self.device
                )
                self.extend(max(self.settings.step_timeout_s, defaults.SMOKE_RATE_MARGIN * 2 * rounds * size / rate))
                seconds = collectives.ping_pong(peer, ident.rank, size, rounds, self.device)
                if ident.rank == 0:
                    gbps = 2 * size * rounds / seconds / 1e9 if seconds > 0 else 0.0
                    timed.append(PeerBandwidth(peer, str(hosts[peer]), size, seconds, gbps))
        self.extra["peers"] = tuple(timed)
        return None

    def _bandwidth(self) -> None:
        from distdoctor import defaults
        from distdoctor.smoke import collectives

        rows = []
        rate: float | None = None  # bytes a second of the slowest rank at the last size, the same on every rank
        for size in self.settings.sizes:
            iters = iters_for(size, self.settings, rate)
            self.extend(expected_s(size, iters + defaults.SMOKE_WARMUP_ITERS, rate, self.settings))
            row = collectives.time_all_reduce(
                size, iters, defaults.SMOKE_WARMUP_ITERS, self.ident.world_size, self.device
            )
            rows.append(row)
            rate = collectives.slowest_rate(row.algbw_gbps * 1e9, self.device)
            self.extra["bandwidth"] = tuple(rows)
            self._log(step="bandwidth", state="size", size=size, iters=iters)

    # --- the end: report, and gather on rank 0 -------------------------------------------------------------------

    def finish(self) -> SmokeRun | None:
        """Publish this rank's last result; rank 0 gathers everyone's. Once, from the main thread or the watchdog."""
        with self._lock:
            if self._finished:
                return self._outcome
            self._finished = True
            self._current = None
        self._publish(finished=True)
        if self.store is not None:
            with contextlib.suppress(Exception):
                self.store.set(keys.done(self.ident.rank), "1")
        outcome = None
        if self.ident.rank == 0:
            outcome = self._gather()
        elif self.ident.local_rank == 0:
            outcome = self._verdict_from_rank0()
        if outcome is not None and self.out_dir is not None:
            tmp = self.out_dir / ".cluster.json"
            tmp.write_text(json.dumps(to_jsonable(outcome)), encoding="utf-8")
            tmp.replace(self.out_dir / "cluster.json")
        self._log(step="end", state="ok")
        self._outcome = outcome
        with contextlib.suppress(Exception):
            if self.torch is not None and self.torch.distributed.is_initialized():
                self.torch.distributed.destroy_process_group()
        return outcome

    def _wait_s(self) -> float:
        # Ranks that failed at the same step as rank 0 report about one timeout of that step later.
        s = self.settings
        last = self.steps[-1] if self.steps else None
        if last is None or last.ok:
            return s.collect_timeout_s
        early = last.step in ("import", "store", "init")
        return s.collect_timeout_s + (s.init_timeout_s if early else s.step_timeout_s)

    def _gather(self) -> SmokeRun:
        ident, store = self.ident, self.store
        results: dict[int, RankResult] = {0: self._snapshot(finished=True)}
        nodes: list[NodeSeen] = []
        complete = False
        waited = 0.0
        if store is not None:
            start = time.monotonic()
            deadline = start + self._wait_s()
            pending = set(range(1, ident.world_size))
            while pending and time.monotonic() < deadline:
                with contextlib.suppress(Exception):
                    pending = {r for r in pending if not store.check([keys.done(r)])}
                if pending:
                    time.sleep(_POLL_S)
            complete = not pending
            waited = time.monotonic() - start
            for r in range(1, ident.world_size):
                with contextlib.suppress(Exception):
                    if store.check([keys.result(r)]):
                        results[r] = from_jsonable(RankResult, json.loads(store.get(keys.result(r))))
            for k in range(ident.nnodes):
                with contextlib.suppress(Exception):
                    if store.check([keys.node(k)]):
                        nodes.append(NodeSeen(k, store.get(keys.node(k)).decode()))
        run = SmokeRun(
            backend=self.settings.backend,
            world_size=ident.world_size,
            nnodes=ident.nnodes,
            nproc_per_node=ident.local_world_size,
            ranks=tuple(results[r] for r in sorted(results)),
            nodes_seen=tuple(nodes),
            waited_s=waited,
            timeout_s=self.settings.init_timeout_s,
            step_timeout_s=self.settings.step_timeout_s,
            complete=complete,
        )
        if store is not None:
            with contextlib.suppress(Exception):
                store.set(keys.VERDICT, json.dumps(to_jsonable(run)))
            if not ident.agent_store:
                self._wait_for_readers(run)
        return run

    def _wait_for_readers(self, run: SmokeRun) -> None:
        """In place, this process hosts the store: stay until each node's first rank has read the verdict."""
        readers = [r.rank for r in run.ranks if r.local_rank == 0 and r.rank != 0]
        deadline = time.monotonic() + self.settings.collect_timeout_s
        while readers and time.monotonic() < deadline:
            with contextlib.suppress(Exception):
                readers = [r for r in readers if not self.store.check([keys.verdict_read(r)])]
            if readers:
                time.sleep(_POLL_S)

    def _verdict_from_rank0(self) -> SmokeRun | None:
        if self.store is None:
            return None
        try:
            wait_s = self._wait_s() + self.settings.collect_timeout_s
            self.store.wait([keys.VERDICT], datetime.timedelta(seconds=wait_s))
            run = from_jsonable(SmokeRun, json.loads(self.store.get(keys.VERDICT)))
            self.store.set(keys.verdict_read(self.ident.rank), "1")
            return run
        except Exception:
            return None


def run_rank(
    environ: Mapping[str, str], settings: SmokeSettings, out_dir: Path | None, on_event: SmokeSink | None = None
) -> SmokeRun | None:
    """One rank's whole run; the gathered run on rank 0 and on each node's first rank, else None."""
    return RankRun(identity_from_env(environ), settings, out_dir, on_event).run()


def main() -> None:
    """Entry point under torchrun: settings and the output folder come from the environment."""
    settings = settings_from_env(os.environ)
    out = os.environ.get(DIR_VAR)
    try:
        run_rank(os.environ, settings, Path(out) if out else None)
    except Exception:  # a bug of ours: show it in the launcher's log, where the parent looks
        traceback.print_exc()
        raise


if __name__ == "__main__":
    main()
