"""Config values from the environment: what torch itself reads, and torchrun's PET_* fallbacks."""

from __future__ import annotations

from collections.abc import Mapping

from distdoctor.model import Source, SourceKind
from distdoctor.model.config import Layer
from distdoctor.model.fields import BY_NAME, FLAGS, TABLE, Field

# A PyTorchJob's WORLD_SIZE/RANK count pods; config/schedulers.py reads them as such.
_POD_COUNTS = ("world_size", "rank")


def _read(layer: Layer, env: Mapping[str, str], var: str, row: Field, kind: SourceKind) -> None:
    # A bad value here is not the user's typing but the node's state: kept for a finding (env-invalid).
    layer.read(row.name, env.get(var), row.parse, Source(kind, var), row.form)


def layer_from_env(env: Mapping[str, str], *, pytorchjob: bool = False) -> Layer:
    """Values from torch's own variables; under torchrun (TORCHELASTIC_RUN_ID set) they are torchrun's."""
    layer = Layer()
    under_torchrun = "TORCHELASTIC_RUN_ID" in env
    kind: SourceKind = "torchrun" if under_torchrun else "env"
    for row in TABLE:
        if row.env and not (pytorchjob and row.name in _POD_COUNTS):
            _read(layer, env, row.env, row, kind)
    for row in FLAGS:
        _read(layer, env, row.pet, row, "env")
    if under_torchrun:
        for row in TABLE:
            if row.worker_env:
                _read(layer, env, row.worker_env, row, "torchrun")
        # torchrun starts nproc_per_node workers a node and tells each how many: LOCAL_WORLD_SIZE.
        local = layer.values.get("local_world_size")
        layer.set("nproc_per_node", local.value if local else None, Source("torchrun", BY_NAME["local_world_size"].env))
    return layer
