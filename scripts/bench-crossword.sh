#!/bin/sh
# Crossword pipeline times (release binaries), against the targets of the
# crossword issue and, in the same run, CaDiCaL (Debian's) on the same CNF
# and ingrid_core's filler when `ingrid_core` is on PATH.
#
#   scripts/bench-crossword.sh RELEASE_DIR [WORK_DIR]
#
# Cases: the original generator's 7x14 freeform job (15 sampled groups of
# 21 words from its list, seeds 1-3, target < 60 s), a 10x10 freeform grid
# (same sampling, target < 5 s), the open 5x5 pattern (target < 1 s) and the
# ingrid_core example 15x15 pattern, seeded and empty (target < 30 s), filled
# with Debian's wamerican-large list filtered to a-z (115,188 words). Times
# are wall-clock seconds of the whole pipeline encode | solve | decode; the
# machine may be shared, so CPU seconds (user+sys) are printed as well.
# Every case runs twice in the same run: with the default encoding and with
# `--encoding selectors` (the first encodings: fill by selectors, freeform
# without join clauses), for the ratio. CADICAL=1 adds Debian's CaDiCaL on
# the default CNF; LIMIT (seconds, default 120) bounds every run.
set -eu

release=${1:?usage: bench-crossword.sh RELEASE_DIR [WORK_DIR]}
work=${2:-${TMPDIR:-/tmp}/satpipe-bench-crossword}
limit=${LIMIT:-120}
mkdir -p "$work"
here=$(cd "$(dirname "$0")/.." && pwd)
grids="$here/instances/crossword/grids"
stazi="$here/instances/crossword/stazi-words.json"
large=/usr/share/dict/american-english-large
if [ ! -r "$large" ]; then
    echo "bench-crossword: $large missing (apt-get install wamerican-large)" >&2
    exit 1
fi
PATH="$release:$PATH"
export PATH

# seconds COMMAND...: runs COMMAND, prints "wall cpu" seconds (cpu =
# user + system of the command and its children).
seconds() {
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
    awk '/^[0-9.]+ [0-9.]+ [0-9.]+$/ { printf "%.2f %.2f\n", $1, $2 + $3 }' "$work/time"
}

# verdict: the last line of $work/out as a word.
verdict() {
    case $(tail -n 1 "$work/out") in
        "exit 0") echo "filled, checked" ;;
        "exit 20") echo "no fill" ;;
        *) echo "no answer in ${limit} s" ;;
    esac
}

printf '%-34s %6s %7s %7s %-16s %7s %7s %-16s %s\n' case target wall cpu verdict \
    old-wall old-cpu old-verdict "$([ -n "${CADICAL:-}" ] && echo cadical-1.5.3)"
row() { # NAME TARGET ENCODE_ARGS...
    name=$1 target=$2
    shift 2
    t=$(seconds sh -c "encode-crossword $* | solve --time-limit $limit | decode-crossword --format grid; echo \"exit \$?\"")
    wall=${t% *} cpu=${t#* } new=$(verdict)
    t=$(seconds sh -c "encode-crossword $* --encoding selectors | solve --time-limit $limit | decode-crossword --format grid; echo \"exit \$?\"")
    old_wall=${t% *} old_cpu=${t#* } old=$(verdict)
    cadical_wall=
    if [ -n "${CADICAL:-}" ]; then
        encode-crossword "$@" > "$work/cnf"
        t=$(seconds timeout "$limit" cadical -q "$work/cnf")
        cadical_wall=${t% *}
    fi
    printf '%-34s %6s %7s %7s %-16s %7s %7s %-16s %s\n' "$name" "< $target" "${wall:--}" "${cpu:--}" \
        "$new" "${old_wall:--}" "${old_cpu:--}" "$old" "$cadical_wall"
}

for seed in 1 2 3; do
    row "freeform 7x14 seed $seed" 60 --width 14 --height 7 --words "$stazi" --sample-groups --seed "$seed"
done
for seed in 1 2 3; do
    row "freeform 10x10 seed $seed" 5 --width 10 --height 10 --words "$stazi" --sample-groups --seed "$seed"
done
row "fill open-5x5 wamerican-large" 1 --pattern "$grids/open-5x5.txt" --words "$large" --filter-words
row "fill open-5x5 wamerican (default)" 1 --pattern "$grids/open-5x5.txt"
for grid in ingrid-example-15x15-seeded ingrid-example-15x15-empty; do
    row "fill $grid" 30 --pattern "$grids/$grid.txt" --words "$large" --filter-words
done

if command -v ingrid_core > /dev/null 2>&1; then
    grep '^[a-z]*$' "$large" | sed 's/$/;50/' > "$work/large.dict"
    echo
    echo "ingrid_core (same list, score 50 each), fill time as it prints with -t:"
    for grid in open-5x5 ingrid-example-15x15-seeded ingrid-example-15x15-empty; do
        set -- $(seconds ingrid_core --wordlist "$work/large.dict" "$grids/$grid.txt") - -
        printf '%-34s %8s %8s\n' "ingrid_core $grid" "$1" "$2"
    done
fi
