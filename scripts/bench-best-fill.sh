#!/bin/sh
# The best fill beside the default fill (`make bench-best-fill`): each
# 15x15 pattern of instances/crossword/grids and the held-out 15x15
# patterns, with the scored lists that scripts/crossword-data.sh makes in
# the peers' cache outside the repository (the frequency-scored wamerican,
# Spread the Wordlist), through
#
#   encode-crossword --pattern P --words L [--best-fill] | solve --time-limit LIMIT | decode-crossword --json
#
# once without and once with --best-fill; per run the seconds of the
# pipeline, the fill's lowest, mean and weak entries (below 30), and for
# the best fill what was proved (the lowest's bound, the total and its
# bound). Rows go to OUT/best-fill.csv; the table replaces the section
# between <!-- bench:best-fill --> and <!-- /bench:best-fill --> of DOC.
#
#   bench-best-fill.sh BIN OUT DOC     (LIMIT, PATTERNS, LISTS from the environment)
set -eu
. "$(dirname "$0")/lib/own-group.sh"
. "$(dirname "$0")/lib/doc-section.sh"

[ $# -eq 3 ] || { echo "usage: $0 BIN OUT DOC" >&2; exit 2; }
bin=$1
out=$2
doc=$3
limit=${LIMIT:-60}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cache=${SATPIPE_PEER_CACHE:-$HOME/.cache/satpipe-peers}
"$here/crossword-data.sh" "$cache"
grids=$root/instances/crossword/grids
held=$cache/crossword-patterns
patterns=${PATTERNS:-"$grids/ingrid-example-15x15-empty.txt $grids/ingrid-example-15x15-seeded.txt $grids/xwords-readme-15x15.txt $grids/xwords-20201005-15x15.txt $held/held-out-15x15-1.txt $held/held-out-15x15-2.txt"}
lists=${LISTS:-"wamerican-freq stwl"}
mkdir -p "$out"
csv=$out/best-fill.csv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# One pipeline; prints "seconds lowest mean weak best-lowest best-bound
# proved total total-bound" (the best fields `-` without a claim).
run() {
    pattern=$1 list=$2
    shift 2
    start=$(now)
    "$bin/encode-crossword" --pattern "$pattern" --words "$list" "$@" |
        "$bin/solve" --time-limit "$limit" |
        "$bin/decode-crossword" --json > "$work/decoded.json" || true
    end=$(now)
    python3 - "$work/decoded.json" "$(elapsed "$start" "$end")" <<'EOF'
import json, sys
try:
    doc = json.load(open(sys.argv[1]))
except ValueError:
    doc = {}
solutions = doc.get("solutions") or []
if not solutions:
    print(sys.argv[2], "- - - - - - - -")
    sys.exit()
scores = solutions[0]["scores"]
best = doc.get("best")
fields = [sys.argv[2], scores["lowest"], "%.1f" % scores["mean"], len(scores["weak"])]
if best:
    fields += [best["lowest"], best["lowest_bound"], "yes" if best["proved"] else "no",
               best["total"], best["total_bound"]]
else:
    fields += ["-"] * 5
print(*fields)
EOF
}

echo "pattern,list,fill,seconds,lowest,mean,weak,best_lowest,lowest_bound,proved,total,total_bound" > "$csv"
table=$work/table.md
{
    echo "Each 15x15 pattern with each scored list, the default fill and \`--best-fill\`, \`solve --time-limit $limit\`, one run each, measured $(date -u +%Y-%m-%d); load average (1, 5, 15 min) when written: $(cut -d' ' -f1-3 /proc/loadavg). lowest / mean / weak: the fill's lowest entry score, mean score and entries below 30; proved: the lowest proved the highest any fill has (else the bound: no fill has every entry above it); total: the best fill's total score and the bound on it."
    echo
    echo "| pattern | list | default (s) | default lowest / mean / weak | best (s) | best lowest / mean / weak | lowest proved | total / bound |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
} > "$table"
proved=0 runs=0
for pattern in $patterns; do
    name=$(basename "$pattern" .txt)
    for list in $lists; do
        file=$cache/crossword-lists/$list.txt
        set -- $(run "$pattern" "$file")
        d_secs=$1 d_low=$2 d_mean=$3 d_weak=$4
        set -- $(run "$pattern" "$file" --best-fill)
        b_secs=$1 b_low=$2 b_mean=$3 b_weak=$4 c_low=$5 c_bound=$6 c_proved=$7 c_total=$8 c_tbound=$9
        echo "$name,$list,default,$d_secs,$d_low,$d_mean,$d_weak,,,,," >> "$csv"
        echo "$name,$list,best,$b_secs,$b_low,$b_mean,$b_weak,$c_low,$c_bound,$c_proved,$c_total,$c_tbound" >> "$csv"
        runs=$((runs + 1))
        case $c_proved in
            yes) proved=$((proved + 1)); verdict="yes ($c_low)" ;;
            no) verdict="no: $c_low of at most $c_bound" ;;
            *) verdict="no fill" ;;
        esac
        echo "| $name | $list | $d_secs | $d_low / $d_mean / $d_weak | $b_secs | $b_low / $b_mean / $b_weak | $verdict | $c_total / $c_tbound |" >> "$table"
        echo "$name $list: default ${d_secs}s $d_low/$d_mean/$d_weak, best ${b_secs}s $b_low/$b_mean/$b_weak proved $c_proved" >&2
    done
done
{
    echo
    echo "Lowest proved within $limit s: $proved of $runs."
} >> "$table"
doc_section "$doc" best-fill "$table"
echo "bench-best-fill: $proved of $runs proved; $csv, section best-fill of $doc" >&2
