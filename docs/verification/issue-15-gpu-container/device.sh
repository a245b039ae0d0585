#!/bin/bash
# Issue 15 on the GPU machine (Ubuntu 24.04, root, cgroup v2, driver libraries, /opt/torch/.venv,
# no network, no container engine). Everything it needs travels in one ignored folder (carry):
#   pm.tar.xz   Debian bookworm's podman 4.3.1, conmon, runc and the libraries they link that are
#               not glibc (copied from a Debian machine with the packages installed)
#   node.xz     Node.js for the CLI;  app/  the built CLI (out/cli) and resources/ of the branch
# Usage: bash DIR/device.sh bringup|full   (output under $OUT, one tarball at the end)
#   bringup  engine + CDI spec + image, `podman run` with and without the GPU, and the CLI of main
#   full     the same, then GPU Doctor's container diagnosis against the Podman socket
#   discovery  engine + CDI spec only: the socket found without DOCKER_HOST, a stale spec judged before the run
set -u
MODE=${1:-full}
C=$(cd "$(dirname "$0")" && pwd)
R=$OUT/issue-15
mkdir -p "$R"
exec > >(tee -a "$R/device.log") 2>&1
step() { printf '\n=== [%4ss] %s\n' "$SECONDS" "$*"; }
show() { printf '$ %s\n' "$*"; "$@"; printf '[exit %s]\n' "$?"; }

P=/opt/pm
IMAGE=localhost/gpu-doctor-verify/torch-host:cu130
SOCK=/run/podman/podman.sock
pm() { LD_LIBRARY_PATH=$P/lib "$P/bin/podman" "$@"; }

step "machine"
uname -r; grep PRETTY /etc/os-release; stat -fc 'root fs: %T' /; stat -fc 'cgroup fs: %T' /sys/fs/cgroup
nvidia-smi --query-gpu=index,name,driver_version,uuid --format=csv,noheader
ls -l /dev/nvidia* 2>&1
readlink -f /opt/torch/.venv/bin/python; /opt/torch/.venv/bin/python -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
ldconfig -p | grep -E 'libcuda\.so|libnvidia-ml\.so' ; echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
df -h / /dev/shm | sed 1d; free -g | sed -n 2p

step "podman 4.3.1 from Debian bookworm, unpacked (no install)"
mkdir -p $P /etc/containers /usr/share/containers /run/podman /etc/cdi
xz -d -c "$C/pm.tar.xz" | tar -C $P -xf -
cp $P/share/seccomp.json /usr/share/containers/; cp $P/etc/policy.json /etc/containers/
# podman starts conmon with a clean environment: the wrapper gives it its libraries.
printf '#!/bin/sh\nLD_LIBRARY_PATH=%s/lib exec %s/bin/conmon "$@"\n' $P $P >$P/bin/conmon-wrapped && chmod +x $P/bin/conmon-wrapped
# runc is started by conmon; it links libseccomp alone, which the system lacks only on a bare install.
ldd $P/bin/runc | grep -q 'not found' && cp -n $P/lib/libseccomp.so.2 /usr/lib/x86_64-linux-gnu/ && ldconfig
mkdir -p /dev/shm/pmtmp; export TMPDIR=/dev/shm/pmtmp
# Image store on a tmpfs: overlay works there whatever the root filesystem is, and nothing is copied per container.
mkdir -p /var/lib/containers && mount -t tmpfs -o size=64g tmpfs /var/lib/containers
printf '[storage]\ndriver = "overlay"\nrunroot = "/run/containers/storage"\ngraphroot = "/var/lib/containers/storage"\n' >/etc/containers/storage.conf
cat >/etc/containers/containers.conf <<EOF
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
conmon_path = ["$P/bin/conmon-wrapped"]
image_copy_tmp_dir = "/dev/shm/pmtmp"
[engine.runtimes]
runc = ["$P/bin/runc"]
EOF
show pm version
if ! pm info --format '{{.Store.GraphDriverName}} {{.Host.CgroupsVersion}} {{.Host.OCIRuntime.Name}}'; then
  echo "overlay on tmpfs failed: vfs instead"
  sed -i 's/"overlay"/"vfs"/' /etc/containers/storage.conf
  pm info --format '{{.Store.GraphDriverName}} {{.Host.CgroupsVersion}}'
fi
LD_LIBRARY_PATH=$P/lib setsid nohup $P/bin/podman system service --time=0 unix://$SOCK >"$R/podman-service.log" 2>&1 </dev/null &
for _ in $(seq 40); do [ -S $SOCK ] && break; sleep 0.25; done; ls -l $SOCK

step "CDI spec for this machine's driver (what nvidia-ctk cdi generate would write, without its hooks)"
DRIVER=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n1)
LIBDIR=/usr/lib/x86_64-linux-gnu
{
  ldconfig -p | awk '/x86-64/ && /(libcuda|libnvidia|libcudadebugger|libnvcuvid|libnvoptix)/ {print $NF}'
  find /usr/local/nvidia -name '*.so*' 2>/dev/null | grep -E 'libcuda|libnvidia'
} | sort -u >"$R/driver-libs.txt"
{
  echo 'cdiVersion: 0.5.0'
  echo 'kind: nvidia.com/gpu'
  echo 'devices:'
  all=''
  for dev in /dev/nvidia[0-9]*; do
    n=${dev#/dev/nvidia}
    printf -- '- name: "%s"\n  containerEdits:\n    deviceNodes:\n    - path: %s\n' "$n" "$dev"
    all="$all    - path: $dev\n"
  done
  printf -- '- name: all\n  containerEdits:\n    deviceNodes:\n%b' "$all"
  echo 'containerEdits:'
  echo '  env:'
  echo '  - NVIDIA_VISIBLE_DEVICES=void'
  echo '  deviceNodes:'
  for dev in /dev/nvidiactl /dev/nvidia-uvm /dev/nvidia-uvm-tools /dev/nvidia-modeset; do [ -e $dev ] && echo "  - path: $dev"; done
  echo '  mounts:'
  seen=' '
  while read -r lib; do
    real=$(readlink -f "$lib")
    for name in "$(basename "$real")" "$(basename "$lib")"; do
      case $seen in *" $name "*) continue ;; esac
      seen="$seen$name "
      printf '  - hostPath: %s\n    containerPath: %s/%s\n    options: [ro, nosuid, nodev, bind]\n' "$real" $LIBDIR "$name"
    done
  done <"$R/driver-libs.txt"
  smi=$(readlink -f "$(command -v nvidia-smi)")
  printf '  - hostPath: %s\n    containerPath: /usr/bin/nvidia-smi\n    options: [ro, nosuid, nodev, bind]\n' "$smi"
} >/etc/cdi/nvidia.yaml
cp /etc/cdi/nvidia.yaml "$R/cdi-nvidia.yaml"
echo "driver $DRIVER; $(grep -c hostPath /etc/cdi/nvidia.yaml) mounts"; grep -E 'libcuda.so|name:' /etc/cdi/nvidia.yaml

if [ "$MODE" != discovery ]; then
step "image from this machine: its /usr and /etc (no driver libraries: CDI brings them) + /opt/torch/.venv"
PYREAL=$(readlink -f /opt/torch/.venv/bin/python)
TORCHV=$(/opt/torch/.venv/bin/python -c 'import torch; print(torch.__version__)')
extra=''
case $PYREAL in /usr/*) ;; *) extra=$(dirname "$(dirname "$PYREAL")") ;; esac
mkdir -p /tmp/stage/{tmp,proc,sys,dev,run,root,home,var/tmp}
# Files over 20 MB outside the venv are CUDA toolkit and other libraries Python does not load.
find /usr /etc -xdev -type f -size +20M 2>/dev/null | sed 's|^/||' >/tmp/big-files.txt
echo "left out (over 20 MB): $(wc -l </tmp/big-files.txt) files, $(du -ch $(sed 's|^|/|' /tmp/big-files.txt) 2>/dev/null | tail -n1 | cut -f1)"
timeout 60 du -sh /opt/torch/.venv /usr 2>/dev/null
t0=$SECONDS
tar --numeric-owner -cf - \
  --exclude=usr/share/doc --exclude=usr/share/man --exclude=usr/share/locale --exclude=usr/src --exclude=usr/include \
  --exclude='usr/local/cuda*' --exclude=usr/local/nvidia --exclude=usr/lib/firmware --exclude=usr/lib/modules \
  --exclude='libcuda.so*' --exclude='libcudadebugger.so*' --exclude='libnvidia-*' --exclude='libnvcuvid*' --exclude='libnvoptix*' \
  --exclude='usr/bin/nvidia-*' --exclude-from=/tmp/big-files.txt \
  -C / usr etc bin lib lib64 sbin opt/torch ${extra#/} -C /tmp/stage tmp proc sys dev run root home var 2>"$R/tar-warnings.txt" |
  pm import --change "ENV PATH=/opt/torch/.venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV PYTORCH_VERSION=$TORCHV" --change 'ENV CUDA_VERSION=13.0' \
    --change 'LABEL org.opencontainers.image.source=gpu-doctor-issue-15' --change 'CMD ["python3"]' - $IMAGE
echo "import took $((SECONDS - t0)) s"; pm images; df -h /var/lib/containers | sed 1d

step "podman run with the GPU (CDI) and without"
CHECK='import torch, os; print("cuda", torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.get_device_name(0) if torch.cuda.is_available() else "-"); print("libcuda", [l.split()[-1] for l in open("/proc/self/maps") if "libcuda" in l][:1])'
show pm run --rm --network none --device nvidia.com/gpu=all $IMAGE python3 -c "$CHECK"
show pm run --rm --network none --device nvidia.com/gpu=all $IMAGE nvidia-smi -L
show pm run --rm --network none $IMAGE python3 -c "$CHECK"

fi

mkdir -p /tmp/nb && xz -d -c "$C/node.xz" >/tmp/nb/node && chmod +x /tmp/nb/node && export PATH=/tmp/nb:$PATH
export DOCKER_HOST=unix://$SOCK
leftovers() { echo "labelled containers left: $(pm ps -a --filter label=gpu-doctor.managed --format '{{.ID}}' | wc -l)"; }

if [ "$MODE" = discovery ]; then
  GD="node $C/app/out/cli/gpu-doctor.cjs"
  step "DOCKER_HOST unset, no Docker socket: which engine GPU Doctor talks to"
  ls -l /var/run/docker.sock 2>&1
  env -u DOCKER_HOST $GD status | tail -n 1
  env -u DOCKER_HOST $GD images
  step "a spec written for another driver, judged before the container is created"
  tar -C / -cf - usr/bin/true | pm import --change 'CMD ["/usr/bin/true"]' - localhost/gpu-doctor-verify/tiny:1 >/dev/null
  cp /etc/cdi/nvidia.yaml /tmp/nvidia.yaml.good
  sed -i "s/libcuda\.so\.$DRIVER/libcuda.so.570.86.15/g" /etc/cdi/nvidia.yaml
  env -u DOCKER_HOST $GD diagnose --image localhost/gpu-doctor-verify/tiny:1 --steps gpu-visible --no-save --json >"$R/stale.json"
  node -e 'const d=require(process.argv[1]); for (const f of d.steps[0].findings) console.log(f.severity, f.id, "|", f.evidence)' "$R/stale.json"
  cp /tmp/nvidia.yaml.good /etc/cdi/nvidia.yaml
  leftovers
elif [ "$MODE" = bringup ]; then
  step "CLI of main (before this branch) against Podman"
  show node out/cli/gpu-doctor.cjs images
  show timeout 200 node out/cli/gpu-doctor.cjs diagnose --image $IMAGE --gpus all --steps gpu-visible --no-save
  leftovers
else
  GD="node $C/app/out/cli/gpu-doctor.cjs"
  step "gpu-doctor status (engine card) and images"
  show $GD status
  show $GD images
  step "gpu-doctor diagnose --image (all five steps, GPU through CDI)"
  show timeout 240 $GD diagnose --image $IMAGE --shm-size 8g --no-save
  leftovers
  step "gpu-doctor compare host IMAGE"
  show timeout 300 $GD compare host $IMAGE --python /opt/torch/.venv/bin/python
  leftovers
  step "a container without the GPU"
  show timeout 120 $GD diagnose --image $IMAGE --gpus none --steps gpu-visible --no-save
  step "a CDI spec written for another driver (stale), then none"
  cp /etc/cdi/nvidia.yaml /tmp/nvidia.yaml.good
  sed -i "s/libcuda\.so\.$DRIVER/libcuda.so.570.86.15/g" /etc/cdi/nvidia.yaml
  show timeout 120 $GD diagnose --image $IMAGE --steps gpu-visible --no-save
  rm /etc/cdi/nvidia.yaml
  show timeout 120 $GD diagnose --image $IMAGE --steps gpu-visible --no-save
  cp /tmp/nvidia.yaml.good /etc/cdi/nvidia.yaml
  leftovers
fi
step "done"
tar -C "$OUT" -czf "$OUT/issue-15.tgz" issue-15 && rm -rf "$R"
