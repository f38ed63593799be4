#!/bin/sh
# Numberlink pipeline times (release binaries): encode-numberlink | solve |
# decode-numberlink, wall clock of the whole pipeline, for the default
# (rank) encoding and the original solver's (`--encoding seed`) on the same
# solver in the same run, with the ratio seed / rank.
#
#   scripts/bench-numberlink.sh RELEASE_DIR
#
# Sets (SETS, default all four):
#   seed       the original solver's ten instances (target < 1 s each)
#   adc        the 17 ADC 2015 problems under full cover (target < 5 s)
#   adc-empty  the same under --allow-empty (ADC rules; rank only: the seed
#              encoding knows only the default rules)
#   inputs10   Thomas Ahle's eleven 50x50 puzzles (target < 5 s)
#   inputs6    his 1002x1002 puzzles 1-3 and the 122x123 puzzle 4 (stretch
#              goal; not in the default sets: each 1002x1002 formula has
#              15 million variables and 66 million clauses, and `solve`
#              needs about 12 GB; LIMIT should be minutes)
#
# Environment: SOLVERS (default "cadical kissat"; kissat needs solve-kissat
# beside solve), LIMIT (solve --time-limit in seconds, default 20),
# EMPTY_LIMIT (the same for the --allow-empty set, default LIMIT),
# SEED_SETS (the sets that also run the seed encoding, default "seed adc
# inputs10"; on ADC problems with more than SEED_MAX_PAIRS lines, default
# 60, it is skipped: Q04, Q05 and Q19 make seed CNFs of 37 to over 100
# million clauses and several GB), INPUTS10 (which of its puzzles, default
# all eleven; the seed encoding of one takes about 0.8 GB), BASELINE
# (another build's release folder: its encode-numberlink is run as an
# extra column, "old", with this build's solve and decode, to compare two
# versions of the encoder in one run; old/new is its time over ours),
# ENCODE_ARGS (extra options for the rank runs).
#
# A time is followed by the verdict when it is not the expected one:
# "?" no answer within the limit (then the ratio is a bound, ">"), "!" a
# wrong answer or a solution the checker rejected. CPU load of the machine
# is printed first: on a shared machine, read the ratios rather than the
# times.
set -eu

release=$(cd "${1:?usage: bench-numberlink.sh RELEASE_DIR}" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/instances/numberlink"
sets=${SETS:-seed adc adc-empty inputs10}
solvers=${SOLVERS:-cadical kissat}
limit=${LIMIT:-20}
empty_limit=${EMPTY_LIMIT:-$limit}
seed_sets=${SEED_SETS:-seed adc inputs10}
seed_max_pairs=${SEED_MAX_PAIRS:-60}
inputs10=${INPUTS10:-1 2 3 4 5 6 7 8 9 10 11}
baseline=${BASELINE:-}
extra=${ENCODE_ARGS:-}
if [ -n "$baseline" ]; then
    baseline=$(cd "$baseline" && pwd)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run ENCODER SOLVER EXPECT ARGS...: prints "SECONDS MARK", MARK empty when
# decode's exit code is the expected one (0 solved and checked, 20 no
# solution), "?" without an answer, "!" for a wrong one.
run() {
    encoder=$1 solver=$2 expect=$3
    shift 3
    start=$(date +%s%N)
    status=0
    "$encoder" "$@" 2> "$work/err" |
        "$release/solve" --solver "$solver" --time-limit "$limit" 2>> "$work/err" |
        "$release/decode-numberlink" > "$work/out" 2>> "$work/err" || status=$?
    end=$(date +%s%N)
    verdict=$(tail -n 1 "$work/out")
    case "$status/$expect" in
        0/sat | 20/unsat) mark= ;;
        1/*) case "$verdict" in "no answer"*) mark="?" ;; *) mark="!" ;; esac ;;
        *) mark="!" ;;
    esac
    awk -v s="$start" -v e="$end" -v m="$mark" 'BEGIN { printf "%.2f%s\n", (e - s) / 1e9, m }'
}

# ratio A B: time A over time B, a bound when one gave no answer ("-"
# when neither did).
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        if (a ~ /\?/ && b ~ /\?/) { print "-"; exit }
        bound = (a ~ /\?/) ? ">" : (b ~ /\?/) ? "<" : ""
        sub(/[?!]$/, "", a); sub(/[?!]$/, "", b)
        if (b + 0 < 0.01) b = 0.01
        printf "%s%.1fx", bound, a / b
    }'
}

header() {
    printf '\n%s (limit %s s)\n%-22s %-6s' "$1" "$limit" instance expect
    for solver in $solvers; do
        printf ' %9s' "$solver"
        [ -n "$baseline" ] && printf ' %9s %7s' old old/new
        [ "$2" = yes ] && printf ' %9s %8s' seed seed/rank
    done
    printf '\n'
}

# row NAME EXPECT SEED_TOO ARGS...: one line of the table.
row() {
    name=$1 expect=$2 seed_too=$3
    shift 3
    printf '%-22s %-6s' "$name" "$expect"
    for solver in $solvers; do
        # shellcheck disable=SC2086
        rank=$(run "$release/encode-numberlink" "$solver" "$expect" $extra "$@")
        printf ' %9s' "$rank"
        if [ -n "$baseline" ]; then
            old=$(run "$baseline/encode-numberlink" "$solver" "$expect" "$@")
            printf ' %9s %7s' "$old" "$(ratio "$old" "$rank")"
        fi
        if [ "$seed_too" = skip ]; then
            printf ' %9s %8s' skipped -
        elif [ "$seed_too" = yes ]; then
            seed=$(run "$release/encode-numberlink" "$solver" "$expect" --encoding seed "$@")
            printf ' %9s %8s' "$seed" "$(ratio "$seed" "$rank")"
        fi
    done
    printf '\n'
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores); $(date -u '+%Y-%m-%d %H:%M UTC')"
for set in $sets; do
    seed_col=no
    case " $seed_sets " in *" $set "*) seed_col=yes ;; esac
    case $set in
        seed)
            header "seed instances, full cover (target < 1 s)" $seed_col
            for name in 7by7 7by7-unsat 13by13 13by13-unsat 10by40 20by20 \
                20by20-many-nodes 30by30 30by30-many-nodes 40by40; do
                case $name in *unsat) expect=unsat ;; *) expect=sat ;; esac
                row "$name" $expect $seed_col "$data/seed/input-$name.in"
            done
            ;;
        adc)
            header "ADC 2015, full cover (target < 5 s)" $seed_col
            for n in 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
                case $n in 08 | 09 | 13 | 14 | 15 | 17 | 20) expect=unsat ;; *) expect=sat ;; esac
                file="$data/adc2015/Q/Q$n.txt"
                seed=$seed_col
                pairs=$(tr -d '\r' < "$file" | awk '$1 == "LINE_NUM" { print $2 }')
                [ "$seed" = yes ] && [ "$pairs" -gt "$seed_max_pairs" ] && seed=skip
                row "Q$n" $expect $seed "$file"
            done
            ;;
        adc-empty)
            limit=$empty_limit
            header "ADC 2015, --allow-empty (target < 5 s)" no
            for n in 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
                row "Q$n" sat no --allow-empty "$data/adc2015/Q/Q$n.txt"
            done
            limit=${LIMIT:-20}
            ;;
        inputs6)
            header "inputs6 1002x1002 and 122x123, full cover (stretch)" no
            for n in 1 2 3 4; do
                case $n in 2 | 3) expect=unsat ;; *) expect=sat ;; esac
                row "inputs6-$n" $expect no --puzzle "$n" "$data/thomasahle/inputs6.txt"
            done
            ;;
        inputs10)
            header "inputs10 50x50, full cover (target < 5 s)" $seed_col
            for n in $inputs10; do
                row "inputs10-$n" sat $seed_col --puzzle "$n" "$data/thomasahle/inputs10.txt"
            done
            ;;
        *)
            echo "bench-numberlink: unknown set '$set'" >&2
            exit 1
            ;;
    esac
done
