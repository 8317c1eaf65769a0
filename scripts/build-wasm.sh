#!/usr/bin/env bash
# Builds the npm package's two WebAssembly builds from one source (see src/wasm/):
#   pkg/single/    single-threaded: stable Rust, `--features wasm`; for Node.js and pages that are not
#                  cross-origin isolated.
#   pkg/threaded/  threaded: nightly Rust with shared memory (`-Z build-std`), `--features wasm,parallel`
#                  (rayon on Web Workers through wasm-bindgen-rayon, `initThreadPool`); for pages served
#                  with COOP/COEP headers.
# Each: cargo (profile wasm-release) -> wasm-bindgen --target web -> wasm-opt (npm `binaryen`).
#
# Usage: scripts/build-wasm.sh [single|threaded]...   (default: both)
# Installs what is missing: the wasm32 target, nightly's rust-src, wasm-bindgen-cli (the version the crate
# pins) and the npm devDependencies (binaryen). Set WASM_OPT_LEVEL (default -O3) to try other levels.
set -euo pipefail
cd "$(dirname "$0")/.."

builds=("$@")
[ ${#builds[@]} -eq 0 ] && builds=(single threaded)
for b in "${builds[@]}"; do
  case "$b" in single | threaded) ;; *) echo "unknown build '$b' (single or threaded)" >&2; exit 2 ;; esac
done

# The wasm-bindgen the crate pins (Cargo.toml: wasm-bindgen = "=X"); the CLI must be the same version.
bindgen_version=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
[ -n "$bindgen_version" ] || { echo "cannot find the pinned wasm-bindgen version in Cargo.toml" >&2; exit 1; }
opt_level=${WASM_OPT_LEVEL:--O3}

log() { printf '== %s\n' "$*" >&2; }
elapsed() { echo $(($(date +%s) - $1))s; }

ensure_tools() {
  if ! command -v cargo >/dev/null || ! command -v rustup >/dev/null; then
    echo "cargo/rustup not found: install Rust with rustup first" >&2
    exit 1
  fi
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
  if [[ " ${builds[*]} " == *" threaded "* ]]; then
    if ! rustup run nightly rustc --version >/dev/null 2>&1; then
      log "installing the nightly toolchain"
      rustup toolchain install nightly --profile minimal
    fi
    rustup component add rust-src --toolchain nightly >/dev/null 2>&1 || true
  fi
  local have=""
  if command -v wasm-bindgen >/dev/null; then have=$(wasm-bindgen --version | awk '{print $2}'); fi
  if [ "$have" != "$bindgen_version" ]; then
    log "installing wasm-bindgen-cli $bindgen_version (found '${have:-none}'; takes a few minutes)"
    cargo install wasm-bindgen-cli --version "$bindgen_version"
  fi
  if [ ! -x node_modules/.bin/wasm-opt ]; then
    log "installing npm devDependencies (binaryen's wasm-opt)"
    if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else npm install --no-audit --no-fund --loglevel=error; fi
  fi
}

# The wasm32 features Rust enables by default; wasm-opt must know them (and threads for the threaded build).
wasm_features=(--enable-bulk-memory --enable-bulk-memory-opt --enable-sign-ext --enable-mutable-globals
  --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue)

# bindgen_and_opt NAME WASM: wasm-bindgen into pkg/NAME, then wasm-opt in place.
bindgen_and_opt() {
  local name=$1 wasm=$2 out=pkg/$1 extra=()
  [ "$name" = threaded ] && extra=(--enable-threads)
  rm -rf "$out"
  wasm-bindgen --target web --out-dir "$out" --out-name twistsearch "$wasm"
  local raw
  raw=$(wc -c <"$out/twistsearch_bg.wasm")
  node_modules/.bin/wasm-opt "$opt_level" "${wasm_features[@]}" "${extra[@]}" \
    "$out/twistsearch_bg.wasm" -o "$out/twistsearch_bg.wasm.opt"
  mv "$out/twistsearch_bg.wasm.opt" "$out/twistsearch_bg.wasm"
  local size gz
  size=$(wc -c <"$out/twistsearch_bg.wasm")
  gz=$(gzip -9 -c "$out/twistsearch_bg.wasm" | wc -c)
  log "$name: $out/twistsearch_bg.wasm $size bytes (gzip -9: $gz; before wasm-opt $opt_level: $raw)"
}

build_single() {
  local t0
  t0=$(date +%s)
  log "single-threaded build (stable)"
  cargo build --lib --locked --target wasm32-unknown-unknown --profile wasm-release \
    --no-default-features --features wasm
  bindgen_and_opt single target/wasm32-unknown-unknown/wasm-release/twistsearch.wasm
  log "single-threaded build done in $(elapsed "$t0")"
}

build_threaded() {
  local t0
  t0=$(date +%s)
  log "threaded build (nightly, shared memory, build-std)"
  # Shared memory needs these flags (the atomics target feature alone no longer makes memory shared);
  # --max-memory: the most a wasm32 memory can have (4 GiB). Kept out of any config file so that the
  # stable single-threaded build never sees them, and in their own target dir so neither rebuilds the other.
  local flags="-C target-feature=+atomics,+bulk-memory -C link-arg=--shared-memory
    -C link-arg=--max-memory=4294967296 -C link-arg=--import-memory
    -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size
    -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$(echo $flags)" \
    cargo +nightly build --lib --locked --target wasm32-unknown-unknown --profile wasm-release \
    --target-dir target/wasm-threaded --no-default-features --features wasm,parallel \
    -Z build-std=panic_abort,std
  bindgen_and_opt threaded target/wasm-threaded/wasm32-unknown-unknown/wasm-release/twistsearch.wasm
  log "threaded build done in $(elapsed "$t0")"
}

ensure_tools
for b in "${builds[@]}"; do "build_$b"; done
