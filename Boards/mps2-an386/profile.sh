#!/usr/bin/env bash
# Per-symbol instruction profile of one function of an image, under QEMU with -icount shift=0:
#   profile.sh ELF SYMBOL_SUBSTRING [--calls SLICE] [--top N]
# e.g. the timed ten-contact frames of the self-test's gesture measurement (the last 20 calls of
# the listener the timer wraps):
#   profile.sh .build/mps2-an386/touchhost-selftest.elf \
#       'ControllerRecognitionV7scanned_7context2toyAA10ScanResultV_AA0G7ContextVxzt9TouchCore8ByteSinkRzlF9MPS2AN38608CountingM0V_Tg5' --calls -20:
# The trace streams through a pipe (it runs to gigabytes); method in docs/hil.md, "Cost per scan".
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,8p' "$0"; exit 2; }
board=$(cd "$(dirname "$0")" && pwd)
elf=$1; shift
swiftc=$(command -v swiftc)
toolbin=$(dirname "$(readlink -f "$swiftc")")
nm="$toolbin/llvm-nm"; [ -x "$nm" ] || nm=llvm-nm
fifo=$(mktemp -u)
mkfifo "$fifo"
trap 'rm -f "$fifo"' EXIT
PATH="$toolbin:$PATH" python3 "$board/profile.py" "$elf" "$@" --nm "$nm" < "$fifo" &
reader=$!
qemu-system-arm -M mps2-an386 -nographic -monitor none -serial null \
    -semihosting-config enable=on,target=native -icount shift=0 -d in_asm,exec,nochain -D "$fifo" \
    -kernel "$elf" >/dev/null 2>&1 || true
wait $reader
