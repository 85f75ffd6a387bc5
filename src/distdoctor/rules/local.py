"""Local rules: one node's config and facts in, findings out. Pure: no I/O."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterator
from typing import Any

from distdoctor import defaults
from distdoctor.catalogue.words import encode_source
from distdoctor.model import Finding, LaunchConfig, NodeFacts, Pick, Sourced
from distdoctor.model.picking import GLOO_IFNAME, NCCL_IFNAME, backend_of, node_picks, pick_of
from distdoctor.rules.devices import DEVICE_RULES
from distdoctor.rules.finding import make_finding, node_label

LocalRule = Callable[[LaunchConfig, NodeFacts], Iterator[Finding]]

SOCKET_IFNAME_VARS = ("GLOO_SOCKET_IFNAME", "NCCL_SOCKET_IFNAME")
# Docker's default bridge; also its usual names for user-defined bridges, and the host ends of the veth pairs that
# link containers to them (often with only an IPv6 link-local address, which no other node can reach).
DOCKER_NETWORK = ipaddress.ip_network("172.17.0.0/16")
BRIDGE_PREFIXES = ("docker", "br-", "cni", "virbr", "veth")


def is_loopback(address: str) -> bool:
    if address.strip().lower() in ("localhost", "localhost.localdomain", "ip6-localhost"):
        return True
    head = address.split("%")[0]
    octets = head.split(".")
    # A plain dotted quad is settled without ipaddress (node 0 asks this of every address of 4096 nodes).
    if len(octets) == 4 and all(o.isdigit() and o.isascii() and o == str(int(o)) and int(o) < 256 for o in octets):
        return octets[0] == "127"
    try:
        return ipaddress.ip_address(head).is_loopback
    except ValueError:
        return False


def is_link_local(address: str) -> bool:
    """169.254.0.0/16 or fe80::/10: an address only its own link reaches."""
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_link_local
    except ValueError:
        return False


def is_not_a_host(address: str) -> bool:
    """An address no node can have: a netmask or broadcast (240.0.0.0/4 is reserved), multicast, unspecified, or in
    0.0.0.0/8 ("this network", only ever a source: an all-digit host name such as 3472853 reads as 0.52.253.213)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # a host name
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_unspecified or ip.is_multicast or (ip.version == 4 and (ip.is_reserved or ip.packed[0] == 0))


def quote(name: str, value: Sourced[Any]) -> str:
    """Evidence line: the value and where it came from."""
    return f"{name}={value.value} [{value.source}]"


def _finding(
    finding_name: str,
    config: LaunchConfig,
    facts: NodeFacts,
    /,
    *evidence: str,
    when: str | None = None,
    **params: object,
) -> Finding:
    return make_finding(finding_name, node_label(config, facts), evidence, when=when, **params)


def _static(config: LaunchConfig) -> bool:
    return config.rdzv_backend.value == "static"


def env_missing(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    missing = []
    if config.master_addr is None and config.nnodes.value.multi_node:
        missing.append("MASTER_ADDR")
    # A launcher that passed some of torch's env:// variables but not all of them leaves init waiting or failing.
    env_names = ("MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK")
    present = [n for n in env_names if facts.env_value(n) is not None]
    if present and "RANK" in present:
        missing += [n for n in env_names if facts.env_value(n) is None and n not in missing]
    if missing:
        names = ", ".join(missing)
        yield _finding(
            "env-missing", config, facts, f"set: {', '.join(present) or 'none'}", f"missing: {names}", names=names
        )


def env_invalid(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    for bad in config.invalid:
        name = "master-port-invalid" if bad.name.endswith("MASTER_PORT") else "env-invalid"
        yield _finding(
            name,
            config,
            facts,
            f"{bad.name}={bad.raw} [{bad.source}]",
            name=bad.name,
            raw=bad.raw,
            raw_source=encode_source(bad.source),
            expected=bad.expected,
        )


def env_inconsistent(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    # Only values torch itself will read count here: a scheduler's task counts are distdoctor's own.
    def torch_value(v: Sourced[int] | None) -> Sourced[int] | None:
        return v if v and v.source.kind in ("env", "torchrun") else None

    world, rank = torch_value(config.world_size), torch_value(config.rank)
    local_rank, local_world = torch_value(config.local_rank), torch_value(config.local_world_size)
    nnodes, nproc = config.nnodes, config.nproc_per_node
    if world and nproc and nnodes.value.min == nnodes.value.max and nnodes.source.kind != "default":
        expected = nnodes.value.max * nproc.value
        if world.value != expected:
            detail = (
                f"WORLD_SIZE={world.value} but nnodes × nproc_per_node = {nnodes.value} × {nproc.value} = {expected}"
            )
            yield _finding(
                "env-inconsistent",
                config,
                facts,
                quote("WORLD_SIZE", world),
                quote("nnodes", nnodes),
                quote("nproc_per_node", nproc),
                detail=detail,
            )
    if world and rank and rank.value >= world.value:
        yield _finding(
            "env-inconsistent",
            config,
            facts,
            quote("RANK", rank),
            quote("WORLD_SIZE", world),
            detail=f"RANK={rank.value} is not below WORLD_SIZE={world.value}",
        )
    if local_rank and local_world and local_rank.value >= local_world.value:
        yield _finding(
            "env-inconsistent",
            config,
            facts,
            quote("LOCAL_RANK", local_rank),
            quote("LOCAL_WORLD_SIZE", local_world),
            detail=f"LOCAL_RANK={local_rank.value} is not below LOCAL_WORLD_SIZE={local_world.value}",
        )


def master_addr_loopback(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    addr = config.master_addr
    if not addr or not config.nnodes.value.multi_node:
        return
    resolved = facts.master_resolution.addresses if facts.master_resolution else ()
    if is_loopback(addr.value) or (resolved and all(is_loopback(a) for a in resolved)):
        yield _finding(
            "master-addr-loopback",
            config,
            facts,
            quote("MASTER_ADDR", addr),
            f"resolves to {', '.join(resolved) or addr.value}",
            f"nnodes={config.nnodes.value}",
            when="on-master" if config.is_master else None,
            addr=addr.value,
            addr_source=encode_source(addr.source),
            nnodes=config.nnodes.value,
        )


def master_addr_unresolvable(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    res = facts.master_resolution
    if config.master_addr and res and res.error:
        yield _finding(
            "master-addr-unresolvable",
            config,
            facts,
            quote("MASTER_ADDR", config.master_addr),
            f"getaddrinfo: {res.error}",
            addr=config.master_addr.value,
            addr_source=encode_source(config.master_addr.source),
            error=res.error,
        )


def _non_loopback_local(facts: NodeFacts) -> list[str]:
    return sorted(a for a in facts.local_addresses() if not is_loopback(a))


def master_addr_placement(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    """node_rank 0 must own MASTER_ADDR; a worker must not."""
    addr, res = config.master_addr, facts.master_resolution
    if not addr or not res or res.error or not res.addresses or not config.nnodes.value.multi_node:
        return
    if not _static(config) or any(is_loopback(a) for a in res.addresses):
        return
    owned = [a for a in res.addresses if a in facts.local_addresses()]
    if config.is_master and not owned:
        yield _finding(
            "master-addr-not-local",
            config,
            facts,
            quote("MASTER_ADDR", addr),
            f"resolves to {', '.join(res.addresses)}",
            f"this host's addresses: {', '.join(_non_loopback_local(facts))}",
            addr=addr.value,
            resolved=", ".join(res.addresses),
            local=", ".join(_non_loopback_local(facts)),
        )
    elif not config.is_master and owned:
        yield _finding(
            "master-addr-local-on-worker",
            config,
            facts,
            quote("MASTER_ADDR", addr),
            quote("node_rank", config.node_rank),
            f"{owned[0]} is an address of this host",
            addr=addr.value,
            node_rank=config.node_rank.value,
        )


def hostname_loopback(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    res = facts.hostname_resolution
    if not config.nnodes.value.multi_node or any(facts.env_value(v) for v in SOCKET_IFNAME_VARS):
        return
    gloo = pick_of(facts, "gloo")
    # gloo advertises the first address of the hostname that binds here, or 127.0.0.1 when none does.
    if (res.addresses and is_loopback(res.addresses[0])) or (gloo and gloo.fallback):
        yield _finding(
            "hostname-loopback",
            config,
            facts,
            f"{facts.hostname} -> {', '.join(res.addresses) or res.error or 'nothing'}",
            *([f"gloo: {gloo.address} ({gloo.how})"] if gloo else []),
            hostname=facts.hostname,
            addresses=gloo.address if gloo and gloo.fallback else res.addresses[0],
        )


def master_port_range(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    port = config.master_port
    if port.value < defaults.PRIVILEGED_PORT_LIMIT:
        yield _finding("master-port-privileged", config, facts, quote("MASTER_PORT", port), port=port.value)


def master_port_in_use(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    bind = facts.master_port_bind
    if not bind or bind.bindable or bind.error != "in-use":
        return
    if bind.holder:
        holder = f"pid {bind.holder.pid} {bind.holder.name} ({bind.holder.cmdline[:120]})"
    else:
        holder = "a process distdoctor may not inspect (run as root to name it)"
    yield _finding(
        "master-port-in-use",
        config,
        facts,
        f"bind :{bind.port} -> EADDRINUSE",
        f"held by {holder}",
        port=bind.port,
        holder=holder,
    )


def master_probe(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    probe = facts.master_probe
    if not probe or probe.outcome in ("open", "unresolved"):
        return  # an unresolvable name is master-addr-unresolvable's finding
    if config.nnodes.value.multi_node and is_loopback(probe.host):
        return  # probing our own loopback says nothing about node 0: master-addr-loopback says it all
    names = {
        "refused": "master-port-refused",
        "timed-out": "master-unreachable",
        "no-route": "master-no-route",
        "error": "master-no-route",
        "foreign": "master-port-foreign",
    }
    evidence = f"connect {probe.host}:{probe.port} -> {probe.outcome} after {probe.elapsed_s:.2f} s" + (
        f" ({probe.detail})" if probe.detail else ""
    )
    if probe.attempts > 1:
        evidence += f", {probe.attempts} attempts"
    yield _finding(
        names[probe.outcome],
        config,
        facts,
        evidence,
        when="first-attempt" if probe.outcome == "refused" and probe.attempts == 1 else None,
        addr=probe.host,
        port=probe.port,
        elapsed=f"{probe.elapsed_s:.1f} s",
        error=probe.detail or probe.outcome,
    )


def node_rank_range(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    rank, nnodes = config.node_rank, config.nnodes
    if _static(config) and rank.value >= nnodes.value.max:
        yield _finding(
            "node-rank-out-of-range",
            config,
            facts,
            quote("node_rank", rank),
            quote("nnodes", nnodes),
            node_rank=rank.value,
            node_rank_source=encode_source(rank.source),
            nnodes=nnodes.value,
            last=nnodes.value.max - 1,
        )


def nproc_gpus(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    nproc = config.nproc_per_node
    if nproc and facts.gpus and nproc.value > len(facts.gpus):
        yield _finding(
            "nproc-exceeds-gpus",
            config,
            facts,
            quote("nproc_per_node", nproc),
            f"visible GPUs: {len(facts.gpus)} (CUDA_VISIBLE_DEVICES={facts.env_value('CUDA_VISIBLE_DEVICES')})",
            nproc=nproc.value,
            gpus=len(facts.gpus),
        )


def _nccl_prefix_hits(entry: str, names: list[str]) -> list[str]:
    return [n for n in names if n.startswith(entry) and n != entry]


def _other_syntax(value: str, names: list[str]) -> tuple[str, str, str] | None:
    """(form, the entry gloo cannot find, a suggestion) when a GLOO_SOCKET_IFNAME value is written as NCCL's."""
    entries = [e for e in value.split(",") if e]
    missing = [e for e in entries if e not in names]
    if not missing:
        return None
    wrong = missing[0]
    usable = [n for n in names if n not in ("lo", "lo0")] or names
    if wrong.startswith("^"):
        excluded = [e.lstrip("^=") for e in wrong.split(",")]
        left = [n for n in usable if not any(n.startswith(x) for x in excluded)]
        return "a ^ exclusion list", wrong, (left or usable or ["eth0"])[0]
    if wrong.startswith("="):
        return "an = exact-match prefix", wrong, wrong[1:] or (usable or ["eth0"])[0]
    hits = _nccl_prefix_hits(wrong, names)
    if hits:
        return f"a prefix, which NCCL would match to {hits[0]}", wrong, hits[0]
    return None


def socket_ifname(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    """*_SOCKET_IFNAME as each library reads it: a name gloo cannot find, NCCL's syntax given to gloo, a list that
    matches nothing, the loopback interface; a warning where only the library the backend does not use trips."""
    names = [i.name for i in facts.interfaces]
    backend = backend_of(facts)
    by_library: dict[str, Pick] = {p.library: p for p in node_picks(facts)}
    for var, library in ((GLOO_IFNAME, "gloo"), (NCCL_IFNAME, "nccl")):
        value = facts.env_value(var)
        pick = by_library.get(library)
        if not value or len(value) < 2 or pick is None:
            continue  # both libraries ignore a value of one character
        other = None if library == backend else "other-backend"
        evidence = (f"{var}={value}", f"interfaces: {', '.join(names)}", f"{library}: {pick.error or pick.how}")
        if pick.error:
            syntax = _other_syntax(value, names) if library == "gloo" else None
            if syntax:
                form, wrong, suggest = syntax
                yield _finding(
                    "ifname-other-syntax",
                    config,
                    facts,
                    *evidence,
                    when=other,
                    var=var,
                    value=value,
                    form=form,
                    wrong=wrong,
                    suggest=suggest,
                )
            else:
                yield _finding(
                    "ifname-missing",
                    config,
                    facts,
                    *evidence,
                    when=other,
                    var=var,
                    value=value,
                    available=", ".join(names),
                )
        elif config.nnodes.value.multi_node and (pick.interface in ("lo", "lo0") or is_loopback(pick.address or "")):
            yield _finding("ifname-loopback", config, facts, *evidence, when=other, var=var, value=value)


def docker_bridge(config: LaunchConfig, facts: NodeFacts) -> Iterator[Finding]:
    route = facts.route_to_master
    if not config.nnodes.value.multi_node or not route or not route.source_address:
        return
    on_bridge = (route.interface or "").startswith(BRIDGE_PREFIXES)
    try:
        in_docker_net = ipaddress.ip_address(route.source_address) in DOCKER_NETWORK
    except ValueError:
        in_docker_net = False
    if on_bridge or in_docker_net:
        yield _finding(
            "docker-bridge-address",
            config,
            facts,
            f"route to {route.destination}: src {route.source_address} dev {route.interface}",
            address=route.source_address,
            interface=route.interface or "?",
        )


LOCAL_RULES: tuple[LocalRule, ...] = (
    env_missing,
    env_invalid,
    env_inconsistent,
    master_addr_loopback,
    master_addr_unresolvable,
    master_addr_placement,
    hostname_loopback,
    master_port_range,
    master_port_in_use,
    master_probe,
    node_rank_range,
    nproc_gpus,
    socket_ifname,
    docker_bridge,
)


def local_findings(config: LaunchConfig, facts: NodeFacts) -> list[Finding]:
    """Every local rule applied to one node, those below the network (rules/devices.py) last."""
    return [f for rule in (*LOCAL_RULES, *DEVICE_RULES) for f in rule(config, facts)]
