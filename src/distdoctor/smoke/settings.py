"""What a smoke run does, decided once by the command and handed to every rank (as JSON in the environment)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from distdoctor import defaults
from distdoctor.errors import UsageError
from distdoctor.model.codec import DecodeError, from_jsonable, to_jsonable

SETTINGS_VAR = "DISTDOCTOR_SMOKE_SETTINGS"
DIR_VAR = "DISTDOCTOR_SMOKE_DIR"

_UNITS = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "KIB": 1 << 10, "M": 1 << 20, "MB": 1 << 20, "MIB": 1 << 20,
          "G": 1 << 30, "GB": 1 << 30, "GIB": 1 << 30}  # fmt: skip
_SIZE = re.compile(r"^\s*(\d+)\s*([A-Za-z]*)\s*$")


@dataclass(frozen=True)
class SmokeSettings:
    backend: str
    init_timeout_s: float = defaults.SMOKE_INIT_TIMEOUT_S
    step_timeout_s: float = defaults.SMOKE_STEP_TIMEOUT_S
    collect_timeout_s: float = defaults.SMOKE_COLLECT_TIMEOUT_S
    sizes: tuple[int, ...] = ()
    iters: int | None = None  # None: enough ops per size to move SMOKE_BYTES_PER_SIZE
    min_busbw_gbps: float | None = None
    # Test-only faults, so the checks can be seen to fire: one rank's contribution off, one rank slowed.
    wrong_rank: int | None = None
    delay_rank: int | None = None
    delay_s: float = 0.0

    def to_env(self) -> str:
        return json.dumps(to_jsonable(self))


def settings_from_env(environ: Mapping[str, str]) -> SmokeSettings:
    """The settings the smoke command put into a rank's environment."""
    raw = environ.get(SETTINGS_VAR)
    if not raw:
        raise UsageError(f"{SETTINGS_VAR} is not set", "run ranks through `distdoctor smoke`, not by hand")
    try:
        return from_jsonable(SmokeSettings, json.loads(raw))
    except (ValueError, DecodeError) as exc:
        raise UsageError(f"{SETTINGS_VAR} is not valid: {exc}") from exc


def parse_size(text: str) -> int:
    """`64M`, `1KiB`, `4096` -> bytes."""
    match = _SIZE.match(text)
    unit = match.group(2).upper() if match else None
    if not match or unit not in _UNITS:
        raise UsageError(f"--sizes: {text!r} is not a size", "write sizes like 1K, 4MiB or 65536")
    value = int(match.group(1)) * _UNITS[unit]
    if value < 4:
        raise UsageError(f"--sizes: {text!r} is below one float (4 bytes)")
    return value


def parse_sizes(text: str) -> tuple[int, ...]:
    """`MIN:MAX[:FACTOR]` (like nccl-tests' -b/-e/-f) or a comma list; sizes are rounded down to whole floats."""
    if ":" in text:
        parts = text.split(":")
        if len(parts) not in (2, 3):
            raise UsageError(f"--sizes: {text!r}", "write MIN:MAX[:FACTOR], e.g. 1K:64M:4, or a list 1K,1M")
        low, high = parse_size(parts[0]), parse_size(parts[1])
        factor = _factor(parts[2]) if len(parts) == 3 else defaults.SMOKE_SIZE_FACTOR
        if low > high:
            raise UsageError(f"--sizes: {parts[0]} is above {parts[1]}")
        sizes, size = [], low
        while size <= high:
            sizes.append(size)
            size *= factor
    else:
        sizes = [parse_size(part) for part in text.split(",") if part.strip()]
        if not sizes:
            raise UsageError("--sizes is empty", "write MIN:MAX[:FACTOR], e.g. 1K:64M:4, or a list 1K,1M")
    return tuple(sorted({size // 4 * 4 for size in sizes}))


def parse_delay(text: str | None) -> tuple[int | None, float]:
    """The test-only `RANK:SECONDS` that slows one rank's compute step."""
    if not text:
        return None, 0.0
    rank, _, seconds = text.partition(":")
    try:
        value = float(seconds)
        if not math.isfinite(value):
            raise ValueError(seconds)
        return int(rank), value
    except ValueError as exc:
        raise UsageError(f"--inject-delay: {text!r}", "write RANK:SECONDS, e.g. 1:2.5") from exc


def _factor(text: str) -> int:
    if not text.strip().isdecimal() or int(text) < 2:
        raise UsageError(f"--sizes: factor {text!r} must be an integer of at least 2")
    return int(text)


def default_sizes() -> tuple[int, ...]:
    return parse_sizes(defaults.SMOKE_SIZES)


def iters_for(size: int, settings: SmokeSettings, rate: float | None = None) -> int:
    """Ops timed for one size: the same on every rank, so all ranks run the same sequence of collectives.

    With `rate` (bytes a second, the slowest rank's at the last size, agreed by every rank) a slow link times fewer
    ops, so the sweep stays near its step timeout instead of moving 256 MiB a size over it."""
    if settings.iters is not None:
        return settings.iters
    iters = max(defaults.SMOKE_MIN_ITERS, min(defaults.SMOKE_MAX_ITERS, defaults.SMOKE_BYTES_PER_SIZE // size))
    if rate is not None and rate > 0:
        per_size_s = settings.step_timeout_s / max(1, len(settings.sizes))
        iters = max(1, min(iters, int(per_size_s * rate / size)))
    return iters


def expected_s(size: int, ops: int, rate: float | None, settings: SmokeSettings) -> float:
    """How long `ops` collectives of `size` bytes may take at `rate` (bytes/s): a deadline that follows the bytes
    moved and the rate measured, never below the step timeout, so a slow link reads slow, not hung."""
    if rate is None or rate <= 0:
        return settings.step_timeout_s
    return max(settings.step_timeout_s, defaults.SMOKE_RATE_MARGIN * ops * size / rate)
