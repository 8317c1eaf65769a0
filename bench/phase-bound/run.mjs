#!/usr/bin/env node
// `node bench/phase-bound/run.mjs [--puzzle symm|kpuzzle] [--bound none|64|600|cube] [--memory 256]
// [--alg "D B R' …"] [--alg2 …] [--cache DIR] [--threaded]`: one optimal 3x3x3 solve (face turns; `symm`, the default:
// tests/data/puzzles/symm/3x3x3.tws, whose rotations give the three axes; `kpuzzle`: cubing.js's KPuzzle,
// whose phase-1 plan is not exact because of its center orientations, so that it gets projection tables
// only, see bench/history/2026-diary.md) in a fresh Node process, without a phase
// bound or with `phaseBound: 'U,D,F2,B2,R2,L2'` and `phaseBoundMemoryMB` 64 (projection tables) or 600
// (the exact 529 MiB phase-1 table), or with `cubeBound: 'phase1'` (`cube`: the cube's own 66 MiB exact
// phase-1 table, on either definition), then a second position with the kept solver. Reported as JSON:
// per solve the call's seconds, the bound's build seconds (`phaseBound.buildSeconds`, part of the first
// call), the search seconds (the rest), nodes, length, table depth. `--cache DIR`: with a table cache
// (`fileTableStore(DIR)`, `tableCacheWrite: 'always'`; run twice: the second process loads what the first
// wrote, and `boundBuildSeconds` is then the load). Timings are measured, never asserted.

import { readFileSync } from 'node:fs';

import { init, loadPuzzle, tableCacheWrites } from '../../js/index.js';
import { fileTableStore } from '../../js/node.js';
import { puzzles } from 'cubing/puzzles';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : d;
};
const bound = opt('--bound', 'none');
const memoryMB = Number(opt('--memory', '256'));
// Two 13-move random walks of `twistsearch bench 3x3x3-deep`.
const algs = [opt('--alg', "D B R' F2 R2 F2 L R' U' R' D2 B U'"), opt('--alg2', "U' R' D2 R' U B L U2 F2 L2 D2 F")];

const started = await init({ build: args.includes('--threaded') ? 'threaded' : 'single' });
const puzzle = opt('--puzzle', 'symm');
const definition =
  puzzle === 'kpuzzle'
    ? await puzzles['3x3x3'].kpuzzle()
    : readFileSync(new URL('../../tests/data/puzzles/symm/3x3x3.tws', import.meta.url), 'utf8');
const dir = opt('--cache', undefined);
const events = [];
const cache = dir ? { tableCache: fileTableStore(dir), tableCacheWrite: 'always', onTableCache: (e) => events.push([e.type, e.key.split('/').pop(), e.bytes]) } : {};
const cube = await loadPuzzle(definition, cache);
const options = { generatorMoves: 'U,L,F,R,B,D', memoryMB };
if (bound === 'cube') Object.assign(options, { cubeBound: 'phase1' });
else if (bound !== 'none') Object.assign(options, { phaseBound: 'U,D,F2,B2,R2,L2', phaseBoundMemoryMB: Number(bound) });
const solves = [];
for (const alg of algs) {
  const t0 = performance.now();
  const r = await cube.solve(alg, options);
  const seconds = (performance.now() - t0) / 1000;
  const first = solves.length === 0;
  const build = first && r.phaseBound ? r.phaseBound.buildSeconds : 0;
  solves.push({
    alg,
    seconds: +seconds.toFixed(3),
    boundBuildSeconds: +build.toFixed(3),
    searchSeconds: +(seconds - build).toFixed(3),
    nodes: r.nodes,
    length: r.lengths[0],
    tableDepth: r.tableDepth,
    tableBytes: r.tableBytes,
    searchedBy: r.searchedBy,
    phaseBound: r.phaseBound && { exact: r.phaseBound.exact, axes: r.phaseBound.axes, tableBytes: r.phaseBound.tableBytes, tablesLoaded: r.phaseBound.tablesLoaded },
  });
}
const t0 = performance.now();
await tableCacheWrites();
if (dir) solves.push({ tableCache: events, writesSeconds: +((performance.now() - t0) / 1000).toFixed(3) });
console.log(JSON.stringify({ build: started.build, threads: started.threads, puzzle, bound, memoryMB, solves }, null, 1));
