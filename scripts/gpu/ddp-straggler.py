# Verification only (not for users): a two-rank DDP job (torchrun --nproc_per_node=2) where rank
# SLOW_RANK (default 1) does extra matmuls before each step, so the other rank waits in all-reduce.
# Runs for SECONDS (default 60). Usage: torchrun --nproc_per_node=2 ddp-straggler.py [SECONDS]
import os
import sys
import time

import torch
import torch.distributed as dist

rank = int(os.environ["RANK"])
local = int(os.environ["LOCAL_RANK"])
slow = int(os.environ.get("SLOW_RANK", "1"))
torch.cuda.set_device(local)
dist.init_process_group("nccl")
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(4096, 4096).cuda(), device_ids=[local])
opt = torch.optim.SGD(model.parameters(), lr=1e-3)
x = torch.randn(256, 4096, device="cuda")
extra = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
end = time.time() + float(sys.argv[1] if len(sys.argv) > 1 else 60)
print("rank %d pid %d gpu %s" % (rank, os.getpid(), torch.cuda.get_device_properties(local).uuid), flush=True)
while True:
    stop = torch.tensor([1.0 if time.time() > end else 0.0], device="cuda")
    dist.all_reduce(stop)
    if stop.item() > 0:
        break
    if rank == slow:
        for _ in range(30):
            extra @ extra
    opt.zero_grad()
    model(x).sum().backward()
    opt.step()
dist.destroy_process_group()
print("rank %d done" % rank, flush=True)
