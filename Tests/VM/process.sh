# Shell functions the VM scenarios share (sourced): what a process inside the guest is doing.
# cpu_ticks PID: the CPU time it has used (user + system, clock ticks).
cpu_ticks() { awk '{ print $14 + $15 }' /proc/$1/stat 2>/dev/null; }
# settle PID [SECONDS]: returns once PID has used at most 2 ticks (20 ms) of CPU in a second, or is
# gone, or after SECONDS (default 120). A reader behind the device (a debug build under TCG is)
# catches up before it is stopped or measured: a SIGTERM would cancel the touches still queued in
# the kernel. Catching up takes the whole CPU; an idle serve still wakes now and then (the run
# loop's 250 ms safety net, the metrics file each second), which costs a tick at times under TCG.
settle() {
    for i in $(seq "${2:-120}"); do
        used=$(cpu_ticks $1)
        [ -n "$used" ] || return 0
        sleep 1
        now=$(cpu_ticks $1)
        [ -n "$now" ] || return 0
        [ $((now - used)) -le 2 ] && return 0
    done
}
# holds_open PID NODE: waits (up to 30 s) until PID has NODE open.
holds_open() {
    for i in $(seq 150); do ls -l /proc/$1/fd 2>/dev/null | grep -q "$2\$" && return 0; sleep 0.2; done
    return 1
}
