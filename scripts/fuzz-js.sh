#!/usr/bin/env bash
# Random junk arguments against every method of the single-threaded wasm package's Puzzle, for as long
# as asked (issue 14: the wasm entry points with arbitrary JS values); each call must answer with a value
# or an Error, never a trap, and the module must still solve at the end. Not part of CI.
# Usage: scripts/fuzz-js.sh [SECONDS (default 3600)] [SEED (default: the time)]
# Needs `npm run build:single` first.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-3600}"
seed="${2:-$(date +%s)}"
JUNK_SECONDS="$secs" JUNK_SEED="$seed" node --test tests/js/hostile-junk.test.mjs
