#!/usr/bin/env bash
# Runs a test suite with what it needs on the machine: `unit` (default, npm test), `interop`
# (npm run test:interop), `fuzz` (npm run test:fuzz), `abuse` (npm run test:abuse) or `package` (npm run test:package). Starts or installs the system services and
# packages the tests use.
#
# The unit suite can be narrowed (docs/architecture.md "The fast loop"):
#   npm test -- --service shipment        the tests of one service: its folder, test/shipment/
#                                         (ShipmentService, parcel-life-cycle, ParcelShopFinderService… too)
#   npm test -- --operation storeOrders   the files named after one operation: test/**/store-orders*.test.ts
#   npm test -- --folder rules            the files of one folder of test/
#   npm test -- test/x/y.test.ts …        these files
#   npm test -- --list …                  only print the files chosen
# Filters given together narrow together (a file must pass each).
set -euo pipefail
cd "$(dirname "$0")/.."
suite=unit
case "${1:-}" in unit | interop | fuzz | abuse | package) suite=$1; shift ;; esac

# kebab-case of a camelCase or PascalCase name: storeOrders → store-orders.
kebab() { sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' <<<"$1" | tr '[:upper:]' '[:lower:]'; }
service='' operation='' folder='' list=0 named=()
while [ $# -gt 0 ]; do
  case "$1" in
    --service) service=$(kebab "${2%Service}"); shift 2 ;;
    --operation) operation=$(kebab "$2"); shift 2 ;;
    --folder) folder=${2%/}; folder=${folder#test/}; shift 2 ;;
    --list) list=1; shift ;;
    *.test.ts) named+=("$1"); shift ;;
    *) echo "scripts/test.sh: unknown argument $1 (--service NAME, --operation NAME, --folder NAME or test files)" >&2; exit 2 ;;
  esac
done

# Label tests rasterise PDFs (poppler-utils); the SOAP schema tests run xmllint (libxml2-utils); the
# API reference test opens /docs and the web console's tests (test/console/) drive the console in Chromium.
[ "$list" = 1 ] || sh scripts/ensure-debian-packages.sh poppler-utils libxml2-utils chromium
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
  if [ ${#named[@]} -gt 0 ]; then files=("${named[@]}"); fi
  chosen=()
  for file in "${files[@]}"; do
    if [ -n "$service" ] && [[ $file != test/$service/* ]]; then continue; fi
    if [ -n "$folder" ] && [[ $file != test/$folder/* ]]; then continue; fi
    if [ -n "$operation" ] && [[ $(basename "$file") != "$operation".* && $(basename "$file") != "$operation"-* ]]; then continue; fi
    chosen+=("$file")
  done
  if [ ${#chosen[@]} -eq 0 ]; then
    echo "scripts/test.sh: no test file matches (service '$service', operation '$operation', folder '$folder')" >&2
    exit 2
  fi
  files=("${chosen[@]}")
  if [ "$list" = 1 ]; then printf '%s\n' "${files[@]}"; exit 0; fi
  echo "scripts/test.sh: ${#files[@]} test file(s)" >&2
fi
# Node 20's test runner takes no globs: the files are listed here.
exec bash scripts/with-postgres.sh node --import tsx --test --test-concurrency=2 "${files[@]}"
