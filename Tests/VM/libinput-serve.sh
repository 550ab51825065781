# Runs inside scripts/linux-vm (through Tests/VM/run-suite.sh): scenario (a), `serve --uinput` fed
# by controllers emulated on the host (/dev/ttyS1: Tests/VM/kiosk-touches.touch, /dev/ttyS2:
# Tests/VM/stall.touch with drop-link), read by libinput, a client nobody here wrote; and gesture
# bindings (/dev/ttyS3: Tests/VM/bindings.touch), their key device read back by evemu-record.
# Prints `CHECK name ok|FAIL detail` lines and the libinput log; exits 1 when a check fails.
# Usage: sh Tests/VM/libinput-serve.sh TOUCHHOST ANCHOR_DESC
set -u
th=$1
anchor=$2
# Its files in a folder of this run's own on the guest's tmpfs, not at a fixed path.
out=$(mktemp -d)
# libinput debug-events gives up when no device exists when it starts: an evemu device anchors it.
evemu-device "$anchor" >$out/anchor.txt 2>&1 &
for i in $(seq 100); do grep -q /dev/input $out/anchor.txt && break; sleep 0.2; done

# The binding device "touchhost NAME keys", recorded from the moment serve makes it.
record_keys() { # NAME
    for i in $(seq 600); do
        for device in /sys/class/input/event*; do
            if [ "$(cat $device/device/name 2>/dev/null)" = "touchhost $1 keys" ]; then
                exec stdbuf -oL evemu-record /dev/input/${device##*/} >$out/$1.keys 2>&1
            fi
        done
        sleep 0.1
    done
}

serve_and_read() { # NAME PORT EMULATE-ARGUMENTS... (serve's own options in $serve_options, --until-idle $idle)
    name=$1
    port=$2
    shift 2
    # The port is raw before its controller exists: a tty echoes what arrives while it is cooked, and
    # any byte from the host starts the emulator's script. Then the host side starts the controller
    # (Tests/VM/run-suite.sh), and QEMU connects the port to it within a second.
    stty -F "$port" raw -echo
    echo "TH-VM-WANT $port $*"
    sleep 3
    set -- "$name" "$port"
    stdbuf -oL libinput debug-events >$out/$1.libinput 2>&1 &
    reader=$!
    for i in $(seq 300); do grep -q DEVICE_ADDED $out/$1.libinput && break; sleep 0.2; done
    # shellcheck disable=SC2086 # the options are words
    timeout 60 "$th" serve "$2" --uinput --name "touchhost $1" --screen 1920x1080 --until-idle ${idle:-6} \
        --metrics $out/$1.prom ${serve_options:-} >$out/$1.serve 2>&1
    echo "serve $1: status $?"
    cat $out/$1.serve
    sleep 1
    kill $reader
    # The touchhost device's node, then its touch events: kind, time, x%, y%.
    node=$(awk -v name="touchhost $1" 'index($0, "DEVICE_ADDED") && index($0, name) { sub(/^-/, "", $1); print $1; exit }' $out/$1.libinput)
    # libinput gives no position with TOUCH_UP: a lift is where the slot last was.
    awk -v node="$node" '$1 == node && $2 ~ /^TOUCH_(DOWN|MOTION|UP|CANCEL)$/ {
        if ($2 != "TOUCH_UP" && $2 != "TOUCH_CANCEL") { split($6, p, "/"); x[$4] = p[1]; y[$4] = p[2] }
        if ($2 != "TOUCH_MOTION") print $2, $3, $4, x[$4], y[$4] }' $out/$1.libinput >$out/$1.touches
    echo "libinput, $1 (node ${node:-none}):"
    cat $out/$1.touches
}
serve_and_read kiosk /dev/ttyS1 --script Tests/VM/kiosk-touches.touch
serve_and_read stall /dev/ttyS2 --script Tests/VM/stall.touch --faults drop-link
: >$out/bind.keys
record_keys bind &
keys=$!
idle=10 serve_options="--bind swipe-left=KEY_BACK --bind long-press=BTN_RIGHT" \
    serve_and_read bind /dev/ttyS3 --script Tests/VM/bindings.touch
kill $keys 2>/dev/null
echo "binding device (evemu-record):"
grep '^E:' $out/bind.keys 2>/dev/null

# kiosk: five touches: a tap, a drag, a two-finger tap, the tap beside the palm; the palm is none.
awk '
    function near(x, y, ex, ey) { return (x - ex) ^ 2 + (y - ey) ^ 2 <= 2.5 ^ 2 }
    function check(name, ok, detail) { print "CHECK " name (ok ? " ok" : " FAIL " detail); if (!ok) failed = 1 }
    $1 == "TOUCH_DOWN" { downs++; dx[downs] = $4; dy[downs] = $5; dt[downs] = $2 }
    $1 == "TOUCH_UP" { ups++; ux[ups] = $4; uy[ups] = $5 }
    END {
        # The panel is 345 x 194 mm; the screen 1920x1080 unrotated: x% = x / 3.45, y% = y / 1.94.
        check("a-touch-count", downs == 5 && ups == 5, downs " downs, " ups " ups")
        check("a-tap", near(dx[1], dy[1], 34.78, 41.24), dx[1] "/" dy[1])
        check("a-drag-start", near(dx[2], dy[2], 17.39, 51.55), dx[2] "/" dy[2])
        check("a-drag-end", near(ux[2], uy[2], 69.57, 77.32), ux[2] "/" uy[2])
        check("a-two-fingers", dt[3] == dt[4] && near((dx[3] + dx[4]) / 2, (dy[3] + dy[4]) / 2, 43.48, 51.55),
            dt[3] " " dt[4] " " dx[3] "/" dy[3] " " dx[4] "/" dy[4])
        check("a-palm-absent-tap-present", near(dx[5], dy[5], 52.17, 54.12), dx[5] "/" dy[5])
        exit failed
    }' $out/kiosk.touches
kiosk=$?
# stall: two fingers down, both released in one frame (one libinput time).
awk '
    function check(name, ok, detail) { print "CHECK " name (ok ? " ok" : " FAIL " detail); if (!ok) failed = 1 }
    $1 == "TOUCH_DOWN" { downs++ }
    $1 == "TOUCH_UP" || $1 == "TOUCH_CANCEL" { ups++; times[$2] = 1 }
    END {
        n = 0; for (t in times) n++
        check("a-stall-released-in-one-frame", downs == 2 && ups == 2 && n == 1, downs " downs, " ups " releases at " n " times")
        exit failed
    }' $out/stall.touches
stall=$?
# bind: the swipe left pressed and released KEY_BACK (158) once, then the long press BTN_RIGHT
# (0x111) once, on the binding device, as the kernel gave them to its reader.
awk '
    function check(name, ok, detail) { print "CHECK " name (ok ? " ok" : " FAIL " detail); if (!ok) failed = 1 }
    $1 == "E:" && $3 == "0001" { key = $4 "/" ($5 + 0); seen = seen " " key; n[key]++ }
    END {
        check("bind-swipe-left-key-back", n["009e/1"] == 1 && n["009e/0"] == 1, "keys seen:" seen)
        check("bind-long-press-btn-right", n["0111/1"] == 1 && n["0111/0"] == 1, "keys seen:" seen)
        check("bind-order", seen == " 009e/1 009e/0 0111/1 0111/0", "keys seen:" seen)
        exit failed
    }' $out/bind.keys
bind=$?
grep -h 'report_to_uinput_seconds_count\|touches_total\|gestures_total{' $out/*.prom
[ $kiosk = 0 ] && [ $stall = 0 ] && [ $bind = 0 ]
