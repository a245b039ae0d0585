# Verification only (not for users): a GPU-bound job for `gpu-doctor watch`. One 16384² bf16 matmul
# per step keeps the SMs busy; a 4×8192² version was NOT GPU-bound (SM 47 %), see
# docs/verification/issue-12-watch-h100/README.md. Runs until killed.
import torch

a = torch.randn(16384, 16384, device="cuda", dtype=torch.bfloat16)
b = torch.randn(16384, 16384, device="cuda", dtype=torch.bfloat16)
step = 0
while True:
    c = a @ b
    step += 1
    if step % 20 == 0:
        torch.cuda.synchronize()
