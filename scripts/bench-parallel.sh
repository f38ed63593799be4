#!/bin/sh
# Runs the bench matrix with GNU parallel, on this machine or on several
# (--sshloginfile), then merges the per-job CSV fragments into
# OUT/results.csv and the report OUT/report.
#
# Why a script: it only launches the job list that `bench-run --emit-jobs`
# prints with an external scheduler (GNU parallel); what is run and how it
# is measured stays in bench-run and its bench.conf configurations.
#
#   scripts/bench-parallel.sh [OPTIONS] OUT [-- BENCH-RUN SELECTION...]
#
#   scripts/bench-parallel.sh bench-par -- --family gen --solvers 'cadical minisat'
#   scripts/bench-parallel.sh --sshloginfile nodes.txt bench-par -- --per-dir 2 --time-limit 60
#
# Options:
#   --jobs N               jobs at once on each machine (default: one per
#                          CPU core)
#   --sshloginfile FILE    spread the jobs over the machines of FILE
#                          (GNU parallel's format); they need OUT and the
#                          instances on a shared file system and the
#                          satpipe programs where they are here
#
# Each line of OUT/jobs.txt is one `bench-run ... --job N --csv
# OUT/fragments/job-N.csv` command with absolute paths (one instance with
# one encoding through every solver); the peers are installed once, before
# the jobs start. Job N's output goes to OUT/logs/job-N.log, GNU parallel's
# record to OUT/joblog. Running the script again runs every job again, and
# each skips the rows its fragment already answers: ERROR rows and what an
# interruption left out are run, nothing else.
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"

usage() {
    echo "usage: $0 [--jobs N] [--sshloginfile FILE] OUT [-- BENCH-RUN SELECTION...]" >&2
    exit 2
}

jobs=""
logins=""
while [ $# -gt 0 ]; do
    case $1 in
        --jobs)
            [ $# -ge 2 ] || usage
            case $2 in '' | *[!0-9]* | 0) echo "$0: --jobs takes a positive whole number, not '$2'" >&2; exit 2 ;; esac
            jobs=$2
            shift 2
            ;;
        --sshloginfile)
            [ $# -ge 2 ] || usage
            [ -r "$2" ] || { echo "$0: cannot read the sshloginfile $2" >&2; exit 1; }
            logins=$2
            shift 2
            ;;
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
command -v parallel >/dev/null 2>&1 || {
    echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2
    exit 1
}

mkdir -p "$out/fragments" "$out/logs"
out=$(cd "$out" && pwd)
# The job list, written whole or not at all (bench-run installs the
# peers first).
bench-run "$@" --emit-jobs "$out/fragments" > "$out/jobs.txt.new" || {
    rm -f "$out/jobs.txt.new"
    exit 1
}
mv "$out/jobs.txt.new" "$out/jobs.txt"
echo "$out/jobs.txt: $(wc -l < "$out/jobs.txt") jobs" >&2

# Each line runs through `sh -c`, its output into its log; a job that
# failed as a whole (every run an ERROR) makes parallel's exit status
# non-zero, after the others ran.
SATPIPE_BENCH_LOGS=$out/logs
export SATPIPE_BENCH_LOGS
set -- --will-cite --joblog "$out/joblog"
if [ -n "$jobs" ]; then
    set -- "$@" --jobs "$jobs"
fi
if [ -n "$logins" ]; then
    set -- "$@" --sshloginfile "$logins" --env PATH --env SATPIPE_BENCH_LOGS
fi
status=0
# shellcheck disable=SC2016 # expanded by the job's shell
parallel "$@" 'sh -c {} > "$SATPIPE_BENCH_LOGS/job-$(printf %05d $(({#} - 1))).log" 2>&1' \
    < "$out/jobs.txt" || status=$?
[ "$status" -eq 0 ] || echo "$0: $status jobs failed: see $out/joblog and $out/logs" >&2

bench-report "$out/fragments" --out "$out/report" --csv "$out/results.csv"
[ "$status" -eq 0 ] || exit 1
