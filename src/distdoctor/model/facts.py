"""What one node measures about itself: interfaces, names, routes, ports, versions, GPUs; a script's local-rank use."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from distdoctor.model.constraints import Count, Pid, Port, Rank, Seconds
from distdoctor.model.devices import NodeDevices


@dataclass(frozen=True)
class Interface:
    """One interface, in the kernel's (getifaddrs) order, which is the order gloo and NCCL walk them in."""

    name: str
    addresses: tuple[str, ...]  # IPv4 first, as getifaddrs lists them
    is_up: bool
    mtu: Count = 0  # 0: not measured (a report from an older distdoctor)
    running: bool | None = None  # IFF_RUNNING (up with a carrier), which NCCL requires; None: not measured


@dataclass(frozen=True)
class Resolution:
    """What a name resolved to on this node; `error` when it did not resolve."""

    name: str
    addresses: tuple[str, ...]
    error: str | None = None


@dataclass(frozen=True)
class Route:
    """The local address and interface this node would use to reach a destination."""

    destination: str
    source_address: str | None
    interface: str | None
    error: str | None = None


# "store": the address torch's TCPStore clients connect to (MASTER_ADDR); gloo and NCCL: what each advertises.
Library = Literal["gloo", "nccl", "store"]


@dataclass(frozen=True)
class Pick:
    """The address one library will use on this node, and which of its rules chose it; `error` when it finds none."""

    library: Library
    address: str | None
    interface: str | None
    how: str  # e.g. "GLOO_SOCKET_IFNAME=eth0", "hostname node1 resolves to 10.0.0.1"
    error: str | None = None
    fallback: bool = False  # gloo's loopback fallback, taken when the hostname resolves to no local address
    more: tuple[str, ...] = ()  # further interfaces the library also uses (NCCL's socket transport, gloo's list)


@dataclass(frozen=True)
class ProcessInfo:
    pid: Pid
    name: str
    cmdline: str


# "foreign": the port accepted, but what answered was not distdoctor's coordinator.
ProbeOutcome = Literal["open", "refused", "timed-out", "no-route", "unresolved", "error", "foreign"]


@dataclass(frozen=True)
class Probe:
    """One TCP connect attempt to host:port, classified."""

    host: str
    port: Port
    outcome: ProbeOutcome
    elapsed_s: Seconds
    detail: str = ""
    attempts: Count = 1  # more than one: retried until the wait ran out, so "refused" is final


@dataclass(frozen=True)
class PortBind:
    """Whether this node can bind a port, and who holds it if not."""

    port: Port
    bindable: bool
    error: str | None = None  # "in-use", "permission", or an errno name
    holder: ProcessInfo | None = None


@dataclass(frozen=True)
class Versions:
    """Versions that must agree across nodes; None means not installed / not found."""

    python: str
    distdoctor: str
    torch: str | None = None
    torch_cuda: str | None = None
    nccl: str | None = None
    driver: str | None = None


@dataclass(frozen=True)
class Gpu:
    index: Rank
    name: str
    uuid: str = ""


@dataclass(frozen=True)
class NodeFacts:
    """Everything measured on one node."""

    hostname: str
    hostname_resolution: Resolution
    interfaces: tuple[Interface, ...]
    versions: Versions
    env: tuple[tuple[str, str], ...]
    gpus: tuple[Gpu, ...] = ()
    gpu_error: str | None = None
    master_resolution: Resolution | None = None
    route_to_master: Route | None = None
    master_port_bind: PortBind | None = None
    master_probe: Probe | None = None
    is_root: bool = False
    devices: NodeDevices = field(default_factory=NodeDevices)
    picks: tuple[Pick, ...] = ()  # gloo's, NCCL's and the store's address on this node (empty in older reports)

    def env_value(self, name: str) -> str | None:
        return dict(self.env).get(name)

    def local_addresses(self) -> set[str]:
        return {a for i in self.interfaces for a in i.addresses}

    def interface(self, name: str | None) -> Interface | None:
        return next((i for i in self.interfaces if i.name == name), None)


@dataclass(frozen=True)
class ScriptFacts:
    """The --local_rank/--local-rank options a script's argparse declares, and whether it reads LOCAL_RANK."""

    path: str
    flags: tuple[str, ...] = ()
    reads_env: bool = False
    error: str | None = None  # why it could not be read; then nothing else is known
