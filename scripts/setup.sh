#!/usr/bin/env bash
# Installs everything Cadenza needs on a Debian machine, builds it, and (unless --no-start) starts it.
#   apt: Chromium (end-to-end tests), libsecret (keytar), gnome-keyring + D-Bus (real keychain tests),
#        a CJK font (Japanese, Chinese and Korean screens and screenshots)
#   npm: dependencies from package-lock.json; keytar is compiled from source against Node's headers.
#   Node: any Node with npm runs `npm ci`; the project's own Node 22 (the `node` package in
#   devDependencies) lands in node_modules/.bin, which every npm script puts first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

# sox, lame, flac, opus-tools, vorbis-tools and the two sound packages build the audio test corpus;
# fonts-noto-cjk gives Japanese, Chinese and Korean real glyphs in tests and screenshots
APT_PACKAGES=(chromium libsecret-1-dev gnome-keyring libsecret-tools dbus dbus-x11 python3 make g++ ffmpeg
  sox lame flac opus-tools vorbis-tools sound-theme-freedesktop alsa-utils fonts-noto-cjk)
if command -v apt-get >/dev/null 2>&1; then
  missing=()
  # Only to bootstrap `npm ci` on a machine without Node; the scripts then run on the project's Node 22.
  # libnode-dev: Debian keeps Node's headers there (/usr/include/node), which keytar's build uses.
  command -v npm >/dev/null 2>&1 || APT_PACKAGES+=(nodejs npm libnode-dev)
  for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "setup: installing ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
else
  echo "setup: apt-get not found; install Chromium, libsecret and gnome-keyring with your package manager."
fi

# The Electron runtime is downloaded from outside the npm registry: `npm start` fetches it on first
# start (see README), not `npm ci`. keytar is compiled from source rather than fetched prebuilt.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
export npm_config_build_from_source=true
[ -d /usr/include/node ] && export npm_config_nodedir="${npm_config_nodedir:-/usr}"
npm ci --no-audit --no-fund
npm run build

if [ "${1:-}" != "--no-start" ]; then
  npm start
fi
