#!/usr/bin/env bash
# npm run test:netlify's first step: Netlify's emulator (@netlify/dev, pinned by this folder's package-lock.json) in
# tests/netlify/node_modules, installed only when that lock changed since the last install. Its 660 packages are kept out
# of the root's npm ci, which they made about 40 % slower for every user, who never runs the emulator.
set -euo pipefail
cd "$(dirname "$0")"
if cmp -s package-lock.json node_modules/.installed-lock; then exit 0; fi
echo "npm run test:netlify: installing Netlify's emulator (@netlify/dev $(node -p "require('./package.json').devDependencies['@netlify/dev']")) into tests/netlify/node_modules"
npm ci --no-audit --no-fund --loglevel=error
cp package-lock.json node_modules/.installed-lock
