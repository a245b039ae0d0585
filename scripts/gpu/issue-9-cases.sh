#!/usr/bin/env bash
# Runs on a GPU machine: every issue-9 situation with the bundled CLI, each set up for real and torn
# down after. Usage: issue-9-cases.sh OUTDIR CLI_JS PROBE_PY [label]
# OUTDIR gets one diagnose JSON per case and a log; competing processes are started and stopped here.
set -uo pipefail
out=${1:?out}; cli_js=${2:?cli}; probe=${3:?probe}; label=${4:-run}
mkdir -p "$out"
py=$(command -v python3)
cli() { node "$cli_js" "$@"; }
log() { echo "== [$label] $*"; }

start_busy() {  # another process keeps a bf16 matmul loop running on GPU 0
  "$py" -c '
import torch, time
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
print("busy ready", flush=True)
while True:
    for _ in range(50): a @ a
    torch.cuda.synchronize()
' > /tmp/busy.log 2>&1 &
  echo $! > /tmp/busy.pid
  for _ in $(seq 1 60); do grep -q ready /tmp/busy.log && break; sleep 0.5; done
}
start_hold() {  # another process holds all but ~$1 MiB of GPU 0's memory, idle
  "$py" -c '
import torch, sys, time
free, total = torch.cuda.mem_get_info(0)
keep = int(sys.argv[1]) * 2**20
held = torch.empty(max(0, free - keep), dtype=torch.uint8, device="cuda")
print("hold ready", held.numel() / 2**30, "GiB", flush=True)
time.sleep(600)
' "$1" > /tmp/hold.log 2>&1 &
  echo $! > /tmp/hold.pid
  for _ in $(seq 1 60); do grep -q ready /tmp/hold.log && break; sleep 0.5; done
  cat /tmp/hold.log
}
stop_bg() { for f in /tmp/busy.pid /tmp/hold.pid; do [ -f $f ] && kill "$(cat $f)" 2>/dev/null; rm -f $f; done; sleep 2; }

case_run() {  # name, then env assignments; writes $out/<name>.json and prints the human verdicts
  local name=$1; shift
  local t0=$(date +%s%3N)
  env "$@" node "$cli_js" diagnose --python "$py" --json > "$out/$name.json" 2> "$out/$name.err"
  local rc=$?
  local t1=$(date +%s%3N)
  echo "$name exit=$rc wall=$(( (t1 - t0) / 1000 )).$(( (t1 - t0) % 1000 / 100 ))s"
  node -e '
const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const s of d.steps) console.log("  " + s.id.padEnd(15), s.status.padEnd(5), s.findings.map(f => f.id + "(" + f.severity[0] + ")").join(" "), "|", s.summary.slice(0, 160));
const c = d.steps.find(s => s.id === "conv-timing"); if (c && c.evidence.cases) console.log("  conv", c.evidence.cases.map(k => k.label + " " + k.onMs.toFixed(3) + "/" + k.offMs.toFixed(3) + " ms (spread " + (k.spreadOnPercent ?? NaN).toFixed(1) + "%/" + (k.spreadOffPercent ?? NaN).toFixed(1) + "%)").join("; "));
' "$out/$name.json" 2>/dev/null || head -c 600 "$out/$name.err"
}

mkdir -p /tmp/stub && ln -sf /usr/local/cuda/lib64/stubs/libcuda.so /tmp/stub/libcuda.so.1
log "idle"; case_run idle
log "stub libcuda"; case_run stub LD_LIBRARY_PATH=/tmp/stub
log "toolkit on LD_LIBRARY_PATH"; case_run toolkit LD_LIBRARY_PATH=/usr/local/cuda/lib64
log "cudnn shadow"; mkdir -p /tmp/shadow && ln -sf /usr/lib/x86_64-linux-gnu/libcudnn*.so.9* /tmp/shadow/; case_run cudnn-shadow LD_LIBRARY_PATH=/tmp/shadow
log "busy"; start_busy; nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv > "$out/busy-apps.csv"; nvidia-smi pmon -c 1 -s um > "$out/busy-pmon.txt" 2>&1; case_run busy; stop_bg
log "held memory"; start_hold 2500; nvidia-smi --query-gpu=memory.used,memory.total --format=csv; case_run held; stop_bg
log "held memory, probe starved"; start_hold 150; case_run held-oom; stop_bg
log "lingering: 6 diagnose runs, wall vs finishedAt"
for i in 1 2 3 4 5 6; do
  s=$(date +%s%3N); node "$cli_js" diagnose --python "$py" --json > "$out/repeat-$i.json" 2>/dev/null; e=$(date +%s%3N)
  node -e 'const d=JSON.parse(require("fs").readFileSync(process.argv[4],"utf8"));const f=Date.parse(d.finishedAt);const c=d.steps.find(s=>s.id==="conv-timing");console.log("run", process.argv[1], "exit after finishedAt:", (Number(process.argv[2])-f), "ms; total", Number(process.argv[2])-Number(process.argv[3]), "ms; conv on/off ms", c && c.evidence.cases ? c.evidence.cases.map(k=>k.onMs.toFixed(4)+"/"+k.offMs.toFixed(4)).join(" ") : "-")' $i $e $s "$out/repeat-$i.json"
done
pgrep -af 'nvidia-smi|gpu_doctor_probe' || echo "no leftovers"
