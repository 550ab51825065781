#!/usr/bin/env bash
# Builds the self-test image and runs it under QEMU mps2-an386; exits with QEMU's status
# (0 pass, 1 fail, 2 fault, 124 timeout).
#   selftest.sh [--measure] [--timeout S] [--out DIR]
# --measure runs with -icount shift=0 (one instruction = 1 ns of virtual time), so the scan cost
# the image prints in core-clock ticks (25 MHz) converts to instructions: 40 per tick.
set -euo pipefail
board=$(cd "$(dirname "$0")" && pwd)
timeout_s=60
measure=0
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
    awk '/^scan-cost:/ { for (i = 1; i < NF; i++) v[$i] = $(i+1)
        p = v["pipeline-ticks/frame"] * 40; f = v["front-end-ticks/frame"] * 40
        printf "scan-cost: %d contacts: pipeline %d instructions/frame (%.2f ms at 100 MHz if 1 instruction/cycle), simulated front end %d\n", v["contacts"], p, p / 100000, f }' "$log"
fi
rm -f "$log"
[ $status = 124 ] && echo "selftest.sh: timed out after ${timeout_s}s" >&2
exit $status
