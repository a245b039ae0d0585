#!/usr/bin/env bash
# This round on one H200, in one device call: four diagnoses (plain; --disable-cudnn; the system cuDNN through
# LD_PRELOAD; PYTORCH_NO_CUDA_MEMORY_CACHING=1), a live `health` (the PCI-bus check of issue 36 on real sysfs),
# issue 38's memory workload against plain torch (docs/verification/issue-38/device.sh), and the watch levers
# (scripts/gpu/verify-watch-levers.sh; "before" is what the issue records). Needs carry
# [".carry", "out/cli/gpu-doctor-single.cjs"] as verify-watch-levers.sh says. Results: $OUT/round.tgz and the rest.
set -uo pipefail
mkdir -p /tmp/nb && xz -d -c .carry/node.xz > /tmp/nb/node && chmod +x /tmp/nb/node && export PATH=/tmp/nb:$PATH
nvidia-smi -L; node --version
out=/tmp/round; . scripts/gpu/diagnose-lib.sh
cli="node out/cli/gpu-doctor-single.cjs"
diag normal
diag cudnn-off -- --disable-cudnn
sys=$(ldconfig -p | awk '/libcudnn.so.9 /{print $NF; exit}'); echo "system cudnn: $sys"
[ -n "$sys" ] && diag preload-cudnn LD_PRELOAD=$sys
diag no-caching PYTORCH_NO_CUDA_MEMORY_CACHING=1
timeout 60 $cli health --json > $out/health.json 2> $out/health.stderr; echo "health exit $?"
timeout 60 $cli health > $out/health.txt 2>&1
for a in /sys/bus/pci/devices/*; do [ "$(cat $a/vendor)" = 0x10de ] && echo "$(basename $a) $(cat $a/class) $(cat $a/device) $(basename "$(readlink $a/driver 2>/dev/null)" 2>/dev/null)"; done > $out/pci-nvidia.txt
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
tar czf $OUT/round.tgz -C /tmp round
OUT=$OUT bash docs/verification/issue-38/device.sh > /dev/null 2>&1
grep -h 'PASS\|FAIL\|elapsed\|device' $OUT/issue-38/compare-*.txt $OUT/issue-38/device.log | head -40
tar czf $OUT/issue-38.tgz -C $OUT issue-38 && rm -rf $OUT/issue-38
mkdir -p $OUT/watch && OUT=$OUT/watch WATCH_SECONDS=12 bash scripts/gpu/verify-watch-levers.sh > $OUT/watch/run.log 2>&1
cat $OUT/watch/summary.txt
tar czf $OUT/watch.tgz -C $OUT watch && rm -rf $OUT/watch
pgrep -af 'gpu_doctor_probe|scripts/gpu/watch-' | grep -v pgrep || echo "nothing left running"
cat $out/walls.txt; head -60 $out/summary.txt
