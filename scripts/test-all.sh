#!/usr/bin/env bash
# The whole test suite: type-check, lint, Vitest (unit tests, and database tests on
# PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then Playwright in
# Chromium against the production build. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

# Browser tests drive Debian's Chromium; install it when missing and we may.
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
  else
    echo "Browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
  fi
fi

rm -rf reports
mkdir -p reports
status=0

npm run typecheck || status=1
npm run lint || status=1

npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=1

if npm run build; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json npx playwright test || status=1
else
  status=1
fi

node scripts/test-summary.mjs
exit $status
