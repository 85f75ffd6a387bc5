"""This node's `distdoctor smoke` in the launcher's store: announce the node, and see which nodes have come."""

from __future__ import annotations

import contextlib
import datetime
import os
import socket
import threading
import time
from typing import Any

from distdoctor.model.smoke import NodeSeen
from distdoctor.smoke import keys

_POLL_S = 1.0


class StoreWatch:
    """A thread that reaches the rendezvous store (torch imported here, off the main thread) and polls it."""

    def __init__(self, host: str, port: int, node_rank: int, nnodes: int, timeout_s: float) -> None:
        self.host, self.port, self.node_rank, self.nnodes, self.timeout_s = host, port, node_rank, nnodes, timeout_s
        self.reached = False
        self.reached_at: float | None = None  # time.monotonic() when the store answered
        self.error: str | None = None
        self.import_error: str | None = None
        self.seen: tuple[NodeSeen, ...] = ()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="distdoctor-smoke-store", daemon=True)

    def start(self) -> StoreWatch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2 * _POLL_S)

    def _run(self) -> None:
        # torch's C++ log would put its socket warnings between our progress lines.
        os.environ.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")
        try:
            import torch.distributed as dist
        except Exception as exc:  # no torch here: torchrun fails too, and says why in its own output
            self.import_error = str(exc)
            return
        try:
            store: Any = dist.TCPStore(  # type: ignore[attr-defined]
                self.host,
                self.port,
                is_master=False,
                timeout=datetime.timedelta(seconds=self.timeout_s),
                wait_for_workers=False,  # a reader, not a member: torchrun's count of nodes stays as it is
            )
            store.set(keys.node(self.node_rank), socket.gethostname())
        except Exception as exc:  # the store unreachable: refused until its timeout, or dropped
            self.error = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            return
        self.reached, self.reached_at = True, time.monotonic()
        while not self._stop.is_set():
            found = []
            for k in range(self.nnodes):
                with contextlib.suppress(Exception):
                    if store.check([keys.node(k)]):
                        found.append(NodeSeen(k, store.get(keys.node(k)).decode()))
            self.seen = tuple(found)
            self._stop.wait(_POLL_S)
