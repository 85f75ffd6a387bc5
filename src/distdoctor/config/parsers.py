"""Which parser and accepted form each config field uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from distdoctor.config import values as v

PARSERS: dict[str, tuple[Callable[[str], Any], str]] = {
    "nnodes": (v.parse_nnodes, v.NNODES_FORM),
    "node_rank": (v.parse_rank, v.RANK_FORM),
    "nproc_per_node": (v.parse_nproc, v.NPROC_FORM),
    "master_addr": (str.strip, "a host name or IP address"),
    "master_port": (v.parse_port, v.PORT_FORM),
    "rdzv_backend": (str.strip, "static, c10d or etcd"),
    "rdzv_endpoint": (str.strip, v.ENDPOINT_FORM),
    "rdzv_id": (str.strip, "any string"),
    "world_size": (v.parse_count, v.COUNT_FORM),
    "rank": (v.parse_rank, v.RANK_FORM),
    "local_rank": (v.parse_rank, v.RANK_FORM),
    "local_world_size": (v.parse_count, v.COUNT_FORM),
}
