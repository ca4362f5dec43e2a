#!/usr/bin/env bash
# The real-keychain test: keytar (and the built CLI) against gnome-keyring's Secret Service in a
# private D-Bus session, with a throw-away keyring in a temp folder (the user's keyring is never
# touched). Exits non-zero when the test fails. Needs: dbus (dbus-run-session), gnome-keyring,
# libsecret-tools (secret-tool) — scripts/setup.sh installs them.
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in dbus-run-session gnome-keyring-daemon secret-tool; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "keychain test: '$tool' is missing; run scripts/setup.sh (apt: dbus, gnome-keyring, libsecret-tools)" >&2
    exit 1
  fi
done

sandbox="$(mktemp -d "${TMPDIR:-/tmp}/cadenza-keyring.XXXXXX")"
trap 'rm -rf "$sandbox"' EXIT
mkdir -p "$sandbox/data" "$sandbox/run"
chmod 700 "$sandbox/run"
# gnome-keyring keeps its keyrings under XDG_DATA_HOME and its control socket under XDG_RUNTIME_DIR.
export XDG_DATA_HOME="$sandbox/data" XDG_RUNTIME_DIR="$sandbox/run"
unset DBUS_SESSION_BUS_ADDRESS DISPLAY

dbus-run-session -- bash -c '
  set -euo pipefail
  # Creates and unlocks a fresh "login" keyring with a throw-away password, and prints the
  # variables (GNOME_KEYRING_CONTROL, …) clients need.
  eval "$(printf %s somepassword | gnome-keyring-daemon --unlock --components=secrets | sed "s/^/export /")"
  npx vitest run --project keychain
'
