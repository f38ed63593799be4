#!/bin/sh
# A "solver" that prints garbage.
echo "Segmentation fault? no: just noise"
exit 10
