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
from dataclasses import dataclass, field, replace
from types import FrameType
from typing import BinaryIO

import psutil

from distdoctor import defaults
from distdoctor.gather.server import fd_limit_as_started
from distdoctor.hang.cgroup import (
    MemoryCgroup,
    baseline,
    kernel_oom_lines,
    memory_cgroup,
    oom_kills,
    wait_status,
    zombie_status,
)
from distdoctor.hang.discover import discover
from distdoctor.hang.stacks import dump_all
from distdoctor.model.hang import Death, DistProcess, StackSample

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
    hang_after_s: float | None = None  # None: learned from the job's own pace (see Cadence)
    sample_interval_s: float | None = None  # default: a third of the stall threshold, at most SAMPLE_INTERVAL_S
    stop_grace_s: float = defaults.STOP_GRACE_S
    floor_s: float = defaults.HANG_FLOOR_S  # the learned threshold is never shorter
    multiple: float = defaults.HANG_CADENCE_MULTIPLE
    poll_s: float = 1.0  # how often the ranks are looked for and their deaths read (no stacks)

    def interval_for(self, threshold_s: float) -> float:
        if self.sample_interval_s is not None:
            return self.sample_interval_s
        if self.hang_after_s is None:
            # At the job's pace the stack changes seen feed the pace: sampling must not slow with the threshold,
            # or the pace it measures would only ever grow.
            return min(defaults.SAMPLE_INTERVAL_S, max(0.5, self.floor_s / 6))
        return min(defaults.SAMPLE_INTERVAL_S, max(0.5, threshold_s / 3))

    @property
    def interval_s(self) -> float:
        return self.interval_for(self.hang_after_s or defaults.HANG_AFTER_S)


class Cadence:
    """The job's pace: the gaps between its moments of progress (a line printed, a stack that changed). A stall is
    called at `multiple` times the slow end of the recent gaps, never under `floor_s`, and at HANG_AFTER_S until
    enough gaps were seen."""

    KEEP = 32  # the recent gaps only: the start (imports, rendezvous, data loading) is not the pace
    LEARNED = 5  # gaps needed before the pace counts
    BURST_S = 0.05  # lines closer than this are one moment (a burst of output)

    def __init__(self, floor_s: float, multiple: float) -> None:
        self.floor_s = floor_s
        self.multiple = multiple
        self.gaps: list[float] = []
        self.last: float | None = None

    def beat(self, at: float) -> None:
        if self.last is not None:
            gap = at - self.last
            if gap < self.BURST_S:
                return
            self.gaps = [*self.gaps[-(self.KEEP - 1) :], gap]
        self.last = at

    @property
    def pace_s(self) -> float | None:
        """The slow end (75th percentile) of the recent gaps, once enough were seen."""
        if len(self.gaps) < self.LEARNED:
            return None
        ordered = sorted(self.gaps)
        return ordered[min(len(ordered) - 1, int(0.75 * len(ordered)))]

    def threshold_s(self) -> float:
        pace = self.pace_s
        if pace is None:
            return defaults.HANG_AFTER_S
        return min(defaults.HANG_AFTER_S, max(self.floor_s, self.multiple * pace))


@dataclass(frozen=True)
class Stall:
    """What the watch hands its callback: the job's processes now (dead ones included) and for how long it stood."""

    processes: tuple[DistProcess, ...]
    stalled_s: float
    samples: int
    held: dict[int, float] = field(default_factory=dict)  # pid -> seconds its main thread stood in one frame
    last_seen: dict[int, StackSample] = field(default_factory=dict)  # pid -> its last stack (for ranks gone since)
    threshold_s: float = 0.0
    pace_s: float | None = None  # the job's learned pace, where the threshold came from it
    current: dict[int, StackSample] = field(default_factory=dict)  # the stacks of the sample that called the stall


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
        on_line: Callable[[str, str], None] | None = None,
        on_death: Callable[[Death], None] | None = None,
    ) -> None:
        self.argv = list(argv)
        self.options = options
        self.on_stall = on_stall
        self.notify = notify
        self.on_line = on_line  # (stream, line) for every line the job prints, as it prints it
        self.on_death = on_death
        self.cadence = Cadence(options.floor_s, options.multiple)
        self.held: dict[int, tuple[object, float]] = {}  # pid -> (its main thread's frames, since when)
        self.last_seen: dict[int, StackSample] = {}
        self.cgroups: dict[int, MemoryCgroup | None] = {}  # pid -> its memory cgroup when first seen
        self.deaths: dict[int, Death] = {}
        self.last_activity = time.monotonic()
        self.known: dict[int, DistProcess] = {}
        self.started: dict[int, float] = {}  # pid -> create_time of every descendant seen, for clean-up
        self.stop_deadline: float | None = None
        self.samples = 0
        self.watch_error: str | None = None  # the last failure of the watch itself, reported once
        self._lock = threading.Lock()

    def _pump(self, src: BinaryIO, dst: BinaryIO, stream: str) -> None:
        pending = b""
        while chunk := src.read1(_CHUNK):  # type: ignore[attr-defined]
            dst.write(chunk)
            dst.flush()
            now = time.monotonic()
            with self._lock:
                self.last_activity = now
                self.cadence.beat(now)
            if self.on_line is None:
                continue
            pending += chunk
            *lines, pending = pending.split(b"\n")
            pending = pending[-_CHUNK:]  # a progress bar without newlines must not grow without end
            for line in lines:
                self._line(stream, line)
        if pending and self.on_line is not None:
            self._line(stream, pending)

    def _line(self, stream: str, raw: bytes) -> None:
        assert self.on_line is not None
        try:
            self.on_line(stream, raw.decode("utf-8", "replace").rstrip("\r"))
        except Exception as exc:  # the job's output flows on whatever the explain of a line does
            self._watch_failed(exc)

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
            threading.Thread(target=self._pump, args=(self.proc.stdout, sys.stdout.buffer, "stdout"), daemon=True),
            threading.Thread(target=self._pump, args=(self.proc.stderr, sys.stderr.buffer, "stderr"), daemon=True),
        ]
        for t in pumps:
            t.start()
        previous = {s: signal.signal(s, self._forward) for s in _FORWARDED}
        try:
            self._loop()
            with contextlib.suppress(Exception):
                self._poll()  # the ranks that ended with the job: why
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

    def threshold_s(self) -> float:
        """How long the job must stand still to be called stalled: --hang-after, else its learned pace."""
        if self.options.hang_after_s is not None:
            return self.options.hang_after_s
        with self._lock:
            return self.cadence.threshold_s()

    def _loop(self) -> None:
        last_signature: tuple[object, ...] | None = None
        reported = False
        next_sample = time.monotonic() + min(self.options.interval_for(self.threshold_s()), 2.0)
        next_poll = time.monotonic() + self.options.poll_s
        while self.proc.poll() is None:
            now = time.monotonic()
            if self.stop_deadline is not None and now > self.stop_deadline:
                self.notify("the job did not end in time after the signal: killing every process it started")
                self._kill_all()
            if self.stop_deadline is None and now >= next_poll:
                next_poll = now + self.options.poll_s
                try:
                    self._poll()
                except Exception as exc:
                    self._watch_failed(exc)
            if self.stop_deadline is not None or now < next_sample:
                time.sleep(0.1)
                continue
            next_sample = now + self.options.interval_for(self.threshold_s())
            try:
                last_signature, reported = self._step(last_signature, reported)
            except Exception as exc:  # nothing of the watch's own may reach the job
                self._watch_failed(exc)

    def _poll(self) -> None:
        """The ranks now (no stacks): remember each new one's memory cgroup, and read why each one gone ended."""
        self._sample_processes()
        with self._lock:
            known = list(self.known.items())
        alive: dict[int, int | None] = {}
        ended: list[tuple[DistProcess, int | None]] = []
        for pid, p in known:
            if pid in self.deaths:
                continue
            status: int | None = None
            try:
                proc = psutil.Process(pid)
                if proc.status() != psutil.STATUS_ZOMBIE:
                    alive[pid] = p.rank
                    continue
                status = zombie_status(pid)
            except psutil.Error:
                if pid == self.proc.pid and self.proc.returncode is not None:
                    status = self.proc.returncode
            ended.append((p, status))
        lines: dict[int, str] | None = None

        def kernel_line(pid: int) -> str:
            # Read once per poll, for every rank that ended in it (a job's ranks end together), and only if asked.
            nonlocal lines
            if lines is None:
                lines = kernel_oom_lines({p.pid for p, _ in ended})
            return lines.get(pid, "")

        for p, status in ended:
            self._died(p, status, sum(1 for pid in alive if known_rank(known, pid) != p.rank), kernel_line)

    def _died(self, p: DistProcess, status: int | None, peers_alive: int, kernel_line_of: Callable[[int], str]) -> None:
        cgroup = self.cgroups.get(p.pid)
        now = oom_kills(cgroup) if cgroup is not None else None
        kills = max(0, (now or 0) - cgroup.oom_kills) if cgroup is not None else 0
        code, sig = wait_status(status)
        # The kernel's own line settles a kill the counter missed (the rank moved and died between two polls)
        # or a status its parent reaped first.
        kernel_line = kernel_line_of(p.pid) if kills or (code is None and sig in (None, signal.SIGKILL)) else ""
        if kernel_line:
            kills = max(kills, 1)
        sample = self.last_seen.get(p.pid)
        thread = sample.main_thread() if sample else None
        frame = str(thread.frames[0]) if thread and thread.frames else ""
        death = Death(
            pid=p.pid,
            rank=p.rank,
            host=p.host,
            exit_code=code,
            signal=sig,
            oom_kills=kills,
            cgroup=cgroup.path if cgroup else "",
            limit_bytes=cgroup.limit_bytes if cgroup else None,
            kernel_line=kernel_line,
            last_frame=frame,
            peers_alive=peers_alive,
            launcher=p.launcher,
            local_rank=p.local_rank,
        )
        with self._lock:
            self.deaths[p.pid] = death
        if self.on_death is not None:
            self.on_death(death)

    def _step(self, last_signature: tuple[object, ...] | None, reported: bool) -> tuple[tuple[object, ...], bool]:
        """One sample of the job's processes and stacks; the stall callback once a stall passes hang_after_s."""
        self._reap_orphans()
        procs = self._sample_processes()
        samples = dump_all((p.pid for p in procs if p.alive), nonblocking=True)
        self.samples += 1
        current = signature(procs, samples)
        now = time.monotonic()
        for pid, sample in samples.items():
            thread = sample.main_thread()
            if thread is None:
                continue
            key = tuple((f.name, f.filename, f.line) for f in thread.frames)
            if self.held.get(pid, (None, 0.0))[0] != key:
                self.held[pid] = (key, now)
            self.last_seen[pid] = sample
        with self._lock:
            if current != last_signature:
                self.last_activity = now
                self.cadence.beat(now)
                reported = False
            stalled = now - self.last_activity
        threshold = self.threshold_s()
        if not reported and stalled >= threshold and procs:
            reported = True
            held = {pid: round(now - since, 1) for pid, (_, since) in self.held.items()}
            pace = None if self.options.hang_after_s is not None else self.cadence.pace_s
            stall = Stall(
                self._with_dead(procs), round(stalled, 1), self.samples, held, dict(self.last_seen), threshold, pace
            )
            self.on_stall(stall)
        return current, reported

    def _watch_failed(self, exc: Exception) -> None:
        text = f"{type(exc).__name__}: {exc}"
        if text != self.watch_error:
            self.watch_error = text
            self.notify(f"distdoctor's own watch failed ({text}); the job runs on untouched, watched again next sample")

    def held_now(self) -> dict[int, float]:
        """pid -> seconds its main thread has stood in the same frame, as of the last sample (any thread)."""
        now = time.monotonic()
        return {pid: round(now - since, 1) for pid, (_, since) in list(self.held.items())}

    def last_samples(self) -> list[tuple[DistProcess, StackSample | None]]:
        """Every rank seen, as it was when seen, with its last stack sample: none is read now (callable from the
        death poll while the job ends; a rank its launcher ended since still says where it was)."""
        with self._lock:
            known = list(self.known.values())
        return [(p, self.last_seen.get(p.pid)) for p in known]

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
        # Re-read for every living rank: a rank may move itself into a cgroup after it starts.
        for p in procs:
            if p.alive and p.role == "worker":
                self.cgroups[p.pid] = baseline(self.cgroups.get(p.pid), memory_cgroup(p.pid))
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
                    root_proc = psutil.Process(root)
                    if root != self.proc.pid:
                        # An orphan is the job's too, though it was never seen under the job (its parent exited
                        # between two samples): without this only its children would be ended.
                        self.started.setdefault(root, root_proc.create_time())
                    for child in root_proc.children(recursive=True):
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


def known_rank(known: list[tuple[int, DistProcess]], pid: int) -> int | None:
    return next((p.rank for k, p in known if k == pid), None)
