#!/usr/bin/env bash
# Starts a small real Slurm cluster on this one machine for the fleet tests, and is safe to run again:
#   - Debian's munged on its own socket (/run/gpu-doctor-ci/munge/munge.socket), the package's key
#   - slurmctld and three slurmd (gd-node1..3): each slurmd is started with `slurmd -N <node>`, the
#     nodes share 127.0.0.1 and differ in port (6931-6933), spool directory, PID and log file
#   - one partition `gpu` with all three nodes; no cgroups, no accounting (proctrack/linuxproc,
#     task/none), so it runs in a container as well
# The cluster's configuration is /etc/gpu-doctor-ci/slurm/slurm.conf: the tests set SLURM_CONF to it,
# so a Slurm configured elsewhere on the machine is neither used nor touched. Light: the daemons
# sleep between requests (a few MB each). Logs: /var/log/gpu-doctor-ci/.
set -euo pipefail

RUN=/run/gpu-doctor-ci
STATE=/var/cache/gpu-doctor-ci
LOGS=/var/log/gpu-doctor-ci
CONF_DIR=/etc/gpu-doctor-ci/slurm
export SLURM_CONF=$CONF_DIR/slurm.conf
NODES=(gd-node1 gd-node2 gd-node3)
SUDO=''
[[ $(id -u) -ne 0 ]] && SUDO='sudo'

log() { printf '[start-slurm %4ss] %s\n' "$SECONDS" "$*"; }

missing=()
command -v slurmctld >/dev/null || missing+=(slurm-wlm)
command -v munged >/dev/null || missing+=(munge)
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

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

all_idle() { [[ $(sinfo -h -N -o '%t' 2>/dev/null | grep -c '^idle$') == "${#NODES[@]}" ]]; }

if [[ -f $SLURM_CONF ]] && all_idle; then
  log "cluster already answering: $(sinfo -h -N -o '%N=%t' | tr '\n' ' ')"
  exit 0
fi

$SUDO mkdir -p "$RUN/munge" "$STATE/munge" "$LOGS/munge" "$STATE/slurm/ctld" "$CONF_DIR"
$SUDO chown munge:munge "$RUN/munge" "$STATE/munge" "$LOGS/munge"
$SUDO chmod 755 "$RUN/munge"
$SUDO chmod 700 "$STATE/munge" "$LOGS/munge"
# The package creates /etc/munge/munge.key on install; a machine without one gets a fresh key.
if [[ ! -s /etc/munge/munge.key ]]; then
  $SUDO mungekey --create --keyfile=/etc/munge/munge.key
  $SUDO chown munge:munge /etc/munge/munge.key
  $SUDO chmod 400 /etc/munge/munge.key
fi

MUNGE_SOCKET=$RUN/munge/munge.socket
if munge -S "$MUNGE_SOCKET" -n </dev/null 2>/dev/null | unmunge -S "$MUNGE_SOCKET" >/dev/null 2>&1; then
  log "munged already answering"
else
  log "starting munged"
  $SUDO setsid runuser -u munge -- munged --socket="$MUNGE_SOCKET" --pid-file="$RUN/munge/munged.pid" \
    --log-file="$LOGS/munge/munged.log" --seed-file="$STATE/munge/munged.seed" --num-threads=1 </dev/null
  wait_for munged 20 sh -c "munge -S '$MUNGE_SOCKET' -n | unmunge -S '$MUNGE_SOCKET'"
fi

host=$(hostname -s)
{
  echo "# Written by scripts/ci/start-slurm.sh: GPU Doctor's CI cluster, three slurmd on one machine."
  echo "ClusterName=gpudoctorci"
  echo "SlurmctldHost=$host(127.0.0.1)"
  echo "SlurmctldPort=6917"
  echo "SlurmdPort=6918"
  echo "AuthType=auth/munge"
  echo "AuthInfo=socket=$MUNGE_SOCKET"
  echo "CredType=cred/munge"
  echo "SlurmUser=root"
  echo "SlurmdUser=root"
  echo "StateSaveLocation=$STATE/slurm/ctld"
  echo "SlurmdSpoolDir=$STATE/slurm/%n"
  echo "SlurmctldPidFile=$RUN/slurmctld.pid"
  echo "SlurmdPidFile=$RUN/slurmd-%n.pid"
  echo "SlurmctldLogFile=$LOGS/slurmctld.log"
  echo "SlurmdLogFile=$LOGS/slurmd-%n.log"
  echo "ProctrackType=proctrack/linuxproc"
  echo "TaskPlugin=task/none"
  echo "JobAcctGatherType=jobacct_gather/none"
  echo "AccountingStorageType=accounting_storage/none"
  echo "JobCompType=jobcomp/none"
  echo "SchedulerType=sched/builtin"
  echo "SelectType=select/cons_tres"
  echo "SelectTypeParameters=CR_Core"
  # The nodes declare one CPU each on a machine with more or fewer: the configuration is the truth.
  echo "SlurmdParameters=config_overrides"
  echo "MpiDefault=none"
  echo "ReturnToService=2"
  echo "SlurmdTimeout=60"
  echo "MinJobAge=30"
  echo "KillWait=5"
  port=6931
  for node in "${NODES[@]}"; do
    echo "NodeName=$node NodeAddr=127.0.0.1 Port=$port CPUs=1 State=UNKNOWN"
    port=$((port + 1))
  done
  echo "PartitionName=gpu Nodes=gd-node[1-${#NODES[@]}] Default=YES MaxTime=30 State=UP OverSubscribe=YES"
} | $SUDO tee "$SLURM_CONF" >/dev/null

if scontrol ping 2>/dev/null | grep -q 'is UP'; then
  log "slurmctld already answering"
else
  log "starting slurmctld"
  $SUDO setsid env SLURM_CONF="$SLURM_CONF" slurmctld -i </dev/null >/dev/null 2>&1
  if ! wait_for slurmctld 30 sh -c "scontrol ping | grep -q 'is UP'"; then
    tail -n 30 "$LOGS/slurmctld.log" >&2
    exit 1
  fi
fi
for node in "${NODES[@]}"; do
  if [[ -f $RUN/slurmd-$node.pid ]] && kill -0 "$(cat "$RUN/slurmd-$node.pid")" 2>/dev/null; then continue; fi
  log "starting slurmd $node"
  $SUDO setsid env SLURM_CONF="$SLURM_CONF" slurmd -N "$node" </dev/null >/dev/null 2>&1
done
# A node drained or down by an earlier run (a test drains one and resumes it) takes jobs again.
scontrol update nodename="gd-node[1-${#NODES[@]}]" state=resume >/dev/null 2>&1 || true
if ! wait_for "the three slurmd nodes" 60 all_idle; then
  sinfo -N >&2
  tail -n 20 "$LOGS"/slurmd-*.log >&2
  exit 1
fi
# Idle in slurmctld's saved state is not enough: each node must run a task now.
for node in "${NODES[@]}"; do
  if ! timeout 60 srun --nodes=1 --nodelist="$node" --quiet true; then
    log "slurmd $node does not run tasks"
    tail -n 20 "$LOGS/slurmd-$node.log" >&2
    exit 1
  fi
done
log "ready: $(sinfo -h -N -o '%N=%t' | tr '\n' ' ')(SLURM_CONF=$SLURM_CONF)"
