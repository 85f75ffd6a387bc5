"""The namespace cluster: real TCP between nodes, per-node names, nftables faults, and a clean teardown."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from testbed import netns
from testbed.netns import Cluster, Node

pytestmark = [
    pytest.mark.slow,
    pytest.mark.root,
    pytest.mark.skipif(netns.available() is not None, reason=netns.available() or ""),
]

PORT = 29500
OTHER_PORT = 29501

# Serves "ok" to every connection on each port given; prints "ready" once all ports listen.
LISTENER = """
import socket, sys, threading
def serve(server):
    while True:
        conn, _ = server.accept()
        conn.sendall(b"ok")
        conn.close()
for port in sys.argv[1:]:
    server = socket.create_server(("0.0.0.0", int(port)))
    threading.Thread(target=serve, args=(server,), daemon=True).start()
print("ready", flush=True)
threading.Event().wait()
"""

# Prints "ok", "timeout" or "refused", and the seconds the attempt took, measured inside (no start-up cost).
CLIENT = """
import socket, sys, time
start = time.monotonic()
try:
    with socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=float(sys.argv[3])) as conn:
        result = conn.recv(2).decode()
except TimeoutError:
    result = "timeout"
except ConnectionRefusedError:
    result = "refused"
print(result, time.monotonic() - start)
"""


def listen(node: Node, *ports: int) -> subprocess.Popen[str]:
    """Start LISTENER on a node and wait until it listens."""
    proc = node.popen([sys.executable, "-c", LISTENER, *map(str, ports)])
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    return proc


def connect(node: Node, host: str, port: int = PORT, timeout: float = 1.0) -> tuple[str, float]:
    """Connect from a node to host:port; the outcome and how long it took."""
    out = node.run([sys.executable, "-c", CLIENT, host, str(port), str(timeout)], check=True).stdout.split()
    return out[0], float(out[1])


def our_namespaces(cluster: Cluster) -> list[str]:
    """Namespaces on the host that belong to this cluster."""
    return sorted(set(cluster.namespaces) & set(os.listdir(netns.NETNS_DIR)))


def test_layout(cluster2: Cluster) -> None:
    first, second = cluster2.nodes
    assert cluster2.subnet.startswith("10.") and cluster2.subnet.endswith(".0")
    assert [(n.hostname, n.address, n.index) for n in cluster2.nodes] == [
        ("node1", f"{cluster2.subnet}.1", 0),
        ("node2", f"{cluster2.subnet}.2", 1),
    ]
    assert first.name != second.name and str(os.getpid()) in first.name
    assert cluster2.hosts_text() == f"127.0.0.1 localhost\n{first.address} node1\n{second.address} node2\n"
    routes = second.run(["ip", "-4", "route"], check=True).stdout
    assert "default" not in routes and f"{cluster2.subnet}.0/24 dev eth0" in routes


def test_node_reaches_listener_on_other_node(cluster2: Cluster) -> None:
    first, second = cluster2.nodes
    listen(first, PORT)
    assert connect(second, first.address)[0] == "ok"
    assert connect(second, "node1")[0] == "ok"


def test_hostname_and_hosts_per_node(cluster2: Cluster) -> None:
    host_name = socket.gethostname()
    for node in cluster2.nodes:
        out = node.run(["sh", "-c", "hostname; getent hosts node1; getent hosts localhost"], check=True).stdout
        assert out.split() == [node.hostname, cluster2.nodes[0].address, "node1", "127.0.0.1", "localhost"]
    assert socket.gethostname() == host_name  # the host keeps its own name


def test_write_hosts_applies_to_later_commands(cluster2: Cluster) -> None:
    second = cluster2.nodes[1]
    second.write_hosts(cluster2.hosts_text().replace(f"{second.address} node2", "127.0.1.1 node2"))
    assert second.run(["getent", "hosts", "node2"], check=True).stdout.split() == ["127.0.1.1", "node2"]
    assert cluster2.nodes[0].run(["getent", "hosts", "node2"], check=True).stdout.split()[0] == second.address


def test_drop_makes_connect_time_out(cluster2: Cluster) -> None:
    first, second = cluster2.nodes
    listen(first, PORT)
    first.nft_block(PORT)
    result, seconds = connect(second, first.address, timeout=1.0)
    assert result == "timeout" and seconds >= 0.9
    assert connect(first, "127.0.0.1")[0] == "ok"  # the node's own loopback is not blocked


def test_reject_refuses_at_once(cluster2: Cluster) -> None:
    first, second = cluster2.nodes
    listen(first, PORT)
    first.nft_block(PORT, action="reject")
    result, seconds = connect(second, first.address, timeout=5.0)
    assert result == "refused" and seconds < 0.5


def test_except_port_leaves_only_that_port_open(cluster2: Cluster) -> None:
    first, second = cluster2.nodes
    listen(first, PORT, OTHER_PORT)
    listen(second, OTHER_PORT)
    first.nft_block(except_port=PORT, action="reject")
    assert connect(second, first.address, PORT)[0] == "ok"
    assert connect(second, first.address, OTHER_PORT)[0] == "refused"
    assert connect(first, second.address, OTHER_PORT)[0] == "ok"  # replies to its own connections still come in
    first.nft_flush()
    assert connect(second, first.address, OTHER_PORT)[0] == "ok"


def test_extra_interfaces(cluster2: Cluster) -> None:
    node = cluster2.nodes[0]
    node.add_dummy_interface("docker0", "172.17.0.1/16")
    node.add_address("10.250.0.1/24", "eth0")
    assert "172.17.0.1/16" in node.run(["ip", "-4", "-o", "addr", "show", "docker0"], check=True).stdout
    assert "10.250.0.1/24" in node.run(["ip", "-4", "-o", "addr", "show", "eth0"], check=True).stdout


def test_teardown_kills_everything_even_when_the_body_raises() -> None:
    cluster = Cluster(2, prefix="ddselftest")
    with pytest.raises(RuntimeError, match="body failed"), cluster:
        tracked = cluster.nodes[0].popen(["sleep", "300"])
        # setsid: a process outside every tracked group, found only by scanning the namespaces.
        escaped = cluster.nodes[1].run(["sh", "-c", "setsid sleep 300 >/dev/null 2>&1 & echo $!"], check=True)
        pids = [tracked.pid, int(escaped.stdout)]
        assert our_namespaces(cluster)
        raise RuntimeError("body failed")
    assert our_namespaces(cluster) == []
    assert all(netns.process_gone(pid) for pid in pids)
    assert not cluster.tmpdir.exists()


def test_cleanup_stale_removes_only_dead_runs() -> None:
    stale, live = f"ddstale{_dead_pid()}c0n1", f"ddstale{os.getpid()}c0n1"
    for name in (stale, live):
        subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        removed = netns.cleanup_stale("ddstale")
        assert stale in removed and live not in removed
        assert stale not in os.listdir(netns.NETNS_DIR) and live in os.listdir(netns.NETNS_DIR)
    finally:
        for name in (stale, live):
            subprocess.run(["ip", "netns", "del", name], check=False, capture_output=True)


def _dead_pid() -> int:
    """A pid that no process holds now, as a crashed run's would be."""
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


@pytest.mark.parametrize("n", [2, 8])
def test_setup_and_teardown_are_fast(make_cluster: Callable[..., Cluster], n: int) -> None:
    start = time.monotonic()
    cluster = make_cluster(n)
    setup = time.monotonic() - start
    assert len(cluster.nodes) == n and connect(cluster.nodes[-1], "node1")[0] == "refused"
    start = time.monotonic()
    cluster.close()
    assert setup < 2.0 and time.monotonic() - start < 2.0  # ~0.05 s each here; generous for loaded CI machines
