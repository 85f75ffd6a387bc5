"""Attacks on node 0 from outside its process: raw sockets from several loopback source addresses, and the real
CLI as node 0 and as honest workers. Shared by tests/adversarial/ and bench/node0_under_attack.py."""

from __future__ import annotations

import contextlib
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from testbed import ports

SRC = Path(__file__).resolve().parents[2] / "src"
MIB = 1 << 20
# Words on stderr that mean Python or asyncio printed a traceback.
TRACEBACK_MARKS = ("Traceback", "Task was destroyed", "Exception in callback", "exception was never retrieved")


def env(src: Path = SRC) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "PMIX_", "PET_"))}
    base.pop("DISTDOCTOR_SECRET", None)
    return {**base, "LANG": "C.UTF-8", "PYTHONPATH": str(src)}


def free_port() -> int:
    """A port free on every address (node 0 listens on the node's address, attackers connect from loopback)."""
    return ports.free_port("")


def free_port_pair() -> int:
    """A MASTER_PORT free on every address with the relay's port beside it free too."""
    return ports.free_port_pair("")


def node_address() -> str:
    """This machine's first address other than loopback: workers' checks refuse a loopback MASTER_ADDR."""
    for addresses in psutil.net_if_addrs().values():
        for a in addresses:
            if a.family == socket.AF_INET and not a.address.startswith("127."):
                return str(a.address)
    return "127.0.0.1"


def sources(n: int) -> list[str]:
    """n attacker addresses, 127.0.0.2 ... (node 0 and honest workers are elsewhere)."""
    return [f"127.0.0.{2 + i}" for i in range(n)]


def check_args(rank: int, nnodes: int, addr: str, port: int, wait_s: float) -> list[str]:
    return [
        sys.executable, "-m", "distdoctor", "check", "--json", "--nnodes", str(nnodes), "--node-rank", str(rank),
        "--master-addr", addr, "--master-port", str(port), "--wait", str(wait_s),
    ]  # fmt: skip


def start(argv: Sequence[str], src: Path = SRC, extra_env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        list(argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**env(src), **(extra_env or {})}
    )


def wait_listening(port: int, host: str = "127.0.0.1", timeout_s: float = 45) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=1):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {host}:{port}")


class PeakRss:
    """Samples a process's resident memory every 20 ms in a thread; `.peak_mb` once stopped."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            try:
                self.peak = max(self.peak, self.process.memory_info().rss)
            except psutil.Error:
                return

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        return self.peak / MIB


def _connect(host: str, port: int, source: str, timeout_s: float = 5) -> socket.socket | None:
    try:
        return socket.create_connection((host, port), timeout=timeout_s, source_address=(source, 0))
    except OSError:
        return None


@dataclass
class Held:
    """Sockets an attack keeps open; closing them is the attack's end."""

    socks: list[socket.socket] = field(default_factory=list)

    def close(self) -> None:
        for s in self.socks:
            with contextlib.suppress(OSError):
                s.close()
        self.socks.clear()


def half_open(host: str, port: int, n: int, *, frame: int = MIB, sent: int = MIB // 2, srcs: int = 4) -> Held:
    """n connections that each announce a `frame`-byte frame, send `sent` bytes of it, then stall."""
    held = Held()
    body = b"x" * sent
    for i in range(n):
        s = _connect(host, port, sources(srcs)[i % srcs])
        if s is None:
            continue
        s.setblocking(False)
        with contextlib.suppress(OSError):
            s.send(struct.pack(">I", frame) + body)  # what fits in the socket buffers: node 0 may read none of it
        held.socks.append(s)
    return held


def idle(host: str, port: int, n: int, *, srcs: int = 4) -> Held:
    """n connections that never send a byte."""
    held = Held()
    for i in range(n):
        s = _connect(host, port, sources(srcs)[i % srcs])
        if s is not None:
            held.socks.append(s)
    return held


@contextlib.contextmanager
def storm(host: str, port: int, *, srcs: int = 6, threads: int = 6) -> Iterator[list[int]]:
    """Connect and reset as fast as threads allow from srcs source addresses while the block runs; yields a one-item
    list with the number of connections made so far."""
    count = [0]
    stop = threading.Event()
    linger = struct.pack("ii", 1, 0)  # close with a reset: no TIME_WAIT on our side, the storm never runs dry

    def hammer(k: int) -> None:
        mine = sources(srcs)
        i = k
        while not stop.is_set():
            s = _connect(host, port, mine[i % srcs], timeout_s=1)
            i += 1
            if s is None:
                time.sleep(0.001)
                continue
            with contextlib.suppress(OSError):
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
            s.close()
            count[0] += 1

    workers = [threading.Thread(target=hammer, args=(k,), daemon=True) for k in range(threads)]
    for w in workers:
        w.start()
    try:
        yield count
    finally:
        stop.set()
        for w in workers:
            w.join()


def tracebacks(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if any(m in line for m in TRACEBACK_MARKS)]
