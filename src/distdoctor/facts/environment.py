"""The environment variables that bear on a distributed launch, and only those."""

from __future__ import annotations

from collections.abc import Mapping

# Exact names torch, torchrun and the launchers read.
RELEVANT_NAMES = frozenset(
    {
        "MASTER_ADDR",
        "MASTER_PORT",
        "WORLD_SIZE",
        "RANK",
        "LOCAL_RANK",
        "LOCAL_WORLD_SIZE",
        "GROUP_RANK",
        "NODE_RANK",
        "CUDA_VISIBLE_DEVICES",
    }
)
RELEVANT_PREFIXES = ("MASTER_", "NCCL_", "GLOO_", "TORCH_", "TORCHELASTIC_", "PET_")
# A report gets pasted into bug trackers: a variable whose name suggests a credential never leaves the node.
SECRET_MARKERS = ("SECRET", "TOKEN", "PASSWORD", "PASSWD", "KEY", "CREDENTIAL")


def is_relevant(name: str) -> bool:
    """A launch-related variable that is safe to report."""
    if any(marker in name.upper() for marker in SECRET_MARKERS):
        return False
    return name in RELEVANT_NAMES or name.startswith(RELEVANT_PREFIXES)


def relevant_env(environ: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The launch-related variables of `environ`, sorted by name."""
    return tuple(sorted((k, v) for k, v in environ.items() if is_relevant(k)))
