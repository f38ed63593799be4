#!/bin/sh
# A "solver" that claims every formula is satisfied by all-true.
vars=$(grep '^p cnf' "$1" | awk '{print $3}')
echo "s SATISFIABLE"
printf 'v'
i=1
while [ "$i" -le "$vars" ]; do printf ' %d' "$i"; i=$((i + 1)); done
echo ' 0'
exit 10
