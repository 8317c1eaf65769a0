#!/usr/bin/env bash
# Installs Debian's Chromium (/usr/bin/chromium) for the browser tests (tests/browser/), when it is missing.
# Idempotent and quiet: does nothing when /usr/bin/chromium exists. Uses sudo only when not root.
# (Playwright's own browser download does not work on these machines: tests/browser uses playwright-core
# with executablePath /usr/bin/chromium.)
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-chromium.sh: /usr/bin/chromium is missing and this is not root (no sudo either): install the 'chromium' package" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium.sh: no apt-get here: install Chromium yourself and set CHROMIUM=/path/to/chromium for the tests" >&2
  exit 1
fi

echo "install-chromium.sh: installing Debian's chromium (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq >/dev/null
"${sudo[@]}" apt-get install -y -qq chromium >/dev/null
if [ ! -x /usr/bin/chromium ]; then
  echo "install-chromium.sh: apt-get finished but /usr/bin/chromium is still missing" >&2
  exit 1
fi
echo "install-chromium.sh: $(/usr/bin/chromium --version 2>/dev/null | head -n1)" >&2
