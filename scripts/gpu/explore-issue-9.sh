#!/usr/bin/env bash
# One device call: issue-9 cases with the CLI as built in .carry-9/<which>, and the conv reference.
set -uo pipefail
which=${1:-before}
cd "$(dirname "$0")/../.."
o=$OUT/$which; mkdir -p "$o"
bash scripts/gpu/issue-9-cases.sh "$o" .carry-9/$which/out/cli/gpu-doctor.cjs .carry-9/$which/resources/probe/gpu_doctor_probe.py "$which" 2>&1 | tee "$o/log.txt"
python3 scripts/gpu/conv-reference.py .carry-9/$which/resources/probe/gpu_doctor_probe.py > "$o/conv-reference.json" 2> "$o/conv-reference.err"; tail -40 "$o/conv-reference.json"
tar -C "$OUT" -czf "$OUT/$which.tar.gz" "$which" && rm -rf "$o"
