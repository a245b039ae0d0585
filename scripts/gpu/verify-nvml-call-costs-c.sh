#!/bin/bash
# Issue 12 (not for users), on a GPU machine: scripts/gpu/nvml-call-costs.c idle and under a bf16 load, and
# what a bare Node timer wake-up costs (node-wake.mjs); carry .carry (Node). Outputs in $OUT.
set -u
O=${OUT:-/tmp/o}; mkdir -p $O
cd "$(dirname "$0")" && cc -O2 -o /tmp/nvml-call-costs nvml-call-costs.c -ldl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/gpu.txt
which gcc cc >> $O/gpu.txt 2>&1; nproc >> $O/gpu.txt; cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor >> $O/gpu.txt 2>&1
/tmp/nvml-call-costs all > $O/idle.jsonl 2> $O/idle.err
mkdir -p /tmp/nb && xz -d -c ../../.carry/node.xz > /tmp/nb/node && chmod +x /tmp/nb/node
for iv in 100 1000; do /tmp/nb/node node-wake.mjs $iv $([ $iv = 100 ] && echo 50 || echo 8); done > $O/node-wake.txt 2>&1
python3 ./bf16-load.py 55 > $O/load.log 2>&1 &
sleep 8
nvidia-smi --query-gpu=utilization.gpu,power.draw --format=csv,noheader >> $O/gpu.txt
/tmp/nvml-call-costs load > $O/load.jsonl 2>> $O/load.log
/tmp/nvml-call-costs wakes >> $O/load.jsonl 2>> $O/load.log
wait
