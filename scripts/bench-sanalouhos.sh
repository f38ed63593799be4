#!/bin/sh
# Sanalouhos pipeline times (release binaries in $1): all 663 solutions of
# readme1 (encode | solve --all | decode) with the default (cubes: the
# encoder declares an exact cover) and with positive blocking clauses,
# against naive full blocking clauses in the same run; the least-words
# optimum by the default branch and bound over cubes, against the solver's
# linear search (--enumeration blocking) in the same run.
# Wall-clock milliseconds, best of $RUNS (default 5).
set -eu
BIN=${1:?usage: bench-sanalouhos.sh RELEASE_BIN_DIR}
RUNS=${RUNS:-5}
LETTERS=TMSIIOULKNIEKIAITTAONTTIMAAOTI
export PATH="$BIN:$PATH"

best_ms() { # best wall time of "$@" (a shell command string) over $RUNS runs
    best=
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        start=$(date +%s%N)
        sh -c "$1" > /dev/null
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
        i=$((i + 1))
    done
    echo "$best"
}

all="encode-sanalouhos --mode all $LETTERS | solve --all | decode-sanalouhos"
positive="encode-sanalouhos --mode all $LETTERS | solve --all --enumeration blocking | decode-sanalouhos"
naive="encode-sanalouhos --mode all $LETTERS | solve --all --enumeration blocking --block full | decode-sanalouhos"
least="encode-sanalouhos --mode least-words $LETTERS | solve | decode-sanalouhos"
least_linear="encode-sanalouhos --mode least-words $LETTERS | solve --enumeration blocking | decode-sanalouhos"
sh -c "$all" | tail -n 1
all_ms=$(best_ms "$all")
positive_ms=$(RUNS=1 best_ms "$positive")
naive_ms=$(RUNS=1 best_ms "$naive")
least_ms=$(best_ms "$least")
least_linear_ms=$(best_ms "$least_linear")
echo "readme1, all 663 solutions, default (cubes):          ${all_ms} ms (target < 100)"
echo "readme1, all 663 solutions, positive blocking clauses: ${positive_ms} ms (1 run)"
echo "readme1, all 663 solutions, naive full blocking:       ${naive_ms} ms (1 run)"
echo "ratio positive blocking / default: $(awk "BEGIN { printf \"%.1f\", $positive_ms / ($all_ms > 0 ? $all_ms : 1) }")"
echo "ratio naive / default:             $(awk "BEGIN { printf \"%.1f\", $naive_ms / ($all_ms > 0 ? $all_ms : 1) }")"
echo "readme1, least-words optimum (cubes):              ${least_ms} ms (target < 50)"
echo "readme1, least-words optimum (linear search):      ${least_linear_ms} ms"
echo "ratio linear search / cubes:       $(awk "BEGIN { printf \"%.1f\", $least_linear_ms / ($least_ms > 0 ? $least_ms : 1) }")"
