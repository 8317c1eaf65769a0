#!/usr/bin/env bash
# Fresh-project test: packs the repository as npm would publish it, installs the tarball into a new
# project in a temporary directory (no build step, no registry access), and uses it there: the direct
# API, the worker API, the table cache in a directory (twistsearch/node), in Node.js. Needs the built wasm packages (npm run build). Exits non-zero on failure.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
for f in pkg/single/twistsearch_bg.wasm pkg/single/twistsearch_events_bg.wasm pkg/threaded/twistsearch_bg.wasm; do
  [ -f "$f" ] || { echo "missing $f: run 'npm run build' first" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tarball=$(npm pack --silent --pack-destination "$tmp" | tail -n 1)
echo "packed $tarball ($(du -k "$tmp/$tarball" | cut -f1) KiB)"

# The tarball ships the JS API and both builds, and no Rust sources or build inputs.
listing=$(tar tzf "$tmp/$tarball")
for want in package/package.json package/js/index.js package/js/index.d.ts package/js/worker.js \
  package/js/worker-client.js package/js/cubing.js package/js/tables.js package/js/node.js package/js/node.d.ts \
  package/pkg/single/twistsearch_bg.wasm package/pkg/single/twistsearch.js \
  package/pkg/single/twistsearch_events_bg.wasm package/pkg/single/twistsearch_events.js \
  package/pkg/threaded/twistsearch_bg.wasm package/pkg/threaded/twistsearch.js; do
  grep -qx "$want" <<<"$listing" || { echo "the tarball lacks $want" >&2; exit 1; }
done
grep -q '^package/pkg/threaded/snippets/.*workerHelpers' <<<"$listing" || { echo "the tarball lacks the threaded build's worker helpers" >&2; exit 1; }
if grep -E '\.rs$|Cargo\.toml|^package/src/|^package/tests/|^package/target/' <<<"$listing"; then
  echo "the tarball ships sources or build inputs (above)" >&2
  exit 1
fi

mkdir "$tmp/project"
cp tests/data/puzzles/main/3x3x3.tws "$tmp/project/"
cd "$tmp/project"
cat >package.json <<'JSON'
{ "name": "fresh-project", "private": true, "type": "module" }
JSON
npm install --no-audit --no-fund --loglevel=error "$tmp/$tarball"
cat >main.mjs <<'JS'
import { readFileSync } from 'node:fs';
import { loadPuzzle, build } from 'twistsearch';
import { createWorkerPuzzle } from 'twistsearch/worker';

const tws = readFileSync(new URL('./3x3x3.tws', import.meta.url), 'utf8');
const tperm = "R U R' U' R' F R2 U' R' U' R U R' F'";
const cube = await loadPuzzle(tws);
const t0 = performance.now();
const { solutions } = await cube.solve(tperm);
const ms = performance.now() - t0;
const len = solutions[0].split(' ').length;
if (len !== 11) throw new Error(`T-perm solved in ${len} moves: ${solutions[0]}`);
// The solution applied after the T-perm gives the solved state.
const end = await cube.position(`${tperm} ${solutions[0]}`);
if (JSON.stringify(end) !== JSON.stringify(await cube.position(''))) throw new Error(`${solutions[0]} does not solve the T-perm`);
const inWorker = await createWorkerPuzzle(tws);
const w = await inWorker.solve(tperm);
inWorker.terminate();
if (w.solutions[0] !== solutions[0]) throw new Error(`the worker found ${w.solutions[0]}`);
console.log(`OK (${build()} build): T-perm solved as ${solutions[0]} in ${ms.toFixed(0)} ms`);
JS
node main.mjs
# The table cache through the package's exports: a first process builds and writes the 222 tables to a
# directory, a second one loads them from there.
cat >cache.mjs <<'JS'
import { randomScrambleForEvent, tableCacheWrites } from 'twistsearch';
import { fileTableStore } from 'twistsearch/node';

const seen = [];
const options = { seed: 1, tableCache: fileTableStore('./tables'), tableCacheWrite: 'always', onTableCache: (e) => seen.push(e.type) };
const scramble = await randomScrambleForEvent('222', options);
await tableCacheWrites();
console.log(`${scramble} ${seen.join(',')}`);
JS
first=$(node cache.mjs)
second=$(node cache.mjs)
[[ "$first" == *" missing,writing" ]] || { echo "first run with the table cache: $first" >&2; exit 1; }
[[ "$second" == "${first% missing,writing} loaded" ]] || { echo "second run with the table cache: $second (first: $first)" >&2; exit 1; }
echo "OK: the table cache in a directory: built and written, then loaded ($second)"
