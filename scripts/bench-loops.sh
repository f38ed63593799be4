#!/bin/sh
# The loop genres (`make bench-loops`): every instance of
# instances/slitherlink and instances/masyu through
# `encode-X FILE | solve --max 2 --time-limit LIMIT | decode-X --explain none`
# (the verdict alone, no search for why none), the verdict
# checked (unique where the instance is known to be unique, else its
# known count up to 2) and the solution compared with the instance's
# `.answer` file where it has one; beside it, in the same run, Simon
# Tatham's solvers (Loopy's for Slitherlink, Pearl's for Masyu; built by
# scripts/peers/tatham.sh outside the repository) on the same puzzle's game
# ID, their answer compared edge for edge with ours where they print one.
# Each time is the median of REPEAT runs (wall clock; the game ID is made
# before the peer's runs, untimed). Rows go to OUT/loops.csv; the tables
# (per puzzle, per set a total and the ratio ours / peer) replace the
# section between <!-- bench:loops --> and <!-- /bench:loops --> of DOC.
#
#   bench-loops.sh BIN OUT DOC
#
# From the environment: REPEAT (3), LIMIT (60 s a run, ours and the
# peer's), SETS (the sets to run, e.g. "masyu/tatham slitherlink/loopy";
# default every set; a set is a folder below instances/, `slitherlink` alone
# its top-level files), SATPIPE_PEER_CACHE (the peers' cache). Exit 1 when
# an answer is wrong (ours, or the peer's where it prints one) or a run of
# ours fails; the tables are written either way.
set -eu
# On SIGINT, SIGTERM or SIGHUP every child ends with the script (lib/own-group.sh).
. "$(dirname "$0")/lib/own-group.sh"
. "$(dirname "$0")/lib/doc-section.sh"

[ $# -eq 3 ] || { echo "usage: $0 BIN OUT DOC" >&2; exit 2; }
bin=$1
out=$2
doc=$3
repeat=${REPEAT:-3}
limit=${LIMIT:-60}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cache=${SATPIPE_PEER_CACHE:-$HOME/.cache/satpipe-peers}/tatham
case $repeat in '' | *[!0-9]* | 0) echo "bench-loops: REPEAT must be a positive number, not '$repeat'" >&2; exit 2 ;; esac
case $limit in '' | *[!0-9]* | 0) echo "bench-loops: LIMIT must be a positive number of seconds, not '$limit'" >&2; exit 2 ;; esac
for program in encode-slitherlink decode-slitherlink encode-masyu decode-masyu solve; do
    [ -x "$bin/$program" ] || { echo "bench-loops: no $bin/$program (make release)" >&2; exit 2; }
done
[ -f "$doc" ] || { echo "bench-loops: no document $doc" >&2; exit 2; }
mkdir -p "$out"
csv=$out/loops.csv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A signal ends the script through its EXIT trap (the clean-up above).
trap 'exit 130' INT TERM HUP

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
median() { sort -n | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : sprintf("%.3f", (t[NR / 2] + t[NR / 2 + 1]) / 2) }'; }
load() { cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown; }

# The verdict `solve --max 2` must reach on an instance: "unique" where it
# has an `.answer` or comes from a generator that proves uniqueness
# (Tatham's Loopy and Pearl, generate-slitherlink, pzprjs's tests), else
# its count in PROVENANCE.md, up to 2.
expected() {
    case $1 in
        masyu/small/clash.txt) echo "no solution" ;;
        masyu/small/four-loops.txt | slitherlink/tiny.txt) echo "at least 2 solutions" ;;
        *) echo unique ;;
    esac
}

# Slitherlink edges of a drawing: `h I J` for the line from lattice point
# (I, J) to (I, J+1), `v I J` for (I, J) to (I+1, J). decode-slitherlink's
# drawing (`+-+`, `|`) and Loopy's text format (` - x`, `|`) put them at
# the same places: row lines at even lines, a line segment at odd columns.
slither_edges() {
    awk 'NR % 2 == 1 { i = (NR - 1) / 2; for (j = 0; 2 * j + 2 <= length($0); j++) if (substr($0, 2 * j + 2, 1) == "-") print "h", i, j }
         NR % 2 == 0 { i = (NR - 2) / 2; for (j = 0; 2 * j + 1 <= length($0); j++) if (substr($0, 2 * j + 1, 1) == "|") print "v", i, j }' "$1" |
        LC_ALL=C sort
}
# Masyu edges `R1 C1 R2 C2` (cells from 0): of decode-masyu's JSON, and of
# Pearl's text format (cells at every fourth column of every other line,
# `-` after a cell a line to the right, `|` below it a line down).
json_edges() {
    grep -o '\[\[[0-9]*,[0-9]*\],\[[0-9]*,[0-9]*\]\]' "$1" | tr -c '0-9\n' ' ' |
        awk '{ print $1, $2, $3, $4 }' | LC_ALL=C sort
}
pearl_edges() {
    awk 'NR % 2 == 1 { r = (NR - 1) / 2; for (c = 0; 4 * c + 2 <= length($0); c++) if (substr($0, 4 * c + 2, 1) == "-") print r, c, r, c + 1 }
         NR % 2 == 0 { r = (NR - 2) / 2; for (c = 0; 4 * c + 1 <= length($0); c++) if (substr($0, 4 * c + 1, 1) == "|") print r, c, r + 1, c }' "$1" |
        LC_ALL=C sort
}

peer=""
peer_note=""
if peer_note=$("$here/peers/tatham.sh" install "$cache" 2>&1); then
    peer=$cache
else
    peer_note=$(printf '%s\n' "$peer_note" | tail -n 1)
    echo "bench-loops: Tatham's solvers skipped: $peer_note" >&2
fi

start_load=$(load)
failures=0
echo "family,set,instance,program,seconds,verdict,check" > "$csv"
for family in slitherlink masyu; do
    (cd "$root/instances" && find "$family" -type f ! -name '*.answer' ! -name '*.md' ! -name 'bench.conf' | LC_ALL=C sort) > "$work/files"
    while read -r name; do
        set=${name%/*}
        if [ -n "${SETS:-}" ]; then
            case " $SETS " in *" $set "*) ;; *) continue ;; esac
        fi
        file=$root/instances/$name
        want=$(expected "$name")
        # Ours: the pipeline, REPEAT times.
        : > "$work/times"
        check=ok
        for _ in $(seq 1 "$repeat"); do
            begin=$(now)
            status=0
            "$bin/encode-$family" "$file" 2> "$work/error" |
                "$bin/solve" --max 2 --time-limit "$limit" 2>> "$work/error" |
                "$bin/decode-$family" --explain none > "$work/ours" 2>> "$work/error" || status=$?
            end=$(now)
            echo "$(elapsed "$begin" "$end")" >> "$work/times"
            verdict=$(tail -n 1 "$work/ours")
            # 10 or 0 a solution, 20 none (the decoder's exit status).
            if { [ "$status" -ne 0 ] && [ "$status" -ne 10 ] && [ "$status" -ne 20 ]; } || [ -z "$verdict" ]; then
                check="failed: $(head -n 1 "$work/error")"
                verdict=error
            elif [ "$verdict" != "$want" ]; then
                check="wrong: not $want"
            fi
        done
        answer=${file%.*}.answer
        sed '$d' "$work/ours" > "$work/drawing"
        if [ "$check" = ok ] && [ -f "$answer" ]; then
            cmp -s "$work/drawing" "$answer" || check="wrong: not the solution of $(basename "$answer")"
        fi
        case $check in ok) ;; *) failures=$((failures + 1)); echo "bench-loops: $name: $check" >&2 ;; esac
        ours_seconds=$(median < "$work/times")
        echo "$family,$set,$name,satpipe,$ours_seconds,$verdict,$check" >> "$csv"

        # The peer: the game ID first (untimed), then its solver REPEAT times.
        [ -n "$peer" ] || continue
        if ! line=$("$here/peers/tatham.sh" id "$file" 2> "$work/error"); then
            echo "$family,$set,$name,tatham,,no game ID,$(sed 's/^[^:]*: //' "$work/error" | head -n 1)" >> "$csv"
            continue
        fi
        program=${line%% *}
        game_id=${line#* }
        : > "$work/times"
        for _ in $(seq 1 "$repeat"); do
            begin=$(now)
            status=0
            timeout "$limit" "$peer/bin/$program" "$game_id" > "$work/peer" 2> "$work/error" || status=$?
            end=$(now)
            echo "$(elapsed "$begin" "$end")" >> "$work/times"
        done
        peer_check=ok
        case $status:$(head -n 1 "$work/peer") in
            124:*) peer_verdict="time-out" ;;
            0:"Puzzle is inconsistent"*) peer_verdict="no solution" ;;
            0:"Unable to find"*) peer_verdict="unfinished" ;;
            0:?*) peer_verdict="solved" ;;
            *) peer_verdict="refused"; peer_check=$(head -n 1 "$work/error" | sed 's/^[^:]*: //') ;;
        esac
        if [ "$peer_verdict" = solved ] && [ "$verdict" = unique ]; then
            if [ "$family" = slitherlink ]; then
                slither_edges "$work/drawing" > "$work/ours.edges"
                slither_edges "$work/peer" > "$work/peer.edges"
            else
                "$bin/encode-$family" "$file" 2>/dev/null | "$bin/solve" --max 2 --time-limit "$limit" 2>/dev/null |
                    "$bin/decode-$family" --json > "$work/ours.json" 2>/dev/null || true
                json_edges "$work/ours.json" > "$work/ours.edges"
                pearl_edges "$work/peer" > "$work/peer.edges"
            fi
            if [ ! -s "$work/peer.edges" ] || ! cmp -s "$work/ours.edges" "$work/peer.edges"; then
                peer_check="wrong: not the unique solution"
            fi
        elif [ "$peer_verdict" = solved ] && [ "$want" != unique ]; then
            peer_check="wrong: solved a puzzle with $want"
        elif [ "$peer_verdict" = "no solution" ] && [ "$want" != "no solution" ]; then
            peer_check="wrong: no solution, but $want"
        fi
        case $peer_check in wrong*) failures=$((failures + 1)); echo "bench-loops: $name: Tatham's $program: $peer_check" >&2 ;; esac
        echo "$family,$set,$name,tatham,$(median < "$work/times"),$peer_verdict,$peer_check" >> "$csv"
        echo "bench-loops: $name" >&2
    done < "$work/files"
done
end_load=$(load)

table=$work/table.md
{
    echo "The loop genres (\`make bench-loops\`, $(date -u +%Y-%m-%d)): every instance of \`instances/slitherlink\` and \`instances/masyu\` through \`encode-X | solve --max 2 --time-limit $limit | decode-X --explain none\` (solved, and proved unique where it is), checked against the instance's known count and \`.answer\` file; beside it Simon Tatham's deductive solvers (sgt-puzzles 20230122.806ae71: \`loopysolver\`, Easy up to Hard; \`pearlsolve\`, Easy up to Tricky) on the same puzzle's game ID, their answer compared edge for edge with ours. Seconds are wall clock, the median of $repeat runs. Machine: $(nproc 2>/dev/null || echo '?') cores, load average $start_load at the start, $end_load at the end."
    if [ -z "$peer" ]; then
        echo
        echo "Tatham's solvers were not available: $peer_note"
    fi
    for family in slitherlink masyu; do
        grep -q "^$family," "$csv" || continue
        case $family in
            slitherlink) peer_name="loopysolver" ;;
            masyu) peer_name="pearlsolve" ;;
        esac
        echo
        echo "| $family | answer | ours (s) | check | $peer_name (s) | its answer | ours / $peer_name |"
        echo "|---|---|---:|---|---:|---|---:|"
        awk -F, -v family="$family" '
            $1 != family { next }
            $4 == "satpipe" { n++; name[n] = $3; set[n] = $2; ours[n] = $5; verdict[n] = $6; check[n] = $7; next }
            $4 == "tatham" { p[$3] = $5; pv[$3] = $6; pc[$3] = $7 }
            function ratio(a, b) { return (b > 0) ? sprintf("%.2f", a / b) : "-" }
            function total(s,    i, to, tp, k, m) {
                for (i = 1; i <= n; i++) {
                    if (set[i] != s) continue
                    m++; to += ours[i]
                    if (pv[name[i]] == "solved" || pv[name[i]] == "no solution") { k++; tp += p[name[i]]; tb += ours[i] }
                }
                printf "| **%s: %d puzzle%s** | | **%.3f** | | %s | %s | %s |\n", s, m, m == 1 ? "" : "s", to,
                    k ? sprintf("**%.3f**", tp) : "-", k ? sprintf("answered %d of %d", k, m) : "-",
                    k ? sprintf("**%s**", ratio(tb, tp)) : "-"
                tb = 0
            }
            END {
                for (i = 1; i <= n; i++) {
                    x = name[i]; sub(/^[^\/]*\//, "", x)
                    ps = name[i] in p ? (p[name[i]] == "" ? "-" : p[name[i]]) : "-"
                    pa = name[i] in pv ? pv[name[i]] : "-"
                    if (name[i] in pc && pc[name[i]] != "ok") pa = pa " (" pc[name[i]] ")"
                    r = (pv[name[i]] == "solved" || pv[name[i]] == "no solution") ? ratio(ours[i], p[name[i]]) : "-"
                    printf "| %s | %s | %s | %s | %s | %s | %s |\n", x, verdict[i], ours[i], check[i], ps, pa, r
                    if (i == n || set[i + 1] != set[i]) total(set[i])
                }
            }' "$csv"
    done
    echo
    echo "**check**: ok when the verdict is the known one and the solution is the \`.answer\` file's. **its answer**: solved (the same loop as ours, else marked wrong), no solution, unfinished (\"Unable to find a unique solution\": its deductions stop, on several solutions or a puzzle beyond its hardest level), refused (the game's own limits, e.g. Pearl's 5x5 minimum), or no game ID (a puzz.link URL, which the peer does not read). **ours / peer**: our seconds over the peer's, same puzzle, same run: below 1 we are faster; a set's ratio is taken over the puzzles the peer answered."
} > "$table"

doc_section "$doc" loops "$table"
echo "bench-loops: $csv, and the table in $doc" >&2
[ "$failures" -eq 0 ] || { echo "bench-loops: $failures wrong or failed answers (the check columns)" >&2; exit 1; }
