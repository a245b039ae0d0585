# Verification only (not for users): a process that holds 2 GiB of GPU memory and does nothing, as
# an idle neighbour on a shared GPU. Runs until killed.
import time

import torch

held = torch.empty(2 * 1024**3, dtype=torch.uint8, device="cuda")
torch.cuda.synchronize()
while True:
    time.sleep(1)
