#!/bin/sh
# A "solver" whose output would not fit in memory if read whole, for the
# formula "1 2 0, -1 -2 0". SATPIPE_FAKE_OUTPUT says what it prints:
#   spaces   its model line holds 1.2 GB of spaces
#   comment  a comment line of 1.2 GB comes before its answer
#   token    its model holds a literal of 1.2 GB digits
cat >/dev/null
huge() { head -c 1200000000 /dev/zero | tr '\0' "$1"; }
case "$SATPIPE_FAKE_OUTPUT" in
spaces) printf 's SATISFIABLE\nv 1'; huge ' '; printf -- '-2 0\n' ;;
comment) printf 'c '; huge x; printf '\ns SATISFIABLE\nv 1 -2 0\n' ;;
token) printf 's SATISFIABLE\nv 1 '; huge 7; printf ' 0\n' ;;
*) echo "unknown SATPIPE_FAKE_OUTPUT" >&2; exit 1 ;;
esac
exit 10
