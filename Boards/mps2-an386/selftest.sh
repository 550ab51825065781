#!/usr/bin/env bash
# Builds the self-test image and runs it under QEMU mps2-an386; exits with QEMU's status
# (0 pass, 1 fail, 2 fault, 124 timeout).
#   selftest.sh [--measure] [--timeout S] [--out DIR]
# --measure runs with -icount shift=0 (one instruction = 1 ns of virtual time), so the scan cost
# the image prints in core-clock ticks (25 MHz) converts to instructions: 40 per tick; the run then
# fails (status 1) when the scan with ten contacts exceeds scan_budget instructions, the goal of
# docs/performance.md, so a change that slows it past the goal is noticed.
# The self-test image has the firmware's 16 KiB stack, and checks that its scan checks, building
# the gesture set (its pipeline a global of its own, as in the gestures image) and recognizing fit.
set -euo pipefail
board=$(cd "$(dirname "$0")" && pwd)
timeout_s=60
measure=0
scan_budget=100000
out_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --measure) measure=1 ;;
        --timeout) timeout_s="$2"; shift ;;
        --out) out_args=(--out "$2"); shift ;;
        *) echo "selftest.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
command -v qemu-system-arm >/dev/null || { echo "selftest.sh: qemu-system-arm is not installed" >&2; exit 3; }

image=$("$board/build.sh" --selftest "${out_args[@]}" | tee /dev/stderr | sed -n 's/^image: //p')
icount=()
[ $measure = 1 ] && icount=(-icount shift=0)
status=0
log=$(mktemp)
timeout "$timeout_s" qemu-system-arm -M mps2-an386 -nographic -monitor none -serial null \
    -semihosting-config enable=on,target=native "${icount[@]}" -kernel "$image" >"$log" 2>&1 || status=$?
cat "$log"
if [ $measure = 1 ]; then
    awk -v budget=$scan_budget '/^scan-cost:/ { for (i = 1; i < NF; i++) v[$i] = $(i+1)
            p = v["pipeline-ticks/frame"] * 40; f = v["front-end-ticks/frame"] * 40
            printf "scan-cost: %d contacts: pipeline %d instructions/frame (%.2f ms at 100 MHz if 1 instruction/cycle), simulated front end %d\n", v["contacts"], p, p / 100000, f
            if (v["contacts"] == 10 && p > budget) { printf "scan-cost: FAIL over the budget of %d instructions\n", budget; over = 1 } }
        /^gesture-cost:/ { for (i = 1; i < NF; i++) v[$i] = $(i+1)
            printf "gesture-cost: %d contacts: kiosk gesture set %d instructions/frame on top of the scan\n", v["contacts"], v["recognition-ticks/frame"] * 40 }
        END { exit over }' "$log" || status=1
fi
rm -f "$log"
[ $status = 124 ] && echo "selftest.sh: timed out after ${timeout_s}s" >&2
exit $status
