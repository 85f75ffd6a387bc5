"""`distdoctor run`'s loop: launch the job unchanged, pass its output through, sample its ranks' stacks, and
call back with the processes when nothing printed and no stack moved for `hang_after_s`.

The job comes first: a failure of the watch itself (a sample, the callback that renders a verdict) is reported and
the job runs on untouched; only a signal from the user ends it early."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from types import FrameType
from typing import BinaryIO

import psutil

from distdoctor import defaults
from distdoctor.gather.server import fd_limit_as_started
from distdoctor.hang.discover import discover
from distdoctor.hang.stacks import dump_all
from distdoctor.model.hang import DistProcess, StackSample

# Output is passed on in chunks of at most this many bytes, as soon as they arrive (progress bars included).
_CHUNK = 1 << 16
_FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_PR_SET_CHILD_SUBREAPER = 36
_PR_GET_CHILD_SUBREAPER = 37


def set_subreaper(on: bool) -> bool | None:
    """Make orphaned descendants (a `setsid` daemon whose parent exited) this process's children, so the watch still
    sees them and can end them; the setting before (None where the kernel has none: not Linux)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        before = ctypes.c_int(0)
        if libc.prctl(_PR_GET_CHILD_SUBREAPER, ctypes.byref(before), 0, 0, 0) != 0:
            return None
        libc.prctl(_PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)
        return bool(before.value)
    except (OSError, AttributeError):
        return None


@dataclass(frozen=True)
class WatchOptions:
    hang_after_s: float = defaults.HANG_AFTER_S
    sample_interval_s: float | None = None  # default: a third of hang_after_s, at most SAMPLE_INTERVAL_S
    stop_grace_s: float = defaults.STOP_GRACE_S

    @property
    def interval_s(self) -> float:
        if self.sample_interval_s is not None:
            return self.sample_interval_s
        return min(defaults.SAMPLE_INTERVAL_S, max(0.5, self.hang_after_s / 3))


@dataclass(frozen=True)
class Stall:
    """What the watch hands its callback: the job's processes now (dead ones included) and for how long it stood."""

    processes: tuple[DistProcess, ...]
    stalled_s: float
    samples: int


def signature(procs: Sequence[DistProcess], samples: dict[int, StackSample]) -> tuple[object, ...]:
    """What must stay equal for the job to count as standing still: who is there, and every main thread's frames."""
    out: list[object] = []
    # An agent supervising its ranks polls them, so its stack always moves: only the ranks count, unless
    # there are none yet (an agent waiting in rendezvous).
    workers = [p for p in procs if p.role == "worker"]
    for p in workers or procs:
        sample = samples.get(p.pid)
        thread = sample.main_thread() if sample else None
        frames = tuple((f.name, f.line) for f in thread.frames) if thread else (sample.error if sample else None)
        out.append((p.pid, p.status, frames))
    return tuple(out)


class Watch:
    """One launched job: its output pumps, signal forwarding, sampling, and clean-up of everything it started."""

    def __init__(
        self,
        argv: Sequence[str],
        options: WatchOptions,
        on_stall: Callable[[Stall], None],
        notify: Callable[[str], None] = lambda _: None,
    ) -> None:
        self.argv = list(argv)
        self.options = options
        self.on_stall = on_stall
        self.notify = notify
        self.last_activity = time.monotonic()
        self.known: dict[int, DistProcess] = {}
        self.started: dict[int, float] = {}  # pid -> create_time of every descendant seen, for clean-up
        self.stop_deadline: float | None = None
        self.samples = 0
        self.watch_error: str | None = None  # the last failure of the watch itself, reported once
        self._lock = threading.Lock()

    def _pump(self, src: BinaryIO, dst: BinaryIO) -> None:
        while chunk := src.read1(_CHUNK):  # type: ignore[attr-defined]
            dst.write(chunk)
            dst.flush()
            with self._lock:
                self.last_activity = time.monotonic()

    def _forward(self, signum: int, _frame: FrameType | None) -> None:
        if self.stop_deadline is not None and signum == signal.SIGINT:
            self._kill_all()  # a second Ctrl-C: no more grace
            return
        self.stop_deadline = time.monotonic() + self.options.stop_grace_s
        self.notify(
            f"{signal.Signals(signum).name}: passed on to the job; every process ends within "
            f"{self.options.stop_grace_s:g} s"
        )
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signum)

    def run(self) -> int:
        """Run the job to its end; its exit code (128+N when a signal N ended it)."""
        was_subreaper = set_subreaper(True)
        try:
            with fd_limit_as_started():
                self.proc = subprocess.Popen(
                    self.argv, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
                )
        except OSError as exc:
            from distdoctor.errors import UsageError

            raise UsageError(f"cannot start {self.argv[0]}: {exc.strerror}") from None
        assert self.proc.stdout and self.proc.stderr
        pumps = [
            threading.Thread(target=self._pump, args=(self.proc.stdout, sys.stdout.buffer), daemon=True),
            threading.Thread(target=self._pump, args=(self.proc.stderr, sys.stderr.buffer), daemon=True),
        ]
        for t in pumps:
            t.start()
        previous = {s: signal.signal(s, self._forward) for s in _FORWARDED}
        try:
            self._loop()
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)
            # The job ended (what it left behind goes with it) or the user asked it to end.
            self._kill_all()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=self.options.stop_grace_s)
            for t in pumps:
                t.join(timeout=2.0)
            self._reap_orphans()
            if was_subreaper is False:
                set_subreaper(False)  # a library caller (or a test process) keeps the setting it had
        code = self.proc.returncode
        return 128 - code if code is not None and code < 0 else (code or 0)

    def _loop(self) -> None:
        last_signature: tuple[object, ...] | None = None
        reported = False
        next_sample = time.monotonic() + self.options.interval_s
        while self.proc.poll() is None:
            now = time.monotonic()
            if self.stop_deadline is not None and now > self.stop_deadline:
                self.notify("the job did not end in time after the signal: killing every process it started")
                self._kill_all()
            if self.stop_deadline is not None or now < next_sample:
                time.sleep(0.1)
                continue
            next_sample = now + self.options.interval_s
            try:
                last_signature, reported = self._step(last_signature, reported)
            except Exception as exc:  # nothing of the watch's own may reach the job
                self._watch_failed(exc)

    def _step(self, last_signature: tuple[object, ...] | None, reported: bool) -> tuple[tuple[object, ...], bool]:
        """One sample of the job's processes and stacks; the stall callback once a stall passes hang_after_s."""
        self._reap_orphans()
        procs = self._sample_processes()
        samples = dump_all((p.pid for p in procs if p.alive), nonblocking=True)
        self.samples += 1
        current = signature(procs, samples)
        with self._lock:
            if current != last_signature:
                self.last_activity = time.monotonic()
                reported = False
            stalled = time.monotonic() - self.last_activity
        if not reported and stalled >= self.options.hang_after_s and procs:
            reported = True
            self.on_stall(Stall(self._with_dead(procs), round(stalled, 1), self.samples))
        return current, reported

    def _watch_failed(self, exc: Exception) -> None:
        text = f"{type(exc).__name__}: {exc}"
        if text != self.watch_error:
            self.watch_error = text
            self.notify(f"distdoctor's own watch failed ({text}); the job runs on untouched, watched again next sample")

    def processes(self) -> tuple[DistProcess, ...]:
        """The job's processes now, with the ranks that died since they were seen (callable from any thread)."""
        if not hasattr(self, "proc"):
            return ()
        return self._with_dead(self._sample_processes())

    def _sample_processes(self) -> tuple[DistProcess, ...]:
        procs = discover(pids=[self.proc.pid, *self._orphans()])
        with self._lock:
            for p in procs:
                if p.alive and p.role == "worker":
                    self.known[p.pid] = p
        self._track()
        return procs

    def _orphans(self) -> list[int]:
        """Descendants of the job whose parent exited: as subreaper, they are this process's children now (besides
        the job itself, this process starts only py-spy)."""
        orphans = []
        with contextlib.suppress(psutil.Error):
            for child in psutil.Process().children():
                with contextlib.suppress(psutil.Error):
                    if child.pid != self.proc.pid and child.name() != "py-spy":
                        orphans.append(child.pid)
        return orphans

    def _track(self) -> None:
        """Remember every descendant of the job (orphans included) by pid and start time, for the clean-up."""
        roots = [self.proc.pid, *self._orphans()]
        with self._lock:
            for root in roots:
                with contextlib.suppress(psutil.Error):
                    for child in psutil.Process(root).children(recursive=True):
                        with contextlib.suppress(psutil.Error):
                            self.started.setdefault(child.pid, child.create_time())

    def _reap_orphans(self) -> None:
        # An orphan of the job that exited is a zombie of ours now (we are its subreaper): collect its status.
        for pid in self._orphans():
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)

    def _with_dead(self, procs: tuple[DistProcess, ...]) -> tuple[DistProcess, ...]:
        # A rank seen before and gone now, with no new process in its place (an elastic restart), is dead.
        present = {p.pid for p in procs}
        ranks = {p.rank for p in procs if p.alive and p.role == "worker"}
        with self._lock:
            known = list(self.known.items())
        gone = tuple(replace(p, status="dead") for pid, p in known if pid not in present and p.rank not in ranks)
        return procs + gone

    def _kill_all(self) -> None:
        """SIGKILL the job's group and every descendant seen (torchrun puts each worker in its own session)."""
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self._track()
        with self._lock:
            started = list(self.started.items())
        for pid, created in started:
            with contextlib.suppress(psutil.Error):
                proc = psutil.Process(pid)
                if proc.create_time() == created:  # not a new process that reused the pid
                    proc.kill()
