"""Data of a hung job crossing layers: discovered processes, their stacks, and the state each one is in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from distdoctor.model.constraints import AnyPort, Count, Finite, Pid, Rank, Seconds
from distdoctor.model.devices import MemlockLimit

Role = Literal["agent", "worker"]

# How a rank was started: torchrun's agent, the older launcher, a scheduler, or by hand.
Launcher = Literal["torchrun", "torch.distributed.run", "torch.distributed.launch", "srun", "mpirun", "plain"]

# Why py-spy gave no stack: codes the catalogue explains, each with its fix.
StackError = Literal["permission", "gone", "timeout", "no-py-spy", "failed"]

# Where one process is. "supervising": a launcher agent watching its workers (healthy);
# "unavailable": no stack could be read.
State = Literal[
    "rendezvous",
    "store-connect",
    "pg-init",
    "barrier",
    "collective",
    "device-sync",
    "user-code",
    "supervising",
    "dead",
    "unavailable",
]


@dataclass(frozen=True)
class Frame:
    """One Python frame, as py-spy reports it."""

    name: str
    filename: str  # the full path
    short: str  # py-spy's short_filename: relative to site-packages / the script's folder
    line: Count
    locals: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return f"{self.name} ({self.short}:{self.line})"


@dataclass(frozen=True)
class ThreadStack:
    """One thread's frames, innermost first (py-spy's order)."""

    thread_id: int
    name: str
    active: bool
    frames: tuple[Frame, ...]
    os_thread_id: int | None = None  # the kernel's id: the main thread's equals the pid


@dataclass(frozen=True)
class StackSample:
    """py-spy's answer for one process: its threads, or why there are none."""

    pid: Pid
    threads: tuple[ThreadStack, ...] = ()
    error: StackError | None = None
    detail: str = ""
    elapsed_s: Seconds = 0.0

    def main_thread(self) -> ThreadStack | None:
        """The thread the rank's program runs in: MainThread, else the one whose kernel id is the pid (py-spy
        sometimes reads no thread names), else the first one listed."""
        for thread in self.threads:
            if thread.name == "MainThread":
                return thread
        for thread in self.threads:
            if thread.os_thread_id == self.pid:
                return thread
        return self.threads[0] if self.threads else None


@dataclass(frozen=True)
class DistProcess:
    """A torch.distributed process found on this node: a launcher agent or a rank, and who it says it is."""

    pid: Pid
    ppid: Pid
    role: Role
    launcher: Launcher
    host: str
    cmdline: tuple[str, ...]
    status: str  # psutil's: running, sleeping, disk-sleep, stopped, zombie, dead
    age_s: Finite
    rank: Rank | None = None
    local_rank: Rank | None = None
    world_size: Count | None = None
    local_world_size: Count | None = None
    group_rank: Rank | None = None  # torchrun's node rank
    master_addr: str | None = None
    master_port: AnyPort | None = None
    run_id: str | None = None
    env: tuple[tuple[str, str], ...] = ()  # the distributed variables only, never the whole environment
    memlock: MemlockLimit | None = None  # RLIMIT_MEMLOCK from /proc/<pid>/limits, where readable
    helpers: tuple[Pid, ...] = ()  # child processes of this rank that are not ranks (DataLoader workers)

    @property
    def alive(self) -> bool:
        return self.status not in ("zombie", "dead")

    @property
    def label(self) -> str:
        if self.role == "agent":
            return f"{self.launcher} agent pid {self.pid}"
        rank = "?" if self.rank is None else self.rank
        return f"rank {rank} pid {self.pid}"


@dataclass(frozen=True)
class ProcessState:
    """Where one process is, as rules/stacks.py reads its stack."""

    process: DistProcess
    state: State
    op: str = ""  # the collective, or the torch function of an init state
    frame: str = ""  # the innermost frame of the program's own code: "train.py:42 in step"
    where: str = ""  # the innermost torch frame that decided the state
    seq: Count | None = None  # collective sequence number, where the flight recorder gives one
    error: StackError | None = None
    held_s: Finite | None = None  # how long (at least) the main thread has stood in this same frame
    phase: str = ""  # what the own code is doing (rules/phases.py): "checkpoint save", "data loading" ...
    detail: str = ""  # what the rank waits on below it: its stuck DataLoader worker, the loop it left
    timeout_s: Finite | None = None  # the collective's own timeout, where the flight recorder gives it


@dataclass(frozen=True)
class LastCollective:
    """A rank's newest flight-recorder entry: the collective it is in (or last finished)."""

    rank: Rank
    seq: Count
    op: str  # "all_reduce", from the entry's "gloo:all_reduce"
    state: str  # scheduled, started, completed
    retired: bool
    timeout_s: Finite | None = None  # the entry's timeout_ms: the process group's timeout for this collective


@dataclass(frozen=True)
class FlightAnalysis:
    """The dumps found, torchfrtrace's answer on them, and what each rank's dump says it is in."""

    files: tuple[str, ...]
    last: tuple[LastCollective, ...]
    returncode: int | None  # None: torchfrtrace was not found or timed out
    output: tuple[str, ...]
    normalised: bool = False  # the dumps were fed through the pg_config fix (see _normalise)


@dataclass(frozen=True)
class Gathered:
    """Every node's states as node 0 got them; `missing` are the node ranks that did not answer."""

    states: tuple[ProcessState, ...]
    answered: tuple[Rank, ...]
    missing: tuple[Rank, ...]
    expected: Count

    @property
    def complete(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class Death:
    """How one rank ended, as the watch saw it: its exit (where its parent left it to be read) and its cgroup's
    OOM-kill counter before and after."""

    pid: Pid
    rank: Rank | None
    host: str
    exit_code: int | None = None  # waitpid's: 0..255, or None when the parent reaped it first
    signal: int | None = None  # the signal that ended it, where known
    oom_kills: Count = 0  # OOM kills in its memory cgroup while it ran (cgroup v2 memory.events, v1 oom_control)
    cgroup: str = ""  # the cgroup's folder
    limit_bytes: Count | None = None  # memory.max / memory.limit_in_bytes; None: unlimited or unreadable
    kernel_line: str = ""  # the kernel log's OOM line, where readable
    last_frame: str = ""  # the own-code frame it was last seen in
    peers_alive: Count = 0  # ranks of its job still running when it went
    launcher: str = ""
    local_rank: Rank | None = None
    reported: str = ""  # where its parent reaped it first: the launcher's line exit_code / signal were read from


# Why ProcessGroupNCCL says it takes the process down (rules/abort.py reads it from the line).
AbortKind = Literal["timeout", "peer-timeout", "nccl-error", "cuda-error", "watchdog-hang", "teardown"]


@dataclass(frozen=True)
class AbortLine:
    """A line of ProcessGroupNCCL's abort path as the job printed it, and the rank it names (where it names one)."""

    kind: AbortKind
    where: str  # "stderr line 12": where the user saw it
    text: str  # the line, trimmed
    detail: str = ""  # the log's own words for why: the WorkNCCL that timed out, the error, "from rank 3"
    rank: Rank | None = None  # the global rank: torch's "[rank3]:" prefix, or the default group's "Rank 3"
    local_rank: Rank | None = None  # torchrun --tee's "[default1]:" prefix


@dataclass(frozen=True)
class Deadline:
    """The process-group timeout the waiting ranks will hit, and where it was read."""

    seconds: Finite
    source: str  # "--pg-timeout", "flight recorder", "torch's default for gloo" ...
    window_s: Finite | None = None  # the ranks were watched only this long (dump): a time in one frame is a floor


@dataclass(frozen=True)
class Loop:
    """A `for`/`while` loop of a source file the ranks run: its function and its lines."""

    filename: str
    function: str
    start: Count
    end: Count


@dataclass(frozen=True)
class RasStatus:
    """What NCCL's RAS service (2.24+) said of the job: the ranks and processes it got no data from, the dead ones."""

    missing_ranks: tuple[Rank, ...] = ()
    processes: tuple[str, ...] = ()  # "Process 3487984 on node 172.16.64.213 managing GPU 5"
    dead: tuple[str, ...] = ()
    communicators: tuple[str, ...] = ()  # "#0-0 (cf264af53edbe986) INCOMPLETE"
    collection_s: Finite | None = None  # how long RAS took to answer: slow means it waited on a stuck process
