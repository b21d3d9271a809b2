#!/usr/bin/env bash
# Runs a test suite with what it needs on the machine: `unit` (default, npm test) or `interop`
# (npm run test:interop). Starts or installs the system services and packages the tests use.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-unit}

bash scripts/install-label-test-deps.sh
if [ "$suite" = interop ]; then
  bash scripts/install-interop-deps.sh
  mapfile -t files < <(find test/interop -name '*.test.ts' | sort)
else
  mapfile -t files < <(find test -name '*.test.ts' -not -path 'test/interop/*' | sort)
fi
# Node 20's test runner takes no globs: the files are listed here.
exec bash scripts/with-postgres.sh node --import tsx --test --test-concurrency=2 "${files[@]}"
