"""Words that go into finding texts: where a value came from, and how a connection failed."""

from __future__ import annotations

from distdoctor.catalogue.entry import Lang, Text
from distdoctor.model import Source

_SOURCE_KIND: dict[str, Text] = {
    "flag": Text("flag {key}", "命令行参数 {key}"),
    "command": Text("the launch command's {key}", "启动命令中的 {key}"),
    "env": Text("environment variable {key}", "环境变量 {key}"),
    "slurm": Text("Slurm's {key}", "Slurm 的 {key}"),
    "openmpi": Text("OpenMPI's {key}", "OpenMPI 的 {key}"),
    "pytorchjob": Text("the Kubernetes PyTorchJob's {key}", "Kubernetes PyTorchJob 的 {key}"),
    "torchrun": Text("{key} set by torchrun", "torchrun 设置的 {key}"),
    "default": Text("torchrun's default", "torchrun 的默认值"),
    "log": Text("the log, {key}", "日志 {key}"),
}

_OUTCOME: dict[str, Text] = {
    "open": Text("open", "可连通"),
    "refused": Text("connection refused", "连接被拒绝"),
    "timed-out": Text("timed out: packets dropped", "超时：数据包被丢弃"),
    "no-route": Text("no route to host", "没有路由"),
    "unresolved": Text("name not resolved", "域名无法解析"),
    "error": Text("connect failed", "连接失败"),
    # How a launcher hands a script its local rank, and what the script accepts (finding local-rank-arg).
    "local-rank-dash-arg": Text("--local-rank=N", "--local-rank=N 参数"),
    "local-rank-env-only": Text(
        "no argument, only LOCAL_RANK in the environment", "不传参数，只设置环境变量 LOCAL_RANK"
    ),
    "no-local-rank-arg": Text("no local-rank argument", "不接受任何 local-rank 参数"),
    # Whether the launcher put its own argument before the script's (finding log-script-args-rejected).
    "launcher-args-first": Text(
        ": the launcher ran it with --local_rank=N before the script's own arguments",
        "：启动器在脚本自己的参数之前加上了 --local_rank=N",
    ),
    "args-as-given": Text("", ""),
    # Whether the rendezvous endpoint torchrun was given names a port (finding log-rendezvous-unfinished).
    "rdzv-port-absent": Text("; the endpoint it was given names no port", "；它得到的 rendezvous 端点没有写明端口"),
    "rdzv-port-given": Text("", ""),
    "no-dash-local-rank-arg": Text(
        "no --local-rank argument (perhaps --local_rank only)", "不接受 --local-rank 参数（可能只接受 --local_rank）"
    ),
    # What a hung rank's pasted stack shows it doing (finding log-rank-stuck-in-phase).
    "phase-data-loading": Text("waiting for its DataLoader's next batch", "在等待 DataLoader 的下一个批次"),
    "phase-checkpoint-save": Text("saving a checkpoint", "在保存检查点"),
    "phase-evaluation": Text("evaluating", "在做评估"),
    "phase-preprocessing": Text("tokenising or preprocessing data", "在做分词或数据预处理"),
    "phase-compile": Text("compiling (torch.compile)", "在编译（torch.compile）"),
    "phase-io-wait": Text(
        "waiting on I/O (a file system, a socket, a download)", "在等待 I/O（文件系统、套接字或下载）"
    ),
    # Why NCCL's watchdog took a rank down, and where to look instead (finding rank-nccl-abort).
    "abort-timeout": Text("a collective of its own timed out", "它自己的一个集合通信超时"),
    "abort-peer-timeout": Text(
        "another rank's collective timed out (signalled to every rank through the store)",
        "另一个 rank 的集合通信超时（已通过 store 通知所有 rank）",
    ),
    "abort-nccl-error": Text(
        "an NCCL error on its communicator (a peer that exited, or the network)",
        "其通信器上出现 NCCL 错误（某个对端已退出，或网络故障）",
    ),
    "abort-cuda-error": Text(
        "a CUDA error on its own GPU, caught by the watchdog", "其自身 GPU 上出现 CUDA 错误（由 watchdog 捕获）"
    ),
    "abort-watchdog-hang": Text(
        "its watchdog stopped making progress (an NCCL or CUDA call that hung, or a thread holding the GIL)",
        "其 watchdog 不再推进（某个 NCCL 或 CUDA 调用卡住，或有线程一直持有 GIL）",
    ),
    "abort-teardown": Text("an NCCL failure", "一次 NCCL 故障"),
    "abort-lead-died": Text(
        "a consequence, not a crash of its own: look first at the rank that ended before it, ",
        "这是后果，不是它自身的崩溃：请先查看在它之前结束的 rank，",
    ),
    "abort-lead-late": Text(
        "a consequence, not a crash of its own: look first at the rank last seen outside any collective, ",
        "这是后果，不是它自身的崩溃：请先查看最后一次采样时不在任何集合通信中的 rank，",
    ),
    "abort-lead-own": Text(
        "the failure is this rank's own: rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel",
        "故障出在该 rank 自身：用 CUDA_LAUNCH_BLOCKING=1 重新运行以找出出错的 kernel",
    ),
    "abort-lead-unknown": Text(
        "a consequence, not a crash of its own: look first at the rank that failed or stopped first (the job's "
        "first error above, or run's stall verdict)",
        "这是后果，不是它自身的崩溃：请先查看最先出错或停下的 rank（上方作业输出中的第一个错误，或 run 的卡住结论）",
    ),
    # Why py-spy gave no stack (hang/model.py StackError).
    "gone": Text("the process ended", "进程已结束"),
    "timeout": Text("py-spy did not answer in time", "py-spy 未在限定时间内响应"),
    "failed": Text("py-spy failed", "py-spy 执行失败"),
    # Why an RDMA address handle for a peer could not be made (finding log-rdma-address-unresolved), by its errno.
    "ah-no-device": Text(
        "the network interface behind the RoCE address (GID) it was given is not in this network namespace",
        "所给 RoCE 地址（GID）背后的网卡不在本网络命名空间中",
    ),
    "ah-timed-out": Text(
        "the peer's address did not answer (on RoCE no ARP reply from the GID's interface; on InfiniBand a port "
        "that is not ACTIVE, as without a subnet manager)",
        "对端地址没有应答（RoCE 上是 GID 所在网卡收不到 ARP 回复；"
        "InfiniBand 上是端口未处于 ACTIVE 状态，例如没有子网管理器）",
    ),
    "ah-no-route": Text("no route from the GID's interface to the peer's address", "GID 所在网卡没有到对端地址的路由"),
    "ah-other": Text("the GID or port it was given cannot reach the peer", "所给的 GID 或端口无法到达对端"),
    # The network an NCCL socket's type belongs to (finding log-nccl-net-transport-mixed; include/socket.h).
    "net-socket": Text("TCP sockets (NET/Socket)", "TCP socket（NET/Socket）"),
    "net-ib": Text("InfiniBand or RoCE (NET/IB)", "InfiniBand 或 RoCE（NET/IB）"),
    # Why colossalai run's node commands failed (finding log-colossalai-run-failed).
    "colossalai-hosts-local": Text(
        ": it took each of them for this machine, so all their commands ran here",
        "：它把这些主机都当成了本机，所以它们的命令都在这里运行了",
    ),
    "colossalai-run-failed": Text("", ""),
}


def encode_source(source: Source) -> str:
    """A Source as a finding param; `source_text` turns it back into words in any language."""
    return f"{source.kind}:{source.key}"


def source_text(encoded: str, lang: Lang) -> str:
    kind, _, key = encoded.partition(":")
    return _SOURCE_KIND[kind].get(lang).format(key=key)


# Words a rule puts in a param where the log gives no value of its own: the rule writes the English (which JSON keeps),
# and a report in another language shows that language's words for it.
PHRASES: dict[str, Text] = {
    "unsaid": Text("(the log does not say which)", "（日志没有说明是哪个）"),
    "another-process": Text("another process (the log does not say which)", "另一个进程（日志没有说明是哪个）"),
    "store-host": Text("the store's host name", "store 的主机名"),
    "none-in-log": Text("none in the log", "日志中没有"),
    "last-frame": Text("in the traceback's last frame", "在 traceback 的最后一帧中"),
    "each-try": Text("each try (torch retries it until its timeout)", "每次尝试（torch 会一直重试，直到超时）"),
    "its-timeout": Text("its timeout", "它的超时时间"),
    "ray-actor-worker": Text("a Ray actor's worker process", "一个 Ray actor 的 worker 进程"),
    "hostfile-none": Text(
        "it found none and started ranks on this node's GPUs only", "它没有找到主机文件，只在本节点的 GPU 上启动了 rank"
    ),
    "nccl-sigbus": Text(
        " (a SIGBUS in NCCL: a page of its segment had no memory behind it)",
        "（NCCL 中的 SIGBUS：其共享内存段的某一页没有实际内存）",
    ),
    "ray-shm-larger": Text(" (it is configured larger than /dev/shm)", "（它配置的大小超过了 /dev/shm）"),
    "ibv-reg-mr-old": Text(
        "ibv_reg_mr failed (NCCL before 2.13 does not say why; most often the locked-memory limit)",
        "ibv_reg_mr 失败（2.13 之前的 NCCL 不说明原因；最常见的是锁定内存上限）",
    ),
    "torchrun-same-flags": Text(
        "torchrun with the same flags (it sets LOCAL_RANK instead of passing --local-rank)",
        "参数相同的 torchrun（它设置 LOCAL_RANK，而不是传入 --local-rank）",
    ),
    "nccl-peer-refused": Text(
        "Connection refused: that host answered, but nothing listened on the port: the rank there had exited or "
        "never started (its node's log says why), or that node's network is broken (leave it out: --exclude)",
        "连接被拒绝：那台主机有应答，但该端口上没有进程在监听：那里的 rank 已经退出或从未启动（原因见该节点的日志），"
        "或者该节点的网络有故障（把它排除在外：--exclude）",
    ),
    # The part of NCCL a known bug is in, and the release that fixed it (finding log-nccl-known-bug).
    "rem-allocator": Text(
        "its bootstrap remote allocator ([Rem Allocator], NCCL 2.8 to 2.11)",
        "其 bootstrap 远程分配器（[Rem Allocator]，NCCL 2.8 至 2.11）",
    ),
    "rem-allocator-fixed": Text("NCCL 2.12 or newer, which replaced it", "NCCL 2.12 或更新版本（它替换了该分配器）"),
    "nic-fusion-search": Text(
        "its topology search, whose fallback names a network device that NIC fusion removed (NCCL 2.24 to 2.26, "
        "NVIDIA/nccl#1748)",
        "其拓扑搜索（其回退路径引用了一个已被 NIC 融合移除的网络设备，NCCL 2.24 至 2.26，NVIDIA/nccl#1748）",
    ),
    "newer-nccl-for-gpu": Text("a newer NCCL release that supports this GPU", "支持这块 GPU 的更新 NCCL 版本"),
}
_PHRASE_OF = {text.en: text for text in PHRASES.values()}


def phrase_text(value: str, lang: Lang) -> str:
    """A param's value in `lang` where it is one of PHRASES, else the value as it is (the log's own words)."""
    text = _PHRASE_OF.get(value)
    return text.get(lang) if text else value


def outcome_text(outcome: str, lang: Lang) -> str:
    text = _OUTCOME.get(outcome)
    return text.get(lang) if text else outcome


UI: dict[str, Text] = {
    "error": Text("error", "错误"),
    "warning": Text("warning", "警告"),
    "info": Text("info", "提示"),
    "evidence": Text("evidence", "证据"),
    "fix": Text("fix", "修复"),
    "note": Text("note", "说明"),
    "config": Text("config", "配置"),
    "measured": Text("measured", "实测"),
    "read_logs": Text("read", "已读取"),
    "log_input": Text("{source} ({lines} lines{more})", "{source}（{lines} 行{more}）"),
    "gathered": Text(
        "{arrived}/{expected} nodes reported in {waited} s", "{arrived}/{expected} 个节点在 {waited} 秒内报到"
    ),
    "mesh_line": Text("mesh: {pairs} pairs probed in {seconds} s", "连通性网格：{seconds} 秒内探测了 {pairs} 对"),
    "verdict_for": Text(
        "verdict for {n} nodes, from node_rank 0 ({host})", "{n} 个节点的统一结论，来自 node_rank 0（{host}）"
    ),
    "smoke_ranks": Text(
        "{reported}/{world} ranks reported from {hosts} · backend {backend}",
        "{reported}/{world} 个 rank 报告了结果，来自 {hosts} · 后端 {backend}",
    ),
    "smoke_steps": Text("steps (slowest rank)", "各步骤（最慢的 rank）"),
    "smoke_links": Text("links from rank 0", "rank 0 到各节点的链路"),
    "smoke_bandwidth": Text(
        "all_reduce bandwidth, as nccl-tests reports it (mean over ranks)",
        "all_reduce 带宽，按 nccl-tests 的算法（各 rank 平均）",
    ),
    "healthy": Text("healthy: no problem found", "健康：未发现问题"),
    "verdict_errors": Text(
        "{errors} error(s), {warnings} warning(s): fix the errors before launching",
        "{errors} 个错误，{warnings} 个警告：请先修复错误再启动",
    ),
    "verdict_hang": Text(
        "{errors} error(s), {warnings} warning(s): where the job is stuck, and the fix, above",
        "{errors} 个错误，{warnings} 个警告：作业卡住的位置和修复方法见上",
    ),
    "verdict_warnings": Text("no errors, {warnings} warning(s)", "没有错误，{warnings} 个警告"),
    # explain reads what already failed: "before launching" and "healthy" would not fit.
    "verdict_errors_explain": Text(
        "{errors} error(s), {warnings} warning(s) in these logs: fix the cause, then relaunch",
        "日志中有 {errors} 个错误、{warnings} 个警告：修复原因后再重新启动",
    ),
    # Notes (INFO findings) alone are no failure either: "healthy" would not fit a log that may have stopped in a hang.
    "verdict_unknown_explain": Text(
        "no failure found in these logs: if the job hung, they stop before showing why; "
        "`distdoctor dump` on its nodes shows where each rank waits",
        "这些日志中没有发现失败：如果作业卡住了，日志在显示原因之前就结束了；在其节点上运行 `distdoctor dump` "
        "可查看每个 rank 在哪里等待",
    ),
    "exit": Text("exit code {code}", "退出码 {code}"),
    "single_node": Text("single-node job", "单节点作业"),
    "multi_node": Text("node_rank {rank} of {nnodes} nodes", "{nnodes} 个节点中的 node_rank {rank}"),
    "on_host": Text("on {host}", "主机 {host}"),
    # The HTML report's headings and labels.
    "findings": Text("Findings", "发现的问题"),
    "no_findings": Text("No findings.", "未发现问题。"),
    "more_evidence": Text("more evidence", "更多证据"),
    "node_facts": Text("Per-node facts", "各节点信息"),
    "facts_differ": Text("highlighted: a value that differs from most nodes'", "高亮：与多数节点不同的取值"),
    "fact": Text("fact", "项目"),
    "value": Text("value", "取值"),
    "values_by_node": Text("values (nodes that have each)", "取值（各取值所在的节点）"),
    "n_nodes": Text("{n} nodes", "{n} 个节点"),
    "one_node": Text("1 node", "1 个节点"),
    "n_distinct": Text("{n} distinct values", "{n} 个不同取值"),
    "mesh_title": Text("Connectivity: row connects to column", "连通性：行节点连接列节点"),
    "mesh_probed": Text(
        "{pairs} pairs probed in {seconds} s, {failed} failed", "{seconds} 秒内探测了 {pairs} 对，{failed} 对失败"
    ),
    "mesh_summarised": Text(
        "{n} nodes: too many to draw every pair; the pairs that failed are counted and listed",
        "{n} 个节点：节点对太多，不逐一绘制；只统计并列出失败的节点对",
    ),
    "mesh_by_outcome": Text("failed pairs by outcome", "按结果统计的失败节点对"),
    "mesh_worst": Text("nodes in most failed pairs", "失败节点对中出现最多的节点"),
    "mesh_pairs_shown": Text("first {shown} of {total} failed pairs", "{total} 对失败中的前 {shown} 对"),
    "from": Text("from", "源"),
    "to": Text("to", "目标"),
    "outcome": Text("outcome", "结果"),
    "count": Text("count", "数量"),
    "node": Text("node", "节点"),
    "not_probed": Text("not probed", "未探测"),
    "flaky": Text("flaky: some probes failed", "不稳定：部分探测失败"),
    "self": Text("itself", "自身"),
    "bandwidth_plot": Text(
        "all_reduce busbw against message size, per rank", "各 rank 的 all_reduce busbw 随消息大小变化"
    ),
    "message_size": Text("message size (bytes)", "消息大小（字节）"),
    "ranks_title": Text("Ranks", "各 rank"),
    "rank": Text("rank", "rank"),
    "host": Text("host", "主机"),
    "hang_title": Text("Where each process is", "各进程所处的位置"),
    "failed_steps": Text("failed steps", "失败的步骤"),
    "finished": Text("finished", "完成"),
    "yes": Text("yes", "是"),
    "no": Text("no", "否"),
    "logs_title": Text("Logs read", "已读取的日志"),
    "hosts_title": Text("Hosts reached over ssh", "通过 ssh 访问的主机"),
    "exit_status": Text("exit status", "退出状态"),
    "seconds": Text("time", "耗时"),
    "source": Text("source", "来源"),
    "lines": Text("lines", "行数"),
    "last_error_lines": Text("last error-looking lines", "最后几行疑似错误的日志"),
    "generated": Text("generated by distdoctor {version}", "由 distdoctor {version} 生成"),
    # Said once when a multi-node check or run goes ahead without a secret (docs/security.md).
    "no_secret": Text(
        "no secret: anyone who can reach port {port} can pose as a node (send a false report) and read what node 0"
        " serves; set the same DISTDOCTOR_SECRET on every node, or pipe it to --secret-stdin (docs/security.md)",
        "未设置密钥：能连到端口 {port} 的任何人都可以冒充节点（发送伪造的报告）并读取 node 0 提供的信息；"
        "请在每个节点上设置相同的 DISTDOCTOR_SECRET，或通过管道传给 --secret-stdin（见 docs/security.md）",
    ),
}


def ui(key: str, lang: Lang, **params: object) -> str:
    return UI[key].get(lang).format(**params)
