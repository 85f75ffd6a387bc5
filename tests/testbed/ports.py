"""Ports for test jobs and nodes."""

from __future__ import annotations

import socket


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on `host` now ("" for every address): the kernel's pick for a bind to port 0."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def free_port_pair(host: str = "127.0.0.1") -> int:
    """A port p free on `host` with p + 1 free too: a job's MASTER_PORT and the relay distdoctor run opens beside it.
    A lone free port's neighbour may be some other socket's ephemeral port."""
    for _ in range(50):
        with socket.socket() as a, socket.socket() as b:
            a.bind((host, 0))
            port = int(a.getsockname()[1])
            try:
                b.bind((host, port + 1))
            except OSError:
                continue
            return port
    raise RuntimeError("no two adjacent free ports")
