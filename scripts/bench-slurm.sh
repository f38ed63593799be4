#!/bin/sh
# Runs the bench matrix as Slurm job arrays: one array task per line of
# the job list, each writing its own CSV fragment; a last job, once the
# arrays have ended, merges the fragments into OUT/results.csv and the
# report OUT/report.
#
# Why a script: Slurm submits a batch script that runs again inside every
# array task; what is run and how it is measured stays in bench-run and
# its bench.conf configurations.
#
#   scripts/bench-slurm.sh [OPTIONS] OUT [-- BENCH-RUN SELECTION...]
#
#   scripts/bench-slurm.sh /scratch/bench -- --family gen --solvers 'cadical minisat'
#   scripts/bench-slurm.sh --mem 16G --throttle 50 /scratch/bench -- --time-limit 300
#
# Options (each task runs one instance with one encoding through every
# solver of the selection):
#   --time MINUTES  Slurm time limit of a task (default: `bench-run
#                   --job-seconds` of the selection, the time limit times
#                   the solvers and --repeat with every stage's grace,
#                   rounded up to minutes, plus one minute)
#   --mem SIZE      memory of a task, as sbatch --mem (16G, 500M; default:
#                   the cluster's default); the peak_mb column says what
#                   the runs took
#   --cpus N        CPUs of a task (default 1; more for portfolio solvers)
#   --max-array N   tasks per array (default: MaxArraySize from `scontrol
#                   show config`): a larger matrix goes in several arrays
#   --throttle N    at most N tasks run at once (sbatch --array=...%N; the
#                   arrays then run one after another)
#   --wait          return when everything has ended (exit 1 if the merge
#                   failed)
# The partition, account or QOS come from sbatch's own environment
# (SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_QOS).
#
# On the login node the script installs the selection's peers (once),
# writes OUT/jobs.txt (self-contained lines: absolute paths) and submits
# itself. OUT must be on a file system the compute nodes share, and the
# satpipe programs where they are here. Task logs go to OUT/logs. Running
# the script again with the same OUT runs only what is missing: each job
# skips the rows its fragment already answers and retries ERROR rows.
set -eu

usage() {
    echo "usage: $0 [--time MINUTES] [--mem SIZE] [--cpus N] [--max-array N] [--throttle N] [--wait] OUT [-- BENCH-RUN SELECTION...]" >&2
    exit 2
}

# Inside an array task: run line OFFSET + SLURM_ARRAY_TASK_ID + 1 of
# OUT/jobs.txt (Slurm runs a copy of this script, without lib/: Slurm
# ends the task's processes itself).
if [ "${1:-}" = "--task" ] && [ $# -eq 3 ]; then
    line_number=$(($3 + ${SLURM_ARRAY_TASK_ID:?not in a Slurm array task} + 1))
    line=$(sed -n "${line_number}p" "$2/jobs.txt")
    [ -n "$line" ] || { echo "$0: no line $line_number in $2/jobs.txt" >&2; exit 1; }
    echo "job $((line_number - 1)): $line" >&2
    exec sh -c "$line"
fi
# The last job: merge the fragments.
if [ "${1:-}" = "--merge" ] && [ $# -eq 3 ]; then
    exec "$3" "$2/fragments" --out "$2/report" --csv "$2/results.csv"
fi

# On the login node every child ends with the script on SIGINT, SIGTERM
# or SIGHUP (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"

time=""
mem=""
cpus=1
max_array=""
throttle=""
wait=""
number() {
    case $2 in
        '' | *[!0-9]*) echo "$0: $1 takes a positive whole number, not '$2'" >&2; exit 2 ;;
    esac
    [ "$2" -gt 0 ] || { echo "$0: $1 takes a positive whole number, not '$2'" >&2; exit 2; }
}
while [ $# -gt 0 ]; do
    case $1 in
        --time) [ $# -ge 2 ] || usage; number "$1" "$2"; time=$2; shift 2 ;;
        --mem) [ $# -ge 2 ] && [ -n "$2" ] || usage; mem=$2; shift 2 ;;
        --cpus) [ $# -ge 2 ] || usage; number "$1" "$2"; cpus=$2; shift 2 ;;
        --max-array) [ $# -ge 2 ] || usage; number "$1" "$2"; max_array=$2; shift 2 ;;
        --throttle) [ $# -ge 2 ] || usage; number "$1" "$2"; throttle=$2; shift 2 ;;
        --wait) wait=1; shift ;;
        --help | -h) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "$0: unknown option $1" >&2; usage ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || usage
out=$1
shift
if [ "${1:-}" = "--" ]; then
    shift
fi

for program in sbatch scontrol bench-run bench-report; do
    command -v "$program" >/dev/null 2>&1 || {
        echo "$0: $program is not on PATH" >&2
        exit 1
    }
done
script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
mkdir -p "$out/fragments" "$out/logs"
out=$(cd "$out" && pwd)
report=$(command -v bench-report)
case $report in /*) ;; *) report=$PWD/$report ;; esac

# The job list, written whole or not at all (bench-run installs the
# peers first).
bench-run "$@" --emit-jobs "$out/fragments" > "$out/jobs.txt.new" || {
    rm -f "$out/jobs.txt.new"
    exit 1
}
mv "$out/jobs.txt.new" "$out/jobs.txt"
count=$(wc -l < "$out/jobs.txt")
[ "$count" -gt 0 ] || { echo "$0: the matrix is empty" >&2; exit 1; }
if [ -z "$time" ]; then
    seconds=$(bench-run "$@" --job-seconds)
    time=$(((seconds + 59) / 60 + 1))
fi
if [ -z "$max_array" ]; then
    max_array=$(scontrol show config | awk '$1 == "MaxArraySize" { print $3 }')
    case $max_array in '' | *[!0-9]*) max_array=1001 ;; esac
fi
set -- --job-name=satpipe-bench --time="$time" --cpus-per-task="$cpus" \
    --export=ALL --parsable
if [ -n "$mem" ]; then
    set -- "$@" --mem="$mem"
fi

offset=0
ids=""
after=""
while [ "$offset" -lt "$count" ]; do
    size=$((count - offset))
    [ "$size" -le "$max_array" ] || size=$max_array
    range="0-$((size - 1))${throttle:+%$throttle}"
    id=$(sbatch "$@" --array="$range" $after --output="$out/logs/slurm-%A_%a.log" \
        "$script" --task "$out" "$offset")
    id=${id%%;*}
    echo "$0: jobs $offset-$((offset + size - 1)) of $out/jobs.txt: array $id ($time min a task)" >&2
    ids="$ids:$id"
    # With a throttle, one array after another keeps it for the whole matrix.
    [ -z "$throttle" ] || after="--dependency=afterany:$id"
    offset=$((offset + size))
done
merge=$(sbatch --job-name=satpipe-bench-merge --time=60 --export=ALL --parsable \
    --dependency="afterany$ids" --output="$out/logs/merge-%j.log" ${wait:+--wait} \
    "$script" --merge "$out" "$report") || {
    echo "$0: the merge failed: see $out/logs/merge-*.log" >&2
    exit 1
}
merge=${merge%%;*}
if [ -n "$wait" ]; then
    echo "$0: done: $out/results.csv, $out/report" >&2
else
    echo "$0: merge job $merge writes $out/results.csv and $out/report when the arrays end" >&2
fi
