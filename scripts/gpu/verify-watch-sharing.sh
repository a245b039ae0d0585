#!/usr/bin/env bash
# Issue 12, off-script, on a GPU machine (not for users; device tool, repo root, Node on PATH, out/
# built, koffi carried): `gpu-doctor watch` of a job sharing its GPU, through NVML and through
# nvidia-smi dmon + pmon; the same job alone; a job beside an idle process that only holds memory;
# the transfer-bound job. One tarball and a summary come back in $OUT.
set -u
O=/tmp/gd-work/watch-sharing
mkdir -p "$O"
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI="node out/cli/gpu-doctor.cjs"
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader; "$PY" -c 'import torch; print(torch.__version__)'; } > "$O/machine.txt" 2>&1
start() { local name=$1; shift; "$PY" "$@" > "$O/$name.job.log" 2>&1 & job=$!; }
stop() { kill "$1" 2>/dev/null; wait "$1" 2>/dev/null; }
# watch NAME PID [env...]: JSON result in NAME.json, progress and errors in NAME.stderr
watch() { local name=$1 pid=$2; shift 2; env "$@" $CLI watch --pid "$pid" --seconds 10 --json > "$O/$name.json" 2> "$O/$name.stderr"; echo "exit $?" >> "$O/$name.stderr"; }

start neighbour scripts/gpu/watch-gpu-bound.py; neighbour=$job
start launch scripts/gpu/watch-launch-bound.py; launch=$job
sleep 10
nvidia-smi --query-compute-apps=pid,used_memory --format=csv > "$O/shared.apps.txt" 2>&1
watch shared-launch.nvml "$launch"
watch shared-launch.dmon "$launch" GPU_DOCTOR_SAMPLER=nvidia-smi
watch shared-neighbour.nvml "$neighbour"
watch shared-neighbour.dmon "$neighbour" GPU_DOCTOR_SAMPLER=nvidia-smi
$CLI watch --pid "$launch" --seconds 10 --lang zh-CN > "$O/shared-launch.nvml.zh-CN.txt" 2>&1
stop "$neighbour"; sleep 3
watch alone-launch.nvml "$launch"
watch alone-launch.dmon "$launch" GPU_DOCTOR_SAMPLER=nvidia-smi
start holder scripts/gpu/idle-holder.py; holder=$job
sleep 8
watch idle-neighbour-launch.nvml "$launch"
watch idle-neighbour-launch.dmon "$launch" GPU_DOCTOR_SAMPLER=nvidia-smi
stop "$holder"; stop "$launch"; sleep 1
start transfer scripts/gpu/watch-transfer-bound.py; transfer=$job
sleep 14
watch transfer.nvml "$transfer"
stop "$transfer"; sleep 1
nvidia-smi --query-compute-apps=pid --format=csv,noheader > "$O/left-after.txt" 2>&1
pgrep -fa 'nvidia-smi (dmon|pmon)' > "$O/samplers-left-after.txt" 2>&1
python3 - "$O" > "$O/summary.txt" <<'PY'
import json, sys, glob, os
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    try:
        d = json.load(open(f))
    except Exception as e:
        print(os.path.basename(f), 'unreadable:', open(f.replace('.json', '.stderr')).read()[-300:].strip()); continue
    print(f"{os.path.basename(f)}: {d['verdict']} via {d['sampler']}: sm={d['smMean']} job={d['jobSmMean']} others={d['othersSmMean']} "
          f"pcie={d['pcieMBps']} thread={(d['cpu']['busiestThread'] or {}).get('runnablePercent')} findings={[x['id'] for x in d['findings']]} "
          f"otherProcesses={[(o['pid'], o['smMean'], o['usedMemoryMiB']) for o in d['otherProcesses']]}")
PY
mkdir -p "${OUT:-/tmp/gd-out}"
tar -C "$(dirname "$O")" -czf "${OUT:-/tmp/gd-out}/watch-sharing.tgz" watch-sharing
cp "$O/summary.txt" "${OUT:-/tmp/gd-out}/"
cat "$O/summary.txt" "$O/left-after.txt" "$O/samplers-left-after.txt"; head -30 "$O/shared-launch.nvml.zh-CN.txt"
