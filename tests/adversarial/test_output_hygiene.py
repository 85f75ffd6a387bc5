"""Output hygiene from outside the process: what other processes and nodes wrote (escape sequences, control
characters, lone surrogates, rich markup, NaN) never reaches the terminal raw, and --json stays strict RFC 8259."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
DISTDOCTOR = [sys.executable, "-m", "distdoctor"]
ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "PMIX_", "PET_"))}
ENV = {**ENV, "LANG": "C.UTF-8", "PYTHONPATH": str(SRC)}
ENV.pop("DISTDOCTOR_SECRET", None)

# What a terminal would act on: ESC, 8-bit CSI/OSC/DCS..., BEL, BS, CR, other C0, DEL, bidi overrides.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\\x9b31m\x07\x08\r\u202eexe.txt[/][bold]"


def strict_json(text: str) -> Any:
    def refuse(name: str) -> None:
        raise ValueError(f"not RFC 8259: {name}")

    return json.loads(text, parse_constant=refuse)


def test_ansi_and_controls_in_a_log_line_do_not_reach_stdout_raw(tmp_path: Path) -> None:
    log = tmp_path / "node1.log"
    failure = "torch.distributed.DistNetworkError: Connection reset by peer"
    log.write_text(f"{HOSTILE}starting\n\x1b[31m{failure} {HOSTILE}\x1b[0m\n\x9b2J\x1b]0;title\x07done\n")
    done = subprocess.run([*DISTDOCTOR, "explain", str(log)], capture_output=True, env=ENV, timeout=60)
    out = done.stdout.decode()
    assert done.returncode == 1, (out, done.stderr)
    assert not RAW.search(out.replace("\n", "").replace("\t", "")), repr(out)
    assert "Connection reset by peer" in out


# A Report as a forged peer could make it: escapes, markup and a lone surrogate in a host name, a stack frame, a
# finding's evidence and params; NaN and infinity where numbers go. Rendered through the real render boundary.
_CRAFTED = r"""
import math, sys
from distdoctor.model import Report
from distdoctor.model.report import HangData, RankRow
from distdoctor.rules.finding import make_finding
from distdoctor.render.output import emit
hostile = sys.argv[2]
bad = hostile + "\ud800"
row = RankRow(pid=1, host="node" + bad, role="worker", launcher="torchrun", rank=0, local_rank=0, world_size=2,
              status="sleeping", age_s=math.nan, state="user-code", op="", seq=None, frame="f" + bad,
              where="w" + bad, error=None)
finding = make_finding("hang-in-user-code", "node" + bad, ("evidence " + bad,), ranks="0", host="node" + bad,
                       frames="rank 0 at " + bad)
report = Report(command="dump", findings=(finding,), data=HangData((row,), note="note " + bad))
mode = sys.argv[1]
if mode == "html":
    emit(report, "en", as_json=False, html_path=sys.argv[3])
else:
    emit(report, "en", as_json=mode == "json")
if mode == "progress":
    from distdoctor.model.progress import FrameDropped, NodeArrived
    from distdoctor.render.progress import Progress
    with Progress("en") as progress:
        progress(NodeArrived(1, "host" + bad, "10.0.0.2" + bad, 2, 2))
        progress(FrameDropped("peer" + bad, "reason\nforged line " + bad))
"""


def crafted(mode: str, *extra: str) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run(
        [sys.executable, "-c", _CRAFTED, mode, HOSTILE, *extra], capture_output=True, env=ENV, timeout=60
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    return done


def test_a_forged_report_as_text_is_clean() -> None:
    done = crafted("text")
    out = done.stdout.decode()  # strict UTF-8: a surrogate would not even have been written
    assert "node" in out and "\ufffd" in out
    assert not RAW.search(out.replace("\n", "").replace("\t", "")), repr(out)
    assert "[/]" in out  # shown as text, not read as rich markup


def test_a_forged_report_as_json_is_strict_rfc_8259() -> None:
    done = crafted("json")
    data = strict_json(done.stdout.decode())
    row = data["data"]["ranks"][0]
    assert row["age_s"] is None  # NaN is written as null
    assert "\x1b" not in json.dumps(data, ensure_ascii=False)
    assert "\ufffd" in row["host"]


def test_a_forged_report_as_html_is_written(tmp_path: Path) -> None:
    pytest.importorskip("jinja2")
    page = tmp_path / "report.html"
    crafted("html", str(page))
    html = page.read_text(encoding="utf-8")
    assert not RAW.search(html.replace("\n", "").replace("\t", ""))
    assert "\ufffd" in html


def test_the_progress_view_is_clean_and_one_line_per_event() -> None:
    done = crafted("progress")
    err = done.stderr.decode()
    assert not RAW.search(err.replace("\n", "")), repr(err)
    lines = [line for line in err.splitlines() if "forged line" in line]
    assert len(lines) == 1 and "dropped a connection" in lines[0], err


def test_smoke_json_with_nan_is_strict(tmp_path: Path) -> None:
    # Every number a rank reports goes through the same envelope: a bandwidth of NaN or inf is null, not NaN.
    code = r"""
import math
from distdoctor.model import Report
from distdoctor.model.report import CheckData, GatheredNode
from distdoctor.render.as_json import render_json
data = CheckData(nodes=(GatheredNode("node_rank 0", "self"),), expected=2, waited_s=math.inf, complete=False,
                 interrupted=False, mesh_s=math.nan, mesh_probes=0)
print(render_json(Report(command="check", findings=(), data=data), "en"))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=ENV, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    data = strict_json(done.stdout.decode())
    assert data["data"]["waited_s"] is None and data["data"]["mesh_s"] is None
