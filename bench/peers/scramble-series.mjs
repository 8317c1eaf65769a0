// Many random-state scrambles in one process (twistsearch side only): the first call, then the median of
// each group of 20 and the total of the first 20 and of all, to see how the solver's table settles.
// Usage: node bench/peers/scramble-series.mjs <puzzle> [count=200] [initialMemoryMB]
import { performance } from 'node:perf_hooks';
import { kpuzzles, GENERATORS } from './cases.mjs';
const id = process.argv[2] ?? 'skewb';
const count = Number(process.argv[3] ?? 200);
const { search } = await kpuzzles(id);
const api = await import('../../js/index.js');
await api.init();
const p = await api.loadPuzzle(search);
const opts = { generatorMoves: GENERATORS[id] };
if (process.argv[4]) opts.initialMemoryMB = Number(process.argv[4]);
const t0 = performance.now();
await p.randomScramble(opts);
const first = performance.now() - t0;
const times = [];
for (let i = 0; i < count; i++) {
  const t = performance.now();
  await p.randomScramble(opts);
  times.push(performance.now() - t);
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const sum = (a) => a.reduce((x, y) => x + y, 0);
const medians = [];
for (let i = 0; i < times.length; i += 20) medians.push(+median(times.slice(i, i + 20)).toFixed(2));
const r = await p.solve(search.defaultPattern(), opts);
console.log(
  JSON.stringify({
    id,
    count,
    firstMs: +first.toFixed(1),
    first20TotalMs: +sum(times.slice(0, 20)).toFixed(1),
    totalMs: +sum(times).toFixed(1),
    mediansPer20Ms: medians,
    tableDepth: r.tableDepth,
    tableBytes: r.tableBytes,
  }),
);
