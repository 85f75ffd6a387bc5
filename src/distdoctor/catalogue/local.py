"""Findings one node can make about itself, before talking to any other node."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

# A *_SOCKET_IFNAME finding about the library this node's backend does not use: one text for all of them.
OTHER_BACKEND = Variant(
    "other-backend",
    "warning",
    "the variable belongs to the library this node's backend does not use (gloo where the backend is "
    "nccl, NCCL where it is gloo): it breaks only a group created with that library",
)

LOCAL: tuple[Entry, ...] = (
    Entry(
        "env-missing",
        "error",
        "local",
        Text("{names} not set: the job cannot form without it", "{names} 未设置：缺了它作业无法组网"),
        Text(
            "Export {names} on every node before launching, or pass it as a flag; a scheduler script must "
            'set it itself (Slurm: MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)). '
            "An empty value is not set to torch: a $(...) that printed nothing, such as scontrol run inside a "
            "container that lacks it, leaves the variable empty.",
            "在每个节点启动前 export {names}，或用命令行参数传入；调度脚本需要自己设置（Slurm 中："
            'MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)）。'
            "空值在 torch 看来就是未设置：没有输出任何内容的 $(...)（例如在没有 scontrol 的容器内运行 scontrol）"
            "会让变量为空。",
        ),
    ),
    Entry(
        "env-inconsistent",
        "error",
        "local",
        Text("Launch values contradict each other: {detail}", "启动参数互相矛盾：{detail}"),
        Text(
            "Let torchrun set WORLD_SIZE, RANK and LOCAL_RANK (do not export them yourself), or make "
            "WORLD_SIZE = nnodes × nproc_per_node and every RANK < WORLD_SIZE.",
            "让 torchrun 自己设置 WORLD_SIZE、RANK、LOCAL_RANK（不要手动 export），或保证 "
            "WORLD_SIZE = nnodes × nproc_per_node，且每个 RANK 都小于 WORLD_SIZE。",
        ),
    ),
    Entry(
        "env-invalid",
        "error",
        "local",
        Text(
            "{name}={raw} ({raw_source}) cannot be read: expected {expected}",
            "{name}={raw}（{raw_source}）无法解析：应为{expected}",
        ),
        Text(
            "Correct or unset {name}; torch would fail on the same value.",
            "修正或 unset {name}；torch 读到这个值同样会出错。",
        ),
    ),
    Entry(
        "master-addr-loopback",
        "error",
        "local",
        Text(
            "MASTER_ADDR={addr} ({addr_source}) is a loopback address, but the job spans {nnodes} nodes",
            "MASTER_ADDR={addr}（{addr_source}）是回环地址，但作业跨 {nnodes} 个节点",
        ),
        Text(
            "Set MASTER_ADDR to node_rank 0's IP on the network all nodes share (e.g. its eth0 or ib0 "
            "address), identical on every node: --master-addr 10.0.0.1",
            "把 MASTER_ADDR 设成 node_rank 0 在各节点互通网络上的 IP（例如它 eth0 或 ib0 的地址），"
            "所有节点填同一个值：--master-addr 10.0.0.1",
        ),
        variants=(
            Variant(
                "on-master",
                "warning",
                "on node_rank 0 itself: a loopback address still binds there; the other nodes are the ones that "
                "cannot use it",
            ),
        ),
    ),
    Entry(
        "master-addr-unresolvable",
        "error",
        "local",
        Text(
            "MASTER_ADDR={addr} ({addr_source}) does not resolve on this node: {error}",
            "MASTER_ADDR={addr}（{addr_source}）在本节点无法解析：{error}",
        ),
        Text(
            "Use node_rank 0's IP address, or add the name to DNS or to /etc/hosts on every node.",
            "直接写 node_rank 0 的 IP，或把这个主机名加进 DNS 或每个节点的 /etc/hosts。",
        ),
    ),
    Entry(
        "master-addr-not-local",
        "error",
        "local",
        Text(
            "This is node_rank 0, but MASTER_ADDR={addr} ({resolved}) is not an address of this host",
            "本节点是 node_rank 0，但 MASTER_ADDR={addr}（{resolved}）不是本机的地址",
        ),
        Text(
            "Start node_rank 0 on the host that owns MASTER_ADDR, or set MASTER_ADDR to this host's IP "
            "({local}) on every node.",
            "要么在 MASTER_ADDR 所在的主机上启动 node_rank 0，要么在所有节点把 MASTER_ADDR 改成本机 IP（{local}）。",
        ),
    ),
    Entry(
        "master-addr-local-on-worker",
        "error",
        "local",
        Text(
            "MASTER_ADDR={addr} is this host's own address, but this node has node_rank {node_rank}",
            "MASTER_ADDR={addr} 是本机自己的地址，但本节点的 node_rank 是 {node_rank}",
        ),
        Text(
            "Only the node that owns MASTER_ADDR may have node_rank 0: give this node --node-rank 0, or "
            "point MASTER_ADDR at the real rank-0 host.",
            "只有拥有 MASTER_ADDR 的节点才能是 node_rank 0：把本节点设为 --node-rank 0，"
            "或把 MASTER_ADDR 指向真正的 rank 0 主机。",
        ),
    ),
    Entry(
        "hostname-loopback",
        "warning",
        "local",
        Text(
            "Hostname {hostname} resolves to {addresses}, a loopback address, and no *_SOCKET_IFNAME is set",
            "主机名 {hostname} 解析到回环地址 {addresses}，且没有设置 *_SOCKET_IFNAME",
        ),
        Text(
            "Set GLOO_SOCKET_IFNAME and NCCL_SOCKET_IFNAME to the shared interface (e.g. eth0), or map "
            "{hostname} to its real IP in /etc/hosts instead of {addresses}.",
            "把 GLOO_SOCKET_IFNAME 和 NCCL_SOCKET_IFNAME 设为节点间互通的网卡（如 eth0），"
            "或在 /etc/hosts 里把 {hostname} 映射到真实 IP，而不是 {addresses}。",
        ),
    ),
    Entry(
        "master-port-invalid",
        "error",
        "local",
        Text(
            "MASTER_PORT={raw} ({raw_source}) is not a usable port", "MASTER_PORT={raw}（{raw_source}）不是可用的端口"
        ),
        Text(
            "Use an integer from 1024 to 65535, the same on every node, e.g. MASTER_PORT=29500.",
            "使用 1024 到 65535 之间的整数，所有节点一致，例如 MASTER_PORT=29500。",
        ),
    ),
    Entry(
        "master-port-privileged",
        "warning",
        "local",
        Text("MASTER_PORT={port} is a privileged port (below 1024)", "MASTER_PORT={port} 是特权端口（小于 1024）"),
        Text(
            "Pick a port from 1024 to 65535 (e.g. 29500): a low port needs root to bind and is often "
            "taken by a system service.",
            "换一个 1024 到 65535 之间的端口（如 29500）：低端口需要 root 才能监听，还常被系统服务占用。",
        ),
    ),
    Entry(
        "master-port-in-use",
        "error",
        "local",
        Text(
            "MASTER_PORT {port} is already taken on this node by {holder}",
            "MASTER_PORT {port} 在本节点已被占用：{holder}",
        ),
        Text(
            "Stop that process, or choose a free port with --master-port (the same on every node); workers "
            "would otherwise connect to the wrong program and hang. Under srun, the holder is often a second "
            "launcher of the same job on this node: start one launcher per node (srun --ntasks-per-node=1 "
            "torchrun ...) and let it start the node's ranks.",
            "停掉占用端口的进程，或用 --master-port 换一个空闲端口（所有节点一致）；否则 worker "
            "会连到别的程序上并一直卡住。在 srun 下，占用者常常是同一作业在本节点上启动的第二个启动器：每个节点只启动"
            "一个启动器（srun --ntasks-per-node=1 torchrun ...），由它启动本节点的各个 rank。",
        ),
    ),
    Entry(
        "master-port-refused",
        "error",
        "local",
        Text(
            "{addr}:{port} refused the connection: nothing is listening there",
            "{addr}:{port} 拒绝连接：该端口上没有程序在监听",
        ),
        Text(
            "Start node_rank 0 (it must be running before workers give up), use the same MASTER_PORT on every "
            "node, and check that no firewall rejects TCP {port} on node 0 (nft list ruleset, security group).",
            "先启动 node_rank 0（要在 worker 放弃之前起来），所有节点使用同一个 MASTER_PORT，"
            "并确认 node 0 的防火墙没有拒绝 TCP {port}（nft list ruleset、云安全组）。",
        ),
        variants=(
            Variant(
                "first-attempt",
                "warning",
                "refused once, not retried: node_rank 0 may not have started yet",
            ),
        ),
    ),
    Entry(
        "master-unreachable",
        "error",
        "local",
        Text(
            "Connecting to {addr}:{port} timed out after {elapsed}: nothing accepted the connection in that time",
            "连接 {addr}:{port} 在 {elapsed} 后超时：这段时间内没有任何一方接受连接",
        ),
        Text(
            "Allow TCP {port}, and the ports gloo/NCCL open after it, into node_rank 0 from the other nodes "
            "(firewall, security group), check MASTER_ADDR is node 0's IP on the shared network, and give every node "
            "the same MASTER_PORT.",
            "在 node_rank 0 的防火墙或安全组上放行来自其他节点的 TCP {port}，以及 gloo/NCCL 随后使用的端口；"
            "确认 MASTER_ADDR 是 node 0 在互通网络上的 IP，并让每个节点使用相同的 MASTER_PORT。",
        ),
    ),
    Entry(
        "master-no-route",
        "error",
        "local",
        Text("No route from this node to {addr}:{port} ({error})", "本节点没有到 {addr}:{port} 的路由（{error}）"),
        Text(
            "MASTER_ADDR is on a network this node cannot reach: use node 0's address on the shared subnet, "
            "or fix the routes (ip route get {addr}).",
            "MASTER_ADDR 位于本节点到不了的网络：改用 node 0 在共享子网上的地址，或修正路由（ip route get {addr}）。",
        ),
    ),
    Entry(
        "node-rank-out-of-range",
        "error",
        "local",
        Text(
            "node_rank {node_rank} ({node_rank_source}) is out of range for nnodes {nnodes}",
            "node_rank {node_rank}（{node_rank_source}）超出了 nnodes {nnodes} 的范围",
        ),
        Text(
            "Give every node a distinct node_rank from 0 to {last}.",
            "给每个节点分配互不相同的 node_rank，取值 0 到 {last}。",
        ),
    ),
    Entry(
        "nproc-exceeds-gpus",
        "error",
        "local",
        Text(
            "nproc_per_node is {nproc} but this node sees {gpus} GPU(s)",
            "nproc_per_node 为 {nproc}，但本节点只能看到 {gpus} 块 GPU",
        ),
        Text(
            "Set --nproc-per-node {gpus} (or fewer), or check CUDA_VISIBLE_DEVICES; otherwise the extra ranks "
            "fail with 'invalid device ordinal'.",
            "把 --nproc-per-node 设为 {gpus}（或更少），或检查 CUDA_VISIBLE_DEVICES；"
            "否则多出的进程会报 invalid device ordinal。",
        ),
    ),
    Entry(
        "ifname-missing",
        "error",
        "local",
        Text(
            "{var}={value} names no interface of this node (it has {available})",
            "{var}={value} 在本节点不存在对应网卡（本节点有 {available}）",
        ),
        Text(
            "Set {var} to an interface that exists here; names differ between machines, so set it per node "
            "(ip -br addr), or use a prefix such as 'en' for NCCL.",
            "把 {var} 设为本节点存在的网卡；不同机器的网卡名可能不同，请按节点分别设置（ip -br addr），"
            "NCCL 也可以用前缀，例如 'en'。",
        ),
        variants=(OTHER_BACKEND,),
    ),
    Entry(
        "ifname-other-syntax",
        "error",
        "local",
        Text(
            "{var}={value} is written in NCCL's syntax ({form}); gloo takes each comma-separated entry as an exact "
            "interface name, finds no interface called {wrong!r}, and init fails on this node",
            "{var}={value} 用的是 NCCL 的写法（{form}）；gloo 把逗号分隔的每一项当作精确的网卡名，"
            "找不到名为 {wrong!r} 的网卡，本节点初始化会失败",
        ),
        Text(
            "Give {var} exact interface names, e.g. {var}={suggest}; the ^ exclusion, = and prefixes work only in "
            "NCCL_SOCKET_IFNAME.",
            "给 {var} 写精确的网卡名，例如 {var}={suggest}；^ 排除、= 和前缀匹配只在 NCCL_SOCKET_IFNAME 里有效。",
        ),
        variants=(OTHER_BACKEND,),
    ),
    Entry(
        "ifname-loopback",
        "error",
        "local",
        Text(
            "{var}={value} makes gloo/NCCL advertise the loopback interface to the other nodes",
            "{var}={value} 会让 gloo/NCCL 向其他节点通告回环网卡的地址",
        ),
        Text(
            "Set {var} to the interface the nodes share (e.g. eth0 or ib0), or unset it.",
            "把 {var} 设为节点间互通的网卡（如 eth0、ib0），或者取消设置。",
        ),
        variants=(OTHER_BACKEND,),
    ),
    Entry(
        "docker-bridge-address",
        "warning",
        "local",
        Text(
            "This node would reach the others from {address} on {interface}, a container bridge",
            "本节点会通过容器网桥 {interface} 上的 {address} 与其他节点通信",
        ),
        Text(
            "Set GLOO_SOCKET_IFNAME and NCCL_SOCKET_IFNAME to the host's interface (e.g. eth0), or run the "
            "container with --network=host.",
            "把 GLOO_SOCKET_IFNAME 和 NCCL_SOCKET_IFNAME 设为宿主机网卡（如 eth0），或用 --network=host 运行容器。",
        ),
        variants=(
            Variant(
                "setup-stalled",
                "error",
                "a log shows NCCL choosing that address and then its setup never finishing: why it stalled, likely",
            ),
            Variant(
                "nccl-failed",
                "error",
                "a log shows NCCL's sockets using that address and then a socket or system call failing: why, likely "
                "(NCCL leaves out docker* interfaces by itself, not the br-* bridges of other Docker networks)",
            ),
        ),
    ),
    Entry(
        "master-port-foreign",
        "error",
        "local",
        Text(
            "{addr}:{port} accepts connections but does not answer as node_rank 0's distdoctor: another program "
            "holds the port",
            "{addr}:{port} 能连上，但应答的不是 node_rank 0 上的 distdoctor：端口被其他程序占用",
        ),
        Text(
            "On node_rank 0, find the owner (ss -ltnp 'sport = :{port}') and stop it, or move the job to a free "
            "--master-port on every node; torch's workers would connect to that program and hang.",
            "在 node_rank 0 上找出占用者（ss -ltnp 'sport = :{port}'）并停掉，或在所有节点换一个空闲的 "
            "--master-port；否则 torch 的 worker 会连到那个程序上一直卡住。",
        ),
    ),
)
