#!/usr/bin/env bash
# The Linux VM suite in one boot (issue 25, item 5): scripts/linux-vm runs Tests/VM/guest.sh on a real
# kernel; controllers are emulated here, at native speed, and reach the guest's UARTs (/dev/ttyS1..3)
# QEMU's Unix sockets: when the guest prints `TH-VM-WANT /dev/ttySN EMULATE-ARGUMENTS`, this starts
# `touchhost emulate --link tcp:0 ARGUMENTS` and joins the port it announces to the socket QEMU
# listens on for that UART with socat. Until then the UART is silent. (Unix sockets, not TCP ports
# chosen here: such a port can be one the system gave another test's emulator, and the join would
# reach it.)
# Prints the guest's output and exits with its status; the guest leaves files in OUTPUT.
#   Tests/VM/run-suite.sh TOUCHHOST OUTPUT EVEMU-MANIFEST ANCHOR-DESCRIPTION
set -euo pipefail
cd "$(dirname "$0")/../.."
touchhost=$1
output=$2
shift 2
sockets=$(mktemp -d)
uarts=("$sockets/ttyS1" "$sockets/ttyS2" "$sockets/ttyS3")
emulators=()
trap 'for pid in "${emulators[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done; rm -rf "$sockets"' EXIT
status=0
while IFS= read -r line; do
    case "$line" in
    "TH-VM-WANT /dev/ttyS"*)
        read -r _ tty arguments <<<"$line"
        index=$((${tty#/dev/ttyS} - 1))
        # shellcheck disable=SC2086 # the guest's arguments are words
        log="$sockets/emulator-$index.log"
        "$touchhost" emulate --link tcp:0 $arguments >"$log" 2>&1 &
        emulators+=($!)
        # Up to 30 s for its announcement: a busy machine (the suite runs beside the VM) starts it slowly.
        for _ in $(seq 300); do grep -q '^tcp: ' "$log" && break; sleep 0.1; done
        socat "UNIX-CONNECT:${uarts[$index]}" "TCP:$(sed -n 's/^tcp: //p' "$log" | head -1)" &
        emulators+=($!)
        echo "run-suite: controller for $tty: $arguments"
        ;;
    "TH-SUITE-STATUS "*) status=${line#TH-SUITE-STATUS } ;;
    *) printf '%s\n' "$line" ;;
    esac
done < <(scripts/linux-vm --timeout "${TOUCHHOST_VM_TIMEOUT:-900}" --output "$output" \
    --serial "${uarts[0]}" --serial "${uarts[1]}" --serial "${uarts[2]}" \
    Tests/VM/guest.sh "$touchhost" "$@"; echo "TH-SUITE-STATUS $?")
exit "$status"
