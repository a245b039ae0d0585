# Sourced by the multi-GPU verification scripts: "$out" must be set. Sets py, cli, the NCCL and language
# variables, logs everything to $out/log.txt, kills background loads ("pids") on exit, and defines
#   diag NAME [ENV...] -- [ARGS...]   one `gpu-doctor diagnose --json` into $out/NAME.json, its wall time in walls.txt
mkdir -p "$out"
py=${PYTHON:-/opt/torch/.venv/bin/python3}
cli="node out/cli/gpu-doctor.cjs"
export NCCL_NVLS_ENABLE=0          # these machines require NVLink multicast off
export GPU_DOCTOR_LANG=en
exec > >(tee "$out/log.txt") 2>&1
pids=()
# Only the loads' PIDs: a bare `wait` would also wait for the tee above, which ends only when this shell does.
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done; }
trap cleanup EXIT

diag() {
  local name=$1; shift
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  echo "== diagnose $name (${envs[*]:-no extra env}) $*"
  local t0; t0=$(date +%s%N)
  timeout "${DIAG_TIMEOUT:-100}" env "${envs[@]}" $cli diagnose --python "$py" --json --no-save --no-wait "$@" > "$out/$name.json" 2> "$out/$name.stderr"
  local rc=$?
  echo "$name exit $rc wall $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/walls.txt"
}
