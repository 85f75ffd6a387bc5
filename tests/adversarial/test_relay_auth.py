"""run's relay (MASTER_PORT+1) from a raw socket: with a secret nothing is served to an unsigned or replayed ask;
command lines are always served redacted; however often anyone asks, the ranks' stacks are read rarely."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from adversarial.forge import RawPeer, free_port, message
from distdoctor.gather.wire import Channel
from distdoctor.hang.redact import REDACTED, redact_args
from distdoctor.hang.relay import Relay, ask
from distdoctor.model.hang import DistProcess, ProcessState
from distdoctor.model.secret import Secret

pytestmark = pytest.mark.timeout(60)
SECRET = Channel(Secret(b"relay-secret"))
CMDLINE = (
    "python",
    "train.py",
    "--hf-token=hf_abc123",
    "--password",
    "hunter2",
    "--api-key=k-999",
    "--db-secret",
    "s3",
    "WANDB_API_KEY=w-777",
    "--lr=0.1",
    "https://user:pa55@example.com/data",
)
LEAKS = ("hf_abc123", "hunter2", "k-999", "s3", "w-777", "pa55")


class Calls:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> list[ProcessState]:
        self.count += 1
        process = DistProcess(
            1234,
            1,
            "worker",
            "torchrun",
            "node1",
            CMDLINE,
            "sleeping",
            5.0,
            rank=0,
            env=(("MASTER_ADDR", "n1"), ("HF_TOKEN", "hf_env")),
        )
        return [ProcessState(process, "collective")]


@pytest.fixture(params=["secret", "no secret"])
def relay(request: pytest.FixtureRequest) -> Iterator[tuple[Relay, Calls]]:
    calls = Calls()
    served = Relay(0, 1, "127.0.0.1", free_port(), calls, SECRET if request.param == "secret" else Channel())
    assert served.start() is None
    yield served, calls
    served.stop()


def test_redaction_of_secret_looking_arguments() -> None:
    shown = redact_args(CMDLINE)
    assert not any(leak in " ".join(shown) for leak in LEAKS)
    assert "--lr=0.1" in shown and "train.py" in shown and f"--hf-token={REDACTED}" in shown


def test_an_ask_without_the_secret_is_served_nothing(relay: tuple[Relay, Calls]) -> None:
    served, calls = relay
    if not served.channel.signed:
        pytest.skip("without a secret anyone may ask (redacted)")
    peer = RawPeer("127.0.0.1", served.port)
    welcome = peer.read()
    assert welcome is not None and welcome["type"] == "welcome"
    peer.send(message("ask", {}, seq=0))  # unsigned
    assert peer.read() is None  # closed, nothing served
    peer.close()
    # A signed ask recorded on another connection (its nonces) is not served either.
    recorded = SECRET.join(welcome["body"]["nonce"]).encode("ask", {})
    again = RawPeer("127.0.0.1", served.port)
    again.read()
    again.send(recorded)
    assert again.read() is None
    again.close()
    assert calls.count == 0  # and no stack was read for them


def test_what_is_served_is_redacted_and_stacks_are_read_rarely(relay: tuple[Relay, Calls]) -> None:
    served, calls = relay
    answers = [asyncio.run(ask("127.0.0.1", served.port, 10, served.channel)) for _ in range(20)]
    text = json.dumps([[s.process.cmdline for s in a.states] for a in answers])
    assert not any(leak in text for leak in LEAKS)
    assert all(dict(a.states[0].process.env)["HF_TOKEN"] == REDACTED for a in answers)
    assert calls.count == 1  # 20 asks in a row: one py-spy pass over the ranks
