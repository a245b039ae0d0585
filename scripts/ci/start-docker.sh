#!/usr/bin/env bash
# Starts what the Docker integration tests talk to, and is safe to run again:
#   - Debian's dockerd (overlay2 storage where the kernel mounts overlayfs, else vfs: see
#     storage-driver.sh; no iptables, no bridge: containers run with --network none)
#   - Debian's docker-registry on 127.0.0.1:5000 (open) and 127.0.0.1:5001 (htpasswd: every
#     anonymous pull is refused, for the auth-failure test)
# Installs docker.io, docker-registry and debootstrap when missing. Waits until all answer.
set -euo pipefail

STATE=/var/cache/gpu-doctor-ci
LOGS=/var/log/gpu-doctor-ci
SUDO=''
[[ $(id -u) -ne 0 ]] && SUDO='sudo'

log() { printf '[start-docker %4ss] %s\n' "$SECONDS" "$*"; }

missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v docker-registry >/dev/null || missing+=(docker-registry)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v curl >/dev/null || missing+=(curl)
# The registry tag-check tests sign their token-auth registry's JWTs with a certificate made by openssl.
command -v openssl >/dev/null || missing+=(openssl)
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi
$SUDO mkdir -p "$STATE/registry" "$LOGS"

# docker.io's client; a newer one elsewhere on PATH would work too, but this one matches the engine.
DOCKER=/usr/bin/docker
[[ -x $DOCKER ]] || DOCKER=docker

wait_for() { # description, seconds, command...
  local what=$1 limit=$2
  shift 2
  for ((i = 0; i < limit * 4; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.25
  done
  log "$what did not come up in ${limit}s"
  return 1
}

if $DOCKER version >/dev/null 2>&1; then
  log "engine already answering"
else
  driver=$(bash "$(dirname "$0")/storage-driver.sh" /var/lib/docker)
  [[ $driver == overlay ]] && driver=overlay2
  log "starting dockerd (storage: $driver)"
  # setsid: the engine must outlive this script and the CI step that ran it.
  $SUDO setsid nohup dockerd --storage-driver="$driver" --iptables=false --ip6tables=false --bridge=none \
    --pidfile /run/gpu-doctor-ci-dockerd.pid >"$LOGS/dockerd.log" 2>&1 </dev/null &
  if ! wait_for dockerd 60 $DOCKER version; then
    tail -n 30 "$LOGS/dockerd.log" >&2
    exit 1
  fi
fi

start_registry() { # name, port, auth yes|no
  local name=$1 port=$2 auth=$3 config="$STATE/registry/$1.yml"
  if curl -s -o /dev/null "http://127.0.0.1:$port/v2/"; then
    log "registry $name already on 127.0.0.1:$port"
    return 0
  fi
  {
    echo 'version: 0.1'
    echo 'log: { level: warn }'
    echo "storage: { filesystem: { rootdirectory: $STATE/registry/$name-data }, delete: { enabled: true } }"
    echo "http: { addr: '127.0.0.1:$port' }"
    # A missing htpasswd file makes the registry create one with a random password nobody knows.
    if [[ $auth == yes ]]; then
      echo "auth: { htpasswd: { realm: gpu-doctor-test, path: $STATE/registry/$name.htpasswd } }"
    fi
  } | $SUDO tee "$config" >/dev/null
  log "starting registry $name on 127.0.0.1:$port"
  $SUDO setsid nohup docker-registry serve "$config" >"$LOGS/registry-$name.log" 2>&1 </dev/null &
  if ! wait_for "registry $name" 30 curl -s -o /dev/null "http://127.0.0.1:$port/v2/"; then
    tail -n 20 "$LOGS/registry-$name.log" >&2
    exit 1
  fi
}
start_registry open 5000 no
start_registry auth 5001 yes

log "ready: $($DOCKER version --format 'engine {{.Server.Version}} API {{.Server.APIVersion}}'), storage $($DOCKER info --format '{{.Driver}}')"
