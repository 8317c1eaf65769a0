// God's algorithm through the public JS API (single-threaded build); antipodes checked with cubing.js.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadPuzzle } from '../../js/index.js';
import { createWorkerPuzzle } from '../../js/worker-client.js';
import { cubingKPuzzle, kpattern, tws } from './helpers.mjs';

test('the 2x2x2 with U,F,R: the known distance table, antipodes cubing.js agrees with', async () => {
  const p = await loadPuzzle(tws('2x2x2'));
  const r = await p.godsAlgorithm({ generatorMoves: 'U,F,R', antipodes: 2 });
  assert.deepEqual(r.counts, [1n, 9n, 54n, 321n, 1847n, 9992n, 50136n, 227536n, 870072n, 1887748n, 623800n, 2644n]);
  assert.equal(r.total, 3674160n);
  assert.equal(r.depth, 11);
  assert.equal(r.method, 'dense');
  assert.equal(r.antipodes.length, 2);
  for (const a of r.antipodes) {
    assert.equal(a.alg.split(' ').length, 11);
    // The antipode is where its alg leads (in twistsearch's own numbering of this .tws puzzle).
    assert.deepEqual(await p.position(a.alg), a.pattern);
  }
  const q = await p.godsAlgorithm({ generatorMoves: 'U,F,R', qtm: true });
  assert.equal(q.counts.length, 15);
  assert.equal(q.counts[14], 276n);
});

test('cubing.js 2x2x2 KPuzzle, an antipode checked in cubing.js, and errors', async () => {
  const kpuzzle = await cubingKPuzzle('2x2x2');
  const p = await loadPuzzle(kpuzzle);
  const r = await p.godsAlgorithm({ generatorMoves: ['U', 'R'], antipodes: 1 });
  assert.equal(r.total, 29160n);
  const [a] = r.antipodes;
  const reached = kpuzzle.defaultPattern().applyAlg(a.alg);
  assert.ok(reached.isIdentical(kpattern(kpuzzle, a.pattern)));
  await assert.rejects(p.godsAlgorithm({ generatorMoves: 'U,Q' }), (e) => e instanceof Error && /token "Q"/.test(e.message));
  await assert.rejects(p.godsAlgorithm({ antipodez: 1 }), (e) => e instanceof Error && /antipodez/.test(e.message));
  const cube = await loadPuzzle(tws('3x3x3'));
  await assert.rejects(cube.godsAlgorithm(), (e) => e instanceof Error && /does not fit the memory budget/.test(e.message));
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(p.godsAlgorithm({ signal: ac.signal }), (e) => e.name === 'AbortError');
});

test('in a worker, with progress events', async (t) => {
  const p = await createWorkerPuzzle(tws('2x2x2'));
  t.after(() => p.terminate());
  let reports = 0;
  const r = await p.godsAlgorithm({ generatorMoves: 'U,F,R', onProgress: () => reports++ });
  assert.equal(r.total, 3674160n);
  assert.ok(reports > 0);
});
