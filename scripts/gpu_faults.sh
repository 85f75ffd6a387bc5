#!/usr/bin/env bash
# Real faults on one GPU, recorded as users would paste them (NCCL_DEBUG=INFO, torchrun's own output), each then
# read by `distdoctor explain`: what it names, and whether the healthy runs stay healthy. Also records the files
# distdoctor's gatherers read on this machine. Everything lands in $OUT (default: a new temporary folder).
# Usage: scripts/gpu_faults.sh [NAME ...]   (from the repository root, on a machine with at least one NVIDIA GPU;
#        NAMEs pick faults, all by default)
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
OUT=${OUT:-$(mktemp -d)}
LOGS="$OUT/logs"
mkdir -p "$LOGS"
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
WORKER="$PWD/scripts/gpu_faults_worker.py"
ONLY=" $* "

record() {  # record NAME NPROC FAULT [ENV=VALUE ...]: one torchrun, its log, and explain's reading of it
  local name=$1 nproc=$2 fault=$3; shift 3
  [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $name "* ]] || return 0
  local port=$(( 29400 + RANDOM % 500 ))
  echo "== $name: $* torchrun --nproc-per-node $nproc ($fault)"
  env NCCL_DEBUG=INFO "$@" timeout -s INT 60 "$PY" -m torch.distributed.run --nnodes 1 --nproc-per-node "$nproc" \
    --master-addr 127.0.0.1 --master-port "$port" "$WORKER" "$fault" > "$LOGS/$name.log" 2>&1
  echo "torchrun exit $?, $(wc -l < "$LOGS/$name.log") lines"
  "$PY" -m distdoctor explain --json "$LOGS/$name.log" > "$LOGS/$name.explain.json"
  echo "explain exit $?"
  "$PY" -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in r['findings'][:4]:
    print('  ', f['severity'], f['name'], '|', f['title'][:150])
print('   (no findings)') if not r['findings'] else None
" "$LOGS/$name.explain.json" || echo "   explain JSON did not parse"
  tar -C "$OUT" -czf "$OUT/recorded.tgz" logs  # after each fault, so a run cut short still brings back what it saw
}

echo "== machine"; date -u; nvidia-smi -L; "$PY" -c "import torch; print('torch', torch.__version__, 'nccl', torch.cuda.nccl.version())"

record healthy 1 healthy
record duplicate-gpu 2 duplicate-gpu
record device-ordinal 2 device-ordinal
record ifname-absent 1 healthy NCCL_SOCKET_IFNAME=nosuch0
record ifname-list-absent 1 healthy NCCL_SOCKET_IFNAME=nosuch0,nosuch1 GLOO_SOCKET_IFNAME=nosuch0,nosuch1
record net-ib-absent 1 healthy NCCL_NET=IB
record ib-hca-absent 1 healthy NCCL_IB_HCA=mlx5_99
record cuda-oom 1 cuda-oom
record device-assert 1 device-assert
record no-visible-gpu 1 healthy CUDA_VISIBLE_DEVICES=
record topo-file-missing 1 healthy NCCL_TOPO_FILE=/nonexistent/topo.xml
record graph-file-missing 1 healthy NCCL_GRAPH_FILE=/nonexistent/graph.xml
record algo-nvls-one-gpu 1 healthy NCCL_ALGO=NVLS
record socket-family-ipv6 1 healthy NCCL_SOCKET_FAMILY=AF_INET6
# Settings that change nothing a job needs: each run must read healthy.
record healthy-debug-all 1 healthy NCCL_DEBUG_SUBSYS=ALL
record healthy-transports-off 1 healthy NCCL_IB_DISABLE=1 NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_NET_PLUGIN=nosuch
# A container's small /dev/shm, made for real in a private mount namespace.
if unshare -m sh -c 'mount -t tmpfs -o size=16m tmpfs /dev/shm' 2>/dev/null; then
  PY_REAL=$PY
  PY="$OUT/py-small-shm"
  printf '#!/bin/sh\nexec unshare -m sh -c %s %s "$@"\n' \
    "'mount -t tmpfs -o size=16m tmpfs /dev/shm && exec \"\$0\" \"\$@\"'" "$PY_REAL" > "$PY"
  chmod +x "$PY"
  record dataloader-shm16m 1 dataloader-shm
  record healthy-shm16m 1 healthy
  PY=$PY_REAL
  rm -f "$OUT/py-small-shm"
else
  echo "== unshare -m with a tmpfs mount is refused here: small-/dev/shm faults skipped"
fi

echo "== the files distdoctor's gatherers read on this machine"
"$PY" - "$OUT/tree" <<'PY'
import glob, os, shutil, sys
dest = sys.argv[1]
patterns = ["/proc/self/mounts", "/proc/cmdline", "/proc/driver/nvidia/version", "/proc/driver/nvidia/gpus/*/information",
            "/sys/class/net/*/mtu", "/sys/class/infiniband/*/ports/*/*", "/sys/module/nvidia_peermem/version",
            "/sys/kernel/iommu_groups", "/proc/sys/kernel/random/boot_id"]
for pattern in patterns:
    for path in glob.glob(pattern):
        target = dest + path
        os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            if os.path.isdir(path):
                os.makedirs(target, exist_ok=True)
                open(os.path.join(target, "COUNT"), "w").write(f"{len(os.listdir(path))} entries\n")
            else:
                shutil.copyfile(path, target)
        except OSError as exc:
            print("unreadable", path, exc)
print("recorded", sum(len(f) for _, _, f in os.walk(dest)), "files")
PY
ls /dev/infiniband 2>&1 | head -3; df -h /dev/shm | tail -1; echo "ulimit -l $(ulimit -l)"
nvidia-smi -q > "$OUT/tree/nvidia-smi-q.txt" 2>&1
tar -C "$OUT" -czf "$OUT/recorded.tgz" logs tree && rm -rf "$LOGS" "$OUT/tree"
echo "== results in $OUT"
