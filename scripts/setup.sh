#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine for GPU Doctor.
#   scripts/setup.sh         Node dependencies + build (enough to run the CLI and `serve`)
#   scripts/setup.sh --test  also what the tests need: Debian's Chromium and a CJK font for Playwright,
#                            Debian's CPU-only PyTorch, poppler, and a real Docker engine with a local
#                            registry and two small Debian images built with debootstrap,
#                            poppler-utils (pdftoppm) for the PDF report test, Debian's Podman
#                            (rootful, runc, vfs) beside Docker with the same images,
#                            desktop-file-utils and appstream to validate the .deb's desktop entry and metainfo,
#                            nsis (makensis) to compile the Windows installer's additions,
#                            Debian's prometheus and prometheus-node-exporter (a real scrape of the metrics files),
#                            Debian's slurm-wlm and munge: a controller and three slurmd on this machine (fleet --slurm)
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[[ "${1:-}" == "--test" ]] && want_test=1

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  ((${#missing[@]} == 0)) && return 0
  local sudo=''
  [[ $(id -u) -ne 0 ]] && sudo='sudo'
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

if ((want_test)); then
  # Playwright drives Debian's Chromium (its own browser download is not reachable here);
  # the CJK font makes the Chinese UI render in screenshots instead of boxes; python3-torch is a
  # real CPU-only PyTorch for the probe tests; gcc builds the stand-in libnvidia-ml (test/fake-nvml);
  # desktop-file-validate and appstreamcli check the Linux package's .desktop entry and AppStream
  # metainfo, makensis the Windows installer's script.
  apt_install chromium fonts-wqy-zenhei xz-utils python3-torch procps poppler-utils gcc libc6-dev desktop-file-utils appstream nsis
  # Prometheus and node_exporter are started by the metrics test itself, on free loopback ports, and stopped after it;
  # the Slurm cluster is long-lived like dockerd (scripts/ci/start-slurm.sh, below).
  apt_install prometheus prometheus-node-exporter slurm-wlm munge
fi

# The Electron binary is not needed for the CLI, serve or tests, and cannot be downloaded everywhere.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
npm ci --no-audit --no-fund
npm run build

if ((want_test)); then
  bash scripts/ci/start-docker.sh
  bash scripts/ci/build-test-images.sh
  bash scripts/ci/start-podman.sh
  bash scripts/ci/start-slurm.sh
fi
