#!/bin/sh
# The data of the crossword benchmark (`make bench-crossword`) that is not
# in the repository, made into a cache folder outside it: the scored word
# lists (neither may be copied into the repository) and the held-out
# patterns.
#
#   crossword-data.sh CACHE
#
# writes, unless there already,
#
#   CACHE/crossword-lists/wamerican-freq.txt
#   CACHE/crossword-lists/wamerican-large-freq.txt
#       Debian's wamerican and wamerican-large lists filtered to the words
#       of letters a-z, each `word;score` with the score 15 times the
#       word's Zipf frequency in English (log10 of its occurrences per
#       billion words) from the PyPI package wordfreq 3.1.1 (code Apache
#       2.0, data CC BY-SA 4.0; installed with pip into CACHE/python),
#       rounded and clamped to 1-60: 60 is a word seen 10 times per
#       million words or more ("house", "cat"), 45 once per million
#       ("eras"), 30 once per 10 million, and a word wordfreq does not
#       know scores 1 ("xyst"). Below 30 is the weak threshold.
#   CACHE/crossword-lists/stwl.txt
#       Spread the Wordlist (Brooke Husic and Enrique Henestroza
#       Anguiano, CC BY-NC-SA 4.0; scores 0-60), the copy inside the
#       ingrid_core 2.0.0 crate, which `scripts/peers/ingrid.sh install`
#       fetches with cargo (here taken out of cargo's download of the
#       crate), filtered to the entries of letters a-z.
#   CACHE/crossword-patterns/held-out-NxN-S.txt
#       held-out American-style patterns, never used to tune the fill:
#       sizes 11, 13 and 15, seeds 1 and 2, made by the generator below
#       from Python's random.Random(seed) (the same on every machine):
#       black squares in rotationally symmetric pairs at random, a pair
#       kept only when every entry across and down still has 3 letters
#       or more and the open cells stay connected, until no entry is
#       longer than 7, 8 and 9 letters (as the American patterns of
#       instances/crossword/grids; a pattern that gets stuck starts over).
#
# Exit 3 when a list cannot be made here (no pip, no cargo, no Debian
# list), with the reason on standard error.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 CACHE" >&2; exit 2; }
cache=$1
out=$cache/crossword-lists
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"

freq_lists() {
    [ -s "$out/wamerican-freq.txt" ] && [ -s "$out/wamerican-large-freq.txt" ] && return 0
    for list in /usr/share/dict/american-english /usr/share/dict/american-english-large; do
        [ -r "$list" ] || { echo "no $list (apt-get install wamerican wamerican-large)" >&2; exit 3; }
    done
    python=$cache/python
    if [ ! -d "$python/wordfreq" ]; then
        command -v python3 >/dev/null 2>&1 || { echo "needs python3 for wordfreq" >&2; exit 3; }
        python3 -m pip install --quiet --disable-pip-version-check --target "$python" \
            wordfreq==3.1.1 >&2 || { echo "pip install wordfreq 3.1.1 failed" >&2; exit 3; }
    fi
    for name in wamerican:american-english wamerican-large:american-english-large; do
        PYTHONPATH=$python python3 - "/usr/share/dict/${name#*:}" "$out/${name%%:*}-freq.txt" <<'EOF'
import re, sys
from wordfreq import zipf_frequency

source, target = sys.argv[1], sys.argv[2]
with open(source, encoding="utf-8", errors="replace") as f:
    words = dict.fromkeys(w.strip() for w in f)
with open(target + ".part", "w", encoding="ascii") as f:
    for word in words:
        if re.fullmatch("[a-z]+", word):
            score = max(1, min(60, round(15 * zipf_frequency(word, "en"))))
            f.write(f"{word};{score}\n")
EOF
        mv "$out/${name%%:*}-freq.txt.part" "$out/${name%%:*}-freq.txt"
    done
}

stwl() {
    [ -s "$out/stwl.txt" ] && return 0
    sh "$here/peers/ingrid.sh" install "$cache/ingrid"
    registry=${CARGO_HOME:-$HOME/.cargo}/registry
    crate=$(ls "$registry"/cache/*/ingrid_core-2.0.0.crate 2>/dev/null | head -n 1)
    if [ -z "$crate" ]; then
        # The crate's download is gone (cargo's cache cleaned): fetch it
        # again through a manifest that depends on it.
        manifest=$(mktemp -d)
        printf '[package]\nname = "stwl"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\ningrid_core = "=2.0.0"\n' \
            > "$manifest/Cargo.toml"
        mkdir "$manifest/src" && : > "$manifest/src/lib.rs"
        (cd "$manifest" && cargo fetch --quiet >&2) || { echo "cargo fetch ingrid_core failed" >&2; exit 3; }
        rm -rf "$manifest"
        crate=$(ls "$registry"/cache/*/ingrid_core-2.0.0.crate 2>/dev/null | head -n 1)
        [ -n "$crate" ] || { echo "no download of ingrid_core 2.0.0 in $registry" >&2; exit 3; }
    fi
    tar -xzOf "$crate" ingrid_core-2.0.0/resources/spreadthewordlist.dict |
        awk -F';' 'NF == 2 && $1 ~ /^[a-z]+$/ && $2 ~ /^[0-9]+$/' > "$out/stwl.txt.part"
    mv "$out/stwl.txt.part" "$out/stwl.txt"
}

patterns() {
    mkdir -p "$cache/crossword-patterns"
    python3 - "$cache/crossword-patterns" <<'EOF'
import os, random, sys

def runs(grid, n):
    # The lengths of the maximal runs of open cells, across and down.
    lines = [grid[r] for r in range(n)] + [[grid[r][c] for r in range(n)] for c in range(n)]
    found = []
    for line in lines:
        run = 0
        for black in line + [True]:
            if black:
                if run:
                    found.append(run)
                run = 0
            else:
                run += 1
    return found

def connected(grid, n):
    cells = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for a, b in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= a < n and 0 <= b < n and not grid[a][b] and (a, b) not in seen:
                seen.add((a, b))
                todo.append((a, b))
    return len(seen) == len(cells)

def pattern(n, seed, longest):
    rng = random.Random(seed)
    while True:
        grid = [[False] * n for _ in range(n)]
        for _ in range(20 * n * n):
            if max(runs(grid, n)) <= longest:
                return "".join("".join("#" if x else "." for x in row) + "\n" for row in grid)
            r, c = rng.randrange(n), rng.randrange(n)
            pair = {(r, c), (n - 1 - r, n - 1 - c)}
            if any(grid[a][b] for a, b in pair):
                continue
            for a, b in pair:
                grid[a][b] = True
            if min(runs(grid, n)) < 3 or not connected(grid, n):
                for a, b in pair:
                    grid[a][b] = False

folder = sys.argv[1]
for n, longest in ((11, 7), (13, 8), (15, 9)):
    for seed in (1, 2):
        path = os.path.join(folder, f"held-out-{n}x{n}-{seed}.txt")
        if not os.path.exists(path):
            with open(path + ".part", "w") as f:
                f.write(pattern(n, seed, longest))
            os.replace(path + ".part", path)
EOF
}

freq_lists
stwl
patterns
