#!/bin/sh
# Installs those of the named Debian packages that are not installed yet. Idempotent; runs
# unattended as root (or through sudo when present). Usage: ensure-debian-packages.sh PKG...
set -eu

missing=""
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $package"
done
if [ -z "$missing" ]; then
  echo "already installed: $*"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
# shellcheck disable=SC2086 # the package list is meant to split
$SUDO apt-get install -y --no-install-recommends $missing
