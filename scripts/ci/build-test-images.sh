#!/usr/bin/env bash
# Builds the images the Docker integration tests use, from Debian packages only (no Docker Hub):
#   gpu-doctor-test/python:bookworm   debootstrap minbase + python3, with CUDA-image-like ENV/LABELs
#   gpu-doctor-test/torch:bookworm    the same + Debian's CPU-only python3-torch (no recommends)
#   127.0.0.1:5000/gpu-doctor-test/pull:layers   two layers of random bytes, pushed to the local
#                                     registry and removed locally, so a pull really downloads
# Root filesystems are cached as tarballs in /var/cache/gpu-doctor-ci: a second run only imports.
# Needs scripts/ci/start-docker.sh first.
set -euo pipefail

CACHE=/var/cache/gpu-doctor-ci
RECIPE=v1 # bump when what goes into a tarball changes
SUITE=bookworm
SUDO=''
[[ $(id -u) -ne 0 ]] && SUDO='sudo'
DOCKER=/usr/bin/docker
[[ -x $DOCKER ]] || DOCKER=docker

log() { printf '[build-test-images %4ss] %s\n' "$SECONDS" "$*"; }

# The mirror apt already uses here (deb822 .sources first, then the one-line format).
mirror() {
  local uri
  uri=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | grep -v security | awk '{print $2}' | head -n1 || true)
  [[ -z $uri ]] && uri=$(grep -hsE '^deb\s' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
    grep -v security | awk '{for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit }}' | head -n1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

has_image() { $DOCKER image inspect "$1" >/dev/null 2>&1; }

# Everything a test image does not need; documentation alone is a third of a minbase rootfs.
slim() {
  local root=$1
  $SUDO rm -rf "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
    "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* "$root"/tmp/*
}

in_chroot() { # root, command...
  local root=$1
  shift
  $SUDO mount -t proc proc "$root/proc"
  local rc=0
  $SUDO chroot "$root" "$@" || rc=$?
  $SUDO umount "$root/proc"
  return $rc
}

build_tarballs() {
  local work="$CACHE/work" base="$CACHE/work/base" torch="$CACHE/work/torch"
  $SUDO rm -rf "$work"
  $SUDO mkdir -p "$work"
  local url
  url=$(mirror)
  log "debootstrap $SUITE minbase + python3 from $url"
  $SUDO debootstrap --variant=minbase --include=python3 "$SUITE" "$base" "$url" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
  $SUDO cp -a "$base" "$torch"
  slim "$base"
  $SUDO tar --numeric-owner -C "$base" -cf "$CACHE/python-$SUITE-$RECIPE.tar" .

  log "installing python3-torch (no recommends) in a copy"
  # No docs or translations, and no fsync per file: this rootfs is rebuilt, never repaired.
  printf 'path-exclude=/usr/share/doc/*\npath-exclude=/usr/share/man/*\npath-exclude=/usr/share/locale/*\npath-exclude=/usr/share/info/*\n' |
    $SUDO tee "$torch/etc/dpkg/dpkg.cfg.d/01-slim" >/dev/null
  echo force-unsafe-io | $SUDO tee "$torch/etc/dpkg/dpkg.cfg.d/02-unsafe-io" >/dev/null
  $SUDO cp /etc/resolv.conf "$torch/etc/resolv.conf" 2>/dev/null || true
  in_chroot "$torch" apt-get update -q >"$work/torch.log" 2>&1 &&
    in_chroot "$torch" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-torch >>"$work/torch.log" 2>&1 ||
    { tail -n 30 "$work/torch.log" >&2; exit 1; }
  $SUDO rm -f "$torch/etc/dpkg/dpkg.cfg.d/02-unsafe-io"
  slim "$torch"
  $SUDO tar --numeric-owner -C "$torch" -cf "$CACHE/torch-$SUITE-$RECIPE.tar" .
  $SUDO rm -rf "$work"
}

PY_TAR="$CACHE/python-$SUITE-$RECIPE.tar"
TORCH_TAR="$CACHE/torch-$SUITE-$RECIPE.tar"
$SUDO mkdir -p "$CACHE"
if [[ ! -s $PY_TAR || ! -s $TORCH_TAR ]]; then
  build_tarballs
else
  log "root filesystems cached in $CACHE"
fi

# What a CUDA image declares, so `gpu-doctor images` has versions to read without running it.
CUDA_CHANGES=(
  --change 'ENV CUDA_VERSION=12.8.1'
  --change 'ENV NV_CUDNN_VERSION=9.8.0.87-1'
  --change 'ENV NVIDIA_REQUIRE_CUDA="cuda>=12.8 brand=tesla,driver>=535,driver<536"'
  --change 'LABEL org.opencontainers.image.source=gpu-doctor-test'
  --change 'CMD ["python3"]'
)
if ! has_image gpu-doctor-test/python:$SUITE; then
  log "importing gpu-doctor-test/python:$SUITE"
  $DOCKER import "${CUDA_CHANGES[@]}" "$PY_TAR" gpu-doctor-test/python:$SUITE >/dev/null
fi
if ! has_image gpu-doctor-test/torch:$SUITE; then
  log "importing gpu-doctor-test/torch:$SUITE"
  $DOCKER import --change 'ENV PYTORCH_VERSION=1.13.1' --change 'LABEL com.nvidia.pytorch.version=1.13.1+dfsg' \
    --change 'CMD ["python3"]' "$TORCH_TAR" gpu-doctor-test/torch:$SUITE >/dev/null
fi

# The pull image: random bytes do not compress, so the byte counts in the progress are real.
PULL=127.0.0.1:5000/gpu-doctor-test/pull:layers
manifest_url=http://127.0.0.1:5000/v2/gpu-doctor-test/pull/manifests/layers
if curl -sf -o /dev/null -H 'Accept: application/vnd.docker.distribution.manifest.v2+json' "$manifest_url"; then
  log "$PULL already in the local registry"
else
  log "pushing $PULL"
  tmp=$(mktemp -d)
  mkdir -p "$tmp/a"
  head -c 12M /dev/urandom >"$tmp/a/blob-a"
  head -c 8M /dev/urandom >"$tmp/blob-b"
  tar -C "$tmp/a" -cf "$tmp/a.tar" .
  $DOCKER import --change 'ENV PULL_TEST=1' "$tmp/a.tar" gpu-doctor-test/pull-base:layers >/dev/null
  # create + cp + commit adds a second layer without running anything (the image has no shell).
  cid=$($DOCKER create gpu-doctor-test/pull-base:layers /none)
  $DOCKER cp "$tmp/blob-b" "$cid:/blob-b"
  $DOCKER commit "$cid" "$PULL" >/dev/null
  $DOCKER rm "$cid" >/dev/null
  $DOCKER push "$PULL" >/dev/null
  $DOCKER rmi "$PULL" gpu-doctor-test/pull-base:layers >/dev/null
  rm -rf "$tmp"
fi
log "done: $($DOCKER images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep gpu-doctor-test | tr '\n' ' ')"
