"""The signature table: the error texts of torch, torchrun, gloo, NCCL and the launchers and libraries around them
(Open MPI, Horovod, OpenSSH, nccl-tests, CUDA) that explain knows, as regexes. Pure.

Every regex was written from the message texts in the projects' own sources, across their releases (torch 1.8 to
2.13, gloo, NCCL 2.7 to 2.30, Open MPI 1.10 to 5.0, Horovod 0.19 to 0.28), never from one pasted log; each entry has
a test on a real line (tests/rules/test_log_rules.py). A signature names the finding its match stands for, or a
marker (a lower-case word) that other findings of the same log read.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from distdoctor import defaults
from distdoctor.catalogue.words import PHRASES, phrase
from distdoctor.model.logs import LogLine
from distdoctor.rules.devices import size_text
from distdoctor.rules.local import BRIDGE_PREFIXES, DOCKER_NETWORK, is_link_local, is_loopback, is_not_a_host

Params = dict[str, str]
Build = Callable[[Params], tuple[str, Params]]
# Markers: facts for other findings of the same log, never findings of their own.
REFUSED = "refused"  # the connects of this log were refused (turns master-unreachable into master-port-refused)
EXITED = "exited"  # a process exited non-zero: a failure, not yet a cause
TERMINATED = "terminated"  # SIGTERM/SIGINT/SIGHUP: torchrun ending the siblings of a failed rank, or a user
PROGRESS = "progress"  # "[Rank N] Timeout at NCCL work: W, last enqueued NCCL work: E": how far each rank got
CLEAN = "clean"  # exit code 0
PORT_ACTIVE = "port-active"  # an IB port came (back) up: after a port error, the link flapped
SLURM_LAUNCHES = "slurm-launches"  # Lightning leaves starting the ranks to Slurm: one rank per Slurm task
REGISTERED = "registered"  # Lightning's rank 0 saw every rank join init_process_group
MEMBER = "member"  # Lightning's "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8": a rank that started
TEST_RESULT = "test-result"  # nccl-tests' "# Avg bus bandwidth : N": the end of one test's output
NCCL_1 = "nccl-1"  # nccl-tests built against NCCL 1.x
LOCAL_RANK_FIRST = "local-rank-first"  # a launcher ran the script with --local_rank=N before its arguments
EXTENSIONS_ROOT = "extensions-root"  # torch announcing where it loads its JIT-compiled extensions from
SPAWNS = "spawns"  # a traceback through torch.multiprocessing.spawn: the script starts its own ranks
NIC_NOT_PCI = "nic-not-pci"  # NCCL's topology detection met a network device outside PCI (a USB NIC)
CUDA_INVALID = "cuda-invalid"  # "Cuda failure 'invalid argument'" outside NVLS: its fault depends on the release
CONNECT_RETRY = "connect-retry"  # NCCL retrying a refused connect: how many times says if the peer is gone
RAY_VERSIONS = "ray-versions"  # the Ray and Python releases of a Ray cluster, and of a process that joined it
SHM_SIZE = "shm-size"  # a /dev/shm size a tool reported, larger than a container's default
BARRIER_DONE = "barrier-done"  # a store-based barrier completed: the ranks that waited in it all came
OFI_FAILED = "ofi-failed"  # the AWS OFI network plugin (EFA) failing to start: whether NCCL fell back says how bad
OFI_NIC_GROUPS = "ofi-nic-groups"  # its rdma protocol pairing no NIC with the GPUs in the PCI topology it read
PG_INIT = "pg-init"  # a framework announcing init_process_group: where a log that ends there stopped
LAUNCHED = "launched"  # torchrun's start banner: a log that ends there, hung or done, printed nothing of the job's
CONNECT_TRIED = "connect-tried"  # one address of a host's several that torch's connect failed on, the next then tried
RDZV_STARTED = "rdzv-started"  # torchrun's agent beginning a rendezvous: a log that ends there, its nodes never met
RDZV_ENDPOINT = "rdzv-endpoint"  # the rendezvous endpoint torchrun's launch configs show
RANK_ASSIGNMENT = "rank-assignment"  # a frame of torchrun's agents exchanging their node ranks through the store
# The key of ProcessGroupNCCL's watchdog timeout, which rules across ranks read the work of.
WATCHDOG_TIMEOUT = "nccl-watchdog-timeout"
# The key of enroot's own failures, which pyxis's finding of the same container quotes as its log.
ENROOT_FAILED = "enroot-failed"
IB_ABSENT = "ib-absent"  # NCCL's "NET/IB : No device found.": it runs over sockets (most single hosts print it)
IB_WANTED = "ib-wanted"  # an NCCL_IB_* variable the job set to use InfiniBand (NCCL's "... set by environment to")
LOCAL_RAY = "ray-local"  # ray.init() without an address started a Ray of its own: it sees this node alone
COMM_DONE = "comm-done"  # NCCL set a communicator up or ended it ("Init/Abort/Destroy COMPLETE")
RUN_ID_DEFAULT = "run-id-default"  # torchrun's agent on the rendezvous id "none", its default without --rdzv-id
STORE_CALL = "rdzv-store-call"  # a traceback's frame in the c10d rendezvous backend's call to its store
REVERSE_LOOKUP = "reverse-lookup"  # the store's failed reverse lookup of a client (log_tallies reads these)
MODULE_MISSING = "module-missing"  # Python's "No module named 'x'": the job's own package, where its file ran
MARKERS = frozenset(
    {
        LOCAL_RANK_FIRST,
        EXTENSIONS_ROOT,
        LOCAL_RAY,
        IB_ABSENT,
        IB_WANTED,
        RANK_ASSIGNMENT,
        PG_INIT,
        LAUNCHED,
        RDZV_STARTED,
        RDZV_ENDPOINT,
        CONNECT_TRIED,
        BARRIER_DONE,
        OFI_FAILED,
        OFI_NIC_GROUPS,
        CONNECT_RETRY,
        RAY_VERSIONS,
        SHM_SIZE,
        REFUSED,
        EXITED,
        TERMINATED,
        PROGRESS,
        CLEAN,
        PORT_ACTIVE,
        SLURM_LAUNCHES,
        MEMBER,
        REGISTERED,
        TEST_RESULT,
        NCCL_1,
        SPAWNS,
        NIC_NOT_PCI,
        CUDA_INVALID,
        COMM_DONE,
        RUN_ID_DEFAULT,
        STORE_CALL,
        REVERSE_LOOKUP,
        MODULE_MISSING,
    }
)


# NCCL's socket types (include/socket.h, 2.16 on) of its two networks' connections.
_NET_OF_SOCKET_TYPE = {"3": "net-socket", "4": "net-ib"}


@dataclass(frozen=True)
class Signature:
    """A known text: `key` names it, `pattern` finds it, `finding` turns its groups into (name, params)."""

    key: str
    needle: str  # a plain substring every matching line holds: most lines are skipped without a regex
    pattern: re.Pattern[str]
    finding: Build
    also: tuple[str, ...] = ()  # or one of these: a regex of two wordings has a long needle for each

    @property
    def needles(self) -> tuple[str, ...]:
        return (self.needle, *self.also)

    @functools.cached_property
    def groups(self) -> tuple[str, ...]:
        """The name of each group of the regex, in order (unnamed ones as "")."""
        names = {i: name for name, i in self.pattern.groupindex.items()}
        return tuple(names.get(i, "") for i in range(1, self.pattern.groups + 1))


class Hit(NamedTuple):
    """One line that matched one signature, and the finding (or marker) it stands for. A named tuple, not a frozen
    dataclass: a failure-dense log makes tens of thousands, and a tuple is built in a third of the time."""

    key: str
    line: LogLine
    finding: str
    params: tuple[tuple[str, str], ...]


def _sig(key: str, needle: str | tuple[str, ...], regex: str, finding: Build) -> Signature:
    first, *also = (needle,) if isinstance(needle, str) else needle
    return Signature(key, first, re.compile(regex), finding, tuple(also))


def _first_matched(g: Params, texts: dict[str, Callable[[Params], str]], rest: Callable[[Params], str]) -> str:
    """The text for the first of a regex's alternatives that matched, told by the group each alternative names."""
    return next((text(g) for group, text in texts.items() if g.get(group)), None) or rest(g)


def _registration_failed(who: str) -> Build:
    """A registration of memory with an RDMA NIC that failed: ENOMEM is the locked-memory limit; anything else the
    signature reads (EFAULT, DMA-BUF asked for) is GPU memory the NIC cannot reach without GPUDirect RDMA."""

    def build(g: Params) -> tuple[str, Params]:
        if g.get("reason") == "Cannot allocate memory":
            return "log-memlock-too-low", {"detail": phrase("registration-enomem", who=who)}
        return "log-gdr-module-missing", {"who": who}

    return build


def _detail(text: str | None) -> str:
    text = (text or "").strip().rstrip(".")
    return f" ({text})" if text else ""  # an empty message: torch raises some of these without one


def _name(finding: str, **fixed: str) -> Build:
    """A signature whose finding takes its groups as they are, plus fixed params."""

    def build(g: Params) -> tuple[str, Params]:
        return finding, {**{k: v.strip() for k, v in g.items()}, **fixed}

    return build


@functools.lru_cache(maxsize=256)
def _loopback(address: str) -> bool:
    """is_loopback, remembered: a long log repeats one address in thousands of lines."""
    return is_loopback(address)


def _container_peer(addr: str, port: str = "") -> tuple[str, Params]:
    """A connection to an address of docker's default bridge: another host's container advertised it."""
    return "log-peer-container-address", {"addr": addr, "port": f" port {port}" if port else ""}


def _client_timeout(g: Params) -> tuple[str, Params]:
    if not g.get("host"):
        return "master-unreachable", {"addr": "MASTER_ADDR", "port": "MASTER_PORT", "elapsed": g["elapsed"]}
    if is_not_a_host(g["host"]):
        return "log-master-addr-not-a-host", {"addr": g["host"], "port": g["port"]}
    if _loopback(g["host"]):
        return "master-addr-loopback", {"addr": g["host"], "addr_source": "log:", "nnodes": "2+"}
    if _in_docker_network(g["host"]):
        return _container_peer(g["host"], g["port"])
    return "master-unreachable", {"addr": g["host"], "port": g["port"], "elapsed": g["elapsed"]}


# A refused connect between ranks: the host answered, and nothing listened (the rank there is gone, or that node is
# broken), as against a route or a firewall's drop.
NCCL_PEER_REFUSED = PHRASES["nccl-peer-refused"].en


def _nccl_connect_failed(g: Params) -> tuple[str, Params]:
    """A connect of NCCL's sockets that failed; to a loopback address, the address itself is the fault."""
    if g["error"] == "Operation not permitted":
        return "log-connect-not-permitted", {"addr": g["addr"], "error": g["error"]}
    if _loopback(g["addr"]):
        error = phrase("nccl-loopback", error=g["error"])
        return "log-nccl-connect-failed", {"addr": g["addr"], "error": error}
    if is_link_local(g["addr"]):
        error = phrase("nccl-link-local", error=g["error"])
        return "log-nccl-connect-failed", {"addr": g["addr"], "error": error}
    if _in_docker_network(g["addr"]) and g["error"] != "Connection refused":
        # refused is an answer: a host reached the address (the bridge of one host, where the peer was not there)
        return _container_peer(g["addr"])
    if g["error"] == "Connection refused":
        return "log-nccl-connect-failed", {"addr": g["addr"], "error": NCCL_PEER_REFUSED}
    return "log-nccl-connect-failed", {"addr": g["addr"], "error": g["error"]}


# Winsock's codes for the errnos _client_failed tells apart: refused, network and host unreachable.
_WINSOCK = {"10061": "111", "10051": "101", "10065": "113"}


def _client_failed(g: Params) -> tuple[str, Params]:
    """torch's socket.cpp: "The client socket has failed to connect to [host]:port (errno: N - text)"."""
    addr, port = g.get("host") or g.get("host6") or "?", g["port"]
    errno = _WINSOCK.get(g["errno"], g["errno"])
    if errno in ("22", "97", "99") and (g.get("level") or "").startswith("[W"):
        # Linux's EINVAL, EAFNOSUPPORT and EADDRNOTAVAIL, as Windows's 10049: a warning of one address of several
        # (an IPv6 one) before the one that works; only the error that ends the tries counts
        return CONNECT_TRIED, {}
    if is_not_a_host(addr):
        return "log-master-addr-not-a-host", {"addr": addr, "port": port}
    if errno == "111":
        return REFUSED, {}
    if errno == "1":  # EPERM: the host's own rule or sandbox refused the connect before any packet left
        return "log-connect-not-permitted", {"addr": f"{addr}:{port}", "error": g["error"].strip()}
    if _in_docker_network(addr):
        return _container_peer(addr, port)
    if is_link_local(addr):  # a scope this host lacks fails at once (EINVAL); another host's link drops the packets
        error = phrase("link-local", error=g["error"].strip())
        return "master-no-route", {"addr": addr, "port": port, "error": error}
    if errno in ("101", "113"):
        return "master-no-route", {"addr": addr, "port": port, "error": g["error"].strip()}
    return "master-unreachable", {"addr": addr, "port": port, "elapsed": PHRASES["its-timeout"].en}


def _clients_joined(g: Params) -> tuple[str, Params]:
    joined, expected = int(g["joined"]), int(g["expected"])
    if joined == 1:  # only node 0's own agent: every other node_rank is missing
        missing = "1" if expected == 2 else f"1-{expected - 1}"
    else:
        missing = phrase("nodes-unsaid", n=str(expected - joined), expected=str(expected))
    return "node-missing", {"missing": missing, "waited": f"{g['waited'].split()[0]} s"}


def _store_barrier(g: Params) -> tuple[str, Params]:
    joined, world = int(g["joined"]), int(g["world"])
    if joined < world:
        detail = phrase("barrier-missing", n=str(world - joined))
    elif joined > world:
        detail = phrase("barrier-extra", n=str(joined - world))
    else:
        detail = PHRASES["barrier-late"].en
    return "log-store-barrier-timeout", {
        "key": g["key"],
        "joined": g["joined"],
        "world_size": g["world"],
        "detail": detail,
    }


def _ray_shm(g: Params) -> tuple[str, Params]:
    """Ray's object store falling back to /tmp: an error-prone /dev/shm only at a container's default size or less
    (Ray also says so of a large one, when it is under 30 % of the memory)."""
    size = int(g["bytes"])
    if size > defaults.CONTAINER_SHM_BYTES:
        return SHM_SIZE, {}
    return "log-shm-container-default", {"size": size_text(size), "who": "Ray's object store"}


def _port_in_use(g: Params) -> tuple[str, Params]:
    port = g.get("port") or g.get("port2") or PORT_UNSAID
    return "master-port-in-use", {"port": port, "holder": PHRASES["another-process"].en}


def _sglang_port(g: Params) -> tuple[str, Params]:
    """SGLang's port wait: its process group's store port is torch's MASTER_PORT; the others are its own."""
    if g["name"] == "dist_init_port":
        holder = f"the process {g['cmd']}" if g.get("cmd") else "another process"
        return "master-port-in-use", {"port": g["port"], "holder": holder}
    # the holder's command line is on the quoted line itself
    return "log-port-in-use", {"port": g["port"], "who": f"SGLang ({g['name']})"}


# Address families by number: Linux's, and AF_INET6 as macOS (30) and Windows (23) number it
_FAMILIES = {"2": "IPv4", "10": "IPv6", "30": "IPv6", "23": "IPv6"}


def _family(number: str) -> str:
    return _FAMILIES.get(number, f"of family {number}")


# Why an address handle could not be made, by its errno (catalogue/words.py's ah-* texts)
_AH_WHY = {
    "No such device": "ah-no-device",
    "Connection timed out": "ah-timed-out",
    "Network is unreachable": "ah-no-route",
    "No route to host": "ah-no-route",
}


def _address_handle(g: Params) -> tuple[str, Params]:
    error = g.get("error") or g["error2"]
    dev = g.get("dev") or g.get("dev2") or g.get("dev3") or "its device"
    return "log-rdma-address-unresolved", {"dev": dev, "error": error, "why_class": _AH_WHY.get(error, "ah-other")}


def _port_unbound(g: Params) -> tuple[str, Params]:
    """A store that could not bind its port, for a reason the line does not give: below 1024 most likely the right
    to bind it, above it a process that holds it."""
    if g.get("port") and int(g["port"]) < 1024:
        return "log-master-port-denied", {"port": g["port"]}
    return _port_in_use(g)


def _port_denied(g: Params) -> tuple[str, Params]:
    port = g.get("port") or g["port2"]
    if int(port) < 1024:
        return "log-master-port-denied", {"port": port}
    return "log-unexplained-failure", {"line": phrase("store-port-denied", port=port)}


def _full_mesh(g: Params) -> tuple[str, Params]:
    addr = g.get("addr") or ""
    if addr and _loopback(addr):
        return "log-gloo-loopback", {"detail": phrase("gloo-peer-loopback", addr=addr)}
    if addr and _in_docker_network(addr) and "refused" not in g["error"]:
        return _container_peer(addr)
    # Drop gloo's "[/path/to/pair.cc:152] " source location: the words after it are the error.
    return "log-gloo-connect-failed", {"error": re.sub(r"^\[[^\]]*\]\s*", "", g["error"].strip())}


# IBV_EVENT_GID_CHANGE in each NCCL's words (the ib-gid-change signature's list of releases); explain's failure marker
# leaves these WARN lines out, as the finding is a warning where no RDMA transfer failed
GID_CHANGE_EVENT = r"(?:Got async event\s?: GID table change|GID table changed|unknown event type \(18\))"
# HPE Slingshot's interfaces
_SLINGSHOT_INTERFACE = re.compile(r"hsn\d+")

# Linux's interface names (predictable ones, and the classic eth/ib/bond/hsn families): a quote of gloo's error that
# left out its check ("ifa != nullptr.") still tells an interface from a host name by the name's shape.
_INTERFACE_NAME = re.compile(r"en[opsxP]\w+|(?:eth|ib|bond|hsn|docker|team)\d+\w*|ibp\w+|lo|wl\w+|br-\w+")


def _gloo_address(g: Params) -> tuple[str, Params]:
    """gloo's device.cc: `ifa` is GLOO_SOCKET_IFNAME's interface, `rp`/`bind_rv` the hostname's addresses."""
    value = g["value"].rstrip(".;")  # "for host; bind(2) for ... failed": the hostname's address is not this host's
    if value[:1] in "^=" or "," in value:
        return "log-ifname-wrong-syntax", {"var": "GLOO_SOCKET_IFNAME", "value": value}
    if g.get("check") == "ifa" or (not g.get("check") and _INTERFACE_NAME.fullmatch(value)):
        return "log-ifname-missing", {"var": "GLOO_SOCKET_IFNAME", "value": value}
    return "log-gloo-hostname-unresolvable", {"hostname": value}


_PORT = re.compile(r"\[\d+\](?P<dev>[^\s/]+)/(?P<layer>IB|RoCE)\b")


def _ports_mixed(g: Params) -> tuple[str, Params]:
    """NCCL's ports of both link layers on one node: the fewer of the two are the stray ones (a management NIC)."""
    layers: dict[str, list[str]] = {}
    for port in _PORT.finditer(g["ports"]):
        layers.setdefault(port["layer"], []).append(port["dev"])
    stray, rest = sorted(layers.items(), key=lambda item: len(item[1]))
    detail = f"{', '.join(stray[1])} {stray[0]} among {len(rest[1])} {rest[0]} ports"
    return "log-ib-ports-mixed", {"detail": detail}


def _nccl_release(code: str) -> str:
    """NCCL_VERSION_CODE as a release: X*10000 + Y*100 + Z from 2.9, X*1000 + Y*100 + Z before."""
    n = int(code)
    return f"{n // 10000}.{n % 10000 // 100}.{n % 100}" if n >= 10000 else f"{n // 1000}.{n % 1000 // 100}.{n % 100}"


def _cuda_release(code: str) -> str:
    """CUDA's version number (1000 x major + 10 x minor, as drivers and NCCL print it) as "12.8"."""
    return f"{int(code) // 1000}.{int(code) % 1000 // 10}"


def _ddp_model_differs(g: Params) -> tuple[str, Params]:
    """Each rank of the two prints the check from its side: one detail for both, the lower rank first."""
    if g.get("rank"):
        pair = sorted([(int(g["rank"]), g["n"]), (int(g["other"]), g["m"])])
        (a, n), (b, m) = pair
        detail = phrase("ddp-parameter-counts", a=str(a), n=n, b=str(b), m=m)
    else:
        low, high = sorted([int(g["rank2"]), int(g["other2"])])
        detail = phrase("ddp-parameter-differs", what=g["what"], low=str(low), high=str(high))
    return "log-ddp-model-differs", {"detail": detail}


def _ranks_run(g: Params) -> str:
    """The two ranks' collectives of a mismatch, the lower rank (as text) first."""
    (a, op_a), (b, op_b) = sorted([(g["a"], g["op_a"]), (g["b"], g["op_b"])])
    if not g.get("seq"):
        return phrase("ranks-run-unnumbered", a=a, op_a=op_a, b=b, op_b=op_b)
    return phrase("ranks-run", a=a, op_a=op_a, b=b, op_b=op_b, seq=g["seq"])


def _nccl_on_ranks(g: Params) -> str:
    """Each rank's NCCL release of a mismatch, the lower rank first."""
    (ra, a), (rb, b) = sorted([(int(g["a"]), g["va"]), (int(g["b"]), g["vb"])])
    return phrase("nccl-on-ranks", a=_nccl_release(a), ra=str(ra), b=_nccl_release(b), rb=str(rb))


def _timed_out_elsewhere(g: Params) -> str:
    """Which rank timed out first, and how far this one got, as far as the line says."""
    first = g.get("origin", "-1") != "-1"
    if first and g.get("enqueued"):
        return phrase("timed-out-first-work-here", origin=g["origin"], enqueued=g["enqueued"], completed=g["completed"])
    if first:
        return phrase("timed-out-first", origin=g["origin"])
    if g.get("enqueued"):
        return phrase("work-here", enqueued=g["enqueued"], completed=g["completed"])
    return ""


def _in_docker_network(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]) in DOCKER_NETWORK
    except ValueError:
        return False


def _nccl_interface(g: Params) -> tuple[str, Params]:
    interfaces = re.findall(r"(?:\[\d+\])?([\w.\-]+):(\S+?)<\d+>", g["list"])
    names = [name for name, _ in interfaces]
    first_name, first_addr = interfaces[0] if interfaces else ("?", "?")
    if first_name == "lo" or _loopback(first_addr):
        return "ifname-loopback", {"var": "NCCL_SOCKET_IFNAME", "value": first_name}
    bridges = [(n, a) for n, a in interfaces if n.startswith(BRIDGE_PREFIXES) or _in_docker_network(a)]
    if bridges and (bridges[0][0] == first_name or len(bridges) * 2 >= len(interfaces)):
        name, addr = bridges[0]
        return "docker-bridge-address", {"address": addr, "interface": name}
    kind = "bootstrap" if g["net"] == "Bootstrap" else "NET/Socket"
    slingshot = [f"{n} {a}" for n, a in interfaces if _SLINGSHOT_INTERFACE.fullmatch(n)]
    if kind == "NET/Socket" and slingshot:  # its transport, not just bootstrap: no OFI plugin took the fabric
        return "log-slingshot-sockets", {"interfaces": ", ".join(slingshot)}
    return "log-nccl-interface", {
        "interfaces": ", ".join(f"{n} {a}" for n, a in interfaces) or "?",
        "kind": kind if names else g["list"],
    }


def _cuda_detail(g: Params, where: str) -> str:
    """The CUDA error's code and text, as far as the line gives them, for a finding's detail."""
    parts = [p for p in (g.get("code"), f"'{g['error'].strip()}'" if g.get("error", "").strip() else None) if p]
    return f" (CUDA error {' '.join(parts)}{where})" if parts else ""


def _driver_without_gpus(g: Params) -> str:
    """vLLM's driver on a node Ray gave none of its GPU workers, with both addresses where the line gives them."""
    if not g.get("dip"):
        return PHRASES["ray-driver-no-gpus"].en
    workers = ", ".join(sorted(set(re.findall(r"[\w.:]+", g.get("wips", "")))))
    return phrase("ray-driver-no-gpus-at", driver=g["dip"], workers=workers)


# Who died, by the alternative of the worker-died signature that matched.
_DIED: dict[str, Callable[[Params], str]] = {
    "vllm": lambda g: f"vLLM's {g['vllm']}",
    "actor": lambda g: PHRASES["ray-actor-worker"].en,
    "header": lambda g: PHRASES["ray-actor"].en,
    "task": lambda g: PHRASES["ray-task-worker"].en,
    "ip": lambda g: (
        phrase("ray-worker-on-pid", ip=g["ip"], pid=g["pid"]) if g.get("pid") else phrase("ray-worker-on", ip=g["ip"])
    ),
}


def _actor_owner(g: Params) -> str:
    return phrase("actor-owner-on", owner=g["owner"]) if g.get("owner") else PHRASES["actor-owner"].en


def _ray_node_dead(g: Params) -> tuple[str, Params]:
    """A Ray node lost, by its address where the line gives one, else by its node id."""
    return "log-ray-node-dead", {"node": g.get("addr") or phrase("ray-node-id", id=g["id"][:12])}


_WORK_FIELD = re.compile(r"(\w+(?:\(ms\))?)=([^,\s)]+)")
# ProcessGroupNCCL's own prefix: "[Rank 3]" (up to 2.1), "[PG 0 Rank 3]", "[PG ID 0 PG GUID 0(default_pg) Rank 3]";
# the rank is the group's, the global one only in the default group (PG 0) or where no group is named.
GROUP_PREFIX = re.compile(r"\[(?:PG (?:ID )?(?P<pg>\d+)(?: PG GUID [^\]]*?)? )?Rank (?P<rank>\d+)\]")


def work_fields(work: str) -> dict[str, str]:
    """The fields of a WorkNCCL(...)'s text: SeqNum, OpType, NumelIn, Timeout(ms), ..."""
    return dict(_WORK_FIELD.findall(work))


def rank_order(rank: str) -> tuple[int, str]:
    """Ranks in number order; a placeholder a paste put there ("X") after them, by its letters."""
    return (int(rank), "") if rank.isdigit() else (1 << 31, rank)


def _watchdog(g: Params) -> tuple[str, Params]:
    """The NCCL watchdog's timeout, in every wording since torch 1.8, and a blocking wait's (which says only that the
    work ran past its timeout); a one-element collective is a barrier or a metric all_reduce, where one rank was busy
    elsewhere."""
    field = work_fields(g["work"])
    op, rank = field.get("OpType", "?"), g.get("rank") or "?"
    elapsed = g.get("elapsed") or f"over {field.get('Timeout(ms)', 'its timeout')}"
    if field.get("NumelIn") == "1" or op == "BARRIER":
        return "log-rank-busy-elsewhere", {"ranks": rank, "op": op, "elapsed": elapsed}
    seq = field.get("SeqNum", "?")
    params = {"rank": rank, "seq": seq, "op": op, "timeout": field.get("Timeout(ms)", "?"), "elapsed": elapsed}
    if seq.isdigit() and int(seq) >= _MIDRUN_SEQ:
        return "log-nccl-timeout-midrun", params
    return "log-nccl-timeout", params


# A communicator that had completed this many collectives reached every peer: a timeout after them is a rank that did
# not come, more often than a network that stopped (torch 1.13 on numbers the work: SeqNum).
_MIDRUN_SEQ = 100


# The errors of a /dev/shm the job may not write to, as against one that is full.
_NOT_WRITABLE = re.compile(r"Permission denied|Read-only|not permitted")


def _shm(g: Params) -> tuple[str, Params]:
    """NCCL's shared-memory segment (shmutils.cc, shm.h): the errno says full or not writable."""
    error = (g.get("error") or "").strip()
    path = g.get("path") or "/dev/shm"
    if _NOT_WRITABLE.search(error):
        return "log-shm-not-writable", {"who": "NCCL", "detail": f"{g.get('call') or 'open'} {path}: {error}"}
    if g.get("verb") == "attaching to" and error.startswith("No such file"):
        # another rank's segment, not one this rank sized
        return "log-shm-segment-missing", {"path": path, "call": "attach"}
    return "log-shm-too-small", {"who": "NCCL", "path": path, "detail": _detail(error)}


_SIZE = r"[\d.]+ [KMGTP]?i?B"  # torch's format_size: "20.00 MiB", "400.00 GiB"
_CUDA_OOM = (
    r"(?:\[rank(?P<rank>\d+)\]:.*?)?(?:CUDA|HIP) out of memory\. Tried to allocate (?P<size>SIZE)"
    r"(?: \(GPU (?P<gpu>\d+); (?P<total>SIZE) total capacity; [^;]*; (?P<free>SIZE) free"
    r"|\. GPU (?P<gpu2>\d+) has a total capaci?ty of (?P<total2>SIZE) of which (?P<free2>SIZE) is free)?"
    r"(?:.*?Process (?P<other>\d+) has (?P<other_mem>SIZE) memory in use)?"
).replace("SIZE", _SIZE)


def _gpu_oom(g: Params) -> tuple[str, Params]:
    """A rank out of GPU memory: what it asked for, what the GPU had left, and another process holding it."""
    parts = [f"rank {g['rank']}"] if g.get("rank") else []
    if g.get("size"):
        parts.append(f"asked for {g['size']}")
    total, free, gpu = g.get("total") or g.get("total2"), g.get("free") or g.get("free2"), g.get("gpu") or g.get("gpu2")
    if total:
        parts.append(f"GPU {gpu} had {free} free of {total}")
    if g.get("other"):
        parts.append(f"process {g['other']} held {g['other_mem']}")
    if g.get("cuda"):
        parts.append(g["cuda"])
    return "log-gpu-out-of-memory", {"detail": f" ({'; '.join(parts)})" if parts else ""}


def _torch_shm(g: Params) -> tuple[str, Params]:
    """torch's shared tensors (shm_open names /torch_*, so they live in /dev/shm): the errno says full or not writable;
    posix_fallocate's own error code, which errno does not carry, comes out as "Success"."""
    error = (g.get("error") or "").strip()
    who = "torch's DataLoader"
    if _NOT_WRITABLE.search(error):
        return "log-shm-not-writable", {"who": who, "detail": f"/dev/shm{g['path']}: {error}"}
    return "log-shm-too-small", {"who": who, "path": "/dev/shm", "detail": "" if error == "Success" else _detail(error)}


_WC_STATUS = {  # ibv_wc_status, as libibverbs numbers them
    "1": "IBV_WC_LOC_LEN_ERR",
    "2": "IBV_WC_LOC_QP_OP_ERR",
    "4": "IBV_WC_LOC_PROT_ERR",
    "5": "IBV_WC_WR_FLUSH_ERR",
    "8": "IBV_WC_LOC_ACCESS_ERR",
    "9": "IBV_WC_REM_INV_REQ_ERR",
    "10": "IBV_WC_REM_ACCESS_ERR",
    "11": "IBV_WC_REM_OP_ERR",
    "12": "IBV_WC_RETRY_EXC_ERR",
    "13": "IBV_WC_RNR_RETRY_EXC_ERR",
}


# UCX's names of an mlx5 completion's error syndrome (ib_mlx5_log.c, 1.8 to 1.22), with their ibv_wc_status.
_UCX_WC_STATUS = {
    "Local length error": "1",
    "Local QP operation error": "2",
    "Local protection error": "4",
    "Bad response": "7",
    "Local access error": "8",
    "Invalid request": "9",
    "Remote access error": "10",
    "Remote operation error": "11",
    "Transport retry count exceeded": "12",
    "Receive-no-ready retry count exceeded": "13",
    "Remote side aborted": "14",
}


def _ucx_completion(g: Params) -> tuple[str, Params]:
    """A completion UCX's mlx5 transport saw fail, on the NIC port it names; UCX's line does not name the peer."""
    error, where = g["error"], f" (UCX on {g['dev']}/{g['kind']})"
    if error == "Transport retry count exceeded":
        return "log-ib-retry-exceeded", {"peer": PHRASES["peer-ucx-unsaid"].en, "detail": where}
    status = f"{_UCX_WC_STATUS[error]} ({error})"
    return "log-ib-completion-error", {"status": status, "peer": PHRASES["peer-ucx-unsaid"].en, "detail": where}


def _ib_completion(g: Params) -> tuple[str, Params]:
    code = g.get("code") or g.get("code2") or "?"
    peer = re.sub(r"<\d+>$", "", g.get("peer") or "") or PHRASES["a-peer"].en
    name = g.get("name") or _WC_STATUS.get(code, "")
    hca = g.get("hca")
    detail = _detail(", ".join(p for p in (name, f"hca {hca}" if hca else "") if p))
    if code == "12":
        return "log-ib-retry-exceeded", {"peer": peer, "detail": detail}
    return "log-ib-completion-error", {"status": code, "peer": peer, "detail": detail}


_SIGNALS = {1: "SIGHUP", 2: "SIGINT", 4: "SIGILL", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL"}
_SIGNALS |= {11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM"}
_NUMBERS = {name: num for num, name in _SIGNALS.items()}
_SIGNAL_WORDS = {
    "Segmentation fault": "SIGSEGV",
    "Aborted": "SIGABRT",
    "Bus error": "SIGBUS",
    "Killed": "SIGKILL",
    "Illegal instruction": "SIGILL",
    "Floating point exception": "SIGFPE",
}


def _who(g: Params) -> str:
    if g.get("rank"):
        return f"rank {g['rank']}" + (f" (pid {g['pid']})" if g.get("pid") else "")
    if g.get("local"):
        return f"local rank {g['local']}" + (f" (pid {g['pid']})" if g.get("pid") else "")
    if g.get("task"):
        return f"task {g['task']}"
    return phrase("a-process-pid", pid=g["pid"]) if g.get("pid") else PHRASES["a-process"].en


def _signal_label(name: str, number: int | None) -> str:
    """ "SIGKILL (9)": a signal by the name and the number a line gave, the one it left out from the table."""
    number = number or _NUMBERS.get(name)
    return f"{name} ({number})" if number else name


def _killed(name: str, number: int | None, g: Params) -> tuple[str, Params]:
    if name in ("SIGTERM", "SIGINT", "SIGHUP"):
        return TERMINATED, {}
    if name == "SIGBUS":  # a touch of a mapping its file cannot back: in these jobs, /dev/shm's tmpfs full
        return "log-rank-bus-error", {"who": _who(g)}
    return "log-rank-killed", {"who": _who(g), "signal": _signal_label(name, number)}


def _exitcode(g: Params) -> tuple[str, Params]:
    """torchrun's "failed (exitcode: -9)", its failure table, subprocess's "exit status": a negative code or one
    above 128 is a signal; any other non-zero code is a failure without a cause."""
    code = int(g["code"])
    # 128+N is a shell's signal N (SIGRTMAX is 64); 255 is a program's own -1, ssh's failure among them
    signal = -code if code < 0 else code - 128 if 128 < code <= 128 + 64 else 0
    if signal:
        return _killed(_SIGNALS.get(signal, f"signal {signal}"), signal, g)
    return (EXITED if code else CLEAN), {}


def _signal(g: Params) -> tuple[str, Params]:
    name = g.get("name") or _SIGNAL_WORDS.get(g.get("word") or "", "")
    number = int(g["num"]) if g.get("num") else None
    if not name.startswith("SIG"):
        name = _SIGNALS.get(number or 0, name or "a signal")
    return _killed(name, number, g)


_SLURM_ADVICE = {
    "TIME LIMIT": PHRASES["slurm-time-limit"].en,
    "NODE FAILURE": PHRASES["slurm-node-failure"].en,
    "PREEMPTION": PHRASES["slurm-preemption"].en,
    "TASK FAILURE": PHRASES["slurm-task-failure"].en,
}


def _slurm_cancelled(g: Params) -> tuple[str, Params]:
    why = (g.get("why") or "").strip()
    return "log-job-cancelled", {
        "job": g["id"],
        "node": g["node"],
        "reason": phrase("due-to", why=why.lower() if why.isupper() else why)
        if why
        else PHRASES["cancelled-by-hand"].en,
        "advice": _SLURM_ADVICE.get(why, PHRASES["slurm-who-cancelled"].en),
    }


def _oom(g: Params) -> tuple[str, Params]:
    return "log-rank-oom-killed", {"who": _who(g), "detail": _detail(g.get("detail"))}


# The address is left out where an issue form broke the line after the time, or a paste put placeholders in it.
_CLIENT_TIMEOUT = (
    r"The client socket has timed out after (?P<elapsed>\d+m?s)(?: while trying to connect to "
    r"\((?P<host>[^,()\s]+), (?P<port>\d+)\)|\s*$| while trying to connect to \(<)"
)
_PORT_IN_USE = (
    r"The server socket has failed to (?:listen on any local network address|bind to \S*?:(?P<port>\d+)\b)"
    r"(?:.*?port: (?P<port2>\d+))?.*?(?:EADDRINUSE|[Aa]ddress already in use)"
)
_WATCHDOG = (
    r"(?:\[[^\]]*?Rank (?P<rank>\d+)\]\s*)?(?:Watchdog c|C)aught collective operation timeout:\s*"
    # a paste may end the line after the work: its fields hold one level of parentheses, "Timeout(ms)=600000"
    r"WorkNCCL\((?P<work>(?:[^()]|\([^()]*\))*)\)(?:\s*ran for (?P<elapsed>\d+) milliseconds)?"
)
_IB_COMPLETION = (
    r"NET/IB(?:/GIN)?\s?: Got completion (?:from peer (?P<peer>\S+?) )?with (?:error (?P<code>\d+)|status="
    r"(?:(?P<name>IBV_WC_\w+)\()?(?P<code2>\d+)\)?)(?:.*?hca (?P<hca>\S+))?"
)
_EXITCODE = (
    # no leading \b or ^: a pattern that starts with literals lets re skip to where "rank" or "exitcode" could be
    r"(?:rank\s*:\s*(?P<rank>\d+) \(local_rank: \d+\).*?)?exitcode\s*:\s*(?P<code>-?\d+)\)?"
    r"\s*(?:local_rank: (?P<local>\d+)\s*)?\(pid: (?P<pid>\w+)\)"  # a paste may hold a placeholder ("xxxx")
)
_CONTAINER = r"(?:Segmentation fault|Aborted|Bus error|Illegal instruction|Floating point exception)"
PORT_UNSAID = PHRASES["unsaid"].en  # a port a line of a port in use leaves out
URL_PORT_UNSEEN = "…"  # the value of a URL's port a paste cut off: a sign, so that it reads in every language
CPU_BIND_ERROR = "Unable to satisfy cpu bind request"  # slurm_errno.c's text of ESLURMDCPU_BIND_ERROR

# NCCL reads the host of NCCL_COMM_ID into a 64-byte field (struct netIf's prefix, utils.h): 63 characters and a NUL.
_COMM_ID_HOST_MAX = 63
_COMM_ID = re.compile(r"Invalid NCCL_COMM_ID \[(?P<host>[^\]\[]+):\d+\]")


def _comm_id_bad(g: Params) -> tuple[str, Params]:
    """NCCL_COMM_ID that NCCL cannot use; where the log shows its host longer than NCCL keeps, that is why."""
    m = _COMM_ID.match(g["detail"])
    if m and len(m["host"]) > _COMM_ID_HOST_MAX:
        return "log-nccl-comm-id-host-too-long", {"host": m["host"], "length": str(len(m["host"]))}
    return "log-nccl-comm-id-bad", {"detail": g["detail"]}


def _worker_end(g: Params) -> str:
    """A DataLoader worker's pid, with the signal or the exit code its main process saw it end by."""
    pids = g["pids"].strip()
    if g.get("signal"):
        return phrase("worker-pid-signal", pids=pids, signal=g["signal"])
    return phrase("worker-pid-code", pids=pids, code=g["code"]) if g.get("code") else phrase("worker-pid", pids=pids)


# A GPU this much free at startup holds nothing of another process's worth naming: what vLLM asked for is too much.
_NEARLY_EMPTY = 0.95


def _gpu_memory_short(g: Params) -> tuple[str, Params]:
    """A GPU with less free memory at startup than the engine's share of it: another process's, or a share too high."""
    if not g.get("free"):
        return "log-gpu-memory-taken", {"detail": PHRASES["sglang-memory-unequal"].en}
    free, total = float(g["free"]), float(g["total"])
    if g.get("util") and free >= _NEARLY_EMPTY * total:
        return "log-gpu-memory-share-too-high", {"util": g["util"], "want": g["want"], "free": g["free"]}
    return "log-gpu-memory-taken", {"detail": phrase("gpu-memory-free", free=g["free"], total=g["total"])}


SIGNATURES: tuple[Signature, ...] = (
    # c10d's TCPStore and socket.cpp (torch 1.8 to 2.13)
    _sig("client-socket-timeout", "The client socket has", _CLIENT_TIMEOUT, _client_timeout),
    _sig(  # urllib.parse (Python 3.6 on) reading a tcp:// init_method whose host is an IPv6 address without brackets:
        # everything after its first colon is taken for the port ("{port!r}: " is a quirk of some Python releases)
        "url-port-not-int",
        "Port could not be cast to integer value",
        r"Port could not be cast to integer value as (?:\{port!r\}: )?'(?:(?P<value>[^':\s]*:[^'\s]*)|"
        r"(?P<other>[^'\n]{1,200}))'",
        # a value with no colon is not an IPv6 address cut at a colon: a function, None, an unexpanded variable
        lambda g: (
            ("log-ipv6-unbracketed", {"value": g["value"]})
            if g.get("value")
            else ("log-init-url-port-invalid", {"value": f"'{g['other']}'"})
        ),
    ),
    _sig(  # a traceback that ends in urllib's reading of a URL's port (Python 3.6 on), cut before its ValueError
        "url-port-frame",
        "urllib/parse.py",
        r'File "[^"]*urllib/parse\.py", line \d+, in port\s*$',
        lambda g: ("log-init-url-port-invalid", {"value": URL_PORT_UNSEEN}),
    ),
    _sig(  # socket.cpp: the store's bind refused with EACCES, a port below 1024 for a user without the right to it
        "server-socket-denied",
        "The server socket has failed to bind to ",
        r"The server socket has failed to bind to \S*?:(?P<port>\d+)\b.*?(?:errno: 13 - )?Permission denied|"
        r"Permission denied: The server socket has failed to bind to \S*?:(?P<port2>\d+)\b",
        _port_denied,
    ),
    # Only TORCH_CPP_LOG_LEVEL=INFO with TORCH_DISTRIBUTED_DEBUG=DETAIL shows that the connect was refused rather
    # than dropped. The address in these socket.cpp lines is garbled in torch 2.13: the line only marks the
    # client timeout of the same log as refused (see rules/logs.py).
    _sig(  # socket.cpp (2.2 on, a warning every try): a connect to the store that no host answered, as against a
        # refused one (not yet listening); the address is not there, or a firewall drops its port
        "store-connect-timing-out",
        "has timed out, will retry",
        r"The server socket on (?:\[(?P<host>[^\]]+)\]|(?P<host4>[^\s:\[]+)):(?P<port>\S+?) has timed out, will retry",
        lambda g: (
            "master-unreachable",
            {
                "addr": (g.get("host") or g["host4"]).removeprefix("::ffff:"),
                "port": g["port"],
                "elapsed": PHRASES["each-try"].en,
            },
        ),
    ),
    _sig(
        "client-socket-refused",
        "is not yet listening",
        r"The server socket on \S+ is not yet listening \(errno: 111 - Connection refused\), will retry",
        lambda g: (REFUSED, {}),
    ),
    _sig(
        "client-socket-failed",
        "The client socket has",  # one needle for socket.cpp's two client texts: one pass over the log
        r"(?P<level>\[[IWEF][^\]]{0,80}\] \[c10d\] )?"
        r"The client socket has failed to connect to (?:\[(?P<host6>[^\]]+)\]|(?P<host>[^\s:\[]+)):(?P<port>\d+) "
        # Windows words it "system error" with Winsock's codes; its 10049 (an address not valid to connect to) is
        # the IPv6 or wildcard address it tries before the one that works, in healthy runs too
        r"\((?:errno|system error): (?P<errno>(?!10049\b)\d+) - (?P<error>[^)]+)\)",
        _client_failed,
    ),
    _sig(  # socket.cpp (2.x): a connect that failed at once, with an error torch does not retry; a family the host
        # lacks (97) is the address-family signature's
        "client-socket-cannot-init",
        "cannot be initialized to connect to ",
        r"cannot be initialized to connect to (?:\[(?P<host6>[^\]]+)\]|(?P<host>[^\s:\[]+)):(?P<port>\d+) "
        r"\(errno: (?P<errno>(?!97\b)\d+) - (?P<error>[^)]+)\)",
        _client_failed,
    ),
    _sig(
        "connect-timed-out-old",
        "connect() timed out",
        r"connect\(\) timed out\.(?: Original timeout was (?P<ms>\d+) ms)?",
        lambda g: (
            "master-unreachable",
            {"addr": "MASTER_ADDR", "port": "MASTER_PORT", "elapsed": f"{g['ms']}ms" if g.get("ms") else "?"},
        ),
    ),
    _sig("server-socket-in-use", "The server socket has failed to", _PORT_IN_USE, _port_in_use),
    _sig(  # socket.cpp's texts without their errno: torch 1.13 to 2.1 ends its error there (the reason was on the
        # warning lines above it), and a paste may cut the warnings' errno
        "server-socket-failed-bare",
        "The server socket has failed to",
        r"The server socket has failed to (?:listen on any local network address|bind to \S*?:(?P<port>\d+))\.?\s*$",
        _port_unbound,
    ),
    _sig(  # elastic/utils/distributed.py (1.9+): the static rendezvous's store, its retries on a port in use spent
        "store-port-retries-spent",
        " already in use",
        r"RuntimeError: on \S+, port: (?P<port>\d+) already in use",
        _port_in_use,
    ),
    _sig(  # torch <= 1.10's TCPStore, and Python's own OSError, say only this
        "address-in-use",
        "ddress already in use",
        r"^(?!.*The server socket)(?!.*\[[WI] )(?!.*Failed to start the grpc server)(?!.*ZMQError).*?"
        r"(?:RuntimeError|OSError|DistNetworkError|error)\b.*?"
        r"(?:\[Errno 98\] )?Address already in use",
        _port_in_use,
    ),
    _sig(  # torchrun's agent (torch 1.9+) once its own workers succeeded: the other agents never reached the end
        "elastic-exit-barrier",
        "Error waiting on exit barrier",
        r"Error waiting on exit barrier\. Elapsed: (?P<elapsed>\d+)(?:\.\d+)? seconds",
        # at once: the agent that hosts the store had already given up on this node and closed it
        lambda g: ("log-exit-barrier-timeout", g) if int(g["elapsed"]) >= 5 else ("log-exit-barrier-late", {}),
    ),
    _sig(  # a shell, or Python's -m, on a node whose environment lacks the job's: the launcher's PATH, conda or venv
        # did not reach it (bash "torchrun: command not found", zsh "command not found: torchrun")
        "launch-env-missing",
        ("command not found", "No module named "),
        r"(?P<cmd>torchrun|deepspeed|accelerate|horovodrun|python3?|mpirun|nvidia-smi): command not found|"
        r"command not found: (?P<cmd2>torchrun|deepspeed|accelerate|horovodrun|python3?|mpirun|nvidia-smi)\b|"
        r"No module named '?(?P<module>torch|deepspeed|accelerate|horovod|lightning|pytorch_lightning)\b",
        lambda g: (
            "log-launch-env-missing",
            {
                "what": phrase("python-module", module=g["module"])
                if g.get("module")
                else phrase("the-command", cmd=g.get("cmd") or g["cmd2"])
            },
        ),
    ),
    _sig(  # Slurm's srun, sbatch, salloc: a request no node of the partition can meet (slurm_errno.c's texts; the
        # memory and CPU ones a step inside an allocation gets when it asks for more than the job holds)
        "slurm-unsatisfiable",
        (
            "configuration is not available",
            "configuration not available now",
            "gres) specification",
            "Insufficient GRES available",
            "Memory required by task is not available",
            "More processors requested than permitted",
        ),
        r"(?P<tool>srun|sbatch|salloc): error: .*?(?P<error>Requested (?:node|partition) configuration (?:is )?not "
        r"available(?: now)?|Invalid generic resource \(gres\) specification|Insufficient GRES available in allocation"
        r"|Memory required by task is not available|More processors requested than permitted)",
        _name("log-slurm-request-unsatisfiable"),
    ),
    _sig(  # a torch whose NCCL symbols the loaded libnccl lacks: an older NCCL found first (LD_LIBRARY_PATH, a
        # system or conda NCCL, another nvidia-nccl wheel) than the one this torch was built against
        "nccl-library-older",
        ": undefined symbol: nccl",
        r"libtorch_cuda\.so: undefined symbol: (?P<symbol>nccl\w+)",
        _name("log-nccl-library-older"),
    ),
    _sig(  # accelerate's launch (utils/launch.py): its own check that the main process port is free
        "accelerate-port-in-use",
        "another process is utilizing it",
        r"Tried to launch distributed communication on port `(?P<port>\d+)`, but another process is utilizing it",
        _port_in_use,
    ),
    _sig(  # accelerate's PartialState on a multi-node launch without MASTER_ADDR
        "accelerate-master-addr-unset",
        "but `MASTER_ADDR` env was not set",
        r"Tried to launch on distributed with multinode, but `MASTER_ADDR` env was not set",
        lambda g: ("env-missing", {"names": "MASTER_ADDR"}),
    ),
    _sig(  # DeepSpeed's runner.py reading its hostfile (fetch_hostfile, parse_resource_filter)
        "deepspeed-hostfile",
        (
            "Hostfile ",
            "Bad hostfile text",
            "not found in hostfile",
            "no extra nodes available via hostfile",
            "Unable to find hostfile",
        ),
        r"(?P<detail>Hostfile contains a bad entry: .+?(?=, unable to proceed)|Hostfile is empty or not formatted "
        r"correctly|Hostfile contains multiple entries for \S+?(?=, unable)|Bad hostfile text: .+|Hostname '[^']*' "
        r"not found in hostfile|Num nodes is >1 but no extra nodes available via hostfile)|"
        r"(?P<none>Unable to find hostfile, will proceed with training with local resources only)",
        lambda g: (
            "log-hostfile-invalid",
            {"detail": g.get("detail") or PHRASES["hostfile-none"].en},
        ),
    ),
    _sig(  # DeepSpeed's runner.py: its ssh check of the hostfile's other hosts (pdsh launcher)
        "deepspeed-ssh-check",
        "was not reachable via ssh",
        r"but host=(?P<host>\S+) was not reachable via ssh",
        lambda g: ("log-ssh-launch-failed", {"error": f"host {g['host']} not reachable: DeepSpeed's ssh check"}),
    ),
    _sig(  # the tool a launcher starts the other nodes' ranks with, absent where it runs: DeepSpeed's runner.py
        # (pdsh, openmpi, mvapich, impi, slurm), accelerate's utils/launch.py (mpirun)
        "launcher-missing",
        (" not installed.", "mpirun or mpiexec were not found"),
        r"launcher '(?P<launcher>\w+)' not installed\.|(?P<mpi>mpirun or mpiexec were not found)",
        lambda g: ("log-launcher-missing", {"launcher": g.get("launcher") or "mpirun"}),
    ),
    _sig(  # DeepSpeed's runner.py on a node where it counted no GPU
        "deepspeed-no-gpu",
        "no GPU resources available",
        r"Unable to proceed, no GPU resources available",
        lambda g: ("log-no-gpu-visible", {"detail": PHRASES["deepspeed-found-none"].en}),
    ),
    _sig(  # Lightning's SLURMEnvironment and TorchElasticEnvironment checks (fabric/plugins/environments, 2.0+)
        "lightning-layout",
        ("in Lightning, but the ", "in your SLURM bash script"),  # a paste may wrap the rest of that sentence
        # a page that quotes it may drop the backticks
        r"You set `?(?P<what>num_nodes|devices)=(?P<set>\d+)`? in Lightning, but the number of (?:nodes|tasks per "
        r"node) configured in SLURM `?(?P<flag>--nodes|--ntasks-per-node)=(?P<slurm>\d+)`? does not match|"
        r"You set `devices=(?P<d>\d+)` and `num_nodes=(?P<n>\d+)` in Lightning, but the product \(\d+ \* \d+\) "
        r"does not match the world size \((?P<world>\d+)\)|"
        r"You set `--ntasks=(?P<ntasks>\d+)` in your SLURM bash script",
        lambda g: (
            "log-lightning-layout-mismatch",
            {
                "detail": phrase(
                    "lightning-trainer-slurm", what=g["what"], set=g["set"], flag=g["flag"], slurm=g["slurm"]
                )
                if g.get("what")
                else phrase("lightning-trainer-world", d=g["d"], n=g["n"], world=g["world"])
                if g.get("d")
                else phrase("lightning-ntasks", ntasks=g["ntasks"])
            },
        ),
    ),
    _sig(  # Ray's memory monitor (2.2+): a task or actor it killed when the node's RAM passed its threshold, and the
        # raylet's periodic count of them (node_manager.cc)
        "ray-oom",
        ("killed due to the node running low on memory", "killed due to memory pressure (OOM)"),
        r"(?:Task|Actor) was killed due to the node running low on memory|"
        r"\b(?P<n>[1-9]\d{0,6}) Workers? \(tasks / actors\) killed due to memory pressure \(OOM\)",
        lambda g: (
            "log-rank-oom-killed",
            {
                "who": phrase("ray-workers-n", n=g["n"]) if g.get("n") else PHRASES["ray-task-or-actor"].en,
                "detail": PHRASES["ray-memory-monitor"].en,
            },
        ),
    ),
    _sig(  # Ray's GCS and core worker: an actor or task lost with the node it ran on
        "ray-node-lost",
        ("because its node has died", "the node it was running on is dead"),
        r"The actor is dead because its node has died\. Node Id: (?P<id>\w+)|Task failed because the node it was "
        r"running on is dead or unavailable\. Node IP: (?P<addr>[\w.:\-]+)",
        _ray_node_dead,
    ),
    _sig(  # Ray's raylet (node_manager.cc, published to the driver) and vLLM's executors (multiproc_executor.py, the
        # Ray v2 executor): a worker process that vanished without an error of its own reaching this log
        "worker-died",
        (
            "A worker died or was killed while executing a task",
            " died unexpectedly, shutting down executor",
            "The actor died unexpectedly before finishing",
            "because its worker process has died",
            "The worker died unexpectedly while executing",
            "because its owner has died",
        ),
        # Ray's exceptions.py (ActorDiedError, RayActorError before 2.x named it, WorkerCrashedError) and the death
        # causes its GCS appends to them (2.x): the actor's process, or the driver that owned it, went away
        r"A worker died or was killed while executing a task by an unexpected system error\..*?"
        r"Worker IP address: (?P<ip>[\w.:]+)(?:.*?Worker PID: (?P<pid>\d+))?|"
        r"(?P<vllm>Worker proc \S+|RayWorkerProc rank=\d+) died unexpectedly, shutting down executor|"
        r"(?P<header>The actor died unexpectedly before finishing this task)|"
        r"(?P<actor>The actor is dead because its worker process has died)|"
        r"(?P<task>The worker died unexpectedly while executing this task)|"
        r"The actor is dead because its owner has died\.(?: Owner Id: \w+ Owner Ip address: (?P<owner>[\w.:]+))?",
        lambda g: ("log-worker-died", {"who": _first_matched(g, _DIED, _actor_owner)}),
    ),
    _sig(  # Ray's GCS client and ray.init (2.x): a process that cannot reach the head's GCS, or finds no cluster
        "ray-head-unreachable",
        (
            "Failed to connect to GCS within",
            "Failed to connect to GCS at address",
            "Unable to connect to GCS at",
            "Could not find any running Ray instance",
            "Failed to connect to GCS.",
            "Failed to connect to Ray cluster at ",
            "A ray instance hasn't started",
        ),
        # the C++ client's rpc_client.h: "Failed to connect to GCS at address A:P within 5 seconds."; the node's
        # Python: "... at address=A:P. Last exception: ..."; an address a script built wrongly is quoted as it is;
        # node.py and state.py (2.x): "Failed to connect to GCS." then gRPC's last error, which names the address;
        # worker.py (2.x) for ray.init(address=...): "Failed to connect to Ray cluster at A:P"
        r"Failed to connect to GCS within (?P<s>\d+) seconds|Unable to connect to GCS at (?P<addr>[\w.:\-\[\]]+?)\.?\s|"
        r"Failed to connect to GCS at address[= ](?P<addr2>\S+?(?: \S+?)?:\d+)\b|"
        # node.py (2.x before 2.5x) where no raylet of this host wrote its address: "A ray instance hasn't started."
        r"(?P<none>Could not find any running Ray instance|A ray instance hasn't started)|"
        r"Failed to connect to (?:GCS\.(?:.*?ipv[46]:(?P<addr3>[\w.:\[\]]+:\d+))?|"
        r"Ray cluster at (?P<addr4>[\w.:\-\[\]]+:\d+))",
        lambda g: (
            "log-ray-head-unreachable",
            {
                "detail": phrase("ray-head-at", addr=g.get("addr") or g.get("addr2") or g.get("addr3") or g["addr4"])
                if g.get("addr") or g.get("addr2") or g.get("addr3") or g.get("addr4")
                else phrase("ray-head-within", seconds=g["s"])
                if g.get("s")
                else PHRASES["ray-none-started"].en
                if g.get("none")
                else ""
            },
        ),
    ),
    _sig(  # Ray's GCS client (global_state_accessor.cc): a process whose host address is none of the raylets'; vLLM's
        # Ray executor counting fewer node addresses than nodes; the autoscaler unable to place vLLM's bundle pinned to
        # the driver's address (node:IP), which no node of the cluster has
        "ray-ip-mismatch",
        (
            "This node has an IP address of ",
            "Every node should have a unique IP address",
            "resource request {'node:",
            "does not allocate any GPUs on the driver node",
            "No node info found matching attributes",
        ),
        # Ray 1.x's services.py: "..., while we cannot find the matched Raylet address" (a terminal may wrap it)
        r"This node has an IP address of (?P<addr>[\w.:\-]+), (?:but we cannot find a local Raylet|and Ray expects|"
        r"while we cannot find the)|"
        r"Every node should have a unique IP address\. Got (?P<nodes>\d+) nodes with node ids .*? and (?P<ips>\d+) "
        r"unique IP addresses|No available node types can fulfill resource request \{'node:(?P<pinned>[^']+)': 0\.001|"
        # vLLM's Ray executor (0.6 to 0.11, the driver's and workers' addresses from 0.7 on); Ray 2.5x's services.py
        r"(?P<driver>Ray does not allocate any GPUs on the driver node)\.\s*(?:Driver IP: (?P<dip>[\w.:]+), worker "
        r"IPs: \[(?P<wips>[^\]]*)\])?|"
        r"No node info found matching attributes: '(?P<attrs>[^']*)' when trying to resolve",
        lambda g: (
            "log-ray-ip-mismatch",
            {
                "detail": phrase("ray-host-not-node", addr=g["addr"])
                if g.get("addr")
                else phrase("ray-distinct-addresses", nodes=g["nodes"], ips=g["ips"])
                if g.get("nodes")
                else phrase("ray-driver-pinned", pinned=g["pinned"])
                if g.get("pinned")
                else _driver_without_gpus(g)
                if g.get("driver")
                else phrase("ray-attrs-unregistered", attrs=g["attrs"])
            },
        ),
    ),
    _sig(  # vLLM's ray_utils.py, Ray's scheduler and autoscaler, Ray Train's backend executor: the job asks the cluster
        # for more than its nodes offer, and waits
        "ray-resources-short",
        (
            "Waiting for creating a placement group of specs",
            "Cannot provide a placement group of",
            "cannot be scheduled right now",
            "Placement group creation timed out",
            "The worker group startup timed out after",
            "No available node types can fulfill resource request",
            "exceeds the total number of available GPUs in the",
            "Current node has no GPU available",
            "Cannot provide a placement group requiring",
            "is not included in a placement group",
        ),
        # a paste may break the spec list of "Cannot provide a placement group of" over lines: it ends in its timeout
        # whether or not the line says so. vLLM's "Current node has no GPU available": Ray offers the driver's node no
        # free GPU (a placement group left from an earlier run holds them, or another job's actors do).
        r"(?P<wait>Waiting for creating a placement group of specs for \d+ seconds|The number of required GPUs "
        r"exceeds the total number of available GPUs in the (?:placement group|cluster)|"
        r"Cannot provide a placement group of (?:.*?within \d+ seconds)?|Placement group creation timed out|"
        r"Current node has no GPU available|Cannot provide a placement group requiring \d+ GPUs|"
        r"The worker group startup timed out after [\d.]+ seconds waiting for \d+ workers)|"
        # the autoscaler's infeasible request (v1: "resource request {...}. Add suitable node types"; v2: "resource
        # requests {...}*N", "placement group requests (detail=...): {...}")
        r"(?:following resource request cannot be scheduled right now: |No available node types can fulfill "
        r"(?:resource requests? |placement group requests \(detail=[^)]*\): ))(?P<req>\{[^}]*\})|"
        r"(?P<driver>driver node id \w+ is not included in a placement group)",  # vLLM's ray_utils.py (0.5 to 0.11)
        lambda g: (
            "log-ray-resources-short",
            {
                "detail": f"it asks {g['req']}"
                if g.get("req")
                else "the placement group holds no GPU on the driver's node"
                if g.get("driver")
                else g["wait"][0].lower() + g["wait"][1:]
            },
        ),
    ),
    _sig(  # Ray's worker.py (1.x to 2.x): ray.init() found no cluster to join (no address, no RAY_ADDRESS) and
        # started one on this node
        "ray-local-instance",
        "Started a local Ray instance",
        r"Started a local Ray instance",
        lambda g: (LOCAL_RAY, {}),
    ),
    _sig(  # Ray's GCS (gcs_node_manager.cc and before it the monitor): a raylet whose heartbeats stopped
        "ray-node-dead",
        "missed too many heartbeats",
        r"The node with node (?:id|ID):? (?P<id>\w+)(?: and (?:address|ip): (?P<addr>[\w.:\-]+))?.*?"
        r"has been marked dead because the (?:detector|monitor) has missed too many heartbeats",
        _ray_node_dead,
    ),
    _sig(  # vLLM's envs.py, and int() of torch's env:// rendezvous (any release): a *_PORT holding tcp://IP:PORT, the
        # link Kubernetes writes into every pod for each Service (a Service named master sets MASTER_PORT)
        "port-service-link",
        ("' appears to be a URI", "with base 10: 'tcp://"),
        r"\b(?P<var>[A-Z][A-Z0-9_]{0,60}_PORT) '(?P<value>tcp://[^']+)' appears to be a URI|"
        r"invalid literal for int\(\) with base 10: '(?P<value2>tcp://[\w.\-]+:\d+)'",
        lambda g: (
            "log-port-service-link",
            {
                "var": g.get("var") or "a *_PORT variable (MASTER_PORT for torch)",
                "value": g.get("value") or g["value2"],
            },
        ),
    ),
    _sig(  # vLLM's worker startup (v1 worker/utils.py, before it gpu_worker.py) and sglang's model runner: a GPU that
        # another process already holds part of
        "gpu-memory-taken",
        ("on startup is less than", "The memory capacity is unbalanced"),
        # its message is long: a paste often breaks it after "less than", and again inside the share it asked for
        r"Free memory on device (?:\S+ )?\((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\) on startup is less than"
        r"(?:\s*desired GPU memory utilization(?: \((?P<util>[\d.]+), (?P<want>[\d.]+) GiB\))?)?|"
        r"(?P<sglang>The memory capacity is unbalanced\. Some GPUs may be occupied by other processes)",
        _gpu_memory_short,
    ),
    _sig(  # vLLM's config/parallel.py: a world size (tensor x pipeline parallel) beyond the GPUs of a node, with no
        # multi-node executor asked for
        "vllm-world-exceeds-gpus",
        "is larger than the number of available GPUs",
        r"World size \((?P<world>\d+)\) is larger than the number of available GPUs \((?P<gpus>\d+)\) in this node",
        _name("log-world-exceeds-gpus"),
    ),
    _sig(  # vLLM's network_utils.py (before it utils.py) get_ip, and sglang's get_local_ip_auto: no address of the
        # host found to give the others; vLLM ignoring HOST_IP for VLLM_HOST_IP (0.6+)
        "host-ip-guessed",
        ("Failed to get the IP address, using 0.0.0.0", "Can not get local ip", "HOST_IP is deprecated and ignored"),
        r"(?P<vllm>Failed to get the IP address, using 0\.0\.0\.0 by default)|(?P<sglang>Can not get local ip)|"
        r"(?P<ignored>The environment variable HOST_IP is deprecated and ignored)",
        lambda g: (
            "log-host-ip-guessed",
            {
                "who": "sglang" if g.get("sglang") else "vLLM",
                "detail": PHRASES["host-ip-ignored"].en if g.get("ignored") else PHRASES["host-ip-none"].en,
            },
        ),
    ),
    _sig(  # vLLM's shm_broadcast.py (the ring buffer from its scheduler to its workers, repeated every 60 s while a
        # reader lags; older releases at DEBUG, "... found in %s second."), sglang's scheduler watchdog (it then stops
        # the server)
        "serving-worker-stuck",
        ("No available shared memory broadcast block found in", "Watchdog timeout (self.watchdog_timeout="),
        r"No available shared memory broadcast block found in (?P<s>\d+) seconds?|"
        r"Watchdog timeout \(self\.watchdog_timeout=(?P<w>[\d.]+)\)",
        lambda g: (
            "log-serving-worker-stuck",
            {
                "who": PHRASES["vllm-broadcast"].en if g.get("s") else PHRASES["sglang-watchdog"].en,
                "waited": f"{g['s']} s" if g.get("s") else phrase("sglang-stopped", s=g["w"]),
            },
        ),
    ),
    _sig(  # vLLM's shm_broadcast.py: the free space of /dev/shm checked before its ring buffer is made
        "vllm-shm-space",
        "Insufficient space in ",
        r"Insufficient space in (?P<path>/\S+): (?P<need>\d+) MiB required, (?P<free>\d+) MiB free",
        lambda g: (
            "log-shm-too-small",
            {"who": "vLLM", "path": g["path"], "detail": f" ({g['need']} MiB required, {g['free']} MiB free)"},
        ),
    ),
    _sig(  # horovodrun's launch.py: its ssh check of the hosts it was given
        "horovod-ssh",
        ("ssh not successful for host", "could not connect to some hosts via ssh"),
        r"ssh not successful for host (?P<host>[^\s:]+)|(?P<some>could not connect to some hosts via ssh)",
        lambda g: (
            "log-ssh-launch-failed",
            {"error": phrase("horovod-ssh-host", host=g["host"]) if g.get("host") else PHRASES["horovod-ssh"].en},
        ),
    ),
    _sig(  # horovodrun's driver and task services (runner/common/util/network.py, driver_service.py, timeout.py): no
        # route between the hosts on any interface; a task whose connection comes from none of its own addresses
        "horovod-unreachable",
        (
            "was unable to connect to",
            "Unable to find a set of common task-to-task communication interfaces",
            "Please check connectivity between servers",
            "but has connected from a different address",
        ),
        r"Horovod was unable to connect to (?P<service>.+?) on any of the following addresses|"
        r"(?P<common>Unable to find a set of common task-to-task communication interfaces)|"
        r"Timed out waiting for (?P<activity>.+?)\. Please check connectivity between servers|"
        r"declared addresses .*?, but has connected from a different address \('?(?P<nat>[\d.]+)",
        lambda g: (
            ("log-mpi-peer-address-nat", {"who": "horovodrun", "addr": g["nat"]})
            if g.get("nat")
            else (
                "log-launcher-hosts-unreachable",
                {
                    "detail": f" ({g['service']})"
                    if g.get("service")
                    else PHRASES["no-common-interface"].en
                    if g.get("common")
                    else f" (timed out waiting for {g['activity']})"
                },
            )
        ),
    ),
    _sig(  # horovodrun's network.py: --network-interface naming no interface of the host
        "horovod-ifname-missing",
        "No available network interface found matching user provided interface",
        r"No available network interface found matching user provided interface: (?P<value>.+?)\s*$",
        lambda g: ("log-ifname-missing", {"var": "horovodrun --network-interface", "value": g["value"]}),
    ),
    _sig(  # ProcessGroupNCCL with NCCL_BLOCKING_WAIT / TORCH_NCCL_BLOCKING_WAIT (1.8+): the wait that timed out
        "nccl-blocking-wait",
        "timed out in blocking wait",
        r"(?:\[Rank (?P<rank>\d+)\] )?Work (?P<work>WorkNCCL\((?:[^()]|\([^()]*\))*\)) timed out in blocking wait",
        _watchdog,
    ),
    _sig(  # torchelastic's etcd rendezvous (1.9+; INFO, then a bare RendezvousTimeoutError), and the static store's
        # full-rank check (elastic/utils/distributed.py, a TimeoutError): the nodes did not all come
        "rendezvous-timeout-etcd",
        ("Rendezvous timeout occured", "Rendezvous timeout occurred", "members to join"),
        r"Rendezvous timeout occur+ed in EtcdRendezvousHandler|"
        r"(?:Timeout|Rendezvous)Error: (?P<detail>timed out waiting for all \d+ members to join)",
        lambda g: ("log-rendezvous-timeout", {"detail": _detail(g.get("detail") or "etcd rendezvous")}),
    ),
    _sig(  # elastic/rendezvous/utils.py parse_rendezvous_endpoint (torch 1.9+): --rdzv-endpoint is not host[:port]
        "rdzv-endpoint-invalid",
        "of the rendezvous endpoint '",
        r"The (?P<part>hostname|port number) of the rendezvous endpoint '(?P<endpoint>[^']*)' must be",
        # 'None:None' (accelerate's and others' f-string of values they never got) is no typo in an endpoint
        lambda g: (
            ("log-rdzv-endpoint-none", {"endpoint": g["endpoint"]})
            if g["endpoint"].startswith("None")
            else ("log-rdzv-endpoint-invalid", {"endpoint": g["endpoint"], "part": g["part"].split()[0]})
        ),
    ),
    _sig(  # static_tcp_rendezvous.py (torchrun's static rendezvous, 1.9 on): an endpoint without a port
        "rdzv-endpoint-port-absent",
        ("Port is absent in endpoint: ", "port is missing in endpoint: "),
        # launcher/api.py's own check, first for the static rendezvous: "port is missing in endpoint: X. Try to
        # specify --master-port" (--master_port before 2.x)
        r"(?:Port is absent|port is missing) in endpoint: (?P<endpoint>\S+?)\.? Try (?:launching with|to specify) "
        r"--master[-_]port",
        lambda g: ("log-rdzv-endpoint-invalid", {"endpoint": g["endpoint"], "part": "port, which it lacks,"}),
    ),
    _sig(  # torch <= 1.10 tcputil::connect: "host not found: " + gai_strerror
        "store-host-not-found",
        "host not found: ",
        r"host not found: (?P<error>Name or service not known|Temporary failure in name resolution|"
        r"nodename nor servname provided, or not known|No address associated with hostname)",
        lambda g: ("log-store-host-unresolvable", {"host": PHRASES["store-host"].en, "error": g["error"]}),
    ),
    _sig(  # Python's socket module (launchers, elastic agents, Ray, any script): a lookup of a name that has no
        # address; its message does not say which name
        "python-gaierror",
        "gaierror: [Errno ",
        r"gaierror: \[Errno (?P<code>-2|-3|-5|8|11001)\] (?P<error>[^\n]+?)\s*$",
        lambda g: ("log-name-unresolvable", {"error": g["error"].rstrip(". ")}),
    ),
    _sig(  # torch >= 1.11 socket.cpp; -2 (EAI_NONAME) and -3 (EAI_AGAIN): the name has no address at all. Other codes
        # (-5, -9) say only that it has none of that family, which the other family may still have. A PTR name
        # (x.ip6.arpa, x.in-addr.arpa) is the store's reverse lookup of a client, which reverse_dns reads.
        "store-host-gai",
        "cannot be retrieved (gai error",
        r"network addresses of \((?!\S*\.arpa,)(?P<host>[^,()\s]+), (?P<port>\d+)\) cannot be retrieved \(gai error: "
        r"(?P<code>-2|-3|8|11001) - (?P<error>[^)]*?)\s*\)",
        lambda g: (
            ("log-master-addr-bracketed", {"host": g["host"]})
            if g["host"].startswith("[") and g["host"].endswith("]")  # an IPv6 address given with its brackets
            else ("log-store-host-unresolvable", {"host": g["host"], "error": g["error"].rstrip(". ")})
        ),
    ),
    _sig(  # TCPStore.cpp (torch 2.3+): the client's retry and give-up lines end with the socket error; where that is
        # socket.cpp's gai error the store-host-gai signature reads it, here the name-service text quoted bare
        "store-client-unresolvable",
        "failed to connect/validate",
        r"TCP client failed to connect/validate to host (?P<host>\[[^\]]+\]|[^\s:\[]+):(?P<port>\d+) - "
        r"(?!.*gai error).*?(?P<error>Name or service not known|Temporary failure in name resolution|"
        r"nodename nor servname provided, or not known|No address associated with hostname)",
        lambda g: ("log-store-host-unresolvable", {"host": g["host"].strip("[]"), "error": g["error"]}),
    ),
    _sig(
        "store-clients-timeout",
        "waiting for clients",
        r"Timed out after (?P<waited>\d+ seconds?) waiting for clients\. (?P<joined>\d+)/(?P<expected>\d+) clients "
        r"joined",
        _clients_joined,
    ),
    _sig(
        "store-barrier-timeout",
        "store based barrier",
        r"Timed out initializing process group in store based barrier on rank:? \d+, for key: (?P<key>\S+) "
        r"\(world_size=(?P<world>\d+), (?:worker_count|num_workers_joined)=(?P<joined>\d+)",
        _store_barrier,
    ),
    _sig(
        "store-key-timeout",
        "wait timeout after ",
        r"wait timeout after \d+m?s, keys: (?P<key>\S*torchelastic/(?:role_info|assigned_ranks)/\d+)",
        _name("log-store-key-timeout"),
    ),
    _sig(  # torchrun's (and torch.distributed.launch's, 1.x) banner with two or more workers a node, printed before
        # the nodes meet at rendezvous: a log that ends there shows none of the workers' own output
        "launcher-started",
        "Setting OMP_NUM_THREADS environment variable for each process",
        r"Setting OMP_NUM_THREADS environment variable for each process",
        _name(LAUNCHED),
    ),
    _sig(  # the process-group setup as frameworks announce it: DeepSpeed's comm.py ("Initializing TorchBackend in
        # DeepSpeed with backend nccl"), vLLM's parallel_state.py ("world_size=16 rank=3 local_rank=3
        # distributed_init_method=tcp://10.0.0.1:29501 backend=nccl")
        "pg-init-started",
        ("Initializing TorchBackend in DeepSpeed", " distributed_init_method=", "Init torch distributed begin."),
        # SGLang's model_runner.py (0.4 on): "Init torch distributed begin.", then "... ends" once it is set up
        r"Initializing TorchBackend in DeepSpeed with backend (?P<backend>\w+)|world_size=(?P<world>\d+) "
        r"rank=\d+ local_rank=\d+ distributed_init_method=(?P<method>\S+) backend=(?P<backend2>\w+)|"
        r"(?P<sglang>Init torch distributed begin\.)",
        lambda g: (
            PG_INIT,
            {
                "detail": f"DeepSpeed, backend {g['backend']}"
                if g.get("backend")
                else "SGLang's model runner"
                if g.get("sglang")
                else f"world size {g['world']}, {g['method']}, backend {g['backend2']}"
            },
        ),
    ),
    _sig(  # elastic/agent/server/api.py (torch 1.9+): the agents' exchange of ranks, where a store wait whose key
        # torch <= 2.1 leaves out ("Socket Timeout") is store-key-timeout's
        "elastic-rank-assignment",
        ("in _share_and_gather", "in _assign_worker_ranks"),
        r"in _(?:share_and_gather|assign_worker_ranks)\b",
        lambda g: (RANK_ASSIGNMENT, {}),
    ),
    _sig(  # ProcessGroupNCCL (torch 1.x "retreiving", 2.x "retrieving"): rank 0 never set the communicator's id
        "nccl-unique-id-timeout",
        ("Socket Timeout", "ait timeout", "Timeout waiting for key"),
        r"\[(?P<rank>\d+)\] is setting up NCCL communicator and retr(?:ie|ei)ving ncclUniqueId from \[(?P<root>\d+)\] "
        r"via c10d key-value store by key '[^']*', but store->get\('[^']*'\) got error: (?P<error>Socket Timeout|"
        r"[Ww]ait timeout after \d+ ?m?s|Timeout waiting for key: \S+ after \d+ ?m?s)",
        _name("log-nccl-unique-id-timeout"),
    ),
    _sig(  # gloo's stores (file, hash, redis) and Horovod's HTTP store; Horovod 0.21+ adds the wait and its variable
        "gloo-store-wait-timeout",
        "ait timeout",
        r"Wait timeout (?:after (?P<after>\d+) seconds )?for key\(s\): (?P<keys>.{1,80}?)\.?(?: You may want|\s*$)",
        lambda g: (
            "log-gloo-rendezvous-timeout",
            {"keys": g["keys"].strip(), "detail": f" after {g['after']} s" if g.get("after") else ""},
        ),
    ),
    _sig(
        # TCPStore 2.x "wait timeout after Nms, keys: K"; FileStore "Timeout waiting for key: K after N ms"; torch
        # 1.x's bare "Socket Timeout" / "Wait timeout", also as ProcessGroupNCCL's "store->get('0') got error: ..."
        "store-wait-timeout",
        ("ait timeout", "Socket Timeout", "Timeout waiting for key"),
        # (not the 10 s waits of a store-based barrier's progress line: its own timeout has a text of its own)
        r"(?:[Ww]ait timeout after (?P<after>\d+m?s), keys: "
        r"(?!\S*torchelastic/(?:role_info|assigned_ranks)|\S*store_based_barrier_key:\d+:last_worker)"
        r"(?P<key>\S+)|Timeout waiting for key: (?P<key2>\S+) after (?P<after2>\d+ ?m?s)|"
        r"(?:RuntimeError|DistStoreError|got error|The inner error): (?P<old>Socket Timeout|Wait timeout)\b|"
        # a quote that ends before the keys
        r"DistStoreError: (?P<old2>wait timeout after \d+m?s)\s*$)",
        lambda g: (
            "log-store-timeout",
            {
                "detail": f" (key {g.get('key') or g['key2']}, after {g.get('after') or g['after2']})"
                if g.get("key") or g.get("key2")
                else f" ({g.get('old') or g['old2']})"
            },
        ),
    ),
    _sig(
        "store-closed",
        "Connection was likely closed",
        r"Connection was likely closed\. Did the remote server shutdown or crash\?",
        _name("log-store-closed"),
    ),
    _sig(
        "env-missing-message",
        " expected, but not set",
        r"environment variable (?P<names>\w+) expected, but not set",
        _name("env-missing"),
    ),
    _sig(  # the frame every traceback of that error shows, where the message itself was cut off
        "env-missing",
        'raise _env_error("',
        r"raise _env_error\(\"(?P<names>\w+)\"\)",
        _name("env-missing"),
    ),
    # torchelastic's rendezvous and agent
    _sig(
        "rendezvous-timeout",
        "Rendezvous",  # one needle for the three rendezvous errors: one pass over the log
        r"(?:^|[.\s\"])RendezvousTimeoutError(?:: (?P<detail>[^\"]*))?(?:\"|$)",
        lambda g: ("log-rendezvous-timeout", {"detail": _detail(g.get("detail"))}),
    ),
    _sig(
        "rendezvous-connection",
        "Rendezvous",
        r"(?:^|[.\s\"])RendezvousConnectionError(?:: (?P<detail>[^\"]*))?(?:\"|$)",
        lambda g: ("log-rendezvous-connection", {"detail": _detail(g.get("detail"))}),
    ),
    _sig(
        "rendezvous-closed",
        "Rendezvous",
        r"(?:^|[.\s\"])RendezvousClosedError(?::.*)?$",
        lambda g: ("log-rendezvous-closed", {}),
    ),
    _sig(  # etcd_rendezvous.py: an agent's keep-alive lapsed, and the others tear the rendezvous down
        "rendezvous-keepalive",
        "is not renewed",
        r"Keep-alive key (?P<key>\S+?) is not renewed",
        _name("log-rendezvous-keepalive"),
    ),
    _sig("exitcode", "exitcode", _EXITCODE, _exitcode),
    _sig(
        "exit-status",
        "xit ",  # "exit status": the needle of exit-code finds these lines too
        r"returned non-zero exit status (?P<code>-?\d+)",
        _exitcode,
    ),
    _sig(  # Docker, Kubernetes (kubectl describe: "Exit Code: 137"), srun ("Exited with exit code 1")
        "exit-code",
        ("xit ", "xited with "),  # "Exited with code 1" holds no "xit "
        r"\b(?:[Ee]xit(?:ed with)? [Cc]ode|exit code|Exit Code):?\s*(?P<code>-?\d+)\b",
        _exitcode,
    ),
    _sig(  # torchelastic's error file: the exit code its agent recorded (facts/logs.py reads it as this line)
        "error-file-code",
        "errorCode: ",
        r"^errorCode: (?P<code>-?\d+)$",
        _exitcode,
    ),
    _sig(  # the DeepSpeed launcher's sigkill_handler
        "deepspeed-return-code",
        "exits with return code",
        r"exits with return code = (?P<code>-?\d+)",
        _exitcode,
    ),
    _sig(  # slurmstepd: "*** JOB 42221 ON clr1247 CANCELLED AT 2022-04-14T16:20:46 DUE TO TIME LIMIT ***"
        "slurm-cancelled",
        " CANCELLED",
        # slurmstepd's req.c: "DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS" (every release), and 25.05's "DUE to
        # SIGNAL Terminated" and "DUE TO TASK FAILURE"
        r"\*\*\* (?:JOB|STEP) (?P<id>\S+) ON (?P<node>\S+) CANCELLED(?: AT \S+)?(?: DUE (?:TO|to) (?P<why>[^,*]+?))?"
        r"(?:, SEE SLURMCTLD LOG FOR DETAILS)? \*\*\*",
        _slurm_cancelled,
    ),
    _sig(  # torchelastic's agent itself got a signal from outside and stopped its workers
        "agent-signal",
        "SignalException: Process ",
        r"SignalException: Process (?P<pid>\d+) got signal: (?P<num>\d+)",
        lambda g: (
            "log-agent-signalled",
            {
                "pid": f" (pid {g['pid']})",
                "signal": _signal_label(_SIGNALS.get(int(g["num"]), "signal"), int(g["num"])),
            },
        ),
    ),
    _sig(  # the agent's own log of that signal (agent/server/api.py, 1.9 on): "Received Signals.SIGHUP death signal,
        # shutting down workers" where Python prints the enum's name, "Received 15 death signal, ..." where its number
        "agent-death-signal",
        " death signal, shutting down workers",
        r"Received (?:Signals\.(?P<name>SIG[A-Z]+)|(?P<num>\d+)) death signal, shutting down workers",
        lambda g: (
            "log-agent-signalled",
            {
                "pid": "",
                "signal": _signal_label(g["name"], None)
                if g.get("name")
                else _signal_label(_SIGNALS.get(int(g["num"]), "signal"), int(g["num"])),
            },
        ),
    ),
    _sig(
        "signal-received",
        "received by PID",
        r"(?:Signal (?P<num>\d+) \((?P<name>SIG\w+)\)|\*\*\* (?P<name2>SIG\w+) \([^)]*\)) received by PID (?P<pid>\d+)",
        lambda g: _signal({**g, "name": g.get("name") or g.get("name2") or ""}),
    ),
    _sig(  # Open MPI's mpirun/mpiexec/prterun (orte, prte): "noticed that process rank N with PID P on node H exited on
        # signal 9 (Killed)." (PID 0 where the launcher never learnt it)
        "mpirun-rank-signal",
        "noticed that process rank ",
        r"noticed that process rank (?P<rank>\d+)(?: with PID (?P<pid>\d+))?(?: on node \S+)? exited on signal "
        r"(?P<num>\d+)(?: \((?P<word>[^)]*)\))?",
        lambda g: _signal({k: v for k, v in g.items() if not (k == "pid" and v == "0")}),
    ),
    _sig(  # UCX's handler: "[host:pid:0:tid] Caught signal 7 (Bus error: nonexistent physical address)"
        "signal-caught",
        "Caught signal",
        r"Caught signal (?P<num>\d+) \((?:Segmentation fault|Bus error|Aborted|Illegal instruction|Floating point)",
        _signal,
    ),
    _sig(  # Open MPI's signal handler (opal/util/stacktrace.c): "[host:pid] Signal: Aborted (6)"
        "ompi-signal",
        "] Signal: ",
        r"\[[^\]:]+:(?P<pid>\d+)\] Signal: (?P<word>[A-Z][a-z]+(?: [a-z]+)*) \((?P<num>\d+)\)",
        _signal,
    ),
    _sig(
        "signal-died-with",
        "died with <Signals",
        r"died with <Signals\.(?P<name>SIG\w+): (?P<num>\d+)>",
        _signal,
    ),
    _sig(
        "signal-terminated",
        "terminated with signal",
        r"(?:Program )?terminated with signal (?P<name>SIG\w+)",
        _signal,
    ),
    _sig(
        "signal-fatal-python",
        "Fatal Python error",
        r"Fatal Python error: (?P<word>Segmentation fault|Aborted|Bus error|Illegal instruction|Floating point excep)",
        _signal,
    ),
    _sig(  # a shell or srun reporting how its child ended
        "signal-shell",
        " (core dumped)",
        rf"(?:srun: error: [^:]+: task (?P<task>\d+): )?(?P<word>{_CONTAINER}) \(core dumped\)",
        _signal,
    ),
    _sig(
        "signal-killed",
        "Killed",
        r"(?:^|srun: error: [^:]+: task (?P<task>\d+): |\s(?P<pid>\d+) )(?P<word>Killed)(?:\s|$)(?!process)",
        _signal,
    ),
    _sig(
        "oom-killer",
        "Killed",  # "Out of memory: Killed process": one scan for every line with Killed
        r"(?:Memory cgroup )?[Oo]ut of memory: Killed process (?P<pid>\d+) \((?P<detail>[^)]*)\)",
        _oom,
    ),
    _sig(
        "oom-killed",
        "Killed",
        r"OOMKilled",  # (with "\W*" before it a long run of padding was searched once per position)
        lambda g: ("log-rank-oom-killed", {"who": "the container", "detail": " (Kubernetes: OOMKilled)"}),
    ),
    _sig(  # srun reporting the tasks the step's cgroup killed
        "srun-oom",
        "Out Of Memory",
        r"srun: error: (?P<node>[^:\s]+): tasks? (?P<task>[\d,\-]+): Out Of Memory",
        lambda g: (
            "log-rank-oom-killed",
            {"who": phrase("task-on-node", task=g["task"], node=g["node"]), "detail": " (Slurm: Out Of Memory)"},
        ),
    ),
    _sig(  # slurmstepd's mgr.c: a task of the step the cgroup's OOM killer ended
        "slurm-task-oom",
        "Out Of Memory (OOM)",
        r"task (?P<task>\d+) \((?P<pid>\d+)\) Out Of Memory \(OOM\)",
        lambda g: ("log-rank-oom-killed", {"who": f"task {g['task']} (pid {g['pid']})", "detail": " (Slurm)"}),
    ),
    _sig(  # srun's step_launch.c (StepId= from 20.11): slurmd on a node refused or missed the launch; %m says why
        "slurm-task-launch-failed",
        "Task launch for ",
        r"Task launch for (?:StepId=)?\S+ failed on node (?P<node>[^:\s]+): (?P<error>.+?)\s*$",
        # slurmd's ESLURMDCPU_BIND_ERROR: the binding, not the node, is at fault
        lambda g: (
            ("log-slurm-cpu-bind-failed", {"error": g["error"]})
            if g["error"] == CPU_BIND_ERROR
            else ("log-slurm-launch-failed", g)
        ),
    ),
    _sig(  # srun's step_launch.c: tasks that never reported started within the launch timeout
        "slurm-launch-timeout",
        "timeout waiting for task launch",
        r"timeout waiting for task launch, started (?P<n>\d+) of (?P<m>\d+) tasks",
        lambda g: (
            "log-slurm-launch-failed",
            {"node": PHRASES["some-nodes"].en, "error": phrase("tasks-started", n=g["n"], m=g["m"])},
        ),
    ),
    _sig(  # Slurm's mpi/pmix plugin (pmixp_dconn_tcp.c, pmixp_coll_*.c, mpi_pmix.c): the PMIx server of a step
        "slurm-pmix",
        ("mpi/pmix", "pmi/pmix: ", "mpi/pmi2: ", "annot create context for mpi/", "nvalid MPI type '"),
        # also the plugin a step asks for that this Slurm cannot load (srun --mpi, MpiDefault), and mpi/pmi2's
        # exchange between the nodes' slurmstepds
        r"(?:mpi|pmi)/pmix(?:_v\d+)?:.*?(?P<detail>Cannot establish direct connection to \S+|collective timeout "
        r"seq=\d+|Can't find address for host \S+|incorrect PMIx library version|can not load PMIx library)|"
        r"(?P<detail2>mpi/pmi2: failed to send temp kvs to [^\n]*?|[Cc]annot create (?:mpi )?context for mpi/\w+|"
        r"[Ii]nvalid MPI type '[^']+')\s*(?:,|$)",
        lambda g: ("log-slurm-pmix-failed", {"detail": g.get("detail") or g["detail2"]}),
    ),
    _sig(
        "oom-cgroup",
        ("kill event", "oom-kill:", "out-of-memory handler"),
        r"(?P<detail>Detected \d+ oom[-_]kill event|killed by the cgroup out-of-memory handler|oom-kill:constraint)",
        _oom,
    ),
    # the program's own use of torch.distributed
    _sig(  # reducer.cpp: a parameter got no gradient in an iteration, and find_unused_parameters is off
        "ddp-unused-parameters",
        "finished reduction in the prior iteration",
        r"Expected to have finished reduction in the prior iteration before starting a new one",
        _name("log-ddp-unused-parameters"),
    ),
    _sig(  # distributed_c10d.py's init_process_group("nccl") where torch was built without it
        "torch-without-nccl",
        # the message, and the raise's code line that torch 1.x-2.1 tracebacks show above it (two joined literals)
        ("doesn't have NCCL built in", 'doesn\'t have NCCL " "built in'),
        r"Distributed package doesn't have NCCL (?:\" \")?built in",
        _name("log-torch-without-nccl"),
    ),
    _sig(  # TCPStore.cpp (torch 2.4+): the libuv store asked of a build without it (the Windows wheels; "build"
        # before the wording was fixed, "built ..., run with USE_LIBUV=0" in 2.13); or its listen-fd init, which
        # only the legacy store supports
        "store-libuv-missing",
        ("without libuv support", "libuv TCPStore backend does not support"),
        r"use_libuv was requested but PyTorch was buil[dt] without libuv support|"
        r"The libuv TCPStore backend does not support initialization with an listen fd",
        _name("log-store-libuv-missing"),
    ),
    _sig(  # sglang's model runner: its monitored_barrier after loading timed out on a rank that had loaded
        "sglang-load-barrier",
        "could finish the model loading",
        r"TP rank (?P<rank>\d+) could finish the model loading, but there are other ranks",
        _name("log-ranks-not-loaded"),
    ),
    _sig(  # distributed_c10d.py: a collective, get_rank or new_group with no default group in this process; torch
        # <= 1.12's _check_default_pg asserted "is not initialized", its _get_default_group raised "has not been"
        "pg-not-initialized",
        "Default process group ",
        r"Default process group (?:has not been|is not) initialized",
        _name("log-pg-not-initialized"),
    ),
    # gloo (transport/tcp: pair.cc, device.cc) and ProcessGroupGloo
    _sig(  # pair.cc's check that a message fits the buffer its receiver posted: the ranks are in different
        # collectives, or in one with different sizes (gloo aborts the process; later releases add a sentence)
        "gloo-size-mismatch",
        "op.preamble.length <= op.nbytes",
        r"op\.preamble\.length <= op\.nbytes\. (?P<got>\d+) vs (?P<want>\d+)",
        lambda g: (
            "log-collective-mismatch",
            {"detail": phrase("gloo-size-posted", got=g["got"], want=g["want"])},
        ),
    ),
    _sig(
        "gloo-full-mesh",
        "connectFullMesh failed",
        r"Gloo connectFullMesh failed with "
        r"(?P<error>.*?(?:remote=\[?(?P<addr>[0-9a-fA-F.:]+?)\]?(?::\S+)?(?:\s.*)?)?)$",
        _full_mesh,
    ),
    _sig(  # gloo's pair.cc (torch 1.8 on): a connect's socket error and its peer, quoted without connectFullMesh's
        # own words in front of it (a paste that elided them)
        "gloo-pair-so-error",
        "SO_ERROR: ",
        r"^(?!.*connectFullMesh failed)(?P<error>.*?SO_ERROR: [^,\n]+, remote=\[?(?P<addr>[0-9a-fA-F.:]+?)\]?:\d+.*)$",
        _full_mesh,
    ),
    _sig(  # gloo's tcp device (every release): a pair's two addresses of different families (2 AF_INET, 10 AF_INET6)
        "gloo-family-mixed",
        "ss1.ss_family == ss2.ss_family",
        r"ss1\.ss_family == ss2\.ss_family\. (?P<local>\d+) vs (?P<remote>\d+)",
        lambda g: (
            "log-address-family",
            {"detail": phrase("gloo-family-mixed", own=_family(g["local"]), peer=_family(g["remote"]))},
        ),
    ),
    _sig(  # gloo before connectFullMesh (torch <= 1.8): "pair.cc:N] connect [addr]:port: error"
        "gloo-pair-connect",
        "] connect [",
        r"pair\.cc:\d+\] (?P<error>connect \[(?P<addr>[0-9a-fA-F.:]+)\]:\S+ .*)$",
        _full_mesh,
    ),
    _sig(
        "gloo-loopback-fallback",
        "loopback address as fallback",
        r"Unable to resolve hostname to a \(local\) address\. Using the loopback address as fallback",
        lambda g: ("log-gloo-loopback", {"detail": PHRASES["gloo-fallback-warning"].en}),
    ),
    _sig(
        "gloo-address",
        "Unable to find address for",
        r"(?:(?P<check>ifa|rp|bind_rv) [!=]= (?:nullptr|0)\.\s*)?Unable to find address for:? (?P<value>\S+)",
        _gloo_address,
    ),
    _sig(  # device.cc sockaddrToInterfaceName: the address gloo bound to (the hostname's) is on no interface; gloo
        # before the localhost check (torch before 1.8) said so for a hostname on 127.0.1.1
        "gloo-no-interface",
        "Unable to find interface for",
        r"Unable to find interface for:? \[?(?P<addr>[^\]\s]+)\]?",
        lambda g: (
            ("log-gloo-loopback", {"detail": phrase("gloo-hostname-loopback", addr=g["addr"])})
            if _loopback(g["addr"])
            # a wildcard or broadcast address handed to gloo as the host's own (a server's --host 0.0.0.0 passed on)
            else ("log-master-addr-not-a-host", {"addr": g["addr"], "port": "*"})
            if is_not_a_host(g["addr"])
            else ("log-gloo-hostname-unresolvable", {"hostname": f"of this host (it resolves to {g['addr']})"})
        ),
    ),
    _sig(
        "gloo-recv-timeout",
        "Timed out waiting",
        # a quote may leave out gloo's "[enforce fail at .../gloo/transport/tcp/...]" before it
        r"Timed out waiting (?P<timeout>\d+m?s) for (?:recv|send) operation to complete",
        _name("log-gloo-timeout"),
    ),
    _sig(  # unbound_buffer.cc: the other pairs of a context, closed after one operation timed out
        "gloo-timeout-closure",
        "Application timeout caused pair closure",
        r"Application timeout caused pair closure",
        lambda g: ("log-gloo-timeout", {"timeout": PHRASES["its-timeout"].en}),
    ),
    _sig(
        "peer-closed",
        "Connection closed by ",
        r"(?P<detail>Connection closed by (?:remote )?peer\s*\S*)",
        _name("log-peer-closed"),
    ),
    _sig(  # TensorPipe says it in lower case, after ECONNRESET
        "peer-reset",
        ("Connection reset by peer", "connection reset by peer"),
        r"(?P<detail>(?:Read error \S+ )?[Cc]onnection reset by peer)",
        _name("log-peer-closed"),
    ),
    _sig(  # Horovod (common/operations.cc's status, raised by its frameworks' ops, 0.16 on): the background loop
        # stopped because another rank raised, or finished before this collective
        "horovod-shut-down",
        "Horovod has been shut down",
        r"Horovod has been shut down\. This was caused by an exception on one of the ranks",
        lambda g: ("log-peer-closed", {"detail": "Horovod has been shut down"}),
    ),
    _sig(  # torch's name of the class, or NCCL's own words for it (ncclGetErrorString, 2.13 on) in torch's message
        "nccl-remote-error",
        ("ncclRemoteError", "remote process exited or there was a network error"),
        r"(?P<detail>ncclRemoteError: .*|remote process exited or there was a network error)",
        _name("log-peer-closed"),
    ),
    # ProcessGroupNCCL
    _sig(WATCHDOG_TIMEOUT, "ollective operation timeout", _WATCHDOG, _watchdog),
    _sig(  # torch 2.4 on: another rank's watchdog timed out and set the store key every rank's monitor polls; 2.5 on
        # says so as "Observed flight recorder dump signal ..." and then names that rank ("... timeout from  rank N";
        # one space where a page collapsed the two)
        "nccl-timeout-elsewhere",
        ("global timeout from another rank", "dump signal from another rank", "a collective timeout from"),
        r"(?:Received a global timeout from another rank and will start to dump the debug info\.?|Observed flight "
        r"recorder dump signal from another rank via TCPStore|Received a dump signal due to a collective timeout from"
        r"\s+rank (?P<origin>-?\d+) and we will try our best to dump the debug info\.)"
        r"(?: Last enqueued NCCL work: (?P<enqueued>-?\d+), last completed NCCL work: (?P<completed>-?\d+))?",
        lambda g: (
            "log-timeout-on-another-rank",
            {"detail": _timed_out_elsewhere(g)},
        ),
    ),
    _sig(  # the heartbeat monitor (torch 2.2 on): the watchdog thread itself stopped making progress; its first line
        # ("Heartbeat monitor timed out! Process will be terminated after dumping debug info.") gives no budget
        "nccl-watchdog-stuck",
        ("s watchdog got stuck for ", "Heartbeat monitor timed out!"),
        r"ProcessGroupNCCL's watchdog got stuck for (?P<seconds>\d+) seconds|Heartbeat monitor timed out!",
        lambda g: ("log-nccl-watchdog-stuck", {"detail": f" for {g['seconds']} s" if g.get("seconds") else ""}),
    ),
    _sig(  # the watchdog's timeout where the paste keeps no WorkNCCL(...) details: its message cut after "timeout", or
        # only the C++ frames of the exception it raises (WorkNCCL::checkTimeout, every torch 2.x), or only the
        # monitor's line that its own watchdog timed out (2.5 on: "... collective timeout from this local rank ...")
        "nccl-watchdog-unnamed",
        ("ollective operation timeout", "checkTimeout", "collective timeout from this local rank"),
        r"(?:Watchdog c|C)aught collective operation timeout(?!:\s*WorkNCCL)|WorkNCCL::checkTimeout\b|"
        r"\bcheckTimeout at \S*ProcessGroupNCCL\.cpp|dump signal due to a collective timeout from this local rank",
        lambda g: ("log-nccl-timeout-unnamed", {}),
    ),
    _sig(
        "nccl-work-progress",
        ("last enqueued", "Last enqueued NCCL work"),
        # torch 2.1-2.4: "Timeout at NCCL work: W, last enqueued NCCL work: E"; 2.5+: "failure detected by watchdog at
        # work sequence id: W PG status: last enqueued work: E", and the monitor's "Received a dump signal due to a
        # collective timeout from this local rank ... Last enqueued NCCL work: E"
        r"Rank (?P<rank>\d+)\]\s*(?:Timeout at NCCL work: (?P<work>\d+), last enqueued NCCL work: |failure detected by "
        r"watchdog at work sequence id: (?P<work2>\d+) PG status: last enqueued work: |Received a dump signal due to "
        r"a collective timeout from this local rank and we will try our best to dump the debug info\. Last enqueued "
        r"NCCL work: )(?P<enqueued>-?\d+)",
        lambda g: (
            PROGRESS,
            {"rank": g["rank"], "work": g.get("work") or g.get("work2", ""), "enqueued": g["enqueued"]},
        ),
    ),
    # NCCL: error classes torch reports, then NCCL's own WARN lines (bootstrap, socket, IB, shm, nvls, init)
    _sig(
        "nccl-system-error",
        ("ncclSystemError", "unhandled system error"),
        r"(?P<error>ncclSystemError: .*|unhandled system error.*?)'?$",
        _name("log-nccl-system-error"),
    ),
    _sig(  # torch 1.x without the file ("NCCL Error 5: invalid usage") as well as "NCCL error in: F:N, ..."
        "nccl-invalid-usage",
        ("ncclInvalidUsage", "invalid usage"),
        r"(?P<error>ncclInvalidUsage: .*|NCCL [Ee]rror.*invalid usage.*)",
        _name("log-nccl-invalid-usage"),
    ),
    _sig(  # ncclInternalError: torch's "NCCL error in: F:N, internal error[ - please report ...]", vLLM's "NCCL error:
        # internal error", nccl-tests' "Test NCCL failure common.cu:N 'internal error ...'", torch's summary line,
        # torch 1.x's "NCCL Error 3: internal error"
        "nccl-internal-error",
        ("ncclInternalError", "internal error"),
        r"(?P<error>ncclInternalError: .*|NCCL (?:[Ee]rror|failure).*?internal error.*)",
        _name("log-nccl-internal-error"),
    ),
    _sig(  # ncclInvalidArgument: torch's "NCCL error in: F:N, invalid argument, NCCL version V" and its summary
        "nccl-invalid-argument",
        ("ncclInvalidArgument", "invalid argument"),
        r"(?P<error>ncclInvalidArgument: .*|NCCL [Ee]rror.*invalid argument.*)",
        _name("log-nccl-invalid-argument", detail=""),
    ),
    _sig(
        "spawn-frame",
        "spawn.py",
        r"torch[/\\]multiprocessing[/\\]spawn\.py",
        lambda g: (SPAWNS, {}),
    ),
    _sig(
        "nccl-cuda-error",
        ("ncclUnhandledCudaError", "unhandled cuda error"),
        r"(?P<error>ncclUnhandledCudaError: .*|NCCL [Ee]rror.*unhandled cuda error.*)",
        _name("log-nccl-cuda-error"),
    ),
    _sig(  # any other CUDA call NCCL checked (checks.h "Cuda failure '%s'", 2.19+ "Cuda failure %d '%s'"), on its
        # WARN line or torch's "Last error:" quote; the CUDA errors that say their cause have their own signatures,
        # which supersede this one, and 'invalid argument' depends on the release (CUDA_INVALID)
        "nccl-cuda-failure",
        "Cuda failure ",
        r"^(?!.*nvls\.cc)(?:.*?NCCL WARN |(?:\[rank\d+\]:)?\s*)Cuda failure (?:\d+ )?'(?!invalid argument)"
        r"(?P<error>[^']+)'?",
        _name("log-nccl-cuda-error"),
    ),
    _sig(
        # every wording since 2.7 ("Connect to A<p> failed : E", "socketPollConnect: Connect to A<p> returned N(E)",
        # "connect to A<p> returned E, exceeded error retry count", 2.30's "ncclOsSocketPollConnect to A<p> failed with
        # error E"), on a WARN line or on torch's "Last error:" line below its ncclRemoteError
        "nccl-connect-failed",
        "onnect to ",
        r"(?:Connect|connect) to (?P<addr>[0-9a-fA-F.:]+)(?:%\w+)?<\d+>.*?(?P<error>No route to host|"
        r"Connection refused|Network is unreachable|Connection timed out|Software caused connection abort|"
        r"Operation not permitted)(?!, retrying)",
        _nccl_connect_failed,
    ),
    _sig(
        # a refused connect NCCL retries: "Call to connect returned Connection refused, retrying" (2.4 to 2.26, one
        # line per 1000 attempts, then "socketStartConnect: exceeded retries (20000)" after 20 s), and 2.27's
        # "socketStartConnect: connect to A<p> returned Connection refused, retrying (n/N) after sleep for M msec"
        "nccl-connect-retrying",
        (", retrying", "exceeded retries"),
        r"(?:Call to connect|connect to (?P<addr>[0-9a-fA-F.:]+)<[^>]*>) returned Connection refused, retrying|"
        r"socketStartConnect: exceeded retries \((?P<retries>\d+)\)",
        lambda g: (CONNECT_RETRY, {"addr": g.get("addr", ""), "gave_up": "yes" if g.get("retries") else ""}),
    ),
    _sig(
        "nccl-socket-interface",
        " : Using ",
        # a quote may begin at "NET/Socket : Using", without the INFO before it
        r"(?:(?:NCCL )?INFO |^)(?P<net>NET/Socket|Bootstrap|NET) : Using (?:interface )?"
        r"(?P<list>(?:\[\d+\])?[\w.\-]+:\S+<\d+>.*)$",
        _nccl_interface,
    ),
    _sig(
        "nccl-no-interface",
        "interface found",
        r"(?:NET/Socket|Bootstrap) : no (?:socket )?interface found",
        lambda g: ("log-ifname-missing", {"var": "NCCL_SOCKET_IFNAME", "value": "(its value)"}),
    ),
    _sig(
        "nccl-oob-no-device",
        "verify NCCL_OOB_NET_IFNAME",
        r"no device found (?:matching|after excluding) (?:exactly )?(?P<value>\S+?),? verify NCCL_OOB_NET_IFNAME",
        lambda g: ("log-ifname-missing", {"var": "NCCL_OOB_NET_IFNAME", "value": g["value"]}),
    ),
    _sig(  # NCCL's and gloo's sockets, and torch's socket.cpp, whose warning is of one address of several (the IPv6
        # loopback on a host without IPv6, in healthy runs too): only the error that ends its tries counts
        "address-family",
        "ddress family",
        r"(?P<level>\[[IWEF][^\]]{0,80}\] \[c10d\] The client socket )?"
        r"(?P<detail>(?:Socket creation failed|cannot be initialized to connect to \S+).*?Address family not "
        r"supported by protocol|Unknown (?:address family|ai_family): \d+)",
        lambda g: (
            (CONNECT_TRIED, {})
            if (g.get("level") or "").startswith("[W")
            else ("log-address-family", {"detail": g["detail"]})
        ),
    ),
    _sig(
        "nccl-socket-family",
        "is neither AF_INET",
        r"(?P<detail>connecting to address (?P<addr>\S*) ?with family \d+ is neither AF_INET\(\d+\) nor "
        r"AF_INET6\(\d+\))",
        # no address at all: no interface matched NCCL_SOCKET_IFNAME, and NCCL read an empty one
        lambda g: (
            ("log-address-family", {"detail": g["detail"]})
            if g.get("addr")
            else ("log-ifname-missing", {"var": "NCCL_SOCKET_IFNAME", "value": "(its value)"})
        ),
    ),
    _sig(  # bootstrap.cc (every release): a peer's bootstrap message of another size than this rank expects
        "nccl-bootstrap-truncated",
        "essage truncated : receiv",  # one needle for bootstrap.cc's and net_socket.cc's texts
        # "###": the sizes as a vendor's troubleshooting page quotes the line
        r"Message truncated : received (?P<got>[\d,]+|#+) bytes instead of (?P<want>[\d,]+|#+)",
        _name("log-nccl-bootstrap-truncated"),
    ),
    _sig(  # net_socket.cc: a peer sent more than this rank posted for the collective
        "nccl-socket-truncated",
        "essage truncated : receiv",
        r"NET/Socket : (?:peer (?P<peer>\S+) )?message truncated : receiving (?P<got>\d+) bytes instead of "
        r"(?P<want>\d+)",
        lambda g: (
            "log-collective-mismatch",
            {
                "detail": phrase(
                    "socket-size-posted", got=g["got"], peer=g.get("peer") or PHRASES["a-peer"].en, want=g["want"]
                )
            },
        ),
    ),
    _sig(  # bootstrap.cc 2.8-2.11: the remote allocator NCCL 2.12 removed
        "nccl-rem-allocator",
        "[Rem Allocator]",
        r"\[Rem Allocator\] (?P<detail>.+?)\s*$",
        lambda g: (
            "log-nccl-known-bug",
            {
                "component": PHRASES["rem-allocator"].en,
                "detail": g["detail"],
                "release": PHRASES["rem-allocator-fixed"].en,
            },
        ),
    ),
    _sig(  # PyTorch Lightning under Slurm: it starts no process itself, one per Slurm task
        "lightning-slurm",
        "handled by Slurm",
        r"Multi-processing is handled by Slurm",
        lambda g: (SLURM_LAUNCHES, {}),
    ),
    _sig(  # Lightning before 1.6 "initializing ddp: ...", since then "Initializing distributed: ..."
        "lightning-member",
        ": GLOBAL_RANK: ",  # one needle for both wordings: one pass over the log
        r"[Ii]nitializing (?:ddp|distributed): GLOBAL_RANK: (?P<rank>\d+), MEMBER: (?P<member>\d+)/(?P<world>\d+)",
        lambda g: (MEMBER, dict(g)),
    ),
    _sig(  # Lightning's rank 0 once init_process_group returned: "All distributed processes registered. Starting with
        # N processes" (every release since 1.0)
        "lightning-registered",
        "All distributed processes registered",
        r"All distributed processes registered",
        lambda g: (REGISTERED, {}),
    ),
    _sig(  # init.cc: "Duplicate GPU detected" (2.x to 2.29; a paste may hold placeholders where the numbers were,
        # "rank X and rank Y ... device XXXXX" or "<bus_id>"); 2.30 names neither the ranks nor the GPU
        "nccl-duplicate-gpu",
        ("Duplicate GPU detected", "Multiple Ranks are using the same GPU"),
        r"Duplicate GPU detected : rank (?P<a>\w+) and rank (?P<b>\w+) both on CUDA device (?P<device>\w+|<\w+>)|"
        r"(?P<unnamed>Multiple Ranks are using the same GPU)",
        lambda g: (
            "log-duplicate-gpu",
            {"ranks": "?", "device": ""}
            if g.get("unnamed")
            else {
                "ranks": ", ".join(sorted((g["a"], g["b"]), key=rank_order)),
                "device": f" (CUDA device {g['device']})",
            },
        ),
    ),
    _sig(
        "nccl-shm-extend",
        "failed to extend",
        r"failed to extend (?P<path>\S+) to \d+ bytes(?:, error: (?P<error>.+?) \(\d+\))?",
        _shm,
    ),
    _sig(
        "nccl-shm-segment",
        "shared memory",  # one needle for NCCL's segment and the DataLoader's texts
        r"Error while (?P<verb>creating|attaching to) shared memory segment (?P<path>\S+) \(size \d+\)"
        r"(?:, error: (?P<error>.+?) \(\d+\))?",
        _shm,
    ),
    _sig(
        "nccl-shm-call",
        "Call to ",
        r"Call to (?P<call>shm_open|posix_fallocate|ftruncate|mmap) failed : (?P<error>.+)",
        _shm,
    ),
    _sig(  # torch's DataLoader worker, on the same /dev/shm
        "dataloader-shm",
        "shared memory",
        # signal_handling.py's worker message, and the main process's "DataLoader worker (pid N) is killed by signal:
        # Bus error. It is possible that dataloader's workers are out of shared memory."
        r"This might be caused by insufficient shared memory \(shm\)|workers are out of shared memory",
        lambda g: ("log-shm-too-small", {"who": "torch's DataLoader", "path": "/dev/shm", "detail": ""}),
    ),
    _sig(  # ATen's MapAllocator, where a DataLoader worker shares a batch: "unable to write to file <" until torch
        # 1.x's write fallback, "unable to allocate shared memory(shm) for file <" where posix_fallocate fails (2.x);
        # a terminal may wrap the name onto the next line, which the reader joins
        "torch-shm-file",
        "shared memory",
        r"unable to allocate shared memory\(shm\) for file <(?P<path>/[^>]*)>(?::\s*(?P<error>[A-Za-z][\w ]*))?",
        _torch_shm,
    ),
    _sig(
        "torch-shm-write",
        "unable to write to file <",
        r"unable to write to file <(?P<path>/torch_[^>]*)>(?::\s*(?P<error>[A-Za-z][\w ]*))?",
        _torch_shm,
    ),
    _sig(  # c10/cuda/CUDACachingAllocator.cpp: RuntimeError until 1.12, torch.cuda.OutOfMemoryError from 1.13,
        # torch.OutOfMemoryError from 2.5; "(GPU 0; X total capacity; ...; Y free; ...)" until 2.0, then "GPU 0 has
        # a total capacity of X of which Y is free. Process N has Z memory in use." (2.1 printed "capacty")
        "cuda-oom",
        ("CUDA out of memory", "HIP out of memory"),
        _CUDA_OOM,
        _gpu_oom,
    ),
    _sig(  # the CUDA runtime's own out-of-memory, outside torch's allocator: torch's "CUDA error: out of memory",
        # NCCL's "Cuda failure 'out of memory'" (checks.h) and "Cuda failure 2 'out of memory'" (2.19+)
        "cuda-oom-error",
        ("out of memory", "HSA_STATUS_ERROR_OUT_OF_RESOURCES"),
        # torch on ROCm says "HIP error: out of memory"; the HIP runtime's queue callback aborts with its HSA status,
        # and the free memory it saw
        r"(?:\[rank(?P<rank>\d+)\]:.*?)?(?P<cuda>(?:CUDA|HIP) error: out of memory|Cuda failure (?:2 )?'out of memory'|"
        r"HSA_STATUS_ERROR_OUT_OF_RESOURCES(?=.*Available Free mem : 0 MB))",
        _gpu_oom,
    ),
    _sig(  # any CUDA kernel's device-side assert, as torch reports it (torch.AcceleratorError from 2.9, before that
        # RuntimeError); the kernel's own line, below, says which check failed
        "cuda-device-assert",
        "device-side assert triggered",
        r"(?:CUDA|HIP) error: device-side assert triggered",
        lambda g: ("log-cuda-device-assert", {"condition": ""}),
    ),
    _sig(  # the kernel's assert as CUDA prints it: "IndexKernel.cu:111: operator(): block: [0,0,0], thread: [0,0,0]
        # Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed."
        "cuda-kernel-assert",
        "` failed.",
        r"\.cu:\d+: .*?Assertion `(?P<condition>.+?)` failed\.",
        lambda g: ("log-cuda-device-assert", {"condition": f" (`{g['condition']}`)"}),
    ),
    _sig(  # faults of the GPU itself: CUDA's strings for cudaErrorECCUncorrectable (214) and
        # cudaErrorNvlinkUncorrectable (220), in torch's "CUDA error: ..." or NCCL's "Cuda failure '...'"; the kernel
        # driver's "NVRM: Xid (PCI:...): N, ..." for the Xids NVIDIA's catalogue calls hardware (double-bit ECC, row
        # remapping, NVLink, off the bus, uncontained ECC, GSP); nvidia-smi's lost GPU
        "gpu-hardware-fault",
        (
            "uncorrectable ECC error",
            "uncorrectable NVLink error",
            "fallen off the bus",
            "NVRM: Xid",
            "GPU is lost",
            "HW Exception by GPU node-",
        ),
        r"(?P<ecc>uncorrectable ECC error encountered)|(?P<nvlink>uncorrectable NVLink error was detected)|"
        r"NVRM: Xid \((?P<pci>PCI:[^)]*)\): (?P<xid>48|63|64|74|79|92|94|95|119|120),|"
        r"(?P<bus>GPU has fallen off the bus)|(?P<lost>GPU is lost)|"
        # ROCr's runtime.cpp (ROCm 6.0 on): an AMD GPU that hung or hit an ECC error, before it aborts the process
        r"HW Exception by GPU node-(?P<node>\d+) \(Agent handle: [^)]*\) reason ?:\s*(?P<reason>GPU Hang|ECC)",
        lambda g: (
            "log-gpu-hardware-fault",
            {
                "detail": phrase("xid-on", xid=g["xid"], dev=g["pci"])
                if g.get("xid")
                else phrase("rocm-gpu-fault", reason=g["reason"], node=g["node"])
                if g.get("node")
                else f" ({g.get('ecc') or g.get('nvlink') or g.get('bus') or g.get('lost')})"
            },
        ),
    ),
    _sig(  # nvidia-smi's line for a GPU NVML can no longer open (a GPU off the bus, Xid 79, reads "Unknown Error")
        "nvidia-smi-handle-lost",
        "Unable to determine the device handle for",
        r"Unable to determine the device handle for (?:GPU ?\d*:? ?)?(?P<pci>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:"
        r"[0-9A-Fa-f]{2}\.\d): Unknown Error",
        lambda g: ("log-gpu-hardware-fault", {"detail": phrase("smi-gpu-unreachable", pci=g["pci"])}),
    ),
    _sig(  # a build without code for the GPU: torch.cuda's capability warnings ("<GPU> with CUDA capability sm_N is
        # not compatible with the current PyTorch installation."; 2.13 also "Found GPU0 <GPU> which is of compute
        # capability (CC) X.Y."), CUDA's cudaErrorNoKernelImageForDevice (209) in anyone's words, and
        # cudaErrorInvalidDeviceFunction (98) as NCCL's checks.h prints it
        "gpu-arch-unsupported",
        (
            "with CUDA capability sm_",
            "which is of compute capability (CC)",
            "no kernel image is available",
            "invalid device function",
            "named symbol not found",
            "hipErrorNoBinaryForGpu",
        ),
        r"(?:^|: |\d\d:\d\d:\d\d[.,\d]* )(?P<gpu>[^:]*?) with CUDA capability (?P<sm>sm_\d+) is not compatible "
        r"with the current PyTorch|"
        r"Found GPU\d+ (?P<gpu2>.+?) which is of compute capability \(CC\) (?P<cc>\d+\.\d+)|"
        r"(?P<image>no kernel image is available for execution on the device)|"
        r"(?P<nccl>Cuda failure (?:98 )?')?(?P<function>invalid device function)|"
        # cudaErrorSymbolNotFound (500) where NCCL looks its kernels up (enqueue.cc): none built for this GPU
        r"enqueue\.cc:\d+ NCCL WARN (?P<nccl2>Cuda failure (?:500 )?')(?P<symbol>named symbol not found)|"
        # the HIP runtime (clr, ROCm 5.6 on) finding no code object for the AMD GPU it runs on
        r"(?P<hip>hipErrorNoBinaryForGpu): (?:Unable to find code object|Couldn't find binary)",
        lambda g: (
            "log-gpu-arch-unsupported",
            {
                "who": PHRASES["this-torch-build"].en
                if g.get("sm") or g.get("cc")
                else PHRASES["this-nccl-build"].en
                if g.get("nccl") or g.get("nccl2")
                else PHRASES["rank-code-hip"].en
                if g.get("hip")
                else PHRASES["rank-code-cuda"].en,
                "detail": f" ({g['gpu'].strip()}, {g['sm']})"
                if g.get("sm")
                else phrase("gpu-compute-capability", gpu=g["gpu2"].strip(), cc=g["cc"])
                if g.get("cc")
                else f" ({g.get('image') or g.get('function') or g.get('symbol') or g.get('hip')})",
            },
        ),
    ),
    _sig(  # distributed_c10d._store_based_barrier's INFO line every 10 s while a new group waits for its ranks:
        # "(world_size=8, worker_count=7, timeout=0:30:00)" until 1.12, "for N secondsrank: ..., num_workers_joined=7"
        "store-barrier-waiting",
        "Waiting in store based barrier",
        r"Waiting in store based barrier to initialize process group for (?:[\d.]+ seconds ?)?rank: \d+, "
        r"key: (?P<key>[^\s,]+),? \(world_size=(?P<world_size>\d+), "
        r"(?:worker_count|num_workers_joined)=(?P<joined>\d+)",
        _name("log-store-barrier-waiting"),
    ),
    _sig(  # its end: "Rank 0: Completed store-based barrier for key:store_based_barrier_key:1 with 8 nodes."
        "store-barrier-done",
        "Completed store-based barrier",
        r"Completed store-based barrier for key ?:(?P<key>\S+?) with",
        lambda g: (BARRIER_DONE, {"key": g["key"]}),
    ),
    _sig(  # DDP's check that every rank built the same model (comm.cpp / reducer.cpp, torch 1.9 on): "DDP expects same
        # model across all ranks, but Rank 1 has 200 params, while rank 0 has inconsistent 198 params.", and
        # "[1]: params[0] in this process with sizes [..] appears not to match sizes of the same param in process 0."
        "ddp-model-differs",
        ("DDP expects same model across all ranks", "appears not to match s"),
        r"Rank (?P<rank>\d+) has (?P<n>\d+) params, while rank (?P<other>\d+) has inconsistent (?P<m>\d+) params|"
        r"\[(?P<rank2>\d+)\]: params\[\d+\] in this process with (?P<what>sizes|strides) .*?appears not to match "
        r"(?:sizes|strides) of the same param in process (?P<other2>\d+)",
        _ddp_model_differs,
    ),
    _sig(  # torch.utils.data.DataLoader's own timeout (DataLoader(timeout=N)): every release
        "dataloader-timeout",
        "DataLoader timed out after ",
        r"DataLoader timed out after (?P<seconds>\d+(?:\.\d+)?) seconds",  # a float timeout prints "3.0"
        lambda g: ("log-dataloader-timeout", {"detail": f" ({g['seconds']} s)"}),
    ),
    _sig(  # the main process finding a worker gone: dataloader.py's "DataLoader worker (pid(s) N) exited unexpectedly",
        # and torch/csrc/DataLoader.cpp's "DataLoader worker (pid N) exited unexpectedly with exit code C." and
        # "... is killed by signal: <strsignal>." (a bus error there is /dev/shm's, named by its own signature)
        "dataloader-worker-died",
        "DataLoader worker (pid",
        r"DataLoader worker \(pid(?:\(s\))? (?P<pids>[\d, ]+)\) (?:exited unexpectedly(?: with exit code "
        r"(?P<code>-?\d+))?|is killed by signal: (?P<signal>[^.]+))",
        lambda g: (
            ("log-dataloader-worker-segfault", {})
            if g.get("signal") == "Segmentation fault"
            else (
                "log-dataloader-worker-died",
                {"detail": _worker_end(g)},
            )
        ),
    ),
    _sig(  # nvidia-smi inside the job's container or task finding no GPU: "No devices were found" (nvidia-smi),
        # "No devices found." (nvidia-smi -L)
        "nvidia-smi-no-devices",
        "No devices",
        r"(?:^|\s)No devices (?:were )?found\.?\s*$",
        lambda g: ("log-no-gpu-visible", {"detail": " (nvidia-smi: No devices found)"}),
    ),
    _sig(  # torch.cuda's lazy init where CUDA finds no device (cudaErrorNoDevice): every release
        "cuda-no-device",
        (
            "No CUDA GPUs are available",
            "only supported with GPUs, no GPUs",
            "No HIP GPUs are available",
            "no ROCm-capable device is detected",
        ),
        # ProcessGroupNCCL's constructor on a node where torch counts no GPU (RuntimeError, ValueError from 2.2);
        # torch on ROCm, and HIP's hipErrorNoDevice
        r"No (?:CUDA|HIP) GPUs are available|ProcessGroupNCCL is only supported with GPUs, no GPUs found|"
        r"no ROCm-capable device is detected",
        lambda g: ("log-no-gpu-visible", {"detail": ""}),
    ),
    _sig(  # torch/cuda/__init__.py _check_driver: no NVIDIA kernel driver in this process's view
        "cuda-no-driver",
        "Found no NVIDIA driver",
        r"Found no NVIDIA driver on your system",
        lambda g: ("log-no-gpu-visible", {"detail": PHRASES["no-nvidia-driver"].en}),
    ),
    _sig(  # torchrun --nproc-per-node=gpu (torch 1.11+) counting GPUs on a node where torch sees none
        "torchrun-nproc-gpu-none",
        "Cuda is not available.",
        r"ValueError: Cuda is not available\.",
        lambda g: ("log-no-gpu-visible", {"detail": PHRASES["torchrun-found-none"].en}),
    ),
    _sig(  # distributed_c10d.init_process_group(device_id=...) (torch 2.10+): an index beyond the visible GPUs
        "device-id-range",
        "accelerators available",
        r"device_id \S+ is out of range\. Please use a device index less than the number of accelerators "
        r"available: (?P<count>\d+)",
        lambda g: ("log-no-gpu-visible", {"detail": ""}) if g["count"] == "0" else ("log-invalid-device-ordinal", {}),
    ),
    _sig(  # a torch without CUDA where the script asks for a GPU: torch.cuda's assertion, init_process_group's check
        "torch-cpu-build",
        ("Torch not compiled with CUDA", "current compilation's accelerator support"),
        r"Torch not compiled with CUDA enabled|does not match the current compilation's accelerator support: None",
        lambda g: ("log-torch-cpu-build", {}),
    ),
    _sig(  # graph/xml.cc (2.6+): NCCL_GRAPH_FILE names a file that cannot be opened; setup fails with a system error
        "nccl-graph-file-open",
        "Could not open XML graph file",
        r"Could not open XML graph file (?P<detail>.+?)\s*$",
        _name("log-nccl-graph-file-bad"),
    ),
    _sig(  # net.cc (2.12 to 2.26): the network NCCL_NET names is not among the loaded ones
        "nccl-net-missing",
        "NCCL WARN Error: network ",  # searched in the NCCL WARN lines only
        r"Error: network (?P<net>.+?) not found",
        lambda g: ("log-nccl-net-unavailable", {"detail": f" (NCCL_NET={g['net'].strip()})"}),
    ),
    _sig(  # net.cc (2.23 on) and plugin/plugin_open.cc (2.27 on): the names NCCL tried for a plugin; the default
        # lookup of libnccl-net.so alone, which most jobs make without having a plugin, is no fault
        "nccl-net-plugin-missing",
        "NET/Plugin: Could not find:",
        # RCCL (ROCm 6.4 on) looks up librccl-net.so by default, and ends the line "Using internal net plugin."
        r"NET/Plugin: Could not find: ?(?!lib[nr]ccl-net\.so\.?(?:\s|$))(?P<names>\S.*?)\."
        r"(?: Using internal net(?:work)? plugin\.?)?\s*$",
        _name("log-nccl-net-plugin-missing"),
    ),
    _sig(  # plugin/net.cc (2.27+): no plugin that NCCL_NET allows started; its INFO lines name each that failed
        "nccl-net-none",
        "any NET plugin",
        r"Failed to initialize any NET plugin",
        lambda g: ("log-nccl-net-unavailable", {"detail": ""}),
    ),
    _sig(  # Ray's node.py (2.x): ray start or ray.init waiting for this node's raylet to appear in the GCS
        "ray-node-start-timeout",
        "timed out during startup",
        r"The current node timed out during startup",
        lambda g: ("log-ray-node-start-timeout", {}),
    ),
    _sig(  # Ray's services.py when it starts its object store (every Ray release since 1.0)
        "ray-shm",
        "because /dev/shm has only",
        r"instead of /dev/shm because /dev/shm has only (?P<bytes>\d+) bytes available",
        _ray_shm,
    ),
    _sig(  # Ray's check_version_info: a process of another Ray or Python release than its cluster's; the versions
        # are indented lines below each heading, which reading the log joins to it
        "ray-version-mismatch",
        ("Version mismatch: The cluster was started with", "was started with: "),
        r"(?:Version mismatch: The cluster|This process on node (?P<node>\S+)) was started with:\s*"
        r"Ray: (?P<ray>\S+)(?:\s+Python: (?P<python>\S+))?",
        lambda g: (
            RAY_VERSIONS,
            {"who": phrase("process-on-node", node=g["node"]) if g.get("node") else "the cluster"}
            | {k: g.get(k, "?") for k in ("ray", "python")},
        ),
    ),
    _sig(
        "memlock-verbs",
        "RLIMIT_MEMLOCK",
        r"RLIMIT_MEMLOCK is (?P<bytes>\d+) bytes",
        lambda g: ("log-memlock-too-low", {"detail": f"RLIMIT_MEMLOCK is {g['bytes']} bytes (libibverbs)"}),
    ),
    _sig(
        "memlock-reg-mr",
        "Cannot allocate memory",
        # not ibv_reg_dmabuf_mr: a dma-buf registration pins no pages, and the kernel counts none against the limit
        r"Call to (?P<call>ibv_reg_mr\w*|ibv_create_cq|ibv_create_qp|ibv_alloc_pd) failed"
        r"(?: with error)? ?:? Cannot allocate memory",
        lambda g: ("log-memlock-too-low", {"detail": f"{g['call']} failed: Cannot allocate memory"}),
    ),
    _sig(  # ibvwrap.cc's IBV_PTR_CHECK (2.4 to 2.12) says no more than this; 2.13 on adds the errno (above)
        "memlock-reg-mr-bare",
        "Call to ibv_reg_mr failed",
        r"Call to ibv_reg_mr failed\s*$",
        lambda g: (
            "log-memlock-too-low",
            {"detail": PHRASES["ibv-reg-mr-old"].en},
        ),
    ),
    _sig("ib-completion", "Got completion", _IB_COMPLETION, _ib_completion),
    _sig(  # net_ib.cc (2.26 on): RDMA ports of two link layers in one connection or one merged NIC; NCCL_IB_LLSTR
        # prints each as IB or RoCE
        "ib-link-layer-mixed",
        "NICs of only one link type",
        r"Attempted to (?:connect|merge) incompatible devices: \[\d+\](?P<a>\S+?) and \[\d+\](?P<b>\S+?)\.|"
        r"Remote (?P<remote>\S+) device is incompatible with the local \[\d+\](?P<local>\S+?)\.",
        lambda g: (
            "log-ib-link-layer-mixed",
            {
                "detail": f"{g['a']} and {g['b']}"
                if g.get("a")
                else phrase("remote-port-and", remote=g["remote"], local=g["local"])
            },
        ),
    ),
    _sig(  # net_ib.cc's list of the ports NCCL will use (2.x): "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE ..."
        "ib-ports-mixed",
        "NET/IB : Using [",
        # (both layers among the list's own items: a paste that broke an item ends the list there)
        r"NET/IB : Using (?=(?:\[\d+\][^\s/]+/\S+\s+)*?\[\d+\][^\s/]+/IB\b)"
        r"(?=(?:\[\d+\][^\s/]+/\S+\s+)*?\[\d+\][^\s/]+/RoCE\b)(?P<ports>(?:\[\d+\][^\s/]+/(?:IB|RoCE)(?:/\S*)?\s*)+)",
        _ports_mixed,
    ),
    _sig(  # graph/paths.cc (2.12 on): NVML says no P2P between GPUs the topology shows joined by NVLink
        "nvlink-p2p-disabled",
        "P2P is disabled between NVLINK",
        r"P2P is disabled between NVLINK connected GPUs (?P<a>\d+) and (?P<b>\d+)",
        _name("log-nvlink-p2p-disabled"),
    ),
    _sig(  # init.cc (2.23 on): the ranks of one communicator run different NCCL releases; NCCL_VERSION_CODE
        "nccl-version-mismatch",
        "Mismatched NCCL version detected",
        r"Mismatched NCCL version detected : rank (?P<a>\d+) version (?P<va>\d+) rank (?P<b>\d+) version (?P<vb>\d+)",
        lambda g: (
            "version-mismatch",
            {
                "component": "NCCL",
                "detail": _nccl_on_ranks(g),
            },
        ),
    ),
    _sig(  # net_ib.cc: the HCA's own fatal event (IBV_EVENT_DEVICE_FATAL): "Got async event : local catastrophic error"
        # (2.7-2.21), "Got async error event: ..." (2.22-2.26), "mlx5_0:1 async fatal event: ..." (2.27+)
        "ib-device-fatal",
        "local catastrophic error",
        # a quote of the line may leave out NCCL's "NET/IB : mlx5_0:1 " before it
        r"(?:NET/IB\s?: (?:(?P<dev>\S+?:\d+) )?)?(?:Got async (?:error )?event|async fatal event)\s?: "
        r"local catastrophic error",
        lambda g: ("log-ib-hca-fatal", {"dev": g.get("dev") or PHRASES["hca-unsaid"].en}),
    ),
    _sig(  # net_ib.cc: "Got async event : port error" (2.7-2.21), "mlx5_0:1 Got async error event: port error"
        # (2.22-2.26), "mlx5_0:1 Got non-fatal async event: port error(10)" (2.27+)
        "ib-port-event",
        "async e",
        r"(?:NET/IB\s?: (?:(?P<dev>\S+?:\d+) )?|^)Got (?:non-fatal )?async (?:error )?event\s?: "
        r"(?P<event>port error|port active)",
        lambda g: (
            (PORT_ACTIVE, {"dev": g.get("dev") or ""})
            if g["event"] == "port active"
            else ("log-ib-port-down", {"detail": _detail(" ".join(p for p in (g.get("dev"), g["event"]) if p))})
        ),
    ),
    _sig(
        "ib-link-down",
        "_core",
        r"(?P<dev>mlx[45]_core \S+).*?\b(?P<state>[Ll]ink [Dd]own|Link DOWN|port state is DOWN|[Ll]ink [Uu]p|Link UP)",
        lambda g: (
            (PORT_ACTIVE, {"dev": g["dev"]})
            if g["state"].lower() == "link up"
            else ("log-ib-port-down", {"detail": _detail(f"{g['dev']} link down")})
        ),
    ),
    _sig(
        "nvls-bind",
        "NVLink SHARP",
        # NCCL 2.29 ends the line at the colon and puts the CUDA error on the next one; a quote or summary of the
        # line may leave out the size or the error's text.
        r"Failed to bind NVLink SHARP \(NVLS\) Multicast memory(?: of size \d+)? ?:"
        r"(?: CUDA error (?P<code>\d+)(?: '(?P<error>[^']*)')?)?",
        lambda g: ("log-nvls-bind-failed", {"detail": _cuda_detail(g, "")}),
    ),
    _sig(  # checks.h "Cuda failure '%s'", cudawrap.h (2.19+) "Cuda failure %d '%s'", on a WARN line or torch's "Last
        # error:" quote; nvls.cc's are the NVLS signature's
        "cuda-invalid-argument",
        "'invalid argument'",
        r"^(?!.*nvls\.cc).*Cuda failure (?:1 )?'invalid argument'",
        lambda g: (CUDA_INVALID, {}),
    ),
    _sig(
        "nvls-cuda-failure",
        " NCCL WARN Cuda failure ",
        # the closing quote is optional: a paste cut at the line's end loses it
        r"nvls\.cc:\d+ NCCL WARN Cuda failure (?:(?P<code>\d+) )?'(?P<error>[^']*)'?",
        lambda g: ("log-nvls-bind-failed", {"detail": _cuda_detail(g, " in transport/nvls.cc")}),
    ),
    _sig(  # systemctl status of the fabric manager's unit: the daemon exited at its start
        "fabricmanager-service-failed",
        ("nv-fabricmanager", "nvidia-fabricmanager.service: "),
        # the unit's ExecStart line, systemd's own line for the unit, and the daemon's check of the driver it runs
        # beside ("fabric manager NVIDIA GPU driver interface version A doesn't match with driver version B")
        r"(?:ExecStart=\S*nv-fabricmanager\b.*?|nvidia-fabricmanager\.service: (?:Control|Main) process exited, "
        r")\(?code=exited, status=(?P<status>\d+)/FAILURE\)?|"
        r"(?P<mismatch>driver interface version (?P<found>\S+) doesn't match with driver version (?P<driver>\S+))",
        lambda g: (
            "log-fabric-manager-down",
            {
                "detail": phrase("fabric-manager-mismatch", found=g["found"], driver=g["driver"])
                if g.get("mismatch")
                else phrase("fabric-manager-exited", status=g["status"])
            },
        ),
    ),
    _sig(
        "cuda-system-not-ready",
        "system not yet initiali",
        r"system not yet initiali[sz]ed",
        lambda g: ("log-fabric-manager-down", {"detail": " (CUDA error 802)"}),
    ),
    # the launchers and CUDA
    _sig(
        "local-rank-unrecognized",
        "unrecognized arguments",
        # the script's name starts the line, or follows a prefix a paste or a logger put before it
        r"(?<!\S)(?P<script>[^\s:]{1,200}): error: unrecognized arguments: .*?(?P<flag>--local[-_]rank)=\d+",
        lambda g: (
            "local-rank-arg",
            {
                "script": g["script"],
                "flag_class": "no-local-rank-arg" if g["flag"] == "--local_rank" else "no-dash-local-rank-arg",
                "launcher": "torch.distributed.launch",
                "passed_class": "local-rank-dash-arg" if g["flag"] == "--local-rank" else g["flag"] + "=N",
            },
        ),
    ),
    _sig(
        "launch-deprecated",
        "FutureWarning: The module torch.distributed.launch",
        r"FutureWarning: The module torch\.distributed\.launch is deprecated",
        _name(
            "launch-deprecated",
            launcher="torch.distributed.launch",
            torchrun=PHRASES["torchrun-same-flags"].en,
        ),
    ),
    _sig(  # ProcessGroupWrapper, torch 1.10 to 1.13 under TORCH_DISTRIBUTED_DEBUG=DETAIL: each rank prints its own
        # fingerprint; the same op with another shape is the mismatch
        "collective-mismatch-fingerprint",
        "Detected mismatch between collectives",
        r"Detected mismatch between collectives on ranks\. Rank (?P<rank>\d+) is running inconsistent collective: "
        r"CollectiveFingerPrint\(OpType=(?P<op>\w+)(?:, TensorShape=\s*(?P<shape>\[[^\]]*\]))?",
        lambda g: (
            "log-collective-mismatch",
            {
                "detail": phrase("rank-runs-shape", rank=g["rank"], op=g["op"], shape=g["shape"])
                if g.get("shape")
                else phrase("rank-runs", rank=g["rank"], op=g["op"])
            },
        ),
    ),
    _sig(
        "collective-mismatch",
        "Detected mismatch between collectives",
        # torch 2.1 on puts the sequence number first in each fingerprint; 1.13 and 2.0 print none
        r"Detected mismatch between collectives on ranks\. Rank (?P<a>\d+) is running collective: "
        r"CollectiveFingerPrint\((?:SequenceNumber=(?P<seq>\d+), )?OpType=(?P<op_a>\w+).*?but Rank (?P<b>\d+) is "
        r"running collective: CollectiveFingerPrint\((?:SequenceNumber=\d+, )?OpType=(?P<op_b>\w+)",
        lambda g: (
            "log-collective-mismatch",
            {"detail": _ranks_run(g)},
        ),
    ),
    _sig(  # accelerate's verify_operation (utils/operations.py), in its debug mode: the shapes each process gave one
        # gather, broadcast or reduce, which would otherwise hang or fail in the collective
        "accelerate-shape-mismatch",
        "due to shape mismatches",
        r"Cannot apply desired operation due to shape mismatches",
        lambda g: (
            "log-collective-mismatch",
            {"detail": PHRASES["accelerate-shapes"].en},
        ),
    ),
    _sig(
        "monitored-barrier",
        "failed to pass monitoredBarrier",
        r"Ranks? (?P<ranks>[\d, ]+?) failed to pass monitoredBarrier in (?P<timeout>\d+ ms)",
        _name("log-rank-missing", where="monitored_barrier"),
    ),
    _sig(  # transport/p2p.cu (to 2.3) and p2p.cc (2.4 to 2.7): cudaIpcOpenMemHandle of a peer NCCL took for one on
        # this machine; from 2.8 the same call fails through CUDACHECK's generic "Cuda failure"
        "nccl-ipc-open",
        "failed to open CUDA IPC handle",
        r"failed to open CUDA IPC handle : (?P<error>\d+ [^\n]+?)\s*$",
        _name("log-nccl-ipc-open-failed"),
    ),
    _sig(  # CUDA error 217 (cudaErrorPeerAccessUnsupported): NCCL's "Cuda failure 217 '...'" or "failed to peer
        # with device N: 217 ...", torch's "CUDA error: ..."; in transport/shm.cc (2.24+: host memory shared through
        # cuMem, which maps it on the peer's GPU) it is not the P2P transport's
        "cuda-peer-unsupported",
        ("peer access is not supported", "Cuda failure 217"),
        # a paste may break NCCL's line before its quoted CUDA text
        r"(?P<shm>shm\.cc:\d+ .*?)?(?:\b(?P<code>\d+) '?)?peer access is not supported|"
        r"(?P<shm2>shm\.cc:\d+ .*?)Cuda failure 217\s*$",
        lambda g: (
            ("log-nccl-cumem-host-no-p2p", {})
            if g.get("shm") or g.get("shm2")
            else ("log-p2p-not-supported", {"detail": f" (CUDA error {g['code']})" if g.get("code") else ""})
        ),
    ),
    _sig(  # CUDA error 46 (cudaErrorDevicesUnavailable), in the wordings of CUDA's runtime over the years
        "cuda-devices-unavailable",
        "busy or unavailable",
        r"(?:CUDA-capable device\(s\) is/are|all CUDA-capable devices are) busy or unavailable",
        lambda g: ("log-gpu-busy", {}),
    ),
    _sig(  # graph/topo.h (2.21+): NIC fusion (2.24-2.26) leaves the tree search's fallback a NET id it removed
        "nccl-net-id",
        "Could not find NET with id",
        r"Could not find NET with id (?P<id>[0-9a-fA-F]+)",
        lambda g: (
            "log-nccl-known-bug",
            {
                "component": PHRASES["nic-fusion-search"].en,
                "detail": f"Could not find NET with id {g['id']}",
                "release": phrase("nccl-or-newer", version="2.27"),
            },
        ),
    ),
    _sig(  # enqueue.cc: the shared memory NCCL's kernels are built to use, above what this GPU gives a block. 2.25 says
        # so at INFO and runs them with less (collectives then fail on consumer Blackwell, NVIDIA/nccl-tests#287);
        # 2.26+ stop at a WARN naming the CUDA architecture ("ncclMaxSharedMem", 2.30 "dynamic smem")
        "nccl-shared-mem-exceeds",
        "exceeds device/fn maxSharedMem",
        r"(?:cudaArch (?P<arch>\d+) )?(?:ncclMaxSharedMem|dynamic smem) (?P<want>\d+) exceeds device/fn maxSharedMem "
        r"(?P<have>\d+)",
        lambda g: (
            "log-nccl-known-bug",
            {
                "component": phrase("shared-mem-arch", arch=g["arch"])
                if g.get("arch")
                else PHRASES["shared-mem-2-25"].en,
                "detail": phrase("shared-mem-wanted", want=g["want"], have=g["have"]),
                "release": PHRASES["newer-nccl-for-gpu"].en
                if g.get("arch")
                else phrase("nccl-or-newer", version="2.26.2"),
            },
        ),
    ),
    _sig(  # graph/rings.cc (init.cc before 2.5): the ring assembled from every rank's own graph does not close, or
        # misses a rank: the ranks computed different graphs (every release since 2.3)
        "nccl-ring-open",
        "Error : ring ",
        r"Error : ring (?P<ring>\d+) (?P<detail>does not loop back to start \(\d+ != \d+\)|does not contain rank \d+)",
        _name("log-nccl-ring-open"),
    ),
    _sig(  # graph/xml.cc, xml.h (2.6+): a topology XML (NCCL_TOPO_FILE; a parse error may be either file's)
        "nccl-topo-xml",
        ("NCCL WARN XML", "WARN Attribute"),
        r"NCCL WARN (?P<detail>XML (?:Parse|Mismatch|Topology has wrong version).*?|Attribute \S+ of node \S+ not "
        r"found)\s*$",
        _name("log-nccl-topo-file-bad"),
    ),
    _sig(  # graph/xml.cc, search.cc (2.6+): only the channel graph NCCL_GRAPH_FILE imports has these
        "nccl-graph-xml",
        "NCCL WARN XML",
        r"NCCL WARN (?P<detail>XML (?:Graph has wrong version|Import Channel).*?)\.?\s*$",
        _name("log-nccl-graph-file-bad"),
    ),
    _sig(
        "nccl-tests-nccl1",
        "compiled with NCCL",
        r"NCCL Tests compiled with NCCL (?P<version>1\.\d+)",
        lambda g: (NCCL_1, dict(g)),
    ),
    _sig(
        "nccl-tests-result",
        "Avg bus bandwidth",
        r"#\s*Avg bus bandwidth\s*:",  # after mpirun's "[1,0]<stdout>:" where it tags the output
        lambda g: (TEST_RESULT, {}),
    ),
    # Open MPI and the launchers that start ranks over ssh (mpirun, horovodrun, pdsh)
    _sig(  # btl/vader (2.x-4.x) "Read/Wrote N, expected M, errno = E"; smsc/cma (5.x) "CMA read/wrote ...": EPERM only
        "mpi-cma-eperm",
        ("-1, expected", "returned -1: Operation not permitted"),  # process_vm_readv/writev return -1 on a failure
        # UCX's cma transport (1.8 on): "process_vm_readv(pid=N {...}-->{...}) returned -1: Operation not permitted"
        r"(?:Read|Wrote|CMA read|CMA wrote) -1, expected \d+, errno = 1\b|"
        r"process_vm_(?:readv|writev)\(pid=\d+[^)]*\) returned -1: Operation not permitted",
        lambda g: ("log-mpi-cma-denied", {}),
    ),
    _sig(  # rmaps (1.x-4.x): "There are not enough slots available in the system to satisfy the N slots"
        "mpi-not-enough-slots",
        "not enough slots available",
        # a paste may drop the first letter; a post may put N for the number
        r"\bT?here are not enough slots available in the system to satisfy the (?P<slots>\d+|N)\b",
        _name("log-mpi-slots-missing"),
    ),
    _sig(  # OpenSSH: "[user@host: ]Permission denied (methods).", "ssh: connect to host H port P: E",
        # "Host key verification failed.", "ssh: Could not resolve hostname H: E" (a hostfile's name)
        "ssh-failed",
        (
            "Permission denied (",
            "ssh: connect to host ",
            "Host key verification failed",
            "ssh: Could not resolve hostname",
            "ssh exited with exit code 255",
        ),
        # a literal first; "ssh: connect to host " holds nccl-connect-failed's needle, so it costs no pass of its own
        # (ssh's methods are words: "Permission denied (13)" is an errno, NCCL's or another program's)
        r"(?P<error>Permission denied \([a-z][a-z,\-]*\)|ssh: connect to host \S+ port \d+: [\w ]+?(?=\s*$)|"
        r"Host key verification failed|ssh: Could not resolve hostname \S+: [\w ]+?(?=\.?\s*$)|"
        r"ssh exited with exit code 255)",
        _name("log-ssh-launch-failed"),
    ),
    _sig(  # CUDA's cudaErrorUnknown (999) escaping a C++ thread of torch (the NCCL watchdog's query of its work's
        # event): a GPU that stopped while the job ran; dmesg logs the fault as an Xid
        "cuda-unknown-midrun",
        "CUDA error: unknown error",
        r"what\(\):\s+CUDA error: unknown error",
        lambda g: ("log-gpu-hardware-fault", {"detail": PHRASES["cuda-unknown-midrun"].en}),
    ),
    _sig(  # ssh's resolver error for a name that is a host list's "host:slots" (horovodrun -H passes it to mpirun)
        "ssh-host-slots",
        "ssh: Could not resolve hostname",
        r"ssh: Could not resolve hostname (?P<host>[^\s:]+):(?P<slots>\d+):",
        _name("log-hostlist-slots-as-name"),
    ),
    _sig(  # Lightning's device_parser.py (fabric, every 1.x/2.x): "You requested gpu: [0, 1]\n But your machine only
        # has: [0]"
        "lightning-gpus-unseen",
        ("You requested gpu", "You requested GPUs"),  # "GPUs" before 1.6
        r"You requested (?:gpus?|GPUs): (?P<requested>\[[^\]]*\])",
        _name("log-gpus-requested-unseen"),
    ),
    _sig(
        "invalid-device-ordinal",
        "invalid device ordinal",
        r"invalid device ordinal",
        lambda g: ("log-invalid-device-ordinal", {}),
    ),
    # NCCL setup (bootstrap, topology, RDMA) and launchers' MASTER_ADDR: the final round's causes
    _sig(  # NCCL's error-return trace through bootstrap.cc: the TCP setup between the ranks failed
        "nccl-bootstrap-trace",
        "bootstrap.cc:",
        r"NCCL INFO (?:\S*/)?bootstrap\.cc:\d+ -> (?P<code>[1-9]\d*)",
        _name("log-nccl-bootstrap-failed"),
    ),
    _sig(  # graph/xml.cc (every release): a NIC that is not on PCI (USB, virtual) is attached to a CPU
        "nccl-nic-not-pci",
        "is not a PCI device",
        r"Topology detection: network path .*? is not a PCI device \((?P<kind>[^)]*)\)",
        lambda g: (NIC_NOT_PCI, dict(g)),
    ),
    _sig(  # ibvwrap.cc: "failed with error E" (2.x), "failed with 110 E, on dev D, local GID L, remote GID R" (2.2x):
        # on RoCE, modifying a QP to RTR resolves the peer GID's address; ETIMEDOUT means nothing answered for it,
        # ENETUNREACH that the local GID's interface has no route to it
        "ib-modify-qp-timeout",
        "ibv_modify_qp failed",
        r"(?:Call to )?ibv_modify_qp failed with (?:error |110 |101 )?"
        r"(?P<error>Connection timed out|Network is unreachable)"
        r"(?:.*?local GID (?P<local>[^,\s]+),? remote GID (?P<remote>[^,\s]+))?",
        lambda g: (
            "log-roce-peer-unresolved",
            {
                "error": g["error"],
                "detail": f" (local GID {g['local']}, remote GID {g['remote']})" if g.get("remote") else "",
            },
        ),
    ),
    _sig(  # ibvwrap.cc, the same call with EINVAL: NCCL's own hint (2.2x on) blames a GID index forced by
        # NCCL_IB_GID_INDEX; with ENODATA, the kernel's GID cache (rdma_get_gid_attr, 5.10 on) found that index's
        # entry empty
        "ib-modify-qp-invalid",
        "ibv_modify_qp failed",
        r"(?:Call to )?ibv_modify_qp failed with (?:error |22 |61 )?(?P<error>Invalid argument|No data available)",
        _name("log-ib-qp-invalid"),
    ),
    _sig(  # ibvwrap.cc, the same call with ENODEV: on RoCE, the kernel found no network device behind the local GID
        # the QP was given (the HCA's interface down, without that address, or outside this network namespace)
        "ib-modify-qp-no-device",
        "ibv_modify_qp failed",
        r"(?:Call to )?ibv_modify_qp failed with (?:error |19 )?No such device(?:.*?on dev (?P<dev>[\w.\-]+:\d+))?",
        lambda g: ("log-ib-qp-no-device", {"dev": g.get("dev") or "", "hca": (g.get("dev") or "").split(":")[0]}),
    ),
    _sig(  # a dma-buf registration of GPU memory with the NIC (NCCL 2.19+ with DMA-BUF support)
        "ib-reg-dmabuf-enomem",
        "Cannot allocate memory",
        r"Call to ibv_reg_dmabuf_mr failed(?: with error)? ?:? Cannot allocate memory",
        lambda g: ("log-ib-dmabuf-no-room", {}),
    ),
    _sig(  # graph/paths.cc (every release 2.x): a link of the topology graph whose far end has none back
        "nccl-topology-reverse-path",
        "Failed to find reverse path",
        r"Failed to find reverse path from remNode (?P<detail>\S+ nlinks \d+ to node \S+)",
        lambda g: ("log-nccl-topology-inconsistent", {"detail": f"remNode {g['detail']}"}),
    ),
    _sig(  # ibvwrap.cc's "Call to ibv_reg_dmabuf_mr failed with error %s" with EOPNOTSUPP or EPROTONOSUPPORT, the
        # errnos by which net_ib.cc's own probe (2.13 on) knows a stack without DMA-BUF
        "ib-reg-dmabuf-unsupported",
        "ibv_reg_dmabuf_mr failed",
        r"Call to ibv_reg_dmabuf_mr failed(?: with error)? ?:? "
        r"(?P<error>Operation not supported|Protocol not supported)",
        _name("log-ib-dmabuf-unsupported"),
    ),
    # NCCL's own WARN texts, read across its releases (2.10, 2.18, 2.30) where explain named no cause before
    _sig(  # net_ib.cc 2.10 "peer P collective mismatch error local size L remote R ...", 2.12-2.18 "req I/N tag T
        # peer P collective mismatch error, local size L remote size R": the peer posted another size than this rank
        "ib-collective-mismatch",
        "NCCL WARN",  # one scan for these NCCL WARN texts: the rest of a long log costs nothing more
        r"NET/IB\s?: (?:req \S+ tag \S+ )?peer (?P<peer>\S+) collective mismatch error,? local size (?P<local>\d+) "
        r"remote(?: size)? (?P<remote>\d+)",
        lambda g: (
            "log-collective-mismatch",
            {"detail": phrase("ib-size-posted", local=g["local"], peer=g["peer"], remote=g["remote"])},
        ),
    ),
    _sig(  # bootstrap.cc (2.x "NET/Socket : No usable listening interface found") and net_ib.cc ("NET/IB : No IP
        # interface found."): no interface passed NCCL_SOCKET_IFNAME's filter
        "nccl-no-listen-interface",
        "interface found",  # nccl-no-interface's needle: no scan of its own
        r"No usable listening interface found|NET/IB\s?: No IP interface found",
        lambda g: ("log-ifname-missing", {"var": "NCCL_SOCKET_IFNAME", "value": "(its value)"}),
    ),
    _sig(  # misc/socket.cc 2.12-2.2x: the connect loop gave up without naming the address; checks.h's SYSCHECK of
        # connect (2.x before 2.12) names only the errno
        "nccl-connect-gave-up",
        "NCCL WARN",
        r"socket(?:Start|Poll)Connect: exceeded (?P<what>retries|timeouts) \((?P<n>\d+)\)|"
        r"Call to connect failed ?: ?(?P<error>.+)",
        lambda g: (
            "log-nccl-connect-failed",
            {
                "addr": PHRASES["peer-line-unsaid"].en,
                "error": g["error"].strip() if g.get("error") else phrase("nccl-gave-up", n=g["n"], what=g["what"]),
            },
        ),
    ),
    _sig(  # os/linux.cc 2.27+: creating the segment's file in /dev/shm
        "nccl-shm-create",
        "shared memory",  # nccl-shm-segment's needle
        r"failed to create shared memory file (?P<path>\S+?),? error:? (?P<error>No space left on device|Permission "
        r"denied|Read-only file system|Operation not permitted)",
        _shm,
    ),
    _sig(  # shmutils.cc (2.16 on; os/linux.cc from 2.27, with the errno): the last rank to attach unlinks the segment's
        # file, and it was gone: something else emptied /dev/shm while the ranks set up
        "nccl-shm-unlinked",
        "shared memory",  # nccl-shm-segment's needle
        r"unlink shared memory (?P<path>\S+) failed, error: No such file or directory",
        _name("log-shm-segment-missing", call="unlink"),
    ),
    _sig(  # bootstrap.cc (every release): the root got check-ins that cannot belong to one communicator
        "nccl-bootstrap-root-mixed",
        "NCCL WARN",
        r"Bootstrap Root : (?P<detail>mismatch in (?:rank count|info) from procs.*?|rank \d+ of \d+ ranks has already "
        r"checked in)\s*$",
        _name("log-nccl-bootstrap-root-mixed"),
    ),
    _sig(  # EMFILE, whoever reports it: NCCL's socket/accept/UDS calls, Python's OSError, a DataLoader's shared fds;
        # multiprocessing's recvfds receiving no descriptors, which is how a DataLoader worker's EMFILE reaches the
        # main process under the file_descriptor sharing strategy
        "too-many-open-files",
        ("Too many open files", "items of ancdata"),
        r"Too many open files|received 0 items of ancdata",
        lambda g: ("log-open-files-limit", {}),
    ),
    _sig(  # bootstrap.cc, misc/socket.cc (every release): NCCL_COMM_ID set, but not an address this node can use
        "nccl-comm-id-bad",
        ("NCCL WARN", "Invalid NCCL_COMM_ID"),  # a runtime that carries NCCL's bootstrap prints its own "WARN"
        r"^(?=.*(?:NCCL WARN|Invalid NCCL_COMM_ID)).*?"
        r"(?P<detail>Invalid NCCL_COMM_ID(?: \[[^\]\n]*\])?(?=, please use)|"
        r"No valid (?:<IPv4_or_hostname>:<port>|\[IPv6\]:port) pair found|error encountered when getting address "
        r"info : .+|No interface found in the same subnet as remote address \S+)",
        _comm_id_bad,
    ),
    _sig(  # net_ib.cc (every release): NCCL found no RDMA device and will use sockets
        "nccl-ib-absent",
        "NET/IB : No device found",
        r"NET/IB : No device found",
        lambda g: (IB_ABSENT, {}),
    ),
    _sig(  # NCCL's echo of the variables the job set (param.cc, every 2.x): IB asked for, or a device named for it
        "nccl-ib-wanted",
        "set by environment to",
        r"(?P<var>NCCL_IB_DISABLE set by environment to 0|NCCL_IB_HCA set by environment to \S+|NCCL_IB_GID_INDEX set "
        r"by environment to \S+)",
        lambda g: (IB_WANTED, {"var": g["var"]}),
    ),
    _sig(  # net_ib.cc (every release; net_ib/init.cc 2.2x+) and ibvwrap.cc: an RDMA device NCCL found but cannot use
        "ib-device-unusable",
        "NCCL WARN",
        r"NET/IB : Unable to (?:open|query) (?:device (?P<dev>\S+)|port(?:_num)? (?P<port>\d+))|"
        r"Call to ibv_open_device failed(?: with error (?P<error>.+))?",
        lambda g: (
            "log-ib-device-unusable",
            {
                "dev": g.get("dev") or (f"port {g['port']}" if g.get("port") else "an RDMA device"),
                "detail": _detail(g.get("error")),
            },
        ),
    ),
    _sig(  # misc/cudawrap.cc (2.13+): the driver's CUDA version is below what this NCCL build needs
        "cuda-driver-too-old",
        "NCCL WARN",
        r"CUDA Driver version found is (?P<found>\d+)\. Minimum requirement is (?P<need>\d+)",
        lambda g: (
            "log-cuda-driver-too-old",
            {
                "who": PHRASES["this-nccl-build"].en,
                "detail": phrase("driver-cuda-nccl", found=g["found"], need=g["need"]),
            },
        ),
    ),
    _sig(  # cudaErrorInsufficientDriver (35), in any CUDA caller's words: NCCL's "Cuda failure '...'", torch's
        # "CUDA error: ...", or the runtime's own string in a framework's message
        "cuda-insufficient-driver",
        "driver version is insufficient",
        r"CUDA driver version is insufficient for CUDA runtime version",
        lambda g: (
            "log-cuda-driver-too-old",
            {
                "who": PHRASES["job-cuda-runtime"].en,
                "detail": " (CUDA driver version is insufficient for CUDA runtime version)",
            },
        ),
    ),
    _sig(  # a CPU tensor in a collective of a group with a backend for GPU tensors only: ProcessGroupNCCL's check
        # (torch 1.x and 2.x), and torch 2.x's dispatch to a group with no backend for the tensor's device
        "cpu-tensor-gpu-backend",
        ("Tensors must be CUDA and dense", "No backend type associated with device type cpu"),
        r"Tensors must be CUDA and dense|No backend type associated with device type cpu",
        lambda g: ("log-cpu-tensor-gpu-backend", {}),
    ),
    _sig(  # misc/strongstream.cc (2.16+): a CUDA graph capturing NCCL work, where this NCCL cannot join one
        "nccl-graph-capture-unsupported",
        "cannot be captured in a graph",
        r"NCCL cannot be captured in a graph if either it wasn't built with CUDA runtime >= (?P<cuda>[\d.]+) or if "
        r"the installed CUDA driver < (?P<driver>R\d+)",
        _name("log-nccl-graph-capture-unsupported"),
    ),
    _sig(  # DeepSpeed's launcher (runner.py, parse_resource_filter): --include, --exclude or CUDA_VISIBLE_DEVICES
        # naming a GPU the host's slots (its hostfile line, or the GPUs it counted) do not have
        "deepspeed-no-slot",
        "specified on host",
        r"No slot '(?P<slot>[^']*)' specified on host '(?P<host>[^']*)'",
        lambda g: ("log-invalid-device-ordinal", {}),
    ),
    _sig(  # Transformer Engine's initialize_ub (1.x): NVTE_UB_SOCKET_IFNAME, else NCCL_ or GLOO_SOCKET_IFNAME, taken as
        # one interface's exact name
        "te-invalid-interface",
        "Invalid network interface: ",
        r"Invalid network interface: (?P<value>\S+)",
        lambda g: (
            "log-ifname-missing",
            {"var": "NCCL_SOCKET_IFNAME (read by Transformer Engine)", "value": g["value"]},
        ),
    ),
    _sig(  # DeviceMesh (2.x) doing the same guess for a rank that set no device and whose launcher set no LOCAL_RANK
        "device-mesh-device-guessed",
        "did not set/select the default device for the current process before the DeviceMesh",
        r"did not set/select the default device for the current process before the DeviceMesh initialization",
        lambda g: ("log-device-guessed", {}),
    ),
    _sig(  # ProcessGroupNCCL on a rank whose device was never set: "Rank 0 using best-guess GPU 0 to perform barrier as
        # devices used by this process are currently unknown" (1.x), "[PG ID 0 PG GUID 0 Rank 6]  using GPU 6 to
        # perform barrier as devices ..." (2.x), "... using GPU 1 as device used by this process is currently unknown"
        "nccl-device-guessed",
        "used by this process",
        r"Rank \d+\]?\s+using (?:best-guess )?GPU \d+ (?:to perform barrier )?as devices? used by this process "
        r"(?:are|is) currently unknown",
        lambda g: ("log-device-guessed", {}),
    ),
    _sig(  # DDP's reducer (torch 1.x and 2.x): a parameter's gradient hook fired twice in one backward; the line
        # below it names the parameter where TORCH_DISTRIBUTED_DEBUG or torch 2.x can
        "ddp-ready-twice",
        ("Expected to mark a variable ready only once", "has been marked as ready twice"),
        r"Expected to mark a variable ready only once|"
        r"Parameter at index \d+ with name (?P<param>\S+) has been marked as ready twice",
        lambda g: ("log-ddp-ready-twice", {"detail": f" ({g['param']})" if g.get("param") else ""}),
    ),
    _sig(  # torch.cuda's _lazy_init in a process forked after its parent had initialized CUDA (every release)
        "cuda-forked",
        "Cannot re-initialize CUDA in forked subprocess",
        r"Cannot re-initialize CUDA in forked subprocess",
        lambda g: ("log-cuda-forked", {}),
    ),
    _sig(  # torch.cuda's _lazy_init and its "CUDA initialization" warning (torch 1.x to 2.13): the driver's CUDA
        # version, as 1000 x major + 10 x minor, below the CUDA this wheel was built with
        "torch-driver-too-old",
        "driver on your system is too old",
        r"The NVIDIA driver on your system is too old \(found version (?P<found>\d+)\)",
        lambda g: (
            "log-cuda-driver-too-old",
            {"who": PHRASES["this-torch-build"].en, "detail": phrase("driver-cuda", cuda=_cuda_release(g["found"]))},
        ),
    ),
    _sig(  # cudaErrorUnsupportedPtxVersion (222): PTX from a newer toolkit than the driver's JIT compiler knows
        "cuda-ptx-toolchain",
        "PTX was compiled with an unsupported toolchain",
        r"PTX was compiled with an unsupported toolchain",
        lambda g: (
            "log-cuda-driver-too-old",
            {
                "who": PHRASES["job-gpu-code"].en,
                "detail": " (the provided PTX was compiled with an unsupported toolchain)",
            },
        ),
    ),
    _sig(  # NVML's NVML_ERROR_LIB_RM_VERSION_MISMATCH (nvidia-smi, NCCL's nvmlwrap.cc "nvmlInit_v2() failed: ...") and
        # CUDA's cudaErrorSystemDriverMismatch (803): the user-space driver libraries are not the loaded module's
        "gpu-driver-mismatch",
        ("Driver/library version mismatch", "display driver / cuda driver combination"),
        r"(?P<detail>(?:(?:nvmlInit(?:_v2)?\(\) failed|Failed to initialize NVML): )?Driver/library version mismatch|"
        r"(?:Error 803: )?[Ss]ystem has unsupported display driver / cuda driver combination)",
        lambda g: ("log-gpu-driver-mismatch", {"detail": f" ({g['detail']})"}),
    ),
    _sig(  # mnnvl.cc (2.25+): a multi-node NVLink domain whose fabric memory NCCL could not allocate or import
        "nccl-mnnvl-imex",
        "MNNVL (cliqueSize",
        r"MNNVL \(cliqueSize (?P<size>\d+)\) is available but not (?:working|supported) on this system",
        _name("log-mnnvl-imex-unavailable"),
    ),
    _sig(  # init.cc / net.cc (2.x): the network NCCL chose, here HPC-X's IBext plugin (nccl-rdma-sharp-plugins)
        "nccl-net-ibext",
        "Using network IBext",
        r"Using network (?P<net>IBext\w*)",
        _name("log-nccl-net-plugin-ibext"),
    ),
    _sig(  # NVSHMEM's IBRC transport (modules/transport/ibrc/ibrc.cpp), under DeepEP and other NVSHMEM users: no
        # GPUDirect RDMA module, so no InfiniBand between the nodes
        "nvshmem-no-peermem",
        "nvidia_peermem detected",
        r"neither nv_peer_mem,? or nvidia_peermem detected",
        _name("log-gdr-module-missing", who="NVSHMEM"),
    ),
    _sig(  # graph/tuning.cc parseList (2.24+; earlier releases skip a name they do not know without a word): a value
        # of NCCL_ALGO or NCCL_PROTO that does not parse
        "nccl-algo-unparsed",
        ("Unrecognized element token", "Unrecognized prefix token", "All entries except the first must have a prefix"),
        r"Unrecognized (?P<what>element|prefix) token \"(?P<token>[^\"]*)\" when parsing \"(?P<value>[^\"]*)\"|"
        r"All entries except the first must have a prefix: \"(?P<value2>[^\"]*)\"",
        lambda g: (
            "log-nccl-algo-unparsed",
            {
                "value": g.get("value") or g["value2"],
                "why": phrase(
                    "algo-not-algorithm" if g["what"] == "element" else "algo-not-collective", token=g["token"]
                )
                if g.get("token") is not None
                else PHRASES["algo-no-prefix"].en,
            },
        ),
    ),
    _sig(  # enqueue.cc: "Error : no algorithm/protocol available" (2.7-2.23), then "... for function F with datatype
        # D. NCCL_ALGO was set to A. NCCL_PROTO was set to P." (2.24+): what NCCL_ALGO/NCCL_PROTO left works for none
        "nccl-algo-unavailable",
        "no algorithm/protocol available",
        r"no algorithm/protocol available(?: for function (?P<func>\w+) with datatype (?P<dtype>\w+)\.)?"
        r"(?: NCCL_ALGO was set to (?P<algo>[^.]*)\.)?(?: NCCL_PROTO was set to (?P<proto>[^.]*)\.)?",
        lambda g: (
            "log-nccl-algo-unavailable",
            {
                "op": f"{g['func']} on {g['dtype']}" if g.get("func") else "a collective",
                "detail": "".join(
                    f" ({var}={g[key]})" for var, key in (("NCCL_ALGO", "algo"), ("NCCL_PROTO", "proto")) if g.get(key)
                ),
            },
        ),
    ),
    _sig(  # cudaErrorIllegalAddress (700) in torch's "CUDA error: ...", NCCL's "Cuda failure '...'" or a framework's
        # quote: a kernel faulted; CUDA reports it at the next call that syncs, on the stream of whoever calls next
        "cuda-illegal-address",
        ("an illegal memory access was encountered", "Memory access fault by GPU node-", "HSA_STATUS_ERROR_MEMORY_"),
        r"(?P<nccl>NCCL WARN Cuda failure (?:\d+ )?')?an illegal memory access was encountered|"
        # the same on AMD GPUs: ROCr's fault handler (ROCm 4.5 on), and the HIP runtime's queue callback aborting
        # with its HSA status (clr's rocdevice.cpp)
        r"Memory access fault by GPU node-(?P<node>\d+) \(Agent handle: [^)]*\) on address \S+?(?:\(may not be exact "
        r"address\))?\. Reason: (?P<reason>[^.\n]+)|[Aa]borting with error : (?P<hsa>HSA_STATUS_ERROR_MEMORY_"
        r"(?:APERTURE_VIOLATION|FAULT))",
        lambda g: (
            "log-cuda-illegal-address",
            {
                "where": "NCCL's CUDA calls"
                if g.get("nccl")
                else f"ROCm's runtime on GPU node-{g['node']}"
                if g.get("node")
                else "the HIP runtime"
                if g.get("hsa")
                else "this rank",
                "error": f"Memory access fault: {g['reason']}"
                if g.get("node")
                else g.get("hsa") or "CUDA error 700: an illegal memory access was encountered",
            },
        ),
    ),
    _sig(  # ProcessGroupGloo::monitoredBarrier on a rank other than 0 (torch 1.10+): its exchange with rank 0 failed
        "monitored-barrier-coordinator",
        "successfully reached monitoredBarrier",
        r"Rank (?P<rank>\d+) successfully reached monitoredBarrier, but received errors while waiting for send/recv "
        r"from rank 0",
        _name("log-barrier-coordinator-lost"),
    ),
    _sig(  # cudaErrorCallRequiresNewerDriver (36): a call the runtime has and the driver does not, as NCCL built
        # with a newer CUDA than the driver supports makes it ("Cuda failure 'API call is not supported in the
        # installed CUDA driver'")
        "cuda-call-needs-newer-driver",
        "not supported in the installed CUDA driver",
        r"(?P<nccl>NCCL WARN Cuda failure )?'?API call is not supported in the installed CUDA driver",
        lambda g: (
            "log-cuda-driver-too-old",
            {
                "who": PHRASES["this-nccl-build"].en if g.get("nccl") else PHRASES["job-cuda-runtime"].en,
                "detail": " (API call is not supported in the installed CUDA driver)",
            },
        ),
    ),
    _sig(  # moby's daemon/errors.go (19.03 on): docker --gpus where no NVIDIA hook is on dockerd's PATH; the toolkit's
        # hook refusing --gpus in cdi or csv mode (1.10 on); enroot's 98-nvidia.sh hook without nvidia-container-cli
        "container-no-gpu-runtime",
        (
            "could not select device driver",
            "Container Runtime Hook directly",
            "Command not found: nvidia-container",
            "invalid runtime name: nvidia",
            'no runtime for "nvidia" is configured',
        ),
        # moby's runtime lookup (--runtime=nvidia, compose's runtime: nvidia) and containerd's CRI (a RuntimeClass
        # whose handler nvidia the node's containerd does not define)
        r"(?P<detail>could not select device driver \S* with capabilities: \[\[[^\]]*\]\]|invoking the NVIDIA "
        r"Container Runtime Hook directly|Command not found: nvidia-container-cli|unknown or invalid runtime name: "
        r"nvidia|no runtime for \"nvidia\" is configured)",
        _name("log-container-no-gpu-runtime"),
    ),
    _sig(  # libnvidia-container's cli (configure.c): the driver stack behind the container's GPUs; its detail says why
        "container-gpu-driver",
        "nvidia-container-cli: ",
        r"nvidia-container-cli: (?P<detail>(?:initialization|detection) error: .+?)(?:: unknown\.?)?\s*$",
        _name("log-container-gpu-driver"),
    ),
    _sig(  # libnvidia-container's dsl.c: the image's NVIDIA_REQUIRE_CUDA against this node's driver
        "container-cuda-requirement",
        "unsatisfied condition: ",
        r"nvidia-container-cli: requirement error: unsatisfied condition: (?P<condition>[^,:\s]+)",
        lambda g: (
            "log-cuda-driver-too-old",
            {
                "who": PHRASES["this-container-image"].en,
                "detail": phrase("container-cuda-needs", condition=g["condition"]),
            },
        ),
    ),
    _sig(  # the kubelet's eviction manager (eviction/helpers.go): a node under pressure, or a volume past its limit
        "k8s-evicted",
        ("The node was low on resource: ", "Usage of EmptyDir volume ", "The node had condition: "),
        r"(?P<detail>The node was low on resource: [\w\-]+|Usage of EmptyDir volume \S+ exceeds the limit \S+?|"
        r"The node had condition: \[\w+\])\.?(?:\s|$)",
        _name("log-pod-evicted"),
    ),
    _sig(  # NVML's init in a process whose GPU device nodes are no longer open to it (nvidia-smi, the device plugin,
        # torch's NVML calls): the toolkit's troubleshooting names lost cgroup device rules in containers
        "nvml-unknown-error",
        "Failed to initialize NVML: Unknown Error",
        r"Failed to initialize NVML: Unknown Error",
        lambda g: ("log-container-gpu-lost", {}),
    ),
    _sig(  # NVIDIA's device plugin (factory.go, v0.7 on): NVML not found in the plugin's container, and its own hint
        "k8s-device-plugin-no-nvml",
        ("did you set the docker default runtime to", "did you configure the NVIDIA Container Toolkit?"),
        # v0.14 on: "Incompatible strategy detected auto" then "... did you configure the NVIDIA Container Toolkit?"
        r"If this is a GPU node, did you (?:set the docker default runtime to|configure the NVIDIA Container Toolkit)",
        lambda g: (
            "log-container-no-gpu-runtime",
            {"detail": PHRASES["device-plugin-no-driver"].en},
        ),
    ),
    _sig(  # pyxis_slurmstepd.c (v0.1 to v0.24): enroot's import, create or start of the job's container on this node
        "pyxis-container-failed",
        "pyxis: ",
        r"pyxis: (?P<detail>container start failed(?: with error code: \d+)?|couldn't start container|failed to "
        r"start container|failed to import docker image|failed to create container filesystem|container exited too "
        r"soon|--container-mounts: source path does not exist: \S+|couldn't join IPC namespace)",
        _name("log-pyxis-container-failed"),
    ),
    _sig(  # enroot's helpers (enroot-mount.c, enroot-nsenter.c; v1 to v4.1), in pyxis's copy of enroot's log or alone:
        # a mount whose source this node lacks, a user namespace the node forbids
        ENROOT_FAILED,
        ("enroot-mount: failed to ", "enroot-nsenter: failed to "),
        r"(?P<detail>enroot-mount: failed to (?:re|bind )?mount: \S+.*?(?:No such file or directory|Permission "
        r"denied|Not a directory)|enroot-nsenter: failed to create user namespace: [^\n]+?)\s*$",
        lambda g: ("log-pyxis-container-failed", {"detail": " ".join(g["detail"].split())}),
    ),
    _sig(  # kube-scheduler's FitError (framework/types.go), in a FailedScheduling event: per reason, how many nodes
        "k8s-unschedulable",
        " nodes are available: ",
        r"\b0/(?P<total>\d+) nodes are available: (?P<reasons>.+?)\.(?:\s|$)",
        lambda g: ("log-pod-unschedulable", {"detail": f"0 of {g['total']} nodes: {g['reasons'].strip()}"}),
    ),
    _sig(  # srun's launch.c (20.02 on with the reason; 17.x and 19.05 without it)
        "slurm-step-waiting",
        ("step creation ", "Unable to create step for job "),
        # srun's launch.c: the wait, and (with --immediate, or once the wait ends) the refusal
        r"step creation (?:temporarily|still) disabled, retrying(?: \((?P<why>[^)]+)\))?|Unable to create step for "
        r"job \d+: (?P<why2>Requested nodes are busy)",
        lambda g: ("log-slurm-step-waiting", {"why": g.get("why") or g.get("why2") or "Slurm does not say which"}),
    ),
    _sig(  # the remote shell mpirun's ssh runs Open MPI's daemon in (orted to 4.x, PRRTE's prted from 5): not on its
        # PATH, or its libraries not on its LD_LIBRARY_PATH
        "mpi-daemon-missing",
        ("orted: ", "prted: "),
        r"\b(?P<daemon>orted|prted): (?:(?P<missing>command not found|No such file or directory)|error while loading "
        r"shared libraries: (?P<lib>[^:\s]+))",
        lambda g: (
            "log-mpi-daemon-missing",
            {
                "daemon": g["daemon"],
                "what": PHRASES["daemon-not-on-path"].en
                if g.get("missing")
                else phrase("daemon-library-missing", lib=g["lib"]),
            },
        ),
    ),
    _sig(  # help-errmgr-base.txt [node-died] (ORTE to 4.x, PRTE from 5)
        "mpi-node-lost",
        "has lost communication with a remote daemon",
        r"\b(?:ORTE|PRTE) has lost communication with a remote daemon",
        lambda g: ("log-mpi-node-lost", {}),
    ),
    _sig(  # Open MPI's texts of processes that could not connect: [failed-daemon] (a daemon that never called back),
        # [unreachable proc] and pml/ucx's ucp_ep_create (no transport between two ranks), [client connect fail]
        # (btl/tcp's connect), 4.x and 5.x
        "mpi-unconnected",
        (
            "daemon has unexpectedly failed after launch",
            "unable to reach each other",
            "failed to TCP connect to a peer",
            "MPI process is unreachable",
            "failed: Destination is unreachable",
        ),
        r"(?P<daemon>An? (?:ORTE|PRTE) daemon has unexpectedly failed after launch)|(?P<pair>At least one pair of MPI "
        r"processes are unable to reach each other|MPI_INIT has failed because at least one MPI process is "
        r"unreachable|ucp_ep_create\(proc=\d+\) failed: Destination is unreachable)|(?P<tcp>Open MPI failed to TCP "
        r"connect to a peer MPI process)",
        lambda g: (
            "log-mpi-launch-failed",
            {
                "detail": PHRASES["mpi-daemon-no-callback"].en
                if g.get("daemon")
                else PHRASES["mpi-pair-no-transport"].en
                if g.get("pair")
                else PHRASES["mpi-tcp-connect-failed"].en
            },
        ),
    ),
    _sig(  # help-oob-tcp.txt [version mismatch] (Open MPI 4.x; PRTE's in 5)
        "mpi-version-mismatch",
        "detected a mismatch in versions between two processes",
        r"(?:Open MPI|PRTE) detected a mismatch in versions between two processes",
        lambda g: ("log-mpi-version-mismatch", {}),
    ),
    _sig(  # help-orterun.txt [orterun:exe-not-found] (4.x), help-prun.txt (PRRTE, 5.x)
        "mpi-exe-missing",
        "unable to find the specified executable file",
        r"was unable to find the specified executable file, and therefore",
        lambda g: ("log-mpi-exe-missing", {}),
    ),
    _sig(  # help-mpi-runtime.txt [no-pmix-but] (Open MPI 5): srun's PMI-1/2 without the PMIx Open MPI 5 needs
        "ompi-no-pmix",
        "No PMIx server was reachable",
        r"No PMIx server was reachable, but a PMI1/2 was detected",
        lambda g: ("log-mpi-slurm-pmi-missing", {}),
    ),
    _sig(  # Open MPI's help text (ess_slurm, 1.x to 5.x) for a process it takes for a direct launch by srun
        "ompi-slurm-pmi-missing",
        "OMPI was not built with SLURM's PMI support",
        r"OMPI was not built with SLURM's PMI support",
        lambda g: ("log-mpi-slurm-pmi-missing", {}),
    ),
    _sig(  # Open MPI's help text (ORTE to 4.x, PRTE from 5) after a daemon failed to start or call back; the remote
        # shell's own line above it says why
        "mpi-daemons-unstarted",
        "was unable to reliably start one or more daemons",
        r"\b(?P<who>ORTE|PRTE) was unable to reliably start one or more daemons",
        lambda g: (
            "log-mpi-launch-failed",
            {"detail": phrase("mpi-daemons-unstarted", who=g["who"])},
        ),
    ),
    _sig(  # MPICH's Hydra (lib/utils/sock.c, pmip.c): a proxy that cannot resolve a host or connect back to mpiexec
        "hydra-connect",
        ("unable to get host address for ", "unable to connect to server "),  # the second holds "onnect to "
        r"unable to get host address for (?P<host>[^\s(]+)|unable to connect to server (?P<server>\S+) at port "
        r"(?P<port>\d+) \(check for firewalls!\)",
        lambda g: (
            "log-mpi-launch-failed",
            {
                "detail": phrase("hydra-unresolved", host=g["host"])
                if g.get("host")
                else phrase("hydra-connect", server=g["server"], port=g["port"])
            },
        ),
    ),
    _sig(  # aws-ofi-nccl (nccl_net_ofi_*): no libfabric provider with an EFA device here; NCCL then tries its own
        # transports, so these WARNs appear in runs that work too
        "nccl-ofi-failed",
        ("NET/OFI ", "OFI plugin initNet() failed"),
        # releases before 1.9 say "Couldn't find any optimal provider"; 1.8 to 1.21 name the libfabric they need;
        # the first releases (2019-2020) said "OFI plugin initNet() failed is EFA enabled?"
        r"(?:NET/OFI |^)(?P<detail>No eligible providers were found|Only EFA provider is supported|OFI fi_getinfo\(\) "
        r"call failed: [^\n]*?|Unable to find a protocol that worked|aws-ofi-nccl initialization failed|Couldn't find "
        r"any optimal provider|EFA provider requires at least libfabric version [\d.]*\d|OFI plugin initNet\(\) failed "
        r"is EFA enabled\?)\.?\s*$",
        lambda g: (OFI_FAILED, {"detail": g["detail"]}),
    ),
    _sig(  # aws-ofi-nccl's rdma protocol (nccl_ofi_rdma, 1.8 on): the NICs it groups with each GPU from hwloc's PCI
        # topology, none found ("group size 0"), more than its rails, or the grouping failed; the protocol does not
        # start, and the plugin or NCCL goes on without it
        "nccl-ofi-nic-groups",
        "NET/OFI ",
        r"NET/OFI (?P<detail>Unexpected (?:topo )?group size (?:of )?-?\d+(?: \((?:minimum \d+, )?maximum \d+\))?|"
        r"Failed to group NICs)",
        lambda g: (OFI_NIC_GROUPS, {"detail": g["detail"]}),
    ),
    _sig(  # aws-ofi-nccl: a transfer the provider completed with an error (a request's completion entry), after setup
        # worked: "Request %p completed with error. RC: %d. Error: %s." (1.3 to 1.9), "Error: %d (%s)" (1.10 on),
        # "Request completed with error" (the rdma protocol's), "Remote write completed with error. RC: %d. Flags: ..."
        # and the AWS platform's "Request %p (%s) completed with error: err: %d, ... strerror: %s" (1.21)
        "nccl-ofi-request-error",
        "completed with error",
        r"NET/OFI (?:Request(?: 0x[\da-f]+| \(nil\)| \.\.\.| …)?(?: \([^)]*\))?|Remote write) completed with error[.:] "
        r"(?:RC|err): (?P<rc>-?\d+)(?:.*?(?:Error|strerror): (?:-?\d+ \()?(?P<error>[^.()\n]*))?",
        lambda g: (
            "log-nccl-ofi-request-error",
            {"detail": f" (RC {g['rc']}: {g['error'].strip()})" if g.get("error") else f" (RC {g['rc']})"},
        ),
    ),
    _sig(  # libfabric's EFA provider (efa_rdm_ep's use of device RDMA): the variable asks for a capability the device
        # lacks, and the provider aborts
        "efa-device-rdma-unsupported",
        "was set by user, but EFA device has no",
        r"FI_EFA_USE_DEVICE_RDMA=1 was set by user, but EFA device has no",
        _name("log-efa-rdma-read-missing"),
    ),
    _sig(  # enroot.in: with XDG_RUNTIME_DIR unset (a job's session without systemd's login manager) its runtime path
        # falls back to /run/enroot, which only root may create; coreutils' mkdir quotes the path ‘…’ or '…'
        "enroot-runtime-path",
        "cannot create directory",
        r"mkdir: cannot create directory [‘'`\"]?(?P<path>/run/enroot)[’'`\"]?: (?P<error>Permission denied)",
        _name("log-enroot-runtime-path"),
    ),
    _sig(  # aws-ofi-nccl's fi_av_insert of a peer's endpoint (every release since 1.x; "CM: " in its connection
        # manager, 1.19 on): libfabric could not make an address handle for the peer
        "nccl-ofi-av-insert",
        "Unable to insert remote address into address vector",
        r"NET/OFI (?:CM: )?Unable to insert remote address into address vector for device (?P<dev>\d+)\.? ?"
        r"(?:RC: (?P<rc>.+?))?\s*$",
        lambda g: (
            "log-nccl-ofi-request-error",
            {
                "detail": phrase("ofi-no-peer-address-rc", dev=g["dev"], rc=g["rc"])
                if g.get("rc")
                else phrase("ofi-no-peer-address", dev=g["dev"])
            },
        ),
    ),
    _sig(  # aws-ofi-nccl's fi_mr_regattr of a buffer of type 2 (NCCL_PTR_CUDA), every release: the provider refused
        # GPU memory
        "nccl-ofi-gpu-register",
        "Unable to register memory",
        # a quote may end the line at the device; the plugin's own regattr line above it then gives the error
        r"NET/OFI Unable to register memory \(type = 2\) for device (?P<dev>\d+)(?:\. RC: (?P<rc>-?\d+), Error: "
        r"(?P<error>[^.\n]+))?",
        lambda g: (
            "log-nccl-ofi-gpu-register",
            {
                "detail": phrase("ofi-device-error", dev=g["dev"], rc=g["rc"], error=g["error"].strip())
                if g.get("rc")
                else phrase("ofi-device", dev=g["dev"])
            },
        ),
    ),
    _sig(  # libfabric's EFA provider (efa_mr.c, efa_rdm_ep.h): cuPointerSetAttribute(SYNC_MEMOPS) on a GPU buffer,
        # done where FI_EFA_SET_CUDA_SYNC_MEMOPS is on (the default of EFA installers before 1.29.1)
        "efa-cuda-memops",
        ("et memops for cuda ptr", "cuda_set_sync_memops"),
        r"[Uu]nable to set memops for cuda ptr|cuda_set_sync_memops\(\)\S*<warn> Failed to perform "
        r"cuPointerSetAttribute",
        lambda g: ("log-nccl-ofi-gpu-register", {"detail": PHRASES["efa-sync-memops"].en}),
    ),
    _sig(  # Horovod's stall inspector (stall_inspector.cc): tensors only some ranks submitted, past its warning time
        "horovod-stalled",
        "only subset of ranks is submitting tensors",
        r"only subset of ranks is submitting tensors",
        lambda g: (
            "log-collective-mismatch",
            {"detail": PHRASES["horovod-subset"].en},
        ),
    ),
    _sig(  # Open MPI's btl_tcp_proc.c (btl_base_verbose): a peer's connection arrives from none of its own addresses
        "ompi-tcp-nat",
        "Match incoming connection from ",
        r"Match incoming connection from \S+ (?P<addr>[\d.]+) with locally known IP (?P<known>[\d.]+) failed",
        lambda g: ("log-mpi-peer-address-nat", {"who": "Open MPI", "addr": g["addr"]}),
    ),
    _sig(  # DeepSpeed's runner: MASTER_ADDR from "ssh FIRST_HOST hostname -I"; an empty answer (before 0.8.1), or
        # the error that replaced it
        "deepspeed-master-addr-empty",
        ("Using IP address of ", "Unable to detect suitable master address"),
        r"Using IP address of +for node (?P<host>\S+)|(?P<error>Unable to detect suitable master address)",
        lambda g: ("log-launcher-master-addr-empty", {"host": g.get("host") or PHRASES["hostfile-first"].en}),
    ),
    # Slurm's own texts of a step whose tasks never ran what they were given (slurmstepd, srun's option checks, the
    # controller's GRES checks; read at SchedMD/slurm 284c3b95f0)
    _sig(  # slurmstepd's mgr.c: the submit directory is not on this node; the task runs in /tmp
        "slurm-chdir-failed",
        "going to /tmp instead",
        r"couldn't chdir to [`'](?P<path>[^']+)': (?P<error>[^:]+): going to /tmp instead",
        lambda g: ("log-workdir-missing", {"path": g["path"], "detail": f" ({g['error'].strip()})"}),
    ),
    _sig(  # slurmstepd's task.c: the command, or its script's interpreter, is not on this node's PATH
        "slurm-execve-failed",
        "execve(): ",
        r"execve\(\): (?:bad interpreter\((?P<interp>[^)]+)\)|(?P<cmd>[^:]+)): (?P<error>[^:]+?)\s*$",
        lambda g: (
            "log-slurm-exec-failed",
            {
                "command": g.get("interp") or g["cmd"],
                "error": f"bad interpreter: {g['error']}" if g.get("interp") else g["error"],
            },
        ),
    ),
    _sig(  # slurmd's req.c and slurmctld's node_mgr.c: the site's prolog failed on a node, which Slurm drains
        "slurm-prolog-failed",
        ("prolog failed status=", "Prolog or job env setup failure on node "),
        r"Prolog or job env setup failure on node (?P<node>[^,\s]+)|\bprolog failed status=(?P<status>\d+:\d+)",
        lambda g: (
            "log-slurm-launch-failed",
            {"node": g.get("node") or PHRASES["this-node"].en, "error": PHRASES["prolog-failed"].en},
        ),
    ),
    _sig(  # slurmctld's gres.c (21.08 on): a node's GRES no longer what the job was given
        "slurm-gres-mismatch",
        "Killing job ",
        r"Killing job \S+: gres/(?P<gres>[\w:]+) (?:count mismatch on node (?P<node>[^\s(]+) \((?P<a>\d+) != "
        r"(?P<b>\d+)\)|type (?P<type>\S+) not found on node (?P<node2>\S+))",
        lambda g: (
            "log-slurm-gres-mismatch",
            {
                "node": g.get("node") or g["node2"],
                "gres": g["gres"],
                "detail": phrase("gres-count", a=g["a"], b=g["b"])
                if g.get("a")
                else phrase("gres-type", type=g["type"]),
            },
        ),
    ),
    _sig(  # slurm_opt.c's validation (srun, sbatch, salloc): GPU and task options that contradict each other
        "slurm-options-conflict",
        "mutually exclusive",
        r"(?P<tool>srun|sbatch|salloc): (?:fatal|error): (?P<error>(?:--|SLURM_)[^:]*? (?:are mutually exclusive|is "
        r"mutually exclusive with --[\w-]+(?: and SLURM_\w+)?))",
        _name("log-slurm-options-conflict"),
    ),
    # Open MPI's help texts (read at open-mpi/ompi v4.1.8 and v5.0.10, openpmix/prrte v3.0.13)
    _sig(  # orted_submit.c (4.x), schizo_base_stubs.c (PRRTE, 5.x): mpirun run by root without leave
        "mpi-run-as-root",
        "has detected an attempt to run as root",
        # from a name's first character only, and a bounded one: a run of word characters before the text would
        # otherwise be retried from every position
        r"(?<![\w.\-])(?P<launcher>[\w.\-]{1,40}) has detected an attempt to run as root",
        _name("log-mpi-run-as-root"),
    ),
    _sig(  # help-oob-tcp.txt [no-included-found], help-mpi-btl-tcp.txt / help-oob-tcp.txt [invalid if_inexclude]
        "mpi-tcp-if-missing",
        ("None of the TCP networks specified", "An invalid value was given for "),
        r"None of the TCP networks specified to be (?P<oob>included for out-of-band) communications|"
        r"An invalid value was given for (?P<var>(?:btl|oob)_tcp_if_include)",
        lambda g: (
            "log-ifname-missing",
            {"var": g.get("var") or "oob_tcp_if_include", "value": "(the 'Value' line below it)"},
        ),
    ),
    _sig(  # help-opal-shmem-mmap.txt [target full]: the session directory's file system has no room for the segment
        "mpi-shmem-no-space",
        "not enough space for ",
        r"It appears as if there is not enough space for (?P<path>\S+) \(the shared-memory",
        lambda g: ("log-shm-too-small", {"who": "Open MPI", "path": g["path"], "detail": ""}),
    ),
    _sig(  # help-mpi-btl-tcp.txt [peer hung up]: a peer's TCP connection closed while in use
        "mpi-peer-hung-up",
        "peer process has unexpectedly disconnected",
        r"An MPI communication peer process has unexpectedly disconnected",
        lambda g: ("log-peer-closed", {"detail": PHRASES["mpi-peer-hung-up"].en}),
    ),
    _sig(  # help-mpi-btl-openib.txt [pp retry exceeded]
        "mpi-ib-retry-exceeded",
        "The InfiniBand retry count between two MPI",
        r"The InfiniBand retry count between two MPI processes has been",
        lambda g: ("log-ib-retry-exceeded", {"peer": PHRASES["peer-ompi-below"].en, "detail": ""}),
    ),
    # Kubernetes and NVIDIA's device plugin (kubernetes/kubernetes oom_watcher_linux.go; k8s-device-plugin
    # internal/rm/health.go, v0.13 on), and the CDI registry a container runtime reads (container-device-interface)
    _sig(
        "k8s-system-oom",
        "System OOM encountered, victim process: ",
        r"System OOM encountered, victim process: (?P<proc>[^,]+), pid: (?P<pid>\d+)",
        lambda g: (
            "log-rank-oom-killed",
            {"who": f"{g['proc']} (pid {g['pid']})", "detail": PHRASES["kubelet-oom"].en},
        ),
    ),
    _sig(
        "k8s-gpu-unhealthy",
        "marking device as unhealthy",
        r"XidCriticalError: Xid=(?P<xid>\d+) on Device=(?P<dev>[^;\s]+); marking device as unhealthy",
        lambda g: (
            "log-gpu-hardware-fault",
            {"detail": phrase("xid-unhealthy", xid=g["xid"], dev=g["dev"])},
        ),
    ),
    _sig(
        "cdi-unresolvable",
        "unresolvable CDI devices ",
        r"unresolvable CDI devices (?P<devices>[\w.\-/]+=[\w\-]+(?:, [\w.\-/]+=[\w\-]+)*)",
        lambda g: (
            "log-container-no-gpu-runtime",
            {"detail": phrase("cdi-unlisted", devices=g["devices"])},
        ),
    ),
    # UCX (openucx/ucx 1.8 to 1.22: ib_mlx5_log.c, ib_log.c), under Open MPI's pml/ucx, Horovod, UCC
    _sig(
        "ucx-ib-completion",
        (" UCX  ERROR ", "UCX ERROR "),  # a paste may collapse the padding
        r"UCX\s+ERROR\s+(?P<error>" + "|".join(_UCX_WC_STATUS) + r") on (?P<dev>[\w.\-]+:\d+)/(?P<kind>IB|RoCE)\b",
        _ucx_completion,
    ),
    _sig(
        "ucx-memlock",
        "Please set max locked memory (ulimit -l)",
        # UCX 1.15 on separates the hint with " : ", 1.6 to 1.14 with ". "
        r"(?<!\w)(?P<call>\w{1,40}\([^)]{0,200}\)) failed: Cannot allocate memory(?: :|\.) Please set max locked "
        r"memory \(ulimit -l\) to 'unlimited' \(current: (?P<limit>\d+) kbytes\)",
        lambda g: (
            "log-memlock-too-low",
            {"detail": phrase("ucx-enomem-limit", call=g["call"], limit=g["limit"])},
        ),
    ),
    _sig(  # Ray's parameter.py (1.x to 2.x): two of a node's components given one port, checked before it starts
        "ray-port-conflict",
        "is trying to use a port number ",
        r"Ray component (?P<component>\w+) is trying to use a port number (?P<port>\d+) that is used by other",
        lambda g: ("log-ray-port-conflict", {"component": g["component"].replace("_", " "), "port": g["port"]}),
    ),
    _sig(  # os.environ["LOCAL_RANK"] and the like in a script started without torchrun: Python's KeyError names it
        "launcher-var-missing",
        "KeyError: '",
        r"KeyError: '(?P<var>(?:LOCAL_|GROUP_|NODE_)?RANK|(?:LOCAL_)?WORLD_SIZE|MASTER_ADDR|MASTER_PORT)'",
        _name("log-launcher-var-missing"),
    ),
    _sig(  # the NVIDIA driver's Xids of a faulting kernel (NVIDIA's Xid catalogue: 13 graphics engine exception, 31
        # GPU memory page fault, 43 GPU stopped processing): the application's faults, where 48, 79 and the like
        # (gpu-hardware-fault) are the GPU's own
        "gpu-kernel-fault",
        "NVRM: Xid",
        r"NVRM: Xid \((?P<pci>PCI:[^)]*)\): (?P<xid>13|31|43),",
        lambda g: ("log-gpu-kernel-fault", {"xid": g["xid"], "detail": f" on {g['pci']}"}),
    ),
    _sig(  # Ray's services.py (1.x to 2.x): its session's Unix sockets under a temp dir whose path is too long
        "ray-socket-path-long",
        "AF_UNIX path length cannot exceed",
        r"AF_UNIX path length cannot exceed (?P<max>\d+) bytes: (?P<path>\S+)",
        lambda g: ("log-ray-socket-path-long", {"max": g["max"], "path": g["path"]}),
    ),
    _sig(  # srun's step_launch.c and allocate.c, salloc.c (284c3b95f0): the node failure, and a time limit, as srun
        # and salloc report them where slurmstepd's banner is not in the paste
        "slurm-node-failure",
        ("Node failure on ", "has exceeded its time limit and its allocation"),
        r"(?:srun|salloc): error: Node failure on (?P<node>[\w.\-\[\],]+)|Job (?P<job>\d+) has exceeded its time limit "
        r"and its allocation has been revoked",
        lambda g: (
            "log-job-cancelled",
            {
                "job": g.get("job") or PHRASES["srun-step"].en,
                "node": g.get("node") or PHRASES["its-nodes"].en,
                "reason": PHRASES["due-to-a-node-failure"].en if g.get("node") else PHRASES["due-to-time-limit"].en,
                "advice": _SLURM_ADVICE["NODE FAILURE" if g.get("node") else "TIME LIMIT"],
            },
        ),
    ),
    _sig(  # init.cc (2.30 on): nodes whose ranks see different numbers of network devices
        "nccl-net-count-mixed",
        "mixed local Net device counts",
        r"Detected mixed local Net device counts across ranks \(min (?P<min>\d+), max (?P<max>\d+)\)\. Set",
        lambda g: ("log-net-device-count-mixed", {"min": g["min"], "max": g["max"]}),
    ),
    _sig(  # ras.cc (2.24 on): NCCL's RAS thread meeting a peer of another release
        "nccl-ras-version-mismatch",
        "NCCL version mismatch with remote peer",
        r"NCCL version mismatch with remote peer (?P<peer>\S+) \(local: (?P<local>[\w.]+), remote (?P<remote>[\w.]+)\)",
        lambda g: (
            "version-mismatch",
            {
                "component": "NCCL",
                "detail": phrase("nccl-here-and-peer", local=g["local"], remote=g["remote"], peer=g["peer"]),
            },
        ),
    ),
    _sig(  # net_ib/p2p_resiliency.cc (2.30): the IB failover gives up when more than one of a connection's NICs fail
        "nccl-ib-devices-failed",
        "failed devices out of",
        r"NET/IB: Fatal error\. Detected (?P<n>\d+) failed devices out of (?P<m>\d+) devices",
        lambda g: ("log-ib-port-down", {"detail": f" ({g['n']} of a connection's {g['m']} NICs failed)"}),
    ),
    _sig(  # local_elastic_agent.py (torch 2.x): a local rank past the GPUs CUDA_VISIBLE_DEVICES left the agent
        "device-index-past-visible",
        "exceeds available GPUs in CUDA_VISIBLE_DEVICES",
        r"local_rank \d+ exceeds available GPUs in CUDA_VISIBLE_DEVICES=",
        lambda g: ("log-invalid-device-ordinal", {}),
    ),
    _sig(  # distributed_c10d.py get_node_local_rank (2.4 on), outside a launcher that sets LOCAL_RANK
        "local-rank-not-in-environment",
        "LOCAL_RANK is not in the environment",
        r"LOCAL_RANK is not in the environment",
        lambda g: ("log-launcher-var-missing", {"var": "LOCAL_RANK"}),
    ),
    _sig(  # HPE Cray MPICH's OFI netmod (its own wording, as Frontier printed it): a rank not confined to one NUMA node
        "mpich-nic-policy",
        "Unable to use a NIC_POLICY of",
        r"Unable to use a NIC_POLICY of 'NUMA'\. Rank (?P<rank>\d+) is not confined to a single NUMA node",
        _name("log-mpich-nic-policy"),
    ),
    _sig(  # net_ib's IBV_EVENT_GID_CHANGE: "Got async event : GID table change" (2.7-2.21, libibverbs' words),
        # "mlx5_0:1 unknown event type (18)" (2.22-2.27: no case for it), "mlx5_0:1 GID table changed" (2.28+)
        "ib-gid-change",
        ("GID table change", "unknown event type (18)"),
        rf"NET/IB\s?: (?:(?P<dev>\S+?:\d+) )?{GID_CHANGE_EVENT}",
        lambda g: ("log-roce-gid-changed", {"dev": g.get("dev") or PHRASES["line-unsaid"].en}),
    ),
    _sig(  # net_ib: a QP or CQ moved to its error state, "Got async event : <event>" (2.7-2.21), "mlx5_0:1 async
        # fatal event on QP (0x..): <event>" (2.22+); the events' words are libibverbs' ibv_event_type_str
        "ib-queue-fatal",
        ("work queue", "CQ error"),
        r"NET/IB\s?: (?:(?P<dev>\S+?:\d+) )?(?:Got async event|async fatal event on (?P<queue>QP|CQ) \([^)]*\))\s?: "
        r"(?P<event>local work queue catastrophic error|invalid request local work queue error|"
        r"local access violation work queue error|CQ error)",
        lambda g: (
            "log-ib-completion-error",
            {
                "status": f"'{g['event']}'",
                "peer": PHRASES["peer-event-unsaid"].en,
                "detail": phrase("queue-event-dev", queue=g.get("queue") or PHRASES["a-queue"].en, dev=g["dev"])
                if g.get("dev")
                else phrase("queue-event", queue=g.get("queue") or PHRASES["a-queue"].en),
            },
        ),
    ),
    _sig(  # net_ib ncclIbRoceGetVersionNum (2.23+ say so; 2.21-2.22 fail silently): choosing the GID index itself
        "roce-gid-type-unreadable",
        "failed in ncclIbRoceGetVersionNum",
        r"NET/IB: (?:open|read) failed in ncclIbRoceGetVersionNum: (?P<error>[^\n]*?)\s*$",
        lambda g: ("log-roce-gid-type-unreadable", {"error": g["error"] or "no reason given"}),
    ),
    _sig(  # nvmlwrap.cc (every release since 2.4): NCCL's dlopen of NVML; pynvml's NVMLError_LibraryNotFound
        "nvml-library-missing",
        ("Failed to open libnvidia-ml.so.1", "NVML Shared Library Not Found"),
        r"Failed to open libnvidia-ml\.so\.1|(?P<py>NVML Shared Library Not Found)",
        lambda g: ("log-nvml-missing", {"detail": " (pynvml)" if g.get("py") else " (NCCL)"}),
    ),
    _sig(  # distributed_c10d.py init_process_group (every release since 1.0)
        "pg-initialized-twice",
        "default process group twice",
        r"trying to initialize the default process group twice",
        _name("log-pg-initialized-twice"),
    ),
    _sig(  # rendezvous.py rendezvous() (every release since 1.0): the init_method URL's scheme has no handler
        "init-method-scheme-unknown",
        "No rendezvous handler for ",
        r"No rendezvous handler for (?P<scheme>[^\s:]*)://",
        lambda g: ("log-init-method-invalid", {"scheme": g["scheme"] or "(none)"}),
    ),
    _sig(  # rendezvous.py _create_c10d_store (1.9+): the store's port, from MASTER_PORT or a tcp:// URL
        "store-port-out-of-range",
        "port must have value from 0 to 65535",
        r"port must have value from 0 to 65535 but was (?P<raw>-?\d+)",
        lambda g: ("master-port-invalid", {"raw": g["raw"], "raw_source": "log:torch's check of the store's port"}),
    ),
    _sig(  # ROCm's HIP runtime (clr rocvirtual.cpp, at AMD_LOG_LEVEL 1 and up) dispatching a kernel that needs
        # hostcall; the amdgpu driver's line at boot
        "pcie-atomics-missing",
        ("hostcall not supported", "PCIE atomic ops is not supported"),
        r"(?P<detail>Pcie atomics not enabled, hostcall not supported|amdgpu: PCIE atomic ops is not supported)",
        _name("log-pcie-atomics-missing"),
    ),
    _sig(  # socket.cpp (2.x): a store client retrying port 0, where no server ever listens (a port left 0 by whatever
        # built the launch: an unset port read as 0, or torchrun's port-0 choice handed to a client)
        "store-client-port-zero",
        "is listening yet, will retry",
        r"No socket on \((?P<host>[^,()]+), 0\) is listening yet, will retry",
        lambda g: (
            "master-port-invalid",
            {"raw": "0", "raw_source": f"log:the store's port a client of {g['host']} got"},
        ),
    ),
    _sig(  # c10/cuda CUDAFunctions.cpp's device count (torch 1.x to 2.13), warned as "CUDA initialization: ..." and
        # raised where a GPU is needed: cudaErrorUnknown and cudaErrorInitializationError from the driver at start
        "cuda-init-failed",
        ("CUDA unknown error - this may be", "CUDA driver initialization failed"),
        r"(?P<error>CUDA unknown error|CUDA driver initialization failed)(?: - this may be due to an incorrectly set "
        r"up environment|, you might not have a CUDA gpu)",
        lambda g: ("log-cuda-init-failed", {"error": g["error"]}),
    ),
    _sig(  # cudaErrorCompatNotSupportedOnDevice (804): the cuda-compat libcuda on a GPU or driver it does not serve
        "cuda-forward-compat",
        "forward compatibility was attempted",
        r"forward compatibility was attempted on non supported HW",
        _name("log-cuda-forward-compat"),
    ),
    _sig(  # Ray's grpc_server.cc (every 2.x, in the raylet, the GCS and each core worker): a server of this node could
        # not bind its port; its own text names a port in use as the usual cause
        "ray-grpc-port",
        "Failed to start the grpc server",
        r"Failed to start the grpc server\. The specified port is (?P<port>\d+)",
        _name("log-ray-port-in-use"),
    ),
    _sig(  # Ray Tune's tune.run (1.x and 2.x) once a trial ended in error: logged ("Trials did not complete: [T]") or
        # raised (TuneError's "('Trials did not complete', [T])"); Ray Train 2.x's TrainingFailedError. The driver
        # says which trials failed, not why: that is in each trial's error file and its workers' logs.
        "ray-trials-incomplete",
        ("Trials did not complete", "The Ray Train run failed"),
        r"Trials did not complete(?::|',)\s*\[(?P<trials>[^\]]{1,200})\]|(?P<train>The Ray Train run failed)",
        lambda g: ("log-ray-trial-failed", {"trials": g.get("trials") or PHRASES["ray-train-run"].en}),
    ),
    _sig(  # Ray's raylet watcher, exceptions.py and core worker (2.x): this node's raylet went away under its workers
        "ray-raylet-died",
        ("Raylet is terminated. Termination is unexpected", "The task's local raylet died", "the local Raylet is dead"),
        r"(?P<term>Raylet is terminated\. Termination is unexpected)|(?P<task>The task's local raylet died)|"
        r"the local Raylet is dead",
        lambda g: (
            "log-ray-node-dead",
            {
                "node": phrase(
                    "raylet-of-node",
                    how=PHRASES[
                        "raylet-terminated" if g.get("term") else "raylet-task-died" if g.get("task") else "raylet-lost"
                    ].en,
                )
            },
        ),
    ),
    _sig(  # Ray's core worker (core_worker.cc, 1.x and 2.x): a worker process its raylet started could not register
        # with it, "Failed to register worker <id> to Raylet. <status>" logged or CHECKed; on Slurm, a raylet sized by
        # the machine's CPUs rather than the job's (ray-project/ray#21479, verl#523)
        "ray-worker-unregistered",
        "Unable to register worker with raylet",
        r"Unable to register worker with raylet\.?\s*(?P<reason>[^\n]{0,120}?)\s*$",
        lambda g: ("log-ray-worker-unregistered", {"detail": _detail(g["reason"])}),
    ),
    _sig(  # vLLM's and SGLang's pynccl_wrapper.py (vLLM 0.4 on, SGLang 0.4 on): their own ctypes load of libnccl
        "pynccl-library-unloadable",
        "Failed to load NCCL library from",
        r"Failed to load NCCL library from (?P<lib>\S+?)\s?\.\s?It is expected",
        lambda g: ("log-nccl-library-unloadable", {"lib": g["lib"], "who": "vLLM or SGLang"}),
    ),
    _sig(  # the handshakes of a multi-node server: vLLM's engine core (v1/engine/core.py, 0.8 on) waiting for the
        # front-end of data parallelism; SGLang's data-parallel controller (0.5 on) waiting for node 0's worker ports
        "serving-head-unreachable",
        ("Did not receive response from front-end process", "worker ports from node 0"),
        r"Did not receive response from front-end process within (?P<t>\d+ minutes)|(?P<sglang>Timeout waiting for "
        r"worker ports from node 0|Failed to receive worker ports from node 0 within timeout)",
        lambda g: (
            "log-serving-head-unreachable",
            {
                "who": "SGLang's data-parallel controller" if g.get("sglang") else "vLLM's engine core",
                "detail": "node 0 sent no worker ports" if g.get("sglang") else f"no reply in {g['t']}",
            },
        ),
    ),
    _sig(  # SGLang's network.py (0.5 on): a port it waits to become free (torch's process group's, its HTTP server's
        # block of ports, NCCL's), still taken after the wait, and the command line of the process that holds it
        "sglang-port-in-use",
        "is not available in",
        r"(?<!\w)(?P<name>\w{1,40}) at (?P<port>\d+) is not available in \d+ seconds\."
        r"(?:.*?process\.cmdline\(\)=(?P<cmd>\[[^\]]*\]))?",
        _sglang_port,
    ),
    _sig(  # vLLM's platforms/cuda.py (0.5 to 0.6): a CUDA_VISIBLE_DEVICES set to nothing
        "cuda-visible-devices-empty",
        "CUDA_VISIBLE_DEVICES is set to empty string",
        r"CUDA_VISIBLE_DEVICES is set to empty string",
        lambda g: ("log-no-gpu-visible", {"detail": " (CUDA_VISIBLE_DEVICES is set to an empty string)"}),
    ),
    _sig(  # an AMD GPU this process cannot reach: rocminfo's checks of /dev/kfd and of the kernel module (ROCm 4 on),
        # rocm-smi's start without amdgpu
        "amd-gpu-unreachable",
        ("Unable to open /dev/kfd", "ROCk module is NOT", "amdgpu not found in modules"),
        r"(?P<kfd>Unable to open /dev/kfd read-write: (?:Permission denied|No such file or directory))|"
        r"(?P<module>ROCk module is NOT (?:loaded|live)|Driver not initialized \(amdgpu not found in modules\))",
        lambda g: ("log-no-gpu-visible", {"detail": f" ({g.get('kfd') or g['module']})"}),
    ),
    _sig(  # RCCL's init.cc (ROCm 5.6 on): its check of /proc/cmdline for the IOMMU in pass-through mode
        "rccl-iommu-not-pt",
        "from kernel command line which can lead to",
        r'Missing "(?:iommu=pt|amd_iommu=on)" from kernel command line which can lead to',
        _name("log-rccl-iommu-not-pt"),
    ),
    _sig(  # UCX's posix shared-memory transport (mm_posix.c, 1.6 on): /dev/shm cannot hold its segment
        "ucx-shm-short",
        "Not enough memory to write total of",
        r"Not enough memory to write total of (?P<bytes>\d+) bytes\. Please check that (?P<path>/dev/shm)",
        lambda g: (
            "log-shm-too-small",
            {"who": "UCX", "path": g["path"], "detail": f" (a segment of {size_text(int(g['bytes']))})"},
        ),
    ),
    _sig(  # libibverbs' dynamic_driver.c (rdma-core 13 on): a provider library it could not load. It tries every
        # provider its config directory lists, present or not, so only the data-centre NICs' drivers are named
        "ibverbs-driver-unloadable",
        "libibverbs: Warning: couldn't load driver",
        r"libibverbs: Warning: couldn't load driver '(?P<driver>(?:lib)?(?:mlx[45]|efa|bnxt_re|irdma|erdma|ionic|mana|"
        r"hns|qedr)[^']*)'(?:: (?P<why>[^\n]*?))?\s*$",
        lambda g: (
            "log-ibverbs-driver-unloadable",
            {"driver": g["driver"] + (f": {g['why']}" if g.get("why") else "")},
        ),
    ),
    _sig(  # libfabric's EFA provider (1.16 on) aborting on an error aws-ofi-nccl left it no queue to report through;
        # its own texts for the EFA status (efa_errno.h): 13 and 15 where no reply came from the peer
        "efa-internal-error",
        "EFA internal error: (",
        r"EFA internal error: \((?P<code>\d+)\) (?P<error>[^\n]*?)\s*$",
        lambda g: (
            "log-nccl-ofi-request-error",
            {"detail": f" (EFA internal error {g['code']}: {g['error']})"},
        ),
    ),
    _sig(  # libfabric's EFA provider (efa_fork_support.c, 1.11 on): a fork while it held registered memory. Its first
        # line ends at "call" ("to the fork() system call" below); Open MPI's own fork warning, after which the job
        # goes on, begins alike but goes on 'call to the' and '"fork()"'.
        "efa-fork-abort",
        ("A process has executed an operation involving a call", "EFA provider is operating in"),
        r"A process has executed an operation involving a call(?:\s*$| ?to the fork\(\))|"
        r"[Tt]he Libfabric EFA provider is operating in",
        _name("log-efa-fork-unsafe"),
    ),
    _sig(  # libfabric's cxi provider (cxip_msg_hpc.c, 1.22 on; HPE's builds before): flow control it could not undo
        "cxi-rx-match-mode",
        "LE resources not recovered during flow control",
        r"LE resources not recovered during flow control\. FI_CXI_RX_MATCH_MODE=",
        _name("log-cxi-rx-match-mode"),
    ),
    _sig(  # mlx5's CQE dump (rdma-core providers/mlx5, on stderr by default up to v32): a completion in error
        "mlx5-completion-error",
        "got completion with error",
        r"mlx5: (?P<host>[\w.\-]+): got completion with error",
        lambda g: (
            "log-ib-completion-error",
            {
                "status": PHRASES["mlx5-dump-below"].en,
                "peer": PHRASES["peer-dump-unsaid"].en,
                "detail": phrase("on-host", host=g["host"]),
            },
        ),
    ),
    _sig(  # UCX's ib_md.c (1.8 on): an HCA it could not give GPU memory to
        "ucx-gdr-unavailable",
        "Couldn't enable GPUDirect RDMA",
        r"Couldn't enable GPUDirect RDMA\. Please make sure nv_peer_mem",
        _name("log-gdr-module-missing", who="UCX"),
    ),
    _sig(  # a remote shell (pdsh, ssh) on a node without the launching node's paths: DeepSpeed's runners send their
        # own "cd <dir>; <python> ..." to every node (bash 5.1 on says "line 1:", before "line 0:")
        "remote-path-missing",
        ("bash: line ", "bash: /"),
        r"bash: (?:line \d+: )?(?:cd: (?P<dir>/\S*)|(?P<interp>/\S*/python[\d.]*)): No such file or directory",
        lambda g: (
            ("log-workdir-missing", {"path": g["dir"], "detail": " (No such file or directory)"})
            if g.get("dir")
            else ("log-launch-env-missing", {"what": phrase("the-interpreter", interp=g["interp"])})
        ),
    ),
    _sig(  # Megatron-LM's arguments.py and parallel_state.py (23.04 to core 0.19), torchtitan's ParallelDims,
        # DeepSpeed's batch check (0.2 on), and torch's own (2.x): DeviceMesh's size and its one-rank-per-GPU guess,
        # FSDP's hybrid groups of one rank per visible GPU, new_group's ranks, pipelining's group: the world size
        # against the parallel sizes
        "parallel-layout-mismatch",
        (
            "Assertion failed: MPI size ",
            "world_size must equal to ",
            "is not divisible by",
            "Invalid parallel dims:",
            "micro_batch_per_gpu * gradient_acc_step * world_size ",
            "Mesh should not be bigger than default world size",
            "DeviceMesh only support homogeneous hardware",
            "must be divisible by 'group_size",
            "must not exceed the world size",
            "is out of range. Valid ranks are 0 to",
            "cannot be larger than number of stages",
        ),
        r"(?P<megatron>(?:decoder )?world[ _]size(?: \(\d+\))? is not divisible by [^\n]+?)\s*$|"
        r"Invalid parallel dims: (?P<dims>.+? != WORLD_SIZE\(\d+\))|"
        r"micro_batch_per_gpu \* gradient_acc_step \* world_size (?P<batch>\d+ != \d+ \* \d+ \* \d+)|"
        # TensorRT-LLM's worldConfig.cpp and its Python mapping: the MPI world against the parallel sizes
        r"(?P<trtllm>MPI size \d+ != TP size \d+ \* PP size \d+(?: \* CP Size \d+)?|"
        r"world_size must equal to [^,]+, but got [\d *!=]+?)\.?\s*(?:\(|$)|"
        r"(?P<torch>Mesh should not be bigger than default world size(?: \d+)?, but found \d+ ranks|DeviceMesh only "
        r"support homogeneous hardware, but found \d+ ranks and \d+ \w+ devices|The world size (?:\(\d+\) )?must be "
        r"divisible by 'group_size(?:=\d+)?'|The arg 'group_size' (?:\(\d+\) )?must not exceed the world size"
        r"(?: \(\d+\))?|Rank \d+ is out of range\. Valid ranks are 0 to \d+ \(world_size=\d+\)|Pipeline group size "
        r"\d+ cannot be larger than number of stages \d+)",
        lambda g: (
            "log-parallel-layout-mismatch",
            {
                "detail": _first_matched(
                    g,
                    {
                        "megatron": lambda g: g["megatron"],
                        "dims": lambda g: f"torchtitan: {g['dims']}",
                        "batch": lambda g: f"DeepSpeed's batch: {g['batch']}",
                        "trtllm": lambda g: f"TensorRT-LLM: {g['trtllm'].strip()}",
                    },
                    lambda g: f"torch: {g['torch']}",
                )
            },
        ),
    ),
    _sig(  # Megatron-LM's arguments.py (23.04 to core 0.19): a variable it checks in each rank's environment
        "required-env-unset",
        "setting the environment variable",
        r"requires? setting the environment variable (?P<var>[A-Z][A-Z0-9_]+) to (?P<value>\S+?)\.?\s*$",
        _name("log-required-env-unset"),
    ),
    _sig(  # Lightning's accelerator connector (1.6 on), Megatron's initialize.py, apptainer's --nv (1.0 on): no GPU
        "framework-no-gpu",
        (
            "can not run on your system since the accelerator is not available",
            "Megatron requires CUDA",
            "Could not find any nv libraries",
        ),
        r"`(?P<acc>(?:CUDA|GPU)Accelerator)` can not run on your system since the accelerator is not available|"
        r"(?P<megatron>Megatron requires CUDA)|(?P<nv>Could not find any nv libraries on this host)",
        lambda g: (
            "log-no-gpu-visible",
            {
                "detail": _first_matched(
                    g,
                    {
                        "acc": lambda g: phrase("lightning-accelerator", acc=g["acc"]),
                        "megatron": lambda g: " (Megatron requires CUDA)",
                    },
                    lambda g: PHRASES["apptainer-no-libraries"].en,
                )
            },
        ),
    ),
    _sig(  # PMIx 5.x's gds/shmem(2) attach: the ranks of a node could not attach their server's segment at its
        # address ("Your job will now likely abort"); PMIx 3 to 4.2's error log of its shared store's lock (gds
        # ds12/ds21), which jobs that ran print too (its finalize's rwlock, its init's on Slurm's PMIx)
        "pmix-shared-store",
        ("PMIX ERROR: ", "component attempted to attach to a shared-memory segment"),
        r"PMIX ERROR: (?P<status>[\w\-]+) in file (?P<file>gds_ds\d+_lock_pthread\.c|dstore_\w+\.c)|"
        r"The (?P<shmem>gds/shmem2?) component attempted to attach to a shared-memory segment",
        lambda g: (
            ("log-pmix-shared-store-failed", {"detail": phrase("pmix-base-address", shmem=g["shmem"])})
            if g.get("shmem")
            else ("log-pmix-store-lock-error", {"detail": f"{g['status']} in {g['file']}"})
        ),
    ),
    _sig(  # slurmstepd's memory accounting (jobacct_gather: "StepId=J.S" from 20.11, "Step J.S" before): the step
        # passed its --mem or --mem-per-cpu, and Slurm killed it
        "slurm-mem-limit",
        "exceeded memory limit (",
        r"(?P<who>StepId=\S+|Step \S+|Job \d+) exceeded (?P<virtual>virtual )?memory limit \((?P<used>\d+) > "
        r"(?P<limit>\d+)\), being killed",
        lambda g: (
            "log-rank-oom-killed",
            {
                "who": phrase("slurm-who", who=g["who"]),
                "detail": phrase(
                    "slurm-step-virtual-memory" if g.get("virtual") else "slurm-step-memory",
                    used=g["used"],
                    limit=g["limit"],
                ),
            },
        ),
    ),
    _sig(  # srun's option checks (every release; "Warning" up to 22.05): the per-node count it could not honour
        "slurm-ntasks-per-node-ignored",
        "can't honor --ntasks-per-node set to",
        r"can't honor --ntasks-per-node set to (?P<per_node>\d+) which doesn't match the requested tasks "
        r"(?P<tasks>\d+) with the (?:maximum )?number of requested nodes (?P<nodes>\d+)",
        _name("log-slurm-ntasks-per-node-ignored"),
    ),
    _sig(  # srun, salloc and sbatch with slurm_errno.c's texts of the accounting and QOS rules
        "slurm-submission-refused",
        (
            "accounting/QOS policy",
            "Invalid account or account/partition",
            "Invalid qos specification",
            "Requested time limit is invalid",
        ),
        r"(?P<tool>srun|sbatch|salloc): error: .*?(?P<error>Job violates accounting/QOS policy[^\n]*?|Invalid account "
        r"or account/partition combination specified|Invalid qos specification|Requested time limit is invalid"
        r"[^\n]*?)\s*$",
        _name("log-slurm-submission-refused"),
    ),
    _sig(  # NCCL's load of its network plugin, in each release's words: "Plugin load returned E : <dlerror>." (2.7 to
        # 2.18), "dlerror=<dlerror> No plugin found (...)" (2.19, 2.20), "... when loading <name>" (2.21, 2.22), and the
        # dlerror alone (2.23 on). A plugin that is not there is no fault (most jobs have none): only a plugin that
        # is there and fails to load, for a library it needs, is named.
        "nccl-net-plugin-unloadable",
        (
            "NET/Plugin : Plugin load",
            "NET/Plugin: Plugin load",
            "NET/Plugin : dlerror=",
            "NET/Plugin: /",
            "NET/Plugin: lib",
        ),
        r"NET/Plugin ?: (?:Plugin load (?:\(\S+\) )?returned -?\d+ : |dlerror=)?"
        r"(?!lib[nr]ccl-net\S*: cannot open shared object file)"
        r"(?P<error>[^\s:=]+\.so[^\s:]*: (?:undefined symbol|version `|cannot open shared object file|wrong ELF class)"
        r"[^\n]*?)(?: No plugin found \(.*| when loading .*)?\.?\s*$",
        _name("log-nccl-net-plugin-unloadable"),
    ),
    _sig(  # aws-ofi-nccl's GIN (1.19 on): GDRCopy, which it needs for device-initiated transfers, would not start
        "gdrcopy-unavailable",
        ("Failed to initialize GDRCopy", "GIN requires GDRCopy"),
        r"NET/OFI Failed to initialize GDRCopy: (?P<error>\S[^\n]*?)\s*$|"
        r"NET/OFI GIN requires GDRCopy (?P<error2>[\d.]+)\+ for forced PCIe copy support",
        lambda g: (
            "log-gdrcopy-unavailable",
            {"error": g.get("error") or phrase("gdrcopy-older", version=g["error2"])},
        ),
    ),
    _sig(  # Ray 1.x's services.py: the object store asked for more than the node's /dev/shm holds
        "ray-object-store-shm",
        "exceeds the capacity of /dev/shm",
        r"The configured object store size exceeds the capacity of /dev/shm",
        lambda g: (
            "log-shm-too-small",
            {"who": "Ray's object store", "path": "/dev/shm", "detail": PHRASES["ray-shm-larger"].en},
        ),
    ),
    _sig(  # glibc's dlerror texts, as a process raises them (Python's ImportError and OSError, the dynamic loader's own
        # "error while loading shared libraries"): a library this node's environment lacks or has in another release.
        # libcuda is the driver's (no GPU driver in this process's view) and NVML the driver's utility library; a
        # library's warning that the program goes on without (torchvision's image extension) is not raised.
        "library-unloadable",
        ("cannot open shared object file", "' not found (required by", ": undefined symbol: "),
        r"(?:ImportError|OSError|RuntimeError|error while loading shared libraries)\b[^\n]*?"
        r"(?P<error>(?P<lib>[^\s:'\"=]+\.so[\w.\-]*): (?:cannot open shared object file|"
        r"version `[^']+' not found(?: \(required by [^)]+\))?|undefined symbol: \S+))",
        lambda g: (
            ("log-no-gpu-visible", {"detail": phrase("libcuda-missing", lib=g["lib"])})
            if "libcuda.so" in g["lib"]
            else ("log-nvml-missing", {"detail": ""})
            if "libnvidia-ml.so" in g["lib"]
            else ("log-library-unloadable", {"error": g["error"]})
        ),
    ),
    _sig(  # ATen's CUDAContext.cpp check (torch 1.x to 2.x): a device index past the count taken when CUDA started
        "gpu-count-changed",
        "device < num_gpus INTERNAL ASSERT FAILED",
        r"device >= 0 && device < num_gpus INTERNAL ASSERT FAILED",
        _name("log-gpu-count-changed"),
    ),
    _sig(  # NVSHMEM 3.x's host library (transport.cpp, init.cu, the ibgda transport), as DeepEP's and SGLang's runs
        # print it: a transport that would not start, and the warnings that say why
        "nvshmem-transport-failed",
        (
            "init failed for transport:",
            "Unable to initialize any transports",
            "nvshmem detect topo failed",
            "nvshmem transport init failed",
            "nvshmem initialization failed",
            "cudaHostRegister with IoMemory failed",
            "cannot map UAR of device",
            "cannot allocate buffer on the specified memory type",
            "Unable to dlopen libibverbs. Skipping",
        ),
        r"init failed for transport: (?P<transport>\w+)|(?P<none>Unable to initialize any transports)|"
        r"(?P<init>nvshmem (?:detect topo|transport init|initialization) failed)|"
        r"(?P<uar>cudaHostRegister with IoMemory failed with error=\d+|GPU cannot map UAR of device \S+?)\.|"
        r"device (?P<nic>\S+) cannot allocate buffer on the specified memory type|"
        r"(?P<verbs>Unable to dlopen libibverbs)\. Skipping",
        lambda g: (
            "log-nvshmem-transport-failed",
            {
                "detail": _first_matched(
                    g,
                    {
                        "transport": lambda g: phrase("nvshmem-transport", transport=g["transport"]),
                        "none": lambda g: PHRASES["nvshmem-no-transport"].en,
                        "init": lambda g: f" ({g['init']})",
                        "uar": lambda g: PHRASES["nvshmem-doorbell"].en,
                        "nic": lambda g: phrase("nvshmem-nic-buffers", nic=g["nic"]),
                    },
                    lambda g: PHRASES["nvshmem-no-verbs"].en,
                )
            },
        ),
    ),
    _sig(  # NCCL's GIN (gin_host.cc, dev_runtime.cc, net_ib/gin.cc; 2.28.9 on) and DeepEP's check of it
        "nccl-gin-unavailable",
        (
            "No GIN-capable devices found",
            "GIN not supported.",
            "GIN is disabled.",
            "Unable to use GIN: ",
            "NCCL GIN is unavailable",
            "not all ranks in the communicator support GIN",
        ),
        r"(?P<detail>No GIN-capable devices found|GIN not supported|GIN is disabled|NCCL GIN is unavailable|"
        r"not all ranks in the communicator support GIN)|Unable to use GIN: (?P<gdr>Peermem is not supported[^\n]*?)"
        r"\.?\s*$",
        lambda g: (
            "log-nccl-gin-unavailable",
            {"detail": g.get("detail") or f"no GPUDirect RDMA: {g['gdr']}"},
        ),
    ),
    _sig(  # NVSHMEM's memory registration with the NIC (transport_ib_common.cpp, 3.x)
        "nvshmem-registration-failed",
        "mem registration failed. Reason: ",
        r"mem registration failed\. Reason: (?P<reason>Cannot allocate memory|Bad address)",
        _registration_failed("NVSHMEM"),
    ),
    _sig(  # NVSHMEM's symmetric heap (mem_heap.cpp, 3.x): its static size, or the growth its VMM heap is allowed
        "nvshmem-heap-exhausted",
        ("NVSHMEM symmetric size = ", "Not enough space for allocating memory"),
        r"exceeded NVSHMEM symmetric size = (?P<size>\d+)|mem_heap\.cpp:\S* non-zero status: \d+ (?P<vmm>Not enough "
        r"space for allocating memory)",
        lambda g: (
            "log-nvshmem-heap-exhausted",
            {
                "detail": f"NVSHMEM_SYMMETRIC_SIZE is {size_text(int(g['size']))}"
                if g.get("size")
                else "its heap reached NVSHMEM_MAX_MEMORY_PER_GPU"
            },
        ),
    ),
    _sig(  # NCCL's device-API version checks (dev_runtime.cc, 2.29.2 on) and DeepEP's own (2026)
        "nccl-device-api-mismatch",
        ("compiled with NCCL version", "NCCL compile-time and runtime versions must be the same"),
        r"[Cc]ompiled with NCCL version (?P<built>\d+(?:\.\d+)*), but is running with NCCL library version "
        r"(?P<running>\d+(?:\.\d+)*)|(?P<deepep>NCCL compile-time and runtime versions must be the same)",
        lambda g: (
            "log-nccl-device-api-mismatch",
            {
                "detail": f"built with {g['built']}, running {g['running']}"
                if g.get("built")
                else "DeepEP: the NCCL it was compiled with and the one it runs with differ"
            },
        ),
    ),
    _sig(  # torchrun's argparse (every release): an option whose value the launch script took from an unset variable
        "launcher-arg-empty",
        ": invalid int value: '",
        # empty, or a variable's name the shell left unexpanded (single quotes): not a value someone mistyped
        r"(?:torchrun|run\.py|launch\.py|__main__\.py): error: argument (?P<option>--[\w\-]+)(?:/--[\w\-]+)?: invalid "
        r"int value: '(?P<value>|\$[^']*)'",
        _name("log-launcher-arg-empty"),
    ),
    _sig(  # torchelastic's multiprocessing api.py (2.13 on): a worker that outlived SIGKILL, stuck in the kernel
        "worker-unkillable",
        "did not exit after SIGKILL within",
        r"Process (?P<pid>\d+) did not exit after SIGKILL within \d+s",
        _name("log-worker-unkillable"),
    ),
    _sig(  # DCP's async_save (2.x) and monitored_barrier: a process group with no backend for CPU tensors
        "cpu-backend-required",
        ("A CPU backend must be enabled for async save", "monitored_barrier requires a group with a CPU-capable"),
        r"A CPU backend must be enabled for async save|monitored_barrier requires a group with a CPU-capable backend",
        lambda g: ("log-cpu-tensor-gpu-backend", {}),
    ),
    _sig(  # Google's GPUDirect-TCPX plugin (nccl-plugin-gpudirecttcpx, 2024) and TCPXO's FasTrak (v1.0.12 to 1.0.17):
        # its daemon, its interfaces, its devices and its release, as the plugin's WARNs name them
        "gcp-gpudirect-tcpx",
        (
            "RxDM not ready on",
            "gpumem fd client connect failed",
            "failed against receive-datapath-manager",
            "No interfaces found for ctrl dev name",
            "NET/FasTrak",
            "NET/GPUDirectTCPX : no interface found",
            "Failed to create dmabuf importer context",
            "failed to initialize addr translator on NIC",
            "(shim) mismatch enforced",
        ),
        # the TCPXO daemon's own (buffer_mgmt_daemon, dmabuf_bridge): it could not open /dev/dmabuf_import_helper
        r"(?P<importer>Failed to create dmabuf importer context|Memory importer: failed to initialize addr translator "
        r"on NIC)|NCCL/NET \(shim\) mismatch enforced: (?P<enforced>\S+=\S+ \(expected [^)]+\))|"
        r"(?P<rxdm>RxDM not ready on \S+ after \d+ seconds)|(?P<fd>gpumem fd client connect failed)|"
        r"(?P<steer>failed against receive-datapath-manager)|"
        r"NET/FasTrak .*?(?P<ifname>No interfaces found(?: for ctrl dev name \S+)?|"
        r"Could not find closest netdev for GPU PCI \S+?|No files found matching /dev/aperture_devices/\*|"
        r"VERSION MISMATCH: [^,]+)[.)]?(?:,|\s|$)|"
        r"NET/GPUDirectTCPX : (?P<tcpx>no interface found)",
        lambda g: (
            "log-gcp-gpudirect-tcpx-failed",
            {
                "detail": _first_matched(
                    g,
                    {
                        "importer": lambda g: PHRASES["tcpx-importer"].en,
                        "rxdm": lambda g: phrase("tcpx-rxdm", rxdm=g["rxdm"]),
                        # Google's config checker shim: the node's guest config enforces a value the job changed
                        "enforced": lambda g: phrase("tcpx-enforced", enforced=g["enforced"]),
                        "fd": lambda g: PHRASES["tcpx-socket-missing"].en,
                        "steer": lambda g: PHRASES["tcpx-socket-missing"].en,
                        "ifname": lambda g: g["ifname"],
                    },
                    lambda g: PHRASES["tcpx-no-interface"].en,
                )
            },
        ),
    ),
    _sig(  # MPICH's and Intel MPI's OFI netmod (3.3 to 4.3): no libfabric provider for the network
        "mpi-ofi-no-provider",
        ("OFI addrinfo() failed", "OFI fi_getinfo() failed", "OFI call getinfo failed", "OFI getinfo() failed"),
        r"OFI (?:addrinfo\(\)|fi_getinfo\(\)|getinfo\(\)|call getinfo) failed (?P<detail>\([^)]*\))",
        lambda g: ("log-mpi-ofi-no-provider", {"detail": g["detail"][1:-1]}),
    ),
    _sig(  # MPICH's and Intel MPI's OFI endpoint (3.3 on): ENOMEM registering its queues, the locked-memory limit
        "mpi-ofi-ep-enomem",
        ("OFI EP enable failed", "OFI call ep_enable failed"),
        r"OFI (?:EP enable|call ep_enable) failed \([^)]*Cannot allocate memory\)",
        lambda g: ("log-memlock-too-low", {"detail": PHRASES["mpi-ofi-enomem"].en}),
    ),
    _sig(  # MPICH's simple PMI client and its PMI-2 (1.x to 4.3): a launcher that speaks none of them
        "mpi-pmi-mismatch",
        ("write_line error; fd=", "PMI_Init returned", "PMI2_Job_GetId returned", "PMI_Get_appnum returned"),
        r"(?P<detail>write_line error; fd=-?\d+|PMI_Init returned -?\d+|PMI2_Job_GetId returned -?\d+|PMI_Get_appnum "
        r"returned -?\d+)",
        _name("log-mpi-pmi-mismatch"),
    ),
    _sig(  # Hydra's proxies (MPICH 3.x to 4.3, Intel MPI 2019 on): the program is not on that node's PATH
        "hydra-execvp-failed",
        "execvp error on file ",
        r"execvp error on file (?P<file>\S+) \(No such file or directory\)",
        lambda g: ("log-mpi-exe-missing", {}),
    ),
    _sig(  # Intel MPI's Hydra (2021.x): the bootstrap proxy it starts on each host; 65280 is ssh's own 255
        "impi-bstrap-proxy",
        ("unable to run bstrap_proxy", "Unable to run bstrap_proxy"),
        r"[Uu]nable to run bstrap_proxy(?: on (?P<host>\S+))? \(pid \d+, exit code (?P<code>\d+)\)",
        lambda g: (
            (
                "log-ssh-launch-failed",
                {"error": phrase("impi-bootstrap-ssh", host=g.get("host") or PHRASES["a-host"].en)},
            )
            if g["code"] == "65280"
            else (
                "log-mpi-launch-failed",
                {"detail": phrase("impi-bootstrap-proxy", host=g.get("host") or PHRASES["a-host"].en)},
            )
        ),
    ),
    _sig(  # MPICH's Hydra and MVAPICH2's mpispawn: a rank killed by a signal
        "mpi-rank-signalled",
        ("KILLED BY SIGNAL: ", "EXIT STRING: Killed (signal", "terminated with signal "),
        r"KILLED BY SIGNAL: (?P<n1>\d+)|EXIT STRING: Killed \(signal (?P<n2>\d+)\)|"
        r"MPI process \(rank: (?P<rank>\d+), pid: (?P<pid>\d+)\) terminated with signal (?P<n3>\d+)",
        lambda g: _killed(
            _SIGNALS.get(int(g.get("n1") or g.get("n2") or g["n3"]), "signal"),
            int(g.get("n1") or g.get("n2") or g["n3"]),
            g,
        ),
    ),
    _sig(  # mpi4py 4 (_mpiabi.py): no libmpi this node can load
        "mpi4py-no-library",
        "cannot load MPI library",
        r"RuntimeError: cannot load MPI library",
        lambda g: ("log-library-unloadable", {"error": "mpi4py: cannot load MPI library (no libmpi it can load)"}),
    ),
    _sig(  # accelerate's prepare (0.20 on) and DDP's constructor (torch 1.x to 2.13): a model loaded across GPUs
        "model-spans-gpus",
        ("loaded with `device_map='auto'` in any distributed mode", "only work with single-device/multiple-device"),
        r"(?P<acc>loaded with `device_map='auto'` in any distributed mode)|device_ids and output_device arguments only "
        r"work with single-device/multiple-device GPU modules or CPU modules, but got device_ids (?P<ids>\[[^\]]*\])",
        lambda g: (
            "log-model-spans-gpus",
            {
                "detail": "from_pretrained's device_map='auto'"
                if g.get("acc")
                else f"its parameters on several GPUs, and DDP given device_ids {g['ids']}"
            },
        ),
    ),
    _sig(  # accelerate's state.py (0.27 on): an RTX 40-series GPU whose driver (before 550.40.07) breaks P2P and IB
        "accelerate-rtx4000-p2p",
        "Using RTX 4000 series doesn't support faster communication",
        r"Using RTX 4000 series doesn't support faster communication",
        lambda g: (
            "log-p2p-not-supported",
            {"detail": " (accelerate: an RTX 40-series GPU with a driver older than 550.40.07)"},
        ),
    ),
    _sig(  # DeepSpeed's engine (0.3 to 0.19): ZeRO's optimizer state saved by another number of data-parallel ranks
        "checkpoint-world-changed",
        "The checkpoint being loaded used a DP world size of",
        r"The checkpoint being loaded used a DP world size of (?P<saved>\d+) but the current world size is "
        r"(?P<now>\d+)",
        _name("log-checkpoint-world-changed"),
    ),
    _sig(  # SGLang's data-parallel controller and engine (0.4 on): a scheduler process that a signal ended
        "sglang-scheduler-died",
        "Scheduler or DataParallelController ",
        r"Scheduler or DataParallelController (?P<pid>\d+) terminated with (?P<code>-?\d+)",
        _exitcode,
    ),
    _sig(  # Ray Tune's insufficient-resources manager (2.x), for a Trainer or a trial: the job waits for resources
        "ray-train-not-started",
        ("Training has not started in the last", "no new trial has been started within the last"),
        r"(?:Training has not started|No trial is running and no new trial has been started) (?:with)?in the last \d+ "
        r"seconds\..*?You asked for (?P<ask>[\d.]+ CPUs and [\d.]+ GPUs)",
        lambda g: ("log-ray-resources-short", {"detail": f"Ray Train asked for {g['ask']} and never started"}),
    ),
    _sig(  # Ray Train V2's worker group (2.4x on) and vLLM's Ray data parallelism (0.9 on): more than the cluster has
        "ray-cluster-too-small",
        ("Insufficient cluster resources to launch training workers", "Not enough resources to allocate"),
        r"(?P<detail>Insufficient cluster resources to launch training workers|Not enough resources to allocate \d+ "
        r"(?:DP ranks on DP master node \S+?|placement groups)),?",
        lambda g: ("log-ray-resources-short", {"detail": g["detail"]}),
    ),
    _sig(  # Ray Train's process group (ray/train/torch/config.py, 2.x): where a log that ends there stopped
        "ray-train-pg-init",
        "Setting up process group for: ",
        r"Setting up process group for: (?P<method>\S+) \[rank=\d+, world_size=(?P<world>\d+)\]",
        lambda g: (PG_INIT, {"detail": f"Ray Train, world size {g['world']}, {g['method']}"}),
    ),
    _sig(  # vLLM V1's data-parallel ranks over nodes (v1/engine/utils.py, 0.9 on): GPUs and ranks each node was given
        "vllm-dp-layout",
        (
            "Error setting CUDA_VISIBLE_DEVICES: local range",
            "Error computing device indices for CUDA_VISIBLE_DEVICES",
            "with unexpected data parallel rank",
            "expected it to be local",
            "expected it to be remote",
        ),
        r"(?:Error setting|Error computing device indices for) CUDA_VISIBLE_DEVICES: local range: \[(?P<lo>\d+), "
        r"(?P<hi>\d+)\)|(?P<layout>Message from engine with unexpected data parallel rank: \d+|HELLO message from "
        r"(?:remote|local) engine \d+, expected it to be (?:local|remote))",
        lambda g: (
            ("log-parallel-layout-mismatch", {"detail": f"vLLM: {g['layout']}"})
            if g.get("layout")
            else (
                "log-gpus-requested-unseen",
                {"requested": f"{g['lo']} to {int(g['hi']) - 1} (vLLM's data-parallel ranks of this node)"},
            )
        ),
    ),
    _sig(  # vLLM V1's front-end (core_client.py, 0.9 to 0.11; the missing space is its own): no engine reported in
        "vllm-engines-silent",
        "Timed out waiting for engines to send",
        r"Timed out waiting for (?:new )?engines to send ?initial message on input socket",
        lambda g: ("log-serving-head-unreachable", {"who": "vLLM's front-end", "detail": "no engine reported in"}),
    ),
    _sig(  # vLLM V1's multiprocess executor (0.9 on): a worker that did not answer within its deadline
        "vllm-rpc-timeout",
        "RPC call to ",
        r"RPC call to (?P<method>\w+) timed out",
        lambda g: (
            "log-serving-worker-stuck",
            {
                "who": phrase("vllm-executor", method=g["method"]),
                "waited": PHRASES["vllm-rpc-timeout"].en,
            },
        ),
    ),
    _sig(  # vLLM's DeepEP v2 all-to-all (0.34): GIN is what it needs between nodes
        "vllm-deepep-gin",
        "DeepEPv2 requires NCCL GIN",
        r"DeepEPv2 requires NCCL GIN",
        lambda g: ("log-nccl-gin-unavailable", {"detail": "vLLM's DeepEP v2 requires it"}),
    ),
    _sig(  # SGLang's server_args.py (0.4 on): tensor and pipeline parallelism spread evenly over the nodes
        "sglang-tp-nodes",
        "must be divisible by number of nodes",
        r"(?P<what>tp_size) must be divisible by number of nodes",
        lambda g: (
            "log-parallel-layout-mismatch",
            {"detail": "SGLang: tp_size (times pp_size) must be divisible by number of nodes"},
        ),
    ),
    _sig(  # Ray Train V2's collectives between its workers (2.4x on): they name the ranks that never joined
        "ray-train-collective-timeout",
        "The following ranks have not joined the collective operation",
        r"The collective operation timed out after (?P<timeout>[\d.]+) seconds\. The following ranks have not joined "
        r"the collective operation: \[(?P<ranks>[\d, ]+)\]",
        lambda g: (
            "log-rank-missing",
            {"ranks": g["ranks"], "timeout": f"{g['timeout']} s", "where": "Ray Train's collective"},
        ),
    ),
    _sig(  # Mooncake's transfer engine (v0.2 to 0.3.12), SGLang's and vLLM's disaggregation (0.4 on), NIXL's
        # listener (0.5 on): a peer's handshake port, the metadata or bootstrap server, a side channel that is not there
        "kv-transfer-unreachable",
        (
            "SocketHandShakePlugin: connect()",
            "SocketHandShakePlugin: failed to get IP address of peer",
            "EtcdStoragePlugin: unable to connect",
            "Error fetching prefill server info from bootstrap",
            "Listener thread could not connect to IP",
            "Remote NIXL agent engine ID mismatch",
            "TcpTransport::getConnection failed",
        ),
        r"(?P<detail>SocketHandShakePlugin: connect\(\) ?\S+: [^\[\n]*|"
        r"SocketHandShakePlugin: failed to get IP address of peer server \S+|EtcdStoragePlugin: unable to connect \S+|"
        r"Error fetching prefill server info from bootstrap|"
        r"Listener thread could not connect to IP \S+ and port \d+|Remote NIXL agent engine ID mismatch|"
        r"TcpTransport::getConnection failed to create connection to \S+?)(?:[.\s,:]|$)",
        lambda g: ("log-kv-transfer-unreachable", {"detail": g["detail"].strip()}),
    ),
    _sig(  # Mooncake's RDMA transport (v0.2 on) and SGLang's and vLLM's report of it: no NIC it could use
        "kv-transfer-init-failed",
        (
            "Mooncake Transfer Engine initialization failed",
            "RdmaTransport: No available RNIC",
            "No RDMA devices found, check your device installation",
            "please check your GID index by specifying MC_GID_INDEX",
            "No suitable GID found on",
            "port not active",
        ),
        # rdma_context.cpp names the device it gave up on first: a port that is down, no GID it could choose
        r"(?P<detail>Mooncake Transfer Engine initialization failed|No available RNIC|No RDMA devices found|GID is "
        r"NULL, please check your GID index|No suitable GID found on [\w.-]+|Device [\w.-]+ port not active)",
        lambda g: ("log-kv-transfer-init-failed", {"detail": g["detail"]}),
    ),
    _sig(  # Mooncake's rdma_context.cpp (v0.2 on): registering memory with the NIC
        "mooncake-register-failed",
        ("Failed to register memory 0x", "DMA BUF supported required for GPU RDMA"),
        r"Failed to register memory 0x[0-9a-f]+: (?P<reason>Bad address|Cannot allocate memory)|(?P<dmabuf>DMA BUF "
        r"supported required for GPU RDMA without nvidia-peermem)",
        _registration_failed("Mooncake"),
    ),
    _sig(  # ProcessGroupNCCL's fetch of the unique id (torch 2.x): the store's connection broke under it, so the
        # process that served the store (node 0's agent, or rank 0 under env://) had gone
        "nccl-unique-id-store-lost",
        ("got error: Broken pipe", "got error: Connection reset by peer"),
        r"retr(?:ie|ei)ving ncclUniqueId from \[\d+\] via c10d key-value store by key '[^']*', "
        r"but store->get\('[^']*'\) got error: (?:Broken pipe|Connection reset by peer)",
        lambda g: ("log-store-closed", {}),
    ),
    _sig(  # Slurm's gres.c (srun, sbatch, salloc): GPU, task and CPU options of one request that contradict each
        # other; the "Invalid generic resource (gres) specification" below it is the error code it then returns
        "slurm-job-spec-invalid",
        "Failed to validate job spec",
        r"(?:(?P<tool>srun|sbatch|salloc): error: )?Failed to validate job spec[.,] (?P<error>\S[^\n]*?)\s*$",
        lambda g: ("log-slurm-options-conflict", {"tool": g.get("tool") or "Slurm", "error": g["error"]}),
    ),
    _sig(  # UCX's mm transport (uct/sm/mm, every release): its receive FIFO is a shared-memory segment
        "ucx-mm-fifo",
        "failed to allocate receive FIFO",
        r"mm_iface failed to allocate receive FIFO",
        lambda g: (
            "log-shm-too-small",
            {"who": "UCX", "path": "/dev/shm", "detail": PHRASES["ucx-receive-fifo"].en},
        ),
    ),
    _sig(  # TCPStore.cpp (torch 2.3+): the client sends its pid and expects it back; another value came back
        "store-ping-foreign",
        "invalid value returned from server",
        r"(?:connect/validate to host (?P<host>\[[^\]]+\]|[^\s:\[]+):(?P<port>\d+) - [^\n]*?)?Ping failed, invalid "
        r"value returned from server\. Expected: (?P<expected>\d+), Got: (?P<got>\d+)",
        lambda g: (
            "log-store-port-foreign",
            {
                "addr": (g.get("host") or "MASTER_ADDR").strip("[]"),
                "port": g.get("port") or "MASTER_PORT",
                "detail": f"expected {g['expected']}, got {g['got']}",
            },
        ),
    ),
    _sig(  # UCX's ib_device.c (1.10 on; "for USAGE" since 1.12): an address handle for a peer of a UD, DC or SRD
        # endpoint, which on RoCE resolves the peer's address from the GID's interface
        "ucx-create-ah",
        ("ibv_create_ah(", " connect on ", "SRD AH on ", "DC pure grant on "),
        r"ibv_create_ah\([^\n]*?\)(?: for [^\n]*? on (?P<dev>[\w.\-]+)| on (?P<dev2>[\w.\-]+))? (?:failed: )?"
        r"(?P<error>No such device|Connection timed out|Network is unreachable|No route to host|Invalid argument)|"
        r"\bfor (?:UD|DC|RC|SRD)\b[\w ]*? on (?P<dev3>[\w.\-]+) failed: (?P<error2>No such device|Connection timed "
        r"out|Network is unreachable|No route to host|Invalid argument)",
        _address_handle,
    ),
    _sig(  # TensorPipe (torch.distributed.rpc): a verbs call of its ibv helpers or transport that failed
        "tensorpipe-ibv",
        ("tensorpipe/common/ibv", "tensorpipe/transport/ibv"),
        r'In [^\n]*? at tensorpipe/(?:common/ibv|transport/ibv/\w+)\.(?:h|cc):\d+ "[^"\n]*": (?P<error>[^\n]+?)\s*$',
        _name("log-tensorpipe-ibv-failed"),
    ),
    _sig(  # pyzmq's ZMQError (vLLM's, SGLang's and Dynamo's sockets between their processes), with the address
        # where pyzmq (22 on) gives it
        "zmq-address-in-use",
        "ZMQError: Address already in use",
        r"ZMQError: Address already in use(?: \(addr='(?:\w+://)?(?P<addr>[^'\n]*?):(?P<port>\d+)'\))?",
        lambda g: (
            "log-port-in-use",
            {"port": g.get("port") or PORT_UNSAID, "who": "ZeroMQ (pyzmq)"},
        ),
    ),
    _sig(  # Slurm's task/affinity plugin (dist_tasks.c): a map_cpu or mask_cpu binding, such as an outer job's
        # SLURM_CPU_BIND inherited by a job submitted from inside it, naming CPUs outside the step; srun's report of
        # slurmd's ESLURMDCPU_BIND_ERROR (slurm_errno.c) alone, without the task launch it failed
        "slurm-cpu-bind",
        ("CPU binding outside of job step allocation", CPU_BIND_ERROR),
        rf"(?P<error>CPU binding outside of job step allocation, allocated CPUs are: \S+?)\.?\s*$|"
        rf"(?:srun: error: (?:Application launch failed: )?|^\W*)(?P<alone>{CPU_BIND_ERROR})\s*$",
        lambda g: ("log-slurm-cpu-bind-failed", {"error": g.get("error") or g["alone"]}),
    ),
    _sig(  # NIXL's UCX backend (src/plugins/ucx/ucx_utils.cpp): its check of the UCX context for GPU memory types,
        # and its registration of GPU memory that UCX then reports as host memory
        "nixl-ucx-no-cuda",
        ("UCX CUDA support was not found", "VRAM memory is detected as host by UCX"),
        r"NVIDIA GPU\(s\) were detected, but UCX CUDA support was not found|VRAM memory is detected as host by UCX",
        _name("log-ucx-no-gpu-memory"),
    ),
    _sig(  # NCCL 2.28+'s GIN GDAKI backend (transport/net_ib/gdaki/gin_host_gdaki.cc, DOCA GPUNetIO): its WARNs, its
        # error-return trace, a backtrace through it
        "nccl-gin-gdaki",
        "gin_host_gdaki.cc",
        # NCCL names a source file only in its WARNs and its trace of a failure's return ("file.cc:N -> 2")
        r"gin_host_gdaki\.cc(?:[^\n]*?NCCL WARN (?P<warn>[^\n]+?)\s*$)?",
        lambda g: ("log-nccl-gin-gdaki-failed", {"detail": f" ({g['warn']})" if g.get("warn") else ""}),
    ),
    _sig(  # Ray's worker.py (2.9 on): a worker maps the GPU indices Ray gave it through the CUDA_VISIBLE_DEVICES (or
        # other accelerator mask) it started with, "original_ids[i]": a traceback through it is that mask too short
        "ray-visible-ids-preset",
        "get_accelerator_ids_for_accelerator_resource",
        r"\bin get_accelerator_ids_for_accelerator_resource\s*$|"
        r"= worker\.get_accelerator_ids_for_accelerator_resource\(",
        lambda g: ("log-ray-visible-devices-preset", {}),
    ),
    _sig(  # NCCL's and RCCL's P2P transport (transport/p2p.cc) exporting a buffer to a process of the same machine:
        # RCCL's hipIpcGetMemHandle, and the HIP runtime's "invalid device pointer" for memory it would not export
        "nccl-p2p-ipc-export",
        ("IpcGetMemHandle failed", "'invalid device pointer'"),
        r"(?P<call>(?:hip|cuda)IpcGetMemHandle) failed\s*:?\s*(?P<error>[^(\n]*?)\s*(?:\(|$)|"
        r"p2p\.cc:\d+ NCCL WARN (?:Cuda|HIP) failure '(?P<pointer>invalid device pointer)'",
        lambda g: (
            "log-gpu-ipc-failed",
            {"error": f"{g['call']}: {g['error']}" if g.get("call") else f"P2P transport: {g['pointer']}"},
        ),
    ),
    _sig(  # Mooncake's RDMA endpoint (rdma_transport/rdma_endpoint.cpp, glog's PLOG): ibv_create_qp refused the
        # reliable-connection queue pair its "rdma" protocol uses, which AWS EFA's devices do not offer
        "mooncake-qp-unsupported",
        "Failed to create QP: Operation not supported",
        r"rdma_endpoint\.cpp:\d+\] Failed to create QP: Operation not supported",
        _name("log-rdma-qp-unsupported"),
    ),
    _sig(  # the AWS Neuron runtime (Trainium, Inferentia) building its communicator across instances
        "neuron-global-comm",
        "Nrt::BuildGlobalComm failed",
        r"Nrt::BuildGlobalComm failed on NeuronCores (?P<cores>\S+?):?\s+nrt_status=(?P<status>\d+)",
        _name("log-neuron-comm-failed"),
    ),
    _sig(  # oneCCL's Level Zero IPC (ze_fd_manager.cpp): it lists the GPUs under /dev/dri/by-path, which a container
        # given only /dev/dri's device nodes does not have
        "oneccl-device-dir",
        "could not open device directory",
        r"oneCCL: ze_fd_manager\.cpp:\d+ \w+: EXCEPTION: opendir failed: could not open device directory",
        _name("log-oneccl-device-dir-missing"),
    ),
    _sig(  # XLA (torch_xla over TPU, Neuron or GPU devices): a rank's program placed on a device index the process
        # does not see
        "xla-device-unavailable",
        "was explicitly assigned to",
        r"was explicitly assigned to \S*?/device:[A-Z_]+:\d+ but available devices are",
        lambda g: ("log-invalid-device-ordinal", {}),
    ),
    _sig(  # NCCL 1.x (2015-2017, one process driving a node's GPUs): its WARN macro printed the source file, and
        # core.cu held its communicator setup; NCCL 2's WARNs say "NCCL WARN" after a host:pid:tid prefix
        "nccl1-core",
        "WARN src/core.cu:",
        r"(?<!\S)WARN src/core\.cu:\d+ (?P<detail>.+?)\s*$",
        lambda g: (NCCL_1, {"version": "1.x", "detail": g["detail"]}),
    ),
    _sig(  # argparse's exit (every Python): the job's script refused the command line a launcher ran it with
        "script-args-rejected",
        (": error: the following arguments are required", ": error: unrecognized arguments", ": error: argument "),
        r"(?<!\S)(?P<script>[^\s:]{1,200}): error: (?P<detail>the following arguments are required: .+?|"
        r"unrecognized arguments: .+?|argument [^:]+: .+?)\s*$",
        _name("log-script-args-rejected", inserted_class="args-as-given"),
    ),
    _sig(  # DeepSpeed's launcher/launch.py logs each worker's command: --local_rank=N ahead of the script's own
        "deepspeed-spawn-local-rank-first",
        "spawned with command:",
        r"spawned with command: \[.*?'--local_rank=\d+', '",
        lambda g: (LOCAL_RANK_FIRST, {}),
    ),
    _sig(  # accelerate's launcher (commands/launch.py) and others that refuse an older torch: "requires pytorch>=1.9.1"
        "torch-too-old",
        ("requires pytorch", "requires PyTorch", "requires torch", "requires Pytorch"),
        # a warning that turns a feature off ("... requires torch>=2.0, disabling it") is no failure
        r"^(?!.*(?i:warn|disabl|fall(?:ing)? ?back|skipp))"
        r".*\brequires (?:py)?torch\s*(?:>=|≥|version\s*>=?|version)\s*(?P<version>\d+\.\d+(?:\.\d+)?)",
        _name("log-torch-too-old"),
    ),
    _sig(  # DeepSpeed's mpi_discovery (comm/comm.py, utils/distributed.py before 0.6): MPI's size against torch's
        "deepspeed-mpi-world-mismatch",
        "does not match torch world size",
        r"MPI world size (?P<mpi>\d+) does not match torch world size (?P<torch>\d+)",
        _name("log-mpi-world-mismatch"),
    ),
    _sig(  # Ray's placement group scheduling strategy (util/placement_group.py's bundle index check)
        "ray-bundle-index-invalid",
        "placement group bundle index",
        r"placement group bundle index (?P<index>-?\d+) is invalid\. Valid placement group indexes: (?P<valid>\S+)",
        _name("log-ray-bundle-index-invalid"),
    ),
    _sig(  # Python's int() of a Slurm count in its compressed form: SLURM_TASKS_PER_NODE's "2(x3),1"
        "slurm-count-compressed",
        "invalid literal for int() with base 10: '",
        r"invalid literal for int\(\) with base 10: "
        r"'(?P<value>(?:\d+(?:\(x\d+\))?,)*\d+\(x\d+\)(?:,\d+(?:\(x\d+\))?)*)'",
        _name("log-slurm-count-compressed"),
    ),
    _sig(  # vLLM's data-parallel Ray backend (v1/engine/utils.py): one node:<ip> key per node expected
        "vllm-ray-node-ip-keys",
        "Zero or multiple node IP keys found",
        r"Zero or multiple node IP keys found in node resources",
        _name("log-ray-node-ip-keys"),
    ),
    _sig(  # libnvidia-container's cli (the hook enroot, pyxis, LXC and the toolkit's runtime call): setting up the
        # container's GPUs inside its root filesystem failed; its initialization errors are the driver's
        "container-hook-failed",
        ("nvidia-container-cli: container error: ", "nvidia-container-cli: mount error: "),
        r"nvidia-container-cli: (?P<detail>(?:container|mount) error: .+?)(?:: unknown\.?)?\s*$",
        _name("log-container-hook-failed"),
    ),
    _sig(  # torch.distributed.rpc (rpc_agent, 1.6 on): a call past its timeout, marked with an error
        "rpc-timeout",
        "RPC ran for more than set timeout",
        r"RPC ran for more than set timeout \((?P<timeout>\d+ ms)\)",
        _name("log-rpc-timeout"),
    ),
    _sig(  # TensorPipe's uv transport (torch.distributed.rpc, tensorpipe/transport/uv/listener.cc): the listener
        # could not bind the address it chose for this host, the interface of TP_SOCKET_IFNAME or the host name's
        "tensorpipe-listen",
        "tensorpipe/transport/uv/listener",
        # its uv errors inside the quote ('"rv < 0: invalid argument"'), others after it
        r'In [^\n]*? at [^\n]*?tensorpipe/transport/uv/listener\.cc:\d+ "(?:[^"\n]*?: )?(?P<quoted>[^"\n:]+)"'
        r"(?:: (?P<error>[^\n]+?))?\s*$",
        lambda g: ("log-tensorpipe-listen-failed", {"error": g.get("error") or g["quoted"]}),
    ),
    _sig(  # TensorPipe's agent (torch.distributed.rpc, tensorpipe_agent.cpp): a request whose connection failed
        "tensorpipe-refused",
        "encountered error when sending outgoing request",
        r"RPC agent for (?P<worker>\S+) encountered error when sending outgoing request #\d+ to (?P<peer>\S+?): "
        r"ECONNREFUSED",
        _name("log-rpc-connect-refused"),
    ),
    _sig(  # DeepSpeed's multinode runner (launcher/runner.py) logging the pdsh command: an export whose value holds a
        # "(" unquoted, such as Slurm's compressed counts (SLURM_JOB_CPUS_PER_NODE=64(x2)), is a syntax error in bash
        "deepspeed-pdsh-export-unquoted",
        "cmd = pdsh ",
        r"cmd = pdsh .*?\bexport (?P<var>\w+)=(?P<value>[^\s;'\"]*\([^\s;'\"]*);",
        _name("log-launcher-export-unquoted"),
    ),
    _sig(  # Fast-LLM's barrier check (engine/distributed): a value every rank computes, hashed, differs
        "fast-llm-desync",
        "Desync detected for barrier",
        r"Desync detected for barrier (?P<barrier>.+?) \((?P<detail>\d+ != \d+)\)",
        _name("log-ranks-desync"),
    ),
    _sig(  # torch.utils.cpp_extension (every release): where it builds and loads JIT extensions (DeepSpeed's ops)
        "torch-extensions-root",
        "as PyTorch extensions root",
        r"Using\s+(?P<root>\S+) as PyTorch extensions root",
        lambda g: (EXTENSIONS_ROOT, dict(g)),
    ),
    _sig(  # c10d's check of a collective's inputs (ProcessGroupNCCL, Gloo, and torch_npu's HCCL alike)
        "tensor-not-contiguous",
        "Tensors must be contiguous",
        r"(?:Error|error)\b[^\n]*?: Tensors must be contiguous",
        _name("log-tensor-not-contiguous"),
    ),
    _sig(  # Lightning 1.x's DDP plugin (_call_children_scripts): the source line its traceback shows, in a process
        # whose local rank a launcher had already set
        "lightning-children-assert",
        "assert self.local_rank == 0",
        r"assert self\.local_rank == 0\s*$",
        _name("log-lightning-spawns-again"),
    ),
    _sig(  # HCCL's cluster exception report (Ascend's torch_npu): the device whose heartbeat stopped
        "hccl-heartbeat-lost",
        "Heartbeat Lost Occurred",
        r"Cluster Exception Location\[IP/ID\]:\[(?P<device>[^\]]+)\].*?ExceptionType:\[Heartbeat Lost Occurred\]",
        _name("log-hccl-heartbeat-lost"),
    ),
    _sig(  # elastic/agent/server/api.py _rendezvous (torch 1.9 to 2.13): "[default] Rendezvous'ing worker group",
        # followed by "Rendezvous complete for workers" once the nodes met
        "elastic-rendezvous-started",
        "Rendezvous'ing worker group",
        r"\[[\w-]+\] Rendezvous'ing worker group",
        lambda g: (RDZV_STARTED, {}),
    ),
    _sig(  # torch/distributed/launcher/api.py (1.9 on): the launch configs it logs, a key and its value per line
        # (glued into one line where a paste lost the breaks); the value may be empty
        "elastic-launch-endpoint",
        "rdzv_endpoint",
        r"\brdzv_endpoint +: (?P<endpoint>(?:(?!rdzv_configs\b)\S+)?)",
        lambda g: (RDZV_ENDPOINT, {"endpoint": g["endpoint"]}),
    ),
    _sig(  # ibvwrap.cc's "Call to ibv_reg_mr[_iova2] failed with error %s" (2.13 on) and UCX's "ibv_reg_mr(address=..,
        # length=.., access=..) failed: %m" with EFAULT or EINVAL: the kernel refused the pages themselves (ENOMEM, the
        # locked-memory limit, is memlock-reg-mr's)
        "ib-reg-mr-rejected",
        "ibv_reg_mr",
        r"(?P<call>ibv_reg_mr\w*)(?:\([^()]*\))? failed(?: with error)? ?:? (?P<error>Bad address|Invalid argument)",
        lambda g: ("log-ib-reg-mr-rejected", {"call": g["call"], "error": g["error"]}),
    ),
    _sig(  # a launcher's word that the job's processes finished well: DeepSpeed's launch.py ("Process N exits
        # successfully."), torchrun's agent (elastic/agent/server/api.py, 1.9 on: "WorkerState.SUCCEEDED")
        "run-succeeded",
        ("exits successfully", "WorkerState.SUCCEEDED"),
        r"Process \d+ exits successfully\.|Local worker group finished \(WorkerState\.SUCCEEDED\)",
        lambda g: (CLEAN, {}),
    ),
    _sig(  # enroot's docker.sh: a registry's refusal of the manifest it asked for. A reference whose registry was read
        # as the first part of a Docker Hub name (enroot separates a registry with "#"; pyxis before 0.20 passed
        # "public.ecr.aws/x/y" on as such): registry-1.docker.io asked for a path that starts with a host name
        "enroot-registry-in-name",
        "registry-1.docker.io/v2/",
        r"URL https://registry-1\.docker\.io/v2/(?P<registry>[a-z0-9\-]+(?:\.[a-z0-9\-]+)+(?::\d+)?)/(?P<image>\S+?)"
        r"/manifests/(?P<tag>\S+) returned error code: (?P<code>\d{3}(?: [A-Za-z ]+)?)",
        lambda g: (
            "log-enroot-registry-in-name",
            {"registry": g["registry"], "image": g["image"], "tag": g["tag"], "code": g["code"].strip()},
        ),
    ),
    _sig(  # the Neuron runtime (NRT, 2.x): the NeuronCores a process asked for are held by another (a run's leftover
        # workers) or are not this process's to take
        "neuron-cores-unavailable",
        "NeuronCore(s) not available",
        r"NeuronCore\(s\) not available - Requested:(?P<requested>\S+) Available:(?P<available>\d+)",
        lambda g: ("log-neuron-cores-unavailable", {"requested": g["requested"], "available": g["available"]}),
    ),
    _sig(  # a backend that cannot carry a tensor's dtype: ProcessGroupNCCL's getNcclDataType ("Input tensor data type
        # is not supported for NCCL process group: T", 1.9 on; "Unconvertible NCCL type T" before), its Float8 reduction
        # check, and torch_npu's HCCL ("HCCL AllReduce & Reduce: Unsupported data type at::kByte/at::kBool")
        "collective-dtype-unsupported",
        ("not supported for NCCL process group", "Unconvertible NCCL type", "Unsupported Float8 type", "HCCL "),
        r"(?P<backend>NCCL) process group: (?P<dtype>\w+)|Unconvertible (?P<backend2>NCCL) type (?P<dtype2>\w+)|"
        r"Unsupported (?P<dtype3>Float8) type for (?P<backend3>NCCL) reduction|"
        # (a paste may glue the traceback's first line to the type: "at::kBoolTraceback (most recent call last)")
        r"(?P<backend4>HCCL) [\w &]+: Unsupported data type "
        r"(?P<dtype4>at::k[A-Za-z0-9]+?(?:/at::k[A-Za-z0-9]+?)*)(?=Traceback\b|[^A-Za-z0-9]|$)",
        lambda g: (
            "log-collective-dtype-unsupported",
            {
                "backend": g.get("backend") or g.get("backend2") or g.get("backend3") or g.get("backend4", ""),
                "dtype": g.get("dtype") or g.get("dtype2") or g.get("dtype3") or g.get("dtype4", ""),
            },
        ),
    ),
    _sig(  # torch_xla's xla_model.py (1.x on, XRT and PJRT alike): replication across the device kind's cores, where
        # the process holds fewer: it took an XLA device (xm.xla_device()) before xmp.spawn or its strategy started the
        # replicas, Lightning's FAQ says
        "xla-replication-devices",
        "Cannot replicate if number of devices",
        r"Cannot replicate if number of devices \((?P<have>\d+)\) is different from (?P<want>\d+)",
        lambda g: ("log-xla-device-before-spawn", {"have": g["have"], "want": g["want"]}),
    ),
    _sig(  # torchrun's --rdzv-id defaults to the string "none" (run.py, 1.9 on); the agent names each run's log
        # directory "<run id>_<random>" (local_elastic_agent.py, 1.9 on) and lists its launch config's run_id
        "run-id-default-log-dir",
        "log directory set to",
        r"log directory set to: \S*/none_\w+",
        lambda g: (RUN_ID_DEFAULT, {}),
    ),
    _sig(
        "run-id-default-config",
        "run_id",
        r"\brun_id\s+: none(?:\s|$)",
        lambda g: (RUN_ID_DEFAULT, {}),
    ),
    _sig(  # ColossalAI's `colossalai run` (cli/launcher/multinode_runner.py, 0.1 on): a node's command that failed,
        # with whether the launcher took that host for the machine it runs on (run there without ssh)
        "colossalai-run-failed",
        "is localhost: ",
        r"failed to run .+? on (?P<host>\S+), is localhost: (?P<local>True|False), exception: (?P<error>.{1,120}?)\s*$",
        lambda g: (
            "log-colossalai-run-failed",
            {"hosts": g["host"], "why_class": "colossalai-run-failed", "local": g["local"], "error": g["error"]},
        ),
    ),
    _sig(  # torch's c10d rendezvous backend (c10d_rendezvous_backend.py, 1.9 on) raises RendezvousConnectionError
        # for whatever its store call raised: a traceback through this frame is the store's failure, where a paste
        # cut the traceback before its exception
        "rdzv-store-call-frame",
        "in _call_store",
        r'c10d_rendezvous_backend\.py", line \d+, in _call_store\b',
        lambda g: (STORE_CALL, {}),
    ),
    _sig(  # misc/socket.cc (2.16 to 2.29; an INFO that discards the connection from 2.30): a connection of another
        # socket type than the listener's. Type 3 is NET/Socket's, 4 NET/IB's (include/socket.h): a peer that set
        # up its side over the other network than this rank
        "nccl-socket-type-mixed",
        "wrong type",
        r"socketFinalizeAccept(?: from \S+)?: wrong type (?P<peer>[34]) != (?P<own>[34])\b",
        lambda g: (
            "log-nccl-net-transport-mixed",
            {"peer_class": _NET_OF_SOCKET_TYPE[g["peer"]], "own_class": _NET_OF_SOCKET_TYPE[g["own"]]},
        ),
    ),
    _sig(  # torchrun's workers connecting to the store at this host's getfqdn(), where that is the PTR name of an
        # address (macOS, a host name in no DNS): socket.cpp's gai warning, which no other host name it reads comes to
        "store-host-ptr-name",
        "network addresses of",
        # socket.cpp's words for the lookup; a paste may break the line anywhere after them
        r"network addresses of\s*\((?P<host>\S+\.(?:ip6|in-addr)\.arpa),\s*\d+\)",
        _name("log-store-host-ptr-name"),
    ),
    _sig(  # aws-ofi-nccl's tuner for NCCL's v1/v2 tuner interfaces (1.9 to 1.16): an error where NCCL_ALGO or
        # NCCL_PROTO is set, which fails the communicator; later releases fall back to NCCL's own tuner
        "nccl-ofi-tuner-refused",
        "The tuner plugin can not be loaded",
        r"The tuner plugin can not be loaded when explicitly choosing an algorithm or protocol(?!.*Defaulting to)",
        _name("log-nccl-ofi-tuner-refused"),
    ),
    _sig(  # torch's DataLoader worker's SIGSEGV handler (DataLoader.cpp, every release)
        "dataloader-worker-segv",
        "segmentation fault encountered in worker",
        r"Unexpected segmentation fault encountered in worker",
        _name("log-dataloader-worker-segfault"),
    ),
    _sig(  # glibc's dynamic loader (dl-tls.c): the TLS generation assertion of the race between a thread's start and a
        # library's load, which glibc fixed in steps up to 2.34 (glibc bug 19329)
        "glibc-tls-race",
        "_dl_allocate_tls_init",
        r"Inconsistency detected by ld\.so: \S*dl-tls\.c: \d+: _dl_allocate_tls_init: Assertion",
        _name("log-glibc-tls-race"),
    ),
    _sig(  # oneCCL (global.cpp's getenv_local_coord): no MPI launcher's variables, and its transport not asked either
        "oneccl-local-coord",
        "getenv_local_coord",
        r"getenv_local_coord: .*failed",
        _name("log-oneccl-launcher-env-missing"),
    ),
    _sig(  # pyxis printing enroot's log: coreutils' id on a node whose user database lacks the job's user
        "node-user-unknown",
        "cannot find name for user ID",
        r"\bid: cannot find name for user ID (?P<uid>\d+)",
        _name("log-node-user-unknown"),
    ),
    _sig(  # multiprocessing.shared_memory (Python 3.8 on) opening a segment by its name: /psm_ is its prefix
        "shm-segment-elsewhere",
        "No such file or directory: '/psm_",
        r"No such file or directory: '(?P<segment>/psm_\w+)'",
        _name("log-shm-segment-elsewhere"),
    ),
    _sig(  # RCCL's checkHsaEnvSetting (init.cc, ROCm 6.x): a HIP runtime and GPU firmware that need the variable
        "rccl-hsa-env-required",
        "HSA_NO_SCRATCH_RECLAIM=1",
        r"\[FATAL ERROR\]: (?:HSA_NO_SCRATCH_RECLAIM=1 must be set|Please set HSA_NO_SCRATCH_RECLAIM=1)",
        _name("log-rccl-hsa-env-required"),
    ),
    _sig(  # libfabric's EFA provider (efa_device.c, 1.x): a device it lists that will not open ends its device list
        "efa-device-unopenable",
        "efa_device_construct_gid",
        r"efa_device_construct_gid\(\):\d+<warn> (?P<error>ibv_open_device failed! errno: \d+)",
        _name("log-efa-device-unopenable"),
    ),
    _sig(  # UCX's protocol selection (ucp/proto, 1.15 on): no protocol both sides offer for that memory
        "ucx-no-protocol",
        "cannot find remote protocol",
        r"UCX\s+ERROR cannot find remote protocol for: \S+ inter-node cfg#\d+ \| (?P<transfer>[^\n]+?)\s*$",
        _name("log-ucx-no-protocol"),
    ),
    _sig(  # the NVIDIA driver (NVRM, 570 on): its cached NVLink fabric state, which multicast mappings need
        "nvlink-fabric-out-of-sync",
        "FABRIC_STATE_OUT_OF_SYNC",
        r"NV_ERR_FABRIC_STATE_OUT_OF_SYNC",
        _name("log-nvlink-fabric-out-of-sync"),
    ),
    _sig(  # UCX's sockcm/tcp connect (uct/tcp, ucs/sys/sock.c, every 1.x): the errno text of a connect that failed
        "ucx-connect-failed",
        "UCX  ERROR",
        r"UCX\s+ERROR\s+connect\(fd=\d+, dest_addr=(?P<addr>[^)\s]+)\) failed: (?P<error>[A-Z][\w ]+?)\s*$",
        _name("log-ucx-connect-failed"),
    ),
    _sig(  # vLLM's split_zmq_path (its engine and data-parallel sockets; SGLang's copy): a tcp endpoint, host empty
        "address-empty",
        "Invalid zmq path",
        r"Invalid zmq path: (?P<endpoint>tcp://:\d+)",
        _name("log-address-empty"),
    ),
    _sig(  # Python's import system (ModuleNotFoundError, 3.6 on): any module; the rules name it only where the
        # traceback ran a file of that very package, which then cannot be the job's code's own bug
        "module-missing",
        "No module named ",
        r"No module named '(?P<module>\w+)[\w.]*'",
        lambda g: (MODULE_MISSING, {"module": g["module"]}),
    ),
    _sig(  # socket.cpp's formatSockAddr (torch 2.x): the store could not name a client by a reverse lookup. The rules
        # read these lines' text themselves (rules/log_tallies.py, timed); as a marker, a paste's cut line reads whole
        "store-reverse-lookup",
        "cannot be retrieved",
        r"The hostname of the client socket cannot be retrieved\. err=-?\d+",
        lambda g: (REVERSE_LOOKUP, {}),
    ),
    _sig(  # init.cc (2.x): a communicator that finished its setup, or that an abort or a destroy ended. The rules read
        # these lines' text themselves (what a process got past); as a marker, a paste's cut line reads whole again
        "nccl-comm-done",
        "COMPLETE",
        r"\b(?:Init|Abort|Destroy) COMPLETE\b",
        lambda g: (COMM_DONE, {}),
    ),
)
