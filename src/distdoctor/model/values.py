"""Parse one raw config value; a ValueError carries the accepted form, for the message the user sees.

Pure: the same parser reads a value whether it came from a flag, a launch command line or the environment.
"""

from __future__ import annotations

from dataclasses import dataclass

NNODES_FORM = "a positive integer N or a range MIN:MAX, e.g. 2 or 1:4"
PORT_FORM = "an integer port from 1 to 65535, e.g. 29500"
RANK_FORM = "an integer from 0 upwards"
COUNT_FORM = "a positive integer"
NPROC_FORM = "a positive integer, or auto, gpu, cpu"
ENDPOINT_FORM = "HOST or HOST:PORT"


def parse_port(raw: str) -> int:
    try:
        port = int(raw.strip())
    except ValueError:
        raise ValueError(PORT_FORM) from None
    if not 1 <= port <= 65535:
        raise ValueError(PORT_FORM)
    return port


@dataclass(frozen=True)
class NodeRange:
    """`--nnodes N` or `--nnodes MIN:MAX`."""

    min: int
    max: int

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
