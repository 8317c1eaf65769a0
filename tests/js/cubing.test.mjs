// The cubing.js adapter (`twistsearch/cubing`): KPattern in, cubing.js Alg out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Alg } from 'cubing/alg';
import { KPattern } from 'cubing/kpuzzle';

import { cubingSolver, randomScramble, solve, solveAll } from '../../js/cubing.js';
import { loadPuzzle } from '../../js/index.js';
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

test('solve up to the puzzle orientation: rotations and slices, checked by cubing.js experimentalIsSolved', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const upTo = { ignorePuzzleOrientation: true, ignoreCenterOrientation: true };
  for (const [alg, length] of [['x', 0], ['M', 2], ['R x U', 2], ['y2', 0], ["x R U' z2 F' S", 4]]) {
    const start = k.defaultPattern().applyAlg(alg);
    // With face turns alone, not reachable in the solved orientation.
    await assert.rejects(solve(start), /not reachable/, alg);
    const sol = await solve(start, upTo);
    assert.equal(sol.experimentalNumChildAlgNodes(), length, `${alg}: ${sol}`);
    assert.ok(start.applyAlg(sol).experimentalIsSolved(upTo), `${alg}: ${sol}`);
    assert.ok(!/[xyz]/.test(sol.toString()), `${alg}: ${sol} (no rotations)`);
  }
  // The 2x2x2's turns reach every rotation: the shortest over all of them (R L' is an x rotation).
  const k2 = await cubingKPuzzle('2x2x2');
  const start = k2.defaultPattern().applyAlg("R L' U");
  const sol = await solve(start, { ignorePuzzleOrientation: true, memoryMB: 16 });
  assert.equal(sol.toString(), "U'");
  assert.ok(start.applyAlg(sol).experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: false }));
});

test('a signal stops a solve of twistsearch/cubing (AbortSignal.timeout), which then solves again', async () => {
  const k = await cubingKPuzzle('3x3x3');
  // A random-looking 20-move position: an optimal solve takes far longer than the timeout.
  const hard = k.defaultPattern().applyAlg("R U2 D' B D' L F' U2 R' D2 B' L2 U F2 L2 D R2 B2 U' F2");
  const solver = cubingSolver();
  try {
    const t0 = performance.now();
    let progress = 0;
    await assert.rejects(
      solver.solve(hard, { signal: AbortSignal.timeout(2000), onProgress: () => progress++ }),
      (e) => e.name === 'AbortError' && e.cause?.name === 'TimeoutError',
    );
    const ms = performance.now() - t0;
    assert.ok(ms < 5000, `stopped after ${ms.toFixed(0)} ms`);
    assert.ok(progress > 0);
    // The worker that ran it is free again: the same solver solves with and without a signal.
    const easy = k.defaultPattern().applyAlg("R U R'");
    const a = await solver.solve(easy, { signal: AbortSignal.timeout(20000) });
    assert.ok(easy.applyAlg(a).isIdentical(k.defaultPattern()));
    assert.equal((await solver.solve(easy)).toString(), "R U' R'");
  } finally {
    solver.terminate();
  }
});

test('positions(): sizes as users count them, next to the group order', async () => {
  const solver = cubingSolver();
  const cube = await solver.puzzleFor(await cubingKPuzzle('3x3x3'));
  const known = 43252003274489856000n;
  // cubing.js's 3x3x3 has center orientation (invisible when solved) and slices among its moves.
  const faces = await cube.positions('U,L,F,R,B,D');
  assert.deepEqual(faces, { groupOrder: known * 2048n, positions: known, orientations: 1n, upToOrientation: known, note: null });
  assert.equal(await cube.order('U,L,F,R,B,D'), faces.groupOrder);
  const all = await cube.positions();
  assert.equal(all.orientations, 24n);
  assert.equal(all.upToOrientation, known);
  const two = await (await solver.puzzleFor(await cubingKPuzzle('2x2x2'))).positions();
  assert.equal(two.upToOrientation, 3674160n);
  const pyra = await (await solver.puzzleFor(await cubingKPuzzle('pyraminx'))).positions();
  assert.deepEqual([pyra.orientations, pyra.upToOrientation], [12n, 933120n * 81n]);
});

test('notation: event move names accepted, solutions printed as cubing.js users write them', async () => {
  // Pyraminx: WCA turns (twistsearch adds U, L, R, B = two layers), the default of twistsearch/cubing.
  const pyra = await cubingKPuzzle('pyraminx');
  const p = await loadPuzzle(pyra);
  assert.deepEqual(p.info.notationMoves, ['U', 'L', 'R', 'B']);
  assert.ok(!p.info.moves.includes('U'));
  const start = pyra.defaultPattern().applyAlg("U L' R B' u");
  const viaApi = await p.solve(start, { generatorMoves: 'U,L,R,B,u,l,r,b' });
  assert.match(viaApi.solutions[0], /^([ULRBulrb]'? ?)+$/);
  const sol = await solve(start);
  assert.equal(sol.toString(), viaApi.solutions[0]);
  assert.ok(start.applyAlg(sol).isIdentical(pyra.defaultPattern()), sol.toString());
  // Skewb: the four WCA turns.
  const skewb = await cubingKPuzzle('skewb');
  const s2 = skewb.defaultPattern().applyAlg("R U' L B R'");
  const sk = await solve(s2);
  assert.match(sk.toString(), /^([ULRB]'? ?)+$/);
  assert.ok(s2.applyAlg(sk).isIdentical(skewb.defaultPattern()), sk.toString());
  // 4x4x4 wide turns.
  const big = await loadPuzzle(await cubingKPuzzle('4x4x4'));
  const r = await big.solve('Uw R', { generatorMoves: 'Uw,R' });
  assert.equal(r.solutions[0], "R' Uw'");
  // Megaminx: the Pochmann moves of its scrambles.
  const minx = await cubingKPuzzle('megaminx');
  const m = await loadPuzzle(minx);
  const mp = await m.position('R++ D-- R-- D++ U');
  assert.ok(minx.defaultPattern().applyAlg('R++ D-- R-- D++ U').isIdentical(new KPattern(minx, mp)));
  assert.equal((await m.solve('R++ D--', { generatorMoves: 'R++,D++' })).solutions[0], 'D++ R--');
  // Square-1: cubing.js's (top, bottom) / notation, read and printed.
  const sq1 = await cubingKPuzzle('square1');
  const q = await loadPuzzle(sq1);
  const pattern = await q.position('(1, 0) / (-3, 3) /');
  assert.ok(sq1.defaultPattern().applyAlg('(1, 0) / (-3, 3) /').isIdentical(new KPattern(sq1, pattern)));
  const qs = await q.solve('(1, 0) / (-3, 3) /', { maxDepth: 8 });
  assert.match(qs.solutions[0], /^(\(-?\d, -?\d\)|\/)( (\(-?\d, -?\d\)|\/))*$/);
  const back = sq1.defaultPattern().applyAlg('(1, 0) / (-3, 3) /').applyAlg(qs.solutions[0]);
  assert.ok(back.isIdentical(sq1.defaultPattern()), qs.solutions[0]);
});

test('on the calling thread, an onProgress that throws stops a long solve at once', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  const hard = k.defaultPattern().applyAlg("R U2 D' B D' L F' U2 R' D2 B' L2 U F2 L2 D R2 B2 U' F2");
  const t0 = performance.now();
  let reports = 0;
  const stop = new Error('enough');
  const onProgress = () => {
    reports++;
    if (performance.now() - t0 > 1500) throw stop;
  };
  await assert.rejects(p.solve(hard, { generatorMoves: 'U,L,F,R,B,D', onProgress }), (e) => e === stop);
  const late = performance.now() - t0 - 1500;
  assert.ok(late < 500, `stopped ${late.toFixed(0)} ms after the first report past 1.5 s`);
  assert.ok(reports > 10, `${reports} reports`);
  p.free();
});
