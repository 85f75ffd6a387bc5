"""Names, interfaces and routes as this node sees them."""

from __future__ import annotations

import socket

import psutil

from distdoctor.model import Interface, Resolution, Route

_FAMILIES = (socket.AF_INET, socket.AF_INET6)


def resolve(name: str) -> Resolution:
    """Every address `name` resolves to here, in the resolver's order (the first is what torch connects to)."""
    try:
        infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        return Resolution(name, (), str(exc.args[-1] if exc.args else exc))
    addresses: list[str] = []
    for family, *_, sockaddr in infos:
        address = str(sockaddr[0])
        if family in _FAMILIES and address not in addresses:
            addresses.append(address)
    return Resolution(name, tuple(addresses))


def interfaces() -> tuple[Interface, ...]:
    """Every network interface with its IPv4/IPv6 addresses (IPv4 first), whether it is up and running, its MTU.

    In the kernel's order (psutil keeps getifaddrs's): gloo and NCCL take the first interface that fits."""
    stats = psutil.net_if_stats()
    result = []
    for name, addrs in psutil.net_if_addrs().items():
        found = [a.address.split("%")[0] for a in addrs if a.family in _FAMILIES]
        addresses = tuple(sorted(found, key=lambda a: ":" in a))  # getifaddrs lists every IPv4 entry first
        st = stats.get(name)
        flags = set(getattr(st, "flags", "").split(",")) if st else set()
        result.append(
            Interface(
                name,
                addresses,
                bool(st.isup) if st else False,
                mtu=int(st.mtu) if st else 0,
                running="running" in flags if st and getattr(st, "flags", None) is not None else None,
            )
        )
    return tuple(result)


def interface_of(address: str, ifaces: tuple[Interface, ...]) -> str | None:
    """The interface that carries `address`, if it is one of this node's."""
    return next((i.name for i in ifaces if address in i.addresses), None)


def route_to(destination: str, ifaces: tuple[Interface, ...]) -> Route:
    """The source address and interface the kernel would pick to reach `destination`."""
    family = socket.AF_INET6 if ":" in destination else socket.AF_INET
    # A connected UDP socket asks the routing table without sending a packet.
    with socket.socket(family, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect((destination, 9))
            source = str(sock.getsockname()[0])
        except OSError as exc:
            return Route(destination, None, None, exc.strerror or str(exc))
    return Route(destination, source, interface_of(source, ifaces))
