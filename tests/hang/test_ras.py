"""hang/ras.py for real: the status query over a TCP socket (a server that answers as NCCL's RAS client port does,
with NCCL's recorded sample), a port where nothing listens, and NCCL's version read from a process's memory map."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from distdoctor.hang.ras import nccl_version, query

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ras"


def test_the_status_query_reads_the_answer_until_the_service_closes() -> None:
    answer = (FIXTURES / "incomplete.txt").read_bytes()
    server = socket.create_server(("127.0.0.1", 0))
    got: list[bytes] = []

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            got.append(conn.recv(100))
            conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    try:
        text = query("127.0.0.1", server.getsockname()[1])
    finally:
        server.close()
    assert got == [b"STATUS\n"] and text == answer.decode()


def test_nothing_listening_is_none_at_once() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    assert query("127.0.0.1", port) is None
    assert time.monotonic() - started < 1.5


def test_the_nccl_version_comes_from_the_library_mapped(tmp_path: Path) -> None:
    lib = tmp_path / "libnccl.so.2.26.2"
    lib.write_bytes(b"\0" * 4096)
    code = f"import mmap, sys, time\nf = open({str(lib)!r}, 'rb')\nm = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ)\n"
    code += "print('mapped', flush=True)\ntime.sleep(30)\n"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout and proc.stdout.readline() == "mapped\n"
        assert nccl_version(proc.pid) == (2, 26, 2)
    finally:
        proc.kill()
        proc.wait()
    assert nccl_version(proc.pid) is None
