"""Config values from the scheduler that started us: Slurm, OpenMPI, or a Kubernetes PyTorchJob."""

from __future__ import annotations

import re
from collections.abc import Mapping

from distdoctor.model import NodeRange, Source
from distdoctor.model.config import Layer
from distdoctor.model.fields import COUNT_FORM, RANK_FORM, parse_count, parse_rank


def detect_scheduler(env: Mapping[str, str]) -> str | None:
    if "SLURM_JOB_ID" in env and "SLURM_NODEID" in env:
        return "slurm"
    if "OMPI_COMM_WORLD_RANK" in env:
        return "openmpi"
    if "KUBERNETES_SERVICE_HOST" in env and "MASTER_ADDR" in env and "TORCHELASTIC_RUN_ID" not in env:
        return "pytorchjob"
    return None


def first_host(nodelist: str) -> str | None:
    """The first host of a Slurm node list such as `node[01-04,7],gpu3`."""
    try:
        import hostlist  # python-hostlist: Slurm's own expansion rules

        hosts: list[str] = hostlist.expand_hostlist(nodelist)
    except Exception:  # a list hostlist cannot read: fall back to the first plain name
        match = re.match(r"([^,\[]+)(?:\[(\d+))?", nodelist)
        if not match:
            return None
        return match.group(1) + (match.group(2) or "")
    return hosts[0] if hosts else None


def layer_from_slurm(env: Mapping[str, str]) -> Layer:
    layer = Layer()
    nnodes_var = "SLURM_JOB_NUM_NODES" if "SLURM_JOB_NUM_NODES" in env else "SLURM_NNODES"
    layer.read(
        "nnodes",
        env.get(nnodes_var),
        lambda raw: _fixed_nodes(parse_count(raw)),
        Source("slurm", nnodes_var),
        COUNT_FORM,
    )
    layer.read("node_rank", env.get("SLURM_NODEID"), parse_rank, Source("slurm", "SLURM_NODEID"), RANK_FORM)
    nodelist = env.get("SLURM_JOB_NODELIST") or env.get("SLURM_NODELIST")
    if nodelist:
        layer.set("master_addr", first_host(nodelist), Source("slurm", "SLURM_JOB_NODELIST"))
    layer.read("world_size", env.get("SLURM_NTASKS"), parse_count, Source("slurm", "SLURM_NTASKS"), COUNT_FORM)
    layer.read("rank", env.get("SLURM_PROCID"), parse_rank, Source("slurm", "SLURM_PROCID"), RANK_FORM)
    layer.read(
        "local_rank",
        env.get("SLURM_LOCALID"),
        parse_rank,
        Source("slurm", "SLURM_LOCALID"),
        RANK_FORM,
    )
    return layer


def layer_from_openmpi(env: Mapping[str, str]) -> Layer:
    """OpenMPI sets ranks but no node index: node_rank = rank // local size, under one rank per node."""
    layer = Layer()
    prefix = "OMPI_COMM_WORLD_"
    layer.read("world_size", env.get(prefix + "SIZE"), parse_count, Source("openmpi", prefix + "SIZE"), COUNT_FORM)
    layer.read("rank", env.get(prefix + "RANK"), parse_rank, Source("openmpi", prefix + "RANK"), RANK_FORM)
    layer.read(
        "local_rank",
        env.get(prefix + "LOCAL_RANK"),
        parse_rank,
        Source("openmpi", prefix + "LOCAL_RANK"),
        RANK_FORM,
    )
    layer.read(
        "local_world_size",
        env.get(prefix + "LOCAL_SIZE"),
        parse_count,
        Source("openmpi", prefix + "LOCAL_SIZE"),
        COUNT_FORM,
    )
    size, rank, local = (layer.values.get(k) for k in ("world_size", "rank", "local_world_size"))
    if size and rank and local and size.value % local.value == 0:
        src = Source("openmpi", "OMPI_COMM_WORLD_SIZE / LOCAL_SIZE")
        layer.set("nnodes", _fixed_nodes(size.value // local.value), src)
        layer.set("node_rank", rank.value // local.value, Source("openmpi", "OMPI_COMM_WORLD_RANK / LOCAL_SIZE"))
    return layer


def layer_from_pytorchjob(env: Mapping[str, str]) -> Layer:
    """A PyTorchJob's WORLD_SIZE and RANK count pods (one per node), not processes: read them as such."""
    layer = Layer()
    layer.read(
        "nnodes",
        env.get("WORLD_SIZE"),
        lambda raw: _fixed_nodes(parse_count(raw)),
        Source("pytorchjob", "WORLD_SIZE"),
        COUNT_FORM,
    )
    layer.read("node_rank", env.get("RANK"), parse_rank, Source("pytorchjob", "RANK"), RANK_FORM)
    if "WORLD_SIZE" in env:
        layer.notes.append(
            "Kubernetes PyTorchJob: WORLD_SIZE and RANK read as the number of pods and this pod's index "
            "(one node each), not as process counts"
        )
    return layer


def _fixed_nodes(count: int) -> NodeRange:
    return NodeRange(count, count)
