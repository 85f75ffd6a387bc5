"""Find torch.distributed processes on this node with psutil: launcher agents and ranks, and who each says it is."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterable, Mapping
from dataclasses import replace

import psutil

from distdoctor.facts.memory import process_memlock
from distdoctor.model.hang import DistProcess, Launcher

# The variables that say who a rank is; nothing else of a process's environment is kept.
DIST_VARS = (
    "RANK",
    "LOCAL_RANK",
    "WORLD_SIZE",
    "LOCAL_WORLD_SIZE",
    "GROUP_RANK",
    "GROUP_WORLD_SIZE",
    "ROLE_RANK",
    "MASTER_ADDR",
    "MASTER_PORT",
    "TORCHELASTIC_RUN_ID",
    "TORCHELASTIC_RESTART_COUNT",
    "TORCHELASTIC_MAX_RESTARTS",
    "TORCH_FR_BUFFER_SIZE",
    "TORCH_FR_DUMP_TEMP_FILE",
    "NCCL_RAS_ADDR",
    "OMPI_COMM_WORLD_RANK",
    "OMPI_COMM_WORLD_SIZE",
    "OMPI_COMM_WORLD_LOCAL_RANK",
    "OMPI_COMM_WORLD_LOCAL_SIZE",
    "SLURM_PROCID",
    "SLURM_NTASKS",
    "SLURM_LOCALID",
    "SLURM_NODEID",
    "SLURM_STEP_ID",
)
_AGENT_MODULES = ("torch.distributed.run", "torch.distributed.launch")


def agent_launcher(cmdline: tuple[str, ...]) -> Launcher | None:
    """The launcher a command line runs, when it is a torchrun agent (torchrun, python -m torch.distributed.*)."""
    if not cmdline:
        return None
    if os.path.basename(cmdline[0]) == "torchrun":
        return "torchrun"
    if not _is_python(cmdline):
        return None
    for i, arg in enumerate(cmdline[1:], start=1):
        if arg == "-m" and i + 1 < len(cmdline) and cmdline[i + 1] in _AGENT_MODULES:
            return "torch.distributed.launch" if "launch" in cmdline[i + 1] else "torch.distributed.run"
        if not arg.startswith("-"):
            # The first plain argument is the script: a console-script shim named torchrun.
            return "torchrun" if os.path.basename(arg) == "torchrun" else None
    return None


def _is_python(cmdline: tuple[str, ...]) -> bool:
    return os.path.basename(cmdline[0]).startswith("python")


def _is_distdoctor(cmdline: tuple[str, ...]) -> bool:
    # Our own `distdoctor run`/`dump` may carry RANK (under srun): never take it for a rank.
    return any(os.path.basename(a) == "distdoctor" or a == "distdoctor" for a in cmdline[:3])


def _int(env: Mapping[str, str], *names: str) -> int | None:
    for name in names:
        value = env.get(name, "")
        if value.strip().lstrip("-").isdecimal():  # what int() reads ("²" is a digit, not a number)
            return int(value)
    return None


def _worker_launcher(env: Mapping[str, str], parent: Launcher | None) -> Launcher:
    if parent:
        return parent
    if "OMPI_COMM_WORLD_RANK" in env:
        return "mpirun"
    if "SLURM_PROCID" in env and "RANK" not in env:
        return "srun"
    return "plain"


def is_rank_env(env: Mapping[str, str]) -> bool:
    """A process is a rank when its environment says which rank it is (torch's, OpenMPI's or Slurm's names)."""
    if "RANK" in env and "WORLD_SIZE" in env:
        return True
    # A Python task of an srun step is taken for a rank too: its script often sets RANK itself, later.
    return "TORCHELASTIC_RUN_ID" in env or "OMPI_COMM_WORLD_RANK" in env or "SLURM_STEP_ID" in env


def describe_process(proc: psutil.Process, host: str, parent_launcher: Launcher | None = None) -> DistProcess | None:
    """The DistProcess a psutil process stands for, or None when it is not an agent nor a rank."""
    try:
        with proc.oneshot():
            status = proc.status()
            age = max(0.0, time.time() - proc.create_time())
            ppid = proc.ppid()
            if status == psutil.STATUS_ZOMBIE:
                return _zombie(proc.pid, ppid, host, age, parent_launcher) if parent_launcher else None
            cmdline = tuple(proc.cmdline())
            if not cmdline or _is_distdoctor(cmdline):
                return None
            launcher = agent_launcher(cmdline)
            if launcher is None and not _is_python(cmdline):
                return None
            environ = proc.environ()
    except psutil.ZombieProcess:
        return None
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None
    env = {k: environ[k] for k in DIST_VARS if k in environ}
    if launcher is None and not is_rank_env(env):
        return None
    return DistProcess(
        pid=proc.pid,
        ppid=ppid,
        role="agent" if launcher else "worker",
        launcher=launcher or _worker_launcher(env, parent_launcher),
        host=host,
        cmdline=cmdline,
        status=status,
        age_s=round(age, 1),
        rank=_int(env, "RANK", "OMPI_COMM_WORLD_RANK", "SLURM_PROCID") if not launcher else None,
        local_rank=_int(env, "LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID") if not launcher else None,
        world_size=_int(env, "WORLD_SIZE", "OMPI_COMM_WORLD_SIZE", "SLURM_NTASKS") if not launcher else None,
        local_world_size=_int(env, "LOCAL_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_SIZE") if not launcher else None,
        group_rank=_int(env, "GROUP_RANK") if not launcher else None,
        master_addr=env.get("MASTER_ADDR"),
        master_port=_int(env, "MASTER_PORT"),
        run_id=env.get("TORCHELASTIC_RUN_ID"),
        env=tuple(sorted(env.items())),
        memlock=None if launcher else process_memlock(proc.pid),
    )


def _zombie(pid: int, ppid: int, host: str, age: float, launcher: Launcher) -> DistProcess:
    # A zombie's environment is gone: we know only that its launcher has not reaped it.
    return DistProcess(pid, ppid, "worker", launcher, host, (), "zombie", round(age, 1))


def discover(pids: Iterable[int] | None = None, exclude: Iterable[int] = ()) -> tuple[DistProcess, ...]:
    """Agents and ranks on this node; with `pids`, only those processes and their descendants."""
    host = socket.gethostname()
    skip = {os.getpid(), *exclude}
    candidates = list(psutil.process_iter()) if pids is None else _with_descendants(pids)
    found: dict[int, DistProcess] = {}
    for proc in candidates:
        if proc.pid in skip or proc.pid in found:
            continue
        item = describe_process(proc, host)
        if item is None:
            continue
        found[item.pid] = item
        if item.role == "agent":
            # An agent's children are its ranks, zombies included (killed, not yet reaped).
            for child in _children(proc):
                if child.pid not in found and child.pid not in skip:
                    sub = describe_process(child, host, item.launcher)
                    if sub is not None:
                        found[sub.pid] = sub
    _add_dead_siblings(found, host, skip)
    _fold_helpers(found)
    # A rank met before its agent was described as "plain": it is its agent's.
    agents = {p.pid: p.launcher for p in found.values() if p.role == "agent"}
    for pid, p in list(found.items()):
        if p.role == "worker" and p.ppid in agents and p.launcher != agents[p.ppid]:
            found[pid] = replace(p, launcher=agents[p.ppid])
    return tuple(sorted(found.values(), key=_order))


def _fold_helpers(found: dict[int, DistProcess]) -> None:
    # A child of a rank that carries the rank's environment (a DataLoader worker, a subprocess) is not a rank:
    # it is listed under its rank.
    ranks = {pid for pid, p in found.items() if p.role == "worker"}
    helpers: dict[int, list[int]] = {}
    for pid, p in list(found.items()):
        if p.role == "worker" and p.ppid in ranks and found[p.ppid].rank == p.rank:
            helpers.setdefault(p.ppid, []).append(pid)
            del found[pid]
    for parent, pids in helpers.items():
        if parent in found:
            found[parent] = replace(found[parent], helpers=tuple(sorted(pids)))


def uses_nccl(pid: int) -> bool:
    """The process has NCCL loaded (its timeout default is NCCL's then, where the job uses it)."""
    try:
        with open(f"/proc/{pid}/maps", encoding="ascii", errors="replace") as f:
            return any("libnccl" in line for line in f)
    except OSError:
        return False


def _add_dead_siblings(found: dict[int, DistProcess], host: str, skip: set[int]) -> None:
    # A rank killed under a parent that has not reaped it (mpirun, a script, a test) stays a zombie child
    # beside its living sibling ranks: that is the dead rank.
    parents = {p.ppid: p.launcher for p in found.values() if p.role == "worker" and p.alive}
    for ppid, launcher in parents.items():
        try:
            children = psutil.Process(ppid).children(recursive=False)
        except psutil.Error:
            continue
        for child in children:
            if child.pid in found or child.pid in skip:
                continue
            sub = describe_process(child, host, launcher)
            if sub is not None and not sub.alive:
                found[sub.pid] = sub


def _order(p: DistProcess) -> tuple[int, int, int]:
    return (0 if p.role == "agent" else 1, p.rank if p.rank is not None else 1 << 30, p.pid)


def _children(proc: psutil.Process) -> list[psutil.Process]:
    try:
        return proc.children(recursive=False)
    except psutil.Error:
        return []


def _with_descendants(pids: Iterable[int]) -> list[psutil.Process]:
    out: list[psutil.Process] = []
    for pid in pids:
        try:
            proc = psutil.Process(pid)
            out.append(proc)
            out.extend(proc.children(recursive=True))
        except psutil.Error:
            continue
    return out


def missing_pids(pids: Iterable[int]) -> list[int]:
    """The pids given by the user that do not exist on this node."""
    return [p for p in pids if not psutil.pid_exists(p)]
