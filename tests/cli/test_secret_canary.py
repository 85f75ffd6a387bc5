"""A canary secret given to every command (flag, DISTDOCTOR_SECRET, stdin) appears in none of their outputs.

Searched: stdout, stderr, --json, --html files, and the argv of every ssh that `check --hosts` started (a fake ssh
first in PATH records it and runs the command here). Two-node check and run/dump really gather with the secret, so
the signed paths are the ones exercised.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from hang.scenarios import free_port, kill_tree

CANARY = "CANARY-5f1e0c"
SRC = Path(__file__).resolve().parents[2] / "src"
DISTDOCTOR = [sys.executable, "-m", "distdoctor"]
REMOTE = f"env PYTHONPATH={SRC} {sys.executable} -m distdoctor"
BASE_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("MASTER_", "SLURM_", "OMPI_", "PMIX_", "PET_"))}
BASE_ENV = {**BASE_ENV, "LANG": "C.UTF-8", "PYTHONPATH": str(SRC)}
BASE_ENV.pop("DISTDOCTOR_SECRET", None)

# Records its argv, then runs the command here, as ssh would on the host; "down" and "broken" fail as ssh does.
FAKE_SSH = """#!{python}
import json, os, sys
args = sys.argv[1:]
with open({log!r}, "a") as log:
    log.write(json.dumps(args) + "\\n")
host, command = args[args.index("--") + 1 :]
if host == "down":
    print("ssh: connect to host down port 22: Connection timed out", file=sys.stderr)
    sys.exit(255)
if host == "broken":
    print("bash: line 1: distdoctor: command not found", file=sys.stderr)
    sys.exit(127)
os.execvp("sh", ["sh", "-c", command])
"""


def node_address() -> str:
    """An address of this machine other than loopback, so a worker's check does not stop at master-addr-loopback."""
    for addresses in psutil.net_if_addrs().values():
        for a in addresses:
            if a.family == socket.AF_INET and not a.address.startswith("127."):
                return str(a.address)
    return "127.0.0.1"  # the gather is then refused by the worker, but every output is still searched


class Outputs:
    """Every process started and every file written, searched together at the end."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.procs: list[tuple[str, subprocess.Popen[str]]] = []
        self.texts: dict[str, str] = {}

    def start(self, name: str, *args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> None:
        proc = subprocess.Popen(
            [*DISTDOCTOR, *args],
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**BASE_ENV, **(env or {})},
        )
        if stdin is not None:
            assert proc.stdin is not None
            proc.stdin.write(stdin)
            proc.stdin.close()
            proc.stdin = None  # communicate() then leaves it alone
        self.procs.append((name, proc))

    def html(self, name: str) -> str:
        return str(self.tmp / f"{name}.html")

    def finish(self, timeout_s: float = 90) -> None:
        deadline = time.monotonic() + timeout_s
        for name, proc in self.procs:
            out, err = proc.communicate(timeout=max(1, deadline - time.monotonic()))
            self.texts[f"{name}: stdout"], self.texts[f"{name}: stderr"] = out, err
            self.texts[f"{name}: exit"] = str(proc.returncode)
        for path in sorted(self.tmp.rglob("*")):
            if path.is_file():
                self.texts[f"file {path.name}"] = path.read_text(errors="replace")

    def kill(self) -> None:
        kill_tree([proc.pid for _, proc in self.procs if proc.poll() is None])


@pytest.fixture
def outputs(tmp_path: Path) -> Iterator[Outputs]:
    found = Outputs(tmp_path / "out")
    found.tmp.mkdir()
    try:
        yield found
    finally:
        found.kill()


def fake_ssh(tmp_path: Path) -> tuple[dict[str, str], Path]:
    bin_dir, log = tmp_path / "bin", tmp_path / "out" / "ssh-argv.log"
    bin_dir.mkdir()
    ssh = bin_dir / "ssh"
    ssh.write_text(FAKE_SSH.format(python=sys.executable, log=str(log)))
    ssh.chmod(0o755)
    return {"PATH": f"{bin_dir}{os.pathsep}{BASE_ENV.get('PATH', '')}"}, log


def test_the_secret_appears_in_no_output_of_any_command(tmp_path: Path, outputs: Outputs) -> None:
    addr = node_address()
    with_env = {"DISTDOCTOR_SECRET": CANARY}

    # run on two nodes (node 0 listening for the relay), a job that stands still: a verdict after 1 s.
    relay = free_port()
    stop = tmp_path / "stop"
    wait_for_stop = f"import os, time\nwhile not os.path.exists({str(stop)!r}): time.sleep(0.2)"
    job = ["env", "RANK=0", "WORLD_SIZE=2", sys.executable, "-c", wait_for_stop]
    job_env = {"PET_NNODES": "2", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(free_port())}
    run_args = ["run", "--json", "--hang-after", "1", "--coord-port", str(relay)]
    outputs.start("run node0", *run_args, "--html", outputs.html("run"), "--", *job,
                  env={**job_env, **with_env, "PET_NODE_RANK": "0"})  # fmt: skip
    outputs.start("run node1", *run_args, "--secret", CANARY, "--", *job, env={**job_env, "PET_NODE_RANK": "1"})

    # check --hosts: two hosts gather here, one is unreachable, one has no distdoctor.
    path_env, ssh_log = fake_ssh(tmp_path)
    fan_out = ["check", "--json", "--wait", "4", "--remote-command", REMOTE, "--master-port", str(free_port())]
    outputs.start("check --hosts", *fan_out, "--hosts", f"{addr},localhost,down,broken", "--html",
                  outputs.html("hosts"), env={**path_env, **with_env})  # fmt: skip

    # check on two nodes with the same secret (env, stdin), then with another one on the worker (node 0 then waits
    # its whole --wait: the wait is long enough for a worker started on a loaded machine).
    for name, worker_secret in (("same", CANARY), ("other", "another-secret")):
        port = str(free_port())
        node = ["check", "--json", "--wait", "15", "--nnodes", "2", "--master-addr", addr, "--master-port", port]
        outputs.start(f"check {name} node0", *node, "--node-rank", "0", "--html", outputs.html(f"check-{name}"),
                      env=with_env)  # fmt: skip
        outputs.start(f"check {name} node1", *node, "--node-rank", "1", "--secret-stdin", stdin=worker_secret + "\n")

    # One node alone, and every other command, with the secret in the environment.
    outputs.start("check local", "check", "--secret", CANARY, "--html", outputs.html("local"))
    outputs.start("check local json", "check", "--json", env=with_env)
    outputs.start("env", "env", "--json", "--html", outputs.html("env"), env=with_env)
    outputs.start("explain", "explain", "-", "--json", env=with_env,
                  stdin="torch.distributed.DistNetworkError: Connection reset by peer\n")  # fmt: skip
    outputs.start("lint", "lint", "--json", "--", "torchrun", "--nnodes", "2", "train.py", env=with_env)
    for command in ("check", "run", "dump", "smoke", "env", "explain", "lint"):
        outputs.start(f"{command} --help", command, "--help", env=with_env)
    outputs.start("bad usage", "check", "--secret", CANARY, "--master-port", "70000", env=with_env)

    # Ask node 0's run for every node's ranks (signed), until node 1's run has joined it.
    dump = ["dump", "--json", "--all-nodes", "--coord", f"127.0.0.1:{relay}", "--html", outputs.html("dump")]
    deadline, answered = time.monotonic() + 40, None
    while answered != [0, 1] and time.monotonic() < deadline:
        time.sleep(1)
        asked = subprocess.run([*DISTDOCTOR, *dump], capture_output=True, text=True, env={**BASE_ENV, **with_env})
        outputs.texts[f"dump --all-nodes {deadline - time.monotonic():.1f}"] = asked.stdout + asked.stderr
        answered = json.loads(asked.stdout)["data"]["nodes_answered"] if asked.stdout.startswith("{") else None
    stop.touch()  # the job ends, and with it both runs
    outputs.finish()

    leaks = [name for name, text in outputs.texts.items() if CANARY in text]
    assert leaks == [], f"the secret appears in: {leaks}"

    # The secret did its work: signed frames were taken, and a wrong one was turned away without being shown.
    texts = outputs.texts
    argvs = [json.loads(line) for line in ssh_log.read_text().splitlines()]
    assert sorted(a[a.index("--") + 1] for a in argvs) == sorted([addr, "localhost", "down", "broken"])
    assert all("--secret-stdin" in a[-1] for a in argvs)
    hosts = json.loads(texts["check --hosts: stdout"])
    assert {f["name"] for f in hosts["findings"]} >= {"ssh-unreachable", "ssh-remote-failed"}
    assert answered == [0, 1], (texts["run node1: stderr"], texts["run node0: stderr"])
    if addr != "127.0.0.1":
        same = json.loads(texts["check same node0: stdout"])
        assert len(same["nodes"]) == 2 and not {"report-rejected", "node-missing"} & {
            f["name"] for f in same["findings"]
        }
        other = json.loads(texts["check other node0: stdout"])
        # node 0 counts the refused frames as one warning; the node it turned away is missing.
        assert {"frames-rejected", "node-missing"} <= {f["name"] for f in other["findings"]}
    assert texts["bad usage: exit"] == "2"
