"""torchrun's fields, one row each: the only place their flags, variables, parsers and accepted forms are spelled.

The CLI's options, the launch-line reader, the environment layer, the fan-out's remote argv and the lint rules all
read this table, so a value is parsed by one parser wherever it comes from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from distdoctor import defaults
from distdoctor.model import values as v


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
    Field("nnodes", v.parse_nnodes, v.NNODES_FORM, "number of nodes, N or MIN:MAX (torchrun's --nnodes)"),
    Field("node_rank", v.parse_rank, v.RANK_FORM, "this node's rank, 0 .. nnodes-1", worker_env="GROUP_RANK"),
    Field("nproc_per_node", v.parse_nproc, v.NPROC_FORM, "processes (GPUs) per node"),
    Field(
        "master_addr",
        str.strip,
        "a host name or IP address",
        "address of node_rank 0, as every node will use it",
        env="MASTER_ADDR",
    ),
    Field(
        "master_port",
        v.parse_port,
        v.PORT_FORM,
        f"port node_rank 0 listens on (default {defaults.MASTER_PORT})",
        env="MASTER_PORT",
    ),
    Field("rdzv_backend", str.strip, "static, c10d or etcd", "static (default), c10d or etcd"),
    Field("rdzv_endpoint", str.strip, v.ENDPOINT_FORM, "HOST[:PORT] of the c10d/etcd rendezvous"),
    Field("rdzv_id", str.strip, "any string", "rendezvous (job) id"),
    Field("world_size", v.parse_count, v.COUNT_FORM, env="WORLD_SIZE", flag=False),
    Field("rank", v.parse_rank, v.RANK_FORM, env="RANK", flag=False),
    Field("local_rank", v.parse_rank, v.RANK_FORM, env="LOCAL_RANK", flag=False),
    Field("local_world_size", v.parse_count, v.COUNT_FORM, env="LOCAL_WORLD_SIZE", flag=False),
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
