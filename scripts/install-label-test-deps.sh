#!/bin/sh
# What the label tests need outside npm: poppler-utils (pdftoppm, pdftotext) to rasterise PDF labels
# and extract their text.
set -eu
exec sh "$(dirname "$0")/ensure-debian-packages.sh" poppler-utils
