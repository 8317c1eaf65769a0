// Optimal solves with `phaseBound`: the distance to a subgroup along every axis as a second bound beside
// the pruning table (here the 3x3x3's U,D,F2,B2,R2,L2 with projection tables, which a small
// `phaseBoundMemoryMB` builds in about a second; the exact 529 MiB table takes far longer and is measured
// in bench/history/2026-diary.md, not tested). Solutions are as short as without the bound, checked by cubing.js; the
// solver and its bound are kept for the next solve and made again when the bound changes; the bound's
// tables go through the table cache and the tables methods (`tables: 'phaseBound'`); the worker API and
// twistsearch/cubing pass the options on; bad values are TypeErrors, RangeErrors and Errors naming the
// option.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Alg } from 'cubing/alg';

import { loadPuzzle, puzzleIDs, tableCacheWrites } from '../../js/index.js';
import { createWorkerPuzzle } from '../../js/worker-client.js';
import { solve as cubingSolve } from '../../js/cubing.js';
import * as glue from '../../pkg/single/twistsearch.js';
import { cubingKPuzzle, moveCount, solves } from './helpers.mjs';

const FACES = 'U,L,F,R,B,D';
const KOCIEMBA = 'U,D,F2,B2,R2,L2';
/** Projection tables (10 MB): built in about a second. */
const BOUND = { generatorMoves: FACES, phaseBound: KOCIEMBA, phaseBoundMemoryMB: 32 };
/** Random walks of 8, 9 and 10 face turns (optimal lengths 8, 9, 10). */
const POSITIONS = ["R U F' L2 D B' R2 U'", "F R' U2 B L' D2 R F' U", "L2 B U' R D' F2 L U' B2 R'"];

/** A store in memory that records what it is asked. */
function memoryStore() {
  const kept = new Map();
  return {
    kept,
    async get(key) {
      return kept.get(key);
    },
    async set(key, bytes) {
      kept.set(key, bytes.slice());
    },
    async delete(key) {
      kept.delete(key);
    },
  };
}

test('with a phase bound: the same optimal lengths as without, every solution solving the position in cubing.js', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const plain = await loadPuzzle(k);
  const bounded = await loadPuzzle(k);
  try {
    let [plainNodes, boundedNodes] = [0, 0];
    for (const alg of POSITIONS) {
      const start = k.defaultPattern().applyAlg(alg);
      const a = await plain.solve(start, { generatorMoves: FACES });
      const b = await bounded.solve(start, BOUND);
      assert.equal(b.lengths[0], a.lengths[0], alg);
      assert.equal(b.lengths[0], moveCount(alg), `${alg}: a random walk this short is optimal`);
      assert.ok(solves(start, b.solutions[0]), `${alg}: ${b.solutions[0]}`);
      assert.equal(a.phaseBound, null, 'no bound asked for');
      assert.deepEqual({ ...b.phaseBound, buildSeconds: 0 }, {
        moves: KOCIEMBA,
        axes: 3,
        exact: false,
        tableBytes: b.phaseBound.tableBytes,
        buildSeconds: 0,
        tablesLoaded: false,
      });
      assert.ok(b.phaseBound.tableBytes > 0 && b.phaseBound.tableBytes <= 32 << 20);
      plainNodes += a.nodes;
      boundedNodes += b.nodes;
    }
    assert.ok(boundedNodes < plainNodes, `the bound prunes: ${boundedNodes} nodes against ${plainNodes}`);
  } finally {
    plain.free();
    bounded.free();
  }
});

test('the solver and its bound are kept for the next solve, made again when the bound changes', async () => {
  // The puzzle part's module, loaded by the first call that needs it.
  await puzzleIDs();
  const k = await cubingKPuzzle('3x3x3');
  const raw = new glue.Puzzle(JSON.stringify(k.definition));
  const start = POSITIONS[0];
  try {
    assert.equal(raw.tablesStatus(BOUND, start, 'phaseBound'), undefined, 'nothing made yet');
    const first = raw.solve(start, BOUND, {});
    const made = raw.tablesStatus(BOUND, start, 'phaseBound');
    assert.equal(made.changes, 1);
    assert.ok(made.seconds > 0, 'built');
    const second = raw.solve(POSITIONS[1], BOUND, {});
    assert.deepEqual(raw.tablesStatus(BOUND, start, 'phaseBound'), made, 'the same solver, the same bound');
    assert.equal(second.phaseBound.buildSeconds, first.phaseBound.buildSeconds, 'not built again');
    // Another budget, or other moves: another bound, and another solver.
    const other = { ...BOUND, phaseBoundMemoryMB: 16 };
    assert.equal(raw.tablesStatus(other, start, 'phaseBound'), undefined);
    const third = raw.solve(start, other, {});
    assert.equal(third.lengths[0], first.lengths[0]);
    const remade = raw.tablesStatus(other, start, 'phaseBound');
    assert.notEqual(remade.serial, made.serial);
    assert.equal(raw.tablesStatus(BOUND, start, 'phaseBound'), undefined, 'the old solver is gone');
    // The same subgroup written otherwise is the same bound.
    raw.solve(start, { ...other, phaseBound: 'U D F2 B2 R2 L2' }, {});
    assert.equal(raw.tablesStatus(other, start, 'phaseBound').serial, remade.serial);
    // Without a bound: a solver of its own, with none.
    assert.equal(raw.solve(start, { generatorMoves: FACES }, {}).phaseBound, null);
    assert.equal(raw.tablesStatus(other, start, 'phaseBound'), undefined);
  } finally {
    raw.free();
  }
});

test("the bound's tables: cached under their own key, loaded by a fresh puzzle; saveTables/loadTables with tables: 'phaseBound'", async () => {
  const k = await cubingKPuzzle('3x3x3');
  const store = memoryStore();
  const events = [];
  const cache = { tableCache: store, tableCacheWrite: 'always', onTableCache: (e) => events.push([e.type, e.key]) };
  const first = await loadPuzzle(k, cache);
  const second = await loadPuzzle(k, cache);
  const plain = await loadPuzzle(k);
  try {
    const pruneKey = await first.tablesKey(BOUND);
    const boundKey = await first.tablesKey({ ...BOUND, tables: 'phaseBound' });
    assert.match(boundKey, /\/phase-[0-9a-f]{16}$/);
    assert.notEqual(boundKey, await first.tablesKey({ ...BOUND, phaseBoundMemoryMB: 16, tables: 'phaseBound' }));
    const built = await first.solve(POSITIONS[1], BOUND);
    await tableCacheWrites();
    assert.deepEqual(events, [['missing', pruneKey], ['missing', boundKey], ['writing', pruneKey], ['writing', boundKey]]);
    const boundBytes = await first.saveTables({ ...BOUND, tables: 'phaseBound' });
    assert.deepEqual(store.kept.get(boundKey), boundBytes);
    events.length = 0;
    await first.solve(POSITIONS[2], BOUND);
    await tableCacheWrites();
    // (Deeper fills of the pruning table may be written again: 'always'.)
    assert.deepEqual(events.filter(([type, key]) => type !== 'writing' || key === boundKey), [], 'kept: nothing looked up, the bound not written again');

    // A fresh puzzle loads both parts instead of building them.
    events.length = 0;
    const loaded = await second.solve(POSITIONS[1], BOUND);
    await tableCacheWrites();
    assert.deepEqual(events.filter(([type]) => type !== 'writing'), [['loaded', pruneKey], ['loaded', boundKey]]);
    assert.equal(loaded.phaseBound.tablesLoaded, true);
    assert.equal(loaded.lengths[0], built.lengths[0]);

    // By hand: loaded into a puzzle without a cache, saved again to the same bytes; damaged bytes refused.
    assert.equal(await plain.saveTables({ ...BOUND, tables: 'phaseBound' }), undefined);
    const damaged = boundBytes.slice();
    damaged[damaged.length - 9] ^= 0x21;
    await assert.rejects(plain.loadTables(damaged, { ...BOUND, tables: 'phaseBound' }), (e) => e instanceof Error && !(e instanceof TypeError));
    await plain.loadTables(boundBytes, { ...BOUND, tables: 'phaseBound' });
    assert.deepEqual(await plain.saveTables({ ...BOUND, tables: 'phaseBound' }), boundBytes);
    const r = await plain.solve(POSITIONS[1], BOUND);
    assert.equal(r.phaseBound.tablesLoaded, true);
    assert.equal(r.nodes, built.nodes);
    await assert.rejects(plain.loadTables(boundBytes, { ...BOUND, phaseBoundMemoryMB: 16, tables: 'phaseBound' }), Error, 'another plan');
  } finally {
    first.free();
    second.free();
    plain.free();
  }
});

test('the worker API and twistsearch/cubing pass phaseBound on', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const start = k.defaultPattern().applyAlg(POSITIONS[1]);
  const alg = await cubingSolve(start, { phaseBound: KOCIEMBA, phaseBoundMemoryMB: 32 });
  assert.ok(alg instanceof Alg);
  assert.equal(alg.experimentalNumChildAlgNodes(), 9);
  assert.ok(solves(start, alg.toString()));
  const p = await createWorkerPuzzle(k);
  try {
    const r = await p.solve(start, BOUND);
    assert.equal(r.lengths[0], 9);
    assert.equal(r.phaseBound.axes, 3);
    assert.ok(solves(start, r.solutions[0]));
    assert.match(await p.tablesKey({ ...BOUND, tables: 'phaseBound' }), /\/phase-[0-9a-f]{16}$/);
    await assert.rejects(p.solve(start, { ...BOUND, phaseBoundMemoryMB: NaN }), RangeError);
  } finally {
    p.terminate();
  }
});

test('bad values: TypeErrors, RangeErrors and Errors naming the option; the puzzle works after', async () => {
  const p = await loadPuzzle(await cubingKPuzzle('3x3x3'));
  try {
    const cases = [
      [{ phaseBound: 42 }, TypeError, /phaseBound/],
      [{ phaseBound: null }, TypeError, /phaseBound/],
      [{ phaseBound: [KOCIEMBA] }, TypeError, /phaseBound/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: '64' }, TypeError, /phaseBoundMemoryMB/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: NaN }, RangeError, /phaseBoundMemoryMB/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: Infinity }, RangeError, /phaseBoundMemoryMB/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: 0 }, RangeError, /phaseBoundMemoryMB/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: -1 }, RangeError, /phaseBoundMemoryMB/],
      // More than wasm32 can hold, refused before anything is allocated.
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: 4000 }, RangeError, /phaseBoundMemoryMB 4000 with memoryMB 256.*4096 MiB/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: 600, memoryMB: 3600 }, RangeError, /4096 MiB/],
      [{ phaseBound: KOCIEMBA, phaseBoundMemoryMB: 1e12 }, RangeError, /phaseBoundMemoryMB/],
      [{ phaseBoundMemoryMB: 64 }, Error, /phaseBoundMemoryMB.*phaseBound/],
      [{ phaseBound: 'U,Q' }, Error, /phaseBound.*"Q"/],
      [{ phaseBound: KOCIEMBA, phases: [KOCIEMBA] }, Error, /phaseBound is for optimal solves/],
      [{ phaseBoundMemoryMb: 64 }, Error, /phaseBoundMemoryMb/],
    ];
    for (const [options, kind, message] of cases) {
      await assert.rejects(
        p.solve('R U', { generatorMoves: FACES, ...options }),
        (e) => e instanceof kind && message.test(e.message),
        JSON.stringify(options),
      );
    }
    await assert.rejects(p.tablesKey({ tables: 'bound' }), (e) => e instanceof TypeError && /tables/.test(e.message));
    await assert.rejects(p.saveTables({ tables: 'phaseBound' }), (e) => e instanceof Error && /phaseBound/.test(e.message));
    await assert.rejects(p.randomScramble({ phaseBound: KOCIEMBA }), (e) => e instanceof Error && /phaseBound/.test(e.message));
    assert.equal((await p.solve('R U', { generatorMoves: FACES })).lengths[0], 2);
  } finally {
    p.free();
  }
});
