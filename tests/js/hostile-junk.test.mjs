// Issue 14: 1,000 calls with random junk arguments on the single-threaded build never poison the module:
// each is answered (a value or an Error), and the last call still solves. `scripts/fuzz-js.sh` runs the
// same for as long as asked with fresh seeds (JUNK_SECONDS, JUNK_SEED; not in CI).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadPuzzle, randomScrambleForEvent, solveForEvent } from '../../js/index.js';
import { tws } from './helpers.mjs';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK = [
  undefined, null, 0, -1, 42, 2 ** 32, 2 ** 53, -0, 1.5, NaN, Infinity, -Infinity, 10n, true, false, '', 'R',
  "R U R' U'", 'R U)', '(R U)1000000000', 'Q', '\u0000', 'é', ' '.repeat(1000), [], [1, 2], {}, { a: 1 },
  { maxSolutions: 1e9 }, { maxDepth: NaN }, { memoryMB: Infinity }, { memoryMB: 1e12 }, { generatorMoves: 42 },
  { targetPattern: {} }, { onProgress: 3 }, { signal: {} }, { slack: 2 ** 40 }, Symbol('s'), () => 1,
  new Int32Array(1), { CORNER: { pieces: [0], orientation: [0] } },
];

const SECONDS = Number(process.env.JUNK_SECONDS ?? 0);
const SEED = Number(process.env.JUNK_SEED ?? 14);

test(SECONDS > 0 ? `junk calls for ${SECONDS} s (seed ${SEED}) leave the module usable` : '1,000 junk calls leave the module usable', { timeout: SECONDS > 0 ? (SECONDS + 600) * 1000 : undefined }, async () => {
  const cube = await loadPuzzle(tws('2x2x2'));
  const methods = [
    'solve', 'randomScramble', 'canonicalCounts', 'order', 'algOrder', 'invert', 'simplify', 'position', 'definition',
    'positions', 'tablesKey', 'saveTables', 'loadTables',
  ].filter((m) => typeof cube[m] === 'function');
  // The module's own entry points too (an event ID from the junk is never a real one, so none builds tables).
  const moduleCalls = {
    loadPuzzle: (a, b) => loadPuzzle(a, b),
    randomScrambleForEvent: (a, b) => randomScrambleForEvent(a, b),
    solveForEvent: (a, b) => solveForEvent(a, b),
  };
  for (const m of Object.keys(moduleCalls)) methods.push(m);
  const call = (method, args) => (method in moduleCalls ? moduleCalls[method](...args) : cube[method](...args));
  const next = rng(SEED);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const end = Date.now() + SECONDS * 1000;
  let calls = 0;
  for (let i = 0; SECONDS > 0 ? Date.now() < end : i < 1000; i++) {
    calls++;
    const method = pick(methods);
    const args = [pick(JUNK), pick(JUNK)];
    if (method === 'canonicalCounts' && typeof args[0] === 'number' && args[0] > 8) args[0] = 8;
    try {
      await call(method, args);
    } catch (e) {
      assert.ok(e instanceof Error, `${method}(${String(args[0])}) threw a non-Error: ${e}`);
      assert.ok(!(e instanceof WebAssembly.RuntimeError), `${method} trapped: ${e.message}`);
    }
  }
  if (SECONDS > 0) console.log(`junk calls: ${calls} in ${SECONDS} s, seed ${SEED}`);
  const r = await cube.solve("R U R' U'");
  assert.equal(r.solutions.length, 1);
  assert.equal(r.lengths[0], 4);
});
