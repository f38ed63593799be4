#!/bin/sh
# Builds a Debian package of satpipe from built commands:
#
#   scripts/make-deb.sh BIN_DIR OUT_DIR
#
# BIN_DIR holds the built commands (`make deb` passes the release
# directory). The package installs what `scripts/install.sh` installs,
# under /usr, with the programs stripped, the man pages compressed as
# Debian's policy asks, and a copyright file; it depends on the shared libraries the commands link
# (found with ldd and dpkg -S, so it follows the build), recommends
# Debian's external solvers, encode-crossword's default word list and
# python3 (solve --count), and suggests the larger word list and the
# fonts of --png pictures. Writes OUT_DIR/satpipe_VERSION_ARCH.deb and
# prints its path. DEB_COMPRESSION picks dpkg-deb's compressor (xz; gzip,
# zstd, none).
set -eu

[ $# -eq 2 ] || {
    echo "usage: scripts/make-deb.sh BIN_DIR OUT_DIR" >&2
    exit 2
}
bin_dir=$(cd "$1" && pwd)
out_dir=$2
here=$(cd "$(dirname "$0")/.." && pwd)
for tool in dpkg-deb dpkg ldd strip; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "make-deb.sh: $tool is needed (Debian's dpkg, libc-bin and binutils)" >&2
        exit 1
    }
done

version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/Cargo.toml" | head -n 1)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM

# Packages carry stripped programs (as dh_strip makes them).
DESTDIR=$stage INSTALL_STRIP=1 "$here/scripts/install.sh" install "$bin_dir" /usr >/dev/null
gzip -9n "$stage"/usr/share/man/man1/*.1

# The packages that hold the libraries every command links.
depends=$(
    for program in "$stage"/usr/bin/*; do
        ldd "$program" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p'
    done | sort -u | while read -r library; do
        dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true
    done | sed 's/:.*//; s/:[a-z0-9]*$//' | sort -u | paste -sd, - | sed 's/,/, /g'
)

doc="$stage/usr/share/doc/satpipe"
install -d "$doc"
cat >"$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: satpipe
License: MIT

Files: *
License: MIT
EOF

installed_size=$(du -sk "$stage/usr" | cut -f1)
install -d "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<EOF
Package: satpipe
Version: $version
Architecture: $arch
Maintainer: satpipe developers <satpipe@localhost>
Installed-Size: $installed_size
Depends: $depends
Recommends: minisat, cadical, picosat, cryptominisat, wamerican, python3
Suggests: wamerican-large, fonts-dejavu-core
Section: science
Priority: optional
Description: logic puzzles solved by reduction to SAT, as Unix pipelines
 Encoders turn Numberlink, nonogram, rule-language (sudoku, magic square,
 word square), crossword and Sanalouhos puzzles into DIMACS CNF whose
 variables carry readable names; solve runs an embedded or external SAT
 solver; decoders check and draw the solution.
EOF

mkdir -p "$out_dir"
package="$out_dir/satpipe_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$stage" "$package" >/dev/null
echo "$package"
