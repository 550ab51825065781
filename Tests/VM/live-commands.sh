# Runs inside scripts/linux-vm (called from Tests/VM/guest.sh): every live command reads a Linux
# input device (contracts.md section 8). One evemu recording is played into a kernel device
# (evemu-device, evemu-play) while `monitor`, `record` and `bridge` (into `monitor` on a pty pair)
# read it at once; then `monitor` through a link to the node with ?grab=1 while another reader
# must see nothing; then the evemu file `record` wrote is made a device again and played (its
# description is whole) and replayed by `touchhost replay`; then `calibrate` shows its first
# target for the device and stops untouched.
# Prints `CHECK name ok|FAIL detail` lines; exits 1 when a check fails. Files in $TH_VM_OUTPUT/live.
# Usage: sh Tests/VM/live-commands.sh TOUCHHOST DESCRIPTION EVENTS
# (a recording that ends with every finger lifted: Tests/Data/evemu/*.desc and one of its .events)
set -u
. Tests/VM/process.sh
th=$1
desc=$2
events=$3
out=${TH_VM_OUTPUT:-$(mktemp -d)}/live
mkdir -p $out
# The pty pair and the device link live on the guest's own tmpfs, not on the shared output folder.
links=$(mktemp -d)
failed=0
check() { # NAME OK(0|1) DETAIL
    if [ "$2" = 1 ]; then echo "CHECK live-$1 ok"; else echo "CHECK live-$1 FAIL $3"; failed=1; fi
}
count() { # PATTERN FILE: lines that match, 0 for a missing file
    n=$(grep -c "$1" "$2" 2>/dev/null); echo "${n:-0}"
}
evemu_device "$desc" $out/device.txt
if [ -z "$node" ]; then
    check device 0 "evemu-device made no device"
    exit 1
fi

# 1. monitor, record and bridge read one playing at once; a second monitor reads the bridge.
socat pty,raw,echo=0,link=$links/th-bridge-up pty,raw,echo=0,link=$links/th-bridge-down &
pair=$!
for i in $(seq 50); do [ -e $links/th-bridge-down ] && break; sleep 0.1; done
"$th" monitor "$node" --json >$out/monitor.json 2>$out/monitor.err &
monitor=$!
"$th" record "$node" -o $out/recorded.evemu 2>$out/record.err &
record=$!
"$th" bridge "$node" --out $links/th-bridge-up 2>$out/bridge.err &
bridge=$!
holds_open $monitor "$node"; holds_open $record "$node"; holds_open $bridge "$node"
# The downstream monitor asks only once the bridge holds its end (a pty drops what came before).
holds_open $bridge "$(readlink -f $links/th-bridge-up)"
"$th" monitor $links/th-bridge-down --json >$out/downstream.json 2>$out/downstream.err &
downstream=$!
holds_open $downstream "$(readlink -f $links/th-bridge-down)"
sleep 3
evemu-play "$node" <"$events"
sleep 2
kill -TERM $monitor $record $bridge $downstream 2>/dev/null
wait $monitor $record $bridge $downstream 2>/dev/null
kill $pair 2>/dev/null

began=$(count '"phase":"began"' $out/monitor.json)
finished=$(( $(count '"phase":"ended"' $out/monitor.json) + $(count '"phase":"cancelled"' $out/monitor.json) ))
check monitor "$([ "$began" -gt 0 ] && [ "$began" = "$finished" ] && echo 1)" \
    "monitor: $began touches began, $finished ended or cancelled: $(head -c 300 $out/monitor.err)"
recorded=$(count '^E:' $out/recorded.evemu)
check record "$([ "$recorded" -gt 0 ] && grep -q '^N:' $out/recorded.evemu && grep -q '^A:' $out/recorded.evemu && echo 1)" \
    "record wrote $recorded events: $(head -c 300 $out/record.err)"
replayed=$("$th" replay $out/recorded.evemu --json 2>$out/replay.err | grep -c '"phase":"began"')
check record-replay "$([ "$replayed" = "$began" ] && echo 1)" "the recording replays $replayed touches, monitor saw $began"
down=$(count '"phase":"began"' $out/downstream.json)
check bridge "$([ "$down" = "$began" ] && echo 1)" \
    "downstream saw $down touches begin, monitor $began: $(head -c 300 $out/bridge.err) $(head -c 300 $out/downstream.err)"

# 2. Through a link to the node, grabbed: touchhost alone reads it, another reader sees nothing.
ln -sf "$node" $links/th-touchscreen
"$th" monitor "$links/th-touchscreen?grab=1" --json >$out/grab.json 2>$out/grab.err &
grabbed=$!
holds_open $grabbed "$node"
# Line-buffered, so what it read is in the file when it is stopped.
stdbuf -oL evemu-record "$node" >$out/other-reader.txt 2>&1 &
other=$!
sleep 1
evemu-play "$node" <"$events"
sleep 2
kill -TERM $grabbed $other 2>/dev/null
wait $grabbed $other 2>/dev/null
# evemu-record says the device is grabbed and stops; were it not, it would list the device (N:) and its events.
check grab "$([ "$(count '"phase":"began"' $out/grab.json)" = "$began" ] && grep -q "grabbed" $out/other-reader.txt && [ "$(count '^E:' $out/other-reader.txt)" = 0 ] && echo 1)" \
    "grabbed: $(count '"phase":"began"' $out/grab.json) touches (of $began), the other reader $(count '^E:' $out/other-reader.txt) events: $(head -c 300 $out/grab.err)"
kill $device
wait $device 2>/dev/null

# 3. What record wrote is a whole evemu recording: evemu-device makes the device from it.
evemu_device $out/recorded.evemu $out/device-again.txt
check record-evemu-device "$([ -n "$node" ] && echo 1)" "evemu-device refused the recording: $(head -c 300 $out/device-again.txt)"
if [ -n "$node" ]; then
    # 4. calibrate opens the device and asks for its first target; untouched, it stops after 2 s.
    "$th" calibrate "$node" --screen 1920x1080 --duration 2 -o $out/calibration >$out/calibrate.out 2>&1
    status=$?
    check calibrate "$([ $status = 1 ] && grep -q "0 of 5 targets" $out/calibrate.out && echo 1)" \
        "calibrate status $status: $(head -c 400 $out/calibrate.out)"
    kill $device
    wait $device 2>/dev/null
fi

# 5. Not an input device: refused with one line, status 1.
"$th" monitor /dev/input/nothing-here >$out/missing.out 2>&1
status=$?
check missing "$([ $status = 1 ] && [ "$(wc -l <$out/missing.out)" = 1 ] && echo 1)" "status $status: $(head -c 300 $out/missing.out)"
exit $failed
