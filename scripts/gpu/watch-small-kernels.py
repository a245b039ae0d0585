# Verification only (not for users): kernels too small for the GPU, for `gpu-doctor watch` (issue 38: low
# occupancy). A chain of elementwise kernels on 64 Ki floats (about one 128-thread block per SM: 4 of the
# 64 warps an SM holds) replayed as one CUDA graph, so the launches do not bound it and the GPU stays busy
# with kernels that each fill little of it. --eager launches the same chain from Python instead (that is
# launch-bound, scripts/gpu/watch-launch-bound.py's case). Runs until killed.
import sys

import torch

N = 64 * 1024
CHAIN = 300
x = torch.randn(N, device="cuda")


def chain() -> torch.Tensor:
    y = x
    for _ in range(CHAIN):
        y = torch.sin(y) * 0.5 + 0.1
    return y


if "--eager" in sys.argv:
    run = chain
else:
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            chain()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        chain()
    run = graph.replay
print("mode", "eager" if "--eager" in sys.argv else "cuda-graph", "elements", N, "kernels per replay", CHAIN * 3, flush=True)
step = 0
while True:
    run()
    step += 1
    if step % 20 == 0:
        torch.cuda.synchronize()
