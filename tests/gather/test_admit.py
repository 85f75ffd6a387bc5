"""What node 0 takes from a peer: an IPv6 path is no address mismatch; another host's address is."""

from __future__ import annotations

import dataclasses

from distdoctor.gather.admit import address_mismatch
from distdoctor.model import Interface, NodeReport
from testbed.recorded import HEALTHY_WORKER, config, facts

V6_WORKER = facts(
    interfaces=(
        Interface("lo", ("127.0.0.1", "::1"), True),
        Interface("eth0", ("10.1.0.2", "2001:db8::2", "fe80::2"), True),
    )
)


def report() -> NodeReport:
    return NodeReport(config({"nnodes": "2", "node_rank": "1", "master_addr": "10.1.0.1"}), V6_WORKER)


def test_ipv6_paths_are_the_nodes_own_addresses() -> None:
    for seen in ("2001:db8::2", "fe80::2%eth0", "::ffff:10.1.0.2", "10.1.0.2"):
        assert address_mismatch(report(), seen) is None, seen


def test_another_hosts_address_is_a_mismatch() -> None:
    assert address_mismatch(report(), "10.1.0.9") is not None
    assert address_mismatch(report(), "::ffff:10.1.0.9") is not None
    assert address_mismatch(dataclasses.replace(report(), facts=HEALTHY_WORKER), "2001:db8::2") is not None
