"""`check --hosts` from a login node: a real sshd on every namespace node, keys made here, one node firewalled."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from distdoctor.render.as_json import schema
from testbed.browser import render
from testbed.netns import Cluster, Node

pytestmark = [pytest.mark.slow, pytest.mark.root]

SSHD = "/usr/sbin/sshd"
SRC = Path(__file__).resolve().parents[2] / "src"
# The hosts run this branch's distdoctor with this interpreter; a user would name their venv's distdoctor.
REMOTE = f"env PYTHONPATH={SRC} {sys.executable} -m distdoctor"


def keygen(path: Path) -> str:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True, timeout=30)
    return path.with_suffix(".pub").read_text().strip()


def wait_listening(node: Node, port: int, timeout_s: float = 10) -> None:
    probe = f"import socket; socket.create_connection(('{node.address}', {port}), 1).close()"
    deadline = time.monotonic() + timeout_s
    while node.run([sys.executable, "-c", probe], timeout=5).returncode != 0:
        assert time.monotonic() < deadline, f"sshd on {node.hostname} did not start"
        time.sleep(0.1)


@pytest.fixture
def ssh_cluster(make_cluster: Callable[..., Cluster], tmp_path: Path) -> Iterator[tuple[Cluster, list[str]]]:
    """Three nodes: node1 is the login node, node2 and node3 run sshd with a host key and root's key made here."""
    if not (Path(SSHD).exists() and shutil.which("ssh") and shutil.which("ssh-keygen")):
        pytest.skip("openssh-server / openssh-client are not installed")
    cluster = make_cluster(3)
    Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege-separation folder
    host_pub = keygen(tmp_path / "host_key")
    (tmp_path / "authorized_keys").write_text(keygen(tmp_path / "client_key") + "\n")
    known = tmp_path / "known_hosts"
    known.write_text("".join(f"{n.hostname},{n.address} {host_pub}\n" for n in cluster.nodes[1:]))
    for node in cluster.nodes[1:]:
        config = tmp_path / f"sshd_{node.hostname}.conf"
        config.write_text(
            f"Port 22\nListenAddress {node.address}\nHostKey {tmp_path / 'host_key'}\n"
            f"PidFile {tmp_path / node.hostname}.pid\nAuthorizedKeysFile {tmp_path / 'authorized_keys'}\n"
            "PermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
            "UsePAM no\nStrictModes no\n"
        )
        node.popen([SSHD, "-D", "-e", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for node in cluster.nodes[1:]:
        wait_listening(node, 22)
    options = [f"IdentityFile={tmp_path / 'client_key'}", f"UserKnownHostsFile={known}", "StrictHostKeyChecking=yes"]
    yield cluster, [w for o in [*options, "User=root", "ConnectTimeout=3"] for w in ("--ssh-option", o)]


def login_check(cluster: Cluster, ssh: list[str], *args: str) -> tuple[int, dict[str, Any], str]:
    argv = ["distdoctor", "check", "--json", "--wait", "4", "--remote-command", REMOTE, *ssh, *args]
    proc = cluster.nodes[0].run(argv, timeout=90)
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(proc.stdout)
    jsonschema.validate(report, schema())
    return proc.returncode, report, proc.stderr


def test_healthy_hosts_give_one_clean_verdict(ssh_cluster: tuple[Cluster, list[str]], tmp_path: Path) -> None:
    cluster, ssh = ssh_cluster
    code, report, stderr = login_check(cluster, ssh, "--hosts", "node[2-3]", "--html", str(tmp_path / "r.html"))
    assert (code, report["findings"]) == (0, [])
    assert [n["label"] for n in report["data"]["verdict"]["nodes"]] == ["node_rank 0 (node2)", "node_rank 1 (node3)"]
    assert [(h["host"], h["node_rank"], h["ssh"]) for h in report["data"]["hosts"]] == [
        ("node2", 0, "ok"),
        ("node3", 1, "ok"),
    ]
    assert len(report["nodes"]) == 2 and report["config"]["master_addr"]["value"] == "node2"
    assert "[node3]" in stderr  # each host's live lines, relayed
    assert "node_rank 1 (node3)" in (tmp_path / "r.html").read_text()


def test_a_firewalled_host_is_named_with_the_ssh_error(ssh_cluster: tuple[Cluster, list[str]], tmp_path: Path) -> None:
    cluster, ssh = ssh_cluster
    cluster.nodes[2].nft_block(22, action="drop")  # node3: ssh's packets are dropped
    hostfile = tmp_path / "hosts"
    hostfile.write_text("# the job's nodes\nnode3 node_rank=1\nnode2 node_rank=0\n")
    html = tmp_path / "fanout.html"
    code, report, _ = login_check(cluster, ssh, "--hostfile", str(hostfile), "--html", str(html))
    assert code == 1
    names = {(f["name"], f["node"]) for f in report["findings"]}
    assert names == {("ssh-unreachable", "node3"), ("node-missing", None)}
    ssh_finding = next(f for f in report["findings"] if f["name"] == "ssh-unreachable")
    assert "port 22: Connection timed out" in ssh_finding["title"]
    assert [(h["host"], h["ssh"]) for h in report["data"]["hosts"]] == [("node2", "ok"), ("node3", "unreachable")]
    page = html.read_text()
    assert 'data-name="ssh-unreachable"' in page and '<td class="differs">unreachable</td>' in page
    if shutil.which("chromium"):  # the page as a reader sees it, kept with the other screenshots
        assert "Hosts reached over ssh" in render(html, "check-hosts-node3-firewalled").text()


def test_a_host_without_distdoctor_is_not_called_unreachable(ssh_cluster: tuple[Cluster, list[str]]) -> None:
    cluster, ssh = ssh_cluster
    argv = ["distdoctor", "check", "--json", "--wait", "2", "--remote-command", "/nonexistent/distdoctor", *ssh]
    proc = cluster.nodes[0].run([*argv, "--hosts", "node2"], timeout=60)
    report = json.loads(proc.stdout)
    (finding,) = report["findings"]
    assert (proc.returncode, finding["name"], finding["node"]) == (1, "ssh-remote-failed", "node2")
    assert "exit 127" in finding["title"] and "No such file" in finding["title"]
