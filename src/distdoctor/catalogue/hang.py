"""Findings of `dump` and `run`: where the ranks of a hung job are, and who is the odd one out."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text

HANG: tuple[Entry, ...] = (
    Entry(
        "hang-rendezvous",
        "error",
        "hang",
        Text(
            "the torchrun agent on {host} (pid {pids}) waits in rendezvous for the other nodes; no rank started",
            "{host} 上的 torchrun 代理（pid {pids}）在 rendezvous 中等待其他节点；还没有任何 rank 启动",
        ),
        Text(
            "Start the same torchrun command on every node (same --nnodes, --rdzv-id, --rdzv-endpoint or "
            "--master-addr/--master-port); run `distdoctor check` on each node to see which one does not arrive.",
            "在每个节点上启动相同的 torchrun 命令（相同的 --nnodes、--rdzv-id、--rdzv-endpoint 或 "
            "--master-addr/--master-port）；在每个节点上运行 `distdoctor check`，看哪个节点没有到达。",
        ),
    ),
    Entry(
        "hang-store-connect",
        "error",
        "hang",
        Text(
            "rank(s) {ranks} on {host} wait at the store {master} in init_process_group; the other ranks: {missing}",
            "{host} 上的 rank {ranks} 在 init_process_group 中等待 store {master}；其他 rank：{missing}",
        ),
        Text(
            "Every rank must reach MASTER_ADDR:MASTER_PORT ({master}): start the missing ranks, check they use "
            "the same MASTER_ADDR/MASTER_PORT/WORLD_SIZE, and run `distdoctor check` on their nodes.",
            "每个 rank 都必须连上 MASTER_ADDR:MASTER_PORT（{master}）：启动缺失的 rank，确认它们使用相同的 "
            "MASTER_ADDR/MASTER_PORT/WORLD_SIZE，并在它们的节点上运行 `distdoctor check`。",
        ),
    ),
    Entry(
        "hang-pg-init",
        "error",
        "hang",
        Text(
            "rank(s) {ranks} on {host} are past the store but hang creating the process group; "
            "the other ranks: {missing}",
            "{host} 上的 rank {ranks} 已连上 store，但卡在创建进程组；其他 rank：{missing}",
        ),
        Text(
            "Every rank must call init_process_group (and each new_group) the same way; the ranks named above "
            "have not. Across nodes also check that gloo/NCCL can connect (`distdoctor check`, the mesh).",
            "每个 rank 都必须以相同方式调用 init_process_group（以及每个 new_group）；上面列出的 rank 没有调用。"
            "跨节点时还要确认 gloo/NCCL 能互相连接（`distdoctor check` 的连通性网格）。",
        ),
    ),
    Entry(
        "hang-collective-mismatch",
        "error",
        "hang",
        Text(
            "ranks on {host} wait in different collectives: {calls}",
            "{host} 上的各 rank 在不同的集合通信中等待：{calls}",
        ),
        Text(
            "Every rank must issue the same collectives in the same order: look for a branch on the rank (or on "
            "data) around these calls; TORCH_DISTRIBUTED_DEBUG=DETAIL reports the mismatch when it happens.",
            "所有 rank 必须以相同顺序调用相同的集合通信：检查这些调用附近按 rank（或按数据）分支的代码；"
            "设置 TORCH_DISTRIBUTED_DEBUG=DETAIL 可在发生时报告不一致。",
        ),
    ),
    Entry(
        "hang-rank-outside-collective",
        "error",
        "hang",
        Text(
            "rank(s) {ranks} on {host} are in their own code while rank(s) {waiting} wait in {op}: {frames}",
            "{host} 上的 rank {ranks} 在执行自己的代码，而 rank {waiting} 在 {op} 中等待：{frames}",
        ),
        Text(
            "The rank(s) named never reach {op}: look at the frame shown (a rank-dependent branch, a data loader "
            "that ran dry on one rank, an early return, a slow I/O step).",
            "上面列出的 rank 没有进入 {op}：查看显示的代码位置（按 rank 分支、某个 rank 的数据加载器已取完、"
            "提前返回、缓慢的 I/O 步骤）。",
        ),
    ),
    Entry(
        "hang-rank-late",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} has spent {held} s of the {timeout} s process-group timeout ({source}) in "
            "{phase} at {frame}; rank(s) {waiting} wait in {op} and will fail in about {left} s",
            "{host} 上的 rank {rank} 已在{phase}（{frame}）中花了 {held} 秒，进程组超时为 {timeout} 秒"
            "（{source}）；rank {waiting} 在 {op} 中等待，约 {left} 秒后将超时失败",
        ),
        Text(
            "Give this phase the time it needs: a longer init_process_group(timeout=...) (or a new_group with a "
            "long timeout for it), or do the work on every rank, or before init_process_group; put a dist.barrier() "
            "right after it so the others wait there, and dist.monitored_barrier(timeout=...) names a late rank "
            "at once.",
            "给这个阶段足够的时间：增大 init_process_group(timeout=...)（或为它单独建一个超时更长的 new_group），"
            "或让每个 rank 都做这项工作、或在 init_process_group 之前完成；在它之后紧跟 dist.barrier()，让其他 "
            "rank 在那里等待；dist.monitored_barrier(timeout=...) 能立刻指出迟到的 rank。",
        ),
    ),
    Entry(
        "hang-rank-left",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} left the training loop ({how}; {frame}) while rank(s) {waiting} wait in {op}: "
            "uneven inputs",
            "{host} 上的 rank {rank} 已离开训练循环（{how}；{frame}），而 rank {waiting} 仍在 {op} 中等待："
            "各 rank 的输入不均",
        ),
        Text(
            "Give every rank the same number of steps: DistributedSampler(drop_last=True) and "
            "DataLoader(drop_last=True), or run the loop under torch.distributed.algorithms.Join([model]) "
            "(DDP's join) so the ranks that run out shadow the others' collectives.",
            "让每个 rank 的步数相同：DistributedSampler(drop_last=True) 与 DataLoader(drop_last=True)；"
            "或在 torch.distributed.algorithms.Join([model])（DDP 的 join）下运行循环，让先取完数据的 rank "
            "陪同其他 rank 完成集合通信。",
        ),
    ),
    Entry(
        "hang-dataloader-stall",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} waits on its DataLoader at {frame} while rank(s) {waiting} wait in {op}; "
            "its workers: {workers}",
            "{host} 上的 rank {rank} 在 {frame} 等待它的 DataLoader，而 rank {waiting} 在 {op} 中等待；"
            "它的 worker：{workers}",
        ),
        Text(
            "Look at the worker named: its frame (a blocking read, a lock, a network mount); a worker in state D "
            "waits on storage, a dead one needs its log. DataLoader(timeout=...) makes a stuck worker raise; "
            "num_workers=0 shows the error in the rank itself.",
            "查看上面指出的 worker：它的代码位置（阻塞读、锁、网络挂载）；处于 D 状态的 worker 在等待存储，"
            "已退出的 worker 要看它的日志。DataLoader(timeout=...) 能让卡住的 worker 抛出异常；"
            "num_workers=0 可在 rank 本身中看到错误。",
        ),
    ),
    Entry(
        "rank-oom-killed",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} (pid {pid}) was killed by the OOM killer: its memory cgroup {cgroup} is "
            "limited to {limit} (oom_kill +{kills})",
            "{host} 上的 rank {rank}（pid {pid}）被 OOM killer 杀死：它的内存 cgroup {cgroup} 限制为 {limit}"
            "（oom_kill +{kills}）",
        ),
        Text(
            "The rank needs more host memory than its container allows: raise the limit (the job's memory request "
            "in Slurm/Kubernetes/Docker), or use less: smaller batch or fewer DataLoader workers (each holds a copy "
            "of the dataset), pin_memory off, load checkpoints with mmap=True or on one rank at a time.",
            "该 rank 需要的主机内存超过容器限制：提高限制（Slurm/Kubernetes/Docker 中作业的内存申请），"
            "或减少用量：减小 batch、减少 DataLoader worker（每个都持有一份数据集）、关闭 pin_memory、"
            "用 mmap=True 或逐个 rank 加载检查点。",
        ),
    ),
    Entry(
        "rank-signalled",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} (pid {pid}) was ended by {signal}, not by the OOM killer of its cgroup; "
            "{waiting} rank(s) of the job were still running",
            "{host} 上的 rank {rank}（pid {pid}）被 {signal} 结束（不是其 cgroup 的 OOM killer）；"
            "作业中仍有 {waiting} 个 rank 在运行",
        ),
        Text(
            "Something outside the rank sent it: the scheduler (a time or memory limit: its log, `sacct`), a user, "
            "the host's OOM killer (`dmesg`); SIGABRT/SIGSEGV come from the rank itself: its log shows why.",
            "信号来自 rank 之外：调度器（时间或内存限制：查看其日志、`sacct`）、用户、主机的 OOM killer"
            "（`dmesg`）；SIGABRT/SIGSEGV 来自 rank 自身：它的日志会说明原因。",
        ),
    ),
    Entry(
        "rank-nccl-abort",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} (pid {pid}) was taken down by NCCL's own abort (SIGABRT) after {why_class}{detail}; "
            "{lead_class}{lead}",
            "{host} 上的 rank {rank}（pid {pid}）在{why_class}{detail}之后被 NCCL 自己的中止（SIGABRT）结束；"
            "{lead_class}{lead}",
        ),
        Text(
            "ProcessGroupNCCL's watchdog ends the whole process on purpose once a collective failed or timed out "
            "(TORCH_NCCL_ASYNC_ERROR_HANDLING), so that no rank computes on with inconsistent data: unless the error "
            "is a CUDA error of its own, this rank did not crash. Fix the rank named as the cause: one that died, or "
            "one outside the collective (a checkpoint save, evaluation or data loading on some ranks only, a "
            "collective under `if rank == 0`); raise the process-group timeout (init_process_group(timeout=...)) "
            "only for work that is slow by design.",
            "ProcessGroupNCCL 的 watchdog 在集合通信出错或超时后会有意结束整个进程（TORCH_NCCL_ASYNC_ERROR_HANDLING），"
            "以免各 rank 在不一致的数据上继续计算：除非错误是它自己的 CUDA 错误，该 rank 本身并没有崩溃。"
            "请修复被指出的那个 rank：已经退出的 rank，或不在集合通信中的 rank"
            "（只在部分 rank 上保存检查点、评估或加载数据，把集合通信写在 `if rank == 0` 里）；"
            "只有本来就慢的工作才需要调大进程组超时（init_process_group(timeout=...)）。",
        ),
    ),
    Entry(
        "rank-exit-code",
        "error",
        "hang",
        Text(
            "rank {rank} on {host} (pid {pid}) exited with code {code}",
            "{host} 上的 rank {rank}（pid {pid}）以退出码 {code} 退出",
        ),
        Text(
            "The rank's own error ended it: its traceback is in the job's output above (`distdoctor explain` on the "
            "log names known causes).",
            "rank 因自身错误退出：它的 traceback 在上方作业输出中（对日志运行 `distdoctor explain` 可识别已知原因）。",
        ),
    ),
    Entry(
        "nccl-ras-missing",
        "error",
        "hang",
        Text(
            "NCCL's RAS service got no data from rank(s) {ranks} ({how}): {processes}",
            "NCCL 的 RAS 服务没有收到 rank {ranks} 的数据（{how}）：{processes}",
        ),
        Text(
            "That process is stuck or gone: `py-spy dump --pid` it on its node (`distdoctor dump` there), check the "
            "node (`dmesg`, nvidia-smi for Xid errors); the other ranks wait on it until their timeout.",
            "该进程卡住或已退出：在它所在节点上对其运行 `py-spy dump --pid`（或在那里运行 `distdoctor dump`），"
            "检查该节点（`dmesg`、nvidia-smi 的 Xid 错误）；其他 rank 会一直等待它直到超时。",
        ),
    ),
    Entry(
        "hang-rank-dead",
        "error",
        "hang",
        Text(
            "rank(s) {ranks} on {host} are dead (pid {pids}) while rank(s) {waiting} wait for them",
            "{host} 上的 rank {ranks} 已经退出（pid {pids}），而 rank {waiting} 仍在等待它们",
        ),
        Text(
            "Find why the rank died: its log, `dmesg` (the OOM killer sends SIGKILL), the exit code; then end the "
            "job: the waiting ranks only give up at their timeout.",
            "查明该 rank 退出的原因：它的日志、`dmesg`（OOM killer 会发送 SIGKILL）、退出码；然后结束作业："
            "等待中的 rank 要到超时才会放弃。",
        ),
    ),
    Entry(
        "stack-permission-denied",
        "warning",
        "hang",
        Text(
            "cannot read the stack of pid {pid}: not allowed to attach (ptrace_scope {ptrace_scope})",
            "无法读取 pid {pid} 的调用栈：不允许附加（ptrace_scope {ptrace_scope}）",
        ),
        Text(
            "Run distdoctor as root or as the job's user; in Docker add `--cap-add SYS_PTRACE`, on Kubernetes "
            "`securityContext.capabilities.add: [SYS_PTRACE]`; or `sysctl kernel.yama.ptrace_scope=0`.",
            "以 root 或作业所属用户运行 distdoctor；Docker 中加 `--cap-add SYS_PTRACE`，Kubernetes 中设置 "
            "`securityContext.capabilities.add: [SYS_PTRACE]`；或执行 `sysctl kernel.yama.ptrace_scope=0`。",
        ),
    ),
    Entry(
        "py-spy-missing",
        "warning",
        "hang",
        Text("py-spy is not installed: the ranks' stacks cannot be read", "未安装 py-spy：无法读取各 rank 的调用栈"),
        Text(
            "`pip install py-spy` (a static binary wheel) in distdoctor's environment.",
            "在 distdoctor 所在环境中执行 `pip install py-spy`（静态二进制 wheel）。",
        ),
    ),
    Entry(
        "stack-unavailable",
        "warning",
        "hang",
        Text("cannot read the stack of pid {pid}: {stack_class}", "无法读取 pid {pid} 的调用栈：{stack_class}"),
        Text(
            "Run `py-spy dump --pid {pid}` by hand to see its message; a process in the kernel (state D) may not "
            "answer until its I/O ends.",
            "手动运行 `py-spy dump --pid {pid}` 查看其信息；处于内核态（D 状态）的进程在 I/O 结束前可能无法响应。",
        ),
    ),
    Entry(
        "hang-no-processes",
        "info",
        "hang",
        Text(
            "no torchrun agent nor torch.distributed rank found on {host}",
            "{host} 上没有找到 torchrun 代理或 torch.distributed rank",
        ),
        Text(
            "Run `distdoctor dump` on the node where the job runs, as root or the job's user (other users' "
            "environments cannot be read); or name the processes with --pid.",
            "在作业所在节点上以 root 或作业所属用户运行 `distdoctor dump`（无法读取其他用户进程的环境）；"
            "或用 --pid 指定进程。",
        ),
    ),
    Entry(
        "flight-recorder-mismatch",
        "error",
        "hang",
        Text(
            "torch's flight-recorder analyzer (torchfrtrace) on the dumps of ranks {ranks}: collective #{seq}: "
            "{analysis}",
            "torch 的 flight recorder 分析器（torchfrtrace）分析 rank {ranks} 的转储：第 {seq} 个集合通信：{analysis}",
        ),
        Text(
            "The culprit rank it names issued a different collective (or none) at that sequence number: look at "
            "its code path there; `torchfrtrace DIR -p PREFIX -v` shows every entry.",
            "分析器指出的 rank 在该序号处调用了不同的集合通信（或没有调用）：检查它在此处的代码路径；"
            "`torchfrtrace DIR -p PREFIX -v` 可显示全部记录。",
        ),
    ),
    Entry(
        "flight-recorder-clean",
        "info",
        "hang",
        Text(
            "torchfrtrace found no mismatch in the flight-recorder dumps of ranks {ranks}",
            "torchfrtrace 在 rank {ranks} 的 flight recorder 转储中没有发现不一致",
        ),
        Text(
            "The collectives agree up to the dump: the hang is in a rank's own code, its transport, or after the "
            "dump was written; see the stacks above.",
            "截至转储时各集合通信一致：卡住的原因在某个 rank 自己的代码、通信传输，或发生在转储之后；见上面的调用栈。",
        ),
    ),
    Entry(
        "flight-recorder-unreadable",
        "warning",
        "hang",
        Text(
            "torchfrtrace could not analyse the flight-recorder dumps of ranks {ranks}: {detail}",
            "torchfrtrace 无法分析 rank {ranks} 的 flight recorder 转储：{detail}",
        ),
        Text(
            "Run `torchfrtrace` on the dump folder by hand (same torch version as the job); the stacks above do "
            "not depend on it.",
            "手动对转储目录运行 `torchfrtrace`（使用与作业相同的 torch 版本）；上面的调用栈分析不依赖它。",
        ),
    ),
    Entry(
        "hang-node-unanswered",
        "warning",
        "hang",
        Text(
            "node_rank {missing} (of {expected} nodes) did not answer node 0's distdoctor run: their ranks are not "
            "in this verdict",
            "node_rank {missing}（共 {expected} 个节点）没有应答 node 0 上的 distdoctor run：它们的 rank 不在本结论中",
        ),
        Text(
            "Start the job with `distdoctor run -- torchrun ...` on those nodes too, and let them reach node 0 on "
            "TCP port {port} (MASTER_PORT + 1).",
            "在这些节点上也用 `distdoctor run -- torchrun ...` 启动作业，并允许它们通过 TCP 端口 {port}"
            "（MASTER_PORT + 1）连到 node 0。",
        ),
    ),
    Entry(
        "hang-all-waiting",
        "warning",
        "hang",
        Text(
            "every rank found on {host} (ranks {ranks}) waits in {op}; the other ranks: {missing}",
            "{host} 上找到的所有 rank（{ranks}）都在 {op} 中等待；其他 rank：{missing}",
        ),
        Text(
            "The rank that does not arrive is not among these: run `distdoctor dump` on the other nodes (or start "
            "the job with `distdoctor run` on every node for one verdict); if every rank waits in the same call, "
            "suspect the network between the nodes (`distdoctor check`).",
            "没有到达的 rank 不在其中：在其他节点上运行 `distdoctor dump`（或在每个节点上用 `distdoctor run` "
            "启动作业以得到统一结论）；如果所有 rank 都在同一个调用中等待，检查节点之间的网络（`distdoctor check`）。",
        ),
    ),
    Entry(
        "hang-in-user-code",
        "info",
        "hang",
        Text(
            "every rank on {host} (ranks {ranks}) is in its own code, none in torch.distributed: {frames}",
            "{host} 上的所有 rank（{ranks}）都在执行自己的代码，没有在 torch.distributed 中：{frames}",
        ),
        Text(
            "The job is not stuck in communication: look at the frames shown (a long step, I/O, a lock, a data "
            "loader); `py-spy dump --native --pid PID` shows native frames too.",
            "作业没有卡在通信上：查看显示的代码位置（耗时的步骤、I/O、锁、数据加载器）；"
            "`py-spy dump --native --pid PID` 还能显示原生调用栈。",
        ),
    ),
)
