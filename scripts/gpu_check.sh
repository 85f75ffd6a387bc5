#!/usr/bin/env bash
# One prepared check on a GPU machine: `distdoctor check --json` and a one-node nccl `distdoctor smoke`, and what
# distdoctor saw below the network (NVML fabric, RDMA ports, /dev/shm, memlock, the libnccl that will load), set
# beside what torch and NVML say themselves. Exits nonzero only when the tool fails (a crash, a usage error, JSON
# that does not parse, a NCCL version that differs from the one torch reports); findings are printed, not fatal.
# Usage: scripts/gpu_check.sh            (from the repository root; OUT=dir keeps the JSON, PYTHON=python3.x)
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
failed=0
fail() { echo "TOOL FAILURE: $*"; failed=1; }

echo "== machine"
date -u; uname -r
nvidia-smi -L 2>&1 | head -16 || echo "nvidia-smi: not available"
nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1
ls /sys/class/infiniband 2>/dev/null | tr '\n' ' '; echo "(sysfs HCAs)"
df -h /dev/shm | tail -1; echo "ulimit -l: $(ulimit -l)"

echo "== what torch and NVML say themselves"
$PY - <<'PY' 2>&1 | tee "$OUT/torch.txt"
import importlib.util
try:
    import torch
    print("torch", torch.__version__, "cuda", torch.version.cuda, "gpus", torch.cuda.device_count())
    v = torch.cuda.nccl.version() if torch.cuda.is_available() else None
    print("torch-nccl", ".".join(map(str, v)) if isinstance(v, tuple) else v)
except Exception as exc:
    print("torch: not usable:", exc)
if importlib.util.find_spec("pynvml"):
    import pynvml
    pynvml.nvmlInit()
    print("nvml cuda driver", pynvml.nvmlSystemGetCudaDriverVersion())
    for i in range(pynvml.nvmlDeviceGetCount()):
        h = pynvml.nvmlDeviceGetHandleByIndex(i)
        try:
            import ctypes
            info = pynvml.c_nvmlGpuFabricInfoV_t()
            pynvml.nvmlDeviceGetGpuFabricInfoV(h, ctypes.byref(info))
            print(f"nvml gpu {i} fabric state {info.state} status {info.status}")
        except Exception as exc:
            print(f"nvml gpu {i} fabric: {exc!r}")
else:
    print("pynvml: not installed (distdoctor then reports no fabric facts)")
PY

missing=$($PY -c "
import importlib.util
print(' '.join(m for m in ('click','rich','psutil','hostlist','msgspec') if importlib.util.find_spec(m) is None))")
if [ -n "$missing" ]; then
  fail "distdoctor's dependencies are missing here: $missing (pip install -e . first)"
  exit 1
fi
NGPU=$($PY -c "from distdoctor.facts.nvidia import gather_gpus; import os; print(len(gather_gpus(os.environ)[0]))")
NPROC=$(( NGPU > 0 ? NGPU : 1 ))
echo "== distdoctor check (nproc_per_node=$NPROC)"
timeout 120 $PY -m distdoctor check --nproc-per-node "$NPROC" --json > "$OUT/check.json"
rc=$?
[ "$rc" -le 1 ] || fail "check --json exited $rc"
timeout 120 $PY -m distdoctor check --nproc-per-node "$NPROC" || true
$PY - "$OUT/check.json" "$OUT/torch.txt" <<'PY' || fail "the check JSON or the NCCL version disagrees (see above)"
import json, sys
report = json.load(open(sys.argv[1]))
d = report["facts"]["devices"]
print("findings:", [(f["name"], f["severity"]) for f in report["findings"]] or "none")
print("gpus:", [g["name"] for g in report["facts"]["gpus"]], "gpu_error:", report["facts"]["gpu_error"])
print("shm:", d["shm"]); print("memlock:", d["memlock"])
for dev in d["rdma"]:
    for p in dev["ports"]:
        print("rdma", dev["name"], p["number"], p["state"], p["phys_state"], p["link_layer"], p["rate"], p["active_mtu"],
              [(g["index"], g["kind"], g["ipv4"]) for g in p["gids"]])
print("/dev/infiniband:", d["dev_infiniband"], "peermem:", d["peermem_loaded"], "imex:", d["imex_channels"],
      "iommu groups:", d["iommu_groups"], "iommu=pt:", d["iommu_passthrough"])
print("fabric:", d["fabric"]); print("cuda driver:", d["cuda_driver"])
print("nccl candidates:", d["nccl"]); print("net plugins:", d["net_plugins"])
torch_nccl = next((l.split()[1] for l in open(sys.argv[2]) if l.startswith("torch-nccl ")), None)
loaded = d["nccl"][0]["version"] if d["nccl"] else None
print("NCCL torch reports:", torch_nccl, "| distdoctor says will load:", loaded)
if torch_nccl not in (None, "None") and loaded and torch_nccl != loaded:
    sys.exit(1)
PY

if [ "$NGPU" -gt 0 ]; then
  echo "== distdoctor smoke --backend nccl (one node, $NGPU ranks)"
  timeout 300 $PY -m distdoctor smoke --backend nccl --nproc-per-node "$NGPU" --sizes 1M:64M:4 --json > "$OUT/smoke.json"
  rc=$?
  [ "$rc" -le 1 ] || fail "smoke exited $rc"
  $PY -c "
import json,sys
r=json.load(open('$OUT/smoke.json'))
print('smoke findings:', [(f['name'], f['severity']) for f in r['findings']] or 'none')
" || fail "smoke JSON did not parse"
else
  echo "== no GPU visible: nccl smoke skipped"
fi
echo "== results in $OUT"
exit $failed
