# Verification only (not for users): a job whose main thread prepares data on the CPU in pure Python
# (one thread at 100 %) while the GPU gets a small batch now and then and is nearly idle: CPU work in the
# main process, not small kernels. Runs until killed.
import random

import torch

torch.set_num_threads(1)
model = torch.nn.Linear(512, 512).cuda()
while True:
    # "Decoding and augmenting" a batch in Python: about half a second of one core.
    rows = [[random.random() * 2.0 - 1.0 for _ in range(512)] for _ in range(600)]
    for r in rows:
        r.sort()
    x = torch.tensor(rows, dtype=torch.float32).cuda(non_blocking=False)
    model(x).sum().item()
