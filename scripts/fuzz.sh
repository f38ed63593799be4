#!/bin/sh
# Runs every cargo-fuzz target for a bounded time: `make fuzz` (FUZZ_SECONDS
# per target, default 60; FUZZ_TARGETS to pick some). Needs cargo-fuzz
# (`cargo install cargo-fuzz`) and a nightly compiler; without nightly it
# uses the stable one with RUSTC_BOOTSTRAP=1, which cargo-fuzz's flags
# (-Zsanitizer) need. New inputs go to fuzz/corpus/<target>; crashes to
# fuzz/artifacts/<target>. Prints one line per target: executions, corpus
# size, and whether it found anything.
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$HOME/.cache/fuzz-target}"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: cargo-fuzz is missing; install it with: cargo install cargo-fuzz" >&2
    exit 1
fi
if rustup run nightly rustc --version >/dev/null 2>&1; then
    toolchain="+nightly"
else
    toolchain=""
    export RUSTC_BOOTSTRAP=1
fi

targets="${FUZZ_TARGETS:-$(cd fuzz && cargo $toolchain fuzz list)}"
status=0
for target in $targets; do
    mkdir -p "fuzz/corpus/$target"
    log="$CARGO_TARGET_DIR/fuzz-$target.log"
    mkdir -p "$CARGO_TARGET_DIR"
    # -rss_limit_mb: a runaway allocation is a finding; -timeout: so is a
    # hang or a quadratic blow-up on a small input.
    if cargo $toolchain fuzz run --release "$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096 \
        >"$log" 2>&1; then
        result="no findings"
    else
        result="FOUND A PROBLEM (see $log and fuzz/artifacts/$target)"
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
    [ -n "$runs" ] || runs=$(grep -Eo '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    corpus=$(ls "fuzz/corpus/$target" | wc -l)
    printf '%-16s %10s executions in %ss, corpus %5s files: %s\n' \
        "$target" "${runs:-?}" "$seconds" "$corpus" "$result"
done
exit $status
