"""Issue 38: the memory and host-copy figures of diagnose's step 4, measured with plain torch and a different clock.

The probe times each copy with CUDA events; this reference times a batch of copies with the host's
perf_counter around torch.cuda.synchronize(), so that a mistake in either method shows as a gap.
Same sizes as the probe: 1 GiB device-to-device (bytes read plus written), 256 MiB host<->device
from pinned and from pageable memory. GB/s = 10^9 bytes per second. Prints one JSON line.

Usage: python3 reference.py [ordinal ...]   (default: every visible GPU)
"""
import json
import statistics
import sys
import time

import torch

D2D_BYTES = 1 << 30
HOST_BYTES = 256 << 20
BATCHES = 5


def rate(ordinal, copy, nbytes, per_batch):
    copy()
    torch.cuda.synchronize(ordinal)
    rates = []
    for _ in range(BATCHES):
        t0 = time.perf_counter()
        for _ in range(per_batch):
            copy()
        torch.cuda.synchronize(ordinal)
        rates.append(nbytes * per_batch / (time.perf_counter() - t0) / 1e9)
    return statistics.median(rates)


def measure(o):
    dev = "cuda:%d" % o
    torch.cuda.set_device(o)
    src = torch.empty(D2D_BYTES, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(src)
    # 10 copies a batch: one copy (~0.5 ms on an H200) would be too short for a host clock.
    device = rate(o, lambda: dst.copy_(src), 2 * D2D_BYTES, 10)
    del src, dst
    gpu = torch.empty(HOST_BYTES, dtype=torch.uint8, device=dev)
    pinned = torch.empty(HOST_BYTES, dtype=torch.uint8).pin_memory()
    pageable = torch.empty(HOST_BYTES, dtype=torch.uint8)
    out = {
        "index": o,
        "name": torch.cuda.get_device_name(o),
        "deviceCopyGBps": device,
        "h2dPinnedGBps": rate(o, lambda: gpu.copy_(pinned, non_blocking=True), HOST_BYTES, 2),
        "d2hPinnedGBps": rate(o, lambda: pinned.copy_(gpu, non_blocking=True), HOST_BYTES, 2),
        "h2dPageableGBps": rate(o, lambda: gpu.copy_(pageable), HOST_BYTES, 2),
        "d2hPageableGBps": rate(o, lambda: pageable.copy_(gpu), HOST_BYTES, 2),
    }
    del gpu, pinned, pageable
    return out


if __name__ == "__main__":
    ordinals = [int(a) for a in sys.argv[1:]] or list(range(torch.cuda.device_count()))
    print(json.dumps({"torch": torch.__version__, "perGpu": [measure(o) for o in ordinals]}))
