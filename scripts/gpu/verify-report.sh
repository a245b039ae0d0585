#!/usr/bin/env bash
# Runs on a GPU machine (no Node installed, no Docker): recommend, report and serve as users run them.
set -uo pipefail
out=${1:?output folder}
mkdir -p "$out"
py=$(command -v python3)
cli="node out/cli/gpu-doctor.cjs"
exec > >(tee "$out/log.txt") 2>&1

echo "== recommend (this machine)"; $cli recommend; echo "exit $?"
$cli recommend --json > "$out/recommend.json"; echo "exit $?"
echo "== diagnose in Chinese"; $cli diagnose --python "$py" --lang zh-CN --no-save; echo "exit $?"
echo "== report --format json (runs a diagnosis)"; $cli report --format json --python "$py" -o "$out/report.json"; echo "exit $?"
echo "== report --format md, redacted by default"; $cli report --format md --from "$out/report.json" -o "$out/report.md"; echo "exit $?"
head -30 "$out/report.md"
echo "== redaction check: hostname and GPU UUID must not appear"
host=$(hostname); uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -1)
grep -c "$host" "$out/report.md" || true; grep -c "$uuid" "$out/report.md" || true
echo "== serve: the same core over HTTP with the token"
$cli serve --port 0 > /tmp/serve.log 2>&1 &
spid=$!
for i in $(seq 1 50); do grep -q 'serving at' /tmp/serve.log && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' /tmp/serve.log | head -1); echo "url: ${url%%\?*}?token=<hidden>"
base=${url%%/\?*}; token=${url##*token=}
code=$(python3 - "$base" "$token" <<'PY'
import json, sys, urllib.request
base, token = sys.argv[1].rstrip('/'), sys.argv[2]
def call(ch, args, tok=token):
    req = urllib.request.Request(f"{base}/api/invoke/{ch}", data=json.dumps({"args": args}).encode(), headers={"Content-Type": "application/json", "Authorization": f"Bearer {tok}"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=20) as r: return r.status, json.load(r)
    except urllib.error.HTTPError as e: return e.code, None
s, v = call("gpu:get-state", [])
print("gpu:get-state", s, v["value"]["status"]["gpus"][0]["name"], v["value"]["status"]["driverVersion"])
s, v = call("gpu:get-state", [], tok="wrong")
print("wrong token ->", s)
PY
)
echo "$code"
kill $spid; wait $spid 2>/dev/null
echo "== leftovers"; pgrep -a nvidia-smi || echo "no nvidia-smi"; pgrep -af gpu_doctor_probe || echo "no probe"
