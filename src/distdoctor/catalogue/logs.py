"""Findings only a log can show: what torch, torchrun, gloo and NCCL printed when the job failed."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text

LOGS: tuple[Entry, ...] = (
    Entry(
        "log-rendezvous-timeout",
        "error",
        "log",
        Text(
            "torchrun's rendezvous timed out{detail}: not every node joined in time",
            "torchrun 的 rendezvous 超时{detail}：并非所有节点都按时加入",
        ),
        Text(
            "Start torchrun on every node within the join timeout (--rdzv-conf join_timeout=S), with the same "
            "--rdzv-endpoint, --rdzv-id and --nnodes; run distdoctor check on every node to name the missing one.",
            "在 join 超时之内（--rdzv-conf join_timeout=S）于每个节点启动 torchrun，并使用相同的 --rdzv-endpoint、"
            "--rdzv-id 和 --nnodes；在每个节点运行 distdoctor check，找出缺席的节点。",
        ),
    ),
    Entry(
        "log-rendezvous-connection",
        "error",
        "log",
        Text(
            "torchrun could not reach the rendezvous store{detail}",
            "torchrun 无法连上 rendezvous 存储{detail}",
        ),
        Text(
            "Give every node node_rank 0's address and one port in --rdzv-endpoint, start node 0 first, and open "
            "that port in its firewall; distdoctor check says whether it is refused, dropped or unroutable.",
            "在每个节点的 --rdzv-endpoint 中填写 node_rank 0 的地址和同一个端口，先启动 node 0，"
            "并在其防火墙放行该端口；distdoctor check 会说明连接是被拒绝、被丢弃还是没有路由。",
        ),
    ),
    Entry(
        "log-rendezvous-closed",
        "error",
        "log",
        Text(
            "The rendezvous was already closed: this node joined a job that had finished or failed",
            "rendezvous 已经关闭：本节点加入的是一个已经结束或失败的作业",
        ),
        Text(
            "Restart every node of the job together (or use a new --rdzv-id); read the other nodes' logs for the "
            "first failure.",
            "同时重启作业的所有节点（或换一个新的 --rdzv-id）；在其他节点的日志里找最早的那次失败。",
        ),
    ),
    Entry(
        "log-store-barrier-timeout",
        "error",
        "log",
        Text(
            "The store barrier {key} timed out: {joined} of {world_size} ranks arrived ({detail})",
            "store barrier {key} 超时：{world_size} 个 rank 中只到了 {joined} 个（{detail}）",
        ),
        Text(
            "Fewer ranks than world_size: start the missing processes (nnodes x nproc_per_node must equal "
            "WORLD_SIZE). More: two jobs share one MASTER_ADDR:MASTER_PORT, or a rank was started twice.",
            "到达的 rank 少于 world_size：启动缺席的进程（nnodes × nproc_per_node 必须等于 WORLD_SIZE）；"
            "多于 world_size：两个作业共用了同一个 MASTER_ADDR:MASTER_PORT，或者某个 rank 被启动了两次。",
        ),
    ),
    Entry(
        "log-gloo-connect-failed",
        "error",
        "log",
        Text(
            "gloo could not connect its full mesh: {error}",
            "gloo 无法建立全互联连接：{error}",
        ),
        Text(
            "Set GLOO_SOCKET_IFNAME to the interface the nodes share on every node and allow TCP between the "
            "nodes on all ports (gloo listens on random ones); distdoctor check runs the same mesh.",
            "在每个节点把 GLOO_SOCKET_IFNAME 设为节点间互通的网卡，并放行节点之间所有端口的 TCP（gloo 监听随机端口）；"
            "distdoctor check 会做同样的全互联探测。",
        ),
    ),
    Entry(
        "log-gloo-timeout",
        "error",
        "log",
        Text(
            "A gloo operation timed out after {timeout}: a peer never joined it",
            "gloo 操作在 {timeout} 后超时：有一个对端始终没有参与",
        ),
        Text(
            "Some rank skipped or never reached this collective, or died: read every rank's log for an earlier "
            "error, and run distdoctor dump while it hangs to see where each rank is.",
            "某个 rank 跳过了这个集合通信、没有走到这里，或者已经退出：查看每个 rank 日志中更早的错误，"
            "并在卡住时运行 distdoctor dump 查看各 rank 停在哪里。",
        ),
    ),
    Entry(
        "log-nccl-timeout",
        "error",
        "log",
        Text(
            "NCCL watchdog: {op} (SeqNum {seq}) on rank {rank} ran {elapsed} ms, past its {timeout} ms timeout",
            "NCCL watchdog：rank {rank} 上的 {op}（SeqNum {seq}）运行了 {elapsed} ms，超过了 {timeout} ms 的超时",
        ),
        Text(
            "Compare SeqNum across ranks: a rank that is behind, or has died, holds the others up. Run "
            "distdoctor dump while it hangs; TORCH_DISTRIBUTED_DEBUG=DETAIL reports collectives that differ.",
            "比较各 rank 的 SeqNum：落后或已经退出的 rank 拖住了其他 rank。卡住时运行 distdoctor dump；"
            "TORCH_DISTRIBUTED_DEBUG=DETAIL 会报告不一致的集合通信。",
        ),
    ),
    Entry(
        "log-nccl-system-error",
        "error",
        "log",
        Text("NCCL failed in a system call or socket: {error}", "NCCL 在系统调用或 socket 上失败：{error}"),
        Text(
            "Run with NCCL_DEBUG=INFO and read the WARN line before it; most often NCCL picked an interface the "
            "nodes do not share: set NCCL_SOCKET_IFNAME (e.g. eth0), and allow TCP between the nodes.",
            "用 NCCL_DEBUG=INFO 运行，看它前面的 WARN 行；最常见的原因是 NCCL 选了节点间不互通的网卡："
            "设置 NCCL_SOCKET_IFNAME（如 eth0），并放行节点之间的 TCP。",
        ),
    ),
    Entry(
        "log-nccl-invalid-usage",
        "error",
        "log",
        Text("NCCL reports invalid usage: {error}", "NCCL 报告用法错误：{error}"),
        Text(
            "Usually two ranks on one GPU or ranks that disagree on the communicator: call "
            "torch.cuda.set_device(LOCAL_RANK) before init_process_group, and keep nproc_per_node <= GPUs.",
            "通常是两个 rank 用了同一块 GPU，或各 rank 对通信组的理解不一致：在 init_process_group 之前调用 "
            "torch.cuda.set_device(LOCAL_RANK)，并保证 nproc_per_node 不超过 GPU 数。",
        ),
    ),
    Entry(
        "log-nccl-cuda-error",
        "error",
        "log",
        Text("NCCL hit a CUDA error: {error}", "NCCL 遇到 CUDA 错误：{error}"),
        Text(
            "Check the GPU and driver (nvidia-smi, dmesg for Xid), that CUDA, driver and NCCL versions match on "
            "every node, and that each rank uses its own GPU.",
            "检查 GPU 和驱动（nvidia-smi、dmesg 中的 Xid），确认各节点的 CUDA、驱动和 NCCL 版本匹配，"
            "并且每个 rank 使用自己的 GPU。",
        ),
    ),
    Entry(
        "log-nccl-connect-failed",
        "error",
        "log",
        Text("NCCL could not connect to {addr}: {error}", "NCCL 无法连接 {addr}：{error}"),
        Text(
            "{addr} must be reachable from every node on any TCP port: set NCCL_SOCKET_IFNAME to the shared "
            "interface, fix the routes (ip route get), and allow the nodes to reach each other in the firewall.",
            "{addr} 必须能从每个节点以任意 TCP 端口访问：把 NCCL_SOCKET_IFNAME 设为互通的网卡，"
            "修正路由（ip route get），并在防火墙上允许节点之间互相访问。",
        ),
    ),
    Entry(
        "log-nccl-interface",
        "info",
        "log",
        Text("NCCL chose {interfaces} ({kind})", "NCCL 选用了 {interfaces}（{kind}）"),
        Text(
            "If that is not the network the nodes share, set NCCL_SOCKET_IFNAME to the right interface.",
            "如果这不是节点间互通的网络，请把 NCCL_SOCKET_IFNAME 设为正确的网卡。",
        ),
    ),
    Entry(
        "log-collective-mismatch",
        "error",
        "log",
        Text(
            "Ranks called different collectives: {detail}",
            "各 rank 调用的集合通信不一致：{detail}",
        ),
        Text(
            "Make every rank call the same collectives in the same order with the same shapes; look for "
            "rank-dependent branches (if rank == 0) around collectives.",
            "让每个 rank 以相同的顺序、相同的张量形状调用相同的集合通信；检查集合通信周围与 rank 相关的分支"
            "（if rank == 0）。",
        ),
    ),
    Entry(
        "log-rank-missing",
        "error",
        "log",
        Text(
            "Rank {ranks} did not reach monitored_barrier within {timeout}",
            "rank {ranks} 没有在 {timeout} 内到达 monitored_barrier",
        ),
        Text(
            "Read that rank's own log for an earlier error or where it is stuck (distdoctor dump on its node).",
            "查看该 rank 自己的日志中更早的错误，或在它所在的节点运行 distdoctor dump，看它卡在哪里。",
        ),
    ),
    Entry(
        "log-invalid-device-ordinal",
        "error",
        "log",
        Text(
            "CUDA error: invalid device ordinal: a rank asked for a GPU this node does not have",
            "CUDA 错误 invalid device ordinal：某个 rank 请求了本节点不存在的 GPU",
        ),
        Text(
            "Set --nproc-per-node to at most the GPUs visible on the node (nvidia-smi -L, CUDA_VISIBLE_DEVICES), "
            "and select the device with LOCAL_RANK, not the global RANK.",
            "把 --nproc-per-node 设为不超过本节点可见的 GPU 数（nvidia-smi -L、CUDA_VISIBLE_DEVICES），"
            "并用 LOCAL_RANK 而不是全局 RANK 选择设备。",
        ),
    ),
    Entry(
        "log-store-key-timeout",
        "error",
        "log",
        Text(
            "Waiting for the store key {key} timed out: a peer that should have written it never did",
            "等待 store 键 {key} 超时：本应写入它的对端一直没有写",
        ),
        Text(
            "Check every node's node_rank: torchrun does not validate them, and a duplicate or out-of-range "
            "node_rank ends exactly like this; distdoctor check names the offending nodes.",
            "检查每个节点的 node_rank：torchrun 不会校验它，重复或越界的 node_rank 正是这样结束的；"
            "distdoctor check 会指出有问题的节点。",
        ),
    ),
    Entry(
        "log-store-closed",
        "warning",
        "log",
        Text(
            "node_rank 0's store closed the connection: node 0 exited or crashed while this node still needed it",
            "node_rank 0 的 store 关闭了连接：本节点还在使用时，node 0 已经退出或崩溃",
        ),
        Text(
            "Read node 0's log first. If node 0 finished normally, the nodes disagreed on the job (compare "
            "--nnodes on every node: distdoctor lint FILE or distdoctor check).",
            "先看 node 0 的日志。如果 node 0 是正常结束的，说明各节点对作业的理解不一致（比较每个节点的 --nnodes："
            "distdoctor lint FILE 或 distdoctor check）。",
        ),
    ),
)
