"""A tiny gloo rank that hangs on purpose, for tests and the stack recorder: `python hung_rank.py SCENARIO`.

Scenarios: store-only (joins the store, never builds the group), late (sleeps before init), init (only
init_process_group: hangs while a peer is missing), outside (rank 1 never calls all_reduce), mismatch (rank 0
all_reduce, rank 1 broadcast), fr-mismatch (the same after 3 all_reduces, each rank dumping its flight recorder),
barrier (rank 1 in user code while rank 0 waits in a barrier), steps (a few printed training steps, then rank 1 stops
calling all_reduce), train (STEPS timed steps, prints the median step time).
"""

from __future__ import annotations

import datetime
import os
import statistics
import sys
import threading
import time

import torch
import torch.distributed as dist


def user_work() -> None:
    # The rank's own code that "forgot" the collective: a long sleep stands for any such stall.
    time.sleep(3600)


def dump_flight_recorder(rank: int) -> None:
    import torch._C._distributed_c10d as c10d

    time.sleep(1.5)
    data = c10d._dump_fr_trace(True, True, False)
    path = os.environ["TORCH_FR_DUMP_TEMP_FILE"] + str(rank)
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)


def main(scenario: str) -> None:
    if scenario == "store-only":
        # Joins the store as a rank would, then never builds the process group: its peers hang in pg init.
        store = dist.TCPStore(os.environ["MASTER_ADDR"], int(os.environ["MASTER_PORT"]), 2, is_master=False)
        time.sleep(3600)
        del store
    if scenario == "late":
        user_work()
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=3600))
    rank = dist.get_rank()
    t = torch.ones(4)
    if scenario == "fr-mismatch":
        # The job dumps its own flight recorder (as NCCL's watchdog would on a GPU; gloo never does by itself).
        threading.Thread(target=dump_flight_recorder, args=(rank,), daemon=True).start()
        for _ in range(3):
            dist.all_reduce(t)
        scenario = "mismatch"
    if scenario == "init":
        return
    if scenario == "outside":
        if rank == 1:
            user_work()
        dist.all_reduce(t)
    elif scenario == "mismatch":
        if rank == 0:
            dist.all_reduce(t)
        else:
            dist.broadcast(t, src=0)
        time.sleep(3600)
    elif scenario == "barrier":
        if rank == 1:
            user_work()
        dist.barrier()
    elif scenario == "steps":
        for step in range(1000):
            if step == 3 and rank == 1:
                user_work()
            dist.all_reduce(t)
            print(f"rank {rank} step {step} done", flush=True)
            time.sleep(0.2)
    elif scenario == "train":
        steps = int(os.environ.get("STEPS", "200"))
        x = torch.randn(256, 256)
        times = []
        for _ in range(steps):
            start = time.perf_counter()
            y = x @ x
            dist.all_reduce(y)
            times.append(time.perf_counter() - start)
        if rank == 0:
            print(f"median_step_s {statistics.median(times):.6f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main(sys.argv[1])
