#!/usr/bin/env bash
# On the GPU machine (device tool, repo root; issue 38 §2): `gpu-doctor watch --json` for 15 s on jobs whose
# busy GPU is used well or badly: FP32 matmuls (tensor cores idle), an elementwise job (memory-bound), small
# kernels in a CUDA graph (low occupancy), bf16 matmuls (tensor cores at work), pageable and pinned copies.
# Needs carry [".carry", "out/cli/gpu-doctor-single.cjs"]: .carry/node.xz (`xz -T2 -6 -c "$(readlink -f "$(command -v node)")"
# > .carry/node.xz`), koffi for the NVML sampler in .carry/node_modules (`cp -rL node_modules/koffi .carry/node_modules/;
# cp -rL node_modules/@koromix/koffi-linux-x64 .carry/node_modules/@koromix/`, copied to ./node_modules there: without it watch falls back to
# nvidia-smi dmon and has no GPM), and the CLI (node scripts/build-cli.mjs). BEFORE_CLI=/path/to/old/gpu-doctor-single.cjs
# also watches each job with that build. Results in $OUT: <job>.json (+ .before.json), .stderr, .job.log, machine.txt,
# summary.txt, and the FP32 job's text verdict in English and Chinese.
set -uo pipefail
mkdir -p /tmp/nb && xz -d -c .carry/node.xz > /tmp/nb/node && chmod +x /tmp/nb/node && export PATH=/tmp/nb:$PATH
# The one-file CLI loads koffi (kept out of the bundle) from ./node_modules. Carry koffi whole: without src/koffi/src it does not load.
[ -d .carry/node_modules ] && mkdir -p node_modules && cp -r .carry/node_modules/. node_modules/
O=${OUT:-/tmp/gd-out}
mkdir -p "$O"
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI=(node out/cli/gpu-doctor-single.cjs)
SECONDS_WATCHED=${WATCH_SECONDS:-15}

{
  nvidia-smi -L
  nvidia-smi --query-gpu=index,name,driver_version,power.limit,clocks.max.sm --format=csv
  "$PY" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  node --version
  echo "nproc $(nproc)"
  git log -1 --oneline 2>/dev/null
} > "$O/machine.txt" 2>&1

stop_job() {
  kill "$1" 2>/dev/null
  pkill -P "$1" 2>/dev/null
  wait "$1" 2>/dev/null
  sleep 2
}

# watch_job NAME SCRIPT [ARGS...]: start the job, let it warm up, watch it (and with the old build), stop it.
watch_job() {
  local name=$1; shift
  "$PY" "$@" > "$O/$name.job.log" 2>&1 &
  local job=$!
  sleep 10
  nvidia-smi --query-compute-apps=pid,used_memory --format=csv > "$O/$name.apps.txt" 2>&1
  timeout 120 "${CLI[@]}" watch --pid "$job" --seconds "$SECONDS_WATCHED" --json > "$O/$name.json" 2> "$O/$name.stderr"
  echo "exit $?" >> "$O/$name.stderr"
  if [ -n "${BEFORE_CLI:-}" ]; then
    timeout 120 node "$BEFORE_CLI" watch --pid "$job" --seconds "$SECONDS_WATCHED" --json > "$O/$name.before.json" 2> "$O/$name.before.stderr"
    echo "exit $?" >> "$O/$name.before.stderr"
  fi
  if [ "$name" = fp32-matmul ]; then
    timeout 60 "${CLI[@]}" watch --pid "$job" --seconds 5 > "$O/$name.en.txt" 2>&1
    timeout 60 "${CLI[@]}" watch --pid "$job" --seconds 5 --lang zh-CN > "$O/$name.zh-CN.txt" 2>&1
  fi
  stop_job "$job"
}

watch_job fp32-matmul scripts/gpu/watch-fp32-matmul.py
watch_job elementwise scripts/gpu/watch-elementwise.py
watch_job small-kernels scripts/gpu/watch-small-kernels.py
watch_job bf16-matmul scripts/gpu/watch-gpu-bound.py
watch_job transfer-pageable scripts/gpu/watch-transfer-bound.py
watch_job transfer-pinned scripts/gpu/watch-transfer-pinned.py

node - "$O" > "$O/summary.txt" <<'JS'
const fs = require('node:fs')
const path = require('node:path')
const dir = process.argv[2]
const row = (file) => {
  let j
  try { j = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) } catch (e) { return `${file}: no JSON (${e.message.split('\n')[0]})` }
  const g = j.gpm ? `GPM sm ${j.gpm.smActive} occ ${j.gpm.smOccupancy} tensor ${j.gpm.tensorActive} dram ${j.gpm.dramBandwidth} fp32 ${j.gpm.fp32Active ?? '?'}` : 'no GPM'
  const gpu = j.gpus?.[0] ?? {}
  const nvml = `util ${j.smMean} mem ${j.memBandwidthMean} clock ${gpu.smClockMHzMean ?? '?'} MHz power ${gpu.powerWMean ?? '?'}/${gpu.powerLimitW ?? '?'} W pcie ${j.pcieMBps} MB/s (${j.pcieLinkShare ?? '?'} of link)`
  const warn = j.sampler === 'NVML' ? '' : `  !! sampler ${j.sampler}: no GPM (koffi not carried?)`
  return `${file}: ${j.verdict} by ${j.decidedBy} | ${j.headline?.key} | findings ${j.findings.map((f) => f.id).join(', ') || 'none'}\n    ${g} | ${nvml}${warn}`
}
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) console.log(row(f))
JS
pgrep -af 'scripts/gpu/watch-' | grep -v pgrep || echo "no job left"
cat "$O/summary.txt"
