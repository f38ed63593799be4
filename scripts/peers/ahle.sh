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

[ $# -ge 2 ] || usage
command=$1
shift
case $command in
    install) install "$1" ;;
    *) usage ;;
esac
