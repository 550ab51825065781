th=$1
time $th boards > /dev/null
$th emulate --script Tests/VM/probe.touch > /tmp/emu.txt 2>&1 &
for i in $(seq 100); do grep -q '^pty: ' /tmp/emu.txt && break; sleep 0.2; done
pty=$(sed -n 's/^pty: //p' /tmp/emu.txt | head -1)
time timeout 20 $th monitor $pty --json --until-idle 2 | head -3; echo rc=$?
cat /proc/cpuinfo | grep -m1 flags | wc -c
