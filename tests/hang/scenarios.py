"""Real hung gloo jobs for the tests and the stack recorder; every process is killed when the block ends."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

from testbed.ports import free_port

HUNG_RANK = Path(__file__).with_name("hung_rank.py")


@dataclass
class Job:
    """The processes of one scenario; `pids` are the roots (ranks or torchrun agents)."""

    procs: list[subprocess.Popen[bytes]]
    port: int

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.procs]


def rank_env(rank: int, world: int, port: int, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {**os.environ, **(extra or {})}
    env.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), WORLD_SIZE=str(world), RANK=str(rank))
    env.update(LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world))
    return env


def _start(argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    # Its own session, so the whole tree can be killed by group; output kept out of the test's way.
    return subprocess.Popen(argv, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ranks(plan: list[tuple[int, str]], world: int, env: dict[str, str] | None = None) -> Job:
    """Start ranks of one world: (rank, hung_rank.py scenario) each."""
    port = free_port()
    procs = [_start([sys.executable, str(HUNG_RANK), sc], rank_env(r, world, port, env)) for r, sc in plan]
    return Job(procs, port)


def torchrun(args: list[str], scenario: str = "init") -> Job:
    """One torchrun agent with the given flags over hung_rank.py."""
    port = free_port()
    argv = [sys.executable, "-m", "torch.distributed.run", *args, "--master-addr", "127.0.0.1"]
    argv += ["--master-port", str(port), str(HUNG_RANK), scenario]
    return Job([_start(argv, dict(os.environ))], port)


def kill_tree(pids: list[int]) -> None:
    """SIGKILL each root's whole tree (their groups and every descendant), then reap."""
    victims: list[psutil.Process] = []
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(pid)
            victims += [root, *root.children(recursive=True)]
    for pid in pids:
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
    for proc in victims:
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(victims, timeout=10)


@contextlib.contextmanager
def running(job: Job) -> Iterator[Job]:
    try:
        yield job
    finally:
        kill_tree(job.pids)
        for proc in job.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)


def flight_env(folder: Path) -> dict[str, str]:
    """Flight recorder on, dumps (written by hung_rank.py fr-mismatch itself) under `folder`."""
    return {"TORCH_FR_BUFFER_SIZE": "2000", "TORCH_FR_DUMP_TEMP_FILE": str(folder / "trace_")}


def wait_for_files(folder: Path, count: int, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while len(list(folder.glob("trace_*[0-9]"))) < count:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{count} flight-recorder dumps never appeared in {folder}")
        time.sleep(0.2)


def wait_for_frame(pids: list[int], names: set[str], timeout_s: float = 30.0) -> None:
    """Poll py-spy until every pid's main thread shows one of `names` (or the timeout ends)."""
    from distdoctor.hang.stacks import dump

    deadline = time.monotonic() + timeout_s
    pending = set(pids)
    while pending and time.monotonic() < deadline:
        for pid in list(pending):
            sample = dump(pid)
            main = sample.main_thread()
            if main and any(f.name.split(".")[-1] in names for f in main.frames):
                pending.discard(pid)
        time.sleep(0.3)
    if pending:
        raise TimeoutError(f"pids {sorted(pending)} never reached {sorted(names)}")
