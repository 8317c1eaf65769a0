#!/bin/bash
# Opt-in, as root on Debian: installs a single-node Slurm on this machine (slurm-wlm and munge from
# Debian's packages), configures it for the machine's CPUs, runs coset enumerations as array jobs through
# deploy/slurm/god-cosets.sbatch (the 2x2x2 <U,F,R> group whole, a slice of the 3x3x3 edges group through
# distance 6), merges the units with `twistsearch god-merge`, and compares with the one-process result.
# Exits non-zero when a merged table differs. Never run by CI.
#
#   scripts/slurm-local.sh            # builds target/release/twistsearch first when missing
#   TWISTSEARCH=/path/to/twistsearch scripts/slurm-local.sh
set -euo pipefail
if [ "$(id -u)" != 0 ]; then
    echo "slurm-local.sh installs and starts system daemons: run it as root" >&2
    exit 1
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${TWISTSEARCH:-$repo/target/release/twistsearch}
if [ ! -x "$bin" ]; then
    (cd "$repo" && cargo build --release --locked)
fi
export TWISTSEARCH=$bin

if ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge
fi

host=$(hostname -s)
cpus=$(nproc)
mem=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512))
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=local
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF

# munge: a key, then the daemon (as the munge user the package created).
if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
chown -R munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || runuser -u munge -- munged
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed|alloc' && break
    sleep 1
done
sinfo

work=$(mktemp -d /tmp/slurm-local.XXXXXX)
chmod 755 "$work"
echo "results under $work"
fail=0

# case NAME UNITS PUZZLE [god options...]: the array job, its merge, and the one-process run.
case_run() {
    local name=$1 units=$2 puzzle=$3
    shift 3
    local start=$SECONDS
    local job
    job=$(UNITS=$units sbatch --parsable --array=0-$((units - 1)) --cpus-per-task=1 --mem=1G \
        --chdir="$work" --output="$work/$name-%a.log" \
        "$repo/deploy/slurm/god-cosets.sbatch" "$puzzle" "$work/$name" "$@")
    echo "== $name: job $job, $units units"
    while squeue -h -j "$job" 2>/dev/null | grep -q .; do
        sleep 2
    done
    echo "array job done in $((SECONDS - start)) s"
    "$bin" god-merge "$work/$name"/unit-*.json | tee "$work/$name.merged"
    "$bin" god "$puzzle" --method cosets --threads 1 "$@" | tee "$work/$name.single"
    table() { sed -n '/^distance positions/,/^total/p' "$1"; }
    if diff <(table "$work/$name.merged") <(table "$work/$name.single"); then
        echo "== $name: merged units equal the one-process counts"
    else
        echo "== $name: MISMATCH" >&2
        fail=1
    fi
}

case_run 2x2x2-UFR 4 "$repo/tests/data/puzzles/main/2x2x2.tws" --moves U,F,R --letters 2
case_run edges-d6 6 "$repo/tests/data/puzzles/main/3x3x3.tws" --omit CORNER --max-depth 6 --memory 512
exit $fail
