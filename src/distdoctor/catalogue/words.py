"""Words that go into finding texts: where a value came from, and how a connection failed."""

from __future__ import annotations

import re

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
    # where a file was missing: the frame that raised it, or the program that reported it (finding log-file-missing)
    "in-frame": Text("in {file}:{line} ({func})", "在 {file}:{line}（{func}）中"),
    "as-reported": Text("as {who} reported it", "据 {who} 报告"),
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
    # Templates: a {name} is a value the log gave (or another phrase), read back in the report's language.
    # Who or what lacks a name of its own in the line (findings log-rank-oom-likely, log-ib-retry-exceeded, ...).
    "a-process": Text("a process", "某个进程"),
    "a-process-pid": Text("a process (pid {pid})", "某个进程（pid {pid}）"),
    "a-peer": Text("a peer", "某个对端"),
    "a-host": Text("a host", "某台主机"),
    "this-node": Text("this node", "本节点"),
    # log-address-family
    "gloo-family-mixed": Text(
        "gloo's own address is {own} and its peer's {peer}", "gloo 自己的地址是 {own}，而对端的地址是 {peer}"
    ),
    # log-collective-mismatch
    "gloo-size-posted": Text(
        "gloo received {got} bytes where {want} were posted (a different collective, or the same one with another "
        "tensor size)",
        "gloo 收到了 {got} 字节，而接收方准备的是 {want} 字节（集合通信不同，或同一集合通信的张量大小不同）",
    ),
    "socket-size-posted": Text(
        "NCCL NET/Socket received {got} bytes from {peer} where {want} were posted (different sizes, or "
        "NCCL_PROTO/NCCL_ALGO differing between ranks)",
        "NCCL NET/Socket 从 {peer} 收到了 {got} 字节，而本端准备接收的是 {want} 字节"
        "（大小不同，或各 rank 的 NCCL_PROTO/NCCL_ALGO 不一致）",
    ),
    "ib-size-posted": Text(
        "NCCL NET/IB posted {local} bytes here where peer {peer} posted {remote} (different sizes, or "
        "NCCL_PROTO/NCCL_ALGO differing between ranks)",
        "NCCL NET/IB 在本端提交了 {local} 字节，而对端 {peer} 提交了 {remote} 字节"
        "（大小不同，或各 rank 的 NCCL_PROTO/NCCL_ALGO 不一致）",
    ),
    "horovod-subset": Text(
        "Horovod saw tensors submitted by only some of the ranks, which wait for the others",
        "Horovod 发现只有部分 rank 提交了张量，这些 rank 在等待其他 rank",
    ),
    "accelerate-shapes": Text(
        "accelerate found tensors of different shapes on the processes", "accelerate 发现各进程上的张量形状不同"
    ),
    "rank-runs": Text("rank {rank} runs {op}", "rank {rank} 在运行 {op}"),
    "rank-runs-shape": Text("rank {rank} runs {op} of shape {shape}", "rank {rank} 在运行形状为 {shape} 的 {op}"),
    "ranks-run": Text(
        "rank {a} runs {op_a}, rank {b} runs {op_b} (sequence number {seq})",
        "rank {a} 在运行 {op_a}，rank {b} 在运行 {op_b}（序号 {seq}）",
    ),
    # torch before 2.1 prints no sequence number in the fingerprint
    "ranks-run-unnumbered": Text(
        "rank {a} runs {op_a}, rank {b} runs {op_b}", "rank {a} 在运行 {op_a}，rank {b} 在运行 {op_b}"
    ),
    "work-elements-differ": Text(
        "collective #{n}, a {op}, had {x} elements on rank {a} and {y} on rank {b}",
        "集合通信 #{n}（{op}）在 rank {a} 上有 {x} 个元素，在 rank {b} 上有 {y} 个",
    ),
    "work-op-differs": Text(
        "collective #{n} was {op_a} on rank {a} and {op_b} on rank {b}",
        "集合通信 #{n} 在 rank {a} 上是 {op_a}，在 rank {b} 上是 {op_b}",
    ),
    # log-container-no-gpu-runtime
    "cdi-unlisted": Text("no CDI spec on this node lists {devices}", "本节点上没有任何 CDI 规格文件列出 {devices}"),
    "device-plugin-no-driver": Text(
        "the Kubernetes device plugin found no NVIDIA driver (Failed to initialize NVML)",
        "Kubernetes 的 device plugin 没有找到 NVIDIA 驱动（Failed to initialize NVML）",
    ),
    # log-cuda-driver-too-old and log-gpu-arch-unsupported: whose GPU code it is, and what the driver supports
    "this-nccl-build": Text("this NCCL build", "此 NCCL 构建"),
    "this-torch-build": Text("this torch build", "此 torch 构建"),
    "job-cuda-runtime": Text("the CUDA runtime this job loads", "本作业加载的 CUDA runtime"),
    "job-gpu-code": Text("the GPU code this job loads", "本作业加载的 GPU 代码"),
    "this-container-image": Text("this container image", "此容器镜像"),
    "driver-cuda-nccl": Text(
        " (the driver supports CUDA {found}, NCCL needs {need})", "（驱动支持的 CUDA 版本为 {found}，NCCL 需要 {need}）"
    ),
    "driver-cuda": Text(" (the driver supports CUDA {cuda})", "（驱动支持的 CUDA 版本为 {cuda}）"),
    "container-cuda-needs": Text(
        " (nvidia-container-cli: it needs {condition})", "（nvidia-container-cli：它需要 {condition}）"
    ),
    "rank-code-cuda": Text(
        "the code this rank ran (torch, NCCL or a CUDA extension)", "该 rank 运行的代码（torch、NCCL 或某个 CUDA 扩展）"
    ),
    "rank-code-hip": Text(
        "the code this rank ran (torch, RCCL or a HIP extension)", "该 rank 运行的代码（torch、RCCL 或某个 HIP 扩展）"
    ),
    "gpu-compute-capability": Text(" ({gpu}, compute capability {cc})", "（{gpu}，计算能力 {cc}）"),
    # log-ddp-model-differs
    "ddp-parameter-counts": Text(
        " (rank {a} has {n} parameters, rank {b} has {m})", "（rank {a} 有 {n} 个参数，rank {b} 有 {m} 个）"
    ),
    "ddp-parameter-differs": Text(
        " (a parameter's {what} differ between rank {low} and rank {high})",
        "（某个参数的 {what} 在 rank {low} 与 rank {high} 之间不同）",
    ),
    # log-fabric-manager-down
    "fabric-manager-mismatch": Text(
        " (its driver interface version {found} doesn't match with driver version {driver})",
        "（其 driver interface version {found} doesn't match with driver version {driver}）",
    ),
    "fabric-manager-exited": Text(
        " (nvidia-fabricmanager.service exited with status {status})",
        "（nvidia-fabricmanager.service 以状态 {status} 退出）",
    ),
    # log-gcp-gpudirect-tcpx-failed
    "tcpx-importer": Text(
        "its daemon could not open /dev/dmabuf_import_helper: the import helper module is not loaded on the node, or "
        "the device was not given to the daemon's container",
        "它的守护进程无法打开 /dev/dmabuf_import_helper：节点上没有加载 import helper 模块，"
        "或者没有把该设备交给守护进程的容器",
    ),
    "tcpx-rxdm": Text("its daemon did not answer: {rxdm}", "它的守护进程没有应答：{rxdm}"),
    "tcpx-enforced": Text(
        "the node's guest config enforces another value: {enforced}", "节点的 guest config 强制使用另一个值：{enforced}"
    ),
    "tcpx-socket-missing": Text(
        "its daemon's socket under /run/tcpx is not there", "它的守护进程在 /run/tcpx 下的 socket 不存在"
    ),
    "tcpx-no-interface": Text("no interface of its list found", "它列出的网卡一个也没有找到"),
    # log-gdrcopy-unavailable
    "gdrcopy-older": Text("a GDRCopy older than {version}", "GDRCopy 版本低于 {version}"),
    # log-gloo-loopback
    "gloo-fallback-warning": Text(
        " (gloo's warning: the hostname has no local address)", "（gloo 的警告：主机名没有对应的本地地址）"
    ),
    "gloo-hostname-loopback": Text(
        " (the hostname resolves to {addr}, on no interface of its own)",
        "（主机名解析为 {addr}，而它不在本机的任何网卡上）",
    ),
    "gloo-peer-loopback": Text(" (a peer advertised {addr})", "（某个对端通告了 {addr}）"),
    # log-gpu-hardware-fault
    "cuda-unknown-midrun": Text(
        " (CUDA error: unknown error, raised while its work ran)", "（CUDA error: unknown error，在其任务运行期间抛出）"
    ),
    "xid-on": Text(" (Xid {xid} on {dev})", "（{dev} 上的 Xid {xid}）"),
    "xid-unhealthy": Text(
        " (Xid {xid} on {dev}: the device plugin marked it unhealthy)",
        "（{dev} 上的 Xid {xid}：device plugin 已把它标记为不健康）",
    ),
    "rocm-gpu-fault": Text(" (ROCm: {reason} on GPU node-{node})", "（ROCm：GPU node-{node} 上的 {reason}）"),
    "smi-gpu-unreachable": Text(
        " (nvidia-smi cannot reach the GPU at {pci})", "（nvidia-smi 无法访问位于 {pci} 的 GPU）"
    ),
    # log-gpu-memory-taken
    "gpu-memory-free": Text("{free} of {total} GiB free", "{total} GiB 中只有 {free} GiB 空闲"),
    "sglang-memory-unequal": Text("sglang found the GPUs' free memory unequal", "sglang 发现各 GPU 的空闲显存不一致"),
    # log-host-ip-guessed
    "host-ip-ignored": Text(
        " (HOST_IP was set, and this release ignores it)", "（设置了 HOST_IP，但这个版本会忽略它）"
    ),
    "host-ip-none": Text(" and found none", "，但没有找到"),
    # log-ib-completion-error, log-ib-retry-exceeded, log-ib-hca-fatal, log-roce-gid-changed
    "peer-dump-unsaid": Text("a peer the dump does not name", "某个对端（dump 中没有指明）"),
    "peer-event-unsaid": Text("a peer the event does not name", "某个对端（该事件没有指明）"),
    "peer-ucx-unsaid": Text("a peer UCX does not name", "某个对端（UCX 没有指明）"),
    "peer-ompi-below": Text("a peer (Open MPI names its host below)", "某个对端（Open MPI 在下方给出了它的主机）"),
    "mlx5-dump-below": Text("(in mlx5's dump below this line)", "（见这一行下方 mlx5 的 dump）"),
    "on-host": Text(" (on {host})", "（在 {host} 上）"),
    "queue-event": Text(" (an asynchronous event on {queue})", "（{queue} 上的一个异步事件）"),
    "queue-event-dev": Text(" (an asynchronous event on {queue} of {dev})", "（{dev} 的 {queue} 上的一个异步事件）"),
    "a-queue": Text("a queue", "某个队列"),
    "hca-unsaid": Text("an HCA (the line does not name it)", "某个 HCA（日志行没有指明）"),
    "line-unsaid": Text("(the line does not name it)", "（日志行没有指明）"),
    # log-ib-link-layer-mixed
    "remote-port-and": Text("a remote {remote} port and {local}", "远端的 {remote} 端口与本地的 {local}"),
    # log-job-cancelled: why Slurm cancelled it, and what to do (the advice by Slurm's reason)
    "due-to": Text("due to {why}", "原因：{why}"),
    "due-to-time-limit": Text("due to time limit", "原因：超出时间限制"),
    "due-to-node-failure": Text("due to node failure", "原因：节点故障"),
    "due-to-a-node-failure": Text("due to a node failure", "原因：节点故障"),
    "due-to-preemption": Text("due to preemption", "原因：被抢占"),
    "due-to-task-failure": Text("due to task failure", "原因：任务失败"),
    "cancelled-by-hand": Text("by scancel or an administrator", "由 scancel 或管理员取消"),
    "its-nodes": Text("its nodes", "它的节点"),
    "srun-step": Text("(srun's step)", "（srun 的作业步）"),
    "slurm-time-limit": Text(
        "ask for more time (#SBATCH --time) or checkpoint and resubmit with --requeue",
        "申请更长的时间（#SBATCH --time），或保存检查点后用 --requeue 重新提交",
    ),
    "slurm-node-failure": Text(
        "the node failed under the job: sinfo -R names why; leave it out (--exclude) and resubmit",
        "节点在作业运行期间发生故障：sinfo -R 会给出原因；把它排除在外（--exclude）后重新提交",
    ),
    "slurm-preemption": Text(
        "a job of higher priority took the nodes: use a partition without preemption, or checkpoint and --requeue",
        "更高优先级的作业抢占了这些节点：使用不允许抢占的分区，或保存检查点并使用 --requeue",
    ),
    "slurm-task-failure": Text(
        "a task of the step failed first and Slurm ended the others: that task's own error, above this line, says why",
        "作业步中的一个任务先失败了，Slurm 随后结束了其他任务：该任务自己的错误（在这一行之上）会说明原因",
    ),
    "slurm-who-cancelled": Text(
        "sacct -j JOB shows who cancelled it and when", "sacct -j JOB 会显示是谁在什么时候取消了它"
    ),
    # log-launch-env-missing
    "python-module": Text("the Python module {module}", "Python 模块 {module}"),
    "the-command": Text("the command {cmd}", "命令 {cmd}"),
    "the-interpreter": Text("the interpreter {interp}", "解释器 {interp}"),
    # log-launcher-hosts-unreachable
    "no-common-interface": Text(
        " (no interface common to all hosts routes between them)", "（所有主机共有的网卡中，没有一个能在它们之间路由）"
    ),
    # log-launcher-master-addr-empty
    "hostfile-first": Text("the first host of the hostfile", "（hostfile 中的第一台）"),
    # log-lightning-layout-mismatch
    "lightning-ntasks": Text(
        "Slurm's --ntasks={ntasks}, which Lightning does not read: it needs --ntasks-per-node",
        "Slurm 的 --ntasks={ntasks}，Lightning 不读取它：它需要 --ntasks-per-node",
    ),
    "lightning-trainer-slurm": Text(
        "{what}={set} in the Trainer, {flag}={slurm} in Slurm", "Trainer 中是 {what}={set}，Slurm 中是 {flag}={slurm}"
    ),
    "lightning-trainer-world": Text(
        "devices={d} x num_nodes={n} in the Trainer, a world size of {world} from torchrun",
        "Trainer 中是 devices={d} x num_nodes={n}，torchrun 给出的 world size 是 {world}",
    ),
    # log-memlock-too-low
    "registration-enomem": Text(
        "{who}'s memory registration failed: Cannot allocate memory", "{who} 的内存注册失败：Cannot allocate memory"
    ),
    "ucx-enomem-limit": Text(
        "{call} failed: Cannot allocate memory with a limit of {limit} KiB (UCX)",
        "{call} 失败：Cannot allocate memory（上限为 {limit} KiB，UCX）",
    ),
    "mpi-ofi-enomem": Text("MPI's OFI endpoint: Cannot allocate memory", "MPI 的 OFI 端点：Cannot allocate memory"),
    "job-process": Text("a process of the job", "作业中的某个进程"),
    # log-mpi-daemon-missing
    "daemon-not-on-path": Text("did not find it on its PATH", "在它的 PATH 中找不到它"),
    "daemon-library-missing": Text(
        "found it, but not its library {lib} (LD_LIBRARY_PATH)", "找到了它，但找不到它的库 {lib}（LD_LIBRARY_PATH）"
    ),
    # log-mpi-launch-failed
    "mpi-daemon-no-callback": Text(
        "a daemon it started never connected back to mpirun", "它启动的某个守护进程始终没有回连 mpirun"
    ),
    "mpi-pair-no-transport": Text(
        "two ranks had no transport that reaches the other", "有两个 rank 之间没有能到达对方的传输方式"
    ),
    "mpi-tcp-connect-failed": Text(
        "a rank's TCP connect to a peer failed (an address the peer cannot reach, such as docker0's)",
        "某个 rank 到对端的 TCP 连接失败（用了对端无法到达的地址，例如 docker0 的地址）",
    ),
    "mpi-daemons-unstarted": Text(
        "{who} could not start its daemons on one or more nodes", "{who} 无法在一个或多个节点上启动它的守护进程"
    ),
    "hydra-unresolved": Text(
        "{host} does not resolve where Hydra's proxy runs", "在 Hydra 代理运行的地方无法解析 {host}"
    ),
    "hydra-connect": Text(
        "Hydra's proxy could not connect to {server} port {port}", "Hydra 的代理无法连接到 {server} 的端口 {port}"
    ),
    "impi-bootstrap-proxy": Text(
        "Intel MPI could not start its bootstrap proxy on {host}", "Intel MPI 无法在 {host} 上启动它的 bootstrap 代理"
    ),
    # log-nccl-algo-unparsed
    "algo-no-prefix": Text(
        "an entry after the first has no collective: prefix", "第一项之后的某一项没有 collective: 前缀"
    ),
    "algo-not-algorithm": Text('"{token}" is no algorithm or protocol', '"{token}" 不是算法或协议'),
    "algo-not-collective": Text('"{token}" is no collective', '"{token}" 不是集合通信'),
    # log-nccl-connect-failed and master-no-route: the address NCCL or torch connected to, and why it cannot work
    "peer-line-unsaid": Text("a peer (the line does not say which)", "某个对端（日志行没有说明是哪个）"),
    "nccl-loopback": Text(
        "{error}: a loopback address, which only its own host reaches: NCCL was given or chose lo",
        "{error}：这是回环地址，只有它自己的主机能访问：NCCL 被指定了或自己选择了 lo",
    ),
    "nccl-link-local": Text(
        "{error}: a link-local address (fe80::/10, 169.254.0.0/16), which no other host routes to: NCCL chose an "
        "interface (a veth or bridge one, often) whose only address is link-local",
        "{error}：这是链路本地地址（fe80::/10、169.254.0.0/16），其他主机都无法路由到它："
        "NCCL 选择了一个只有链路本地地址的网卡（通常是 veth 或网桥）",
    ),
    "nccl-retry-link-local": Text(
        "a link-local address, which only its own link reaches: NCCL is using an interface it should not",
        "这是链路本地地址，只有同一链路上的主机能访问：NCCL 正在使用一个它不该用的网卡",
    ),
    "link-local": Text(
        "{error}: a link-local address, which only its own link reaches",
        "{error}：这是链路本地地址，只有同一链路上的主机能访问",
    ),
    "nccl-gave-up": Text("gave up after {n} {what}", "{n} 次 {what} 后放弃"),
    # log-nccl-invalid-argument
    "own-spawn": Text(
        "; the traceback shows the script starting a worker per GPU itself (torch.multiprocessing.spawn): started by "
        "a launcher that does the same, every launched process spawns a full set, more ranks than GPUs",
        "；traceback 显示脚本自己为每块 GPU 启动一个 worker（torch.multiprocessing.spawn）："
        "再由同样这样做的启动器启动时，每个被启动的进程都会再启动一整套，rank 数就多于 GPU 数",
    ),
    # log-nccl-known-bug: more of its components, details and releases
    "shared-mem-arch": Text(
        "its kernels, built to use more shared memory per block than this GPU offers (CUDA architecture {arch})",
        "其内核（构建时设定的每个 block 的共享内存超过了这块 GPU 所能提供的；CUDA 架构 {arch}）",
    ),
    "shared-mem-2-25": Text(
        "its kernels, built to use more shared memory per block than this GPU offers (NCCL 2.25, on GPUs such as "
        "consumer Blackwell)",
        "其内核（构建时设定的每个 block 的共享内存超过了这块 GPU 所能提供的；NCCL 2.25，在消费级 Blackwell 等 GPU 上）",
    ),
    "shared-mem-wanted": Text("{want} bytes wanted, {have} available", "需要 {want} 字节，可用 {have} 字节"),
    "nic-not-pci": Text(
        "its topology detection of a network device that is not on PCI ({kind}; NVIDIA/nccl#1125)",
        "其对不在 PCI 上的网络设备的拓扑检测（{kind}；NVIDIA/nccl#1125）",
    ),
    "memcpy-race": Text(
        "the transport setup of release {version}, which used a device address before the asynchronous copy that "
        "fetched it had finished (NVIDIA/nccl#957)",
        "{version} 版本的传输建立过程（它在取回设备地址的异步拷贝完成之前就使用了该地址，NVIDIA/nccl#957）",
    ),
    "nccl-1": Text(
        "NCCL {version} (NCCL 1.x, the single-node, single-process library NCCL 2 replaced)",
        "NCCL {version}（NCCL 1.x，已被 NCCL 2 取代的单节点、单进程库）",
    ),
    "nccl-tests-built-with": Text("nccl-tests compiled with NCCL {version}", "用 NCCL {version} 编译的 nccl-tests"),
    "nccl-2-any": Text(
        "NCCL 2 (any current release: NCCL 1 never ran across nodes)",
        "NCCL 2（任何现行版本均可：NCCL 1 从来不能跨节点运行）",
    ),
    "nccl-or-newer": Text("NCCL {version} or newer", "NCCL {version} 或更新版本"),
    # log-nccl-ofi-gpu-register, log-nccl-ofi-request-error
    "efa-sync-memops": Text(
        "libfabric's EFA provider could not set CUDA sync memops", "libfabric 的 EFA provider 无法设置 CUDA sync memops"
    ),
    "ofi-device": Text("aws-ofi-nccl, device {dev}", "aws-ofi-nccl，设备 {dev}"),
    "ofi-device-error": Text(
        "aws-ofi-nccl, device {dev}: RC {rc}, {error}", "aws-ofi-nccl，设备 {dev}：RC {rc}，{error}"
    ),
    "ofi-no-peer-address": Text(" (no address for the peer on device {dev})", "（设备 {dev} 上没有该对端的地址）"),
    "ofi-no-peer-address-rc": Text(
        " (no address for the peer on device {dev}: {rc})", "（设备 {dev} 上没有该对端的地址：{rc}）"
    ),
    # log-no-gpu-visible
    "torchrun-found-none": Text(
        " (torchrun --nproc-per-node=gpu found none)", "（torchrun --nproc-per-node=gpu 一块也没有找到）"
    ),
    "deepspeed-found-none": Text(" (DeepSpeed's launcher found none)", "（DeepSpeed 的启动器一块也没有找到）"),
    "apptainer-no-libraries": Text(
        " (apptainer --nv found no NVIDIA libraries on this host)", "（apptainer --nv 在本主机上没有找到 NVIDIA 库）"
    ),
    "lightning-accelerator": Text(" (Lightning: {acc} is not available)", "（Lightning：{acc} 不可用）"),
    "libcuda-missing": Text(" ({lib}, the NVIDIA driver's library, is not there)", "（NVIDIA 驱动的库 {lib} 不存在）"),
    "no-nvidia-driver": Text(
        " (no NVIDIA driver: Found no NVIDIA driver on your system)",
        "（没有 NVIDIA 驱动：Found no NVIDIA driver on your system）",
    ),
    # log-nvshmem-transport-failed
    "nvshmem-transport": Text(" (its {transport} transport failed to start)", "（它的 {transport} 传输没能启动）"),
    "nvshmem-no-transport": Text(" (no transport started)", "（没有任何传输启动）"),
    "nvshmem-doorbell": Text(
        " (the GPU may not map the NIC's doorbell: the driver lacks PeerMappingOverride)",
        "（GPU 不能映射网卡的 doorbell：驱动缺少 PeerMappingOverride）",
    ),
    "nvshmem-nic-buffers": Text(
        " (NIC {nic} could register none of its buffers: no GPUDirect RDMA, or the memlock limit)",
        "（网卡 {nic} 的缓冲区一个也注册不了：没有 GPUDirect RDMA，或受锁定内存上限所限）",
    ),
    "nvshmem-no-verbs": Text(" (libibverbs is not in this image)", "（此镜像中没有 libibverbs）"),
    # log-p2p-hang-likely
    "nccl-setup-step": Text("in NCCL's setup ({stage} step)", "NCCL 的建立阶段（{stage} 步骤）"),
    "before-first-result": Text("before nccl-tests' first result", "nccl-tests 给出第一个结果之前"),
    # log-peer-closed
    "mpi-peer-hung-up": Text(
        "Open MPI: an MPI peer process disconnected unexpectedly", "Open MPI：某个 MPI 对端进程意外断开了连接"
    ),
    # log-pmix-shared-store-failed
    "pmix-base-address": Text("{shmem}: a different base address", "{shmem}：基地址不同"),
    # log-pyxis-container-failed
    "pyxis-its-log": Text("{detail}; its log: {quoted}", "{detail}；其日志：{quoted}"),
    # log-rank-oom-killed
    "slurm-step-memory": Text(
        " (Slurm: the step passed its memory limit, {used} > {limit})",
        "（Slurm：作业步超出了内存上限，{used} > {limit}）",
    ),
    "slurm-step-virtual-memory": Text(
        " (Slurm: the step passed its virtual memory limit, {used} > {limit})",
        "（Slurm：作业步超出了虚拟内存上限，{used} > {limit}）",
    ),
    "kubelet-oom": Text(" (the node's kernel, as the kubelet reported it)", "（节点的内核，据 kubelet 报告）"),
    "ray-memory-monitor": Text(
        " (Ray's memory monitor, at the node's RAM threshold)", "（Ray 的内存监视器，在节点内存达到阈值时）"
    ),
    "ray-workers-n": Text("{n} Ray worker(s)", "{n} 个 Ray worker"),
    "ray-task-or-actor": Text("a Ray task or actor", "某个 Ray task 或 actor"),
    "the-container": Text("the container", "容器"),
    "slurm-who": Text("Slurm's {who}", "Slurm 的 {who}"),
    "task-on-node": Text("task {task} on {node}", "{node} 上的 task {task}"),
    # log-ray-head-unreachable
    "ray-none-started": Text(
        ": no Ray was started on this host, and no address was given", "：本主机上没有启动 Ray，也没有给出地址"
    ),
    "ray-head-at": Text(" at {addr}", "（地址 {addr}）"),
    "ray-head-within": Text(" within {seconds} s", "（{seconds} 秒内）"),
    # log-ray-node-dead: a node the line names by its id alone
    "ray-node-id": Text("node id {id}", "节点 id {id}"),
    # log-shm-too-small: UCX's shared-memory transport
    "ucx-receive-fifo": Text(" (its shared-memory transport's receive FIFO)", "（其共享内存传输的接收 FIFO）"),
    # log-dataloader-worker-died: the worker's pid, and the signal or exit code its main process saw
    "worker-pid": Text(" (pid {pids})", "（pid {pids}）"),
    "worker-pid-signal": Text(" (pid {pids}, killed by signal: {signal})", "（pid {pids}，被信号杀死：{signal}）"),
    "worker-pid-code": Text(" (pid {pids}, exit code {code})", "（pid {pids}，退出码 {code}）"),
    # log-ray-ip-mismatch
    "ray-host-not-node": Text(
        "this host's address {addr} is none of the Ray nodes' addresses", "本主机的地址 {addr} 不是任何 Ray 节点的地址"
    ),
    "ray-distinct-addresses": Text(
        "{nodes} Ray nodes gave vLLM only {ips} distinct address(es)",
        "{nodes} 个 Ray 节点只给了 vLLM {ips} 个不同的地址",
    ),
    "ray-driver-pinned": Text(
        "a worker pinned to the driver's address {pinned} finds no Ray node there",
        "固定到 driver 地址 {pinned} 的 worker 在那里找不到 Ray 节点",
    ),
    "ray-driver-no-gpus": Text(
        "Ray placed none of vLLM's GPU workers on the driver's node",
        "Ray 没有把 vLLM 的任何 GPU worker 放在 driver 所在的节点上",
    ),
    "ray-driver-no-gpus-at": Text(
        "Ray placed none of vLLM's GPU workers on the driver's node (the driver is on {driver}, the workers on "
        "{workers})",
        "Ray 没有把 vLLM 的任何 GPU worker 放在 driver 所在的节点上（driver 在 {driver}，worker 在 {workers}）",
    ),
    "ray-attrs-unregistered": Text(
        "no Ray node is registered under '{attrs}', the address this process looked for",
        "没有 Ray 节点以 '{attrs}' 登记，而这正是本进程要找的地址",
    ),
    # log-ray-node-dead
    "raylet-of-node": Text("this node's raylet ({how})", "本节点的 raylet（{how}）"),
    "raylet-terminated": Text("it terminated unexpectedly", "它意外终止了"),
    "raylet-task-died": Text("a task's local raylet died", "某个 task 的本地 raylet 已退出"),
    "raylet-lost": Text("a worker lost its connection to it", "某个 worker 与它失去了连接"),
    # log-ray-trial-failed
    "ray-train-run": Text("of the Ray Train run", "（属于这次 Ray Train 运行）"),
    # log-serving-worker-stuck
    "vllm-broadcast": Text("vLLM's shared-memory broadcast", "vLLM 的共享内存广播"),
    "sglang-watchdog": Text("sglang's scheduler watchdog", "sglang 的调度器 watchdog"),
    "sglang-stopped": Text("{s} s, then stopped the server", "{s} 秒，随后停止了服务"),
    "vllm-executor": Text("vLLM's executor ({method})", "vLLM 的执行器（{method}）"),
    "vllm-rpc-timeout": Text(
        "VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS (300 s by default)", "VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS（默认 300 秒）"
    ),
    # log-slurm-gres-mismatch
    "gres-count": Text(
        " (the job was given {a}, the node reports {b})", "（作业分到的是 {a} 个，节点报告的是 {b} 个）"
    ),
    "gres-type": Text(" (its type {type} is not found there)", "（那里找不到它的类型 {type}）"),
    # log-slurm-launch-failed
    "prolog-failed": Text(
        "its prolog failed, and Slurm drains such a node", "它的 prolog 失败了，Slurm 会把这样的节点置为 drain"
    ),
    "some-nodes": Text("some nodes", "部分节点"),
    "tasks-started": Text("only {n} of {m} tasks started in time", "{m} 个任务中只有 {n} 个按时启动"),
    # log-ssh-launch-failed
    "impi-bootstrap-ssh": Text("Intel MPI's bootstrap over ssh to {host}", "Intel MPI 通过 ssh 到 {host} 的 bootstrap"),
    "horovod-ssh-host": Text("host {host}: horovodrun's ssh check", "主机 {host}：horovodrun 的 ssh 检查"),
    "horovod-ssh": Text("horovodrun's ssh check", "horovodrun 的 ssh 检查"),
    # log-store-barrier-timeout
    "barrier-missing": Text("{n} rank(s) missing", "缺少 {n} 个 rank"),
    "barrier-extra": Text(
        "{n} more than expected: two jobs on one store, or a rank started twice",
        "比预期多 {n} 个：两个作业共用了一个 store，或者某个 rank 被启动了两次",
    ),
    "barrier-late": Text("all arrived, but not within the timeout", "都到了，但没有在超时之前到齐"),
    # log-store-reverse-dns-slow: getnameinfo's codes
    "eai-noname": Text("EAI_NONAME: the address has no name", "EAI_NONAME：该地址没有名字"),
    "eai-again": Text("EAI_AGAIN: the DNS server did not answer", "EAI_AGAIN：DNS 服务器没有应答"),
    "eai-code": Text("err={code} ({why})", "err={code}（{why}）"),
    "eai-codes": Text("err={a} ({a_why}), err={b} ({b_why})", "err={a}（{a_why}），err={b}（{b_why}）"),
    # log-timeout-on-another-rank
    "timed-out-first": Text(" (rank {origin} timed out first)", "（rank {origin} 最先超时）"),
    "work-here": Text(
        " (here: last enqueued work {enqueued}, last completed {completed})",
        "（本 rank：最后入队的工作为 {enqueued}，最后完成的为 {completed}）",
    ),
    "timed-out-first-work-here": Text(
        " (rank {origin} timed out first) (here: last enqueued work {enqueued}, last completed {completed})",
        "（rank {origin} 最先超时）（本 rank：最后入队的工作为 {enqueued}，最后完成的为 {completed}）",
    ),
    # log-unexplained-failure
    "store-port-denied": Text(
        "the store may not bind port {port}: Permission denied", "store 无权绑定端口 {port}：Permission denied"
    ),
    # log-worker-died
    "actor-owner": Text("the process that owned a Ray actor", "拥有某个 Ray actor 的进程"),
    "actor-owner-on": Text(
        "the process that owned a Ray actor (on {owner})", "拥有某个 Ray actor 的进程（在 {owner} 上）"
    ),
    "ray-actor": Text("a Ray actor", "某个 Ray actor"),
    "ray-task-worker": Text("a Ray task's worker process", "某个 Ray task 的 worker 进程"),
    "ray-worker-on": Text("a Ray worker on {ip}", "{ip} 上的某个 Ray worker"),
    "ray-worker-on-pid": Text("a Ray worker on {ip} (pid {pid})", "{ip} 上的某个 Ray worker（pid {pid}）"),
    # node-missing
    "nodes-unsaid": Text(
        "? ({n} of {expected} nodes; the log does not say which)",
        "?（{expected} 个节点中的 {n} 个；日志没有说明是哪些）",
    ),
    # version-mismatch
    "ray-and-python": Text("Ray and Python", "Ray 和 Python"),
    "ray-versions": Text(
        "the cluster: Ray {ray}, Python {python}; {who}: Ray {ray2}, Python {python2}",
        "集群：Ray {ray}，Python {python}；{who}：Ray {ray2}，Python {python2}",
    ),
    "process-on-node": Text("this process on node {node}", "节点 {node} 上的本进程"),
    "nccl-on-ranks": Text(
        "NCCL {a} on rank {ra}; NCCL {b} on rank {rb}", "rank {ra} 上是 NCCL {a}；rank {rb} 上是 NCCL {b}"
    ),
    "nccl-here-and-peer": Text(
        "NCCL {local} here; NCCL {remote} on {peer}", "本端是 NCCL {local}；{peer} 上是 NCCL {remote}"
    ),
}
_PHRASE_OF = {text.en: text for text in PHRASES.values() if "{" not in text.en}


def _template_pattern(en: str) -> re.Pattern[str]:
    # Each {name} of a template reads as any text, so a value written from it is known again with the values in it.
    parts = re.split(r"\{(\w+)\}", en)
    return re.compile(
        "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)), re.S
    )


# Longest first: where two templates read one value, the one with more words of its own is the one written.
_TEMPLATES = sorted(
    ((_template_pattern(text.en), text) for text in PHRASES.values() if "{" in text.en),
    key=lambda pair: -len(pair[1].en),
)


def phrase(key: str, **values: str) -> str:
    """The English of PHRASES[key] with its values filled in: what a rule writes into a param."""
    return PHRASES[key].en.format(**values)


def phrase_text(value: str, lang: Lang) -> str:
    """A param's value in `lang` where it is one of PHRASES (a template's values read in `lang` too), else the value
    as it is (the log's own words)."""
    text = _PHRASE_OF.get(value)
    if text:
        return text.get(lang)
    if lang == "en":
        return value
    for pattern, template in _TEMPLATES:
        match = pattern.fullmatch(value)
        if match:
            return template.get(lang).format(**{k: phrase_text(v, lang) for k, v in match.groupdict().items()})
    return value


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
