#!/usr/bin/env bash
# The whole test suite: type-check, lint, the production build, Vitest (unit tests, and
# database tests on PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then Playwright
# in Chromium against the build. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

# Browser tests drive Debian's headless Chromium; install it when missing and we may.
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y chromium-headless-shell >/dev/null ||
      { apt-get update >/dev/null && apt-get install -y chromium-headless-shell >/dev/null; }
  else
    echo "Browser tests need $CHROMIUM_PATH: run 'sudo apt-get install -y chromium-headless-shell'." >&2
  fi
fi
export CHROMIUM_PATH

rm -rf reports
mkdir -p reports
status=0

# The type-check and the linter each keep one core busy: run them side by side, on route
# types generated once (npm run typecheck and npm run lint each generate them first).
npx react-router typegen || status=1
npx tsc &
typecheck=$!
npx eslint . --max-warnings=0 || status=1
wait "$typecheck" || status=1

# The build comes first: the Vitest tests that start a portal in a process of their own serve
# it (tests/support/portal-child.ts) instead of transforming the whole app at each start, and
# Playwright drives it.
built=true
npm run build || { built=false; status=1; }

npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=1

if $built; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json npx playwright test || status=1
fi

node scripts/test-summary.mjs
exit $status
