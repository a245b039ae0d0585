#!/usr/bin/env bash
# Starts Debian's Podman beside Docker for the integration tests, and is safe to run again:
#   - podman 4.3 with runc (crun fails on cgroups on our build machines), cgroupfs, overlay storage
#     where the kernel mounts overlayfs, else vfs (storage-driver.sh), each in its own graph root,
#     default ulimits within the machine's hard limits, no network needed
#   - `podman system service` on the rootful socket /run/podman/podman.sock (group docker, like
#     Docker's socket, so the same CI user reaches both)
#   - the test images of build-test-images.sh imported from the same cached root filesystems,
#     and the local registries on 127.0.0.1:5000/5001 trusted without TLS
#   - a CDI spec of a fake kind (gpu-doctor.test/fake) to check that CDI devices reach a container
# Needs scripts/ci/start-docker.sh and scripts/ci/build-test-images.sh first.
set -euo pipefail

CACHE=/var/cache/gpu-doctor-ci
LOGS=/var/log/gpu-doctor-ci
RECIPE=v1 # the tarballs of build-test-images.sh
SOCK=/run/podman/podman.sock
SUDO=''
[[ $(id -u) -ne 0 ]] && SUDO='sudo'

log() { printf '[start-podman %4ss] %s\n' "$SECONDS" "$*"; }

missing=()
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || missing+=(runc)
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
$SUDO mkdir -p /etc/containers /etc/cdi /run/podman "$LOGS"

MARK='# Written by GPU Doctor scripts/ci/start-podman.sh'
write() { # path: stdin becomes the file, unless someone else's file is there (a developer's own Podman)
  if [[ -e $1 ]] && ! grep -qF "$MARK" "$1"; then
    log "keeping $1 (not ours); the tests need: runtime runc, cgroupfs, ulimits within the hard limits, vfs or overlay storage"
    cat >/dev/null
    return 0
  fi
  { echo "$MARK"; cat; } | $SUDO tee "$1" >/dev/null
}
# Our machines' hard limits are below Podman's defaults (nofile 1048576): container creation fails there.
write /etc/containers/containers.conf <<'CONF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
# Podman records its driver in the graph root: each driver has a root of its own, so a switch never
# meets a store made by the other.
driver=$(bash "$(dirname "$0")/storage-driver.sh" /var/lib/containers)
root=/var/lib/containers/storage
[[ $driver == overlay ]] && root=/var/lib/containers/storage-overlay
write /etc/containers/storage.conf <<CONF
[storage]
driver = "$driver"
runroot = "/run/containers/storage-$driver"
graphroot = "$root"
CONF
if ! grep -q 'gpu-doctor-ci' /etc/containers/registries.conf 2>/dev/null; then
  printf '\n# gpu-doctor-ci: the local test registries speak plain HTTP\n[[registry]]\nlocation = "127.0.0.1:5000"\ninsecure = true\n[[registry]]\nlocation = "127.0.0.1:5001"\ninsecure = true\n' |
    $SUDO tee -a /etc/containers/registries.conf >/dev/null
fi
write /etc/cdi/gpu-doctor-test.yaml <<'CONF'
cdiVersion: 0.5.0
kind: gpu-doctor.test/fake
devices:
- name: probe
  containerEdits:
    env: ["GPU_DOCTOR_CDI_DEVICE=probe"]
containerEdits:
  env: ["GPU_DOCTOR_CDI_KIND=gpu-doctor.test/fake"]
CONF

ping() { $SUDO curl -sf --unix-socket $SOCK http://d/_ping; }
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

if ping >/dev/null 2>&1; then
  log "podman service already answering"
else
  log "starting podman system service"
  $SUDO setsid nohup podman system service --time=0 unix://$SOCK >"$LOGS/podman.log" 2>&1 </dev/null &
  if ! wait_for 'podman service' 60 ping; then
    tail -n 30 "$LOGS/podman.log" >&2
    exit 1
  fi
fi
# The CI user reaches Docker through the docker group; the same for Podman's socket.
if getent group docker >/dev/null; then $SUDO chgrp docker $SOCK && $SUDO chmod 660 $SOCK; fi

has_image() { $SUDO podman image exists "$1"; }
if ! has_image gpu-doctor-test/python:bookworm; then
  log "importing gpu-doctor-test/python:bookworm"
  $SUDO podman import --change 'ENV CUDA_VERSION=12.8.1' --change 'ENV NV_CUDNN_VERSION=9.8.0.87-1' \
    --change 'ENV NVIDIA_REQUIRE_CUDA="cuda>=12.8 brand=tesla,driver>=535,driver<536"' \
    --change 'LABEL org.opencontainers.image.source=gpu-doctor-test' --change 'CMD ["python3"]' \
    "$CACHE/python-bookworm-$RECIPE.tar" gpu-doctor-test/python:bookworm >/dev/null
fi
if ! has_image gpu-doctor-test/torch:bookworm; then
  log "importing gpu-doctor-test/torch:bookworm"
  $SUDO podman import --change 'ENV PYTORCH_VERSION=1.13.1' --change 'LABEL com.nvidia.pytorch.version=1.13.1+dfsg' \
    --change 'CMD ["python3"]' "$CACHE/torch-bookworm-$RECIPE.tar" gpu-doctor-test/torch:bookworm >/dev/null
fi
log "ready: podman $($SUDO podman version --format '{{.Server.Version}}' 2>/dev/null || podman --version), storage $driver, images: $($SUDO podman images --format '{{.Repository}}:{{.Tag}}' | tr '\n' ' ')"
