"""One TCP connect to host:port, classified as torch's TCPStore client would meet it."""

from __future__ import annotations

import errno
import socket
import time

from distdoctor.model import Probe, ProbeOutcome

_NO_ROUTE = {errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EHOSTDOWN, errno.ENETDOWN}


def classify(exc: BaseException) -> tuple[ProbeOutcome, str]:
    """The outcome class of a failed connect, and the errno name as detail."""
    if isinstance(exc, socket.gaierror):
        return "unresolved", str(exc.args[-1] if exc.args else exc)
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return "timed-out", "no answer"
    if isinstance(exc, OSError) and exc.errno is not None:
        name = errno.errorcode.get(exc.errno, str(exc.errno))
        if exc.errno == errno.ECONNREFUSED:
            return "refused", name
        if exc.errno in _NO_ROUTE:
            return "no-route", name
        if exc.errno == errno.ETIMEDOUT:
            return "timed-out", name
        return "error", name
    return "error", str(exc)


def probe_tcp(host: str, port: int, timeout_s: float) -> Probe:
    """Connect once, close at once; never raises for a network failure."""
    start = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            pass
    except OSError as exc:
        outcome, detail = classify(exc)
        return Probe(host, port, outcome, time.monotonic() - start, detail)
    return Probe(host, port, "open", time.monotonic() - start)
