# Verification only (not for users): one process keeping the GPU busy with 8192² bf16 matmuls for
# SECONDS (default 60), then "load done". Usage: python3 bf16-load.py [SECONDS]
import sys
import time

import torch

a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
b = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
end = time.time() + float(sys.argv[1] if len(sys.argv) > 1 else 60)
while time.time() < end:
    for _ in range(20):
        c = a @ b
    torch.cuda.synchronize()
print("load done")
