"""Findings below the network: shared and locked memory, RDMA ports and GIDs, the GPUs' fabric, the NCCL that will
load; per node, then across nodes."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

GLOO = Variant("gloo", "warning", "no GPU is visible on the node, so the job runs gloo, which does not need it")

DEVICES: tuple[Entry, ...] = (
    Entry(
        "shm-small",
        "error",
        "local",
        Text(
            "/dev/shm has {free} free of {size}; NCCL's shared-memory transport needs about {need} for {ranks} "
            "local rank(s)",
            "/dev/shm 总共 {size}，剩余 {free}；{ranks} 个本地 rank 的 NCCL 共享内存传输约需 {need}",
        ),
        Text(
            "Give the container more shared memory: docker run --shm-size=8g (or --ipc=host); Kubernetes: mount "
            "an emptyDir with medium: Memory at /dev/shm; or free what other processes left in /dev/shm.",
            "给容器更大的共享内存：docker run --shm-size=8g（或 --ipc=host）；Kubernetes：在 /dev/shm 挂载 "
            "medium: Memory 的 emptyDir；或清理其他进程遗留在 /dev/shm 的文件。",
        ),
        variants=(GLOO,),
    ),
    Entry(
        "shm-unusable",
        "error",
        "local",
        Text("/dev/shm cannot be used: {why}", "/dev/shm 无法使用：{why}"),
        Text(
            "Mount a writable tmpfs at /dev/shm: docker run --shm-size=8g or --ipc=host; Kubernetes: an emptyDir "
            "with medium: Memory mounted at /dev/shm; outside containers: mount -t tmpfs tmpfs /dev/shm.",
            "在 /dev/shm 挂载可写的 tmpfs：docker run --shm-size=8g 或 --ipc=host；Kubernetes：在 /dev/shm 挂载 "
            "medium: Memory 的 emptyDir；非容器环境：mount -t tmpfs tmpfs /dev/shm。",
        ),
        variants=(GLOO,),
    ),
    Entry(
        "memlock-low",
        "error",
        "local",
        Text(
            "Locked-memory limit is {limit} ({whose}) while RDMA devices are active: NCCL cannot register its buffers",
            "锁定内存上限为 {limit}（{whose}），而本机有可用的 RDMA 设备：NCCL 无法注册缓冲区",
        ),
        Text(
            "Raise RLIMIT_MEMLOCK to unlimited for the job: docker run --ulimit memlock=-1; Slurm: "
            "PropagateResourceLimitsExcept=MEMLOCK and memlock unlimited in /etc/security/limits.conf; "
            "systemd: LimitMEMLOCK=infinity.",
            "把作业的 RLIMIT_MEMLOCK 调成 unlimited：docker run --ulimit memlock=-1；Slurm：设置 "
            "PropagateResourceLimitsExcept=MEMLOCK，并在 /etc/security/limits.conf 里设 memlock unlimited；"
            "systemd：LimitMEMLOCK=infinity。",
        ),
        variants=(
            GLOO,
            Variant(
                "ranks",
                "warning",
                "seen on running ranks by dump or run: whether they use NCCL over these HCAs is not known from outside",
            ),
        ),
    ),
    Entry(
        "rdma-port-down",
        "warning",
        "local",
        Text("RDMA port(s) not active: {ports}", "RDMA 端口未激活：{ports}"),
        Text(
            "Check the cable and switch port (ibstat; phys state Polling means no link partner); or leave the port "
            "out of NCCL_IB_HCA so every node uses the same active HCAs.",
            "检查线缆和交换机端口（ibstat；物理状态 Polling 表示对端无链路）；或把该端口从 NCCL_IB_HCA 中去掉，"
            "让所有节点使用相同的可用 HCA。",
        ),
        variants=(
            Variant(
                "unselected",
                "info",
                "NCCL_IB_HCA does not name the port: NCCL skips ports that are not active, so only the bandwidth "
                "it would have added is lost",
            ),
        ),
    ),
    Entry(
        "ib-hca-unmatched",
        "error",
        "local",
        Text(
            "NCCL_IB_HCA={value} selects no active RDMA port on this node (active: {active})",
            "NCCL_IB_HCA={value} 在本节点选不到任何可用的 RDMA 端口（可用端口：{active}）",
        ),
        Text(
            "Name this node's active devices (NCCL_IB_HCA=mlx5_0,mlx5_1; '=' for exact names, '^' to exclude, "
            ":N for a port), or unset it: otherwise NCCL falls back to TCP sockets on this node only.",
            "写本节点可用的设备（NCCL_IB_HCA=mlx5_0,mlx5_1；'=' 表示精确匹配，'^' 表示排除，:N 指定端口），"
            "或 unset 它：否则只有本节点的 NCCL 会退回 TCP socket。",
        ),
        variants=(GLOO,),
    ),
    Entry(
        "ib-gid-index-empty",
        "error",
        "local",
        Text(
            "NCCL_IB_GID_INDEX={index} is empty on {ports}",
            "NCCL_IB_GID_INDEX={index} 在 {ports} 上没有 GID",
        ),
        Text(
            "Pick an index that holds this node's RoCE v2 IPv4 GID (show_gids; here: {suggest}), or unset "
            "NCCL_IB_GID_INDEX and let NCCL choose.",
            "选本节点 RoCE v2 IPv4 GID 所在的索引（用 show_gids 查看；本节点：{suggest}），或 unset "
            "NCCL_IB_GID_INDEX 让 NCCL 自动选择。",
        ),
        variants=(GLOO,),
    ),
    Entry(
        "ib-gid-link-local",
        "warning",
        "local",
        Text(
            "NCCL_IB_GID_INDEX={index} is a link-local GID ({gid}) on {ports}: it is not routed between subnets",
            "NCCL_IB_GID_INDEX={index} 在 {ports} 上是链路本地 GID（{gid}）：跨子网不可路由",
        ),
        Text(
            "Use the index of the RoCE v2 IPv4-mapped GID (show_gids; here: {suggest}), or unset NCCL_IB_GID_INDEX.",
            "改用 RoCE v2 IPv4 映射 GID 的索引（用 show_gids 查看；本节点：{suggest}），或 unset NCCL_IB_GID_INDEX。",
        ),
    ),
    Entry(
        "ib-disabled",
        "info",
        "local",
        Text(
            "NCCL_IB_DISABLE={value} while RDMA ports are active ({active}): NCCL will use TCP sockets",
            "NCCL_IB_DISABLE={value}，而 RDMA 端口可用（{active}）：NCCL 将使用 TCP socket",
        ),
        Text(
            "Unset NCCL_IB_DISABLE to use the HCAs, unless it was set on purpose to work around them.",
            "unset NCCL_IB_DISABLE 以使用 HCA，除非这是为绕开它们而特意设置的。",
        ),
    ),
    Entry(
        "rdma-devices-hidden",
        "warning",
        "local",
        Text(
            "RDMA devices exist ({devices}) but /dev/infiniband has no uverbs device: NCCL cannot open them here",
            "存在 RDMA 设备（{devices}），但 /dev/infiniband 下没有 uverbs 设备：NCCL 在这里无法打开它们",
        ),
        Text(
            "Give the container the devices: docker run --device=/dev/infiniband (and --cap-add=IPC_LOCK); "
            "Kubernetes: the RDMA device plugin's resource (e.g. rdma/hca) in the pod's limits; on bare metal, "
            "load the verbs module: modprobe ib_uverbs.",
            "把设备交给容器：docker run --device=/dev/infiniband（并 --cap-add=IPC_LOCK）；Kubernetes：在 pod 的 "
            "limits 中申请 RDMA 设备插件的资源（如 rdma/hca）；物理机上加载 verbs 模块：modprobe ib_uverbs。",
        ),
    ),
    Entry(
        "gpu-fabric-not-ready",
        "error",
        "local",
        Text(
            "NVLink fabric not ready on GPU(s) {gpus}: {state}",
            "GPU {gpus} 的 NVLink fabric 未就绪：{state}",
        ),
        Text(
            "Start the fabric manager and wait for it: systemctl enable --now nvidia-fabricmanager (its version must "
            "match the driver's); CUDA fails to initialise on an NVSwitch system until it has registered the GPUs.",
            "启动并等待 fabric manager：systemctl enable --now nvidia-fabricmanager（版本须与驱动一致）；"
            "在 NVSwitch 系统上，它注册完 GPU 之前 CUDA 无法初始化。",
        ),
        variants=(
            Variant(
                "status",
                "warning",
                "the registration completed with an error status (e.g. Insufficient Resources): CUDA starts, but "
                "NVLink between GPUs may be missing or degraded",
            ),
        ),
    ),
    Entry(
        "imex-channels-missing",
        "warning",
        "local",
        Text(
            "GPUs belong to a multi-node NVLink domain but no IMEX channel is available "
            "(/dev/nvidia-caps-imex-channels)",
            "GPU 属于多节点 NVLink 域，但没有可用的 IMEX 通道（/dev/nvidia-caps-imex-channels）",
        ),
        Text(
            "Run the nvidia-imex service on every node of the domain and expose a channel to the job "
            "(Kubernetes: the DRA driver's ComputeDomain; else mknod /dev/nvidia-caps-imex-channels/channel0); "
            "without one NCCL cannot share memory over NVLink across nodes.",
            "在该域的每个节点运行 nvidia-imex 服务，并把通道交给作业（Kubernetes：DRA 驱动的 ComputeDomain；"
            "否则 mknod /dev/nvidia-caps-imex-channels/channel0）；没有通道 NCCL 无法跨节点经 NVLink 共享内存。",
        ),
    ),
    Entry(
        "nvls-default",
        "info",
        "local",
        Text(
            "NCCL {version} will use NVLink SHARP on this NVSwitch system (NCCL_NVLS_ENABLE unset)",
            "NCCL {version} 将在这台 NVSwitch 系统上使用 NVLink SHARP（未设置 NCCL_NVLS_ENABLE）",
        ),
        Text(
            "NVLS reserves GPU memory per communicator and needs a healthy fabric manager; if init hangs or memory "
            "runs short, set NCCL_NVLS_ENABLE=0 to compare.",
            "NVLS 会为每个通信器预留显存，并依赖正常的 fabric manager；如初始化挂起或显存不足，设置 "
            "NCCL_NVLS_ENABLE=0 对比。",
        ),
    ),
    Entry(
        "peermem-missing",
        "info",
        "local",
        Text(
            "GPUs and active RDMA ports, but nvidia_peermem is not loaded: GPUDirect RDMA needs it or DMA-BUF",
            "有 GPU 和可用 RDMA 端口，但未加载 nvidia_peermem：GPUDirect RDMA 需要它或 DMA-BUF",
        ),
        Text(
            "modprobe nvidia_peermem (on the host), unless the driver and kernel support DMA-BUF (open kernel "
            "modules, Linux 5.12+); NCCL_DEBUG=INFO shows 'GPU Direct RDMA Enabled' when either works.",
            "在宿主机上 modprobe nvidia_peermem，除非驱动和内核支持 DMA-BUF（开源内核模块，Linux 5.12+）；"
            "任一可用时 NCCL_DEBUG=INFO 会显示 'GPU Direct RDMA Enabled'。",
        ),
    ),
    Entry(
        "iommu-translating",
        "warning",
        "local",
        Text(
            "The IOMMU translates DMA ({groups} groups, no iommu=pt) on a node with {gpus} GPUs: peer-to-peer traffic "
            "can hang or crawl",
            "IOMMU 正在转换 DMA（{groups} 个组，未设置 iommu=pt），本机有 {gpus} 块 GPU：点对点传输可能挂起或很慢",
        ),
        Text(
            "Boot with iommu=pt (intel_iommu=on iommu=pt or amd_iommu=on iommu=pt) and disable PCIe ACS on the "
            "switches between GPUs and NICs; in a VM, check the hypervisor's P2P support; or NCCL_P2P_DISABLE=1 to "
            "confirm.",
            "内核参数加 iommu=pt（intel_iommu=on iommu=pt 或 amd_iommu=on iommu=pt），并关闭 GPU 与网卡之间 PCIe "
            "交换芯片的 ACS；虚拟机中确认 hypervisor 支持 P2P；或用 NCCL_P2P_DISABLE=1 验证。",
        ),
    ),
    Entry(
        "acs-redirect",
        "warning",
        "local",
        Text(
            "PCIe ACS redirects peer-to-peer traffic on bridge(s) {bridges}: GPU-to-GPU and GPUDirect RDMA traffic "
            "goes through the root complex, slowly or not at all",
            "PCI 桥 {bridges} 上的 PCIe ACS 会重定向点对点流量：GPU 之间及 GPUDirect RDMA 的流量绕经根复合体，"
            "变慢甚至不通",
        ),
        Text(
            "On bare metal, disable ACS on those bridges (BIOS, or setpci -s <bridge> ECAP_ACS+0x6.w=0000 at each "
            "boot, as NCCL's troubleshooting guide shows); in a VM keep it and check the hypervisor's P2P support; "
            "NCCL_P2P_DISABLE=1 confirms it.",
            "物理机上关闭这些桥的 ACS（BIOS，或如 NCCL 排障指南所示每次开机执行 setpci -s <bridge> "
            "ECAP_ACS+0x6.w=0000）；虚拟机中保留 ACS 并确认 hypervisor 支持 P2P；可用 NCCL_P2P_DISABLE=1 验证。",
        ),
    ),
    Entry(
        "nccl-shadowed",
        "warning",
        "local",
        Text(
            "torch will load NCCL {loaded} from {source} ({path}), not {wheel} from its wheel",
            "torch 将加载来自 {source} 的 NCCL {loaded}（{path}），而不是其 wheel 中的 {wheel}",
        ),
        Text(
            "Remove that directory from {source} for the job, or make it hold the same NCCL on every node; torch "
            "is built and tested against its wheel's.",
            "为作业从 {source} 中去掉该目录，或保证每个节点上它放的是同一个 NCCL；torch 是针对其 wheel 中的版本构建"
            "和测试的。",
        ),
    ),
    Entry(
        "nccl-net-plugin-missing",
        "warning",
        "local",
        Text(
            "NCCL_NET_PLUGIN={value} but no {wanted} was found beside NCCL or on LD_LIBRARY_PATH",
            "设置了 NCCL_NET_PLUGIN={value}，但在 NCCL 旁边或 LD_LIBRARY_PATH 中找不到 {wanted}",
        ),
        Text(
            "Install the plugin (e.g. aws-ofi-nccl, nccl-rdma-sharp-plugins) and put its directory on "
            "LD_LIBRARY_PATH, or unset NCCL_NET_PLUGIN to use NCCL's own transports.",
            "安装该插件（如 aws-ofi-nccl、nccl-rdma-sharp-plugins）并把目录加入 LD_LIBRARY_PATH，或 unset "
            "NCCL_NET_PLUGIN 以使用 NCCL 自带的传输。",
        ),
    ),
    Entry(
        "hostname-duplicate",
        "error",
        "cross",
        Text("Several nodes share a hostname: {detail}", "多个节点的主机名相同：{detail}"),
        Text(
            "Give every node its own hostname (docker run --hostname, a pod's own name) or set NCCL_HOSTID per node; "
            "NCCL identifies a host by hostname and boot id, and takes containers of one machine with the same "
            "hostname for one host, with shared-memory paths between them.",
            "给每个节点不同的主机名（docker run --hostname，或 pod 自己的名字），或为每个节点设置不同的 NCCL_HOSTID；"
            "NCCL 以主机名加 boot id 识别主机，会把同一台机器上同名的容器当成一台主机，并在它们之间走共享内存路径。",
        ),
        variants=(
            Variant(
                "boot-id-differs",
                "warning",
                "the nodes' boot ids differ (or NCCL_HOSTID is set): NCCL identifies a host by its hostname and boot "
                "id together (or by NCCL_HOSTID), so it tells them apart; logs and tools that go by hostname do not",
            ),
        ),
    ),
    Entry(
        "rdma-mismatch",
        "warning",
        "cross",
        Text("RDMA ports differ across nodes in {what}: {detail}", "各节点 RDMA 端口的{what}不同：{detail}"),
        Text(
            "Use the same active HCAs, link layer, rate and MTU on every node (NCCL_IB_HCA listing them); NCCL runs "
            "at the slowest node's rate and cannot pair InfiniBand with RoCE.",
            "让每个节点使用相同的可用 HCA、链路层、速率和 MTU（在 NCCL_IB_HCA 中列出）；NCCL 按最慢节点的速率运行，"
            "且无法让 InfiniBand 与 RoCE 互通。",
        ),
    ),
    Entry(
        "nccl-library-drift",
        "error",
        "cross",
        Text("The NCCL that will load differs across nodes: {detail}", "各节点将加载的 NCCL 不同：{detail}"),
        Text(
            "Load the same NCCL build (and the same net plugin) on every node: the same torch wheel and no other "
            "libnccl on LD_LIBRARY_PATH or LD_PRELOAD; mixed NCCL versions can hang at the first collective.",
            "让每个节点加载同一个 NCCL（以及同一个网络插件）：相同的 torch wheel，且 LD_LIBRARY_PATH、LD_PRELOAD 中"
            "没有别的 libnccl；NCCL 版本混用可能在第一个集合通信处挂起。",
        ),
        variants=(
            Variant("plugin", "warning", "only the net plugins found differ: nodes may pick different transports"),
        ),
    ),
    Entry(
        "cuda-driver-mismatch",
        "warning",
        "cross",
        Text(
            "The CUDA version the drivers support differs across nodes: {detail}",
            "各节点驱动支持的 CUDA 版本不同：{detail}",
        ),
        Text(
            "Install the same NVIDIA driver on every node; a node whose driver supports an older CUDA than torch's "
            "fails to initialise CUDA.",
            "在每个节点安装相同版本的 NVIDIA 驱动；驱动支持的 CUDA 低于 torch 所需的节点无法初始化 CUDA。",
        ),
    ),
)
