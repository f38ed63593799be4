#!/bin/sh
# Installs what building and testing satpipe needs from Debian's packages:
# cmake and libclang-dev (to build the embedded solvers) and the external
# solvers minisat, cadical, picosat and cryptominisat; the word lists
# wamerican (encode-crossword's default) and wamerican-large (its
# benchmark); fonts-dejavu-core (the text of `decode-<family> --png`
# pictures) and libxml2-utils (xmllint, which tests/pictures.rs runs on
# every SVG); man-db (tests/install.rs finds the installed man pages);
# the DRAT proof checker rate from crates.io; and the model
# counter Ganak (`solve --count`) from PyPI's pyganak; and puzpy from PyPI,
# the independent .puz reader the tests check `decode-crossword --format
# puz` with (tests only); GNU parallel (parallel), and Slurm with munge
# (slurm-wlm, munge), which scripts/bench-parallel.sh and
# scripts/bench-slurm.sh submit to and tests/batch.rs runs (the test
# starts its own one-node cluster; the packages' services are not
# needed). Does nothing
# when everything is present. Run as root, or with sudo available.
set -eu

missing=""
command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
dpkg -s libclang-dev >/dev/null 2>&1 || missing="$missing libclang-dev"
command -v minisat >/dev/null 2>&1 || missing="$missing minisat"
command -v cadical >/dev/null 2>&1 || missing="$missing cadical"
command -v picosat >/dev/null 2>&1 || missing="$missing picosat"
command -v cryptominisat5 >/dev/null 2>&1 || missing="$missing cryptominisat"
command -v unzip >/dev/null 2>&1 || missing="$missing unzip"
[ -r /usr/share/dict/american-english ] || missing="$missing wamerican"
[ -r /usr/share/dict/american-english-large ] || missing="$missing wamerican-large"
[ -r /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$missing fonts-dejavu-core"
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
parallel --version 2>/dev/null | grep -q 'GNU parallel' || missing="$missing parallel"
{ [ -x /usr/sbin/slurmctld ] && [ -x /usr/sbin/slurmd ] && command -v sbatch >/dev/null 2>&1; } ||
    missing="$missing slurm-wlm"
[ -x /usr/sbin/munged ] || missing="$missing munge"
command -v man >/dev/null 2>&1 || missing="$missing man-db"

# The DRAT proof checker behind `solve --check-proof`: rate, from
# crates.io (Debian packages no DRAT checker).
if ! command -v rate >/dev/null 2>&1 && command -v cargo >/dev/null 2>&1; then
    echo "install-deps: installing the DRAT proof checker (cargo install rate)"
    cargo install rate --locked --quiet
fi

# The model counter behind `solve --count`: Ganak, from PyPI (Debian
# packages no projected model counter).
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import pyganak' >/dev/null 2>&1; then
    echo "install-deps: installing the model counter Ganak (pip install pyganak)"
    python3 -m pip install --quiet pyganak 2>/dev/null ||
        python3 -m pip install --quiet --break-system-packages pyganak
fi

# The independent Across Lite .puz reader of the tests (tests/exchange.rs):
# puzpy, from PyPI.
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import puz' >/dev/null 2>&1; then
    echo "install-deps: installing the .puz reader puzpy (pip install puzpy)"
    python3 -m pip install --quiet puzpy 2>/dev/null ||
        python3 -m pip install --quiet --break-system-packages puzpy
fi

if [ -z "$missing" ]; then
    exit 0
fi

echo "install-deps: installing$missing"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "install-deps: need root to run: apt-get install$missing" >&2
    exit 1
fi
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
