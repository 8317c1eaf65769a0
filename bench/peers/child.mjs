// One side of one case of `npm run bench:peers`, in a fresh Node process (started by run.mjs with fork):
// the first call is then really a first call (twistsearch: wasm module and puzzle loaded, pruning table
// built; cubing.js: a new search worker, its wasm and its tables), and the workers that cubing.js never
// terminates go away with the process.
//
// Message in: { kind: 'solve' | 'scramble' | 'event', side: 'ours' | 'peer', puzzle, generatorMoves, patterns?,
// count?, event?, memoryMB? }. Message out: { ok, firstMs, warmMs[], results[], loadMs?, memory?, error? }.
// Times are wall-clock milliseconds (performance.now()) around the public API calls only. `event`: both
// sides' `randomScrambleForEvent`; `memory`: the process's resident set before the first call and at its
// peak (bytes; cubing.js's search workers are threads of the same process).

import { KPattern } from 'cubing/kpuzzle';
import { randomScrambleForEvent } from 'cubing/scramble';
import { experimentalSolveTwips, setSearchDebug } from 'cubing/search';

import { init, loadPuzzle, randomScrambleForEvent as oursForEvent, scrambleEvents } from '../../js/index.js';
import { kpuzzles } from './cases.mjs';

// cubing.js prints "Search ended, ..." with console.log after each twips search, and per-call timings
// unless told not to: keep stdout clean, and never prefetch scrambles (each call is then measured alone).
setSearchDebug({ logPerf: false, scramblePrefetchLevel: 'none', showWorkerInstantiationWarnings: false });
console.log = (...args) => {
  if (typeof args[0] === 'string' && args[0].startsWith('Search ended')) return;
  console.error(...args);
};

async function ours(job, search) {
  const options = { generatorMoves: job.generatorMoves };
  if (job.memoryMB !== undefined) options.memoryMB = job.memoryMB;
  const n = job.kind === 'solve' ? job.patterns.length : job.count;
  let table = null;
  const call = (p, i) =>
    job.kind === 'solve'
      ? p.solve(job.patterns[i], options).then((r) => {
          table ??= { tableDepth: r.tableDepth, tableBytes: r.tableBytes };
          return r.solutions[0];
        })
      : p.randomScramble(options); // unseeded, like the peer's (a seed does not change the work)
  const t0 = performance.now();
  const puzzle = await loadPuzzle(search);
  const loadMs = performance.now() - t0;
  const results = [await call(puzzle, 0)];
  const firstMs = performance.now() - t0;
  const warmMs = [];
  for (let i = 1; i < n; i++) {
    const t = performance.now();
    results.push(await call(puzzle, i));
    warmMs.push(performance.now() - t);
  }
  return { firstMs, loadMs, warmMs, results, ...(table ? { table } : {}) };
}

async function peer(job, search) {
  const n = job.kind === 'solve' ? job.patterns.length : job.count;
  const call = (i) =>
    job.kind === 'solve'
      ? experimentalSolveTwips(search, new KPattern(search, job.patterns[i]), { generatorMoves: job.generatorMoves })
      : randomScrambleForEvent(job.event);
  const times = [];
  const results = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const alg = await call(i);
    times.push(performance.now() - t);
    results.push(alg.toString());
  }
  return { firstMs: times[0], warmMs: times.slice(1), results };
}

/** `count` scrambles of `job.event` by one side: the first call (ours: with loading the wasm module) and the rest. */
async function events(job) {
  const rssBefore = process.memoryUsage().rss;
  const call = job.side === 'ours' ? () => oursForEvent(job.event) : () => randomScrambleForEvent(job.event).then(String);
  const t0 = performance.now();
  let loadMs;
  if (job.side === 'ours') {
    // The events part's module (the single-threaded build loads it on the first event call).
    await init();
    await scrambleEvents();
    loadMs = performance.now() - t0;
  }
  const results = [await call()];
  const firstMs = performance.now() - t0;
  const warmMs = [];
  for (let i = 1; i < job.count; i++) {
    const t = performance.now();
    results.push(await call());
    warmMs.push(performance.now() - t);
  }
  // maxRSS is in KiB.
  const memory = { rssBefore, maxRss: process.resourceUsage().maxRSS * 1024 };
  return { firstMs, warmMs, results, memory, ...(loadMs !== undefined ? { loadMs } : {}) };
}

process.once('message', async (job) => {
  let reply;
  try {
    if (job.kind === 'event') {
      reply = { ok: true, ...(await events(job)) };
    } else {
      const { search } = await kpuzzles(job.puzzle);
      reply = { ok: true, ...(job.side === 'ours' ? await ours(job, search) : await peer(job, search)) };
    }
    // Test hook (tests/js/peers.test.mjs): spoil our answers to check that run.mjs catches it.
    if (job.side === 'ours' && process.env.BENCH_PEERS_FAULT === 'drop-last-move') {
      reply.results = reply.results.map((alg) => alg.split(' ').slice(0, -1).join(' '));
    }
  } catch (e) {
    reply = { ok: false, error: String(e?.stack ?? e) };
  }
  process.send(reply, () => process.exit(0));
});
