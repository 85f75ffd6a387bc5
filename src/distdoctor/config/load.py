"""Merge every place a config value can come from into one LaunchConfig (first place wins)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from distdoctor import defaults
from distdoctor.config.environment import layer_from_env
from distdoctor.config.flags import layer_from_flags
from distdoctor.config.launch_command import parse_launch_command
from distdoctor.config.schedulers import (
    detect_scheduler,
    layer_from_openmpi,
    layer_from_pytorchjob,
    layer_from_slurm,
)
from distdoctor.errors import UsageError
from distdoctor.model import LaunchConfig, NodeRange, Source, Sourced
from distdoctor.model.config import LaunchCommand, Layer
from distdoctor.model.fields import FIELDS, FLAGS, split_endpoint

_SCHEDULER_LAYERS = {"slurm": layer_from_slurm, "openmpi": layer_from_openmpi, "pytorchjob": layer_from_pytorchjob}
_DEFAULT = Source("default")


def load_config(
    flags: Mapping[str, str | None],
    command: Sequence[str] | None,
    environ: Mapping[str, str],
) -> tuple[LaunchConfig, LaunchCommand | None]:
    """Flags, then the launch command, then env vars, then the scheduler, then torchrun's defaults."""
    layers = [layer_from_flags(flags)]
    launch = parse_launch_command(command) if command else None
    scheduler = detect_scheduler(environ)
    env_layer = layer_from_env(environ, pytorchjob=scheduler == "pytorchjob")
    if launch:
        layers.append(launch.layer)
        # torchrun takes the master from its own flags (default 127.0.0.1), never from MASTER_ADDR/MASTER_PORT.
        for row in FLAGS:
            taken = env_layer.values.get(row.name)
            if row.env and taken and taken.source.key == row.env:
                env_layer.notes.append(f"{row.env} from the environment is ignored by {launch.launcher}")
                del env_layer.values[row.name]
    layers.append(env_layer)
    if scheduler:
        layers.append(_SCHEDULER_LAYERS[scheduler](environ))
    merged = _merge(layers)
    _derive_from_endpoint(merged)
    _apply_defaults(merged, launched=launch is not None)
    # Every field by the table's names; _apply_defaults guarantees the ones LaunchConfig does not let be None.
    values: dict[str, Any] = {name: merged.get(name) for name in FIELDS}
    return (
        LaunchConfig(
            **values,
            launcher=launch.launcher if launch else None,
            use_env=launch.use_env if launch else False,
            scheduler=scheduler,
            notes=tuple(n for layer in layers for n in layer.notes),
            invalid=tuple(i for layer in layers for i in layer.invalid),
        ),
        launch,
    )


def _merge(layers: Sequence[Layer]) -> dict[str, Sourced[Any]]:
    merged: dict[str, Sourced[Any]] = {}
    for layer in layers:
        for name, value in layer.values.items():
            merged.setdefault(name, value)
    return merged


def _derive_from_endpoint(merged: dict[str, Sourced[Any]]) -> None:
    """Under c10d/etcd rendezvous the endpoint is the address every node must reach."""
    backend, endpoint = merged.get("rdzv_backend"), merged.get("rdzv_endpoint")
    if not endpoint or not backend or backend.value == "static":
        return
    try:
        host, port = split_endpoint(endpoint.value)
    except ValueError as exc:
        raise UsageError(f"--rdzv-endpoint {endpoint.value!r}: expected {exc}") from None
    if not host:
        return
    merged["master_addr"] = Sourced(host, endpoint.source)
    merged["master_port"] = Sourced(port or defaults.C10D_PORT, endpoint.source)


def _apply_defaults(merged: dict[str, Sourced[Any]], *, launched: bool) -> None:
    merged.setdefault("nnodes", Sourced(NodeRange(1, 1), _DEFAULT))
    merged.setdefault("rdzv_backend", Sourced("static", _DEFAULT))
    merged.setdefault("master_port", Sourced(defaults.MASTER_PORT, _DEFAULT))
    merged.setdefault("node_rank", Sourced(0, _DEFAULT))
    # torchrun itself falls back to 127.0.0.1; without a launcher a multi-node job has no master, and says so.
    if launched or not merged["nnodes"].value.multi_node:
        merged.setdefault("master_addr", Sourced(defaults.MASTER_ADDR_SINGLE_NODE, _DEFAULT))
