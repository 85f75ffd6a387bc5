"""An attacker's kit for tests/adversarial: real `distdoctor check` processes, raw peers speaking the wire protocol
from outside the process, and forged reports built from the model (what anyone who read the source could send)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adversarial.attacks import env, free_port, node_address
from distdoctor.model import Finding, NodeReport
from distdoctor.model.codec import to_jsonable
from testbed.recorded import HEALTHY_WORKER, config, facts

# ADVERSARIAL_SRC: run the attacks against another checkout (the before/after figures of issue 14).
SRC = Path(os.environ.get("ADVERSARIAL_SRC") or Path(__file__).resolve().parents[2] / "src")
ENV = env(SRC)
_LENGTH = struct.Struct(">I")


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} in --json output")


@dataclass
class Check:
    """One `distdoctor check --json` process of a cluster on this machine."""

    proc: subprocess.Popen[str]
    out: str = ""
    err: str = ""

    def finish(self, timeout_s: float = 60) -> dict[str, Any]:
        try:
            self.out, self.err = self.proc.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.out, self.err = self.proc.communicate()
            raise AssertionError(f"check hung; stderr: {self.err[-2000:]}") from None
        assert "Traceback" not in self.err, self.err[-4000:]
        try:
            # Strict RFC 8259: NaN and Infinity are not JSON.
            report: dict[str, Any] = json.loads(self.out, parse_constant=_not_json)
        except ValueError:
            shown = f"{self.out[-500:]} {self.err[-2000:]}"
            raise AssertionError(f"no JSON verdict (exit {self.proc.returncode}): {shown}") from None
        return report


@dataclass
class Cluster:
    """nnodes `check` processes' settings: node 0 and workers started as the real CLI."""

    nnodes: int
    wait_s: float = 6.0
    secret: str | None = None
    addr: str = field(default_factory=node_address)
    port: int = field(default_factory=free_port)
    started: list[Check] = field(default_factory=list)

    def args(self, rank: int, *extra: str, json_out: bool = True) -> list[str]:
        flags = ["--nnodes", str(self.nnodes), "--node-rank", str(rank), "--master-addr", self.addr]
        flags += [
            "--master-port",
            str(self.port),
            "--wait",
            str(self.wait_s),
            *(["--json"] if json_out else []),
            *extra,
        ]
        if self.secret:
            flags += ["--secret", self.secret]
        return [sys.executable, "-m", "distdoctor", "check", *flags]

    def start(self, rank: int, *extra: str, json_out: bool = True, port: int | None = None) -> Check:
        proc = subprocess.Popen(
            self.args(rank, *extra, json_out=json_out),
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.started.append(Check(proc))
        if rank == 0:
            wait_listening(self.addr, port or self.port)
        return self.started[-1]

    def stop(self) -> None:
        for check in self.started:
            with contextlib.suppress(ProcessLookupError):
                check.proc.kill()
            with contextlib.suppress(Exception):
                check.proc.communicate(timeout=5)


@contextlib.contextmanager
def cluster(nnodes: int, **options: Any) -> Iterator[Cluster]:
    c = Cluster(nnodes, **options)
    try:
        yield c
    finally:
        c.stop()


def wait_listening(host: str, port: int, timeout_s: float = 20) -> None:
    """Until something accepts on host:port (node 0's CLI takes a moment to gather its own facts)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection((host, port), 0.5) as s:
            s.close()
            return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {host}:{port}")


def frame(payload: Any) -> bytes:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return _LENGTH.pack(len(data)) + data


def message(type_: str, body: Any, **extra: Any) -> bytes:
    return frame({"v": 1, "type": type_, "body": body, **extra})


class RawPeer:
    """A client that is not distdoctor: a plain socket, frames written by hand."""

    def __init__(self, host: str, port: int, timeout_s: float = 10) -> None:
        self.sock = socket.create_connection((host, port), timeout_s)
        self.sock.settimeout(timeout_s)

    def read(self) -> dict[str, Any] | None:
        """The next frame as JSON; None when the connection closed."""
        head = self._exactly(4)
        if head is None:
            return None
        data = self._exactly(_LENGTH.unpack(head)[0])
        return None if data is None else json.loads(data)

    def _exactly(self, n: int) -> bytes | None:
        buf = b""
        while len(buf) < n:
            try:
                chunk = self.sock.recv(n - len(buf))
            except OSError:
                return None
            if not chunk:
                return None
            buf += chunk
        return buf

    def send(self, data: bytes) -> None:
        with contextlib.suppress(OSError):
            self.sock.sendall(data)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


def forged_report(rank: int, nnodes: int, addr: str, port: int, *, hostname: str | None = None, **changes: Any) -> Any:
    """A report body as an honest node would send it, made up by an attacker (facts of a recorded healthy node)."""
    flags = {"nnodes": str(nnodes), "node_rank": str(rank), "master_addr": addr, "master_port": str(port)}
    report = NodeReport(config(flags=flags), facts(HEALTHY_WORKER, hostname=hostname or f"forged{rank}", **changes))
    return to_jsonable(report)


def with_finding(body: dict[str, Any], finding: Finding | dict[str, Any]) -> dict[str, Any]:
    shown = finding if isinstance(finding, dict) else to_jsonable(finding)
    return {**body, "findings": [shown]}


def send_report(host: str, port: int, body: Any, *, linger: bool = True, **extra: Any) -> RawPeer:
    """Connect, hear the welcome, send one report frame; the peer is kept open (a live forged node)."""
    peer = RawPeer(host, port)
    peer.read()
    peer.send(message("report", body, **extra))
    if not linger:
        peer.close()
    return peer


def leave_at_mesh(peer: RawPeer) -> threading.Thread:
    """Keep a forged peer's connection open until node 0 asks it to probe, then hang up (no mesh answer)."""

    def run() -> None:
        while (got := peer.read()) is not None and got.get("type") not in ("mesh", "verdict"):
            pass
        peer.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def names(report: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["severity"] for f in report["findings"]}
