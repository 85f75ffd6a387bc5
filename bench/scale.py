"""Gather and mesh time for simulated clusters: one loopback address per node (127.0.x.y), served by a few processes.

    python bench/scale.py [--nodes 256 1024 4096] [--procs 4]

Node 0 runs the real Coordinator and the real rules; the other nodes run the real join() and mesh listeners, many
per process. Prints gather and mesh seconds per size and how they grow with N, against the issue's targets.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import itertools
import multiprocessing
import os
import socket
import sys
import time
from collections import Counter
from typing import Any

from distdoctor.commands.check import LocalRules, for_workers, verdict
from distdoctor.config import load_config
from distdoctor.facts import gather_node_facts
from distdoctor.gather.coordinator import Coordinator
from distdoctor.gather.join import join
from distdoctor.gather.probing import start_listener
from distdoctor.gather.server import raise_fd_limit
from distdoctor.gather.wire import PLAIN
from distdoctor.model import NodeReport
from distdoctor.model.facts import Interface, Resolution, Route
from distdoctor.model.progress import Event, FrameDropped, MeshDone, MeshStarted

TARGETS = {4096: ("gather", 5.0), 1024: ("mesh", 15.0)}
# One event loop per 512 simulated nodes: a loop for 1024 falls seconds behind when the mesh requests all land at
# once (4096 nodes: mesh 15.6 s with 1024 a loop, 11.3 s with 512), and a simulated node's deadlines then measure
# its loop, not the network. Each process holds ~11 sockets per node at the mesh's peak, far under its fd limit.
NODES_PER_PROCESS = 512


def address(i: int) -> str:
    """Node i's loopback address: 127.0.0.1 is node 0, then 127.0.0.2 ... 127.15.255.254."""
    return f"127.{(i + 1) >> 16 & 255}.{(i + 1) >> 8 & 255}.{(i + 1) & 255}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def identity(i: int) -> str:
    """The address node i says it has (10.x.y.z), as a healthy cluster's node would; it talks over loopback."""
    return f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}"


def report_for(i: int, n: int, port: int, template: Any) -> NodeReport:
    """Node i's report, as a healthy node would send it. Its names and addresses are not loopback: on loopback
    every node would carry master-addr-loopback and hostname-loopback, 8,190 findings for 4096 nodes, which is
    another workload (a misconfigured cluster) than the healthy one measured here."""
    master = identity(0)
    flags = {"nnodes": str(n), "node_rank": str(i), "master_addr": master, "master_port": str(port)}
    config, _ = load_config(flags, None, {})
    own = identity(i)
    facts = dataclasses.replace(
        template,
        hostname=f"sim{i}",
        hostname_resolution=Resolution(f"sim{i}", (own,)),
        interfaces=(*template.interfaces, Interface("eth0", (own,), True)),
        master_resolution=Resolution(master, (master,)),
        route_to_master=Route(master, own, "eth0"),
    )
    return NodeReport(config, facts)


def run_workers(ranks: list[int], n: int, port: int, wait_s: float, verdicts: Any, last: Any) -> None:
    # A process standing in for a thousand nodes holds their sockets, listeners and mesh probes at once.
    raise_fd_limit()
    template = gather_node_facts(load_config({}, None, {})[0], {})

    async def one(i: int) -> None:
        listener = await start_listener(address(i))
        own = dataclasses.replace(report_for(i, n, port, template), mesh_endpoint=listener.endpoint)
        # From its own address, as a real node: node 0's limits are per source address.
        result = await join(own, host="127.0.0.1", port=port, wait_s=wait_s, source=address(i))
        got = time.monotonic()  # one clock for every process on the host
        await listener.close()
        if result.verdict is not None:
            with verdicts.get_lock():
                verdicts.value += 1
                last.value = max(last.value, got)
        else:
            print(f"node {i}: no verdict ({result.probe.outcome}, {result.lost})", file=sys.stderr)

    async def all_of_them() -> None:
        await asyncio.gather(*(one(i) for i in ranks))

    asyncio.run(all_of_them())


def measure(n: int, procs: int, wait_s: float) -> dict[str, Any]:
    port = free_port()
    ranks = list(range(1, n))
    procs = max(procs, -(-len(ranks) // NODES_PER_PROCESS))
    verdicts = multiprocessing.Value("i", 0)
    last = multiprocessing.Value("d", 0.0)  # when the last worker had its verdict
    workers = [
        multiprocessing.Process(target=run_workers, args=(ranks[k::procs], n, port, wait_s, verdicts, last))
        for k in range(procs)
    ]
    for w in workers:
        w.start()
    time.sleep(0.5 + n / 4096)  # the workers are retrying: node 0 starting last is the realistic order
    marks: dict[str, float] = {}

    dropped: Counter[str] = Counter()

    def on_event(event: Event) -> None:
        if isinstance(event, FrameDropped):
            dropped[event.reason.split(" (")[0][:60]] += 1
        elif isinstance(event, MeshStarted):
            marks["gathered"] = time.monotonic()
        elif isinstance(event, MeshDone):
            marks["mesh"] = event.elapsed_s

    async def node0() -> tuple[Any, Any]:
        template = gather_node_facts(load_config({}, None, {})[0], {})
        listener = await start_listener(address(0))
        own = dataclasses.replace(report_for(0, n, port, template), mesh_endpoint=listener.endpoint)
        coordinator = Coordinator(own, n, wait_s, PLAIN, on_event)
        try:
            rules = LocalRules()  # as check's node 0 does: the local rules run while the mesh is under way
            rule = functools.partial(verdict, local=rules)

            def decide(result: Any) -> Any:
                marks["decide"] = time.monotonic()
                try:
                    return rule(result)
                finally:
                    marks["decided"] = time.monotonic()

            return await coordinator.run("127.0.0.1", port, decide, for_workers=for_workers, meanwhile=rules.run_all)
        finally:
            await listener.close()

    start = time.monotonic()
    cpu = time.process_time()  # this process runs node 0 only: its CPU seconds, whatever else loads the machine
    result, report = asyncio.run(node0())
    cpu = time.process_time() - cpu
    node0_s = time.monotonic() - start
    for w in workers:
        w.join(timeout=60)
        if w.is_alive():
            w.kill()
    # From node 0's start to the last worker holding the verdict (the simulated nodes' own teardown not counted).
    total = max(last.value, start + node0_s) - start
    return {
        "arrived": len(result.reports),
        "verdicts": verdicts.value + 1,  # node 0's own
        "gather_s": marks.get("gathered", start) - start,
        "mesh_s": marks.get("mesh", 0.0),
        "pairs": len(result.probes),
        "errors": sum(f.severity == "error" for f in report.findings),
        "findings": len(report.findings),
        "total_s": total,
        # After the mesh: the rules, then the verdict written to every worker, then the last one read.
        "after_mesh": (
            f"rules {marks.get('decided', 0) - marks.get('decide', 0):.2f} s, node 0 done"
            f" {start + node0_s - marks.get('decided', start):.2f} s later, last worker"
            f" {max(0.0, last.value - start - node0_s):.2f} s after that"
        ),
        "node0_cpu_s": cpu,
        "dropped": ", ".join(f"{why} x{k}" for why, k in dropped.most_common(3)),
        "kinds": ", ".join(f"{name} x{k}" for name, k in Counter(f.name for f in report.findings).most_common(3)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, nargs="+", default=[256, 1024, 4096])
    parser.add_argument("--procs", type=int, default=max(2, os.cpu_count() or 2), help="at least one per 1024 nodes")
    parser.add_argument("--wait", type=float, default=60.0)
    args = parser.parse_args()
    print(
        f"{'nodes':>6} {'arrived':>8} {'verdicts':>9} {'gather s':>9} {'mesh s':>7} {'pairs':>7} {'errors':>7}"
        f" {'findings':>9} {'total s':>8} {'node 0 cpu s':>13}"
    )
    rows = []
    for n in args.nodes:
        row = measure(n, args.procs, args.wait)
        rows.append((n, row))
        print(
            f"{n:>6} {row['arrived']:>8.0f} {row['verdicts']:>9.0f} {row['gather_s']:>9.2f} {row['mesh_s']:>7.2f}"
            f" {row['pairs']:>7.0f}"
            f" {row['errors']:>7.0f} {row['findings']:>9.0f} {row['total_s']:>8.2f} {row['node0_cpu_s']:>13.2f}",
            flush=True,
        )
        if row["kinds"]:
            print(f"{'':>6} findings: {row['kinds']}", flush=True)
        print(f"{'':>6} after the mesh: {row['after_mesh']}", flush=True)
        if row["dropped"]:
            print(f"{'':>6} frames dropped by node 0: {row['dropped']}", flush=True)
    for (n0, a), (n1, b) in itertools.pairwise(rows):
        print(
            f"N x{n1 / n0:.0f} ({n0} -> {n1}): gather x{b['gather_s'] / max(a['gather_s'], 1e-6):.1f},"
            f" mesh x{b['mesh_s'] / max(a['mesh_s'], 1e-6):.1f}"
        )
    for n, row in rows:
        if n in TARGETS:
            what, limit = TARGETS[n]
            value = row[f"{what}_s"]
            verdict_word = "met" if value <= limit else "MISSED"
            print(f"target: {what} of {n} nodes <= {limit:.0f} s: {verdict_word} ({value:.2f} s)")
        if n == 4096:
            met = "met" if row["total_s"] <= 15 and row["verdicts"] == n else "MISSED"
            print(f"target: every one of {n} nodes has the verdict, end to end <= 15 s: {met}"
                  f" ({row['verdicts']:.0f}/{n}, {row['total_s']:.2f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
