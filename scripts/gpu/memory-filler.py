# Verification only (not for users): another process that takes nearly all of its GPU's memory and does
# nothing, as a neighbour that leaves too little for anyone else. Allocates 256 MiB blocks until CUDA
# refuses, then keeps them (LEAVE_MIB, if given, is freed again). Prints "ready HELD_GIB" and runs until killed.
# Usage: CUDA_VISIBLE_DEVICES=N python3 memory-filler.py [LEAVE_MIB]
import sys
import time

import torch

leave = int(sys.argv[1]) if len(sys.argv) > 1 else 0
blocks = []
while True:
    try:
        blocks.append(torch.empty(256 * 1024**2, dtype=torch.uint8, device="cuda"))
    except RuntimeError:
        break
while leave > 0 and blocks:
    blocks.pop()
    leave -= 256
torch.cuda.synchronize()
torch.cuda.empty_cache()
print("ready %.1f" % (len(blocks) * 256 / 1024), flush=True)
while True:
    time.sleep(1)
