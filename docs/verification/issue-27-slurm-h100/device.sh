#!/bin/bash
# Issue 27 on the GPU machine (Ubuntu 24.04, root, no network, no Slurm): Debian bookworm's Slurm
# 22.05.8 and munge, unpacked, a controller and three slurmd on the one machine (slurmd -N, ports
# 6931-6933), each node given the GPU through Slurm's GRES (--gpus-per-node 1), then
# `gpu-doctor fleet --slurm` with the real CUDA PyTorch of /opt/torch/.venv.
# What travels in the ignored folder .carry27/ (carry it with out/cli):
#   slurm.tar.xz  dpkg -x of slurmd, slurmctld, slurm-client, slurm-wlm-basic-plugins, munge, libmunge2
#                 (bookworm) plus, in opt/gd-slurm-libs, the non-glibc libraries they link
#   node.xz       Node.js 20 for the CLI
# Usage: bash docs/verification/issue-27-slurm-h100/device.sh   (output under $OUT/issue-27)
set -u
C=$(pwd)/.carry27
R=$OUT/issue-27
mkdir -p "$R"
exec > >(tee -a "$R/device.log") 2>&1
step() { printf '\n=== [%4ss] %s\n' "$SECONDS" "$*"; }
show() { printf '$ %s\n' "$*"; "$@"; printf '[exit %s]\n' "$?"; }

step "machine"
uname -r; grep PRETTY /etc/os-release; nproc; free -g | sed -n 2p
nvidia-smi --query-gpu=index,name,driver_version,uuid --format=csv,noheader
/opt/torch/.venv/bin/python -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "cudnn", torch.backends.cudnn.version())'

step "Node.js and Slurm, unpacked"
mkdir -p /tmp/nb && xz -d -c "$C/node.xz" >/tmp/nb/node && chmod +x /tmp/nb/node && export PATH=/tmp/nb:$PATH
node -v
xz -d -c "$C/slurm.tar.xz" | tar -C / --skip-old-files -xf -
# Libraries the system lacks only; the system's own stay as they are.
for lib in /opt/gd-slurm-libs/*; do [[ -e /usr/lib/x86_64-linux-gnu/$(basename "$lib") ]] || cp -v "$lib" /usr/lib/x86_64-linux-gnu/; done
ldconfig
for b in slurmd slurmctld slurmstepd; do ln -sf /usr/sbin/$b-wlm /usr/sbin/$b; done
for b in /usr/sbin/slurmd /usr/sbin/slurmctld /usr/sbin/slurmstepd /usr/bin/srun /usr/sbin/munged; do ldd "$b" | grep 'not found' && echo "MISSING for $b"; done
show slurmd -V

step "munged (root, --force) and the cluster"
mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge /etc/slurm /var/spool/gd-slurm /var/log/gd-slurm
head -c 1024 /dev/urandom >/etc/munge/munge.key && chmod 400 /etc/munge/munge.key
munged --force --num-threads=2
sleep 1; munge -n | unmunge | head -2
host=$(hostname -s)
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=gpudoctorh100
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=/var/spool/gd-slurm/ctld
SlurmdSpoolDir=/var/spool/gd-slurm/%n
SlurmctldPidFile=/run/gd-slurmctld.pid
SlurmdPidFile=/run/gd-slurmd-%n.pid
SlurmctldLogFile=/var/log/gd-slurm/slurmctld.log
SlurmdLogFile=/var/log/gd-slurm/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
GresTypes=gpu
ReturnToService=2
MpiDefault=none
NodeName=gd-a NodeAddr=127.0.0.1 Port=6931 CPUs=4 Gres=gpu:1 State=UNKNOWN
NodeName=gd-b NodeAddr=127.0.0.1 Port=6932 CPUs=4 Gres=gpu:1 State=UNKNOWN
NodeName=gd-c NodeAddr=127.0.0.1 Port=6933 CPUs=4 Gres=gpu:1 State=UNKNOWN
PartitionName=gpu Nodes=gd-[a-c] Default=YES MaxTime=60 State=UP OverSubscribe=YES
CONF
# Every node is given the machine's one GPU: the three "nodes" take turns on it (GPU Doctor runs
# one diagnosis at a time per machine and waits for the other).
printf 'NodeName=gd-[a-c] Name=gpu File=/dev/nvidia0\n' >/etc/slurm/gres.conf
mkdir -p /var/spool/gd-slurm/ctld
slurmctld -i
for n in gd-a gd-b gd-c; do slurmd -N $n; done
for i in $(seq 60); do [[ $(sinfo -h -N -o %t | grep -c '^idle$') == 3 ]] && break; sleep 1; done
show sinfo -N -o '%N %t %G'
show timeout 60 srun -N1 -w gd-b --gpus-per-node=1 bash -c 'echo $SLURMD_NODENAME CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES; nvidia-smi -L'

step "fleet --slurm: three nodes, the real CUDA PyTorch, one node with another cuDNN planted"
export GPU_DOCTOR_TEST_TORCH_PYTHON=/opt/torch/.venv/bin/python GPU_DOCTOR_TEST_OTHER_CUDNN_NODE=gd-c
NP=$(pwd)/test/fixtures/slurm/node-python
show timeout 1500 node out/cli/gpu-doctor.cjs fleet --slurm --gpus-per-node 1 --python "$NP" --timeout 600 --format json -o "$R/fleet-planted.json"
node -e 'const t=require(process.argv[1]); console.log(JSON.stringify({differing:t.differing, lookFirst:t.lookFirst, nodes:t.nodes}, null, 1)); for (const r of t.rows) console.log(r.differs ? "≠" : " ", r.field.padEnd(22), r.values.join(" | "))' "$R/fleet-planted.json"

step "a drained node"
scontrol update nodename=gd-b state=drain reason="issue 27 check"
show timeout 1500 node out/cli/gpu-doctor.cjs fleet --slurm --gpus-per-node 1 --python /opt/torch/.venv/bin/python --timeout 600 --format md -o "$R/fleet-drained.md"
cat "$R/fleet-drained.md"
scontrol update nodename=gd-b state=resume

step "stop"
show squeue
for p in /run/gd-slurmd-*.pid /run/gd-slurmctld.pid; do kill "$(cat "$p")"; done
kill "$(cat /run/munge/munged.pid)"
cp /var/log/gd-slurm/*.log "$R/" 2>/dev/null
echo done
