"""With --secret: unsigned traffic changes nothing in a healthy verdict (one warning line), and a signed report
captured from an earlier run, replayed into a later one, is refused and hides no missing node."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest

from adversarial.forge import RawPeer, cluster, forged_report, free_port, message, names, wait_listening

pytestmark = pytest.mark.timeout(180)
SECRET = "adversarial-secret"


def _verdict(secret: str, attack: bool) -> tuple[dict[str, str], int]:
    with cluster(2, wait_s=5, secret=secret) as c:
        node0 = c.start(0)
        if attack:
            # 300 unsigned reports, garbage and a signed-looking forgery, before the real worker comes.
            for i in range(300):
                with contextlib.suppress(OSError):
                    peer = RawPeer(c.addr, c.port)
                    peer.read()
                    body = forged_report(1, 2, c.addr, c.port)
                    extra = {"mac": "0" * 64, "seq": 0} if i % 3 == 0 else {}
                    peer.send(message("report", body, **extra) if i % 7 else b"\x00\x00\x00\x05junk!")
                    peer.close()
        worker = c.start(1)
        master = node0.finish()
        worker.finish()
    return names(master), node0.proc.returncode


def test_unsigned_frames_do_not_change_a_healthy_verdict() -> None:
    # Before: each unsigned frame was a report-rejected error: a healthy cluster exited 1 (300 frames, 300 errors).
    calm, calm_exit = _verdict(SECRET, attack=False)
    attacked, attacked_exit = _verdict(SECRET, attack=True)
    assert attacked_exit == calm_exit
    assert {k: v for k, v in attacked.items() if k != "frames-rejected"} == calm
    assert attacked["frames-rejected"] == "warning"


class Recorder:
    """A TCP proxy between a worker and node 0 that keeps every byte the worker sent (an eavesdropper)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind((target[0], 0))
        self.server.listen(4)
        self.port = self.server.getsockname()[1]
        self.sent = b""
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        with contextlib.suppress(OSError):
            client, _ = self.server.accept()
            upstream = socket.create_connection(self.target)
            threading.Thread(target=self._pipe, args=(upstream, client, False), daemon=True).start()
            self._pipe(client, upstream, True)

    def _pipe(self, src: socket.socket, dst: socket.socket, record: bool) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                if record:
                    self.sent += data
                dst.sendall(data)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)

    def first_frame(self) -> bytes:
        length = int.from_bytes(self.sent[:4], "big")
        return self.sent[: 4 + length]


def test_a_signed_report_replayed_from_an_earlier_run_is_refused() -> None:
    # Before: no nonce or sequence in the MAC, so the captured report was taken and hid that node_rank 1 was down.
    with cluster(2, wait_s=4, secret=SECRET) as first:
        coord = free_port()
        node0 = first.start(0, "--coord-port", str(coord), port=coord)
        recorder = Recorder((first.addr, coord))
        worker = first.start(1, "--coord-port", str(recorder.port))
        assert "node-missing" not in names(node0.finish())
        worker.finish()
    captured = recorder.first_frame()
    assert b'"type":"report"' in captured and b'"mac"' in captured

    with cluster(2, wait_s=3, secret=SECRET) as second:
        node0 = second.start(0)
        wait_listening(second.addr, second.port)
        peer = RawPeer(second.addr, second.port)
        peer.read()
        peer.send(captured)  # node_rank 1 is down in this run: only its old report speaks for it
        time.sleep(0.5)
        refused = peer.read()
        master = node0.finish()
        peer.close()
    assert refused is not None and refused["type"] == "rejected" and "HMAC" in refused["body"]["reason"]
    assert names(master)["node-missing"] == "error" and names(master)["frames-rejected"] == "warning"
