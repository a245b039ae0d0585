# Verification only (not for users): a launch-bound job for `gpu-doctor watch`. Tiny elementwise
# kernels on a 256-element tensor, launched one by one from a Python loop. Runs until killed.
import torch

x = torch.randn(256, device="cuda")
step = 0
while True:
    x = torch.sin(x) * 0.5 + 0.1
    x = torch.relu(x - 0.01)
    step += 1
    if step % 1000 == 0:
        torch.cuda.synchronize()
