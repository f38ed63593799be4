#!/bin/sh
# nonogrid 0.7.3 (tsionyx; Rust, MIT: line solver, probing, then the varisat
# SAT solver), a peer for side-by-side nonogram benchmarks (bench.conf
# `peer nonogrid`). It is installed from crates.io with cargo into the cache
# folder, outside the repository, with its command line, webpbn XML reader
# and SAT search (features args, std_time, xml, sat).
#
#   nonogrid.sh install CACHE
#       install CACHE/bin/nonogrid (quick when there; exit 3 when cargo is
#       missing or the install fails), then convert every puzzle of
#       instances/nonogram to webpbn XML into CACHE/xml (once per file
#       content), so that conversions are not timed
#   nonogrid.sh run CACHE FILE [ENCODER-ARGS...]
#       solve one instance: nonogrid on the XML conversion of FILE (made now
#       if install did not), asked for up to 2 solutions, as satpipe's
#       pipelines are (`solve --max 2`: find and prove uniqueness); exit 10
#       when it printed a solution, 20 when it found none
#
# The conversion is satpipe's own: encode-nonogram FILE ARGS | solve |
# decode-nonogram --format xml (the puzzle with one solution as its goal,
# which nonogrid ignores); a puzzle we cannot solve within
# NONOGRID_CONVERT_SECONDS (120) therefore gets no conversion, and its run
# fails at the time limit without nonogrid. The binaries are taken from
# $SATPIPE_BIN_DIR (bench-run sets it to the folder of the programs it
# runs), else $CARGO_TARGET_DIR/release (default target/release), else
# from PATH.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
version=0.7.3

usage() {
    echo "usage: $0 install CACHE | run CACHE FILE [ENCODER-ARGS...]" >&2
    exit 2
}

# The satpipe binary $1: in $SATPIPE_BIN_DIR, the release folder, else on
# PATH.
satpipe_bin() {
    if [ -n "${SATPIPE_BIN_DIR:-}" ] && [ -x "$SATPIPE_BIN_DIR/$1" ]; then
        echo "$SATPIPE_BIN_DIR/$1"
        return
    fi
    release=${CARGO_TARGET_DIR:-$root/target}/release/$1
    if [ -x "$release" ] || ! command -v "$1" >/dev/null 2>&1; then
        echo "$release"
    else
        command -v "$1"
    fi
}

# The cached XML file of puzzle $2 with encoder arguments $3... in cache $1.
xml_path() {
    cache=$1
    file=$2
    shift 2
    key=$({ cat "$file"; echo "$*"; } | cksum | tr ' ' '-')
    echo "$cache/xml/$key.xml"
}

# Converts puzzle $2 (arguments $3...) into cache $1 unless done.
convert() {
    cache=$1
    file=$2
    shift 2
    out=$(xml_path "$cache" "$file" "$@")
    [ -s "$out" ] && return 0
    mkdir -p "$cache/xml"
    "$(satpipe_bin encode-nonogram)" "$file" "$@" |
        "$(satpipe_bin solve)" --time-limit "${NONOGRID_CONVERT_SECONDS:-120}" |
        "$(satpipe_bin decode-nonogram)" --format xml > "$out.part" 2>/dev/null ||
        { rm -f "$out.part"; return 1; }
    mv "$out.part" "$out"
}

install() {
    cache=$1
    if [ ! -x "$cache/bin/nonogrid" ]; then
        if ! command -v cargo >/dev/null 2>&1; then
            echo "needs cargo to install nonogrid $version" >&2
            exit 3
        fi
        # cargo's own temporary build folder, not the caller's target.
        env -u CARGO_TARGET_DIR cargo install --quiet --locked nonogrid \
            --version "$version" --root "$cache" \
            --no-default-features --features "args std_time xml sat" >&2 ||
            { echo "cargo install nonogrid $version failed" >&2; exit 3; }
    fi
    if [ ! -x "$(satpipe_bin encode-nonogram)" ]; then
        echo "satpipe's release binaries are missing (make release)" >&2
        exit 3
    fi
    find "$root/instances/nonogram" -type f \
        \( -name '*.non' -o -name '*.nin' -o -name '*.txt' -o -name '*.xml' \) \
        ! -path '*/outputs/*' ! -name 'LICENSE*' | sort |
        while read -r file; do
            convert "$cache" "$file" ||
                echo "nonogrid.sh: no conversion of $file (run converts it, timed)" >&2
        done
}

run() {
    cache=$1
    file=$2
    shift 2
    [ "$file" != "-" ] || { echo "nonogrid needs a puzzle file" >&2; exit 2; }
    convert "$cache" "$file" "$@" || { echo "cannot convert $file to webpbn XML" >&2; exit 1; }
    xml=$(xml_path "$cache" "$file" "$@")
    status=0
    out=$("$cache/bin/nonogrid" "$xml" --max-solutions 2 2>&1) || status=$?
    echo "$out"
    # nonogrid prints the solved board (and further solutions); with no
    # solution it stops with "Puzzle is unsatisfied" or "UnsolvableLine".
    if echo "$out" | grep -qi "contradiction\|unsatisf\|unsolvable"; then
        exit 20
    fi
    [ "$status" -eq 0 ] || exit 1
    exit 10
}

[ $# -ge 2 ] || usage
command=$1
shift
case $command in
    install) install "$1" ;;
    run) [ $# -ge 2 ] || usage; run "$@" ;;
    *) usage ;;
esac
