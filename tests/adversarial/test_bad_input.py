"""Bad input from outside the process: the real CLI as a subprocess. Each case gives one line on stderr and exit 2
(never a traceback, never a hang); SIGTERM gives the partial verdict Ctrl-C gives; a long stream keeps its end."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from testbed.ports import free_port

SRC = Path(__file__).resolve().parents[2] / "src"
DISTDOCTOR = [sys.executable, "-m", "distdoctor"]
ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "PMIX_", "PET_"))}
ENV = {**ENV, "LANG": "C.UTF-8", "PYTHONPATH": str(SRC)}
ENV.pop("DISTDOCTOR_SECRET", None)
WORKER = ["--nnodes", "2", "--node-rank", "1", "--wait", "1"]


def distdoctor(
    *args: str | bytes, timeout: float = 30, stdin: int | None = subprocess.DEVNULL
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*DISTDOCTOR, *args], capture_output=True, timeout=timeout, env=ENV, stdin=stdin)


def binary_hostfile(tmp: Path) -> str:
    path = tmp / "hosts.bin"
    path.write_bytes(bytes(range(256)) * 8)
    return str(path)


BAD_INPUTS: dict[str, list[str | bytes]] = {
    "master-addr empty label (idna)": ["check", *WORKER, "--master-addr", "a..b"],
    "master-addr 300 characters": ["check", *WORKER, "--master-addr", "a" * 300],
    "master-addr 5 labels of 60": ["check", *WORKER, "--master-addr", ".".join(["a" * 60] * 5)],
    "master-addr control character": ["check", *WORKER, "--master-addr", "node\x1b[31m1"],
    "non-UTF-8 bytes in an argument": ["check", *WORKER, "--master-addr", b"node\xff\xfe"],
    "non-UTF-8 bytes after --": ["lint", "--", "torchrun", b"tr\xe9in.py"],
    "dump --pid 2**70": ["dump", "--pid", str(2**70)],
    "dump --all-nodes --coord a..b:5": ["dump", "--all-nodes", "--coord", "a..b:5"],
    "dump --coord with a non-ASCII digit port": ["dump", "--all-nodes", "--coord", "host:²"],
    "explain /dev/zero": ["explain", "/dev/zero"],
    "check --wait nan": ["check", "--local-only", "--wait", "nan"],
    "check --wait inf": ["check", "--local-only", "--wait", "inf"],
    "check --wait 1e300": ["check", "--local-only", "--wait", "1e300"],
    "run --hang-after nan": ["run", "--hang-after", "nan", "--", "true"],
    "run --hang-after -inf": ["run", "--hang-after", "-inf", "--", "true"],
    "smoke --timeout inf": ["smoke", "--timeout", "inf"],
    "smoke --step-timeout nan": ["smoke", "--step-timeout", "nan"],
    "smoke --min-busbw nan": ["smoke", "--min-busbw", "nan"],
    "check --hosts a..b": ["check", "--hosts", "a..b"],
}


def _one_line_exit_2(done: subprocess.CompletedProcess[bytes]) -> None:
    err = done.stderr.decode("utf-8", errors="replace")
    assert done.returncode == 2, (done.returncode, err, done.stdout[-2000:])
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert "\x1b" not in err


@pytest.mark.parametrize("args", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_is_one_line_and_exit_2(args: list[str | bytes]) -> None:
    _one_line_exit_2(distdoctor(*args))


def test_a_binary_hostfile_is_one_line_and_exit_2(tmp_path: Path) -> None:
    _one_line_exit_2(distdoctor("check", "--hostfile", binary_hostfile(tmp_path)))


def test_explain_refuses_a_device_on_stdin() -> None:
    with open("/dev/zero", "rb") as zero:
        _one_line_exit_2(distdoctor("explain", "-", stdin=zero.fileno(), timeout=20))


def test_sigterm_to_a_waiting_node_0_gives_the_verdict_naming_the_missing_node() -> None:
    port = free_port()
    args = ["check", "--nnodes", "2", "--node-rank", "0", "--master-addr", "127.0.0.1"]
    args += ["--master-port", str(port), "--wait", "30", "--no-mesh"]
    proc = subprocess.Popen(
        [*DISTDOCTOR, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=ENV
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # node 0 is waiting once its port is taken
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        else:
            pytest.fail("node 0 never listened")
        time.sleep(0.3)
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = out.decode()
    assert proc.returncode == 1, (text, err.decode())
    assert "node-missing" in text and "node_rank 1" in text, text
    assert "Traceback" not in err.decode()
    assert took < 5, took


# A stream past LOG_MAX_BYTES (64 MiB) whose only failure is its last line, written on the fly into the pipe.
_GENERATOR = r"""
import sys
out = sys.stdout.buffer
filler = b"".join(b"step %d: " % i + b"x" * (2000 + 97 * i % 1500) + b"\n" for i in range(64))
total = 0
while total < 66 * (1 << 20):
    out.write(filler)
    total += len(filler)
out.write(b"torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to "
          b"connect to (10.0.0.1, 29500).\n")
"""


def test_explain_reads_the_end_of_a_stream_longer_than_its_window() -> None:
    producer = subprocess.Popen([sys.executable, "-c", _GENERATOR], stdout=subprocess.PIPE)
    try:
        assert producer.stdout is not None
        done = distdoctor("explain", "-", stdin=producer.stdout.fileno(), timeout=120)
    finally:
        producer.kill()
        producer.wait()
    out = done.stdout.decode()
    assert done.returncode == 1, (out[-2000:], done.stderr.decode())
    assert "DistNetworkError" in out and "timed out" in out, out[-2000:]
