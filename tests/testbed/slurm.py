"""A real Slurm cluster (slurmctld on node1, one slurmd per node) on a namespace :class:`~testbed.netns.Cluster`.

munged runs once on the host and is shared (its unix socket is reachable from every node: the filesystem is
shared); it is left running after the tests, like a system daemon.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import pwd
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from testbed import netns
from testbed.netns import Cluster, Node, TestbedError

SLURM_TOOLS = ("slurmctld", "slurmd", "slurmstepd", "sinfo", "srun", "scontrol")
MUNGE_TOOLS = ("munged", "munge", "runuser")
APT_PACKAGES = "munge slurmctld slurmd slurm-client"
CTLD_PORT = 6817  # the ports are per node namespace, so Slurm's defaults are always free there
SLURMD_PORT = 6818
READY_TIMEOUT_S = 30.0
MUNGE_START_TIMEOUT_S = 10.0
_POLL_S = 0.05

# (path, mode) of what munged insists on: owned by munge, not writable by others.
_MUNGE_DIRS = (("/etc/munge", 0o700), ("/var/lib/munge", 0o711), ("/var/log/munge", 0o700), ("/run/munge", 0o755))
MUNGE_KEY = Path("/etc/munge/munge.key")
MUNGE_SOCKET = Path("/run/munge/munge.socket.2")  # where munge clients and Slurm look by default


@functools.cache
def available() -> str | None:
    """None when Slurm clusters can be built here, else the reason to skip."""
    if reason := netns.available():
        return reason
    missing = [name for name in (*SLURM_TOOLS, *MUNGE_TOOLS) if netns.which(name) is None]
    if missing:
        return f"missing {', '.join(missing)} (apt-get install {APT_PACKAGES})"
    try:
        pwd.getpwnam("munge")
    except KeyError:
        return "no munge user (apt-get install munge)"
    return None


# --- munge ------------------------------------------------------------------------------------------------------


def munge_works() -> bool:
    """Whether a munged answers on the default socket (one credential round trip, a few ms)."""
    # Try the socket first: against a dead munged's socket `munge -n` retries for ~2 s before it gives up.
    with socket.socket(socket.AF_UNIX) as sock:
        try:
            sock.connect(str(MUNGE_SOCKET))
        except OSError:
            return False
    proc = subprocess.run([netns.tool("munge"), "-n"], capture_output=True, check=False)
    return proc.returncode == 0


@contextlib.contextmanager
def _host_lock(name: str) -> Iterator[None]:
    """An exclusive lock shared by all test runs on this host (two pytest workers must not both start munged)."""
    netns.STATE_DIR.mkdir(parents=True, exist_ok=True)
    with open(netns.STATE_DIR / name, "wb") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _prepare_munge_files() -> None:
    """Create munged's dirs and key as the package would (on a machine without systemd /run/munge is missing)."""
    user = pwd.getpwnam("munge")
    for path, mode in _MUNGE_DIRS:
        os.makedirs(path, exist_ok=True)
        os.chown(path, user.pw_uid, user.pw_gid)
        os.chmod(path, mode)
    if not MUNGE_KEY.exists():
        if mungekey := netns.which("mungekey"):
            netns.host_run([mungekey, "--create", f"--keyfile={MUNGE_KEY}"])
        else:
            MUNGE_KEY.write_bytes(os.urandom(1024))
    os.chown(MUNGE_KEY, user.pw_uid, user.pw_gid)
    os.chmod(MUNGE_KEY, 0o400)


def ensure_munged(timeout: float = MUNGE_START_TIMEOUT_S) -> None:
    """Start munged on the host unless one already answers; wait until it does."""
    if munge_works():
        return
    with _host_lock("munge.lock"):
        if munge_works():
            return
        _prepare_munge_files()
        # --force: a munged killed earlier leaves its socket behind, which munged otherwise refuses to replace.
        netns.host_run([netns.tool("runuser"), "-u", "munge", "--", netns.tool("munged"), "--force"])
        deadline = time.monotonic() + timeout
        while not munge_works():
            if time.monotonic() > deadline:
                raise TestbedError(f"munged did not answer within {timeout} s; see /var/log/munge/munged.log")
            time.sleep(_POLL_S)


# --- slurm.conf -------------------------------------------------------------------------------------------------


def _hostlist(stem: str, n: int) -> str:
    """A Slurm hostlist of items 1..n: ``node[1-4]``, or ``node1`` alone."""
    return f"{stem}1" if n == 1 else f"{stem}[1-{n}]"


def slurm_conf(
    cluster: Cluster, statedir: Path, *, ctld_port: int = CTLD_PORT, slurmd_port: int = SLURMD_PORT, cpus: int = 2
) -> str:
    """A minimal slurm.conf for the cluster: munge auth, no cgroups, no accounting, all state under statedir."""
    head = cluster.nodes[0]
    n = len(cluster.nodes)
    lines = [
        f"ClusterName={cluster.name.lower()}",
        f"SlurmctldHost={head.hostname}({head.address})",
        "SlurmUser=root",
        "SlurmdUser=root",
        f"SlurmctldPort={ctld_port}",
        f"SlurmdPort={slurmd_port}",
        "AuthType=auth/munge",
        "CredType=cred/munge",
        # linuxproc and task/none: nothing needs the cgroup fs, which many nodes on one host would share.
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "MpiDefault=none",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_CPU",
        "SchedulerType=sched/builtin",
        "AccountingStorageType=accounting_storage/none",
        "JobAcctGatherType=jobacct_gather/none",
        "JobCompType=jobcomp/none",
        # The CPUs below are what we declare, not what this host has: slurmd must not drain a node over that.
        "SlurmdParameters=config_overrides",
        "ReturnToService=2",
        "KillWait=2",
        "InactiveLimit=0",
        f"StateSaveLocation={statedir / 'ctld'}",
        f"SlurmdSpoolDir={statedir / 'spool' / '%n'}",
        f"SlurmctldPidFile={statedir / 'slurmctld.pid'}",
        f"SlurmdPidFile={statedir / 'slurmd.%n.pid'}",
        f"SlurmctldLogFile={statedir / 'slurmctld.log'}",
        f"SlurmdLogFile={statedir / 'slurmd.%n.log'}",
        f"NodeName={_hostlist('node', n)} NodeAddr={_hostlist(cluster.subnet + '.', n)} CPUs={cpus} Sockets=1 "
        f"CoresPerSocket={cpus} ThreadsPerCore=1 State=UNKNOWN",
        "PartitionName=debug Nodes=ALL Default=YES State=UP MaxTime=INFINITE",
    ]
    return "\n".join(lines) + "\n"


# --- the cluster ------------------------------------------------------------------------------------------------


class SlurmCluster:
    """slurmctld on node1 and slurmd on every node of a namespace cluster, ready (all nodes idle) on entry."""

    def __init__(
        self,
        n: int = 2,
        *,
        cluster: Cluster | None = None,
        prefix: str | None = None,
        ready_timeout: float = READY_TIMEOUT_S,
    ) -> None:
        self._owns_cluster = cluster is None
        self.cluster = Cluster(n, prefix=prefix) if cluster is None else cluster
        self.ready_timeout = ready_timeout
        self.ready_s: float | None = None  # seconds from starting the daemons to all nodes idle
        self._daemons: dict[str, subprocess.Popen[str]] = {}

    def __enter__(self) -> SlurmCluster:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def nodes(self) -> list[Node]:
        """The cluster's nodes; node1 (index 0) runs slurmctld."""
        return self.cluster.nodes

    @property
    def statedir(self) -> Path:
        """Where slurm.conf, state, spool dirs and logs live."""
        return self.cluster.tmpdir / "slurm"

    @property
    def conf_path(self) -> Path:
        """The cluster's slurm.conf."""
        return self.statedir / "slurm.conf"

    @property
    def env(self) -> dict[str, str]:
        """What a client command needs in its environment."""
        return {"SLURM_CONF": str(self.conf_path)}

    def start(self) -> None:
        """Start munged (if needed), the cluster, slurmctld and the slurmds; wait until every node is idle."""
        try:
            ensure_munged()
            if self._owns_cluster:
                self.cluster.start()
            self._write_conf()
            started = time.monotonic()
            self._daemon(self.nodes[0], [netns.tool("slurmctld"), "-D"], "slurmctld")
            for node in self.nodes:
                self._daemon(node, [netns.tool("slurmd"), "-D", "-N", node.hostname], f"slurmd.{node.hostname}")
            self._wait_idle()
            self.ready_s = time.monotonic() - started
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Kill the daemons, and the cluster with everything in it when we made it."""
        if self._owns_cluster:
            self.cluster.close()  # kills daemons, steps and tasks: all live in its namespaces
        else:
            for proc in self._daemons.values():
                netns.kill_group(proc)
                proc.wait()
        self._daemons.clear()

    def run(
        self,
        cmd: Sequence[str],
        node: int = 0,
        *,
        env: Mapping[str, str] | None = None,
        timeout: float = 60,
        check: bool = False,
        input: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run a client command (srun, sbatch, sinfo...) on a node, with SLURM_CONF set."""
        return self.nodes[node].run(cmd, env={**self.env, **(env or {})}, timeout=timeout, check=check, input=input)

    def popen(
        self,
        cmd: Sequence[str],
        node: int = 0,
        *,
        env: Mapping[str, str] | None = None,
        stdout: int | IO[Any] | None = subprocess.PIPE,
        stderr: int | IO[Any] | None = subprocess.STDOUT,
    ) -> subprocess.Popen[str]:
        """Start a client command in the background on a node, with SLURM_CONF set (e.g. a job meant to hang)."""
        return self.nodes[node].popen(cmd, env={**self.env, **(env or {})}, stdout=stdout, stderr=stderr)

    def logs(self, lines: int = 20) -> str:
        """The last lines of every daemon's log and output, for failure messages."""
        parts = []
        for path in sorted(self.statedir.glob("*.log")) + sorted(self.statedir.glob("*.out")):
            tail = path.read_text(errors="replace").splitlines()[-lines:]
            parts.append(f"--- {path.name}\n" + "\n".join(tail))
        return "\n".join(parts)

    def _write_conf(self) -> None:
        """slurm.conf plus the dirs it names, which the daemons will not create themselves."""
        for node in self.nodes:
            (self.statedir / "spool" / node.hostname).mkdir(parents=True, exist_ok=True)
        (self.statedir / "ctld").mkdir(exist_ok=True)
        self.conf_path.write_text(slurm_conf(self.cluster, self.statedir))

    def _daemon(self, node: Node, cmd: list[str], name: str) -> None:
        """Start a daemon in the foreground on a node, its stray output going to NAME.out."""
        with open(self.statedir / f"{name}.out", "w") as out:
            self._daemons[name] = node.popen(cmd, env=self.env, stdout=out, stderr=subprocess.STDOUT)

    def _node_states(self) -> dict[str, str]:
        """Node name -> state as sinfo reports it (empty while slurmctld is not answering)."""
        try:
            proc = self.run(["sinfo", "--noheader", "--Node", "--format=%N %T"], timeout=10)
        except subprocess.TimeoutExpired:
            return {}
        if proc.returncode != 0:
            return {}
        return dict(line.split(maxsplit=1) for line in proc.stdout.splitlines() if " " in line)

    def _wait_idle(self) -> None:
        """Poll sinfo until every node is idle; raise with the daemons' logs when that takes too long."""
        deadline = time.monotonic() + self.ready_timeout
        want = {node.hostname for node in self.nodes}
        while True:
            states = self._node_states()
            if want <= {name for name, state in states.items() if state == "idle"}:
                return
            dead = [name for name, proc in self._daemons.items() if proc.poll() is not None]
            if dead or time.monotonic() > deadline:
                why = f"daemons exited: {dead}" if dead else f"not idle after {self.ready_timeout} s"
                raise TestbedError(f"Slurm cluster not ready ({why}); sinfo: {states}\n{self.logs()}")
            time.sleep(_POLL_S)
