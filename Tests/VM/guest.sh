# The Linux VM suite's guest side (Tests/VM/run-suite.sh boots it): every scenario in one boot.
# Usage: sh Tests/VM/guest.sh TOUCHHOST EVEMU-FOLDER
th=$1
evemu=$2
status=0
sh Tests/VM/libinput-serve.sh "$th" "$evemu/N-Trig MultiTouch.desc" || status=1
exit $status
