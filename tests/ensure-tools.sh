#!/usr/bin/env bash
# `npm test`'s first step: the system programs some tests drive (nginx serves a mirror as an operator would, Chromium
# runs the explorer, sqlite3 opens the SQLite export as its users would), installed from Debian's packages when missing,
# as root or through sudo; one line says what and why.
# Set CHROMIUM_PATH to use another Chromium-family browser.
set -euo pipefail

missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null && ! command -v google-chrome >/dev/null; then
  missing+=(chromium)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "npm test: installing ${missing[*]} from Debian's packages (the mirror tests run nginx, the explorer tests run Chromium, the export tests run sqlite3)"
if ! command -v apt-get >/dev/null; then
  echo "npm test: no apt-get here; install ${missing[*]} yourself (or set CHROMIUM_PATH), then run npm test again" >&2
  exit 1
fi
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
if ! { as_root apt-get update -qq && as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/dev/null 2>&1; then
  echo "npm test: could not install ${missing[*]} (needs root or passwordless sudo); install them yourself, then run npm test again" >&2
  exit 1
fi
