"""hang/flight.py: dumps found only when fresh, read as plain data only, fed to torchfrtrace on a real job."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

from distdoctor.hang.flight import _load, _normalise, find_dumps, last_collective
from distdoctor.model.hang import DistProcess
from hang.scenarios import flight_env, ranks, running, wait_for_files, wait_for_frame


class Planted:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("true",))


def rank(prefix: str, r: int, age_s: float) -> DistProcess:
    env = (("TORCH_FR_DUMP_TEMP_FILE", prefix),)
    return DistProcess(100 + r, 1, "worker", "plain", "h", (), "sleeping", age_s, rank=r, world_size=2, env=env)


def test_a_dump_that_names_a_class_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "trace_0"
    path.write_bytes(pickle.dumps({"entries": [], "x": Planted()}))
    assert _load(str(path)) is None
    path.write_bytes(pickle.dumps({"entries": [{"collective_seq_id": 2, "profiling_name": "gloo:broadcast"}]}))
    data = _load(str(path))
    assert data is not None
    found = last_collective(0, data)
    assert found is not None and (found.seq, found.op) == (2, "broadcast")


def test_only_dumps_written_since_the_rank_started_count(tmp_path: Path) -> None:
    prefix = str(tmp_path / "trace_")
    (tmp_path / "trace_0").write_bytes(b"x")
    (tmp_path / "trace_1").write_bytes(b"x")
    old = time.time() - 3600
    os.utime(tmp_path / "trace_1", (old, old))
    assert find_dumps([rank(prefix, 0, 10.0), rank(prefix, 1, 10.0)]) == {0: prefix + "0"}


def test_gloo_group_config_is_filed_under_the_name_its_entries_use() -> None:
    data = {"pg_config": {"": {"name": "", "ranks": "[0, 1]"}}, "entries": [{"process_group": ("0", "default_pg")}]}
    assert _normalise(data)["pg_config"]["0"] == {"name": "0", "desc": "default_pg", "ranks": "[0, 1]"}


@pytest.mark.slow
def test_dump_merges_torchfrtrace_on_a_real_mismatch(tmp_path: Path) -> None:
    with running(ranks([(0, "fr-mismatch"), (1, "fr-mismatch")], 2, flight_env(tmp_path))) as job:
        wait_for_frame(job.pids, {"all_reduce", "broadcast"})
        wait_for_files(tmp_path, 2)
        args = [a for pid in job.pids for a in ("--pid", str(pid))]
        done = subprocess.run(
            [sys.executable, "-m", "distdoctor", "dump", "--json", *args], capture_output=True, text=True, timeout=120
        )
    report = json.loads(done.stdout)
    found = {f["name"]: f for f in report["findings"]}
    assert "Culprit rank 1" in found["flight-recorder-mismatch"]["params"]["analysis"]
    assert found["hang-collective-mismatch"]["params"]["calls"] == "rank 0: all_reduce #4; rank 1: broadcast #4"
    assert {r["rank"]: r["seq"] for r in report["data"]["ranks"]} == {0: 4, 1: 4}
    # The deadline is the one the job set (3600 s), read from the dumps' timeout_ms, not torch's default.
    assert "deadline 3600 s (the flight recorder's timeout_ms)" in report["data"]["note"], report["data"]["note"]
