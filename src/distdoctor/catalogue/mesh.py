"""Findings of the connectivity mesh: every node probing the address its peers would advertise."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

# A failure in the direction gloo never connects: the same text for every mesh finding that can have it.
NOT_NEEDED = Variant(
    "not-needed",
    "warning",
    "the backend is gloo, which connects each pair once, from the greater address to the smaller: no peer "
    "has to open a connection in the failing direction, so the job still connects",
)

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
        variants=(NOT_NEEDED,),
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
            "Set GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME on {src} to the interface the nodes share; where gloo takes "
            "the address from the hostname, map {src}'s hostname to that interface's address instead (/etc/hosts, "
            "DNS).",
            "在 {src} 上把 GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME 设为节点间互通的网卡；如果 gloo 的地址来自主机名，"
            "也可以把 {src} 的主机名映射到该网卡的地址（/etc/hosts、DNS）。",
        ),
        variants=(NOT_NEEDED,),
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
    Entry(
        "mtu-black-hole",
        "error",
        "mesh",
        Text(
            "{src} -> {dst}: connections open, but a {size} payload never arrives (MTU {mtus}): frames above some "
            "size are dropped on the path",
            "{src} -> {dst}：连接能建立，但 {size} 的数据始终到不了（MTU：{mtus}）：路径上超过某个大小的帧被丢弃了",
        ),
        Text(
            "A switch or tunnel on the way has a smaller MTU than the nodes' interfaces and drops what is larger "
            "without telling (no ICMP 'fragmentation needed'): set the nodes' MTU to the path's (e.g. "
            "ip link set dev {src_if} mtu 1500 on every node) or raise the MTU of the switch ports; the first large "
            "collective would hang.",
            "路径上的交换机或隧道 MTU 比节点网卡小，并且悄悄丢弃更大的帧（没有 ICMP “需要分片”）："
            "把各节点网卡的 MTU 设为路径的 MTU（例如在每个节点执行 ip link set dev {src_if} mtu 1500），"
            "或调大交换机端口的 MTU；否则第一个大的集合通信就会卡住。",
        ),
    ),
)
