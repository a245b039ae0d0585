# Verification only (not for users): a job bound by PCIe for `gpu-doctor watch`. 1 GiB of pinned host
# memory copied to the GPU and back in a loop (non_blocking on one stream), with almost no compute:
# the link runs near its capacity while the utilisation counter may read high (copy kernels). Runs until killed.
import torch

host = torch.empty(256, 1024, 1024, dtype=torch.float32).pin_memory()
back = torch.empty_like(host).pin_memory()
dev = torch.empty(256, 1024, 1024, dtype=torch.float32, device="cuda")
step = 0
while True:
    dev.copy_(host, non_blocking=True)
    back.copy_(dev, non_blocking=True)
    step += 1
    if step % 4 == 0:
        torch.cuda.synchronize()
