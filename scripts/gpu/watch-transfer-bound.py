# Verification only (not for users): a transfer-bound job for `gpu-doctor watch`. Each step copies
# 1 GiB of pageable host memory to the GPU and does almost nothing with it. Runs until killed.
import torch

host = torch.randn(256, 1024, 1024)
while True:
    x = host.to("cuda")
    x.sum().item()
