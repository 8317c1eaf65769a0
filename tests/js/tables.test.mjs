// The table cache (`tableCache`): tables saved by one puzzle or event scrambler load in a fresh one to the
// same bytes and the same answers; a damaged entry or another puzzle's bytes under the key are refused,
// deleted, warned about once and rebuilt; the write policy; stores that fail; the worker API with a store
// of the caller's (asked through messages); `twistsearch/node`'s file store; and the wasm shell's methods
// themselves (a non-Uint8Array is a TypeError, refused bytes leave the instance usable). Small puzzles
// only: every table here builds in milliseconds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadPuzzle, puzzleIDs, randomScrambleForEvent, scrambleEvents, tableCacheWrites } from '../../js/index.js';
import { TwistsearchWorker } from '../../js/worker-client.js';
import { fileTableStore } from '../../js/node.js';
import * as glue from '../../pkg/single/twistsearch.js';
import * as eventsGlue from '../../pkg/single/twistsearch_events.js';
import { tws } from './helpers.mjs';

/** A store in memory that counts what it is asked. */
function memoryStore() {
  const kept = new Map();
  const calls = { get: 0, set: 0, delete: 0 };
  return {
    kept,
    calls,
    async get(key) {
      calls.get++;
      return kept.get(key);
    },
    async set(key, bytes) {
      calls.set++;
      kept.set(key, bytes.slice());
    },
    async delete(key) {
      calls.delete++;
      kept.delete(key);
    },
  };
}

/** The cache options of a test: the store, a policy, and the events reported into `events`. */
function cache(store, events, write = 'always') {
  return { tableCache: store, tableCacheWrite: write, onTableCache: (e) => events.push(e) };
}

/** A copy of `bytes` with one byte flipped (inside the data, past the header). */
function damaged(bytes) {
  const out = bytes.slice();
  out[out.length - 9] ^= 0x21;
  return out;
}

/** Counts console.warn calls during `t` (and keeps them off the test output). */
function countWarnings(t) {
  const warn = t.mock.method(console, 'warn', () => {});
  return () => warn.mock.callCount();
}

const PHASES = { generatorMoves: 'U,F,R', phases: ['U,F2,R2'] };

test('a puzzle: tables saved by one load in a fresh one (the same bytes, the same answers), optimal and by phases', async () => {
  const store = memoryStore();
  const events = [];
  const first = await loadPuzzle(tws('2x2x2'), cache(store, events));
  const scramble = await first.randomScramble({ seed: 11 });
  await tableCacheWrites();
  const solved = await first.solve(scramble);
  await tableCacheWrites();
  const near = await first.solve("R U F' R2", PHASES);
  await tableCacheWrites();
  assert.deepEqual(
    events.map((e) => e.type),
    ['missing', 'writing', 'missing', 'writing'],
    'the optimal solver: looked up, built, written; its solve reuses it; the phase solver alike',
  );
  const optimalKey = await first.tablesKey();
  const phaseKey = await first.tablesKey(PHASES);
  assert.match(optimalKey, /^twistsearch-\d+\.\d+\.\d+[^/]*\/PuzzleGeometryPuzzle\/prune-[0-9a-f]{16}-268435456$/);
  assert.match(phaseKey, /\/phase-[0-9a-f]{16}$/);
  assert.deepEqual([...store.kept.keys()].sort(), [optimalKey, phaseKey].sort());
  assert.deepEqual(store.kept.get(optimalKey), await first.saveTables());
  assert.deepEqual(store.kept.get(phaseKey), await first.saveTables(PHASES));

  // A fresh puzzle with the same store: loaded, not built, and the same answers.
  const later = [];
  const second = await loadPuzzle(tws('2x2x2'), cache(store, later, 'auto'));
  assert.deepEqual((await second.solve(scramble)).solutions, solved.solutions);
  assert.deepEqual((await second.solve("R U F' R2", PHASES)).solutions, near.solutions);
  assert.deepEqual(later.map((e) => [e.type, e.key]), [['loaded', optimalKey], ['loaded', phaseKey]]);
  assert.equal(later[0].bytes, store.kept.get(optimalKey).length);
  assert.ok(later[0].seconds >= 0);
  assert.equal(await second.randomScramble({ seed: 11 }), scramble);
  assert.equal(store.calls.get, 4, 'each solver looked up once');

  // Loaded by hand into a puzzle without a cache: saved again, the very same bytes.
  const plain = await loadPuzzle(tws('2x2x2'));
  assert.equal(await plain.saveTables(), undefined, 'no solver kept yet');
  for (const options of [undefined, PHASES]) {
    const bytes = store.kept.get(await first.tablesKey(options));
    await plain.loadTables(bytes, options);
    assert.deepEqual(await plain.saveTables(options), bytes);
  }
  assert.deepEqual((await plain.solve("R U F' R2", PHASES)).solutions, near.solutions);
});

test('a damaged entry is refused, deleted, warned about once and rebuilt; another puzzle\'s bytes under the key are refused', async (t) => {
  const warnings = countWarnings(t);
  const store = memoryStore();
  const first = await loadPuzzle(tws('2x2x2'), cache(store, []));
  const answer = await first.solve("R U R' F");
  await tableCacheWrites();
  const key = await first.tablesKey();
  const good = store.kept.get(key);
  assert.ok(good instanceof Uint8Array);

  // Read only: refused, deleted, built; nothing written.
  store.kept.set(key, damaged(good));
  const events = [];
  const p = await loadPuzzle(tws('2x2x2'), cache(store, events, 'never'));
  assert.deepEqual((await p.solve("R U R' F")).solutions, answer.solutions);
  await tableCacheWrites();
  assert.deepEqual(events.map((e) => e.type), ['refused']);
  assert.match(events[0].message, /checksum|damaged/);
  assert.equal(store.kept.has(key), false, 'the refused entry is deleted');
  assert.equal(warnings(), 1);

  // Again, now rewritten: the same key warns no more, and the next puzzle loads the rebuilt tables.
  store.kept.set(key, damaged(good));
  const again = [];
  const q = await loadPuzzle(tws('2x2x2'), cache(store, again));
  assert.deepEqual((await q.solve("R U R' F")).solutions, answer.solutions);
  await tableCacheWrites();
  assert.deepEqual(again.map((e) => e.type), ['refused', 'writing']);
  assert.equal(warnings(), 1, 'warned once per key');
  const loads = [];
  const r = await loadPuzzle(tws('2x2x2'), cache(store, loads));
  await r.solve("R U R' F");
  assert.deepEqual(loads.map((e) => e.type), ['loaded']);

  // The 2x2x2's table under the pyraminx's key: made for another puzzle, refused.
  const pyraminx = await loadPuzzle(tws('pyraminx'), cache(store, []));
  const pyraKey = await pyraminx.tablesKey();
  store.kept.set(pyraKey, good);
  const foreign = [];
  const other = await loadPuzzle(tws('pyraminx'), cache(store, foreign));
  const solved = await other.solve("L R' F D'");
  assert.equal(solved.lengths[0], 4);
  await tableCacheWrites();
  assert.deepEqual(foreign.map((e) => e.type), ['refused', 'writing']);
  assert.match(foreign[0].message, /another|puzzle|made for/);
  assert.notDeepEqual(store.kept.get(pyraKey), good, 'replaced by the pyraminx\'s own table');
  await assert.rejects(other.loadTables(good), (e) => e instanceof Error && !(e instanceof TypeError));
  assert.equal((await other.solve("L R' F D'")).lengths[0], 4, 'still solves after refusing bytes');
  assert.equal(warnings(), 2);
});

test("the write policy: 'auto' writes only tables that took a second or more; 'never' reads only", async () => {
  const store = memoryStore();
  const events = [];
  const p = await loadPuzzle(tws('2x2x2'), cache(store, events, 'auto'));
  await p.randomScramble({ seed: 1 });
  await p.solve("R U F'", PHASES);
  await tableCacheWrites();
  assert.deepEqual(events.map((e) => e.type), ['missing', 'missing'], 'built in milliseconds: not written');
  assert.equal(store.calls.set, 0);
  const never = [];
  const q = await loadPuzzle(tws('2x2x2'), cache(store, never, 'never'));
  await q.randomScramble({ seed: 1 });
  await tableCacheWrites();
  assert.deepEqual(never.map((e) => e.type), ['missing']);
  assert.equal(store.calls.set, 0);
});

test('the answer never waits for a write: serializing and storing happen after it', async () => {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const written = [];
  const slow = {
    get: async () => undefined,
    set: async (key, bytes) => {
      await gate;
      written.push([key, bytes.length]);
    },
  };
  const events = [];
  const p = await loadPuzzle(tws('2x2x2'), cache(slow, events));
  assert.equal((await p.solve("R U F'")).lengths[0], 3);
  assert.deepEqual(events.map((e) => e.type), ['missing'], 'answered before the tables were even serialized');
  let flushed = false;
  const writes = tableCacheWrites().then(() => (flushed = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(events.map((e) => e.type), ['missing', 'writing']);
  assert.equal(flushed, false, 'tableCacheWrites waits for the store');
  release();
  await writes;
  assert.equal(written.length, 1);
});

test('a call cancelled while its tables load rejects with an AbortError and leaves the entry alone', async () => {
  const store = memoryStore();
  const first = await loadPuzzle(tws('2x2x2'), cache(store, []));
  await first.solve("R U F'");
  await tableCacheWrites();
  const key = await first.tablesKey();
  const bytes = store.kept.get(key);
  const controller = new AbortController();
  const aborting = { ...store, get: async (k) => (controller.abort(), store.get(k)), set: store.set, delete: store.delete };
  const events = [];
  const p = await loadPuzzle(tws('2x2x2'), cache(aborting, events));
  await assert.rejects(p.solve("R U F'", { signal: controller.signal }), { name: 'AbortError' });
  assert.deepEqual(events, [], 'neither loaded nor refused');
  assert.deepEqual(store.kept.get(key), bytes);
  assert.equal((await p.solve("R U F'")).lengths[0], 3, 'the next call loads them');
  assert.deepEqual(events.map((e) => e.type), ['loaded']);
});

test('a store that fails: reported, and the calls answer as without a cache', async (t) => {
  const warnings = countWarnings(t);
  const events = [];
  const broken = {
    get: async () => {
      throw new Error('disk on fire');
    },
    set: async () => {
      throw new Error('disk full');
    },
  };
  const p = await loadPuzzle(tws('2x2x2'), cache(broken, events));
  assert.equal((await p.solve("R U F'")).lengths[0], 3);
  await tableCacheWrites();
  assert.deepEqual(events.map((e) => [e.type, e.message]), [
    ['error', 'disk on fire'],
    ['writing', undefined],
    ['error', 'disk full'],
  ]);
  assert.equal(warnings(), 2);
  // Not bytes at all under the key: refused as damaged (a store without delete keeps it).
  const odd = [];
  const q = await loadPuzzle(tws('2x2x2'), cache({ get: async () => 'text', set: async () => {} }, odd, 'never'));
  assert.equal((await q.solve("R U F'")).lengths[0], 3);
  assert.deepEqual(odd.map((e) => e.type), ['refused']);
});

test('bad arguments: TypeErrors naming the option; a non-Uint8Array to loadTables, then the next call works', async () => {
  const p = await loadPuzzle(tws('2x2x2'));
  await assert.rejects(loadPuzzle(tws('2x2x2'), { tableCache: 5 }), TypeError);
  await assert.rejects(loadPuzzle(tws('2x2x2'), { tableCache: memoryStore(), tableCacheWrite: 'sometimes' }), /tableCacheWrite/);
  await assert.rejects(loadPuzzle(tws('2x2x2'), { tableCache: memoryStore(), onTableCache: 'log' }), /onTableCache/);
  await assert.rejects(loadPuzzle(tws('2x2x2'), { tableCache: 'indexeddb' }), (e) => !(e instanceof TypeError) && /IndexedDB.*fileTableStore/.test(e.message));
  await assert.rejects(randomScrambleForEvent('222', { tableCache: {} }), TypeError);
  await assert.rejects(p.solve("R U", { tableCache: memoryStore() }), (e) => e instanceof TypeError && /option of loadPuzzle/.test(e.message));
  for (const bad of ['bytes', [1, 2, 3], new ArrayBuffer(8), null, undefined]) {
    await assert.rejects(p.loadTables(bad), (e) => e instanceof TypeError && /Uint8Array/.test(e.message), String(bad));
    assert.equal((await p.solve("R U F'")).lengths[0], 3);
  }
  await assert.rejects(p.loadTables(new Uint8Array(16)), (e) => e instanceof Error && !(e instanceof TypeError));
  assert.equal((await p.solve("R U F'")).lengths[0], 3);
});

test('the wasm shell: TypeError for a non-Uint8Array, refused bytes leave puzzle and scrambler usable', async () => {
  // The puzzle part's module, loaded by the first call that needs it.
  await puzzleIDs();
  const puzzle = new glue.Puzzle(tws('2x2x2'));
  assert.equal(puzzle.tablesStatus({}, undefined), undefined);
  assert.throws(() => puzzle.loadTables('bytes', {}, undefined, {}), TypeError);
  assert.equal(puzzle.solve("R U F'", {}, {}).lengths[0], 3);
  const status = puzzle.tablesStatus({}, undefined);
  assert.equal(typeof status.serial, 'number');
  const bytes = puzzle.saveTables({}, undefined);
  assert.throws(() => puzzle.loadTables(damaged(bytes), {}, undefined, {}), (e) => !(e instanceof TypeError) && e.kind === 'input');
  assert.equal(puzzle.tablesStatus({}, undefined).serial, status.serial, 'the same solver kept');
  assert.deepEqual(puzzle.saveTables({}, undefined), bytes, 'and its table');
  assert.equal(puzzle.solve("R U F'", {}, {}).lengths[0], 3);
  puzzle.free();

  // Event scramblers: saved, loaded in a fresh one to the same bytes, the same scramble for a seed.
  // The events part: its own module in the single-threaded build, loaded by the first event call.
  await scrambleEvents();
  const built = new eventsGlue.EventScrambler('222');
  assert.equal(built.saveTables(), undefined);
  assert.match(built.tablesKey(), /^phase-[0-9a-f]{16}$/);
  assert.equal(built.puzzle, '2x2x2');
  const scramble = built.scramble({ seed: 3 }, {}).alg;
  const saved = built.saveTables();
  const fresh = new eventsGlue.EventScrambler('222');
  assert.throws(() => fresh.loadTables(42, {}), TypeError);
  assert.throws(() => fresh.loadTables(damaged(saved), {}), Error);
  assert.throws(() => fresh.loadTables(new Uint8Array(saved.length), {}), Error);
  assert.equal(fresh.warm, false);
  assert.equal(fresh.loadTables(saved, {}), true);
  assert.equal(fresh.warm, true);
  assert.equal(fresh.loadTables(saved, {}), false, 'already there');
  assert.deepEqual(fresh.saveTables(), saved);
  assert.equal(fresh.scramble({ seed: 3 }, {}).alg, scramble);
  const pyram = new eventsGlue.EventScrambler('pyram');
  assert.throws(() => pyram.loadTables(saved, {}), /another/);
  assert.equal(typeof pyram.scramble({ seed: 1 }, {}).alg, 'string', 'scrambles after refusing bytes');
  assert.equal(new eventsGlue.EventScrambler('555').tablesKey(), undefined);
  assert.equal(new eventsGlue.EventScrambler('sq1').tablesKey(), undefined);
});

test('events: tables written here load in a fresh worker (a store of the caller\'s, asked through messages); a damaged entry is refused and rebuilt', async (t) => {
  countWarnings(t);
  const store = memoryStore();
  const events = [];
  const scramble = await randomScrambleForEvent('pyram', { seed: 8, ...cache(store, events) });
  assert.equal(await randomScrambleForEvent('pyram', { seed: 9, ...cache(store, events) }).then((s) => typeof s), 'string');
  await tableCacheWrites();
  assert.deepEqual(events.map((e) => e.type), ['missing', 'writing'], 'looked up and written once: the second call is warm');
  const key = events[0].key;
  assert.match(key, /^twistsearch-[^/]+\/pyraminx\/phase-[0-9a-f]{16}$/);
  const good = store.kept.get(key);

  const w = new TwistsearchWorker();
  try {
    const inWorker = [];
    assert.equal(await w.randomScrambleForEvent('pyram', { seed: 8, ...cache(store, inWorker) }), scramble);
    assert.deepEqual(inWorker.map((e) => [e.type, e.key]), [['loaded', key]]);
    // solveForEvent takes the cache too (the Square-1 has no such tables: nothing is asked).
    const before = store.calls.get;
    const sq1 = await w.randomScrambleForEvent('sq1', { seed: 1, ...cache(store, inWorker) });
    assert.equal(typeof sq1, 'string');
    assert.equal(store.calls.get, before);

    store.kept.set(key, damaged(good));
    const w2 = new TwistsearchWorker();
    try {
      const refused = [];
      assert.equal(await w2.randomScrambleForEvent('pyram', { seed: 8, ...cache(store, refused) }), scramble);
      await w2.tableCacheWrites();
      assert.deepEqual(refused.map((e) => e.type), ['refused', 'writing']);
      assert.deepEqual(store.kept.get(key), good, 'rebuilt: the same bytes as first built');
    } finally {
      w2.terminate();
    }
  } finally {
    w.terminate();
  }
});

test('the worker API: a puzzle with a table cache, its tables methods, and twistsearch/node\'s file store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'twistsearch-tables-'));
  try {
    const store = fileTableStore(dir);
    assert.equal(await store.get('none/such'), undefined);
    await store.set('a/b', new Uint8Array([1, 2, 3]));
    assert.deepEqual(await store.get('a/b'), new Uint8Array([1, 2, 3]));
    assert.deepEqual(readdirSync(dir), ['a%2Fb.tables'], 'one file per key, inside the directory');
    await store.delete('a/b');
    await store.delete('a/b');
    assert.deepEqual(readdirSync(dir), []);

    const w = new TwistsearchWorker();
    try {
      const events = [];
      const p = await w.loadPuzzle(tws('2x2x2'), cache(store, events));
      const answer = await p.solve("R U R' U'");
      await w.tableCacheWrites();
      assert.deepEqual(events.map((e) => e.type), ['missing', 'writing']);
      const key = await p.tablesKey();
      assert.equal(events[0].key, key);
      const bytes = await p.saveTables();
      assert.deepEqual(await store.get(key), bytes);
      await assert.rejects(p.loadTables('nope'), TypeError);
      await assert.rejects(p.solve("R U", { tableCache: store }), TypeError);

      const later = [];
      const q = await w.loadPuzzle(tws('2x2x2'), cache(store, later));
      assert.deepEqual((await q.solve("R U R' U'")).solutions, answer.solutions);
      assert.deepEqual(later.map((e) => e.type), ['loaded']);
      const r = await w.loadPuzzle(tws('2x2x2'));
      await r.loadTables(bytes);
      assert.deepEqual(await r.saveTables(), bytes);
    } finally {
      w.terminate();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('444: the reduction tables written here load in a fresh worker, and give the same scramble', async () => {
  const store = memoryStore();
  const events = [];
  const scramble = await randomScrambleForEvent('444', { seed: 3, ...cache(store, events) });
  await tableCacheWrites();
  assert.deepEqual(events.map((e) => e.type), ['missing', 'writing']);
  const key = events[0].key;
  assert.match(key, /^twistsearch-[^/]+\/4x4x4\/phase-cube4-[0-9a-f]{16}$/);
  const w = new TwistsearchWorker();
  try {
    const inWorker = [];
    assert.equal(await w.randomScrambleForEvent('444', { seed: 3, ...cache(store, inWorker) }), scramble);
    assert.deepEqual(inWorker.map((e) => [e.type, e.key]), [['loaded', key]]);
  } finally {
    w.terminate();
  }
});
