# Runs inside scripts/linux-vm (Tests/VM/guest.sh): what `serve` costs (issue 25, item 6), measured
# where the kernel's input devices and uinput exist. The manifest's recording named `cost` is played
# into a kernel device (evemu-device, evemu-play) while `serve --uinput --metrics` reads it as it
# would be installed (no --json):
# - latency: from each report's kernel time to its uinput frame, and serve's own part of it (from its
#   wake-up to the frame), serve's p99s (its exit line) and the metrics file's histograms, with the
#   recording played at an eighth of its pace (see below);
# - quiet: the voluntary context switches of serve's threads over QUIET seconds, nothing playing (an
#   evdev source sends nothing while nothing changes: serve must sleep in poll, no timer, no tick,
#   its metrics file already written after the last change);
# - memory: VmRSS after the second of ROUNDS plays at the recording's pace and after the last (the
#   first warms caches and buffers).
# Prints `COST` figures and `CHECK name ok|FAIL detail` lines; exits 1 when a check fails.
# Usage: sh Tests/VM/serve-cost.sh TOUCHHOST MANIFEST
set -u
. Tests/VM/process.sh
# Scratch files in a folder of this run's own on the guest's tmpfs, not at fixed paths.
scratch=$(mktemp -d)
th=$1
manifest=$2
rounds=${TH_VM_COST_ROUNDS:-12}
quiet=5
tab=$(printf '\t')
IFS="$tab" read -r desc events name prime <<EOF2
$(grep "${tab}cost${tab}" "$manifest")
EOF2
check() { # NAME OK DETAIL
    if [ "$2" = 1 ]; then echo "CHECK $1 ok ($3)"; else echo "CHECK $1 FAIL $3"; failed=1; fi
}
failed=0
evemu_device "$desc" $scratch/cost-device.txt || { echo "CHECK cost-device FAIL evemu-device made no device"; kill $device; exit 1; }
evemu-play "$node" <"$prime"
rss() { awk '/^VmRSS:/ { print $2 }' /proc/$1/status; }
# Voluntary context switches of all its threads: each sleep in poll is one (a preemption is not counted).
switches() { cat /proc/$1/task/*/status | awk '/^voluntary_ctxt_switches:/ { n += $2 } END { print n }'; }
serve() { # NAME: serve the device in the background, $serve its pid once it holds the device open
    "$th" serve "$node" --uinput --name "touchhost $1" --metrics $scratch/$1.prom 2>$scratch/$1.err &
    serve=$!
    holds_open $serve "$node"
}
stop() { kill -TERM $serve; wait $serve; status=$?; }

# Latency: the recording at an eighth of its pace (about 5 reports a second), so that what is
# measured is serve's work per report, not a queue behind a reader slower than the device: under TCG
# a debug build of serve does not keep up with a touchscreen's 40-120 reports a second.
awk '$1 == "E:" { if (origin == "") origin = $2; $2 = sprintf("%.6f", ($2 - origin) * 8) } { print }' "$events" >$scratch/cost-paced.events
serve latency
evemu-play "$node" <$scratch/cost-paced.events
settle $serve
stop
latency_status=$status
frames=$(sed -n 's/.* \([0-9]*\) frames, report to uinput p99 \([0-9]*\) µs.*/\1/p' $scratch/latency.err)
p99=$(sed -n 's/.* \([0-9]*\) frames, report to uinput p99 \([0-9]*\) µs.*/\2/p' $scratch/latency.err)
work=$(sed -n "s/.*serve's own work p99 \([0-9]*\) µs.*/\1/p" $scratch/latency.err)
count=$(awk '/^touchhost_report_to_uinput_seconds_count/ { print $2 }' $scratch/latency.prom)
work_count=$(awk '/^touchhost_serve_work_seconds_count/ { print $2 }' $scratch/latency.prom)
echo "COST latency: $frames frames, p99 ${p99:-?} µs from a report's kernel time to its uinput frame, p99 ${work:-?} µs from serve's wake-up to it ($(basename "$(dirname "$th")") build under TCG, reports about 5 a second)"
grep '^touchhost_report_to_uinput_seconds\|^touchhost_serve_work_seconds' $scratch/latency.prom

# Quiet and memory: the recording at its pace, ROUNDS times, a quiet pause after the first.
serve rounds
start=$(date +%s)
for round in $(seq "$rounds"); do
    evemu-play "$node" <"$events"
    settle $serve
    [ "$round" = 2 ] && rss_early=$(rss $serve)
    [ "$round" = $(( (rounds + 2) / 2 )) ] && rss_middle=$(rss $serve)
    if [ "$round" = 1 ]; then
        # Caught up, the recording's last timers (a double tap's window) long past: nothing to do.
        before=$(switches $serve)
        sleep $quiet
        wakeups=$(( $(switches $serve) - before ))
    fi
done
rss_late=$(rss $serve)
seconds=$(( $(date +%s) - start ))
stop
kill $device
wait $device 2>/dev/null
echo "COST rounds: serve status $status, $rounds rounds of $(basename "$events") in $seconds s; $(cat $scratch/rounds.err)"
echo "COST quiet: $wakeups voluntary context switches in $quiet s with nothing playing"
echo "COST memory: VmRSS $rss_early kB after round 2, $rss_middle kB after round $(( (rounds + 2) / 2 )), $rss_late kB after round $rounds"
cp $scratch/latency.prom $scratch/latency.err $scratch/rounds.prom $scratch/rounds.err "$TH_VM_OUTPUT/" 2>/dev/null
ok() { if "$@"; then echo 1; else echo 0; fi; }
check cost-serve-ended "$(ok [ "$status" = 143 -a "$latency_status" = 143 ])" "serve status $latency_status and $status on SIGTERM"
check cost-histogram "$(ok [ "${frames:-0}" -gt 0 -a "${count:-x}" = "${frames:-y}" -a "${work_count:-x}" = "${frames:-y}" ])" "$frames frames, $count and $work_count in the histograms"
# The goal is a p99 of 1 ms on real hardware (a release build). Under TCG a debug build runs 10-30
# times slower than the host, and a busy host starves the guest's CPUs for hundreds of ms at times:
# the p99 is printed (and in docs/system.md) and held to what TCG on a busy machine gives (2 s). The
# median says more here: a frame written when its report arrives, not when the next report (200 ms
# later at this pace) or a timer wakes serve, is in the histogram's buckets up to 0.1 s.
median=$(awk '/^touchhost_report_to_uinput_seconds_bucket/ { split($1, b, "\""); le[++n] = b[2]; c[n] = $2 }
    /^touchhost_report_to_uinput_seconds_count/ { total = $2 }
    END { for (i = 1; i <= n; i++) if (c[i] * 2 >= total) { print le[i]; exit } }' $scratch/latency.prom)
check cost-latency-median "$(awk -v m="${median:-+Inf}" 'BEGIN { print (m != "+Inf" && m + 0 <= 0.1) ? 1 : 0 }')" "median at most ${median:-?} s"
check cost-latency-p99 "$(ok [ "${p99:-999999999}" -le "${TH_VM_LATENCY_BOUND:-2000000}" ])" "p99 ${p99:-?} µs, bound ${TH_VM_LATENCY_BOUND:-2000000} µs under TCG"
# Nothing to read and no timer due: serve sleeps in poll without a time limit, so none is expected;
# 2 allow for the metrics file's one write a second after the last change, should settle have
# returned within that second. A periodic wake-up (4 a second, as the run loop's old 250 ms safety
# net was) or a busy loop fails.
check cost-quiet "$(ok [ "$wakeups" -le 2 ])" "$wakeups voluntary context switches in $quiet s, bound 2"
# Flat: what grows per frame (the metrics' latency window, bounded at 100 000) stays within 512 kB here,
# judged over the second half of the rounds: once in three runs of the whole suite on a loaded
# machine the debug build's resident set rose by 1.2 MB once after round 2 (23 536 -> 24 764 kB,
# the level other runs had from round 2 on), a step that is not growth; growth per frame shows in
# every stretch of rounds.
check cost-memory-flat "$(ok [ $((rss_late - rss_middle)) -le 512 ])" "VmRSS $rss_early kB -> $rss_middle kB -> $rss_late kB"
exit $failed
