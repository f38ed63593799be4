#!/bin/sh
# Simon Tatham's Portable Puzzle Collection (sgt-puzzles, MIT), a peer for
# the loop genres (`make bench-loops`): Loopy's solver for Slitherlink and
# Pearl's for Masyu, both deductive solvers (no search), built from the
# source of Debian's package sgt-puzzles 20230122.806ae71-2 with the C
# compiler into the cache folder, outside the repository.
#
#   tatham.sh install CACHE
#       fetch the upstream source of the Debian source package (the
#       .orig.tar.xz from the pool of the Debian archive this machine's apt
#       uses, or $SATPIPE_DEBIAN_MIRROR; $SATPIPE_SGT_TARBALL names a copy
#       already here), check its SHA-256, and build CACHE/bin/loopysolver
#       (upstream's own STANDALONE_SOLVER program) and CACHE/bin/pearlsolve
#       (pearl.c's solver behind the command line of tatham-pearl.c, beside
#       this script: upstream's pearlsolver is a soak test without a game
#       ID). Quick when built; exit 3 when the source or cc is missing.
#   tatham.sh id FILE
#       the peer's program and game ID for an instance, one line:
#       `loopysolver WxHt0:DESC` or `pearlsolve WxH:DESC`. A game ID in a
#       comment line of FILE is taken as it is; otherwise the grid is
#       converted (a clue or circle as it is, runs of 1 to 26 empty cells
#       as the letters `a` to `z`). Exit 4 when FILE has no grid to convert
#       (a puzz.link URL).
#
# bench-loops.sh runs CACHE/bin/PROGRAM GAME-ID itself, timed, after `id`.
# Both print the solved board, "Puzzle is inconsistent" (no solution) or
# "Unable to find a unique solution" (their deductions stop: several
# solutions, or harder than their hardest level), and refuse a game ID the
# game itself refuses (Pearl takes no grid under 5x5) with exit 1.
#
# The game is told by the instance's folder (masyu/ or slitherlink/), else
# by the grid's characters.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
version=20230122.806ae71
tarball=sgt-puzzles_$version.orig.tar.xz
sha256=6e236301b0ef756b9f421c8cdb50edc5510a6e5f6f7f1d3b8384dfd3d5204a99
# The collection's shared files that the solvers link with (CMakeLists.txt's
# `common` library, without the GTK front end).
common="combi.c divvy.c drawing.c dsf.c findloop.c grid.c latin.c laydomino.c
    loopgen.c malloc.c matching.c midend.c misc.c penrose.c ps.c random.c
    sort.c tdq.c tree234.c version.c"

usage() {
    echo "usage: $0 install CACHE | id FILE" >&2
    exit 2
}

# The base URI of the Debian archive that apt uses here.
debian_mirror() {
    if [ -n "${SATPIPE_DEBIAN_MIRROR:-}" ]; then
        echo "${SATPIPE_DEBIAN_MIRROR%/}"
        return
    fi
    command -v apt-get >/dev/null 2>&1 || return 1
    apt-get indextargets --format '$(REPO_URI)' 2>/dev/null |
        grep -v -- '-security' | head -n 1 | sed 's:/*$::'
}

fetch() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 2 -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2" "$1"
    else
        echo "needs curl or wget to fetch the source" >&2
        return 1
    fi
}

install() {
    cache=$1
    stamp="$version $(cksum < "$here/tatham-pearl.c")"
    if [ -x "$cache/bin/loopysolver" ] && [ -x "$cache/bin/pearlsolve" ] &&
        [ "$(cat "$cache/built" 2>/dev/null)" = "$stamp" ]; then
        exit 0
    fi
    command -v cc >/dev/null 2>&1 || { echo "needs a C compiler (cc) to build sgt-puzzles' solvers" >&2; exit 3; }
    mkdir -p "$cache/bin"
    archive=${SATPIPE_SGT_TARBALL:-$cache/$tarball}
    if [ -n "${SATPIPE_SGT_TARBALL:-}" ] && [ ! -f "$archive" ]; then
        echo "$archive: no such file (SATPIPE_SGT_TARBALL)" >&2
        exit 3
    fi
    if [ ! -f "$archive" ]; then
        mirror=$(debian_mirror) || true
        if [ -z "$mirror" ]; then
            echo "no Debian archive configured for apt to fetch $tarball from (set SATPIPE_DEBIAN_MIRROR or SATPIPE_SGT_TARBALL)" >&2
            exit 3
        fi
        fetch "$mirror/pool/main/s/sgt-puzzles/$tarball" "$archive.part" ||
            { rm -f "$archive.part"; echo "cannot fetch $tarball from $mirror" >&2; exit 3; }
        mv "$archive.part" "$archive"
    fi
    if [ "$(sha256sum < "$archive" | cut -d ' ' -f 1)" != "$sha256" ]; then
        echo "$archive: not the SHA-256 of Debian's $tarball" >&2
        exit 3
    fi
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    tar -xJf "$archive" -C "$work" || { echo "cannot unpack $archive" >&2; exit 3; }
    src=$work/sgt-puzzles-$version
    [ -f "$src/pearl.c" ] || { echo "$archive: no pearl.c in sgt-puzzles-$version/" >&2; exit 3; }
    echo "tatham.sh: building loopysolver and pearlsolve (sgt-puzzles $version)" >&2
    for file in $common; do
        cc -O2 -I"$src" -c "$src/$file" -o "$work/${file%.c}.o" >&2 ||
            { echo "cannot compile sgt-puzzles' $file" >&2; exit 3; }
    done
    (cd "$work" && ar rcs libcommon.a ./*.o)
    cc -O2 -DSTANDALONE_SOLVER -I"$src" -o "$cache/bin/loopysolver" \
        "$src/nullfe.c" "$src/loopy.c" "$work/libcommon.a" -lm >&2 &&
        cc -O2 -I"$src" -o "$cache/bin/pearlsolve" \
            "$here/tatham-pearl.c" "$src/nullfe.c" "$work/libcommon.a" -lm >&2 ||
        { echo "cannot build sgt-puzzles' solvers" >&2; exit 3; }
    echo "$stamp" > "$cache/built"
}

id() {
    file=$1
    [ -r "$file" ] || { echo "$file: cannot read" >&2; exit 2; }
    case $file in
        */masyu/*) game=pearlsolve ;;
        */slitherlink/*) game=loopysolver ;;
        *) game= ;;
    esac
    awk -v game="$game" -v file="$file" '
    { sub(/\r$/, "") }
    /^[ \t]*#/ {
        for (i = 1; i <= NF; i++)
            if (found == "" && $i ~ /^[0-9]+x[0-9]+(t0)?:[A-Za-z0-9]+$/) found = $i
        next
    }
    /^[ \t]*$/ { next }
    /:\/\/|\?/ { url = 1; next }
    {
        line = $0; gsub(/[ \t]/, "", line)
        if (w == 0) w = length(line)
        else if (length(line) != w) { printf "%s:%d: a row of %d cells after rows of %d\n", file, NR, length(line), w > "/dev/stderr"; bad = 1; exit }
        rows[h++] = line
    }
    function flush() {
        while (run > 0) { n = run > 26 ? 26 : run; desc = desc substr("abcdefghijklmnopqrstuvwxyz", n, 1); run -= n }
    }
    END {
        if (bad) exit 1
        if (found != "") {
            if (game == "") game = found ~ /t0:/ ? "loopysolver" : "pearlsolve"
            print game, found; exit 0
        }
        if (h == 0) {
            printf "%s: %s\n", file, url ? "a puzz.link URL" : "no grid" > "/dev/stderr"
            exit 4
        }
        for (r = 0; r < h; r++) {
            for (c = 1; c <= w; c++) {
                ch = substr(rows[r], c, 1)
                if (ch == ".") { run++; continue }
                if (ch ~ /[0-4]/) digits = 1
                else if (ch ~ /[WB]/) circles = 1
                else { printf "%s: %s in the grid, which the peer has no sign for\n", file, ch > "/dev/stderr"; exit 4 }
                flush(); desc = desc ch
            }
        }
        flush()
        if (game == "") game = circles ? "pearlsolve" : "loopysolver"
        if ((game == "pearlsolve" && digits) || (game == "loopysolver" && circles)) {
            printf "%s: clues of the other genre in the grid\n", file > "/dev/stderr"; exit 4
        }
        print game, w "x" h (game == "loopysolver" ? "t0" : "") ":" desc
    }' "$file"
}

[ $# -ge 2 ] || usage
command=$1
shift
case $command in
    install) install "$1" ;;
    id) id "$1" ;;
    *) usage ;;
esac
