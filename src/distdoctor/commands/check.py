"""`distdoctor check`: this node's preflight, then (multi-node) one verdict for all nodes, gathered on node_rank 0."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

import msgspec

from distdoctor import defaults
from distdoctor.catalogue import describable
from distdoctor.facts import gather_node_facts
from distdoctor.gather.coordinator import Coordinator, GatherResult
from distdoctor.gather.join import JoinResult, join
from distdoctor.gather.probing import MeshListener, start_listener
from distdoctor.gather.wire import Channel
from distdoctor.model import SEVERITIES, Endpoint, Finding, LaunchConfig, NodeFacts, NodeReport, Report
from distdoctor.model.codec import DecodeError, from_jsonable, to_jsonable
from distdoctor.model.identity import ByIdentity
from distdoctor.model.picking import backend_of, pick_of
from distdoctor.model.progress import EventSink, ignore
from distdoctor.model.report import CheckData, GatheredNode, MeshCell, PreflightData
from distdoctor.model.secret import Secret
from distdoctor.rules.cross import cross_findings, rejected_findings, unverified_findings
from distdoctor.rules.devices_cross import device_cross_findings
from distdoctor.rules.join import join_findings
from distdoctor.rules.local import local_findings
from distdoctor.rules.mesh import mesh_details, mesh_findings, mesh_matrix

# Up to this many nodes the JSON carries the whole node × node mesh matrix.
MATRIX_MAX_NODES = 64
# Findings a worker is sent, errors first: node 0 prints them all. One misconfiguration on 4096 nodes is 4096
# findings; every worker decoding all of them is what made a large gather's verdict slow to arrive.
VERDICT_MAX_FINDINGS = 200
# Above MATRIX_MAX_NODES a worker gets this many of the arrived nodes by name, and their count: 4096 names in every
# worker's verdict made 1 GB to send (237 KB each) and left workers waiting past their timeout.
WORKER_NODES_SHOWN = 8

# Local findings after which gathering cannot work: this node could not reach node 0, or node 0 cannot listen.
WORKER_BLOCKERS = frozenset({"master-addr-loopback", "master-addr-unresolvable", "master-port-invalid"})
MASTER_BLOCKERS = frozenset({"master-port-in-use", "master-addr-not-local", "master-port-invalid"})


@dataclass(frozen=True)
class CheckOptions:
    """How `check` gathers: alone, or with the other nodes through node_rank 0."""

    local_only: bool = False
    wait_s: float = defaults.GATHER_WAIT_S
    coord_port: int | None = None  # default: MASTER_PORT, the very port torch will use
    secret: Secret | None = None
    mesh: bool = True


def check(
    config: LaunchConfig,
    environ: Mapping[str, str],
    options: CheckOptions | None = None,
    on_event: EventSink = ignore,
) -> Report:
    """Local facts and rules; across nodes, the shared verdict node_rank 0 hands every node."""
    options = options or CheckOptions()
    coordinated = not options.local_only and config.nnodes.value.multi_node and config.master_addr is not None
    facts = gather_node_facts(config, environ, probe_master=not coordinated)
    local = local_findings(config, facts)
    if not coordinated:
        return _local_report(config, facts, local)
    errors = {f.name for f in local if f.severity == "error"}
    if errors & (MASTER_BLOCKERS if config.is_master else WORKER_BLOCKERS):
        return _local_report(config, facts, local, note="not gathered: this node cannot take part (see the errors)")
    if config.is_master:
        return asyncio.run(_coordinate(config, facts, local, options, on_event))
    return asyncio.run(_join(config, facts, local, options, on_event))


def _local_report(config: LaunchConfig, facts: NodeFacts, findings: list[Finding], note: str = "") -> Report:
    return Report(command="check", findings=tuple(findings), config=config, facts=facts, data=PreflightData(note))


def advertised(facts: NodeFacts) -> tuple[str, str | None] | None:
    """The address the job's backend will advertise here, as gloo or NCCL picks it (None: it finds none, and fails
    at init: the local rules say why)."""
    pick = pick_of(facts, backend_of(facts))
    if pick is None or pick.address is None:
        return None
    return pick.address, pick.interface


async def _listener_report(
    config: LaunchConfig, facts: NodeFacts, local: list[Finding], channel: Channel
) -> tuple[NodeReport, MeshListener | None]:
    where = advertised(facts)
    listener: MeshListener | None = None
    endpoint: Endpoint | None = None
    if where:
        try:
            listener = await start_listener(*where, channel=channel)
            endpoint = listener.endpoint
        except OSError:
            endpoint = None  # the address is not bindable here: the mesh rules report the node as unreachable
    return NodeReport(config, facts, tuple(local), endpoint), listener


class LocalRules:
    """Each node's local findings, run once per report (node 0 runs them while the mesh is under way)."""

    def __init__(self) -> None:
        self._found: ByIdentity[NodeReport, tuple[Finding, ...]] = ByIdentity(
            lambda report: tuple(local_findings(report.config, report.facts)), limit=1 << 17
        )

    def of(self, report: NodeReport) -> tuple[Finding, ...]:
        """The local findings of one node's config and facts."""
        return self._found(report)

    def run_all(self, reports: Sequence[NodeReport]) -> None:
        """Every node's but node 0's (its own findings came with its report)."""
        for report in reports[1:]:
            self.of(report)


def verdict(result: GatherResult, local: LocalRules | None = None) -> Report:
    """The shared verdict: every node's local findings, then cross-node, then mesh (rules only, no I/O).

    Node 0's own findings are its report's; every other node's come from the local rules run here on the config and
    facts it sent (data, not verdicts: a peer cannot make up a finding)."""
    reports = result.reports
    local = local or LocalRules()
    findings: list[Finding] = list(reports[0].findings)
    findings += [f for r in reports[1:] for f in local.of(r)]
    unverified = {i for i, _ in result.unverified}
    findings += cross_findings(reports, result.waited_s, result.complete, unverified)
    findings += device_cross_findings(reports)
    findings += unverified_findings(reports, result.unverified)
    findings += rejected_findings(result.rejected, result.rejected_more)
    findings += mesh_findings(reports, result.probes)
    own = reports[0]
    n = len(reports)
    small = n <= MATRIX_MAX_NODES
    data = CheckData(
        nodes=tuple(GatheredNode(r.label, r.seen_from or "self") for r in reports),
        expected=result.expected,
        waited_s=round(result.waited_s, 3),
        complete=result.complete,
        interrupted=result.interrupted,
        mesh_s=round(result.mesh_s, 3),
        mesh_probes=len(result.probes),
        # The node × node matrix (and what each pair measured) up to MATRIX_MAX_NODES; above, the pairs not clean.
        mesh=_cells(mesh_matrix(n, result.probes)) if small else None,
        mesh_detail=tuple(map(tuple, mesh_details(n, result.probes))) if small else None,
        mesh_failed_pairs=None if small else tuple((p.src, p.dst, p.failure) for p in result.probes if not p.ok),
    )
    return Report(
        command="check",
        findings=tuple(findings),
        config=own.config,
        facts=own.facts,
        nodes=tuple(r.facts for r in reports),
        data=data,
    )


def _cells(matrix: list[list[str]]) -> tuple[tuple[MeshCell, ...], ...]:
    return tuple(tuple(cast(MeshCell, cell) for cell in row) for row in matrix)


def for_workers(verdict: Report) -> object:
    """The verdict as workers get it: every node's facts stay on node 0 (4096 nodes' facts exceed a frame)."""
    data = verdict.data
    assert isinstance(data, CheckData)
    # The per-pair details stay on node 0 too (its HTML report shows them): up to 4032 strings for 64 nodes.
    data = msgspec.structs.replace(data, mesh_detail=None)
    if len(data.nodes) > MATRIX_MAX_NODES:
        data = msgspec.structs.replace(data, nodes=data.nodes[:WORKER_NODES_SHOWN], nodes_total=len(data.nodes))
    slim = dataclasses.replace(verdict, nodes=(), data=data)
    body = to_jsonable(slim)
    too_big = len(json.dumps(body)) > defaults.FRAME_MAX_BYTES // 2  # as the wire writes it: ASCII, text escaped
    if too_big or len(verdict.findings) > VERDICT_MAX_FINDINGS:
        ranked = sorted(verdict.findings, key=lambda f: SEVERITIES.index(f.severity))
        kept = tuple(ranked[:VERDICT_MAX_FINDINGS])
        note = f"{len(verdict.findings) - len(kept)} more findings: see node_rank 0's output"
        slim = dataclasses.replace(slim, findings=kept, data=msgspec.structs.replace(data, truncated=note))
        body = to_jsonable(slim)
    return body


async def _coordinate(
    config: LaunchConfig, facts: NodeFacts, local: list[Finding], options: CheckOptions, on_event: EventSink
) -> Report:
    channel = Channel(options.secret)
    own, listener = await _listener_report(config, facts, local, channel)
    port = options.coord_port or config.master_port.value
    coordinator = Coordinator(own, config.nnodes.value.max, options.wait_s, channel, on_event)
    try:
        rules = LocalRules()
        decide = functools.partial(verdict, local=rules)
        _, report = await coordinator.run(
            "", port, decide, mesh=options.mesh, for_workers=for_workers, meanwhile=rules.run_all
        )
    finally:
        if listener is not None:
            await listener.close()
    assert isinstance(report, Report)
    return report


async def _join(
    config: LaunchConfig, facts: NodeFacts, local: list[Finding], options: CheckOptions, on_event: EventSink
) -> Report:
    channel = Channel(options.secret)
    own, listener = await _listener_report(config, facts, local, channel)
    assert config.master_addr is not None
    resolved = facts.master_resolution.addresses if facts.master_resolution else ()
    host = resolved[0] if resolved else config.master_addr.value
    port = options.coord_port or config.master_port.value
    try:
        result = await join(own, host=host, port=port, wait_s=options.wait_s, channel=channel, on_event=on_event)
    finally:
        if listener is not None:
            await listener.close()
    return _worker_report(config, facts, result)


def _worker_report(config: LaunchConfig, facts: NodeFacts, result: JoinResult) -> Report:
    """node 0's verdict when it came; else this node's own, with what reaching node 0 looked like."""
    if result.verdict is not None:
        try:
            report = from_jsonable(Report, result.verdict)
            # Only findings this version can name and fill in: a verdict from elsewhere cannot break the renderers.
            return dataclasses.replace(report, findings=tuple(f for f in report.findings if describable(f)))
        except DecodeError as exc:
            result = dataclasses.replace(result, verdict=None, lost=f"its verdict could not be read ({exc})")
    facts = dataclasses.replace(facts, master_probe=result.probe)
    findings = local_findings(config, facts) + join_findings(config, facts, rejected=result.rejected, lost=result.lost)
    return _local_report(config, facts, findings)
