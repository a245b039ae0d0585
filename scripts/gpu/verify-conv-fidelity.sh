#!/usr/bin/env bash
# Conv timing fidelity on a GPU: the torch.utils.benchmark reference and N full diagnoses in one run.
set -uo pipefail
which=${1:-after}; n=${2:-6}
cd "$(dirname "$0")/../.."
o=$OUT/conv-$which; mkdir -p "$o"
for i in $(seq 1 "$n"); do node .carry-9/$which/out/cli/gpu-doctor.cjs diagnose --python "$(command -v python3)" --json > "$o/repeat-$i.json" 2>/dev/null; done
python3 scripts/gpu/conv-reference.py .carry-9/$which/resources/probe/gpu_doctor_probe.py > "$o/conv-reference.json" 2> "$o/conv-reference.err"
python3 scripts/gpu/conv-compare.py "$o" | tee "$o/log.txt"
tar -C "$OUT" -czf "$OUT/conv-$which.tar.gz" "conv-$which" && rm -rf "$o"
