"""Config values from the environment: what torch itself reads, and torchrun's PET_* fallbacks."""

from __future__ import annotations

from collections.abc import Mapping

from distdoctor.config.parsers import PARSERS
from distdoctor.model import Source, SourceKind
from distdoctor.model.config import Layer

# Variables torch.distributed reads for env:// init, and the field each fills.
_TORCH_VARS = {
    "MASTER_ADDR": "master_addr",
    "MASTER_PORT": "master_port",
    "WORLD_SIZE": "world_size",
    "RANK": "rank",
    "LOCAL_RANK": "local_rank",
    "LOCAL_WORLD_SIZE": "local_world_size",
}

# torchrun falls back to PET_<FLAG> for every flag.
_PET_VARS = {
    "PET_NNODES": "nnodes",
    "PET_NODE_RANK": "node_rank",
    "PET_NPROC_PER_NODE": "nproc_per_node",
    "PET_MASTER_ADDR": "master_addr",
    "PET_MASTER_PORT": "master_port",
    "PET_RDZV_BACKEND": "rdzv_backend",
    "PET_RDZV_ENDPOINT": "rdzv_endpoint",
    "PET_RDZV_ID": "rdzv_id",
}


def _read(layer: Layer, env: Mapping[str, str], var: str, name: str, kind: SourceKind) -> None:
    parse, form = PARSERS[name]
    layer.read(name, env.get(var), parse, Source(kind, var), form)


def layer_from_env(env: Mapping[str, str], *, pytorchjob: bool = False) -> Layer:
    """Values from torch's own variables; under torchrun (TORCHELASTIC_RUN_ID set) they are torchrun's."""
    layer = Layer()
    under_torchrun = "TORCHELASTIC_RUN_ID" in env
    kind: SourceKind = "torchrun" if under_torchrun else "env"
    for var, name in _TORCH_VARS.items():
        if pytorchjob and var in ("WORLD_SIZE", "RANK"):
            continue  # a PyTorchJob's WORLD_SIZE/RANK count pods; config/schedulers.py reads them as such
        _read(layer, env, var, name, kind)
    for var, name in _PET_VARS.items():
        _read(layer, env, var, name, "env")
    if under_torchrun:
        _read(layer, env, "GROUP_RANK", "node_rank", "torchrun")
        layer.set(
            "nproc_per_node",
            layer.values["local_world_size"].value if "local_world_size" in layer.values else None,
            Source("torchrun", "LOCAL_WORLD_SIZE"),
        )
    return layer
