#!/bin/sh
# ingrid_core 2.0.0 (Rust, MIT: arc consistency, dom/wdeg variable choice
# and restarts over scored word lists), a peer for side-by-side crossword
# pattern fills (bench.conf `peer ingrid`). It is installed from crates.io
# with cargo into the cache folder, outside the repository.
#
#   ingrid.sh install CACHE
#       install CACHE/bin/ingrid_core (quick when there; exit 3 when cargo
#       is missing or the install fails)
#   ingrid.sh run CACHE FILE ENCODER-ARGS...
#       fill one pattern: the encoder arguments of encode-crossword
#       (--pattern P, --words LIST, --filter-words, --min-score N,
#       --max-shared-substring N) become ingrid_core's call; exit 10 when
#       it printed a fill, 20 when it reports the grid unfillable
#   ingrid.sh check CACHE ANSWER FILE ENCODER-ARGS...
#       the encoder arguments of an instance that only ingrid_core's fill
#       (its output in ANSWER) solves: its grid as a fully pre-filled
#       pattern (CACHE/answers/), with the instance's other arguments, one
#       a line; bench-run runs them through satpipe's pipeline, untimed,
#       to check the fill and score its words (exit 1: no grid in ANSWER)
#
# ingrid_core reads `word;score` lines. The list is converted into
# CACHE/lists once per content and policy, before the timed run: plain
# lines score 50, `word;score` lines keep their score; with
# --filter-words only lines of a-z are kept, otherwise letters are folded
# to lower case and other lines dropped. Without --words the list is
# Debian's wamerican filtered to a-z, as encode-crossword's default. The
# minimum score is --min-score, else 0 (every listed word, as ours).
# The run that bench-run times is the conversion lookup and ingrid_core
# (its own load and fill).
set -eu

version=2.0.0
default_words=/usr/share/dict/american-english

usage() {
    echo "usage: $0 install CACHE | run CACHE FILE ENCODER-ARGS... | check CACHE ANSWER FILE ENCODER-ARGS..." >&2
    exit 2
}

install() {
    cache=$1
    [ -x "$cache/bin/ingrid_core" ] && return 0
    if ! command -v cargo >/dev/null 2>&1; then
        echo "needs cargo to install ingrid_core $version" >&2
        exit 3
    fi
    # cargo's own temporary build folder, not the caller's target.
    env -u CARGO_TARGET_DIR cargo install --quiet --locked ingrid_core \
        --version "$version" --root "$cache" >&2 ||
        { echo "cargo install ingrid_core $version failed" >&2; exit 3; }
}

# The scored list of word list $2 (filtered when $3 is 1) in cache $1,
# converted unless done; prints its path.
scored_list() {
    cache=$1
    list=$2
    filter=$3
    key=$({ cat "$list"; echo "filter=$filter"; } | cksum | tr ' ' '-')
    out="$cache/lists/$key.txt"
    if [ ! -s "$out" ]; then
        mkdir -p "$cache/lists"
        if [ "$filter" = 1 ]; then
            awk -F';' 'NF <= 2 && $1 ~ /^[a-z]+$/ {
                    print $1 ";" (NF == 2 ? $2 : 50) }' "$list"
        else
            awk -F';' 'NF <= 2 && $1 ~ /^[A-Za-z]+$/ {
                    print tolower($1) ";" (NF == 2 ? $2 : 50) }' "$list"
        fi > "$out.part"
        mv "$out.part" "$out"
    fi
    echo "$out"
}

run() {
    cache=$1
    shift 2
    pattern=
    words=
    filter=0
    min_score=0
    shared=
    while [ $# -gt 0 ]; do
        case $1 in
            --pattern) pattern=$2; shift 2 ;;
            --words) words=$2; shift 2 ;;
            --filter-words) filter=1; shift ;;
            --min-score) min_score=$2; shift 2 ;;
            --max-shared-substring) shared=$2; shift 2 ;;
            *) echo "ingrid.sh: no ingrid_core equivalent of '$1'" >&2; exit 1 ;;
        esac
    done
    [ -n "$pattern" ] || { echo "ingrid.sh: ingrid_core fills patterns (--pattern)" >&2; exit 1; }
    if [ -z "$words" ]; then
        words=$default_words
        filter=1
    fi
    list=$(scored_list "$cache" "$words" "$filter")
    status=0
    out=$("$cache/bin/ingrid_core" --wordlist "$list" --min-score "$min_score" \
        ${shared:+--max-shared-substring "$shared"} -t "$pattern" 2>&1) || status=$?
    echo "$out"
    if echo "$out" | grep -q "Unfillable"; then
        exit 20
    fi
    [ "$status" -eq 0 ] || exit 1
    exit 10
}

check() {
    cache=$1
    answer=$2
    shift 3
    mkdir -p "$cache/answers"
    grid=$(mktemp "$cache/answers/grid.XXXXXX")
    # The grid: the output's lines of letters and '#' only.
    grep -E '^[a-z#]+$' "$answer" > "$grid" || { echo "ingrid.sh: no grid in $answer" >&2; exit 1; }
    while [ $# -gt 0 ]; do
        case $1 in
            --pattern) echo "--pattern"; echo "$grid"; shift 2 ;;
            *) echo "$1"; shift ;;
        esac
    done
}

[ $# -ge 2 ] || usage
command=$1
shift
case $command in
    install) install "$1" ;;
    check) [ $# -ge 3 ] || usage; check "$@" ;;
    run) [ $# -ge 2 ] || usage; run "$@" ;;
    *) usage ;;
esac
