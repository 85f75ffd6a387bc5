"""Findings only a log can show about how a job was set up: the launcher (ssh, Open MPI's slots and shared memory,
Horovod's gloo rendezvous, nccl-tests' build), the GPUs the ranks got, and a rank the others waited for at setup."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

LOGS_SETUP: tuple[Entry, ...] = (
    Entry(
        "log-nccl-unique-id-timeout",
        "error",
        "log",
        Text(
            "Rank {rank} timed out waiting for rank {root} to publish the NCCL unique id of a new communicator "
            "({error}): rank {root} had not reached that group's first collective",
            "rank {rank} 等待 rank {root} 发布新通信器的 NCCL unique id 时超时（{error}）："
            "rank {root} 还没有走到该组的第一个集合通信",
        ),
        Text(
            "Rank {root} was busy elsewhere (rank-0-only preprocessing, tokenizing, loading, saving or evaluation "
            "before the first collective), hung, or died: read its log. Give every rank the same collectives in the "
            "same order, and raise init_process_group(timeout=...) to cover long rank-0 work or do that work before "
            "init_process_group.",
            "rank {root} 在忙别的事（第一个集合通信之前只在 rank 0 上做的预处理、分词、加载、保存或评估）、"
            "卡住了或已经退出：查看它的日志。让每个 rank 以相同的顺序调用相同的集合通信，并调大 "
            "init_process_group(timeout=...) 以覆盖较长的 rank 0 工作，或把这些工作放到 init_process_group 之前。",
        ),
    ),
    Entry(
        "log-gloo-rendezvous-timeout",
        "error",
        "log",
        Text(
            "The gloo rendezvous store timed out waiting for key(s) {keys}{detail}: not every worker reached the "
            "rendezvous in time",
            "gloo rendezvous 存储等待 key {keys} 超时{detail}：并非所有 worker 都按时到达 rendezvous",
        ),
        Text(
            "Start every worker within the timeout, and read the log of any worker that died before it. Horovod "
            "waits 30 s by default: raise it with horovodrun --gloo-timeout-seconds (or "
            "HOROVOD_GLOO_TIMEOUT_SECONDS) for many hosts or slow starts, and check that every host reaches the "
            "rendezvous server horovodrun runs on the launching host (--network-interfaces picks its interface).",
            "在超时之内启动所有 worker，并查看在此之前就退出的 worker 的日志。Horovod 默认只等 30 秒："
            "主机多或启动慢时用 horovodrun --gloo-timeout-seconds（或 HOROVOD_GLOO_TIMEOUT_SECONDS）调大，"
            "并确认每台主机都能连上 horovodrun 在启动主机上运行的 rendezvous 服务（--network-interfaces 选择其网卡）。",
        ),
    ),
    Entry(
        "log-p2p-not-supported",
        "error",
        "log",
        Text(
            "CUDA peer access is not supported between two GPUs of a node{detail}, and NCCL's P2P transport (or the "
            "program) tried to use it",
            "某节点的两块 GPU 之间不支持 CUDA peer access{detail}，而 NCCL 的 P2P 传输（或程序本身）尝试使用了它",
        ),
        Text(
            "Set NCCL_P2P_DISABLE=1 on every rank: NCCL then copies through host memory. Where the GPUs should "
            "reach each other (nvidia-smi topo -p2p r shows which pairs cannot), the IOMMU or PCIe ACS blocks it: "
            "boot with iommu=pt (or the IOMMU off) and disable ACS on the PCIe switches; in a VM, ask for GPUs "
            "passed through with peer-to-peer access.",
            "在每个 rank 上设置 NCCL_P2P_DISABLE=1：NCCL 改为经主机内存复制。若这些 GPU 本应互通"
            "（nvidia-smi topo -p2p r 显示哪些 GPU 对不能互通），则是 IOMMU 或 PCIe ACS 阻止了它："
            "以 iommu=pt（或关闭 IOMMU）启动，并在 PCIe 交换芯片上关闭 ACS；"
            "在虚拟机中，申请支持 peer-to-peer 的直通 GPU。",
        ),
    ),
    Entry(
        "log-nccl-topology-inconsistent",
        "error",
        "log",
        Text(
            "NCCL's topology search found a link with no link back ({detail}): the GPU, NVLink and PCI layout NCCL "
            "read on this machine does not hang together",
            "NCCL 的拓扑搜索发现了一条没有反向链路的连接（{detail}）：NCCL 在本机读到的 GPU、NVLink 和 PCI "
            "布局自相矛盾",
        ),
        Text(
            "Use an NCCL at least as new as the machine: H100 needs 2.15.1 or newer, Blackwell (B200, GB200) 2.25.1 "
            "or newer; a container may bundle an older one than the host (NCCL_DEBUG=INFO prints its version). In a "
            "VM whose PCI tree is emulated, or with NCCL_TOPO_FILE set, give NCCL a topology file of this machine "
            "or none; NCCL_TOPO_DUMP_FILE=/tmp/topo.xml writes the topology NCCL read, to compare with nvidia-smi "
            "topo -m.",
            "使用不旧于本机硬件的 NCCL：H100 需要 2.15.1 或更新版本，Blackwell（B200、GB200）需要 2.25.1 或更新版本；"
            "容器里自带的 NCCL 可能比宿主机的旧（NCCL_DEBUG=INFO 会打印其版本）。在 PCI 树为模拟的虚拟机中，或设置了 "
            "NCCL_TOPO_FILE 时，给 NCCL 提供本机的拓扑文件或不提供；NCCL_TOPO_DUMP_FILE=/tmp/topo.xml 会写出 NCCL "
            "读到的拓扑，可与 nvidia-smi topo -m 对比。",
        ),
    ),
    Entry(
        "log-nccl-topo-file-bad",
        "error",
        "log",
        Text(
            "NCCL could not use the topology XML it read ({detail}): a topology file (NCCL_TOPO_FILE) that does not "
            "parse, or lacks what this NCCL needs",
            "NCCL 无法使用它读取的拓扑 XML（{detail}）：拓扑文件（NCCL_TOPO_FILE）无法解析，"
            "或缺少此版本 NCCL 所需的内容",
        ),
        Text(
            "Check the file NCCL_TOPO_FILE (or NCCL_GRAPH_FILE) names on every node, in the environment or in "
            "/etc/nccl.conf: well-formed XML of the version this NCCL reads, with the attributes it asks for (a cpu "
            "node's arch and vendor, say). A network plugin may set NCCL_TOPO_FILE for you (aws-ofi-nccl does on the "
            "AWS instance types it knows): point it at a file that matches, or leave it unset to let NCCL detect the "
            "topology. NCCL 2.7 fails so on a correct file too when the job uses fewer GPUs than it describes (it "
            "read only the CPUs of the GPUs in use; fixed in 2.8): there, upgrade NCCL. NCCL_DEBUG=INFO "
            "NCCL_DEBUG_SUBSYS=INIT,GRAPH,ENV shows the file it loaded.",
            "在每个节点上检查 NCCL_TOPO_FILE（或 NCCL_GRAPH_FILE，来自环境变量或 /etc/nccl.conf）所指的文件："
            "必须是此版本 NCCL 能读取的、格式正确的 XML，并带有它需要的属性（例如 cpu 节点的 arch 和 vendor）。"
            "网络插件可能会替你设置 NCCL_TOPO_FILE（aws-ofi-nccl 在它认识的 AWS 实例类型上会这样做）："
            "让它指向匹配的文件，或不设置它，让 NCCL 自行探测拓扑。NCCL 2.7 在作业使用的 GPU 少于文件所描述的数量时，"
            "即使文件正确也会这样失败（它只读取了在用 GPU 所属 CPU 的属性；2.8 已修复）：这种情况请升级 NCCL。"
            "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,ENV 会显示它加载的文件。",
        ),
    ),
    Entry(
        "log-nccl-graph-file-bad",
        "error",
        "log",
        Text(
            "NCCL could not import the channel graph NCCL_GRAPH_FILE names ({detail}): a graph written for another "
            "machine's GPUs and NICs, or for another NCCL",
            "NCCL 无法导入 NCCL_GRAPH_FILE 所指的通道图（{detail}）：该图是为另一种机器的 GPU 和网卡、"
            "或另一个 NCCL 版本写的",
        ),
        Text(
            "Unset NCCL_GRAPH_FILE on every node (look in the environment, the image's profile scripts and "
            "/etc/nccl.conf): it replaces NCCL's own search for rings and trees with channels fixed for one machine "
            "shape, for tuning and debugging only. A VM image may set it for its largest size: on a smaller one NCCL "
            "finds GPUs missing. NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV,GRAPH shows the file it loaded.",
            "在每个节点上取消 NCCL_GRAPH_FILE（检查环境变量、镜像的 profile 脚本和 /etc/nccl.conf）："
            "它用为某一种机器形态固定的通道代替 NCCL 自己对 ring 和 tree 的搜索，只用于调优和调试。"
            "虚拟机镜像可能按最大规格设置它：在更小的规格上 NCCL 会发现缺少 GPU。"
            "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV,GRAPH 会显示它加载的文件。",
        ),
    ),
    Entry(
        "log-gpu-busy",
        "error",
        "log",
        Text(
            "A rank found its GPU busy or unavailable (CUDA error 46): another process, most often another rank "
            "put on the same GPU, holds it in the exclusive compute mode",
            "某个 rank 的 GPU 忙碌或不可用（CUDA 错误 46）：另一个进程（最常见的是被放到同一块 GPU 上的另一个 rank）"
            "在独占计算模式下占用了它",
        ),
        Text(
            "Give each rank its own GPU before any CUDA work: torch.cuda.set_device(LOCAL_RANK), not a bare 'cuda' "
            "or 'cuda:0' (that is GPU 0 on every rank). nvidia-smi shows each GPU's compute mode (E. Process allows "
            "one process) and the processes on it: end a leftover one, or set the mode back with nvidia-smi -c "
            "DEFAULT where the cluster allows it.",
            "在任何 CUDA 操作之前给每个 rank 分配自己的 GPU：torch.cuda.set_device(LOCAL_RANK)，"
            "不要用裸的 'cuda' 或 'cuda:0'（在每个 rank 上都是 GPU 0）。nvidia-smi 显示每块 GPU 的计算模式"
            "（E. Process 只允许一个进程）和其上的进程：结束残留进程，"
            "或在集群允许时用 nvidia-smi -c DEFAULT 恢复模式。",
        ),
    ),
    Entry(
        "log-mpi-cma-denied",
        "error",
        "log",
        Text(
            "A single-copy transfer between the ranks of a host (CMA, process_vm_readv/writev, as Open MPI and UCX "
            "make it) was refused with EPERM: the container or the kernel forbids ptrace between the ranks",
            "同一主机的 rank 之间的单次复制传输（CMA，process_vm_readv/writev，Open MPI 和 UCX 都会使用）被拒绝"
            "（EPERM）：容器或内核禁止了 rank 之间的 ptrace",
        ),
        Text(
            "Run the container with --cap-add=SYS_PTRACE (Kubernetes: securityContext.capabilities.add SYS_PTRACE; "
            "--privileged also does it), or turn the single copy off in every rank's environment: "
            "OMPI_MCA_btl_vader_single_copy_mechanism=none (Open MPI 5: OMPI_MCA_smsc=^cma; mpirun -x passes it; "
            "UCX: UCX_TLS=^cma). On a host, kernel.yama.ptrace_scope above 0 refuses it too.",
            "用 --cap-add=SYS_PTRACE 启动容器（Kubernetes：securityContext.capabilities.add SYS_PTRACE；"
            "--privileged 也可以），或在每个 rank 的环境中关闭单次复制：OMPI_MCA_btl_vader_single_copy_mechanism=none"
            "（Open MPI 5：OMPI_MCA_smsc=^cma；mpirun -x 可传递；UCX：UCX_TLS=^cma）。"
            "在主机上，kernel.yama.ptrace_scope 大于 0 也会拒绝它。",
        ),
    ),
    Entry(
        "log-container-no-gpu-runtime",
        "error",
        "log",
        Text(
            "A container asked for GPUs on a node whose container engine cannot give them: {detail}",
            "容器申请了 GPU，但该节点的容器引擎无法提供：{detail}",
        ),
        Text(
            "On that node, install the NVIDIA Container Toolkit and register it with the engine (nvidia-ctk runtime "
            "configure --runtime=docker, then restart docker; for enroot, its 98-nvidia.sh hook finds "
            "nvidia-container-cli on PATH). Where the toolkit is installed but its hook refuses docker --gpus (its "
            "mode is cdi or csv), start the container with --runtime=nvidia or with CDI devices (--device "
            "nvidia.com/gpu=all). CDI devices come from a spec the node must have, made again after every driver "
            "change: nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml, then nvidia-ctk cdi list.",
            "在该节点上安装 NVIDIA Container Toolkit 并向容器引擎注册（nvidia-ctk runtime configure --runtime=docker，"
            "然后重启 docker；enroot 的 98-nvidia.sh 钩子需要在 PATH 中找到 nvidia-container-cli）。若已安装但它的"
            "钩子拒绝 docker --gpus（模式为 cdi 或 csv），请用 --runtime=nvidia 或 CDI 设备（--device "
            "nvidia.com/gpu=all）启动容器。CDI 设备来自节点上必须存在、且每次更换驱动后都要重新生成的规格文件："
            "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml，然后用 nvidia-ctk cdi list 查看。",
        ),
    ),
    Entry(
        "log-container-gpu-driver",
        "error",
        "log",
        Text(
            "The container runtime could not use this node's GPU driver (nvidia-container-cli: {detail}): no "
            "container of this node gets its GPUs",
            "容器运行时无法使用本节点的 GPU 驱动（nvidia-container-cli：{detail}）：本节点的容器都拿不到 GPU",
        ),
        Text(
            "On that node's host, nvidia-smi must work: load or install the driver (a driver upgraded without a "
            "reboot needs one). 'load library failed: libnvidia-ml.so.1' means the driver's libraries are missing "
            "or not in ldconfig's cache; 'rpc error: timed out' means NVML hangs: enable persistence mode "
            "(nvidia-persistenced) and look for Xid errors in dmesg. Keep the node out of the job until then.",
            "在该节点的宿主机上，nvidia-smi 必须能正常运行：加载或安装驱动（升级驱动后未重启的需要重启）。"
            "'load library failed: libnvidia-ml.so.1' 表示驱动的库缺失或不在 ldconfig 缓存中；'rpc error: timed out' "
            "表示 NVML 卡住：启用持久模式（nvidia-persistenced），并在 dmesg 中查找 Xid 错误。在此之前先把该节点"
            "排除在作业之外。",
        ),
    ),
    Entry(
        "log-pod-evicted",
        "error",
        "log",
        Text(
            "Kubernetes evicted a pod of the job: {detail}",
            "Kubernetes 驱逐了作业的一个 pod：{detail}",
        ),
        Text(
            "Give the training pods memory requests equal to their limits, so that the kubelet evicts others first, "
            "and count what lives in memory: an emptyDir with medium: Memory (the usual /dev/shm) counts against "
            "the pod's memory, and its sizeLimit must cover what NCCL and the DataLoader put there. Keep "
            "checkpoints and caches off the node's ephemeral storage, or request it (ephemeral-storage).",
            "让训练 pod 的内存 request 等于 limit，使 kubelet 优先驱逐其他 pod；并把内存中的数据算进去：medium: Memory "
            "的 emptyDir（通常挂在 /dev/shm）计入 pod 的内存，它的 sizeLimit 必须容得下 NCCL 和 DataLoader 放在那里的"
            "数据。不要把检查点和缓存放在节点的临时存储上，或为其申请 ephemeral-storage。",
        ),
    ),
    Entry(
        "log-enroot-runtime-path",
        "error",
        "log",
        Text(
            "enroot could not create its runtime directory {path} ({error}): the job's environment has no "
            "XDG_RUNTIME_DIR, so enroot fell back to /run, which only root may write",
            "enroot 无法创建其运行时目录 {path}（{error}）：作业环境中没有 XDG_RUNTIME_DIR，enroot 因此退回到只有 root "
            "才能写入的 /run",
        ),
        Text(
            "Give enroot a runtime path the user owns: ENROOT_RUNTIME_PATH in enroot.conf (e.g. /run/enroot/user-$(id "
            "-u), created by the node's prolog, or $TMPDIR/enroot-runtime), or export XDG_RUNTIME_DIR in the job. "
            "Sessions a scheduler starts without systemd's login manager have no /run/user/UID.",
            "给 enroot 一个该用户拥有的运行时路径：在 enroot.conf 中设置 ENROOT_RUNTIME_PATH（例如由节点 prolog "
            "创建的 /run/enroot/user-$(id -u)，或 $TMPDIR/enroot-runtime），或在作业中 export XDG_RUNTIME_DIR。"
            "调度器不经 systemd 登录管理器启动的会话没有 /run/user/UID。",
        ),
    ),
    Entry(
        "log-pyxis-container-failed",
        "error",
        "log",
        Text(
            "pyxis could not set up the job's container on this node: {detail}",
            "pyxis 无法在本节点上为作业创建容器：{detail}",
        ),
        Text(
            "The enroot log pyxis prints below its error ('pyxis:' lines) says which step failed. An import "
            "that fails on some nodes is the registry or the disk seen from there (credentials in "
            "~/.config/enroot/.credentials, ENROOT_CACHE_PATH's space): import once to a .sqsh file on shared storage "
            "and pass its path. A start that fails is an enroot hook (GPUs, InfiniBand, mounts) or the image's "
            "entrypoint (--no-container-entrypoint). Every --container-mounts source must exist on every node. "
            "enroot runs the container in a user namespace: 'failed to create user namespace' is a node that forbids "
            "them (user.max_user_namespaces must be above 1; on Ubuntu 23.10 and later "
            "kernel.apparmor_restrict_unprivileged_userns=0, unless enroot's AppArmor profile is installed).",
            "pyxis 在报错下方打印的 enroot 日志（'pyxis:' 开头的行）会说明哪一步失败。只在部分节点上失败的"
            "镜像导入，是从那些节点看到的镜像仓库或磁盘的问题（~/.config/enroot/.credentials 中的凭证、"
            "ENROOT_CACHE_PATH 的空间）：在共享存储上导入一次为 .sqsh 文件并传入其路径。容器启动失败是 enroot 钩子"
            "（GPU、InfiniBand、挂载）或镜像的 entrypoint（--no-container-entrypoint）的问题。每个 "
            "--container-mounts 的源路径都必须在每个节点上存在。enroot 在用户命名空间中运行容器：'failed to create "
            "user namespace' 表示该节点禁止创建用户命名空间（user.max_user_namespaces 必须大于 1；Ubuntu 23.10 及以后"
            "要设 kernel.apparmor_restrict_unprivileged_userns=0，除非安装了 enroot 的 AppArmor 配置）。",
        ),
    ),
    Entry(
        "log-pod-unschedulable",
        "warning",
        "log",
        Text(
            "Kubernetes could place a pod of the job on no node ({detail}): the pods that started wait for it at the "
            "rendezvous",
            "Kubernetes 无法把作业的某个 pod 调度到任何节点（{detail}）：已启动的 pod 会在 rendezvous 处等待它",
        ),
        Text(
            "Read the counts: 'Insufficient nvidia.com/gpu' means too few free GPUs (kubectl describe nodes shows "
            "Allocatable and Allocated; a node whose device plugin failed advertises none), a taint needs a "
            "toleration in the pod spec, and a node selector or affinity must match real node labels. Ask for no "
            "more GPUs per pod than one node has, and schedule the job's pods as a gang (Kueue, Volcano, or the "
            "training operator's gang scheduling) so that none starts before all fit.",
            "看各项计数：'Insufficient nvidia.com/gpu' 表示空闲 GPU 不够（kubectl describe nodes 显示 Allocatable 和 "
            "Allocated；设备插件出错的节点会报告 0 块），污点（taint）需要在 pod spec 中加容忍（toleration），"
            "节点选择器或亲和性必须匹配真实的节点标签。每个 pod 申请的 GPU 不要超过单个节点拥有的数量，并对作业的 "
            "pod 做成组调度（Kueue、Volcano 或训练 operator 的 gang scheduling），保证全部能放下之前一个也不启动。",
        ),
    ),
    Entry(
        "log-slurm-launch-failed",
        "error",
        "log",
        Text(
            "Slurm could not start the step's tasks on {node}: {error}",
            "Slurm 无法在 {node} 上启动作业步的任务：{error}",
        ),
        Text(
            "The node's slurmd refused or missed the launch: scontrol show node and that node's slurmd log say why. "
            "A failed prolog drains the node; 'Invalid job credential' or an expired one means that node's clock "
            "differs from the controller's (sync it with NTP or chrony); a launch that times out is a node slow to "
            "start (prolog, a hung file system) or a slurmd that cannot be reached. Leave the node out "
            "(--exclude=NODE) and resubmit.",
            "该节点的 slurmd 拒绝或错过了这次启动：scontrol show node 和该节点的 slurmd 日志会说明原因。prolog 失败会"
            "让节点进入 drain 状态；'Invalid job credential' 或凭证过期表示该节点的时钟与控制器不一致（用 NTP 或 "
            "chrony 同步）；启动超时表示节点启动缓慢（prolog、卡住的文件系统）或无法访问其 slurmd。把该节点排除在外"
            "（--exclude=NODE）后重新提交。",
        ),
    ),
    Entry(
        "log-slurm-cpu-bind-failed",
        "error",
        "log",
        Text(
            "srun could not bind the step's tasks to the CPUs it asked for: {error}",
            "srun 无法把作业步的任务绑定到它请求的 CPU 上：{error}",
        ),
        Text(
            "The CPU binding does not fit the CPUs the step was given. A job submitted from inside another Slurm job "
            "(an salloc or srun --pty shell) inherits that job's SLURM_* variables, SLURM_CPU_BIND among them, whose "
            "mask names the other job's CPUs: submit from a login node, or unset SLURM_CPU_BIND* before sbatch. "
            "Otherwise the default binding cannot be met on this partition's CPU layout: give srun --cpu-bind=none "
            "(or SLURM_CPU_BIND=none), or a map or mask inside the allocation.",
            "该 CPU 绑定与作业步分配到的 CPU 不符。在另一个 Slurm 作业内部（salloc 或 srun --pty 的 shell）提交的作业"
            "会继承那个作业的 SLURM_* 变量，其中的 SLURM_CPU_BIND 掩码指向那个作业的 CPU：请在登录节点上提交，或在 "
            "sbatch 之前 unset SLURM_CPU_BIND*。否则就是默认绑定无法满足该分区的 CPU 布局：给 srun 加上 "
            "--cpu-bind=none（或 SLURM_CPU_BIND=none），或使用分配范围内的 map 或 mask。",
        ),
    ),
    Entry(
        "log-ucx-no-gpu-memory",
        "error",
        "log",
        Text(
            "UCX in this process cannot handle GPU memory: NIXL found no CUDA support in it, so GPU buffers (the KV "
            "cache) cannot be registered for transfer",
            "该进程中的 UCX 无法处理 GPU 显存：NIXL 在其中找不到 CUDA 支持，"
            "因此 GPU 缓冲区（KV cache）无法注册用于传输",
        ),
        Text(
            "UCX leaves out its CUDA transports where UCX_TLS names only others (UCX_TLS=tcp, often inherited from "
            "the host's MPI or Slurm environment into the container and its workers): unset UCX_TLS, or include "
            "cuda_copy and cuda_ipc in it. A UCX built without CUDA has none at all: ucx_info -d | grep cuda lists "
            "the CUDA transports a build has; use the framework's bundled UCX or one built --with-cuda.",
            "当 UCX_TLS 只列出其他传输方式时（UCX_TLS=tcp，常从宿主机的 MPI 或 Slurm 环境继承到容器及其 worker 中），"
            "UCX 会不启用它的 CUDA 传输：取消设置 UCX_TLS，或在其中加入 cuda_copy 和 cuda_ipc。没有编译 CUDA 支持的 "
            "UCX 则完全没有这些传输：ucx_info -d | grep cuda 会列出该构建具备的 CUDA 传输；请使用框架自带的 UCX，"
            "或使用 --with-cuda 构建的 UCX。",
        ),
        (
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: the job may have registered only host memory",
            ),
        ),
    ),
    Entry(
        "log-nccl-gin-gdaki-failed",
        "error",
        "log",
        Text(
            "NCCL's GPU-initiated networking failed in its GDAKI backend{detail}: these NICs or their driver stack "
            "cannot be driven from the GPU",
            "NCCL 的 GPU 发起网络（GIN）在其 GDAKI 后端失败{detail}：这些网卡或其驱动栈无法由 GPU 直接驱动",
        ),
        Text(
            "GDAKI (NCCL 2.28 on, through DOCA GPUNetIO) needs NICs and firmware that let the GPU ring their "
            "doorbells, GPUDirect RDMA and the NIC's DMA-BUF support, and NCCL turns it on by itself wherever it sees "
            "RDMA devices. Where the job uses no GPU-initiated networking (no DeepEP or NCCL device-API kernels), "
            "turn it off on every node: NCCL_GIN_ENABLE=0, and check that the image's NCCL defaults (an nccl.conf or "
            "ENV) do not enable it again.",
            "GDAKI（NCCL 2.28 起，基于 DOCA GPUNetIO）需要允许 GPU 直接敲门铃的网卡和固件、GPUDirect RDMA 以及网卡的 "
            "DMA-BUF 支持，而 NCCL 只要看到 RDMA 设备就会自行启用它。如果作业不使用 GPU 发起网络（没有 DeepEP 或 NCCL "
            "device API 内核），请在每个节点上关闭它：NCCL_GIN_ENABLE=0，并确认镜像中的 NCCL 默认配置（nccl.conf 或 "
            "ENV）不会再次启用它。",
        ),
    ),
    Entry(
        "log-init-url-port-invalid",
        "error",
        "log",
        Text(
            "The port in the job's tcp:// URL (its init_method or rendezvous address) is not a number: {value}",
            "作业 tcp:// URL（init_method 或 rendezvous 地址）中的端口不是数字：{value}",
        ),
        Text(
            "torch.distributed reads the port after the URL's last colon. A function's text there (<function "
            "get_open_port ...>) is code that put the function into the URL instead of calling it: a bug of that "
            "launcher or framework, fixed in its newer release; $VAR is a variable the shell never "
            "expanded (single quotes, or not exported); None is a port the launcher never set; an IPv6 address "
            "without brackets leaves the text after its first colon. Print the URL where the code builds it, and "
            "write it as tcp://HOST:PORT, an IPv6 HOST in brackets.",
            "torch.distributed 从 URL 最后一个冒号之后读取端口。那里若是函数的文本（<function get_open_port ...>），"
            "说明代码把函数本身而不是其调用结果放进了 URL：这是该启动器或框架的缺陷，其新版本已修复；$VAR "
            "是 shell 没有展开的变量（用了单引号，或没有 export）；None 表示启动器从未设置端口；不带方括号的 IPv6 "
            "地址会使第一个冒号之后的文本被当作端口。在代码拼出 URL 的地方把它打印出来，并写成 tcp://HOST:PORT，"
            "IPv6 的 HOST 要加方括号。",
        ),
    ),
    Entry(
        "log-ray-visible-devices-preset",
        "error",
        "log",
        Text(
            "A Ray worker died while Ray gave it its GPUs: it started with a CUDA_VISIBLE_DEVICES (or another "
            "accelerator mask) that does not hold the GPU Ray assigned it",
            "一个 Ray worker 在 Ray 为它分配 GPU 时退出：它启动时就带有 CUDA_VISIBLE_DEVICES（或其他加速器掩码），"
            "其中不包含 Ray 分配给它的 GPU",
        ),
        Text(
            "Ray numbers each node's GPUs itself and reads a worker's through the mask that worker started with, so "
            "a mask set for the workers narrows them: a driver that forwards its own environment in "
            "ray.init(runtime_env=...) env_vars, or one exported where ray start ran. Leave "
            "CUDA_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES and HIP_VISIBLE_DEVICES out of runtime_env and out of ray "
            "start's environment; Ray sets them for each worker.",
            "Ray 自己为每个节点的 GPU 编号，并通过 worker 启动时带的掩码来读取它的 GPU，因此为 worker 设置的掩码会缩小"
            "可用范围：例如驱动程序通过 ray.init(runtime_env=...) 的 env_vars 转发了自己的环境变量，或者在运行 "
            "ray start 的地方 export 了它。不要在 runtime_env 和 ray start 的环境中设置 CUDA_VISIBLE_DEVICES、"
            "ROCR_VISIBLE_DEVICES 和 HIP_VISIBLE_DEVICES；Ray 会为每个 worker 设置它们。",
        ),
    ),
    Entry(
        "log-rank-busy-past-timeout",
        "error",
        "log",
        Text(
            "The job failed {elapsed} into '{step}', a step one process runs while the others wait: longer than a "
            "process group's default timeout",
            "作业在 '{step}' 进行到 {elapsed} 时失败：这一步由一个进程执行、其他进程在等待，耗时超过了进程组的默认超时",
        ),
        Text(
            "Work that only some ranks do (a dataset's tokenising or map inside main_process_first, a download, a "
            "rank-0 checkpoint or evaluation) keeps the others waiting in a barrier, and they give up at the process "
            "group's timeout: 10 minutes for NCCL since torch 2.2, 30 for gloo and before. Prepare the data once "
            "before the distributed run (datasets caches a map's result for the next run), or raise the timeout: "
            "init_process_group(timeout=timedelta(hours=2)), transformers' --ddp_timeout, accelerate's "
            "InitProcessGroupKwargs(timeout=...).",
            "只有部分 rank 做的工作（在 main_process_first 中对数据集做分词或 map、下载、rank 0 的检查点或评估）会让"
            "其他 rank 在 barrier 中等待，并在进程组超时时放弃：torch 2.2 起 NCCL 为 10 分钟，"
            "gloo 及更早版本为 30 分钟。"
            "请在分布式运行之前先准备好数据（datasets 会为下一次运行缓存 map 的结果），或调大超时："
            "init_process_group(timeout=timedelta(hours=2))、transformers 的 --ddp_timeout、accelerate 的 "
            "InitProcessGroupKwargs(timeout=...)。",
        ),
    ),
    Entry(
        "log-rank-waits-in-collective",
        "error",
        "log",
        Text(
            "The paste ends in the stack of a rank waiting inside torch.distributed.{op}, called from {caller}: it "
            "arrived, and other ranks never made the same call",
            "粘贴的内容结束于一个 rank 在 torch.distributed.{op} 中等待的调用栈（调用自 {caller}）：它已到达，"
            "而其他 rank 始终没有发起同样的调用",
        ),
        Text(
            "The ranks took different paths before this call. Look for a decision only some ranks made: a metric "
            "logged on rank 0 only (Lightning's rank_zero_only=True) that a checkpoint or early-stopping choice then "
            "reads, a collective inside 'if rank == 0', a loop whose data ends sooner on one rank, an exception one "
            "rank caught and went on from. Make every rank make the same calls in the same order (sync the value, "
            "e.g. self.log(..., sync_dist=True)); distdoctor dump on every node shows where each rank is.",
            "在这次调用之前，各 rank 走了不同的路径。请查找只有部分 rank 做出的决定：只在 rank 0 上记录的指标"
            "（Lightning 的 rank_zero_only=True）随后被检查点或提前停止的判断读取、放在 'if rank == 0' 里的集合通信、"
            "某个 rank 的数据先用完的循环、某个 rank 捕获异常后继续执行。"
            "让每个 rank 以相同顺序发起相同的调用（同步该值，"
            "例如 self.log(..., sync_dist=True)）；在每个节点上运行 distdoctor dump 可以看到每个 rank 停在哪里。",
        ),
    ),
    Entry(
        "log-rank-stuck-in-phase",
        "error",
        "log",
        Text(
            "The paste ends in the stack of a rank still {phase_class}, at {frame}: the ranks went apart here (the "
            "others wait for this one, or never took this step)",
            "粘贴的内容结束于一个 rank 的调用栈，它仍{phase_class}，位于 {frame}：各 rank 在这里分开了"
            "（其他 rank 在等它，或者根本没有执行这一步）",
        ),
        Text(
            "A rank that waits on its DataLoader has a worker that hangs or died: try num_workers=0 to see, give "
            "DataLoader(timeout=...) so it fails instead of hanging, and check /dev/shm and the workers' own errors. "
            "A save or an evaluation only some ranks do holds up the others: the framework's save (DeepSpeed's "
            "save_checkpoint, FSDP's state_dict, DCP) and any evaluation that makes collectives must run on every "
            "rank, each writing its part. A long step of its own (preprocessing, compiling, a slow file system) "
            "needs a timeout that outlasts it: init_process_group(timeout=...). distdoctor dump on every node shows "
            "where each rank is.",
            "在等待 DataLoader 的 rank 有 worker 卡住或已退出：用 num_workers=0 验证，设置 DataLoader(timeout=...) "
            "让它报错而不是卡住，并检查 /dev/shm 和 worker 自己的错误。只有部分 rank 执行的保存或评估会拖住其他 "
            "rank：框架的保存（DeepSpeed 的 save_checkpoint、FSDP 的 state_dict、DCP）以及任何包含集合通信的评估都必须"
            "在每个 rank 上运行，各自写自己的部分。耗时很长的自身步骤（预处理、编译、缓慢的文件系统）需要比它更长的"
            "超时：init_process_group(timeout=...)。在每个节点上运行 distdoctor dump 可以看到每个 rank 停在哪里。",
        ),
    ),
    Entry(
        "log-gpu-ipc-failed",
        "error",
        "log",
        Text(
            "The GPU runtime would not share a rank's buffer with another process of this machine ({error}): NCCL's "
            "or RCCL's P2P transport cannot start",
            "GPU 运行时拒绝与本机另一个进程共享某个 rank 的缓冲区（{error}）：NCCL 或 RCCL 的 P2P 传输无法启动",
        ),
        Text(
            "On ROCm, the host's amdgpu kernel driver must be the one the container's ROCm release supports (the "
            "amdgpu-dkms of that release, not the distribution's in-box driver), and an image that sets "
            "HSA_ENABLE_IPC_MODE_LEGACY=1 forces ROCr's old IPC path, which newer GPUs (gfx12) refuse: set it to 0. "
            "On CUDA, a driver older than the runtime, or ranks in containers that do not share the IPC namespace "
            "(--ipc=host), do the same. NCCL_P2P_DISABLE=1 confirms it: the ranks then go through shared memory.",
            "在 ROCm 上，宿主机的 amdgpu 内核驱动必须是容器中 ROCm 版本所支持的那一个（该版本的 amdgpu-dkms，而不是"
            "发行版自带的驱动）；镜像若设置了 HSA_ENABLE_IPC_MODE_LEGACY=1，会强制使用 ROCr 旧的 IPC 路径，较新的 GPU"
            "（gfx12）会拒绝它：请设为 0。在 CUDA 上，驱动比运行时旧，或各 rank 所在的容器不共享 IPC 命名空间"
            "（--ipc=host），也会如此。NCCL_P2P_DISABLE=1 可以验证：此时各 rank 改走共享内存。",
        ),
    ),
    Entry(
        "log-rdma-qp-unsupported",
        "error",
        "log",
        Text(
            "Mooncake's RDMA transport could not create a queue pair: the NICs do not support the reliable-connection "
            "queue pairs of its rdma protocol (Operation not supported)",
            "Mooncake 的 RDMA 传输无法创建队列对：这些网卡不支持其 rdma 协议所用的可靠连接（RC）队列对"
            "（Operation not supported）",
        ),
        Text(
            "AWS EFA offers only its own SRD queue pairs, not InfiniBand's RC ones: on EFA instances select Mooncake's "
            "efa protocol (the framework's transfer-backend or protocol option, MC_... settings of its transfer "
            "engine), or a framework release that picks it on EFA by itself. On InfiniBand or RoCE, ibv_devinfo shows "
            "whether the device the job uses is one.",
            "AWS EFA 只提供它自己的 SRD 队列对，不提供 InfiniBand 的 RC 队列对：在 EFA 实例上请选用 Mooncake 的 efa "
            "协议（框架的 transfer-backend 或 protocol 选项、其传输引擎的 MC_... 设置），或使用能在 EFA 上自动选择它"
            "的框架版本。在 InfiniBand 或 RoCE 上，ibv_devinfo 可显示作业所用的设备是否属于这类。",
        ),
    ),
    Entry(
        "log-neuron-comm-failed",
        "error",
        "log",
        Text(
            "The Neuron runtime could not build its communicator across instances (NeuronCores {cores}, nrt_status "
            "{status})",
            "Neuron 运行时无法跨实例建立通信器（NeuronCores {cores}，nrt_status {status}）",
        ),
        Text(
            "Every process of a multi-instance Neuron job must be given the same rendezvous: NEURON_RT_ROOT_COMM_ID "
            "(rank 0's host:port, reachable from every instance), and, under torch-xla's PJRT, its process count, "
            "index and devices per process. A launcher that does not set them (Ray Train's XLA backend in some "
            "releases) leaves each instance to build a communicator of its own. EFA must connect the instances "
            "(FI_PROVIDER=efa, the security group open to itself), with one Neuron SDK release on all of them.",
            "多实例 Neuron 作业的每个进程都必须得到相同的会合信息：NEURON_RT_ROOT_COMM_ID（rank 0 的 host:port，"
            "每个实例都能访问），以及在 torch-xla 的 PJRT 下的进程数、进程序号和每进程设备数。未设置这些的启动器"
            "（某些版本中 Ray Train 的 XLA 后端）会让每个实例各自建立通信器。各实例之间必须通过 EFA 连通"
            "（FI_PROVIDER=efa，安全组对自身开放），并在所有实例上使用同一 Neuron SDK 版本。",
        ),
    ),
    Entry(
        "log-oneccl-device-dir-missing",
        "error",
        "log",
        Text(
            "oneCCL could not open the GPUs' device directory (/dev/dri/by-path): the container was given /dev/dri's "
            "devices without it",
            "oneCCL 无法打开 GPU 的设备目录（/dev/dri/by-path）：容器只拿到了 /dev/dri 下的设备，没有这个目录",
        ),
        Text(
            "oneCCL finds the Intel GPUs for its IPC under /dev/dri/by-path, which docker run --device=/dev/dri does "
            "not create: mount it too (-v /dev/dri/by-path:/dev/dri/by-path), or give the container the whole "
            "/dev/dri (--privileged, or the device plugin that Kubernetes uses for Intel GPUs).",
            "oneCCL 在 /dev/dri/by-path 下查找用于 IPC 的 Intel GPU，而 docker run --device=/dev/dri 不会创建该目录："
            "请一并挂载它（-v /dev/dri/by-path:/dev/dri/by-path），或把整个 /dev/dri 交给容器（--privileged，或 "
            "Kubernetes 上 Intel GPU 的设备插件）。",
        ),
    ),
    Entry(
        "log-slurm-pmix-failed",
        "error",
        "log",
        Text(
            "Slurm's MPI plugin (PMIx or PMI2), which connects the step's tasks across the nodes, failed: {detail}",
            "Slurm 的 MPI 插件（PMIx 或 PMI2，负责在节点之间连接作业步的各个任务）失败：{detail}",
        ),
        Text(
            "The slurmstepd of every node must reach the others directly on TCP (a firewall between compute nodes "
            "blocks PMIx: open the nodes to each other), each node's name must resolve to that address "
            "(slurm.conf NodeAddr), and the plugin asked for (srun --mpi, MpiDefault) must be one srun --mpi=list "
            "shows, with the PMIx library it was built against. A torchrun or other launcher that needs no MPI can "
            "run without it: srun --mpi=none.",
            "每个节点的 slurmstepd 都必须能通过 TCP 直接访问其他节点（计算节点之间的防火墙会挡住 PMIx：在节点之间放开"
            "访问），每个节点名都必须解析到该地址（slurm.conf 的 NodeAddr），所请求的插件（srun --mpi、MpiDefault）"
            "必须出现在 srun --mpi=list 中，并配有其编译时所用的 PMIx 库。不需要 MPI 的 torchrun 等启动器可以不用它："
            "srun --mpi=none。",
        ),
    ),
    Entry(
        "log-slurm-step-waiting",
        "error",
        "log",
        Text(
            "srun could not start its step at once: the resources it asks for are held by another step of this job "
            "({why})",
            "srun 无法立即启动作业步：它申请的资源被本作业的另一个作业步占用（{why}）",
        ),
        Text(
            "Since Slurm 20.11 a step gets the resources it asks for alone: a second srun in the same allocation "
            "(a monitor beside the training, or a launch while an earlier step still runs) waits for them. Add "
            "--overlap to steps that may share, or ask each step for less (--exact with --gpus-per-task, --mem), "
            "and make sure the earlier step has ended (squeue -s).",
            "从 Slurm 20.11 起，作业步独占它申请的资源：同一次分配中的第二个 srun（训练旁边的监控进程，或前一个作业步"
            "仍在运行时的启动）会等待这些资源。给可以共享资源的作业步加上 --overlap，或让每个作业步申请更少的资源"
            "（--exact 配合 --gpus-per-task、--mem），并确认前一个作业步已结束（squeue -s）。",
        ),
        variants=(Variant("no-failure", "warning", "the log shows the wait but no failure: it may have passed"),),
    ),
    Entry(
        "log-mpi-daemon-missing",
        "error",
        "log",
        Text(
            "Open MPI could not start its daemon {daemon} on another node: the remote shell {what}",
            "Open MPI 无法在另一个节点上启动它的守护进程 {daemon}：远程 shell {what}",
        ),
        Text(
            "mpirun starts {daemon} on each node through a non-interactive ssh, which reads no login profile. Put "
            "Open MPI's bin and lib directories on PATH and LD_LIBRARY_PATH where such a shell gets them (the top "
            "of ~/.bashrc, above any return for non-interactive shells), or run mpirun --prefix DIR with Open MPI "
            "installed at DIR on every node, or build it with --enable-orterun-prefix-by-default "
            "(--enable-prte-prefix-by-default from Open MPI 5).",
            "mpirun 通过非交互式 ssh 在每个节点上启动 {daemon}，这种 shell 不读取登录配置。把 Open MPI 的 bin 和 "
            "lib 目录放进这种 shell 能读到的 PATH 和 LD_LIBRARY_PATH（~/.bashrc 的开头，位于针对非交互式 shell 的 "
            "return 之前），或在每个节点的同一目录 DIR 下安装 Open MPI 并运行 mpirun --prefix DIR，或在编译时加上 "
            "--enable-orterun-prefix-by-default（Open MPI 5 起为 --enable-prte-prefix-by-default）。",
        ),
    ),
    Entry(
        "log-gpus-requested-unseen",
        "error",
        "log",
        Text(
            "The process was asked to use GPUs {requested}, and it sees fewer",
            "进程被要求使用 GPU {requested}，但它能看到的 GPU 更少",
        ),
        Text(
            "Each process sees only the GPUs CUDA_VISIBLE_DEVICES leaves it, numbered from 0. Under Slurm, "
            "--gpus-per-task=1 gives every task its own single GPU: ask with --gpus-per-node=N (or --gres=gpu:N) and "
            "--ntasks-per-node=N instead, and let the trainer take devices=N (Lightning) with one process per GPU.",
            "每个进程只能看到 CUDA_VISIBLE_DEVICES 留给它的 GPU，并从 0 开始编号。在 Slurm 下，--gpus-per-task=1 "
            "会给每个任务各自单独一块 GPU：改用 --gpus-per-node=N（或 --gres=gpu:N）加 --ntasks-per-node=N，"
            "并让训练器使用 devices=N（Lightning），每块 GPU 一个进程。",
        ),
    ),
    Entry(
        "log-mpi-slurm-pmi-missing",
        "error",
        "log",
        Text(
            "Open MPI took this process for one srun started, and it was built without Slurm's PMI support",
            "Open MPI 认为本进程是由 srun 启动的，但它在编译时没有加入 Slurm 的 PMI 支持",
        ),
        Text(
            "Inside a Slurm allocation, Open MPI reads the SLURM_* variables as a launch by srun. Start the ranks "
            "with mpirun inside the allocation instead (a single process too: mpirun -n 1 ...), or use an Open MPI "
            "built with PMIx and srun --mpi=pmix (ompi_info | grep -i pmix; srun --mpi=list shows what Slurm offers).",
            "在 Slurm 分配中，Open MPI 会把 SLURM_* 变量当作由 srun 启动。改为在分配中用 mpirun 启动各 rank（单个进程也"
            "一样：mpirun -n 1 ...），或使用带 PMIx 编译的 Open MPI 并配合 srun --mpi=pmix（ompi_info | grep -i pmix；"
            "srun --mpi=list 列出 Slurm 提供的选项）。",
        ),
    ),
    Entry(
        "log-mpi-node-lost",
        "error",
        "log",
        Text(
            "mpirun lost contact with the daemon of another node while the job ran: that node failed or fell off "
            "the network",
            "mpirun 在作业运行期间与另一个节点的守护进程失去联系：该节点出了故障或从网络上掉线",
        ),
        Text(
            "Find out what happened to that node at that time: its kernel log (dmesg: the OOM killer, an Xid of a "
            "GPU, a reboot), the scheduler's record of it (sinfo -R, kubectl describe node) and its network link. "
            "Leave it out of the job until it is healthy; the ranks' own errors, where the paste has them, come "
            "first.",
            "查明该节点在那个时刻发生了什么：它的内核日志（dmesg：OOM killer、GPU 的 Xid、重启）、调度器对它的记录"
            "（sinfo -R、kubectl describe node）以及它的网络连接。在它恢复正常之前把它排除在作业之外；如果粘贴的日志"
            "中有各 rank 自己的错误，先看那些错误。",
        ),
    ),
    Entry(
        "log-mpi-version-mismatch",
        "error",
        "log",
        Text(
            "Open MPI differs between the nodes: mpirun on one node met a daemon or process of another Open MPI "
            "release",
            "各节点上的 Open MPI 不一致：一个节点上的 mpirun 遇到了另一个 Open MPI 版本的守护进程或进程",
        ),
        Text(
            "Every node must run the same Open MPI: one container image everywhere, or one install on a shared path "
            "(mpirun --prefix DIR starts the daemons from it). Check what a non-interactive shell finds on each "
            "node: ssh NODE 'which mpirun orted; mpirun --version'.",
            "每个节点都必须运行同一个 Open MPI：所有节点用同一个容器镜像，或共享路径上的同一份安装"
            "（mpirun --prefix DIR 会从那里启动守护进程）。检查每个节点上非交互式 shell 找到的是什么："
            "ssh NODE 'which mpirun orted; mpirun --version'。",
        ),
    ),
    Entry(
        "log-mpi-exe-missing",
        "error",
        "log",
        Text(
            "mpirun could not find the program to start on a node: the environment there is not the one it was "
            "launched from",
            "mpirun 在某个节点上找不到要启动的程序：那里的环境与发起启动的环境不同",
        ),
        Text(
            "mpirun looks the program up on each node with that node's PATH, in a non-interactive shell that "
            "activates no conda or virtual environment. Give its full path (/path/to/env/bin/python), pass the PATH "
            "(mpirun -x PATH), and keep the environment and the script on a file system every node mounts at the "
            "same path.",
            "mpirun 在每个节点上用该节点的 PATH 查找程序，而非交互式 shell 不会激活 conda 或虚拟环境。给出程序的完整"
            "路径（/path/to/env/bin/python），传递 PATH（mpirun -x PATH），并把环境和脚本放在每个节点都挂载在同一"
            "路径的文件系统上。",
        ),
    ),
    Entry(
        "log-mpi-launch-failed",
        "error",
        "log",
        Text(
            "MPI's launcher could not connect its processes across the nodes: {detail}",
            "MPI 启动器无法在节点之间连接它的进程：{detail}",
        ),
        Text(
            "Every host name of the host list must resolve on every node, to the address the nodes share (getent "
            "hosts NAME there; DNS or /etc/hosts), and the nodes must reach each other on the ports Hydra picks "
            "(open them between the nodes). With several interfaces, name the shared one: mpiexec -iface IFACE "
            "(HYDRA_IFACE) for MPICH, --mca oob_tcp_if_include and btl_tcp_if_include for Open MPI.",
            "主机列表中的每个主机名都必须在每个节点上解析到节点之间共享网络的地址（在那里运行 getent hosts NAME；"
            "DNS 或 /etc/hosts），节点之间也必须能访问 Hydra 选用的端口（在节点之间放开它们）。有多个网卡时，"
            "指定共享的那个：MPICH 用 mpiexec -iface IFACE（HYDRA_IFACE），Open MPI 用 --mca oob_tcp_if_include "
            "和 btl_tcp_if_include。",
        ),
    ),
    Entry(
        "log-mpi-peer-address-nat",
        "error",
        "log",
        Text(
            "{who} got a peer's connection from {addr}, none of that peer's own addresses: a NAT, such as "
            "Docker's bridge network, sits between the nodes",
            "{who} 收到的对端连接来自 {addr}，不是该对端自己的任何地址：节点之间有 NAT（例如 Docker 的桥接网络）",
        ),
        Text(
            "Run the containers with --network=host (or another network without NAT between the nodes), and keep "
            "the launcher on the interface the nodes share: Open MPI's --mca btl_tcp_if_include IFACE --mca "
            "oob_tcp_if_include IFACE, horovodrun's --network-interface IFACE.",
            "用 --network=host（或其他节点之间没有 NAT 的网络）运行容器，并让启动器只用节点之间共享的网卡："
            "Open MPI 的 --mca btl_tcp_if_include IFACE --mca oob_tcp_if_include IFACE，"
            "horovodrun 的 --network-interface IFACE。",
        ),
    ),
    Entry(
        "log-hostlist-slots-as-name",
        "error",
        "log",
        Text(
            "ssh was asked to reach '{host}:{slots}': the host list's host:slots form was read as a host name",
            "ssh 被要求连接 '{host}:{slots}'：主机列表中的 host:slots 写法被当成了主机名",
        ),
        Text(
            "The launcher that ran ssh does not read host:slots (an older Open MPI mpirun under horovodrun -H, or a "
            "launcher of another syntax). Upgrade Open MPI, or give the hosts in a hostfile, one line each: "
            "'{host} slots={slots}' for mpirun and DeepSpeed.",
            "调用 ssh 的启动器不认识 host:slots 写法（horovodrun -H 下较旧的 Open MPI mpirun，或语法不同的启动器）。"
            "升级 Open MPI，或改用 hostfile，每台主机一行：mpirun 和 DeepSpeed 写作 '{host} slots={slots}'。",
        ),
    ),
    Entry(
        "log-ssh-launch-failed",
        "error",
        "log",
        Text(
            "ssh to a host failed ({error}): the launcher (mpirun, horovodrun, pdsh, DeepSpeed) could not start the "
            "ranks there",
            "ssh 到某台主机失败（{error}）：启动器（mpirun、horovodrun、pdsh、DeepSpeed）无法在那里启动 rank",
        ),
        Text(
            "From the launching node, as the launching user, 'ssh -p PORT HOST true' must work without a password: "
            "install the key (ssh-copy-id), accept the host key once, and give the launcher the port sshd listens "
            "on (horovodrun -p, mpirun --mca plm_rsh_args '-p PORT', or a Port line in ~/.ssh/config), or drop a "
            "port option that does not match it. Every host name of the hostfile or -H list must resolve there: "
            "write its IP address, or add the name to /etc/hosts.",
            "在启动节点上以启动用户身份执行 'ssh -p PORT HOST true' 必须无需密码即可成功：安装密钥（ssh-copy-id）、"
            "先接受一次主机密钥，并把 sshd 实际监听的端口告诉启动器（horovodrun -p、mpirun --mca plm_rsh_args "
            "'-p PORT'，或 ~/.ssh/config 中的 Port 行），或去掉与之不符的端口选项。hostfile 或 -H 列表中的每个主机名"
            "都必须能在那里解析：写成 IP 地址，或把该名字加入 /etc/hosts。",
        ),
    ),
    Entry(
        "log-mpi-slots-missing",
        "error",
        "log",
        Text(
            "Open MPI found fewer slots than the {slots} processes requested: a host named without a slot count "
            "(-H host) has one slot",
            "Open MPI 找到的 slot 少于请求的 {slots} 个进程：不带 slot 数的主机（-H host）只算一个 slot",
        ),
        Text(
            "Give every host its slot count, one per GPU rank: horovodrun -np 8 -H host1:4,host2:4 (mpirun the same), "
            "or a hostfile line 'host1 slots=4'; -np must not exceed their sum (--oversubscribe is for a test on one "
            "machine only).",
            "为每台主机写明 slot 数（每个 GPU rank 一个）：horovodrun -np 8 -H host1:4,host2:4（mpirun 相同），"
            "或在 hostfile 中写 'host1 slots=4'；-np 不能超过它们的总和（--oversubscribe 只用于单机测试）。",
        ),
    ),
    Entry(
        "log-nccl-tests-separate-runs",
        "warning",
        "log",
        Text(
            "nccl-tests printed {runs} results side by side in one log: each process ran a test of its own, not one "
            "job across the hosts",
            "nccl-tests 在同一份日志中并列打印了 {runs} 个结果：每个进程各自运行了一次测试，而不是跨主机的一个作业",
        ),
        Text(
            "A test that runs as one MPI job prints one result, from rank 0. Rebuild nccl-tests with MPI (make "
            "clean first, then make MPI=1 MPI_HOME=...: a stale build without MPI stays otherwise) and launch it with "
            "mpirun or srun --mpi=pmix.",
            "作为一个 MPI 作业运行的测试只打印一个结果（来自 rank 0）。用 MPI 重新编译 nccl-tests（先 make clean，"
            "再 make MPI=1 MPI_HOME=...：否则不带 MPI 的旧编译产物会保留），并用 mpirun 或 srun --mpi=pmix 启动。",
        ),
    ),
    Entry(
        "log-rank-oom-likely",
        "error",
        "log",
        Text(
            "{who} was killed by SIGKILL and nothing else in the log failed first: most likely the kernel's "
            "out-of-memory killer (host RAM)",
            "{who} 被 SIGKILL 杀死，且日志中没有更早的失败：很可能是内核的 OOM killer（主机内存不足）",
        ),
        Text(
            "Look for the kill in the node's kernel log (dmesg -T | grep -i -e oom -e 'killed process'); if it is "
            "there, give the job more host memory or use less: fewer ranks or DataLoader workers per node, "
            "checkpoints loaded with mmap=True or one rank at a time. A scheduler's limit (sacct, kubectl describe "
            "pod) or a kill -9 sends SIGKILL too.",
            "在节点的内核日志中查找这次 kill（dmesg -T | grep -i -e oom -e 'killed process'）；若找到，"
            "给作业更多主机内存或少用一些：每个节点更少的 rank 或 DataLoader worker，用 mmap=True 或逐个 rank "
            "加载检查点。调度器的限制（sacct、kubectl describe pod）或 kill -9 也会发送 SIGKILL。",
        ),
    ),
    # NCCL's setup (bootstrap, RDMA, host memory) and the launchers' MASTER_ADDR and rank layout
    Entry(
        "log-nccl-bootstrap-failed",
        "error",
        "log",
        Text(
            "NCCL's bootstrap failed (error {code} came back through bootstrap.cc): the ranks could not set up the "
            "TCP connections they exchange their addresses over",
            "NCCL 的 bootstrap 失败（错误 {code} 经 bootstrap.cc 返回）：各 rank 无法建立用来交换地址的 TCP 连接",
        ),
        Text(
            "Bootstrap is plain TCP on the interface NCCL picked for it (the log's 'Bootstrap : Using' line; NCCL "
            "prefers IPoIB ib* interfaces): set NCCL_SOCKET_IFNAME on every node to an interface the nodes reach "
            "each other on (often the Ethernet NIC), and allow TCP between the nodes on any port. The NCCL WARN line "
            "above the trace names the address that failed.",
            "bootstrap 是在 NCCL 为它选定的网卡上的普通 TCP（日志中的 'Bootstrap : Using' 行；NCCL 优先选择 IPoIB "
            "的 ib* 网卡）：在每个节点上把 NCCL_SOCKET_IFNAME 设为节点之间能互相访问的网卡（通常是以太网卡），"
            "并允许节点之间任意端口的 TCP。错误回溯上方的 NCCL WARN 行会指出失败的地址。",
        ),
    ),
    Entry(
        "log-roce-peer-unresolved",
        "error",
        "log",
        Text(
            "NCCL could not connect an RDMA queue pair: the peer's RoCE address could not be reached (ibv_modify_qp: "
            "{error}){detail}",
            "NCCL 无法建立 RDMA 队列对：无法到达对端的 RoCE 地址（ibv_modify_qp：{error}）{detail}",
        ),
        Text(
            "On RoCE the GID index picks the address a connection uses: set NCCL_IB_GID_INDEX on every node to the "
            "GID of an address the nodes route between (show_gids or ibv_devinfo -v: RoCE v2 with the IPv4-mapped "
            "::ffff:a.b.c.d, often index 3), not a link-local fe80:: one; check that each NIC reaches the other "
            "node's RoCE address (same subnet or VLAN, ping from that interface), and NCCL_IB_HCA for the NICs on "
            "that network. On a rail-optimised fabric, where each NIC's switch reaches only the same NIC of other "
            "nodes, set NCCL_CROSS_NIC=0 so that no connection crosses rails.",
            "在 RoCE 上，GID 索引决定连接使用的地址：在每个节点上把 NCCL_IB_GID_INDEX 设为节点之间可路由地址的 GID"
            "（show_gids 或 ibv_devinfo -v：带 IPv4 映射地址 ::ffff:a.b.c.d 的 RoCE v2，常为索引 3），"
            "不要用链路本地的 fe80:: 地址；确认每块网卡都能访问对端节点的 RoCE 地址（同一子网或 VLAN，"
            "从该网卡 ping），并用 NCCL_IB_HCA 选择接在该网络上的网卡。在按导轨（rail）组网、每块网卡的交换机只连通"
            "其他节点同号网卡的网络上，设置 NCCL_CROSS_NIC=0，避免连接跨导轨。",
        ),
    ),
    Entry(
        "log-ib-dmabuf-unsupported",
        "error",
        "log",
        Text(
            "NCCL registered GPU memory with the RDMA NIC through DMA-BUF, and this node's RDMA stack does not "
            "support it (ibv_reg_dmabuf_mr: {error})",
            "NCCL 通过 DMA-BUF 向 RDMA 网卡注册 GPU 显存，而本节点的 RDMA 软件栈不支持它（ibv_reg_dmabuf_mr：{error}）",
        ),
        Text(
            "Set NCCL_DMABUF_ENABLE=0 on every node: NCCL then registers GPU memory through nvidia_peermem "
            "(modprobe nvidia_peermem on the host) or leaves GPUDirect RDMA off. NCCL 2.13 took a stack without "
            "DMA-BUF (MLNX_OFED 5.4 and older) for one with it; 2.14.3 and newer detect it and fall back by "
            "themselves. DMA-BUF itself needs Linux 5.12+, NVIDIA's open kernel modules and rdma-core 34+ or "
            "MLNX_OFED 5.5+.",
            "在每个节点上设置 NCCL_DMABUF_ENABLE=0：NCCL 随后通过 nvidia_peermem 注册 GPU 显存（在宿主机上 "
            "modprobe nvidia_peermem），或不使用 GPUDirect RDMA。NCCL 2.13 会把不支持 DMA-BUF 的软件栈"
            "（MLNX_OFED 5.4 及更早）误当作支持；2.14.3 及更新版本能识别并自行回退。DMA-BUF 本身需要 Linux 5.12+、"
            "NVIDIA 开源内核模块，以及 rdma-core 34+ 或 MLNX_OFED 5.5+。",
        ),
    ),
    Entry(
        "log-ib-dmabuf-no-room",
        "error",
        "log",
        Text(
            "Registering GPU memory with the RDMA NIC failed (ibv_reg_dmabuf_mr: Cannot allocate memory): the GPU "
            "or the NIC had no room left for the buffers NCCL registers",
            "向 RDMA 网卡注册 GPU 显存失败（ibv_reg_dmabuf_mr：Cannot allocate memory）：GPU 或网卡已没有空间"
            "容纳 NCCL 注册的缓冲区",
        ),
        Text(
            "The locked-memory limit does not count dma-buf registrations. Make NCCL register less: unset "
            "NCCL_BUFFSIZE (default 4 MiB; every channel and peer registers buffers of that size) and raised "
            "NCCL_NCHANNELS / NCCL_MIN_NCHANNELS, and leave GPU memory free for NCCL (a framework that takes most of "
            "it: a lower gpu_memory_utilization). nvidia-smi -q -d MEMORY shows the GPU's BAR1 use.",
            "锁定内存上限不计入 dma-buf 注册。让 NCCL 少注册一些：取消 NCCL_BUFFSIZE（默认 4 MiB；每个通道和对端"
            "都会注册这么大的缓冲区）以及调高过的 NCCL_NCHANNELS / NCCL_MIN_NCHANNELS，并给 NCCL 留出 GPU 显存"
            "（占用大部分显存的框架：调低 gpu_memory_utilization）。nvidia-smi -q -d MEMORY 显示 GPU 的 BAR1 用量。",
        ),
    ),
    Entry(
        "log-nccl-cumem-host-no-p2p",
        "error",
        "log",
        Text(
            "NCCL's SHM transport failed with CUDA error 217 (peer access is not supported): since NCCL 2.24 it "
            "shares host memory through cuMem, which needs peer access these GPUs lack",
            "NCCL 的 SHM 传输因 CUDA 错误 217（peer access is not supported）失败：自 NCCL 2.24 起它通过 cuMem "
            "共享主机内存，而这需要这些 GPU 所不具备的 peer access",
        ),
        Text(
            "Set NCCL_CUMEM_HOST_ENABLE=0 on every rank: NCCL then shares host memory through /dev/shm as older "
            "releases did. NCCL_P2P_DISABLE does not reach this path.",
            "在每个 rank 上设置 NCCL_CUMEM_HOST_ENABLE=0：NCCL 会像旧版本那样通过 /dev/shm 共享主机内存。"
            "NCCL_P2P_DISABLE 对这条路径无效。",
        ),
    ),
    Entry(
        "log-launcher-master-addr-empty",
        "error",
        "log",
        Text(
            "The launcher found no IP address for the first host {host} and started the ranks with an empty "
            "MASTER_ADDR",
            "启动器没有找到第一台主机 {host} 的 IP 地址，以空的 MASTER_ADDR 启动了各 rank",
        ),
        Text(
            "DeepSpeed's launcher takes MASTER_ADDR from 'hostname -I' run over ssh on the first host of the "
            "hostfile, which printed nothing there (common in containers and pods): pass it yourself, deepspeed "
            "--master_addr=IP with that host's address the other nodes reach.",
            "DeepSpeed 启动器通过 ssh 在 hostfile 的第一台主机上运行 'hostname -I' 来获得 MASTER_ADDR，"
            "而它在那里什么也没有输出（在容器和 pod 中很常见）：自己传入，deepspeed --master_addr=IP，"
            "使用其他节点能访问到的该主机地址。",
        ),
    ),
    Entry(
        "log-rank-started-twice",
        "error",
        "log",
        Text(
            "Global rank {ranks} started more than once, and only {seen} of {world} ranks started: the processes "
            "were started in another layout than the job's world size",
            "全局 rank {ranks} 启动了不止一次，而 {world} 个 rank 中只有 {seen} 个启动：进程的启动布局与作业的 "
            "world size 不一致",
        ),
        Text(
            "Under Slurm, Lightning takes each rank from its Slurm task: request the layout the Trainer uses, "
            "#SBATCH --nodes equal to num_nodes and --ntasks-per-node equal to devices, and start the script with "
            "srun. Elsewhere, give every node its own node rank (NODE_RANK) and the same num_nodes.",
            "在 Slurm 下，Lightning 从 Slurm 任务获得每个 rank：申请与 Trainer 一致的布局，#SBATCH --nodes 等于 "
            "num_nodes，--ntasks-per-node 等于 devices，并用 srun 启动脚本。在其他环境中，给每个节点分配各自的 "
            "node rank（NODE_RANK），并使用相同的 num_nodes。",
        ),
    ),
    Entry(
        "log-code-error",
        "error",
        "log",
        Text(
            "The job died of a Python error in {where}, with nothing distributed failing first: {error}",
            "作业死于 {where} 中的 Python 错误，在此之前没有任何分布式方面的失败：{error}",
        ),
        Text(
            "A fault of that code, or of a value it was given, not of the nodes or the network: read that frame. "
            "If it is a library's (a launcher or trainer package), look for the fix in its newer release or issues, "
            "or start it the way it supports; if it read an environment variable or setting that was None, set that "
            "value for every rank.",
            "这是该处代码或其所得到的值的问题，而不是节点或网络的问题：查看该调用帧。若它属于某个库（启动器或训练"
            "框架包），在其新版本或 issue 中查找修复，或按它支持的方式启动；若它读到的环境变量或设置为 None，"
            "就为每个 rank 设置该值。",
        ),
    ),
    Entry(
        "log-ray-ip-mismatch",
        "error",
        "log",
        Text(
            "Ray registered its nodes under other addresses than its processes use: {detail}",
            "Ray 登记节点时使用的地址与其进程使用的地址不同：{detail}",
        ),
        Text(
            "A host with several interfaces, or a container, reports another address than the one its Ray node "
            "registered. Start Ray on every node with --node-ip-address set to the address the other nodes reach it "
            "at; give each node's processes that same address (vLLM: VLLM_HOST_IP, set per node, not copied from the "
            "head); and start the driver on a node of the cluster.",
            "有多个网卡的主机或容器报告的地址与其 Ray 节点登记的地址不同。在每个节点上用 --node-ip-address 启动 "
            "Ray，值为其他节点访问它所用的地址；让该节点上的进程使用同一地址（vLLM：VLLM_HOST_IP，每个节点各设"
            "各的，而不是照抄 head 的）；并在集群内的节点上启动 driver。",
        ),
    ),
    Entry(
        "log-ray-resources-short",
        "error",
        "log",
        Text(
            "Ray cannot place the job's workers: {detail}; the nodes that joined offer less than the job asks",
            "Ray 无法放置作业的 worker：{detail}；已加入的节点提供的资源少于作业所需",
        ),
        Text(
            "ray status lists the cluster's nodes and free GPUs and CPUs. Start the nodes that are missing (ray "
            "start --address=HEAD:PORT on each), ask for fewer GPUs (a smaller tensor or pipeline parallel size), "
            "or free what still holds GPUs from an earlier run: its actors, detached ones too, and its placement "
            "groups (ray list placement-groups; ray stop --force on every node clears them).",
            "ray status 会列出集群的节点及空闲的 GPU 和 CPU。启动缺少的节点（在每个节点上运行 ray start "
            "--address=HEAD:PORT），减少所需 GPU（更小的张量或流水线并行规模），或释放上一次运行仍占着的 GPU："
            "它的 actor（包括 detached actor）和 placement group（ray list placement-groups；在每个节点上运行 "
            "ray stop --force 可全部清除）。",
        ),
    ),
    Entry(
        "log-port-service-link",
        "error",
        "log",
        Text(
            "{var} holds {value}, a Kubernetes service link, not a port number",
            "{var} 的值是 {value}：这是 Kubernetes 的服务链接变量，而不是端口号",
        ),
        Text(
            "Kubernetes gives every pod NAME_PORT=tcp://IP:PORT for each Service of its namespace, so a Service "
            "named master (or vllm) overwrites MASTER_PORT (VLLM_PORT). Rename that Service, set the variable "
            "explicitly in the pod's spec, or set enableServiceLinks: false in the pod spec.",
            "Kubernetes 会为命名空间中的每个 Service 在每个 pod 里设置 NAME_PORT=tcp://IP:PORT，因此名为 "
            "master（或 vllm）的 Service 会覆盖 MASTER_PORT（VLLM_PORT）。请给该 Service 改名，在 pod 的 spec "
            "中显式设置该变量，或在 pod spec 中设置 enableServiceLinks: false。",
        ),
    ),
    Entry(
        "log-gpu-memory-taken",
        "error",
        "log",
        Text(
            "A GPU had less free memory at startup than the job asks ({detail}): another process holds part of it",
            "启动时某块 GPU 的空闲显存少于作业所需（{detail}）：另一个进程占用了其中一部分",
        ),
        Text(
            "nvidia-smi on that node shows what holds it: a server or job left from an earlier run (end it), "
            "another job given the same GPUs, or two ranks put on one GPU (check CUDA_VISIBLE_DEVICES and the local "
            "rank). Otherwise ask for a smaller share (vLLM's --gpu-memory-utilization, sglang's "
            "--mem-fraction-static).",
            "在该节点上运行 nvidia-smi 查看占用者：上一次运行残留的服务或作业（结束它），被分配了同一批 GPU 的另一个"
            "作业，或被放到同一块 GPU 上的两个 rank（检查 CUDA_VISIBLE_DEVICES 和 local rank）。否则请降低所需比例"
            "（vLLM 的 --gpu-memory-utilization，sglang 的 --mem-fraction-static）。",
        ),
    ),
    Entry(
        "log-nccl-algo-unparsed",
        "error",
        "log",
        Text(
            'NCCL could not read the value "{value}" of NCCL_ALGO or NCCL_PROTO: {why}',
            'NCCL 无法解析 NCCL_ALGO 或 NCCL_PROTO 的值 "{value}"：{why}',
        ),
        Text(
            "The value is a comma list of algorithms (ring, tree, collnetdirect, collnetchain, nvls, nvlstree, pat) "
            "or of protocols (LL, LL128, Simple), ^ in front to exclude them; from NCCL 2.24, further entries after "
            "a ';' each start with the collective they are for (NCCL_ALGO='ring;allreduce:tree'). Correct it, or "
            "unset it and let NCCL choose; look in /etc/nccl.conf and ~/.nccl.conf too.",
            "该值是以逗号分隔的算法列表（ring、tree、collnetdirect、collnetchain、nvls、nvlstree、pat）或协议列表"
            "（LL、LL128、Simple），前面加 ^ 表示排除；从 NCCL 2.24 起，';' 之后的每一项都以它所针对的集合通信开头"
            "（NCCL_ALGO='ring;allreduce:tree'）。请改正它，或取消设置让 NCCL 自行选择；也要检查 /etc/nccl.conf "
            "和 ~/.nccl.conf。",
        ),
    ),
    Entry(
        "log-world-exceeds-gpus",
        "error",
        "log",
        Text(
            "The job's world size is {world} GPUs, but this node sees {gpus} and no multi-node executor was asked for",
            "作业的 world size 为 {world} 块 GPU，但该节点只能看到 {gpus} 块，且没有指定多节点执行器",
        ),
        Text(
            "On one node: lower the tensor or pipeline parallel size to the GPUs it has, or make more of them visible "
            "(CUDA_VISIBLE_DEVICES, the container's or the scheduler's GPU limit). Over several nodes, start them "
            "as one job: vLLM on a Ray cluster with --distributed-executor-backend ray, or with the mp backend and "
            "--nnodes, --node-rank and --master-addr on every node.",
            "单节点时：把张量或流水线并行规模降到该节点拥有的 GPU 数，或让更多 GPU 可见（CUDA_VISIBLE_DEVICES、"
            "容器或调度器的 GPU 限制）。跨多个节点时，把它们作为一个作业启动：在 Ray 集群上使用 "
            "--distributed-executor-backend ray 运行 vLLM，或使用 mp 后端并在每个节点上给出 --nnodes、"
            "--node-rank 和 --master-addr。",
        ),
    ),
    Entry(
        "log-launcher-hosts-unreachable",
        "error",
        "log",
        Text(
            "horovodrun could not reach its tasks on the other hosts over any interface{detail}",
            "horovodrun 无法通过任何网卡连到其他主机上的任务{detail}",
        ),
        Text(
            "Every host must reach the others at the addresses and ports horovodrun opens: open the firewall between "
            "them (the whole subnet, or the ports), name with --network-interface an interface every host has and "
            "routes between them (names differ between hosts: check ip addr on each), and run containers on the "
            "host's network, not behind a NAT.",
            "每台主机都必须能通过 horovodrun 打开的地址和端口连到其他主机：放开它们之间的防火墙（整个子网或这些端口），"
            "用 --network-interface 指定每台主机都有、且能在它们之间路由的网卡（各主机网卡名可能不同：在每台主机上"
            "查看 ip addr），并让容器使用主机网络，而不是在 NAT 之后。",
        ),
    ),
    Entry(
        "log-ray-node-start-timeout",
        "error",
        "log",
        Text(
            "A Ray node did not finish starting: its raylet never registered with the cluster's GCS in time",
            "某个 Ray 节点没有完成启动：它的 raylet 没能及时在集群的 GCS 中注册",
        ),
        Text(
            "The node's own logs say why (/tmp/ray/session_latest/logs: raylet.out, dashboard_agent.log, "
            "gcs_server.out): a raylet or dashboard agent that crashed at start (a package of another version than "
            "Ray wants), a head the node cannot reach at the address it advertises (on hosts with several "
            "interfaces, or pods on the host network, give ray start --node-ip-address an address the head can "
            "reach), or a head overloaded by many nodes starting at once (start them in batches).",
            "该节点自己的日志会说明原因（/tmp/ray/session_latest/logs：raylet.out、dashboard_agent.log、"
            "gcs_server.out）：启动时崩溃的 raylet 或 dashboard agent（某个包的版本与 Ray 要求的不同），head 无法"
            "通过该节点通告的地址连回它（多网卡主机或使用宿主机网络的 pod 上，给 ray start --node-ip-address 一个 "
            "head 能访问的地址），或大量节点同时启动导致 head 过载（分批启动）。",
        ),
    ),
    Entry(
        "log-ray-head-unreachable",
        "error",
        "log",
        Text(
            "A Ray process could not reach the cluster's head (its GCS){detail}",
            "某个 Ray 进程无法连到集群的 head（其 GCS）{detail}",
        ),
        Text(
            "Start the head first (ray start --head) and give every node and the driver its address: ray start "
            "--address=HEAD_IP:6379 on the others, RAY_ADDRESS or ray.init(address=...) for the driver. That port "
            "(6379 by default) and the others Ray opens must be reachable between the nodes, and every node must "
            "run the same Ray and Python releases.",
            "先启动 head（ray start --head），再把它的地址告诉每个节点和 driver：其他节点运行 ray start "
            "--address=HEAD_IP:6379，driver 使用 RAY_ADDRESS 或 ray.init(address=...)。该端口（默认 6379）以及 "
            "Ray 打开的其他端口必须在节点之间可达，并且每个节点必须运行相同版本的 Ray 和 Python。",
        ),
    ),
    Entry(
        "log-nccl-net-plugin-ibext",
        "info",
        "log",
        Text(
            "NCCL runs its network through the external plugin {net}, not its own InfiniBand transport",
            "NCCL 通过外部插件 {net} 运行其网络，而不是它自带的 InfiniBand 传输",
        ),
        Text(
            "The plugin (HPC-X's nccl-rdma-sharp-plugins, in NVIDIA's containers) has its own switches: "
            "NCCL_IB_DISABLE does not turn it off, NCCL_IBEXT_DISABLE=1 does, and NCCL_NET_PLUGIN=none keeps NCCL to "
            "its built-in transports. If setup stalls or fails on its RDMA devices, try the job with it off to tell "
            "the plugin from the fabric.",
            "该插件（NVIDIA 容器中 HPC-X 的 nccl-rdma-sharp-plugins）有自己的开关：NCCL_IB_DISABLE 关不掉它，"
            "NCCL_IBEXT_DISABLE=1 才能关掉，NCCL_NET_PLUGIN=none 则让 NCCL 只用自带的传输。如果初始化在它的 "
            "RDMA 设备上卡住或失败，关掉它再运行一次，以区分是插件还是网络的问题。",
        ),
        variants=(
            Variant("setup-stalled", "warning", "a log whose NCCL setup never finished, over the plugin's network"),
            Variant("nccl-failed", "warning", "a log whose NCCL sockets or calls failed, over the plugin's network"),
        ),
    ),
    Entry(
        "log-gdr-module-missing",
        "error",
        "log",
        Text(
            "{who} found no GPUDirect RDMA kernel module (nvidia_peermem) on this host, and skipped its InfiniBand "
            "transport",
            "{who} 在本主机上找不到 GPUDirect RDMA 内核模块（nvidia_peermem），因此跳过了它的 InfiniBand 传输",
        ),
        Text(
            "Load the module on every host: sudo modprobe nvidia-peermem (lsmod | grep peermem shows it), and add "
            "it to /etc/modules-load.d so that it survives a reboot. A container cannot load it: the host must. It "
            "ships with the NVIDIA driver (older systems: the nv_peer_mem package).",
            "在每台主机上加载该模块：sudo modprobe nvidia-peermem（用 lsmod | grep peermem 查看），并把它加入 "
            "/etc/modules-load.d，重启后仍然生效。容器无法加载它：必须由主机加载。它随 NVIDIA 驱动提供"
            "（较旧的系统：nv_peer_mem 软件包）。",
        ),
    ),
    Entry(
        "log-host-ip-guessed",
        "error",
        "log",
        Text(
            "{who} had to find this host's address itself{detail}: the other nodes may be given one they cannot reach",
            "{who} 只能自行确定本主机的地址{detail}：其他节点拿到的可能是它们连不上的地址",
        ),
        Text(
            "Give every node its own address on the network the nodes share: VLLM_HOST_IP for vLLM (HOST_IP is "
            "ignored by recent releases), set on each node to that node's address, not copied from the head. A "
            "node without a default route (air-gapped, or a container without one) finds none by itself.",
            "为每个节点指定它在节点互通网络上的地址：vLLM 使用 VLLM_HOST_IP（新版本会忽略 HOST_IP），在每个节点上"
            "设为该节点自己的地址，而不是照抄 head 的。没有默认路由的节点（隔离网络，或没有默认路由的容器）"
            "无法自行找到地址。",
        ),
        variants=(Variant("no-failure", "warning", "the log shows the guess but no failure: the guess may be right"),),
    ),
    Entry(
        "log-name-unresolvable",
        "error",
        "log",
        Text(
            "A host name the job looked up does not resolve ({error}); Python's error does not say which",
            "作业查询的某个主机名无法解析（{error}）；Python 的错误没有指出是哪个",
        ),
        Text(
            "The frames above the error show the lookup; check what the job was given: MASTER_ADDR, the rendezvous "
            "endpoint, a hostfile's hosts, an address a Kubernetes pod spec fills from the pod's status (empty where "
            "the spec does not set it). Each must resolve on every node (getent hosts NAME), or be an IP address.",
            "错误上方的调用帧显示了这次查询；检查作业得到的值：MASTER_ADDR、rendezvous 端点、hostfile 中的主机、"
            "Kubernetes pod spec 从 pod 状态填入的地址（spec 未设置时为空）。每一个都必须能在每个节点上解析"
            "（getent hosts NAME），或者直接使用 IP 地址。",
        ),
    ),
    Entry(
        "log-serving-worker-stuck",
        "error",
        "log",
        Text(
            "{who} waited {waited} for a worker: one of the job's ranks is hung or very slow",
            "{who} 等待某个 worker {waited}：作业中有一个 rank 卡住了或非常慢",
        ),
        Text(
            "Once at startup it is compilation or CUDA graph capture, and passes. If it repeats, or the server "
            "stopped, a rank is stuck: most often in a collective across nodes that cannot complete (a peer NCCL "
            "cannot reach on the interface it chose; custom all-reduce across nodes: --disable-custom-all-reduce), "
            "or a rank that died (its own log). distdoctor dump shows where each rank waits, NCCL_DEBUG=INFO how far "
            "NCCL got.",
            "启动时出现一次是编译或 CUDA graph 捕获，会过去。如果反复出现，或服务已停止，说明有 rank 卡住了：最常见的"
            "是一个跨节点、无法完成的集合通信（NCCL 在它选的网卡上连不到某个对端；跨节点使用 custom all-reduce："
            "--disable-custom-all-reduce），或某个 rank 已经退出（看它自己的日志）。distdoctor dump 显示每个 rank "
            "在哪里等待，NCCL_DEBUG=INFO 显示 NCCL 进行到了哪一步。",
        ),
        variants=(Variant("no-failure", "warning", "the log shows the wait but no failure: it may have passed"),),
    ),
    Entry(
        "log-worker-died",
        "error",
        "log",
        Text(
            "{who} died, and no error of its own reached this log",
            "{who} 已退出，而它自己的错误没有出现在这份日志中",
        ),
        Text(
            "A process that vanishes without a Python error was killed or crashed in native code. On its node, dmesg "
            "-T | grep -i -e oom -e 'killed process' shows the OOM killer (then give the node more memory, or run "
            "fewer workers or smaller batches on it); the worker's own log (Ray: python-core-worker-*.log and "
            "raylet.out under /tmp/ray/session_latest/logs) shows a crash, such as a segfault or an NCCL or CUDA "
            "abort.",
            "没有留下 Python 错误就消失的进程，是被杀掉了，或在原生代码中崩溃。在它所在的节点上，dmesg -T | grep -i "
            "-e oom -e 'killed process' 会显示 OOM killer（此时给该节点更多内存，或在其上运行更少的 worker 或更小的 "
            "batch）；worker 自己的日志（Ray：/tmp/ray/session_latest/logs 下的 python-core-worker-*.log 和 "
            "raylet.out）会显示崩溃，例如段错误或 NCCL、CUDA 的 abort。",
        ),
    ),
    Entry(
        "log-file-missing",
        "error",
        "log",
        Text(
            "A rank stopped because a file was not there, {where}: {path}",
            "某个 rank 因文件不存在而停止，{where}：{path}",
        ),
        Text(
            "Over several nodes, a path that exists on one node is often missing on another: a dataset, cache, "
            "checkpoint or output folder on a node's local disk, or a file that one rank writes and the others "
            "read. Look for the path on the node of the rank that failed; put it on storage every node mounts (the "
            "same path on each), or have each node make its own copy (its local rank 0, then a barrier), and make "
            "readers wait until the writer has finished.",
            "在多个节点上，一个节点上存在的路径在另一个节点上常常不存在：放在某个节点本地磁盘上的数据集、缓存、"
            "检查点或输出目录，或由一个 rank 写入、其他 rank 读取的文件。在失败 rank 所在的节点上查找该路径；"
            "把它放到每个节点都挂载的存储上（各节点路径相同），或让每个节点各自准备一份（由其 local rank 0 "
            "完成，然后 barrier），并让读取方等写入方完成后再读。",
        ),
    ),
    Entry(
        "log-ib-qp-invalid",
        "error",
        "log",
        Text(
            "The RDMA NIC refused the settings NCCL gave a queue pair (ibv_modify_qp: {error}): most often a GID "
            "index whose entry the port does not have, or one of the wrong kind",
            "RDMA 网卡拒绝了 NCCL 为队列对设置的参数（ibv_modify_qp：{error}）：最常见的是端口上没有对应条目的 GID "
            "索引，或类型不对的 GID 索引",
        ),
        Text(
            "Check NCCL_IB_GID_INDEX on every node: unset it (NCCL 2.21 and newer pick the GID themselves, default "
            "-1), or set it per node to the RoCE v2 GID that carries the node's routable address (show_gids, or "
            "ibv_devinfo -v; often index 3), never a link-local fe80:: one. A RoCE port's GID table follows its "
            "interface's addresses: 'No data available' is an index whose entry is empty, often one chosen before "
            "the interface lost or changed its address, so choose it again. Also check NCCL_IB_TC and NCCL_IB_SL "
            "against what the fabric allows.",
            "检查每个节点上的 NCCL_IB_GID_INDEX：取消设置（NCCL 2.21 及更新版本会自行选择 GID，默认 -1），"
            "或按节点设为带有该节点可路由地址的 RoCE v2 GID（show_gids 或 ibv_devinfo -v；常为索引 3），"
            "不要用链路本地的 fe80:: 地址。RoCE 端口的 GID 表随其网卡的地址变化：'No data available' 表示该索引的条目"
            "为空，常见于网卡丢失或更换地址之前选定的索引，请重新选择。同时核对 NCCL_IB_TC 和 NCCL_IB_SL 是否为网络所"
            "允许的取值。",
        ),
    ),
    Entry(
        "log-ib-qp-no-device",
        "error",
        "log",
        Text(
            "NCCL could not bring up an RDMA queue pair on {dev}: No such device (the RoCE port has no usable network "
            "interface behind the address NCCL gave it)",
            "NCCL 无法在 {dev} 上建立 RDMA 队列对：No such device（该 RoCE 端口所给地址的背后没有可用的网络接口）",
        ),
        Text(
            "Check that HCA's network side: ibdev2netdev or rdma link shows its interface, which must be up, carry an "
            "address, and be in this host's or container's network namespace (show_gids lists a GID with that "
            "address). If it has none, keep NCCL off it: NCCL_IB_HCA=^{hca} excludes it, or list the HCAs that "
            "work; otherwise bring its interface up with an address. Where NCCL_IB_GID_INDEX is set, it must name a "
            "GID of this namespace's interface on every node: on HCAs shared by pods the index differs from node to "
            "node, so set it per node from show_gids.",
            "检查该 HCA 的网络一侧：ibdev2netdev 或 rdma link 会显示它对应的网卡，该网卡必须处于 up 状态、配有地址，"
            "并且位于本机或本容器的网络命名空间中（show_gids 会列出带该地址的 GID）。若没有，就让 NCCL 不使用它："
            "NCCL_IB_HCA=^{hca} 排除它，或列出可用的 HCA；否则把它的网卡启用并配置地址。若设置了 "
            "NCCL_IB_GID_INDEX，它在每个节点上都必须指向本命名空间网卡的 GID：多个 pod 共享 HCA 时各节点的序号不同，"
            "应按各节点的 show_gids 分别设置。",
        ),
    ),
    Entry(
        "log-nccl-ring-open",
        "error",
        "log",
        Text(
            "NCCL's ring {ring} {detail}: the ranks computed different topology graphs, so the ring put together "
            "from them is broken",
            "NCCL 的 ring {ring} {detail}：各 rank 计算出的拓扑图不一致，由它们拼成的环是断的",
        ),
        Text(
            "NCCL 2.19 built these graphs from PCI link speeds that some systems leave unset, so ranks disagreed "
            "(NVIDIA/nccl#1020, fixed in 2.20): move to NCCL 2.20 or newer (a newer torch wheel, or the "
            "nvidia-nccl-cu* package torch loads). On any release, make the ranks see one system: the same NCCL "
            "release and NCCL_* settings on every node (NCCL_TOPO_FILE, NCCL_ALGO, NCCL_MIN_NCHANNELS), a distinct "
            "hostname per node, and NCCL_HOSTID either unset or different on each node.",
            "NCCL 2.19 根据 PCI 链路速度构建这些图，而有些系统不提供这些值，导致各 rank 结果不一致"
            "（NVIDIA/nccl#1020，已在 2.20 修复）：换用 NCCL 2.20 或更新版本（更新的 torch wheel，"
            "或 torch 加载的 nvidia-nccl-cu* 包）。无论哪个版本，都要让各 rank 看到同一个系统：每个节点使用相同的 "
            "NCCL 版本和 NCCL_* 设置（NCCL_TOPO_FILE、NCCL_ALGO、NCCL_MIN_NCHANNELS），每个节点的主机名各不相同，"
            "NCCL_HOSTID 要么不设置，要么每个节点各不相同。",
        ),
    ),
    Entry(
        "log-nccl-timeout-unnamed",
        "error",
        "log",
        Text(
            "The NCCL watchdog aborted a collective that ran past its timeout (the log keeps the watchdog's trace, "
            "not which collective or rank)",
            "NCCL watchdog 中止了一个超时的集合通信（日志只保留了 watchdog 的调用栈，没有说明是哪个集合通信或 rank）",
        ),
        Text(
            "Some rank did not reach that collective in time: most often work only some ranks do before it "
            "(rank-0-only evaluation, saving or logging), else a rank that died or ranks calling different "
            "collectives. Read each rank's last output for what it was doing (distdoctor dump while it hangs; "
            "TORCH_NCCL_TRACE_BUFFER_SIZE=2000 keeps the flight recorder's record of each collective), give every "
            "rank the same calls, or raise init_process_group(timeout=...) to cover long rank-0 work.",
            "某个 rank 没有按时到达这个集合通信：最常见的是只有部分 rank 在它之前做的工作（仅 rank 0 的评估、保存或"
            "日志），其次是某个 rank 已经退出，或各 rank 调用了不同的集合通信。查看每个 rank 最后的输出，了解它当时"
            "在做什么（卡住时运行 distdoctor dump；设置 TORCH_NCCL_TRACE_BUFFER_SIZE=2000 可让 flight recorder 记录"
            "每个集合通信），让每个 rank 调用相同的集合通信，或调大 init_process_group(timeout=...) 以覆盖 rank 0 "
            "的长时间工作。",
        ),
    ),
    Entry(
        "log-nccl-bootstrap-root-mixed",
        "error",
        "log",
        Text(
            "NCCL's bootstrap root got check-ins that cannot belong to one communicator ({detail}): two jobs or "
            "communicators share one unique id, or the ranks disagree on the world size",
            "NCCL 的 bootstrap root 收到了不可能属于同一个通信器的登记（{detail}）：两个作业或通信器共用了同一个 "
            "unique id，或各 rank 对 world size 的看法不一致",
        ),
        Text(
            "Give every job its own NCCL_COMM_ID (or unset it and let torch hand out the id through its store) and "
            "its own MASTER_PORT; make sure no rank was started twice, and that every node launches with the same "
            "--nnodes and --nproc-per-node.",
            "给每个作业各自的 NCCL_COMM_ID（或不设置它，让 torch 通过其 store 分发 id）和各自的 MASTER_PORT；"
            "确认没有 rank 被启动两次，且每个节点启动时的 --nnodes 和 --nproc-per-node 相同。",
        ),
    ),
    Entry(
        "log-open-files-limit",
        "error",
        "log",
        Text(
            "A process ran out of file descriptors (Too many open files): its open-files limit is below what the "
            "job needs",
            "某个进程的文件描述符用完了（Too many open files）：它的打开文件数上限低于作业的需要",
        ),
        Text(
            "Raise the limit where the ranks start: ulimit -n 1048576 in the launch script, nofile in "
            "/etc/security/limits.conf, docker run --ulimit nofile=1048576:1048576, or LimitNOFILE in the systemd "
            "unit of the Slurm or container daemon. NCCL opens sockets per peer and channel, and DataLoader workers "
            "pass tensors as file descriptors (torch.multiprocessing.set_sharing_strategy('file_system') avoids "
            "that).",
            "在 rank 启动的地方调高上限：在启动脚本中执行 ulimit -n 1048576、在 /etc/security/limits.conf 中设置 "
            "nofile、docker run --ulimit nofile=1048576:1048576，或在 Slurm 或容器守护进程的 systemd unit 中设置 "
            "LimitNOFILE。NCCL 为每个对端和通道打开 socket，DataLoader worker 以文件描述符传递张量"
            "（torch.multiprocessing.set_sharing_strategy('file_system') 可以避免）。",
        ),
    ),
    Entry(
        "log-nccl-comm-id-bad",
        "error",
        "log",
        Text(
            "NCCL_COMM_ID is set, but NCCL cannot use it on this node: {detail}",
            "设置了 NCCL_COMM_ID，但 NCCL 在本节点上无法使用它：{detail}",
        ),
        Text(
            "Under torch, unset NCCL_COMM_ID: torch passes the id through its own store. Otherwise set it on every "
            "rank to host:port of the root rank's node (IPv6 as [addr]:port), a name every node resolves, on a "
            "network this node has an interface in.",
            "在 torch 下请 unset NCCL_COMM_ID：torch 会通过自己的 store 传递 id。否则在每个 rank 上把它设为 root "
            "rank 所在节点的 host:port（IPv6 写作 [addr]:port），使用每个节点都能解析的名字，并且该地址所在网络"
            "要有本节点的网卡。",
        ),
    ),
    Entry(
        "log-ib-wanted-absent",
        "error",
        "log",
        Text(
            "NCCL found no InfiniBand device on this node, though the job set NCCL_IB_* to use one: it sends over "
            "TCP sockets instead",
            "NCCL 在本节点上没有找到 InfiniBand 设备，而作业设置了 NCCL_IB_* 要使用它：它改用 TCP socket 传输",
        ),
        Text(
            "ibv_devinfo must list the HCAs where the ranks run. In a container, pass them in: docker "
            "--device=/dev/infiniband with --cap-add=IPC_LOCK, enroot/pyxis mounting /dev/infiniband, or the "
            "cluster's RDMA device plugin in Kubernetes; on the host, the HCA's driver (mlx5_ib) must be loaded. "
            "Where the node has no InfiniBand, drop the NCCL_IB_* settings and name the shared interface "
            "(NCCL_SOCKET_IFNAME).",
            "在 rank 运行的地方，ibv_devinfo 必须能列出 HCA。在容器中要把它们传进去：docker "
            "--device=/dev/infiniband 加 --cap-add=IPC_LOCK，enroot/pyxis 挂载 /dev/infiniband，或在 Kubernetes 中"
            "使用集群的 RDMA 设备插件；在宿主机上，HCA 的驱动（mlx5_ib）必须已加载。若该节点没有 InfiniBand，就去掉 "
            "NCCL_IB_* 设置，并指定节点之间共享的网卡（NCCL_SOCKET_IFNAME）。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: the job may run, slower, over sockets",
            ),
        ),
    ),
    Entry(
        "log-efa-rdma-read-missing",
        "error",
        "log",
        Text(
            "FI_EFA_USE_DEVICE_RDMA=1 asks this node's EFA device for RDMA read, which it does not have: libfabric "
            "aborts every rank that opens it",
            "FI_EFA_USE_DEVICE_RDMA=1 要求本节点的 EFA 设备支持 RDMA read，而它不支持：libfabric 会让每个打开它的 "
            "rank 中止",
        ),
        Text(
            "Unset FI_EFA_USE_DEVICE_RDMA (or set it to 0) on instance types whose EFA has no RDMA read, and let "
            "libfabric use what the device offers; set it only where the device has it (fi_info -p efa -v shows the "
            "device's capabilities). A manifest copied from another instance type is the usual source.",
            "在 EFA 不支持 RDMA read 的实例类型上取消 FI_EFA_USE_DEVICE_RDMA（或设为 0），让 libfabric 使用设备实际"
            "提供的能力；只在设备支持时设置它（fi_info -p efa -v 会显示设备的能力）。从其他实例类型复制来的配置"
            "是常见来源。",
        ),
    ),
    Entry(
        "log-pcie-atomics-missing",
        "error",
        "log",
        Text(
            "An AMD GPU here sits on a PCIe path without atomic operations ({detail}): ROCm cannot launch the kernels "
            "that need hostcall, RCCL's collectives among them",
            "此处有一块 AMD GPU 所在的 PCIe 通路不支持原子操作（{detail}）：ROCm 无法启动需要 hostcall 的 kernel，"
            "其中包括 RCCL 的集合通信",
        ),
        Text(
            "The slot's root port, or a VM's passthrough, decides it, not the card: dmesg says 'amdgpu: PCIE atomic "
            "ops is not supported', and lspci -vvv shows the AtomicOps capabilities along the path. Put the GPU in "
            "a slot attached to the CPU, or run on the host rather than in the VM; otherwise the kernels must be built "
            "without device-side assert and printf, which are what need hostcall.",
            "决定这一点的是插槽的根端口或虚拟机的直通设置，而不是显卡：dmesg 会显示 'amdgpu: PCIE atomic ops is "
            "not supported'，lspci -vvv 会显示通路上的 AtomicOps 能力。把 GPU 插到直连 CPU 的插槽上，或在宿主机"
            "而不是虚拟机中运行；否则必须在构建 kernel 时去掉设备端的 assert 和 printf，需要 hostcall 的正是它们。",
        ),
    ),
    Entry(
        "log-ib-device-unusable",
        "error",
        "log",
        Text(
            "NCCL found the RDMA device {dev} but could not open or query it{detail}",
            "NCCL 找到了 RDMA 设备 {dev}，但无法打开或查询它{detail}",
        ),
        Text(
            "Check the device on that node with ibv_devinfo. In a container, pass /dev/infiniband in (docker "
            "--device=/dev/infiniband, or the cluster's RDMA device plugin) with the IPC_LOCK capability. If the "
            "device is broken or not meant for this job, leave it out with NCCL_IB_HCA, or use TCP with "
            "NCCL_IB_DISABLE=1.",
            "在该节点上用 ibv_devinfo 检查设备。容器中要把 /dev/infiniband 传进去（docker --device=/dev/infiniband，"
            "或集群的 RDMA 设备插件），并授予 IPC_LOCK 权限。如果设备已损坏或不该给这个作业用，用 NCCL_IB_HCA "
            "把它排除，或设置 NCCL_IB_DISABLE=1 改用 TCP。",
        ),
    ),
    Entry(
        "log-cuda-driver-too-old",
        "error",
        "log",
        Text(
            "The GPU driver is too old for {who}{detail}",
            "GPU 驱动太旧，不支持 {who}{detail}",
        ),
        Text(
            "Upgrade the NVIDIA driver on that node, or use a torch wheel (and NCCL) built for an older CUDA: "
            "nvidia-smi shows the CUDA the driver supports; NCCL writes versions as 1000 × major + 10 × minor "
            "(12040 is CUDA 12.4).",
            "升级该节点的 NVIDIA 驱动，或使用为较旧 CUDA 构建的 torch wheel（及 NCCL）：nvidia-smi 显示驱动支持的 "
            "CUDA 版本；NCCL 把版本号写作 1000 × 主版本 + 10 × 次版本（12040 即 CUDA 12.4）。",
        ),
    ),
    Entry(
        "log-gpu-driver-mismatch",
        "error",
        "log",
        Text(
            "The GPU driver's user-space libraries are not the version of its loaded kernel module{detail}",
            "GPU 驱动的用户态库与已加载的内核模块版本不一致{detail}",
        ),
        Text(
            "On that node: after a driver upgrade, reboot (or stop every GPU process and reload the nvidia kernel "
            "modules) so that the module matches the libraries; nvidia-smi works again once they do. In a "
            "container, the image must not carry its own libcuda.so or libnvidia-ml.so (the NVIDIA container "
            "toolkit mounts the host's), and a cuda-compat package in it must be for a driver branch the host's "
            "GPU supports.",
            "在该节点上：驱动升级之后要重启（或停掉所有 GPU 进程并重新加载 nvidia 内核模块），让内核模块与用户态库"
            "一致；二者一致后 nvidia-smi 就能恢复工作。在容器中，镜像不能自带 libcuda.so 或 libnvidia-ml.so"
            "（NVIDIA container toolkit 会挂载宿主机的），镜像中的 cuda-compat 包必须对应宿主机 GPU 支持的驱动分支。",
        ),
    ),
    Entry(
        "log-mnnvl-imex-unavailable",
        "error",
        "log",
        Text(
            "NCCL found a multi-node NVLink domain ({size} GPUs) but could not use its memory: IMEX is not set up "
            "for this job",
            "NCCL 发现了跨节点 NVLink 域（{size} 块 GPU），却无法使用其内存：本作业的 IMEX 没有配置好",
        ),
        Text(
            "On every node of the NVLink domain run nvidia-imex (the driver's version) with the same node list, and "
            "check that nvidia-imex-ctl -N shows them all connected; the job must see an IMEX channel "
            "(/dev/nvidia-caps-imex-channels/channel0: the nvidia module option NVreg_CreateImexChannel0=1, or a "
            "ComputeDomain on Kubernetes). Until then NCCL_MNNVL_ENABLE=0 runs the job over the network instead.",
            "在 NVLink 域的每个节点上以相同的节点列表运行 nvidia-imex（与驱动同版本），并用 nvidia-imex-ctl -N "
            "确认所有节点都已连接；作业必须能看到 IMEX 通道（/dev/nvidia-caps-imex-channels/channel0：nvidia 模块参数 "
            "NVreg_CreateImexChannel0=1，Kubernetes 上则是 ComputeDomain）。在此之前，设置 NCCL_MNNVL_ENABLE=0 "
            "可让作业改走网络。",
        ),
    ),
    Entry(
        "log-nccl-algo-unavailable",
        "error",
        "log",
        Text(
            "NCCL has no algorithm and protocol left for {op}: the ones NCCL_ALGO or NCCL_PROTO allow do not work "
            "here{detail}",
            "NCCL 对 {op} 没有可用的算法和协议：NCCL_ALGO 或 NCCL_PROTO 允许的那些在这里都不能用{detail}",
        ),
        Text(
            "Unset NCCL_ALGO and NCCL_PROTO (look in /etc/nccl.conf and ~/.nccl.conf too) and let NCCL choose. "
            "CollNet and NVLS exist only for some collectives and data types and only where the network or the "
            "NVSwitches support them; to force one, name it for the collective it serves and leave the others a "
            "fallback (NCCL 2.24+: NCCL_ALGO='allreduce:nvls,ring').",
            "取消 NCCL_ALGO 和 NCCL_PROTO（也要检查 /etc/nccl.conf 和 ~/.nccl.conf），让 NCCL 自己选择。"
            "CollNet 和 NVLS 只支持部分集合通信和数据类型，且要网络或 NVSwitch 支持；若要强制使用某一种，"
            "只为它适用的集合通信指定，并给其他集合通信留出备选（NCCL 2.24+：NCCL_ALGO='allreduce:nvls,ring'）。",
        ),
    ),
    Entry(
        "log-mpi-run-as-root",
        "error",
        "log",
        Text(
            "{launcher} refused to start: it runs as root, the usual user in a container, and was not told to allow it",
            "{launcher} 拒绝启动：它以 root 身份运行（容器里通常如此），而没有被告知允许这样做",
        ),
        Text(
            "Open MPI's launcher stops before it starts any rank when its user is root. In a container where root "
            "is expected, say so: mpirun --allow-run-as-root, or export OMPI_ALLOW_RUN_AS_ROOT=1 and "
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 (both) before the launch; otherwise run the job as an ordinary user.",
            "Open MPI 的启动器发现自己的用户是 root 时，会在启动任何 rank 之前停止。在本来就以 root 运行的容器里要明确"
            "允许：mpirun --allow-run-as-root，或在启动前同时 export OMPI_ALLOW_RUN_AS_ROOT=1 和 "
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1；否则用普通用户运行作业。",
        ),
    ),
    Entry(
        "log-workdir-missing",
        "error",
        "log",
        Text(
            "The job's working directory {path} does not exist on a node{detail}: its tasks started in /tmp instead, "
            "where relative paths to the script and the data do not resolve",
            "作业的工作目录 {path} 在某个节点上不存在{detail}：那里的任务改在 /tmp 中启动，指向脚本和数据的相对路径"
            "都找不到",
        ),
        Text(
            "Slurm starts each task in the directory the job was submitted from, and that directory must exist on "
            "every node. Submit from a file system every node mounts at the same path (not a node's local disk or "
            "/tmp), or give one with sbatch --chdir=/shared/path; check that the file system is mounted on that "
            "node (df /shared/path there).",
            "Slurm 在提交作业时所在的目录里启动每个任务，这个目录必须在每个节点上都存在。请从所有节点都挂载在同一路径"
            "的文件系统上提交（不要用某个节点的本地磁盘或 /tmp），或用 sbatch --chdir=/shared/path 指定；并确认该节点"
            "确实挂载了这个文件系统（在那里运行 df /shared/path）。",
        ),
    ),
    Entry(
        "log-slurm-exec-failed",
        "error",
        "log",
        Text(
            "Slurm could not run {command} on a node: {error}",
            "Slurm 无法在某个节点上运行 {command}：{error}",
        ),
        Text(
            "slurmstepd looks the command up with the task's PATH on that node. The environment the job was "
            "submitted from (a conda or virtual environment, a module) is not there: give the full path "
            "(/shared/env/bin/torchrun), activate the environment inside the batch script, and keep it on a file "
            "system every node mounts at the same path. 'bad interpreter' names a script whose first line points "
            "at a Python that node lacks.",
            "slurmstepd 在该节点上用任务的 PATH 查找命令。提交作业时所在的环境（conda 或虚拟环境、module）在那里"
            "不存在：请给出完整路径（/shared/env/bin/torchrun），在批处理脚本中激活环境，并把环境放在每个节点都挂载在同一路径"
            "的文件系统上。'bad interpreter' 表示脚本第一行指向的 Python 在该节点上不存在。",
        ),
    ),
    Entry(
        "log-slurm-gres-mismatch",
        "error",
        "log",
        Text(
            "Slurm killed the job: {node} no longer has the {gres} it was given to the job{detail}",
            "Slurm 终止了作业：{node} 已不再拥有分配给作业的 {gres}{detail}",
        ),
        Text(
            "The node reports fewer or other devices than Slurm counted for it: a GPU that fell off the bus or "
            "lost its driver, or a gres.conf that disagrees with slurm.conf after a change. nvidia-smi on that node "
            "shows which GPUs it still sees; leave the node out (--exclude=NODE) and resubmit, and ask the "
            "administrators to drain and check it.",
            "该节点报告的设备比 Slurm 为它记录的少或不同：某块 GPU 掉卡或驱动丢失，或改动后 gres.conf 与 slurm.conf "
            "不一致。在该节点上运行 nvidia-smi 查看它还能看到哪些 GPU；把该节点排除在外（--exclude=NODE）后重新提交，"
            "并请管理员将它 drain 后检查。",
        ),
    ),
    Entry(
        "log-slurm-options-conflict",
        "error",
        "log",
        Text(
            "{tool} refused the job's options: {error}",
            "{tool} 拒绝了作业的选项：{error}",
        ),
        Text(
            "Two of the options ask for GPUs or tasks in ways that cannot both hold. Keep one of them. Inside a "
            "batch script or salloc, srun also reads the SLURM_* variables the outer allocation set "
            "(SLURM_NTASKS_PER_GPU, SLURM_GPUS_PER_TASK, ...): unset the one that conflicts before srun.",
            "有两个选项以互相矛盾的方式申请 GPU 或任务。只保留其中一个。在批处理脚本或 salloc 中，srun 还会读取外层"
            "分配设置的 SLURM_* 变量（SLURM_NTASKS_PER_GPU、SLURM_GPUS_PER_TASK 等）：在 srun 之前 unset 与之冲突"
            "的那个。",
        ),
    ),
    Entry(
        "log-peer-container-address",
        "error",
        "log",
        Text(
            "A rank connected to {addr}{port}, an address on docker's default bridge network (172.17.0.0/16), "
            "which no other host reaches: a rank in a bridged container advertised its container's address",
            "某个 rank 连接的是 {addr}{port}，它属于 docker 的默认网桥网络（172.17.0.0/16），其他主机都无法访问："
            "桥接网络容器中的某个 rank 对外公布了容器自己的地址",
        ),
        Text(
            "Run the containers of a multi-node job with the host's network (docker run --network=host; "
            "hostNetwork: true in Kubernetes, or a CNI that routes pod addresses between nodes), or make each rank "
            "advertise an address the other hosts reach: MASTER_ADDR set to the host's address, and "
            "NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME set to the interface that carries it.",
            "多节点作业的容器要使用主机网络运行（docker run --network=host；Kubernetes 中用 hostNetwork: true，或能在"
            "节点间路由 pod 地址的 CNI），或者让每个 rank 公布其他主机可以访问的地址：把 MASTER_ADDR 设为主机的地址，"
            "并把 NCCL_SOCKET_IFNAME 和 GLOO_SOCKET_IFNAME 设为承载该地址的网卡。",
        ),
    ),
    Entry(
        "log-ray-port-conflict",
        "error",
        "log",
        Text(
            "Ray would not start this node: port {port} is claimed both by its {component} and by another of its "
            "components",
            "Ray 拒绝启动该节点：端口 {port} 既被它的 {component} 占用，又被它的另一个组件占用",
        ),
        Text(
            "Ray checks its ports before a node starts. It picks some of them at random (the dashboard agent's, the "
            "runtime-env agent's, the metrics export's), and they can land in its worker ports (10002-19999 by "
            "default), so the node fails on some starts only. Pin every port outside the worker range on the head "
            "and on every worker (ray start --port below 10000, --dashboard-agent-listen-port, "
            "--dashboard-agent-grpc-port, --runtime-env-agent-port, --metrics-export-port), or move the range "
            "(--min-worker-port, --max-worker-port) away from the ports you set.",
            "Ray 在节点启动前检查自己的端口。其中一些端口是随机选的（dashboard agent、runtime-env agent、metrics "
            "export），它们可能落入 worker 端口范围（默认 10002-19999），因此节点只在某些次启动时失败。在 head 和每个 "
            "worker 上把所有端口都固定在 worker 范围之外（ray start --port 小于 10000，--dashboard-agent-listen-port、"
            "--dashboard-agent-grpc-port、--runtime-env-agent-port、--metrics-export-port），或把该范围"
            "（--min-worker-port、--max-worker-port）移开你设定的端口。",
        ),
    ),
    Entry(
        "log-parallel-layout-mismatch",
        "error",
        "log",
        Text(
            "The ranks this launch started cannot be split into the parallel sizes the job asks for ({detail})",
            "本次启动的 rank 数无法按作业要求的并行规模切分（{detail}）",
        ),
        Text(
            "The world size is nodes x processes per node, and it must be a multiple of the model-parallel sizes "
            "(tensor x pipeline x context, and the expert sizes), with data parallelism taking the rest. Either "
            "the launch started fewer or more ranks than intended (a node missing, --nproc-per-node not the GPUs "
            "per node, Slurm tasks laid out differently), or the parallel sizes are set for another cluster: print "
            "WORLD_SIZE on each rank and fix whichever is wrong.",
            "world size 等于节点数乘以每节点进程数，它必须是模型并行规模（tensor x pipeline x context，以及 expert "
            "相关的规模）的整数倍，其余部分用于数据并行。要么本次启动的 rank 比预期多或少（缺了一个节点，"
            "--nproc-per-node 不等于每节点 GPU 数，Slurm 的任务布局不同），要么并行规模是为另一个集群设置的："
            "在每个 rank 上打印 WORLD_SIZE，改正错的那一方。",
        ),
    ),
    Entry(
        "log-required-env-unset",
        "error",
        "log",
        Text(
            "The program needs {var} set to {value} in every rank's environment, and this rank's did not have it",
            "程序要求每个 rank 的环境中都把 {var} 设为 {value}，而这个 rank 的环境里没有",
        ),
        Text(
            "Set it where every rank starts, on every node: export {var}={value} in the launch script. Launchers "
            "that start ranks over ssh, pdsh or mpirun pass only what they are told to: DeepSpeed reads "
            "~/.deepspeed_env or ./.deepspeed_env, mpirun needs -x {var}, and srun passes the submitting shell's "
            "environment unless --export says otherwise.",
            "在每个节点上所有 rank 启动的地方设置它：在启动脚本中 export {var}={value}。通过 ssh、pdsh 或 mpirun "
            "启动 rank 的启动器只传递被告知要传递的变量：DeepSpeed 读取 ~/.deepspeed_env 或 ./.deepspeed_env，"
            "mpirun 需要 -x {var}，srun 会传递提交时 shell 的环境，除非 --export 另有设置。",
        ),
    ),
    Entry(
        "log-pmix-shared-store-failed",
        "error",
        "log",
        Text(
            "PMIx could not attach the shared-memory store its server keeps for the ranks of a node ({detail})",
            "PMIx 无法挂接其服务器为同一节点各 rank 保存的共享内存存储（{detail}）",
        ),
        Text(
            "Set PMIX_MCA_gds=hash in every rank's environment (export it before srun or mpirun): each process "
            "then keeps the data itself and no shared segment is needed. Containers that do not share /dev/shm "
            "or the PMIx temporary directory with the host's launcher are where the store usually fails.",
            "在每个 rank 的环境中设置 PMIX_MCA_gds=hash（在 srun 或 mpirun 之前 export）：这样每个进程自己保存数据，"
            "不再需要共享内存段。没有与宿主机启动器共享 /dev/shm 或 PMIx 临时目录的容器，是这个存储最常失败的地方。",
        ),
    ),
    Entry(
        "log-slurm-ntasks-per-node-ignored",
        "warning",
        "log",
        Text(
            "srun ignored --ntasks-per-node={per_node}: it does not fit the {tasks} tasks asked for on {nodes} "
            "node(s), so the tasks are not laid out per node as the job expects",
            "srun 忽略了 --ntasks-per-node={per_node}：它与在 {nodes} 个节点上申请的 {tasks} 个任务不一致，因此任务"
            "没有按作业预期的方式在每个节点上分布",
        ),
        Text(
            "Ask for nodes and tasks per node and let Slurm count the total: drop --ntasks (or set it to nodes x "
            "tasks per node). torchrun wants one task per node (--ntasks-per-node=1) and starts the GPUs' ranks "
            "itself with --nproc-per-node.",
            "只申请节点数和每节点任务数，让 Slurm 计算总数：去掉 --ntasks（或把它设为节点数 x 每节点任务数）。"
            "torchrun 需要每个节点一个任务（--ntasks-per-node=1），并用 --nproc-per-node 自己启动各 GPU 的 rank。",
        ),
    ),
    Entry(
        "log-slurm-submission-refused",
        "error",
        "log",
        Text(
            "Slurm refused the job under the site's accounting rules ({tool}: {error})",
            "Slurm 按站点的记账规则拒绝了该作业（{tool}：{error}）",
        ),
        Text(
            "Compare the request with what the account may use: sacctmgr show assoc user=$USER and sacctmgr show "
            "qos list its limits (nodes, GPUs, wall time, jobs at once). Ask within them, or name the account, "
            "partition and QOS that allow it (--account, --partition, --qos, --time).",
            "把申请与账户的可用额度对比：sacctmgr show assoc user=$USER 和 sacctmgr show qos 会列出其限制（节点、"
            "GPU、运行时长、同时运行的作业数）。在限制内申请，或指定允许该申请的账户、分区和 QOS（--account、"
            "--partition、--qos、--time）。",
        ),
    ),
    Entry(
        "log-nccl-net-plugin-unloadable",
        "error",
        "log",
        Text(
            "NCCL found a network plugin but could not load it ({error}), and fell back to its own transports",
            "NCCL 找到了网络插件，却无法加载它（{error}），于是退回了自带的传输方式",
        ),
        Text(
            "The plugin needs libraries this node lacks, or other releases of them than it was built against: a "
            "libfabric older than aws-ofi-nccl's (version `FABRIC_1.x' not found: use the plugin that came with "
            "this node's EFA installer, or put that installer's libfabric first on LD_LIBRARY_PATH), a missing "
            "libfabric or CUDA runtime, or symbols of another NCCL. ldd on the plugin, on that node and in the "
            "job's environment, shows what is missing.",
            "插件需要本节点缺少的库，或者需要与其编译时不同版本的库：比 aws-ofi-nccl 所需更旧的 libfabric（version "
            "`FABRIC_1.x' not found：改用本节点 EFA 安装包自带的插件，或把该安装包的 libfabric 放在 LD_LIBRARY_PATH "
            "最前面）、缺少 libfabric 或 CUDA 运行时，或者是另一个 NCCL 的符号。在该节点上、在作业的环境中对插件运行 "
            "ldd，可以看到缺少什么。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: the job runs over NCCL's own transports, often many times slower",
            ),
        ),
    ),
    Entry(
        "log-gdrcopy-unavailable",
        "error",
        "log",
        Text(
            "The AWS OFI network plugin could not start GDRCopy ({error}): NCCL's device-initiated transfers (GIN, "
            "used by DeepEP) cannot run without it",
            "AWS OFI 网络插件无法启动 GDRCopy（{error}）：没有它，NCCL 由设备发起的传输（GIN，DeepEP 使用）无法运行",
        ),
        Text(
            "GDRCopy needs its kernel module on the host and its device in the container: load gdrdrv on every "
            "node (the gdrcopy package; lsmod | grep gdrdrv), pass /dev/gdrdrv into the container (docker --device "
            "/dev/gdrdrv, or --privileged; in Kubernetes a device plugin or a hostPath volume), and install "
            "libgdrapi.so in the image.",
            "GDRCopy 需要宿主机上的内核模块和容器内的设备：在每个节点上加载 gdrdrv（gdrcopy 软件包；lsmod | grep "
            "gdrdrv），把 /dev/gdrdrv 传入容器（docker --device /dev/gdrdrv，或 --privileged；Kubernetes 中使用 device "
            "plugin 或 hostPath 卷），并在镜像中安装 libgdrapi.so。",
        ),
    ),
    Entry(
        "log-library-unloadable",
        "error",
        "log",
        Text(
            "A shared library could not be loaded on this node ({error}): its environment lacks it, or has "
            "another release of it than the job was built for",
            "本节点无法加载一个共享库（{error}）：它的环境里缺少这个库，或者库的版本与作业构建时所用的不同",
        ),
        Text(
            "On the node that printed it, in the job's environment, ldd on the file that needed it shows what is "
            "missing. Give every node the same environment (one container image, one conda or virtual env, the "
            "same CUDA and driver), and keep a system or module directory on LD_LIBRARY_PATH from shadowing the "
            "environment's own libraries; a version `X' not found means the node's copy is older than what was "
            "built against it.",
            "在打印它的节点上、在作业的环境中，对需要它的文件运行 ldd 可以看到缺少什么。让每个节点使用相同的环境"
            "（同一个容器镜像、同一个 conda 或虚拟环境、相同的 CUDA 和驱动），并避免 LD_LIBRARY_PATH 中的系统或 "
            "module 目录遮住环境自带的库；version `X' not found 表示该节点上的库比构建时所用的旧。",
        ),
    ),
    Entry(
        "log-gpu-count-changed",
        "error",
        "log",
        Text(
            "A rank asked for a GPU beyond the number torch counted when CUDA started in it (device >= 0 && device "
            "< num_gpus)",
            "某个 rank 请求的 GPU 超出了 CUDA 在其中启动时 torch 统计到的数量（device >= 0 && device < num_gpus）",
        ),
        Text(
            "torch counts a process's GPUs once, when CUDA starts: set CUDA_VISIBLE_DEVICES before anything "
            "touches CUDA (in the launcher's environment or the first lines of the script), never after. With MIG "
            "enabled (A100, H100), a process gets MIG instances and can use one of them: give each process one "
            "(CUDA_VISIBLE_DEVICES=MIG-<uuid>), or turn MIG off for multi-GPU jobs (nvidia-smi -mig 0, then a GPU "
            "reset).",
            "torch 只在 CUDA 启动时统计一次进程的 GPU：在任何代码接触 CUDA 之前设置 CUDA_VISIBLE_DEVICES（在启动器的"
            "环境中或脚本的最前面），不要在之后设置。启用 MIG 时（A100、H100），进程看到的是 MIG 实例，且只能使用其中"
            "一个：为每个进程分配一个实例（CUDA_VISIBLE_DEVICES=MIG-<uuid>），或为多 GPU 作业关闭 MIG（nvidia-smi "
            "-mig 0，然后重置 GPU）。",
        ),
    ),
    Entry(
        "log-nvshmem-transport-failed",
        "error",
        "log",
        Text(
            "NVSHMEM, the GPU-initiated transport DeepEP and similar kernels use between nodes, could not "
            "start{detail}",
            "NVSHMEM（DeepEP 等内核在节点之间使用的由 GPU 发起的传输）无法启动{detail}",
        ),
        Text(
            "Its IBGDA transport needs, on every node: GPUDirect RDMA (nvidia_peermem loaded, or DMA-BUF with the "
            'open kernel module), the driver loaded with NVreg_RegistryDwords="PeerMappingOverride=1;" (in '
            "/etc/modprobe.d, then a driver reload), mlx5 NICs with their atomics enabled, and in a container the "
            "RDMA devices (/dev/infiniband), IPC_LOCK and an unlimited memlock limit, with libibverbs and libmlx5 "
            "in the image. The NVSHMEM lines just before this one say which was missing; NVSHMEM_DEBUG=WARN "
            "prints more.",
            "它的 IBGDA 传输在每个节点上都需要：GPUDirect RDMA（已加载 nvidia_peermem，或使用开源内核模块的 "
            'DMA-BUF）、加载驱动时带上 NVreg_RegistryDwords="PeerMappingOverride=1;"（写入 /etc/modprobe.d 后'
            "重新加载驱动）、启用了 atomics 的 mlx5 网卡；在容器中还需要 RDMA 设备（/dev/infiniband）、IPC_LOCK 和"
            "不受限的 memlock，镜像里要有 libibverbs 和 libmlx5。紧挨着它之前的 NVSHMEM 日志会说明缺的是哪一项；"
            "NVSHMEM_DEBUG=WARN 会打印更多信息。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: NVSHMEM may have gone on with another transport",
            ),
        ),
    ),
    Entry(
        "log-nccl-gin-unavailable",
        "error",
        "log",
        Text(
            "NCCL's GPU-initiated networking (GIN, which DeepEP's kernels use) is unavailable here ({detail})",
            "NCCL 由 GPU 发起的网络通信（GIN，DeepEP 的内核使用它）在这里不可用（{detail}）",
        ),
        Text(
            "GIN needs RDMA NICs inside the job (/dev/infiniband, or the EFA devices with aws-ofi-nccl), GPUDirect "
            "RDMA on every node (nvidia_peermem loaded, or DMA-BUF with the open kernel module on Linux 5.12 or "
            "later), NCCL 2.28.9 or later, and NCCL_GIN_ENABLE not set to 0. A job on one node can do without it "
            "(DeepEP: EP_DISABLE_GIN=1).",
            "GIN 需要作业内可见的 RDMA 网卡（/dev/infiniband，或配合 aws-ofi-nccl 的 EFA 设备）、每个节点上的 "
            "GPUDirect RDMA（已加载 nvidia_peermem，或在 Linux 5.12 及以上使用开源内核模块的 DMA-BUF）、NCCL 2.28.9 "
            "及以上版本，并且 NCCL_GIN_ENABLE 没有设为 0。单节点作业可以不用它（DeepEP：EP_DISABLE_GIN=1）。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: only a job whose kernels need GIN misses it",
            ),
        ),
    ),
    Entry(
        "log-nvshmem-heap-exhausted",
        "error",
        "log",
        Text(
            "NVSHMEM's symmetric heap could not hold the buffers asked of it ({detail})",
            "NVSHMEM 的对称堆容纳不下所申请的缓冲区（{detail}）",
        ),
        Text(
            "Raise NVSHMEM_SYMMETRIC_SIZE (or NVSHMEM_MAX_MEMORY_PER_GPU where the heap grows on demand) above what "
            "the expert-parallel buffers need, the same on every rank, or make the buffers smaller (fewer tokens "
            "per rank); where GPU memory itself ran out, leave room for the heap (SGLang: a lower "
            "--mem-fraction-static).",
            "把 NVSHMEM_SYMMETRIC_SIZE（堆按需增长时为 NVSHMEM_MAX_MEMORY_PER_GPU）调到大于专家并行缓冲区所需，并且"
            "每个 rank 相同，或者减小缓冲区（每个 rank 更少的 token）；如果是 GPU 显存本身不够，则为这个堆留出空间"
            "（SGLang：调低 --mem-fraction-static）。",
        ),
    ),
    Entry(
        "log-nccl-device-api-mismatch",
        "error",
        "log",
        Text(
            "A program built against one NCCL runs with another ({detail}): NCCL's device API needs the two to match",
            "一个基于某个 NCCL 版本构建的程序运行在另一个 NCCL 版本上（{detail}）：NCCL 的设备 API 要求两者一致",
        ),
        Text(
            "Rebuild the extension (DeepEP, or whatever compiled NCCL device kernels) against the NCCL it runs "
            "with, or install the NCCL it was built with (pip install nvidia-nccl-cu12==VERSION) and keep other "
            "NCCLs off LD_LIBRARY_PATH; python -c 'import torch; print(torch.cuda.nccl.version())' shows the one "
            "that loads.",
            "针对运行时使用的 NCCL 重新构建扩展（DeepEP，或任何编译了 NCCL 设备内核的程序），或安装构建时所用的 "
            "NCCL（pip install nvidia-nccl-cu12==VERSION），并让其他 NCCL 不出现在 LD_LIBRARY_PATH 中；"
            "python -c 'import torch; print(torch.cuda.nccl.version())' 会显示实际加载的版本。",
        ),
    ),
    Entry(
        "log-launcher-arg-empty",
        "error",
        "log",
        Text(
            "The launcher was given '{value}' for {option}: the variable the launch script passes it is not set on "
            "this node",
            "启动器的 {option} 收到的值是 '{value}'：启动脚本传给它的变量在这个节点上没有设置",
        ),
        Text(
            "Set the variable in the script every node runs, before the launcher starts (NODE_RANK from "
            "SLURM_NODEID or the pod's index, MASTER_PORT, NNODES), or write the value itself; a variable exported "
            "on the first node does not reach the others over ssh or pdsh, and one in single quotes is not "
            "expanded.",
            "在每个节点都会运行的脚本里、在启动器启动之前设置这个变量（NODE_RANK 取自 SLURM_NODEID 或 pod 的序号，"
            "MASTER_PORT、NNODES），或者直接写出取值；在第一个节点上 export 的变量不会经 ssh 或 pdsh 传到其他节点，"
            "放在单引号里的变量也不会被展开。",
        ),
    ),
    Entry(
        "log-worker-unkillable",
        "error",
        "log",
        Text(
            "A rank's process (pid {pid}) did not exit even after SIGKILL: it is stuck in the kernel, waiting on a "
            "GPU, a NIC or a file system",
            "某个 rank 的进程（pid {pid}）收到 SIGKILL 后仍未退出：它卡在内核中，在等待 GPU、网卡或文件系统",
        ),
        Text(
            "No signal frees such a process: on that node look at dmesg (an Xid, a NIC or file-system error) and "
            "nvidia-smi, take the node out of the job (drain or cordon it) and reboot it before it runs ranks "
            "again.",
            "任何信号都无法释放这样的进程：在该节点上查看 dmesg（Xid、网卡或文件系统错误）和 nvidia-smi，把该节点移出"
            "作业（drain 或 cordon），并在它再次运行 rank 之前重启。",
        ),
    ),
    Entry(
        "log-gcp-gpudirect-tcpx-failed",
        "error",
        "log",
        Text(
            "Google Cloud's GPUDirect-TCPX/TCPXO network plugin could not set up its transport ({detail})",
            "Google Cloud 的 GPUDirect-TCPX/TCPXO 网络插件无法建立它的传输（{detail}）",
        ),
        Text(
            "The plugin needs, on every node: its receive-datapath daemon running beside the job (the tcpx-daemon or "
            "tcpxo-daemon sidecar, sharing /run/tcpx with the job's container), the pod on the GPU networks with "
            "the interface names NCCL_GPUDIRECTTCPX_SOCKET_IFNAME or NCCL_FASTRAK_IFNAME give (one NIC per two "
            "GPUs on A3, per GPU on A3 Mega), the /dev/aperture_devices volume where NCCL_FASTRAK_USE_LLCM=1, "
            "/dev/dmabuf_import_helper in the TCPXO daemon's container (its module loaded on the node), and one "
            "plugin release on all nodes: the nccl-tcpx(o)-installer DaemonSet and the NRI device injector set these "
            "up. The plugin's config checker refuses NCCL_* and NCCL_FASTRAK_* values other than those the node's "
            "guest config enforces: leave them unset, or as the guest config gives them. Google's guide to GPU "
            "network bandwidth on GKE has the pod spec.",
            "该插件在每个节点上都需要：在作业旁运行的接收数据通路守护进程（tcpx-daemon 或 tcpxo-daemon sidecar，与作业"
            "容器共享 /run/tcpx）、pod 接入 GPU 网络且网卡名与 NCCL_GPUDIRECTTCPX_SOCKET_IFNAME 或 NCCL_FASTRAK_IFNAME "
            "一致（A3 上每两块 GPU 一块网卡，A3 Mega 上每块 GPU 一块）、在 NCCL_FASTRAK_USE_LLCM=1 时挂载 "
            "/dev/aperture_devices 卷、TCPXO 守护进程的容器中有 /dev/dmabuf_import_helper（节点上已加载其内核模块），"
            "以及所有节点使用同一插件版本：nccl-tcpx(o)-installer DaemonSet 和 NRI device injector 会配置好这些。"
            "插件的配置检查会拒绝与节点 guest config 所强制的值不同的 NCCL_* 和 NCCL_FASTRAK_* 设置：请不要设置它们，"
            "或按 guest config 给出的值设置。Google 关于 GKE 上 GPU 网络带宽的指南给出了 pod 配置。",
        ),
    ),
    Entry(
        "log-mpi-ofi-no-provider",
        "error",
        "log",
        Text(
            "MPI (MPICH or Intel MPI) found no libfabric provider it could use for the network ({detail})",
            "MPI（MPICH 或 Intel MPI）找不到可用于网络的 libfabric provider（{detail}）",
        ),
        Text(
            "FI_PROVIDER must name a provider this node's libfabric has (fi_info -l lists them: verbs, mlx, psm3, "
            "efa, cxi, tcp), the RDMA devices must be inside the container (/dev/infiniband), and the libfabric that "
            "loads must be the one MPI expects (Intel MPI: its own with I_MPI_OFI_LIBRARY_INTERNAL=1, or the "
            "system's). FI_PROVIDER=tcp tells a network fault from a missing provider.",
            "FI_PROVIDER 必须是本节点 libfabric 拥有的 provider（fi_info -l 会列出：verbs、mlx、psm3、efa、cxi、tcp），"
            "RDMA 设备必须在容器内可见（/dev/infiniband），加载的 libfabric 也必须是 MPI 期望的那个（Intel MPI：用 "
            "I_MPI_OFI_LIBRARY_INTERNAL=1 使用其自带的，或使用系统的）。FI_PROVIDER=tcp 可以区分网络故障和缺少 "
            "provider。",
        ),
    ),
    Entry(
        "log-mpi-pmi-mismatch",
        "error",
        "log",
        Text(
            "MPI could not talk to the process manager that started it ({detail}): the launcher is not the one this "
            "MPI library was built for",
            "MPI 无法与启动它的进程管理器通信（{detail}）：启动器不是这个 MPI 库所对应的那一个",
        ),
        Text(
            "Launch with the mpiexec of the MPI the program loads (which mpiexec; ldd on mpi4py's MPI module shows "
            "the libmpi), or under srun with the --mpi plugin that library speaks (srun --mpi=list; pmi2 or pmix). "
            "An LD_LIBRARY_PATH that swaps in another libmpi leaves every rank alone in a world of one.",
            "用程序所加载的 MPI 自带的 mpiexec 启动（which mpiexec；对 mpi4py 的 MPI 模块运行 ldd 可以看到 libmpi），"
            "或在 srun 下使用该库支持的 --mpi 插件（srun --mpi=list；pmi2 或 pmix）。LD_LIBRARY_PATH 换入另一个 libmpi "
            "会让每个 rank 都独自处在只有一个进程的 world 中。",
        ),
    ),
    Entry(
        "log-model-spans-gpus",
        "error",
        "log",
        Text(
            "A model spread over several GPUs ({detail}) was given to a run of one process per GPU: the two ways of "
            "using the GPUs exclude each other",
            "一个分布在多块 GPU 上的模型（{detail}）被交给了每块 GPU 一个进程的运行方式：这两种使用 GPU 的方式互相排斥",
        ),
        Text(
            "Choose one. Data parallel: one process per GPU, each with the whole model on its own GPU "
            "(from_pretrained with no device_map, or one that maps the whole model to local_rank; "
            "torch.cuda.set_device(local_rank) first), then DDP, FSDP or DeepSpeed. Or model parallel: a single "
            "process that spreads the model (python script.py, or accelerate launch --num_processes=1).",
            "二选一。数据并行：每块 GPU 一个进程，每个进程把整个模型放在自己的 GPU 上（from_pretrained 不使用 "
            "device_map，或让它把整个模型映射到 local_rank；先调用 torch.cuda.set_device(local_rank)），再用 DDP、"
            "FSDP 或 DeepSpeed。或者模型并行：由单个进程把模型分布到多块 GPU（python script.py，或 accelerate launch "
            "--num_processes=1）。",
        ),
    ),
    Entry(
        "log-checkpoint-world-changed",
        "error",
        "log",
        Text(
            "The checkpoint being resumed was saved by {saved} data-parallel ranks, and this run has {now}",
            "正在恢复的检查点由 {saved} 个数据并行 rank 保存，而本次运行有 {now} 个",
        ),
        Text(
            "Resume with the layout that saved it: the same nodes and GPUs per node (a node that did not join, or "
            "a different --nnodes or --nproc-per-node, changes the count). To change the layout, convert the "
            "checkpoint to DeepSpeed's universal format (ds_to_universal.py) and load it with "
            "load_universal_checkpoint, or load the weights without the optimizer state.",
            "用保存时的布局恢复：相同的节点数和每节点 GPU 数（有节点没有加入，或 --nnodes、--nproc-per-node 不同，都会"
            "改变这个数）。要改变布局，先把检查点转换成 DeepSpeed 的通用格式（ds_to_universal.py），再用 "
            "load_universal_checkpoint 加载，或者只加载权重、不加载优化器状态。",
        ),
    ),
    Entry(
        "log-kv-transfer-unreachable",
        "error",
        "log",
        Text(
            "The KV-cache transfer between prefill and decode nodes could not reach its peer ({detail})",
            "prefill 节点与 decode 节点之间的 KV cache 传输无法连到对端（{detail}）",
        ),
        Text(
            "Each node's transfer engine connects to its peers' handshake ports and to the bootstrap or metadata "
            "server. Give every node an address the others reach (Mooncake's local hostname, vLLM's "
            "VLLM_NIXL_SIDE_CHANNEL_HOST set on each node, SGLang's bootstrap host and port), open those ports "
            "between the nodes (firewall, security group), and check that the peer and the metadata server (etcd, "
            "HTTP) are still running.",
            "每个节点的传输引擎都要连接对端的握手端口以及 bootstrap 或元数据服务器。给每个节点一个其他节点能访问的地址"
            "（Mooncake 的 local hostname、在每个节点上设置的 vLLM VLLM_NIXL_SIDE_CHANNEL_HOST、SGLang 的 bootstrap "
            "主机和端口），在节点之间开放这些端口（防火墙、安全组），并确认对端和元数据服务器（etcd、HTTP）仍在运行。",
        ),
    ),
    Entry(
        "log-kv-transfer-init-failed",
        "error",
        "log",
        Text(
            "The KV-cache transfer engine (Mooncake) could not start its RDMA transport ({detail})",
            "KV cache 传输引擎（Mooncake）无法启动它的 RDMA 传输（{detail}）",
        ),
        Text(
            "Give the container the RDMA devices (/dev/infiniband, IPC_LOCK), name NICs that exist and are up "
            "(ibv_devinfo; SGLang --disaggregation-ib-device), and on RoCE set the GID index Mooncake should use "
            "(MC_GID_INDEX, from show_gids). The Mooncake lines above this one name the device that failed.",
            "把 RDMA 设备交给容器（/dev/infiniband、IPC_LOCK），指定存在且处于 up 状态的网卡（ibv_devinfo；SGLang "
            "--disaggregation-ib-device），在 RoCE 上设置 Mooncake 应使用的 GID 索引（MC_GID_INDEX，由 show_gids "
            "得到）。这一行之前的 Mooncake 日志会指出失败的设备。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: Mooncake may have gone on over TCP, many times slower",
            ),
        ),
    ),
    Entry(
        "log-efa-fork-unsafe",
        "error",
        "log",
        Text(
            "A rank forked a child process while libfabric's EFA provider held registered memory, and the provider "
            "aborted the rank: fork is not safe with EFA here",
            "某个 rank 在 libfabric 的 EFA provider 持有已注册内存时 fork 了子进程，provider 因此中止了该 rank："
            "在这里 fork 与 EFA 不能安全共存",
        ),
        Text(
            "Set FI_EFA_FORK_SAFE=1 in every rank's environment (rdma-core 31.1 or later), or run on Linux 5.13 or "
            "later with rdma-core 35 or later, where fork is safe. Forks come from DataLoader workers, subprocess "
            "calls and compile workers: starting them with the spawn or forkserver method also avoids it.",
            "在每个 rank 的环境中设置 FI_EFA_FORK_SAFE=1（需要 rdma-core 31.1 及以上），或在 Linux 5.13 及以上并配合 "
            "rdma-core 35 及以上运行，此时 fork 是安全的。fork 来自 DataLoader worker、subprocess 调用和编译 worker："
            "改用 spawn 或 forkserver 方式启动它们也能避免这个问题。",
        ),
    ),
    Entry(
        "log-ibverbs-driver-unloadable",
        "error",
        "log",
        Text(
            "libibverbs could not load the driver of this node's RDMA devices ({driver}): they are invisible to "
            "NCCL, MPI and UCX, which fall back to TCP",
            "libibverbs 无法加载本节点 RDMA 设备的驱动（{driver}）：NCCL、MPI 和 UCX 都看不到这些设备，只能退回 TCP",
        ),
        Text(
            "The provider library must come from the same rdma-core release as libibverbs: install the distribution's "
            "rdma-core (ibverbs-providers) or the OFED that matches the host, in the container too, and keep a "
            "conda or pip libibverbs from shadowing it (LD_LIBRARY_PATH). ibv_devices inside the job should list "
            "the devices.",
            "驱动库必须与 libibverbs 来自同一个 rdma-core 版本：安装发行版的 rdma-core（ibverbs-providers）或与主机"
            "匹配的 OFED（容器内也一样），并避免 conda 或 pip 带来的 libibverbs 把它遮住（LD_LIBRARY_PATH）。在作业中"
            "运行 ibv_devices 应能列出这些设备。",
        ),
        variants=(
            Variant(
                "no-failure",
                "warning",
                "the log shows no failure: where nothing needed these devices, the job may not have missed them",
            ),
        ),
    ),
    Entry(
        "log-cxi-rx-match-mode",
        "error",
        "log",
        Text(
            "libfabric's cxi provider (HPE Slingshot) ran out of hardware receive buffers and, in its hardware-only "
            "matching mode, could not recover",
            "libfabric 的 cxi provider（HPE Slingshot）耗尽了硬件接收缓冲区，并且在纯硬件匹配模式下无法恢复",
        ),
        Text(
            "Set FI_CXI_RX_MATCH_MODE=hybrid in every rank's environment (as the message asks), so that the "
            "provider falls back to software matching when the NIC's list fills; larger FI_CXI_DEFAULT_CQ_SIZE and "
            "FI_CXI_OFLOW_BUF_SIZE, as the site's NCCL or RCCL notes give them, make it rarer.",
            "在每个 rank 的环境中设置 FI_CXI_RX_MATCH_MODE=hybrid（正如消息所要求），让 provider 在网卡的列表满时退回"
            "软件匹配；按站点的 NCCL 或 RCCL 说明调大 FI_CXI_DEFAULT_CQ_SIZE 和 FI_CXI_OFLOW_BUF_SIZE "
            "可以让它更少发生。",
        ),
    ),
    Entry(
        "log-ray-port-in-use",
        "error",
        "log",
        Text(
            "Ray could not start a server of this node on port {port}: another process most likely holds that port",
            "Ray 无法在端口 {port} 上启动该节点的服务：很可能有另一个进程占用了这个端口",
        ),
        Text(
            "See who holds it: sudo ss -ltnp 'sport = :{port}'. A Ray left over from an earlier run is the usual "
            "holder: ray stop --force on that node, then start again. Otherwise give this node ports nothing else "
            "uses (ray start --port, --node-manager-port, --object-manager-port, --min-worker-port and "
            "--max-worker-port), the same way on every node.",
            "查看是谁占用了它：sudo ss -ltnp 'sport = :{port}'。最常见的占用者是上一次运行留下的 Ray：在该节点上执行 "
            "ray stop --force 后重新启动。否则就为该节点指定其他程序不用的端口（ray start --port、--node-manager-port、"
            "--object-manager-port、--min-worker-port 和 --max-worker-port），并在每个节点上同样设置。",
        ),
    ),
    Entry(
        "log-serving-head-unreachable",
        "error",
        "log",
        Text(
            "{who} on this node never heard back from the head node ({detail}): the nodes of a multi-node server "
            "could not talk over the address and port the launch gave them",
            "本节点上的 {who} 一直没有收到 head 节点的回应（{detail}）：多节点服务的各个节点无法通过启动时给定的地址"
            "和端口通信",
        ),
        Text(
            "Every node connects to the head at the address and port of the launch (vLLM: --data-parallel-address "
            "and --data-parallel-rpc-port; SGLang: --dist-init-addr). Give every node the head's address on the "
            "network the nodes share, open that port between them (firewall, security group), start the head "
            "first, and run one release of the server on every node.",
            "每个节点都通过启动参数中的地址和端口连接 head（vLLM：--data-parallel-address 和 "
            "--data-parallel-rpc-port；SGLang：--dist-init-addr）。给每个节点都设置 head 在节点间共享网络上的地址，"
            "在节点之间开放该端口（防火墙、安全组），先启动 head，并在每个节点上运行同一版本的服务。",
        ),
    ),
    Entry(
        "log-ray-local-instance",
        "error",
        "log",
        Text(
            "The job started a Ray of its own on this node instead of joining the cluster, and waits there for "
            "GPUs that only the cluster has",
            "作业在本节点上自己启动了一个 Ray，而没有加入集群，并在那里等待只有集群才有的 GPU",
        ),
        Text(
            "ray.init() without an address joins no cluster: it starts a one-node Ray that sees this node's GPUs "
            "alone. Point the job at the running cluster before it starts (export RAY_ADDRESS=HEAD_IP:6379, or "
            "RAY_ADDRESS=auto on a node where ray start ran), and check with ray status that every node and GPU "
            "has joined.",
            "不带地址的 ray.init() 不会加入任何集群：它启动一个只看得到本节点 GPU 的单节点 Ray。在作业启动前让它指向"
            "正在运行的集群（export RAY_ADDRESS=HEAD_IP:6379，或在运行过 ray start 的节点上用 RAY_ADDRESS=auto），"
            "并用 ray status 确认所有节点和 GPU 都已加入。",
        ),
    ),
    Entry(
        "log-launcher-var-missing",
        "error",
        "log",
        Text(
            "The program read {var} from its environment, and nothing had set it: it was started without the "
            "launcher that sets it",
            "程序从环境变量中读取 {var}，但没有任何东西设置过它：程序没有经由会设置它的启动器启动",
        ),
        Text(
            "torchrun (and accelerate launch, deepspeed, Lightning under srun) gives each process RANK, "
            "LOCAL_RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT; python train.py, a custom launcher or a "
            "serving stack's own process manager sets none of them. Start it with torchrun "
            "--nproc-per-node=GPUS_PER_NODE (and --nnodes, --node-rank or --rdzv-endpoint across nodes), or set "
            "them yourself from the scheduler's (under srun: RANK=$SLURM_PROCID, LOCAL_RANK=$SLURM_LOCALID, "
            "WORLD_SIZE=$SLURM_NTASKS).",
            "torchrun（以及 accelerate launch、deepspeed、srun 下的 Lightning）会为每个进程设置 RANK、LOCAL_RANK、"
            "WORLD_SIZE、MASTER_ADDR 和 MASTER_PORT；python train.py、自定义启动器或推理服务自带的进程管理器都不会"
            "设置。请用 torchrun --nproc-per-node=每节点GPU数 启动（跨节点时再加 --nnodes、--node-rank 或 "
            "--rdzv-endpoint），或者根据调度器的变量自行设置（srun 下：RANK=$SLURM_PROCID、"
            "LOCAL_RANK=$SLURM_LOCALID、WORLD_SIZE=$SLURM_NTASKS）。",
        ),
    ),
    Entry(
        "log-gpu-kernel-fault",
        "error",
        "log",
        Text(
            "A GPU stopped a kernel that faulted (NVRM Xid {xid}{detail}): the program, or a library it loaded, "
            "ran code this GPU rejected",
            "GPU 终止了一个出错的 kernel（NVRM Xid {xid}{detail}）：程序或它加载的库运行了这块 GPU 拒绝执行的代码",
        ),
        Text(
            "These Xids are the application's, not the hardware's: an illegal memory access, or a kernel built for "
            "another GPU architecture. Check that torch, NCCL and every extension were built for this GPU "
            "(torch.cuda.get_arch_list() lists its sm_XY; a GPU newer than the NCCL or CUDA release needs a newer "
            "one), then rerun with CUDA_LAUNCH_BLOCKING=1 to see which call faults. The rank on that GPU fails and "
            "the others wait for it.",
            "这些 Xid 属于应用程序，而不是硬件：非法内存访问，或为其他 GPU 架构编译的 kernel。确认 torch、NCCL 和"
            "所有扩展都是为这块 GPU 编译的（torch.cuda.get_arch_list() 中有它的 sm_XY；比 NCCL 或 CUDA 版本更新的 "
            "GPU 需要更新的版本），然后用 CUDA_LAUNCH_BLOCKING=1 重新运行，查看是哪一个调用出错。该 GPU 上的 rank "
            "会失败，其他 rank 会一直等它。",
        ),
    ),
    Entry(
        "log-ray-socket-path-long",
        "error",
        "log",
        Text(
            "Ray could not start: the path of its session's Unix socket is longer than the {max} bytes a Unix socket "
            "may have ({path})",
            "Ray 无法启动：它会话的 Unix 套接字路径超过了 Unix 套接字允许的 {max} 字节（{path}）",
        ),
        Text(
            "Ray puts its sockets under its temp dir, which follows TMPDIR; a batch scheduler's per-job TMPDIR (PBS, "
            "Slurm's job_container) is often long. Give Ray a short one on every node: ray start --temp-dir=/tmp/ray "
            "(ray.init(_temp_dir=...) for the driver), or export RAY_TMPDIR=/tmp before it starts.",
            "Ray 把套接字放在它的临时目录下，而临时目录跟随 TMPDIR；批处理调度器为每个作业设置的 TMPDIR（PBS、Slurm "
            "的 job_container）常常很长。在每个节点上给 Ray 一个短路径：ray start --temp-dir=/tmp/ray（driver 用 "
            "ray.init(_temp_dir=...)），或在启动前 export RAY_TMPDIR=/tmp。",
        ),
    ),
    Entry(
        "log-net-device-count-mixed",
        "error",
        "log",
        Text(
            "The nodes see different numbers of network devices (from {min} to {max}): a NIC is down or missing on "
            "some node",
            "各节点看到的网络设备数量不同（从 {min} 到 {max}）：某个节点上有网卡宕掉或缺失",
        ),
        Text(
            "NCCL 2.30 refuses a communicator whose nodes differ in NICs, since a missing rail slows every "
            "collective. With NCCL_DEBUG=INFO its 'Rank N has M local Net devices' lines name the ranks that see "
            "fewer; on their node, ibv_devinfo and ip link show the port that is down or the device that is not "
            "there (a driver not loaded, /dev/infiniband not passed into the container, NCCL_IB_HCA naming another "
            "set). Fix that node or leave it out; NCCL_IGNORE_NET_MISMATCH=1 lets the job go on over fewer NICs.",
            "NCCL 2.30 会拒绝各节点网卡数量不同的通信器，因为缺少的通道会拖慢每一次集合通信。开启 NCCL_DEBUG=INFO 时，"
            "它的 'Rank N has M local Net devices' 行会指出看到较少网卡的 rank；在它们所在的节点上，ibv_devinfo 和 "
            "ip link 会显示宕掉的端口或缺失的设备（驱动未加载、/dev/infiniband 没有传入容器、NCCL_IB_HCA 指定了另一组"
            "网卡）。修好该节点或把它排除；NCCL_IGNORE_NET_MISMATCH=1 可以让作业在较少的网卡上继续运行。",
        ),
    ),
    Entry(
        "log-mpich-nic-policy",
        "error",
        "log",
        Text(
            "Cray MPICH could not choose rank {rank}'s NIC by NUMA node: the rank may run on cores of several NUMA "
            "nodes",
            "Cray MPICH 无法按 NUMA 节点为 rank {rank} 选择网卡：该 rank 可以运行在多个 NUMA 节点的核心上",
        ),
        Text(
            "With MPICH_OFI_NIC_POLICY=NUMA (the default on some systems) each rank takes the NIC of the NUMA node "
            "it is bound to, so every rank must be bound to cores of one NUMA node when MPI_Init runs: give srun a "
            "binding that does so (--cpu-bind with one NUMA node's cores per rank, or --gpu-bind=closest with "
            "--ntasks-per-node equal to the GPUs), or set MPICH_OFI_NIC_POLICY=ROUND-ROBIN or BLOCK. Code that "
            "changes the process's CPU affinity before MPI_Init, a library imported first among them, has the same "
            "effect as no binding.",
            "在 MPICH_OFI_NIC_POLICY=NUMA（某些系统上的默认值）下，每个 rank 使用其绑定的 NUMA 节点上的网卡，因此在 "
            "MPI_Init 运行时，每个 rank 都必须绑定在同一个 NUMA 节点的核心上：给 srun 一个能做到这一点的绑定"
            "（--cpu-bind 让每个 rank 只用一个 NUMA 节点的核心，或 --gpu-bind=closest 并让 --ntasks-per-node 等于 "
            "GPU 数），或设置 MPICH_OFI_NIC_POLICY=ROUND-ROBIN 或 BLOCK。在 MPI_Init 之前改变进程 CPU 亲和性的代码"
            "（包括先被导入的某个库）与没有绑定的效果相同。",
        ),
    ),
    Entry(
        "log-store-port-foreign",
        "error",
        "log",
        Text(
            "The store at {addr}:{port} answered its client's ping with another value ({detail}): another store or "
            "program holds that port",
            "{addr}:{port} 上的 store 对客户端的 ping 回了另一个值（{detail}）：该端口被另一个 store 或程序占用",
        ),
        Text(
            "torch's store client sends its pid and expects it back; a different value means it reached a store of "
            "another job, of another engine of this deployment on the same node, or another program. Give each job, "
            "and each engine that starts its own process group, a port of its own (MASTER_PORT, or the framework's "
            "port option), and find the holder with ss -ltnp 'sport = :{port}'. A framework that picks a random free "
            "port for each engine can pick one twice: upgrade it, or give the ports yourself.",
            "torch 的 store 客户端发送自己的 pid 并期望原样返回；返回别的值说明它连到了另一个作业的 store、"
            "同一节点上本次部署中另一个引擎的 store，或别的程序。给每个作业、以及每个自行建立进程组的引擎分配各自的端口"
            "（MASTER_PORT 或框架的端口选项），并用 ss -ltnp 'sport = :{port}' 找出占用者。"
            "为每个引擎随机挑选空闲端口的框架可能挑到同一个端口：升级它，或自己指定端口。",
        ),
    ),
    Entry(
        "log-rdma-address-unresolved",
        "error",
        "log",
        Text(
            "UCX could not make an address handle for a peer on {dev} ({error}): {why_class}",
            "UCX 无法在 {dev} 上为对端建立地址句柄（{error}）：{why_class}",
        ),
        Text(
            "On RoCE an address handle is built from a GID, so the network interface that owns it must be in the "
            "job's network namespace (a pod needs that NIC's interface itself: hostNetwork, or the NIC's SR-IOV or "
            "Multus attachment), carry the address, and reach the peer's address on the same subnet or VLAN (ping "
            "from that interface). show_gids lists the GIDs; UCX_IB_GID_INDEX picks one, UCX_NET_DEVICES the NICs "
            "UCX may use. On InfiniBand the port must be ACTIVE (ibstat), which needs a subnet manager running on "
            "the fabric (opensm, or the switch's).",
            "在 RoCE 上，地址句柄由 GID 建立，因此拥有该 GID 的网卡必须位于作业的网络命名空间中（pod 需要这块网卡本身："
            "hostNetwork，或该网卡的 SR-IOV 或 Multus 接入）、配有该地址，并能在同一子网或 VLAN 内到达对端地址"
            "（从该网卡 ping）。show_gids 列出 GID；UCX_IB_GID_INDEX 选择其中一个，"
            "UCX_NET_DEVICES 指定 UCX 可用的网卡。在 InfiniBand 上端口必须处于 ACTIVE 状态（ibstat），"
            "这需要网络中运行着子网管理器（opensm 或交换机自带的）。",
        ),
    ),
    Entry(
        "log-tensorpipe-ibv-failed",
        "error",
        "log",
        Text(
            "TensorPipe (torch.distributed.rpc) could not use its InfiniBand transport: {error}",
            "TensorPipe（torch.distributed.rpc）无法使用它的 InfiniBand 传输：{error}",
        ),
        Text(
            "TensorPipe takes its ibv transport on any node where libibverbs lists a device, fabrics whose verbs "
            "lack what it needs among them (Intel Omni-Path's hfi1, iWARP, some RoCE setups). Give the RPC backend "
            "TCP only: rpc.init_rpc(..., rpc_backend_options=rpc.TensorPipeRpcBackendOptions(_transports=['uv'])). "
            "On InfiniBand, Cannot allocate memory is the locked-memory limit: ulimit -l unlimited (docker "
            "--ulimit memlock=-1).",
            "只要 libibverbs 列出了设备，TensorPipe 就会选用它的 ibv 传输，其中包括 verbs 不具备其所需功能的网络"
            "（Intel Omni-Path 的 hfi1、iWARP、部分 RoCE 环境）。让 RPC 后端只用 TCP：rpc.init_rpc(..., "
            "rpc_backend_options=rpc.TensorPipeRpcBackendOptions(_transports=['uv']))。在 InfiniBand 上，"
            "Cannot allocate memory 表示锁定内存上限不够：ulimit -l unlimited（docker --ulimit memlock=-1）。",
        ),
    ),
    Entry(
        "log-port-in-use",
        "error",
        "log",
        Text(
            "Port {port} is already taken on this node: {who} could not listen on it",
            "本节点的端口 {port} 已被占用：{who} 无法在该端口监听",
        ),
        Text(
            "Another process holds it, most often another copy of this program on the same node: a second server or "
            "engine, a worker of the same deployment, or pods on the host's network that share the node's ports. "
            "Stop it, or give each copy its own port or port range (vLLM's VLLM_PORT, SGLang's --port and "
            "--nccl-port, the framework's own option); ss -ltnp 'sport = :{port}' names the holder. Where every "
            "worker of one job fails on the same port at once, they raced for it: upgrade the framework, or give "
            "each worker its own.",
            "有别的进程占用了它，最常见的是同一节点上本程序的另一份：第二个服务或引擎、同一部署中的某个 worker，"
            "或使用主机网络、共享节点端口的 pod。停掉它，或给每一份分配各自的端口或端口段（vLLM 的 VLLM_PORT、"
            "SGLang 的 --port 和 --nccl-port、框架自己的选项）；ss -ltnp 'sport = :{port}' 会显示占用者。"
            "如果同一作业的所有 worker 同时在同一个端口上失败，说明它们在争抢该端口："
            "升级框架，或给每个 worker 各自的端口。",
        ),
    ),
    Entry(
        "log-script-args-rejected",
        "error",
        "log",
        Text(
            "{script} refused the command line it was run with ({detail}){inserted_class}",
            "{script} 拒绝了运行它的命令行（{detail}）{inserted_class}",
        ),
        Text(
            "Compare the command each rank ran (DeepSpeed's launcher prints it as 'spawned with command') with what "
            "the script's parser expects. Launchers add arguments of their own: deepspeed and "
            "torch.distributed.launch put --local_rank=N before the script's arguments, so a script that reads a "
            "config file from sys.argv[1] gets --local_rank=N there. Pass deepspeed --no_local_rank (the rank is "
            "in LOCAL_RANK), or launch with torchrun, which passes it in the environment only; otherwise give the "
            "arguments the message names on every node's command line.",
            "把每个 rank 实际运行的命令（DeepSpeed 的启动器以 'spawned with command' 打印）与脚本参数解析器的要求对照。"
            "启动器会加上自己的参数：deepspeed 和 torch.distributed.launch 会把 --local_rank=N 放在脚本参数之前，"
            "于是从 sys.argv[1] 读取配置文件的脚本读到的是 --local_rank=N。给 deepspeed 加 --no_local_rank"
            "（rank 在环境变量 LOCAL_RANK 中），或改用只通过环境变量传递它的 torchrun；否则在每个节点的命令行上"
            "补上报错中列出的参数。",
        ),
    ),
    Entry(
        "log-rdzv-endpoint-none",
        "error",
        "log",
        Text(
            "The launcher's rendezvous endpoint is '{endpoint}': no host or port reached it",
            "启动器的 rendezvous endpoint 是 '{endpoint}'：主机和端口都没有传到它那里",
        ),
        Text(
            "None is what a launcher prints for a value it never got: an option left out of its config (accelerate "
            "config's main_process_ip and main_process_port on a multi-node run), or a flag before it given a value "
            "it does not take (--same_network 'true' for a switch: the word shifts every argument after it). "
            "Print the launch command each node ran, check it against the launcher's --help, and give the main "
            "node's address and port explicitly (--main_process_ip/--main_process_port, --rdzv-endpoint host:port).",
            "None 是启动器对从未拿到的值打印的内容：配置里漏掉的选项（多节点运行时 accelerate config 的 "
            "main_process_ip 与 main_process_port），或它前面的某个开关被多给了一个值（例如给开关写了 "
            "--same_network 'true'：这个词会让其后的所有参数错位）。打印每个节点实际运行的启动命令，"
            "对照启动器的 --help，并显式给出主节点的地址和端口（--main_process_ip/--main_process_port、"
            "--rdzv-endpoint host:port）。",
        ),
    ),
    Entry(
        "log-torch-too-old",
        "error",
        "log",
        Text(
            "Part of this job requires torch {version} or newer, and the torch it ran with is older",
            "作业中的某个组件要求 torch {version} 或更新版本，而实际运行的 torch 更旧",
        ),
        Text(
            "Install one torch release of at least {version} on every node, the same on all of them (the wheel for "
            "the node's CUDA), and check with python -c 'import torch; print(torch.__version__)' in the environment "
            "the job runs in; or pin the library that asks for it to a release that supports the torch you have.",
            "在每个节点上安装同一个不低于 {version} 的 torch 版本（与节点 CUDA 对应的 wheel），并在作业实际运行的"
            "环境中用 python -c 'import torch; print(torch.__version__)' 确认；或者把提出该要求的库固定到支持现有 "
            "torch 的版本。",
        ),
    ),
    Entry(
        "log-mpi-world-mismatch",
        "error",
        "log",
        Text(
            "DeepSpeed found {mpi} ranks under MPI but torch's process group has {torch}: the script built its group "
            "from other settings than the mpirun that started it",
            "DeepSpeed 在 MPI 下发现 {mpi} 个 rank，而 torch 的进程组只有 {torch} 个：脚本用来建组的设置与启动它的 "
            "mpirun 不一致",
        ),
        Text(
            "Under mpirun, let deepspeed.init_distributed() create the group from MPI (no init_process_group of your "
            "own first, no RANK/WORLD_SIZE left in the environment), and take the local rank from "
            "OMPI_COMM_WORLD_LOCAL_RANK rather than a --local_rank argument only the deepspeed launcher passes. Or "
            "start the job with the deepspeed launcher (a hostfile) or torchrun, which the script was written for.",
            "在 mpirun 下，让 deepspeed.init_distributed() 根据 MPI 建组（不要先自己调用 init_process_group，"
            "环境中也不要残留 RANK/WORLD_SIZE），并从 OMPI_COMM_WORLD_LOCAL_RANK 读取 local rank，而不是依赖只有 "
            "deepspeed 启动器才会传入的 --local_rank 参数。或者改用脚本本来面向的 deepspeed 启动器（配 hostfile）或 "
            "torchrun 启动作业。",
        ),
    ),
    Entry(
        "log-ray-bundle-index-invalid",
        "error",
        "log",
        Text(
            "A Ray task or actor was put on bundle {index} of a placement group whose bundles are {valid}: the group "
            "is smaller than the workers placed in it",
            "一个 Ray 任务或 actor 被放到了 placement group 的第 {index} 个 bundle 上，而该组的 bundle 只有 {valid}："
            "这个组比放进去的 worker 少",
        ),
        Text(
            "Size the placement group for every worker put in it: with vLLM engines in a colocated group, the "
            "number of engines times the tensor-parallel size (times the pipeline-parallel size); or ask for fewer "
            "workers. ray.util.placement_group_table() lists each group's bundles.",
            "让 placement group 的大小足够容纳放进去的所有 worker：vLLM 引擎放在共置组中时，需要引擎数乘以张量并行"
            "大小（再乘以流水线并行大小）；或者减少 worker 数。ray.util.placement_group_table() 会列出每个组的 "
            "bundle。",
        ),
    ),
    Entry(
        "log-slurm-count-compressed",
        "error",
        "log",
        Text(
            "A script read Slurm's compressed count '{value}' as one number: Slurm writes N(xM) for N on each of M "
            "nodes",
            "脚本把 Slurm 的压缩计数 '{value}' 当成了一个数字：Slurm 用 N(xM) 表示 M 个节点上各 N 个",
        ),
        Text(
            "SLURM_TASKS_PER_NODE, SLURM_STEP_TASKS_PER_NODE and SLURM_JOB_CPUS_PER_NODE are lists in that form "
            "(2(x3),1). Read SLURM_NTASKS_PER_NODE where the job sets --ntasks-per-node, or expand the N(xM) items and "
            "take this node's, or leave the count to torchrun (LOCAL_WORLD_SIZE). Where the code is a library's, "
            "upgrade it or report it there.",
            "SLURM_TASKS_PER_NODE、SLURM_STEP_TASKS_PER_NODE 和 SLURM_JOB_CPUS_PER_NODE 都是这种格式的列表"
            "（2(x3),1）。作业设置了 --ntasks-per-node 时读取 SLURM_NTASKS_PER_NODE，或者展开 N(xM) 后取本节点的值，"
            "或者把计数交给 torchrun（LOCAL_WORLD_SIZE）。如果这段代码属于某个库，升级它或向其报告。",
        ),
    ),
    Entry(
        "log-ray-node-ip-keys",
        "error",
        "log",
        Text(
            "vLLM found several node:<ip> resource keys on one Ray node: it read Ray's placement-group keys "
            "(node:<ip>_group_...) as node addresses",
            "vLLM 在一个 Ray 节点上找到了多个 node:<ip> 资源键：它把 Ray 的 placement group 键"
            "（node:<ip>_group_...）当成了节点地址",
        ),
        Text(
            "Ray adds those keys to a node that holds placement groups; vLLM's data-parallel Ray backend counted "
            "them. Upgrade vLLM to a release with the fix that skips them (vllm-project/vllm pull 43998), or run "
            "its data parallelism without placement groups left on the nodes (ray status lists them).",
            "Ray 会给承载 placement group 的节点加上这些键；vLLM 的数据并行 Ray 后端把它们也算了进去。把 vLLM "
            "升级到包含跳过这些键的修复的版本（vllm-project/vllm pull 43998），或者在节点上没有残留 placement "
            "group 时运行其数据并行（ray status 会列出它们）。",
        ),
    ),
    Entry(
        "log-container-hook-failed",
        "error",
        "log",
        Text(
            "NVIDIA's container hook could not set up the container's GPUs (nvidia-container-cli: {detail})",
            "NVIDIA 的容器 hook 无法为容器配置 GPU（nvidia-container-cli：{detail}）",
        ),
        Text(
            "A permission denied here under enroot/pyxis or LXC, on nodes that worked before, is libnvidia-container "
            "1.17.7's regression: pin libnvidia-container1, libnvidia-container-tools and the nvidia-container-toolkit "
            "packages to 1.17.6 on the GPU nodes (dpkg -l | grep nvidia-container shows the version) until a release "
            "fixes it. Otherwise the path in the message says what the hook could not reach: SELinux or AppArmor "
            "(test with setenforce 0), a cgroup device file, a root filesystem another user owns.",
            "在 enroot/pyxis 或 LXC 下、之前正常的节点上出现这里的 permission denied，是 libnvidia-container 1.17.7 "
            "的回归：在 GPU 节点上把 libnvidia-container1、libnvidia-container-tools 和 nvidia-container-toolkit "
            "相关包固定在 1.17.6（dpkg -l | grep nvidia-container 可查看版本），直到有修复的版本。否则，报错中的路径"
            "说明了 hook 访问不到什么：SELinux 或 AppArmor（可用 setenforce 0 测试）、cgroup 设备文件、"
            "属于其他用户的根文件系统。",
        ),
    ),
    Entry(
        "log-rpc-connect-refused",
        "error",
        "log",
        Text(
            "torch RPC (TensorPipe) on {worker} was refused by {peer}: most often {peer} advertised an address its "
            "host name resolves to on its own machine (127.0.1.1)",
            "torch RPC（TensorPipe）在 {worker} 上连接 {peer} 被拒绝：最常见的原因是 {peer} 通告了其主机名在本机解析到"
            "的地址（127.0.1.1）",
        ),
        Text(
            "TensorPipe listens on, and tells its peers, the address its host name resolves to: where getent hosts "
            "$(hostname) gives 127.0.1.1 (Debian's and Ubuntu's /etc/hosts), every peer is sent to itself. Set "
            "TP_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME for the process group) to the interface the nodes share, on "
            "every node, or map the host name to that interface's address. Where the address is right, a firewall "
            "rejects the port, or the peer's process had exited.",
            "TensorPipe 在其主机名解析到的地址上监听，并把这个地址告诉对端：如果 getent hosts $(hostname) 得到 "
            "127.0.1.1（Debian 和 Ubuntu 的 /etc/hosts），每个对端都会被指向它自己。在每个节点上把 "
            "TP_SOCKET_IFNAME（以及进程组用的 GLOO_SOCKET_IFNAME）设为各节点互通的网卡，或把主机名映射到该网卡的地址。"
            "如果地址没有问题，则是防火墙拒绝了该端口，或对端进程已经退出。",
        ),
    ),
    Entry(
        "log-launcher-export-unquoted",
        "error",
        "log",
        Text(
            "DeepSpeed's pdsh runner exported {var}={value} unquoted, and the other nodes' shell refused the '(' in "
            "it: the workers there never started",
            "DeepSpeed 的 pdsh 启动器未加引号地导出了 {var}={value}，其他节点的 shell 拒绝了其中的 '('："
            "那里的 worker 从未启动",
        ),
        Text(
            "Upgrade DeepSpeed to a release that quotes the values it exports (deepspeedai/DeepSpeed pull 5878), or "
            "keep the variable out of what the runner exports: unset {var} before deepspeed, or start the ranks "
            "with srun (deepspeed --launcher slurm) instead of pdsh.",
            "把 DeepSpeed 升级到会为导出的值加引号的版本（deepspeedai/DeepSpeed pull 5878），或者不让启动器导出该变量："
            "在运行 deepspeed 之前 unset {var}，或改用 srun 启动各 rank（deepspeed --launcher slurm）而不是 pdsh。",
        ),
    ),
    Entry(
        "log-ranks-desync",
        "error",
        "log",
        Text(
            "The ranks disagree on a value the framework checks at its barrier {barrier} ({detail}): most often "
            "Python's hash seed differs between the processes",
            "各 rank 在框架于屏障 {barrier} 处检查的值上不一致（{detail}）：最常见的原因是各进程的 Python 哈希种子不同",
        ),
        Text(
            "Set PYTHONHASHSEED=0 (any one value) for every process on every node, in the launch environment the "
            "ranks inherit; then compare the rest of what each rank computes its check from (config, data order, "
            "library versions).",
            "在各 rank 继承的启动环境中，为每个节点上的每个进程设置 PYTHONHASHSEED=0（任意同一个值）；然后比较各 rank "
            "计算该检查值所依据的其余内容（配置、数据顺序、库版本）。",
        ),
    ),
    Entry(
        "log-extension-load-stuck",
        "error",
        "log",
        Text(
            "The log ends where torch loads its JIT-compiled extensions from {root}: the ranks wait there on a build "
            "lock that a killed build left behind",
            "日志停在 torch 从 {root} 加载 JIT 编译扩展的地方：各 rank 在等待一个被中断的编译留下的构建锁",
        ),
        Text(
            "Delete the extension's build directory under {root} (its lock file is what they wait on; deleting "
            "{root} rebuilds every extension) and relaunch. Where nodes share that directory, give each its own "
            "TORCH_EXTENSIONS_DIR so that one node's killed build cannot block the others, or build the ops ahead "
            "(DS_BUILD_OPS=1 pip install deepspeed).",
            "删除 {root} 下该扩展的构建目录（各 rank 等待的就是其中的锁文件；删除整个 {root} 会重新编译所有扩展），"
            "然后重新启动。如果各节点共享该目录，给每个节点单独的 TORCH_EXTENSIONS_DIR，使一个节点被中断的编译"
            "不会阻塞其他节点，或者预先编译这些算子（DS_BUILD_OPS=1 pip install deepspeed）。",
        ),
    ),
    Entry(
        "log-rank-crashed-in",
        "error",
        "log",
        Text(
            "A rank died of {signal} inside {library} (the signal handler only printed the backtrace)",
            "某个 rank 因 {signal} 死在 {library} 内部（信号处理器只是打印了调用栈）",
        ),
        Text(
            "Check that {library} is the build this node's driver and CUDA expect: a container's or a wheel's copy "
            "of a CUDA library (NVRTC, cuBLAS, cuDNN) from another release, or a broken image, crashes this way; "
            "try the previous container release, or the library the driver ships. Where the fault is in libnccl or "
            "libcuda, compare NCCL and driver versions across the nodes. UCX_HANDLE_ERRORS=none leaves the signal to "
            "Python's own handler (faulthandler), whose trace shows which call of the job got there.",
            "确认 {library} 是本节点驱动和 CUDA 所期望的构建：容器或 wheel 自带的、来自其他版本的 CUDA 库（NVRTC、"
            "cuBLAS、cuDNN），或者损坏的镜像，都会这样崩溃；可以换用上一个容器版本，或驱动自带的库。若故障在 "
            "libnccl 或 libcuda 中，比较各节点的 NCCL 与驱动版本。设置 UCX_HANDLE_ERRORS=none 会把信号交给 Python "
            "自己的处理器（faulthandler），其调用栈会显示作业是从哪个调用走到这里的。",
        ),
    ),
    Entry(
        "log-tensor-not-contiguous",
        "error",
        "log",
        Text(
            "A collective was given a tensor that is not contiguous in memory (a transposed, sliced or expanded "
            "view): torch's process groups take only contiguous tensors",
            "某个集合通信收到了内存不连续的张量（转置、切片或 expand 得到的视图）：torch 的进程组只接受连续的张量",
        ),
        Text(
            "Pass tensor.contiguous() to the collective (and copy the result back into the view if you need it "
            "there); the traceback above names the call.",
            "把 tensor.contiguous() 传给集合通信（如需要，再把结果拷回原视图）；上面的调用栈指出了是哪一次调用。",
        ),
    ),
    Entry(
        "log-lightning-spawns-again",
        "error",
        "log",
        Text(
            "Lightning set out to start the per-GPU processes itself in a process a launcher had already started "
            "(its local rank is not 0)",
            "Lightning 试图在一个已由启动器启动的进程中（其 local rank 不为 0）再自行启动每块 GPU 的进程",
        ),
        Text(
            "Let Lightning see the launcher: under torchrun, Slurm (srun) or MPI it uses the ranks it is given when "
            "it recognises that environment (pass plugins=[MPIEnvironment()] or your own ClusterEnvironment where it "
            "does not). Otherwise start one process per node and let Lightning start the others (devices=N).",
            "让 Lightning 识别启动器：在 torchrun、Slurm（srun）或 MPI 下，只要它认出该环境，就会使用已分配的 rank"
            "（认不出时传入 plugins=[MPIEnvironment()] 或自定义的 ClusterEnvironment）。否则每个节点只启动一个进程，"
            "由 Lightning 启动其余进程（devices=N）。",
        ),
    ),
    Entry(
        "log-hccl-heartbeat-lost",
        "error",
        "log",
        Text(
            "HCCL lost the heartbeat of device {device}: its process exited or its network dropped, and the others "
            "then timed out in their collective",
            "HCCL 丢失了设备 {device} 的心跳：其进程已退出或网络中断，其余设备随后在集合通信中超时",
        ),
        Text(
            "Read the log of that device's process first (its own error, an OOM kill, a node fault): the timeouts "
            "of the others follow from it. If it shows none, check that node's network (hccn_tool -i N -link -g) "
            "and the device's health (npu-smi info).",
            "先看该设备进程的日志（它自己的报错、OOM kill、节点故障）：其他设备的超时都是它引起的。若其中没有错误，"
            "检查该节点的网络（hccn_tool -i N -link -g）和设备健康状况（npu-smi info）。",
        ),
    ),
    Entry(
        "log-rendezvous-unfinished",
        "error",
        "log",
        Text(
            "The log ends where torchrun's agent began its rendezvous: its nodes never met{port_class}",
            "日志结束于 torchrun 的 agent 开始 rendezvous 之处：各节点始终没有会合{port_class}",
        ),
        Text(
            "Start torchrun on every node with the same --rdzv-backend, --rdzv-id and --nnodes, and the same "
            "--rdzv-endpoint host:port, a host every node reaches (node rank 0's address) with the port written "
            "out: without one, c10d listens on 29400 and etcd on 2379, which must then be open between the nodes. "
            "The agent waits there until --nnodes have joined, up to its join timeout (rdzv_conf's join_timeout, "
            "900 s by default). distdoctor check on every node tests the address and the port; the other nodes' "
            "logs show whether their agents started.",
            "在每个节点上用相同的 --rdzv-backend、--rdzv-id 和 --nnodes，以及相同的 --rdzv-endpoint host:port "
            "启动 torchrun：host 要每个节点都能访问（node rank 0 的地址），并写明端口；不写端口时 c10d 监听 29400、"
            "etcd 使用 2379，节点之间必须放通该端口。agent 会在这里一直等到 --nnodes 个节点加入，最长为 join "
            "超时（rdzv_conf 的 join_timeout，默认 900 秒）。在每个节点上运行 distdoctor check 可检查地址和端口；"
            "其他节点的日志会显示它们的 agent 是否已启动。",
        ),
    ),
    Entry(
        "log-ib-reg-mr-rejected",
        "error",
        "log",
        Text(
            "The RDMA NIC refused to register a buffer ({call}: {error}): most often GPU memory where GPUDirect "
            "RDMA does not work",
            "RDMA 网卡拒绝注册一块缓冲区（{call}：{error}）：最常见的是 GPUDirect RDMA 无法使用时注册 GPU 显存",
        ),
        Text(
            "Check GPUDirect RDMA on this node: the nvidia-peermem module loaded (lsmod | grep peermem; modprobe "
            "nvidia-peermem), or DMA-BUF (open GPU kernel modules, a 5.12+ kernel, a driver and NCCL that use it); "
            "GeForce GPUs have none. NCCL_NET_GDR_LEVEL=LOC keeps NCCL's buffers in host memory, which tells whether "
            "this is the cause. A driver much older than the CUDA and NCCL the job brings, or a buffer from another "
            "allocator than cudaMalloc, fails the same way.",
            "检查本节点的 GPUDirect RDMA：nvidia-peermem 模块已加载（lsmod | grep peermem；modprobe nvidia-peermem），"
            "或可用 DMA-BUF（开源 GPU 内核模块、5.12 以上内核、支持它的驱动和 NCCL）；GeForce 显卡不支持。设 "
            "NCCL_NET_GDR_LEVEL=LOC 让 NCCL 的缓冲区留在主机内存，可以验证是否是这个原因。驱动远旧于作业自带的 CUDA "
            "和 NCCL，或缓冲区不是由 cudaMalloc 分配的，也会这样失败。",
        ),
    ),
    Entry(
        "log-pmix-store-lock-error",
        "warning",
        "log",
        Text(
            "PMIx logged an error of its shared store's lock ({detail}); jobs often run on after it",
            "PMIx 记录了其共享存储锁的错误（{detail}）；作业在此之后常常照常运行",
        ),
        Text(
            "PMIx 3 and 4 print this from each rank of a node when they set up or tear down the shared-memory store "
            "(gds ds12/ds21) their server keeps; MPI programs and NCCL tests are seen to run and finish after it. "
            "If the job failed at start-up, look at its other errors first; PMIX_MCA_gds=hash in every rank's "
            "environment (export it before srun or mpirun) keeps the data in each process, needs no shared store, "
            "and silences the message.",
            "PMIx 3 和 4 在建立或拆除其服务器维护的共享内存存储（gds ds12/ds21）时，会由节点上的每个 rank 打印这条"
            "信息；可以看到 MPI 程序和 NCCL 测试在它之后照常运行并结束。若作业在启动时失败，请先看它的其他错误；在"
            "每个 rank 的环境中设置 PMIX_MCA_gds=hash（在 srun 或 mpirun 之前 export）会让每个进程自己保存数据，"
            "不再需要共享存储，也不再打印这条信息。",
        ),
    ),
    Entry(
        "log-ray-trial-failed",
        "error",
        "log",
        Text(
            "Ray reports that the trials {trials} failed; the driver's log does not say why",
            "Ray 报告试验 {trials} 失败；驱动程序的日志没有说明原因",
        ),
        Text(
            "Each failed trial's own error is in its error.txt, which Tune's table names (under "
            "~/ray_results/<experiment>/<trial>/), and in the logs of the workers that ran it, on their nodes "
            "(/tmp/ray/session_latest/logs/worker-*.err, or `ray logs`). Read the first traceback there, and give "
            "that file to distdoctor explain.",
            "每个失败试验自己的错误在它的 error.txt 中（Tune 的表格会给出路径，位于 "
            "~/ray_results/<experiment>/<trial>/ 下），也在运行它的各节点上 worker 的日志里"
            "（/tmp/ray/session_latest/logs/worker-*.err，或 `ray logs`）。阅读其中的第一个 traceback，并把该文件交给 "
            "distdoctor explain。",
        ),
    ),
    Entry(
        "log-enroot-registry-in-name",
        "error",
        "log",
        Text(
            "enroot asked Docker Hub for the image {registry}/{image} (HTTP {code}): the registry {registry} was read "
            "as part of the image's name",
            "enroot 向 Docker Hub 请求镜像 {registry}/{image}（HTTP {code}）："
            "镜像仓库 {registry} 被当成了镜像名的一部分",
        ),
        Text(
            "enroot separates a registry from the image with '#': give the image as docker://{registry}#{image}:{tag} "
            "(--container-image for pyxis, enroot import), or update pyxis (0.20 and later read a registry host at "
            "the start of a plain reference). Importing it once to a .sqsh file on shared storage and passing that "
            "path avoids a pull on every node.",
            "enroot 用 '#' 把镜像仓库和镜像分开：把镜像写成 docker://{registry}#{image}:{tag}（pyxis 的 "
            "--container-image，或 enroot import），或升级 pyxis（0.20 及以后能识别普通引用开头的仓库主机名）。"
            "先把镜像导入一次到共享存储上的 .sqsh 文件并传入该路径，可以避免每个节点都去拉取。",
        ),
    ),
    Entry(
        "log-neuron-cores-unavailable",
        "error",
        "log",
        Text(
            "The Neuron runtime could not take the NeuronCores {requested} ({available} available): another process "
            "holds them",
            "Neuron 运行时无法占用 NeuronCore {requested}（可用 {available} 个）：它们被另一个进程占用",
        ),
        Text(
            "A previous run's workers left running hold the cores most often: neuron-ls and neuron-top show the "
            "processes that hold them; end them (pkill -f your training script) before the next launch. Where two "
            "jobs share a node, give each its own cores with NEURON_RT_VISIBLE_CORES.",
            "最常见的是上一次运行残留的 worker 仍占着这些核：neuron-ls 和 neuron-top 会显示占用它们的进程；"
            "在下次启动前结束它们（pkill -f 训练脚本）。若两个作业共用一个节点，用 NEURON_RT_VISIBLE_CORES "
            "给每个作业分配各自的核。",
        ),
    ),
    Entry(
        "log-collective-dtype-unsupported",
        "error",
        "log",
        Text(
            "The {backend} backend cannot carry a tensor of type {dtype} in this collective",
            "{backend} 后端无法在这个集合通信中传输 {dtype} 类型的张量",
        ),
        Text(
            "Cast the tensor to a type the backend supports before the collective and back after it (an int32 or "
            "float flag instead of bool or uint8; complex numbers as torch.view_as_real), or update to the torch and "
            "backend releases that added the type: NCCL has carried bfloat16 since 2.10, torch_npu's HCCL added bool "
            "and uint8 in its later releases. The traceback's frame above the error names the call that sent it.",
            "在集合通信之前把张量转换成后端支持的类型，之后再转回来（用 int32 或 float 标志代替 bool 或 uint8；复数用 "
            "torch.view_as_real），或升级到已支持该类型的 torch 与后端版本：NCCL 自 2.10 起支持 bfloat16，torch_npu 的 "
            "HCCL 在较新版本中加入了 bool 和 uint8。错误上方的 traceback 帧给出了发起该调用的位置。",
        ),
    ),
    Entry(
        "log-xla-device-before-spawn",
        "error",
        "log",
        Text(
            "torch_xla could not replicate over {want} devices from a process that holds {have}: it took an XLA "
            "device before its replicas were spawned",
            "torch_xla 无法在只持有 {have} 个设备的进程中跨 {want} 个设备复制：它在各副本启动之前就占用了 XLA 设备",
        ),
        Text(
            "Do not call xm.xla_device() or move tensors to an XLA device in the parent process before xmp.spawn "
            "(or, under Lightning, before Trainer.fit with accelerator='tpu'): create the device inside the spawned "
            "function, or let the strategy move the model.",
            "不要在 xmp.spawn 之前（或在 Lightning 中使用 accelerator='tpu' 调用 Trainer.fit 之前）在父进程里调用 "
            "xm.xla_device() 或把张量移到 XLA 设备上：在被启动的函数内部创建设备，或让策略去移动模型。",
        ),
    ),
    Entry(
        "log-rendezvous-id-shared",
        "error",
        "log",
        Text(
            "torchrun ran on the rendezvous id 'none', its default without --rdzv-id, and found that rendezvous "
            "closed: every job on the same rendezvous backend without an id of its own meets in it, and another job "
            "(or an earlier run of this one) had closed it",
            "torchrun 使用了 rendezvous id 'none'（未给 --rdzv-id 时的默认值），并发现该 rendezvous 已经关闭：同一 "
            "rendezvous 后端上所有没有自己 id 的作业都会进入同一个 rendezvous，另一个作业（或本作业的上一次运行）"
            "已经把它关闭了",
        ),
        Text(
            "Give every job its own --rdzv-id, the same on all of its nodes and new for each run (the Slurm job id, "
            "the PyTorchJob's name, a uuid the launch script makes once); with an etcd backend, old keys of a "
            "previous run under that id can also be removed from etcd.",
            "为每个作业指定它自己的 --rdzv-id：在该作业的所有节点上相同，每次运行都不同（Slurm 作业号、PyTorchJob "
            "的名字，或启动脚本生成一次的 uuid）；使用 etcd 后端时，也可以从 etcd 中删除上一次运行在该 id 下留下的键。",
        ),
    ),
    Entry(
        "log-nccl-ofi-nic-groups",
        "error",
        "log",
        Text(
            "The AWS OFI plugin's RDMA protocol could not pair the NICs with the GPUs in the PCI topology it read "
            "({detail}): it did not start",
            "AWS OFI 插件的 RDMA 协议无法在它读到的 PCI 拓扑中把网卡与 GPU 配对（{detail}）：该协议没有启动",
        ),
        Text(
            "The plugin reads the topology through hwloc: inside the job, /sys must show the EFA NICs and the GPUs "
            "under their PCI bridges (lstopo, or fi_info -p efa and nvidia-smi topo -m), and the plugin must load "
            "the hwloc and libfabric it was built with. An image that also carries other frameworks' copies of these "
            "libraries can shadow them: ldd on the plugin in the job shows which ones it loads; the plugin of the "
            "node's EFA installer, or an image without the extra frameworks, avoids that.",
            "插件通过 hwloc 读取拓扑：作业内的 /sys 必须能看到 EFA 网卡和 GPU 及其所在的 PCI 桥（lstopo，或 fi_info -p "
            "efa 与 nvidia-smi topo -m），并且插件必须加载它编译时所用的 hwloc 和 libfabric。镜像中若还带有"
            "其他框架自带的这些库的副本，可能会遮蔽它们：在作业中对插件运行 ldd 可以看到实际加载了哪些；"
            "使用节点 EFA 安装包自带的插件，或不带这些额外框架的镜像，可以避免。",
        ),
        variants=(
            Variant(
                "fell-back",
                "warning",
                "the log shows NCCL going on over its TCP sockets (the job runs, several times slower than on EFA), "
                "or the process going on past the plugin's failure without one of its own",
            ),
        ),
    ),
    Entry(
        "log-ray-worker-unregistered",
        "error",
        "log",
        Text(
            "A Ray worker process could not register with its node's raylet{detail}: the raylet started more "
            "workers than the job's CPUs allow, or went away",
            "一个 Ray worker 进程无法向本节点的 raylet 注册{detail}：raylet 启动的 worker 多于作业分到的 CPU，"
            "或者 raylet 已经退出",
        ),
        Text(
            "ray start and ray.init size a node by the machine's CPUs, not by what Slurm or a container's cgroup gave "
            "the job, and start workers to match: pass --num-cpus (ray.init(num_cpus=...)) equal to the job's share "
            "(SLURM_CPUS_PER_TASK, or SLURM_CPUS_ON_NODE). Otherwise read raylet.out and raylet.err under "
            "/tmp/ray/session_latest/logs on that node for why the raylet stopped (the OOM killer, a crash), and "
            "keep Ray's --temp-dir on a local disk with a short path.",
            "ray start 和 ray.init 按整台机器的 CPU 数而不是 Slurm 或容器 cgroup 分给作业的数量来确定节点规模，"
            "并据此启动 worker：把 --num-cpus（ray.init(num_cpus=...)）设为作业实际分到的数量（SLURM_CPUS_PER_TASK "
            "或 SLURM_CPUS_ON_NODE）。否则在该节点 /tmp/ray/session_latest/logs 下查看 raylet.out 和 raylet.err，"
            "找出 raylet 停止的原因（OOM killer、崩溃），并把 Ray 的 --temp-dir 放在本地磁盘上、使用较短的路径。",
        ),
    ),
    Entry(
        "log-colossalai-run-failed",
        "error",
        "log",
        Text(
            "colossalai run could not run the commands of {hosts}{why_class} ({error})",
            "colossalai run 无法运行 {hosts} 的命令{why_class}（{error}）",
        ),
        Text(
            "colossalai run runs the command of a host it takes for this machine here, and reaches every other host "
            "over ssh. Where it took two hosts for this machine, its check of which host is local went wrong and "
            "every node's ranks started on this one: upgrade ColossalAI (later releases fixed the check), name the "
            "hosts by the addresses they have, or start torchrun on each node yourself. Otherwise check that this "
            "node reaches each host by passwordless ssh (ssh HOST true) and that the command runs there.",
            "colossalai run 会在本机运行它认为是本机的主机的命令，并通过 ssh 连到其他每台主机。如果它把两台主机都当成了"
            "本机，说明它判断哪台主机是本地的检查出了错，所有节点的 rank 都在这台机器上启动了：升级 ColossalAI（较新的"
            "版本修复了这个检查），用各主机实际拥有的地址指定主机，或者自己在每个节点上启动 torchrun。否则请检查本节点"
            "能否通过免密 ssh 连到每台主机（ssh HOST true），以及命令能否在那里运行。",
        ),
    ),
    Entry(
        "log-nccl-net-transport-mixed",
        "error",
        "log",
        Text(
            "NCCL's nodes chose different networks: a peer connected over {peer_class} to a rank listening over "
            "{own_class}, and NCCL refused the connection",
            "NCCL 的各节点选择了不同的网络：一个对端通过 {peer_class} 连到了通过 {own_class} 监听的 rank，"
            "NCCL 拒绝了这个连接",
        ),
        Text(
            "Each node picks its network when NCCL starts: where InfiniBand or RoCE works on one node and not on "
            "another, that one falls back to TCP sockets and the two cannot connect. On every node check that the "
            "HCAs are up and in the job (ibstat or ibv_devinfo: PORT_ACTIVE; /dev/infiniband inside a container), "
            "compare each node's NCCL_DEBUG=INFO line 'Using network IB' or 'Using network Socket', and give every "
            "node the same NCCL_IB_* and NCCL_NET settings; NCCL_IB_DISABLE=1 on every node runs them all over TCP.",
            "每个节点在 NCCL 启动时各自选择网络：如果 InfiniBand 或 RoCE 在一个节点上可用、在另一个节点上不可用，后者会"
            "退回 TCP socket，两者就无法互连。请在每个节点上检查 HCA 是否已启用并对作业可见（ibstat 或 ibv_devinfo："
            "PORT_ACTIVE；容器内要有 /dev/infiniband），对比各节点 NCCL_DEBUG=INFO 输出的 'Using network IB' 或 "
            "'Using network Socket'，并为所有节点设置相同的 NCCL_IB_* 和 NCCL_NET；在所有节点上设置 "
            "NCCL_IB_DISABLE=1 会让它们都走 TCP。",
        ),
    ),
    Entry(
        "log-tensorpipe-listen-failed",
        "error",
        "log",
        Text(
            "TensorPipe (torch.distributed.rpc) could not listen on the address it chose for this host: {error}",
            "TensorPipe（torch.distributed.rpc）无法在它为本主机选择的地址上监听：{error}",
        ),
        Text(
            "TensorPipe listens on the address of the interface TP_SOCKET_IFNAME names, else on the one this host's "
            "name resolves to. 'invalid argument' is most often a link-local IPv6 address (fe80::) that needs an "
            "interface scope, which TensorPipe before torch 1.7 dropped; 'address not available' an address that is "
            "not this host's (a stale /etc/hosts or DNS entry); 'address already in use' a port another process "
            "holds. Set TP_SOCKET_IFNAME to the interface the nodes reach each other on (as GLOO_SOCKET_IFNAME and "
            "NCCL_SOCKET_IFNAME), or make the host name resolve to that interface's address.",
            "TensorPipe 在 TP_SOCKET_IFNAME 指定网卡的地址上监听，否则使用本主机名解析到的地址。'invalid argument' "
            "最常见的原因是需要网卡作用域的链路本地 IPv6 地址（fe80::），torch 1.7 之前的 TensorPipe 会丢掉这个作用域；"
            "'address not available' 表示该地址不属于本主机（/etc/hosts 或 DNS 记录过期）；'address already in use' "
            "表示端口被其他进程占用。把 TP_SOCKET_IFNAME 设为节点之间互通所用的网卡（与 GLOO_SOCKET_IFNAME、"
            "NCCL_SOCKET_IFNAME 相同），或让主机名解析到该网卡的地址。",
        ),
    ),
    Entry(
        "log-rpc-timeout",
        "error",
        "log",
        Text(
            "A torch.distributed.rpc call ran past its timeout ({timeout}): the worker it called did not answer in "
            "time",
            "一个 torch.distributed.rpc 调用超过了超时时间（{timeout}）：被调用的 worker 没有及时响应",
        ),
        Text(
            "Read the log of the worker it called: it may have died, hung in a collective, or be busy longer than the "
            "timeout (loading data, a checkpoint). Where the work is slow by design, raise the timeout: "
            "init_rpc(..., rpc_backend_options=TensorPipeRpcBackendOptions(rpc_timeout=SECONDS)), or pass timeout= "
            "to rpc_sync, rpc_async or remote; distdoctor dump shows where each worker waits.",
            "查看被调用 worker 的日志：它可能已经退出、卡在某个集合通信中，"
            "或者忙碌的时间超过了超时（加载数据、保存检查点）。"
            "如果这项工作本来就慢，就调大超时：init_rpc(..., rpc_backend_options=TensorPipeRpcBackendOptions("
            "rpc_timeout=秒数))，或给 rpc_sync、rpc_async、remote 传 timeout=；distdoctor dump 可以显示每个 worker 在"
            "哪里等待。",
        ),
    ),
    Entry(
        "log-store-host-ptr-name",
        "error",
        "log",
        Text(
            "The ranks look up the store at {host}, a reverse-lookup (PTR) name that resolves to no address: they "
            "can never connect to it",
            "各 rank 要连接的 store 地址是 {host}，这是一个反向解析（PTR）名称，解析不到任何地址：它们永远连不上",
        ),
        Text(
            "torchrun gives its workers this host's fully qualified name as the store's address; where the host name "
            "is in no DNS and no /etc/hosts (macOS most often), Python's socket.getfqdn() returns the ip6.arpa or "
            "in-addr.arpa name of its address instead. Give the address yourself: --rdzv-endpoint=127.0.0.1:29500 "
            "(one machine, in place of --standalone) or --master-addr set to this node's IP, or add the host name "
            "to /etc/hosts.",
            "torchrun 把本主机的完整域名作为 store 地址交给各 worker；如果主机名不在 DNS 也不在 /etc/hosts 中"
            "（最常见于 macOS），Python 的 socket.getfqdn() 会返回其地址的 ip6.arpa 或 in-addr.arpa 名称。"
            "请自己给出地址：--rdzv-endpoint=127.0.0.1:29500（单机时代替 --standalone），或把 --master-addr "
            "设为本节点的 IP，或把主机名加入 /etc/hosts。",
        ),
    ),
    Entry(
        "log-nccl-comm-id-host-too-long",
        "error",
        "log",
        Text(
            "NCCL_COMM_ID names a host of {length} characters ({host}); NCCL keeps only the first 63, so the name "
            "it looks up is cut short and does not resolve",
            "NCCL_COMM_ID 中的主机名有 {length} 个字符（{host}）；NCCL 只保留前 63 个，"
            "因此它查询的是被截断的名字，解析失败",
        ),
        Text(
            "NCCL reads the host of NCCL_COMM_ID into a 64-byte field. Give the root rank's node as an IP address "
            "(ip:port, or [ipv6]:port), or as a name of at most 63 characters: a short host name in /etc/hosts, or "
            "a cluster whose node names are shorter. Under torch, unset NCCL_COMM_ID: torch passes the id through "
            "its own store.",
            "NCCL 把 NCCL_COMM_ID 中的主机名读入一个 64 字节的字段。请用 IP 地址（ip:port 或 [ipv6]:port）"
            "给出 root rank 所在的节点，或用不超过 63 个字符的名字：/etc/hosts 中的短主机名，或节点名更短的集群。"
            "在 torch 下请取消设置 NCCL_COMM_ID：torch 会通过自己的 store 传递这个 id。",
        ),
    ),
    Entry(
        "log-nccl-ofi-tuner-refused",
        "error",
        "log",
        Text(
            "aws-ofi-nccl's tuner refused to start because NCCL_ALGO or NCCL_PROTO is set, and NCCL's communicator "
            "setup failed with it",
            "aws-ofi-nccl 的 tuner 因为设置了 NCCL_ALGO 或 NCCL_PROTO 而拒绝启动，NCCL 的通信器建立也随之失败",
        ),
        Text(
            "The plugin's tuner for NCCL's v1 and v2 tuner interfaces (NCCL 2.19 to 2.21) returns an error where "
            "either variable is set, and NCCL gives up on the communicator; on instances without in-order delivery "
            "(p4d, p4de) the plugin sets NCCL_PROTO=simple itself, so it fails with no variable of yours. Releases "
            "after aws/aws-ofi-nccl#986 fall back to NCCL's own tuner instead: upgrade aws-ofi-nccl (or use the "
            "one the instance's EFA installer or DLAMI ships), or unset NCCL_ALGO and NCCL_PROTO.",
            "该插件为 NCCL v1、v2 tuner 接口（NCCL 2.19 至 2.21）提供的 tuner 在这两个变量任一被设置时都会返回错误，"
            "NCCL 随即放弃建立通信器；在不保证按序交付的实例（p4d、p4de）上，插件会自己设置 NCCL_PROTO=simple，"
            "所以即使你没有设置任何变量也会失败。aws/aws-ofi-nccl#986 之后的版本会改为退回 NCCL 自带的 tuner："
            "请升级 aws-ofi-nccl（或使用实例的 EFA 安装包或 DLAMI 自带的版本），或取消设置 NCCL_ALGO 和 NCCL_PROTO。",
        ),
    ),
    Entry(
        "log-dataloader-worker-segfault",
        "error",
        "log",
        Text(
            "A DataLoader worker crashed with a segmentation fault, and its rank with it",
            "一个 DataLoader worker 因段错误（segmentation fault）崩溃，它所在的 rank 也随之失败",
        ),
        Text(
            "A worker forked from a rank that had already started a library that is not safe across fork "
            "(InfiniBand verbs, MPI over them, EFA's libfabric, CUDA) crashes in the copy it inherited: start the "
            "workers in fresh processes, DataLoader(..., multiprocessing_context='forkserver') or 'spawn', or make "
            "verbs fork-safe with RDMAV_FORK_SAFE=1 (FI_EFA_FORK_SAFE=1 on EFA). Otherwise native code of the "
            "dataset (an image, audio or compression library) crashed: num_workers=0 shows where.",
            "如果 worker 是从一个已经启动了不支持 fork 的库（InfiniBand verbs、基于它的 MPI、EFA 的 libfabric、CUDA）"
            "的 rank fork 出来的，它会在继承来的副本中崩溃：请让 worker 在全新的进程中启动，"
            "DataLoader(..., multiprocessing_context='forkserver') 或 'spawn'，或用 RDMAV_FORK_SAFE=1"
            "（EFA 上用 FI_EFA_FORK_SAFE=1）让 verbs 支持 fork。否则就是数据集的本地代码（图像、音频或压缩库）"
            "崩溃了：num_workers=0 可以显示崩溃位置。",
        ),
    ),
    Entry(
        "log-glibc-tls-race",
        "error",
        "log",
        Text(
            "A process died on an assertion of glibc's dynamic loader (_dl_allocate_tls_init): a known race of older "
            "glibc between starting a thread and loading a library",
            "一个进程因 glibc 动态加载器的断言（_dl_allocate_tls_init）而退出：这是旧版 glibc 在启动线程与加载库之间"
            "的已知竞争问题",
        ),
        Text(
            "It strikes at random, in any process that starts threads while another thread loads a shared library "
            "(dlopen); the peers of the rank it killed then see their connections reset. glibc fixed its causes in "
            "steps, the last in 2.34 (glibc bug 19329): run the job on a newer OS image (ldd --version shows the "
            "glibc), or load the libraries before threads start (import them at the top of the script).",
            "它随机发生在任何一个在另一线程加载共享库（dlopen）时启动线程的进程中；被它杀死的 rank 的对端随后会看到"
            "连接被重置。glibc 分几步修复了它的成因，最后一步在 2.34 中（glibc bug 19329）：请在更新的操作系统镜像上"
            "运行作业（ldd --version 显示 glibc 版本），或在线程启动之前加载这些库（在脚本开头 import 它们）。",
        ),
    ),
    Entry(
        "log-oneccl-launcher-env-missing",
        "error",
        "log",
        Text(
            "oneCCL found none of the MPI launcher's variables and could not tell this process's local rank and count",
            "oneCCL 没有找到 MPI 启动器的任何变量，无法确定本进程的本地 rank 和本地进程数",
        ),
        Text(
            "oneCCL reads each process's place on its node from the MPI launcher (mpirun, Intel MPI's hydra) by "
            "default. Started by torchrun, accelerate or another launcher, set CCL_PROCESS_LAUNCHER=none with "
            "CCL_LOCAL_RANK and CCL_LOCAL_SIZE (LOCAL_RANK and LOCAL_WORLD_SIZE under torchrun) in every "
            "process's environment, or CCL_ZE_IPC_EXCHANGE=sockets, as its error says, so that it asks its "
            "transport instead; or launch with mpirun.",
            "oneCCL 默认从 MPI 启动器（mpirun、Intel MPI 的 hydra）读取每个进程在本节点上的位置。"
            "如果由 torchrun、accelerate 或其他启动器启动，请在每个进程的环境中设置 CCL_PROCESS_LAUNCHER=none，"
            "并设置 CCL_LOCAL_RANK 和 CCL_LOCAL_SIZE（在 torchrun 下即 LOCAL_RANK 和 LOCAL_WORLD_SIZE），"
            "或者按其错误信息所说设置 CCL_ZE_IPC_EXCHANGE=sockets，让它向传输层查询；或者用 mpirun 启动。",
        ),
    ),
    Entry(
        "log-node-user-unknown",
        "error",
        "log",
        Text(
            "A node does not know the job's user (user ID {uid} has no name there): its user database is not in sync "
            "with the others",
            "有节点不认识作业的用户（用户 ID {uid} 在那里没有对应的用户名）：它的用户数据库与其他节点不同步",
        ),
        Text(
            "The job's files and container were fine: that node could not map the user ID to a name (LDAP or sssd "
            "behind, or down), so what runs as the user there fails. Leave the node out (srun --exclude=NODE, or "
            "scontrol update nodename=NODE state=drain reason=...) and tell the cluster's admins; getent passwd "
            "USER on the node shows whether it knows the user.",
            "作业的文件和容器都没有问题：该节点无法把用户 ID 映射为用户名（LDAP 或 sssd 落后或宕机），"
            "所以以该用户身份在那里运行的东西都会失败。请把该节点排除在外（srun --exclude=NODE，或 "
            "scontrol update nodename=NODE state=drain reason=...）并通知集群管理员；在该节点上运行 getent passwd "
            "USER 可以看出它是否认识这个用户。",
        ),
    ),
    Entry(
        "log-shm-segment-elsewhere",
        "error",
        "log",
        Text(
            "A process could not open the Python shared-memory segment {segment}: it is not in this machine's "
            "/dev/shm, made on another node or removed by the process that made it",
            "一个进程无法打开 Python 共享内存段 {segment}：它不在本机的 /dev/shm 中，"
            "是在另一个节点上创建的，或已被创建它的进程删除",
        ),
        Text(
            "multiprocessing.shared_memory segments (/psm_...) live in one machine's /dev/shm: a buffer shared "
            "through one is for processes of one node. Where a framework gives ranks of several nodes the same "
            "shared-memory channel (vLLM's shared-memory broadcast with tensor parallelism across nodes, until "
            "vllm-project/vllm#6597), upgrade it, or keep that group within one node (tensor parallel inside a node, "
            "pipeline parallel across nodes).",
            "multiprocessing.shared_memory 共享内存段（/psm_...）位于某一台机器的 /dev/shm 中：通过它共享的缓冲区"
            "只供同一节点上的进程使用。如果框架让多个节点上的 rank 使用同一个共享内存通道（vLLM 在跨节点张量并行时的"
            "共享内存广播，直到 vllm-project/vllm#6597），请升级它，或让该组限制在一个节点内"
            "（节点内张量并行，节点间流水线并行）。",
        ),
    ),
    Entry(
        "log-disk-full",
        "error",
        "log",
        Text(
            "{who} could not write: its file system is full (No space left on device)",
            "{who} 无法写入：它所在的文件系统已满（No space left on device）",
        ),
        Text(
            "df -h on the node shows which one is full: a checkpoint or output folder (remove old checkpoints, "
            "keep fewer: save_total_limit), /tmp or the caches in the home directory (torch extensions, Triton, "
            "Hugging Face: point TMPDIR, TRITON_CACHE_DIR and HF_HOME to a larger disk), or a container's own root "
            "file system (mount a volume for what the job writes). Where only one node fails, it is that node's "
            "local disk.",
            "在该节点上运行 df -h 可以看出哪个文件系统满了：检查点或输出目录（删除旧检查点，少保留一些："
            "save_total_limit），/tmp 或主目录下的缓存（torch extensions、Triton、Hugging Face：把 TMPDIR、"
            "TRITON_CACHE_DIR 和 HF_HOME 指向更大的磁盘），或容器自己的根文件系统（为作业写入的内容挂载一个卷）。"
            "如果只有一个节点失败，就是该节点的本地磁盘。",
        ),
    ),
    Entry(
        "log-master-addr-bracketed",
        "error",
        "log",
        Text(
            "The store's host is an IPv6 address inside brackets ({host}): torch looks the brackets up as part of a "
            "name, which resolves to nothing",
            "store 的主机是放在方括号里的 IPv6 地址（{host}）：torch 会把方括号当作名字的一部分去解析，"
            "结果解析不到任何地址",
        ),
        Text(
            "Set MASTER_ADDR (or the address the framework passes to init_process_group) to the bare address, "
            "without brackets: brackets belong only where a port follows in one string, as in "
            "tcp://[ADDR]:PORT or --rdzv-endpoint=[ADDR]:PORT.",
            "把 MASTER_ADDR（或框架传给 init_process_group 的地址）设为不带方括号的地址本身：只有地址与端口写在同一个"
            "字符串里时才需要方括号，例如 tcp://[ADDR]:PORT 或 --rdzv-endpoint=[ADDR]:PORT。",
        ),
    ),
    Entry(
        "log-rccl-hsa-env-required",
        "error",
        "log",
        Text(
            "RCCL refused to start: with this HIP runtime and GPU firmware it needs HSA_NO_SCRATCH_RECLAIM=1",
            "RCCL 拒绝启动：在这个 HIP 运行时和 GPU 固件下，它需要 HSA_NO_SCRATCH_RECLAIM=1",
        ),
        Text(
            "Set HSA_NO_SCRATCH_RECLAIM=1 in every rank's environment (the launcher's, a Ray runtime_env, or the "
            "container's), or update the GPU firmware to a release RCCL does not need it for. RCCL checks it at "
            "the start of each communicator, so every rank of every node needs it.",
            "在每个 rank 的环境中设置 HSA_NO_SCRATCH_RECLAIM=1（启动器的环境、Ray 的 runtime_env 或容器的环境），"
            "或者把 GPU 固件更新到 RCCL 不再要求它的版本。RCCL 在每个通信器开始时检查它，"
            "所以每个节点的每个 rank 都需要。",
        ),
    ),
    Entry(
        "log-efa-device-unopenable",
        "error",
        "log",
        Text(
            "libfabric's EFA provider could not open an RDMA device this host lists ({error}) and gave up on EFA: "
            "the job's collectives have no EFA device",
            "libfabric 的 EFA provider 无法打开本主机列出的一个 RDMA 设备（{error}），于是放弃了 EFA："
            "作业的集合通信没有可用的 EFA 设备",
        ),
        Text(
            "Every RDMA device under /sys/class/infiniband must open for the provider to go on: in a container or a "
            "Kubernetes pod, the device plugin may give it only the EFA devices while the host's other NICs (mlx5) "
            "stay listed. Give the pod every device it lists, hide the others, or use a libfabric whose EFA "
            "provider skips a device it cannot open (after ofiwg/libfabric#12744). fi_info -p efa shows whether "
            "it finds EFA.",
            "provider 要继续工作，/sys/class/infiniband 下的每个 RDMA 设备都必须能打开：在容器或 Kubernetes pod 中，"
            "设备插件可能只给了它 EFA 设备，而主机的其他网卡（mlx5）仍然被列出。请把列出的每个设备都交给 pod，"
            "隐藏其他设备，或者使用 EFA provider 会跳过无法打开的设备的 libfabric（ofiwg/libfabric#12744 之后）。"
            "fi_info -p efa 可以显示它是否找到了 EFA。",
        ),
    ),
    Entry(
        "log-ucx-no-protocol",
        "error",
        "log",
        Text(
            "UCX found no protocol to carry a transfer between nodes ({transfer}), and the transfer failed",
            "UCX 找不到可以承载节点间这次传输的协议（{transfer}），传输失败",
        ),
        Text(
            "UCX picks a protocol from the transports both sides offer for that memory (GPU or host). The two sides "
            "offer none in common where UCX_TLS differs between them, where one side's UCX was built without CUDA "
            "or GPUDirect RDMA support, or under a UCX release with a bug in that choice (openucx/ucx#10954, GPU to "
            "host transfers with CUDA 13): use one UCX build, with CUDA, on every node and one UCX_TLS; ucx_info -d "
            "lists the transports a node has.",
            "UCX 根据双方为该内存（GPU 或主机）提供的传输方式选择协议。如果两端的 UCX_TLS 不同、某一端的 UCX "
            "编译时没有 CUDA 或 GPUDirect RDMA 支持，或者 UCX 版本在这一选择上有缺陷（openucx/ucx#10954，CUDA 13 下"
            "GPU 与主机之间的传输），两端就没有共同的协议：请在每个节点上使用同一个带 CUDA 的 UCX 构建和同一个 "
            "UCX_TLS；ucx_info -d 会列出节点拥有的传输方式。",
        ),
    ),
    Entry(
        "log-nvlink-fabric-out-of-sync",
        "error",
        "log",
        Text(
            "The GPU driver's view of the NVLink fabric is out of sync (NV_ERR_FABRIC_STATE_OUT_OF_SYNC): NVLink "
            "SHARP multicast (NVLS) cannot map memory until it is resynced",
            "GPU 驱动缓存的 NVLink fabric 状态与实际不同步（NV_ERR_FABRIC_STATE_OUT_OF_SYNC）：在重新同步之前，"
            "NVLink SHARP 组播（NVLS）无法映射内存",
        ),
        Text(
            "The fabric manager (and, on NVL72 racks, the NVLink subnet manager) owns that state: restart it and "
            "check its log (systemctl status nvidia-fabricmanager), reset the GPUs or reboot the node if it stays "
            "out of sync, and check that the driver and fabric manager versions match. Until then NCCL_NVLS_ENABLE=0 "
            "(NVSHMEM_DISABLE_NVLS=1 for NVSHMEM) keeps the job off multicast.",
            "该状态由 fabric manager（在 NVL72 机架上还有 NVLink subnet manager）管理：重启它并查看其日志"
            "（systemctl status nvidia-fabricmanager），如果仍不同步就重置 GPU 或重启节点，并确认驱动与 fabric manager "
            "的版本一致。在此之前，NCCL_NVLS_ENABLE=0（NVSHMEM 用 NVSHMEM_DISABLE_NVLS=1）可以让作业不使用组播。",
        ),
    ),
    Entry(
        "log-gpu-memory-share-too-high",
        "error",
        "log",
        Text(
            "vLLM asked for {util} of a GPU's memory ({want} GiB), more than was free at its start ({free} GiB) on a "
            "GPU nothing else holds much of: the share is too high",
            "vLLM 要求占用 GPU 显存的 {util}（{want} GiB），超过了启动时的空闲显存（{free} GiB），"
            "而这块 GPU 并没有被其他进程占用多少：这个比例设得太高了",
        ),
        Text(
            "The process's own CUDA context and its communicators' buffers (NCCL's, and the all-to-all's of expert "
            "parallelism, more so across nodes) take memory before vLLM measures what is free. Lower "
            "--gpu-memory-utilization (gpu_memory_utilization) to leave them room: 0.90 leaves several GiB on a "
            "large GPU.",
            "进程自己的 CUDA 上下文和通信器的缓冲区（NCCL 的，以及专家并行 all-to-all 的，跨节点时更多）会在 vLLM "
            "测量空闲显存之前占用一部分。请调低 --gpu-memory-utilization（gpu_memory_utilization），为它们留出空间："
            "在大显存 GPU 上 0.90 可以留出好几 GiB。",
        ),
    ),
    Entry(
        "log-ucx-connect-failed",
        "error",
        "log",
        Text(
            "UCX could not connect to its peer at {addr}: {error}",
            "UCX 无法连接到位于 {addr} 的对端：{error}",
        ),
        Text(
            "UCX connects over the interfaces UCX_NET_DEVICES allows (all of them by default), and may pick one "
            "that has no route to the peer (a container bridge, a second NIC): set UCX_NET_DEVICES on every node "
            "to the interface and RDMA device the nodes reach each other on (e.g. eth0,mlx5_0:1), with the same "
            "UCX_TLS. 'Connection refused' means nothing listened there: the peer's process exited or had not "
            "started; 'Connection timed out', a firewall or security group dropping the port.",
            "UCX 通过 UCX_NET_DEVICES 允许的网卡建立连接（默认是全部），可能选中一块到不了对端的网卡（容器网桥、"
            "第二块网卡）：在每个节点上把 UCX_NET_DEVICES 设为节点之间互通所用的网卡和 RDMA 设备（例如 "
            "eth0,mlx5_0:1），并使用相同的 UCX_TLS。'Connection refused' 表示那里没有进程在监听：对端进程已经退出"
            "或尚未启动；'Connection timed out' 表示防火墙或安全组丢弃了该端口的数据包。",
        ),
    ),
    Entry(
        "log-address-empty",
        "error",
        "log",
        Text(
            "A process was given an empty address to connect to ({endpoint}): the variable that should hold its peer's "
            "address was empty when it started",
            "某个进程拿到的连接地址是空的（{endpoint}）：它启动时，本应保存对端地址的变量是空的",
        ),
        Text(
            "A start script that looks the leader's address up (getent, a DNS name of a Kubernetes headless service "
            "or LeaderWorkerSet) gets nothing when it runs before that name resolves. Wait in the script until the "
            "name resolves (retry getent hosts NAME), or pass the name itself instead of an address looked up "
            "once, and check that the variable (LWS_LEADER_ADDRESS, MASTER_ADDR, vLLM's --data-parallel-address) "
            "is set on every node.",
            "启动脚本在查询 leader 地址（getent、Kubernetes headless service 或 LeaderWorkerSet 的 DNS 名称）时，"
            "如果该名称尚未能解析，就会得到空值。请在脚本中等待该名称可以解析（重试 getent hosts NAME），"
            "或者直接传入名称本身而不是只查询一次得到的地址，并确认该变量（LWS_LEADER_ADDRESS、MASTER_ADDR、"
            "vLLM 的 --data-parallel-address）在每个节点上都已设置。",
        ),
    ),
)
