// The worker API (`twistsearch/worker`) in Node.js worker threads: the same answers, progress events,
// and cancellation that really stops the work (through the shared flag, or by restarting the worker).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { TwistsearchWorker, createWorkerPuzzle, sharedFlagsAvailable } from '../../js/worker-client.js';
import { TPERM, cubingKPuzzle, moveCount, randomAlg, solves, tws } from './helpers.mjs';

const HARD_4x4x4 = "R U F D L B R2 U' F2 D L' B2 R U F 2R2 2U 2F' L2 2B D' 2L F2 U 2B' R'";

test('the same API in a worker: T-perm, progress events, errors, counts', async (t) => {
  const p = await createWorkerPuzzle(tws('3x3x3'));
  try {
    assert.deepEqual(await p.worker.init(), { build: 'single', threads: 1 });
    const k = await cubingKPuzzle('3x3x3');
    const reports = [];
    const t0 = performance.now();
    const r = await p.solve(TPERM, { onProgress: (x) => reports.push(x) });
    t.diagnostic(`T-perm in a worker: ${(performance.now() - t0).toFixed(0)} ms`);
    assert.equal(moveCount(r.solutions[0]), 11);
    assert.ok(solves(k.defaultPattern().applyAlg(TPERM), r.solutions[0]));
    assert.ok(reports.some((x) => x.phase === 'table'));
    assert.ok(reports.some((x) => x.phase === 'search'));
    // A cubing.js KPattern crosses to the worker as its pattern data.
    const r2 = await p.solve(await p.position(TPERM));
    assert.deepEqual(r2.solutions, r.solutions);
    await assert.rejects(p.solve(TPERM, { generatorMoves: 'Q' }), (e) => e instanceof Error && /token "Q": no such move/.test(e.message));
    assert.deepEqual(await p.canonicalCounts(3), [1n, 18n, 243n, 3240n]);
    assert.equal(await p.order(), 43252003274489856000n);
    assert.equal(await p.invert("R U'"), "U R'");
    assert.equal(await p.simplify('R R'), 'R2');
    await assert.rejects(createWorkerPuzzle('Name x\nSet A 2 q\n'), (e) => e instanceof Error && /line 2/.test(e.message));
  } finally {
    p.terminate();
  }
});

test('a cubing.js KPuzzle and KPattern go to a worker', async () => {
  const k = await cubingKPuzzle('2x2x2');
  const p = await createWorkerPuzzle(k);
  try {
    const scramble = await p.randomScramble({ memoryMB: 16 });
    const start = k.defaultPattern().applyAlg(scramble);
    const r = await p.solve(start, { memoryMB: 16 });
    assert.ok(solves(start, r.solutions[0]));
    assert.equal(moveCount(r.solutions[0]), moveCount(scramble));
  } finally {
    p.terminate();
  }
});

test('aborting a hard 4x4x4 solve stops it through the shared flag', async (t) => {
  assert.ok(sharedFlagsAvailable());
  const worker = new TwistsearchWorker();
  try {
    const p = await worker.loadPuzzle(tws('4x4x4'));
    const t0 = performance.now();
    await assert.rejects(
      p.solve(HARD_4x4x4, { signal: AbortSignal.timeout(300) }),
      (e) => e instanceof DOMException && e.name === 'AbortError' && e.cause?.name === 'TimeoutError',
    );
    const rejectedAfter = performance.now() - t0;
    assert.ok(rejectedAfter < 1000, `rejected after ${rejectedAfter} ms`);
    // The worker is free again soon: the work really stopped (it was not terminated).
    const t1 = performance.now();
    assert.equal(await p.invert('2R U'), "U' 2R'");
    const freeAfter = performance.now() - t1;
    t.diagnostic(`abort: rejected after ${rejectedAfter.toFixed(0)} ms, worker answering ${freeAfter.toFixed(0)} ms later`);
    assert.ok(freeAfter < 2000, `worker busy for ${freeAfter} ms after the abort`);
    assert.equal(worker.restarts, 0);
  } finally {
    worker.terminate();
  }
});

test('without a shared flag, aborting terminates and restarts the worker; puzzles come back', async () => {
  const worker = new TwistsearchWorker({ sharedFlag: false });
  try {
    const mega = await worker.loadPuzzle(tws('megaminx'));
    const small = await worker.loadPuzzle(tws('2x2x2'));
    const scramble = randomAlg(mega.info.moves, 40);
    const t0 = performance.now();
    const c = new AbortController();
    const pending = mega.solve(scramble, { signal: c.signal });
    // A call queued behind the aborted one is answered by the fresh worker.
    const queued = small.solve("R U'", { memoryMB: 16 });
    setTimeout(() => c.abort(), 300);
    await assert.rejects(pending, { name: 'AbortError' });
    assert.ok(performance.now() - t0 < 1000);
    assert.deepEqual((await queued).solutions, ["U R'"]);
    assert.equal(worker.restarts, 1);
    assert.equal(await mega.invert('U R'), "R' U'");
  } finally {
    worker.terminate();
  }
});

test('a terminated worker rejects its calls', async () => {
  const p = await createWorkerPuzzle(tws('2x2x2'));
  const call = p.solve(randomAlg(['U', 'R', 'F'], 12), { memoryMB: 16 });
  p.terminate();
  await assert.rejects(call, /terminated/);
  await assert.rejects(p.invert('R'), /terminated/);
});
