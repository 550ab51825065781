#!/bin/sh
# Installs touchhost serve as a service (run as root from the repository, after `swift build -c release`).
set -eu
cd "$(dirname "$0")/.."
install -m 0755 .build/release/touchhost /usr/local/bin/touchhost
getent group touchhost >/dev/null || groupadd --system touchhost
id touchhost >/dev/null 2>&1 || useradd --system --gid touchhost --groups input,dialout --no-create-home --shell /usr/sbin/nologin touchhost
install -m 0644 dist/60-touchhost.rules /etc/udev/rules.d/60-touchhost.rules
[ -e /etc/default/touchhost ] || install -m 0644 dist/touchhost.default /etc/default/touchhost
install -m 0644 dist/touchhost-serve@.service /etc/systemd/system/touchhost-serve@.service
# serve rewrites its metrics file with a rename in this folder: the group may write there.
install -d -m 0775 -g touchhost /var/lib/prometheus/node-exporter
echo uinput >/etc/modules-load.d/touchhost.conf
modprobe uinput
udevadm control --reload
udevadm trigger
systemctl daemon-reload
echo "installed; start with: systemctl enable --now touchhost-serve@touchhost-controller.service"
