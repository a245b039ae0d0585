#!/usr/bin/env bash
# One device call for issue 9: every off-script case with the bundled CLI built in .carry-9/<which>,
# six plain repeats (exit latency, conv spread), and the torch.utils.benchmark conv reference in the same run.
# Usage on the GPU machine (Node unpacked to PATH first): bash scripts/gpu/verify-issue-9.sh after
set -uo pipefail
which=${1:-after}
cd "$(dirname "$0")/../.."
o=$OUT/$which; mkdir -p "$o"
nvidia-smi -L | tee "$o/device.txt"
bash scripts/gpu/issue-9-cases.sh "$o" .carry-9/$which/out/cli/gpu-doctor.cjs .carry-9/$which/resources/probe/gpu_doctor_probe.py "$which" 2>&1 | tee "$o/log.txt"
echo "== conv reference (Timer.blocked_autorange >= 1 s) beside the probe's conv workload x3" | tee -a "$o/log.txt"
python3 scripts/gpu/conv-reference.py .carry-9/$which/resources/probe/gpu_doctor_probe.py > "$o/conv-reference.json" 2> "$o/conv-reference.err"
python3 scripts/gpu/conv-compare.py "$o" | tee -a "$o/log.txt"
tar -C "$OUT" -czf "$OUT/$which.tar.gz" "$which" && rm -rf "$o"
