"""Every timeout and limit distdoctor uses, with its unit; --help shows them."""

from __future__ import annotations

# torchrun's own defaults, so a check probes exactly what torch will use.
MASTER_PORT = 29500
MASTER_ADDR_SINGLE_NODE = "127.0.0.1"
# c10d rendezvous listens here when --rdzv-endpoint names no port.
C10D_PORT = 29400

# A TCP probe to MASTER_ADDR:MASTER_PORT. Long enough for a congested link, short enough that a DROP
# firewall (which would hold torch for ~130 s per connect) shows up in seconds.
PROBE_TIMEOUT_S = 3.0

# nvidia-smi can hang on a wedged driver: never wait on it for long.
NVIDIA_SMI_TIMEOUT_S = 5.0

# Ports below this need root (or CAP_NET_BIND_SERVICE) to bind.
PRIVILEGED_PORT_LIMIT = 1024

# The coordinator (`check` across nodes).
# How long node_rank 0 waits for every node, and a worker keeps retrying node 0: the whole gather.
GATHER_WAIT_S = 60.0
# check --hosts: ssh's ConnectTimeout per host, so a host that drops packets is named in seconds.
SSH_CONNECT_TIMEOUT_S = 10.0
# A frame must arrive whole within this: a stalled or slow-loris client cannot hold node 0 up.
FRAME_TIMEOUT_S = 10.0
# A frame is a node's facts and config: a few KiB. Anything near this is not ours.
FRAME_MAX_BYTES = 1 << 20
# A worker's first retry comes fast (node 0 may start a moment later), then backs off to spare node 0.
CONNECT_BACKOFF_FIRST_S = 0.1
CONNECT_BACKOFF_MAX_S = 2.0
# After connecting, node 0's distdoctor greets at once; silence this long means another program holds the port.
WELCOME_TIMEOUT_S = 5.0
# A node 0 welcoming thousands of nodes may be slower: after each silent try the wait doubles, up to this; a
# worker that hung up and reconnected at once would only add to node 0's queue.
WELCOME_TIMEOUT_MAX_S = 30.0
# Node 0 tells every waiting worker how the gather goes this often; a worker that hears nothing for
# HEARTBEAT_MISSES beats takes node 0 for gone.
HEARTBEAT_S = 1.0
HEARTBEAT_MISSES = 10
# Node 0's beats say how long it may still take to the verdict; a worker believes at most this much of it.
VERDICT_WAIT_MAX_S = 600.0
# Connections node 0 serves at once: above the largest gather we support; never more than the open-file limit
# leaves after SERVER_FD_RESERVE descriptors kept for node 0's own work (py-spy pipes, logs, mesh probes).
MAX_CONNECTIONS = 8192
SERVER_FD_RESERVE = 256
# node 0's server (check's coordinator and run's relay) treats every peer as hostile.
# Connections from one source address at once: a real node needs one or two; hosts that simulate many nodes
# behind one address (and NAT) need more.
MAX_CONNECTIONS_PER_SOURCE = 1024
# New connections a source address may open: a bucket of ACCEPT_BURST_PER_SOURCE refilled at
# ACCEPT_RATE_PER_SOURCE per second; a source that already sent a good frame is not rate-limited.
ACCEPT_RATE_PER_SOURCE = 200.0
ACCEPT_BURST_PER_SOURCE = 1024
# Bytes of frames being received, across all connections: beyond it a connection reads nothing until room frees
# (and is dropped at its frame deadline), so half-sent frames cannot take node 0's memory.
PARTIAL_FRAMES_MAX_BYTES = 32 << 20
# A connection that sends nothing (no first byte of a frame) for this long is closed.
IDLE_TIMEOUT_S = 10.0
# Out of file descriptors (EMFILE/ENFILE) on accept: pause accepting this long, then try again.
ACCEPT_RETRY_S = 0.1

# The mesh: each pair is probed this many times, each connect bounded by MESH_PROBE_TIMEOUT_S.
MESH_PROBES_PER_PAIR = 3
MESH_PROBE_TIMEOUT_S = 2.0
# Connects in flight at once on one node.
MESH_CONCURRENCY = 256
# Each probed pair also moves one payload of MESH_PAYLOAD_BYTES over its first connect, so a path that passes
# small frames and drops large ones (an MTU black hole) is seen: 64 KiB is 45 full-size segments at MTU 1500 and
# 7 at 9000, and the first one the path drops stalls it. The listener's count must be back within
# MESH_PAYLOAD_TIMEOUT_S (64 KiB takes a millisecond on any LAN, ~0.5 s at 1 Mbit/s).
MESH_PAYLOAD_BYTES = 64 << 10
MESH_PAYLOAD_TIMEOUT_S = 4.0
# A mesh listener takes at most this payload (a peer announcing more is cut off) and this many payloads at once
# (more wait for a slot within their deadline): whoever connects, a listener's memory and time stay bounded.
MESH_PAYLOAD_MAX_BYTES = 1 << 20
MESH_PAYLOAD_CONCURRENCY = 32
# Payloads one source address may have in flight at once: stalled payloads from a few addresses cannot hold every
# slot (and make an honest payload look lost, a forged MTU black hole).
MESH_PAYLOAD_PER_SOURCE = 4
# The gather's own connections (reports, mesh requests, the verdict) ask for segments of at most this many bytes:
# they still get through a path that drops large frames, so the mesh can name it instead of the gather dying.
GATHER_MSS_BYTES = 1200

# `smoke`: real collectives under the launcher.
# init_process_group's timeout, and how long the launcher's rendezvous may take before nodes are named missing.
SMOKE_INIT_TIMEOUT_S = 60.0
# Each later step (barrier, one collective check, the whole bandwidth sweep) must end within this.
SMOKE_STEP_TIMEOUT_S = 30.0
# How long rank 0 waits for the other ranks' results once its own steps are done.
SMOKE_COLLECT_TIMEOUT_S = 15.0
# Starting torchrun and importing torch in every rank: ~1.5 s per process on two cores, more when loaded.
SMOKE_START_GRACE_S = 30.0
# The bandwidth sweep: message sizes (bytes, every FACTOR×), warm-up ops, and bytes moved per size.
SMOKE_MIN_BYTES = 1 << 10
SMOKE_MAX_BYTES = 64 << 20
SMOKE_SIZE_FACTOR = 4
SMOKE_SIZES = f"{SMOKE_MIN_BYTES >> 10}K:{SMOKE_MAX_BYTES >> 20}M:{SMOKE_SIZE_FACTOR}"  # --sizes, as --help shows it
SMOKE_WARMUP_ITERS = 2
SMOKE_BYTES_PER_SIZE = 256 << 20
SMOKE_MIN_ITERS = 3
SMOKE_MAX_ITERS = 20
# The node-to-node ping-pong from rank 0: message size and round trips per peer. A first round of
# SMOKE_P2P_PROBE_BYTES measures the link; a slow one gets a smaller message, so the step stays within its timeout.
SMOKE_P2P_BYTES = 4 << 20
SMOKE_P2P_ROUNDS = 3
SMOKE_P2P_PROBE_BYTES = 64 << 10
# A step that moves data may take this many times what the bytes need at the rate measured before it is called
# hung (links vary; a slow link must read bandwidth-low, not hung).
SMOKE_RATE_MARGIN = 4.0
# A rank is a straggler when its local compute step takes this many times the median, and this much longer.
STRAGGLER_FACTOR = 3.0
STRAGGLER_MIN_EXTRA_S = 0.2
# A node is slow when its ping-pong bandwidth is below this fraction of the other nodes' median.
SLOW_NODE_FRACTION = 0.25

# Every seconds option (--wait, --timeout, --hang-after ...) takes at most this: a week; NaN and inf are refused.
OPTION_MAX_S = 7 * 24 * 3600.0
# PIDs are C ints (pid_t): a larger --pid is no process at all.
PID_MAX = 2**31 - 1
# explain: the most of one log file it reads (the end of a longer file, where the failure is), in bytes.
LOG_MAX_BYTES = 64 * 1024 * 1024
# Hung jobs (`dump`, `run`).
# One py-spy attach takes ~0.03 s; a process stuck in the kernel (D state) may not answer at all.
PY_SPY_TIMEOUT_S = 10.0
# py-spy attaches run side by side, at most this many at once.
PY_SPY_CONCURRENCY = 8
# `run`: no stack changed and nothing printed for this long means the job hangs.
HANG_AFTER_S = 300.0
# `run` without --hang-after: a stall is called at this many times the job's own pace (the slow end of the gaps
# between its printed lines and stack changes), never sooner than the floor, never later than HANG_AFTER_S.
HANG_CADENCE_MULTIPLE = 10.0
HANG_FLOOR_S = 30.0
# `run`: how often the ranks' stacks are sampled (at most; shorter when --hang-after is short).
SAMPLE_INTERVAL_S = 30.0
# `run`: after forwarding Ctrl-C/SIGTERM, the job has this long to end before every process it started is killed.
STOP_GRACE_S = 15.0
# `run`: a rank that died by SIGABRT is NCCL's own abort when it printed ProcessGroupNCCL's abort lines within this
# long before its death was seen; its last lines may still be in the pipe: they are waited for this long at most.
# The most recent ABORT_LINES_KEPT such lines are kept.
ABORT_LINE_WINDOW_S = 30.0
ABORT_LINE_GRACE_S = 1.0
ABORT_LINES_KEPT = 256
# Flight recorder: a dump larger than this is not read; torchfrtrace gets this long; this many lines of its answer
# are kept.
FR_DUMP_MAX_BYTES = 64 << 20
FR_ANALYZE_TIMEOUT_S = 60.0
FR_OUTPUT_LINES = 40
# Across nodes (`run` on every node, `dump --all-nodes`): node 0's `run` listens on MASTER_PORT + this offset
# (MASTER_PORT itself is torch's store); each node's answer to a snapshot must come within RELAY_ANSWER_TIMEOUT_S;
# a node's link to node 0 carries nothing but a keep-alive each RELAY_KEEPALIVE_S while the job trains; either
# side takes a link silent for RELAY_IDLE_S as dead (the node then reconnects).
RELAY_PORT_OFFSET = 1
RELAY_ANSWER_TIMEOUT_S = 20.0
RELAY_KEEPALIVE_S = 30.0
RELAY_IDLE_S = 120.0

# Loading libnccl.so.2 to ask its version (a 200 MB library, from a network file system perhaps).
NCCL_VERSION_TIMEOUT_S = 10.0

# NCCL's shared-memory transport: one segment per connection of 9637888 bytes with its default buffers (the size
# NCCL names when /dev/shm is full: NVIDIA/nccl#342, pytorch/ci-infra#490), at least two channels per local rank.
NCCL_SHM_SEGMENT_BYTES = 9637888
NCCL_SHM_SEGMENTS_PER_RANK = 2
# Docker's /dev/shm for a container run without --shm-size or --ipc=host (and so many pods' and CI runners').
CONTAINER_SHM_BYTES = 64 << 20

# RLIMIT_MEMLOCK below this fails RDMA buffer registration (NCCL's ibv_reg_mr, ibv_create_cq); NVIDIA's containers
# run with memlock unlimited (--ulimit memlock=-1).
MEMLOCK_MIN_BYTES = 1 << 30
