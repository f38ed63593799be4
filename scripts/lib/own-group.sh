# Sourced first by the scripts of scripts/ that run child processes, so
# that no child outlives an interrupted script:
#
#   . "$(dirname "$0")/lib/own-group.sh"
#
# The script starts again in a process group (and session) of its own,
# with setsid, and this first copy only waits for it: on SIGINT, SIGTERM
# or SIGHUP it sends SIGTERM to that whole group (the script and every
# process it runs, however deep, except those that lead groups of their
# own: satpipe's solve and bench-run end theirs on SIGTERM), waits for the
# script to end and exits with status 130. A signal sent to this process
# alone (`kill PID`) thus reaches every child at once, where a shell would
# wait for its foreground command to end before it even ran a trap.
# Otherwise the exit status is the script's. Standard input is passed on;
# the copy in its own group has no controlling terminal (so a script that
# asks for a password, install-deps.sh with sudo, does not source this).
# SATPIPE_OWN_GROUP marks the copy (and what it runs) as already inside
# such a group.

if [ -z "${SATPIPE_OWN_GROUP:-}" ]; then
    SATPIPE_OWN_GROUP=1
    export SATPIPE_OWN_GROUP
    # The script's interpreter, from its first line (#!/bin/sh, or
    # #!/usr/bin/env bash).
    own_group_shell=$(sed -n '1s/^#! *//p' "$0")
    # A background command's standard input would be /dev/null: keep ours.
    exec 3<&0
    # shellcheck disable=SC2086 # the interpreter line is split on purpose
    setsid $own_group_shell "$0" "$@" <&3 3<&- &
    own_group=$!
    exec 3<&-
    own_group_signalled=""
    own_group_woken=""
    trap 'own_group_signalled=1; own_group_woken=1; kill -s TERM -- "-$own_group" 2>/dev/null' INT TERM HUP
    while :; do
        own_group_woken=""
        own_group_status=0
        wait "$own_group" || own_group_status=$?
        # A signal ends `wait` early: wait again until the script has ended.
        [ -n "$own_group_woken" ] || break
    done
    if [ -n "$own_group_signalled" ]; then
        exit 130
    fi
    exit "$own_group_status"
fi
