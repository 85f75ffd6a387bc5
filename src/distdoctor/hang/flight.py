"""Flight-recorder dumps the ranks wrote (TORCH_FR_DUMP_TEMP_FILE): torch's analyzer `torchfrtrace` on them, and
each rank's last collective with its sequence number. The analysis is torch's; here it is only run and read."""

from __future__ import annotations

import io
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from distdoctor import defaults
from distdoctor.model.hang import DistProcess, FlightAnalysis, LastCollective


class _DataOnly(pickle.Unpickler):
    # A dump is plain dicts, lists and strings; refusing every class means a planted file cannot run code.
    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"flight-recorder dump refers to {module}.{name}: not plain data")


def _load(path: str) -> dict[str, Any] | None:
    try:
        with open(path, "rb") as f:
            data = _DataOnly(io.BytesIO(f.read(defaults.FR_DUMP_MAX_BYTES))).load()
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError):
        return None
    return data if isinstance(data, dict) and "entries" in data else None


def find_dumps(procs: Sequence[DistProcess], now: float | None = None) -> dict[int, str]:
    """rank -> dump file, for ranks whose TORCH_FR_DUMP_TEMP_FILE names one written since the rank started."""
    now = time.time() if now is None else now
    found: dict[int, str] = {}
    for p in procs:
        prefix = dict(p.env).get("TORCH_FR_DUMP_TEMP_FILE")
        if p.role != "worker" or p.rank is None or not prefix:
            continue
        path = f"{prefix}{p.rank}"
        try:
            fresh = os.path.getmtime(path) >= now - p.age_s - 1
        except OSError:
            continue
        if fresh:  # a dump older than the rank is a previous run's
            found[p.rank] = path
    return found


def last_collective(rank: int, data: dict[str, Any]) -> LastCollective | None:
    """The newest entry of one rank's dump."""
    entries = [e for e in data.get("entries", []) if isinstance(e, dict) and "collective_seq_id" in e]
    if not entries:
        return None
    e = max(entries, key=lambda x: int(x.get("collective_seq_id") or 0))
    op = str(e.get("profiling_name", "")).split(":", 1)[-1]
    timeout_ms = e.get("timeout_ms")
    timeout_s = timeout_ms / 1000 if isinstance(timeout_ms, int | float) and timeout_ms > 0 else None
    state = str(e.get("state", ""))
    return LastCollective(rank, int(e["collective_seq_id"]), op, state, bool(e.get("retired")), timeout_s)


def _normalise(data: dict[str, Any]) -> dict[str, Any]:
    # torch 2.13's gloo dump files pg_config under "" while its entries name the group "0"; torchfrtrace then
    # fails with KeyError ('0', 0). File each group's config under the name its entries use.
    names = {tuple(e["process_group"]) for e in data.get("entries", []) if "process_group" in e}
    config = dict(data.get("pg_config", {}))
    if "" in config:
        for name, desc in names:
            config.setdefault(str(name), {**config[""], "name": str(name), "desc": str(desc)})
    return {**data, "pg_config": config}


def _torchfrtrace() -> str | None:
    found = shutil.which("torchfrtrace")
    beside = os.path.join(os.path.dirname(sys.executable), "torchfrtrace")
    return found or (beside if os.access(beside, os.X_OK) else None)


def _run(exe: str, folder: str, prefix: str) -> tuple[int | None, tuple[str, ...]]:
    argv = [exe, folder, "-p", prefix, "--allow-incomplete-ranks"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=defaults.FR_ANALYZE_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return None, (f"torchfrtrace gave no answer in {defaults.FR_ANALYZE_TIMEOUT_S:g} s",)
    lines = [ln.rstrip() for ln in (done.stdout + done.stderr).splitlines() if ln.strip()]
    lines = [ln for ln in lines if "tabulate is not installed" not in ln]
    return done.returncode, tuple(lines)


def analyse(dumps: dict[int, str]) -> FlightAnalysis | None:
    """torchfrtrace over copies of the dumps (one folder, one prefix); None when there are no dumps."""
    loaded = {rank: data for rank, path in dumps.items() if (data := _load(path)) is not None}
    if not loaded:
        return None
    last = tuple(lc for rank, data in sorted(loaded.items()) if (lc := last_collective(rank, data)))
    files = tuple(dumps[r] for r in sorted(loaded))
    exe = _torchfrtrace()
    if exe is None:
        return FlightAnalysis(files, last, None, ("torchfrtrace not found (it comes with torch >= 2.6)",))
    with tempfile.TemporaryDirectory(prefix="distdoctor-fr-") as folder:
        # The ranks' files may lie in different folders or under other prefixes: copy them side by side.
        for rank, data in loaded.items():
            with open(os.path.join(folder, f"rank_{rank}"), "wb") as f:
                pickle.dump(data, f)
        code, output = _run(exe, folder, "rank_")
        if code != 0 and any("KeyError" in line for line in output):
            for rank, data in loaded.items():
                with open(os.path.join(folder, f"rank_{rank}"), "wb") as f:
                    pickle.dump(_normalise(data), f)
            code, output = _run(exe, folder, "rank_")
            return FlightAnalysis(files, last, code, output[-defaults.FR_OUTPUT_LINES :], normalised=True)
    return FlightAnalysis(files, last, code, output[-defaults.FR_OUTPUT_LINES :])
