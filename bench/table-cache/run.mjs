#!/usr/bin/env node
// `node bench/table-cache/run.mjs [--event 444] [--runs 5] [--json]`: the first `randomScrambleForEvent`
// of a fresh Node process (single-threaded wasm) without a table cache, and with a warm one
// (`fileTableStore` of twistsearch/node in a temporary directory, written by one process first with
// `tableCacheWrite: 'always'`). Each run is its own process; reported: the median (and every run) of the
// first call alone (after `await init()`) and of the process's whole first answer (module load included),
// and the size of the stored bytes. Timings are measured, never asserted.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : d;
};
// (The 3x3x3 events keep no tables: theirs build in tens of milliseconds.)
const event = opt('--event', '444');
const runs = Number(opt('--runs', '5'));
const json = args.includes('--json');

const child = `
const t0 = performance.now();
const ts = await import(${JSON.stringify(new URL('../../js/index.js', import.meta.url).href)});
const { fileTableStore } = await import(${JSON.stringify(new URL('../../js/node.js', import.meta.url).href)});
await ts.init();
const dir = process.env.TABLE_DIR;
const events = [];
const options = dir ? { tableCache: fileTableStore(dir), tableCacheWrite: process.env.TABLE_WRITE ?? 'never', onTableCache: (e) => events.push(e.type) } : {};
const t1 = performance.now();
const alg = await ts.randomScrambleForEvent(${JSON.stringify(event)}, options);
const t2 = performance.now();
await ts.tableCacheWrites();
console.log(JSON.stringify({ callMs: t2 - t1, processMs: t2 - t0, events, moves: alg.split(' ').length }));
`;

function run(env) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', child], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dir = mkdtempSync(join(os.tmpdir(), 'twistsearch-bench-tables-'));
try {
  const cold = [];
  const warm = [];
  const writer = run({ TABLE_DIR: dir, TABLE_WRITE: 'always' });
  if (writer.events.join() !== 'missing,writing') throw new Error(`the writing run reported ${writer.events}`);
  const files = readdirSync(dir);
  const bytes = files.reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  // Interleaved, so that a busy minute hits both sides alike.
  for (let i = 0; i < runs; i++) {
    cold.push(run({}));
    const w = run({ TABLE_DIR: dir });
    if (w.events.join() !== 'loaded') throw new Error(`a warm run reported ${w.events}`);
    warm.push(w);
  }
  const summary = {
    event,
    runs,
    loadavg: os.loadavg().map((x) => +x.toFixed(2)),
    storedBytes: bytes,
    files,
    withoutCache: { callMsMedian: median(cold.map((r) => r.callMs)), processMsMedian: median(cold.map((r) => r.processMs)), callMs: cold.map((r) => +r.callMs.toFixed(1)) },
    warmCache: { callMsMedian: median(warm.map((r) => r.callMs)), processMsMedian: median(warm.map((r) => r.processMs)), callMs: warm.map((r) => +r.callMs.toFixed(1)) },
  };
  if (json) {
    console.log(JSON.stringify(summary));
  } else {
    console.log(`randomScrambleForEvent('${event}'), first call of a fresh Node process (single-threaded wasm), ${runs} runs each, load ${summary.loadavg.join(' ')}:`);
    console.log(`  without a cache:  median ${summary.withoutCache.callMsMedian.toFixed(1)} ms (process to first answer ${summary.withoutCache.processMsMedian.toFixed(0)} ms)  [${summary.withoutCache.callMs.join(', ')}]`);
    console.log(`  warm file store:  median ${summary.warmCache.callMsMedian.toFixed(1)} ms (process to first answer ${summary.warmCache.processMsMedian.toFixed(0)} ms)  [${summary.warmCache.callMs.join(', ')}]`);
    console.log(`  stored: ${bytes} bytes (${(bytes / 2 ** 20).toFixed(2)} MiB) in ${files.join(', ')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
