#!/usr/bin/env bash
# Baseline for issues 23 and 24 on a machine with several GPUs (not for users; device tool, repo root,
# Node on PATH, the build under test in .carry/before/{out,resources}). Facts the new code needs
# (topology, NVLink, peer access, NCCL all-reduce, GPM), then the situations the issues name and some
# they do not, diagnosed by the old build. One tarball back in $OUT.
set -u
which=${1:-before}
O=/tmp/gd-work/$which
mkdir -p "$O"
export NCCL_NVLS_ENABLE=0
PY=${PYTHON:-/opt/torch/.venv/bin/python3}
CLI="node .carry/$which/out/cli/gpu-doctor.cjs"
export GPU_DOCTOR_DATA_DIR=/tmp/gd-work/data-$which

{
  nvidia-smi -L; nvidia-smi --query-gpu=index,uuid,pci.bus_id,name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
  echo '== topo -m'; nvidia-smi topo -m
  echo '== topo -p2p r'; nvidia-smi topo -p2p r
  echo '== nvlink -s'; nvidia-smi nvlink -s | head -60
  echo '== nvlink -c'; nvidia-smi nvlink -c 2>&1 | head -20
  echo '== numa'; for d in /sys/bus/pci/devices/*; do [ "$(cat $d/vendor 2>/dev/null)" = 0x10de ] && echo "$d $(cat $d/numa_node) $(cat $d/class)"; done
  lscpu | grep -i numa
  echo '== dmon gpm'; timeout 8 nvidia-smi dmon --gpm-metrics 1,2,3,5,10 -c 2 2>&1 | head -12
  echo '== dmon help'; nvidia-smi dmon -h 2>&1 | grep -i -A3 gpm | head -20
} > "$O/machine.txt" 2>&1

timeout 120 "$PY" - > "$O/peer.txt" 2>&1 <<'PY'
import torch, time
n = torch.cuda.device_count()
print('devices', n, 'nccl', torch.cuda.nccl.version(), 'torch', torch.__version__)
for i in range(n):
    p = torch.cuda.get_device_properties(i)
    print(i, p.name, getattr(p, 'uuid', None), getattr(p, 'pci_bus_id', None), p.total_memory)
for a in range(n):
    print('peer', a, [torch.cuda.can_device_access_peer(a, b) if a != b else None for b in range(n)])
size = 256 << 20
for a in range(n):
    for b in range(n):
        if a == b: continue
        x = torch.empty(size, dtype=torch.uint8, device=a); y = torch.empty(size, dtype=torch.uint8, device=b)
        for _ in range(3): y.copy_(x)
        torch.cuda.synchronize(a); torch.cuda.synchronize(b)
        t = time.perf_counter(); k = 20
        for _ in range(k): y.copy_(x, non_blocking=True)
        torch.cuda.synchronize(a); torch.cuda.synchronize(b)
        dt = time.perf_counter() - t
        print('p2p %d->%d %.1f GB/s' % (a, b, size * k / dt / 1e9))
PY

cat > /tmp/gd-work/allreduce.py <<'PY'
import os, time, torch, torch.distributed as dist
dist.init_process_group('nccl')
r = dist.get_rank(); n = dist.get_world_size(); torch.cuda.set_device(int(os.environ['LOCAL_RANK']))
x = torch.ones(256 << 20, dtype=torch.float32, device='cuda')
for _ in range(5): dist.all_reduce(x)
torch.cuda.synchronize(); t = time.perf_counter(); k = 20
for _ in range(k): dist.all_reduce(x)
torch.cuda.synchronize(); dt = (time.perf_counter() - t) / k
alg = x.numel() * 4 / dt / 1e9
if r == 0: print('allreduce 1 GiB n=%d algbw %.1f GB/s busbw %.1f GB/s' % (n, alg, alg * 2 * (n - 1) / n))
dist.destroy_process_group()
PY
TORCHRUN=$(dirname "$PY")/torchrun
NG=$(nvidia-smi -L | wc -l)
NCCL_DEBUG=INFO timeout 180 "$TORCHRUN" --standalone --nproc_per_node="$NG" /tmp/gd-work/allreduce.py > "$O/allreduce.txt" 2>&1
NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO timeout 180 "$TORCHRUN" --standalone --nproc_per_node="$NG" /tmp/gd-work/allreduce.py > "$O/allreduce-p2p-disabled.txt" 2>&1

d() { local name=$1; shift; local t0=$(date +%s.%N); env "$@" $CLI diagnose --json --no-save > "$O/$name.json" 2> "$O/$name.stderr"; echo "[exit $?] wall $(awk "BEGIN{print $(date +%s.%N)-$t0}") s" >> "$O/$name.stderr"; }
d idle
U1=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i 1)
d cvd-1 CUDA_VISIBLE_DEVICES=1
d cvd-uuid-1 CUDA_VISIBLE_DEVICES="$U1"
d nccl-p2p-disable NCCL_P2P_DISABLE=1
d cvd-bogus-uuid CUDA_VISIBLE_DEVICES=GPU-00000000-bogus
d alloc-conf-garbage PYTORCH_CUDA_ALLOC_CONF=nonsense:1
d launch-blocking CUDA_LAUNCH_BLOCKING=1
mkdir -p /tmp/gd-work/shortlib && : > /tmp/gd-work/shortlib/libcublas.so.13
d broken-cublas LD_LIBRARY_PATH=/tmp/gd-work/shortlib
CUDA_VISIBLE_DEVICES=0 "$PY" scripts/gpu/bf16-load.py 60 > "$O/load-gpu0.log" 2>&1 & load=$!
sleep 8
d gpu0-busy
d gpu0-busy-cvd-1 CUDA_VISIBLE_DEVICES=1
kill "$load" 2>/dev/null; wait "$load" 2>/dev/null
$CLI diagnose --json --no-save --python /usr/bin/python3 > "$O/no-torch.json" 2> "$O/no-torch.stderr"
"$PY" scripts/gpu/watch-transfer-bound.py > "$O/transfer.log" 2>&1 & tj=$!
sleep 6
$CLI watch --pid "$tj" --seconds 8 --json > "$O/watch-transfer.json" 2> "$O/watch-transfer.stderr"
kill "$tj" 2>/dev/null; wait "$tj" 2>/dev/null
"$PY" -c 'import torch,time; x=torch.ones(1,device="cuda"); time.sleep(4)' & ej=$!
sleep 2
$CLI watch --pid "$ej" --seconds 6 --json > "$O/watch-exits.json" 2> "$O/watch-exits.stderr"
wait "$ej" 2>/dev/null
nvidia-smi --query-compute-apps=pid --format=csv,noheader > "$O/left-after.txt" 2>&1

"$PY" - "$O" > "$O/summary.txt" 2>&1 <<'PY'
import json, sys, os, glob
o = sys.argv[1]
for f in sorted(glob.glob(os.path.join(o, '*.json'))):
    try:
        d = json.load(open(f))
    except Exception as e:
        print(os.path.basename(f), 'unreadable', e); continue
    steps = d.get('steps') or d.get('diagnosis', {}).get('steps') or []
    line = []
    for s in steps:
        ids = [x.get('id') for x in s.get('findings', [])]
        line.append('%s=%s%s' % (s.get('id'), s.get('status'), ids if ids else ''))
    print(os.path.basename(f), ' '.join(line) or str(d)[:300])
PY
tar -C /tmp/gd-work -czf "$OUT/$which.tar.gz" "$which"
