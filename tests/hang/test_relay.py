"""hang/relay.py on real loopback sockets: node 0 gathers the other nodes' states, names the silent ones, drops
garbage, and answers `ask`."""

from __future__ import annotations

import asyncio
import socket
import struct
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from distdoctor.hang.relay import Relay, ask
from distdoctor.model.hang import ProcessState
from hang.scenarios import free_port
from rules.test_stack_rules import load


def states_of(rank: int, host: str) -> list[ProcessState]:
    (state,) = [s for s in load("outside") if s.process.rank == rank]
    return [replace(state, process=replace(state.process, host=host))]


@pytest.fixture
def node0() -> Iterator[Relay]:
    relay = Relay(0, 3, "127.0.0.1", free_port(), lambda: states_of(0, "node1"))
    relay.start()
    try:
        yield relay
    finally:
        relay.stop()


def wait_peers(relay: Relay, n: int) -> None:
    deadline = time.monotonic() + 10
    while len(relay.peers) < n and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(relay.peers) == n


def test_node0_gathers_the_others_and_names_the_silent_node(node0: Relay) -> None:
    worker = Relay(1, 3, "127.0.0.1", node0.port, lambda: states_of(1, "node2"))
    worker.start()
    try:
        wait_peers(node0, 1)
        gathered = node0.gather(timeout_s=5)
        assert {(s.process.host, s.process.rank, s.state) for s in gathered.states} == {
            ("node1", 0, "collective"),
            ("node2", 1, "user-code"),
        }
        assert (gathered.answered, gathered.missing, gathered.complete) == ((0, 1), (2,), False)
        # The worker's own verdict comes from node 0 too.
        assert worker.gather(timeout_s=5).answered == (0, 1)
        asked = asyncio.run(ask("127.0.0.1", node0.port, 10))
        assert len(asked.states) == 2
    finally:
        worker.stop()


def test_garbage_on_the_port_is_dropped_and_node0_keeps_serving(node0: Relay) -> None:
    with socket.create_connection(("127.0.0.1", node0.port)) as s:
        s.sendall(struct.pack(">I", 12) + b"not json at all")
    with socket.create_connection(("127.0.0.1", node0.port)) as s:
        s.sendall(struct.pack(">I", 1 << 30))  # an oversized frame announced
    gathered = asyncio.run(ask("127.0.0.1", node0.port, 10))
    assert gathered.answered == (0,) and gathered.missing == (1, 2)


def test_ask_where_nothing_listens_is_a_frame_error() -> None:
    from distdoctor.gather.wire import FrameError

    with pytest.raises(FrameError, match="does not answer"):
        asyncio.run(ask("127.0.0.1", free_port(), 2))


def test_node0_says_when_its_port_is_taken() -> None:
    with socket.socket() as holder:
        holder.bind(("0.0.0.0", 0))
        holder.listen()
        port = holder.getsockname()[1]
        relay = Relay(0, 2, "127.0.0.1", port, list)
        try:
            problem = relay.start()
        finally:
            relay.stop()
    assert problem is not None and f"cannot listen on port {port}" in problem
