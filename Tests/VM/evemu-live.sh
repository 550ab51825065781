# Runs inside scripts/linux-vm (Tests/VM/guest.sh): scenario (b), every evemu recording of the test
# data played into the kernel (evemu-device, evemu-play) and read live by `touchhost serve` from the
# device node, through the same host stack and its virtual touchscreen. Each recording's live event
# stream is left in $TH_VM_OUTPUT/evemu/NAME.json for the host side to compare with `touchhost
# replay` of the file (Tests/TouchHostTests/LinuxVMTests.swift). Beside serve, `evemu-record` reads
# the same device (each evdev reader has its own buffer) and leaves what the kernel delivered, at the
# kernel's times, in NAME.capture: evemu-play keeps a recording's pace only roughly under TCG, and the
# capture is the file as the kernel timed it, for the host side to replay too.
# The recording named `flood` is scenario (c): serve is stopped (SIGSTOP) while it plays, so the
# kernel's buffer overflows and it reads a SYN_DROPPED when it goes on; a few seconds later its
# metrics must count as many touches finished as begun (the recording ends with every finger up).
# The recording named `capi` is scenario (d): read by CTests/c/live_device.c through the C API's
# th_context_open on the device node instead of serve.
# Usage: sh Tests/VM/evemu-live.sh TOUCHHOST MANIFEST C-PROGRAM
# (lines: DESCRIPTION<tab>EVENTS<tab>NAME<tab>PRIMING: events giving the device the recording's start state)
set -u
. Tests/VM/process.sh
# Scratch files in a folder of this run's own on the guest's tmpfs, not at fixed paths.
scratch=$(mktemp -d)
th=$1
manifest=$2
capi=$3
out=$TH_VM_OUTPUT/evemu
mkdir -p $out
tab=$(printf '\t')
status=0
while IFS="$tab" read -r desc events name prime; do
    [ "$name" = cost ] && continue # Tests/VM/serve-cost.sh's
    if ! evemu_device "$desc" $scratch/evemu-device.txt; then
        echo "CHECK b-device $name FAIL: evemu-device made no device"; status=1; kill $device; continue
    fi
    evemu-play "$node" <"$prime"
    if [ "$name" = capi ]; then
        "$capi" "$node" 20 >"$out/capi.txt" 2>&1 &
        reader=$!
        holds_open $reader "$node"
        evemu-play "$node" <"$events"
        wait $reader
        echo "evemu capi: status $? $(cat "$out/capi.txt")"
        kill $device
        wait $device 2>/dev/null
        continue
    fi
    "$th" serve "$node" --uinput --name "touchhost live" --json --metrics $scratch/$name.prom >$scratch/$name.json 2>$scratch/$name.err &
    serve=$!
    # Play only once serve (and the capture's reader) hold the device open.
    holds_open $serve "$node"
    recorder=""
    if [ "$name" != flood ]; then
        # Line-buffered: every event is in the file as soon as it is read, however the reader is stopped.
        stdbuf -oL evemu-record "$node" >$scratch/$name.capture 2>/dev/null &
        recorder=$!
        holds_open $recorder "$node"
    fi
    if [ "$name" = flood ]; then
        kill -STOP $serve
        evemu-play "$node" <"$events"
        kill -CONT $serve
        sleep 8
        live=$(awk '/^touchhost_touches_total/ { split($0, v, " "); n[$1] = v[2] }
            END { print n["touchhost_touches_total{phase=\"began\"}"] - n["touchhost_touches_total{phase=\"ended\"}"] - n["touchhost_touches_total{phase=\"cancelled\"}"] }' $scratch/$name.prom)
        echo "evemu flood: touches still down after the flood: $live"
        kill -TERM $serve
    else
        evemu-play "$node" <"$events"
        # Every report read and its timers fired (a tap waits out the double tap's window) before the end.
        sleep 1
        settle $serve
        kill -TERM $serve
        kill -INT $recorder
        sleep 0.3
        kill -KILL $recorder 2>/dev/null
        wait $recorder 2>/dev/null
    fi
    wait $serve
    echo "evemu $name: serve status $? ($(grep -c '"type":"touch"' $scratch/$name.json) touch events) $(cat $scratch/$name.err)"
    # A stream written to the local tmpfs while serving (a 9p write per line slows serve), kept after.
    cp $scratch/$name.json $scratch/$name.err $scratch/$name.prom "$out/"
    [ -z "$recorder" ] || cp $scratch/$name.capture "$out/"
    kill $device
    wait $device 2>/dev/null
done <"$manifest"
exit $status
