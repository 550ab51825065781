set -u
th=$1
evemu-device "/work/shared/data/evemu/N-Trig MultiTouch.desc" > /tmp/anchor.txt 2>&1 &
for i in $(seq 50); do grep -q event /tmp/anchor.txt && break; sleep 0.2; done
cat /tmp/anchor.txt
stdbuf -oL libinput debug-events > /tmp/li.txt 2>&1 &
li=$!
for i in $(seq 150); do grep -q DEVICE_ADDED /tmp/li.txt && break; sleep 0.2; done
sleep 1
pty=/dev/ttyS1
echo "pty=$pty"
timeout 40 $th serve "$pty" --uinput --screen 1920x1080 --until-idle 2 --json --metrics /tmp/m.prom > /tmp/serve.json 2>/tmp/serve.err
echo "serve rc=$?"
sleep 1
kill $li
cat /tmp/serve.err; head -5 /tmp/serve.json; grep -c . /tmp/serve.json
cat /tmp/li.txt | head -60
grep -E 'bucket|touches' /tmp/m.prom
