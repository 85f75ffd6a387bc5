"""Findings of the connectivity mesh: every node probing the address its peers would advertise."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text

MESH: tuple[Entry, ...] = (
    Entry(
        "mesh-blocked",
        "error",
        "mesh",
        Text(
            "{src} cannot reach {dst} at {address} ({outcome_class}), although the master port works",
            "{src} 连不上 {dst} 的 {address}（{outcome_class}），尽管主端口是通的",
        ),
        Text(
            "gloo and NCCL open further ports after the master port: allow TCP between the nodes on all "
            "ports (or the range your firewall must keep), e.g. allow the whole subnet of {dst}.",
            "gloo 和 NCCL 在主端口之后还会使用其他端口：放行节点之间所有 TCP 端口（或防火墙必须保留的范围），"
            "例如放行 {dst} 所在的整个子网。",
        ),
    ),
    Entry(
        "mesh-one-way",
        "error",
        "mesh",
        Text(
            "{src} reaches {dst}, but {dst} cannot reach {src} at {address} ({outcome_class})",
            "{src} 能连上 {dst}，但 {dst} 连不上 {src} 的 {address}（{outcome_class}）",
        ),
        Text(
            "A firewall on {src} drops or rejects incoming connections: allow inbound TCP from the other nodes.",
            "{src} 上的防火墙丢弃或拒绝了入站连接：放行来自其他节点的入站 TCP。",
        ),
    ),
    Entry(
        "address-advertised-unreachable",
        "error",
        "mesh",
        Text(
            "{src} would advertise {address} ({interface}), which no other node can reach",
            "{src} 会通告 {address}（{interface}），但其他节点都连不上这个地址",
        ),
        Text(
            "Set GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME on {src} to the interface the nodes share.",
            "在 {src} 上把 GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME 设为节点间互通的网卡。",
        ),
    ),
    Entry(
        "link-flaky",
        "warning",
        "mesh",
        Text("The link {src} -> {dst} is unreliable: {detail}", "{src} -> {dst} 的链路不稳定：{detail}"),
        Text(
            "Check that link (cable, switch port, MTU, congestion) before training; collectives over it will "
            "time out at random.",
            "训练前先检查这条链路（网线、交换机端口、MTU、拥塞）；经过它的集合通信会随机超时。",
        ),
    ),
)
