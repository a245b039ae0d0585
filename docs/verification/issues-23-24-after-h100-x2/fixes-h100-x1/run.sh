#!/usr/bin/env bash
# After-fix reruns of the broken cases the 2 × H100 run found (one GPU).
set -u
O=/tmp/fixes; mkdir -p "$O"
PY=/opt/torch/.venv/bin/python3
CLI="node .carry/fixes/out/cli/gpu-doctor.cjs"
export GPU_DOCTOR_DATA_DIR=/tmp/gd-fixes-data
c() { local name=$1; shift; local envs=(); while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done; [ "${1:-}" = "--" ] && shift
  local t0=$(date +%s%N); env "${envs[@]}" $CLI diagnose --python "$PY" --json --no-save "$@" > "$O/$name.json" 2> "$O/$name.stderr"; echo "$name exit $? $(( ($(date +%s%N)-t0)/1000000 )) ms" | tee -a "$O/walls.txt"; }
nvidia-smi -L > "$O/machine.txt"
c 05-alloc-conf-garbage PYTORCH_CUDA_ALLOC_CONF=garbage:yes
c 12-ld-preload-system-cudnn LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libcudnn.so.9
c 13-force-ptx-jit CUDA_FORCE_PTX_JIT=1 -- --steps gpu-visible
c 09-cudnn-debug CUDNN_LOGLEVEL_DBG=3 -- --steps gpu-visible,conv-timing
c 06-expandable-one-gpu PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
c 00-normal
"$PY" - "$O" > "$O/summary.txt" <<'PY'
import json, os, sys, glob
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    try: d = json.load(open(f))
    except Exception as e: print(os.path.basename(f), 'unreadable', e); continue
    print('#', os.path.basename(f))
    for s in d.get('steps', []):
        print('  %-15s %-4s %s' % (s['id'], s['status'], s['summary'][:300]))
        for x in s.get('findings', []): print('      [%s] %s: %s' % (x['severity'], x['id'], x['message'][:400]))
PY
tar -C /tmp -czf "$OUT/fixes.tar.gz" fixes
cat "$O/summary.txt" | cut -c1-330
