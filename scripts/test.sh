#!/usr/bin/env bash
# Runs a test suite with what it needs on the machine: `unit` (default, npm test), `interop`
# (npm run test:interop), `fuzz` (npm run test:fuzz), `abuse` (npm run test:abuse) or `package` (npm run test:package). Starts or installs the system services and
# packages the tests use.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-unit}

# Label tests rasterise PDFs (poppler-utils); the SOAP schema tests run xmllint (libxml2-utils); the
# API reference test opens /docs and the web console's tests (test/console/) drive the console in Chromium.
sh scripts/ensure-debian-packages.sh poppler-utils libxml2-utils chromium
if [ "$suite" = interop ]; then
  sh scripts/install-interop-deps.sh
  mapfile -t files < <(find test/interop -name '*.test.ts' | sort)
elif [ "$suite" = abuse ]; then
  # Real server processes on loopback, one file at a time (they measure time on a 2-core machine).
  # 5,000 connections need a file handle at each end: the soft limit is raised to the hard one; the
  # tests open fewer, and say so, where even that is too low.
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  # The early refusals are read by a Python `requests` Session too (test/abuse/clients/).
  sh scripts/ensure-debian-packages.sh python3-requests
  echo "open-file limit (ulimit -n): $(ulimit -n)"
  mapfile -t files < <(find test/abuse -name '*.test.ts' | sort)
  exec node --import tsx --test --test-concurrency=1 "${files[@]}"
elif [ "$suite" = fuzz ]; then
  # The fuzzers (test/fuzz/): fixed seeds, bounded case counts; the SOAP mutation test validates answers with xmllint.
  mapfile -t files < <(find test/fuzz -name '*.test.ts' | sort)
elif [ "$suite" = package ]; then
  # README "Install": npm run pack, and an offline install that compiles better-sqlite3 (a C++ compiler,
  # make and Python 3: build-essential, python3).
  sh scripts/ensure-debian-packages.sh build-essential python3
  exec node --import tsx --test test/package/*.test.ts
else
  mapfile -t files < <(find test -name '*.test.ts' -not -path 'test/interop/*' -not -path 'test/abuse/*' -not -path 'test/package/*' -not -path 'test/fuzz/*' | sort)
fi
# Node 20's test runner takes no globs: the files are listed here.
exec bash scripts/with-postgres.sh node --import tsx --test --test-concurrency=2 "${files[@]}"
