# Verification only (not for users): a memory-bound elementwise job for `gpu-doctor watch` (issue 38:
# fusion is the lever). d = a * b + c on float32 tensors of 1 GiB each, unfused in eager mode (one kernel
# for the product, one for the sum: each value read and written through DRAM), no tensor cores. Runs until killed.
import torch

n = 256 * 1024 * 1024  # 1 GiB of float32
a = torch.randn(n, device="cuda")
b = torch.randn(n, device="cuda")
c = torch.randn(n, device="cuda")
d = torch.empty(n, device="cuda")
step = 0
while True:
    torch.mul(a, b, out=d)
    d.add_(c)
    step += 1
    if step % 20 == 0:
        torch.cuda.synchronize()
