"""Ports for test jobs and nodes."""

from __future__ import annotations

import socket


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on `host` now ("" for every address): the kernel's pick for a bind to port 0."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])
