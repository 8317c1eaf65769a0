#!/usr/bin/env bash
# Builds the npm package's two WebAssembly builds from one source (see src/wasm/):
#   pkg/single/    single-threaded: stable Rust; for Node.js and pages that are not cross-origin isolated.
#                  Two modules, one per part of the JS API, loaded on the first call that needs each:
#                  twistsearch_bg.wasm (`--features wasm-puzzle`: the `Puzzle` class) and
#                  twistsearch_events_bg.wasm (`--features wasm-events`: event scrambles and solvers).
#   pkg/threaded/  threaded: nightly Rust with shared memory (`-Z build-std`), `--features wasm,parallel`
#                  (rayon on Web Workers through wasm-bindgen-rayon, `initThreadPool`); one module with
#                  both parts; for pages served with COOP/COEP headers.
# Each module: cargo (profile wasm-release) -> wasm-bindgen --target web -> wasm-opt (npm `binaryen`), as
# wasm-pack.toml declares them (modules and their features, toolchain, target flags, wasm-bindgen and
# wasm-opt settings; read through scripts/wasm-config.py).
#
# Usage: scripts/build-wasm.sh [single|threaded]...   (default: both, side by side)
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

# wasm-bindgen-rayon 1.3's worker helper (copied into OUT_DIR/snippets/ by wasm-bindgen) starts each
# pool thread with `init(module, memory)`, the positional form wasm-bindgen 0.2.9x deprecated: every
# thread then logs "using deprecated parameters for the initialization function". Rewrite that one call
# to the object form (same meaning); fail if a helper has the call in neither form, so that a changed
# helper is looked at rather than silently left warning.
fix_rayon_init() {
  local helper
  for helper in $(find "$1/snippets" -name 'workerHelpers*.js' 2>/dev/null); do
    sed -i 's/pkg\.default(data\.module, data\.memory)/pkg.default({ module_or_path: data.module, memory: data.memory })/' "$helper"
    if ! grep -q 'pkg.default({ module_or_path: data.module, memory: data.memory })' "$helper"; then
      echo "$helper: no wasm-bindgen init call found to rewrite (see fix_rayon_init)" >&2
      exit 1
    fi
  done
}

# build NAME: the [build.NAME] table of wasm-pack.toml: per module, cargo, then wasm-bindgen into the
# build's out-dir, then wasm-opt in place.
build() {
  local name=$1 t0 toolchain target profile target_dir out_dir bindgen_target lib_name opt_level rustflags
  local modules=() cargo_args=() opt_features=()
  eval "$(python3 scripts/wasm-config.py "$name")"
  opt_level=${WASM_OPT_LEVEL:-$opt_level}
  t0=$(date +%s)
  rm -rf "$out_dir"
  local module out_name features
  for module in "${modules[@]}"; do
    out_name=${module%%:*}
    features=${module#*:}
    log "$name build: $out_name (${toolchain:-default} toolchain, features $features)"
    # Target flags only for this target and this build (an empty variable would still be one).
    local flags_var
    flags_var=CARGO_TARGET_$(echo "$target" | tr 'a-z-' 'A-Z_')_RUSTFLAGS
    env ${rustflags:+"$flags_var=$rustflags"} \
      cargo ${toolchain:+"+$toolchain"} build --lib --locked --target "$target" --profile "$profile" \
      --target-dir "$target_dir" --no-default-features --features "$features" "${cargo_args[@]}"
    local wasm=$target_dir/$target/$profile/$lib_name.wasm raw size gz
    wasm-bindgen --target "$bindgen_target" --out-dir "$out_dir" --out-name "$out_name" "$wasm"
    fix_rayon_init "$out_dir"
    raw=$(wc -c <"$out_dir/${out_name}_bg.wasm")
    node_modules/.bin/wasm-opt "$opt_level" "${opt_features[@]}" "$out_dir/${out_name}_bg.wasm" \
      -o "$out_dir/${out_name}_bg.wasm.opt"
    mv "$out_dir/${out_name}_bg.wasm.opt" "$out_dir/${out_name}_bg.wasm"
    size=$(wc -c <"$out_dir/${out_name}_bg.wasm")
    gz=$(gzip -9 -c "$out_dir/${out_name}_bg.wasm" | wc -c)
    log "$name: $out_dir/${out_name}_bg.wasm $size bytes (gzip -9: $gz; before wasm-opt $opt_level: $raw)"
  done
  log "$name build done in $(elapsed "$t0")"
}

ensure_tools
if [ ${#builds[@]} -eq 1 ] || [ -n "${WASM_BUILD_ONE_AT_A_TIME:-}" ]; then
  for b in "${builds[@]}"; do build "$b"; done
  exit 0
fi
# Both builds side by side (separate target directories): each ends in steps that use one core (the
# crate's whole-program optimization with one codegen unit, then wasm-opt), so together they take about
# the longer one's time on two cores instead of the sum. Each build's log is printed once it is done;
# set WASM_BUILD_ONE_AT_A_TIME=1 to build them in turn with live output.
pids=()
logs=()
for b in "${builds[@]}"; do
  l=$(mktemp)
  logs+=("$l")
  (build "$b") >"$l" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || { status=$?; echo "== ${builds[$i]} build failed (exit $status)" >&2; }
  cat "${logs[$i]}" >&2
  rm -f "${logs[$i]}"
done
exit "$status"
