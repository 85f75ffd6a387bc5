"""A small gloo training job that stalls on purpose, for `run`'s runtime causes: `python runtime_job.py SCENARIO`
under torchrun (2 ranks). Every scenario runs STEPS healthy printed steps first (a 60 s process-group timeout:
PG_TIMEOUT_S), then rank 1 does its part.

late: rank 1 saves a checkpoint that takes an hour (save_checkpoint) while rank 0 waits in all_reduce; rank 0
prints a known failure line (EADDRINUSE) at step 1 and trains on.
left: rank 1's data runs out after STEPS batches (rank 0 has more): it leaves the loop and writes a summary.
loader: rank 1's DataLoader worker blocks in the dataset's __getitem__.
loader-timeout: the same, with DataLoader(timeout=LOADER_TIMEOUT_S): rank 1 raises torch's DataLoader timeout.
oom: rank 1 joins the memory cgroup OOM_CGROUP and allocates past its limit.
mismatch: rank 1 calls broadcast where rank 0 calls all_reduce.
steps: healthy steps until killed (the test kills rank 1).
nccl-abort: rank 0 saves a checkpoint that takes an hour while rank 1 waits in all_reduce; a thread of rank 1 does
what ProcessGroupNCCL's watchdog does when that collective times out (no GPU here): it prints torch's abort lines
and aborts the process (SIGABRT), ABORT_AFTER_S seconds into the wait.
abort: rank 1 aborts (SIGABRT) at step STEPS, printing nothing.
"""

from __future__ import annotations

import datetime
import os
import sys
import threading
import time

SCENARIO = sys.argv[1]
RANK = int(os.environ["RANK"])
if SCENARIO == "oom" and RANK == 1:
    # As a container would: the rank runs under a memory limit from its start.
    with open(os.path.join(os.environ["OOM_CGROUP"], "cgroup.procs"), "w") as f:
        f.write(str(os.getpid()))

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402

STEPS = int(os.environ.get("STEPS", "3"))


def save_checkpoint(step: int) -> None:
    time.sleep(3600)  # slow storage


def write_summary() -> None:
    time.sleep(3600)


# What torch 2.4+ prints when the watchdog finds a collective past its timeout, trimmed (the rank's number put in);
# ProcessGroupNCCL then ends the process with std::abort().
WATCHDOG_LINES = (
    "[rank{r}]:[E709 17:05:39.081662161 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=4, NumelOut=4, Timeout(ms)=60000) ran for 60012 "
    "milliseconds before timing out.",
    "[rank{r}]:[E709 17:05:39.081662161 ProcessGroupNCCL.cpp:684] [Rank {r}] Some NCCL operations have failed or "
    "timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
    "corrupted/incomplete data.",
    "[rank{r}]:[E709 17:05:39.081690629 ProcessGroupNCCL.cpp:698] [Rank {r}] To avoid data inconsistency, we are "
    "taking the entire process down.",
    "terminate called after throwing an instance of 'c10::DistBackendError'",
)


def watchdog(after_s: float) -> None:
    time.sleep(after_s)
    for line in WATCHDOG_LINES:
        print(line.format(r=RANK), file=sys.stderr, flush=True)
    os.abort()


class Slow(torch.utils.data.Dataset[torch.Tensor]):
    def __len__(self) -> int:
        return 1000

    def __getitem__(self, i: int) -> torch.Tensor:
        if RANK == 1 and i >= STEPS:
            time.sleep(3600)  # a read that never returns (a dead network mount)
        return torch.ones(4)


def step(t: torch.Tensor, i: int) -> None:
    dist.all_reduce(t)
    print(f"rank {RANK} step {i} done", flush=True)
    time.sleep(0.3)


def main() -> None:
    timeout = datetime.timedelta(seconds=float(os.environ.get("PG_TIMEOUT_S", "60")))
    dist.init_process_group("gloo", timeout=timeout)
    t = torch.ones(4)
    if SCENARIO == "left":
        batches = range(STEPS if RANK == 1 else 1000)
        for i in batches:
            step(t, i)
        write_summary()
    elif SCENARIO in ("loader", "loader-timeout"):
        limit = float(os.environ.get("LOADER_TIMEOUT_S", "3")) if SCENARIO == "loader-timeout" else 0
        loader = torch.utils.data.DataLoader(Slow(), batch_size=1, num_workers=1, timeout=limit)
        for i, batch in enumerate(loader):
            step(batch, i)
    else:
        for i in range(1000):
            if i == STEPS and SCENARIO == "nccl-abort":
                if RANK == 0:
                    save_checkpoint(i)
                else:
                    after = float(os.environ.get("ABORT_AFTER_S", "4"))
                    threading.Thread(target=watchdog, args=(after,), daemon=True).start()
            if i == STEPS and RANK == 1:
                if SCENARIO == "abort":
                    os.abort()
                if SCENARIO == "late":
                    save_checkpoint(i)
                elif SCENARIO == "mismatch":
                    dist.broadcast(t, 0)
                elif SCENARIO == "oom":
                    hog = [bytearray(64 << 20) for _ in range(64)]
                    print(len(hog), flush=True)
            if SCENARIO == "late" and RANK == 0 and i == 1:
                print(
                    "[W socket.cpp:464] [c10d] The server socket has failed to bind to [::]:29500 "
                    "(errno: 98 - Address already in use).",
                    flush=True,
                )
            step(t, i)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
