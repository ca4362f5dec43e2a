#!/usr/bin/env bash
# The whole check: type-check, lint, unit + integration + component tests, the real-keychain test,
# then end-to-end tests in Debian Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type-check"; npm run -s typecheck
echo "== format"; npx prettier --check --log-level warn .
echo "== lint"; npm run -s lint
echo "== unit, integration, component"; npx vitest run --project unit --project integration --project component
echo "== keychain (gnome-keyring in a D-Bus session)"; bash test/keychain/run.sh
echo "== build"; npm run -s build
echo "== end-to-end (Chromium)"; npx playwright test
