#!/usr/bin/env bash
# Packs what docs/verification/issue-27-slurm-h100/device.sh needs on the GPU machine (no network,
# no Slurm) into the ignored folder .carry27/: Debian bookworm's slurmd, slurmctld, slurm-client,
# slurm-wlm-basic-plugins, munge and libmunge2 unpacked (dpkg -x), the non-glibc libraries they link
# (opt/gd-slurm-libs; device.sh copies only those the machine lacks), and this machine's Node.js.
# Run on a Debian bookworm machine with the packages installed (scripts/setup.sh --test installs them).
# Then: the device tool with carry [".carry27", "out/cli"] and `bash docs/verification/issue-27-slurm-h100/device.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/root/opt/gd-slurm-libs" .carry27
(cd "$work" && apt-get download slurmd slurmctld slurm-client slurm-wlm-basic-plugins munge libmunge2 >/dev/null)
for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/root"; done
for b in /usr/sbin/slurmctld-wlm /usr/sbin/slurmd-wlm /usr/sbin/slurmstepd-wlm /usr/bin/srun /usr/bin/sinfo /usr/bin/scontrol \
  /usr/bin/scancel /usr/bin/squeue /usr/sbin/munged /usr/bin/munge /usr/bin/unmunge /usr/lib/x86_64-linux-gnu/slurm-wlm/*.so; do
  ldd "$b" 2>/dev/null || true
done | awk '$3 ~ /^\// {print $3}' | sort -u |
  grep -vE '/(libc|libm|libdl|libpthread|librt|libresolv|ld-linux|libutil)\.so|slurm-wlm/|libmunge' |
  xargs -I{} cp -L {} "$work/root/opt/gd-slurm-libs/"
tar -C "$work/root" -cf - . | xz -T2 -6 >.carry27/slurm.tar.xz
xz -T2 -6 -c "$(readlink -f "$(command -v node)")" >.carry27/node.xz
ls -la .carry27
