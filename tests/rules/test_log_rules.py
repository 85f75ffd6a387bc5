"""The signature table, one real line per signature (recorded here or quoted from a public thread), and explain
on the recorded logs of every fault scenario of the cross-node test bed."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from pathlib import Path

import pytest

from distdoctor.catalogue import CATALOGUE, describe
from distdoctor.facts.logs import read_log, to_input
from distdoctor.model.logs import LogInput, LogLine
from distdoctor.rules.log_signatures import (
    BARRIER_DONE,
    NCCL_PEER_REFUSED,
    OFI_FAILED,
    PG_INIT,
    RANK_ASSIGNMENT,
    REGISTERED,
    Signature,
)
from distdoctor.rules.logs import MARKERS, SIGNATURES, error_lines, explain_findings, failure_lines, match_line

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def real_line(fixture: str, needle: str) -> LogLine:
    """The first line of a committed fixture that contains `needle`: tests never invent a log line. A "#" line of the
    source-text fixtures says where the lines below it come from (in a log, "#" starts nccl-tests' own lines)."""
    log = read_log(str(LOGS / fixture))
    comment = "#" if fixture in ("source-texts.log", "torch-source.log") else None
    return next(line for line in log.lines if needle in line.text and not (comment and line.text.startswith(comment)))


SEPARATE_TESTS = "137-nccl-tests-two-hosts-ran-separately-no-mpi-build.log"
CMA_EPERM = "128-horovod-docker-unprivileged-vader-read-errno1.log"
# signature key, fixture, a piece of the line, finding name, params it must carry
CASES = [
    (
        "client-socket-timeout",
        "port-drop.node2.log",
        "DistNetworkError: The client socket",
        "master-unreachable",
        {"addr": "node1", "port": "29500", "elapsed": "5000ms"},
    ),
    (
        "client-socket-timeout",
        "localhost-worker.node2.log",
        "DistNetworkError: The client",
        "master-addr-loopback",
        {"addr": "localhost"},
    ),
    (
        "client-socket-timeout",
        "c10d-refused.node2.log",
        "connect to (node1, 29999)",
        "master-unreachable",
        {"port": "29999", "elapsed": "60000ms"},
    ),
    (
        "client-socket-refused",
        "port-reject-debug.node2.log",
        "is not yet listening",
        "refused",
        {},
    ),
    ("server-socket-in-use", "port-in-use.node1.log", "EADDRINUSE", "master-port-in-use", {"port": "29500"}),
    (
        "store-client-unresolvable",
        "field/460-slinky-rdzv-hostname-not-dns.log",
        "TCP client failed",
        "log-store-host-unresolvable",
        {"host": "slinky-0", "error": "Name or service not known"},
    ),
    (
        "store-clients-timeout",
        "node-missing.log",
        "waiting for clients",
        "node-missing",
        {"missing": "1", "waited": "6 s"},
    ),
    (
        "store-barrier-timeout",
        "nccl-public.log",
        "worker_count=1",
        "log-store-barrier-timeout",
        {"joined": "1", "world_size": "2", "detail": "1 rank(s) missing"},
    ),
    ("store-barrier-timeout", "nccl-public.log", "worker_count=4", "log-store-barrier-timeout", {"joined": "4"}),
    (
        "store-barrier-timeout",
        "store-barrier.log",
        "num_workers_joined",
        "log-store-barrier-timeout",
        {"joined": "1", "world_size": "2", "key": "store_based_barrier_key:1", "detail": "1 rank(s) missing"},
    ),
    (
        "store-key-timeout",
        "node-rank-duplicate.node2.log",
        "wait timeout after",
        "log-store-key-timeout",
        {"key": "/none/torchelastic/assigned_ranks/1"},
    ),
    ("store-closed", "nnodes-mismatch.node2.log", "Connection was likely closed", "log-store-closed", {}),
    (
        "rendezvous-timeout",
        "node-missing-c10d.log",
        "api.RendezvousTimeoutError",
        "log-rendezvous-timeout",
        {"detail": ""},
    ),
    (
        "rendezvous-connection",
        "c10d-refused.node2.log",
        "api.RendezvousConnectionError",
        "log-rendezvous-connection",
        {"detail": " (The connection to the C10d store has failed. See inner exception for details)"},
    ),
    ("rendezvous-closed", "torch-source.log", "RendezvousClosedError", "log-rendezvous-closed", {}),
    (
        "gloo-full-mesh",
        "gloo-ifname-lo-all.node1.log",
        "RuntimeError: Gloo connectFullMesh",
        "log-gloo-loopback",
        {"detail": " (a peer advertised 127.0.0.1)"},
    ),
    (
        "gloo-full-mesh",
        "gloo-ifname-lo-all.node2.log",
        "RuntimeError: Gloo connectFullMesh",
        "log-gloo-connect-failed",
        {"error": "Connect timeout [none]"},
    ),
    (
        "gloo-recv-timeout",
        "gloo-recv-timeout.log",
        "Timed out waiting 3000ms",
        "log-gloo-timeout",
        {"timeout": "3000ms"},
    ),
    (
        "nccl-watchdog-timeout",
        "nccl-public.log",
        "SeqNum=1580",
        "log-nccl-timeout-midrun",  # the 1579 collectives before it completed
        {"rank": "0", "seq": "1580", "op": "ALLREDUCE", "timeout": "600000", "elapsed": "600060"},
    ),
    ("nccl-watchdog-timeout", "nccl-public.log", "SeqNum=64088", "log-nccl-timeout-midrun", {"rank": "7"}),
    ("nccl-system-error", "nccl-public.log", "ncclSystemError", "log-nccl-system-error", {}),
    ("nccl-system-error", "nccl-public.log", "'unhandled system error'", "log-nccl-system-error", {}),
    ("nccl-invalid-usage", "nccl-public.log", "ncclInvalidUsage", "log-nccl-invalid-usage", {}),
    (
        "nccl-internal-error",
        "field/031-ifname-other-node-different-nic-nccltests.log",
        "Test NCCL failure",
        "log-nccl-internal-error",
        {},
    ),
    (
        "nccl-internal-error",
        "field/142-kuberay-h100-internal-error-malformed-topo-xml.log",
        "ncclCommInitRank failed",
        "log-nccl-internal-error",
        {},
    ),
    (
        "nccl-invalid-argument",
        "field/129-fairseq-launch-plus-spawn-rank5-on-4-gpus.log",
        "invalid argument, NCCL version",
        "log-nccl-invalid-argument",
        {"detail": ""},
    ),
    ("spawn-frame", "field/129-fairseq-launch-plus-spawn-rank5-on-4-gpus.log", "in spawn", "spawns", {}),
    ("nccl-cuda-error", "nccl-public.log", "ncclUnhandledCudaError", "log-nccl-cuda-error", {}),
    (
        "accelerate-shape-mismatch",
        "field/1235-accelerate-broadcast-shape-mismatch.log",
        "shape mismatches",
        "log-collective-mismatch",
        {"detail": "accelerate found tensors of different shapes on the processes"},
    ),
    (
        "ib-reg-dmabuf-unsupported",
        "field/1203-nccl213-dmabuf-reg-not-supported.log",
        "ibv_reg_dmabuf_mr",
        "log-ib-dmabuf-unsupported",
        {"error": "Operation not supported"},
    ),
    (
        "nccl-shm-unlinked",
        "field/1230-nccl-systemd-removeipc-shm-unlinked.log",
        "unlink shared memory",
        "log-shm-segment-missing",
        {"path": "/dev/shm/nccl-d5rTd0"},
    ),
    (
        "ib-modify-qp-invalid",
        "field/1231-nccl-roce-wrong-gid-index-modify-qp.log",
        "ibv_modify_qp",
        "log-ib-qp-invalid",
        {"error": "Invalid argument"},
    ),
    (
        "mpi-daemon-missing",
        "field/1233-horovod-orted-not-found-remote-path.log",
        "orted: command not found",
        "log-mpi-daemon-missing",
        {"daemon": "orted", "what": "did not find it on its PATH"},
    ),
    (
        "mpi-daemons-unstarted",
        "field/1233-horovod-orted-not-found-remote-path.log",
        "ORTE was unable",
        "log-mpi-launch-failed",
        {"detail": "ORTE could not start its daemons on one or more nodes"},
    ),
    (
        "nccl-ofi-gpu-register",
        "field/1234-efa-register-rail-mr-cuda-sync-memops.log",
        "Unable to register memory",
        "log-nccl-ofi-gpu-register",
        {"detail": "aws-ofi-nccl, device 4: RC -22, Invalid argument"},
    ),
    (
        "efa-cuda-memops",
        "field/1202-efa-libfabric-sync-memops-nccl219.log",
        "memops for cuda ptr",
        "log-nccl-ofi-gpu-register",
        {"detail": "libfabric's EFA provider could not set CUDA sync memops"},
    ),
    (
        "nccl-ipc-open",
        "field/1232-horovod-duplicate-hostname-cuda-ipc.log",
        "failed to open CUDA IPC handle",
        "log-nccl-ipc-open-failed",
        {"error": "30 unknown error"},
    ),
    (
        "container-no-gpu-runtime",
        "source-texts.log",
        "could not select device driver",
        "log-container-no-gpu-runtime",
        {"detail": 'could not select device driver "" with capabilities: [[gpu]]'},
    ),
    (
        "container-gpu-driver",
        "source-texts.log",
        "nvml error: driver not loaded",
        "log-container-gpu-driver",
        {"detail": "initialization error: nvml error: driver not loaded"},
    ),
    (
        "container-cuda-requirement",
        "source-texts.log",
        "unsatisfied condition",
        "log-cuda-driver-too-old",
        {"who": "this container image", "detail": " (nvidia-container-cli: it needs cuda>=12.4)"},
    ),
    (
        "k8s-unschedulable",
        "source-texts.log",
        "nodes are available",
        "log-pod-unschedulable",
        {"detail": "0 of 8 nodes: 2 node(s) had untolerated taint {nvidia.com/gpu: }, 6 Insufficient nvidia.com/gpu"},
    ),
    (
        "slurm-step-waiting",
        "source-texts.log",
        "step creation temporarily disabled",
        "log-slurm-step-waiting",
        {"why": "Requested nodes are busy"},
    ),
    (
        "slurm-task-oom",
        "source-texts.log",
        "(48211) Out Of Memory (OOM)",
        "log-rank-oom-killed",
        {"who": "task 3 (pid 48211)"},
    ),
    (
        "slurm-task-launch-failed",
        "source-texts.log",
        "Task launch for StepId=",
        "log-slurm-launch-failed",
        {"node": "gpu-node-4", "error": "Invalid job credential"},
    ),
    (
        "slurm-launch-timeout",
        "source-texts.log",
        "timeout waiting for task launch",
        "log-slurm-launch-failed",
        {"node": "some nodes", "error": "only 6 of 8 tasks started in time"},
    ),
    (
        "slurm-pmix",
        "source-texts.log",
        "Cannot establish direct connection",
        "log-slurm-pmix-failed",
        {"detail": "Cannot establish direct connection to gpu-node-4"},
    ),
    (
        "k8s-evicted",
        "source-texts.log",
        "Usage of EmptyDir volume",
        "log-pod-evicted",
        {"detail": 'Usage of EmptyDir volume "dshm" exceeds the limit "8Gi"'},
    ),
    (
        "k8s-device-plugin-no-nvml",
        "source-texts.log",
        "did you set the docker default runtime",
        "log-container-no-gpu-runtime",
        {"detail": "the Kubernetes device plugin found no NVIDIA driver (Failed to initialize NVML)"},
    ),
    (
        "pyxis-container-failed",
        "source-texts.log",
        "pyxis: container start failed",
        "log-pyxis-container-failed",
        {"detail": "container start failed with error code: 1"},
    ),
    (
        "nccl-topology-reverse-path",
        "field/942-milabench-nccl-2143-reverse-path.log",
        "Failed to find reverse path",
        "log-nccl-topology-inconsistent",
        {"detail": "remNode 0/5f000 nlinks 4 to node 0/cb000"},
    ),
    (
        "nccl-net-plugin-missing",
        "field/1260-cscs-nccl-net-plugin-ofi-not-found.log",
        "Could not find:",
        "log-nccl-net-plugin-missing",
        {"names": "ofi libnccl-net-ofi.so"},
    ),
    (
        "ompi-slurm-pmi-missing",
        "field/1261-trtllm-slurm-ompi-pmi2-init-failed.log",
        "SLURM's PMI support",
        "log-mpi-slurm-pmi-missing",
        {},
    ),
    (
        "nvml-unknown-error",
        "field/1265-container-lost-gpu-nvml-unknown-error.log",
        "Failed to initialize NVML",
        "log-container-gpu-lost",
        {},
    ),
    (
        "cuda-unknown-midrun",
        "field/1302-bloom-gpu-crash-cuda-unknown-error.log",
        "CUDA error: unknown error",
        "log-gpu-hardware-fault",
        {"detail": " (CUDA error: unknown error, raised while its work ran)"},
    ),
    (
        "ssh-host-slots",
        "field/1310-horovod-mpirun-old-openmpi-host-slots.log",
        "Could not resolve hostname",
        "log-hostlist-slots-as-name",
        {"host": "localhost", "slots": "4"},
    ),
    (
        "lightning-gpus-unseen",
        "field/1321-slurm-gpus-per-task-hides-second-gpu.log",
        "You requested gpu",
        "log-gpus-requested-unseen",
        {"requested": "[0, 1]"},
    ),
    ("mpi-node-lost", "source-texts.log", "has lost communication", "log-mpi-node-lost", {}),
    (
        "mpi-unconnected",
        "source-texts.log",
        "unable to reach each other",
        "log-mpi-launch-failed",
        {"detail": "two ranks had no transport that reaches the other"},
    ),
    ("mpi-version-mismatch", "source-texts.log", "mismatch in versions", "log-mpi-version-mismatch", {}),
    ("mpi-exe-missing", "source-texts.log", "specified executable file", "log-mpi-exe-missing", {}),
    ("ompi-no-pmix", "source-texts.log", "No PMIx server", "log-mpi-slurm-pmi-missing", {}),
    (
        "nccl-ib-absent",
        "field/957-slurm-pyxis-container-missing-dev-infiniband.log",
        "No device found",
        "ib-absent",
        {},
    ),
    (
        "nccl-ib-wanted",
        "field/957-slurm-pyxis-container-missing-dev-infiniband.log",
        "NCCL_IB_DISABLE set by environment",
        "ib-wanted",
        {"var": "NCCL_IB_DISABLE set by environment to 0"},
    ),
    ("ray-node-start-timeout", "source-texts.log", "timed out during startup", "log-ray-node-start-timeout", {}),
    (
        "nccl-cuda-failure",
        "field/310-torch23-barrier-old-nccl-2-12-invalid-resource-handle.log",
        "Cuda failure 'invalid resource handle'",
        "log-nccl-cuda-error",
        {"error": "invalid resource handle"},
    ),
    (
        "nccl-connect-failed",
        "source-texts.log",
        "exceeded error retry count",
        "log-nccl-connect-failed",
        {"addr": "10.82.101.249", "error": NCCL_PEER_REFUSED},
    ),
    (
        "nccl-connect-failed",
        "source-texts.log",
        "ncclOsSocketPollConnect",
        "log-nccl-connect-failed",
        {"addr": "10.82.101.249", "error": NCCL_PEER_REFUSED},
    ),
    (
        "nccl-connect-failed",
        "nccl-public.log",
        "No route to host",
        "log-nccl-connect-failed",
        {"addr": "10.0.0.4", "error": "No route to host"},
    ),
    (
        "nccl-connect-failed",
        "nccl-public.log",
        "Connection refused",
        "log-nccl-connect-failed",
        {"addr": "172.17.0.3", "error": NCCL_PEER_REFUSED},
    ),
    (
        "nccl-socket-interface",
        "field/203-azure-ncv4-graph-file-dev-not-found.log",
        "NET/Socket : Using [0]eth0",
        "log-nccl-interface",
        {"kind": "NET/Socket", "interfaces": "eth0 10.0.0.4"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "NET/Socket : Using [0]eno1",
        "docker-bridge-address",
        {"interface": "veth25f2e72"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "Bootstrap : Using net1",
        "log-nccl-interface",
        {"interfaces": "net1 192.168.6.1", "kind": "bootstrap"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "Using interface lo:",
        "ifname-loopback",
        {"var": "NCCL_SOCKET_IFNAME", "value": "lo"},
    ),
    (
        "nccl-socket-interface",
        "nccl-public.log",
        "Using eth0:172.17.2.7",
        "docker-bridge-address",
        {"interface": "eth0", "address": "172.17.2.7"},
    ),
    (
        "local-rank-unrecognized",
        "launch-local-rank.log",
        "unrecognized arguments: --local-rank=0",
        "local-rank-arg",
        {"script": "argparse_worker.py", "passed_class": "local-rank-dash-arg"},
    ),
    (
        "local-rank-unrecognized",
        "nccl-public.log",
        "--local_rank=2",
        "local-rank-arg",
        {"flag_class": "no-local-rank-arg", "passed_class": "--local_rank=N"},
    ),
    ("launch-deprecated", "launch-local-rank.log", "FutureWarning", "launch-deprecated", {}),
    (
        "collective-mismatch",
        "collective-mismatch.log",
        "[rank0]: RuntimeError: Detected mismatch",
        "log-collective-mismatch",
        {"detail": "rank 0 runs ALLREDUCE, rank 1 runs BROADCAST (sequence number 0)"},
    ),
    (
        "monitored-barrier",
        "monitored-barrier.log",
        "failed to pass",
        "log-rank-missing",
        {"ranks": "1", "timeout": "3000 ms"},
    ),
    ("invalid-device-ordinal", "nccl-public.log", "invalid device ordinal", "log-invalid-device-ordinal", {}),
    (
        "client-socket-failed",
        "source-texts.log",
        "errno: 113",
        "master-no-route",
        {"addr": "::ffff:10.161.199.68", "port": "29500"},
    ),
    ("client-socket-failed", "source-texts.log", "system error: 10061", "refused", {}),
    (
        "connect-timed-out-old",
        "source-texts.log",
        "connect() timed out",
        "master-unreachable",
        {"elapsed": "?"},
    ),
    (
        "address-in-use",
        "field/019-address-in-use-two-tasks-one-node.log",
        "Address already in use",
        "master-port-in-use",
        {},
    ),
    (
        "server-socket-in-use",
        "field/018-port-in-use-second-standalone-job.log",
        "[::]:29400",
        "master-port-in-use",
        {"port": "29400"},
    ),
    ("server-socket-in-use", "source-texts.log", "useIpv6: 0", "master-port-in-use", {}),
    ("store-port-retries-spent", "source-texts.log", "on node1, port: 29500", "master-port-in-use", {"port": "29500"}),
    (
        "store-wait-timeout",
        "source-texts.log",
        "broadcast_from",
        "log-store-timeout",
        {"detail": " (key /broadcast_from/0/75465, after 300000ms)"},
    ),
    (
        "store-wait-timeout",
        "source-texts.log",
        "Timeout waiting for key",
        "log-store-timeout",
        {"detail": " (key default_pg/0/0, after 1800000 ms)"},
    ),
    ("env-missing-message", "source-texts.log", "expected, but not set", "env-missing", {"names": "RANK"}),
    (
        "env-missing",
        "field/009-env-rank-master-addr-not-set.log",
        "_env_error",
        "env-missing",
        {"names": "MASTER_ADDR"},
    ),
    ("exitcode", "field/016-local-rank-arg-monai.log", "exitcode: 2", "exited", {}),
    ("exit-status", "source-texts.log", "exit status 5", "exited", {}),
    (
        "signal-received",
        "source-texts.log",
        "Signal 6 (SIGABRT)",
        "log-rank-killed",
        {"signal": "SIGABRT (6)", "who": "a process (pid 56213)"},
    ),
    ("signal-died-with", "source-texts.log", "died with", "log-rank-killed", {"signal": "SIGKILL (9)"}),
    (
        "signal-terminated",
        "field/023-sigsegv-cublas-handle-torch18.log",
        "terminated with signal",
        "log-rank-killed",
        {"signal": "SIGSEGV (11)"},
    ),
    ("signal-fatal-python", "source-texts.log", "Fatal Python error", "log-rank-killed", {"signal": "SIGABRT (6)"}),
    (
        "signal-shell",
        "field/020-rank0-only-save-checkpoint-barrier.log",
        "core dumped",
        "log-rank-killed",
        {"signal": "SIGABRT (6)"},
    ),
    (
        "signal-killed",
        "source-texts.log",
        "8156 Killed",
        "log-rank-killed",
        {"signal": "SIGKILL (9)", "who": "a process (pid 8156)"},
    ),
    ("oom-killer", "source-texts.log", "Out of memory", "log-rank-oom-killed", {"who": "a process (pid 1669)"}),
    ("srun-oom", "source-texts.log", "Out Of Memory", "log-rank-oom-killed", {"who": "task 1-3 on nid001277"}),
    ("oom-killed", "source-texts.log", "OOMKilled", "log-rank-oom-killed", {}),
    ("oom-cgroup", "source-texts.log", "oom_kill event", "log-rank-oom-killed", {}),
    ("oom-cgroup", "source-texts.log", "oom-kill event(s)", "log-rank-oom-killed", {}),
    (
        "gloo-pair-connect",
        "source-texts.log",
        "connect [127.0.1.1]",
        "log-gloo-loopback",
        {"detail": " (a peer advertised 127.0.1.1)"},
    ),
    ("gloo-loopback-fallback", "source-texts.log", "loopback address as fallback", "log-gloo-loopback", {}),
    (
        "gloo-address",
        "field/003-gloo-unable-find-address-hostname.log",
        "rp != nullptr",
        "log-gloo-hostname-unresolvable",
        {"hostname": "dgx-1.ai"},
    ),
    (
        "gloo-address",
        "field/008-gloo-ifname-exclusion-syntax.log",
        "ifa != nullptr",
        "log-ifname-wrong-syntax",
        {"value": "^lo"},
    ),
    (
        "gloo-timeout-closure",
        "source-texts.log",
        "pair closure",
        "log-gloo-timeout",
        {"timeout": "its timeout"},
    ),
    (
        "gloo-size-mismatch",
        "gloo-size-mismatch.log",
        "op.preamble.length <= op.nbytes",
        "log-collective-mismatch",
        {
            "detail": "gloo received 16 bytes where 4 were posted (a different collective, or the same one with "
            "another tensor size)"
        },
    ),
    ("ddp-unused-parameters", "ddp-unused-parameter.log", "Expected to have finished", "log-ddp-unused-parameters", {}),
    ("pg-not-initialized", "no-init.log", "Default process group", "log-pg-not-initialized", {}),
    ("torch-without-nccl", "nccl-cpu-torch.log", "have NCCL built in", "log-torch-without-nccl", {}),
    ("launcher-started", "node-missing-quiet.log", "Setting OMP_NUM_THREADS", "launched", {}),
    (
        "worker-died",
        "source-texts.log",
        "A worker died or was killed",
        "log-worker-died",
        {"who": "a Ray worker on 10.0.4.21 (pid 48211)"},
    ),
    (
        "worker-died",
        "source-texts.log",
        "VllmWorker-3 died",
        "log-worker-died",
        {"who": "vLLM's Worker proc VllmWorker-3"},
    ),
    (
        "serving-worker-stuck",
        "source-texts.log",
        "broadcast block found in 60",
        "log-serving-worker-stuck",
        {"who": "vLLM's shared-memory broadcast", "waited": "60 s"},
    ),
    (
        "serving-worker-stuck",
        "source-texts.log",
        "watchdog_timeout=300",
        "log-serving-worker-stuck",
        {"who": "sglang's scheduler watchdog", "waited": "300 s, then stopped the server"},
    ),
    (
        "python-gaierror",
        "field/1083-dlrover-my-pod-ip-unset-gaierror.log",
        "gaierror",
        "log-name-unresolvable",
        {"error": "Name or service not known"},
    ),
    (
        "host-ip-guessed",
        "source-texts.log",
        "using 0.0.0.0 by default",
        "log-host-ip-guessed",
        {"who": "vLLM", "detail": " and found none"},
    ),
    ("host-ip-guessed", "source-texts.log", "HOST_IP is deprecated", "log-host-ip-guessed", {"who": "vLLM"}),
    (
        "nvshmem-no-peermem",
        "field/1171-deepep-nvshmem-nvidia-peermem-not-loaded.log",
        "nvidia_peermem detected",
        "log-gdr-module-missing",
        {"who": "NVSHMEM"},
    ),
    (
        "nccl-net-ibext",
        "field/1090-nemo-container-ibext-plugin-ignores-ib-disable.log",
        "Using network IBext",
        "log-nccl-net-plugin-ibext",
        {"net": "IBext"},
    ),
    (
        "ray-head-unreachable",
        "source-texts.log",
        "Unable to connect to GCS",
        "log-ray-head-unreachable",
        {"detail": " at 10.0.0.1:6379"},
    ),
    (
        "ray-head-unreachable",
        "source-texts.log",
        "within 60 seconds",
        "log-ray-head-unreachable",
        {"detail": " within 60 s"},
    ),
    (
        "horovod-unreachable",
        "source-texts.log",
        "NoValidAddressesFound",
        "log-launcher-hosts-unreachable",
        {"detail": " (horovod driver service)"},
    ),
    ("horovod-unreachable", "source-texts.log", "common task-to-task", "log-launcher-hosts-unreachable", {}),
    ("horovod-unreachable", "source-texts.log", "tasks to start", "log-launcher-hosts-unreachable", {}),
    (
        "horovod-unreachable",
        "source-texts.log",
        "Is the server behind NAT",
        "log-mpi-peer-address-nat",
        {"who": "horovodrun", "addr": "10.0.0.2"},
    ),
    (
        "vllm-world-exceeds-gpus",
        "source-texts.log",
        "World size (16)",
        "log-world-exceeds-gpus",
        {"world": "16", "gpus": "8"},
    ),
    (
        "nccl-algo-unparsed",
        "source-texts.log",
        'token "treee"',
        "log-nccl-algo-unparsed",
        {"value": "ring,treee", "why": '"treee" is no algorithm or protocol'},
    ),
    ("nccl-algo-unparsed", "source-texts.log", "must have a prefix", "log-nccl-algo-unparsed", {"value": "ring;tree"}),
    (
        "gpu-memory-taken",
        "source-texts.log",
        "cuda:0 (52.81",
        "log-gpu-memory-taken",
        {"detail": "52.81 of 95.01 GiB free"},
    ),
    ("gpu-memory-taken", "source-texts.log", "memory capacity is unbalanced", "log-gpu-memory-taken", {}),
    ("ray-oom", "source-texts.log", "10 Workers (tasks", "log-rank-oom-killed", {"who": "10 Ray worker(s)"}),
    (
        "port-service-link",
        "source-texts.log",
        "'tcp://10.43.102.211:8000'",
        "log-port-service-link",
        {"value": "tcp://10.43.102.211:8000"},
    ),
    (
        "port-service-link",
        "source-texts.log",
        "appears to be a URI",
        "log-port-service-link",
        {"var": "VLLM_PORT", "value": "tcp://10.96.14.7:8000"},
    ),
    (
        "ray-node-lost",
        "source-texts.log",
        "because its node has died",
        "log-ray-node-dead",
        {"node": "node id 3f1b7c2a9e0d"},
    ),
    ("ray-node-lost", "source-texts.log", "it was running on is dead", "log-ray-node-dead", {"node": "10.0.3.17"}),
    (
        "ray-ip-mismatch",
        "source-texts.log",
        "IP address of 172.17.0.3",
        "log-ray-ip-mismatch",
        {"detail": "this host's address 172.17.0.3 is none of the Ray nodes' addresses"},
    ),
    (
        "ray-ip-mismatch",
        "source-texts.log",
        "unique IP address",
        "log-ray-ip-mismatch",
        {"detail": "2 Ray nodes gave vLLM only 1 distinct address(es)"},
    ),
    (  # vLLM's bundle pinned to the driver's address, which the autoscaler finds on no node
        "ray-ip-mismatch",
        "field/925-vllm-ray-node-ip-mismatch-placement.log",
        "No available node types",
        "log-ray-ip-mismatch",
        {"detail": "a worker pinned to the driver's address <IP> finds no Ray node there"},
    ),
    (
        "ray-resources-short",
        "field/925-vllm-ray-node-ip-mismatch-placement.log",
        "Waiting for creating",
        "log-ray-resources-short",
        {},
    ),
    ("ray-resources-short", "source-texts.log", "Cannot provide a placement group", "log-ray-resources-short", {}),
    (
        "vllm-shm-space",
        "source-texts.log",
        "Insufficient space in",
        "log-shm-too-small",
        {"who": "vLLM", "detail": " (128 MiB required, 61 MiB free)"},
    ),
    (
        "horovod-ssh",
        "source-texts.log",
        "ssh not successful",
        "log-ssh-launch-failed",
        {"error": "host gpu-node-2: horovodrun's ssh check"},
    ),
    (
        "horovod-ifname-missing",
        "source-texts.log",
        "user provided interface",
        "log-ifname-missing",
        {"value": "{'ib0'}"},
    ),
    (
        "nccl-blocking-wait",
        "source-texts.log",
        "timed out in blocking wait",
        "log-nccl-timeout",
        {"rank": "1", "op": "ALLREDUCE", "elapsed": "over 1800000", "timeout": "1800000"},
    ),
    ("rendezvous-timeout-etcd", "source-texts.log", "Rendezvous timeout occured", "log-rendezvous-timeout", {}),
    (
        "rendezvous-timeout-etcd",
        "source-texts.log",
        "members to join",
        "log-rendezvous-timeout",
        {"detail": " (timed out waiting for all 2 members to join)"},
    ),
    (  # the raise's code line, all a reporter kept of a torch 1.x traceback
        "torch-without-nccl",
        "field/1140-whisper-vits-svc-windows-nccl-backend.log",
        'NCCL " "built in',
        "log-torch-without-nccl",
        {},
    ),
    (
        "nccl-watchdog-stuck",
        "source-texts.log",
        "watchdog got stuck",
        "log-nccl-watchdog-stuck",
        {"detail": " for 480 s"},
    ),
    (
        "nccl-watchdog-stuck",
        "source-texts.log",
        "Heartbeat monitor timed out",
        "log-nccl-watchdog-stuck",
        {"detail": ""},
    ),
    ("cuda-no-device", "source-texts.log", "only supported with GPUs", "log-no-gpu-visible", {"detail": ""}),
    (
        "gpu-hardware-fault",
        "source-texts.log",
        "uncorrectable ECC",
        "log-gpu-hardware-fault",
        {"detail": " (uncorrectable ECC error encountered)"},
    ),
    (
        "gpu-hardware-fault",
        "source-texts.log",
        "Xid (PCI",
        "log-gpu-hardware-fault",
        {"detail": " (Xid 79 on PCI:0000:06:00)"},
    ),
    (
        "gpu-arch-unsupported",
        "source-texts.log",
        "GT 730 with CUDA capability",
        "log-gpu-arch-unsupported",
        {"who": "this torch build", "detail": " (GeForce GT 730, sm_35)"},
    ),
    (
        "gpu-arch-unsupported",
        "source-texts.log",
        "which is of compute capability",
        "log-gpu-arch-unsupported",
        {"who": "this torch build", "detail": " (NVIDIA GeForce GTX 1080, compute capability 6.1)"},
    ),
    (
        "gpu-arch-unsupported",
        "source-texts.log",
        "no kernel image",
        "log-gpu-arch-unsupported",
        {"detail": " (no kernel image is available for execution on the device)"},
    ),
    (
        "gpu-arch-unsupported",
        "source-texts.log",
        "invalid device function",
        "log-gpu-arch-unsupported",
        {"who": "this NCCL build", "detail": " (invalid device function)"},
    ),
    (
        "gloo-no-interface",
        "source-texts.log",
        "interface for: [127.0.1.1]",
        "log-gloo-loopback",
        {"detail": " (the hostname resolves to 127.0.1.1, on no interface of its own)"},
    ),
    (
        "gloo-no-interface",
        "source-texts.log",
        "[141.61.29.117]",
        "log-gloo-hostname-unresolvable",
        {"hostname": "of this host (it resolves to 141.61.29.117)"},
    ),
    (
        "ib-device-fatal",
        "source-texts.log",
        "local catastrophic error",
        "log-ib-hca-fatal",
        {"dev": "an HCA (the line does not name it)"},
    ),
    (
        "ddp-model-differs",
        "ddp-model-differs.log",
        "appears not to match",
        "log-ddp-model-differs",
        {"detail": " (a parameter's sizes differ between rank 0 and rank 1)"},
    ),
    (
        "ddp-model-differs",
        "ddp-model-count-differs.log",
        "expects same model",
        "log-ddp-model-differs",
        {"detail": " (rank 0 has 4 parameters, rank 1 has 6)"},
    ),
    (
        "nccl-version-mismatch",
        "source-texts.log",
        "Mismatched NCCL version",
        "version-mismatch",
        {"component": "NCCL", "detail": "NCCL 2.27.3 on rank 0; NCCL 2.27.5 on rank 1"},
    ),
    ("nvlink-p2p-disabled", "source-texts.log", "P2P is disabled", "log-nvlink-p2p-disabled", {"a": "1", "b": "0"}),
    (
        "ib-link-layer-mixed",
        "source-texts.log",
        "Attempted to merge",
        "log-ib-link-layer-mixed",
        {"detail": "mlx5_0:1/IB and mlx5_4:1/RoCE"},
    ),
    (
        "ib-link-layer-mixed",
        "source-texts.log",
        "Remote RoCE device",
        "log-ib-link-layer-mixed",
        {"detail": "a remote RoCE port and mlx5_0:1/IB"},
    ),
    (
        "cuda-call-needs-newer-driver",
        "field/972-nccl-cuda113-api-on-r460-driver.log",
        "not supported in the installed",
        "log-cuda-driver-too-old",
        {"who": "this NCCL build"},
    ),
    (
        "gpu-arch-unsupported",
        "field/973-nccl-built-sm80-only-run-on-h100.log",
        "named symbol not found",
        "log-gpu-arch-unsupported",
        {"who": "this NCCL build", "detail": " (named symbol not found)"},
    ),
    (
        "server-socket-denied",
        "field/988-master-port-520-privileged-permission-denied.log",
        "errno: 13",
        "log-master-port-denied",
        {"port": "520"},
    ),
    (
        "server-socket-denied",
        "field/985-random-master-port-below-1024-permission-denied.log",
        "Permission denied:",
        "log-master-port-denied",
        {"port": "374"},
    ),
    (
        "store-barrier-waiting",
        "field/980-accelerate-wandb-blocks-rank-store-barrier.log",
        "worker_count=7",
        "log-store-barrier-waiting",
        {"key": "store_based_barrier_key:2", "world_size": "8", "joined": "7"},
    ),
    (
        "store-barrier-waiting",
        "store-barrier-slow.log",
        "Waiting in store based",
        "log-store-barrier-waiting",
        {"key": "store_based_barrier_key:1", "world_size": "2", "joined": "1"},
    ),
    (
        "store-barrier-done",
        "store-barrier-slow.log",
        "Completed store-based barrier for key:store_based_barrier_key:1",
        BARRIER_DONE,
        {"key": "store_based_barrier_key:1"},
    ),
    (
        "nccl-ofi-request-error",
        "field/1023-efa-security-group-ofi-request-error-mpijob.log",
        "completed with error",
        "log-nccl-ofi-request-error",
        {"detail": " (RC 20: unknown error)"},
    ),
    (
        "nvidia-smi-no-devices",
        "field/1000-pyxis-gpus-per-task-container-no-devices.log",
        "No devices found",
        "log-no-gpu-visible",
        {"detail": " (nvidia-smi: No devices found)"},
    ),
    (
        "rdzv-endpoint-invalid",
        "rdzv-endpoint-scheme.log",
        "ValueError: The hostname",
        "log-rdzv-endpoint-invalid",
        {"endpoint": "tcp://node1:29500", "part": "hostname"},
    ),
    (
        "rdzv-endpoint-invalid",
        "rdzv-endpoint-unexpanded.log",
        "ValueError: The port number",
        "log-rdzv-endpoint-invalid",
        {"endpoint": "node1:${MASTER_PORT}", "part": "port"},
    ),
    ("torchrun-nproc-gpu-none", "nproc-gpu-none.log", "ValueError: Cuda", "log-no-gpu-visible", {}),
    (
        "ssh-failed",
        "source-texts.log",
        "pdsh@uan: cxi-nid0: ssh exited",
        "log-ssh-launch-failed",
        {"error": "ssh exited with exit code 255"},
    ),
    (
        "mpirun-rank-signal",
        "source-texts.log",
        "process rank 3 with PID 10220",
        "log-rank-killed",
        {"who": "rank 3 (pid 10220)", "signal": "SIGKILL (9)"},
    ),
    (
        "mpirun-rank-signal",
        "source-texts.log",
        "process rank 5 with PID 0",
        "log-rank-killed",
        {"who": "rank 5", "signal": "SIGKILL (9)"},
    ),
    (
        "launch-env-missing",
        "source-texts.log",
        "torchrun: command not found",
        "log-launch-env-missing",
        {"what": "the command torchrun"},
    ),
    (
        "slurm-unsatisfiable",
        "source-texts.log",
        "Batch job submission failed: Requested node",
        "log-slurm-request-unsatisfiable",
        {"tool": "sbatch", "error": "Requested node configuration is not available"},
    ),
    (
        "nccl-library-older",
        "source-texts.log",
        "undefined symbol: ncclCommResume",
        "log-nccl-library-older",
        {"symbol": "ncclCommResume"},
    ),
    (
        "cpu-tensor-gpu-backend",
        "source-texts.log",
        "Tensors must be CUDA and dense",
        "log-cpu-tensor-gpu-backend",
        {},
    ),
    (
        "elastic-exit-barrier",
        "exit-barrier.node1.log",
        "Error waiting on exit barrier",
        "log-exit-barrier-timeout",
        {"elapsed": "300"},
    ),
    ("elastic-exit-barrier", "exit-barrier.node2.log", "Error waiting on exit barrier", "log-exit-barrier-late", {}),
    (
        "cpu-tensor-gpu-backend",
        "cpu-tensor.log",
        "RuntimeError: No backend type associated",
        "log-cpu-tensor-gpu-backend",
        {},
    ),
    (
        "ompi-signal",
        "field/1031-gb200-nccl-2.21-heap-corruption-10-nodes.log",
        "Signal: Aborted (6)",
        "log-rank-killed",
        {"who": "a process (pid 186363)", "signal": "SIGABRT (6)"},
    ),
    (
        "exitcode",
        "field/1040-torchrun-docker-sigbus-shm.log",
        "exitcode  : -7 (pid: 3111)",
        "log-rank-bus-error",
        {},
    ),
    (
        "nccl-graph-capture-unsupported",
        "field/1060-vllm-tp2-nccl-2.19-cuda11.0-graph-capture.log",
        "cannot be captured in a graph",
        "log-nccl-graph-capture-unsupported",
        {"cuda": "11.3", "driver": "R465"},
    ),
    (
        "deepspeed-no-slot",
        "field/1053-deepspeed-launcher-cuda-visible-devices-no-slot.log",
        "No slot '2'",
        "log-invalid-device-ordinal",
        {},
    ),
    (
        "te-invalid-interface",
        "field/1070-te-initialize-ub-ifname-prefix.log",
        "OSError: Invalid network interface: eth",
        "log-ifname-missing",
        {"value": "eth"},
    ),
    (
        "client-socket-failed",
        "field/1042-standalone-numeric-hostname-timeout.log",
        "connect to 0.52.253.213:59667",
        "log-master-addr-not-a-host",
        {"addr": "0.52.253.213", "port": "59667"},
    ),
    (
        "elastic-rank-assignment",
        "field/1052-accelerate-slurm-machine-rank-not-per-node.log",
        "in _share_and_gather",
        RANK_ASSIGNMENT,
        {},
    ),
    (
        "pg-init-started",
        "field/1051-accelerate-main-process-port-zero-hang.log",
        "Initializing TorchBackend",
        PG_INIT,
        {"detail": "DeepSpeed, backend nccl"},
    ),
    (
        "pg-init-started",
        "field/1061-vllm-2node-tp16-hang-custom-allreduce.log",
        "rank=4 local_rank=4",
        PG_INIT,
        {"detail": "world size 16, tcp://192.168.181.24:29501, backend nccl"},
    ),
    (
        "accelerate-port-in-use",
        "source-texts.log",
        "another process is utilizing it",
        "master-port-in-use",
        {"port": "29500"},
    ),
    (
        "accelerate-master-addr-unset",
        "source-texts.log",
        "`MASTER_ADDR` env was not set",
        "env-missing",
        {"names": "MASTER_ADDR"},
    ),
    (
        "deepspeed-hostfile",
        "source-texts.log",
        "Hostfile contains a bad entry",
        "log-hostfile-invalid",
        {"detail": "Hostfile contains a bad entry: node2 slot=8"},
    ),
    (
        "deepspeed-hostfile",
        "source-texts.log",
        "no extra nodes available via hostfile",
        "log-hostfile-invalid",
        {"detail": "Num nodes is >1 but no extra nodes available via hostfile"},
    ),
    (
        "deepspeed-ssh-check",
        "source-texts.log",
        "was not reachable via ssh",
        "log-ssh-launch-failed",
        {"error": "host node2 not reachable: DeepSpeed's ssh check"},
    ),
    ("deepspeed-no-gpu", "source-texts.log", "no GPU resources available", "log-no-gpu-visible", {}),
    (
        "lightning-layout",
        "source-texts.log",
        "--ntasks-per-node=1` does not match",
        "log-lightning-layout-mismatch",
        {"detail": "devices=8 in the Trainer, --ntasks-per-node=1 in Slurm"},
    ),
    (
        "lightning-layout",
        "source-texts.log",
        "`num_nodes=1` in Lightning",
        "log-lightning-layout-mismatch",
        {"detail": "num_nodes=1 in the Trainer, --nodes=2 in Slurm"},
    ),
    (
        "lightning-layout",
        "source-texts.log",
        "the product (4 * 2)",
        "log-lightning-layout-mismatch",
        {"detail": "devices=4 x num_nodes=2 in the Trainer, a world size of 4 from torchrun"},
    ),
    (
        "lightning-layout",
        "source-texts.log",
        "You set `--ntasks=16`",
        "log-lightning-layout-mismatch",
        {"detail": "Slurm's --ntasks=16, which Lightning does not read: it needs --ntasks-per-node"},
    ),
    (
        "ray-oom",
        "source-texts.log",
        "OutOfMemoryError: Task was killed",
        "log-rank-oom-killed",
        {"who": "a Ray task or actor"},
    ),
    ("ray-node-dead", "source-texts.log", "has been marked dead", "log-ray-node-dead", {"node": "137.78.248.21"}),
    (
        "launcher-missing",
        "source-texts.log",
        "launcher 'pdsh' not installed",
        "log-launcher-missing",
        {"launcher": "pdsh"},
    ),
    (
        "fabricmanager-service-failed",
        "field/1091-p5-fabricmanager-failed-version-mismatch.log",
        "ExecStart=/usr/bin/nv-fabricmanager",
        "log-fabric-manager-down",
        {"detail": " (nvidia-fabricmanager.service exited with status 1)"},
    ),
    (
        "deepspeed-hostfile",
        "field/1100-gpt-neox-hostfile-not-passed-local-only.log",
        "Unable to find hostfile",
        "log-hostfile-invalid",
        {"detail": "it found none and started ranks on this node's GPUs only"},
    ),
    ("nccl-device-guessed", "source-texts.log", "using GPU 6 to perform barrier", "log-device-guessed", {}),
    ("nccl-device-guessed", "source-texts.log", "using GPU 7 as device used", "log-device-guessed", {}),
    ("cuda-forked", "source-texts.log", "Cannot re-initialize CUDA in forked", "log-cuda-forked", {}),
    ("ddp-ready-twice", "ddp-ready-twice.log", "Expected to mark a variable", "log-ddp-ready-twice", {"detail": ""}),
    (
        "ddp-ready-twice",
        "ddp-ready-twice.log",
        "has been marked as ready twice",
        "log-ddp-ready-twice",
        {"detail": " (layer.bias)"},
    ),
    (
        "torch-driver-too-old",
        "source-texts.log",
        "found version 12080",
        "log-cuda-driver-too-old",
        {"who": "this torch build", "detail": " (the driver supports CUDA 12.8)"},
    ),
    ("cuda-ptx-toolchain", "source-texts.log", "PTX was compiled", "log-cuda-driver-too-old", {}),
    (
        "gpu-driver-mismatch",
        "source-texts.log",
        "nvmlInit_v2() failed",
        "log-gpu-driver-mismatch",
        {"detail": " (nvmlInit_v2() failed: Driver/library version mismatch)"},
    ),
    (
        "gpu-driver-mismatch",
        "source-texts.log",
        "Failed to initialize NVML",
        "log-gpu-driver-mismatch",
        {"detail": " (Failed to initialize NVML: Driver/library version mismatch)"},
    ),
    (
        "gpu-driver-mismatch",
        "source-texts.log",
        "Error 803",
        "log-gpu-driver-mismatch",
        {"detail": " (Error 803: system has unsupported display driver / cuda driver combination)"},
    ),
    ("nccl-mnnvl-imex", "source-texts.log", "MNNVL (cliqueSize 72)", "log-mnnvl-imex-unavailable", {"size": "72"}),
    (
        "nccl-algo-unavailable",
        "source-texts.log",
        "enqueue.cc:323 NCCL WARN Error : no algorithm",
        "log-nccl-algo-unavailable",
        {"op": "a collective", "detail": ""},
    ),
    (
        "nccl-algo-unavailable",
        "source-texts.log",
        "NCCL_ALGO was set to CollNetChain",
        "log-nccl-algo-unavailable",
        {"op": "AllReduce on ncclFloat32", "detail": " (NCCL_ALGO=CollNetChain)"},
    ),
    (
        "cuda-illegal-address",
        "source-texts.log",
        "strongstream.cc:399 NCCL WARN Cuda failure 'an illegal",
        "log-cuda-illegal-address",
        {"where": "NCCL's CUDA calls"},
    ),
    (
        "cuda-illegal-address",
        "source-texts.log",
        "AcceleratorError: CUDA error: an illegal",
        "log-cuda-illegal-address",
        {"where": "this rank"},
    ),
    (
        "monitored-barrier-coordinator",
        "source-texts.log",
        "successfully reached monitoredBarrier",
        "log-barrier-coordinator-lost",
        {"rank": "1"},
    ),
    ("nccl-internal-error", "source-texts.log", "NCCL Error 3: internal error", "log-nccl-internal-error", {}),
    (
        "ib-modify-qp-timeout",
        "source-texts.log",
        "failed with error Network is unreachable",
        "log-roce-peer-unresolved",
        {"error": "Network is unreachable", "detail": ""},
    ),
    (
        "client-socket-timeout",
        "field/1011-ray-serve-dp-rank0-not-on-advertised-master.log",
        "timed out after 600000ms",
        "master-unreachable",
        {"addr": "MASTER_ADDR", "port": "MASTER_PORT", "elapsed": "600000ms"},
    ),
    (
        "url-port-not-int",
        "field/1022-ipv6-unbracketed-tcp-init-method-port-parse.log",
        "ValueError: Port could not be cast",
        "log-ipv6-unbracketed",
        {"value": "f3:03::e1:c6c9::d:52001"},
    ),
    (
        "lightning-registered",
        "field/065-nemo-multinode-could-not-find-net-id0.log",
        "All distributed processes registered",
        REGISTERED,
        {},
    ),
    (
        "nccl-shm-segment",
        "field/974-nccl-regression-shm-attach-ib-shared.log",
        "Error while attaching",
        "log-shm-segment-missing",
        {"path": "/dev/shm/nccl-glnlGK"},
    ),
    (
        "dataloader-timeout",
        "source-texts.log",
        "DataLoader timed out",
        "log-dataloader-timeout",
        {"detail": " (180 s)"},
    ),
    (
        "dataloader-worker-died",
        "source-texts.log",
        "pid(s) 13920",
        "log-dataloader-worker-died",
        {"detail": " (pid 13920)"},
    ),
    (
        "dataloader-worker-died",
        "source-texts.log",
        "is killed by signal: Killed",
        "log-dataloader-worker-died",
        {"detail": " (pid 4125, killed by signal: Killed)"},
    ),
    ("nccl-timeout-elsewhere", "source-texts.log", "global timeout", "log-timeout-on-another-rank", {"detail": ""}),
    (
        "nccl-timeout-elsewhere",
        "source-texts.log",
        "Observed flight recorder dump signal",
        "log-timeout-on-another-rank",
        {"detail": ""},
    ),
    (
        "nccl-timeout-elsewhere",
        "source-texts.log",
        "collective timeout from  rank 1",
        "log-timeout-on-another-rank",
        {"detail": " (rank 1 timed out first) (here: last enqueued work 77, last completed 77)"},
    ),
    (
        "nccl-watchdog-unnamed",
        "source-texts.log",
        "collective timeout from this local rank",
        "log-nccl-timeout-unnamed",
        {},
    ),
    (
        "nccl-work-progress",
        "source-texts.log",
        "collective timeout from this local rank",
        "progress",
        {"rank": "0", "enqueued": "20589"},
    ),
    ("peer-closed", "source-texts.log", "Connection closed by peer", "log-peer-closed", {}),
    ("peer-reset", "source-texts.log", "reset by peer", "log-peer-closed", {}),
    (
        "nccl-remote-error",
        "field/037-remote-error-conn-reset-faulty-ib-nodes.log",
        "ncclRemoteError:",
        "log-peer-closed",
        {},
    ),
    (  # NCCL's own words for the class, in torch's DistBackendError (no ncclRemoteError line in that paste)
        "nccl-remote-error",
        "field/308-deepspeed-pdsh-eno1-remote-process-exited.log",
        "remote process exited or there was a network error",
        "log-peer-closed",
        {"detail": "remote process exited or there was a network error"},
    ),
    (
        "nccl-work-progress",
        "source-texts.log",
        "last enqueued NCCL work",
        "progress",
        {"rank": "0", "enqueued": "7755"},
    ),
    (
        "nccl-work-progress",
        "source-texts.log",
        "failure detected by watchdog",
        "progress",
        {"rank": "118", "work": "2398459", "enqueued": "2398578"},
    ),
    (
        "nccl-no-interface",
        "source-texts.log",
        "no socket interface found",
        "log-ifname-missing",
        {"var": "NCCL_SOCKET_IFNAME"},
    ),
    ("nccl-oob-no-device", "source-texts.log", "verify NCCL_OOB_NET_IFNAME", "log-ifname-missing", {"value": "=eth9"}),
    (
        "address-family",
        "field/012-docker-no-ip-interface.log",
        "Address family not supported",
        "log-address-family",
        {},
    ),
    (
        "nccl-socket-family",
        "source-texts.log",
        "is neither AF_INET",
        "log-ifname-missing",
        {"var": "NCCL_SOCKET_IFNAME"},
    ),
    (
        "nccl-duplicate-gpu",
        "field/002-duplicate-gpu-default-device.log",
        "Duplicate GPU",
        "log-duplicate-gpu",
        {"ranks": "0, 1", "device": " (CUDA device 2000)"},
    ),
    ("nccl-duplicate-gpu", "source-texts.log", "Duplicate GPU", "log-duplicate-gpu", {"device": " (CUDA device 1000)"}),
    (
        "nccl-shm-extend",
        "field/001-shm-k8s-runner-pod.log",
        "failed to extend",
        "log-shm-too-small",
        {"path": "/dev/shm/nccl-WU88OE", "detail": " (No space left on device)"},
    ),
    ("nccl-shm-extend", "source-texts.log", "failed to extend", "log-shm-too-small", {"detail": ""}),
    ("nccl-shm-segment", "field/001-shm-k8s-runner-pod.log", "Error while creating", "log-shm-too-small", {}),
    ("nccl-shm-call", "source-texts.log", "shm_open failed", "log-shm-not-writable", {}),
    ("dataloader-shm", "source-texts.log", "insufficient shared memory", "log-shm-too-small", {}),
    ("dataloader-shm", "source-texts.log", "killed by signal: Bus error", "log-shm-too-small", {}),
    ("memlock-verbs", "source-texts.log", "RLIMIT_MEMLOCK", "log-memlock-too-low", {}),
    ("memlock-reg-mr", "source-texts.log", "ibv_reg_mr", "log-memlock-too-low", {}),
    ("ib-completion", "source-texts.log", "with error 12", "log-ib-retry-exceeded", {"peer": "10.2.0.5"}),
    (
        "ib-completion",
        "source-texts.log",
        "IBV_WC_RETRY_EXC_ERR(12)",
        "log-ib-retry-exceeded",
        {"peer": "10.1.3.201", "detail": " (IBV_WC_RETRY_EXC_ERR, hca mlx5_3)"},
    ),
    (
        "ib-completion",
        "source-texts.log",
        "status=4",
        "log-ib-completion-error",
        {"status": "4", "peer": "10.99.91.63"},
    ),
    ("ib-port-event", "source-texts.log", "port error", "log-ib-port-down", {}),
    ("ib-port-event", "source-texts.log", "port error(10)", "log-ib-port-down", {"detail": " (mlx5_3:1 port error)"}),
    ("ib-port-event", "source-texts.log", "port active(9)", "port-active", {"dev": "mlx5_1:1"}),
    ("ib-link-down", "source-texts.log", "Link up", "port-active", {}),
    (
        "nccl-bootstrap-truncated",
        "field/029-bootstrap-message-truncated-nccl2193.log",
        "Message truncated",
        "log-nccl-bootstrap-truncated",
        {"got": "256", "want": "4"},
    ),
    (
        "nccl-socket-truncated",
        "source-texts.log",
        "message truncated : receiving",
        "log-collective-mismatch",
        {},
    ),
    ("exit-code", "source-texts.log", "Exited with exit code 137", "log-rank-killed", {"signal": "SIGKILL (9)"}),
    ("error-file-code", "torchrun-parent.error.json", "errorCode", "exited", {}),
    (
        "store-host-not-found",
        "field/033-k8s-dns-not-ready-tcpstore-host-not-found.log",
        "host not found",
        "log-store-host-unresolvable",
        {"error": "Name or service not known"},
    ),
    (
        "store-host-gai",
        "source-texts.log",
        "gai error: -2",
        "log-store-host-unresolvable",
        {"host": "ece-a58489.austin.utexas.edu", "error": "Name or service not known"},
    ),
    (
        "deepspeed-return-code",
        "field/152-deepspeed-sigkill-minus9-host-ram.log",
        "exits with return code",
        "log-rank-killed",
        {"signal": "SIGKILL (9)"},
    ),
    (
        "nccl-rem-allocator",
        "field/038-rem-allocator-stray-connection-old-nccl.log",
        "Rem Allocator",
        "log-nccl-known-bug",
        {"detail": "Allocation failed (segment 0, fd 130)"},
    ),
    (  # torchelastic's error file, printed into the log as JSON
        "rendezvous-connection",
        "field/036-c10d-store-connect-timeout-hostname-not-in-hosts.log",
        "RendezvousConnectionError",
        "log-rendezvous-connection",
        {"detail": " (The connection to the C10d store has failed. See inner exception for details)"},
    ),
    (
        "slurm-cancelled",
        "source-texts.log",
        "DUE TO TIME LIMIT",
        "log-job-cancelled",
        {"job": "42221", "node": "clr1247", "reason": "due to time limit"},
    ),
    ("slurm-cancelled", "source-texts.log", "STEP 440575.0", "log-job-cancelled", {"job": "440575.0"}),
    (
        "agent-signal",
        "source-texts.log",
        "got signal: 15",
        "log-agent-signalled",
        {"pid": " (pid 76)", "signal": "SIGTERM (15)"},
    ),
    ("agent-death-signal", "source-texts.log", "Received 1 death", "log-agent-signalled", {"signal": "SIGHUP (1)"}),
    (
        "agent-death-signal",
        "source-texts.log",
        "Received Signals.SIGTERM",
        "log-agent-signalled",
        {"pid": "", "signal": "SIGTERM (15)"},
    ),
    (
        "rendezvous-keepalive",
        "field/159-lightning-torchelastic-num-nodes-unset-rdzv-loop.log",
        "is not renewed",
        "log-rendezvous-keepalive",
        {"key": "/torchelastic/p2p/run_mnist12/rdzv/v_4/rank_1"},
    ),
    ("lightning-slurm", "field/150-lightning-sbatch-without-srun-one-rank.log", "by Slurm", "slurm-launches", {}),
    (
        "lightning-member",
        "field/150-lightning-sbatch-without-srun-one-rank.log",
        "MEMBER",
        "member",
        {"member": "1", "world": "8"},
    ),
    ("ib-link-down", "source-texts.log", "Link down", "log-ib-port-down", {}),
    ("nvls-bind", "field/013-nvls-bind-failed-401-fm.log", "Failed to bind NVLink", "log-nvls-bind-failed", {}),
    # NCCL 2.29's wording: the CUDA error on the next line.
    (
        "nvls-bind",
        "field/141-h100-ci-nvls-bind-fabric-manager-not-running.log",
        "Failed to bind NVLink",
        "log-nvls-bind-failed",
        {"detail": ""},
    ),
    ("nvls-cuda-failure", "field/004-nvls-fabricmanager-restarted.log", "nvls.cc:244", "log-nvls-bind-failed", {}),
    # a paste cut before the closing quote
    (
        "nvls-cuda-failure",
        "field/401-h200-nvls-cuda-failure-999-fabric-manager-error.log",
        "Cuda failure 999",
        "log-nvls-bind-failed",
        {"detail": " (CUDA error 999 'unknown error' in transport/nvls.cc)"},
    ),
    # a summary of the line without the size or the error's text
    (
        "nvls-bind",
        "field/402-ao-h100-ci-nvls-multicast-bind-error-401.log",
        "Failed to bind NVLink",
        "log-nvls-bind-failed",
        {"detail": " (CUDA error 401)"},
    ),
    (
        "cuda-system-not-ready",
        "field/005-system-not-yet-initialized-fm.log",
        "not yet initialized",
        "log-fabric-manager-down",
        {},
    ),
    (
        "invalid-device-ordinal",
        "field/010-invalid-device-ordinal-nproc.log",
        "cuda runtime error (10)",
        "log-invalid-device-ordinal",
        {},
    ),
    (
        "nccl-watchdog-timeout",
        "field/014-eval-uneven-work-allreduce-timeout.log",
        "NumelIn=1",
        "log-rank-busy-elsewhere",
        {"ranks": "0", "op": "ALLREDUCE"},
    ),
    (
        "nccl-socket-interface",
        "field/015-nccl-socket-docker-bridges.log",
        "NET/Socket : Using",
        "docker-bridge-address",
        {"interface": "br-05ab815fa14e"},
    ),
    (  # the host end of a container's veth pair, with only an IPv6 link-local address, beside the host's NIC
        "nccl-socket-interface",
        "field/223-aws-g4dn-ray-nccl-veth-link-local.log",
        "NET/Socket : Using",
        "docker-bridge-address",
        {"interface": "veth75fa783"},
    ),
    (
        "nccl-watchdog-unnamed",
        "field/452-bergson-rank0-eigendecomp-before-allreduce.log",
        "Watchdog caught",
        "log-nccl-timeout-unnamed",
        {},
    ),
    (
        "nccl-watchdog-unnamed",
        "field/451-mlpf-rank0-end-of-epoch-test-watchdog.log",
        "WorkNCCL::checkTimeout",
        "log-nccl-timeout-unnamed",
        {},
    ),
    (
        "nccl-unique-id-timeout",
        "field/061-kaito-worker-idle-store-get-socket-timeout.log",
        "retrieving ncclUniqueId",
        "log-nccl-unique-id-timeout",
        {"rank": "1", "root": "0", "error": "Socket Timeout"},
    ),
    (
        "nccl-unique-id-timeout",
        "source-texts.log",
        "retreiving ncclUniqueId",
        "log-nccl-unique-id-timeout",
        {"error": "Timeout waiting for key: default_pg/0/0 after 1800000 ms"},
    ),
    (
        "nccl-unique-id-timeout",
        "source-texts.log",
        "[3] is setting up NCCL communicator",
        "log-nccl-unique-id-timeout",
        {"rank": "3", "error": "wait timeout after 600000ms"},
    ),
    (
        "gloo-store-wait-timeout",
        "field/131-horovod-gloo-rendezvous-timeout-50-nodes.log",
        "Wait timeout for key(s)",
        "log-gloo-rendezvous-timeout",
        {"keys": "0", "detail": ""},
    ),
    (
        "gloo-store-wait-timeout",
        "field/132-ray-horovod-gloo-store-wait-timeout-30s.log",
        "Wait timeout after 30 seconds",
        "log-gloo-rendezvous-timeout",
        {"keys": "0", "detail": " after 30 s"},
    ),
    (
        "cuda-peer-unsupported",
        "field/127-p2p-not-supported-l40s-cuda217.log",
        "Cuda failure 217",
        "log-p2p-not-supported",
        {"detail": " (CUDA error 217)"},
    ),
    (
        "cuda-devices-unavailable",
        "field/126-slurm-all-ranks-cuda0-device-busy.log",
        "busy or unavailable",
        "log-gpu-busy",
        {},
    ),
    (
        "nccl-net-id",
        "field/065-nemo-multinode-could-not-find-net-id0.log",
        "Could not find NET",
        "log-nccl-known-bug",
        {"detail": "Could not find NET with id 0", "release": "NCCL 2.27 or newer"},
    ),
    (
        "cuda-invalid-argument",
        "field/411-vllm-nccl2181-custom-allreduce-cuda-invalid-argument.log",
        "Cuda failure",
        "cuda-invalid",
        {},
    ),
    (
        "nccl-shared-mem-exceeds",
        "field/406-nccl2251-rtx5090-maxsharedmem-exceeds-device.log",
        "ncclMaxSharedMem",
        "log-nccl-known-bug",
        {"detail": "82240 bytes wanted, 79856 available", "release": "NCCL 2.26.2 or newer"},
    ),
    (
        "nccl-shared-mem-exceeds",
        "source-texts.log",
        "dynamic smem",
        "log-nccl-known-bug",
        {"release": "a newer NCCL release that supports this GPU"},
    ),
    (
        "nccl-ring-open",
        "field/403-nccl2193-ring-does-not-loop-back-uninit-link-speed.log",
        "does not loop back",
        "log-nccl-ring-open",
        {"ring": "0", "detail": "does not loop back to start (13 != 15)"},
    ),
    (
        "nccl-topo-xml",
        "source-texts.log",
        "Attribute arch",
        "log-nccl-topo-file-bad",
        {"detail": "Attribute arch of node cpu not found"},
    ),
    (
        "nccl-graph-xml",
        "field/203-azure-ncv4-graph-file-dev-not-found.log",
        "XML Import Channel",
        "log-nccl-graph-file-bad",
        {"detail": "XML Import Channel : dev 1 not found"},
    ),
    ("nccl-tests-nccl1", "field/123-nccl1-all-reduce-unhandled-cuda-p100.log", "compiled with", "nccl-1", {}),
    ("nccl-tests-result", f"field/{SEPARATE_TESTS}", "Avg bus", "test-result", {}),
    ("mpi-cma-eperm", f"field/{CMA_EPERM}", "errno = 1", "log-mpi-cma-denied", {}),
    ("mpi-cma-eperm", "source-texts.log", "CMA read", "log-mpi-cma-denied", {}),
    (
        "mpi-not-enough-slots",
        "field/136-horovodrun-localhost-no-slot-count.log",
        "not enough slots",
        "log-mpi-slots-missing",
        {"slots": "2"},
    ),
    (
        "ssh-failed",
        "field/135-horovodrun-ssh-permission-denied-wrong-port.log",
        "(publickey,password)",
        "log-ssh-launch-failed",
        {"error": "Permission denied (publickey,password)"},
    ),
    (
        "ssh-failed",
        "source-texts.log",
        "ssh: connect to host",
        "log-ssh-launch-failed",
        {"error": "ssh: connect to host xxxx port 12345: Connection timed out"},
    ),
    (
        "signal-caught",
        "field/064-pipedream-docker-64m-shm-sigbus-nccl.log",
        "Caught signal 7",
        "log-rank-bus-error",
        {"who": "a process"},
    ),
    # the final round's causes: NCCL setup, RDMA registration, launchers' MASTER_ADDR and rank layout
    (
        "ssh-failed",
        "field/303-deepspeed-hostfile-node0-ssh-unresolvable.log",
        "Could not resolve hostname",
        "log-ssh-launch-failed",
        {"error": "ssh: Could not resolve hostname node-0: Name or service not known"},
    ),
    ("lightning-member", "source-texts.log", "Initializing distributed", "member", {"rank": "1", "world": "4"}),
    (
        "cuda-peer-unsupported",
        "field/326-nccl-2273-cumem-host-shm-peer-access-217-l4.log",
        "shm.cc:590",
        "log-nccl-cumem-host-no-p2p",
        {},
    ),
    (
        "nccl-bootstrap-trace",
        "field/318-dgx-containers-bootstrap-over-ipoib-socket-fail.log",
        "bootstrap.cc:270",
        "log-nccl-bootstrap-failed",
        {"code": "2"},
    ),
    (
        "nccl-nic-not-pci",
        "field/314-nccl-usb-nic-topology-busid-not-found.log",
        "is not a PCI device",
        "nic-not-pci",
        {"kind": "usb"},
    ),
    (
        "ib-modify-qp-timeout",
        "field/325-roce-gid-index-1-link-local-modify-qp-timeout.log",
        "ibv_modify_qp",
        "log-roce-peer-unresolved",
        {"detail": ""},
    ),
    (
        "ib-modify-qp-timeout",
        "source-texts.log",
        "ibv_modify_qp failed with 110",
        "log-roce-peer-unresolved",
        {"detail": " (local GID fe80::a288:c2ff:fe3a:5f10, remote GID fe80::a288:c2ff:fe3a:6e24)"},
    ),
    (
        "ib-modify-qp-no-device",
        "field/404-nccl278-roce-mlx5-3-modify-qp-no-such-device.log",
        "ibv_modify_qp",
        "log-ib-qp-no-device",
        {"dev": ""},
    ),
    (
        "ib-modify-qp-no-device",
        "source-texts.log",
        "ibv_modify_qp failed with 19",
        "log-ib-qp-no-device",
        {"dev": "mlx5_3:1", "hca": "mlx5_3"},
    ),
    (
        "ib-reg-dmabuf-enomem",
        "field/302-vllm-docker-buffsize-ibv-reg-dmabuf-enomem.log",
        "ibv_reg_dmabuf_mr",
        "log-ib-dmabuf-no-room",
        {},
    ),
    (
        "deepspeed-master-addr-empty",
        "field/329-deepspeed-k8s-pod-master-addr-empty-hostname-i.log",
        "Using IP address of",
        "log-launcher-master-addr-empty",
        {"host": "ddp-0.ddp.ml-dev.svc.cluster.local"},
    ),
    (
        "deepspeed-master-addr-empty",
        "source-texts.log",
        "Unable to detect suitable master address",
        "log-launcher-master-addr-empty",
        {},
    ),
    # NCCL WARN format strings filled in (source-texts.log): causes named from NCCL's own wordings
    (
        "ib-collective-mismatch",
        "source-texts.log",
        "collective mismatch error, local size 4194304",
        "log-collective-mismatch",
        {},
    ),
    (
        "nccl-no-listen-interface",
        "source-texts.log",
        "NET/IB : No IP interface found",
        "log-ifname-missing",
        {"var": "NCCL_SOCKET_IFNAME"},
    ),
    (
        "nccl-connect-gave-up",
        "source-texts.log",
        "exceeded timeouts (20)",
        "log-nccl-connect-failed",
        {"error": "gave up after 20 timeouts"},
    ),
    (
        "nccl-shm-create",
        "source-texts.log",
        "failed to create shared memory file",
        "log-shm-too-small",
        {"path": "/dev/shm/nccl-Xk3pQa"},
    ),
    (
        "nccl-bootstrap-root-mixed",
        "source-texts.log",
        "has already checked in",
        "log-nccl-bootstrap-root-mixed",
        {"detail": "rank 5 of 16 ranks has already checked in"},
    ),
    ("too-many-open-files", "source-texts.log", "Accept failed: Too many open files", "log-open-files-limit", {}),
    ("too-many-open-files", "source-texts.log", "received 0 items of ancdata", "log-open-files-limit", {}),
    (
        "launcher-arg-empty",
        "source-texts.log",
        "invalid int value: '$MASTER_PORT'",
        "log-launcher-arg-empty",
        {"option": "--master-port", "value": "$MASTER_PORT"},
    ),
    ("nccl-unique-id-store-lost", "source-texts.log", "got error: Broken pipe", "log-store-closed", {}),
    (
        "sglang-scheduler-died",
        "source-texts.log",
        "DataParallelController 48213 terminated with -9",
        "log-rank-killed",
        {"signal": "SIGKILL (9)"},
    ),
    (
        "ray-train-not-started",
        "source-texts.log",
        "Training has not started in the last",
        "log-ray-resources-short",
        {},
    ),
    ("ray-train-pg-init", "source-texts.log", "Setting up process group for: env://", "pg-init", {}),
    (
        "vllm-dp-layout",
        "source-texts.log",
        "Error setting CUDA_VISIBLE_DEVICES: local range",
        "log-gpus-requested-unseen",
        {},
    ),
    (
        "vllm-dp-layout",
        "source-texts.log",
        "unexpected data parallel rank",
        "log-parallel-layout-mismatch",
        {"detail": "vLLM: Message from engine with unexpected data parallel rank: 4"},
    ),
    ("vllm-engines-silent", "source-texts.log", "engines to sendinitial message", "log-serving-head-unreachable", {}),
    ("vllm-rpc-timeout", "source-texts.log", "RPC call to execute_model", "log-serving-worker-stuck", {}),
    ("vllm-deepep-gin", "source-texts.log", "DeepEPv2 requires NCCL GIN", "log-nccl-gin-unavailable", {}),
    (
        "ray-cluster-too-small",
        "source-texts.log",
        "Not enough resources to allocate 8 DP",
        "log-ray-resources-short",
        {},
    ),
    (
        "ray-cluster-too-small",
        "source-texts.log",
        "Insufficient cluster resources to launch",
        "log-ray-resources-short",
        {},
    ),
    ("sglang-tp-nodes", "source-texts.log", "must be divisible by number of nodes", "log-parallel-layout-mismatch", {}),
    (
        "ray-train-collective-timeout",
        "source-texts.log",
        "have not joined the collective operation",
        "log-rank-missing",
        {"ranks": "3", "where": "Ray Train's collective"},
    ),
    ("mooncake-register-failed", "source-texts.log", "Bad address [14]", "log-gdr-module-missing", {"who": "Mooncake"}),
    (
        "mooncake-register-failed",
        "source-texts.log",
        "0x7f3a40000000: Cannot allocate memory",
        "log-memlock-too-low",
        {},
    ),
    (
        "kv-transfer-unreachable",
        "source-texts.log",
        "SocketHandShakePlugin: connect()",
        "log-kv-transfer-unreachable",
        {},
    ),
    ("kv-transfer-unreachable", "source-texts.log", "Remote NIXL agent engine ID", "log-kv-transfer-unreachable", {}),
    ("kv-transfer-unreachable", "source-texts.log", "EtcdStoragePlugin: unable", "log-kv-transfer-unreachable", {}),
    (
        "kv-transfer-init-failed",
        "source-texts.log",
        "Mooncake Transfer Engine initialization failed",
        "log-kv-transfer-init-failed",
        {"detail": "Mooncake Transfer Engine initialization failed"},
    ),
    ("kv-transfer-init-failed", "source-texts.log", "No RDMA devices found", "log-kv-transfer-init-failed", {}),
    (
        "checkpoint-world-changed",
        "source-texts.log",
        "used a DP world size of 16",
        "log-checkpoint-world-changed",
        {"saved": "16", "now": "8"},
    ),
    (
        "model-spans-gpus",
        "source-texts.log",
        "in any distributed mode",
        "log-model-spans-gpus",
        {"detail": "from_pretrained's device_map='auto'"},
    ),
    (
        "model-spans-gpus",
        "source-texts.log",
        "only work with single-device/multiple-device",
        "log-model-spans-gpus",
        {"detail": "its parameters on several GPUs, and DDP given device_ids [0]"},
    ),
    ("accelerate-rtx4000-p2p", "source-texts.log", "Using RTX 4000 series", "log-p2p-not-supported", {}),
    ("impi-bstrap-proxy", "source-texts.log", "unable to run bstrap_proxy on", "log-ssh-launch-failed", {}),
    (
        "mpi-ofi-no-provider",
        "source-texts.log",
        "OFI fi_getinfo() failed",
        "log-mpi-ofi-no-provider",
        {"detail": "ofi_init.c:2766:find_provider:No data available"},
    ),
    ("hydra-execvp-failed", "source-texts.log", "execvp error on file python", "log-mpi-exe-missing", {}),
    (
        "parallel-layout-mismatch",
        "source-texts.log",
        "Assertion failed: MPI size 8",
        "log-parallel-layout-mismatch",
        {"detail": "TensorRT-LLM: MPI size 8 != TP size 16 * PP size 1 * CP Size 1"},
    ),
    ("parallel-layout-mismatch", "source-texts.log", "world_size must equal to", "log-parallel-layout-mismatch", {}),
    ("mpi-ofi-ep-enomem", "source-texts.log", "OFI EP enable failed", "log-memlock-too-low", {}),
    (
        "mpi-pmi-mismatch",
        "source-texts.log",
        "write_line error; fd=-1",
        "log-mpi-pmi-mismatch",
        {"detail": "write_line error; fd=-1"},
    ),
    (
        "mpi-rank-signalled",
        "source-texts.log",
        "terminated with signal 9",
        "log-rank-killed",
        {"who": "rank 5 (pid 77123)", "signal": "SIGKILL (9)"},
    ),
    ("mpi4py-no-library", "source-texts.log", "cannot load MPI library", "log-library-unloadable", {}),
    (
        "gcp-gpudirect-tcpx",
        "source-texts.log",
        "RxDM not ready on",
        "log-gcp-gpudirect-tcpx-failed",
        {"detail": "its daemon did not answer: RxDM not ready on a3mega-0 after 30 seconds"},
    ),
    ("gcp-gpudirect-tcpx", "source-texts.log", "gpumem fd client connect failed", "log-gcp-gpudirect-tcpx-failed", {}),
    (
        "gcp-gpudirect-tcpx",
        "source-texts.log",
        "No interfaces found for ctrl dev name",
        "log-gcp-gpudirect-tcpx-failed",
        {"detail": "No interfaces found for ctrl dev name eth0"},
    ),
    (
        "gcp-gpudirect-tcpx",
        "source-texts.log",
        "/dev/aperture_devices/*), aborting",
        "log-gcp-gpudirect-tcpx-failed",
        {},
    ),
    ("gcp-gpudirect-tcpx", "source-texts.log", "VERSION MISMATCH: Received", "log-gcp-gpudirect-tcpx-failed", {}),
    ("gcp-gpudirect-tcpx", "source-texts.log", "NET/GPUDirectTCPX : no interface", "log-gcp-gpudirect-tcpx-failed", {}),
    (
        "parallel-layout-mismatch",
        "source-texts.log",
        "Mesh should not be bigger than default world size 8",
        "log-parallel-layout-mismatch",
        {"detail": "torch: Mesh should not be bigger than default world size 8, but found 16 ranks"},
    ),
    (
        "parallel-layout-mismatch",
        "source-texts.log",
        "must be divisible by 'group_size=8'",
        "log-parallel-layout-mismatch",
        {},
    ),
    ("parallel-layout-mismatch", "source-texts.log", "Pipeline group size 8", "log-parallel-layout-mismatch", {}),
    (
        "rdzv-endpoint-port-absent",
        "source-texts.log",
        "port is missing in endpoint",
        "log-rdzv-endpoint-invalid",
        {"endpoint": "10.0.0.5"},
    ),
    (
        "device-mesh-device-guessed",
        "source-texts.log",
        "before the DeviceMesh initialization",
        "log-device-guessed",
        {},
    ),
    (
        "launcher-arg-empty",
        "source-texts.log",
        "invalid int value: ''",
        "log-launcher-arg-empty",
        {"option": "--node-rank", "value": ""},
    ),
    ("worker-unkillable", "source-texts.log", "did not exit after SIGKILL", "log-worker-unkillable", {"pid": "3188"}),
    ("cpu-backend-required", "source-texts.log", "A CPU backend must be enabled", "log-cpu-tensor-gpu-backend", {}),
    (
        "nvshmem-transport-failed",
        "source-texts.log",
        "init failed for transport: IBGDA",
        "log-nvshmem-transport-failed",
        {"detail": " (its IBGDA transport failed to start)"},
    ),
    (
        "nvshmem-transport-failed",
        "source-texts.log",
        "cudaHostRegister with IoMemory",
        "log-nvshmem-transport-failed",
        {},
    ),
    (
        "nvshmem-transport-failed",
        "source-texts.log",
        "cannot allocate buffer on the specified memory type",
        "log-nvshmem-transport-failed",
        {},
    ),
    (
        "nvshmem-transport-failed",
        "source-texts.log",
        "Unable to dlopen libibverbs. Skipping",
        "log-nvshmem-transport-failed",
        {"detail": " (libibverbs is not in this image)"},
    ),
    (
        "nccl-gin-unavailable",
        "source-texts.log",
        "No GIN-capable devices found",
        "log-nccl-gin-unavailable",
        {"detail": "No GIN-capable devices found"},
    ),
    ("nccl-gin-unavailable", "source-texts.log", "Unable to use GIN: Peermem", "log-nccl-gin-unavailable", {}),
    (
        "nccl-gin-unavailable",
        "source-texts.log",
        "NCCL GIN is unavailable",
        "log-nccl-gin-unavailable",
        {"detail": "NCCL GIN is unavailable"},
    ),
    (
        "nccl-device-api-mismatch",
        "source-texts.log",
        "NCCL library is too old",
        "log-nccl-device-api-mismatch",
        {"detail": "built with 2.30.3, running 2.28.9"},
    ),
    ("nvshmem-registration-failed", "source-texts.log", "mem registration failed. Reason", "log-memlock-too-low", {}),
    ("nvshmem-heap-exhausted", "source-texts.log", "NVSHMEM symmetric size =", "log-nvshmem-heap-exhausted", {}),
    (
        "gdrcopy-unavailable",
        "source-texts.log",
        "GIN requires GDRCopy 2.5+",
        "log-gdrcopy-unavailable",
        {"error": "a GDRCopy older than 2.5"},
    ),
    (
        "fabricmanager-service-failed",
        "field/2421-fabricmanager-driver-version-mismatch.log",
        "doesn't match with driver version",
        "log-fabric-manager-down",
        {"detail": " (its driver interface version 580.127.05 doesn't match with driver version 580.120)"},
    ),
    (
        "fabricmanager-service-failed",
        "field/2421-fabricmanager-driver-version-mismatch.log",
        "Control process exited",
        "log-fabric-manager-down",
        {"detail": " (nvidia-fabricmanager.service exited with status 1)"},
    ),
    (
        "gpu-count-changed",
        "field/2460-vllm-mig-enabled-a100-device-assert.log",
        "num_gpus",
        "log-gpu-count-changed",
        {},
    ),
    (
        "nccl-connect-failed",
        "field/2481-dlperf-nccl-veth-ipv6-network-unreachable.log",
        "Connect to fe80::",
        "log-nccl-connect-failed",
        {"addr": "fe80::a480:7fff:fecf:1ed9"},
    ),
    (
        "library-unloadable",
        "source-texts.log",
        "version `GLIBCXX_3.4.30' not found",
        "log-library-unloadable",
        {
            "error": "/usr/lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by "
            "/opt/conda/lib/python3.10/site-packages/torch/lib/libtorch_python.so)"
        },
    ),
    (
        "library-unloadable",
        "source-texts.log",
        "OSError: libcudart.so.12",
        "log-library-unloadable",
        {"error": "libcudart.so.12: cannot open shared object file"},
    ),
    ("library-unloadable", "source-texts.log", "error while loading shared libraries", "log-library-unloadable", {}),
    (
        "library-unloadable",
        "source-texts.log",
        "ImportError: libcuda.so.1",
        "log-no-gpu-visible",
        {"detail": " (libcuda.so.1, the NVIDIA driver's library, is not there)"},
    ),
    (
        "nccl-net-plugin-unloadable",
        "field/2300-conda-aws-ofi-nccl-libfabric-symbol-missing.log",
        "dlerror=",
        "log-nccl-net-plugin-unloadable",
        {},
    ),
    (
        "nccl-net-plugin-unloadable",
        "source-texts.log",
        "undefined symbol: fi_strerror",
        "log-nccl-net-plugin-unloadable",
        {"error": "/opt/aws-ofi-nccl/lib/libnccl-net.so: undefined symbol: fi_strerror"},
    ),
    (
        "nccl-net-plugin-unloadable",
        "source-texts.log",
        "NET/Plugin: /opt/amazon/ofi-nccl",
        "log-nccl-net-plugin-unloadable",
        {},
    ),
    (
        "gdrcopy-unavailable",
        "source-texts.log",
        "Failed to initialize GDRCopy",
        "log-gdrcopy-unavailable",
        {"error": "Failed to open gdr handle"},
    ),
    (
        "ray-object-store-shm",
        "field/2340-ray-autoscaler-docker-shm-too-small.log",
        "exceeds the capacity of /dev/shm",
        "log-shm-too-small",
        {"who": "Ray's object store"},
    ),
    (
        "ray-head-unreachable",
        "source-texts.log",
        "A ray instance hasn't started",
        "log-ray-head-unreachable",
        {"detail": ": no Ray was started on this host, and no address was given"},
    ),
    (
        "remote-path-missing",
        "source-texts.log",
        "bash: line 1: /opt/conda/envs/train/bin/python",
        "log-launch-env-missing",
        {"what": "the interpreter /opt/conda/envs/train/bin/python"},
    ),
    (
        "remote-path-missing",
        "source-texts.log",
        "bash: line 1: cd: /home/u/proj",
        "log-workdir-missing",
        {"path": "/home/u/proj"},
    ),
    (
        "parallel-layout-mismatch",
        "source-texts.log",
        "world size (8) is not divisible by total_model_size",
        "log-parallel-layout-mismatch",
        {"detail": "world size (8) is not divisible by total_model_size (total_model_size=16)"},
    ),
    (
        "parallel-layout-mismatch",
        "source-texts.log",
        "world_size (12) is not divisible by 8",
        "log-parallel-layout-mismatch",
        {"detail": "world_size (12) is not divisible by 8"},
    ),
    ("parallel-layout-mismatch", "source-texts.log", "Invalid parallel dims", "log-parallel-layout-mismatch", {}),
    (
        "parallel-layout-mismatch",
        "source-texts.log",
        "train_batch_size is not equal to",
        "log-parallel-layout-mismatch",
        {"detail": "DeepSpeed's batch: 256 != 4 * 4 * 8"},
    ),
    (
        "required-env-unset",
        "source-texts.log",
        "CUDA_DEVICE_MAX_CONNECTIONS to 1",
        "log-required-env-unset",
        {"var": "CUDA_DEVICE_MAX_CONNECTIONS", "value": "1"},
    ),
    (
        "framework-no-gpu",
        "source-texts.log",
        "`CUDAAccelerator` can not run",
        "log-no-gpu-visible",
        {"detail": " (Lightning: CUDAAccelerator is not available)"},
    ),
    ("framework-no-gpu", "source-texts.log", "Megatron requires CUDA", "log-no-gpu-visible", {}),
    ("framework-no-gpu", "source-texts.log", "Could not find any nv libraries", "log-no-gpu-visible", {}),
    (
        "lightning-gpus-unseen",
        "source-texts.log",
        "You requested GPUs: [0, 1, 2, 3]",
        "log-gpus-requested-unseen",
        {"requested": "[0, 1, 2, 3]"},
    ),
    (
        "slurm-pmix",
        "source-texts.log",
        "Invalid MPI type 'pmix_v4'",
        "log-slurm-pmix-failed",
        {"detail": "Invalid MPI type 'pmix_v4'"},
    ),
    ("slurm-pmix", "source-texts.log", "can not load PMIx library", "log-slurm-pmix-failed", {}),
    ("slurm-pmix", "source-texts.log", "failed to send temp kvs", "log-slurm-pmix-failed", {}),
    (
        "pmix-shared-store",
        "source-texts.log",
        "gds_ds12_lock_pthread.c",
        "log-pmix-store-lock-error",
        {"detail": "ERROR in gds_ds12_lock_pthread.c"},
    ),
    ("pmix-shared-store", "source-texts.log", "The gds/shmem2 component attempted", "log-pmix-shared-store-failed", {}),
    (
        "ray-trials-incomplete",
        "source-texts.log",
        "ERROR tune.py:794 -- Trials did not complete",
        "log-ray-trial-failed",
        {"trials": "TorchTrainer_1a2b3_00000, TorchTrainer_1a2b3_00001"},
    ),
    (
        "ray-trials-incomplete",
        "source-texts.log",
        "TuneError: ('Trials did not complete'",
        "log-ray-trial-failed",
        {"trials": "TorchTrainer_1a2b3_00000"},
    ),
    ("ray-trials-incomplete", "source-texts.log", "The Ray Train run failed", "log-ray-trial-failed", {}),
    (
        "nccl-comm-done",
        "field-healthy/5604-dell-xe9680-h200-retinanet-nccl-socket-abort-complete-teardown.log",
        "- Abort COMPLETE",
        "comm-done",
        {},
    ),
    ("nccl-comm-done", "source-texts.log", "- Init COMPLETE", "comm-done", {}),
    (
        "nccl-ofi-nic-groups",
        "field/3510-eks-p5-ofi-unexpected-group-size-tensorflow-in-image.log",
        "Unexpected group size 0",
        "ofi-nic-groups",
        {"detail": "Unexpected group size 0"},
    ),
    ("nccl-ofi-nic-groups", "source-texts.log", "Failed to group NICs", "ofi-nic-groups", {}),
    (
        "nccl-ofi-nic-groups",
        "source-texts.log",
        "(minimum 1, maximum 4)",
        "ofi-nic-groups",
        {"detail": "Unexpected topo group size of 0 (minimum 1, maximum 4)"},
    ),
    (
        "colossalai-run-failed",
        "field/3600-colossalai-run-remote-host-treated-as-localhost.log",
        "on 192.168.0.189, is localhost",
        "log-colossalai-run-failed",
        {"hosts": "192.168.0.189", "local": "True", "error": "I/O operation on closed file"},
    ),
    (
        "nccl-socket-type-mixed",
        "field/3660-nccl-tests-ib-broken-socketfinalizeaccept-wrong-type.log",
        "wrong type 4 != 3",
        "log-nccl-net-transport-mixed",
        {"peer_class": "net-ib", "own_class": "net-socket"},
    ),
    (
        "nccl-socket-type-mixed",
        "source-texts.log",
        "wrong type 3 != 4",
        "log-nccl-net-transport-mixed",
        {"peer_class": "net-socket", "own_class": "net-ib"},
    ),
    (
        "store-reverse-lookup",
        "field/803-torchrun-tcpstore-reverse-dns-stall.log",
        "cannot be retrieved. err=-3",
        "reverse-lookup",
        {},
    ),
    (
        "module-missing",
        "field/3780-llamafactory-torchrun-system-python-no-module.log",
        "No module named 'llamafactory'",
        "module-missing",
        {"module": "llamafactory"},
    ),
    (
        "horovod-shut-down",
        "source-texts.log",
        "Horovod has been shut down",
        "log-peer-closed",
        {"detail": "Horovod has been shut down"},
    ),
    ("rpc-timeout", "source-texts.log", "RPCErr:1:RPC ran for", "log-rpc-timeout", {"timeout": "60000 ms"}),
    (
        "peer-reset",
        "source-texts.log",
        "ECONNRESET: connection reset by peer",
        "log-peer-closed",
        {"detail": "connection reset by peer"},
    ),
    (
        "rdzv-store-call-frame",
        "field/3690-torchx-ray-c10d-store-unreachable-random-ports.log",
        "in _call_store",
        "rdzv-store-call",
        {},
    ),
    (
        "tensorpipe-listen",
        "field/3691-tensorpipe-link-local-ipv6-listener-einval.log",
        "uv/listener.cc",
        "log-tensorpipe-listen-failed",
        {"error": "invalid argument"},
    ),
    (
        "run-id-default-log-dir",
        "field/3480-elastic-etcd-rdzv-id-none-rendezvous-closed.log",
        "none_b_ggbxiq",
        "run-id-default",
        {},
    ),
    ("run-id-default-log-dir", "store-barrier-slow.log", "none_0ogwjcv6", "run-id-default", {}),
    (
        "run-id-default-config",
        "field-healthy/4106-dlrover-elastic-agent-static-rdzv-omp-warning-after-fix.log",
        "run_id           : none",
        "run-id-default",
        {},
    ),
    (
        "xla-replication-devices",
        "field/3399-lightning-tpu-xla-device-before-spawn-cannot-replicate.log",
        "Cannot replicate",
        "log-xla-device-before-spawn",
        {"have": "1", "want": "8"},
    ),
    (
        "collective-dtype-unsupported",
        "source-texts.log",
        "process group: ComplexFloat",
        "log-collective-dtype-unsupported",
        {"backend": "NCCL", "dtype": "ComplexFloat"},
    ),
    (
        "collective-dtype-unsupported",
        "source-texts.log",
        "Unconvertible NCCL type",
        "log-collective-dtype-unsupported",
        {"backend": "NCCL", "dtype": "BFloat16"},
    ),
    (
        "collective-dtype-unsupported",
        "source-texts.log",
        "Unsupported Float8 type",
        "log-collective-dtype-unsupported",
        {"backend": "NCCL", "dtype": "Float8"},
    ),
    (
        "collective-dtype-unsupported",
        "field/3396-deepspeed-npu-hccl-allreduce-unsupported-byte-dtype.log",
        "HCCL AllReduce",
        "log-collective-dtype-unsupported",
        {"backend": "HCCL", "dtype": "at::kByte/at::kBool"},
    ),
    (
        "neuron-cores-unavailable",
        "field/3397-neuron-cores-not-available-leftover-workers.log",
        "NeuronCore(s) not available",
        "log-neuron-cores-unavailable",
        {"requested": "nc1-nc1", "available": "0"},
    ),
    (
        "enroot-registry-in-name",
        "field/3332-pyxis-old-bare-image-ref-routed-to-dockerhub-401.log",
        "registry-1.docker.io",
        "log-enroot-registry-in-name",
        {"registry": "public.ecr.aws", "image": "hpc-cloud/nccl-tests", "tag": "latest", "code": "401 Unauthorized"},
    ),
    (
        "ray-trials-incomplete",
        "field/953-ray-train-default-ifname-excludes-wireless.log",
        "Trials did not complete",
        "log-ray-trial-failed",
        {"trials": "TorchTrainer_96bfe_00000"},
    ),
    (
        "slurm-mem-limit",
        "source-texts.log",
        "exceeded memory limit (",
        "log-rank-oom-killed",
        {"who": "Slurm's StepId=123456.0"},
    ),
    (
        "container-no-gpu-runtime",
        "source-texts.log",
        "invalid runtime name: nvidia",
        "log-container-no-gpu-runtime",
        {},
    ),
    ("container-no-gpu-runtime", "source-texts.log", 'no runtime for "nvidia"', "log-container-no-gpu-runtime", {}),
    (
        "k8s-device-plugin-no-nvml",
        "source-texts.log",
        "did you configure the NVIDIA Container Toolkit",
        "log-container-no-gpu-runtime",
        {},
    ),
    (
        "slurm-ntasks-per-node-ignored",
        "source-texts.log",
        "can't honor --ntasks-per-node",
        "log-slurm-ntasks-per-node-ignored",
        {"per_node": "8", "tasks": "2", "nodes": "2"},
    ),
    (
        "slurm-submission-refused",
        "source-texts.log",
        "accounting/QOS policy",
        "log-slurm-submission-refused",
        {"tool": "srun"},
    ),
    (
        "k8s-evicted",
        "source-texts.log",
        "The node had condition:",
        "log-pod-evicted",
        {"detail": "The node had condition: [DiskPressure]"},
    ),
    ("efa-fork-abort", "source-texts.log", "involving a call", "log-efa-fork-unsafe", {}),
    (
        "ucx-memlock",
        "source-texts.log",
        "failed: Cannot allocate memory. Please set max locked",
        "log-memlock-too-low",
        {},
    ),
    (
        "efa-internal-error",
        "source-texts.log",
        "EFA internal error: (15)",
        "log-nccl-ofi-request-error",
        {"detail": " (EFA internal error 15: Unreachable remote - never received a response)"},
    ),
    (
        "ibverbs-driver-unloadable",
        "source-texts.log",
        "couldn't load driver 'libmlx5",
        "log-ibverbs-driver-unloadable",
        {},
    ),
    (
        "ucx-shm-short",
        "source-texts.log",
        "Not enough memory to write total of",
        "log-shm-too-small",
        {"who": "UCX", "path": "/dev/shm"},
    ),
    (
        "nccl-ofi-failed",
        "source-texts.log",
        "requires at least libfabric version",
        "ofi-failed",
        {"detail": "EFA provider requires at least libfabric version 1.22.0"},
    ),
    (
        "nccl-ofi-failed",
        "source-texts.log",
        "Couldn't find any optimal provider",
        "ofi-failed",
        {"detail": "Couldn't find any optimal provider"},
    ),
    ("mpi-cma-eperm", "source-texts.log", "process_vm_readv(pid=", "log-mpi-cma-denied", {}),
    ("mlx5-completion-error", "source-texts.log", "got completion with error:", "log-ib-completion-error", {}),
    ("cxi-rx-match-mode", "source-texts.log", "LE resources not recovered", "log-cxi-rx-match-mode", {}),
    (
        "ucx-gdr-unavailable",
        "source-texts.log",
        "Couldn't enable GPUDirect RDMA",
        "log-gdr-module-missing",
        {"who": "UCX"},
    ),
    ("rccl-iommu-not-pt", "source-texts.log", 'Missing "iommu=pt"', "log-rccl-iommu-not-pt", {}),
    (
        "cuda-illegal-address",
        "source-texts.log",
        "Memory access fault by GPU node-2",
        "log-cuda-illegal-address",
        {
            "where": "ROCm's runtime on GPU node-2",
            "error": "Memory access fault: Page not present or supervisor privilege",
        },
    ),
    (
        "cuda-illegal-address",
        "source-texts.log",
        "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION",
        "log-cuda-illegal-address",
        {"where": "the HIP runtime", "error": "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION"},
    ),
    ("cuda-no-device", "source-texts.log", "No HIP GPUs are available", "log-no-gpu-visible", {"detail": ""}),
    ("cuda-oom", "source-texts.log", "HIP out of memory", "log-gpu-out-of-memory", {}),
    (
        "gpu-hardware-fault",
        "source-texts.log",
        "HW Exception by GPU node-3",
        "log-gpu-hardware-fault",
        {"detail": " (ROCm: GPU Hang on GPU node-3)"},
    ),
    (
        "amd-gpu-unreachable",
        "source-texts.log",
        "Unable to open /dev/kfd",
        "log-no-gpu-visible",
        {"detail": " (Unable to open /dev/kfd read-write: Permission denied)"},
    ),
    (
        "amd-gpu-unreachable",
        "source-texts.log",
        "ROCk module is NOT loaded",
        "log-no-gpu-visible",
        {"detail": " (ROCk module is NOT loaded)"},
    ),
    (
        "amd-gpu-unreachable",
        "source-texts.log",
        "amdgpu not found in modules",
        "log-no-gpu-visible",
        {"detail": " (Driver not initialized (amdgpu not found in modules))"},
    ),
    ("cuda-device-assert", "source-texts.log", "HIP error: device-side assert", "log-cuda-device-assert", {}),
    (
        "cuda-oom-error",
        "source-texts.log",
        "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        "log-gpu-out-of-memory",
        {"detail": " (HSA_STATUS_ERROR_OUT_OF_RESOURCES)"},
    ),
    (
        "gpu-arch-unsupported",
        "source-texts.log",
        "hipErrorNoBinaryForGpu",
        "log-gpu-arch-unsupported",
        {"who": "the code this rank ran (torch, RCCL or a HIP extension)", "detail": " (hipErrorNoBinaryForGpu)"},
    ),
    (
        "worker-died",
        "source-texts.log",
        "ActorDiedError: The actor died unexpectedly",
        "log-worker-died",
        {"who": "a Ray actor"},
    ),
    (
        "worker-died",
        "source-texts.log",
        "because its worker process has died",
        "log-worker-died",
        {"who": "a Ray actor's worker process"},
    ),
    (
        "worker-died",
        "source-texts.log",
        "because its owner has died",
        "log-worker-died",
        {"who": "the process that owned a Ray actor (on 10.0.0.1)"},
    ),
    (
        "worker-died",
        "source-texts.log",
        "WorkerCrashedError",
        "log-worker-died",
        {"who": "a Ray task's worker process"},
    ),
    (
        "ray-head-unreachable",
        "source-texts.log",
        "Failed to connect to GCS. Last connection error",
        "log-ray-head-unreachable",
        {"detail": " at 10.0.0.1:6379"},
    ),
    (
        "ray-head-unreachable",
        "source-texts.log",
        "RaySystemError: System error",
        "log-ray-head-unreachable",
        {"detail": ""},
    ),
    (
        "ray-head-unreachable",
        "source-texts.log",
        "Failed to connect to Ray cluster at",
        "log-ray-head-unreachable",
        {"detail": " at 10.0.0.1:6379"},
    ),
    ("ray-grpc-port", "source-texts.log", "Failed to start the grpc server", "log-ray-port-in-use", {"port": "8076"}),
    (
        "ray-raylet-died",
        "source-texts.log",
        "Raylet is terminated. Termination is unexpected",
        "log-ray-node-dead",
        {"node": "this node's raylet (it terminated unexpectedly)"},
    ),
    (
        "ray-raylet-died",
        "source-texts.log",
        "LocalRayletDiedError",
        "log-ray-node-dead",
        {"node": "this node's raylet (a task's local raylet died)"},
    ),
    (
        "ray-worker-unregistered",
        "source-texts.log",
        "Unable to register worker with raylet",
        "log-ray-worker-unregistered",
        {"detail": " (Failed to read data from the socket: End of file)"},
    ),
    (
        "ray-worker-unregistered",
        "field/3451-ray-on-slurm-num-cpus-worker-register-raylet.log",
        "Unable to register worker with raylet",
        "log-ray-worker-unregistered",
        {"detail": " (No such file or directory)"},
    ),
    (
        "ray-raylet-died",
        "source-texts.log",
        "the local Raylet is dead",
        "log-ray-node-dead",
        {"node": "this node's raylet (a worker lost its connection to it)"},
    ),
    (
        "ray-ip-mismatch",
        "source-texts.log",
        "No node info found matching attributes",
        "log-ray-ip-mismatch",
        {"detail": "no Ray node is registered under '10.0.0.5', the address this process looked for"},
    ),
    (
        "ray-ip-mismatch",
        "source-texts.log",
        "does not allocate any GPUs on the driver node",
        "log-ray-ip-mismatch",
        {
            "detail": "Ray placed none of vLLM's GPU workers on the driver's node (the driver is on 10.0.0.1, the "
            "workers on 10.0.0.2)"
        },
    ),
    (
        "ray-resources-short",
        "source-texts.log",
        "is not included in a placement group",
        "log-ray-resources-short",
        {"detail": "the placement group holds no GPU on the driver's node"},
    ),
    (
        "ray-resources-short",
        "source-texts.log",
        "Cannot provide a placement group requiring",
        "log-ray-resources-short",
        {"detail": "cannot provide a placement group requiring 16 GPUs"},
    ),
    (
        "pg-init-started",
        "source-texts.log",
        "Init torch distributed begin.",
        "pg-init",
        {"detail": "SGLang's model runner"},
    ),
    (
        "pynccl-library-unloadable",
        "source-texts.log",
        "Failed to load NCCL library from",
        "log-nccl-library-unloadable",
        {"lib": "libnccl.so.2"},
    ),
    (
        "serving-head-unreachable",
        "source-texts.log",
        "Did not receive response from front-end",
        "log-serving-head-unreachable",
        {"who": "vLLM's engine core", "detail": "no reply in 5 minutes"},
    ),
    (
        "serving-head-unreachable",
        "source-texts.log",
        "Timeout waiting for worker ports from node 0",
        "log-serving-head-unreachable",
        {"who": "SGLang's data-parallel controller"},
    ),
    (
        "sglang-port-in-use",
        "source-texts.log",
        "dist_init_port at 20000",
        "master-port-in-use",
        {"port": "20000", "holder": "the process ['python3', '-m', 'sglang.launch_server', '--model-path', 'x']"},
    ),
    (
        "cuda-visible-devices-empty",
        "source-texts.log",
        "CUDA_VISIBLE_DEVICES is set to empty string",
        "log-no-gpu-visible",
        {"detail": " (CUDA_VISIBLE_DEVICES is set to an empty string)"},
    ),
    (
        "cuda-init-failed",
        "source-texts.log",
        "CUDA unknown error - this",
        "log-cuda-init-failed",
        {"error": "CUDA unknown error"},
    ),
    (
        "cuda-init-failed",
        "source-texts.log",
        "CUDA driver initialization failed",
        "log-cuda-init-failed",
        {"error": "CUDA driver initialization failed"},
    ),
    ("cuda-forward-compat", "source-texts.log", "Error 804: forward", "log-cuda-forward-compat", {}),
    (
        "slurm-unsatisfiable",
        "source-texts.log",
        "Memory required by task is not available",
        "log-slurm-request-unsatisfiable",
        {"tool": "srun", "error": "Memory required by task is not available"},
    ),
    (
        "nccl-comm-id-bad",
        "source-texts.log",
        "getting address info",
        "log-nccl-comm-id-bad",
        {"detail": "error encountered when getting address info : Name or service not known"},
    ),
    (
        "ib-device-unusable",
        "source-texts.log",
        "Unable to open device mlx5_2",
        "log-ib-device-unusable",
        {"dev": "mlx5_2", "detail": ""},
    ),
    (
        "cuda-driver-too-old",
        "source-texts.log",
        "Minimum requirement is 12000",
        "log-cuda-driver-too-old",
        {"who": "this NCCL build", "detail": " (the driver supports CUDA 11040, NCCL needs 12000)"},
    ),
    (
        "hydra-connect",
        "field/921-horovod-mpich-iface-missing.log",
        "unable to get host address",
        "log-mpi-launch-failed",
        {"detail": "server1 does not resolve where Hydra's proxy runs"},
    ),
    (
        "hydra-connect",
        "field/921-horovod-mpich-iface-missing.log",
        "check for firewalls",
        "log-mpi-launch-failed",
        {"detail": "Hydra's proxy could not connect to server2 port 39647"},
    ),
    (
        "nccl-connect-failed",
        "field/941-aws-p5-bootstrap-loopback-connect-abort.log",
        "Connect to 127.0.0.1",
        "log-nccl-connect-failed",
        {
            "addr": "127.0.0.1",
            "error": "Software caused connection abort: a loopback address, which only its own host reaches: NCCL "
            "was given or chose lo",
        },
    ),
    (
        "nccl-ofi-failed",
        "field/950-aws-ofi-efa-devices-not-in-container.log",
        "fi_getinfo",
        OFI_FAILED,
        {"detail": "OFI fi_getinfo() call failed: No data available"},
    ),
    (
        "nccl-ofi-failed",
        "field/954-eks-pod-identity-linklocal-nic-socket-fallback.log",
        "No eligible providers",
        OFI_FAILED,
        {"detail": "No eligible providers were found"},
    ),
    (
        "horovod-stalled",
        "field/962-horovod-tensor-names-differ-across-ranks.log",
        "only subset of ranks",
        "log-collective-mismatch",
        {},
    ),
    (
        "ompi-tcp-nat",
        "field/923-horovod-docker-masquerade-btl-tcp.log",
        "Match incoming connection",
        "log-mpi-peer-address-nat",
        {"addr": "44.128.0.4"},
    ),
    (
        "cuda-insufficient-driver",
        "field/907-lmdeploy-tp-nccl-cuda-driver-insufficient.log",
        "insufficient for CUDA runtime",
        "log-cuda-driver-too-old",
        {"who": "the CUDA runtime this job loads"},
    ),
    (
        "collective-mismatch-fingerprint",
        "field/919-jotr-collate-drop-allgather-shape-mismatch.log",
        "Rank 1 is running inconsistent",
        "log-collective-mismatch",
        {"detail": "rank 1 runs ALLGATHER of shape [40, 256, 8, 8, 8]"},
    ),
    (
        "client-socket-failed",
        "field/922-llamafactory-master-addr-netmask.log",
        "255.255.0.0",
        "log-master-addr-not-a-host",
        {"addr": "::ffff:255.255.0.0", "port": "29500"},
    ),
    (
        "store-libuv-missing",
        "field/804-windows-tcpstore-libuv-missing.log",
        "use_libuv was requested",
        "log-store-libuv-missing",
        {},
    ),
    (
        "nccl-connect-retrying",
        "field/864-fairseq-k8s-wrong-world-size-rank.log",
        "Call to connect returned",
        "connect-retry",
        {"addr": "", "gave_up": ""},
    ),
    (
        "sglang-load-barrier",
        "field/861-sglang-cold-nfs-load-barrier-timeout.log",
        "could finish the model loading",
        "log-ranks-not-loaded",
        {"rank": "1"},
    ),
    (
        "ray-shm",
        "field/860-vllm-docker-shm-64mb.log",
        "/dev/shm has only",
        "log-shm-container-default",
        {"size": "64 MiB"},
    ),
    (
        "ray-version-mismatch",
        "field/863-gpustack-ray-version-mismatch.log",
        "This process on node",
        "ray-versions",
        {"who": "this process on node 10.18.215.196", "ray": "2.44.1", "python": "3.11.10"},
    ),
]


CASES += [
    (
        "cuda-oom",
        "gpu-faults/cuda-oom.log",
        "CUDA out of memory",
        "log-gpu-out-of-memory",
        {"detail": " (rank 0; asked for 400.00 GiB; GPU 0 had 138.65 GiB free of 139.80 GiB)"},
    ),
    (
        "cuda-oom",
        "source-texts.log",
        "total capacity;",
        "log-gpu-out-of-memory",
        {"detail": " (asked for 20.00 MiB; GPU 0 had 3.06 MiB free of 15.78 GiB)"},
    ),
    (
        "cuda-oom",
        "source-texts.log",
        "total capacty",
        "log-gpu-out-of-memory",
        {"detail": " (asked for 1.15 GiB; GPU 0 had 912.81 MiB free of 23.69 GiB; process 454738 held 22.79 GiB)"},
    ),
    (
        "cuda-oom-error",
        "source-texts.log",
        "CUDA error: out of memory",
        "log-gpu-out-of-memory",
        {"detail": " (rank 3; CUDA error: out of memory)"},
    ),
    ("cuda-oom-error", "source-texts.log", "Cuda failure 2 'out", "log-gpu-out-of-memory", {}),
    (
        "nccl-net-missing",
        "source-texts.log",
        "network AWS Libfabric",
        "log-nccl-net-unavailable",
        {"detail": " (NCCL_NET=AWS Libfabric)"},
    ),
    ("nccl-net-none", "gpu-faults/net-ib-absent.log", "WARN Failed to initialize any", "log-nccl-net-unavailable", {}),
    (
        "torch-shm-file",
        "gpu-faults/dataloader-shm16m.log",
        "unable to allocate",
        "log-shm-too-small",
        {"who": "torch's DataLoader", "path": "/dev/shm", "detail": " (Resource temporarily unavailable)"},
    ),
    (
        "torch-shm-file",
        "gpu-faults/cpu-dataloader-shm16m.log",
        "unable to allocate",
        "log-shm-too-small",
        {"detail": " (No space left on device)"},
    ),
    (
        "cuda-device-assert",
        "gpu-faults/device-assert.log",
        "device-side assert triggered",
        "log-cuda-device-assert",
        {"condition": ""},
    ),
    (
        "cuda-kernel-assert",
        "gpu-faults/device-assert.log",
        "IndexKernel.cu",
        "log-cuda-device-assert",
        {"condition": ' (`-sizes[i] <= index && index < sizes[i] && "index out of bounds"`)'},
    ),
    (
        "cuda-kernel-assert",
        "source-texts.log",
        "ClassNLLCriterion.cu",
        "log-cuda-device-assert",
        {"condition": " (`t >= 0 && t < n_classes`)"},
    ),
    ("cuda-no-device", "source-texts.log", "No CUDA GPUs", "log-no-gpu-visible", {"detail": ""}),
    ("cuda-no-driver", "source-texts.log", "Found no NVIDIA driver", "log-no-gpu-visible", {}),
    ("device-id-range", "gpu-faults/no-visible-gpu.log", "out of range", "log-no-gpu-visible", {"detail": ""}),
    ("device-id-range", "source-texts.log", "device_id cuda:3 is out of range", "log-invalid-device-ordinal", {}),
    ("torch-cpu-build", "source-texts.log", "Torch not compiled with CUDA", "log-torch-cpu-build", {}),
    ("torch-cpu-build", "gpu-faults/cpu-torch-asked-for-gpu.log", "accelerator support", "log-torch-cpu-build", {}),
    (
        "nccl-graph-file-open",
        "gpu-faults/graph-file-missing.log",
        "Could not open XML graph file",
        "log-nccl-graph-file-bad",
        {"detail": "/nonexistent/graph.xml : No such file or directory"},
    ),
    (
        "torch-shm-write",
        "source-texts.log",
        "unable to write to file",
        "log-shm-too-small",
        {"detail": " (No space left on device)"},
    ),
    (
        "server-socket-failed-bare",
        "field/1441-mcquic-slurm-ntasks-exceed-nodes-port-bind.log",
        "failed to bind to",
        "master-port-in-use",
        {"port": "19936"},
    ),
    (
        "slurm-chdir-failed",
        "source-texts.log",
        "couldn't chdir",
        "log-workdir-missing",
        {"path": "/home/alice/llm-train", "detail": " (No such file or directory)"},
    ),
    (
        "slurm-execve-failed",
        "source-texts.log",
        "execve(): ",
        "log-slurm-exec-failed",
        {"command": "torchrun", "error": "No such file or directory"},
    ),
    (
        "slurm-prolog-failed",
        "source-texts.log",
        "Prolog or job env setup failure",
        "log-slurm-launch-failed",
        {"node": "gpu-node-7"},
    ),
    (
        "slurm-gres-mismatch",
        "source-texts.log",
        "count mismatch on node",
        "log-slurm-gres-mismatch",
        {"node": "gpu-node-3", "gres": "gpu", "detail": " (the job was given 8, the node reports 7)"},
    ),
    (
        "slurm-options-conflict",
        "source-texts.log",
        "is mutually exclusive with",
        "log-slurm-options-conflict",
        {
            "tool": "srun",
            "error": "--gpus-per-task is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU",
        },
    ),
    ("mpi-run-as-root", "source-texts.log", "attempt to run as root", "log-mpi-run-as-root", {"launcher": "mpirun"}),
    (
        "mpi-tcp-if-missing",
        "source-texts.log",
        "None of the TCP networks",
        "log-ifname-missing",
        {"var": "oob_tcp_if_include"},
    ),
    (
        "mpi-shmem-no-space",
        "source-texts.log",
        "not enough space for",
        "log-shm-too-small",
        {"who": "Open MPI", "path": "/dev/shm/vader_segment.gpu-node-1.4e2a0001.0"},
    ),
    ("mpi-peer-hung-up", "source-texts.log", "unexpectedly disconnected", "log-peer-closed", {}),
    ("mpi-ib-retry-exceeded", "source-texts.log", "InfiniBand retry count", "log-ib-retry-exceeded", {}),
    (
        "k8s-system-oom",
        "source-texts.log",
        "System OOM encountered",
        "log-rank-oom-killed",
        {"who": "python (pid 48213)"},
    ),
    ("k8s-gpu-unhealthy", "source-texts.log", "XidCriticalError", "log-gpu-hardware-fault", {}),
    (
        "cdi-unresolvable",
        "source-texts.log",
        "unresolvable CDI devices",
        "log-container-no-gpu-runtime",
        {"detail": "no CDI spec on this node lists nvidia.com/gpu=all"},
    ),
    (
        "ucx-ib-completion",
        "source-texts.log",
        "Transport retry count exceeded on",
        "log-ib-retry-exceeded",
        {"detail": " (UCX on mlx5_0:1/IB)"},
    ),
    ("ucx-memlock", "source-texts.log", "Please set max locked memory", "log-memlock-too-low", {}),
    (
        "store-connect-timing-out",
        "field/1501-spark-vllm-single-node-roce-host-ip-leak.log",
        "has timed out, will retry",
        "master-unreachable",
        {"addr": "10.10.10.1", "port": "<port>"},
    ),
    (
        "enroot-failed",
        "field/1544-pyxis-enroot-userns-apparmor-restricted.log",
        "enroot-nsenter",
        "log-pyxis-container-failed",
        {"detail": "enroot-nsenter: failed to create user namespace: Permission denied"},
    ),
    (
        "memlock-reg-mr-bare",
        "field/1520-wizardlm-ibv-reg-mr-memlock.log",
        "Call to ibv_reg_mr failed",
        "log-memlock-too-low",
        {},
    ),
    (
        "ray-port-conflict",
        "field/1546-ray-worker-ports-collision.log",
        "is trying to use a port number",
        "log-ray-port-conflict",
        {"component": "worker ports", "port": "16521"},
    ),
    (
        "ray-local-instance",
        "field/860-vllm-docker-shm-64mb.log",
        "Started a local Ray instance",
        "ray-local",
        {},
    ),
    (
        "launcher-var-missing",
        "field/1640-tgi-launcher-local-rank-not-injected.log",
        "KeyError",
        "log-launcher-var-missing",
        {"var": "LOCAL_RANK"},
    ),
    (
        "gpu-kernel-fault",
        "field/1604-rtx5090-nccl-missing-sm120-xid13.log",
        ": 43,",
        "log-gpu-kernel-fault",
        {"xid": "43"},
    ),
    (
        "ray-socket-path-long",
        "field/1722-ray-socket-path-too-long-pbs-tmpdir.log",
        "AF_UNIX path length",
        "log-ray-socket-path-long",
        {"max": "107"},
    ),
    (
        "slurm-node-failure",
        "source-texts.log",
        "Node failure on",
        "log-job-cancelled",
        {"node": "gpu-node-3", "reason": "due to a node failure"},
    ),
    (
        "nccl-net-count-mixed",
        "source-texts.log",
        "mixed local Net device counts",
        "log-net-device-count-mixed",
        {"min": "7", "max": "8"},
    ),
    (
        "nccl-ras-version-mismatch",
        "source-texts.log",
        "NCCL version mismatch with remote peer",
        "version-mismatch",
        {"detail": "NCCL 2.27.3 here; NCCL 2.26.2 on 10.0.0.12<51382>"},
    ),
    (
        "nccl-ib-devices-failed",
        "source-texts.log",
        "failed devices out of",
        "log-ib-port-down",
        {"detail": " (2 of a connection's 4 NICs failed)"},
    ),
    (
        "rdzv-endpoint-port-absent",
        "source-texts.log",
        "Port is absent in endpoint",
        "log-rdzv-endpoint-invalid",
        {"endpoint": "10.0.0.11"},
    ),
    ("device-index-past-visible", "source-texts.log", "exceeds available GPUs", "log-invalid-device-ordinal", {}),
    (
        "local-rank-not-in-environment",
        "source-texts.log",
        "LOCAL_RANK is not in the environment",
        "log-launcher-var-missing",
        {"var": "LOCAL_RANK"},
    ),
    (
        "mpich-nic-policy",
        "field/1303-frontier-mpich-nic-policy-numa-mpi4py-import-order.log",
        "NIC_POLICY",
        "log-mpich-nic-policy",
        {"rank": "4"},
    ),
    ("ib-gid-change", "source-texts.log", "Got async event : GID table change", "log-roce-gid-changed", {}),
    ("ib-gid-change", "source-texts.log", "GID table changed", "log-roce-gid-changed", {"dev": "mlx5_1:1"}),
    (
        "ib-queue-fatal",
        "source-texts.log",
        "async fatal event on QP",
        "log-ib-completion-error",
        {"status": "'local access violation work queue error'", "detail": " (an asynchronous event on QP of mlx5_0:1)"},
    ),
    ("ib-queue-fatal", "source-texts.log", "Got async event : CQ error", "log-ib-completion-error", {}),
    (
        "roce-gid-type-unreadable",
        "source-texts.log",
        "ncclIbRoceGetVersionNum",
        "log-roce-gid-type-unreadable",
        {"error": "Invalid argument"},
    ),
    ("nvml-library-missing", "source-texts.log", "Failed to open libnvidia-ml", "log-nvml-missing", {}),
    ("nvml-library-missing", "source-texts.log", "nvmlwrap.cc:74", "log-nvml-missing", {"detail": " (NCCL)"}),
    ("pg-initialized-twice", "source-texts.log", "process group twice", "log-pg-initialized-twice", {}),
    (
        "init-method-scheme-unknown",
        "source-texts.log",
        "No rendezvous handler for 10",
        "log-init-method-invalid",
        {"scheme": "10.0.0.11"},
    ),
    (
        "init-method-scheme-unknown",
        "source-texts.log",
        "No rendezvous handler for ://",
        "log-init-method-invalid",
        {"scheme": "(none)"},
    ),
    (
        "store-port-out-of-range",
        "source-texts.log",
        "port must have value",
        "master-port-invalid",
        {"raw": "295000"},
    ),
    (
        "client-socket-cannot-init",
        "field/1923-sandbox-localhost-rendezvous-operation-not-permitted.log",
        "errno: 1",
        "log-connect-not-permitted",
        {"addr": "localhost:29400", "error": "Operation not permitted"},
    ),
    (
        "client-socket-cannot-init",
        "field/1643-sandbox-blocks-local-tcpstore-rendezvous.log",
        "errno: 1",
        "log-connect-not-permitted",
        {"addr": "localhost:0"},
    ),
    (
        "nccl-connect-failed",
        "source-texts.log",
        "failed : Operation not permitted",
        "log-connect-not-permitted",
        {"addr": "10.0.0.12", "error": "Operation not permitted"},
    ),
    (
        "ib-ports-mixed",
        "field/1941-azure-ndv5-container-mlx5-ethernet-nic-busid.log",
        "NET/IB : Using",
        "log-ib-ports-mixed",
        {"detail": "mlx5_1:1 RoCE among 8 IB ports"},
    ),
    ("gloo-address", "field/1981-gloo-ifname-interface-without-ip.log", "Unable", "log-ifname-missing", {}),
    (
        "ray-resources-short",
        "field/1980-vllm-ray-leftover-placement-group-no-gpu.log",
        "no GPU available",
        "log-ray-resources-short",
        {},
    ),
    (
        "ray-resources-short",
        "field/1983-lmdeploy-ray-npu-resource-not-registered.log",
        "Cannot provide",
        "log-ray-resources-short",
        {},
    ),
    (
        "nccl-socket-interface",
        "field/1960-rccl-slingshot-socket-no-ofi-plugin.log",
        "NET/Socket : Using",
        "log-slingshot-sockets",
        {"interfaces": "hsn0 10.80.0.205, hsn1 10.80.0.154, hsn2 10.80.0.148, hsn3 10.80.1.80"},
    ),
    (
        "nccl-ofi-gpu-register",
        "field/1903-ofi-sendrecv-regattr-enosys-verbs.log",
        "type = 2",
        "log-nccl-ofi-gpu-register",
        {"detail": "aws-ofi-nccl, device 19"},
    ),
    (
        "pcie-atomics-missing",
        "field/1961-rccl-hostcall-pcie-atomics-vfio.log",
        "hostcall",
        "log-pcie-atomics-missing",
        {"detail": "Pcie atomics not enabled, hostcall not supported"},
    ),
    ("pcie-atomics-missing", "source-texts.log", "PCIE atomic ops", "log-pcie-atomics-missing", {}),
    (
        "nvidia-smi-handle-lost",
        "field/2162-slurm-h100-gpu-fell-off-bus-xid79.log",
        "device handle",
        "log-gpu-hardware-fault",
        {"detail": " (nvidia-smi cannot reach the GPU at 0000:C1:00.0)"},
    ),
    (
        "efa-device-rdma-unsupported",
        "field/2100-efa-g5-device-rdma-no-rdma-read.log",
        "FI_EFA_USE_DEVICE_RDMA",
        "log-efa-rdma-read-missing",
        {},
    ),
    (
        "enroot-runtime-path",
        "field/1352-determined-enroot-xdg-runtime-dir-unset.log",
        "/run/enroot",
        "log-enroot-runtime-path",
        {"path": "/run/enroot"},
    ),
    (
        "ray-ip-mismatch",
        "field/1264-ray-raylet-address-not-found-head-overloaded.log",
        "This node has an IP address",
        "log-ray-ip-mismatch",
        {},
    ),
    (
        "nccl-ofi-av-insert",
        "field/2102-ofi-av-insert-failed-sg-outbound.log",
        "address vector",
        "log-nccl-ofi-request-error",
        {"detail": " (no address for the peer on device 1: 0)"},
    ),
    (
        "nccl-ofi-request-error",
        "field/2101-efa-handshake-failed-sg-outbound.log",
        "completed with error",
        "log-nccl-ofi-request-error",
        {},
    ),
    (
        "gloo-no-interface",
        "field/2161-vllm-gloo-unable-find-interface-0000.log",
        "0.0.0.0",
        "log-master-addr-not-a-host",
        {"addr": "0.0.0.0"},
    ),
    (
        "store-client-port-zero",
        "field/1921-nemorun-torchrun-single-node-localhost-port0.log",
        "(localhost, 0)",
        "master-port-invalid",
        {"raw": "0"},
    ),
    (
        "nccl-bootstrap-truncated",
        "field/1905-gib-message-truncated-mixed-nccl-versions.log",
        "Message truncated",
        "log-nccl-bootstrap-truncated",
        {"got": "###"},
    ),
]

# Read after the twenty-eighth round was measured: Slurm's job-spec validation, UCX's shared-memory FIFO and address
# handles, torch's store ping, TensorPipe's verbs helpers, SGLang's port wait.
CASES += [
    (
        "slurm-job-spec-invalid",
        "field/2562-torchx-slurm-gpus-per-task-without-ntasks.log",
        "Failed to validate job spec",
        "log-slurm-options-conflict",
        {"tool": "sbatch"},
    ),
    (
        "slurm-job-spec-invalid",
        "source-texts.log",
        "--gpus not multiple of",
        "log-slurm-options-conflict",
        {"tool": "srun", "error": "--gpus not multiple of --gpus-per-task"},
    ),
    (
        "ucx-mm-fifo",
        "field/2563-k8s-nccl-allreduce-job-no-devshm-ucx-segfault.log",
        "receive FIFO",
        "log-shm-too-small",
        {"who": "UCX"},
    ),
    (
        "store-ping-foreign",
        "field/2523-vllm-ray-dp-engines-tcpstore-port-collision.log",
        "Ping failed",
        "log-store-port-foreign",
        {"addr": "127.0.0.1", "port": "37903", "detail": "expected 25984, got 68681728"},
    ),
    (
        "ucx-create-ah",
        "field/2520-dynamo-nixl-ucx-pod-netns-no-roce-netdev.log",
        "connect on mlx5_8",
        "log-rdma-address-unresolved",
        {"dev": "mlx5_8", "error": "No such device", "why_class": "ah-no-device"},
    ),
    (
        "ucx-create-ah",
        "field/2545-gb300-mpirun-ucx-ib-no-subnet-manager.log",
        "ibv_create_ah(",
        "log-rdma-address-unresolved",
        {"error": "Connection timed out", "why_class": "ah-timed-out"},
    ),
    (
        "ucx-create-ah",
        "source-texts.log",
        "for UD verbs connect on mlx5_2",
        "log-rdma-address-unresolved",
        {"dev": "mlx5_2", "error": "Connection timed out"},
    ),
    (
        "tensorpipe-ibv",
        "field/2502-tensorpipe-ibv-omnipath-hfi-invalid-argument.log",
        "tensorpipe/common/ibv.h",
        "log-tensorpipe-ibv-failed",
        {"error": "Invalid argument"},
    ),
    (
        "tensorpipe-ibv",
        "source-texts.log",
        "ibv.h:170",
        "log-tensorpipe-ibv-failed",
        {"error": "Cannot allocate memory"},
    ),
    (
        "sglang-port-in-use",
        "field/2525-srt-slurm-sglang-colocated-prefill-port-base.log",
        "port_base at",
        "log-port-in-use",
        {"port": "30234", "who": "SGLang (port_base)"},
    ),
    (
        "sglang-port-in-use",
        "source-texts.log",
        "nccl_port at 30235",
        "log-port-in-use",
        {"port": "30235", "who": "SGLang (nccl_port)"},
    ),
    (
        "gloo-pair-so-error",
        "field/2603-pyxis-gloo-etc-hosts-127011.log",
        "SO_ERROR",
        "log-gloo-loopback",
        {"detail": " (a peer advertised 127.0.1.1)"},
    ),
    (
        "gloo-family-mixed",
        "field/2601-gloo-tailscale-ipv6-vs-wifi-ipv4.log",
        "ss_family",
        "log-address-family",
        {"detail": "gloo's own address is IPv6 and its peer's IPv4"},
    ),
    ("store-libuv-missing", "source-texts.log", "PyTorch was built without libuv", "log-store-libuv-missing", {}),
    (
        "zmq-address-in-use",
        "field/2521-dynamo-hostnetwork-zmq-port-collision.log",
        "ZMQError",
        "log-port-in-use",
        {"port": "20380", "who": "ZeroMQ (pyzmq)"},
    ),
    (
        "slurm-cpu-bind",
        "source-texts.log",
        "CPU binding outside of job step allocation",
        "log-slurm-cpu-bind-failed",
        {"error": "CPU binding outside of job step allocation, allocated CPUs are: 0x00000000000000FF00000000000000FF"},
    ),
    (
        "slurm-cpu-bind",
        "source-texts.log",
        "srun: error: Unable to satisfy cpu bind request",
        "log-slurm-cpu-bind-failed",
        {"error": "Unable to satisfy cpu bind request"},
    ),
    (
        "slurm-task-launch-failed",
        "source-texts.log",
        "failed on node gpu-node-9: Unable to satisfy",
        "log-slurm-cpu-bind-failed",
        {"error": "Unable to satisfy cpu bind request"},
    ),
    (
        "nccl-gin-gdaki",
        "source-texts.log",
        "gin_host_gdaki.cc:35 NCCL WARN DOCA",
        "log-nccl-gin-gdaki-failed",
        {"detail": " (DOCA failure -1)"},
    ),
    (
        "nccl-gin-gdaki",
        "field/2701-gb10-nccl-gin-gdaki-segfault.log",
        "transport/net_ib/gdaki/gin_host_gdaki.cc ...",
        "log-nccl-gin-gdaki-failed",
        {"detail": ""},
    ),
    (
        "gcp-gpudirect-tcpx",
        "field/2703-gke-tcpxo-rxdm-dmabuf-importer.log",
        "Failed to create dmabuf importer context",
        "log-gcp-gpudirect-tcpx-failed",
        {
            "detail": "its daemon could not open /dev/dmabuf_import_helper: the import helper module is not loaded on "
            "the node, or the device was not given to the daemon's container"
        },
    ),
    (
        "ray-resources-short",
        "source-texts.log",
        "No available node types can fulfill resource requests {",
        "log-ray-resources-short",
        {"detail": "it asks {'GPU': 8.0, 'CPU': 8.0}"},
    ),
    (
        "ray-resources-short",
        "field/2725-ray-strict-pack-tp8-on-4gpu-nodes-pg-timeout.log",
        "No available node types",
        "log-ray-resources-short",
        {"detail": "it asks {'GPU': 8.0, 'CPU': 8.0}"},
    ),
    (
        "url-port-not-int",
        "field/2742-vllm-tcp-init-url-port-is-function.log",
        "ValueError: Port could not be cast to integer value as '<function",
        "log-init-url-port-invalid",
        {"value": "'<function get_open_port at 0x7fc97190a7a0>'"},
    ),
    (
        "url-port-frame",
        "field/2741-vllm-dp-multinode-ipv6-unbracketed-url.log",
        "urllib/parse.py",
        "log-init-url-port-invalid",
        {"value": "…"},
    ),
    (
        "ray-visible-ids-preset",
        "field/2743-ray-runtime-env-leaks-cuda-visible-devices.log",
        "worker.get_accelerator_ids_for_accelerator_resource(",
        "log-ray-visible-devices-preset",
        {},
    ),
    (
        "nixl-ucx-no-cuda",
        "field/2744-trtllm-disagg-ucx-tls-tcp-vram-as-host.log",
        "UCX CUDA support was not found",
        "log-ucx-no-gpu-memory",
        {},
    ),
    (
        "nixl-ucx-no-cuda",
        "field/2744-trtllm-disagg-ucx-tls-tcp-vram-as-host.log",
        "VRAM memory is detected as host",
        "log-ucx-no-gpu-memory",
        {},
    ),
    (
        "nccl-p2p-ipc-export",
        "field/2800-rocm-image-hsa-ipc-legacy-mode-gfx12.log",
        "hipIpcGetMemHandle failed",
        "log-gpu-ipc-failed",
        {"error": "hipIpcGetMemHandle: invalid argument"},
    ),
    (
        "nccl-p2p-ipc-export",
        "field/2782-rocm-docker-rccl-invalid-device-pointer-no-dkms.log",
        "'invalid device pointer'",
        "log-gpu-ipc-failed",
        {"error": "P2P transport: invalid device pointer"},
    ),
    (
        "mooncake-qp-unsupported",
        "field/2841-sglang-mooncake-rdma-transport-on-efa-qp-unsupported.log",
        "Failed to create QP",
        "log-rdma-qp-unsupported",
        {},
    ),
    (
        "neuron-global-comm",
        "field/2801-ray-neuron-xla-root-comm-id-unset.log",
        "Nrt::BuildGlobalComm failed",
        "log-neuron-comm-failed",
        {"cores": "0-1(2)", "status": "1"},
    ),
    (
        "oneccl-device-dir",
        "field/2805-oneccl-docker-dri-by-path-missing.log",
        "could not open device directory",
        "log-oneccl-device-dir-missing",
        {},
    ),
    (
        "xla-device-unavailable",
        "field/2803-ray-train-neuron-core-per-worker-isolation.log",
        "was explicitly",
        "log-invalid-device-ordinal",
        {},
    ),
    (
        "gcp-gpudirect-tcpx",
        "field/2842-gke-tcpxo-guest-config-checker-enforced-env.log",
        "mismatch enforced",
        "log-gcp-gpudirect-tcpx-failed",
        {"detail": "the node's guest config enforces another value: NCCL_FASTRAK_NUM_FLOWS=4 (expected 2)"},
    ),
    (
        "slurm-cpu-bind",
        "field/2726-submitit-srun-cpu-bind-noncontiguous-mask.log",
        "Unable to satisfy cpu bind request",
        "log-slurm-cpu-bind-failed",
        {"error": "Unable to satisfy cpu bind request"},
    ),
    (
        "nccl1-core",
        "field/2921-nccl1-multinode-cuda-malloc-failed.log",
        "core.cu:225",
        "nccl-1",
        {"version": "1.x", "detail": "failed to allocate 2101248 byte device buffer"},
    ),
    (
        "script-args-rejected",
        "field/2940-deepspeed-launcher-yaml-config-after-local-rank.log",
        "arguments are required",
        "log-script-args-rejected",
        {"script": "train.py", "detail": "the following arguments are required: --output_dir/--output-dir"},
    ),
    (
        "deepspeed-spawn-local-rank-first",
        "field/2940-deepspeed-launcher-yaml-config-after-local-rank.log",
        "spawned with command",
        "local-rank-first",
        {},
    ),
    (
        "rdzv-endpoint-invalid",
        "field/2942-accelerate-store-true-flag-given-value-rdzv-endpoint-none.log",
        "'None:None'",
        "log-rdzv-endpoint-none",
        {"endpoint": "None:None"},
    ),
    (
        "torch-too-old",
        "field/2943-accelerate-launch-multi-gpu-torch-too-old.log",
        "requires pytorch",
        "log-torch-too-old",
        {"version": "1.9.1"},
    ),
    (
        "deepspeed-mpi-world-mismatch",
        "field/2944-deepspeed-megatron-example-mpirun-world-size-mismatch.log",
        "MPI world size",
        "log-mpi-world-mismatch",
        {"mpi": "16", "torch": "8"},
    ),
    (
        "ray-bundle-index-invalid",
        "field/2960-openrlhf-hybrid-engine-pg-smaller-than-vllm-workers.log",
        "bundle index",
        "log-ray-bundle-index-invalid",
        {"index": "6", "valid": "0-4"},
    ),
    (
        "slurm-count-compressed",
        "field/2980-slurm-step-tasks-per-node-compressed-format.log",
        "invalid literal",
        "log-slurm-count-compressed",
        {"value": "1(x2)"},
    ),
    (
        "vllm-ray-node-ip-keys",
        "field/2961-vllm-dp-ray-pg-group-node-keys-assert.log",
        "node IP keys",
        "log-ray-node-ip-keys",
        {},
    ),
    (
        "container-hook-failed",
        "field/2981-enroot-nvidia-hook-libnvidia-container-1177-regression.log",
        "file lookup failed",
        "log-container-hook-failed",
        {},
    ),
    (
        "tensorpipe-refused",
        "field/3020-tensorpipe-rpc-econnrefused-hostname-loopback.log",
        "ECONNREFUSED",
        "log-rpc-connect-refused",
        {"worker": "Test0", "peer": "Test1"},
    ),
    (
        "deepspeed-pdsh-export-unquoted",
        "field/3060-deepspeed-pdsh-export-slurm-var-paren-syntax-error.log",
        "cmd = pdsh",
        "log-launcher-export-unquoted",
        {"var": "SLURM_JOB_CPUS_PER_NODE", "value": "64(x2)"},
    ),
    (
        "fast-llm-desync",
        "field/3061-fast-llm-barrier-desync-pythonhashseed.log",
        "Desync detected",
        "log-ranks-desync",
        {"barrier": "train begin", "detail": "66830148464 != 133042721120"},
    ),
    (
        "torch-extensions-root",
        "field/3062-openrlhf-slurm-multinode-stuck-torch-extensions-lock.log",
        "extensions root",
        "extensions-root",
        {"root": ".cache/torch_extensions/py310_cu118"},
    ),
    (
        "mpi-not-enough-slots",
        "field/3063-dstack-nccl-tests-mpirun-hostfile-without-slots.log",
        "not enough slots",
        "log-mpi-slots-missing",
        {"slots": "N"},
    ),
    (
        "tensor-not-contiguous",
        "field/3121-torch-npu-all-reduce-noncontiguous-tensor.log",
        "must be contiguous",
        "log-tensor-not-contiguous",
        {},
    ),
    (
        "lightning-children-assert",
        "field/3101-lightning-ddp-children-spawned-twice-by-platform.log",
        "assert self.local_rank",
        "log-lightning-spawns-again",
        {},
    ),
    (
        "hccl-heartbeat-lost",
        "field/3120-ascend-hccl-allreduce-timeout-heartbeat-lost.log",
        "Heartbeat Lost",
        "log-hccl-heartbeat-lost",
        {"device": "90.90.92.240/1"},
    ),
    (
        "ib-reg-mr-rejected",
        "source-texts.log",
        "failed with error Invalid argument",
        "log-ib-reg-mr-rejected",
        {"call": "ibv_reg_mr_iova2", "error": "Invalid argument"},
    ),
    (
        "ib-reg-mr-rejected",
        "source-texts.log",
        "ibv_reg_mr failed: Bad",
        "log-ib-reg-mr-rejected",
        {"call": "ibv_reg_mr", "error": "Bad address"},
    ),
    ("client-socket-failed", "source-texts.log", "[ip-26-0-146-37]:22456 (errno: 22", "connect-tried", {}),
    ("address-family", "source-texts.log", "[jwb0475i.juwels]:7010 (errno: 97", "connect-tried", {}),
    (
        "client-socket-failed",
        "field-healthy/4403-fairseq-8-gpu-rtx3090-c10d-client-socket-errno99-warn-store-barrier-training.log",
        "errno: 99",
        "connect-tried",
        {},
    ),
    (
        "client-socket-failed",
        "source-texts.log",
        "fe80::1c4b:2ff:fe3c:1a2b%eth0]:29500 (errno: 22",
        "master-no-route",
        {
            "addr": "fe80::1c4b:2ff:fe3c:1a2b%eth0",
            "port": "29500",
            "error": "Invalid argument: a link-local address, which only its own link reaches",
        },
    ),
    (
        "nccl-connect-failed",
        "source-texts.log",
        "Connect to 169.254.3.7",
        "log-nccl-connect-failed",
        {"addr": "169.254.3.7"},
    ),
    ("run-succeeded", "source-texts.log", "exits successfully", "clean", {}),
    ("run-succeeded", "healthy-info.node1.log", "WorkerState.SUCCEEDED", "clean", {}),
    (
        "elastic-rendezvous-started",
        "field/1280-torchrun-rdzv-endpoint-without-port.log",
        "Rendezvous'ing",
        "rdzv-started",
        {},
    ),
    (
        "elastic-launch-endpoint",
        "field/1280-torchrun-rdzv-endpoint-without-port.log",
        "rdzv_endpoint ",
        "rdzv-endpoint",
        {"endpoint": "172.30.2.12"},
    ),
    (
        "store-wait-timeout",
        "field/3124-torchrun-socket-timeout-node-start-skew.log",
        "The inner error",
        "log-store-timeout",
        {"detail": " (Socket Timeout)"},
    ),
    (
        "container-hook-failed",
        "source-texts.log",
        "failed to add device rules",
        "log-container-hook-failed",
        {},
    ),
    (
        "store-host-ptr-name",
        "source-texts.log",
        "ip6.arpa, 55738) cannot be retrieved",
        "log-store-host-ptr-name",
        {"host": "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.ip6.arpa"},
    ),
    (
        "nccl-comm-id-bad",
        "field/3393-neuron-nccl-comm-id-fqdn-over-63-chars.log",
        "Invalid NCCL_COMM_ID",
        "log-nccl-comm-id-host-too-long",
        {"length": "65"},
    ),
    (
        "nccl-ofi-tuner-refused",
        "field/3800-aws-ofi-nccl-tuner-rejects-plugin-set-nccl-proto.log",
        "The tuner plugin can not be loaded",
        "log-nccl-ofi-tuner-refused",
        {},
    ),
    (
        "dataloader-worker-segv",
        "field/3830-horovod-summit-dataloader-fork-segfault-ib-mpi.log",
        "segmentation fault encountered in worker",
        "log-dataloader-worker-segfault",
        {},
    ),
    (
        "dataloader-worker-died",
        "source-texts.log",
        "is killed by signal: Segmentation fault",
        "log-dataloader-worker-segfault",
        {},
    ),
    (
        "glibc-tls-race",
        "field/3391-neuron-glibc226-dl-tls-assertion-rpc-connection-reset.log",
        "_dl_allocate_tls_init",
        "log-glibc-tls-race",
        {},
    ),
    (
        "oneccl-local-coord",
        "field/1463-xpu-oneccl-accelerate-launch-no-mpi-launcher.log",
        "getenv_local_coord",
        "log-oneccl-launcher-env-missing",
        {},
    ),
    (
        "node-user-unknown",
        "field/1262-cscs-pyxis-container-user-id-unsynced-node.log",
        "cannot find name for user ID",
        "log-node-user-unknown",
        {"uid": "42"},
    ),
    (
        "collective-mismatch",
        "source-texts.log",
        "Rank 0 is running collective: CollectiveFingerPrint(OpType=ALLGATHER",
        "log-collective-mismatch",
        {"detail": "rank 0 runs ALLGATHER, rank 2 runs ALLGATHER"},
    ),
    (
        "store-host-gai",
        "field/3962-verl-ray-ipv6-master-addr-brackets-gai-error-store-hang.log",
        "cannot be retrieved",
        "log-master-addr-bracketed",
        {"host": "[2605:340:cd51:4900:73e8:12cb:cfe2:1540]"},
    ),
    (
        "kv-transfer-init-failed",
        "field/3901-mooncake-no-suitable-gid-ipv6-only-roce.log",
        "No suitable GID found on",
        "log-kv-transfer-init-failed",
        {"detail": "No suitable GID found on mlx5_bond_1"},
    ),
    (
        "kv-transfer-init-failed",
        "field/3906-checkpoint-engine-mooncake-rdma-port-not-active-no-rnic.log",
        "port not active",
        "log-kv-transfer-init-failed",
        {"detail": "Device mlx5_3 port not active"},
    ),
    (
        "rccl-hsa-env-required",
        "field/3930-rccl-fatal-hsa-no-scratch-reclaim-unset-dp-init.log",
        "Please set HSA_NO_SCRATCH_RECLAIM=1",
        "log-rccl-hsa-env-required",
        {},
    ),
    (
        "efa-device-unopenable",
        "field/3990-efa-provider-aborts-on-unopenable-host-mlx5-in-k8s-pod.log",
        "efa_device_construct_gid():47",
        "log-efa-device-unopenable",
        {"error": "ibv_open_device failed! errno: 2"},
    ),
    (
        "ucx-no-protocol",
        "field/3900-nixl-ucx-gb300-cuda13-no-remote-protocol-vram-dram.log",
        "get(multi) into cuda/GPU0 from host",
        "log-ucx-no-protocol",
        {"transfer": "get(multi) into cuda/GPU0 from host"},
    ),
    (
        "nvlink-fabric-out-of-sync",
        "field/3905-nvshmem-nvls-cumemmap-fails-fabric-state-out-of-sync.log",
        "NV_ERR_FABRIC_STATE_OUT_OF_SYNC",
        "log-nvlink-fabric-out-of-sync",
        {},
    ),
    (
        "ucx-connect-failed",
        "field/4050-dynamo-nixl-ucx-unreachable-interface-network-unreachable.log",
        "UCX  ERROR",
        "log-ucx-connect-failed",
        {"addr": "10.25.117.11:64468", "error": "Network is unreachable"},
    ),
    (
        "address-empty",
        "field/4053-eks-lws-vllm-dp-worker-empty-leader-ip-dns-race-invalid-zmq-path.log",
        "Invalid zmq path",
        "log-address-empty",
        {"endpoint": "tcp://:29550"},
    ),
    (
        "gpu-memory-taken",
        "source-texts.log",
        "Free memory on device cuda:3 (173.8/178.35 GiB)",
        "log-gpu-memory-share-too-high",
        {"util": "0.98", "want": "174.78", "free": "173.8"},
    ),
    (
        "shm-segment-elsewhere",
        "field/2321-vllm-cross-node-shm-ringbuffer-bug.log",
        "/psm_",
        "log-shm-segment-elsewhere",
        {"segment": "/psm_871ece2c"},
    ),
]


@pytest.mark.parametrize(("key", "fixture", "needle", "name", "params"), CASES)
def test_signature_on_a_real_line(key: str, fixture: str, needle: str, name: str, params: dict[str, str]) -> None:
    line = real_line(fixture, needle)
    hits = [h for h in match_line(line) if h.key == key]
    assert hits, line.text
    assert hits[0].finding == name
    assert params.items() <= dict(hits[0].params).items()
    if name not in MARKERS:  # a marker for other findings, not a finding of its own
        title, fix = describe_params(name, dict(hits[0].params))
        unfilled = re.findall(r"\{\w+\}", title + fix)  # a placeholder no param filled (a value may hold braces)
        assert not [p for p in unfilled if all(p not in v for v in dict(hits[0].params).values())]


def describe_params(name: str, params: dict[str, str]) -> tuple[str, str]:
    from distdoctor.model import Finding

    return describe(Finding(name, CATALOGUE[name].severity, params=tuple(params.items())), "zh")


def test_every_signature_has_a_real_line() -> None:
    assert {s.key for s in SIGNATURES} == {case[0] for case in CASES}


def test_lines_of_other_texts_match_nothing() -> None:
    # the store's reverse lookup is a marker alone (a tally times these lines; the marker makes a cut one whole)
    lookup = real_line("healthy.node1.log", "hostname of the client socket cannot be retrieved")
    assert [h.finding for h in match_line(lookup)] == ["reverse-lookup"]
    assert match_line(real_line("launch-local-rank.log", "Note that --use-env is set by default")) == []


def test_nccls_lookup_of_a_plugin_that_is_not_there_is_no_fault_and_one_that_would_not_load_is_slow_not_failed() -> (
    None
):
    absent = to_input(_source_lines("Plugin load returned 2 : libnccl-net.so: cannot open"), "a.log")
    assert explain_findings([absent]) == []
    default_lookup = real_line("field/203-azure-ncv4-graph-file-dev-not-found.log", "dlerror=libnccl-net.so")
    assert [h.finding for h in match_line(default_lookup)] == []
    unloadable = to_input(_source_lines("undefined symbol: fi_strerror"), "a.log")
    assert [(f.name, f.severity) for f in explain_findings([unloadable])] == [
        ("log-nccl-net-plugin-unloadable", "warning")
    ]


def test_a_library_a_finding_names_with_its_own_fix_is_not_also_a_library_that_would_not_load() -> None:
    line = "ImportError: /opt/conda/lib/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister"
    names = [f.name for f in explain_findings([to_input(line, "a.log")])]
    assert names == ["log-nccl-library-older"]


def test_an_rdma_driver_libibverbs_could_not_load_is_the_cause_where_nccl_then_found_no_network() -> None:
    alone = to_input(_source_lines("couldn't load driver 'libmlx5"), "a.log")
    assert [(f.name, f.severity) for f in explain_findings([alone])] == [("log-ibverbs-driver-unloadable", "warning")]
    assert [(f.name, f.severity) for f in explain_findings([read_log(str(LOGS / "field" / _GKE_IBVERBS))])] == [
        ("log-ibverbs-driver-unloadable", "error")
    ]


_GKE_IBVERBS = "2480-gke-libibverbs-rdmav57-version-conflict.log"


def test_a_distributed_checkpoint_whose_metadata_no_rank_found_is_a_missing_file() -> None:
    (finding,) = explain_findings([to_input(_source_lines("global metadata read failed"), "a.log")])
    assert finding.name == "log-file-missing"
    assert finding.param_map["path"] == "/local_scratch/ckpt/step_2000/.metadata"


@pytest.mark.parametrize(
    "line",
    [
        "(EngineCore_DP0 pid=4121) RuntimeError: something no signature knows",  # vLLM V1's child processes
        "(RayTrainWorker pid=48210, ip=10.0.0.1) ValueError: something no signature knows",  # Ray's actors
        "ERROR 06-12 10:21:33 [core.py:708] EngineCore failed to start.",  # vLLM's and SGLang's level prefix
    ],
)
def test_an_exception_or_error_behind_a_child_process_prefix_is_a_failure(line: str) -> None:
    log = to_input(line, "a.log")
    assert [f.name for f in explain_findings([log])] == ["log-unexplained-failure"]


def test_a_launcher_value_someone_mistyped_is_not_read_as_an_unset_variable() -> None:
    line = "torchrun: error: argument --nnodes: invalid int value: 'two'"
    assert [f.name for f in explain_findings([to_input(line, "a.log")])] == ["log-script-args-rejected"]


def test_rccls_default_plugin_lookup_and_its_tuning_advice_are_no_failure() -> None:
    # every RCCL job at NCCL_DEBUG=INFO prints them, the ones that run included
    text = _source_lines("Could not find: librccl-net.so", "NUMA auto balancing enabled", 'Missing "iommu=pt"')
    log = to_input(text, "a.log")
    assert [(f.name, f.severity) for f in explain_findings([log])] == [("log-rccl-iommu-not-pt", "warning")]
    assert failure_lines(log) == []


def node_findings(*fixtures: str) -> dict[str, set[str]]:
    """Finding names by node over the given fixtures (one node per file)."""
    found: dict[str, set[str]] = {}
    for f in explain_findings([read_log(str(LOGS / name)) for name in fixtures]):
        found.setdefault(f.node or "all", set()).add(f.name)
    return found


# The scenarios of tests/cluster/test_gather_cluster.py: what `check` names there, what `explain` names on torchrun's
# own logs of the same fault (by node), and where torchrun's text cannot tell, the gap.
SCENARIOS = [
    (
        "port-drop",
        {"node-missing", "master-unreachable"},
        {"node1": {"node-missing"}, "node2": {"master-unreachable"}},
        "",
    ),
    ("node-missing", {"node-missing"}, {"node1": {"node-missing"}}, ""),
    (
        "localhost-worker",
        {"node-missing", "master-addr-loopback"},
        {"node1": {"node-missing"}, "node2": {"master-addr-loopback"}},
        "",
    ),
    ("port-in-use", {"master-port-in-use"}, {"node1": {"master-port-in-use"}}, ""),
    (
        "node-rank-duplicate",
        {"node-rank-duplicate"},
        {
            "all": {"node-rank-duplicate"},
            "node1": {"log-store-key-timeout"},
            "node2": {"log-store-key-timeout"},
            "node3": {"log-store-key-timeout"},
        },
        "",
    ),
    (
        "port-reject",
        {"node-missing", "master-port-refused"},
        {"node1": {"node-missing"}, "node2": {"master-unreachable"}},
        "torch prints the same timeout for REJECT as DROP",
    ),
    (
        "nnodes-mismatch",
        {"nnodes-mismatch"},
        {"node2": {"log-store-closed"}},
        "torchrun trains with node 0's count and logs no nnodes; only node 0's early exit shows",
    ),
    (
        "gloo-ifname-lo-all",
        {"ifname-loopback"},
        {"node1": {"log-gloo-loopback"}, "node2": {"log-gloo-connect-failed"}},
        "torch's text cannot tell GLOO_SOCKET_IFNAME=lo from a hostname on loopback: the finding names both",
    ),
    (
        "master-unresolvable",
        {"master-addr-unresolvable"},
        {"node1": {"node-missing"}, "node2": {"log-store-host-unresolvable"}},
        "the log names the store's host, check names MASTER_ADDR: two names for one fault",
    ),
    (
        "master-port-differs",
        {"master-port-refused"},
        {"node1": {"node-missing"}, "node2": {"master-unreachable"}},
        "torch 2.13 retries a refused connect until its timeout and reports that; check's probe sees the refusal",
    ),
    ("nproc-differs", set(), {"node1": {"log-ends-at-launch"}}, ""),  # healthy: a warning, never an error
    ("no-launcher", {"env-missing"}, {"node1": {"env-missing"}}, ""),
    (
        "gloo-ifname-lo",
        {"ifname-loopback"},
        {"node1": {"log-ends-at-launch"}, "node2": {"log-ends-at-launch"}},
        "torch 2.13 under torchrun hung 90 s with nothing past its start banner, as a healthy silent job ends",
    ),
]


@pytest.mark.parametrize(("scenario", "check_names", "expected", "gap"), SCENARIOS)
def test_explain_names_the_cause_check_names(
    scenario: str, check_names: set[str], expected: dict[str, set[str]], gap: str
) -> None:
    fixtures = sorted(p.name for p in LOGS.glob(f"{scenario}.node*.log")) or [f"{scenario}.log"]
    got = node_findings(*fixtures)
    named = {
        "node1" if n == f"{scenario}.log" else n.removeprefix(f"{scenario}.").removesuffix(".log"): v
        for n, v in got.items()
    }
    assert named == expected
    everything = set().union(*named.values()) if named else set()
    assert (check_names <= everything) is (not gap), gap


def test_a_failure_no_signature_explains_is_an_error_with_its_decisive_lines() -> None:
    logs = [read_log(str(LOGS / "worker-raised.log")), read_log(str(LOGS / "worker-raised.error.json"))]
    (finding,) = explain_findings(logs)
    assert finding.name == "log-unexplained-failure" and finding.severity == "error"
    assert dict(finding.params)["line"] == "ValueError: rank 0: a user error, to see torchrun's error file"
    assert any("Traceback" in e for e in finding.evidence)
    assert (
        error_lines(logs)[-1]
        == "worker-raised.error.json:8: ValueError: rank 0: a user error, to see torchrun's error file"
    )


@pytest.mark.parametrize(
    ("excerpt", "line"),
    [
        ("131-horovod-gloo-rendezvous-timeout-50-nodes.log", "terminate called after throwing"),
        ("135-horovodrun-ssh-permission-denied-wrong-port.log", "Permission denied (publickey"),
        ("136-horovodrun-localhost-no-slot-count.log", "not enough slots available"),
        ("318-dgx-containers-bootstrap-over-ipoib-socket-fail.log", "NCCL INFO misc/socket.cc:567 -> 2"),
        ("1192-nccl-242-multinode-docker-unhandled-system-error.log", "NCCL error in: "),  # a misspelt error text
        ("1303-frontier-mpich-nic-policy-numa-mpi4py-import-order.log", "Fatal error in PMPI_Init_thread"),
        ("1463-xpu-oneccl-accelerate-launch-no-mpi-launcher.log", "|CCL_ERROR|"),
        ("2541-efa-eq-error-dataloader-fork.log", "Unable to write to EQ"),  # libfabric's RxR, before its abort()
        ("2547-slurm-cpuset-mems-gb300-no-cuda.log", "NVRM: Assertion failed"),
    ],
)
def test_a_cpp_abort_or_a_launcher_that_never_started_the_ranks_is_a_failure(excerpt: str, line: str) -> None:
    log = read_log(str(LOGS / "field" / excerpt))
    findings = explain_findings([log])
    assert findings and findings[0].severity == "error", findings
    # the safety net sees the failure even where a signature explains it
    assert any(line in failed.text for failed in failure_lines(log))


def test_nccls_invalid_argument_where_the_script_spawns_its_own_ranks_names_the_double_start() -> None:
    log = read_log(str(LOGS / "field" / "129-fairseq-launch-plus-spawn-rank5-on-4-gpus.log"))
    (finding,) = explain_findings([log])
    assert finding.name == "log-nccl-invalid-argument"
    assert "torch.multiprocessing.spawn" in finding.param_map["detail"]
    without_spawn = to_input("\n".join(line.text for line in log.lines if "spawn" not in line.text), "a.log")
    assert [f.param_map["detail"] for f in explain_findings([without_spawn])] == [""]


def test_nccls_internal_error_yields_to_the_warn_that_names_the_interface_it_could_not_find() -> None:
    log = read_log(str(LOGS / "field" / "154-ifname-eth0-absent-bootstrap-no-interface.log"))
    assert any("internal error" in line.text for line in log.lines)
    assert [f.name for f in explain_findings([log])] == ["log-ifname-missing"]


def test_a_log_without_a_failure_is_healthy() -> None:
    logs = [read_log(str(LOGS / "healthy.node1.log")), read_log(str(LOGS / "healthy.node2.log"))]
    assert explain_findings(logs) == []


def test_nccls_warn_that_libibverbs_is_absent_is_no_failure() -> None:
    # NCCL 2.x printed it as a WARN on every host without RDMA, then used sockets; later releases print it as INFO
    log = read_log(str(LOGS / "field" / "223-aws-g4dn-ray-nccl-veth-link-local.log"))
    assert any("NCCL WARN Failed to open libibverbs" in line.text for line in log.lines)
    assert failure_lines(log) == []


def test_error_file_is_read_as_its_message_and_traceback() -> None:
    log = read_log(str(LOGS / "worker-raised.error.json"))
    assert log.lines[0].text == "ValueError: rank 0: a user error, to see torchrun's error file"
    assert any("Traceback (most recent call last):" in line.text for line in log.lines)


def test_nodes_printing_different_nccl_versions_are_a_version_mismatch() -> None:
    a = to_input("host-a:1:1 [0] NCCL INFO NCCL version 2.18.1+cuda12.1\n", "a.log")
    b = to_input("host-b:7:7 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n", "b.log")
    (finding,) = [f for f in explain_findings([a, b]) if f.name == "version-mismatch"]
    assert dict(finding.params)["detail"] == "NCCL 2.18.1 on host-a; NCCL 2.21.5 on host-b"
    assert explain_findings([a, to_input(a.lines[0].text.replace("host-a", "host-c"), "c.log")]) == []


def test_each_text_once_per_node_with_line_numbers() -> None:
    (finding,) = [f for f in explain_findings([read_log(str(LOGS / "port-drop.node2.log"))])]
    assert finding.node == "port-drop.node2.log"
    assert all(e.startswith("port-drop.node2.log:") for e in finding.evidence[:-1])


def _source_lines(*needles: str) -> str:
    """The lines of source-texts.log holding these needles, in file order, as one paste."""
    text = (LOGS / "source-texts.log").read_text().splitlines()
    return "\n".join(line for line in text if not line.startswith("#") and any(n in line for n in needles))


def test_one_port_event_seen_by_every_process_of_a_host_is_a_port_down_not_a_flap() -> None:
    names = [f.name for f in explain_findings([to_input(_source_lines("...-48:"), "a.log")])]
    assert names == ["log-ib-port-down"]


def test_torchs_fatal_line_after_a_timeout_is_a_failure_and_the_dump_signal_names_the_rank() -> None:
    fatal = to_input(_source_lines("Terminating the process after attempting"), "a.log")
    assert [f.severity for f in explain_findings([fatal])] == ["error"]
    assert failure_lines(fatal)
    signalled = to_input(_source_lines("from another rank via TCPStore", "timeout from  rank 1"), "a.log")
    findings = explain_findings([signalled])
    assert {f.name for f in findings} == {"log-timeout-on-another-rank"}
    assert any("rank 1 timed out first" in f.param_map["detail"] for f in findings)


def test_a_port_that_goes_down_and_comes_back_is_flapping() -> None:
    text = _source_lines("port error(10)", "port active(9)")
    (finding,) = [f for f in explain_findings([to_input(text, "a.log")]) if f.name.startswith("log-ib-port")]
    assert finding.name == "log-ib-port-flapping"
    assert finding.param_map["events"] == "1 port-down event(s), 1 port-up event(s)"
    kernel = _source_lines("Link down", "Link up")
    assert [f.name for f in explain_findings([to_input(kernel, "dmesg.log")])] == ["log-ib-port-flapping"]


def test_an_nccl_system_error_with_every_rank_on_one_host_names_dev_shm() -> None:
    log = read_log(str(LOGS / "field" / "011-docker-no-ipc-host-unhandled-system.log"))
    names = [f.name for f in explain_findings([log])]
    assert names[0] == "log-shm-likely"
    assert explain_findings([log])[0].param_map["host"] == "fastmoe"


def test_an_nccl_system_error_where_the_log_does_not_show_the_hosts_is_not_pinned_on_dev_shm() -> None:
    barrier = read_log(str(LOGS / "field" / "026-shm-volume-missing-kaito-barrier.log"))
    assert [f.name for f in explain_findings([barrier])] == ["log-nccl-system-error"]


def test_a_finding_in_a_paste_of_several_hosts_names_the_host_that_printed_it() -> None:
    text = _source_lines("...-48:", "Message truncated")
    found = {f.name: f.node for f in explain_findings([to_input(text, "paste.log")])}
    assert found["log-nccl-bootstrap-truncated"] == "compute-st-p4de24xlarge-2"
    assert found["log-ib-port-down"] == "...-48"


def test_lightning_under_slurm_with_one_rank_of_eight_ran_as_one_task() -> None:
    log = read_log(str(LOGS / "field" / "150-lightning-sbatch-without-srun-one-rank.log"))
    (finding,) = explain_findings([log])
    assert finding.name == "log-slurm-one-task"
    assert (finding.param_map["seen"], finding.param_map["world"]) == ("1", "8")


def test_kubernetes_oomkilled_with_exit_code_137_is_one_oom_finding() -> None:
    text = _source_lines("State:          Terminated", "Reason:       OOMKilled", "Exit Code:    137")
    names = [f.name for f in explain_findings([to_input("\n" + text, "pod.log")])]
    assert names == ["log-rank-oom-killed"]


def test_a_slurm_step_cancelled_after_its_tasks_ran_out_of_memory_is_the_oom() -> None:
    text = _source_lines("StepId=440575.0", "nid001277: tasks 1-3", "STEP 440575.0")
    names = [f.name for f in explain_findings([to_input(text, "slurm.out")])]
    assert "log-job-cancelled" not in names and names[0] == "log-rank-oom-killed"


def _field(excerpt: str) -> list[str]:
    return [f.name for f in explain_findings([read_log(str(LOGS / "field" / excerpt))])]


def _field_lines(excerpt: str) -> list[str]:
    return (LOGS / "field" / excerpt).read_text().splitlines()


def test_a_rank_waiting_at_setup_for_rank_0s_unique_id_is_named_once_not_as_a_store_timeout() -> None:
    assert _field("061-kaito-worker-idle-store-get-socket-timeout.log") == ["log-nccl-unique-id-timeout"]


def test_a_cuda_cause_of_an_nccl_cuda_error_replaces_torchs_summary_of_it() -> None:
    assert _field("127-p2p-not-supported-l40s-cuda217.log") == ["log-p2p-not-supported"]


def test_a_bus_error_whose_backtrace_runs_through_nccl_is_dev_shm_and_one_without_it_most_likely_so() -> None:
    assert _field("064-pipedream-docker-64m-shm-sigbus-nccl.log")[0] == "log-shm-too-small"
    signal_only = to_input(_field_lines("064-pipedream-docker-64m-shm-sigbus-nccl.log")[0], "a.log")
    assert [f.name for f in explain_findings([signal_only])] == ["log-rank-bus-error"]


def test_a_sigkill_nothing_else_explains_is_the_oom_killer_but_not_after_a_traceback() -> None:
    assert _field("152-deepspeed-sigkill-minus9-host-ram.log") == ["log-rank-oom-likely"]
    spawned = _field_lines("129-fairseq-launch-plus-spawn-rank5-on-4-gpus.log")
    text = next(line for line in spawned if "Traceback" in line)
    raised = to_input(text + "\n" + "\n".join(_field_lines("152-deepspeed-sigkill-minus9-host-ram.log")), "a.log")
    assert "log-rank-oom-likely" not in [f.name for f in explain_findings([raised])]


def test_nccl_tests_results_side_by_side_are_separate_runs_and_results_of_runs_one_after_the_other_are_not() -> None:
    (finding,) = explain_findings([read_log(str(LOGS / "field" / SEPARATE_TESTS))])
    assert (finding.name, finding.severity) == ("log-nccl-tests-separate-runs", "warning")
    assert finding.param_map["runs"] == "2"
    results = _field_lines(SEPARATE_TESTS)
    table = _field_lines("123-nccl1-all-reduce-unhandled-cuda-p100.log")[1:12]
    apart = to_input("\n".join([*results[:2], *table, *results[3:]]), "a.log")
    assert explain_findings([apart]) == []


def test_a_test_built_against_nccl_1_is_named_only_when_it_failed() -> None:
    assert _field("123-nccl1-all-reduce-unhandled-cuda-p100.log") == ["log-nccl-known-bug"]
    header = to_input("\n".join(_field_lines("123-nccl1-all-reduce-unhandled-cuda-p100.log")[:4]), "a.log")
    assert explain_findings([header]) == []


# The final round's causes, on their excerpts: what the log shows together, and what a more precise finding replaces.
def test_lightning_ranks_started_twice_while_others_never_started_is_the_launch_layout() -> None:
    (finding,) = explain_findings(
        [read_log(str(LOGS / "field" / "300-lightning-slurm-nodes-unset-duplicate-ranks.log"))]
    )
    assert finding.name == "log-rank-started-twice"
    assert (finding.param_map["seen"], finding.param_map["world"]) == ("4", "8")
    every_rank_once = to_input(
        "\n".join(dict.fromkeys(_field_lines("300-lightning-slurm-nodes-unset-duplicate-ranks.log"))), "a.log"
    )
    assert "log-rank-started-twice" not in [f.name for f in explain_findings([every_rank_once])]


def test_a_topology_attribute_missing_after_a_nic_outside_pci_is_the_nccl_bug_not_a_topology_file() -> None:
    assert _field("314-nccl-usb-nic-topology-busid-not-found.log") == ["log-nccl-known-bug"]
    xml_only = to_input(_field_lines("314-nccl-usb-nic-topology-busid-not-found.log")[1], "a.log")
    assert [f.name for f in explain_findings([xml_only])] == ["log-nccl-topo-file-bad"]


def test_a_connect_to_a_store_host_that_does_not_resolve_is_named_as_the_name_only() -> None:
    assert _field("321-monarch-gcp-internal-hostname-master-addr-unresolvable.log") == ["log-store-host-unresolvable"]


def test_torchruns_rendezvous_connection_error_yields_to_the_store_clients_line_that_says_why() -> None:
    assert _field("460-slinky-rdzv-hostname-not-dns.log") == [
        "log-store-host-unresolvable",
        "log-rendezvous-connection",
    ]


def test_cudas_invalid_argument_is_nccls_setup_copy_race_only_in_the_releases_that_had_it() -> None:
    excerpt = "411-vllm-nccl2181-custom-allreduce-cuda-invalid-argument.log"
    (finding,) = explain_findings([read_log(str(LOGS / "field" / excerpt))])
    assert finding.name == "log-nccl-known-bug" and finding.param_map["release"] == "NCCL 2.18.6 or newer"
    assert finding.evidence[0].startswith(f"{excerpt}:1: ")  # the line that says which release
    # the same lines under the release that fixed it: torch's summary of an unhandled CUDA error, no more
    fixed = to_input("\n".join(line.replace("2.18.1", "2.18.6") for line in _field_lines(excerpt)), "a.log")
    assert {f.name for f in explain_findings([fixed])} == {"log-nccl-cuda-error"}


def test_a_qp_without_a_network_device_names_the_hca_the_log_says_nccl_used() -> None:
    excerpt = "404-nccl278-roce-mlx5-3-modify-qp-no-such-device.log"
    finding = explain_findings([read_log(str(LOGS / "field" / excerpt))])[0]
    assert finding.name == "log-ib-qp-no-device"
    assert finding.param_map == {"dev": "mlx5_3:1", "hca": "mlx5_3"}
    assert finding.evidence[0].startswith(f"{excerpt}:3: ")  # NCCL's NET/IB line that names it


def test_a_watchdog_timeout_without_its_details_is_named_and_yields_to_the_message_that_has_them() -> None:
    assert _field("451-mlpf-rank0-end-of-epoch-test-watchdog.log") == ["log-nccl-timeout-unnamed"]
    assert _field("452-bergson-rank0-eigendecomp-before-allreduce.log") == ["log-nccl-timeout-unnamed"]
    # a message with its details above the watchdog's frames (two real logs' lines in one paste): named once
    both = _field_lines("014-eval-uneven-work-allreduce-timeout.log") + _field_lines(
        "451-mlpf-rank0-end-of-epoch-test-watchdog.log"
    )
    assert [f.name for f in explain_findings([to_input("\n".join(both), "a.log")])] == ["log-rank-busy-elsewhere"]


def test_ssh_exit_status_255_is_a_failure_not_a_signal() -> None:
    assert _field("303-deepspeed-hostfile-node0-ssh-unresolvable.log") == ["log-ssh-launch-failed"]


def test_a_bootstrap_trace_is_named_below_the_warn_line_that_says_why() -> None:
    assert _field("318-dgx-containers-bootstrap-over-ipoib-socket-fail.log")[0] == "log-nccl-bootstrap-failed"
    assert _field("029-bootstrap-message-truncated-nccl2193.log") == ["log-nccl-bootstrap-truncated"]


def test_a_dmabuf_registration_without_room_is_not_the_memlock_limit() -> None:
    names = _field("302-vllm-docker-buffsize-ibv-reg-dmabuf-enomem.log")
    assert names[0] == "log-ib-dmabuf-no-room" and "log-memlock-too-low" not in names


def test_pythons_own_type_error_in_setup_code_is_named_with_its_frame_and_without_a_frame_is_unexplained() -> None:
    (finding,) = explain_findings(
        [read_log(str(LOGS / "field" / "327-dmlcloud-slurm-init-node-id-none-typeerror.log"))]
    )
    assert finding.name == "log-code-error"
    assert finding.param_map["where"] == "dmlcloud/core/distributed.py:280 (_init_process_group_slurm)"
    bare = to_input(_field_lines("327-dmlcloud-slurm-init-node-id-none-typeerror.log")[-1], "a.log")
    assert [f.name for f in explain_findings([bare])] == ["log-unexplained-failure"]


def _field_log(prefix: str) -> LogInput:
    (path,) = (LOGS / "field").glob(f"{prefix}-*.log")
    return read_log(str(path))


@pytest.mark.parametrize(
    ("prefix", "stage", "last"),
    [
        ("222", "channels", "Channel 01/02 : 0 1"),  # two nodes: rings computed, no link made
        ("410", "bootstrap", "NET/Socket : Using [0]enp3s0f0:10.50.56.33<0>"),  # one GPU: stuck in TCP setup
    ],
)
def test_a_log_that_ends_inside_nccls_setup_is_an_unfinished_setup(prefix: str, stage: str, last: str) -> None:
    findings = explain_findings([_field_log(prefix)])
    (stalled,) = [f for f in findings if f.name == "log-nccl-setup-unfinished"]
    assert stalled.severity == "error"
    assert stalled.param_map["stage"] == stage
    assert stalled.param_map["last"].startswith(last)
    assert "Bootstrap" in stalled.evidence[0]


def test_a_container_bridge_nccl_chose_is_named_before_the_setup_it_stalled() -> None:
    # 223: NCCL on two hosts took a Docker veth interface, and the log stops after listing its channels
    names = [(f.name, f.severity) for f in explain_findings([_field_log("223")])]
    assert names[:2] == [("docker-bridge-address", "error"), ("log-nccl-setup-unfinished", "error")]


def test_nccl_setup_that_finished_or_went_on_is_no_unfinished_setup() -> None:
    stalled = _field_log("412")
    complete = real_line("source-texts.log", "- Init COMPLETE")
    went_on = real_line("healthy.node1.log", "[c10d]")  # the job printed more after NCCL's lines
    for tail in (complete, went_on):
        log = LogInput(stalled.source, (*stalled.lines, tail))
        assert "log-nccl-setup-unfinished" not in [f.name for f in explain_findings([log])]
    # a paste of one NCCL line shows no setup that started
    version = to_input("host-a:1:1 [0] NCCL INFO NCCL version 2.18.1+cuda12.1\n", "a.log")
    assert explain_findings([version]) == []


def test_an_rdma_error_under_nccl_2_20_to_2_23_names_the_mtu_those_releases_do_not_fit() -> None:
    # 311: RDMA ports of different MTUs under NCCL 2.20 (the thread's NCCL; its paste kept no version line, so the
    # version line comes from another real paste)
    error = real_line("field/311-ib-mtu-mismatch-local-access-violation-nccl220.log", "Got completion from peer")
    in_range = real_line("field/410-nccl2215-single-gpu-hang-eset-web-protection.log", "NCCL version 2.21.5")
    before = real_line("field/308-deepspeed-pdsh-eno1-remote-process-exited.log", "NCCL version 2.18.6")
    found = explain_findings([LogInput("a.log", (in_range, error))])
    (mtu,) = [f for f in found if f.name == "log-ib-mtu-unclamped"]
    assert (mtu.severity, mtu.param_map["version"]) == ("warning", "2.21.5")
    assert found[0].name == "log-ib-completion-error"  # the error itself stays first
    assert "log-ib-mtu-unclamped" not in [f.name for f in explain_findings([LogInput("b.log", (before, error))])]
    assert "log-ib-mtu-unclamped" not in [f.name for f in explain_findings([LogInput("c.log", (in_range,))])]


def test_gloos_abort_on_a_message_larger_than_the_posted_buffer_is_a_collective_mismatch_not_a_sigabrt() -> None:
    # real torchrun 2.13: rank 0 broadcast 4 floats, rank 1 posted 1; gloo aborted rank 1 (exit -6)
    names = [f.name for f in explain_findings([read_log(str(LOGS / "gloo-size-mismatch.log"))])]
    assert names[0] == "log-collective-mismatch"
    assert "log-rank-killed" in names[1:]


@pytest.mark.parametrize(
    ("fixture", "cause"),
    [
        ("ddp-unused-parameter.log", "log-ddp-unused-parameters"),
        ("no-init.log", "log-pg-not-initialized"),
        ("nccl-cpu-torch.log", "log-torch-without-nccl"),
    ],
)
def test_what_the_job_asked_of_torch_distributed_is_named_first(fixture: str, cause: str) -> None:
    # real torchrun 2.13 runs (record.py): a layer outside the loss under DDP; an all_reduce before init; backend
    # nccl from the test bed's CPU-only torch
    assert explain_findings([read_log(str(LOGS / fixture))])[0].name == cause


def test_reverse_lookups_seconds_apart_are_a_crawling_store_and_those_that_fail_at_once_are_not_named() -> None:
    # pytorch/pytorch#159007: torch before 2.9 asked again at every connection, each waiting ~10 s for the resolver
    log = read_log(str(LOGS / "field" / "803-torchrun-tcpstore-reverse-dns-stall.log"))
    (found,) = explain_findings([log])
    assert (found.name, found.severity) == ("log-store-reverse-dns-slow", "error")
    assert found.param_map["apart"] == "10" and found.param_map["count"] == "5"
    assert "EAI_AGAIN" in found.param_map["err"]
    # the test bed's healthy run: two lookups 2 s apart, each failing at once
    healthy = read_log(str(LOGS / "healthy.node1.log"))
    assert [f.name for f in explain_findings([healthy])] == []


def test_nccl_refusals_that_go_on_are_an_error_and_one_retry_a_warning() -> None:
    log = read_log(str(LOGS / "field" / "864-fairseq-k8s-wrong-world-size-rank.log"))
    (found,) = explain_findings([log])
    assert (found.name, found.severity, found.param_map["count"]) == ("log-nccl-connect-retrying", "error", "12")
    # NCCL 2.27's wording names the address; one retry of a connect is not yet a failure
    once = real_line("source-texts.log", "returned Connection refused, retrying (1/34)")
    (retry,) = explain_findings([LogInput("once.log", (once,))])
    assert (retry.name, retry.severity, retry.param_map["to"]) == (
        "log-nccl-connect-retrying",
        "warning",
        " to 10.0.0.2",
    )
    assert not [h for h in match_line(once) if h.finding == "log-nccl-connect-failed"]


def test_a_container_default_shm_that_ray_reports_is_named_and_a_larger_one_is_not() -> None:
    (small,) = explain_findings([read_log(str(LOGS / "field" / "860-vllm-docker-shm-64mb.log"))])
    assert (small.name, small.severity) == ("log-shm-container-default", "warning")  # the log shows no failure
    large = real_line("source-texts.log", "has only 411021312 bytes available")
    assert [h.finding for h in match_line(large)] == ["shm-size"]


def test_rays_version_mismatch_names_both_releases() -> None:
    (found,) = explain_findings([read_log(str(LOGS / "field" / "863-gpustack-ray-version-mismatch.log"))])
    assert (found.name, found.param_map["component"]) == ("version-mismatch", "Ray")
    assert "Ray 2.43.0" in found.param_map["detail"] and "Ray 2.44.1" in found.param_map["detail"]


def test_a_torch_build_without_libuv_is_named() -> None:
    (found,) = explain_findings([read_log(str(LOGS / "field" / "804-windows-tcpstore-libuv-missing.log"))])
    assert found.name == "log-store-libuv-missing"


def test_rank_0_silent_while_every_other_rank_timed_out_is_the_late_rank() -> None:
    # yolov5#4400: ranks 1-3 timed out in an ALLREDUCE while rank 0 was still scanning labels to build its cache
    log = read_log(str(LOGS / "field" / "750-yolov5-cache-scan-60s-timeout.log"))
    late = explain_findings([log])[0]
    assert (late.name, late.param_map["ranks"], late.param_map["op"]) == ("log-rank-late", "0", "ALLREDUCE")
    # the same lines without rank 1's: ranks 2 and 3 alone do not say which rank is missing
    lines = read_log(str(LOGS / "field" / "226-iterabledataset-unequal-shards-allreduce-watchdog.log")).lines
    some = tuple(line for line in lines if "Rank 1]" not in line.text and line.tag != "rank1")
    assert "log-rank-late" not in [f.name for f in explain_findings([LogInput("some.log", some)])]


def test_an_nccl_trace_its_process_got_past_is_no_failure_but_one_another_process_completed_after_is() -> None:
    # NCCL 2.28 with NCCL_IB_DISABLE=1: IB's init returns "-> 3", then sockets work and setup completes
    healthy = read_log(str(LOGS / "gpu-faults" / "healthy-transports-off.log"))
    assert explain_findings([healthy]) and all(f.severity == "info" for f in explain_findings([healthy]))
    trace = real_line("gpu-faults/healthy-transports-off.log", "net_ib.cc:852 -> 3")
    complete_here = real_line("gpu-faults/healthy-transports-off.log", "Init COMPLETE")
    complete_elsewhere = real_line("gpu-faults/healthy.log", "Init COMPLETE")  # another process (pid 503)
    assert failure_lines(to_input(f"{trace.text}\n{complete_here.text}\n", "a.log")) == []
    stuck = to_input(f"{trace.text}\n{complete_elsewhere.text}\n", "b.log")
    assert [line.text for line in failure_lines(stuck)] == [trace.text]
    assert [line.text for line in failure_lines(to_input(f"{complete_here.text}\n{trace.text}\n", "c.log"))] == [
        trace.text
    ]


def test_nccl_sockets_on_docker_bridges_before_a_system_error_are_its_cause_and_alone_only_a_warning() -> None:
    excerpt = "903-nccl-socket-many-docker-bridges-bond0.log"
    found = explain_findings([read_log(str(LOGS / "field" / excerpt))])
    assert [(f.name, f.severity) for f in found][:2] == [
        ("docker-bridge-address", "error"),
        ("log-nccl-system-error", "error"),
    ]
    # the interface lines alone (the job's failure cut off): a warning, and no failure
    sockets = to_input("\n".join(_field_lines(excerpt)[3:]), "sockets.log")
    assert [(f.name, f.severity) for f in explain_findings([sockets])] == [("docker-bridge-address", "warning")]


def test_nccl_retrying_a_link_local_address_is_the_interface_it_should_not_use() -> None:
    found = explain_findings([read_log(str(LOGS / "field" / "954-eks-pod-identity-linklocal-nic-socket-fallback.log"))])
    assert [(f.name, dict(f.params)["addr"]) for f in found if f.severity == "error"] == [
        ("log-nccl-connect-failed", "169.254.170.23")
    ]


def test_the_ofi_plugin_without_efa_is_the_cause_where_nccl_stopped_and_a_warning_where_it_went_on_over_sockets() -> (
    None
):
    stopped = explain_findings([read_log(str(LOGS / "field" / "950-aws-ofi-efa-devices-not-in-container.log"))])
    assert [(f.name, f.severity) for f in stopped] == [("log-nccl-ofi-no-efa", "error")]
    # the plugin's lines and NCCL's choice of its sockets after them, without the connect that then failed
    lines = _field_lines("954-eks-pod-identity-linklocal-nic-socket-fallback.log")[:4]
    assert "NET/Socket" in lines[-1]
    went_on = explain_findings([to_input("\n".join(lines), "fallback.log")])
    assert [(f.name, f.severity) for f in went_on if f.severity != "info"] == [("log-nccl-ofi-no-efa", "warning")]


def test_torchs_warning_of_a_gpu_its_build_has_no_code_for_is_an_error_only_where_the_job_failed() -> None:
    warning = real_line("source-texts.log", "GT 730 with CUDA capability").text
    (alone,) = explain_findings([to_input(warning, "a.log")])
    assert (alone.name, alone.severity) == ("log-gpu-arch-unsupported", "warning")  # a PTX build may still run
    failed = real_line("source-texts.log", "no kernel image").text
    found = explain_findings([to_input(f"{warning}\n{failed}", "a.log")])
    assert {(f.name, f.severity) for f in found} == {("log-gpu-arch-unsupported", "error")}


def test_the_heartbeat_monitors_first_line_yields_to_its_last_that_gives_the_budget() -> None:
    first = real_line("source-texts.log", "Heartbeat monitor timed out").text
    last = real_line("source-texts.log", "watchdog got stuck").text
    (finding,) = explain_findings([to_input(f"{first}\n{last}", "a.log")])
    assert (finding.name, dict(finding.params)) == ("log-nccl-watchdog-stuck", {"detail": " for 480 s"})


def test_a_dataloader_worker_gone_on_a_bus_error_names_dev_shm_first() -> None:
    line = real_line("source-texts.log", "killed by signal: Bus error").text
    names = [f.name for f in explain_findings([to_input(line, "a.log")])]
    assert names == ["log-shm-too-small", "log-dataloader-worker-died"]


def test_a_store_barrier_wait_that_ended_is_no_failure_and_one_the_log_ends_in_is() -> None:
    # Recorded: rank 1 came 13 s late, torch logged its 10 s wait (with a store wait timeout inside) and then the end.
    assert [
        f for f in explain_findings([read_log(str(LOGS / "store-barrier-slow.log"))]) if f.severity == "error"
    ] == []
    hung = read_log(str(LOGS / "field" / "980-accelerate-wandb-blocks-rank-store-barrier.log"))
    assert [f.name for f in explain_findings([hung])] == ["log-store-barrier-waiting"]


def test_a_store_timeout_in_torchruns_exchange_of_ranks_is_the_wait_for_a_node_rank() -> None:
    # torch <= 2.1 says only "Socket Timeout"; the traceback's frames say it was the agents' rank assignment
    log = read_log(str(LOGS / "field" / "1052-accelerate-slurm-machine-rank-not-per-node.log"))
    assert [(f.name, f.param_map["key"]) for f in explain_findings([log])] == [
        ("log-store-key-timeout", "torchelastic/role_info")
    ]
    timeout_only = to_input(
        "\n".join(
            line.text
            for line in log.lines
            if "_share_and_gather" not in line.text and "_assign_worker_ranks" not in line.text
        ),
        "a.log",
    )
    assert [f.name for f in explain_findings([timeout_only])] == ["log-store-timeout"]


def test_a_traceback_frame_a_paste_broke_is_joined_and_a_frame_alone_is_a_failure() -> None:
    log = read_log(str(LOGS / "field" / "1054-trainer-ddp-checkpoint-rename-race.log"))
    frames = [line.text for line in log.lines if 'File "' in line.text]
    assert frames and all(", line " in text for text in frames)
    assert [f.name for f in explain_findings([log])] == ["log-unexplained-failure"]


def test_a_log_that_ends_in_the_process_groups_setup_is_a_stall_and_one_that_goes_on_is_not() -> None:
    lines = _field_lines("1061-vllm-2node-tp16-hang-custom-allreduce.log")
    (finding,) = explain_findings([to_input("\n".join(lines), "a.log")])
    assert (finding.name, finding.severity) == ("log-init-unfinished", "error")
    went_on = [*lines, *(f"INFO step {n}: loss 0.5" for n in range(11))]
    assert explain_findings([to_input("\n".join(went_on), "a.log")]) == []


def test_deepspeed_without_a_hostfile_is_an_error_only_where_the_job_failed() -> None:
    log = read_log(str(LOGS / "field" / "1100-gpt-neox-hostfile-not-passed-local-only.log"))
    assert [(f.name, f.severity) for f in explain_findings([log])] == [("log-hostfile-invalid", "error")]
    warning_only = to_input(log.lines[0].text + "\nstep 1: loss 2.0", "a.log")
    assert [(f.name, f.severity) for f in explain_findings([warning_only])] == [("log-hostfile-invalid", "warning")]


def test_nccls_guess_of_a_ranks_gpu_is_a_note_in_a_healthy_log_and_a_warning_in_a_failed_one() -> None:
    guess = real_line("source-texts.log", "using GPU 6 to perform barrier").text
    assert [(f.name, f.severity) for f in explain_findings([to_input(guess, "a.log")])] == [
        ("log-device-guessed", "info")
    ]
    failed = to_input(guess + "\nRuntimeError: CUDA error: an illegal memory access was encountered", "a.log")
    assert [(f.name, f.severity) for f in explain_findings([failed])] == [
        ("log-cuda-illegal-address", "error"),
        ("log-device-guessed", "warning"),
    ]


def test_ddps_parameter_ready_twice_is_named_once_with_the_parameter() -> None:
    # Recorded: one layer in two reentrant checkpoints, under DDP with find_unused_parameters
    log = read_log(str(LOGS / "ddp-ready-twice.log"))
    assert [(f.name, f.param_map["detail"]) for f in explain_findings([log])] == [
        ("log-ddp-ready-twice", " (layer.bias)")
    ]


def test_torchruns_exit_barrier_report_is_no_failure_of_the_job() -> None:
    # Recorded: node2's rank worked 310 s past the last collective; both nodes' workers succeeded. node1's agent
    # waited its 300 s and logged the store wait's traceback; node2's came after node1 had closed the store.
    first, late = (read_log(str(LOGS / f"exit-barrier.node{n}.log")) for n in (1, 2))
    assert any("Traceback" in line.text for line in first.lines)
    assert failure_lines(first) == [] and failure_lines(late) == []
    assert [(f.name, f.severity) for f in explain_findings([first])] == [("log-exit-barrier-timeout", "warning")]
    assert [f.name for f in explain_findings([late])] == ["log-exit-barrier-late"]


def test_a_bridge_among_the_interfaces_of_a_one_host_job_is_no_fault() -> None:
    log = read_log(str(LOGS / "field" / "976-a6000-allreduce-hang-amd-iommu.log"))
    assert "docker-bridge-address" not in [f.name for f in explain_findings([log])]


@pytest.mark.parametrize(
    ("excerpt", "where"),
    [
        ("975-rccl-mi100-allreduce-hang-iommu.log", "before nccl-tests' first result"),
        ("412-nccl248-4x1080ti-allreduce-hang-intel-iommu.log", "in NCCL's setup (init step)"),
    ],
)
def test_a_one_host_job_that_stops_in_setup_or_before_its_first_result_names_the_gpu_peer_path(
    excerpt: str, where: str
) -> None:
    (first, *_) = explain_findings([read_log(str(LOGS / "field" / excerpt))])
    assert (first.name, dict(first.params)["where"]) == ("log-p2p-hang-likely", where)


def test_nccl_tests_that_printed_results_did_not_stall() -> None:
    log = read_log(str(LOGS / "field" / "137-nccl-tests-two-hosts-ran-separately-no-mpi-build.log"))
    assert "log-p2p-hang-likely" not in [f.name for f in explain_findings([log])]


def test_lightnings_rank_0_alone_and_unregistered_names_the_ranks_never_started() -> None:
    (finding,) = explain_findings([_field_log("982")])
    assert (finding.name, finding.param_map["seen"], finding.param_map["world"]) == (
        "log-lightning-ranks-missing",
        "1",
        "8",
    )
    # where rank 0 then saw every rank register, the members this log shows are not the question
    member = real_line("field/982-lightning-stray-node-rank-env-hang.log", "MEMBER: 1/8").text
    registered = real_line("field/065-nemo-multinode-could-not-find-net-id0.log", "All distributed processes").text
    later = explain_findings([to_input(f"{member}\n{registered}\n", "a.log")])
    assert "log-lightning-ranks-missing" not in [f.name for f in later]


def test_an_errno_in_brackets_after_permission_denied_is_not_sshs_refusal() -> None:
    line = real_line("source-texts.log", "nccl-Ab3xQz, error Permission denied (13)").text
    assert [f.name for f in explain_findings([to_input(line, "a.log")])] == ["log-shm-not-writable"]


def test_a_file_one_node_lacks_is_named_before_the_peers_that_lost_that_rank() -> None:
    # recorded: each rank saves its part under WORK_DIR, which is each node's own folder; rank 0 loads them all
    both = [read_log(str(LOGS / f"work-dir-not-shared.node{n}.log")) for n in (1, 2)]
    first, *rest = explain_findings(both)
    assert (first.name, first.node) == ("log-file-missing", "work-dir-not-shared.node1.log")
    assert first.param_map["path"] == "/tmp/distdoctor-record/node1/work/part_1.pt"
    assert first.param_map["where"].startswith("in ") and "serialization.py" in first.param_map["where"]
    assert [f.name for f in rest] == ["log-peer-closed"]
    # node1 alone: torchrun's ChildFailedError below it is the launcher's report, not the job's own error
    assert [f.name for f in explain_findings(both[:1])] == ["log-file-missing"]
    # a field log whose traceback was cut to its last frame
    (field,) = explain_findings([_field_log("913")])
    assert field.name == "log-file-missing" and field.param_map["path"].endswith(".eval_hook/part_2.pkl")


def test_a_peer_that_closed_with_no_other_error_of_its_own_is_still_only_the_casualty() -> None:
    node2 = read_log(str(LOGS / "work-dir-not-shared.node2.log"))
    assert [f.name for f in explain_findings([node2])] == ["log-peer-closed"]


def test_a_ranks_own_error_no_signature_reads_is_named_before_the_peer_that_lost_it() -> None:
    # recorded: node2's rank raises a ValueError of its own while node1's waits for it in an all_reduce
    both = [read_log(str(LOGS / f"rank-raised.node{n}.log")) for n in (1, 2)]
    first, second = explain_findings(both)
    assert (first.name, first.node) == ("log-unexplained-failure", "rank-raised.node2.log")
    assert first.param_map["line"] == "ValueError: rank 1: a sample of the wrong shape"  # not torchrun's report
    assert second.name == "log-peer-closed"


def test_windows_connect_attempt_on_an_address_it_cannot_use_is_not_a_failure() -> None:
    # Winsock's 10049: the address it tries before the one that works, in healthy Windows runs too
    assert _field("1141-kohya-accelerate-windows-multigpu-nccl.log") == []


def test_a_log_that_ends_at_torchruns_start_banner_is_a_warning_with_the_hang_checklist_not_an_error() -> None:
    # recorded: node2 never started, rendezvous at its default timeout, killed after 20 s. A healthy job whose
    # workers print nothing (torchrun 2.13, two workers, exit 0) leaves the same lines: never an error
    quiet = read_log(str(LOGS / "node-missing-quiet.log"))
    (finding,) = explain_findings([quiet])
    assert (finding.name, finding.severity) == ("log-ends-at-launch", "warning")
    assert finding.evidence[0].startswith("node-missing-quiet.log:6: Setting OMP_NUM_THREADS")
    assert _field("1120-qwenvl-slurm-master-addr-unchanged-hang.log") == ["log-ends-at-launch"]
    healthy = explain_findings([read_log(str(LOGS / "healthy-quiet.log"))])  # recorded: exit 0
    assert [(f.name, f.severity) for f in healthy] == [("log-ends-at-launch", "warning")]
    # the same banner with the workers' output after it (a recorded run that went on to its collectives)
    went_on = read_log(str(LOGS / "gloo-size-mismatch.log"))
    assert "log-ends-at-launch" not in [f.name for f in explain_findings([went_on])]


def test_a_rank_killed_by_sigkill_is_named_once_and_before_the_peer_that_lost_it() -> None:
    # recorded: node2's rank is SIGKILLed while node1's waits; torchrun reports the kill three ways (its line, its
    # summary's rank and its traceback line), and its own ChildFailedError traceback is no error of the job's
    both = [read_log(str(LOGS / f"rank-sigkill.node{n}.log")) for n in (1, 2)]
    first, second = explain_findings(both)
    assert (first.name, first.node) == ("log-rank-oom-likely", "rank-sigkill.node2.log")
    assert first.param_map["who"].startswith("rank 1 (pid ")
    assert len(first.evidence) >= 2
    assert second.name == "log-peer-closed"


def test_a_rank_busy_past_the_timeout_is_a_gloo_timeout_whose_fix_leads_with_the_late_rank() -> None:
    # recorded: PG timeout 3 s, node2's rank busy 9 s before the all_reduce node1's rank waits in
    both = [read_log(str(LOGS / f"rank-busy.node{n}.log")) for n in (1, 2)]
    first, second = explain_findings(both)
    assert (first.name, first.param_map["timeout"]) == ("log-gloo-timeout", "3000ms")
    assert "late" in describe(first, "en")[1].split(",")[0]
    assert second.name == "log-peer-closed"


def test_dataloader_workers_killed_and_stalled_are_named_once_per_worker() -> None:
    killed = explain_findings([read_log(str(LOGS / "loader-killed.log"))])
    assert [f.name for f in killed] == ["log-dataloader-worker-died"] * 2  # one worker of each rank
    assert all("killed by signal: Killed" in f.param_map["detail"] for f in killed)
    stalled = explain_findings([read_log(str(LOGS / "loader-stall.log"))])
    assert [f.name for f in stalled] == ["log-dataloader-timeout"]


def test_hpcxs_ibext_plugin_is_named_as_a_warning_where_nccl_setup_stalled_over_it() -> None:
    names = [(f.name, f.severity) for f in explain_findings([_field_log("1170")])]
    assert names[0] == ("log-nccl-setup-unfinished", "error")
    assert ("log-nccl-net-plugin-ibext", "warning") in names


def test_the_node_whose_log_says_why_it_never_came_is_named_before_node_0_that_waited_for_it() -> None:
    both = [read_log(str(LOGS / f"master-unresolvable.node{n}.log")) for n in (1, 2)]
    assert [f.name for f in explain_findings(both)] == ["log-store-host-unresolvable", "node-missing"]


def test_an_address_vllm_guessed_is_a_warning_alone_and_an_error_beside_a_failure() -> None:
    guessed = real_line("source-texts.log", "using 0.0.0.0 by default").text
    alone = explain_findings([to_input(guessed, "a.log")])
    assert [(f.name, f.severity) for f in alone] == [("log-host-ip-guessed", "warning")]
    nccl_failed = _field_lines("1192-nccl-242-multinode-docker-unhandled-system-error.log")[0]
    failed = to_input(guessed + "\n" + nccl_failed, "b.log")
    assert ("log-host-ip-guessed", "error") in [(f.name, f.severity) for f in explain_findings([failed])]


@pytest.mark.parametrize(
    ("excerpt", "lines", "name"),
    [
        # torch 1.7's raise line, a blank line, then NCCL's description of it
        ("125-docker-ipc-host-missing-nccl278-quoted.log", slice(None), "log-nccl-system-error"),
        # the raise line wrapped by the terminal, then the description (the lines above the WARN that names the cause)
        ("942-milabench-nccl-2143-reverse-path.log", slice(0, 3), "log-nccl-internal-error"),
    ],
)
def test_ncclxs_description_under_torchs_raise_line_is_the_same_error_named_once(
    excerpt: str, lines: slice, name: str
) -> None:
    log = to_input("\n".join(_field_lines(excerpt)[lines]), excerpt)
    (finding,) = [f for f in explain_findings([log]) if f.name == name]
    assert len(finding.evidence) == 2


def test_the_same_nccl_result_on_lines_apart_with_an_error_between_stays_two_findings() -> None:
    # an error line between the two: the description belongs to another error than the raise line two lines above
    lines = _field_lines("125-docker-ipc-host-missing-nccl278-quoted.log")
    apart = to_input("\n".join([lines[0], "RuntimeError: another failure", lines[2]]), "a.log")
    assert [f.name for f in explain_findings([apart])].count("log-nccl-system-error") == 2


@pytest.mark.parametrize("prefix", ["121", "127", "972", "973", "038"])
def test_an_nccl_cuda_failure_whose_error_names_its_cause_is_not_also_a_generic_cuda_error(prefix: str) -> None:
    names = [f.name for f in explain_findings([_field_log(prefix)])]
    assert names and "log-nccl-cuda-error" not in names


def test_two_ranks_timed_out_in_one_collective_posted_with_other_sizes_is_a_collective_mismatch() -> None:
    # recorded in the field: DDP's buffer broadcast, 64 elements on rank 3 and 24084544 on rank 2, one SeqNum
    first = explain_findings([_field_log("1211")])[0]
    assert first.name == "log-collective-mismatch"
    detail = "collective #7219, a BROADCAST, had 24084544 elements on rank 2 and 64 on rank 3"
    assert first.param_map["detail"] == detail
    assert "log-rank-late" not in [f.name for f in explain_findings([_field_log("1211")])]


@pytest.mark.parametrize("prefix", ["805", "062", "139", "1062"])
def test_ranks_timed_out_in_the_same_work_or_in_works_of_other_numbers_are_no_mismatch(prefix: str) -> None:
    assert "log-collective-mismatch" not in [f.name for f in explain_findings([_field_log(prefix)])]


def test_works_of_one_number_are_compared_only_where_they_are_of_one_group() -> None:
    rank3, _, rank2, _ = _field_lines("1211-ms-swift-minicpm-ddp-buffer-broadcast-shape-mismatch.log")
    # rank 3 timed out in a second group's work too: the lines do not name their group, so 7219 may be two groups'
    other = rank3.replace("SeqNum=7219", "SeqNum=311").replace("NumelIn=64, NumelOut=64", "NumelIn=8, NumelOut=8")
    names = [f.name for f in explain_findings([to_input("\n".join([rank3, other, rank2]), "a.log")])]
    assert "log-collective-mismatch" not in names
    # torch 2.5's line below each timeout names its group: one group, so the works differ after all
    named = [
        f"{line}\n[Rank {r}] [PG ID 0 PG GUID 0(default_pg) Rank {r}]  failure detected by watchdog at work sequence "
        f"id: {seq} PG status: last enqueued work: {seq}, last completed work: {int(seq) - 1}"
        for line, r, seq in ((rank3, 3, "7219"), (other, 3, "311"), (rank2, 2, "7219"))
    ]
    names = [f.name for f in explain_findings([to_input("\n".join(named), "a.log")])]
    assert names[0] == "log-collective-mismatch"


def test_open_mpis_banner_is_named_only_where_no_line_above_it_says_why_its_daemon_did_not_start() -> None:
    assert [f.name for f in explain_findings([_field_log("1233")])] == ["log-mpi-daemon-missing"]
    banner = to_input("\n".join(_field_lines("1233-horovod-orted-not-found-remote-path.log")[1:]), "a.log")
    assert [f.name for f in explain_findings([banner])] == ["log-mpi-launch-failed"]


def test_an_ipc_handle_cuda_would_not_open_for_want_of_peer_access_is_named_as_that() -> None:
    # quoted from horovod/horovod#785: CUDA's own reason, which the peer-access finding's fix answers
    line = (
        "HOSTNAME:2753:2762 [0] transport/p2p.cu:548 NCCL WARN failed to open CUDA IPC handle : 64 peer access is not "
        "supported between these two devices"
    )
    assert [f.name for f in explain_findings([to_input(line, "a.log")])] == ["log-p2p-not-supported"]


@pytest.mark.parametrize(
    ("needle", "reason"),
    [
        ("DUE TO NODE FAILURE, SEE SLURMCTLD LOG", "due to node failure"),  # every release: the banner's tail
        ("DUE to SIGNAL Terminated", "due to SIGNAL Terminated"),  # 25.05's lower-case "to" and a signal's name
    ],
)
def test_slurms_cancel_banner_in_every_wording_names_its_reason(needle: str, reason: str) -> None:
    (hit,) = [h for h in match_line(real_line("source-texts.log", needle)) if h.key == "slurm-cancelled"]
    assert dict(hit.params)["reason"] == reason


def test_slurm_ending_a_step_for_a_failed_task_is_named_only_where_the_tasks_own_error_is_not_shown() -> None:
    oom = real_line("source-texts.log", "(48211) Out Of Memory (OOM)").text
    banner = real_line("source-texts.log", "DUE TO TASK FAILURE").text
    both = explain_findings([to_input(f"{oom}\n{banner}", "a.log")])
    assert [f.name for f in both] == ["log-rank-oom-killed"]
    assert [f.name for f in explain_findings([to_input(banner, "a.log")])] == ["log-job-cancelled"]


def test_a_plugin_nccl_was_told_to_load_and_did_not_find_is_named_before_the_network_it_lacks() -> None:
    assert [f.name for f in explain_findings([_field_log("1260")])] == ["log-nccl-net-plugin-missing"]


def test_pyxis_errors_of_one_container_are_one_finding_with_the_first_line_of_its_log() -> None:
    (finding,) = explain_findings([_field_log("1541")])[:1]
    assert finding.name == "log-pyxis-container-failed"
    assert finding.param_map["detail"].endswith(
        "its log: enroot-mount: failed to mount: /home/hazem/.cache/huggingface ... No such file or directory"
    )
    assert [f.name for f in explain_findings([_field_log("1541")])].count("log-pyxis-container-failed") == 1


def test_a_container_that_failed_for_a_node_that_does_not_know_the_user_reads_as_that_node() -> None:
    # pyxis printing enroot's log, whose id lines say why: the node's user database, not the container
    assert [(f.name, f.param_map.get("uid")) for f in explain_findings([_field_log("1262")])] == [
        ("log-node-user-unknown", "42")
    ]


@pytest.mark.parametrize(
    "fixture", ["field/406-nccl2251-rtx5090-maxsharedmem-exceeds-device.log", "gpu-faults/healthy.log"]
)
def test_ncclls_default_lookup_of_a_plugin_no_job_asked_for_is_no_finding(fixture: str) -> None:
    line = real_line(fixture, "Could not find: libnccl-net.so")
    assert not [h for h in match_line(line) if h.key == "nccl-net-plugin-missing"]


@pytest.mark.parametrize(
    ("needle", "detail"),
    [
        ("An PRTE daemon has unexpectedly", "a daemon it started never connected back to mpirun"),
        ("failed to TCP connect to a peer", "a rank's TCP connect to a peer failed"),
    ],
)
def test_open_mpis_texts_of_ranks_that_could_not_connect_say_which_connection(needle: str, detail: str) -> None:
    (hit,) = [h for h in match_line(real_line("source-texts.log", needle)) if h.key == "mpi-unconnected"]
    assert dict(hit.params)["detail"].startswith(detail)


def test_mpirun_losing_a_node_comes_after_what_the_node_itself_said() -> None:
    lost = real_line("source-texts.log", "has lost communication").text
    oom = real_line("source-texts.log", "(48211) Out Of Memory (OOM)").text
    names = [f.name for f in explain_findings([to_input(f"{lost}\n{oom}", "a.log")])]
    assert names == ["log-rank-oom-killed", "log-mpi-node-lost"]


def test_no_infiniband_device_is_named_only_where_the_job_asked_for_infiniband() -> None:
    # recorded in the field: a container without /dev/infiniband, the job setting NCCL_IB_DISABLE=0
    (finding,) = explain_findings([_field_log("957")])
    assert (finding.name, finding.severity) == ("log-ib-wanted-absent", "warning")
    # a single GPU machine without InfiniBand prints the same line, and asked for none
    healthy = explain_findings([read_log(str(LOGS / "gpu-faults" / "healthy.log"))])
    assert "log-ib-wanted-absent" not in [f.name for f in healthy]


def test_a_bridge_address_that_a_nodes_own_nccl_failure_made_an_error_is_named_before_that_failure() -> None:
    # recorded in the field: NCCL_COMM_ID names the host's address, which the container on Docker's bridge lacks
    names = [f.name for f in explain_findings([_field_log("1360")])]
    assert names[:2] == ["docker-bridge-address", "log-nccl-comm-id-bad"]


def test_a_peer_that_advertised_its_containers_bridge_address_is_named_where_it_cannot_be_reached() -> None:
    # recorded in the field: a vLLM worker timing out on 172.17.0.2, a container of another host (a wrapped line)
    (first, *_) = explain_findings([_field_log("1420")])
    assert first.name == "log-peer-container-address" and first.param_map["addr"] == "172.17.0.2"
    # refused is an answer from that address: a peer missing there, not an address no host reaches
    refused = real_line("nccl-public.log", "172.17.0.3<37551> failed : Connection refused")
    assert [h.finding for h in match_line(refused)] == ["log-nccl-connect-failed"]


def test_an_empty_gid_entry_is_the_gid_index_like_an_invalid_one() -> None:
    (finding,) = explain_findings([_field_log("1442")])  # ENODATA: "No data available"
    assert finding.name == "log-ib-qp-invalid" and finding.param_map["error"] == "No data available"


def test_a_watchdog_line_cut_after_its_work_still_names_the_timeout() -> None:
    # recorded in the field: the work on its own indented line, without NumelOut and without "ran for"
    names = [f.name for f in explain_findings([_field_log("1443")])]
    assert names == ["log-nccl-timeout-midrun"]


def test_duplicate_gpu_with_placeholders_where_the_numbers_were_is_still_two_ranks_on_one_gpu() -> None:
    (finding,) = explain_findings([_field_log("1444")])
    assert finding.name == "log-duplicate-gpu"
    assert finding.param_map["ranks"] == "X, Y"


def test_an_ofi_transfer_error_without_its_request_pointer_is_named() -> None:
    (finding,) = explain_findings([_field_log("1460")])
    assert finding.name == "log-nccl-ofi-request-error"
    assert finding.param_map["detail"] == " (RC 107)"  # the paste broke the error's text onto a line of its own


def test_a_store_that_could_not_bind_for_a_reason_the_paste_cut_is_the_port_in_use_once() -> None:
    # recorded in the field: torch's error without a port, and its warning with the port but no errno
    (finding,) = explain_findings([_field_log("1441")])
    assert finding.name == "master-port-in-use" and finding.param_map["port"] == "19936"
    low = to_input("The server socket has failed to bind to [::]:443\n", "a.log")
    assert [f.name for f in explain_findings([low])] == ["log-master-port-denied"]


def test_nccl_setup_that_stops_in_its_nvls_steps_says_so() -> None:
    # recorded in the field: a bootstrap line, then the NVLS bind a container hung in (two logs' lines)
    boot = real_line("field/940-azhpc-ncv4-graph-file-dev-not-found.log", "Bootstrap : ").text
    bind = _field_lines("1403-docker-h100-nvls-bind-hang.log")[0]
    (finding, *_) = explain_findings([to_input(f"{boot}\n{bind}", "a.log")])
    assert finding.name == "log-nccl-setup-unfinished" and finding.param_map["stage"] == "NVLS"


def test_ucx_completion_errors_other_than_retries_are_named_by_their_status() -> None:
    line = real_line("source-texts.log", "Transport retry count exceeded on").text.replace(
        "Transport retry count exceeded on mlx5_0:1/IB", "Remote access error on mlx5_0:1/RoCE"
    )
    (hit,) = match_line(to_input(line, "a.log").lines[0])
    assert hit.finding == "log-ib-completion-error" and dict(hit.params)["status"] == "10 (Remote access error)"


def test_open_mpis_ucx_endpoint_that_cannot_reach_a_rank_is_a_pair_without_transport() -> None:
    (hit,) = match_line(real_line("source-texts.log", "ucp_ep_create(proc=9)"))
    assert hit.finding == "log-mpi-launch-failed"
    assert dict(hit.params)["detail"] == "two ranks had no transport that reaches the other"


def test_a_container_pyxis_could_not_start_quotes_enroots_own_words_once() -> None:
    # recorded in the field: pyxis's copy of enroot's log, and enroot's line with no pyxis prefix
    (nsenter,) = explain_findings([_field_log("1544")])
    assert nsenter.param_map["detail"] == (
        "couldn't start container; its log: enroot-nsenter: failed to create user namespace: Permission denied"
    )
    (mount,) = explain_findings([_field_log("1541")])
    assert mount.name == "log-pyxis-container-failed"
    assert mount.param_map["detail"].startswith("container start failed; its log: enroot-mount: failed to mount")


def test_a_step_slurm_refused_for_busy_nodes_is_an_error_and_a_wait_alone_a_warning() -> None:
    (refused,) = explain_findings([_field_log("1545")])
    assert (refused.name, refused.severity) == ("log-slurm-step-waiting", "error")
    waiting = to_input(real_line("source-texts.log", "step creation temporarily disabled").text, "a.log")
    assert [(f.name, f.severity) for f in explain_findings([waiting])] == [("log-slurm-step-waiting", "warning")]


def test_a_bare_memory_registration_failure_of_old_nccl_is_named_before_the_completion_errors_after_it() -> None:
    names = [f.name for f in explain_findings([_field_log("1520")])]
    assert names[0] == "log-memlock-too-low"


def test_a_job_waiting_for_gpus_in_a_ray_it_started_itself_is_told_to_join_the_cluster() -> None:
    short = real_line("source-texts.log", "required GPUs exceeds the total").text
    assert [f.name for f in explain_findings([to_input(short, "a.log")])] == ["log-ray-resources-short"]
    local = real_line("field/860-vllm-docker-shm-64mb.log", "Started a local Ray instance").text
    (finding,) = explain_findings([to_input(f"{local}\n{short}", "a.log")])
    assert finding.name == "log-ray-local-instance" and len(finding.evidence) == 2


def test_one_gpus_faulting_kernel_is_one_finding_with_its_xids_in_order() -> None:
    (finding,) = explain_findings([_field_log("1604")])
    assert finding.name == "log-gpu-kernel-fault" and finding.param_map["xid"] == "13, 43"
    assert len(finding.evidence) == 3


def test_nccls_shm_line_broken_before_cudas_text_is_still_the_cumem_transport() -> None:
    # recorded in the field: "... shm.cc:590 NCCL WARN Cuda failure 217" and CUDA's words on the next line
    assert _field("1621-ray-single-visible-gpu-shm-cumem-217.log") == ["log-nccl-cumem-host-no-p2p"]


def test_pastes_with_placeholders_or_without_backticks_are_read_as_the_texts_they_quote() -> None:
    assert _field("1620-torchrun-sigkill-container-cgroup-oom.log")[0] == "log-rank-oom-likely"  # "(pid: xxxx)"
    assert _field("1641-lightning-slurm-ntasks-per-node-mismatch.log") == ["log-lightning-layout-mismatch"]


def test_rays_gcs_connect_failure_quotes_the_address_as_the_script_built_it() -> None:
    (finding,) = explain_findings([_field_log("1724")])
    assert finding.name == "log-ray-head-unreachable" and finding.param_map["detail"] == " at 10.102.97.179:6379"
    (two,) = explain_findings([_field_log("1721")])  # `hostname -i` gave two addresses
    assert two.param_map["detail"] == " at 10.x.x.x 10.x.x.y:6379"


# A line can be long (a progress bar's carriage returns, a dump of numbers) and `run` reads every line live: a
# signature that retries a run of such characters from every position takes seconds there, where the others take
# milliseconds. The bound, in this process's CPU time, is a hundred times what a linear search needs.
_PADDING = ("a:b ", "1", " ", "\t", "-", "x: ", "[0]a:1<2> ")


@pytest.mark.parametrize("sig", SIGNATURES, ids=[s.key for s in SIGNATURES])
def test_no_signature_retries_a_long_line_from_every_position(sig: Signature) -> None:
    for needle in sig.needles:
        for pad in _PADDING:
            filler = pad * (20_000 // len(pad))
            for text in (needle + filler, filler + needle + filler[:2000]):
                start = time.process_time()  # CPU time: a machine busy with other work does not stretch it
                sig.pattern.search(text)
                assert time.process_time() - start < 0.5, (sig.key, repr(pad))


def test_sallocs_time_limit_is_the_job_cancelled_for_it() -> None:
    (hit,) = match_line(real_line("source-texts.log", "has exceeded its time limit"))
    assert (hit.finding, dict(hit.params)["job"], dict(hit.params)["reason"]) == (
        "log-job-cancelled",
        "48213",
        "due to time limit",
    )


def test_nccl_2_30s_duplicate_gpu_wording_names_neither_ranks_nor_gpu() -> None:
    (hit,) = match_line(real_line("source-texts.log", "Multiple Ranks are using the same GPU"))
    assert (hit.finding, dict(hit.params)) == ("log-duplicate-gpu", {"ranks": "?", "device": ""})


def test_nodes_with_different_nic_counts_are_named_instead_of_the_system_error_they_return() -> None:
    warn = real_line("source-texts.log", "mixed local Net device counts").text
    torch_line = real_line("field/026-shm-volume-missing-kaito-barrier.log", "unhandled system error").text
    names = [f.name for f in explain_findings([to_input(f"{warn}\n{torch_line}", "a.log")])]
    assert names == ["log-net-device-count-mixed"]


def test_a_gid_table_change_alone_is_a_warning_and_the_cause_beside_rdma_errors() -> None:
    change = real_line("source-texts.log", "GID table changed").text
    retry = real_line("source-texts.log", "with error 12").text
    alone = explain_findings([to_input(change, "a.log")])
    assert [(f.name, f.severity) for f in alone] == [("log-roce-gid-changed", "warning")]
    failed = explain_findings([to_input(f"{change}\n{retry}", "a.log")])
    assert [f.name for f in failed][:2] == ["log-roce-gid-changed", "log-ib-retry-exceeded"]
    assert failed[0].severity == "error"
    # public notes find the warning every few seconds on healthy nodes: beside another failure it stays a warning
    oom = real_line("source-texts.log", "CUDA out of memory").text
    other = explain_findings([to_input(f"{change}\n{oom}", "a.log")])
    assert ("log-roce-gid-changed", "warning") in [(f.name, f.severity) for f in other]
    assert other[0].name != "log-roce-gid-changed"


def test_ports_of_both_link_layers_are_the_cause_of_an_rdma_failure_and_a_warning_beside_a_bootstrap_one() -> None:
    field = LOGS / "field"
    topology = explain_findings([read_log(str(field / "1941-azure-ndv5-container-mlx5-ethernet-nic-busid.log"))])
    assert [(f.name, f.severity) for f in topology][:2] == [
        ("log-ib-link-layer-mixed", "error"),
        ("log-nccl-topo-file-bad", "error"),
    ]
    bootstrap = explain_findings([read_log(str(field / "318-dgx-containers-bootstrap-over-ipoib-socket-fail.log"))])
    assert ("log-ib-ports-mixed", "warning") in [(f.name, f.severity) for f in bootstrap]
    assert "log-ib-link-layer-mixed" not in [f.name for f in bootstrap]


def test_nccl_over_sockets_on_slingshot_is_the_cause_of_a_failure_and_a_warning_in_a_run_that_goes_on() -> None:
    using = real_line("field/1960-rccl-slingshot-socket-no-ofi-plugin.log", "NET/Socket : Using").text
    closed = real_line("field/1960-rccl-slingshot-socket-no-ofi-plugin.log", "Connection closed by remote").text
    alone = explain_findings([to_input(using, "a.log")])
    assert [(f.name, f.severity) for f in alone] == [("log-slingshot-sockets", "warning")]
    failed = explain_findings([to_input(f"{using}\n{closed}", "a.log")])
    assert (failed[0].name, failed[0].severity) == ("log-slingshot-sockets", "error")


def test_the_ofi_plugins_own_failure_stands_for_the_network_nccl_then_could_not_start() -> None:
    names = [
        f.name
        for f in explain_findings([read_log(str(LOGS / "field" / "1962-polaris-aws-ofi-nccl-cxi-no-provider.log"))])
    ]
    assert names[0] == "log-nccl-ofi-no-efa"
    assert "log-nccl-net-unavailable" not in names


@pytest.mark.parametrize(
    ("fixture", "needle", "prefix_end", "name"),
    [
        (
            "field/1960-rccl-slingshot-socket-no-ofi-plugin.log",
            "NET/Socket : Using",
            "NCCL INFO ",
            "log-slingshot-sockets",
        ),
        ("source-texts.log", "Got async event : port error", "NET/IB : ", "log-ib-port-down"),
        ("source-texts.log", "Failed to open libnvidia-ml", "NCCL WARN ", "log-nvml-missing"),
        ("field/1903-ofi-sendrecv-regattr-enosys-verbs.log", "type = 2", "", "log-nccl-ofi-gpu-register"),
    ],
)
def test_a_quote_that_leaves_out_the_prefix_of_a_line_still_names_its_cause(
    fixture: str, needle: str, prefix_end: str, name: str
) -> None:
    # troubleshooting pages and notes quote the message and drop the host:pid:tid, INFO/WARN or NET/IB in front of it
    text = real_line(fixture, needle).text
    quoted = text.split(prefix_end, 1)[1] if prefix_end else text
    assert [f.name for f in explain_findings([to_input(quoted, "a.log")])][:1] == [name]


def test_a_silent_hang_pasted_from_nccls_version_line_on_is_not_read_as_healthy() -> None:
    # no Bootstrap line in the paste: the release rank 0 prints, or the communicator's own line, starts the setup
    log = read_log(str(LOGS / "field" / "2200-dgx-spark-multi-nic-same-subnet-hang.log"))
    findings = explain_findings([log])
    assert findings[0].name == "log-nccl-setup-unfinished"
    assert findings[0].severity == "error"
    version_only = explain_findings([to_input("host-a:1:1 [0] NCCL INFO NCCL version 2.18.1+cuda12.1", "a.log")])
    assert [f.name for f in version_only] == []


def test_a_feature_turned_off_for_an_older_torch_is_no_failure() -> None:
    # a library's warning that it skips what an older torch lacks, where the job goes on
    line = "UserWarning: fused optimizer requires torch>=2.1, falling back to the unfused one"
    assert "log-torch-too-old" not in {f.name for f in explain_findings([to_input(line, "a.log")])}


def test_a_log_that_ends_where_torch_loads_its_extensions_is_the_build_lock_and_one_that_goes_on_is_not() -> None:
    stuck = read_log(str(LOGS / "field" / "3062-openrlhf-slurm-multinode-stuck-torch-extensions-lock.log"))
    assert [f.name for f in explain_findings([stuck])] == ["log-extension-load-stuck"]
    loaded = read_log(str(LOGS / "field" / "1420-openrlhf-vllm-docker-bridge-172-17.log"))
    assert "log-extension-load-stuck" not in {f.name for f in explain_findings([loaded])}


def test_nccls_duplicate_gpu_lines_of_one_device_are_one_finding_naming_every_rank_on_it() -> None:
    log = read_log(str(LOGS / "field" / "2181-verl-ray-setup-hook-cuda-init-duplicate-gpu.log"))
    found = [f for f in explain_findings([log]) if f.name == "log-duplicate-gpu"]
    assert [f.param_map["ranks"] for f in found] == ["0, 1, 2, 3"]


def test_the_library_a_rank_crashed_in_is_read_from_ucxs_backtrace_past_its_handler_and_the_trampoline() -> None:
    log = read_log(str(LOGS / "field" / "3122-megatron-ngc-ucx-signal-handler-segfault-broken-nvrtc.log"))
    found = explain_findings([log])
    assert found[0].name == "log-rank-crashed-in"
    assert found[0].param_map == {"library": "libnvrtc.so.12.8.61", "signal": "SIGSEGV (11)"}


def test_a_backtrace_of_function_names_only_names_no_library() -> None:
    # UCX's symbolised backtrace ("N 0x.. ncclGroupEnd()  ???:0") has no library path to read
    log = read_log(str(LOGS / "field" / "064-pipedream-docker-64m-shm-sigbus-nccl.log"))
    assert "log-rank-crashed-in" not in {f.name for f in explain_findings([log])}


def test_a_log_that_ends_where_the_agent_began_its_rendezvous_names_an_endpoint_without_a_port() -> None:
    log = read_log(str(LOGS / "field" / "1280-torchrun-rdzv-endpoint-without-port.log"))
    found = explain_findings([log])
    assert [f.name for f in found] == ["log-rendezvous-unfinished"]
    assert found[0].param_map == {"port_class": "rdzv-port-absent"}


@pytest.mark.parametrize(
    ("endpoint", "port_class"),
    [("10.0.0.1:29400", "rdzv-port-given"), ("[fd00::1]:29400", "rdzv-port-given"), ("[fd00::1]", "rdzv-port-absent")],
)
def test_the_rendezvous_endpoints_port_is_read_past_an_ipv6_addresss_colons(endpoint: str, port_class: str) -> None:
    text = f"  rdzv_endpoint    : {endpoint}\n[INFO] api: [default] Rendezvous'ing worker group\n"
    found = explain_findings([to_input(text, "a.log")])
    assert [(f.name, f.param_map["port_class"]) for f in found] == [("log-rendezvous-unfinished", port_class)]


def test_a_rendezvous_that_completed_is_no_finding() -> None:
    text = (
        "[INFO] api: [default] Rendezvous'ing worker group\n"
        "[INFO] api: [default] Rendezvous complete for workers. Result:\n" + "".join(f"  line {i}\n" for i in range(12))
    )
    assert explain_findings([to_input(text, "a.log")]) == []


def test_a_paste_of_the_nvls_step_nccl_stopped_at_is_an_unfinished_setup_and_a_bare_channel_line_is_not() -> None:
    log = read_log(str(LOGS / "field" / "1403-docker-h100-nvls-bind-hang.log"))
    assert [(f.name, f.param_map["stage"]) for f in explain_findings([log])] == [("log-nccl-setup-unfinished", "NVLS")]
    channel = "host:1:2 [0] NCCL INFO Channel 00/02 :    0   1\n"
    assert explain_findings([to_input(channel, "a.log")]) == []


def test_torchs_warning_of_one_address_of_several_is_no_failure_and_the_error_that_ends_the_tries_is() -> None:
    warning = real_line("source-texts.log", "[ip-26-0-146-37]:22456 (errno: 22").text
    assert explain_findings([to_input(f"{warning}\n{warning}\nEpoch 0: 100% 10/10 loss=0.1\n", "a.log")]) == []
    final = real_line("source-texts.log", "fe80::1c4b:2ff:fe3c:1a2b%eth0]:29500 (errno: 22").text
    assert [f.name for f in explain_findings([to_input(f"{warning}\n{final}\n", "a.log")])] == ["master-no-route"]


def test_torchs_warnings_of_an_address_family_the_host_lacks_are_no_failure_where_the_rendezvous_completed() -> None:
    needles = ("on [::]:7010 (errno: 97", "[jwb0475i.juwels]:7010 (errno: 97", "Rendezvous complete for workers")
    text = "".join(real_line("source-texts.log", needle).text + "\n" for needle in needles)
    assert [f for f in explain_findings([to_input(text, "a.log")]) if f.severity == "error"] == []


def test_a_real_rendezvous_that_never_met_ends_at_the_agents_word_and_one_that_met_is_healthy() -> None:
    # recorded: c10d rendezvous of two nodes with one started (a hang, killed), and two healthy nodes, at LOGLEVEL=INFO
    hung = explain_findings([read_log(str(LOGS / "rendezvous-hang-info.log"))])
    assert [(f.name, f.param_map["port_class"]) for f in hung] == [("log-rendezvous-unfinished", "rdzv-port-given")]
    healthy = [read_log(str(LOGS / f"healthy-info.node{n}.log")) for n in (1, 2)]
    assert [f for f in explain_findings(healthy) if f.severity != "info"] == []


def test_a_setup_the_launcher_saw_finish_is_no_stall() -> None:
    init = "[INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl"
    done = real_line("source-texts.log", "exits successfully").text
    assert [f.name for f in explain_findings([to_input(init + "\n", "a.log")])] == ["log-init-unfinished"]
    assert explain_findings([to_input(f"{init}\n{done}\n", "a.log")]) == []


def test_an_nccl_warn_its_process_then_got_past_to_finish_setup_is_no_failure() -> None:
    warn = real_line("source-texts.log", "[Proxy Service] Failed to set CUDA device 0").text
    complete = "node1:4242:4250 [0] NCCL INFO comm 0x5 rank 0 nRanks 2 nNodes 2 localRank 0 - Init COMPLETE"
    assert explain_findings([to_input(f"{warn}\n{complete}\n", "a.log")]) == []
    other = complete.replace("node1:4242:", "node2:777:")  # another process's setup says nothing of this one
    found = explain_findings([to_input(f"{warn}\n{other}\n", "a.log")])
    assert [f.name for f in found] == ["log-unexplained-failure"]


@pytest.mark.parametrize(
    "needle",
    [
        "Could not find real path of rxe0",
        "async event: port active",
        "async event: SM change",
        "NCCL_SOCKET_NTHREADS is greater",
        "Ignoring SHM locality",
        "remote FLID configured as zero",
        "Cannot initialize CollNet, using IB instead",
        "CollNet currently only supports",
        "ignoring NCCL_ALGO=COLLNET",
        "falling back to simple order",
        "No NVML, trying to use CUDA instead",
        "Skipping nvlink detection",
        "thread context due to old driver",
        "NCCL_WORK_FIFO_DEPTH=1000",
        "invalid for family AF_INET, ignoring address",
        "Continue without profiler",
        "NCCL_NET_MERGE_POLICY: unknown value",
        "Unsetting POLICY_EFFICIENCY",
        "Cannot enable MSCCL++ on gfx90a",
        "NCCL_MIN_NCHANNELS set by environment is ignored",
        "so disabling MSCCL for allreduce",
        "Disabling clique-based kernels",
    ],
)
def test_an_nccl_warn_after_which_nccl_goes_on_is_no_failure_alone(needle: str) -> None:
    line = real_line("source-texts.log", needle)
    assert failure_lines(LogInput("a.log", (line,))) == []


def test_an_rdma_ports_error_event_is_a_failure() -> None:
    line = real_line("source-texts.log", "async event: SM change")
    down = replace(line, text=line.text.replace("SM change(10)", "port error(10)"))
    assert failure_lines(LogInput("a.log", (down,))) == [down]


def test_an_exception_python_ignored_in_a_finaliser_is_no_failure_and_a_traceback_below_it_is() -> None:
    # recorded: rank 1's finaliser raises once the job is done; CPython reports it ("Exception ignored in") and goes on
    log = read_log(str(LOGS / "unraisable-at-exit.log"))
    assert [f for f in explain_findings([log]) if f.severity == "error"] == []
    failed = 'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\nRuntimeError: boom\n'
    text = "\n".join(line.text for line in log.lines) + "\n" + failed
    assert "log-unexplained-failure" in {f.name for f in explain_findings([to_input(text, "a.log")])}


def test_the_watchdogs_timeouts_of_one_collective_on_several_ranks_are_one_finding_naming_them() -> None:
    log = read_log(str(LOGS / "field" / "062-llamafactory-rank0-tokenizing-watchdog-allreduce.log"))
    (busy,) = [f for f in explain_findings([log]) if f.name == "log-rank-busy-elsewhere"]
    assert busy.param_map == {"ranks": "1, 2, 3", "op": "ALLREDUCE", "elapsed": "1800328-1800655"}
    assert len(busy.evidence) == 3


def test_the_loopback_interface_is_no_fault_where_every_rank_runs_on_one_host() -> None:
    # https://github.com/NVIDIA/nccl/issues/352: nccl-tests with both ranks on one pod over lo, which the reporter
    # says worked (NCCL 2.4.8)
    devices = (
        "# Using devices\n"
        "#   Rank  0 Pid  17754 on ds-ml-01-0 device  0 [0x06] Tesla V100-SXM2-32GB\n"
        "#   Rank  1 Pid  17755 on ds-ml-01-0 device  1 [0x07] Tesla V100-SXM2-32GB\n"
    )
    lo = "ds-ml-01-0:17754:17754 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>\n"
    assert "ifname-loopback" not in {f.name for f in explain_findings([to_input(devices + lo, "a.log")])}
    assert "ifname-loopback" in {f.name for f in explain_findings([to_input(lo, "a.log")])}


def test_a_programs_own_print_of_a_word_and_error_is_no_failure() -> None:
    # the PyTorch tutorial's evaluation line, in a healthy two-node run (tests/fixtures/logs/field-healthy)
    log = read_log(
        str(
            LOGS / "field-healthy" / "4005-ddp-torch-distributed-launch-two-nodes-nccl-2.7.8-socket-libibverbs-warn.log"
        )
    )
    assert any(line.text.startswith("Test Error:") for line in log.lines)
    assert failure_lines(log) == []


def test_the_traces_of_a_communicators_teardown_after_a_run_that_worked_are_no_failure() -> None:
    # a run that finished (tests/fixtures/logs/field-healthy): its proxies' sockets close as each comm is aborted
    log = read_log(
        str(LOGS / "field-healthy" / "4502-pcluster-slurm-pyxis-torchrun-deepspeed-efa-g5-two-node-nccl-2.23.log")
    )
    assert any(line.text.endswith("Abort COMPLETE") for line in log.lines) and failure_lines(log) == []
    warn = (
        "compute-gpu-st-distributed-ml-2:7070:11027 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed"
    )
    warned = replace(log, lines=(*log.lines[:99], replace(log.lines[99], text=warn), *log.lines[99:]))
    assert failure_lines(warned)  # a WARN of that process says its traces were a failure


def test_open_mpis_fork_warning_is_no_efa_abort() -> None:
    # Open MPI's mpi_warn_on_fork text begins as libfabric's EFA abort does; the job went on (field-healthy)
    log = read_log(str(LOGS / "field-healthy" / "5303-nccl1-mpi-test-openmpi2-fork-warning-test-passed.log"))
    assert log.lines[0].text.startswith("A process has executed an operation involving a call to the")
    assert explain_findings([log]) == []


def test_two_ranks_reports_of_exceptions_python_ignored_interleaved_on_one_stream_are_no_failure() -> None:
    # as the test bed recorded it once (record.py's unraisable-both-at-exit; which interleaving comes is up to the
    # scheduler): the second report's first line written into the first one's last
    text = (
        "Exception ignored in: <function _RaisesWhenCollected.__del__ at 0x7f75ea5a42c0>\n"
        "Traceback (most recent call last):\n"
        '  File "worker.py", line 57, in __del__\n'
        "    raise AttributeError(\"'NoneType' object has no attribute 'join'\")\n"
        "AttributeErrorException ignored in: : 'NoneType' object has no attribute 'join'\n"
        "<function _RaisesWhenCollected.__del__ at 0x7f8c54cb02c0>\n"
        "Traceback (most recent call last):\n"
        '  File "worker.py", line 57, in __del__\n'
        "    raise AttributeError(\"'NoneType' object has no attribute 'join'\")\n"
        "AttributeError: 'NoneType' object has no attribute 'join'\n"
    )
    assert failure_lines(to_input(text, "a.log")) == []
    recorded = read_log(str(LOGS / "unraisable-both-at-exit.log"))
    assert sum("Exception ignored in" in line.text for line in recorded.lines) == 2
    assert failure_lines(recorded) == []


def test_a_banner_the_workers_printed_after_is_no_launch_that_ended_there() -> None:
    # the ranks' own lines after torchrun's banner (a run that worked, tests/fixtures/logs/field-healthy), against
    # only torchrun's and its store's words after it (recorded: node-missing-quiet)
    spoke = read_log(
        str(LOGS / "field-healthy" / "5208-torchtitan-pr-libuv-torchrun-4gpu-local-ranks-filter-omp-warning-init.log")
    )
    assert any(line.text.startswith("[rank0]:") for line in spoke.lines)
    assert "log-ends-at-launch" not in {f.name for f in explain_findings([spoke])}
    quiet = read_log(str(LOGS / "node-missing-quiet.log"))
    assert any("[c10d]" in line.text for line in quiet.lines)
    assert [f.name for f in explain_findings([quiet])] == ["log-ends-at-launch"]


def test_a_shell_tools_own_complaint_is_no_failure_of_the_job() -> None:
    # a run script's "ls" of a path that is not there, in an MLPerf run that then succeeded (field-healthy)
    log = read_log(
        str(
            LOGS / "field-healthy" / "5503-mlperf-v1.0-dell-docker-bind-launch-8xa100-pcie-maskrcnn-nccl-"
            "2.9.8-userwarning-ls-error-success.log"
        )
    )
    assert any(line.text.startswith("ls: cannot access") for line in log.lines)
    assert failure_lines(log) == []
    python = "FileNotFoundError: [Errno 2] No such file or directory: '/pkl_coco'"  # the job's own open() is one
    assert failure_lines(to_input(python + "\n", "a.log"))


def _healthy_lines(prefix: str) -> list[str]:
    (path,) = (LOGS / "field-healthy").glob(f"{prefix}-*.log")
    return path.read_text().splitlines()


def _severities(lines: list[str]) -> list[tuple[str, str]]:
    return [(f.name, f.severity) for f in explain_findings([to_input("\n".join(lines), "a.log")])]


def test_the_nccl_proxys_words_as_its_ranks_exit_are_no_failure_and_a_crash_beside_them_is() -> None:
    # recorded in the field (MLPerf v5.0, Dell XE9680): the proxy service thread's accept, receive and Close WARNs
    # and their socket traces after the run's end, each communicator then aborted at exit
    teardown = [line for line in _healthy_lines("5604") if line.startswith("node076:")]
    assert any("[Proxy Service" in line for line in teardown) and any(" -> 3" in line for line in teardown)
    assert [s for s in _severities(teardown) if s[1] == "error"] == []
    crashed = [*teardown, "node076:248615:249081 [3] NCCL WARN Cuda failure 'an illegal memory access'"]
    assert any(severity == "error" for _, severity in _severities(crashed))


def test_the_sharp_plugins_init_error_is_no_failure_where_nccl_goes_on_without_collnet() -> None:
    # recorded in the field (MLPerf v1.0, Azure ND96amsr): every node's SHARP job failed, NCCL fell back to p2p
    lines = _healthy_lines("5601")
    assert [s for s in _severities(lines) if s[1] == "error"] == []
    without_fallback = [line for line in lines if "Cannot initialize CollNet" not in line]
    assert any(severity == "error" for _, severity in _severities(without_fallback))


def test_torchs_retried_lookups_of_the_stores_name_are_a_warning_once_the_log_goes_on() -> None:
    # recorded in the field (a Kubeflow TrainJob): the pod's DNS name resolved after a few seconds, the job trained
    lines = _healthy_lines("5686")
    retries = [line for line in lines if "cannot be retrieved (gai error" in line]
    assert _severities(lines) == [("log-store-host-unresolvable", "warning")]
    assert _severities(retries) == [("log-store-host-unresolvable", "error")]  # where the paste ends: still stuck
    assert _severities([*retries, "..."]) == [("log-store-host-unresolvable", "error")]


def test_pmixs_error_log_of_its_stores_lock_is_a_warning() -> None:
    # recorded in the field (MLPerf v5.0, Google A3 Ultra): every rank of a node printed it, and nccl-tests ran
    lines = [line for line in _healthy_lines("5613") if "PMIX ERROR" in line]
    assert _severities(lines) == [("log-pmix-store-lock-error", "warning")]


def test_rccls_msccl_plus_plus_that_cannot_be_enabled_is_no_failure() -> None:
    # recorded in the field (MLPerf v5.0, MI300X): RCCL goes on without MSCCL++ (init.cc sets it not compatible)
    lines = [line for line in _healthy_lines("5603") if "MSCCL++" in line]
    assert lines and _severities(lines) == []


def test_a_traceback_a_message_below_error_level_quotes_is_no_failure_and_one_an_exception_hit_is() -> None:
    # recorded in the field (MLPerf v5.1, HPE): NeMo logs the import it goes on without, its traceback quoted
    every = _healthy_lines("5762")
    first = next(i for i, line in enumerate(every) if "failed with: Traceback" in line)
    lines = every[first : first + 11]
    assert lines[-1].endswith("has no attribute 'quick_gelu'")
    assert failure_lines(to_input("\n".join(lines), "a.log")) == []
    hit = [
        line.replace(
            "Import of quick_gelu from megatron.core.fusions.fused_bias_geglu failed with", "Scheduler hit an exception"
        )
        for line in lines
    ]
    assert failure_lines(to_input("\n".join(hit), "a.log"))


def test_an_nccl_trace_below_its_sockets_word_that_they_saw_the_abort_is_teardown() -> None:
    # recorded in the field (MLPerf v5.1, Dell): a communicator aborted at exit, its socket's trace unwinding
    lines = [line for line in _healthy_lines("5763") if "timsnt9:390779:391289" in line]
    assert "abort called" in lines[0] and " -> 3" in lines[1]
    assert failure_lines(to_input("\n".join(lines), "a.log")) == []
    assert failure_lines(to_input(lines[1], "a.log"))  # the trace alone: a failure


def test_a_ucx_debug_line_with_an_errno_text_is_no_failed_call() -> None:
    # recorded in the field (MLPerf v5.1, Dell): UCX's diagnostics of a vfs socket it did not find
    line = next(line for line in _healthy_lines("5775") if "UCX  DEBUG failed to connect" in line)
    assert failure_lines(to_input(line, "a.log")) == []
    assert failure_lines(to_input(line.replace("UCX  DEBUG", "UCX  ERROR"), "a.log"))


def test_multiprocessings_traceback_of_a_finaliser_at_exit_is_no_failure() -> None:
    # recorded in the field (MLPerf v5.0, Oracle OCI): semaphores already unlinked when the finalisers ran at exit
    lines = _healthy_lines("5842")
    first = next(i for i, line in enumerate(lines) if "in _run_finalizers" in line) - 1
    block = lines[first : first + 8]
    assert block[0].startswith("Traceback") and block[-1].startswith("FileNotFoundError")
    assert failure_lines(to_input("\n".join(block), "a.log")) == []
    own = [block[0], '  File "train.py", line 9, in main', block[-1]]  # the job's own traceback: a failure
    assert failure_lines(to_input("\n".join(own), "a.log"))


def test_a_python_warning_that_quotes_an_errno_text_is_no_failed_call() -> None:
    # recorded in the field (MLPerf v5.0, Oracle OCI): multiprocessing's resource tracker at exit
    line = next(line for line in _healthy_lines("5840") if "UserWarning: resource_tracker: '" in line)
    assert "[Errno 2] No such file or directory" in line
    assert failure_lines(to_input(line, "a.log")) == []


def test_an_image_enroot_sought_on_docker_hub_under_a_registrys_name_is_named_and_not_also_pyxiss_failure() -> None:
    # recorded in the field (a merged fix PR): pyxis before 0.20 sent public.ecr.aws/hpc-cloud/nccl-tests to Docker Hub
    found = explain_findings([_field_log("3332")])
    assert [f.name for f in found] == ["log-enroot-registry-in-name"]
    hub = "URL https://registry-1.docker.io/v2/library/ubuntu/manifests/22.04 returned error code: 404 Not Found"
    assert "log-enroot-registry-in-name" not in {f.name for f in explain_findings([to_input(hub, "a.log")])}


def test_an_nccl_error_whose_last_error_is_the_proxys_close_is_a_teardowns_warning() -> None:
    # recorded in the field (MLPerf v5.0, HPE): torch's watchdog found it as the process exited, after the run's end
    lines = _healthy_lines("5856")
    first = next(i for i, line in enumerate(lines) if "found async exception" in line)
    error = lines[first : first + 4]
    assert error[-1].endswith("Failed to execute operation Close from rank 30, retcode 3")
    assert _severities(error) == [("log-nccl-system-error", "warning")]
    assert _severities(error[:2]) == [("log-nccl-system-error", "error")]  # no last error quoted: the job's own


def test_lightning_ranks_whose_own_lines_show_they_started_are_not_missing() -> None:
    # recorded in the field (MLPerf v5.0, HPE): the paste kept rank 0's 'MEMBER: 1/32' line and other ranks' warnings
    lines = _healthy_lines("5856")
    member = next(line for line in lines if "MEMBER: 1/32" in line)
    other = next(line for line in lines if "[rank8]:" in line)
    assert [name for name, _ in _severities([member])] == ["log-lightning-ranks-missing"]
    assert _severities([member, other]) == []


def test_a_step_that_failed_before_the_batch_script_started_another_is_no_failure_of_the_job() -> None:
    # recorded in the field (MLPerf v4.0, Fujitsu): the harness's sysjson step failed, its training steps then ran
    lines = _healthy_lines("5612")
    assert failure_lines(to_input("\n".join(lines), "a.log")) == []
    failed = next(i for i, line in enumerate(lines) if "Exited with exit code 1" in line)
    assert failure_lines(to_input("\n".join(lines[: failed + 1]), "a.log"))  # where the script stopped there


def test_the_ofi_plugins_failure_a_process_went_on_past_without_a_failure_is_a_warning() -> None:
    # recorded in the field (the Neuron NKI quickstart, one instance): the runtime's CCOM copy of the plugin's WARNs,
    # then the kernel compiled and ran
    lines = _healthy_lines("6031")
    assert _severities(lines) == [("log-nccl-ofi-no-efa", "warning")]
    plugin = [line for line in lines if "CCOM WARN" in line]
    assert _severities(plugin) == [("log-nccl-ofi-no-efa", "error")]  # where the paste ends there


def test_failure_lines_of_other_runtimes_are_failures() -> None:
    # recorded in the field (AWS Neuron's troubleshooting): the runtime's ERROR line and TensorFlow's failed CHECK
    lines = _field_lines("3397-neuron-cores-not-available-leftover-workers.log")
    assert [line.number for line in failure_lines(to_input("\n".join(lines), "a.log"))] == [1, 2]


def _names(*lines: LogLine) -> list[str]:
    log = LogInput("a.log", tuple(replace(x, source="a.log", number=i) for i, x in enumerate(lines)))
    return [f.name for f in explain_findings([log])]


def test_a_closed_rendezvous_under_torchruns_default_id_is_the_id_every_job_shares() -> None:
    run_id = real_line("field-healthy/4106-dlrover-elastic-agent-static-rdzv-omp-warning-after-fix.log", "run_id   ")
    log_dir = real_line("store-barrier-slow.log", "none_0ogwjcv6")
    closed = real_line("torch-source.log", "RendezvousClosedError")
    assert _names(run_id, closed) == _names(log_dir, closed) == ["log-rendezvous-id-shared"]
    assert _names(closed) == ["log-rendezvous-closed"]
    assert _names(run_id, log_dir) == []


def test_the_ofi_plugin_that_could_not_pair_its_nics_with_the_gpus_is_named_apart_from_one_without_efa() -> None:
    grouped = real_line("field/3510-eks-p5-ofi-unexpected-group-size-tensorflow-in-image.log", "group size").text
    gave_up = real_line("field/1962-polaris-aws-ofi-nccl-cxi-no-provider.log", "initialization failed").text
    found = explain_findings([to_input(f"{grouped}\n{gave_up}", "a.log")])
    assert [(f.name, f.severity) for f in found] == [("log-nccl-ofi-nic-groups", "error")]
    assert len(found[0].evidence) == 2
    # NCCL's choice of its sockets below them: the job runs, slower
    fell_back = _field_lines("954-eks-pod-identity-linklocal-nic-socket-fallback.log")[3]
    assert "NET/Socket" in fell_back
    went_on = explain_findings([to_input(f"{grouped}\n{fell_back}", "a.log")])
    assert [(f.name, f.severity) for f in went_on if f.severity != "info"] == [("log-nccl-ofi-nic-groups", "warning")]


def test_colossalai_run_taking_two_hosts_for_this_machine_is_named_as_the_cause() -> None:
    fixture = "field/3600-colossalai-run-remote-host-treated-as-localhost.log"
    first, second = real_line(fixture, "--node_rank=0"), real_line(fixture, "--node_rank=1")
    (both,) = explain_findings([LogInput("a.log", (replace(first, source="a.log"), replace(second, source="a.log")))])
    assert dict(both.params) == {
        "hosts": "192.168.0.64, 192.168.0.189",
        "why_class": "colossalai-hosts-local",
        "error": "I/O operation on closed file",
    }
    (one,) = explain_findings([LogInput("a.log", (replace(second, source="a.log"),))])
    assert dict(one.params)["hosts"] == "192.168.0.189"
    assert dict(one.params)["why_class"] == "colossalai-run-failed"


def test_a_traceback_cut_in_the_rendezvous_backends_store_call_is_the_store_unreachable() -> None:
    fixture = "field/3690-torchx-ray-c10d-store-unreachable-random-ports.log"
    (found,) = explain_findings([read_log(str(LOGS / fixture))])
    assert (found.name, found.severity) == ("log-rendezvous-connection", "error")
    # with the exception torch raised there, that is what the finding quotes
    raised = real_line("c10d-refused.node2.log", "api.RendezvousConnectionError")
    frame = real_line(fixture, "in _call_store")
    lines = (replace(frame, source="a.log"), replace(raised, source="a.log", number=99))
    both = explain_findings([LogInput("a.log", lines)])
    assert [(f.name, dict(f.params)["detail"]) for f in both] == [
        ("log-rendezvous-connection", " (The connection to the C10d store has failed. See inner exception for details)")
    ]


def test_vllms_engine_core_gone_after_it_said_it_shut_down_is_the_exits_race_not_a_crash() -> None:
    fixture = "field-healthy/6035-ascend-vllm-npu-offline-inference-ok-enginecore-died-at-exit.log"
    assert [f for f in explain_findings([read_log(str(LOGS / fixture))]) if f.severity == "error"] == []
    gone = real_line(fixture, "died unexpectedly, shutting down client")
    (alone,) = explain_findings([LogInput("a.log", (replace(gone, source="a.log"),))])
    assert alone.severity == "error"


def test_a_process_that_ran_its_own_packages_file_and_could_not_import_it_runs_another_python() -> None:
    fixture = "field/3780-llamafactory-torchrun-system-python-no-module.log"
    (found,) = explain_findings([read_log(str(LOGS / fixture))])
    assert found.name == "log-launch-env-missing"
    assert dict(found.params)["what"] == "the Python module llamafactory"
    # the package's own frame, the error, and the interpreter torchrun ran the worker under
    assert len(found.evidence) == 3 and "of binary: /usr/local/anaconda3/bin/python" in str(found.evidence[-1])
    # without a frame of that package above it, a missing module is the job's own dependency: not named so
    missing = real_line(fixture, "No module named 'llamafactory'")
    alone = explain_findings([LogInput("a.log", (replace(missing, source="a.log"),))])
    assert "log-launch-env-missing" not in {f.name for f in alone}


@pytest.mark.parametrize(
    ("fixture", "needle"),
    [
        # TransformerEngine's NCCLCHECK on a failed NCCL call, its text empty
        ("field/3903-te-userbuffers-tp-smaller-than-world-nccl-error.log", "Failed, NCCL error"),
        # Open MPI's backtrace of a crash, pasted without the handler's banner above its frames
        ("field/3961-horovod-static-nccl-stub-library-segfault-ncclbroadcast.log", "[ 1]"),
    ],
)
def test_a_failure_line_no_signature_reads_is_an_unexplained_failure_not_silence(fixture: str, needle: str) -> None:
    line = replace(real_line(fixture, needle), source="a.log")
    assert [f.name for f in explain_findings([LogInput("a.log", (line,))])] == ["log-unexplained-failure"]
