"""Findings that need every node's report: the coordinator on node_rank 0 makes them."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

CROSS: tuple[Entry, ...] = (
    Entry(
        "node-missing",
        "error",
        "cross",
        Text(
            "node_rank {missing} never reported (awaited {waited})",
            "node_rank {missing} 始终没有报到（已等待 {waited}）",
        ),
        Text(
            "Start distdoctor check on those nodes with the same MASTER_ADDR and MASTER_PORT; if it is running "
            "there, read its own output: it says what it saw when connecting.",
            "在这些节点上用相同的 MASTER_ADDR 和 MASTER_PORT 运行 distdoctor check；如果已经在运行，"
            "看它自己的输出：里面写着它连接时遇到了什么。",
        ),
    ),
    Entry(
        "node-rank-duplicate",
        "error",
        "cross",
        Text("node_rank {node_rank} is claimed by {hosts}", "node_rank {node_rank} 被多个节点同时使用：{hosts}"),
        Text(
            "Give every node its own node_rank from 0 to nnodes-1 (under Slurm use $SLURM_NODEID).",
            "给每个节点分配唯一的 node_rank（0 到 nnodes-1），Slurm 下可直接用 $SLURM_NODEID。",
        ),
    ),
    Entry(
        "nnodes-mismatch",
        "error",
        "cross",
        Text("Nodes disagree on nnodes: {detail}", "各节点的 nnodes 不一致：{detail}"),
        Text(
            "Pass the same --nnodes on every node; it must equal the number of nodes you start ({started}).",
            "所有节点传入相同的 --nnodes，并且等于实际启动的节点数（{started}）。",
        ),
    ),
    Entry(
        "nproc-mismatch",
        "warning",
        "cross",
        Text("Nodes disagree on nproc_per_node: {detail}", "各节点的 nproc_per_node 不一致：{detail}"),
        Text(
            "Use the same --nproc-per-node on every node unless the uneven split is intended.",
            "除非有意让各节点进程数不同，否则所有节点使用相同的 --nproc-per-node。",
        ),
    ),
    Entry(
        "master-addr-mismatch",
        "error",
        "cross",
        Text("Nodes disagree on MASTER_ADDR: {detail}", "各节点的 MASTER_ADDR 不一致：{detail}"),
        Text(
            "Set MASTER_ADDR to the same address, node_rank 0's, on every node.",
            "在所有节点把 MASTER_ADDR 设成同一个值，即 node_rank 0 的地址。",
        ),
    ),
    Entry(
        "master-port-mismatch",
        "error",
        "cross",
        Text("Nodes disagree on MASTER_PORT: {detail}", "各节点的 MASTER_PORT 不一致：{detail}"),
        Text(
            "Use one MASTER_PORT on every node (e.g. --master-port 29500).",
            "所有节点使用同一个 MASTER_PORT（例如 --master-port 29500）。",
        ),
    ),
    Entry(
        "rdzv-mismatch",
        "error",
        "cross",
        Text("Nodes disagree on the rendezvous settings: {detail}", "各节点的 rendezvous 设置不一致：{detail}"),
        Text(
            "Use the same --rdzv-backend, --rdzv-endpoint and --rdzv-id on every node.",
            "所有节点使用相同的 --rdzv-backend、--rdzv-endpoint 和 --rdzv-id。",
        ),
    ),
    Entry(
        "version-mismatch",
        "error",
        "cross",
        Text("{component} differs across nodes: {detail}", "各节点的 {component} 版本不一致：{detail}"),
        Text(
            "Install the same {component} on every node (one container image or one lock file for all).",
            "在所有节点安装相同版本的 {component}（所有节点用同一个镜像或同一份锁定的依赖）。",
        ),
        variants=(
            Variant(
                "driver",
                "warning",
                "the component is the GPU driver: fleets run mixed driver builds routinely; "
                "it matters only when one is too old for CUDA",
            ),
        ),
    ),
    Entry(
        "env-var-mismatch",
        "warning",
        "cross",
        Text("{name} differs across nodes: {detail}", "各节点的 {name} 取值不同：{detail}"),
        Text(
            "Set {name} the same way on every node unless the difference is intended (interface names may "
            "legitimately differ).",
            "除非有意为之（例如各节点网卡名本就不同），否则在所有节点把 {name} 设成一样。",
        ),
    ),
    Entry(
        "report-rejected",
        "error",
        "cross",
        Text("A report from {peer} was rejected: {reason}", "来自 {peer} 的报告被拒收：{reason}"),
        Text(
            "Run distdoctor with the same --secret (or DISTDOCTOR_SECRET) and the same distdoctor version on "
            "every node.",
            "所有节点使用相同的 --secret（或 DISTDOCTOR_SECRET）和相同版本的 distdoctor。",
        ),
    ),
    Entry(
        "frames-rejected",
        "warning",
        "cross",
        Text(
            "node_rank 0 refused {count} frames (from {peers}); nothing in them was taken",
            "node_rank 0 拒收了 {count} 个消息（来自 {peers}）；其中的内容都没有被采用",
        ),
        Text(
            "If one of them is a node of this job, run it with the same --secret (or DISTDOCTOR_SECRET) and the same "
            "distdoctor version as node_rank 0 (it then also shows as missing); otherwise something else on the "
            "network is sending to this port.",
            "如果其中有本作业的节点，让它使用与 node_rank 0 相同的 --secret（或 DISTDOCTOR_SECRET）和相同版本的 "
            "distdoctor（它同时会显示为缺失）；否则是网络上的其他程序在向这个端口发送数据。",
        ),
    ),
    Entry(
        "report-unverified",
        "warning",
        "cross",
        Text(
            "{count} reports not counted as arrived (node_rank {ranks}): their facts do not hold up",
            "有 {count} 份报告未被算作已报到（node_rank {ranks}）：其内容经不起核对",
        ),
        Text(
            "A node behind NAT (gloo and NCCL cannot reach it either) or a report sent by another host. Run the "
            "node on an address node_rank 0 sees it come from, and use --secret (DISTDOCTOR_SECRET) so only "
            "signed reports are taken.",
            "可能是节点处于 NAT 之后（gloo 和 NCCL 同样连不到它），也可能是其他主机冒充发送的报告。让节点使用 "
            "node_rank 0 看到的来源地址，并使用 --secret（DISTDOCTOR_SECRET），只接受签名的报告。",
        ),
    ),
    Entry(
        "coordinator-lost",
        "error",
        "cross",
        Text(
            "node_rank 0 at {addr}:{port} took this node's report but gave no verdict: {reason}",
            "node_rank 0（{addr}:{port}）收下了本节点的报告，却没有给出结论：{reason}",
        ),
        Text(
            "Read node_rank 0's own output: it was stopped, crashed, or lost the network while checking.",
            "查看 node_rank 0 自己的输出：它在检查过程中被停止、崩溃，或者网络断了。",
        ),
    ),
    Entry(
        "interface-differs",
        "warning",
        "cross",
        Text(
            "{library} picks {detail}: {iface} exists on some nodes only",
            "{library} 选择的网卡不一致：{detail}；{iface} 只在部分节点上存在",
        ),
        Text(
            "Give every node the same network for the job: set {var} to an interface every node has (names may "
            "differ, the network must not), or bring {iface} up on the others.",
            "让所有节点走同一张网络：把 {var} 设为每个节点都有的网卡（名字可以不同，网络必须相同），"
            "或在其他节点上也启用 {iface}。",
        ),
    ),
    Entry(
        "mtu-mismatch",
        "warning",
        "cross",
        Text(
            "The interfaces {library} will use have different MTUs: {detail}",
            "{library} 将使用的网卡 MTU 不一致：{detail}",
        ),
        Text(
            "Set one MTU on every node's interface (ip link set dev IFACE mtu N) and on the switch ports between "
            "them: where a path cannot carry the larger frames, collectives hang at their first large message.",
            "在所有节点的网卡（ip link set dev 网卡 mtu N）以及它们之间的交换机端口上设置相同的 MTU："
            "若路径承载不了较大的帧，集合通信会在第一个大消息处卡住。",
        ),
    ),
)
