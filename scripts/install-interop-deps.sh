#!/bin/sh
# Installs what the SOAP interop and schema tests need outside npm: PHP with its SoapClient
# (php-cli, php-soap), Python zeep (python3-zeep, run with /usr/bin/python3) and xmllint
# (libxml2-utils). Idempotent; runs unattended as root (or via sudo when present).
set -eu

missing=""
command -v php >/dev/null 2>&1 || missing="$missing php-cli"
if command -v php >/dev/null 2>&1; then
  php -r 'exit(class_exists("SoapClient") ? 0 : 1);' || missing="$missing php-soap"
else
  missing="$missing php-soap"
fi
/usr/bin/python3 -c 'import zeep' >/dev/null 2>&1 || missing="$missing python3-zeep"
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"

if [ -z "$missing" ]; then
  echo "interop dependencies already installed"
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
