#!/usr/bin/env bash
# Issue 23 §1–§3 on a GPU machine: `diagnose --json` in the normal case and in broken environments,
# most of them situations no rule was written for, plus a summary of each step's verdict and finding
# ids per case (summary.txt). Run from the repository root with out/ built; output folder as $1.
#   bash scripts/gpu/verify-issue-23-step1.sh /tmp/issue23
# Assumes: driver 580, python /opt/torch/.venv/bin/python3 (torch cu130), CUDA in /usr/local/cuda
# with stubs/, Node on PATH. Nothing it starts outlives it (the memory holder is killed on exit).
set -uo pipefail
out=${1:?output folder}
mkdir -p "$out/cases"
py=${GPU_DOCTOR_PY:-/opt/torch/.venv/bin/python3}
cli="node out/cli/gpu-doctor.cjs"
work=$(mktemp -d /tmp/gd-issue23-XXXX)
holder_pid=""
cleanup() { if [ -n "$holder_pid" ]; then kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; fi; rm -rf "$work"; }
trap cleanup EXIT
exec > >(tee "$out/log.txt") 2>&1

# case NAME [VAR=VALUE ...] -- [extra CLI args]: one diagnosis with that environment; stderr kept apart
# (the consistency check logs any contradiction it corrected there: each one is a bug).
case_run() {
  local name=$1; shift
  local envs=() args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  args=("$@")
  echo "== $name: ${envs[*]:-(clean)} ${args[*]:-}"
  local t0; t0=$(date +%s%N)
  env "${envs[@]}" $cli diagnose --python "$py" --json "${args[@]}" > "$out/cases/$name.json" 2> "$out/cases/$name.stderr"
  local rc=$?
  echo "exit $rc after $(( ($(date +%s%N) - t0) / 1000000 )) ms"
}

# probe NAME [VAR=VALUE ...]: the raw probe document of a case, for test fixtures.
probe() {
  local name=$1; shift
  env "$@" "$py" resources/probe/gpu_doctor_probe.py --workload cudnn-maps > "$out/probes/$name.json" 2>/dev/null
}
mkdir -p "$out/probes"

echo "== machine"; nvidia-smi -L; "$py" -c "import torch; print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version())"
gpus=$(nvidia-smi -L | wc -l)

case_run 00-normal
probe probe-normal
probe probe-alloc-conf-garbage PYTORCH_CUDA_ALLOC_CONF=garbage:yes
probe probe-ld-preload-stub LD_PRELOAD=/usr/local/cuda/lib64/stubs/libcuda.so
probe probe-cvd-bogus CUDA_VISIBLE_DEVICES=GPU-bogus
case_run 01-cvd-bogus-uuid CUDA_VISIBLE_DEVICES=GPU-bogus
case_run 02-cvd-empty CUDA_VISIBLE_DEVICES=
case_run 03-cvd-invalid-then-valid "CUDA_VISIBLE_DEVICES=-1,0"
[ "$gpus" -gt 1 ] && case_run 04-cvd-hides-gpus CUDA_VISIBLE_DEVICES=0
case_run 05-alloc-conf-garbage PYTORCH_CUDA_ALLOC_CONF=garbage:yes
case_run 06-alloc-conf-valid PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
case_run 07-launch-blocking CUDA_LAUNCH_BLOCKING=1 -- --steps gpu-visible,sm-utilisation
case_run 08-module-loading-eager CUDA_MODULE_LOADING=EAGER -- --steps gpu-visible
case_run 09-nccl-and-debug NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO CUDNN_LOGLEVEL_DBG=3 -- --steps gpu-visible,conv-timing
case_run 10-no-caching PYTORCH_NO_CUDA_MEMORY_CACHING=1 -- --steps gpu-visible
case_run 11-ld-preload-stub LD_PRELOAD=/usr/local/cuda/lib64/stubs/libcuda.so
case_run 12-ld-preload-system-cudnn "LD_PRELOAD=$(ls /usr/lib/x86_64-linux-gnu/libcudnn.so.9 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/libcudnn.so)"
case_run 13-force-ptx-jit CUDA_FORCE_PTX_JIT=1 -- --steps gpu-visible
case_run 14-tf32-override NVIDIA_TF32_OVERRIDE=0 -- --steps gpu-visible,conv-timing

echo "== 15: another process holds all but 256 MiB of GPU 0"
cat > "$work/hold.py" <<'PY'
import sys, time, torch
free, total = torch.cuda.mem_get_info(0)
x = torch.empty(max(free - (256 << 20), 1), dtype=torch.uint8, device="cuda:0")
torch.cuda.synchronize(); print("holding", x.numel() >> 20, "MiB", flush=True)
while True: time.sleep(1)
PY
"$py" "$work/hold.py" > "$work/hold.log" 2>&1 & holder_pid=$!
for _ in $(seq 60); do grep -q holding "$work/hold.log" 2>/dev/null && break; sleep 1; done
cat "$work/hold.log"; nvidia-smi --query-gpu=index,memory.used,memory.total --format=csv
case_run 15-memory-held
probe probe-memory-held
kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; holder_pid=""

echo "== 16: a venv without torch"
python3 -m venv --without-pip "$work/notorch" || "$py" -m venv --without-pip "$work/notorch"
py_saved=$py; py="$work/notorch/bin/python3"
case_run 16-venv-without-torch
py=$py_saved

echo "== 17: a torch whose import fails on a missing library (a symlink copy of the real torch without libc10_cuda.so)"
site=$("$py" -c "import torch, os; print(os.path.dirname(os.path.dirname(torch.__file__)))")
mkdir -p "$work/broken" && cp -rs "$site/torch" "$work/broken/torch" && rm -f "$work/broken/torch/lib/libc10_cuda.so"
case_run 17-torch-missing-lib "PYTHONPATH=$work/broken"

echo "== 18: a torch whose import fails on a missing Python dependency (typing_extensions hidden)"
mkdir -p "$work/nodep" && printf 'raise ModuleNotFoundError("No module named %s", name="typing_extensions")\n' "'typing_extensions'" > "$work/nodep/typing_extensions.py"
case_run 18-torch-dependency-missing "PYTHONPATH=$work/nodep"

echo "== 19: LD_LIBRARY_PATH puts the toolkit's nvJitLink and the system cuDNN before the wheel"
case_run 19-toolkit-first "LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu"

echo "== summary"
node - "$out/cases" > "$out/summary.txt" <<'JS'
const fs = require('fs'), path = require('path')
const dir = process.argv[2]
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const name = f.replace(/\.json$/, '')
  let line = name.padEnd(28)
  try {
    const d = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))
    const diag = d.diagnosis ?? d
    line += (diag.steps ?? []).map((s) => `${s.id}=${s.status.toUpperCase()}[${s.findings.map((x) => x.id).join(',')}]`).join('  ')
    const s1 = (diag.steps ?? []).find((s) => s.id === 'gpu-visible')
    if (s1) line += `\n${' '.repeat(28)}step1: ${s1.summary}`
    const env = s1?.evidence?.environment ?? []
    if (env.length) line += `\n${' '.repeat(28)}env: ${env.map((r) => `${r.name}=${r.value}(${r.class}${r.active ? ',active' : ''})`).join(' ')}`
    const ex = (s1?.evidence?.torchDevices ?? []).map((t) => `${t.index}:${t.exercise ? (t.exercise.ok ? 'ok' : `FAILED at ${t.exercise.failedCall}`) : 'not exercised'}`)
    if (ex.length) line += `\n${' '.repeat(28)}devices: ${ex.join('  ')}`
    const s3 = (diag.steps ?? []).find((s) => s.id === 'ldd-linkage')
    const origins = (s3?.evidence?.mappedOrigins ?? []).map((m) => `${path.basename(m.path)}<-${m.origin}`)
    if (origins.length) line += `\n${' '.repeat(28)}mapped: ${origins.join(' ')}`
  } catch (e) {
    line += `unreadable: ${e.message}`
  }
  const err = fs.existsSync(path.join(dir, `${name}.stderr`)) ? fs.readFileSync(path.join(dir, `${name}.stderr`), 'utf8') : ''
  const corrected = err.split('\n').filter((l) => l.includes('consistency check corrected'))
  if (corrected.length) line += `\n${' '.repeat(28)}CONSISTENCY CORRECTIONS (bugs): ${corrected.join(' | ')}`
  console.log(line)
}
JS
cat "$out/summary.txt"
echo "== leftover processes"; pgrep -af gpu_doctor_probe || echo "no probe"; pgrep -af hold.py || echo "no holder"
