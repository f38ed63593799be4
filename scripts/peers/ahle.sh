#!/bin/sh
# Thomas Ahle's Numberlink solver and generator (Go, AGPL-3.0), a peer for
# side-by-side benchmarks (bench.conf `peer ahle`). Its source is not part
# of satpipe: it is read from the folder beside the repository,
# ../shared/peers/ahle-numberlink (or $SATPIPE_AHLE_SOURCE), and built
# with Debian's golang-go into the cache folder, outside the repository.
#
#   ahle.sh install CACHE    build CACHE/bin/numberlink (quick when built;
#                            exit 3 when the source or Go is missing)
#   ahle.sh run CACHE FILE [ENCODER-ARGS...]
#                            solve one instance (see the peer contract in
#                            src/bench/config.rs)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
source_dir=${SATPIPE_AHLE_SOURCE:-$here/../../../shared/peers/ahle-numberlink}

usage() {
    echo "usage: $0 install CACHE | run CACHE FILE [ENCODER-ARGS...]" >&2
    exit 2
}

install() {
    cache=$1
    if [ -x "$cache/bin/numberlink" ]; then
        exit 0
    fi
    if [ ! -f "$source_dir/main.go" ]; then
        echo "Ahle's source is not here (looked in $source_dir; set SATPIPE_AHLE_SOURCE)" >&2
        exit 3
    fi
    if ! command -v go >/dev/null 2>&1; then
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "ahle.sh: installing Debian's golang-go" >&2
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q golang-go >&2 ||
                { echo "cannot install golang-go with apt-get" >&2; exit 3; }
        else
            echo "needs Go (Debian's golang-go) to build Ahle's solver" >&2
            exit 3
        fi
    fi
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$work/go/src/numberlink" "$cache/bin"
    cp "$source_dir"/*.go "$work/go/src/numberlink/"
    GOPATH="$work/go" GO111MODULE=off GOCACHE="$work/cache" go install numberlink >&2
    cp "$work/go/bin/numberlink" "$cache/bin/numberlink"
}

# Writes the instance FILE as Ahle's letter grid (one puzzle: `W H`, then
# H rows of W one-byte characters, '.' empty) on standard output. The seed
# format (K / N M / rows of tokens) and the ADC 2015 format (SIZE WxH /
# LINE#k (x1,y1)-(x2,y2)) get one printable ASCII character per pair (92
# of them, not '.' or '#', Ahle's wall: his reader counts one byte per
# cell); a letter grid is copied, its puzzle number PUZZLE picked.
letter_grid() {
    awk -v want="$2" '
    BEGIN {
        symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        for (i = 33; i <= 126; i++) {
            c = sprintf("%c", i)
            if (c != "." && c != "#" && index(symbols, c) == 0) symbols = symbols c
        }
    }
    function symbol(k) {
        if (!(k in code)) {
            if (++used > length(symbols)) {
                print "more than " length(symbols) " lines: Ahle'"'"'s reader takes one byte per cell" > "/dev/stderr"
                exit 4
            }
            code[k] = substr(symbols, used, 1)
        }
        return code[k]
    }
    { sub(/\r$/, "") }
    NR == 1 || format == "" {
        if ($0 ~ /^[ \t]*$/ || $0 ~ /^#/) next
        if ($1 == "SIZE") { format = "adc"; split($2, wh, /[xX]/); w = wh[1]; h = wh[2]; next }
        if (NF == 1) { format = "seed"; next }
        format = "letters"
    }
    format == "seed" && !dims { h = $1; w = $2; dims = 1; next }
    format == "seed" && row < h && NF > 0 {
        line = ""
        for (i = 1; i <= NF; i++) line = line ($i == "." ? "." : symbol($i))
        grid[row++] = line; next
    }
    format == "adc" && $1 ~ /^LINE#/ {
        k = substr($1, 6); s = symbol(k)
        gsub(/[()]/, "", $2); split($2, ends, "-")
        for (e = 1; e <= 2; e++) { split(ends[e], xy, ","); cell[xy[2] "," xy[1]] = s }
        next
    }
    format == "letters" {
        if (taking > 0) { print; taking--; if (taking == 0) exit 0; next }
        if ($0 ~ /^[ \t]*$/ || $0 ~ /^#/) next
        if (NF == 2) { n++; if (n == want) { print; taking = $2; if (taking == 0) exit 0 } else skip = $2; next }
        if (skip > 0) { skip--; next }
    }
    END {
        if (format == "seed") { print w, h; for (r = 0; r < h; r++) print grid[r] }
        if (format == "adc") {
            print w, h
            for (r = 0; r < h; r++) {
                line = ""
                for (c = 0; c < w; c++) line = line ((r "," c) in cell ? cell[r "," c] : ".")
                print line
            }
        }
    }' "$1"
}

# Runs the solver on one instance: exit 10 solved, 20 IMPOSSIBLE. With
# --all-puzzles (a collection), the whole letter-grid file in one run:
# exit 10 when every puzzle is solved, 20 when some is IMPOSSIBLE.
run() {
    cache=$1 file=$2
    shift 2
    puzzle=1 all=
    while [ $# -gt 0 ]; do
        case $1 in
            --all-puzzles) all=1 ;;
            --puzzle) puzzle=$2; shift ;;
            --puzzle=*) puzzle=${1#--puzzle=} ;;
            --allow-empty|--allow-touching)
                echo "Ahle's solver knows only full cover and the strict rule, not $1" >&2
                exit 2 ;;
            *) ;;
        esac
        shift
    done
    if [ "$file" = - ]; then
        echo "Ahle's solver needs a puzzle file" >&2
        exit 2
    fi
    if [ -n "$all" ]; then
        answer=$("$cache/bin/numberlink" < "$file") || exit 1
    else
        input=$(letter_grid "$file" "$puzzle") || exit 2
        answer=$(printf '%s\n' "$input" | "$cache/bin/numberlink") || exit 1
    fi
    printf '%s\n' "$answer"
    case $answer in
        "") exit 1 ;;
        IMPOSSIBLE*|*"
IMPOSSIBLE"*) exit 20 ;;
        *) exit 10 ;;
    esac
}

[ $# -ge 2 ] || usage
command=$1
shift
case $command in
    install) install "$1" ;;
    run) [ $# -ge 2 ] || usage; run "$@" ;;
    *) usage ;;
esac
