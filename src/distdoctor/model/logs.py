"""Log lines as explain reads them: one input per file (one node's log, usually), lines numbered from 1."""

from __future__ import annotations

from dataclasses import dataclass

# Longest text of a line quoted as evidence.
MAX_TEXT = 240


@dataclass(frozen=True)
class LogLine:
    """One logical line of one input: a line a terminal or a paste wrapped is joined, and numbered by its first
    physical line, as an editor shows it. `host` and `tag` come from the line's own prefix, where it has one."""

    source: str  # the file name, or "stdin"
    number: int
    text: str
    host: str = ""  # "gpu-node-3" from NCCL's "host:pid:tid [gpu] NCCL ..." prefix, "task 0" from srun -l's "0:"
    tag: str = ""  # "rank3" from torch's "[rank3]:", "default0" from torchrun's --tee "[default0]:"

    @property
    def where(self) -> str:
        text = self.text.strip()
        text = text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"
        return f"{self.source}:{self.number}: {text}"


@dataclass(frozen=True)
class LogInput:
    """One file (one node's log, usually, or a paste of several) and its lines."""

    source: str
    lines: tuple[LogLine, ...]
