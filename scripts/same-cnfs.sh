#!/usr/bin/env bash
# Shows that a refactoring left the encoders' output alone: every instance
# in instances/ (and a few cnf-gen formulas) is encoded by the encoders of
# an earlier revision and by those of the work tree, and the CNF streams
# are compared byte for byte, except for the `c option` lines when
# --except-options is given (for a change that gives them a new form on
# purpose). Encoder failures count too: both sides must fail alike.
#
#   scripts/same-cnfs.sh BASE                  # e.g. scripts/same-cnfs.sh main~3
#   scripts/same-cnfs.sh --except-options BASE
#
# It builds both sides without the embedded solvers (encoders need none)
# into a cache outside the repository (SAME_CNFS_CACHE, default
# ~/.cache/satpipe-same-cnfs), so a rerun only rebuilds what changed.
# Prints one line per differing case and a summary; exits 1 on any
# difference. The list of cases is below (`cases`).
set -euo pipefail
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"

except_options=false
if [ "${1:-}" = "--except-options" ]; then
    except_options=true
    shift
fi
base=${1:?usage: scripts/same-cnfs.sh [--except-options] BASE-REVISION}
root=$(git rev-parse --show-toplevel)
cache=${SAME_CNFS_CACHE:-$HOME/.cache/satpipe-same-cnfs}
mkdir -p "$cache"
cd "$root"
base_commit=$(git rev-parse --verify "$base^{commit}")

# The encoders of a tree: every src/bin/encode-*.rs, and cnf-gen.
build() {
    local tree=$1 target=$2 bins=(--bin cnf-gen) file
    for file in "$tree"/src/bin/encode-*.rs; do
        bins+=(--bin "$(basename "$file" .rs)")
    done
    (cd "$tree" && CARGO_TARGET_DIR="$target" cargo build --quiet --no-default-features "${bins[@]}")
}

base_tree="$cache/base-tree"
git worktree remove --force "$base_tree" >/dev/null 2>&1 || rm -rf "$base_tree"
git worktree prune
git worktree add --quiet --detach "$base_tree" "$base_commit"
trap 'git -C "$root" worktree remove --force "$base_tree" >/dev/null 2>&1 || true' EXIT
# A signal ends the script through its EXIT trap (the clean-up above).
trap 'exit 130' INT TERM HUP
echo "same-cnfs: building the encoders at $base ($(git rev-parse --short "$base_commit")) and in the work tree" >&2
build "$base_tree" "$cache/base-target"
build "$root" "$cache/work-target"

# One case a line: the folder to run in (relative to the root), then the
# command (encoder name and arguments, no spaces inside an argument).
cases() {
    local f mode letters n
    for f in instances/numberlink/seed/*.in instances/numberlink/adc2015/Q/*.txt; do
        echo ". encode-numberlink $f"
    done
    for f in instances/numberlink/adc2015/Q/*.txt; do
        echo ". encode-numberlink --allow-empty $f"
        echo ". encode-numberlink --allow-empty --ladders fill $f"
    done
    for f in instances/numberlink/seed/*.in; do
        echo ". encode-numberlink --encoding seed $f"
    done
    for n in 1 2 3 4 5 6 7 8 9 10; do
        echo ". encode-numberlink --puzzle $n instances/numberlink/thomasahle/inputs10.txt"
    done
    echo ". encode-numberlink instances/numberlink/thomasahle/inputs5.txt"
    find instances/nonogram -type f \( -name '*.non' -o -name '*.nin' -o -name '*.txt' \) \
        -not -path '*/outputs/*' | sort | while read -r f; do
        echo ". encode-nonogram $f"
        echo ". encode-nonogram --encoding dfa $f"
    done
    for f in instances/rules/solvomatic/puzzles/*.txt instances/rules/solvomatic/derived/*.txt \
        instances/rules/solvomatic/examples-input/*.txt; do
        echo "instances/rules/solvomatic encode-rules ${f#instances/rules/solvomatic/}"
        echo "instances/rules/solvomatic encode-rules --sum-encoding pb ${f#instances/rules/solvomatic/}"
    done
    for f in instances/crossword/grids/*.txt; do
        echo ". encode-crossword --pattern $f"
        echo ". encode-crossword --pattern $f --words instances/crossword/stazi-words.json"
    done
    echo ". encode-crossword --width 14 --height 7 --words instances/crossword/stazi-words.json --sample-groups --seed 1"
    echo ". encode-crossword --width 5 --height 5 --words instances/crossword/stazi-words.json --maximise letters"
    tail -n +2 instances/sanalouhos/puzzles.tsv | cut -f2 | while read -r letters; do
        for mode in any all least-words most-words; do
            echo ". encode-sanalouhos --mode $mode $letters"
        done
    done
    echo ". cnf-gen queens 8"
    echo ". cnf-gen php 6 5"
    echo ". cnf-gen random 3 50 210 --seed 7"
    echo ". cnf-gen cycle-cover 9 --weights 3"
}

# The stream of one case on one side, hashed: stdout (without the option
# lines when asked), then the exit code.
digest() {
    local bin=$1 dir=$2 cmd=$3
    shift 3
    (
        cd "$root/$dir"
        status=0
        "$bin/$cmd" "$@" 2>/dev/null || status=$?
        echo "exit $status"
    ) | if $except_options; then grep -v '^c option '; else cat; fi | sha256sum
}

total=0
differ=0
while read -r dir cmd args; do
    total=$((total + 1))
    # shellcheck disable=SC2086 # the arguments are split on purpose
    before=$(digest "$cache/base-target/debug" "$dir" "$cmd" $args)
    # shellcheck disable=SC2086
    after=$(digest "$cache/work-target/debug" "$dir" "$cmd" $args)
    if [ "$before" != "$after" ]; then
        differ=$((differ + 1))
        echo "differs: (cd $dir && $cmd $args)"
    fi
done < <(cases)
echo "same-cnfs: $total cases, $((total - differ)) identical, $differ differ (base $base$($except_options && echo ', c option lines ignored'))"
[ "$differ" -eq 0 ]
