#!/usr/bin/env bash
# Issue 12 on a machine with several GPUs (not for users; device tool, repo root, Node on PATH, out/
# built, koffi carried): NVML beside nvidia-smi for every GPU, status/monitor/health across GPUs, a
# watch of a job on GPU 0 while GPU 1 is loaded (and of that load), and the bench. One tarball back.
set -u
O=/tmp/gd-work/multi-gpu-nvml
mkdir -p "$O"
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI="node out/cli/gpu-doctor.cjs"
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader; nvidia-smi topo -m; } > "$O/machine.txt" 2>&1
node out/bench/verify-nvml.mjs idle > "$O/verify-idle.json" 2>&1
{ $CLI status; echo "[exit $?]"; $CLI health; echo "[exit $?]"; } > "$O/status-health.txt" 2>&1
$CLI monitor --json --count 3 --interval 1000 > "$O/monitor-idle.jsonl" 2>&1
CUDA_VISIBLE_DEVICES=1 "$PY" scripts/gpu/bf16-load.py 90 > "$O/load-gpu1.log" 2>&1 & load=$!
CUDA_VISIBLE_DEVICES=0 "$PY" scripts/gpu/watch-launch-bound.py > "$O/launch-gpu0.log" 2>&1 & launch=$!
sleep 12
nvidia-smi --query-compute-apps=gpu_bus_id,pid,used_memory --format=csv > "$O/apps.txt" 2>&1
node out/bench/verify-nvml.mjs load > "$O/verify-load.json" 2>&1
$CLI monitor --json --count 6 --interval 1000 > "$O/monitor-load.jsonl" 2>&1
$CLI watch --pid "$launch" --seconds 10 --json > "$O/watch-launch-gpu0.json" 2> "$O/watch-launch-gpu0.stderr"
$CLI watch --pid "$load" --seconds 10 --json > "$O/watch-load-gpu1.json" 2> "$O/watch-load-gpu1.stderr"
GPU_DOCTOR_SAMPLER=nvidia-smi $CLI watch --pid "$launch" --seconds 10 --json > "$O/watch-launch-gpu0.dmon.json" 2> "$O/watch-launch-gpu0.dmon.stderr"
kill "$launch"; wait "$launch" 2>/dev/null
BENCH_DIAGNOSIS=0 BENCH_SAMPLES=30 node scripts/bench.mjs > "$O/bench-gpu1-loaded.txt" 2>&1
wait "$load"
nvidia-smi --query-compute-apps=pid --format=csv,noheader > "$O/left-after.txt" 2>&1
python3 - "$O" > "$O/summary.txt" <<'PY'
import json, sys, os
o = sys.argv[1]
for name in ['verify-idle.json', 'verify-load.json']:
    try:
        d = json.load(open(os.path.join(o, name)))
        for g in d['compare']:
            diffs = {f['field']: f['diff'] for f in g['fields'] if f['diff'] not in (0, None)}
            print(name, 'GPU', g['index'], 'fields differing from nvidia-smi:', diffs or 'none', 'timing', d.get('timing', [{}])[0].get('cpuUsPerSample'))
    except Exception as e:
        print(name, 'unreadable', e)
for name in ['watch-launch-gpu0.json', 'watch-load-gpu1.json', 'watch-launch-gpu0.dmon.json']:
    try:
        d = json.load(open(os.path.join(o, name)))
        print(name, d['verdict'], d['sampler'], 'gpus', [(g['index'], g['smMean'], g['jobSmMean']) for g in d['gpus']], 'others', d['otherProcesses'], [f['id'] for f in d['findings']])
    except Exception as e:
        print(name, 'unreadable', e, open(os.path.join(o, name.replace('.json', '.stderr'))).read()[-300:])
for line in open(os.path.join(o, 'monitor-load.jsonl')):
    if line.startswith('{'):
        d = json.loads(line)
        print('monitor', [(g['index'], g['utilizationGpu'], g['powerW']) for g in d['gpus']], 'processes' in d and [(p['gpuIndex'], p['pid'], p['smUtil']) for p in d['processes']])
PY
mkdir -p "${OUT:-/tmp/gd-out}"
tar -C "$(dirname "$O")" -czf "${OUT:-/tmp/gd-out}/multi-gpu-nvml.tgz" multi-gpu-nvml
cp "$O/summary.txt" "$O/bench-gpu1-loaded.txt" "$O/status-health.txt" "${OUT:-/tmp/gd-out}/"
cat "$O/summary.txt" "$O/status-health.txt" "$O/left-after.txt"; tail -18 "$O/bench-gpu1-loaded.txt"
