"""Findings of `distdoctor smoke`: what the real launcher and real collectives showed."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text

# Words for params named *_code: what a rank never reached, and what a bandwidth was measured against.
CODES: dict[str, Text] = {
    "rendezvous": Text("torchrun's rendezvous", "torchrun 的 rendezvous"),
    "report": Text("rank 0 with a report", "向 rank 0 提交结果"),
    "barrier": Text("the barrier (monitored_barrier)", "屏障（monitored_barrier）"),
    "min": Text("the --min-busbw asked for", "--min-busbw 的要求"),
    "others": Text("a quarter of the other nodes' median", "其他节点中位数的四分之一"),
}

SMOKE: tuple[Entry, ...] = (
    Entry(
        "rank-missing",
        "error",
        "smoke",
        Text(
            "ranks {ranks} ({where}) never reached {missing_code} (awaited {waited})",
            "rank {ranks}（{where}）始终没有到达{missing_code}（已等待 {waited}）",
        ),
        Text(
            "Start the job on every node with the same --nnodes, --master-addr and --master-port; on a node that "
            "did start, read its own smoke output. `distdoctor check` names why a node cannot connect.",
            "在每个节点上用相同的 --nnodes、--master-addr 和 --master-port 启动；已启动的节点请看它自己的 smoke "
            "输出。`distdoctor check` 能指出节点连不上的原因。",
        ),
    ),
    Entry(
        "smoke-store-unreachable",
        "error",
        "smoke",
        Text(
            "This node could not reach torchrun's store at {address}: {error}",
            "本节点连不上 torchrun 的 store（{address}）：{error}",
        ),
        Text(
            "Run `distdoctor check` on every node with the same flags: it tells a firewall from a wrong address "
            "or a node_rank 0 that has not started.",
            "在每个节点上用相同参数运行 `distdoctor check`：它能区分防火墙、地址错误和 node_rank 0 尚未启动。",
        ),
    ),
    Entry(
        "smoke-launch-failed",
        "error",
        "smoke",
        Text("torchrun ended before any rank started: {error}", "torchrun 在任何 rank 启动之前就结束了：{error}"),
        Text(
            "Read torchrun's lines in the evidence; `distdoctor check` with the same flags tests the config and "
            "the network.",
            "查看证据中 torchrun 的输出；用相同参数运行 `distdoctor check` 检查配置和网络。",
        ),
    ),
    Entry(
        "smoke-step-failed",
        "error",
        "smoke",
        Text("Step {step} failed on ranks {ranks}: {error}", "步骤 {step} 在 rank {ranks} 上失败：{error}"),
        Text(
            "The first step that fails names the layer: store or init, the network and addresses (run "
            "`distdoctor check`); a collective, the backend's transport (rerun with NCCL_DEBUG=INFO and pass the "
            "log to `distdoctor explain`).",
            "第一个失败的步骤指明了层次：store 或 init 是网络和地址问题（运行 `distdoctor check`）；集合通信是后端"
            "传输问题（加 NCCL_DEBUG=INFO 重跑，把日志交给 `distdoctor explain`）。",
        ),
    ),
    Entry(
        "smoke-step-hung",
        "error",
        "smoke",
        Text(
            "Step {step} did not finish on ranks {ranks} within {timeout}",
            "步骤 {step} 在 rank {ranks} 上 {timeout} 内没有完成",
        ),
        Text(
            "A rank that waits forever is waiting for a peer that never answers: compare which ranks ended the "
            "step and which did not, and run `distdoctor check` for the mesh between their nodes.",
            "一直等待的 rank 是在等一个始终不回应的对端：对比哪些 rank 完成了该步骤、哪些没有，并运行 "
            "`distdoctor check` 检查这些节点之间的连通性。",
        ),
    ),
    Entry(
        "smoke-peer-unreachable",
        "error",
        "smoke",
        Text(
            "Ranks {ranks} could not connect to {peer} at {address} during {step}, although the store on the master "
            "port worked",
            "rank {ranks} 在 {step} 阶段连不上 {peer}（地址 {address}），而主端口上的 store 是通的",
        ),
        Text(
            "Allow TCP between the nodes on every port: gloo and NCCL listen on ephemeral ports after the master "
            "port. `distdoctor check` shows each blocked pair in its mesh.",
            "放开节点之间所有端口的 TCP：gloo 和 NCCL 在主端口之后还会监听临时端口。`distdoctor check` 的连通性网格"
            "会列出每一对不通的节点。",
        ),
    ),
    Entry(
        "smoke-loopback-advertised",
        "error",
        "smoke",
        Text(
            "Ranks {ranks} were told to reach their peers at the loopback address {address} during {step}",
            "rank {ranks} 在 {step} 阶段拿到的对端地址是回环地址 {address}",
        ),
        Text(
            "Set GLOO_SOCKET_IFNAME (gloo) or NCCL_SOCKET_IFNAME (NCCL) to the interface that carries the other "
            "nodes' addresses, and make the hostname resolve to that address rather than 127.0.1.1.",
            "把 GLOO_SOCKET_IFNAME（gloo）或 NCCL_SOCKET_IFNAME（NCCL）设为能到达其他节点的网卡，并让主机名解析到"
            "该网卡的地址而不是 127.0.1.1。",
        ),
    ),
    Entry(
        "collective-wrong-result",
        "error",
        "smoke",
        Text(
            "Rank {rank}'s contribution came out wrong in {ops}, as ranks {seen_by} received it",
            "rank {rank} 的数据在 {ops} 中结果错误（rank {seen_by} 收到的值不对）",
        ),
        Text(
            "Wrong data without an error points at memory or the transport: rerun smoke on that node alone, check "
            "its GPU for ECC or Xid errors (nvidia-smi -q), and unset any NCCL_ALGO / NCCL_PROTO overrides.",
            "没有报错却数据错误，多半是内存或传输问题：单独在该节点重跑 smoke，用 nvidia-smi -q 查看 ECC/Xid 错误，"
            "并去掉 NCCL_ALGO / NCCL_PROTO 等覆盖设置。",
        ),
    ),
    Entry(
        "straggler",
        "warning",
        "smoke",
        Text(
            "Rank {rank} took {seconds} for the local compute step, {factor}× the other ranks' median {median}",
            "rank {rank} 的本地计算步骤耗时 {seconds}，是其他 rank 中位数 {median} 的 {factor} 倍",
        ),
        Text(
            "One slow rank slows every collective: look for another job on that node (top, nvidia-smi), throttled "
            "clocks, or a rank bound to the wrong GPU or NUMA node.",
            "一个慢 rank 会拖慢所有集合通信：检查该节点上是否有其他任务（top、nvidia-smi）、频率是否被限制、"
            "rank 是否绑错了 GPU 或 NUMA 节点。",
        ),
    ),
    Entry(
        "bandwidth-low",
        "warning",
        "smoke",
        Text(
            "busbw on {subject} is {measured} GB/s, below {expected} GB/s ({basis_code})",
            "{subject} 的 busbw 为 {measured} GB/s，低于 {expected} GB/s（{basis_code}）",
        ),
        Text(
            "Find the link that carries the traffic: NCCL_DEBUG=INFO shows the interface and transport NCCL chose "
            "(`distdoctor explain` reads it); a TCP socket where InfiniBand or RoCE was meant is the usual cause.",
            "找出实际承载流量的链路：NCCL_DEBUG=INFO 会显示 NCCL 选择的网卡和传输方式"
            "（`distdoctor explain` 可以解读）；常见原因是本该走 InfiniBand/RoCE 却走了 TCP socket。",
        ),
    ),
)
