# Verification only (not for users): another process that starts working on its GPU in the middle of a
# diagnosis. Imports torch and holds its buffers first (a context, ~0.4 GiB, no kernels), waits for GO_FILE,
# sleeps DELAY s, then for SECONDS keeps the GPU busy DUTY of every 20 ms with bf16 matmuls.
# Usage: python3 gated-load.py GO_FILE DUTY DELAY SECONDS
import os
import sys
import time

import torch

go, duty, delay, seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
a @ a
torch.cuda.synchronize()
print("ready", flush=True)
deadline = time.time() + 120
while not os.path.exists(go) and time.time() < deadline:
    time.sleep(0.005)
time.sleep(delay)
began = time.time()
busy = 0.0
while time.time() - began < seconds:
    period = time.time()
    while time.time() - period < 0.020 * duty:
        a @ a
        torch.cuda.synchronize()
    busy += time.time() - period
    rest = 0.020 - (time.time() - period)
    if rest > 0:
        time.sleep(rest)
print("done: busy %.2f of %.2f s" % (busy, time.time() - began), flush=True)
