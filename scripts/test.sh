#!/usr/bin/env bash
# Runs a test suite with what it needs on the machine: `unit` (default, npm test) or `interop`
# (npm run test:interop). Starts or installs the system services and packages the tests use.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-unit}

# Label tests rasterise PDFs (poppler-utils); the SOAP schema tests run xmllint (libxml2-utils); the
# API reference test opens /docs in Chromium.
sh scripts/ensure-debian-packages.sh poppler-utils libxml2-utils chromium
if [ "$suite" = interop ]; then
  sh scripts/install-interop-deps.sh
  mapfile -t files < <(find test/interop -name '*.test.ts' | sort)
else
  mapfile -t files < <(find test -name '*.test.ts' -not -path 'test/interop/*' | sort)
fi
# Node 20's test runner takes no globs: the files are listed here.
exec bash scripts/with-postgres.sh node --import tsx --test --test-concurrency=2 "${files[@]}"
