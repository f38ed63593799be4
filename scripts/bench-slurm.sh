#!/bin/sh
# Runs the bench matrix as a Slurm job array: one array task per line of
# the job list, each writing its own CSV fragment; bench-report merges them.
#
# Why a script: Slurm submits a batch script (the #SBATCH lines below) that
# runs again inside every array task; what is run and how it is measured
# stays in bench-run and its bench.conf configurations.
#
#   scripts/bench-slurm.sh OUT [BENCH-RUN SELECTION...]    # on the login node
#   ... after the array finished:
#   bench-report OUT/fragments --out OUT/report
#
# On the login node the script writes OUT/jobs.txt and submits itself as an
# array of that many tasks; inside a task (SLURM_ARRAY_TASK_ID set) it runs
# line number SLURM_ARRAY_TASK_ID of OUT/jobs.txt unchanged. The satpipe
# programs must be on the PATH of the compute nodes, and OUT on a shared
# file system.
#
#SBATCH --job-name=satpipe-bench
#SBATCH --cpus-per-task=1
#SBATCH --mem=8G
#SBATCH --time=01:00:00
#SBATCH --output=satpipe-bench-%A_%a.log
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 OUT [BENCH-RUN SELECTION...]" >&2
    exit 2
fi
out=$1
shift

if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
    line=$(sed -n "${SLURM_ARRAY_TASK_ID}p" "$out/jobs.txt")
    [ -n "$line" ] || { echo "$0: no job $SLURM_ARRAY_TASK_ID in $out/jobs.txt" >&2; exit 1; }
    exec sh -c "$line"
fi

# On the login node (Slurm runs a copy of this script in each task, without
# lib/: it ends the task's processes itself), every child ends with the
# script on SIGINT, SIGTERM or SIGHUP (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"
mkdir -p "$out/fragments"
bench-run "$@" --emit-jobs "$out/fragments" > "$out/jobs.txt"
count=$(wc -l < "$out/jobs.txt")
[ "$count" -gt 0 ] || { echo "$0: the matrix is empty" >&2; exit 1; }
sbatch --array="1-$count" --export=ALL "$0" "$out"
