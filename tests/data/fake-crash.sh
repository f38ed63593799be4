#!/bin/sh
# A "solver" that dies from a signal.
kill -SEGV $$
