#!/bin/sh
# Puts Kissat 4.0.4 and Glucose 4.2.1 command-line binaries into DIR/bin
# (default .solvers/bin). Debian has no packages for them; the PyPI wheels
# passagemath-kissat and passagemath-glucose ship them ready-built under
# sage_wheels/bin/. Nothing happens when both are already there.
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"

dir="${1:-.solvers}"
kissat_wheel="passagemath-kissat==10.8.13"
glucose_wheel="passagemath-glucose==10.8.13"

if [ -x "$dir/bin/kissat" ] && [ -x "$dir/bin/glucose" ]; then
    exit 0
fi
mkdir -p "$dir/bin" "$dir/wheels"
python3 -m pip download --quiet --no-deps --only-binary=:all: \
    -d "$dir/wheels" "$kissat_wheel" "$glucose_wheel"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# A signal ends the script through its EXIT trap (the clean-up above).
trap 'exit 130' INT TERM HUP
for wheel in "$dir"/wheels/*.whl; do
    unzip -q -o "$wheel" 'sage_wheels/bin/*' -d "$tmp"
done
cp "$tmp/sage_wheels/bin/kissat" "$tmp/sage_wheels/bin/glucose" "$dir/bin/"
chmod +x "$dir/bin/kissat" "$dir/bin/glucose"
echo "fetch-solvers: $("$dir/bin/kissat" --version | head -n 1) kissat and glucose in $dir/bin"
