#!/usr/bin/env bash
# The Linux VM suite in one boot (issue 25, item 5): scripts/linux-vm runs Tests/VM/guest.sh on a real
# kernel; controllers are emulated here, at native speed, and reach the guest's UARTs (/dev/ttyS1..3)
# over TCP: when the guest prints `TH-VM-WANT /dev/ttySN EMULATE-ARGUMENTS`, this starts
# `touchhost emulate --link tcp:PORT ARGUMENTS` and joins it to the socket QEMU listens on for that
# port with socat. Until then the port is silent.
# Prints the guest's output and exits with its status; the guest leaves files in OUTPUT.
#   Tests/VM/run-suite.sh TOUCHHOST OUTPUT EVEMU-MANIFEST ANCHOR-DESCRIPTION
set -euo pipefail
cd "$(dirname "$0")/../.."
touchhost=$1
output=$2
shift 2
base=$((20000 + RANDOM % 20000))
ports=($base $((base + 1)) $((base + 2)))
emulators=()
trap 'for pid in "${emulators[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done' EXIT
status=0
while IFS= read -r line; do
    case "$line" in
    "TH-VM-WANT /dev/ttyS"*)
        read -r _ tty arguments <<<"$line"
        index=$((${tty#/dev/ttyS} - 1))
        # shellcheck disable=SC2086 # the guest's arguments are words
        log=$(mktemp)
        "$touchhost" emulate --link tcp:0 $arguments >"$log" 2>&1 &
        emulators+=($!)
        for _ in $(seq 50); do grep -q '^tcp: ' "$log" && break; sleep 0.1; done
        socat "TCP:127.0.0.1:${ports[$index]}" "TCP:$(sed -n 's/^tcp: //p' "$log" | head -1)" &
        emulators+=($!)
        echo "run-suite: controller on tcp:${ports[$index]} for $tty: $arguments"
        ;;
    "TH-SUITE-STATUS "*) status=${line#TH-SUITE-STATUS } ;;
    *) printf '%s\n' "$line" ;;
    esac
done < <(scripts/linux-vm --timeout "${TOUCHHOST_VM_TIMEOUT:-900}" --output "$output" \
    --serial "127.0.0.1:${ports[0]}" --serial "127.0.0.1:${ports[1]}" --serial "127.0.0.1:${ports[2]}" \
    Tests/VM/guest.sh "$touchhost" "$@"; echo "TH-SUITE-STATUS $?")
exit "$status"
