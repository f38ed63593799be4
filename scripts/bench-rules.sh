#!/bin/sh
# solv-o-matic's puzzles (instances/rules/solvomatic) through release
# binaries: encode-rules FILE | solve --all | decode-rules, each run from
# inside that folder (the puzzles name their word list relative to it).
# Prints one row a puzzle with our median wall time of REPEAT runs, the
# time solv-o-matic 0.5.0 took in its recorded reference run
# (expected/expected.csv; solv-o-matic is not published as a crate, so it
# is not rebuilt here), both solution counts, then the totals and the
# slowest puzzle.
#
# Usage: bench-rules.sh RELEASE_BIN_DIR [encode-rules options...]
# Environment: REPEAT (default 3).
set -eu

bin=$(cd "$1" && pwd)
shift
repeat="${REPEAT:-3}"
dir="$(cd "$(dirname "$0")/.." && pwd)/instances/rules/solvomatic"
cd "$dir"

now() { date +%s.%N; }

rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
printf '%-26s %9s %9s %12s %12s %8s\n' puzzle solutions expected satpipe_s solvomatic_s speedup
tail -n +2 expected/expected.csv | grep -v wamerican | while IFS=, read -r name expected recorded _; do
    case "$name" in
        derived/*) file="$name.txt" ;;
        *) file="puzzles/$name.txt" ;;
    esac
    times=""
    count=""
    i=0
    while [ "$i" -lt "$repeat" ]; do
        start=$(now)
        verdict=$("$bin/encode-rules" "$@" "$file" | "$bin/solve" --all | "$bin/decode-rules" | grep -E '^(unique|no solution|[0-9]+ solutions)$' | tail -n 1 || true)
        end=$(now)
        times="$times $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')"
        case "$verdict" in
            unique) count=1 ;;
            "no solution") count=0 ;;
            *" solutions") count=${verdict% solutions} ;;
            *) count="error" ;;
        esac
        i=$((i + 1))
    done
    median=$(echo "$times" | tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    awk -v n="$name" -v c="$count" -v x="$expected" -v t="$median" -v r="$recorded" 'BEGIN {
        printf "%-26s %9s %9s %12.3f %12.2f %7.1fx%s\n", n, c, x, t, r, r / t, (c == x ? "" : "  COUNT MISMATCH")
    }'
done | tee "$rows"
awk '
    { total += $4; recorded += $5; if ($4 > slowest) { slowest = $4; which = $1 } if (/MISMATCH/) bad++ }
    END {
        printf "total_satpipe_seconds %.3f\n", total
        printf "total_solvomatic_recorded_seconds %.2f\n", recorded
        printf "total_speedup %.1f\n", recorded / total
        printf "slowest_puzzle %s %.3f\n", which, slowest
        printf "count_mismatches %d\n", bad
        if (bad > 0) exit 1
    }' "$rows"
