#!/usr/bin/env python3
"""How `explain` reads real logs of distributed runs that worked (tests/fixtures/logs/field-healthy/).

A run that worked must never read as failed. For every excerpt in that folder's index.json, runs explain's rules on
it and counts it by the most severe finding: error (a false alarm: explain would exit 1), warning, info, or none.
Prints one row per excerpt that drew a warning or an error, and the totals.

Rounds, each measured once before its excerpts were worked on: "healthy-1" (21 excerpts from NCCL's and the clouds'
pages, torchrun's and the launchers' and trainers' outputs, collected by three helpers who never saw the code; two more
stopped inside NCCL's setup and one repeated another's page, and were left out): 1/21 read as failed when measured, at
68bb2b3 (a program's own "Test Error:" print), none since. "healthy-2" (17, collected the same way from inference and
Ray stacks, older torch and classic frameworks with Chinese guides, and HPC centres' and clouds' docs): 2/17 read as
failed when measured, at b5e7a23 (torch's warning of EADDRNOTAVAIL on one address of several; the error-return traces of
communicators aborted at exit), none since. "healthy-3" (17, collected the same way from torch 2.x and torchtitan runs,
the trainers' docs, and logs with per-process prefixes: srun -l, mpirun --tag-output, pdsh, Ray; two more repeated
another's page): 0/17 read as failed when measured, at 9032e04. "healthy-4" (10, collected the same way from newer
NCCL's dumps, inference servers, and XPU, Ascend and ROCm runs; one more, a test whose table the page never shows, was
left out): 1/10 read as failed when measured, at 82111e1 (rccl-tests' rows, without nccl-tests' root column, read as no
result on one host: a peer-to-peer hang), none since. "healthy-5" (15, collected the same way from tutorials' and
examples' outputs, and jobs that print alarming but harmless lines): 1/15 read as failed when measured, at 859bdf1 (Open
MPI's fork warning, read as libfabric EFA's abort), none since. "healthy-6" (9, collected the same way from InfiniBand
and RoCE clusters' pages and committed result files of older torch runs; one more stopped inside NCCL's setup): 1/9 read
as failed when measured, at 532e0c6 (a run script's "ls: cannot access", read as the job's own failed call), none since.
"healthy-7" (39, collected the same way from MLPerf's committed result files of many vendors' systems, Chinese pages,
notebooks committed with their outputs, and threads asking whether a warning of a job that ran is harmful; one more, an
MXNet run, was left out as no PyTorch run): 10/39 read as failed when measured, at f90e1ca (the NCCL proxy's WARNs as
ranks exit; the SHARP plugin's init error where NCCL went on without CollNet; RCCL's MSCCL++ that cannot be enabled;
PMIx's error log of its store's lock; torch's warnings of lookups of the store's name it retried until the name
resolved), 2 now (each a real failure of something the run went on without: test_field_corpus.py names them).
"healthy-8" (39, collected the same way from MLPerf's result files of other rounds and systems, and committed logs of
large runs in research repositories, docs and books): 4/39 read as failed when measured, at b614c36 (srun -l's task
labels padded to the widest, " 0: ", read as indentation and glued; NeMo's INFO message that quotes the traceback of an
import it goes on without; an NCCL socket's trace below its word that it saw the abort; UCX's DEBUG line with an errno
text; records a page indented below unindented ones, glued), none now. "healthy-9" (27, collected the same way from
MLPerf's result files of the rounds and systems left, and Japanese and Korean pages): 4/27 read as failed when measured,
at c8f7328 (multiprocessing's tracebacks of finalisers at exit; a Python warning quoting an errno text; a helper step's
failed srun task before the script started its next step; NCCL's error of the proxy's Close that torch's watchdog raised
at exit, a teardown's warning now), none now. "healthy-10" (19, collected the same way from cloud and vendor recipe
repositories' committed and quoted outputs): 1/19 read as failed when measured, at 764e346, 1 now (a helper script's ssh
to a host file's "slots=1" entry). "healthy-11" (23, collected the same way from threads about the speed of runs that
worked, threads that show a working run's log as context for another question, and inference servers that came up and
served; three more were left out: two stopped inside NCCL's setup or before a test's first row, one was a single GPU's):
0/23 read as failed when measured, at 12ae77d. "healthy-12" (11, collected the same way from AWS Trainium's, Intel
Gaudi's, Google TPU's, Intel XPU's and Huawei Ascend's docs and examples): 2/11 read as failed when measured, at be7084c
(the Neuron runtime's copy of the OFI plugin's failure in a job on one host, which went on past it), none now (vLLM's
ERROR that its engine core died, printed at exit below the engine core's own word that it shut down, is the exit's race
since). All twelve: 27/247 when measured, 3 now (each a real failure of something the run went on without:
test_field_corpus.py names them).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from distdoctor.facts.logs import read_log
from distdoctor.model import SEVERITIES
from distdoctor.rules.logs import explain_findings

HEALTHY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "logs" / "field-healthy"
LEVELS = ("error", "warning", "info", "none")


def level(names_and_severities: list[tuple[str, str]]) -> str:
    """The most severe of the findings' severities, or 'none' without a finding."""
    severities = {severity for _, severity in names_and_severities}
    return next((s for s in SEVERITIES if s in severities), "none")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="a row for every excerpt, not only those flagged")
    parser.add_argument("--healthy", type=Path, default=HEALTHY, help="the set's folder (default: the committed one)")
    args = parser.parse_args()
    entries = json.loads((args.healthy / "index.json").read_text(encoding="utf-8"))
    totals: Counter[str] = Counter()
    for entry in entries:
        found = [(f.name, f.severity) for f in explain_findings([read_log(str(args.healthy / entry["file"]))])]
        worst = level(found)
        totals[worst] += 1
        if args.verbose or worst in ("error", "warning"):
            shown = [name for name, severity in found if severity in ("error", "warning")] or [n for n, _ in found]
            print(f"  {worst:<8} {entry['file']:<70} {shown}")
    print(f"{len(entries)} healthy excerpts: " + ", ".join(f"{totals[k]} {k}" for k in LEVELS))
    print(f"read as failed (exit 1): {totals['error']}/{len(entries)}")


if __name__ == "__main__":
    main()
