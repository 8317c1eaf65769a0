// Where the first call's time goes (twistsearch side only): module load, wasm instantiation, puzzle load,
// first solve, and the solver's own phases. Usage: node bench/peers/first-breakdown.mjs <puzzle> [scramble]
import { performance } from 'node:perf_hooks';
import { kpuzzles, GENERATORS } from './cases.mjs';
const id = process.argv[2] ?? '2x2x2';
const kind = process.argv[3] ?? 'solve';
const { search } = await kpuzzles(id);
const t0 = performance.now();
const api = await import('../../js/index.js');
const t1 = performance.now();
await api.init();
const t2 = performance.now();
const p = await api.loadPuzzle(search);
const t3 = performance.now();
const opts = { generatorMoves: GENERATORS[id] };
let r;
if (kind === 'scramble') r = await p.randomScramble(opts);
else r = await p.solve(search.defaultPattern().applyAlg(process.argv[4] ?? "R U R' U'"), opts);
const t4 = performance.now();
const warm = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  if (kind === 'scramble') await p.randomScramble(opts);
  else await p.solve(search.defaultPattern().applyAlg(process.argv[4] ?? "R U R' U'"), opts);
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);
console.log(JSON.stringify({ id, kind, importMs: +(t1 - t0).toFixed(1), wasmMs: +(t2 - t1).toFixed(1), loadMs: +(t3 - t2).toFixed(1), firstMs: +(t4 - t3).toFixed(1), warmMedianMs: +warm[5].toFixed(2), tableDepth: r.tableDepth, tableBytes: r.tableBytes }));
