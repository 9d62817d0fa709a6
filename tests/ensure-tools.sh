#!/usr/bin/env bash
# `npm test`'s first step: the system programs some tests drive (nginx serves a mirror as an operator would, Chromium
# runs the explorer, sqlite3 opens the SQLite export as its users would), installed from Debian's packages when missing,
# as root or through sudo; one line says what and why. It looks where the tests look (tests/helpers/system-tools.ts);
# NGINX_PATH and CHROMIUM_PATH name other binaries.
set -euo pipefail

missing=()
if [ -z "${NGINX_PATH:-}" ] && ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  missing+=(nginx)
fi
command -v sqlite3 >/dev/null || missing+=(sqlite3)
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ ! -x /usr/bin/chromium ] &&
  [ ! -x /usr/bin/chromium-browser ] && [ ! -x /usr/bin/google-chrome ]; then
  missing+=(chromium-headless-shell)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "npm test: installing ${missing[*]} from Debian's packages (the mirror tests run nginx, the explorer tests run Chromium, the export tests run sqlite3)"
fail() {
  echo "npm test: $1; install ${missing[*]} yourself (or set NGINX_PATH / CHROMIUM_PATH), then run npm test again" >&2
  exit 1
}
command -v apt-get >/dev/null || fail "no apt-get here (not Debian or Ubuntu)"
if [ "$(id -u)" = 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root() { sudo -n "$@"; }
else
  fail "installing needs root or passwordless sudo (sudo apt-get install ${missing[*]})"
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq >"$log" 2>&1 || fail "apt-get update failed ($(grep -v '^\s*$' "$log" | tail -n 1))"
# Where there is no chromium-headless-shell package (Ubuntu), the full chromium does the same job, only slower.
if [[ " ${missing[*]} " == *" chromium-headless-shell "* ]] && ! apt-cache show chromium-headless-shell >/dev/null 2>&1; then
  missing=("${missing[@]/chromium-headless-shell/chromium}")
  echo "npm test: no chromium-headless-shell package here, installing chromium instead"
fi
if ! as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$log" 2>&1; then
  fail "apt-get could not install them ($(grep -v '^\s*$' "$log" | tail -n 1))"
fi
