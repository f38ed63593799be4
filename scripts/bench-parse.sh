#!/bin/sh
# DIMACS throughput: our reader and writer against CaDiCaL parsing the same
# file, in the same run. Usage: bench-parse.sh RELEASE_BIN_DIR WORK_DIR
set -eu

bin="$1"
work="$2"
mkdir -p "$work"
file="$work/random-3cnf.cnf"
if [ ! -f "$file" ]; then
    echo "bench-parse: generating $file"
    "$bin/cnf-gen" random 1000000 4200000 --seed 7 > "$file"
fi
cargo build --release --quiet --example dimacs_throughput
"$bin/examples/dimacs_throughput" "$file" 3 | tee "$work/satpipe.txt"

# CaDiCaL with a decision limit of 0 parses, propagates units and stops.
best=""
for _ in 1 2 3; do
    start=$(date +%s.%N)
    cadical -q -n -d 0 "$file" > /dev/null || true
    end=$(date +%s.%N)
    best=$(awk -v s="$start" -v e="$end" -v b="$best" 'BEGIN { t = e - s; if (b == "" || t < b) print t; else print b }')
done
size=$(awk '/^size_mb/ {print $2}' "$work/satpipe.txt")
ours=$(awk '/^parse_seconds/ {print $2}' "$work/satpipe.txt")
awk -v size="$size" -v cad="$best" -v ours="$ours" 'BEGIN {
    printf "cadical_seconds %.3f\ncadical_mb_per_s %.1f\n", cad, size / cad
    printf "parse_speed_ratio_satpipe_over_cadical %.2f\n", cad / ours
}' 
