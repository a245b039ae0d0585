# Verification only (not for users): a GPU job that ends by itself during a watch. Usage:
#   watch-exits.py SECONDS            matmuls for SECONDS, then exits
#   watch-exits.py SECONDS --zombie   the same job runs as a child that is never reaped: it stays a zombie
import subprocess
import sys
import time

seconds = float(sys.argv[1])
if "--zombie" in sys.argv:
    child = subprocess.Popen([sys.executable, __file__, str(seconds)])
    print(child.pid, flush=True)
    time.sleep(3600)  # never waits for the child
    sys.exit(0)

import torch  # noqa: E402

a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
end = time.time() + seconds
while time.time() < end:
    for _ in range(10):
        a = (a @ a).clamp_(-1, 1)
    torch.cuda.synchronize()
