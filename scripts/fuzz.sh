#!/usr/bin/env bash
# Fuzzes the parsers with cargo-fuzz (libFuzzer, nightly), one target after another, single job each.
# Not part of CI. Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 3600)] [TARGET...]
# Targets (tests/fuzz/fuzz_targets): tws_definition, scramble, alg, kpuzzle. Crashes land in
# tests/fuzz/artifacts/TARGET/; the corpus grows in tests/fuzz/corpus/TARGET/ (seeded from tests/data).
# The per-input timeout is 120 s: under the sanitizer an alg near the 1,000,000-move cap (`(R U)9999`
# took 13 s) is slow but linear (5–50 ms in a release build); libFuzzer stops at the first timeout.
set -euo pipefail
cd "$(dirname "$0")/../tests/fuzz"
secs="${1:-3600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(tws_definition scramble alg kpuzzle)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  case "$t" in
    tws_definition) cp ../data/puzzles/main/*.tws ../data/bad/*.tws "corpus/$t/" 2>/dev/null || true ;;
    scramble) cp ../data/bad/*.scr "corpus/$t/" 2>/dev/null || true ;;
    alg) cp ../data/bad/*.alg "corpus/$t/" 2>/dev/null || true ;;
    kpuzzle) find ../data/bad ../data/puzzles/json -name "*.json" -exec cp {} "corpus/$t/" \; ;;
  esac
  echo "== $t: ${secs}s"
  cargo +nightly fuzz run --fuzz-dir . "$t" "corpus/$t" -- -max_total_time="$secs" -max_len=65536 \
    -timeout=120 -rss_limit_mb=2048 2>&1 | tee "fuzz-$t.log" | grep -E "^#[0-9]+ +(DONE|pulse)|ERROR|panicked" || true
  grep -E "^#[0-9]+ +DONE" "fuzz-$t.log" | tail -1 || true
done
