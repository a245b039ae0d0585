#!/usr/bin/env bash
# This round on one GPU: the issue-38 memory/transfer check against plain torch (docs/verification/issue-38/device.sh),
# two plain diagnoses, the --disable-cudnn option (issue 40), PYTORCH_NO_CUDA_MEMORY_CACHING=1 and the system cuDNN
# through LD_PRELOAD (issue 38 causes across steps), and the text output in English and Chinese. Needs carry
# [".carry", "out/cli/gpu-doctor-single.cjs"] (pack-node.sh, node scripts/build-cli.mjs). Results: $OUT/round.tgz, $OUT/issue-38.tgz.
set -uo pipefail
mkdir -p /tmp/nb && xz -d -c .carry/node.xz > /tmp/nb/node && chmod +x /tmp/nb/node && export PATH=/tmp/nb:$PATH
nvidia-smi -L; node --version
bash docs/verification/issue-38/device.sh > /dev/null 2>&1
out=/tmp/round; . scripts/gpu/diagnose-lib.sh
# The one-file CLI where only it was carried (the split one is larger than a device call takes).
[ -f out/cli/gpu-doctor.cjs ] || cli="node out/cli/gpu-doctor-single.cjs"
diag normal-1; diag normal-2
diag cudnn-off -- --disable-cudnn
diag no-caching PYTORCH_NO_CUDA_MEMORY_CACHING=1
sys=$(ldconfig -p | awk '/libcudnn.so.9 /{print $NF; exit}'); echo "system cudnn: $sys"
[ -n "$sys" ] && diag preload-cudnn LD_PRELOAD=$sys
"$py" scripts/gpu/memory-filler.py --help >/dev/null 2>&1; echo filler-help $?
GPU_DOCTOR_LANG=zh-CN timeout 100 $cli diagnose --python "$py" --no-save --no-wait > $out/normal-zh.txt 2>&1; echo zh exit $?
timeout 100 $cli diagnose --python "$py" --no-save --no-wait > $out/normal-en.txt 2>&1; echo en exit $?
"$py" scripts/gpu/summarise-diagnoses.py "$out" > "$out/summary.txt" 2>&1
pgrep -af gpu_doctor_probe | grep -v pgrep || echo "no probe left"
tar czf $OUT/round.tgz -C /tmp round; tar czf $OUT/issue-38.tgz -C $OUT issue-38 && rm -rf $OUT/issue-38
cat $out/walls.txt; cat $out/summary.txt | head -80
