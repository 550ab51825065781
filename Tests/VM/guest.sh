# The Linux VM suite's guest side (Tests/VM/run-suite.sh boots it): every scenario in one boot.
# Usage: sh Tests/VM/guest.sh TOUCHHOST EVEMU-MANIFEST ANCHOR-DESCRIPTION C-PROGRAM
th=$1
manifest=$2
anchor=$3
capi=$4
status=0
sh Tests/VM/libinput-serve.sh "$th" "$anchor" || status=1
sh Tests/VM/serve-cost.sh "$th" "$manifest" || status=1
sh Tests/VM/evemu-live.sh "$th" "$manifest" "$capi" || status=1
# The other live commands (monitor, record, bridge, calibrate) on a kernel device, where the tree
# has their script (CHECK lines like the rest), with the cost's recording: it ends with every finger up.
if [ -f Tests/VM/live-commands.sh ]; then
    tab=$(printf '\t')
    IFS="$tab" read -r desc events _ <<EOF2
$(grep "${tab}cost${tab}" "$manifest")
EOF2
    sh Tests/VM/live-commands.sh "$th" "$desc" "$events" || status=1
fi
exit $status
