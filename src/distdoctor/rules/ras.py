"""NCCL's RAS status (2.24+), text or JSON (`ncclras -f json`, 2.28.7+), read into what the verdict needs: the
missing ranks and the processes behind them. Pure: text in, RasStatus and findings out. The formats are those of
NCCL's docs (troubleshooting/ras.rst) and src/ras/client_support.cc; tests/fixtures/ras/ holds the samples."""

from __future__ import annotations

import json
import re

from distdoctor.model import Finding
from distdoctor.model.hang import RasStatus
from distdoctor.rules.finding import make_finding

_SECTION = re.compile(r"^(?P<name>[A-Z][A-Za-z ]+)\n=+\n", re.M)
_PROCESS = re.compile(r"^\s*(Process \d+ on node \S+ managing GPUs? [\d, ]+)\s*$", re.M)
_MISSING = re.compile(r"The missing ranks?: ([\d, ]+)")
_COMM = re.compile(r"^(#\d+-\d+ \([0-9a-f]+\) [A-Z]+)\s*$", re.M)
_TOOK = re.compile(r"^Communicators\.\.\. \((?P<s>[\d.]+)s\)", re.M)


def _errors_block(text: str) -> str:
    # The Errors section runs to the next section (Warnings) or the end.
    parts = _SECTION.split(text)
    for i in range(1, len(parts) - 1, 2):
        if parts[i].strip() == "Errors":
            return parts[i + 1]
    return ""


def parse_text(text: str) -> RasStatus:
    """The text status (`ncclras`, or `echo status | nc localhost 28028`)."""
    errors = _errors_block(text)
    missing = sorted({int(r) for m in _MISSING.finditer(errors) for r in m.group(1).replace(" ", "").split(",") if r})
    dead: list[str] = []
    for block in re.split(r"\n(?=\S)", errors):
        if block.startswith("DEAD"):
            dead += [m.group(1) for m in _PROCESS.finditer(block)]
    processes = [m.group(1) for m in _PROCESS.finditer(errors)]
    took = _TOOK.search(text)
    return RasStatus(
        tuple(missing),
        tuple(processes),
        tuple(dead),
        tuple(m.group(1) for m in _COMM.finditer(errors)),
        float(took["s"]) if took else None,
    )


def parse_json(text: str) -> RasStatus:
    """The JSON status (`ncclras -f json`)."""
    data = json.loads(text)
    missing, processes, dead, comms = [], [], [], []
    for comm in data.get("communicators", []):
        gone = comm.get("missing_ranks", [])
        if gone:
            comms.append(f"{comm.get('hash', '?')} INCOMPLETE")
        for r in gone:
            missing.append(int(r["rank"]))
            where = (
                f"Process {r.get('pid')} on node {r.get('host')} managing GPU {r.get('nvml_dev', r.get('cuda_dev'))}"
            )
            processes.append(where)
            if (r.get("status") or {}).get("considered_dead"):
                dead.append(where)
    took = (data.get("ras") or {}).get("collection_time_sec")
    return RasStatus(
        tuple(sorted(set(missing))),
        tuple(dict.fromkeys(processes)),
        tuple(dict.fromkeys(dead)),
        tuple(comms),
        float(took) if isinstance(took, int | float) else None,
    )


def parse(text: str) -> RasStatus:
    return parse_json(text) if text.lstrip().startswith("{") else parse_text(text)


def ras_findings(status: RasStatus | None, host: str) -> list[Finding]:
    """The ranks NCCL's own RAS network could not reach: named, with their processes."""
    if status is None or not (status.missing_ranks or status.processes):
        return []
    ranks = ", ".join(map(str, status.missing_ranks)) or "?"
    how = "considered dead" if status.dead else "unresponsive"
    evidence = (*status.communicators, *status.processes)
    where = "; ".join(status.dead or status.processes) or "?"
    return [make_finding("nccl-ras-missing", host, evidence, ranks=ranks, how=how, processes=where)]
