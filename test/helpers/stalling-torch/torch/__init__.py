"""A stand-in `torch` whose import never finishes, like a CUDA init that hangs or a long workload.

Put this folder first on PYTHONPATH and the real probe imports it. FAKE_TORCH_STALL picks how:
  sleep  blocked in a system call (a driver call that never returns)
  spin   a busy loop in Python code (other threads still get the GIL now and then)
  gil    a busy loop in C that holds the GIL: no other Python thread runs until it ends
FAKE_TORCH_PID_DIR: writes a file named after this process's PID there before stalling.
FAKE_TORCH_SECONDS: with sleep, stall this long, then fail the import (the probe reports no torch).
"""
import os
import time

_pid_dir = os.environ.get("FAKE_TORCH_PID_DIR")
if _pid_dir:
    with open(os.path.join(_pid_dir, str(os.getpid())), "w") as f:
        f.write(os.environ.get("FAKE_TORCH_STALL", "sleep"))

_mode = os.environ.get("FAKE_TORCH_STALL", "sleep")
if _mode == "spin":
    while True:
        pass
elif _mode == "gil":
    while True:
        sum(range(10 ** 12))  # one C call, minutes long, never releasing the GIL
else:
    time.sleep(float(os.environ.get("FAKE_TORCH_SECONDS", "3600")))
    raise ImportError("stand-in torch: stalled %s s, then gave up" % os.environ.get("FAKE_TORCH_SECONDS"))
