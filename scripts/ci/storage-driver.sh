#!/usr/bin/env bash
# Prints the storage driver the CI engines use: overlay when this kernel mounts overlayfs on the
# filesystem under DIR (creating a container is then instant), else vfs (which copies the whole image
# per container: a 1.2 GB image takes tens of seconds to create and to remove).
# GPU_DOCTOR_CI_STORAGE=vfs|overlay forces one. Usage: storage-driver.sh DIR   (prints overlay or vfs)
set -euo pipefail
dir=${1:?usage: storage-driver.sh DIR}
case "${GPU_DOCTOR_CI_STORAGE:-}" in
  vfs | overlay) echo "$GPU_DOCTOR_CI_STORAGE"; exit 0 ;;
  '') ;;
  *) echo "GPU_DOCTOR_CI_STORAGE must be vfs or overlay, not '$GPU_DOCTOR_CI_STORAGE'" >&2; exit 2 ;;
esac
SUDO=''
[[ $(id -u) -ne 0 ]] && SUDO='sudo'
$SUDO mkdir -p "$dir"
probe=$($SUDO mktemp -d "$dir/.overlay-probe.XXXXXX")
trap '$SUDO umount "$probe/merged" 2>/dev/null || true; $SUDO rm -rf "$probe"' EXIT
$SUDO mkdir "$probe/lower" "$probe/upper" "$probe/work" "$probe/merged"
if $SUDO mount -t overlay overlay -o "lowerdir=$probe/lower,upperdir=$probe/upper,workdir=$probe/work" "$probe/merged" 2>/dev/null &&
  $SUDO touch "$probe/merged/written"; then
  echo overlay
else
  echo vfs
fi
