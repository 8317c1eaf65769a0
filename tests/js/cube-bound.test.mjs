// Optimal 3x3x3 solves with `cubeBound: 'phase1'`: the cube's own table (the distance to Kociemba's
// phase-1 subgroup along the three axes, 66 MiB of entries) bounds the search, and a plain request (one
// optimal solution in face turns, to solved) is answered by the cube's own search on the table's
// coordinates. The table is built once here (tens of seconds in the single-threaded build) and given to
// the other puzzles as bytes. Solutions are as short as without the bound and checked by cubing.js; the
// table goes through the table cache and the tables methods (`tables: 'cubeBound'`); the worker API
// passes the options on; bad values are TypeErrors, RangeErrors and Errors naming the option, refused
// before anything is allocated. The `huge` table (2,020 MiB) is refused: wasm32 cannot index it.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadPuzzle, tableCacheWrites } from '../../js/index.js';
import { createWorkerPuzzle } from '../../js/worker-client.js';
import { cubingKPuzzle, moveCount, solves } from './helpers.mjs';

const FACES = 'U,L,F,R,B,D';
const CUBE = { generatorMoves: FACES, cubeBound: 'phase1' };
/** Random walks of 8, 9 and 10 face turns (optimal lengths 8, 9, 10). */
const POSITIONS = ["R U F' L2 D B' R2 U'", "F R' U2 B L' D2 R F' U", "L2 B U' R D' F2 L U' B2 R'"];
/** Bytes of the entries of the phase-1 table (127,166 classes × 2,187 twists, two bits each). */
const ENTRY_BYTES = 69528016;

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

/** The table's bytes, from the first test's puzzle (built once). */
let tableBytes;

test('with the cube bound: the same optimal lengths, the cube’s own search for plain requests, the table cached', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const store = memoryStore();
  const events = [];
  const cache = { tableCache: store, tableCacheWrite: 'always', onTableCache: (e) => events.push([e.type, e.key]) };
  const plain = await loadPuzzle(k);
  const bounded = await loadPuzzle(k, cache);
  const second = await loadPuzzle(k, cache);
  try {
    const boundKey = await bounded.tablesKey({ ...CUBE, tables: 'cubeBound' });
    assert.match(boundKey, /\/cube-phase1-[0-9a-f]{16}$/);
    assert.equal(await bounded.tablesKey({ ...CUBE, tables: 'phaseBound' }), boundKey, 'the same part');
    let built;
    for (const alg of POSITIONS) {
      const start = k.defaultPattern().applyAlg(alg);
      const a = await plain.solve(start, { generatorMoves: FACES });
      const b = await bounded.solve(start, CUBE);
      assert.equal(b.lengths[0], a.lengths[0], alg);
      assert.equal(b.lengths[0], moveCount(alg), `${alg}: a random walk this short is optimal`);
      assert.ok(solves(start, b.solutions[0]), `${alg}: ${b.solutions[0]}`);
      assert.equal(a.searchedBy, 'states');
      assert.equal(b.searchedBy, '3x3x3 coordinates', alg);
      assert.deepEqual({ ...b.phaseBound, buildSeconds: 0 }, {
        table: 'phase1',
        axes: 3,
        exact: true,
        tableBytes: ENTRY_BYTES,
        buildSeconds: 0,
        tablesLoaded: false,
      });
      assert.ok(b.nodes < a.nodes, `${alg}: ${b.nodes} nodes against ${a.nodes}`);
      built ??= b;
    }
    // Two solutions: the cube's own search too. (An orientation option goes to the generic solver with
    // the bound: tests/tables_cli.rs; here it would replace the solver kept for the table's checks.)
    const start = k.defaultPattern().applyAlg(POSITIONS[2]);
    const two = await bounded.solve(start, { ...CUBE, maxSolutions: 2 });
    assert.equal(two.searchedBy, '3x3x3 coordinates');
    assert.equal(two.lengths[0], 10);
    assert.equal(two.solutions.length, 2);
    assert.ok(two.solutions.every((s) => solves(start, s)));
    await tableCacheWrites();
    assert.ok(events.some(([type, key]) => type === 'writing' && key === boundKey), JSON.stringify(events));
    tableBytes = await bounded.saveTables({ ...CUBE, tables: 'cubeBound' });
    assert.ok(tableBytes instanceof Uint8Array);
    assert.deepEqual(store.kept.get(boundKey), tableBytes);

    // A fresh puzzle with the cache loads the table instead of building it.
    events.length = 0;
    const loaded = await second.solve(POSITIONS[0], CUBE);
    assert.deepEqual(events.filter(([type, key]) => key === boundKey), [['loaded', boundKey]]);
    assert.equal(loaded.phaseBound.tablesLoaded, true);
    assert.deepEqual(loaded.solutions, built.solutions);
  } finally {
    plain.free();
    bounded.free();
    second.free();
  }
});

test("saveTables/loadTables with tables: 'cubeBound': the same bytes; damaged or foreign bytes refused", async () => {
  assert.ok(tableBytes, 'the first test built the table');
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  try {
    assert.equal(await p.saveTables({ ...CUBE, tables: 'cubeBound' }), undefined, 'nothing made yet');
    const damaged = tableBytes.slice();
    damaged[damaged.length - 9] ^= 0x21;
    await assert.rejects(p.loadTables(damaged, { ...CUBE, tables: 'cubeBound' }), (e) => e instanceof Error && !(e instanceof TypeError));
    await assert.rejects(p.loadTables(tableBytes, { ...CUBE, cubeBound: 'huge', cubeBoundMemoryMB: 2000, tables: 'cubeBound' }), Error, 'another table');
    await p.loadTables(tableBytes, { ...CUBE, tables: 'cubeBound' });
    assert.deepEqual(await p.saveTables({ ...CUBE, tables: 'cubeBound' }), tableBytes);
    const r = await p.solve(POSITIONS[1], CUBE);
    assert.equal(r.phaseBound.tablesLoaded, true);
    assert.equal(r.lengths[0], 9);
  } finally {
    p.free();
  }
});

test('the worker API passes cubeBound on', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const start = k.defaultPattern().applyAlg(POSITIONS[1]);
  const p = await createWorkerPuzzle(k);
  try {
    await p.loadTables(tableBytes, { ...CUBE, tables: 'cubeBound' });
    const r = await p.solve(start, CUBE);
    assert.equal(r.lengths[0], 9);
    assert.equal(r.searchedBy, '3x3x3 coordinates');
    assert.ok(solves(start, r.solutions[0]));
    assert.match(await p.tablesKey({ ...CUBE, tables: 'cubeBound' }), /\/cube-phase1-[0-9a-f]{16}$/);
    await assert.rejects(p.solve(start, { ...CUBE, cubeBoundMemoryMB: NaN }), RangeError);
  } finally {
    p.terminate();
  }
});

test('bad values: TypeErrors, RangeErrors and Errors naming the option, before anything is built; the puzzle works after', async () => {
  const p = await loadPuzzle(await cubingKPuzzle('3x3x3'));
  const two = await loadPuzzle(await cubingKPuzzle('2x2x2'));
  try {
    const cases = [
      [{ cubeBound: 42 }, TypeError, /cubeBound/],
      [{ cubeBound: null }, TypeError, /cubeBound/],
      [{ cubeBound: 'full' }, TypeError, /cubeBound must be 'phase1', 'phase1-parity' or 'huge'.*"full"/],
      [{ cubeBound: 'layers-parity' }, TypeError, /cubeBound must be/],
      [{ cubeBound: 'phase1-parity', cubeBoundMemoryMB: 50 }, RangeError, /phase1-parity table needs 81 MiB/],
      [{ cubeBound: 'phase1', cubeBoundMemoryMB: '64' }, TypeError, /cubeBoundMemoryMB/],
      [{ cubeBound: 'phase1', cubeBoundMemoryMB: NaN }, RangeError, /cubeBoundMemoryMB/],
      [{ cubeBound: 'phase1', cubeBoundMemoryMB: 0 }, RangeError, /cubeBoundMemoryMB/],
      // Tables larger than the budget, or budgets larger than wasm32, refused before anything is allocated.
      [{ cubeBound: 'huge', cubeBoundMemoryMB: 2000 }, RangeError, /huge table's 6.66 billion entries need a 64-bit build/],
      [{ cubeBound: 'phase1', cubeBoundMemoryMB: 50 }, RangeError, /phase1 table needs 85 MiB/],
      [{ cubeBound: 'huge', cubeBoundMemoryMB: 2000, memoryMB: 2500 }, RangeError, /4096 MiB/],
      [{ cubeBoundMemoryMB: 64 }, Error, /cubeBoundMemoryMB.*cubeBound/],
      [{ cubeBound: 'phase1', phaseBound: 'U,D,F2,B2,R2,L2' }, Error, /cubeBound and phaseBound/],
      [{ cubeBound: 'phase1', phases: ['U,D,F2,B2,R2,L2'] }, Error, /cubeBound is for optimal solves/],
      [{ cubeBound: 'phase1', targetPattern: 'R' }, Error, /solved cube only/],
      [{ cubeBound: 'phase1', generatorMoves: 'U,R,F,M' }, Error, /face turns only/],
    ];
    for (const [options, kind, message] of cases) {
      const started = performance.now();
      await assert.rejects(
        p.solve('R U', { generatorMoves: FACES, ...options }),
        (e) => e instanceof kind && message.test(e.message),
        JSON.stringify(options),
      );
      assert.ok(performance.now() - started < 5000, `${JSON.stringify(options)}: refused before building the table`);
    }
    await assert.rejects(two.solve('R U', { cubeBound: 'phase1' }), (e) => e instanceof Error && /3x3x3 definition/.test(e.message));
    await assert.rejects(p.tablesKey({ tables: 'bound' }), (e) => e instanceof TypeError && /cubeBound/.test(e.message));
    await assert.rejects(p.randomScramble({ cubeBound: 'phase1' }), (e) => e instanceof Error && /cubeBound/.test(e.message));
    assert.equal((await p.solve('R U', { generatorMoves: FACES })).lengths[0], 2);
    assert.equal((await two.solve('R U')).lengths[0], 2);
  } finally {
    p.free();
    two.free();
  }
});
