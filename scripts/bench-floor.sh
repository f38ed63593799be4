#!/bin/sh
# Where a published puzzle's time goes (`make bench-floor`): for each set
# of the published-puzzle tables of docs/benchmarks.md (Ahle's inputs9, the
# held-out inputs3 and inputs8 as collections, the ADC 2015 problems under
# full cover one pipeline each, the four nonograms), measured with
# hyperfine (mean of RUNS runs, 5 unless set):
#
#   pipeline   encode | solve | decode, as the bench-run tables run it
#   encode     the encoder alone, its stream to a file
#   stored     cat STREAM | solve | decode: the pipeline without the
#              encoder's work (reading, checking and writing the stream,
#              the decoder's check and drawing)
#   starts     the three programs started and stopped (`--version`), once
#              per pipeline of the set
#
# and the bytes of the CNF and model streams. The floor a set can reach
# while it is three processes and a text stream is `stored` (plus the
# encoder's own start, within `starts`); what the pipeline spends above
# it is the encoder's work. The table replaces the section between
# <!-- bench:published-floor --> and <!-- /bench:published-floor --> of DOC.
#
#   bench-floor.sh BIN DOC
set -eu
. "$(dirname "$0")/lib/doc-section.sh"

[ $# -eq 2 ] || { echo "usage: $0 BIN DOC" >&2; exit 2; }
bin=$(cd "$1" && pwd)
doc=$2
runs=${RUNS:-5}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
command -v hyperfine >/dev/null 2>&1 || {
    echo "bench-floor: needs hyperfine (Debian's hyperfine package)" >&2
    exit 3
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
numberlink=$root/instances/numberlink
nonogram=$root/instances/nonogram

# The mean seconds of a shell command, over $runs runs.
mean() {
    hyperfine --shell sh --ignore-failure --warmup 1 --runs "$runs" \
        --export-csv "$work/time.csv" "$1" >/dev/null 2>&1 ||
        { echo "bench-floor: hyperfine failed on: $1" >&2; exit 1; }
    awk -F, 'NR == 2 { printf "%.3f", $2 }' "$work/time.csv"
}

# A count with thousands separated by commas.
thousands() {
    printf %d "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'
}

# One set: NAME FAMILY SOLVE-ARGS DECODE-ARGS then FILE ENCODER-ARGS...
# groups separated by `--`; each group is one pipeline.
row() {
    name=$1 family=$2 solve_args=$3 decode_args=$4
    shift 4
    pipeline="" encode="" stored="" starts="" k=0 cnf=0 model=0
    while [ $# -gt 0 ]; do
        args=""
        while [ $# -gt 0 ] && [ "$1" != -- ]; do
            args="$args '$1'"
            shift
        done
        [ $# -gt 0 ] && shift
        k=$((k + 1))
        enc="'$bin/encode-$family'$args"
        sol="'$bin/solve' $solve_args"
        dec="'$bin/decode-$family' $decode_args"
        eval "$enc" > "$work/$k.cnf"
        eval "$sol" < "$work/$k.cnf" > "$work/$k.sol" || true
        cnf=$((cnf + $(wc -c < "$work/$k.cnf")))
        model=$((model + $(wc -c < "$work/$k.sol")))
        pipeline="$pipeline $enc | $sol | $dec > /dev/null;"
        encode="$encode $enc > /dev/null;"
        stored="$stored cat '$work/$k.cnf' | $sol | $dec > /dev/null;"
        starts="$starts '$bin/encode-$family' --version | '$bin/solve' --version | '$bin/decode-$family' --version > /dev/null;"
    done
    formulas=$(cat "$work"/*.cnf | grep -c '^p ')
    printf '| %s (%s formulas, pipelines: %s) | %s | %s | %s | %s | %s | %s |\n' "$name" "$formulas" "$k" \
        "$(mean "$pipeline")" "$(mean "$encode")" "$(mean "$stored")" "$(mean "$starts")" \
        "$(thousands "$cnf")" "$(thousands "$model")" >> "$work/rows"
    rm -f "$work"/*.cnf "$work"/*.sol
    echo "bench-floor: $name" >&2
}

: > "$work/rows"
for set in inputs9 inputs3 inputs8; do
    row "$set" numberlink "" "--explain false" "$numberlink/thomasahle/$set.txt" --all-puzzles
done
set --
for n in 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
    set -- "$@" "$numberlink/adc2015/Q/Q$n.txt" --
done
row "ADC 2015 Q04-Q20" numberlink "" "--explain false" "$@"
for file in griddler/inputBarak_JokerFace.txt picross-solver/large/cauldron-512x512.non \
    webpbn-survey-free/webpbn-00803-light.non webpbn-survey-free/webpbn-01611-merka.non; do
    row "$(basename "$file")" nonogram "--max 2" "" "$nonogram/$file"
done

{
    echo "Seconds per set (hyperfine, mean of $runs runs, same machine and build):"
    echo "the whole pipeline, the encoder alone, the pipeline on the stored"
    echo "stream (\`cat STREAM | solve | decode\`: the floor while a puzzle is three"
    echo "processes and a text stream), the three programs' start alone, and the"
    echo "bytes of the streams. Written by \`make bench-floor\` (scripts/bench-floor.sh)."
    echo
    echo "| set | pipeline | encode | stored stream | starts | CNF bytes | model bytes |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    cat "$work/rows"
} > "$work/table"
doc_section "$doc" published-floor "$work/table"
echo "bench-floor: section published-floor of $doc" >&2
