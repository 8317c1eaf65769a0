// Recovery from what must not poison the module: a trap in the WebAssembly instance (simulated: the old
// instance's glue throws the RuntimeError a trap throws), a freed puzzle, a throwing progress callback in
// the worker API.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadPuzzle, randomScrambleForEvent } from '../../js/index.js';
import { createWorkerPuzzle } from '../../js/worker-client.js';
import * as firstInstance from '../../pkg/single/twistsearch.js';
import * as firstEvents from '../../pkg/single/twistsearch_events.js';
import { TPERM, tws } from './helpers.mjs';

test('a trap rejects its call with an Error; the next calls run on a fresh instance', async () => {
  const p = await loadPuzzle(tws('2x2x2'));
  const before = await p.solve("R U F'");
  const scramble = await randomScrambleForEvent('222', { seed: 5 });
  const proto = firstInstance.Puzzle.prototype;
  const solve = proto.solve;
  proto.solve = () => {
    throw new WebAssembly.RuntimeError('unreachable');
  };
  try {
    await assert.rejects(
      p.solve("R U F'"),
      (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && /trapped.*fresh instance/.test(e.message),
    );
    // The old instance must not be used again: it would throw this.
    proto.solve = () => {
      throw new Error('the trapped instance was called again');
    };
    const after = await p.solve("R U F'");
    assert.deepEqual(after.solutions, before.solutions);
    assert.equal(await p.invert("R U F'"), "F U' R'");
    const q = await loadPuzzle(tws('3x3x3'));
    assert.equal((await q.solve(TPERM)).lengths[0], 11);
    // Event scramblers are made again in the fresh instance: the same seed, the same scramble.
    assert.equal(await randomScrambleForEvent('222', { seed: 5 }), scramble);
  } finally {
    proto.solve = solve;
  }
});

test('a trap in the events part rejects its call; the next event calls run on a fresh instance, puzzles are untouched', async () => {
  const p = await loadPuzzle(tws('2x2x2'));
  const scramble = await randomScrambleForEvent('pyram', { seed: 7 });
  const proto = firstEvents.EventScrambler.prototype;
  const scrambleFn = proto.scramble;
  proto.scramble = () => {
    throw new WebAssembly.RuntimeError('unreachable');
  };
  try {
    await assert.rejects(
      randomScrambleForEvent('pyram', { seed: 7 }),
      (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && /trapped.*fresh instance/.test(e.message),
    );
    proto.scramble = () => {
      throw new Error('the trapped instance was called again');
    };
    assert.equal(await randomScrambleForEvent('pyram', { seed: 7 }), scramble);
    assert.equal(await p.invert("R U F'"), "F U' R'");
  } finally {
    proto.scramble = scrambleFn;
  }
});

test('a freed puzzle says so', async () => {
  const p = await loadPuzzle(tws('2x2x2'));
  p.free();
  p.free();
  await assert.rejects(p.invert('R'), (e) => e instanceof Error && /invert: this puzzle was freed/.test(e.message));
  await assert.rejects(p.solve('R'), /this puzzle was freed/);
});

test('worker: a throwing onProgress rejects its call with what it threw; the next call works', async () => {
  const p = await createWorkerPuzzle(tws('3x3x3'));
  try {
    const boom = new Error('boom from onProgress');
    await assert.rejects(
      p.solve(TPERM, {
        onProgress: () => {
          throw boom;
        },
      }),
      (e) => e === boom,
    );
    assert.equal((await p.solve(TPERM)).lengths[0], 11);
  } finally {
    p.worker.terminate();
  }
});
