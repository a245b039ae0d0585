#!/usr/bin/env bash
# On the GPU machine (device tool): issue 11's fix commands and interpreter check, issue 12's health
# preflight, live. Usage (repo root, Node unpacked on PATH): bash scripts/gpu/verify-issues-11-12.sh
set -u
O=${OUT:-/tmp/gd-out}
mkdir -p "$O"
CLI="node out/cli/gpu-doctor.cjs"
run() { local name=$1; shift; "$@" > "$O/$name.out" 2> "$O/$name.err"; echo "exit $?" >> "$O/$name.err"; }
nvidia-smi --query-gpu=index,name,driver_version,pcie.link.gen.current,pcie.link.gen.max --format=csv > "$O/gpus.csv" 2>&1
/usr/bin/python3 -c 'import sys, sysconfig, os; print(sys.version); print(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))' > "$O/system-python.txt" 2>&1
export GPU_DOCTOR_DATA_DIR="$O/data"
# A healthy CUDA PyTorch in a venv: all five steps, with the probe's new environment facts.
run diagnose-venv $CLI diagnose --python /opt/torch/.venv/bin/python3 --json
# Ubuntu's system Python (PEP 668, no torch): step 1's fix must make a venv first and use the driver's CUDA index.
run diagnose-system $CLI diagnose --python /usr/bin/python3 --steps gpu-visible
run diagnose-system-zh $CLI diagnose --python /usr/bin/python3 --steps gpu-visible --lang zh-CN
# A path that is not there: refused before any step, exit 2, nothing saved.
run diagnose-missing $CLI diagnose --python /opt/nowhere/bin/python3
run history $CLI report --latest --format json
# Health, idle and under a bf16 matmul load (the PCIe link only shows its generation under load).
run health-idle $CLI health
run health-idle-json $CLI health --json
/opt/torch/.venv/bin/python3 -c '
import time, torch
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
t = time.time()
while time.time() - t < 14:
    a @ a
torch.cuda.synchronize()' > "$O/load.log" 2>&1 &
sleep 6
run health-load-json $CLI health --json
wait
ls -la "$O"
