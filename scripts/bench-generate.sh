#!/bin/sh
# Numberlink generators side by side (`make bench-generate`): for each
# size, COUNT puzzles from `generate-numberlink W W --seed S` and COUNT
# from Thomas Ahle's generator (`numberlink -generate=WxW`, built by
# scripts/peers/ahle.sh outside the repository); per puzzle the wall-clock
# seconds and the number of lines, and for Ahle's puzzles whether they are
# unique under the strict cell rule, checked by our own pipeline
# (encode-numberlink | solve --max 2 --time-limit L | decode-numberlink).
# Rows go to OUT/generate.csv; the summary table replaces the section
# between <!-- bench:generate --> and <!-- /bench:generate --> of DOC.
#
#   bench-generate.sh BIN OUT DOC     (SIZES, COUNT, LIMIT from the environment)
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"
. "$(dirname "$0")/lib/doc-section.sh"

[ $# -eq 3 ] || { echo "usage: $0 BIN OUT DOC" >&2; exit 2; }
bin=$1
out=$2
doc=$3
sizes=${SIZES:-10 20 30 40 50}
count=${COUNT:-5}
limit=${LIMIT:-60}
here=$(cd "$(dirname "$0")" && pwd)
cache=${SATPIPE_PEER_CACHE:-$HOME/.cache/satpipe-peers}/ahle
mkdir -p "$out"
csv=$out/generate.csv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A signal ends the script through its EXIT trap (the clean-up above).
trap 'exit 130' INT TERM HUP

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
# The lines of a letter grid: its distinct characters other than '.'.
letter_lines() { tail -n +2 "$1" | tr -d '.\n' | fold -w1 | sort -u | wc -l; }
# The verdict of our pipeline on a puzzle file.
verdict() {
    "$bin/encode-numberlink" "$1" 2>/dev/null |
        "$bin/solve" --max 2 --time-limit "$limit" 2>/dev/null |
        "$bin/decode-numberlink" 2>/dev/null | tail -n 1
}

ahle=""
failure=""
if note=$("$here/peers/ahle.sh" install "$cache" 2>&1); then
    ahle=$cache/bin/numberlink
else
    echo "bench-generate: Ahle's generator skipped: $note" >&2
fi

echo "generator,size,seed,seconds,lines,verdict" > "$csv"
for size in $sizes; do
    for seed in $(seq 1 "$count"); do
        file=$work/ours.txt
        start=$(now)
        "$bin/generate-numberlink" "$size" "$size" --seed "$seed" > "$file"
        end=$(now)
        lines=$(head -n 1 "$file")
        echo "satpipe,$size,$seed,$(elapsed "$start" "$end"),$lines,$(verdict "$file")" >> "$csv"
        if [ -n "$ahle" ]; then
            file=$work/ahle.txt
            start=$(now)
            if "$ahle" -generate="${size}x${size}" > "$file" 2> "$work/error"; then
                end=$(now)
                echo "ahle,$size,$seed,$(elapsed "$start" "$end"),$(letter_lines "$file"),$(verdict "$file")" >> "$csv"
            else
                end=$(now)
                echo "ahle,$size,$seed,$(elapsed "$start" "$end"),0,failed" >> "$csv"
                echo "bench-generate: Ahle's generator failed on ${size}x$size: $(head -n 1 "$work/error")" >&2
                failure=$(head -n 1 "$work/error")
            fi
        fi
        echo "bench-generate: ${size}x$size puzzle $seed of $count" >&2
    done
done

table=$work/table.md
{
    echo "Numberlink generators, $count puzzles per size (\`make bench-generate\`, $(date -u +%Y-%m-%d)): median seconds per puzzle (wall clock; ours includes the proof of uniqueness), mean number of lines, and how many puzzles are unique under the strict cell rule by our pipeline (\`encode-numberlink | solve --max 2 --time-limit $limit | decode-numberlink\`; ours are proved unique when generated)."
    echo
    echo "| size | generate-numberlink (s) | its lines | unique | Ahle -generate (s) | its lines | unique under the strict rule |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for size in $sizes; do
        row="| ${size}x$size"
        for generator in satpipe ahle; do
            stats=$(awk -F, -v g="$generator" -v s="$size" '
                $1 == g && $2 == s && $6 == "failed" { f++; next }
                $1 == g && $2 == s { n++; t[n] = $4; lines += $5; if ($6 == "unique") u++ }
                END {
                    if (n == 0 && f > 0) { printf "failed | - | 0/%d\n", f; exit }
                    if (n == 0) { print "- | - | -"; exit }
                    # median by insertion sort
                    for (i = 2; i <= n; i++) { v = t[i]; j = i - 1; while (j > 0 && t[j] > v) { t[j+1] = t[j]; j-- } t[j+1] = v }
                    m = (n % 2) ? t[(n+1)/2] : (t[n/2] + t[n/2+1]) / 2
                    printf "%.3f | %.1f | %d/%d%s\n", m, lines / n, u, n + f, f ? " (" f " failed)" : ""
                }' "$csv")
            row="$row | $stats"
        done
        echo "$row |"
    done
    if [ -z "$ahle" ]; then
        echo
        echo "Ahle's generator was not available: $note"
    fi
    if [ -n "$failure" ]; then
        echo
        echo "\"failed\": Ahle's generator stopped with \"$failure\" (it names lines by one printable character each)."
    fi
} > "$table"

doc_section "$doc" generate "$table"
echo "bench-generate: $csv, and the table in $doc" >&2
