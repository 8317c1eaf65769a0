// The cubing.js adapter (`twistsearch/cubing`): KPattern in, cubing.js Alg out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Alg } from 'cubing/alg';

import { cubingSolver, randomScramble, solve, solveAll } from '../../js/cubing.js';
import { TPERM, cubingKPuzzle } from './helpers.mjs';

test('solve(KPattern) returns an Alg that solves it (3x3x3 with face turns by default)', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const start = k.defaultPattern().applyAlg(TPERM);
  const alg = await solve(start);
  assert.ok(alg instanceof Alg);
  assert.equal(alg.experimentalNumChildAlgNodes(), 11);
  assert.ok(start.applyAlg(alg).isIdentical(k.defaultPattern()), alg.toString());
  // The puzzle (and its table) is kept for the KPuzzle: another position of it solves quickly.
  const t0 = performance.now();
  const other = k.defaultPattern().applyAlg("R U R' F2");
  const alg2 = await solve(other);
  assert.ok(performance.now() - t0 < 1500);
  assert.equal(alg2.toString(), "F2 R U' R'");
  const all = await solveAll(start, { maxSolutions: 3 });
  assert.equal(all.length, 3);
  for (const a of all) assert.ok(start.applyAlg(a).isIdentical(k.defaultPattern()));
});

test('random-state scrambles of cubing.js puzzles, solved back', async () => {
  for (const id of ['2x2x2', 'pyraminx', 'skewb']) {
    const k = await cubingKPuzzle(id);
    const scramble = await randomScramble(k, { memoryMB: 32 });
    assert.ok(scramble instanceof Alg);
    const start = k.defaultPattern().applyAlg(scramble);
    const sol = await solve(start, { memoryMB: 32 });
    assert.ok(start.applyAlg(sol).isIdentical(k.defaultPattern()), `${id}: ${scramble} / ${sol}`);
    assert.equal(sol.experimentalNumChildAlgNodes(), scramble.experimentalNumChildAlgNodes(), id);
  }
});

test('in a worker too', async () => {
  const solver = cubingSolver({ worker: true });
  try {
    const k = await cubingKPuzzle('2x2x2');
    const start = k.defaultPattern().applyAlg("R U2 F' R");
    const alg = await solver.solve(start, { memoryMB: 16 });
    assert.ok(alg instanceof Alg);
    assert.ok(start.applyAlg(alg).isIdentical(k.defaultPattern()));
    await assert.rejects(solver.solve({}), TypeError);
  } finally {
    solver.terminate();
  }
});
