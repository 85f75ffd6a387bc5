"""Python stacks of running ranks through py-spy (`py-spy dump --json`), parsed into StackSamples."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from distdoctor import defaults
from distdoctor.model.hang import Frame, StackError, StackSample, ThreadStack


def py_spy_path() -> str | None:
    """py-spy on PATH, else the one installed beside this Python (a venv not activated)."""
    found = shutil.which("py-spy")
    if found:
        return found
    beside = os.path.join(os.path.dirname(sys.executable), "py-spy")
    return beside if os.access(beside, os.X_OK) else None


def parse_dump(pid: int, data: Any, elapsed_s: float = 0.0) -> StackSample:
    """A StackSample from the JSON `py-spy dump --json` printed (a list of threads)."""
    threads = []
    for t in data if isinstance(data, list) else []:
        frames = tuple(
            Frame(
                name=str(f.get("name", "?")),
                filename=str(f.get("filename", "")),
                short=str(f.get("short_filename") or f.get("filename", "")),
                line=int(f.get("line") or 0),
                locals=tuple((str(v.get("name")), str(v.get("repr"))) for v in (f.get("locals") or [])),
            )
            for f in t.get("frames", [])
        )
        threads.append(
            ThreadStack(
                thread_id=int(t.get("thread_id") or 0),
                name=str(t.get("thread_name") or ""),
                active=bool(t.get("active")),
                frames=frames,
                os_thread_id=int(t["os_thread_id"]) if isinstance(t.get("os_thread_id"), int) else None,
            )
        )
    return StackSample(pid=pid, threads=tuple(threads), elapsed_s=round(elapsed_s, 3))


def classify_failure(returncode: int, stderr: str) -> StackError:
    """Why py-spy failed, from its exit and message: the code the catalogue gives a fix for."""
    text = stderr.lower()
    if "permission denied" in text or "operation not permitted" in text or "eperm" in text:
        return "permission"
    if "check that the process is running" in text or "no such process" in text or "no such file" in text:
        return "gone"
    return "failed"


# Retries of an attach refused with EPERM, which another tracer attached at that moment also causes.
ATTACH_RETRIES = 3
ATTACH_RETRY_S = 0.2


def dump(
    pid: int,
    *,
    with_locals: bool = False,
    nonblocking: bool = False,
    timeout_s: float = defaults.PY_SPY_TIMEOUT_S,
    binary: str | None = None,
) -> StackSample:
    """One process's stacks; a failure is a StackSample with `error` set, never an exception."""
    exe = binary or py_spy_path()
    if exe is None:
        return StackSample(pid, error="no-py-spy", detail="py-spy not found on PATH nor beside this Python")
    argv = [exe, "dump", "--json", "--pid", str(pid)]
    if with_locals:
        argv.append("--locals")
    if nonblocking:
        argv.append("--nonblocking")
    start = time.monotonic()
    for attempt in range(1 + ATTACH_RETRIES):
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired:
            return StackSample(pid, error="timeout", detail=f"py-spy gave no answer in {timeout_s:g} s")
        except OSError as exc:
            return StackSample(pid, error="no-py-spy", detail=f"{exe}: {exc.strerror}")
        if done.returncode == 0:
            break
        # py-spy's first line says what went wrong; a Rust backtrace may follow.
        message = (done.stderr + done.stdout).strip().splitlines()
        detail = message[0] if message else f"py-spy exited {done.returncode}"
        error = classify_failure(done.returncode, done.stderr + done.stdout)
        # A process takes one tracer at a time: another py-spy (a second dump, run's sampling) attached at this
        # moment refuses us as EPERM too. Only a refusal that lasts is a permission problem.
        if error != "permission" or attempt == ATTACH_RETRIES:
            return StackSample(pid, error=error, detail=detail, elapsed_s=time.monotonic() - start)
        time.sleep(ATTACH_RETRY_S)
    elapsed = time.monotonic() - start
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        return StackSample(pid, error="failed", detail="py-spy printed no JSON", elapsed_s=elapsed)
    return parse_dump(pid, data, elapsed)


def dump_all(pids: Iterable[int], *, with_locals: bool = False, nonblocking: bool = False) -> dict[int, StackSample]:
    """Stacks of many processes at once (py-spy waits on I/O, so threads overlap the attaches)."""
    wanted = list(pids)
    if not wanted:
        return {}
    with ThreadPoolExecutor(max_workers=min(defaults.PY_SPY_CONCURRENCY, len(wanted))) as pool:
        samples = pool.map(lambda p: dump(p, with_locals=with_locals, nonblocking=nonblocking), wanted)
        return {s.pid: s for s in samples}


def ptrace_scope() -> int | None:
    """kernel.yama.ptrace_scope, when the kernel has Yama; above 0 stops attaching to non-children."""
    try:
        with open("/proc/sys/kernel/yama/ptrace_scope", encoding="ascii") as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None
