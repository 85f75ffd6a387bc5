"""Can this node bind a port, and if not, who holds it."""

from __future__ import annotations

import errno
import socket

import psutil

from distdoctor.model import PortBind, ProcessInfo


def check_bind(port: int) -> PortBind:
    """Try to bind `port` on every address, as torch's TCPStore does (with SO_REUSEADDR)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        # TCPStore sets SO_REUSEADDR, so a port left in TIME_WAIT binds for torch and must not count as taken.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("", port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return PortBind(port, False, "in-use", listener_of(port))
            if exc.errno == errno.EACCES:
                return PortBind(port, False, "permission")
            return PortBind(port, False, errno.errorcode.get(exc.errno or 0, str(exc)))
    return PortBind(port, True)


def listener_of(port: int) -> ProcessInfo | None:
    """The process listening on TCP `port`; None when there is none or we may not see it (not root)."""
    try:
        connections = psutil.net_connections(kind="tcp")
    except psutil.AccessDenied:
        return None
    for conn in connections:
        if conn.status == psutil.CONN_LISTEN and conn.laddr and conn.laddr.port == port and conn.pid:
            return process_info(conn.pid)
    return None


def process_info(pid: int) -> ProcessInfo | None:
    """Name and command line of `pid`, or None when it is gone or hidden."""
    try:
        proc = psutil.Process(pid)
        return ProcessInfo(pid, proc.name(), " ".join(proc.cmdline()))
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return None
