#!/usr/bin/env bash
# Runs on a multi-GPU machine: status, the monitor's grouping of one tick per sample, and the
# diagnosis with the sustained load on every GPU.
set -uo pipefail
out=${1:?output folder}
mkdir -p "$out"
py=$(command -v python3)
cli="node out/cli/gpu-doctor.cjs"
exec > >(tee "$out/log.txt") 2>&1
nvidia-smi -L
echo "== status"; $cli status; echo "exit $?"
echo "== monitor --json, 3 samples"; $cli monitor --json --interval 500 --count 3; echo "exit $?"
echo "== diagnose --json"; $cli diagnose --python "$py" --json --no-save > "$out/diagnose.json"; echo "exit $?"
python3 - "$out/diagnose.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for s in d["steps"]:
    print(s["id"], s["status"], s["summary"])
sm = next(s for s in d["steps"] if s["id"] == "sm-utilisation")
for g in sm["evidence"]["perGpu"]:
    print("gpu", g["index"], "load SM%", g["loadMean"], "TFLOP/s", round(g["tflops"]), "peak %", round(g["percentOfPeak"] or 0))
PY
echo "== leftovers"; pgrep -a nvidia-smi || echo "no nvidia-smi"; pgrep -af gpu_doctor_probe || echo "no probe"
