"""Cross-node rules: every node's report in, findings about how the nodes disagree out. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from typing import Any

from distdoctor.model import Finding, NodeReport, Pick, Source, Sourced, Versions
from distdoctor.model.picking import GLOO_IFNAME, NCCL_IFNAME, backend_of, pick_of
from distdoctor.rules.finding import make_finding
from distdoctor.rules.local import quote

# Only these prefixes: TORCHELASTIC_* (run id, restart count) and PET_* are set by torchrun itself or are the
# launch config, which the config rules below compare value by value.
ENV_PREFIXES = ("NCCL_", "GLOO_", "TORCH_")
# Values that name something of the node itself (a host id, a per-host file or cache path): differing is normal.
PER_NODE_VARS = frozenset(
    {"NCCL_HOSTID", "NCCL_DEBUG_FILE", "TORCH_HOME", "TORCH_EXTENSIONS_DIR", "TORCH_NCCL_DEBUG_INFO_TEMP_FILE"}
)
# Interface names may differ per node (eth0 here, ens5 there); the local rule ifname-missing checks each one
# exists. Set on some nodes and unset on others is still reported: those nodes pick interfaces differently.
IFNAME_VARS = frozenset({"NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"})

# Component label in the finding, and how to read it from Versions. Python is compared by major.minor: a patch
# release changes neither pickle nor the C ABI torch is built against.
VERSION_COMPONENTS: tuple[tuple[str, Callable[[Versions], str | None], Callable[[str], str]], ...] = (
    ("torch", lambda v: v.torch, lambda s: s),
    ("NCCL", lambda v: v.nccl, lambda s: s),
    ("CUDA", lambda v: v.torch_cuda, lambda s: s),
    ("driver", lambda v: v.driver, lambda s: s),
    ("Python", lambda v: v.python, lambda s: ".".join(s.split(".")[:2])),
)
# A shared config copied to every node claims one node_rank thousands of times: name a few hosts in the title,
# list more in the evidence, count the rest.
MAX_TITLE_HOSTS = 8
MAX_EVIDENCE_LINES = 64


def ranks_text(ranks: Iterable[int]) -> str:
    """Ranks as a short list, runs of three or more compressed: 0-5, 7, 9."""
    values = sorted(set(ranks))
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{values[i]}-{values[j]}")
        else:
            parts.extend(str(v) for v in values[i : j + 1])
        i = j + 1
    return ", ".join(parts)


def who(group: Sequence[NodeReport]) -> str:
    """One node by its label, several by their node_ranks."""
    if len(group) == 1:
        return group[0].label
    return f"node_rank {ranks_text([r.node_rank for r in group])}"


def group_by(reports: Sequence[NodeReport], key: Callable[[NodeReport], Hashable]) -> list[list[NodeReport]]:
    """Reports grouped by key, groups in the order they first appear (node 0's first)."""
    groups: dict[Hashable, list[NodeReport]] = {}
    for report in reports:
        groups.setdefault(key(report), []).append(report)
    return list(groups.values())


def odd_one_out(groups: Sequence[Sequence[NodeReport]]) -> str | None:
    """The label of a lone node that disagrees with all the others, who agree among themselves."""
    if len(groups) != 2:
        return None
    small, large = sorted(groups, key=len)
    return small[0].label if len(small) == 1 and len(large) >= 2 else None


def _says(groups: Sequence[Sequence[NodeReport]], show: Callable[[NodeReport], str]) -> str:
    return ", ".join(f"{who(g)} {'says' if len(g) == 1 else 'say'} {show(g[0])}" for g in groups)


def _quoted(name: str, get: Callable[[NodeReport], Sourced[Any] | None], reports: Sequence[NodeReport]) -> list[str]:
    """Evidence: each value with its source, and who holds it."""
    lines = []
    for group in group_by(reports, lambda r: _value_and_source(get(r))):
        value = get(group[0])
        lines.append(f"{quote(name, value) if value else f'{name} not set'} on {who(group)}")
    return lines


def _value_and_source(value: Sourced[Any] | None) -> tuple[str, Source | None]:
    return (str(value.value), value.source) if value else ("", None)


def _shown(value: Sourced[Any] | None) -> str:
    return str(value.value) if value else "not set"


def _config_mismatch(
    name: str,
    field: str,
    reports: Sequence[NodeReport],
    get: Callable[[NodeReport], Sourced[Any] | None],
    prefix: str = "",
    started: int | None = None,
) -> Iterator[Finding]:
    groups = group_by(reports, lambda r: _value_and_source(get(r))[0])
    if len(groups) < 2:
        return
    detail = prefix + _says(groups, lambda r: _shown(get(r)))
    evidence = _quoted(field, get, reports)
    if started is None:
        yield make_finding(name, odd_one_out(groups), evidence, detail=detail)
    else:
        yield make_finding(name, odd_one_out(groups), evidence, detail=detail, started=started)


def _format_wait(waited_s: float) -> str:
    return f"{waited_s:.0f} s" if waited_s >= 10 else f"{waited_s:.1f} s"


def node_missing(reports: Sequence[NodeReport], waited_s: float) -> Iterator[Finding]:
    """The node_ranks node 0's nnodes expects that never reported (elastic ranges: only below their minimum)."""
    nnodes = reports[0].config.nnodes
    want = nnodes.value
    arrived = {r.node_rank for r in reports}
    if want.min == want.max:
        missing = sorted(set(range(want.max)) - arrived)
    elif len(arrived) < want.min:
        # Elastic: any min of the max nodes will do; name the lowest ranks first, then any that could still come.
        missing = sorted(set(range(want.min)) - arrived) or sorted(set(range(want.max)) - arrived)
    else:
        missing = []
    if not missing:
        return
    waited = _format_wait(waited_s)
    needed = str(want) if want.min == want.max else f"at least {want.min}"
    extra = f", from {len(reports)} reports" if len(reports) != len(arrived) else ""
    evidence = (
        f"{quote('nnodes', nnodes)} on {reports[0].label}",
        f"arrived: {who(reports)} ({len(arrived)} of {needed} node_ranks{extra})",
        f"awaited {waited}",
    )
    yield make_finding("node-missing", None, evidence, missing=ranks_text(missing), waited=waited)


def _capped(items: list[str], limit: int) -> list[str]:
    return items if len(items) <= limit else [*items[:limit], f"and {len(items) - limit} more"]


def _peer_host(report: NodeReport) -> str:
    return f"{report.facts.hostname} ({report.seen_from or 'this node'})"


def node_rank_duplicate(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    """A node_rank claimed by more than one report, with each claimant's host and address."""
    for group in group_by(reports, lambda r: r.node_rank):
        rank = group[0].config.node_rank
        if len(group) < 2:
            continue
        evidence = [f"{_peer_host(r)}: {quote('node_rank', r.config.node_rank)}" for r in group]
        yield make_finding(
            "node-rank-duplicate",
            None,
            _capped(evidence, MAX_EVIDENCE_LINES),
            node_rank=rank.value,
            hosts=", ".join(_capped([_peer_host(r) for r in group], MAX_TITLE_HOSTS)),
        )


def _master_key(report: NodeReport) -> Hashable:
    """Nodes that name the master differently (node1, 10.1.0.1) agree if the names resolve to the same host."""
    addr, res = report.config.master_addr, report.facts.master_resolution
    if addr is None:
        return None
    if res and res.name == addr.value and res.addresses and not res.error:
        return min(res.addresses)
    return addr.value


def _master_shown(report: NodeReport) -> str:
    addr, res = report.config.master_addr, report.facts.master_resolution
    if addr and res and res.name == addr.value and res.addresses and res.addresses[0] != addr.value:
        return f"{addr.value} (-> {', '.join(res.addresses)})"
    return _shown(addr)


def config_mismatches(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    """Launch settings the nodes disagree on: nnodes, nproc_per_node, the master, the rendezvous."""
    yield from _config_mismatch("nnodes-mismatch", "nnodes", reports, lambda r: r.config.nnodes, started=len(reports))
    yield from _config_mismatch("nproc-mismatch", "nproc_per_node", reports, lambda r: r.config.nproc_per_node)
    groups = group_by(reports, _master_key)
    if len(groups) > 1:
        evidence = []
        for group in group_by(reports, lambda r: (_master_shown(r), _value_and_source(r.config.master_addr)[1])):
            addr = group[0].config.master_addr
            shown = _master_shown(group[0])
            evidence.append(
                f"{f'MASTER_ADDR={shown} [{addr.source}]' if addr else 'MASTER_ADDR not set'} on {who(group)}"
            )
        yield make_finding("master-addr-mismatch", odd_one_out(groups), evidence, detail=_says(groups, _master_shown))
    yield from _config_mismatch("master-port-mismatch", "MASTER_PORT", reports, lambda r: r.config.master_port)
    yield from _config_mismatch(
        "rdzv-mismatch", "rdzv_backend", reports, lambda r: r.config.rdzv_backend, prefix="rdzv_backend: "
    )
    # The static backend ignores --rdzv-id; the endpoint of the others becomes MASTER_ADDR/MASTER_PORT in the
    # config layer, so a differing endpoint is already a master-addr or master-port mismatch.
    backends = {r.config.rdzv_backend.value for r in reports}
    if len(backends) == 1 and backends != {"static"}:
        yield from _config_mismatch("rdzv-mismatch", "rdzv_id", reports, lambda r: r.config.rdzv_id, prefix="rdzv_id: ")


def _version_mismatch(
    reports: Sequence[NodeReport], component: str, get: Callable[[Versions], str | None], compare: Callable[[str], str]
) -> Iterator[Finding]:
    def compared(r: NodeReport) -> Hashable:
        value = get(r.facts.versions)
        return None if value is None else compare(value)

    groups = group_by(reports, compared)
    if len(groups) < 2:
        return
    parts = []
    for group in groups:
        shown = " / ".join(dict.fromkeys(get(r.facts.versions) or "" for r in group))
        parts.append(f"{component} {shown} on {who(group)}" if shown else f"not installed on {who(group)}")
    evidence = []
    for group in group_by(reports, lambda r: get(r.facts.versions)):
        value = get(group[0].facts.versions)
        evidence.append(f"{component} {value if value is not None else 'not installed'} on {who(group)}")
    yield make_finding(
        "version-mismatch",
        odd_one_out(groups),
        evidence,
        when="driver" if component == "driver" else None,
        component=component,
        detail="; ".join(parts),
    )


def version_mismatches(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    """One finding per component (torch, NCCL, CUDA, driver, Python) whose version differs across nodes."""
    for component, get, compare in VERSION_COMPONENTS:
        yield from _version_mismatch(reports, component, get, compare)


def _env_mismatch(reports: Sequence[NodeReport], envs: Sequence[dict[str, str]], name: str) -> Iterator[Finding]:
    value_of = {id(r): env.get(name) for r, env in zip(reports, envs, strict=True)}
    groups = group_by(reports, lambda r: value_of[id(r)])
    if len(groups) < 2:
        return

    def shown(r: NodeReport) -> str:
        value = value_of[id(r)]
        return "not set" if value is None else value or '""'

    detail = "; ".join(f"{shown(g[0])} on {who(g)}" for g in groups)
    evidence = [
        f"{name} not set on {who(g)}"
        if value_of[id(g[0])] is None
        else f"{name}={shown(g[0])} [env {name}] on {who(g)}"
        for g in groups
    ]
    yield make_finding("env-var-mismatch", odd_one_out(groups), evidence, name=name, detail=detail)


def env_mismatches(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    """One finding per NCCL_/GLOO_/TORCH_ variable set differently (or only on some nodes) across nodes."""
    envs = [dict(r.facts.env) for r in reports]
    names = sorted({n for env in envs for n in env if n.startswith(ENV_PREFIXES) and n not in PER_NODE_VARS})
    for name in names:
        if name in IFNAME_VARS and all(name in env for env in envs):
            continue
        yield from _env_mismatch(reports, envs, name)


def cross_findings(
    reports: Sequence[NodeReport], waited_s: float, complete: bool, unverified: Collection[int] = ()
) -> list[Finding]:
    """Findings from comparing every node's report; reports[0] is node_rank 0's own and sets the expected count.
    The reports at the `unverified` indices are compared too, but do not count as their node_rank's arrival."""
    if not reports:
        return []
    found: list[Finding] = []
    if not complete:
        found += node_missing([r for i, r in enumerate(reports) if i not in unverified], waited_s)
    found += node_rank_duplicate(reports)
    found += config_mismatches(reports)
    found += version_mismatches(reports)
    found += env_mismatches(reports)
    found += pick_mismatches(reports)
    return found


def job_backend(reports: Sequence[NodeReport]) -> str:
    """nccl when any node has a GPU (its ranks will take nccl), else gloo."""
    return "nccl" if any(backend_of(r.facts) == "nccl" for r in reports) else "gloo"


def pick_mismatches(reports: Sequence[NodeReport]) -> Iterator[Finding]:
    """The interfaces the backend picks across nodes: one that some nodes lack, MTUs that differ."""
    library = job_backend(reports)
    var = NCCL_IFNAME if library == "nccl" else GLOO_IFNAME
    picked: list[tuple[NodeReport, Pick]] = []
    for r in reports:
        pick = pick_of(r.facts, library)
        if pick and pick.interface and not pick.fallback and pick.interface not in ("lo", "lo0"):
            picked.append((r, pick))
    if len(picked) < 2:
        return
    # By identity: a report is looked up once per node, and 4096 scans of 4096 pairs add up.
    iface_of = {id(r): p.interface or "" for r, p in picked}
    by_iface = group_by([r for r, _ in picked], lambda r: iface_of[id(r)])
    if len(by_iface) > 1:
        detail = "; ".join(f"{iface_of[id(g[0])]} on {who(g)}" for g in by_iface)
        for group in by_iface:
            iface = iface_of[id(group[0])]
            lacking = [r for r, _ in picked if r.facts.interface(iface) is None]
            if lacking:
                yield make_finding(
                    "interface-differs",
                    who(lacking),
                    [f"{r.label}: {p.interface} {p.address} ({p.how})" for r, p in picked],
                    library=library,
                    detail=detail,
                    iface=iface,
                    var=var,
                )
                break
    mtus = [(r, r.facts.interface(p.interface)) for r, p in picked]
    known = [(r, i) for r, i in mtus if i is not None and i.mtu > 0]
    mtu_of = {id(r): int(i.mtu) for r, i in known}
    by_mtu = group_by([r for r, _ in known], lambda r: mtu_of[id(r)])
    if len(by_mtu) > 1:
        detail = "; ".join(f"{mtu_of[id(g[0])]} on {who(g)}" for g in by_mtu)
        yield make_finding(
            "mtu-mismatch",
            None,
            [f"{r.label}: {i.name} mtu {i.mtu}" for r, i in known],
            library=library,
            detail=detail,
        )


def _peer_host_of(peer: str) -> str:
    """The host part of "host:port" or "[v6]:port": a client retrying comes from a new port each time."""
    if peer.startswith("["):
        return peer[1 : peer.find("]")] if "]" in peer else peer
    host, sep, port = peer.rpartition(":")
    return host if sep and host and ":" not in host and port.isdigit() else peer


def rejected_findings(rejected: Sequence[tuple[str, str]], more: int = 0) -> list[Finding]:
    """One frames-rejected finding for every frame node 0 refused (a warning: refused frames changed nothing), with
    an evidence line per peer host and reason, however often that client retried or a flood repeated it."""
    if not rejected and not more:
        return []
    seen: dict[tuple[str, str], list[str]] = {}
    for peer, reason in rejected:
        seen.setdefault((_peer_host_of(peer), reason), []).append(peer)
    evidence = []
    for (_, reason), peers in seen.items():
        shown = list(dict.fromkeys(peers))
        times = f", {len(peers)} times" if len(peers) > 1 else ""
        where = ", ".join(_capped(shown, MAX_TITLE_HOSTS))
        evidence.append(f"{where}: {reason}{times}")
    if more:
        evidence.append(f"and {more} more frames, not kept")
    hosts = list(dict.fromkeys(host for host, _ in seen))
    return [
        make_finding(
            "frames-rejected",
            None,
            _capped(evidence, MAX_EVIDENCE_LINES),
            count=len(rejected) + more,
            peers=", ".join(_capped(hosts, MAX_TITLE_HOSTS)),
        )
    ]


def unverified_findings(reports: Sequence[NodeReport], unverified: Sequence[tuple[int, str]]) -> list[Finding]:
    """One report-unverified finding for the reports node 0 kept but did not count as arrived (their node_ranks
    stay missing): each one's node, the address it came from, and why."""
    if not unverified:
        return []
    shown = [(reports[i], why) for i, why in unverified if 0 <= i < len(reports)]
    evidence = [f"{r.label} from {r.seen_from or '?'}: {why}" for r, why in shown]
    return [
        make_finding(
            "report-unverified",
            None,
            _capped(evidence, MAX_EVIDENCE_LINES),
            count=len(shown),
            ranks=ranks_text(r.node_rank for r, _ in shown),
        )
    ]
