"""Which address gloo, NCCL and torch's store will use on a node, as their sources decide it. Pure functions over
model types, so the facts layer records the picks and node 0's rules recompute them from any node's facts.

Modelled on (read, not copied): torch's ProcessGroupGloo createDefaultDevice and gloo's tcp/device.cc
(lookupAddrForIface, lookupAddrForHostname, Device::isInitiator); NCCL's misc/socket.cc (ncclFindInterfaces,
findInterfaces, matchIfList, envSocketFamily).
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Mapping, Sequence

from distdoctor.model.facts import Interface, NodeFacts, Pick, Resolution
from distdoctor.model.identity import ByIdentity

GLOO_IFNAME = "GLOO_SOCKET_IFNAME"
NCCL_IFNAME = "NCCL_SOCKET_IFNAME"
NCCL_FAMILY = "NCCL_SOCKET_FAMILY"
# torch binds gloo here when the hostname resolves to no address of this host.
GLOO_LOOPBACK = "127.0.0.1"
# NCCL's automatic order when NCCL_SOCKET_IFNAME is unset: ib* first, then anything but these, then these in turn.
NCCL_DEFAULT_ORDER = (
    ("ib", "ib* first"),
    ("^docker,lo,virbr", "the first interface but docker*, lo*, virbr*"),
    ("docker", "docker* (no other interface)"),
    ("lo", "lo (no other interface)"),
    ("virbr", "virbr* (no other interface)"),
)
# NCCL's socket transport uses up to this many interfaces (MAX_IFS); its bootstrap, the first.
NCCL_MAX_IFS = 16


def is_v6(address: str) -> bool:
    return ":" in address


@functools.lru_cache(maxsize=1 << 14)
def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    # Cached: node 0 parses every node's addresses several times per library's pick (4096 nodes: 100,000 parses).
    try:
        return ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return None


def bindable(address: str, interfaces: Sequence[Interface]) -> bool:
    """Whether bind(2) takes `address` here: one of this host's addresses, or any of 127/8 (lo owns the block)."""
    ip = _ip(address)
    if ip is None:
        return False
    if ip.version == 4 and ip.is_loopback:
        return True
    return any(address.split("%")[0] == a.split("%")[0] for i in interfaces for a in i.addresses)


def _set(value: str | None) -> str | None:
    # Both libraries ignore a value of one character (strlen > 1), as if unset.
    return value if value is not None and len(value) > 1 else None


def gloo_pick(interfaces: Sequence[Interface], env: Mapping[str, str], hostname: Resolution) -> Pick:
    """gloo's address: GLOO_SOCKET_IFNAME's interfaces (exact names, comma-separated, the first IPv4 address, else
    the first IPv6), else the first address the hostname resolves to that binds here, else 127.0.0.1."""
    wanted = _set(env.get(GLOO_IFNAME))
    if wanted:
        how = f"{GLOO_IFNAME}={wanted}"
        names = [n for n in wanted.split(",") if n]
        found: list[tuple[str, str]] = []
        for name in names:
            iface = next((i for i in interfaces if i.name == name and i.addresses), None)
            if iface is None:
                # gloo raises at init ("Unable to find address for: NAME"): the job fails on this node at once.
                return Pick("gloo", None, None, how, error=f"no interface named {name!r} with an address")
            found.append((iface.addresses[0], iface.name))
        return Pick("gloo", found[0][0], found[0][1], how, more=tuple(n for _, n in found[1:]))
    name = hostname.name
    for address in hostname.addresses:
        if bindable(address, interfaces):
            where = _interface_of(address, interfaces)
            return Pick("gloo", address, where, f"hostname {name} resolves to {address}")
    why = hostname.error or (
        f"resolves to {', '.join(hostname.addresses)}, none of them this host's" if hostname.addresses else "no address"
    )
    lo = _interface_of(GLOO_LOOPBACK, interfaces) or "lo"
    return Pick("gloo", GLOO_LOOPBACK, lo, f"hostname {name}: {why}; loopback fallback", fallback=True)


def _interface_of(address: str, interfaces: Sequence[Interface]) -> str | None:
    plain = address.split("%")[0]
    hit = next((i.name for i in interfaces if plain in (a.split("%")[0] for a in i.addresses)), None)
    ip = _ip(plain)
    if hit is None and ip is not None and ip.version == 4 and ip.is_loopback:
        hit = next((i.name for i in interfaces if any((_ip(a) or ip).is_loopback for a in i.addresses)), None)
    return hit


def nccl_family(env: Mapping[str, str]) -> int | None:
    """NCCL_SOCKET_FAMILY as NCCL reads it: 4, 6, or None (any; other values are ignored)."""
    return {"AF_INET": 4, "AF_INET6": 6}.get(env.get(NCCL_FAMILY, ""))


def _parse_list(spec: str) -> tuple[bool, bool, list[str]]:
    """(exclude, exact, prefixes) of an NCCL interface list such as `^docker,lo` or `=eth0:port`."""
    exclude = spec.startswith("^")
    spec = spec[1:] if exclude else spec
    exact = spec.startswith("=")
    spec = spec[1:] if exact else spec
    # An entry may carry a port (`eth0:1234`) that interface matching ignores (ports are -1 for interfaces).
    return exclude, exact, [entry.split(":")[0] for entry in spec.split(",") if entry.split(":")[0]]


def _matches(name: str, exact: bool, prefixes: list[str]) -> bool:
    return any(name == p if exact else name.startswith(p) for p in prefixes)


def nccl_find(
    spec: str, interfaces: Sequence[Interface], family: int | None, limit: int = NCCL_MAX_IFS
) -> list[tuple[str, str]]:
    """(interface, address) pairs NCCL's findInterfaces returns for one list: getifaddrs order (every IPv4 entry,
    then IPv6), running interfaces only, no IPv6 loopback, one address per interface."""
    exclude, exact, prefixes = _parse_list(spec)
    found: list[tuple[str, str]] = []
    for version in (4, 6):
        for iface in interfaces:
            if not iface.is_up or iface.running is False:
                continue
            if _matches(iface.name, exact, prefixes) == exclude or any(n == iface.name for n, _ in found):
                continue
            for address in iface.addresses:
                ip = _ip(address)
                if ip is None or ip.version != version or (family is not None and family != version):
                    continue
                if ip.version == 6 and ip.is_loopback:
                    continue
                found.append((iface.name, address))
                break
            if len(found) >= limit:
                return found
    return found


def nccl_pick(interfaces: Sequence[Interface], env: Mapping[str, str]) -> Pick:
    """NCCL's interfaces: NCCL_SOCKET_IFNAME (prefixes; `^` excludes, `=` wants exact names), else ib*, else any
    but docker*/lo*/virbr*, else docker*, lo*, virbr*; the first is the one it advertises for its bootstrap."""
    family = nccl_family(env)
    fam = f", {NCCL_FAMILY}={env[NCCL_FAMILY]}" if family else ""
    wanted = _set(env.get(NCCL_IFNAME))
    if wanted:
        found = nccl_find(wanted, interfaces, family)
        how = f"{NCCL_IFNAME}={wanted}{fam}"
        if not found:
            return Pick("nccl", None, None, how, error=f"{NCCL_IFNAME}={wanted} matches no running interface{fam}")
    else:
        found = []
        how = f"NCCL's default order{fam}"
        for spec, step in NCCL_DEFAULT_ORDER:
            found = nccl_find(spec, interfaces, family)
            if found:
                how = f"NCCL's default order: {step}{fam}"
                break
        if not found:
            return Pick("nccl", None, None, how, error=f"no running interface with an address{fam}")
    name, address = found[0]
    return Pick("nccl", address, name, how, more=tuple(n for n, _ in found[1:]))


def store_pick(master: Resolution | None, interfaces: Sequence[Interface]) -> Pick | None:
    """The address torch's store clients connect to: MASTER_ADDR's first address (node 0 listens on all)."""
    if master is None:
        return None
    if not master.addresses:
        return Pick("store", None, None, f"MASTER_ADDR={master.name}", error=master.error or "does not resolve")
    address = master.addresses[0]
    return Pick("store", address, _interface_of(address, interfaces), f"MASTER_ADDR={master.name}")


def picks(
    interfaces: Sequence[Interface], env: Mapping[str, str], hostname: Resolution, master: Resolution | None
) -> tuple[Pick, ...]:
    """gloo's, NCCL's and the store's picks on one node."""
    store = store_pick(master, interfaces)
    return (gloo_pick(interfaces, env, hostname), nccl_pick(interfaces, env), *([store] if store else []))


def backend_of(facts: NodeFacts) -> str:
    """The backend the job will take on this node, as `smoke` and most scripts choose: nccl where a GPU is, else
    gloo."""
    return "nccl" if facts.gpus else "gloo"


def _picks_of(facts: NodeFacts) -> tuple[Pick, ...]:
    return picks(facts.interfaces, dict(facts.env), facts.hostname_resolution, facts.master_resolution)


# The local, cross-node and mesh rules each ask for every node's picks: 12,000 recomputations for 4096 nodes.
_cached_picks: ByIdentity[NodeFacts, tuple[Pick, ...]] = ByIdentity(_picks_of)


def node_picks(facts: NodeFacts) -> tuple[Pick, ...]:
    """A node's picks, recomputed from its facts (node 0 does not take a peer's word for them)."""
    return _cached_picks(facts)


def pick_of(facts: NodeFacts, library: str) -> Pick | None:
    return next((p for p in node_picks(facts) if p.library == library), None)


def gloo_initiates(local: str, remote: str) -> bool | None:
    """Whether gloo on `local` opens the connection to `remote` (gloo connects each pair once, from the greater
    address to the smaller); None when the families differ (gloo then fails the pair outright) or unparsable."""
    a, b = _ip(local), _ip(remote)
    if a is None or b is None or a.version != b.version:
        return None
    return a.packed > b.packed
