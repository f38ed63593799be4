#!/bin/sh
# A "solver" that never answers; it records its process id in
# $SATPIPE_TEST_PID_FILE so a test can check that it was killed.
echo $$ > "$SATPIPE_TEST_PID_FILE"
exec sleep 300
