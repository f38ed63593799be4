#!/bin/sh
# A "solver" that claims UNSAT, consistently (exit 20), whatever the formula:
# only a second solver (solve --cross-check) can catch it.
echo "s UNSATISFIABLE"
exit 20
