#!/bin/sh
# Runs the bench matrix with GNU parallel, on this machine or on several
# (--sshloginfile), then merges the per-job CSV fragments into a report.
#
# Why a script: it only launches the job list that `bench-run --emit-jobs`
# prints with an external scheduler (GNU parallel); what is run and how it
# is measured stays in bench-run and its bench.conf configurations.
#
#   scripts/bench-parallel.sh OUT [SSHLOGINFILE] [-- BENCH-RUN SELECTION...]
#
#   scripts/bench-parallel.sh bench-par -- --family gen --solvers 'cadical minisat'
#   scripts/bench-parallel.sh bench-par nodes.txt -- --per-dir 2 --time-limit 60
#
# Each line of OUT/jobs.txt is one `bench-run ... --job N --csv
# OUT/fragments/job-N.csv` command (one instance with one encoding through
# every solver). With an sshloginfile the nodes need the same working
# folder (a shared file system) and the satpipe programs on the PATH that
# is passed along. Running the script again resumes: GNU parallel skips the
# jobs its joblog records as done, and bench-run skips rows a fragment
# already has.
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"

if [ $# -lt 1 ]; then
    echo "usage: $0 OUT [SSHLOGINFILE] [-- BENCH-RUN SELECTION...]" >&2
    exit 2
fi
out=$1
shift
logins=""
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    logins=$1
    shift
fi
if [ "${1:-}" = "--" ]; then
    shift
fi
command -v parallel >/dev/null 2>&1 || {
    echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2
    exit 1
}

mkdir -p "$out/fragments"
bench-run "$@" --emit-jobs "$out/fragments" > "$out/jobs.txt"
echo "$out/jobs.txt: $(wc -l < "$out/jobs.txt") jobs" >&2

if [ -n "$logins" ]; then
    parallel --will-cite --resume --joblog "$out/joblog" \
        --sshloginfile "$logins" --workdir "$PWD" --env PATH < "$out/jobs.txt"
else
    parallel --will-cite --resume --joblog "$out/joblog" < "$out/jobs.txt"
fi

bench-report "$out/fragments" --out "$out/report"
