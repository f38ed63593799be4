#!/bin/sh
# Installs satpipe's commands, their man pages and their bash, zsh and fish
# completions under a prefix, or removes exactly what it installed.
#
#   scripts/install.sh install   BIN_DIR [PREFIX]
#   scripts/install.sh uninstall         [PREFIX]
#   scripts/install.sh list              [PREFIX]
#
# BIN_DIR holds the built commands (`make install` passes the release
# directory, `$CARGO_TARGET_DIR/release`); PREFIX defaults to /usr/local;
# DESTDIR in the environment stages the whole tree under another root (for
# packages); INSTALL_STRIP=1 strips the programs as they are copied (`make
# install-strip`). What lands where:
#
#   PREFIX/bin/COMMAND                                 every command, and solve-kissat
#   PREFIX/share/man/man1/COMMAND.1                    a man page per command
#   PREFIX/share/bash-completion/completions/COMMAND   bash
#   PREFIX/share/zsh/site-functions/_COMMAND           zsh
#   PREFIX/share/fish/vendor_completions.d/COMMAND.fish  fish
#
# The commands are the programs of src/bin; beside them the companion
# solve-kissat (what `solve --solver kissat` runs; solve(1) is its page).
# Nothing else is installed: the Ganak driver and the Sanalouhos word list
# are inside the binaries, encode-crossword's default word list is Debian's
# wamerican, and the external solvers are Debian's (docs/install.md).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
destdir=${DESTDIR:-}

usage() {
    echo "usage: scripts/install.sh install BIN_DIR [PREFIX] | uninstall [PREFIX] | list [PREFIX]" >&2
    exit 2
}

# The command names, one a line: src/bin's programs.
commands() {
    for source in "$here"/src/bin/*.rs; do
        basename "$source" .rs
    done
}

# Every installed path, one a line, relative to DESTDIR.
installed_paths() {
    prefix=$1
    echo "$prefix/bin/solve-kissat"
    commands | while read -r name; do
        echo "$prefix/bin/$name"
        echo "$prefix/share/man/man1/$name.1"
        echo "$prefix/share/bash-completion/completions/$name"
        echo "$prefix/share/zsh/site-functions/_$name"
        echo "$prefix/share/fish/vendor_completions.d/$name.fish"
    done
}

install_tree() {
    bin_dir=$1
    prefix=$2
    root="$destdir$prefix"
    for name in $(commands) solve-kissat; do
        if [ ! -x "$bin_dir/$name" ]; then
            echo "install.sh: $bin_dir/$name: not built (make release builds every command)" >&2
            exit 1
        fi
    done
    strip_flag=
    [ "${INSTALL_STRIP:-0}" = 1 ] && strip_flag=-s
    generated=$(mktemp -d)
    trap 'rm -rf "$generated"' EXIT INT TERM
    "$bin_dir/satpipe-docs" --out "$generated" 2>/dev/null
    install -d "$root/bin" "$root/share/man/man1" \
        "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
        "$root/share/fish/vendor_completions.d"
    for name in $(commands); do
        install -m 755 $strip_flag "$bin_dir/$name" "$root/bin/$name"
        install -m 644 "$generated/man/$name.1" "$root/share/man/man1/$name.1"
        install -m 644 "$generated/completions/$name.bash" \
            "$root/share/bash-completion/completions/$name"
        install -m 644 "$generated/completions/_$name" "$root/share/zsh/site-functions/_$name"
        install -m 644 "$generated/completions/$name.fish" \
            "$root/share/fish/vendor_completions.d/$name.fish"
    done
    install -m 755 $strip_flag "$bin_dir/solve-kissat" "$root/bin/solve-kissat"
    echo "install.sh: installed $(commands | wc -l) commands and solve-kissat, their man pages and completions under $root"
}

uninstall_tree() {
    prefix=$1
    installed_paths "$prefix" | while read -r path; do
        rm -f "$destdir$path"
    done
    # The folders the install made, where they are left empty.
    for dir in share/man/man1 share/man share/bash-completion/completions share/bash-completion \
        share/zsh/site-functions share/zsh share/fish/vendor_completions.d share/fish share bin; do
        rmdir "$destdir$prefix/$dir" 2>/dev/null || true
    done
    echo "install.sh: removed satpipe from $destdir$prefix"
}

[ $# -ge 1 ] || usage
action=$1
shift
case $action in
install)
    [ $# -ge 1 ] && [ $# -le 2 ] || usage
    install_tree "$1" "${2:-/usr/local}"
    ;;
uninstall)
    [ $# -le 1 ] || usage
    uninstall_tree "${1:-/usr/local}"
    ;;
list)
    [ $# -le 1 ] || usage
    installed_paths "${1:-/usr/local}"
    ;;
*) usage ;;
esac
