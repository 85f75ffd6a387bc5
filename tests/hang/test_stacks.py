"""py-spy through hang/stacks.py on real processes: stacks, and each way it can fail, as a code not a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from distdoctor.hang.stacks import dump, dump_all, py_spy_path

SLEEPER = "import time\ndef waiting_here():\n    time.sleep(60)\nwaiting_here()\n"


@pytest.fixture
def sleeper(tmp_path: Path) -> Iterator[int]:
    script = tmp_path / "sleeper.py"
    script.write_text(SLEEPER, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)])
    try:
        deadline = 50
        while deadline and "waiting_here" not in str(dump(proc.pid)):
            deadline -= 1
        yield proc.pid
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_stack_of_a_sleeping_python(sleeper: int) -> None:
    sample = dump(sleeper)
    assert sample.error is None
    main = sample.main_thread()
    # py-spy reads thread names from the threading module's state and sometimes gets none (seen in CI): the main
    # thread is found without it.
    assert main is not None and main.name in ("MainThread", "")
    assert [f.name for f in main.frames] == ["waiting_here", "<module>"]
    assert main.frames[0].short == "sleeper.py" and main.frames[0].line == 3
    assert dump_all([sleeper], nonblocking=True)[sleeper].main_thread() is not None


def test_locals_are_read_when_asked(sleeper: int) -> None:
    frames = dump(sleeper, with_locals=True).threads[0].frames
    assert frames[-1].name == "<module>"


def test_a_gone_process_is_said_so() -> None:
    sample = dump(4194304)
    assert (sample.error, sample.threads) == ("gone", ())
    assert "process" in sample.detail.lower()


def test_no_py_spy_is_said_so(sleeper: int) -> None:
    assert dump(sleeper, binary="/nonexistent/py-spy").error == "no-py-spy"


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to drop to nobody")
def test_attach_refused_is_permission(sleeper: int, tmp_path: Path) -> None:
    # py-spy run as nobody against root's process: the kernel refuses, as in a container without SYS_PTRACE.
    exe = py_spy_path()
    assert exe
    real = Path(exe).resolve()
    if "/shims/" in exe:
        real = Path(sys.executable).with_name("py-spy")
    wrapper = tmp_path / "py-spy-as-nobody"
    wrapper.write_text(f'#!/bin/sh\nexec setpriv --reuid=65534 --regid=65534 --clear-groups {real} "$@"\n')
    wrapper.chmod(0o755)
    sample = dump(sleeper, binary=str(wrapper))
    assert sample.error == "permission", sample.detail
    assert "Permission Denied" in sample.detail


def test_main_thread_without_names_is_the_one_whose_kernel_id_is_the_pid() -> None:
    from distdoctor.model.hang import StackSample, ThreadStack

    watchdog = ThreadStack(1, "", False, (), os_thread_id=101)
    main = ThreadStack(2, "", False, (), os_thread_id=100)
    assert StackSample(pid=100, threads=(watchdog, main)).main_thread() is main


def test_attaches_at_the_same_moment_are_not_taken_for_a_permission_problem(sleeper: int) -> None:
    # A process takes one tracer at a time: concurrent py-spy dumps get EPERM ("Failed to suspend process").
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=8) as pool:
        samples = list(pool.map(lambda _: dump(sleeper), range(8)))
    assert [s.error for s in samples] == [None] * 8
