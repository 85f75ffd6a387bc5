"""One rank of a fault that a single GPU can show for real, run under torchrun by scripts/gpu_faults.sh.

The fault is named by the first argument; each one is what a user's job does wrong, not a simulation of its log.
"""

from __future__ import annotations

import os
import sys

import torch
import torch.distributed as dist


def _nccl_allreduce(device: torch.device) -> None:
    dist.init_process_group("nccl", device_id=device)
    tensor = torch.ones(1 << 20, device=device)
    dist.all_reduce(tensor)
    torch.cuda.synchronize(device)
    print(f"rank {dist.get_rank()} allreduce sum {tensor[0].item():.0f}", flush=True)
    dist.destroy_process_group()


def _dataloader_big_batches() -> None:
    # Workers hand batches back through /dev/shm; 32 MiB each overflows a small tmpfs.
    from torch.utils.data import DataLoader, Dataset

    class Big(Dataset[torch.Tensor]):
        def __len__(self) -> int:
            return 64

        def __getitem__(self, index: int) -> torch.Tensor:
            return torch.full((8 << 20,), float(index))

    for batch in DataLoader(Big(), batch_size=1, num_workers=2):
        _ = batch.sum()
    print("dataloader finished", flush=True)


def main(fault: str) -> None:
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    if fault == "healthy":
        _nccl_allreduce(torch.device("cuda", 0))
    elif fault == "duplicate-gpu":
        # Every rank on cuda:0: the classic missing torch.cuda.set_device(local_rank).
        _nccl_allreduce(torch.device("cuda", 0))
    elif fault == "device-ordinal":
        # One rank per GPU asked for, more ranks than GPUs on the node.
        torch.cuda.set_device(local_rank)
        _nccl_allreduce(torch.device("cuda", local_rank))
    elif fault == "cuda-oom":
        dist.init_process_group("nccl", device_id=torch.device("cuda", 0))
        torch.empty(400 << 30, dtype=torch.uint8, device="cuda")
    elif fault == "device-assert":
        # An index out of range inside a kernel (labels >= classes, token ids >= vocabulary) on one rank.
        device = torch.device("cuda", 0)
        dist.init_process_group("nccl", device_id=device)
        table = torch.zeros(3, device=device)
        table[torch.tensor([5], device=device)] += 1
        dist.all_reduce(table)
        torch.cuda.synchronize(device)
    elif fault == "dataloader-shm":
        _dataloader_big_batches()
    else:
        sys.exit(f"unknown fault {fault!r}")


if __name__ == "__main__":
    main(sys.argv[1])
