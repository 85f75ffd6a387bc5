"""gloo's, NCCL's and the store's picks on recorded interface tables, each case as the library's source decides it.

The tables are written from what getifaddrs/psutil report on the machine types named (interface order is the
kernel's ifindex order; IPv4 before IPv6), not recorded from a live machine."""

from __future__ import annotations

import pytest

from distdoctor.model import Interface, Resolution
from distdoctor.model.picking import bindable, gloo_initiates, gloo_pick, nccl_pick, store_pick

# A GPU server: lo, the Ethernet port, four InfiniBand ports (ib2 down), a Docker bridge.
GPU_SERVER = (
    Interface("lo", ("127.0.0.1", "::1"), True, 65536, True),
    Interface("eno1", ("10.0.0.5", "fe80::1"), True, 1500, True),
    Interface("ib0", ("192.168.10.5",), True, 4092, True),
    Interface("ib1", ("192.168.11.5",), True, 4092, True),
    Interface("ib2", ("192.168.12.5",), True, 4092, False),
    Interface("docker0", ("172.17.0.1",), True, 1500, True),
)
# A cloud VM: lo, eth0 with IPv4 and a global IPv6, an IPv6-only eth1.
CLOUD_VM = (
    Interface("lo", ("127.0.0.1", "::1"), True, 65536, True),
    Interface("eth0", ("10.1.0.2", "2001:db8::2"), True, 9001, True),
    Interface("eth1", ("2001:db8:1::2",), True, 1500, True),
)


@pytest.mark.parametrize(
    ("ifaces", "env", "address", "interface", "more"),
    [
        (GPU_SERVER, {}, "192.168.10.5", "ib0", ("ib1",)),  # ib* first; ib2 is not running
        (GPU_SERVER, {"NCCL_SOCKET_IFNAME": "eno"}, "10.0.0.5", "eno1", ()),  # a prefix
        (GPU_SERVER, {"NCCL_SOCKET_IFNAME": "^ib,docker,lo"}, "10.0.0.5", "eno1", ()),  # exclusion
        (GPU_SERVER, {"NCCL_SOCKET_IFNAME": "=ib1"}, "192.168.11.5", "ib1", ()),  # exact
        (GPU_SERVER, {"NCCL_SOCKET_IFNAME": "ib1:5000"}, "192.168.11.5", "ib1", ()),  # a port is ignored for matching
        (GPU_SERVER, {"NCCL_SOCKET_IFNAME": "i"}, "192.168.10.5", "ib0", ("ib1",)),  # one character: ignored
        (CLOUD_VM, {}, "10.1.0.2", "eth0", ("eth1",)),  # every IPv4 entry comes before any IPv6 one
        (CLOUD_VM, {"NCCL_SOCKET_FAMILY": "AF_INET6"}, "2001:db8::2", "eth0", ("eth1",)),
        # An exclusion list that leaves lo in: NCCL takes lo's IPv4 first (ifname-loopback says so).
        (CLOUD_VM, {"NCCL_SOCKET_IFNAME": "^eth0"}, "127.0.0.1", "lo", ("eth1",)),
        (CLOUD_VM, {"NCCL_SOCKET_IFNAME": "^eth0,lo"}, "2001:db8:1::2", "eth1", ()),
    ],
)
def test_nccl_pick(
    ifaces: tuple[Interface, ...], env: dict[str, str], address: str, interface: str, more: tuple[str, ...]
) -> None:
    pick = nccl_pick(ifaces, env)
    assert (pick.address, pick.interface, pick.more, pick.error) == (address, interface, more, None)


def test_nccl_default_without_ib_skips_docker_and_lo() -> None:
    no_ib = tuple(i for i in GPU_SERVER if not i.name.startswith("ib"))
    pick = nccl_pick(no_ib, {})
    assert (pick.interface, pick.how) == ("eno1", "NCCL's default order: the first interface but docker*, lo*, virbr*")
    only_docker = tuple(i for i in GPU_SERVER if i.name in ("lo", "docker0"))
    assert nccl_pick(only_docker, {}).interface == "docker0"
    assert nccl_pick(GPU_SERVER[:1], {}).interface == "lo"


def test_nccl_list_that_matches_nothing_says_so() -> None:
    pick = nccl_pick(GPU_SERVER, {"NCCL_SOCKET_IFNAME": "eth"})
    assert pick.address is None and pick.error == "NCCL_SOCKET_IFNAME=eth matches no running interface"
    v6_only = nccl_pick(GPU_SERVER, {"NCCL_SOCKET_IFNAME": "ib", "NCCL_SOCKET_FAMILY": "AF_INET6"})
    assert v6_only.error is not None and "NCCL_SOCKET_FAMILY=AF_INET6" in v6_only.error


@pytest.mark.parametrize(
    ("env", "hostname", "address", "interface", "fallback"),
    [
        ({}, Resolution("gpu1", ("10.0.0.5",)), "10.0.0.5", "eno1", False),
        # The first address that binds here, in the resolver's order: 10.9.9.9 is not this host's.
        ({}, Resolution("gpu1", ("10.9.9.9", "192.168.10.5")), "192.168.10.5", "ib0", False),
        # Debian's 127.0.1.1 binds (lo owns 127/8): gloo advertises it.
        ({}, Resolution("gpu1", ("127.0.1.1",)), "127.0.1.1", "lo", False),
        ({}, Resolution("gpu1", ("10.9.9.9",)), "127.0.0.1", "lo", True),
        ({}, Resolution("gpu1", (), "Name or service not known"), "127.0.0.1", "lo", True),
        ({"GLOO_SOCKET_IFNAME": "ib1"}, Resolution("gpu1", ("10.0.0.5",)), "192.168.11.5", "ib1", False),
        # gloo does not look at the running flag: a down port is still taken.
        ({"GLOO_SOCKET_IFNAME": "ib2"}, Resolution("gpu1", ("10.0.0.5",)), "192.168.12.5", "ib2", False),
        ({"GLOO_SOCKET_IFNAME": "e"}, Resolution("gpu1", ("10.0.0.5",)), "10.0.0.5", "eno1", False),
    ],
)
def test_gloo_pick(env: dict[str, str], hostname: Resolution, address: str, interface: str, fallback: bool) -> None:
    pick = gloo_pick(GPU_SERVER, env, hostname)
    assert (pick.address, pick.interface, pick.fallback, pick.error) == (address, interface, fallback, None)


def test_gloo_takes_exact_names_only() -> None:
    for value in ("^lo", "eno", "=eno1", "eno1,ib9"):
        pick = gloo_pick(GPU_SERVER, {"GLOO_SOCKET_IFNAME": value}, Resolution("gpu1", ("10.0.0.5",)))
        assert pick.address is None and pick.error and "no interface named" in pick.error, value
    two = gloo_pick(GPU_SERVER, {"GLOO_SOCKET_IFNAME": "ib0,ib1"}, Resolution("gpu1", ()))
    assert (two.address, two.more) == ("192.168.10.5", ("ib1",))


def test_store_pick_is_master_addr_first_address() -> None:
    pick = store_pick(Resolution("node1", ("10.0.0.5", "fe80::1")), GPU_SERVER)
    assert pick is not None and (pick.address, pick.interface) == ("10.0.0.5", "eno1")
    unresolved = store_pick(Resolution("nodex", (), "Name or service not known"), GPU_SERVER)
    assert unresolved is not None and unresolved.error == "Name or service not known"
    assert store_pick(None, GPU_SERVER) is None


def test_bindable_and_gloo_direction() -> None:
    assert bindable("127.0.1.1", GPU_SERVER) and bindable("10.0.0.5", GPU_SERVER)
    assert not bindable("10.0.0.6", GPU_SERVER) and not bindable("not-an-ip", GPU_SERVER)
    # gloo connects each pair once, from the greater address to the smaller.
    assert gloo_initiates("192.168.102.1", "10.1.0.1") is True
    assert gloo_initiates("10.1.0.1", "10.1.0.2") is False
    assert gloo_initiates("10.1.0.1", "2001:db8::1") is None  # gloo refuses a pair of two families
