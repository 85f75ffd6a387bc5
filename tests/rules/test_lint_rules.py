"""Lint rules, table-driven: launch command lines in, finding names out; the torchrun equivalent exactly."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from distdoctor.commands.lint import lint
from distdoctor.facts.script import script_facts_from_source
from distdoctor.model import Finding
from distdoctor.model.facts import ScriptFacts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
SEED = (
    "python -m torch.distributed.launch --nproc_per_node=4 --nnodes=2 --node_rank={rank} "
    "--master_addr=192.168.1.100 --master_port=29500 --use_env train.py"
)
TORCHRUN = "torchrun --nnodes=2 --node-rank={rank} --nproc-per-node=4 --master-addr=10.0.0.1 train.py"


def findings(*lines: str, cwd: Path = FIXTURES) -> list[Finding]:
    return list(lint([(i, shlex.split(line)) for i, line in enumerate(lines, start=1)], str(cwd)).findings)


def names(*lines: str, cwd: Path = FIXTURES) -> dict[str, str]:
    return {f.name: f.severity for f in findings(*lines, cwd=cwd)}


def test_seed_commands_give_the_torchrun_equivalent_and_no_error() -> None:
    found = findings(SEED.format(rank=0), SEED.format(rank=1))
    assert {f.name for f in found} == {"launch-deprecated"}
    assert all(f.severity == "warning" for f in found)
    assert dict(found[0].params)["torchrun"] == (
        "torchrun --nproc-per-node=4 --nnodes=2 --node-rank=0 --master-addr=192.168.1.100 --master-port=29500 train.py"
    )


CASES = [
    ("healthy torchrun pair", [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1)], {}),
    (
        "duplicate node_rank",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1), TORCHRUN.format(rank=1)],
        {"node-rank-duplicate": "error"},
    ),
    (
        "gap",
        [
            TORCHRUN.format(rank=0),
            TORCHRUN.format(rank=1).replace("--node-rank=1", "--node-rank=3").replace("--nnodes=2", "--nnodes=2"),
        ],
        {"node-rank-out-of-range": "error", "launch-node-rank-gap": "error"},
    ),
    (
        "nnodes differ",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1).replace("--nnodes=2", "--nnodes=3")],
        {"nnodes-mismatch": "error"},
    ),
    (
        "master differs",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1).replace("10.0.0.1", "10.0.0.2")],
        {"master-addr-mismatch": "error"},
    ),
    (
        "port differs",
        [TORCHRUN.format(rank=0) + "", TORCHRUN.format(rank=1).replace("train.py", "--master-port 29501 train.py")],
        {"master-port-mismatch": "error"},
    ),
    (
        "nproc differs",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1).replace("--nproc-per-node=4", "--nproc-per-node=8")],
        {"nproc-mismatch": "warning"},
    ),
    (
        "script differs",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1).replace("train.py", "train2.py")],
        {"launch-flags-differ": "warning"},
    ),
    (
        "max-restarts differs",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=1).replace("train.py", "--max-restarts 3 train.py")],
        {"launch-flags-differ": "warning"},
    ),
    (
        "loopback master on two nodes",
        [TORCHRUN.format(rank=1).replace("10.0.0.1", "localhost")],
        {"master-addr-loopback": "error"},
    ),
    (
        "static multi-node without node_rank",
        [TORCHRUN.format(rank=0), TORCHRUN.format(rank=0).replace("--node-rank=0 ", "")],
        {"launch-node-rank-missing": "error", "node-rank-duplicate": "error"},
    ),
    (
        "one command without node_rank",
        [TORCHRUN.format(rank=0).replace("--node-rank=0 ", "")],
        {"launch-node-rank-missing": "warning"},
    ),
    (
        "c10d assigns ranks itself",
        ["torchrun --nnodes=2 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=10.0.0.1:29400 train.py"],
        {},
    ),
    (
        "launch without --use_env, script parses --local_rank",
        ["python -m torch.distributed.launch --nproc_per_node=2 argparse_worker.py"],
        {"launch-deprecated": "warning", "local-rank-arg": "error"},
    ),
    (
        "torchrun, script parses --local_rank and never reads LOCAL_RANK",
        ["torchrun --nproc-per-node=2 argparse_worker.py"],
        {"local-rank-arg": "warning"},
    ),
    ("torchrun, script reads LOCAL_RANK", ["torchrun --nproc-per-node=2 worker.py"], {}),
]


@pytest.mark.parametrize(("case", "lines", "expected"), CASES, ids=[c[0] for c in CASES])
def test_lint(case: str, lines: list[str], expected: dict[str, str]) -> None:
    assert names(*lines) == expected


def test_local_rank_arg_names_the_script_and_the_spellings() -> None:
    (finding,) = [
        f for f in findings("python -m torch.distributed.launch argparse_worker.py") if f.name == "local-rank-arg"
    ]
    params = dict(finding.params)
    assert params["script"] == "argparse_worker.py"
    assert params["flag_class"] == "--local_rank"
    assert params["passed_class"] == "local-rank-dash-arg"
    assert "argparse_worker.py: add_argument('--local_rank')" in finding.evidence


def test_flags_differ_names_the_lines() -> None:
    (finding,) = findings(TORCHRUN.format(rank=0), TORCHRUN.format(rank=1).replace("train.py", "train2.py"))
    assert dict(finding.params)["detail"] == "train.py on line 1; train2.py on line 2"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "import argparse\np=argparse.ArgumentParser()\np.add_argument('--local_rank', type=int)\n",
            ScriptFacts("s.py", ("--local_rank",), False),
        ),
        (
            "p.add_argument('--local-rank', '--local_rank', type=int)\nimport os\nos.environ['LOCAL_RANK']\n",
            ScriptFacts("s.py", ("--local-rank", "--local_rank"), True),
        ),
        ("import os\nrank = int(os.environ.get('LOCAL_RANK', 0))\n", ScriptFacts("s.py", (), True)),
        ("def broken(:\n", ScriptFacts("s.py", error="not valid Python (line 1)")),
    ],
)
def test_script_facts(source: str, expected: ScriptFacts) -> None:
    assert script_facts_from_source("s.py", source) == expected
