#!/bin/sh
# A "solver" that exits 10 (SAT) but prints UNSATISFIABLE.
echo "s UNSATISFIABLE"
exit 10
