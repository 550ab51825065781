# The Linux VM suite's guest side (Tests/VM/run-suite.sh boots it): every scenario in one boot.
# Usage: sh Tests/VM/guest.sh TOUCHHOST EVEMU-MANIFEST ANCHOR-DESCRIPTION C-PROGRAM
th=$1
manifest=$2
anchor=$3
capi=$4
status=0
sh Tests/VM/libinput-serve.sh "$th" "$anchor" || status=1
sh Tests/VM/evemu-live.sh "$th" "$manifest" "$capi" || status=1
exit $status
