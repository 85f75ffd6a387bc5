"""Findings only a log can show: what torch, torchrun, gloo and NCCL printed when the job failed."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

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
            "--rdzv-endpoint, --rdzv-id and --nnodes; in Kubernetes, a pod that cannot yet resolve node 0's name "
            "never joins (wait for it to resolve in an init container). Run distdoctor check on every node to name "
            "the missing one.",
            "在 join 超时之内（--rdzv-conf join_timeout=S）于每个节点启动 torchrun，并使用相同的 --rdzv-endpoint、"
            "--rdzv-id 和 --nnodes；在 Kubernetes 中，还解析不到 node 0 名字的 pod 永远不会加入"
            "（在 init container 中等到它能解析）。在每个节点运行 distdoctor check，找出缺席的节点。",
        ),
    ),
    Entry(
        "log-rendezvous-keepalive",
        "error",
        "log",
        Text(
            "An elastic agent stopped renewing its rendezvous keep-alive ({key}): it died, hung or lost etcd, and the "
            "others tore the rendezvous down",
            "一个 elastic agent 不再续期其 rendezvous keep-alive（{key}）：它已退出、卡住或与 etcd 失联，"
            "其他 agent 因此拆除了 rendezvous",
        ),
        Text(
            "Read that agent's own log (the rank_N at the end of the key) for why it stopped. Where agents keep "
            "joining and leaving, give every node the same --nnodes and the script the same node count (Lightning: "
            "Trainer(num_nodes=N)).",
            "查看该 agent 自己的日志（key 末尾的 rank_N），找出它停止的原因。若各 agent 反复加入又离开，"
            "让每个节点使用相同的 --nnodes，并让脚本使用相同的节点数（Lightning：Trainer(num_nodes=N)）。",
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
            "that port in its firewall; a host name there, and each node's own hostname, must resolve on every node "
            "(getent hosts NAME; add it to /etc/hosts or DNS). With --rdzv-backend=c10d the store is started by the "
            "node that knows the endpoint's host as its own hostname or address: a service name, a load balancer or "
            "a NAT address leaves it unstarted and every node times out (give that node's own address, or "
            "--rdzv-conf is_host=true on it alone). distdoctor check says whether it is unresolvable, refused, "
            "dropped or unroutable.",
            "在每个节点的 --rdzv-endpoint 中填写 node_rank 0 的地址和同一个端口，先启动 node 0，"
            "并在其防火墙放行该端口；其中的主机名以及每个节点自己的主机名都必须能在每个节点上解析"
            "（getent hosts NAME；加入 /etc/hosts 或 DNS）。使用 --rdzv-backend=c10d 时，存储由把端点主机"
            "认作自己主机名或地址的那个节点启动：服务名、负载均衡器或 NAT 地址会让它无人启动，所有节点都超时"
            "（改用该节点自己的地址，或只在它上面设置 --rdzv-conf is_host=true）。distdoctor check 会说明它是"
            "无法解析、被拒绝、被丢弃还是没有路由。",
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
            "A gloo operation timed out after {timeout}: a peer did not join it in time",
            "gloo 操作在 {timeout} 后超时：有一个对端没有及时参与",
        ),
        Text(
            "Some rank came to this collective late, busy past the timeout with work the others do not do "
            "(tokenising, a checkpoint or an evaluation on rank 0), or skipped it (a collective inside if rank == 0), "
            "or died: read every rank's log for an earlier error or its last step, and run distdoctor dump while it "
            "hangs to see where each rank is. Work that long belongs before init_process_group, on every rank, or "
            "under a longer timeout (init_process_group(timeout=...)).",
            "某个 rank 迟到了：它在忙其他 rank 不做的工作并超过了超时（分词、rank 0 上的检查点或评估），或者跳过了"
            "这个集合通信（if rank == 0 里的集合通信），或者已经退出：查看每个 rank 日志中更早的错误或最后一步，"
            "并在卡住时运行 distdoctor dump 查看各 rank 停在哪里。这么久的工作应放在 init_process_group 之前、"
            "在每个 rank 上做，或使用更长的超时（init_process_group(timeout=...)）。",
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
            "Most often another rank never came to this collective: busy past the timeout (evaluation, checkpoint "
            "saving or data preparation on rank 0 only), on another code path (a collective inside 'if rank == 0', "
            "data that ends first on one rank), or dead (its own log, dmesg for the OOM killer). Compare SeqNum "
            "across ranks: the rank behind is the one; run distdoctor dump while it hangs, and raise "
            "init_process_group(timeout=...) above the longest work only some ranks do. In the job's first "
            "collectives the links are as likely: rerun with NCCL_DEBUG=WARN; TORCH_DISTRIBUTED_DEBUG=DETAIL reports "
            "collectives that differ.",
            "最常见的是另一个 rank 没有进入这次集合通信：忙碌超过了超时"
            "（只在 rank 0 上做的评估、保存检查点或数据准备）、走了另一条代码路径"
            "（写在 'if rank == 0' 里的集合通信、某个 rank 的数据先用完），"
            "或已经退出（查看它自己的日志、dmesg 中的 OOM killer）。比较各 rank 的 SeqNum：落后的那个就是它；"
            "卡住时运行 distdoctor dump，并把 init_process_group(timeout=...) 调到大于只有部分 rank 做的最长工作。"
            "在作业最初的几次集合通信中，链路问题同样可能：用 NCCL_DEBUG=WARN 重新运行；"
            "TORCH_DISTRIBUTED_DEBUG=DETAIL 会报告不一致的集合通信。",
        ),
    ),
    Entry(
        "log-nccl-timeout-midrun",
        "error",
        "log",
        Text(
            "NCCL watchdog: {op} (SeqNum {seq}) on rank {rank} ran {elapsed} ms, past its {timeout} ms timeout, after "
            "the collectives before it had completed: the links worked, so most likely another rank never came to "
            "this one",
            "NCCL watchdog：rank {rank} 上的 {op}（SeqNum {seq}）运行了 {elapsed} ms，超过了 {timeout} ms 的超时；"
            "此前的集合通信都已完成，说明链路是通的，最可能的是另一个 rank 没有进入这次集合通信",
        ),
        Text(
            "Find the rank that was elsewhere: busy past the timeout (evaluation, checkpoint saving or data "
            "preparation on rank 0 only), on another code path (a collective inside 'if rank == 0', a data loop that "
            "ends early on one rank), or dead (its own log, dmesg for the OOM killer). Give every rank the same "
            "collectives, raise init_process_group(timeout=...) above the longest rank-0-only work, and run "
            "distdoctor dump while it hangs to see each rank's stack. Only where no rank was elsewhere, suspect the "
            "network (rerun with NCCL_DEBUG=WARN).",
            "找出不在这里的 rank：忙碌超过了超时（只在 rank 0 上做的评估、保存检查点或数据准备）、走了另一条代码路径"
            "（写在 'if rank == 0' 里的集合通信、某个 rank 的数据循环提前结束），或已经退出（查看它自己的日志、dmesg "
            "中的 OOM killer）。让每个 rank 调用相同的集合通信，把 init_process_group(timeout=...) 调到大于最长的"
            "仅 rank 0 的工作，卡住时运行 distdoctor dump 查看每个 rank 的调用栈。只有在没有 rank 缺席时，才怀疑网络"
            "（用 NCCL_DEBUG=WARN 重新运行）。",
        ),
    ),
    Entry(
        "log-nccl-watchdog-stuck",
        "error",
        "log",
        Text(
            "ProcessGroupNCCL's watchdog made no progress{detail}, and its heartbeat monitor ended the process",
            "ProcessGroupNCCL 的 watchdog 没有任何进展{detail}，心跳监控因此终止了进程",
        ),
        Text(
            "A collective timeout or error logged before it is the cause. Without one: a rank sat in a collective "
            "while another was busy elsewhere (loading, evaluating, saving) longer than that budget, or a CUDA call "
            "hung. Run distdoctor dump while it waits; TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC sets the budget, apart from "
            "the process group's timeout.",
            "在它之前记录的集合通信超时或错误才是原因。如果没有：某个 rank 在集合通信中等待，而另一个 rank 在别处忙"
            "（加载、评估、保存）超过了这个时限，或者某个 CUDA 调用卡住了。等待期间运行 distdoctor dump；"
            "TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC 单独设置这个时限，与进程组的超时无关。",
        ),
    ),
    Entry(
        "log-timeout-on-another-rank",
        "error",
        "log",
        Text(
            "Another rank's NCCL watchdog timed out and told this rank to stop{detail}",
            "另一个 rank 的 NCCL watchdog 超时，并通知本 rank 停止{detail}",
        ),
        Text(
            "Read the log of the rank that timed out first: its 'Watchdog caught collective operation timeout' line "
            "names the collective and its SeqNum. Across ranks, the lowest last completed work is the rank that "
            "fell behind.",
            "查看最先超时的 rank 的日志：它的 'Watchdog caught collective operation timeout' 一行给出了集合通信"
            "及其 SeqNum。比较各 rank 最后完成的工作编号，最小的那个 rank 就是落后的。",
        ),
    ),
    Entry(
        "log-nccl-system-error",
        "error",
        "log",
        Text(
            "NCCL failed in a system call the log does not name ({error}): most often a container's /dev/shm too "
            "small for NCCL's shared-memory segments, else an interface the nodes do not share",
            "NCCL 在日志未指明的系统调用上失败（{error}）：最常见的是容器的 /dev/shm 太小，放不下 NCCL 的共享内存段，"
            "其次是节点间不互通的网卡",
        ),
        Text(
            "Give the container a larger /dev/shm (docker run --shm-size=8g or --ipc=host; in Kubernetes an "
            "emptyDir with medium: Memory at /dev/shm; df -h /dev/shm shows its size). Where it is large already, "
            "rerun with NCCL_DEBUG=INFO and read the WARN line before the error: a socket call points at an "
            "interface the nodes do not share (set NCCL_SOCKET_IFNAME), ibv_reg_mr at the locked-memory limit "
            "(ulimit -l unlimited).",
            "给容器更大的 /dev/shm（docker run --shm-size=8g 或 --ipc=host；Kubernetes 中在 /dev/shm 挂载 medium: "
            "Memory 的 emptyDir；df -h /dev/shm 可查看大小）。若它已经够大，用 NCCL_DEBUG=INFO 重新运行，看错误前的 "
            "WARN 行：socket 调用说明节点间网卡不互通（设置 NCCL_SOCKET_IFNAME），ibv_reg_mr 说明锁定内存上限太低"
            "（ulimit -l unlimited）。",
        ),
        variants=(
            Variant(
                "teardown",
                "warning",
                "its last error is NCCL's proxy failing to Close a connection, which only a communicator's teardown "
                "asks for: torch's watchdog found it as the process exited without destroy_process_group()",
            ),
        ),
    ),
    Entry(
        "log-shm-likely",
        "error",
        "log",
        Text(
            "NCCL failed in a system call with every rank on one host ({host}): there NCCL's system calls are "
            "on /dev/shm, so it is most likely too small (the log does not name the call)",
            "NCCL 在系统调用上失败，且所有 rank 都在同一台主机（{host}）上：单机时 NCCL 的系统调用在 /dev/shm 上，"
            "所以很可能是 /dev/shm 太小（日志没有指出具体调用）",
        ),
        Text(
            "Give the container a larger /dev/shm: docker run --shm-size=8g (or --ipc=host); in Kubernetes mount an "
            "emptyDir with medium: Memory at /dev/shm. df -h /dev/shm shows its size; NCCL_DEBUG=INFO names the call "
            "that failed.",
            "给容器更大的 /dev/shm：docker run --shm-size=8g（或 --ipc=host）；Kubernetes 中在 /dev/shm 挂载 "
            "medium: Memory 的 emptyDir。df -h /dev/shm 可查看大小；NCCL_DEBUG=INFO 会指出失败的调用。",
        ),
    ),
    Entry(
        "log-nccl-bootstrap-truncated",
        "error",
        "log",
        Text(
            "NCCL's bootstrap received {got} bytes where it expected {want}: the ranks disagree on what they "
            "exchange at setup",
            "NCCL 的 bootstrap 收到 {got} 字节，而预期是 {want} 字节：各 rank 在初始化时交换的内容不一致",
        ),
        Text(
            "Run one NCCL version on every node (compare the 'NCCL version' line of each node's log); create "
            "communicators (new_group) in the same order on every rank. Where both hold, this is the intermittent "
            "bootstrap fault reported on NCCL 2.19 and 2.20 (NVIDIA/nccl#1176, #1273): move to another NCCL "
            "release; those reporters went back to 2.18.",
            "在每个节点上使用同一版本的 NCCL（比较各节点日志中的 'NCCL version' 行）；让每个 rank 以相同的顺序"
            "创建通信器（new_group）。如果两者都满足，这是 NCCL 2.19 和 2.20 上报告过的间歇性 bootstrap 故障"
            "（NVIDIA/nccl#1176、#1273）：换用其他 NCCL 版本；这些报告者退回到了 2.18。",
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
        "log-nccl-invalid-argument",
        "error",
        "log",
        Text(
            "NCCL rejected an argument of a call ({error}): a tensor on another GPU than the rank's communicator, a "
            "rank outside the world size, or a libnccl other than the one torch was built for{detail}",
            "NCCL 拒绝了某次调用的参数（{error}）：张量不在该 rank 通信器所在的 GPU 上、rank 超出了 world size，"
            "或者加载的 libnccl 不是 torch 构建时所用的那个{detail}",
        ),
        Text(
            "Run one process per GPU and start the ranks once: by a launcher (torchrun, torch.distributed.launch, "
            "srun) or by the script's own spawn (torch.multiprocessing.spawn), not both (fairseq under a launcher: "
            "--distributed-no-spawn). In each process call torch.cuda.set_device(LOCAL_RANK) before "
            "init_process_group and before creating tensors. Where that holds, compare torch.cuda.nccl.version() "
            "with the NCCL version the log prints (LD_LIBRARY_PATH or LD_PRELOAD loading another libnccl). "
            "NCCL_DEBUG=WARN names the argument.",
            "每块 GPU 只运行一个进程，并且只启动一次各 rank：由启动器（torchrun、torch.distributed.launch、srun）"
            "或由脚本自己的 spawn（torch.multiprocessing.spawn）启动，不能两者都用（fairseq 在启动器下使用 "
            "--distributed-no-spawn）。在每个进程中，于 init_process_group 和创建张量之前调用 "
            "torch.cuda.set_device(LOCAL_RANK)。若这些都满足，比较 torch.cuda.nccl.version() 与日志打印的 NCCL "
            "版本（LD_LIBRARY_PATH 或 LD_PRELOAD 可能加载了另一个 libnccl）。NCCL_DEBUG=WARN 会指出是哪个参数。",
        ),
    ),
    Entry(
        "log-nccl-internal-error",
        "error",
        "log",
        Text(
            "NCCL failed with an internal error ({error}): at setup, most often a network interface setting that "
            "matches no interface on one of the hosts (NCCL_SOCKET_IFNAME: NCCL then finds no socket interface), "
            "else a topology file NCCL cannot read",
            "NCCL 因内部错误失败（{error}）：在初始化阶段，最常见的是网卡设置在某台主机上匹配不到任何网卡"
            "（NCCL_SOCKET_IFNAME：NCCL 因此找不到 socket 网卡），其次是 NCCL 无法读取的拓扑文件",
        ),
        Text(
            "Compare NCCL_SOCKET_IFNAME with ip -br addr on every host: where the hosts name their NICs differently, "
            "give a value that matches on each (a list such as enp4s0,enp6s0, or a prefix they share), or leave it "
            "unset. Then check NCCL_TOPO_FILE (set by you, /etc/nccl.conf or a network plugin): a malformed file "
            "fails here too. NCCL_DEBUG=WARN prints the line that says which.",
            "在每台主机上把 NCCL_SOCKET_IFNAME 与 ip -br addr 的输出对照：若各主机的网卡名不同，"
            "给出在每台主机上都能匹配的值（如 enp4s0,enp6s0 这样的列表，或它们共有的前缀），或者不设置它。"
            "然后检查 NCCL_TOPO_FILE（由你、/etc/nccl.conf 或网络插件设置）：格式错误的文件也会在这里失败。"
            "NCCL_DEBUG=WARN 会打印说明原因的那一行。",
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
        "log-connect-not-permitted",
        "error",
        "log",
        Text(
            "This host did not let the process connect to {addr} ({error}): a rule on the host, not the network, "
            "stopped the connection",
            "本机不允许该进程连接 {addr}（{error}）：阻止连接的是本机上的规则，而不是网络",
        ),
        Text(
            "The kernel refuses a connect with EPERM for a local firewall rule or a policy around the process: a "
            "sandboxed runner or agent shell, seccomp, a cgroup network filter (systemd's IPAddressDeny). Run the job "
            "where it may open TCP connections, to localhost too (torchrun's store is one): outside the sandbox or "
            "with its network permission granted, or drop the rule (nft list ruleset, iptables -S OUTPUT).",
            "内核因本机防火墙规则或进程外层的策略拒绝 connect 时返回 EPERM：沙箱中的执行环境或代理 shell、seccomp、"
            "cgroup 网络过滤（systemd 的 IPAddressDeny）。让作业在允许建立 TCP 连接（包括连接 localhost，torchrun 的 "
            "store 就是如此）的环境中运行：在沙箱之外运行或授予其网络权限，或删除该规则（nft list ruleset、"
            "iptables -S OUTPUT）。",
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
            "Rank {ranks} did not reach {where} within {timeout}",
            "rank {ranks} 没有在 {timeout} 内到达 {where}",
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
            "A rank asked for a device index its process does not see (CUDA's invalid device ordinal, or XLA's device "
            "not among those available)",
            "某个 rank 请求的设备序号在其进程中不可见（CUDA 的 invalid device ordinal，或 XLA 的设备不在可用设备之中）",
        ),
        Text(
            "Set --nproc-per-node to at most the GPUs visible on the node (nvidia-smi -L, CUDA_VISIBLE_DEVICES), "
            "and select the device with LOCAL_RANK, not the global RANK. Under CUDA_VISIBLE_DEVICES (Ray, Slurm and "
            "Kubernetes set it) the visible GPUs are numbered from 0: pass the position in that list, not the "
            "physical GPU id.",
            "把 --nproc-per-node 设为不超过本节点可见的 GPU 数（nvidia-smi -L、CUDA_VISIBLE_DEVICES），"
            "并用 LOCAL_RANK 而不是全局 RANK 选择设备。设置了 CUDA_VISIBLE_DEVICES 时（Ray、Slurm 和 Kubernetes "
            "会设置它），可见的 GPU 从 0 开始编号：传入在该列表中的位置，而不是物理 GPU 编号。",
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
    Entry(
        "log-shm-too-small",
        "error",
        "log",
        Text(
            "{who} could not get shared memory at {path}: /dev/shm is too small or full{detail}",
            "{who} 无法在 {path} 获取共享内存：/dev/shm 太小或已满{detail}",
        ),
        Text(
            "Give the container a larger /dev/shm: docker run --shm-size=8g (or --ipc=host); in Kubernetes mount an "
            "emptyDir with medium: Memory at /dev/shm. Remove stale /dev/shm/nccl-* and torch_* files left by killed "
            "jobs. Outside a container, under Slurm or another cgroup limit, /dev/shm is large but its pages count "
            "against the job's memory limit: ask for more memory (--mem) there. Fewer DataLoader workers "
            "(num_workers, prefetch_factor) need less of it; NCCL_SHM_DISABLE=1 keeps NCCL out of it at some speed.",
            "给容器更大的 /dev/shm：docker run --shm-size=8g（或 --ipc=host）；Kubernetes 中在 /dev/shm 挂载 "
            "medium: Memory 的 emptyDir。删除被杀作业遗留的 /dev/shm/nccl-* 和 torch_* 文件。"
            "不在容器中、而在 Slurm 或其他 cgroup 限制下时，/dev/shm 虽大，但其页面计入作业的内存上限："
            "此时请申请更多内存（--mem）。减少 DataLoader worker（num_workers、prefetch_factor）可降低用量；"
            "NCCL_SHM_DISABLE=1 让 NCCL 不使用它，但会变慢。",
        ),
    ),
    Entry(
        "log-shm-not-writable",
        "error",
        "log",
        Text(
            "{who} could not open its shared memory in /dev/shm: {detail}",
            "{who} 无法在 /dev/shm 中打开共享内存：{detail}",
        ),
        Text(
            "Make /dev/shm a writable tmpfs for the job's user (mode 1777; in a container --ipc=host or "
            "--shm-size, in Kubernetes an emptyDir with medium: Memory), or set NCCL_SHM_DISABLE=1.",
            "让 /dev/shm 成为作业用户可写的 tmpfs（权限 1777；容器中用 --ipc=host 或 --shm-size，Kubernetes 中用 "
            "medium: Memory 的 emptyDir），或设置 NCCL_SHM_DISABLE=1。",
        ),
    ),
    Entry(
        "log-memlock-too-low",
        "error",
        "log",
        Text(
            "The locked-memory limit is too low for RDMA: {detail}",
            "锁定内存上限对 RDMA 来说太低：{detail}",
        ),
        Text(
            "Raise the memlock limit to unlimited where the job starts: ulimit -l unlimited (limits.conf "
            "'* - memlock unlimited'), docker run --ulimit memlock=-1, Slurm PropagateResourceLimits, or "
            "LimitMEMLOCK=infinity for the daemon that launches the job.",
            "在作业启动的地方把 memlock 上限设为 unlimited：ulimit -l unlimited（limits.conf 中 "
            "'* - memlock unlimited'）、docker run --ulimit memlock=-1、Slurm 的 PropagateResourceLimits，"
            "或为启动作业的守护进程设置 LimitMEMLOCK=infinity。",
        ),
    ),
    Entry(
        "log-ib-retry-exceeded",
        "error",
        "log",
        Text(
            "InfiniBand/RoCE transport retries exceeded talking to {peer} (completion error 12): the peer never "
            "acknowledged{detail}",
            "与 {peer} 通信时 InfiniBand/RoCE 传输重试次数耗尽（completion error 12）：对端一直没有确认{detail}",
        ),
        Text(
            "On RoCE this is most often the wrong GID index: set NCCL_IB_GID_INDEX on every node (3 for RoCE v2 "
            "over IPv4 on most NICs; show_gids lists them); otherwise check the link and switch (ibstat, ibv_devinfo) "
            "and whether the peer died first.",
            "在 RoCE 上最常见的原因是 GID 索引不对：在每个节点设置 NCCL_IB_GID_INDEX（多数网卡上 IPv4 的 RoCE v2 为 3；"
            "show_gids 可列出）；否则检查链路和交换机（ibstat、ibv_devinfo），以及对端是否先退出了。",
        ),
    ),
    Entry(
        "log-ib-mtu-unclamped",
        "warning",
        "log",
        Text(
            "NCCL {version} does not lower a queue pair's MTU to the smaller of the two RDMA ports' (2.20 to "
            "2.23): if these ports' MTUs differ, that is why its RDMA transfers fail",
            "NCCL {version}（2.20 至 2.23）不会把队列对的 MTU 降到两端 RDMA 端口中较小的那个："
            "如果这些端口的 MTU 不一致，RDMA 传输就是因此失败",
        ),
        Text(
            "Compare the ports' active_mtu on every node (ibv_devinfo; for RoCE also the interface's MTU in ip link) "
            "and make them equal, or use NCCL 2.24 or later, which takes the smaller one again.",
            "在每个节点比较各端口的 active_mtu（ibv_devinfo；RoCE 还要看 ip link 中网卡的 MTU）并设为一致，"
            "或换用 NCCL 2.24 及以上版本（它重新取两端较小的值）。",
        ),
    ),
    Entry(
        "log-ib-completion-error",
        "error",
        "log",
        Text(
            "InfiniBand/RoCE completion error {status} talking to {peer}{detail}",
            "与 {peer} 通信时出现 InfiniBand/RoCE completion 错误 {status}{detail}",
        ),
        Text(
            "Status 4 (local protection) or 10/11 (remote access/operation): GPUDirect RDMA memory registration "
            "failed (load nvidia-peermem, disable PCI ACS, or NCCL_NET_GDR_LEVEL=LOC to test) or NCCL picked the "
            "wrong HCA (NCCL_IB_HCA); 5 (flushed) follows an earlier error: read the first one.",
            "状态 4（本地保护错误）或 10/11（远端访问/操作错误）：GPUDirect RDMA 内存注册失败（加载 nvidia-peermem、"
            "关闭 PCI ACS，或用 NCCL_NET_GDR_LEVEL=LOC 验证），或 NCCL 选错了 HCA（NCCL_IB_HCA）；"
            "5（flushed）是更早错误的后果：看第一个错误。",
        ),
    ),
    Entry(
        "log-ib-port-down",
        "error",
        "log",
        Text(
            "An InfiniBand/RoCE port went down during the job{detail}",
            "作业运行期间有 InfiniBand/RoCE 端口断开{detail}",
        ),
        Text(
            "Check the port and cable on that node (ibstat, ibv_devinfo, dmesg for mlx5 link events, the switch "
            "port's error counters); drain a node whose link flaps, or keep NCCL off that HCA with NCCL_IB_HCA.",
            "检查该节点的端口和线缆（ibstat、ibv_devinfo、dmesg 中的 mlx5 链路事件、交换机端口的错误计数）；"
            "链路反复断开的节点应下线，或用 NCCL_IB_HCA 让 NCCL 不使用该 HCA。",
        ),
    ),
    Entry(
        "log-store-host-unresolvable",
        "error",
        "log",
        Text(
            "The store's host {host} does not resolve: {error}",
            "存储所在的主机 {host} 无法解析：{error}",
        ),
        Text(
            "Check the value the name comes from on each node (echo $MASTER_ADDR; getent hosts NAME): a script that "
            "fills MASTER_ADDR from a command missing where it runs (scontrol inside a container) leaves that "
            "command's error text there. Give --rdzv-endpoint / MASTER_ADDR as an IP address, or make the name "
            "resolve on every node (DNS or /etc/hosts). In Kubernetes a pod's DNS name resolves only once the pod "
            "is ready: wait for it before starting (an init container that loops on nslookup), or use a headless "
            "service with publishNotReadyAddresses.",
            "在每个节点上检查这个名字的来源值（echo $MASTER_ADDR；getent hosts NAME）：若脚本用运行处并不存在的命令"
            "（容器内的 scontrol）来填写 MASTER_ADDR，其中留下的就是该命令的报错文字。"
            "把 --rdzv-endpoint / MASTER_ADDR 写成 IP 地址，或让这个名字在每个节点上都能解析（DNS 或 /etc/hosts）。"
            "Kubernetes 中 pod 的 DNS 名字要等 pod 就绪后才能解析：启动前先等待（用循环 nslookup 的 init 容器），"
            "或使用设置了 publishNotReadyAddresses 的 headless service。",
        ),
        variants=(
            Variant(
                "resolved-later",
                "warning",
                "only torch's warnings of the lookups it retries, and the log goes on past them without a failure: the "
                "name resolved in time (a pod's DNS name before the pod was ready)",
            ),
        ),
    ),
    Entry(
        "log-nccl-known-bug",
        "error",
        "log",
        Text(
            "NCCL failed in {component}: {detail}",
            "NCCL 在{component}中失败：{detail}",
        ),
        Text(
            "This part of NCCL has failures of its own that a release fixed: move to {release} (a newer torch "
            "wheel, or the nvidia-nccl-cu* package torch loads).",
            "NCCL 的这一部分有其自身的、已在后续版本修复的故障：换用 {release}（更新的 torch wheel，"
            "或 torch 加载的 nvidia-nccl-cu* 包）。",
        ),
    ),
    Entry(
        "log-slurm-one-task",
        "error",
        "log",
        Text(
            "Lightning leaves starting the ranks to Slurm, and only {seen} of {world} ranks started: the script "
            "ran as one Slurm task",
            "Lightning 把启动各 rank 的工作交给 Slurm，但 {world} 个 rank 中只有 {seen} 个启动：脚本只作为一个 "
            "Slurm 任务运行",
        ),
        Text(
            "Start the script with srun inside the sbatch script (srun python train.py), with "
            "--ntasks-per-node equal to the GPUs per node and --nodes equal to num_nodes.",
            "在 sbatch 脚本中用 srun 启动训练脚本（srun python train.py），并使 --ntasks-per-node 等于每个节点的 GPU "
            "数，--nodes 等于 num_nodes。",
        ),
    ),
    Entry(
        "log-job-cancelled",
        "error",
        "log",
        Text(
            "Slurm cancelled job {job} on {node} {reason}",
            "Slurm 取消了 {node} 上的作业 {job}（{reason}）",
        ),
        Text(
            "Not a fault of the job's processes: {advice}.",
            "不是作业进程本身的故障：{advice}。",
        ),
    ),
    Entry(
        "log-agent-signalled",
        "error",
        "log",
        Text(
            "torchrun{pid} was sent {signal} from outside and stopped the job",
            "torchrun{pid} 从外部收到 {signal}，并停止了作业",
        ),
        Text(
            "Find who sent it: a scheduler's time limit or preemption (sacct -j JOB, kubectl describe pod), a cancel, "
            "or the shell that started torchrun closing (SIGHUP, and SIGTERM to its process group): start torchrun "
            "with setsid or inside tmux/screen rather than with a bare nohup or &.",
            "找出是谁发送的：调度器的时间上限或抢占（sacct -j JOB、kubectl describe pod）、取消操作，"
            "或启动 torchrun 的 shell 关闭（SIGHUP，以及发给其进程组的 SIGTERM）：用 setsid 或在 tmux/screen 中启动 "
            "torchrun，而不是只用 nohup 或 &。",
        ),
    ),
    Entry(
        "log-ib-port-flapping",
        "error",
        "log",
        Text(
            "An InfiniBand/RoCE port on {host} went down and up during the job ({events}): the link is flapping",
            "{host} 上的 InfiniBand/RoCE 端口在作业期间反复断开又恢复（{events}）：链路在抖动",
        ),
        Text(
            "Drain {host} and have its cable, transceiver and switch port checked (ibstat, dmesg for mlx5 link "
            "events, ibqueryerrors or the switch's error counters); until then keep NCCL off that HCA with "
            "NCCL_IB_HCA, or leave the node out of the job.",
            "将 {host} 下线，检查其线缆、光模块和交换机端口（ibstat、dmesg 中的 mlx5 链路事件、ibqueryerrors 或"
            "交换机的错误计数）；在此之前用 NCCL_IB_HCA 让 NCCL 不使用该 HCA，或把该节点排除在作业之外。",
        ),
    ),
    Entry(
        "log-nvls-bind-failed",
        "error",
        "log",
        Text(
            "NCCL could not set up NVLink SHARP (NVLS) multicast memory{detail}: the NVSwitch fabric is not usable",
            "NCCL 无法建立 NVLink SHARP（NVLS）多播内存{detail}：NVSwitch fabric 不可用",
        ),
        Text(
            "Check nvidia-fabricmanager (systemctl status nvidia-fabricmanager; its version must match the driver) "
            "and reset the GPUs after restarting it (or reboot); NCCL_NVLS_ENABLE=0 runs without NVLS meanwhile.",
            "检查 nvidia-fabricmanager（systemctl status nvidia-fabricmanager；其版本必须与驱动一致），"
            "重启它之后要重置 GPU（或重启机器）；在此之前可用 NCCL_NVLS_ENABLE=0 关闭 NVLS 运行。",
        ),
    ),
    Entry(
        "log-fabric-manager-down",
        "error",
        "log",
        Text(
            "The fabric manager of this NVSwitch machine is not running{detail}: until it runs, CUDA reports the "
            "system not yet initialized",
            "这台 NVSwitch 机器的 fabric manager 没有运行{detail}：在它运行之前，CUDA 会报告系统尚未初始化",
        ),
        Text(
            "Start and enable nvidia-fabricmanager (systemctl enable --now nvidia-fabricmanager) with exactly the "
            "driver's version (a package from another repository or an older pin will not start: install "
            "nvidia-fabricmanager-<driver branch> of the same release), then check nvidia-smi -q shows the fabric "
            "state Completed.",
            "启动并启用 nvidia-fabricmanager（systemctl enable --now nvidia-fabricmanager），版本必须与驱动完全一致"
            "（来自其他软件源或固定在旧版本的包无法启动：安装同一版本的 nvidia-fabricmanager-<驱动分支>）；"
            "然后确认 nvidia-smi -q 显示 fabric 状态为 Completed。",
        ),
    ),
    Entry(
        "log-duplicate-gpu",
        "error",
        "log",
        Text(
            "More than one rank ({ranks}) is on one GPU{device}",
            "多个 rank（{ranks}）用的是同一块 GPU{device}",
        ),
        Text(
            "Call torch.cuda.set_device(int(os.environ['LOCAL_RANK'])) before init_process_group (and pass "
            "device_ids to DDP); do not hard-code a device, and keep nproc_per_node <= the GPUs each node has. "
            "Where a launcher gives each process its GPU through CUDA_VISIBLE_DEVICES (Ray, a scheduler), nothing may "
            "touch CUDA before it is set: an import or setup hook that calls torch.cuda early leaves every process on "
            "GPU 0.",
            "在 init_process_group 之前调用 torch.cuda.set_device(int(os.environ['LOCAL_RANK']))（并把 device_ids "
            "传给 DDP）；不要写死设备号，并保证 nproc_per_node 不超过每个节点的 GPU 数。若启动器通过 "
            "CUDA_VISIBLE_DEVICES 给每个进程分配 GPU（Ray、调度器），在它设置之前不能有任何代码触碰 CUDA："
            "提前调用 torch.cuda 的 import 或初始化钩子会让所有进程都落在 GPU 0 上。",
        ),
    ),
    Entry(
        "log-address-family",
        "error",
        "log",
        Text(
            "A socket of one address family met an address of the other (IPv4 and IPv6 mixed): {detail}",
            "一种地址族的 socket 遇到了另一种地址族的地址（IPv4 与 IPv6 混用）：{detail}",
        ),
        Text(
            "Use one family everywhere: an IPv4 MASTER_ADDR, NCCL_SOCKET_FAMILY=AF_INET, and NCCL_SOCKET_IFNAME / "
            "GLOO_SOCKET_IFNAME naming an interface with an IPv4 address; a container needs that interface "
            "(--network=host) and the same NCCL on every node.",
            "所有地方使用同一种地址族：IPv4 的 MASTER_ADDR、NCCL_SOCKET_FAMILY=AF_INET，并让 NCCL_SOCKET_IFNAME / "
            "GLOO_SOCKET_IFNAME 指向有 IPv4 地址的网卡；容器需要能看到该网卡（--network=host），且各节点的 NCCL 相同。",
        ),
    ),
    Entry(
        "log-gloo-loopback",
        "error",
        "log",
        Text(
            "gloo bound to the loopback address{detail}: this host's name does not resolve to an address of its own "
            "network (or GLOO_SOCKET_IFNAME=lo)",
            "gloo 绑定到了回环地址{detail}：本机主机名没有解析到它所在网络的地址（或者 GLOO_SOCKET_IFNAME=lo）",
        ),
        Text(
            "Set GLOO_SOCKET_IFNAME (and NCCL_SOCKET_IFNAME) to the interface the nodes share on every node, or map "
            "the hostname to its real IP in /etc/hosts instead of 127.0.x.1.",
            "在每个节点把 GLOO_SOCKET_IFNAME（以及 NCCL_SOCKET_IFNAME）设为节点间互通的网卡，或在 /etc/hosts "
            "中把主机名映射到真实 IP，而不是 127.0.x.1。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows gloo's fallback warning but no failure: one node alone runs fine on loopback",
            ),
        ),
    ),
    Entry(
        "log-gloo-hostname-unresolvable",
        "error",
        "log",
        Text(
            "gloo could not find a local address for the hostname {hostname}",
            "gloo 找不到主机名 {hostname} 对应的本机地址",
        ),
        Text(
            "Make {hostname} resolve to this node's own IP (/etc/hosts or DNS; in a container, the host's "
            "hostname needs an entry), or set GLOO_SOCKET_IFNAME to the interface the nodes share.",
            "让 {hostname} 解析到本节点自己的 IP（/etc/hosts 或 DNS；容器中需要为宿主机主机名添加条目），"
            "或把 GLOO_SOCKET_IFNAME 设为节点间互通的网卡。",
        ),
    ),
    Entry(
        "log-ifname-missing",
        "error",
        "log",
        Text(
            "{var}={value} names no interface with an address on this node",
            "{var}={value} 在本节点上没有对应的带地址的网卡",
        ),
        Text(
            "Set {var} to an interface that exists and has an IP on every node (ip -br addr); names differ "
            "between machines and inside containers, so set it per node.",
            "把 {var} 设为每个节点上都存在且有 IP 的网卡（ip -br addr）；"
            "不同机器和容器内的网卡名可能不同，请按节点设置。",
        ),
    ),
    Entry(
        "log-ifname-wrong-syntax",
        "error",
        "log",
        Text(
            "{var}={value} uses NCCL's list syntax, which gloo does not read: gloo looked for an interface "
            "literally named {value}",
            "{var}={value} 使用了 NCCL 的列表语法，gloo 不支持：gloo 去找了一个名字就叫 {value} 的网卡",
        ),
        Text(
            "Give {var} one concrete interface name (e.g. eth0, or a comma list of names); keep '^' exclusions "
            "and '=' exact matches for NCCL_SOCKET_IFNAME only.",
            "给 {var} 一个具体的网卡名（如 eth0，或逗号分隔的网卡名）；'^' 排除和 '=' 精确匹配只用于 "
            "NCCL_SOCKET_IFNAME。",
        ),
    ),
    Entry(
        "log-rank-killed",
        "error",
        "log",
        Text("{who} was killed by {signal}", "{who} 被 {signal} 杀死"),
        Text(
            "SIGKILL: the OOM killer, the scheduler (a time or memory limit) or a user (dmesg, sacct, kubectl "
            "describe pod). SIGSEGV/SIGBUS: a crash in native code or a too-small /dev/shm. SIGABRT: usually torch "
            "aborting after an earlier error (often the NCCL watchdog): read the first error above it.",
            "SIGKILL：OOM killer、调度器（时间或内存上限）或用户所为（查看 dmesg、sacct、kubectl describe pod）。"
            "SIGSEGV/SIGBUS：本地代码崩溃或 /dev/shm 太小。SIGABRT：通常是 torch 在更早的错误之后主动中止"
            "（常见于 NCCL watchdog）：看它上面的第一个错误。",
        ),
    ),
    Entry(
        "log-rank-oom-killed",
        "error",
        "log",
        Text(
            "{who} was killed by the out-of-memory killer{detail}",
            "{who} 被 OOM killer（内存不足）杀死{detail}",
        ),
        Text(
            "The node or container ran out of host memory: raise the memory limit (Kubernetes resources.limits, "
            "Slurm --mem), use fewer DataLoader workers or ranks per node, and load checkpoints with mmap=True or "
            "on one rank at a time.",
            "节点或容器的主机内存耗尽：提高内存上限（Kubernetes resources.limits、Slurm --mem），"
            "减少 DataLoader worker 或每节点进程数，加载 checkpoint 时用 mmap=True 或逐个 rank 加载。",
        ),
    ),
    Entry(
        "log-master-addr-not-a-host",
        "error",
        "log",
        Text(
            "The ranks were given {addr}:{port}, an address no node can have (a netmask, broadcast, multicast, "
            "unspecified or 0.x.x.x address): MASTER_ADDR, or the address a framework passes on, holds the wrong value",
            "各 rank 拿到的地址 {addr}:{port} 不可能是任何节点的地址（子网掩码、广播、组播、未指定地址或 "
            "0.x.x.x 地址）：MASTER_ADDR 或框架传下去的地址的值不对",
        ),
        Text(
            "Set MASTER_ADDR to node_rank 0's own address on the network the nodes share (hostname -I on that node, "
            "or its name); a script that cuts it out of ip or ifconfig output may have taken the netmask or "
            "broadcast column. A host name of digits alone is read as an address (3472853 is 0.52.253.213): where "
            "the launcher takes the node's name (torchrun --standalone), give the address instead.",
            "把 MASTER_ADDR 设为 node_rank 0 在各节点共享网络上的地址（在该节点运行 hostname -I，或用它的主机名）；"
            "从 ip 或 ifconfig 输出中截取地址的脚本可能取成了子网掩码或广播地址那一列。"
            "只由数字组成的主机名会被当成地址（3472853 即 0.52.253.213）：启动器取节点名时（torchrun --standalone），"
            "请改为给出地址。",
        ),
    ),
    Entry(
        "log-gpu-out-of-memory",
        "error",
        "log",
        Text(
            "A rank ran out of GPU memory{detail}; the other ranks then wait for it in their next collective",
            "某个 rank 的 GPU 显存耗尽{detail}；其他 rank 随后会在下一个集合通信中一直等它",
        ),
        Text(
            "Run nvidia-smi on that node first: a process of an earlier run that never exited, or a second rank on "
            "the same GPU (select the device with LOCAL_RANK), holds memory this job counted on; end it. If the GPU "
            "was this rank's alone, lower the per-GPU batch size or sequence length, use activation checkpointing or "
            "sharding (FSDP, ZeRO), and where much memory is reserved but unallocated set "
            "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.",
            "先在该节点运行 nvidia-smi：上一次运行没有退出的进程，"
            "或同一块 GPU 上的第二个 rank（用 LOCAL_RANK 选择设备），占用了本作业需要的显存，请结束它。"
            "若这块 GPU 只属于这个 rank，请减小每卡 batch size 或序列长度，"
            "使用激活检查点或分片（FSDP、ZeRO）；若大量显存已保留但未分配，设置 "
            "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True。",
        ),
    ),
    Entry(
        "log-cuda-device-assert",
        "error",
        "log",
        Text(
            "A GPU kernel's own check failed on a rank{condition}: an index or a label out of range in that rank's "
            "data or model, not a fault of the cluster",
            "某个 rank 上 GPU kernel 自身的检查失败{condition}：该 rank 的数据或模型中有越界的索引或标签，"
            "不是集群的故障",
        ),
        Text(
            "Rerun that rank with CUDA_LAUNCH_BLOCKING=1 (or the same batch on CPU) to see the operation that "
            "failed, then check its inputs: class labels from 0 to num_classes - 1, token ids below the embedding's "
            "size, indices within the tensor. The other ranks then time out in their next collective: they are not "
            "the cause.",
            "用 CUDA_LAUNCH_BLOCKING=1 重新运行该 rank（或在 CPU 上跑同一个 batch），找出失败的算子，再检查它的输入："
            "类别标签在 0 到 num_classes - 1 之间，token id 小于 embedding 大小，索引不越出张量。"
            "其他 rank 随后会在下一个集合通信中超时：它们不是原因。",
        ),
    ),
    Entry(
        "log-no-gpu-visible",
        "error",
        "log",
        Text(
            "A rank's process sees no GPU{detail}",
            "某个 rank 的进程看不到任何 GPU{detail}",
        ),
        Text(
            "Check what the job's processes see: nvidia-smi -L and echo $CUDA_VISIBLE_DEVICES inside the job, on "
            "that node. Ask the scheduler for GPUs (Slurm --gpus-per-node or --gres=gpu:N; Kubernetes "
            "resources.limits nvidia.com/gpu with the NVIDIA runtime; docker run --gpus all); an empty "
            "CUDA_VISIBLE_DEVICES hides every GPU. On AMD GPUs: the amdgpu module loaded (rocm-smi), /dev/kfd and "
            "/dev/dri passed into the container (--device), the user in the render and video groups, and "
            "HIP_VISIBLE_DEVICES.",
            "在该节点的作业内部检查进程能看到什么：nvidia-smi -L 和 echo $CUDA_VISIBLE_DEVICES。"
            "向调度器申请 GPU（Slurm --gpus-per-node 或 --gres=gpu:N；Kubernetes 用 NVIDIA 运行时并设置 "
            "resources.limits nvidia.com/gpu；docker run --gpus all）；CUDA_VISIBLE_DEVICES 为空会隐藏所有 GPU。"
            "AMD GPU 上：amdgpu 模块已加载（rocm-smi），/dev/kfd 和 /dev/dri 已传入容器（--device），用户属于 render "
            "和 video 组，并检查 HIP_VISIBLE_DEVICES。",
        ),
    ),
    Entry(
        "log-torch-cpu-build",
        "error",
        "log",
        Text(
            "This torch is a CPU-only build, and the script asks for a GPU",
            "这个 torch 是仅支持 CPU 的版本，而脚本需要 GPU",
        ),
        Text(
            "Install a CUDA build of the same torch version in the job's environment (pip install torch "
            "--index-url https://download.pytorch.org/whl/cu126, matching your driver), and check that every node "
            "runs that environment: python -c 'import torch; print(torch.version.cuda)' must not print None.",
            "在作业环境中安装同一版本 torch 的 CUDA 版本（pip install torch "
            "--index-url https://download.pytorch.org/whl/cu126，与驱动匹配），并确认每个节点都使用该环境："
            "python -c 'import torch; print(torch.version.cuda)' 不能输出 None。",
        ),
    ),
    Entry(
        "log-nccl-ofi-no-efa",
        "error",
        "log",
        Text(
            "The AWS OFI network plugin found no network it could use ({detail}): no EFA device, or no libfabric "
            "provider that meets its needs",
            "AWS OFI 网络插件找不到可用的网络（{detail}）：没有 EFA 设备，或没有满足其要求的 libfabric provider",
        ),
        Text(
            "On AWS, give the job the EFA devices: on EKS request vpc.amazonaws.com/efa (the EFA device plugin) and "
            "run the pod with them; in Docker pass each /dev/infiniband/uverbs* with --device; check with fi_info -p "
            "efa inside the container. On another fabric (HPE Slingshot's cxi, verbs), fi_info -p <provider> inside "
            "the job must list its NICs, and the plugin must be a release made for that provider: one built for "
            "another fabric can ask for modes the provider refuses. Without such a fabric, set NCCL_NET=Socket (or "
            "remove the plugin) to say so.",
            "在 AWS 上，把 EFA 设备交给作业：在 EKS 上申请 vpc.amazonaws.com/efa（EFA 设备插件）并让 pod 使用它们；"
            "Docker 中用 --device 传入每个 /dev/infiniband/uverbs*；在容器内用 fi_info -p efa 检查。在其他网络"
            "（HPE Slingshot 的 cxi、verbs）上，作业内的 fi_info -p <provider> 必须列出其网卡，且插件必须是为该 "
            "provider 构建的版本：为其他网络构建的版本可能要求该 provider 不支持的模式。没有这类网络时，设置 "
            "NCCL_NET=Socket（或移除该插件）明确说明。",
        ),
        variants=(
            Variant(
                "fell-back",
                "warning",
                "the log shows NCCL going on over its TCP sockets (the job runs, several times slower than on EFA), "
                "or the process going on past the plugin's failure without one of its own (a job on one host)",
            ),
        ),
    ),
    Entry(
        "log-slingshot-sockets",
        "error",
        "log",
        Text(
            "NCCL sends over TCP sockets on HPE Slingshot ({interfaces}): no OFI network plugin took the fabric",
            "NCCL 在 HPE Slingshot 上走 TCP socket（{interfaces}）：没有 OFI 网络插件接管该网络",
        ),
        Text(
            "NCCL and RCCL reach Slingshot's RDMA only through the aws-ofi-nccl plugin (aws-ofi-rccl for RCCL) over "
            "libfabric's cxi provider: load the site's build of it on every node (its module, or LD_LIBRARY_PATH to "
            "its libnccl-net.so, librccl-net.so for RCCL), then NCCL_DEBUG=INFO shows NET/OFI lines where it showed "
            "NET/Socket. Sockets over hsn run slowly at best, and fail where those interfaces do not reach each other.",
            "NCCL 和 RCCL 只能通过 aws-ofi-nccl 插件（RCCL 用 aws-ofi-rccl）经 libfabric 的 cxi provider 使用 "
            "Slingshot 的 RDMA：在每个节点上加载站点为它构建的版本（对应的 module，或把其 libnccl-net.so、RCCL 的 "
            "librccl-net.so 所在目录加入 LD_LIBRARY_PATH），之后 NCCL_DEBUG=INFO 会显示 NET/OFI 而不是 NET/Socket 的"
            "行。经 hsn 走 socket 最好的情况也很慢，这些接口彼此不通时则会失败。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: the job runs over sockets, many times slower than over the fabric",
            ),
        ),
    ),
    Entry(
        "log-nccl-net-plugin-missing",
        "error",
        "log",
        Text(
            "NCCL did not find the network plugin it was told to load (it looked for {names}) and fell back to its "
            "own transports",
            "NCCL 没有找到要加载的网络插件（它查找了 {names}），退回到了自带的传输方式",
        ),
        Text(
            "NCCL_NET_PLUGIN names the plugin NCCL opens as libnccl-net-NAME.so from the library path: set it to the "
            "name or the full path of the plugin this node has (look in the plugin's lib directory, or the "
            "container's), add that directory to LD_LIBRARY_PATH, or unset it. With NCCL_NET set to the plugin's "
            "network ('AWS Libfabric', 'OFI', ...), NCCL then fails; without it, it runs slower over sockets or IB.",
            "NCCL_NET_PLUGIN 指定的插件，NCCL 会在库路径中以 libnccl-net-NAME.so 打开：把它设为本节点实际拥有的插件的"
            "名称或完整路径（查看插件或容器的 lib 目录），把该目录加入 LD_LIBRARY_PATH，或取消设置。若 NCCL_NET 设为"
            "该插件的网络（'AWS Libfabric'、'OFI' 等），NCCL 随后会失败；否则它会改用 socket 或 IB，速度更慢。",
        ),
        variants=(
            Variant(
                "no-failure", "warning", "the log shows no failure: the job may run, slower, on NCCL's own transports"
            ),
        ),
    ),
    Entry(
        "log-nccl-net-unavailable",
        "error",
        "log",
        Text(
            "NCCL could not start the network it was told to use{detail}: NCCL_NET names a network this node lacks",
            "NCCL 无法启动指定的网络{detail}：NCCL_NET 指定了本节点没有的网络",
        ),
        Text(
            "Unset NCCL_NET and let NCCL choose (InfiniBand where its devices work, else sockets), or make the named "
            "network usable on every node: for IB, ibv_devinfo inside the container must list the HCAs (pass "
            "/dev/infiniband, load the RDMA driver); for a plugin such as AWS Libfabric (EFA), the plugin's "
            "libnccl-net.so (aws-ofi-nccl) must be on LD_LIBRARY_PATH or named by NCCL_NET_PLUGIN. "
            "NCCL_NET may come from the image rather than the job: /etc/nccl.conf, ~/.nccl.conf, the container's "
            "ENV, or /etc/profile.d, which only login shells (bash -l) read; print it in the job's own shell. A "
            "vendor's plugin for a fabric this node lacks (found on the library path or in the ldconfig cache) is "
            "kept out with NCCL_NET_PLUGIN=none. NCCL_DEBUG_SUBSYS=INIT,NET shows which plugins loaded.",
            "取消 NCCL_NET，让 NCCL 自行选择（InfiniBand 设备可用时用 IB，否则用 socket），"
            "或让每个节点都具备所指定的网络："
            "IB 需要容器内 ibv_devinfo 能列出 HCA（传入 /dev/infiniband，加载 RDMA 驱动）；AWS Libfabric（EFA）等插件"
            "需要其 libnccl-net.so（aws-ofi-nccl）在 LD_LIBRARY_PATH 上或由 NCCL_NET_PLUGIN 指定。"
            "NCCL_NET 可能来自镜像而非作业：/etc/nccl.conf、~/.nccl.conf、容器的 ENV，"
            "或只有登录 shell（bash -l）才读取的 /etc/profile.d；在作业自己的 shell 中打印它。"
            "厂商为本节点没有的网络提供的插件（位于库路径或 ldconfig 缓存中）可用 NCCL_NET_PLUGIN=none 排除。"
            "NCCL_DEBUG_SUBSYS=INIT,NET 会显示加载了哪些插件。",
        ),
    ),
    Entry(
        "log-rank-late",
        "error",
        "log",
        Text(
            "Rank {ranks} never joined {op}, which the other ranks timed out in; its last output: {last}",
            "rank {ranks} 始终没有进入 {op}，其他 rank 在其中超时；它最后的输出：{last}",
        ),
        Text(
            "Look at what that rank was doing (its last output, distdoctor dump while it hangs): rank-dependent "
            "work before the collective (rank 0 alone saving a checkpoint, evaluating or building a cache), a slow "
            "data loader, or a rank that died without a message. Work that is slow by design needs a longer "
            "init_process_group(timeout=...) than it takes.",
            "查看该 rank 当时在做什么（它最后的输出；卡住时运行 distdoctor dump）：集合通信之前与 rank 相关的额外工作"
            "（只有 rank 0 在保存检查点、评估或构建缓存）、缓慢的数据加载，或者一个没有留下信息就退出的 rank。"
            "本来就慢的工作需要比它更长的 init_process_group(timeout=...)。",
        ),
    ),
    Entry(
        "log-rank-busy-elsewhere",
        "error",
        "log",
        Text(
            "Rank {ranks} waited {elapsed} ms in a one-element {op} (a barrier or a metric all_reduce) for a rank "
            "that was busy elsewhere or had run out of data",
            "rank {ranks} 在只有一个元素的 {op}（barrier 或指标 all_reduce）中等了 {elapsed} ms，"
            "等待的 rank 正忙于别的事情，或已经没有数据了",
        ),
        Text(
            "Find work only some ranks do before that collective (rank-0-only saving, evaluation or logging; an "
            "extra barrier inside 'if rank == 0'), or data that gives the ranks different numbers of batches (uneven "
            "eval shards, an IterableDataset not split evenly across ranks): the rank whose data ends first leaves "
            "the loop. Give every rank the same calls and the same number of batches (DistributedSampler, "
            "drop_last=True, or DDP's join() for uneven inputs), or raise init_process_group(timeout=...) for long "
            "rank-0 work.",
            "找出在该集合通信之前只有部分 rank 在做的工作（仅 rank 0 的保存、评估或日志；写在 'if rank == 0' 里的"
            "额外 barrier），或让各 rank 批次数不同的数据（不均匀的评估分片、没有在各 rank 间均匀切分的 "
            "IterableDataset）：数据先用完的 rank 会先离开循环。让每个 rank 调用相同的集合通信、处理相同数量的批次"
            "（DistributedSampler、drop_last=True，或用 DDP 的 join() 处理不均匀输入），或为较长的 rank 0 工作调大 "
            "init_process_group(timeout=...)。",
        ),
    ),
    Entry(
        "log-peer-closed",
        "error",
        "log",
        Text(
            "A peer closed its connection: it exited or crashed first ({detail})",
            "对端关闭了连接：它先退出或崩溃了（{detail}）",
        ),
        Text(
            "This rank is a casualty: read the log of the peer (the address named) for the first error.",
            "本 rank 只是受害者：查看该对端（日志中给出的地址）的日志，找最早的错误。",
        ),
    ),
    Entry(
        "log-store-timeout",
        "error",
        "log",
        Text(
            "A wait on the c10d store timed out{detail}: some rank never reached the same point",
            "等待 c10d store 超时{detail}：有 rank 始终没有走到同一个地方",
        ),
        Text(
            "That rank was busy past the timeout (loading, preprocessing or evaluating where the others did not), "
            "died, or took another path: read the other ranks' logs for an earlier error or their last step. Every "
            "rank must call init_process_group and new_group with the same arguments, in the same order; work that "
            "keeps some ranks longer belongs before the group's setup or under a longer timeout.",
            "那个 rank 忙于其他工作而超过了超时（加载、预处理或评估只在部分 rank 上做）、已经退出，或走了另一条路径："
            "查看其他 rank 的日志中更早的错误或最后一步。所有 rank 必须以相同的参数、相同的顺序调用 "
            "init_process_group 和 new_group；让部分 rank 耗时更久的工作应放在建立进程组之前，或使用更长的超时。",
        ),
    ),
    Entry(
        "log-nccl-setup-unfinished",
        "error",
        "log",
        Text(
            "NCCL's setup never finished in this log: no rank printed 'Init COMPLETE', and the log ends in its "
            "{stage} step ({last})",
            "日志中 NCCL 的初始化没有完成：没有任何 rank 打印 'Init COMPLETE'，日志停在它的 {stage} 步骤（{last}）",
        ),
        Text(
            "If the job hung there, run distdoctor dump on its nodes to see where each rank waits, and distdoctor "
            "check on every node. Where NCCL stops says what to suspect: in its bootstrap, the TCP connections between "
            "the ranks (a firewall or security software, or NCCL_SOCKET_IFNAME naming an interface the others cannot "
            "reach); after it lists rings or channels, the links between GPUs (in one host the PCIe peer path, which "
            "an IOMMU or ACS breaks: NCCL_P2P_DISABLE=1 tells); in its NVLS steps (multicast groups, 'NVLS Bind'), "
            "NVLink SHARP over the NVSwitches (the fabric manager must run, matching the driver: "
            "NCCL_NVLS_ENABLE=0 tells); after its 'via' lines, the first transfers on them.",
            "如果作业卡在这里，在各节点运行 distdoctor dump 查看每个 rank 在等什么，并在每个节点运行 distdoctor "
            "check。NCCL 停在哪一步说明该怀疑什么：停在 bootstrap，是 rank 之间的 TCP 连接（防火墙或安全软件，或 "
            "NCCL_SOCKET_IFNAME 指向了其他节点到不了的网卡）；列出 ring 或 channel 之后，是 GPU 之间的链路"
            "（同一主机内是 PCIe 点对点通路，IOMMU 或 ACS 会破坏它：设 NCCL_P2P_DISABLE=1 可以验证）；停在 NVLS "
            "步骤（multicast group、'NVLS Bind'），是经由 NVSwitch 的 NVLink SHARP（fabric manager 必须在运行且与驱动"
            "版本一致：设 NCCL_NVLS_ENABLE=0 可以验证）；打印 'via' 行之后，是在这些链路上的首次传输。",
        ),
    ),
    Entry(
        "log-ddp-unused-parameters",
        "error",
        "log",
        Text(
            "DistributedDataParallel found parameters that got no gradient in the last iteration",
            "DistributedDataParallel 发现上一次迭代中有参数没有得到梯度",
        ),
        Text(
            "Make every parameter take part in the loss on every rank and iteration (look for a layer or branch used "
            "only sometimes), or pass find_unused_parameters=True to DistributedDataParallel; "
            "TORCH_DISTRIBUTED_DEBUG=DETAIL names the parameters.",
            "让每个参数在每个 rank、每次迭代都参与计算 loss（检查只在部分情况下使用的层或分支），"
            "或给 DistributedDataParallel 传 find_unused_parameters=True；"
            "设 TORCH_DISTRIBUTED_DEBUG=DETAIL 可列出这些参数。",
        ),
    ),
    Entry(
        "log-torch-without-nccl",
        "error",
        "log",
        Text(
            "The job asked for backend nccl from a torch built without NCCL (a CPU-only build, or one for Windows or "
            "macOS)",
            "作业要求 nccl 后端，但这个 torch 没有编译 NCCL（仅 CPU 的版本，或 Windows、macOS 版本）",
        ),
        Text(
            "Install a CUDA build of torch on that node (torch.cuda.is_available() and "
            "torch.distributed.is_nccl_available() then say True); or use backend gloo where no GPU is meant to run.",
            "在该节点安装带 CUDA 的 torch（之后 torch.cuda.is_available() 和 torch.distributed.is_nccl_available() "
            "都应为 True）；如果本来就不打算用 GPU，改用 gloo 后端。",
        ),
    ),
    Entry(
        "log-pg-initialized-twice",
        "error",
        "log",
        Text(
            "init_process_group ran a second time in one process: something had already set up its process group",
            "init_process_group 在同一进程中被第二次调用：之前已有代码建立了它的进程组",
        ),
        Text(
            "Call it once per process: a framework may already have done it (accelerate, Lightning, "
            "deepspeed.init_distributed, a trainer's setup), or the script reaches its own call twice. Guard the call "
            "with if not torch.distributed.is_initialized(), or leave it to the framework.",
            "每个进程只调用一次：框架可能已经调用过（accelerate、Lightning、deepspeed.init_distributed、trainer 的"
            "初始化），或脚本两次走到了自己的调用处。用 if not torch.distributed.is_initialized() 保护这次调用，"
            "或交给框架去做。",
        ),
    ),
    Entry(
        "log-init-method-invalid",
        "error",
        "log",
        Text(
            "init_method names a rendezvous torch does not know ({scheme}://)",
            "init_method 指定了 torch 不认识的 rendezvous（{scheme}://）",
        ),
        Text(
            "Give init_method one of env:// (with MASTER_ADDR and MASTER_PORT set), tcp://HOST:PORT or "
            "file:///a/path/every/rank/sees; a URL without its scheme (HOST:PORT) or with a misspelt one lands here.",
            "init_method 只能是 env://（同时设置 MASTER_ADDR 和 MASTER_PORT）、tcp://HOST:PORT 或 "
            "file:///所有 rank 都能访问的路径；缺少协议前缀（HOST:PORT）或拼错协议都会出现这个错误。",
        ),
    ),
    Entry(
        "log-pg-not-initialized",
        "error",
        "log",
        Text(
            "A process called torch.distributed before init_process_group ran in it",
            "有进程在调用 init_process_group 之前就使用了 torch.distributed",
        ),
        Text(
            "Call torch.distributed.init_process_group in every process before any collective or get_rank, including "
            "processes your script starts itself (mp.spawn children), or guard the call with "
            "torch.distributed.is_initialized().",
            "在每个进程中先调用 torch.distributed.init_process_group，再做任何集合通信或 get_rank，"
            "包括脚本自己启动的进程（mp.spawn 的子进程）；或用 torch.distributed.is_initialized() 判断后再调用。",
        ),
    ),
    Entry(
        "log-store-libuv-missing",
        "error",
        "log",
        Text(
            "torch asked for its libuv TCPStore, which this torch build lacks (the Windows wheels since torch 2.4)",
            "torch 要使用 libuv 版的 TCPStore，但这个 torch 构建不包含它（torch 2.4 起的 Windows 版本）",
        ),
        Text(
            "Set USE_LIBUV=0 in the environment of the launcher and of every rank (torchrun and init_process_group "
            "read it), or add ?use_libuv=False to an env:// or tcp:// init_method; run multi-node jobs on Linux.",
            "在启动器和每个 rank 的环境中设置 USE_LIBUV=0（torchrun 和 init_process_group 都会读取它），"
            "或在 env:// 或 tcp:// 的 init_method 后加上 ?use_libuv=False；多节点作业请在 Linux 上运行。",
        ),
    ),
    Entry(
        "log-store-reverse-dns-slow",
        "error",
        "log",
        Text(
            "Every connection to the store waited for a reverse DNS lookup that failed ({count} time(s), {apart} s "
            "apart; getnameinfo {err}): the rendezvous crawls",
            "每个连到 store 的连接都在等待一次失败的反向 DNS 查询（{count} 次，间隔 {apart} 秒；getnameinfo {err}）："
            "rendezvous 因此极慢",
        ),
        Text(
            "Make each node's address resolve back to its name quickly on the node that runs the store: list every "
            "node in /etc/hosts, or fix the DNS server in /etc/resolv.conf; torch 2.9 and later stop asking after the "
            "first failure.",
            "让运行 store 的节点能快速把各节点的地址反查成主机名：在 /etc/hosts 中列出所有节点，或修正 "
            "/etc/resolv.conf 中的 DNS 服务器；torch 2.9 及以后的版本在第一次失败后就不再查询。",
        ),
    ),
    Entry(
        "log-nccl-connect-retrying",
        "warning",
        "log",
        Text(
            "NCCL's connections{to} were refused and retried ({count} line(s)): no process listened at that address",
            "NCCL 的连接{to}被拒绝并在重试（{count} 行）：该地址上没有进程在监听",
        ),
        Text(
            "Refused means a host answered but nothing listened on that port: the rank there (or NCCL's bootstrap "
            "root) had exited, had not started, or belongs to another job. Start every rank of one job with one world "
            "size and distinct ranks (torchrun's --nnodes and --node_rank, or the framework's world-size and rank "
            "flags on each node), read the log of a rank that exited first, and where NCCL_COMM_ID is set, point it "
            "at this job's rank 0.",
            "连接被拒绝说明对方主机有应答，但那个端口上没有进程监听：那里的 rank（或 NCCL 的 bootstrap root）"
            "已经退出、还没有启动，或属于另一个作业。让同一作业的所有 rank 使用相同的 world size 和互不相同的 rank"
            "（torchrun 的 --nnodes 和 --node_rank，或框架在每个节点上的 world size 和 rank 参数），"
            "查看先退出的 rank 的日志；若设置了 NCCL_COMM_ID，让它指向本作业的 rank 0。",
        ),
        variants=(
            Variant(
                "repeated",
                "error",
                "the log shows the refusals go on (three lines or more: NCCL before 2.19 prints one per 1000 refused "
                "attempts), so the peer is not about to listen",
            ),
        ),
    ),
    Entry(
        "log-shm-container-default",
        "error",
        "log",
        Text(
            "/dev/shm holds only {size} ({who} says so): a container's default, too small for NCCL's shared memory "
            "between GPUs and for DataLoader workers",
            "/dev/shm 只有 {size}（{who} 的提示）：这是容器的默认大小，对 GPU 间 NCCL 的共享内存和 DataLoader "
            "worker 都太小",
        ),
        Text(
            "Give the container a larger /dev/shm: docker run --shm-size=8g (or --ipc=host); in Kubernetes mount an "
            "emptyDir with medium: Memory at /dev/shm.",
            "给容器更大的 /dev/shm：docker run --shm-size=8g（或 --ipc=host）；Kubernetes 中在 /dev/shm 挂载 "
            "medium: Memory 的 emptyDir。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows the small /dev/shm but no failure: a job on one GPU per container runs",
            ),
        ),
    ),
    Entry(
        "log-ranks-not-loaded",
        "error",
        "log",
        Text(
            "TP rank {rank} loaded the model, but other ranks of its group did not within sglang's load barrier",
            "TP rank {rank} 已加载完模型，但同组的其他 rank 没有在 sglang 的加载屏障时限内完成",
        ),
        Text(
            "Find the ranks that did not finish: one that died while loading (the OOM killer: dmesg, or its own "
            "log) or a slow node (weights read from a cold network file system). Copy or pre-read the weights to "
            "local disk, or raise the barrier's timeout (UNBALANCED_MODEL_LOADING_TIMEOUT_S, a fixed 480 s in the "
            "releases that hard-code it) where loading is slow by design.",
            "找出没有完成加载的 rank：加载时退出的 rank（OOM killer：查看 dmesg 或它自己的日志），或较慢的节点"
            "（从冷的网络文件系统读取权重）。把权重复制或预读到本地磁盘；若加载本来就慢，调大该屏障的超时"
            "（UNBALANCED_MODEL_LOADING_TIMEOUT_S，在写死它的版本中为 480 秒）。",
        ),
    ),
    Entry(
        "log-gpu-hardware-fault",
        "error",
        "log",
        Text(
            "A GPU reported a hardware fault{detail}: every rank on it fails, and the others then wait for it",
            "某块 GPU 报告了硬件故障{detail}：它上面的 rank 都会失败，其他 rank 随后会一直等它",
        ),
        Text(
            "On that node, nvidia-smi -q -d ECC,ROW_REMAPPER and dmesg | grep -i xid show the fault and the GPU. "
            "Take the node out of the job (Slurm: scontrol update nodename=<node> state=drain reason=gpu; "
            "Kubernetes: kubectl cordon), reset the GPU (nvidia-smi -r) or reboot the node, and relaunch on "
            "healthy nodes; a fault that comes back means the GPU or its link needs replacing.",
            "在该节点上，nvidia-smi -q -d ECC,ROW_REMAPPER 和 dmesg | grep -i xid 会显示故障及对应的 GPU。"
            "把该节点移出作业（Slurm：scontrol update nodename=<node> state=drain reason=gpu；"
            "Kubernetes：kubectl cordon），重置 GPU（nvidia-smi -r）或重启节点，然后在健康的节点上重新启动；"
            "若故障反复出现，说明这块 GPU 或其链路需要更换。",
        ),
    ),
    Entry(
        "log-gpu-arch-unsupported",
        "error",
        "log",
        Text(
            "{who} has no GPU code for this GPU's architecture{detail}",
            "{who} 不包含适用于这块 GPU 架构的代码{detail}",
        ),
        Text(
            "Install a build made for this GPU on every node: a torch wheel of a CUDA release that supports it "
            "(pip install torch --index-url https://download.pytorch.org/whl/cu128 for Blackwell, cu118 or later "
            "for Hopper), which brings an NCCL that supports it too; for NCCL, nccl-tests or extensions built from "
            "source, add the GPU's architecture (NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90, or "
            "TORCH_CUDA_ARCH_LIST=9.0) and rebuild.",
            "在每个节点上安装为这块 GPU 构建的版本：选择支持它的 CUDA 版本的 torch wheel"
            "（Blackwell 用 pip install torch --index-url https://download.pytorch.org/whl/cu128，Hopper 用 cu118 "
            "或更新），它自带的 NCCL 也支持该 GPU；对于从源码构建的 NCCL、nccl-tests 或扩展，加入该 GPU 的架构"
            "（NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90，或 TORCH_CUDA_ARCH_LIST=9.0）后重新构建。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "torch's warning, with no failure in the log: code compiled for an older architecture (PTX) may "
                "still run",
            ),
        ),
    ),
    Entry(
        "log-dataloader-timeout",
        "error",
        "log",
        Text(
            "A DataLoader waited longer than its timeout for a batch{detail}: the data pipeline stalled",
            "DataLoader 等待一个 batch 的时间超过了它的超时{detail}：数据管道卡住了",
        ),
        Text(
            "Find what the workers wait on: py-spy dump --pid <worker pid> (or distdoctor dump) shows it, often a "
            "slow or hung network file system, a lock taken before the fork, or a worker out of memory. Lower "
            "num_workers, copy the data to local disk, and raise DataLoader(timeout=...) only for a pipeline that "
            "is slow by design; the other ranks wait for this one in their next collective.",
            "找出 worker 在等什么：py-spy dump --pid <worker pid>（或 distdoctor dump）可以看到，常见的是缓慢或"
            "卡住的网络文件系统、fork 之前已持有的锁，或内存不足的 worker。减小 num_workers，把数据复制到本地磁盘；"
            "只有数据管道本来就慢时才调大 DataLoader(timeout=...)；其他 rank 会在下一个集合通信中等待这个 rank。",
        ),
    ),
    Entry(
        "log-dataloader-worker-died",
        "error",
        "log",
        Text(
            "A DataLoader worker process died{detail}, and its rank with it",
            "一个 DataLoader worker 进程退出了{detail}，它所在的 rank 也随之失败",
        ),
        Text(
            "The worker's own error is above this line, or nowhere when the kernel killed it: check df -h /dev/shm "
            "(a container's 64 MiB is too small: --shm-size=8g or --ipc=host) and dmesg for the OOM killer; rerun "
            "with num_workers=0 to see an error in the dataset's code in the main process.",
            "worker 自己的错误在这一行之上；若它是被内核杀死的，则日志中没有：检查 df -h /dev/shm（容器默认的 "
            "64 MiB 太小：--shm-size=8g 或 --ipc=host），并在 dmesg 中查看 OOM killer；用 num_workers=0 重新运行，"
            "可以在主进程中看到数据集代码的错误。",
        ),
    ),
    Entry(
        "log-ddp-model-differs",
        "error",
        "log",
        Text(
            "The ranks built different models{detail}: DDP checks that every rank holds the same parameters",
            "各 rank 构建的模型不同{detail}：DDP 会检查每个 rank 的参数是否一致",
        ),
        Text(
            "Run the same code, config and checkpoint on every node (compare git rev-parse HEAD, pip freeze and the "
            "config file across nodes; a node with a stale copy is the usual cause), and build the model the same way "
            "on every rank: no layers that depend on the rank, on the GPU found, or on a file only one node has.",
            "在每个节点上运行相同的代码、配置和检查点（比较各节点的 git rev-parse HEAD、pip freeze 和配置文件；"
            "常见原因是某个节点上的副本过旧），并在每个 rank 上以相同方式构建模型：不要有依赖 rank、"
            "所检测到的 GPU 或只有某个节点才有的文件的层。",
        ),
    ),
    Entry(
        "log-ib-hca-fatal",
        "error",
        "log",
        Text(
            "The RDMA device {dev} reported a fatal error (local catastrophic error): NCCL cannot use it until it is "
            "reset",
            "RDMA 设备 {dev} 报告了致命错误（local catastrophic error）：在重置之前 NCCL 无法使用它",
        ),
        Text(
            "On that node, dmesg | grep -i mlx5 says why (firmware, PCIe, temperature). Take the node out of the job, "
            "reset the HCA (mlxfwreset, or reboot the node) and relaunch; to run on it meanwhile, leave the device out "
            "with NCCL_IB_HCA=^<device>.",
            "在该节点上，dmesg | grep -i mlx5 会说明原因（固件、PCIe、温度）。把该节点移出作业，重置 HCA"
            "（mlxfwreset 或重启节点）后重新启动；若暂时仍要使用该节点，用 NCCL_IB_HCA=^<device> 排除这个设备。",
        ),
    ),
    Entry(
        "log-roce-gid-changed",
        "warning",
        "log",
        Text(
            "The GID table of the RDMA port {dev} changed while the job ran: an address on its network interface was "
            "added or removed",
            "作业运行期间 RDMA 端口 {dev} 的 GID 表发生了变化：其网络接口上有地址被添加或删除",
        ),
        Text(
            "A RoCE GID is an IP address of the port's network interface: a DHCP renewal, NetworkManager or a "
            "container network plugin changing that address moves or removes the GID NCCL's connections use, and "
            "their traffic then fails (retry count exceeded). Give the RoCE interfaces static addresses that nothing "
            "changes during jobs, set NCCL_IB_GID_INDEX to the RoCE v2 IPv4 GID's index (show_gids) on every node, and "
            "name the compute HCAs exactly (NCCL_IB_HCA==mlx5_0,mlx5_1,...): a prefix that also matches another "
            "network's devices (storage SR-IOV functions) brings their address changes into the job.",
            "RoCE 的 GID 就是该端口网络接口上的 IP 地址：DHCP 续租、NetworkManager 或容器网络插件修改该地址，"
            "会移动或删除 NCCL 连接所用的 GID，这些连接的传输随之失败（retry count exceeded）。给 RoCE 接口配置"
            "作业期间不会被修改的静态地址，在每个节点上把 NCCL_IB_GID_INDEX 设为 RoCE v2 IPv4 GID 的索引"
            "（show_gids），并精确指定计算网络的 HCA（NCCL_IB_HCA==mlx5_0,mlx5_1,...）：同时匹配到其他网络设备"
            "（存储网的 SR-IOV 功能）的前缀会把它们的地址变化带进作业。",
        ),
        variants=(
            Variant(
                "rdma-failed",
                "error",
                "the same log shows RDMA transfers failing: a GID that moved takes its connections down",
            ),
        ),
    ),
    Entry(
        "log-roce-gid-type-unreadable",
        "error",
        "log",
        Text(
            "NCCL could not read a RoCE GID's type from sysfs ({error}) while it chose the GID index itself",
            "NCCL 自行选择 GID 索引时，无法从 sysfs 读取某个 RoCE GID 的类型（{error}）",
        ),
        Text(
            "NCCL 2.21 to 2.25 stop at the first GID whose type file (/sys/class/infiniband/<hca>/ports/<port>/"
            "gid_attrs/types/<index>) cannot be read, as in a container that sees only some of the port's GIDs. Set "
            "NCCL_IB_GID_INDEX to the RoCE v2 GID's index (show_gids on the host) so NCCL does not probe the table, "
            "or use NCCL 2.26 or later, which skips the GIDs a container cannot read.",
            "NCCL 2.21 到 2.25 在遇到第一个无法读取类型文件（/sys/class/infiniband/<hca>/ports/<port>/gid_attrs/"
            "types/<index>）的 GID 时就会停止，例如容器只能看到端口的部分 GID 时。把 NCCL_IB_GID_INDEX 设为 "
            "RoCE v2 GID 的索引（在宿主机上运行 show_gids），让 NCCL 不再探测整个表；或使用 NCCL 2.26 及以后"
            "的版本，它会跳过容器读不到的 GID。",
        ),
    ),
    Entry(
        "log-nvml-missing",
        "error",
        "log",
        Text(
            "NVML's library (libnvidia-ml.so.1) could not be loaded{detail}: it comes with the GPU driver, and this "
            "process does not see it",
            "无法加载 NVML 的库（libnvidia-ml.so.1）{detail}：它随 GPU 驱动提供，而本进程看不到它",
        ),
        Text(
            "In a container the NVIDIA runtime mounts NVML only with the utility capability: run with "
            "NVIDIA_DRIVER_CAPABILITIES=compute,utility (or all; docker --gpus all sets it). On a host, install the "
            "driver's utility libraries of the same release as its kernel module, and run ldconfig.",
            "在容器中，NVIDIA 运行时只有在启用 utility 能力时才会挂载 NVML：用 NVIDIA_DRIVER_CAPABILITIES="
            "compute,utility（或 all；docker --gpus all 会设置它）启动。在宿主机上，安装与内核模块版本相同的驱动 "
            "utility 库，并运行 ldconfig。",
        ),
    ),
    Entry(
        "log-cuda-init-failed",
        "error",
        "log",
        Text(
            "CUDA could not start in a rank's process ({error}), so torch counted no GPU there",
            "某个 rank 的进程中 CUDA 无法启动（{error}），因此 torch 在那里一块 GPU 也没有找到",
        ),
        Text(
            "Run nvidia-smi and python -c 'import torch; print(torch.cuda.is_available())' on that node, in the job's "
            "environment. CUDA's unknown error at start mostly means the nvidia_uvm module or its /dev/nvidia-uvm "
            "node is missing: sudo modprobe nvidia_uvm (the nvidia-modprobe package creates the node for users), or "
            "reboot after a suspend or a driver update. In a container, restart it: a systemd reload can take its "
            "device access away.",
            "在该节点上、在作业的环境中运行 nvidia-smi 和 python -c 'import torch; print(torch.cuda.is_available())'。"
            "CUDA 启动时的 unknown error 多半说明 nvidia_uvm 模块或其 /dev/nvidia-uvm 设备节点不存在：执行 sudo "
            "modprobe nvidia_uvm（nvidia-modprobe 软件包会为普通用户创建该节点），或在休眠唤醒、驱动更新之后重启。"
            "在容器中则重启容器：systemd 重新加载可能会收回它的设备访问权限。",
        ),
    ),
    Entry(
        "log-cuda-forward-compat",
        "error",
        "log",
        Text(
            "CUDA's forward-compatibility libraries were loaded on a GPU or driver that does not support them "
            "(forward compatibility was attempted on non supported HW)",
            "在不支持前向兼容的 GPU 或驱动上加载了 CUDA 的前向兼容库（forward compatibility was attempted on non "
            "supported HW）",
        ),
        Text(
            "Forward compatibility (the cuda-compat libraries, /usr/local/cuda/compat in NVIDIA's images) works only "
            "on data-center GPUs with a supported driver branch. Use an image whose CUDA the host's driver supports "
            "itself (the CUDA Version nvidia-smi prints), or take the compat directory out of LD_LIBRARY_PATH and "
            "ld.so.conf so the host driver's libcuda is used.",
            "前向兼容（cuda-compat 库，NVIDIA 镜像中的 /usr/local/cuda/compat）只在数据中心 GPU 和受支持的驱动分支"
            "上可用。请使用宿主机驱动本身就支持其 CUDA 版本的镜像（nvidia-smi 显示的 CUDA Version），或把 compat "
            "目录从 LD_LIBRARY_PATH 和 ld.so.conf 中去掉，使用宿主机驱动自带的 libcuda。",
        ),
    ),
    Entry(
        "log-ib-link-layer-mixed",
        "error",
        "log",
        Text(
            "NCCL uses RDMA ports of different link layers ({detail}): InfiniBand and RoCE ports cannot reach each "
            "other",
            "NCCL 使用了不同链路层的 RDMA 端口（{detail}）：InfiniBand 端口和 RoCE 端口之间无法互通",
        ),
        Text(
            "Give NCCL ports of one link layer, the same on every node: NCCL_IB_HCA=<the InfiniBand devices> (or the "
            "RoCE ones); ibv_devinfo shows each port's link_layer, and distdoctor check lists them per node. A RoCE "
            "port of a storage or management network is the usual stray one.",
            "只给 NCCL 同一种链路层的端口，并在每个节点上保持一致：NCCL_IB_HCA=<InfiniBand 设备>（或 RoCE 设备）；"
            "ibv_devinfo 会显示每个端口的 link_layer，distdoctor check 会按节点列出。"
            "常见的多余端口是存储网或管理网上的 RoCE 网卡。",
        ),
    ),
    Entry(
        "log-ib-ports-mixed",
        "warning",
        "log",
        Text(
            "NCCL lists RDMA ports of both link layers on this node ({detail}): it fails once it pairs an InfiniBand "
            "port with a RoCE one",
            "NCCL 在本节点列出了两种链路层的 RDMA 端口（{detail}）：一旦把 InfiniBand 端口与 RoCE 端口配对就会失败",
        ),
        Text(
            "Leave the stray ports out: NCCL_IB_HCA=<the devices of the compute fabric> (or =^<the stray one>), the "
            "same on every node. A RoCE port of a storage or management network is the usual stray one.",
            "排除多余的端口：NCCL_IB_HCA=<计算网络的设备>（或 =^<多余的设备>），每个节点保持一致。"
            "常见的多余端口是存储网或管理网上的 RoCE 网卡。",
        ),
    ),
    Entry(
        "log-nvlink-p2p-disabled",
        "error",
        "log",
        Text(
            "NVLink joins GPUs {a} and {b}, but the driver reports peer access between them disabled: NCCL stops "
            "there, and calls it a likely hardware fault",
            "GPU {a} 和 {b} 之间有 NVLink 连接，但驱动报告它们之间的 P2P 访问被禁用：NCCL 在此停止，并认为很可能是"
            "硬件故障",
        ),
        Text(
            "On that node, nvidia-smi nvlink -s shows links that are down and nvidia-smi topo -p2p r the pairs without "
            "peer access. On a bare-metal HGX or DGX node that is a failed link or GPU: take the node out and reset "
            "or replace it. In a VM or container that hides peer access (some GB200 and vGPU set-ups) fix the "
            "platform's GPU passthrough; NCCL_IGNORE_DISABLED_P2P=1 runs without P2P, slower.",
            "在该节点上，nvidia-smi nvlink -s 会显示断开的链路，nvidia-smi topo -p2p r 会显示没有 P2P 访问的 GPU 对。"
            "在裸机 HGX 或 DGX 节点上，这是链路或 GPU 故障：把节点移出并重置或更换。在隐藏了 P2P 访问的虚拟机或容器中"
            "（某些 GB200 和 vGPU 环境），请修正平台的 GPU 直通；NCCL_IGNORE_DISABLED_P2P=1 可以在没有 P2P 的情况下"
            "运行，但更慢。",
        ),
    ),
    Entry(
        "log-master-port-denied",
        "error",
        "log",
        Text(
            "The store could not bind MASTER_PORT {port}: Permission denied (a port below 1024 needs root)",
            "store 无法绑定 MASTER_PORT {port}：Permission denied（小于 1024 的端口需要 root 权限）",
        ),
        Text(
            "Pick a port from 1024 to 65535, the same on every node (--master-port 29500, or MASTER_PORT=29500); a "
            "script that draws it at random ($RANDOM) must add 1024 or more to the draw.",
            "选择 1024 到 65535 之间的端口，并在所有节点上保持一致（--master-port 29500 或 MASTER_PORT=29500）；"
            "随机选取端口的脚本（$RANDOM）必须在随机值上加 1024 以上。",
        ),
    ),
    Entry(
        "log-store-barrier-waiting",
        "error",
        "log",
        Text(
            "Ranks wait at the store barrier {key} of a new process group: {joined} of {world_size} ranks have come, "
            "and the log ends before the rest do",
            "各 rank 在新进程组的 store 屏障 {key} 处等待：{world_size} 个 rank 中只到了 {joined} 个，"
            "日志结束时其余的仍未到达",
        ),
        Text(
            "Find the ranks that have not come to init_process_group or new_group: one busy elsewhere (an experiment "
            "tracker or logger starting, a download or data preparation on some ranks only), one that died (its own "
            "log, dmesg), or one never started; distdoctor dump shows where each rank is. Every rank must create "
            "every group, in the same order.",
            "找出还没有进入 init_process_group 或 new_group 的 rank：在别处忙碌的（实验跟踪器或日志工具在启动、"
            "只在部分 rank 上进行的下载或数据准备）、已经退出的（查看它自己的日志、dmesg），或根本没有启动的；"
            "distdoctor dump 可以显示每个 rank 在做什么。每个 rank 都必须以相同的顺序创建每一个进程组。",
        ),
    ),
    Entry(
        "log-nccl-ofi-request-error",
        "error",
        "log",
        Text(
            "A transfer of NCCL's libfabric (OFI) network plugin failed{detail}: traffic between the nodes over that "
            "fabric is blocked or broken",
            "NCCL 的 libfabric（OFI）网络插件的一次传输失败{detail}：节点之间经由该网络的流量被阻断或出现故障",
        ),
        Text(
            "On AWS (EFA), check the security group first: EFA needs one that allows all inbound and outbound traffic "
            "to and from itself, on every instance of the job; then that every pod or container was given the EFA "
            "devices (vpc.amazonaws.com/efa). On any fabric (EFA, HPE Slingshot's cxi), check each node with fi_info "
            "-p PROVIDER, and that libfabric and the plugin (aws-ofi-nccl) are the same on all nodes and a release "
            "the site or vendor supports for that provider: a plugin bug fails transfers like a broken link does.",
            "在 AWS（EFA）上先检查安全组：EFA 需要一个允许与自身之间所有入站和出站流量的安全组，作业的每个实例都要使用"
            "它；再确认每个 pod 或容器都分配了 EFA 设备（vpc.amazonaws.com/efa）。在任何网络上（EFA、HPE Slingshot "
            "的 cxi），都要在每个节点上运行 fi_info -p PROVIDER，并确认各节点的 libfabric 和插件（aws-ofi-nccl）版本"
            "一致，且是站点或厂商为该 provider 支持的版本：插件的缺陷会像链路故障一样让传输失败。",
        ),
    ),
    Entry(
        "log-nccl-ofi-gpu-register",
        "error",
        "log",
        Text(
            "The network could not register NCCL's GPU buffers ({detail}): NCCL cannot send from or receive into "
            "GPU memory over it",
            "网络无法注册 NCCL 的 GPU 缓冲区（{detail}）：NCCL 无法经由它直接收发 GPU 显存",
        ),
        Text(
            "On AWS EFA: an EFA installer older than 1.29.1 makes libfabric set CUDA sync memops on every GPU buffer, "
            "which fails for the buffers NCCL 2.19 and newer allocate; set FI_EFA_SET_CUDA_SYNC_MEMOPS=0 on every "
            "node, or update the EFA installer. Elsewhere, check GPUDirect RDMA on that node: the nvidia_peermem "
            "module loaded, or a driver and kernel with DMA-BUF, and libfabric and aws-ofi-nccl releases made for "
            "this NCCL.",
            "在 AWS EFA 上：早于 1.29.1 的 EFA 安装包会让 libfabric 对每个 GPU 缓冲区设置 CUDA sync memops，"
            "而 NCCL 2.19 及更新版本分配的缓冲区不支持它；在每个节点上设置 FI_EFA_SET_CUDA_SYNC_MEMOPS=0，"
            "或升级 EFA 安装包。其他情况下，检查该节点的 GPUDirect RDMA：nvidia_peermem 模块已加载，或驱动和内核"
            "支持 DMA-BUF，以及 libfabric 和 aws-ofi-nccl 的版本与该 NCCL 相配。",
        ),
    ),
    Entry(
        "log-nccl-ipc-open-failed",
        "error",
        "log",
        Text(
            "NCCL could not map another rank's GPU buffer through CUDA IPC ({error}): it took that rank for one on "
            "this machine",
            "NCCL 无法通过 CUDA IPC 映射另一个 rank 的 GPU 缓冲区（{error}）：它把那个 rank 当成了本机上的 rank",
        ),
        Text(
            "NCCL takes ranks whose host names match for ranks of one machine; before NCCL 2.5 it went by the host "
            "name alone, up to its first dot. Give every machine its own host name (not localhost), or set "
            "NCCL_HOSTID to a value unique to each machine. Ranks that do share a machine must share its IPC "
            "namespace (docker --ipc=host, or one container for all of its GPUs); NCCL_P2P_DISABLE=1 confirms it by "
            "sending through shared memory instead.",
            "NCCL 把主机名相同的 rank 当作同一台机器上的 rank；NCCL 2.5 之前只看主机名（取第一个点之前的部分）。"
            "给每台机器一个不同的主机名（不要是 localhost），或为每台机器设置不同的 NCCL_HOSTID。确实在同一台机器上"
            "的 rank 必须共享它的 IPC 命名空间（docker --ipc=host，或一台机器的所有 GPU 用一个容器）；"
            "NCCL_P2P_DISABLE=1 改走共享内存，可用来确认。",
        ),
    ),
    Entry(
        "log-container-gpu-lost",
        "error",
        "log",
        Text(
            "NVML could not start (Failed to initialize NVML: Unknown Error): in a container, it lost its access to "
            "the GPU devices",
            "NVML 无法启动（Failed to initialize NVML: Unknown Error）：在容器中，这表示容器失去了对 GPU 设备的"
            "访问权限",
        ),
        Text(
            "Where the container's cgroups are managed by systemd, a systemctl daemon-reload or an update of the "
            "container drops the device rules the NVIDIA hook added when it started: restart the container, and "
            "keep it from recurring by giving GPUs through CDI (nvidia-ctk cdi generate; --device "
            "nvidia.com/gpu=all) or by passing the /dev/nvidia* device nodes explicitly. Outside a container, the "
            "driver is in a bad state: nvidia-smi and dmesg (Xid) on that node, then a reset or a reboot.",
            "容器的 cgroup 由 systemd 管理时，systemctl daemon-reload 或更新容器会丢掉 NVIDIA 钩子在启动时添加的"
            "设备规则：重启容器，并通过 CDI 提供 GPU（nvidia-ctk cdi generate；--device nvidia.com/gpu=all）或显式传入 "
            "/dev/nvidia* 设备节点来避免再次发生。不在容器中时，说明驱动处于异常状态：在该节点上查看 nvidia-smi 和 "
            "dmesg（Xid），然后重置或重启。",
        ),
    ),
    Entry(
        "log-ipv6-unbracketed",
        "error",
        "log",
        Text(
            "An IPv6 address was written into a URL without brackets: everything after its first colon was read as "
            "the port ('{value}')",
            "IPv6 地址写进 URL 时没有加方括号：第一个冒号之后的所有内容都被当成了端口（'{value}'）",
        ),
        Text(
            "Write the address in brackets wherever it goes with a port: init_method='tcp://[fd00::5]:29500', "
            "--rdzv-endpoint '[fd00::5]:29500'; MASTER_ADDR takes it bare. A hostname that resolves to it avoids "
            "the question.",
            "凡是与端口写在一起的地方都要给地址加方括号：init_method='tcp://[fd00::5]:29500'、"
            "--rdzv-endpoint '[fd00::5]:29500'；MASTER_ADDR 直接写地址即可。"
            "使用能解析到该地址的主机名可以避免这个问题。",
        ),
    ),
    Entry(
        "log-p2p-hang-likely",
        "error",
        "log",
        Text(
            "Every rank ran on one host ({host}) and the job stopped {where}: GPU peer-to-peer traffic that never "
            "completes, most often because of the host's IOMMU or PCIe ACS",
            "所有 rank 都在同一台主机（{host}）上，作业停在{where}：GPU 之间的点对点流量始终无法完成，"
            "最常见的原因是该主机的 IOMMU 或 PCIe ACS",
        ),
        Text(
            "Confirm it: rerun with NCCL_P2P_DISABLE=1 (shared memory then carries the traffic): if that runs, the "
            "peer path is the fault. Boot with iommu=pt (intel_iommu=on iommu=pt), or amd_iommu=off where nothing "
            "needs the IOMMU, and disable PCIe ACS on the bridges between the GPUs (BIOS, or setpci as NCCL's "
            "troubleshooting guide shows); cuda-samples' p2pBandwidthLatencyTest shows the broken pairs. In a VM, "
            "peer access needs the hypervisor's support.",
            "先确认：用 NCCL_P2P_DISABLE=1 重新运行（这时由共享内存传输）：如果能运行，就是点对点路径的问题。"
            "用 iommu=pt 启动（intel_iommu=on iommu=pt），或在不需要 IOMMU 时用 amd_iommu=off，并在 GPU 之间的桥上"
            "关闭 PCIe ACS（在 BIOS 中，或按 NCCL 故障排查指南用 setpci）；cuda-samples 的 p2pBandwidthLatencyTest "
            "会显示有问题的 GPU 对。在虚拟机中，点对点访问需要虚拟化平台的支持。",
        ),
    ),
    Entry(
        "log-lightning-ranks-missing",
        "error",
        "log",
        Text(
            "Lightning's rank 0 started and waits for its world of {world} ranks, but only {seen} started here and "
            "none registered: the others were never started, or never reached rank 0",
            "Lightning 的 rank 0 已启动，正在等待全部 {world} 个 rank，但这里只启动了 {seen} 个，且没有一个完成注册："
            "其余的 rank 从未启动，或无法连接到 rank 0",
        ),
        Text(
            "Lightning starts a node's other processes itself only when nothing in the environment says a launcher "
            "did: unset NODE_RANK, LOCAL_RANK, WORLD_SIZE and MASTER_* left over from the shell or the cluster's "
            "defaults (or give every process its own, right values); under Slurm run the script with srun and "
            "--ntasks-per-node equal to the devices; with torchrun pass --nproc-per-node. On several nodes, start "
            "every node and check that they reach MASTER_ADDR:MASTER_PORT (distdoctor check).",
            "只有当环境中没有任何迹象表明已有启动器时，Lightning 才会自己启动本节点的其他进程：取消 shell 或集群默认"
            "遗留的 NODE_RANK、LOCAL_RANK、WORLD_SIZE 和 MASTER_*（或为每个进程设置各自正确的值）；在 Slurm 下用 srun "
            "运行脚本，并让 --ntasks-per-node 等于设备数；使用 torchrun 时传入 --nproc-per-node。在多个节点上，"
            "要启动每个节点，并确认它们能连到 MASTER_ADDR:MASTER_PORT（distdoctor check）。",
        ),
    ),
    Entry(
        "log-shm-segment-missing",
        "error",
        "log",
        Text(
            "A shared-memory segment another rank of this host made was gone when NCCL came to it (NCCL's {call} of "
            "{path}: No such file or directory): the ranks of one host do not share /dev/shm, or the segment was "
            "removed",
            "本机另一个 rank 创建的共享内存段在 NCCL 使用时已不存在（NCCL {call} {path}：No such file or directory）："
            "同一主机上的各 rank 没有共享 /dev/shm，或该共享内存段已被删除",
        ),
        Text(
            "Run the ranks of a host where they share /dev/shm: one container per node rather than one per GPU, or "
            "--ipc=host or one /dev/shm volume for the containers of a pod. Something that empties /dev/shm while a "
            "job runs removes live segments: a cleanup cron job, or systemd-logind's RemoveIPC=yes when the user's "
            "last session ends (set RemoveIPC=no on compute nodes). Where none of these applies, try another NCCL "
            "release: such a failure has also been an NCCL fault.",
            "让同一主机上的各 rank 共享 /dev/shm：每个节点一个容器而不是每块 GPU 一个，或使用 --ipc=host，或让 pod 中"
            "的容器挂载同一个 /dev/shm 卷。在作业运行期间清空 /dev/shm 的东西会删除正在使用的共享内存段：清理用的 cron "
            "任务，或在用户最后一个会话结束时生效的 systemd-logind RemoveIPC=yes（在计算节点上设置 RemoveIPC=no）。"
            "如果以上都不适用，请换一个 NCCL 版本试试：这类失败也曾是 NCCL 的缺陷。",
        ),
    ),
    Entry(
        "log-unexplained-failure",
        "error",
        "log",
        Text(
            "The log shows a failure no known signature explains: {line}",
            "日志显示作业失败，但没有已知的特征能解释：{line}",
        ),
        Text(
            "Read the lines quoted below from the first one; run distdoctor check on every node to rule out the "
            "setup, and distdoctor dump while a job hangs.",
            "从下面引用的第一行读起；在每个节点运行 distdoctor check 排除环境问题，作业卡住时运行 distdoctor dump。",
        ),
    ),
    Entry(
        "log-cuda-illegal-address",
        "error",
        "log",
        Text(
            "A GPU kernel read or wrote memory it does not own, reported by {where} ({error})",
            "某个 GPU kernel 读写了不属于它的内存，由{where}报告（{error}）",
        ),
        Text(
            "CUDA reports this at the next call that waits for the GPU, not where it happened: rerun that rank with "
            "CUDA_LAUNCH_BLOCKING=1 (or under compute-sanitizer) to stop at the kernel that faulted; an index out "
            "of range or a tensor freed or resized while another stream still used it are the usual causes. If "
            "the kernel is NCCL's own, check dmesg on that node for an Xid and upgrade NCCL. The process's CUDA "
            "context is lost after this: the rank must restart. On AMD GPUs, AMD_SERIALIZE_KERNEL=3 plays "
            "CUDA_LAUNCH_BLOCKING's part.",
            "CUDA 在下一次等待 GPU 的调用处才报告此错误，而不是在出错的地方：用 CUDA_LAUNCH_BLOCKING=1"
            "（或在 compute-sanitizer 下）重新运行该 rank，使其停在出错的 kernel 处；常见原因是索引越界，"
            "或张量在另一个 stream 仍在使用时被释放或改变了大小。若出错的是 NCCL 自己的 kernel，请查看该节点 dmesg "
            "中的 Xid 并升级 NCCL。出错后该进程的 CUDA 上下文已不可用：该 rank 必须重启。在 AMD GPU 上，"
            "AMD_SERIALIZE_KERNEL=3 起到 CUDA_LAUNCH_BLOCKING 的作用。",
        ),
    ),
    Entry(
        "log-barrier-coordinator-lost",
        "error",
        "log",
        Text(
            "Rank {rank} reached monitored_barrier, then lost rank 0, which runs it: rank 0 failed or stopped first",
            "rank {rank} 已到达 monitored_barrier，随后与负责它的 rank 0 失去联系：rank 0 先失败或停止了",
        ),
        Text(
            "Read rank 0's log just before this time: its own error is the cause (an exception in rank-0-only "
            "work such as logging, evaluation or saving is common); the other ranks only report losing it.",
            "查看 rank 0 在此时间之前的日志：它自己的错误才是原因（常见的是只在 rank 0 上执行的工作，如日志、评估或"
            "保存时抛出的异常）；其他 rank 只是报告与它失去联系。",
        ),
    ),
    Entry(
        "log-rdzv-endpoint-invalid",
        "error",
        "log",
        Text(
            "torchrun could not read its rendezvous endpoint '{endpoint}' as host:port (its {part} is not valid)",
            "torchrun 无法把 rendezvous endpoint '{endpoint}' 解析为 host:port（其中的 {part} 无效）",
        ),
        Text(
            "Give --rdzv-endpoint (or --master-addr and --master-port) as host:port with no scheme: node1:29500, "
            "not tcp://node1:29500; an IPv6 address goes in brackets, [fd00::5]:29500. Where the value comes from a "
            "variable, check that it was expanded: single quotes, a Kubernetes command or a YAML string leave "
            "$MASTER_PORT as it is (Kubernetes expands $(MASTER_PORT) from the container's env).",
            "--rdzv-endpoint（或 --master-addr 与 --master-port）要写成不带协议前缀的 host:port：node1:29500，"
            "而不是 tcp://node1:29500；IPv6 地址要加方括号，如 [fd00::5]:29500。若值来自变量，请确认它已被展开："
            "单引号、Kubernetes 的 command 或 YAML 字符串会原样保留 $MASTER_PORT（Kubernetes 会用容器的 env "
            "展开 $(MASTER_PORT)）。",
        ),
    ),
    Entry(
        "log-exit-barrier-timeout",
        "warning",
        "log",
        Text(
            "This node's ranks finished, but the other nodes' torchrun agents did not reach the end within "
            "{elapsed} s: a node still working, hung or gone",
            "本节点的 rank 已经结束，但其他节点的 torchrun agent 在 {elapsed} 秒内没有走到结束："
            "有节点仍在运行、卡住或已经退出",
        ),
        Text(
            "Read the other nodes' logs from this time (distdoctor explain on all of them together): a node that "
            "failed or hung says why there. If it was still working (evaluation or saving on one rank, a longer "
            "share of the data), end the job together: a dist.barrier() on every rank before the script returns, "
            "with the unequal work before it.",
            "查看其他节点在此时间前后的日志（用 distdoctor explain 一起分析所有日志）：失败或卡住的节点会在自己的日志里"
            "说明原因。若它只是还在工作（只在一个 rank 上做评估或保存、分到的数据更多），就让作业一起结束："
            "在脚本返回前让每个 rank 调用 dist.barrier()，把不均衡的工作放在它之前。",
        ),
    ),
    Entry(
        "log-cpu-tensor-gpu-backend",
        "error",
        "log",
        Text(
            "A collective was given a CPU tensor, and its process group has a backend for GPU tensors only (NCCL "
            "moves GPU memory alone)",
            "某个集合通信收到了 CPU 张量，而它的进程组只有处理 GPU 张量的后端（NCCL 只搬运 GPU 内存）",
        ),
        Text(
            "Move the tensor to this rank's GPU before the call (torch.cuda.set_device(local_rank) first, then "
            "tensor.cuda()), or give the group a backend for CPU tensors too: "
            "init_process_group(backend='cpu:gloo,cuda:nccl'), or a new_group(backend='gloo') for the CPU work.",
            "在调用前把张量移到本 rank 的 GPU 上（先 torch.cuda.set_device(local_rank)，再 tensor.cuda()），"
            "或者让进程组也有处理 CPU 张量的后端：init_process_group(backend='cpu:gloo,cuda:nccl')，"
            "或为 CPU 上的工作另建 new_group(backend='gloo')。",
        ),
    ),
    Entry(
        "log-launch-env-missing",
        "error",
        "log",
        Text(
            "{what} is missing where this process ran: that node's shell did not have the job's environment",
            "此进程运行的地方缺少{what}：该节点的 shell 没有作业所需的环境",
        ),
        Text(
            "Every node the launcher starts ranks on needs the same environment active. A non-interactive shell "
            "(ssh, pdsh, srun, a container's entrypoint) does not read .bashrc's conda activate: use the "
            "environment's full path (/opt/envs/train/bin/torchrun), activate it in the launch script, or pass "
            "PATH (DeepSpeed's .deepspeed_env, mpirun -x PATH). Check from the launching node: "
            "ssh node2 'which torchrun; python -c \"import torch\"'.",
            "启动器在其上启动 rank 的每个节点都需要激活同一个环境。非交互式 shell（ssh、pdsh、srun、容器的 "
            "entrypoint）不会读取 .bashrc 中的 conda activate：请使用环境的完整路径（/opt/envs/train/bin/torchrun），"
            "在启动脚本中激活它，或传递 PATH（DeepSpeed 的 .deepspeed_env，mpirun -x PATH）。"
            "在发起启动的节点上检查：ssh node2 'which torchrun; python -c \"import torch\"'。",
        ),
    ),
    Entry(
        "log-slurm-request-unsatisfiable",
        "error",
        "log",
        Text(
            "Slurm refused the request: no node of the partition has what it asks for ({tool}: {error})",
            "Slurm 拒绝了该请求：分区中没有节点能满足它的要求（{tool}：{error}）",
        ),
        Text(
            "Ask for what one node has: GPUs per node (--gres=gpu:N, --gpus-per-node) no more than its GPUs "
            "(sinfo -N -o '%N %G'), --ntasks-per-node x --cpus-per-task within its CPUs and --mem within its "
            "memory, on a partition and account that have such nodes (scontrol show partition). Inside an "
            "allocation, a step may not ask for more than the job was given.",
            "按单个节点实际拥有的资源申请：每节点 GPU 数（--gres=gpu:N、--gpus-per-node）不超过其 GPU 数"
            "（sinfo -N -o '%N %G'），--ntasks-per-node x --cpus-per-task 不超过其 CPU 数，--mem 不超过其内存，"
            "并使用包含这类节点的分区和账户（scontrol show partition）。在一次分配之内，作业步不能申请超过作业"
            "所得的资源。",
        ),
    ),
    Entry(
        "log-rccl-iommu-not-pt",
        "warning",
        "log",
        Text(
            "RCCL found the IOMMU translating on this node (no iommu=pt on the kernel command line), which AMD "
            "warns can hang or destabilise GPU-to-GPU transfers",
            "RCCL 发现该节点的 IOMMU 处于地址转换模式（内核命令行中没有 iommu=pt），AMD 警告这会使 GPU 之间的传输"
            "挂起或不稳定",
        ),
        Text(
            "Add iommu=pt (and amd_iommu=on on AMD CPUs) to the kernel command line (GRUB_CMDLINE_LINUX, then "
            "update-grub and a reboot) on every node, as AMD's MI-series setup guides ask; check with cat "
            "/proc/cmdline.",
            "在每个节点的内核命令行中加入 iommu=pt（AMD CPU 上再加 amd_iommu=on）（修改 GRUB_CMDLINE_LINUX，然后 "
            "update-grub 并重启），这是 AMD MI 系列安装指南的要求；用 cat /proc/cmdline 检查。",
        ),
    ),
    Entry(
        "log-nccl-library-unloadable",
        "error",
        "log",
        Text(
            "{who} could not load NCCL's library ({lib}): its own NCCL calls, and so its GPU collectives, cannot run",
            "{who} 无法加载 NCCL 的库（{lib}）：它自己的 NCCL 调用以及 GPU 集合通信都无法运行",
        ),
        Text(
            "The OSError after this line says why: no such file, or an undefined symbol from an older NCCL. Install "
            "the nvidia-nccl-cu* release this torch requires (pip check), or point VLLM_NCCL_SO_PATH (SGLang: "
            "SGLANG_NCCL_SO_PATH) at a libnccl.so.2 of that release, and keep other NCCLs out of LD_LIBRARY_PATH.",
            "这一行之后的 OSError 说明了原因：找不到文件，或是较旧的 NCCL 缺少某个符号。安装该 torch 所要求的 "
            "nvidia-nccl-cu* 版本（pip check），或把 VLLM_NCCL_SO_PATH（SGLang：SGLANG_NCCL_SO_PATH）指向该版本的 "
            "libnccl.so.2，并让其他 NCCL 不出现在 LD_LIBRARY_PATH 中。",
        ),
    ),
    Entry(
        "log-nccl-library-older",
        "error",
        "log",
        Text(
            "torch could not load: the NCCL library found first lacks {symbol}, which this torch was built "
            "against (an older libnccl.so.2 shadows the one torch needs)",
            "torch 无法加载：最先找到的 NCCL 库缺少 {symbol}，而这个 torch 构建时依赖它（一个更旧的 libnccl.so.2 "
            "遮住了 torch 需要的那个）",
        ),
        Text(
            "Let torch load the NCCL it was built with: take the older NCCL's directory out of LD_LIBRARY_PATH "
            "(or put torch's own first), and install the nvidia-nccl-cu* release its wheel requires (pip check). "
            "System, conda and container NCCLs are the usual source; compare "
            "python -c 'import torch; print(torch.cuda.nccl.version())' on every node.",
            "让 torch 加载它构建时使用的 NCCL：把旧 NCCL 所在目录从 LD_LIBRARY_PATH 中去掉（或把 torch 自带的放在"
            "前面），并安装其 wheel 要求的 nvidia-nccl-cu* 版本（pip check）。系统、conda 和容器镜像自带的 NCCL "
            "是常见来源；在每个节点上比较 python -c 'import torch; print(torch.cuda.nccl.version())' 的输出。",
        ),
    ),
    Entry(
        "log-exit-barrier-late",
        "warning",
        "log",
        Text(
            "This node's ranks finished after the other nodes had stopped waiting for them: torchrun on the node "
            "that hosts the store gave up at its exit barrier (300 s) and closed the store",
            "本节点的 rank 结束时，其他节点已经不再等待它们：托管 store 的节点上的 torchrun 在退出屏障处等待"
            "（300 秒）后放弃，并关闭了 store",
        ),
        Text(
            "This node ran more than five minutes longer than the others. If its extra work was meant (evaluation "
            "or saving on one rank, a longer share of the data), end the job together: a dist.barrier() on every "
            "rank before the script returns, with the unequal work before it; otherwise read this node's log "
            "for what kept it.",
            "本节点比其他节点多运行了五分钟以上。若这些额外工作是预期的（只在一个 rank 上做评估或保存、分到的数据"
            "更多），就让作业一起结束：在脚本返回前让每个 rank 调用 dist.barrier()，把不均衡的工作放在它之前；"
            "否则请查看本节点的日志，找出是什么拖住了它。",
        ),
    ),
    Entry(
        "log-rank-bus-error",
        "error",
        "log",
        Text(
            "{who} was killed by SIGBUS (7): it touched shared memory its file could not back, most often because "
            "/dev/shm is full",
            "{who} 被 SIGBUS (7) 杀死：它访问的共享内存没有文件空间支撑，最常见的原因是 /dev/shm 已满",
        ),
        Text(
            "Check df -h /dev/shm on that node while the job runs: DataLoader workers and NCCL map their shared "
            "memory there, and a container's default is 64 MiB. Give it more (docker run --shm-size=16g or "
            "--ipc=host; in Kubernetes an emptyDir with medium: Memory at /dev/shm), or use fewer DataLoader "
            "workers. If /dev/shm has room, look in dmesg for a memory error.",
            "作业运行时在该节点上查看 df -h /dev/shm：DataLoader 的 worker 和 NCCL 都把共享内存映射在那里，"
            "容器默认只有 64 MiB。给它更多空间（docker run --shm-size=16g 或 --ipc=host；Kubernetes 中在 /dev/shm "
            "挂载 medium: Memory 的 emptyDir），或减少 DataLoader worker 数。若 /dev/shm 还有空间，请查看 dmesg "
            "中的内存错误。",
        ),
    ),
    Entry(
        "log-nccl-graph-capture-unsupported",
        "error",
        "log",
        Text(
            "NCCL could not take part in a CUDA graph: this NCCL was built with a CUDA older than {cuda}, or the "
            "driver is older than {driver}",
            "NCCL 无法加入 CUDA graph：这个 NCCL 构建时使用的 CUDA 早于 {cuda}，或驱动早于 {driver}",
        ),
        Text(
            "Load an NCCL built for the job's CUDA: the nvidia-nccl-cu* release torch's wheel asks for (pip check), "
            "not one another package pulled in for an older CUDA (torch.cuda.nccl.version() and "
            "NCCL_DEBUG=INFO's 'NCCL version 2.x+cudaY' show which); else upgrade the driver. Meanwhile the "
            "framework can run without CUDA graphs (vLLM's enforce_eager).",
            "加载为作业所用 CUDA 构建的 NCCL：torch wheel 要求的 nvidia-nccl-cu* 版本（pip check），而不是别的包为"
            "旧版 CUDA 引入的那个（torch.cuda.nccl.version() 和 NCCL_DEBUG=INFO 的 'NCCL version 2.x+cudaY' "
            "会显示是哪个）；否则升级驱动。在此之前可以让框架不使用 CUDA graph（vLLM 的 enforce_eager）。",
        ),
    ),
    Entry(
        "log-init-unfinished",
        "error",
        "log",
        Text(
            "The log ends while the ranks were setting up their process group ({detail}): nothing shows that "
            "setup finished",
            "日志结束于各 rank 建立进程组的过程中（{detail}）：没有任何迹象表明建立已经完成",
        ),
        Text(
            "init_process_group waits until every rank of the world size has come to MASTER_ADDR:MASTER_PORT. Check "
            "that all of them started (each node's log), that every node was given the same address, a port that "
            "is neither 0 nor in use, and the same world size, and that nothing blocks the ports between the nodes: "
            "distdoctor check on every node tests these. NCCL_DEBUG=INFO and TORCH_DISTRIBUTED_DEBUG=DETAIL show "
            "how far setup got.",
            "init_process_group 会一直等待，直到 world size 中的每个 rank 都来到 MASTER_ADDR:MASTER_PORT。"
            "请确认所有 rank 都已启动（查看每个节点的日志），每个节点得到的是同一个地址、一个既不是 0 也未被占用的端口"
            "和同一个 world size，并且节点之间的端口没有被阻断：在每个节点上运行 distdoctor check 可检查这些。"
            "NCCL_DEBUG=INFO 和 TORCH_DISTRIBUTED_DEBUG=DETAIL 会显示建立进行到了哪一步。",
        ),
    ),
    Entry(
        "log-ends-at-launch",
        "warning",
        "log",
        Text(
            "The log ends at torchrun's start banner: no rank printed anything after it",
            "日志结束于 torchrun 的启动横幅：之后没有任何 rank 输出内容",
        ),
        Text(
            "If the job is stuck there, its nodes have not met: every node must be started with the same MASTER_ADDR "
            "(node rank 0's address), MASTER_PORT and nnodes, each with its own node_rank, and nothing may block "
            "that port between them; distdoctor check on every node tests these, and distdoctor dump shows where "
            "each rank waits. If the job finished, its script printed nothing and the log has nothing to explain.",
            "如果作业卡在这里，说明各节点还没有会合：每个节点都必须使用相同的 MASTER_ADDR（node rank 0 的地址）、"
            "MASTER_PORT 和 nnodes 启动，并各有自己的 node_rank，且节点之间不能有任何东西阻断该端口；在每个节点上"
            "运行 distdoctor check 可检查这些，distdoctor dump 会显示每个 rank 在哪里等待。如果作业已经结束，"
            "说明脚本没有输出任何内容，日志中没有需要解释的东西。",
        ),
    ),
    Entry(
        "log-hostfile-invalid",
        "error",
        "log",
        Text(
            "DeepSpeed could not use its hostfile: {detail}",
            "DeepSpeed 无法使用它的 hostfile：{detail}",
        ),
        Text(
            "Give one line per node, 'hostname slots=N' with N that node's GPUs, each host once, in names the "
            "launching node resolves and reaches by ssh without a password (ssh node2 hostname); with more than "
            "one node, pass the file (--hostfile, default /job/hostfile) and list every node in it.",
            "每个节点一行，写成 'hostname slots=N'（N 为该节点的 GPU 数），每台主机只出现一次，主机名要能在发起启动的"
            "节点上解析，并能免密 ssh 登录（ssh node2 hostname）；多于一个节点时，传入该文件（--hostfile，默认 "
            "/job/hostfile），并在其中列出所有节点。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows DeepSpeed running without a hostfile but no failure: a one-node run needs none",
            ),
        ),
    ),
    Entry(
        "log-lightning-layout-mismatch",
        "error",
        "log",
        Text(
            "Lightning's Trainer and the launcher disagree on how many ranks run where: {detail}",
            "Lightning 的 Trainer 与启动器对各处运行多少个 rank 的看法不一致：{detail}",
        ),
        Text(
            "Make Trainer(devices=..., num_nodes=...) what the launcher starts: under Slurm, --nodes and "
            "--ntasks-per-node (one task per GPU, the same as devices); under torchrun, --nnodes and "
            "--nproc-per-node.",
            "让 Trainer(devices=..., num_nodes=...) 与启动器实际启动的一致：在 Slurm 下对应 --nodes 和 "
            "--ntasks-per-node（每个 GPU 一个任务，与 devices 相同）；在 torchrun 下对应 --nnodes 和 "
            "--nproc-per-node。",
        ),
    ),
    Entry(
        "log-ray-node-dead",
        "error",
        "log",
        Text(
            "Ray lost {node}: its raylet stopped answering (it crashed or was killed, the node went away, or the "
            "network to the head failed)",
            "Ray 失去了 {node}：它的 raylet 不再响应（崩溃或被杀、节点离开，或与 head 之间的网络出现故障）",
        ),
        Text(
            "On that node, look for why the raylet stopped: dmesg for the kernel's OOM killer, "
            "/tmp/ray/session_latest/logs/raylet.out, a preemption or reboot. If it is still up, check the network "
            "between it and the head node (the GCS port, 6379 by default) and that it registered with the address "
            "the others reach it at (ray start --node-ip-address).",
            "在该节点上查找 raylet 停止的原因：dmesg 中内核 OOM killer 的记录、"
            "/tmp/ray/session_latest/logs/raylet.out、是否被抢占或重启。若节点仍在运行，"
            "检查它与 head 节点之间的网络（GCS 端口，默认 6379），以及它注册时用的地址是否是其他节点能访问的那个"
            "（ray start --node-ip-address）。",
        ),
    ),
    Entry(
        "log-launcher-missing",
        "error",
        "log",
        Text(
            "The tool that starts the ranks on the other nodes is not installed where the launch ran: {launcher}",
            "负责在其他节点上启动 rank 的工具没有安装在发起启动的机器上：{launcher}",
        ),
        Text(
            "Install it on the node you launch from (pdsh: apt install pdsh, and PDSH_RCMD_TYPE=ssh; mpirun: Open MPI "
            "or the MPI the cluster uses), or let another launcher start the ranks (DeepSpeed --launcher "
            "openmpi or slurm; torchrun on every node).",
            "在发起启动的节点上安装它（pdsh：apt install pdsh，并设置 PDSH_RCMD_TYPE=ssh；"
            "mpirun：Open MPI 或集群所用的 MPI），"
            "或改用别的启动器启动各 rank（DeepSpeed --launcher openmpi 或 slurm；或在每个节点上运行 torchrun）。",
        ),
    ),
    Entry(
        "log-device-guessed",
        "warning",
        "log",
        Text(
            "ProcessGroupNCCL guessed each rank's GPU (its rank modulo the GPUs it sees): the processes never said "
            "which GPU is their own",
            "ProcessGroupNCCL 猜测了每个 rank 的 GPU（rank 对可见 GPU 数取模）：各进程从未指明哪块 GPU 属于自己",
        ),
        Text(
            "Call torch.cuda.set_device(local_rank) before init_process_group and pass it device_id="
            "torch.device('cuda', local_rank) (torch 2.3+), or barrier(device_ids=[local_rank]). A wrong guess puts "
            "a rank's NCCL work on another GPU than its tensors, or two ranks on one GPU, and the first collective "
            "hangs or fails.",
            "在 init_process_group 之前调用 torch.cuda.set_device(local_rank)，并传入 device_id="
            "torch.device('cuda', local_rank)（torch 2.3+），或使用 barrier(device_ids=[local_rank])。"
            "猜错时，某个 rank 的 NCCL 工作会落在与其张量不同的 GPU 上，或两个 rank 落在同一块 GPU 上，"
            "第一个集合通信就会卡住或失败。",
        ),
        variants=(
            Variant(
                "no-failure",
                "info",
                "the log shows the guess but no failure: it is right wherever each process sees one GPU or the "
                "rank's index is its GPU's",
            ),
        ),
    ),
    Entry(
        "log-cuda-forked",
        "error",
        "log",
        Text(
            "A process forked after its parent had started CUDA, and the child cannot use it",
            "某个进程是在父进程已经初始化 CUDA 之后 fork 出来的，子进程无法再使用 CUDA",
        ),
        Text(
            "Start such processes with spawn: torch.multiprocessing.set_start_method('spawn') (or "
            "multiprocessing_context='spawn' for a DataLoader, VLLM_WORKER_MULTIPROC_METHOD=spawn for vLLM's "
            "workers), or touch no GPU in the parent before it forks (no .cuda(), no torch.cuda.device_count() "
            "that initializes it).",
            "用 spawn 方式启动这类进程：torch.multiprocessing.set_start_method('spawn')（DataLoader 用 "
            "multiprocessing_context='spawn'，vLLM 的 worker 用 VLLM_WORKER_MULTIPROC_METHOD=spawn），"
            "或者在父进程 fork 之前不要触碰 GPU（不调用 .cuda()，也不调用会初始化 CUDA 的 torch.cuda 函数）。",
        ),
    ),
    Entry(
        "log-ddp-ready-twice",
        "error",
        "log",
        Text(
            "DDP saw a parameter's gradient arrive twice in one backward pass{detail}",
            "DDP 在一次反向传播中两次收到了同一个参数的梯度{detail}",
        ),
        Text(
            "A layer used in two reentrant checkpoints, or a parameter shared between two forward passes before one "
            "backward, does this. Use torch.utils.checkpoint with use_reentrant=False, or construct DDP with "
            "static_graph=True where the model's graph is the same every step, and leave find_unused_parameters "
            "off unless some parameters really go unused.",
            "在两个 reentrant checkpoint 中使用同一层，或在一次反向传播前让两次前向共用同一参数，都会这样。"
            "请给 torch.utils.checkpoint 传 use_reentrant=False；若模型每一步的计算图都相同，可在构造 DDP 时设 "
            "static_graph=True；除非确实有参数未被使用，否则不要打开 find_unused_parameters。",
        ),
    ),
)
