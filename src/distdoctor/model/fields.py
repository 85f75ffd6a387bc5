"""torchrun's fields, one row each: the only place their flags, variables, parsers and accepted forms are spelled.

The CLI's options, the launch-line reader, the environment layer, the fan-out's remote argv and the lint rules all
read this table, so a value is parsed by one parser wherever it comes from. The parsers are pure: a ValueError says
the accepted form, for the message the user sees (a usage error when typed, a finding when in the environment).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from distdoctor import defaults

NNODES_FORM = "a positive integer N or a range MIN:MAX, e.g. 2 or 1:4"
PORT_FORM = "an integer port from 1 to 65535, e.g. 29500"
RANK_FORM = "an integer from 0 upwards"
COUNT_FORM = "a positive integer"
NPROC_FORM = "a positive integer, or auto, gpu, cpu"
ENDPOINT_FORM = "HOST or HOST:PORT"
HOST_FORM = "a host name (at most 253 characters, dot-separated labels of 1 to 63) or an IP address"
# The longest name DNS carries (RFC 1035), without its trailing dot.
HOST_MAX_CHARS = 253


def parse_port(raw: str) -> int:
    try:
        port = int(raw.strip())
    except ValueError:
        raise ValueError(PORT_FORM) from None
    if not 1 <= port <= 65535:
        raise ValueError(PORT_FORM)
    return port


class NodeRange:
    """`--nnodes N` or `--nnodes MIN:MAX`. A value class, not a dataclass: the codec writes it as torchrun spells it
    ("2", "1:4") rather than as an object."""

    __slots__ = ("max", "min")
    min: int
    max: int

    def __init__(self, min: int, max: int) -> None:
        object.__setattr__(self, "min", min)
        object.__setattr__(self, "max", max)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"NodeRange is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NodeRange) and (self.min, self.max) == (other.min, other.max)

    def __hash__(self) -> int:
        return hash((self.min, self.max))

    def __repr__(self) -> str:
        return f"NodeRange(min={self.min}, max={self.max})"

    def __str__(self) -> str:
        return str(self.min) if self.min == self.max else f"{self.min}:{self.max}"

    @property
    def multi_node(self) -> bool:
        return self.max > 1

    @classmethod
    def parse(cls, raw: str) -> NodeRange:
        """torchrun's spelling, `2` or `1:4`; ValueError (saying the accepted form) otherwise."""
        lo, sep, hi = raw.strip().partition(":")
        try:
            low = int(lo)
            high = int(hi) if sep else low
        except ValueError:
            raise ValueError(NNODES_FORM) from None
        if low < 1 or high < low:
            raise ValueError(NNODES_FORM)
        return cls(low, high)


def parse_nnodes(raw: str) -> NodeRange:
    return NodeRange.parse(raw)


def parse_rank(raw: str) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise ValueError(RANK_FORM) from None
    if value < 0:
        raise ValueError(RANK_FORM)
    return value


def parse_count(raw: str) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise ValueError(COUNT_FORM) from None
    if value < 1:
        raise ValueError(COUNT_FORM)
    return value


def parse_nproc(raw: str) -> int | None:
    """torchrun also takes auto/gpu/cpu/xpu: the count is then only known on the node, so None."""
    if raw.strip().lower() in {"auto", "gpu", "cpu", "xpu"}:
        return None
    try:
        return parse_count(raw)
    except ValueError:
        raise ValueError(NPROC_FORM) from None


def host_problem(host: str) -> str | None:
    """Why `host` cannot be a host name or IP address (what getaddrinfo would choke on), or None when it can."""
    if not host:
        return "empty"
    if not host.isprintable() or any(c.isspace() for c in host):
        return "it holds spaces, control characters or bytes that are not UTF-8"
    try:
        ipaddress.ip_address(host.strip("[]"))
        return None
    except ValueError:
        pass
    if ":" in host:
        return "not an IPv6 address"
    name = host[:-1] if host.endswith(".") else host
    if len(name) > HOST_MAX_CHARS:
        return f"{len(name)} characters, more than {HOST_MAX_CHARS}"
    if any(not 1 <= len(label) <= 63 for label in name.split(".")):
        return "an empty label or one longer than 63 characters"
    try:
        name.encode("idna")
    except UnicodeError as exc:
        return f"not a valid international name ({exc})"
    return None


def parse_host(raw: str) -> str:
    """A host name or IP address as getaddrinfo takes it; ValueError (the accepted form and why) otherwise."""
    host = raw.strip()
    problem = host_problem(host)
    if problem:
        raise ValueError(f"{HOST_FORM}; {problem}")
    return host


def parse_endpoint(raw: str) -> str:
    """`host`, `host:port` or `[v6]:port`, checked; the text as given."""
    host, _ = split_endpoint(raw)
    if host:  # `:29400`: torchrun's own host
        parse_host(host)
    return raw.strip()


def split_endpoint(raw: str) -> tuple[str, int | None]:
    """`host:port`, `host`, `[v6]:port` -> (host, port or None)."""
    text = raw.strip()
    if not text:
        raise ValueError(ENDPOINT_FORM)
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        return host, parse_port(rest[1:]) if rest.startswith(":") else None
    if text.count(":") == 1:
        host, port = text.split(":")
        return host, parse_port(port)
    return text, None


@dataclass(frozen=True)
class Field:
    """One launch setting: how torchrun spells it on its command line and in the environment, and how it is read."""

    name: str  # the LaunchConfig attribute, and torchrun's argparse dest
    parse: Callable[[str], Any]  # raises ValueError for a value torchrun would refuse or misread
    form: str  # what parse accepts, for the user's message
    help: str = ""  # distdoctor's --help for the flag
    env: str = ""  # the env:// variable torch.distributed reads for it
    worker_env: str = ""  # the variable torchrun sets in every worker it starts, when it differs from env
    flag: bool = True  # torchrun takes it as a flag (both spellings) and, failing that, from PET_<NAME>

    @property
    def option(self) -> str:
        """The dash spelling, `--master-port`: the one distdoctor writes."""
        return "--" + self.name.replace("_", "-")

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every spelling torchrun's argparse takes: `--master-port` and `--master_port`."""
        underscored = "--" + self.name
        return (self.option,) if underscored == self.option else (self.option, underscored)

    @property
    def pet(self) -> str:
        """torchrun's fallback variable for a flag: PET_MASTER_PORT."""
        return "PET_" + self.name.upper() if self.flag else ""


TABLE: tuple[Field, ...] = (
    Field("nnodes", parse_nnodes, NNODES_FORM, "number of nodes, N or MIN:MAX (torchrun's --nnodes)"),
    Field("node_rank", parse_rank, RANK_FORM, "this node's rank, 0 .. nnodes-1", worker_env="GROUP_RANK"),
    Field("nproc_per_node", parse_nproc, NPROC_FORM, "processes (GPUs) per node"),
    Field(
        "master_addr",
        parse_host,
        HOST_FORM,
        "address of node_rank 0, as every node will use it",
        env="MASTER_ADDR",
    ),
    Field(
        "master_port",
        parse_port,
        PORT_FORM,
        f"port node_rank 0 listens on (default {defaults.MASTER_PORT})",
        env="MASTER_PORT",
    ),
    Field("rdzv_backend", str.strip, "static, c10d or etcd", "static (default), c10d or etcd"),
    Field("rdzv_endpoint", parse_endpoint, ENDPOINT_FORM, "HOST[:PORT] of the c10d/etcd rendezvous"),
    Field("rdzv_id", str.strip, "any string", "rendezvous (job) id"),
    Field("world_size", parse_count, COUNT_FORM, env="WORLD_SIZE", flag=False),
    Field("rank", parse_rank, RANK_FORM, env="RANK", flag=False),
    Field("local_rank", parse_rank, RANK_FORM, env="LOCAL_RANK", flag=False),
    Field("local_world_size", parse_count, COUNT_FORM, env="LOCAL_WORLD_SIZE", flag=False),
)
BY_NAME = {f.name: f for f in TABLE}  # a name not in it is a programming error: KeyError
FIELDS = tuple(BY_NAME)  # the LaunchConfig fields a config layer may set
FLAGS = tuple(f for f in TABLE if f.flag)

# torchrun's other options, which say nothing distdoctor checks: the launch-line reader must still know which of
# them take a value, or it would read that value as the script.
OTHER_VALUE_OPTIONS = (
    "rdzv-conf",
    "max-restarts",
    "monitor-interval",
    "start-method",
    "role",
    "log-dir",
    "redirects",
    "tee",
    "local-addr",
    "local-ranks-filter",
    "logs-specs",
    "log-line-prefix-template",
    "event-log-handler",
    "numa-binding",
    "signals-to-handle",
)
SWITCHES = ("standalone", "use-env", "module", "no-python", "run-path")  # --module is also -m


def option(name: str) -> str:
    """The dash spelling of a field's flag: option("master_port") == "--master-port"."""
    return BY_NAME[name].option
