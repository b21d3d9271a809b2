#!/bin/sh
# Installs what the label tests need outside npm: poppler-utils (pdftoppm, pdftotext) to rasterise
# PDF labels and extract their text. Idempotent; runs unattended as root (or via sudo when present).
set -eu

if command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then
  echo "poppler-utils already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends poppler-utils
