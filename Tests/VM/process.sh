# Shell functions the VM scenarios share (sourced): what a process inside the guest is doing.
# cpu_ticks PID: the CPU time it has used (user + system, clock ticks).
cpu_ticks() { awk '{ print $14 + $15 }' /proc/$1/stat 2>/dev/null; }
# settle PID [SECONDS]: returns once PID has used at most 2 ticks (20 ms) of CPU in a second, or is
# gone, or after SECONDS (default 120). A reader behind the device (a debug build under TCG is)
# catches up before it is stopped or measured: a SIGTERM would cancel the touches still queued in
# the kernel. Catching up takes the whole CPU; a caught-up serve sleeps in poll (its metrics file
# is written once, a second after the last change).
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
# evemu_device DESCRIPTION LOG: a kernel device made from an evemu description by evemu-device (in
# the background, its output in LOG); its node in $node once it exists (empty after 20 s without),
# evemu-device's pid in $device (kill it to remove the device).
evemu_device() {
    evemu-device "$1" >"$2" 2>&1 &
    device=$!
    node=""
    for i in $(seq 100); do
        node=$(sed -n 's|.*: \(/dev/input/event[0-9]*\)$|\1|p' "$2" | head -1)
        [ -n "$node" ] && return 0
        sleep 0.2
    done
    return 1
}
