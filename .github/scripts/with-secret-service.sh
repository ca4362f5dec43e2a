#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring (a throw-away
# "login" keyring in a temp folder): the Secret Service keytar and Electron's safeStorage use on
# Linux. The same set-up as test/keychain/run.sh, for the real-Electron jobs.
#   bash .github/scripts/with-secret-service.sh npx playwright test
set -euo pipefail
sandbox="$(mktemp -d "${TMPDIR:-/tmp}/cadenza-keyring.XXXXXX")"
trap 'rm -rf "$sandbox"' EXIT
mkdir -p "$sandbox/data" "$sandbox/run"
chmod 700 "$sandbox/run"
export XDG_DATA_HOME="$sandbox/data" XDG_RUNTIME_DIR="$sandbox/run"
unset DBUS_SESSION_BUS_ADDRESS
exec dbus-run-session -- bash -c '
  set -euo pipefail
  eval "$(printf %s throwaway | gnome-keyring-daemon --unlock --components=secrets | sed "s/^/export /")"
  exec "$@"
' with-secret-service "$@"
