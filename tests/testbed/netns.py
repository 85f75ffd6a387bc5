"""Simulated multi-node clusters on Linux network namespaces: real sockets, real firewalls, one host.

A "switch" namespace holds a bridge; each node is a namespace with a veth ``eth0`` on ``10.X.0.I/24`` and no
default route, so nothing can leave the cluster. Commands run through :meth:`Node.argv`, which also gives them the
node's hostname and ``/etc/hosts`` while sharing the host's PID space and filesystem (psutil and py-spy see them).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import itertools
import os
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

NETNS_DIR = Path("/run/netns")
STATE_DIR = Path("/run/distdoctor-testbed")  # subnet locks, shared by concurrent test runs on this host
TMP_ROOT = Path(tempfile.gettempdir()) / "distdoctor-testbed"
DEFAULT_PREFIX = "dd"
NFT_TABLE = "ddtestbed"
REQUIRED_TOOLS = ("ip", "nft", "nsenter", "unshare", "mount", "hostname")
# Root's PATH in a CI shell may lack the sbin folders, where ip and nft live.
_EXTRA_PATH = "/usr/local/sbin:/usr/sbin:/sbin:/usr/local/bin:/usr/bin:/bin"
_MAX_NODES = 250
_SUBNETS = range(1, 255)
_KILL_WAIT_S = 5.0
_POLL_S = 0.01

_counter = itertools.count()
Pipe = int | IO[Any] | None


class TestbedError(RuntimeError):
    """A test-bed command failed; the message carries the command and its stderr."""

    __test__ = False  # not a test class, whatever its name says


def which(tool: str) -> str | None:
    """The full path of ``tool``, also looking in the sbin folders."""
    return shutil.which(tool, path=f"{os.environ.get('PATH', '')}:{_EXTRA_PATH}")


@functools.cache
def tool(name: str) -> str:
    """The full path of a required tool, or a TestbedError naming it."""
    path = which(name)
    if path is None:
        raise TestbedError(f"{name} not found (install iproute2, nftables, util-linux)")
    return path


def host_run(argv: Sequence[str], *, input: str | None = None, timeout: float = 30) -> str:
    """Run a set-up command on the host; its stdout, or a TestbedError with its stderr."""
    proc = subprocess.run(list(argv), input=input, capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode != 0:
        raise TestbedError(f"{shlex.join(argv)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout


@functools.cache
def available() -> str | None:
    """None when clusters can be built here, else the reason to skip."""
    if os.geteuid() != 0:
        return "the namespace test bed needs root"
    missing = [name for name in REQUIRED_TOOLS if which(name) is None]
    if missing:
        return f"missing {', '.join(missing)} (apt-get install iproute2 nftables util-linux)"
    # Root without CAP_SYS_ADMIN (an unprivileged container) cannot create namespaces: find out once, cheaply.
    probe = subprocess.run(
        [tool("unshare"), "--net", "--mount", "--uts", "true"], capture_output=True, text=True, check=False
    )
    if probe.returncode != 0:
        return f"cannot create namespaces (net, mount, uts): {probe.stderr.strip()}"
    return None


# --- processes in namespaces ----------------------------------------------------------------------------------


def _netns_ids(names: Iterable[str]) -> set[tuple[int, int]]:
    """The (device, inode) identities of the named network namespaces that still exist."""
    ids = set()
    for name in names:
        with contextlib.suppress(OSError):
            st = os.stat(NETNS_DIR / name)
            ids.add((st.st_dev, st.st_ino))
    return ids


def pids_in_netns(names: Iterable[str]) -> list[int]:
    """Pids of all processes inside the named namespaces: `ip netns pids`, for many namespaces in one /proc scan."""
    ids = _netns_ids(names)
    pids: list[int] = []
    if not ids:
        return pids
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            st = os.stat(f"/proc/{entry.name}/ns/net")
            if (st.st_dev, st.st_ino) in ids:
                pids.append(int(entry.name))
    return pids


def process_gone(pid: int) -> bool:
    """Whether a process no longer runs (a zombie waiting for its reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] in ("Z", "X")  # the state follows the parenthesised command name


def kill_group(proc: subprocess.Popen[str]) -> None:
    """SIGKILL the process group a tracked Popen leads (it was started in a new session)."""
    # Only while not reaped: until then its pid, which is also the group id, cannot belong to anyone else.
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


def kill_netns_processes(names: Sequence[str], *, wait_s: float = _KILL_WAIT_S) -> None:
    """SIGKILL everything inside the namespaces until none is left (processes may fork while we kill)."""
    deadline = time.monotonic() + wait_s
    while pids := pids_in_netns(names):
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if time.monotonic() > deadline:
            raise TestbedError(f"processes {pids} in {names[0]}... survived SIGKILL for {wait_s} s")
        time.sleep(_POLL_S)


def _delete_namespaces(names: Sequence[str]) -> None:
    """Delete the namespaces that still exist; -force goes on past ones already gone."""
    present = [name for name in names if (NETNS_DIR / name).exists()]
    if present:
        subprocess.run(
            [tool("ip"), "-force", "-batch", "-"],
            input="".join(f"netns del {n}\n" for n in present),
            capture_output=True,
            text=True,
            check=False,
        )


# --- stale leftovers --------------------------------------------------------------------------------------------


def _name_pattern(prefix: str) -> re.Pattern[str]:
    """Namespace and temp-dir names of one prefix: PREFIX<pid>c<k>, then sw or n<i> for namespaces."""
    return re.compile(rf"{re.escape(prefix)}(?P<pid>\d+)c\d+(?:sw|n\d+)?")


def _pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists (it may be a reused pid: then we keep its leftovers)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def cleanup_stale(prefix: str = DEFAULT_PREFIX) -> list[str]:
    """Remove namespaces, their processes and temp dirs left by crashed runs of ``prefix``; the names removed."""
    pattern = _name_pattern(prefix)

    def stale(names: Iterable[str]) -> list[str]:
        return [n for n in names if (m := pattern.fullmatch(n)) and not _pid_alive(int(m["pid"]))]

    namespaces = stale(os.listdir(NETNS_DIR)) if NETNS_DIR.is_dir() else []
    if namespaces:
        kill_netns_processes(namespaces)
        _delete_namespaces(namespaces)
    dirs = stale(os.listdir(TMP_ROOT)) if TMP_ROOT.is_dir() else []
    for name in dirs:
        shutil.rmtree(TMP_ROOT / name, ignore_errors=True)
    return namespaces + dirs


# --- subnets ----------------------------------------------------------------------------------------------------


def _claim_subnet() -> tuple[int, IO[bytes]]:
    """Pick X for 10.X.0.0/24 not used by a live cluster on this host; the held flock is released at death."""
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    for x in _SUBNETS:
        lock = open(STATE_DIR / f"subnet-{x}.lock", "wb")  # noqa: SIM115 - held open for the cluster's life
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            continue
        return x, lock
    raise TestbedError(f"all {len(_SUBNETS)} subnets 10.X.0.0/24 are held by live clusters")


# --- nodes and clusters -----------------------------------------------------------------------------------------


@dataclass
class _Resources:
    """What a cluster holds, apart from the Cluster object, so a finalizer can release it."""

    namespaces: list[str] = field(default_factory=list)
    procs: list[subprocess.Popen[str]] = field(default_factory=list)
    tmpdir: Path | None = None
    lock: IO[bytes] | None = None

    def release(self) -> None:
        """Kill every process, delete the namespaces and temp dir, free the subnet; safe to call twice."""
        for proc in self.procs:
            kill_group(proc)
        try:
            kill_netns_processes(self.namespaces)
        finally:
            for proc in self.procs:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=_KILL_WAIT_S)  # reap, so no zombie of ours outlives the cluster
                for stream in (proc.stdin, proc.stdout, proc.stderr):
                    if stream is not None:
                        stream.close()
            self.procs.clear()
            _delete_namespaces(self.namespaces)
            if self.tmpdir is not None:
                shutil.rmtree(self.tmpdir, ignore_errors=True)
            if self.lock is not None:
                self.lock.close()
                self.lock = None


def _merged_env(env: Mapping[str, str] | None) -> dict[str, str] | None:
    """``env`` layered over the current environment (None: inherit it unchanged)."""
    return None if env is None else {**os.environ, **env}


@dataclass
class Node:
    """One simulated host: a network namespace with its hostname and hosts file."""

    name: str
    hostname: str
    address: str
    index: int
    hosts_path: Path
    _procs: list[subprocess.Popen[str]] = field(repr=False, compare=False)

    def argv(self, cmd: Sequence[str]) -> list[str]:
        """``cmd`` wrapped to run in this node's net, mount and UTS namespaces, with its /etc/hosts and hostname."""
        # A fresh mount and UTS namespace per command: the bind mount and hostname never leak to the host, and
        # every command sees the hosts file as it is now. `ip netns exec` is not used: it remounts /sys, which
        # hides the cgroup fs (slurmd then dies), and keeps the host's hostname.
        script = f'{tool("mount")} --bind "$1" /etc/hosts && {tool("hostname")} "$2" && shift 2 && exec "$@"'
        return [
            tool("nsenter"),
            f"--net={NETNS_DIR / self.name}",
            tool("unshare"),
            "--mount",
            "--propagation",
            "slave",
            "--uts",
            tool("sh"),
            "-c",
            script,
            "node-enter",
            str(self.hosts_path),
            self.hostname,
            *cmd,
        ]

    def popen(
        self,
        cmd: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        stdout: Pipe = subprocess.PIPE,
        stderr: Pipe = subprocess.STDOUT,
        stdin: Pipe = subprocess.DEVNULL,
    ) -> subprocess.Popen[str]:
        """Start ``cmd`` on this node in a new session (text mode); the cluster kills it at teardown.

        ``env`` is layered over the current environment.
        """
        proc = subprocess.Popen(
            self.argv(cmd),
            env=_merged_env(env),
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            text=True,
            start_new_session=True,
        )
        self._procs.append(proc)
        return proc

    def run(
        self,
        cmd: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        timeout: float = 60,
        check: bool = False,
        input: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run ``cmd`` on this node to completion, output captured; on timeout its whole group is killed."""
        proc = self.popen(
            cmd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL if input is None else subprocess.PIPE,
        )
        try:
            out, err = proc.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc)
            out, err = proc.communicate()
            raise subprocess.TimeoutExpired(proc.args, timeout, out, err) from None
        finally:
            if proc.returncode is not None:
                self._procs.remove(proc)
        result = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        if check:
            result.check_returncode()
        return result

    def write_hosts(self, text: str) -> None:
        """Replace this node's /etc/hosts; commands started from now on see it."""
        self.hosts_path.write_text(text)

    def ip(self, *args: str) -> str:
        """Run ``ip -n NODE ARGS`` on the host; its output."""
        return host_run([tool("ip"), "-n", self.name, *args])

    def nft(self, script: str) -> None:
        """Apply an nft script inside this node's network namespace."""
        host_run([tool("nsenter"), f"--net={NETNS_DIR / self.name}", tool("nft"), "-f", "-"], input=script)

    def nft_block(
        self, port: int | None = None, *, action: Literal["drop", "reject"] = "drop", except_port: int | None = None
    ) -> None:
        """Firewall incoming TCP on eth0: to ``port``, or new connections to every port but ``except_port``.

        ``reject`` answers with a TCP reset (ECONNREFUSED at once); ``drop`` leaves the caller waiting.
        """
        if port is not None and except_port is not None:
            raise ValueError("give port or except_port, not both")
        verdict = {"drop": "drop", "reject": "reject with tcp reset"}[action]
        if port is not None:
            match = f"tcp dport {port}"
        else:
            # Only new connections: replies to connections this node opens itself must still come in.
            match = "ct state new " + ("meta l4proto tcp" if except_port is None else f"tcp dport != {except_port}")
        # iifname eth0: a rule without it also blocks the node's own loopback traffic.
        self.nft(
            f"add table inet {NFT_TABLE}\n"
            f"add chain inet {NFT_TABLE} input {{ type filter hook input priority 0; policy accept; }}\n"
            f'add rule inet {NFT_TABLE} input iifname "eth0" {match} {verdict}\n'
        )

    def nft_flush(self) -> None:
        """Remove every rule nft_block added (adding the table first makes this safe when there is none)."""
        self.nft(f"add table inet {NFT_TABLE}\ndelete table inet {NFT_TABLE}\n")

    def add_address(self, cidr: str, dev: str = "eth0") -> None:
        """Add an address (``10.9.0.5/24``) to an interface of this node."""
        self.ip("addr", "add", cidr, "dev", dev)

    def add_dummy_interface(self, name: str, cidr: str | None = None, *, kind: str = "bridge") -> None:
        """Add an interface that is up and leads nowhere, e.g. a docker0-like one with 172.17.0.1/16.

        A port-less bridge by default: ``kind="dummy"`` needs the dummy kernel module, which some machines lack.
        """
        self.ip("link", "add", name, "type", kind)
        if cidr is not None:
            self.add_address(cidr, name)
        self.ip("link", "set", name, "up")

    def add_side_interface(self, name: str, cidr: str) -> None:
        """An interface that is up, has ``cidr`` and leads nowhere: a veth pair kept inside the node (this kernel
        has no dummy driver), e.g. a second network the other nodes are not on."""
        self.ip("link", "add", name, "type", "veth", "peer", "name", f"{name}p")
        self.add_address(cidr, name)
        self.ip("link", "set", name, "up")
        self.ip("link", "set", f"{name}p", "up")

    def set_mtu(self, mtu: int, dev: str = "eth0") -> None:
        """Set an interface's MTU and turn its offloads off (ethtool), so TCP sends frames of that size on the wire:
        veth passes GSO super-packets whatever its peer's MTU."""
        self.ip("link", "set", dev, "mtu", str(mtu))
        ethtool = which("ethtool")
        if ethtool is not None:
            offloads = ["tso", "off", "gso", "off", "gro", "off"]
            host_run([tool("nsenter"), f"--net={NETNS_DIR / self.name}", ethtool, "-K", dev, *offloads])


class Cluster:
    """n nodes on one bridge, as a context manager; everything started in it dies at exit, even on errors."""

    def __init__(self, n: int, *, prefix: str | None = None) -> None:
        prefix = DEFAULT_PREFIX if prefix is None else prefix
        if not 1 <= n <= _MAX_NODES:
            raise ValueError(f"a cluster has 1 to {_MAX_NODES} nodes, not {n}")
        # Letters only: a digit at its end would make names like dd1<pid>c0 ambiguous for cleanup_stale.
        if not re.fullmatch(r"[A-Za-z][A-Za-z_]*", prefix):
            raise ValueError(f"prefix must be letters (and _), not {prefix!r}")
        self.n = n
        self.prefix = prefix
        self.name = f"{prefix}{os.getpid()}c{next(_counter)}"
        self.switch = f"{self.name}sw"
        self.nodes: list[Node] = []
        self.subnet = ""
        self.tmpdir = TMP_ROOT / self.name
        self._res = _Resources()
        self._finalizer = weakref.finalize(self, self._res.release)  # also runs at interpreter exit

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def namespaces(self) -> list[str]:
        """Names of all namespaces of this cluster, the switch first."""
        return [self.switch, *(node.name for node in self.nodes)]

    def start(self) -> None:
        """Create the namespaces, links and hosts files; on failure release whatever was made."""
        if self.nodes:
            raise TestbedError(f"cluster {self.name} was started already")
        cleanup_stale(self.prefix)
        x, self._res.lock = _claim_subnet()
        try:
            self.subnet = f"10.{x}.0"
            self.tmpdir.mkdir(parents=True)
            self._res.tmpdir = self.tmpdir
            self.nodes = [self._make_node(i) for i in range(self.n)]
            self._res.namespaces.extend(self.namespaces)
            self._create_links()
            for node in self.nodes:
                node.write_hosts(self.hosts_text())
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Kill everything started in the cluster and delete it; idempotent."""
        self._finalizer()

    def drop_large_frames(self, limit: int = 1500) -> None:
        """Make the switch drop every frame above ``limit`` bytes, silently, as a switch with that MTU does: its
        ports keep MTU ``limit`` (veth drops larger frames) and, where ethtool could not turn the nodes' offloads
        off, an nftables rule on the bridge drops what is larger."""
        ip = tool("ip")
        batch = "".join(f"link set p{node.index + 1} mtu {limit}\n" for node in self.nodes)
        host_run([ip, "-n", self.switch, "-batch", "-"], input=batch)
        if which("ethtool") is None:
            script = (
                "add table bridge ddmtu\n"
                "add chain bridge ddmtu forward { type filter hook forward priority 0; policy accept; }\n"
                f"add rule bridge ddmtu forward meta length > {limit} drop\n"
            )
            host_run([tool("nsenter"), f"--net={NETNS_DIR / self.switch}", tool("nft"), "-f", "-"], input=script)

    def hosts_text(self) -> str:
        """The default hosts file of every node: localhost and all node names."""
        return "127.0.0.1 localhost\n" + "".join(f"{node.address} {node.hostname}\n" for node in self.nodes)

    def _make_node(self, i: int) -> Node:
        """Node i (0-based) and its names; nothing is created yet."""
        return Node(
            name=f"{self.name}n{i + 1}",
            hostname=f"node{i + 1}",
            address=f"{self.subnet}.{i + 1}",
            index=i,
            hosts_path=self.tmpdir / f"hosts.node{i + 1}",
            _procs=self._res.procs,
        )

    def _create_links(self) -> None:
        """Namespaces, bridge and veths in a few `ip -batch` calls (~50 ms for 8 nodes)."""
        ip = tool("ip")
        NETNS_DIR.mkdir(parents=True, exist_ok=True)
        if not Path("/etc/hosts").exists():
            Path("/etc/hosts").write_text("127.0.0.1 localhost\n")  # the bind-mount target must exist
        host_run([ip, "-batch", "-"], input="".join(f"netns add {name}\n" for name in self.namespaces))
        # Each veth is made inside the switch with its peer born as eth0 in the node: nothing touches the host's
        # interfaces, so concurrent clusters cannot clash on names.
        switch = ["link add br0 type bridge", "link set br0 up", "link set lo up"]
        for node in self.nodes:
            port = f"p{node.index + 1}"
            switch += [f"link add {port} type veth peer name eth0 netns {node.name}", f"link set {port} master br0 up"]
        host_run([ip, "-n", self.switch, "-batch", "-"], input="\n".join(switch) + "\n")
        batch = "link set lo up\naddr add {}/24 dev eth0\nlink set eth0 up\n"
        procs = [
            subprocess.Popen(
                [ip, "-n", node.name, "-batch", "-"], stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            for node in self.nodes
        ]
        errors = [proc.communicate(batch.format(node.address))[1] for node, proc in zip(self.nodes, procs, strict=True)]
        failed = [err for proc, err in zip(procs, errors, strict=True) if proc.returncode != 0]
        if failed:
            raise TestbedError(f"configuring node namespaces failed: {failed[0].strip()}")
