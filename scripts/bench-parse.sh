#!/bin/sh
# DIMACS throughput: our reader and writer against CaDiCaL parsing the same
# file, in the same run. Usage: bench-parse.sh RELEASE_BIN_DIR WORK_DIR [DOC]
# With DOC (docs/benchmarks.md), the figures go between its
# <!-- bench:parse --> markers.
#
# Why a script and not a bench-run configuration: it measures a library
# example (examples/dimacs_throughput) and CaDiCaL's own report of its parse
# time on one generated file, not encode | solve | decode pipelines of a
# family, so there is nothing for bench-run's matrix to vary.
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"
. "$(dirname "$0")/lib/doc-section.sh"

bin="$1"
work="$2"
doc="${3:-}"
mkdir -p "$work"
file="$work/random-3cnf.cnf"
if [ ! -f "$file" ]; then
    echo "bench-parse: generating $file"
    "$bin/cnf-gen" random 1000000 4200000 --seed 7 > "$file"
fi
cargo build --release --quiet --example dimacs_throughput
"$bin/examples/dimacs_throughput" "$file" 3 | tee "$work/satpipe.txt"

# CaDiCaL with a decision limit of 0 parses, propagates and stops; it
# reports its own parse time ("c parsed N clauses in S seconds"), which is
# what we compare with (best of three runs each).
best=""
for _ in 1 2 3; do
    t=$(cadical -n -d 0 "$file" 2>&1 | awk '/^c parsed [0-9]+ clauses in/ {print $(NF - 3)}')
    best=$(awk -v t="$t" -v b="$best" 'BEGIN { if (b == "" || t < b) print t; else print b }')
done
size=$(awk '/^size_mb/ {print $2}' "$work/satpipe.txt")
ours=$(awk '/^parse_seconds/ {print $2}' "$work/satpipe.txt")
awk -v size="$size" -v cad="$best" -v ours="$ours" 'BEGIN {
    printf "cadical_parse_seconds %.3f\ncadical_parse_mb_per_s %.1f\n", cad, size / cad
    printf "parse_speed_ratio_satpipe_over_cadical %.2f\n", cad / ours
}'
[ -n "$doc" ] || exit 0
table="$work/parse-table.md"
write_mb=$(awk '/^write_mb_per_s/ {print $2}' "$work/satpipe.txt")
ours_mb=$(awk '/^parse_mb_per_s/ {print $2}' "$work/satpipe.txt")
{
    echo "A random 3-CNF from \`cnf-gen random 1000000 4200000 --seed 7\` ($size MB), best of three runs each, measured $(date -u +%Y-%m-%d); load average (1, 5, 15 min) when written: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    echo "| reader | parse MB/s | write MB/s | parse speed / CaDiCaL's |"
    echo "|---|---:|---:|---:|"
    awk -v size="$size" -v cad="$best" -v ours="$ours" -v om="$ours_mb" -v wm="$write_mb" 'BEGIN {
        printf "| satpipe (`dimacs_throughput`) | %s | %s | %.2f |\n", om, wm, cad / ours
        printf "| CaDiCaL (`cadical -n -d 0`, its own parse time) | %.1f | | 1.00 |\n", size / cad
    }'
} > "$table"
doc_section "$doc" parse "$table"
echo "bench-parse: the table in $doc" >&2
