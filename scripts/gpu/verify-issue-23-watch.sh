#!/usr/bin/env bash
# On the GPU machine (issue 23 §6): `gpu-doctor watch --json` on jobs whose bound the utilisation
# counter alone gets wrong, plus a GPU-bound reference. Usage (repo root, Node on PATH, out/ built, koffi in
# node_modules):
#   bash scripts/gpu/verify-issue-23-watch.sh OUTDIR
# BEFORE_CLI=/path/to/old/gpu-doctor.cjs also watches each steady job with that build (the "before").
# Writes OUTDIR/<job>.json (+ .before.json), .stderr, .job.log, machine.txt and summary.txt.
set -u
O=${1:?usage: verify-issue-23-watch.sh OUTDIR}
mkdir -p "$O"
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI=(node out/cli/gpu-doctor.cjs)
SECONDS_WATCHED=${WATCH_SECONDS:-15}

{
  nvidia-smi -L
  nvidia-smi --query-gpu=index,name,driver_version,pcie.link.gen.max,pcie.link.gen.gpucurrent,pcie.link.width.max,pcie.link.width.current --format=csv
  "$PY" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "nproc $(nproc)"
  git log -1 --oneline 2>/dev/null
} > "$O/machine.txt" 2>&1

stop_job() {
  kill "$1" 2>/dev/null
  pkill -P "$1" 2>/dev/null
  wait "$1" 2>/dev/null
  sleep 2
}

# A job that keeps running: warm up, watch (and watch with the old build), stop.
watch_steady() {
  local name=$1; shift
  "$PY" "$@" > "$O/$name.job.log" 2>&1 &
  local job=$!
  sleep 10
  nvidia-smi --query-compute-apps=pid,used_memory --format=csv > "$O/$name.apps.txt" 2>&1
  nvidia-smi dmon -s ut -c 5 > "$O/$name.dmon.txt" 2>&1
  timeout 120 "${CLI[@]}" watch --pid "$job" --seconds "$SECONDS_WATCHED" --json > "$O/$name.json" 2> "$O/$name.stderr"
  echo "exit $?" >> "$O/$name.stderr"
  if [ -n "${BEFORE_CLI:-}" ]; then
    timeout 120 node "$BEFORE_CLI" watch --pid "$job" --seconds "$SECONDS_WATCHED" --json > "$O/$name.before.json" 2> "$O/$name.before.stderr"
    echo "exit $?" >> "$O/$name.before.stderr"
  fi
  stop_job "$job"
}

# A job that ends by itself JOB_SECONDS after it starts; the watch starts after WARMUP seconds.
watch_ending() {
  local name=$1 job_seconds=$2 warmup=$3; shift 3
  "$PY" scripts/gpu/watch-exits.py "$job_seconds" "$@" > "$O/$name.job.log" 2>&1 &
  local launcher=$!
  sleep "$warmup"
  local job=$launcher
  # --zombie: the launcher prints the child's PID; the child is the job (it becomes a zombie).
  if [ "${1:-}" = "--zombie" ]; then job=$(head -n1 "$O/$name.job.log"); fi
  timeout 120 "${CLI[@]}" watch --pid "$job" --seconds 30 --json > "$O/$name.json" 2> "$O/$name.stderr"
  echo "exit $?" >> "$O/$name.stderr"
  ps -o pid,stat,cmd -p "$job" >> "$O/$name.stderr" 2>&1
  stop_job "$launcher"
}

watch_steady transfer-pinned scripts/gpu/watch-transfer-pinned.py
watch_steady transfer-pageable scripts/gpu/watch-transfer-bound.py
watch_steady cpu-main-thread scripts/gpu/watch-cpu-main-thread.py
watch_steady gpu-bound-matmul scripts/gpu/watch-gpu-bound.py
watch_steady launch-bound scripts/gpu/watch-launch-bound.py
# Ends about 2 s into the watch: too few samples (no verdict), said so.
watch_ending exits-early 10 8
# Ends 14 s into the watch: a verdict from what it did before, and the end said.
watch_ending exits-later 22 8
# Becomes a zombie (its parent never reaps it) about 10 s into the watch.
watch_ending zombie 20 10 --zombie

node - "$O" > "$O/summary.txt" <<'JS'
const fs = require('node:fs')
const path = require('node:path')
const dir = process.argv[2]
const row = (file) => {
  let j
  try { j = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) } catch (e) { return `${file}: no JSON (${e.message.split('\n')[0]})` }
  const g = j.gpus?.[0] ?? {}
  const gpm = j.gpm ? `SM active ${j.gpm.smActive} %, occupancy ${j.gpm.smOccupancy} %, tensor ${j.gpm.tensorActive} %, DRAM ${j.gpm.dramBandwidth} %` : 'no GPM'
  const link = g.pcieLink ? `Gen ${g.pcieLink.generation} x${g.pcieLink.width} (${g.pcieCapacityMBps} MB/s), rx+tx share of one direction ${g.pcieLinkShare}` : 'link unknown'
  return [
    `${file}: verdict ${j.verdict}, decided by ${j.decidedBy ?? '(not reported)'}, ${j.seconds} s, ${g.samples} samples (${j.sampler})`,
    `  counter SM ${j.smMean} %, idle ${j.idleShare}, PCIe ${j.pcieMBps} MB/s (rx ${g.pcieRxMBps}, tx ${g.pcieTxMBps}), ${link}`,
    `  GPM: ${gpm}`,
    `  CPU: main ${j.cpu?.mainPercent} %, busiest thread ${j.cpu?.busiestThread?.name} ${j.cpu?.busiestThread?.runnablePercent} %, workers ${j.cpu?.workers}`,
    `  job ended: ${j.jobEnded ? `${j.jobEnded.state} after ${j.jobEnded.afterSeconds} s` : 'no'}; findings: ${(j.findings ?? []).map((f) => f.id).join(', ') || 'none'}`,
    `  headline: ${j.headline?.key} ${JSON.stringify(j.headline?.params ?? {})}`,
  ].join('\n')
}
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) console.log(row(f))
JS
cat "$O/summary.txt"
