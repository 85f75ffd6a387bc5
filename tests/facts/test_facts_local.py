"""Facts gathered for real on this machine: names, interfaces, routes, bind, holders, probes, env."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from distdoctor.facts.environment import relevant_env
from distdoctor.facts.network import interfaces, resolve, route_to
from distdoctor.facts.ports import check_bind
from distdoctor.facts.probe import probe_tcp
from testbed.ports import free_port

LISTEN_SCRIPT = (
    "import socket,sys,time; s=socket.create_server(('',int(sys.argv[1]))); print('up',flush=True); time.sleep(60)"
)


@pytest.fixture
def held_port() -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """A port held by another real process, as a stray training job would hold 29500."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", LISTEN_SCRIPT, str(port)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout and proc.stdout.readline().strip() == "up"
    yield port, proc
    proc.kill()
    proc.wait()


def test_relevant_env_keeps_launch_vars_and_drops_everything_else() -> None:
    environ = {
        "MASTER_ADDR": "10.0.0.1",
        "NCCL_SOCKET_IFNAME": "eth0",
        "GLOO_SOCKET_IFNAME": "eth0",
        "TORCH_NCCL_ASYNC_ERROR_HANDLING": "1",
        "CUDA_VISIBLE_DEVICES": "0,1",
        "LOCAL_RANK": "3",
        "HOME": "/root",
        "AWS_SECRET_ACCESS_KEY": "x",
        "NCCL_IB_TOKEN": "y",
        "HF_TOKEN": "z",
        "PATH": "/usr/bin",
    }
    names = [k for k, _ in relevant_env(environ)]
    assert names == [
        "CUDA_VISIBLE_DEVICES",
        "GLOO_SOCKET_IFNAME",
        "LOCAL_RANK",
        "MASTER_ADDR",
        "NCCL_SOCKET_IFNAME",
        "TORCH_NCCL_ASYNC_ERROR_HANDLING",
    ]


def test_resolve_localhost_and_an_unknown_name() -> None:
    assert "127.0.0.1" in resolve("localhost").addresses
    missing = resolve("no-such-host.invalid")
    assert missing.addresses == ()
    assert missing.error


def test_interfaces_include_loopback_up() -> None:
    lo = next(i for i in interfaces() if i.name == "lo")
    assert "127.0.0.1" in lo.addresses
    assert lo.is_up


def test_route_to_loopback_uses_lo() -> None:
    route = route_to("127.0.0.1", interfaces())
    assert (route.source_address, route.interface) == ("127.0.0.1", "lo")


def test_free_port_binds() -> None:
    assert check_bind(free_port()).bindable


def test_held_port_names_its_holder(held_port: tuple[int, subprocess.Popen[str]]) -> None:
    port, proc = held_port
    bind = check_bind(port)
    assert (bind.bindable, bind.error) == (False, "in-use")
    assert bind.holder is not None
    assert bind.holder.pid == proc.pid
    assert str(port) in bind.holder.cmdline


def test_port_in_time_wait_counts_as_free() -> None:
    # torch's TCPStore binds with SO_REUSEADDR: a port its last run left in TIME_WAIT is usable.
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    conn, _ = server.accept()
    conn.close()  # the server side closes first: it holds TIME_WAIT
    client.close()
    server.close()
    assert check_bind(port).bindable


@pytest.mark.skipif(not shutil.which("setpriv"), reason="needs setpriv (util-linux)")
def test_privileged_port_without_the_capability_is_permission() -> None:
    # Dropping CAP_NET_BIND_SERVICE makes even root an ordinary user for ports below 1024.
    code = "from distdoctor.facts.ports import check_bind; print(check_bind(80).error)"
    drop = ["setpriv", "--bounding-set=-net_bind_service", "--inh-caps=-net_bind_service"]
    out = subprocess.run([*drop, sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "permission"


def test_probe_open(held_port: tuple[int, subprocess.Popen[str]]) -> None:
    probe = probe_tcp("127.0.0.1", held_port[0], 3.0)
    assert probe.outcome == "open"
    assert probe.elapsed_s < 1.0


def test_probe_refused() -> None:
    probe = probe_tcp("127.0.0.1", free_port(), 3.0)
    assert (probe.outcome, probe.detail) == ("refused", "ECONNREFUSED")


def test_probe_unresolved() -> None:
    assert probe_tcp("no-such-host.invalid", 29500, 3.0).outcome == "unresolved"


def test_probe_timeout_is_bounded() -> None:
    # A listener whose backlog is full never completes new handshakes: the probe must give up on time.
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(0)
    port = server.getsockname()[1]
    fillers = []
    for _ in range(8):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", port))
        fillers.append(s)
    time.sleep(0.1)
    probe = probe_tcp("127.0.0.1", port, 0.5)
    for s in [*fillers, server]:
        s.close()
    assert probe.outcome == "timed-out"
    assert 0.4 < probe.elapsed_s < 2.0
