// The direct JS API (`twistsearch`) on the single-threaded build, checked against cubing.js.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { build, init, loadPuzzle, randomScrambleForEvent, threads } from '../../js/index.js';
import { TPERM, cubingKPuzzle, kpattern, moveCount, solves, tws } from './helpers.mjs';

const cube = await loadPuzzle(tws('3x3x3'));

test('Node gets the single-threaded build', async () => {
  assert.deepEqual(await init(), { build: 'single', threads: 1 });
  assert.equal(build(), 'single');
  assert.equal(threads(), 1);
});

test('a .tws puzzle loads with its moves', () => {
  assert.deepEqual(cube.info.moves.slice().sort(), ['B', 'D', 'F', 'L', 'R', 'U']);
  assert.deepEqual(
    cube.info.orbits.map((o) => [o.orbitName, o.numPieces, o.numOrientations]),
    [['EDGE', 12, 2], ['CORNER', 8, 3]],
  );
});

test('the T-perm is solved optimally in 11 moves, and cubing.js agrees the solutions solve it', async (t) => {
  const k = await cubingKPuzzle('3x3x3');
  const start = k.defaultPattern().applyAlg(TPERM);
  const t0 = performance.now();
  const r = await cube.solve(TPERM);
  const ms = performance.now() - t0;
  assert.equal(r.solutions.length, 1);
  assert.equal(moveCount(r.solutions[0]), 11);
  assert.deepEqual(r.lengths, [11]);
  assert.equal(r.metric, 'HTM');
  assert.ok(solves(start, r.solutions[0]), r.solutions[0]);
  assert.ok(!solves(start, r.solutions[0].split(' ').slice(1).join(' ')));
  t.diagnostic(`T-perm: ${r.solutions[0]} in ${ms.toFixed(0)} ms (table depth ${r.tableDepth})`);

  // The table is kept: more solutions of the same position, all distinct, optimal and correct.
  const t1 = performance.now();
  const more = await cube.solve(TPERM, { maxSolutions: 4 });
  t.diagnostic(`T-perm again (table kept), 4 solutions: ${(performance.now() - t1).toFixed(0)} ms`);
  assert.equal(more.solutions.length, 4);
  assert.equal(new Set(more.solutions).size, 4);
  for (const s of more.solutions) {
    assert.equal(moveCount(s), 11);
    assert.ok(solves(start, s), s);
  }
});

test('the pruning table starts small and grows to memoryMB only when a search needs it', async () => {
  const p = await loadPuzzle(tws('3x3x3'));
  try {
    // 64 KiB: room for depth 4 of the 3x3x3 only.
    const easy = await p.solve('R U F', { memoryMB: 1, initialMemoryMB: 1 / 16 });
    assert.equal(easy.tableBytes, 64 << 10);
    // Grown 8 times at each step (512 KiB, then the 1 MiB budget).
    const hard = await p.solve("B2 L B U' R2 B' L' U' R' F", { memoryMB: 1, initialMemoryMB: 1 / 16 });
    assert.equal(moveCount(hard.solutions[0]), 10);
    assert.equal(hard.tableBytes, 1 << 20);
    // Scrambles take the option too (a 64 KiB table for a 2x2x2 random state).
    const pocket = await loadPuzzle(tws('2x2x2'));
    const scramble = await pocket.randomScramble({ seed: 3, initialMemoryMB: 1 / 16, memoryMB: 1 });
    assert.ok(moveCount(scramble) > 0);
    pocket.free();
    // By default the table starts at 2 MiB whatever the budget.
    assert.equal((await p.solve('R U F')).tableBytes, 2 << 20);
  } finally {
    p.free();
  }
});

test('a cubing.js KPuzzle loads, and a KPattern is solved (checked by cubing.js)', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  assert.equal(p.name, '3x3x3');
  assert.ok(p.info.rotations.includes('x'));
  const start = k.defaultPattern().applyAlg(TPERM);
  const r = await p.solve(start, { generatorMoves: 'U,L,F,R,B,D' });
  assert.equal(moveCount(r.solutions[0]), 11);
  assert.ok(solves(start, r.solutions[0]), r.solutions[0]);
  // Plain pattern data and the KPattern give the same answer; so does the definition object itself.
  const again = await p.solve(start.patternData, { generatorMoves: ['U', 'L', 'F', 'R', 'B', 'D'] });
  assert.deepEqual(again.solutions, r.solutions);
  const fromDefinition = await loadPuzzle(k.definition);
  assert.deepEqual(fromDefinition.info, p.info);
});

test('a random 2x2x2 state: the scramble is optimal, its solve has the same length, cubing.js checks both', async () => {
  const k = await cubingKPuzzle('2x2x2');
  const p = await loadPuzzle(k);
  for (let i = 0; i < 3; i++) {
    const scramble = await p.randomScramble({ memoryMB: 16 });
    const start = k.defaultPattern().applyAlg(scramble);
    const r = await p.solve(start, { memoryMB: 16 });
    const sol = r.solutions[0];
    assert.ok(solves(start, sol), `${scramble} / ${sol}`);
    assert.ok(moveCount(sol) <= 11, sol);
    // Both are optimal: the scramble is the inverse of an optimal solution.
    assert.equal(moveCount(sol), moveCount(scramble), `${scramble} / ${sol}`);
    assert.equal(await p.invert(await p.invert(scramble)), scramble);
  }
  // A seed makes it reproducible.
  assert.equal(await p.randomScramble({ seed: 7, memoryMB: 16 }), await p.randomScramble({ seed: 7, memoryMB: 16 }));
});

test('errors are Error instances with the core message', async () => {
  const bad = 'Name bad\nSet CORNER 8 q\n';
  await assert.rejects(loadPuzzle(bad), (e) => e instanceof Error && /line 2, column 14: token "q"/.test(e.message));
  await assert.rejects(
    cube.solve(TPERM, { generatorMoves: 'U,Q' }),
    (e) => e instanceof Error && e.message === 'token "Q": no such move in this puzzle',
  );
  await assert.rejects(cube.solve('R Q'), (e) => e instanceof Error && /column 3: token "Q": unknown move Q/.test(e.message));
  await assert.rejects(cube.invert("R U)"), (e) => e instanceof Error && /column/.test(e.message));
  await assert.rejects(cube.solve('R', { maxSolution: 2 }), (e) => e instanceof Error && /unknown field `maxSolution`/.test(e.message));
  await assert.rejects(cube.solve('R', { memoryMB: -1 }), (e) => e instanceof Error && /memoryMB/.test(e.message));
  await assert.rejects(cube.solve('R', { initialMemoryMB: 0 }), (e) => e instanceof Error && /initialMemoryMB 0/.test(e.message));
  // Finite but beyond any instance's memory (issue 14): refused naming the option and the limit.
  await assert.rejects(cube.solve('R', { memoryMB: 1e12 }), (e) => e instanceof Error && /memoryMB 1000000000000: must be a number of MiB above 0 and at most 65536/.test(e.message));
  await assert.rejects(cube.solve('R', { maxSolutions: 1e9 }), (e) => e instanceof Error && /asked for 1000000000 solutions: at most 100000 are kept/.test(e.message));
  await assert.rejects(cube.solve('R', { minDepth: 5, maxDepth: 3 }), /min depth 5 exceeds max depth 3/);
  await assert.rejects(cube.solve(TPERM, { maxDepth: 9 }), /no solution within depth 9/);
  await assert.rejects(cube.solve({ EDGE: { pieces: [0], orientation: [0] } }), (e) => e instanceof Error && /EDGE/.test(e.message));
  await assert.rejects(loadPuzzle(42), TypeError);
  // An unsolvable position (one twisted corner) is refused at once.
  const twisted = await cube.position('');
  twisted.CORNER.orientation[0] = 1;
  await assert.rejects(cube.solve(twisted), /cannot be solved/);
  // The puzzle still works after errors.
  assert.equal(await cube.invert("R U'"), "U R'");
});

test('cancellation: an aborted signal rejects at once; aborting during the work stops it', async () => {
  const p = await loadPuzzle(tws('3x3x3'));
  const done = new AbortController();
  done.abort();
  await assert.rejects(p.solve(TPERM, { signal: done.signal }), (e) => e instanceof DOMException && e.name === 'AbortError');

  // In Node the direct API runs on this thread: abort from a progress report of the table fill.
  const c = new AbortController();
  let reports = 0;
  await assert.rejects(
    p.solve(TPERM, {
      signal: c.signal,
      onProgress: (x) => {
        reports++;
        if (x.phase === 'table' && x.depth === 5) c.abort(new Error('enough'));
      },
    }),
    (e) => e.name === 'AbortError' && e.cause?.message === 'enough',
  );
  assert.ok(reports > 0);
  // A cancel flag another thread could set (here already set).
  const flag = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(flag, 0, 1);
  await assert.rejects(p.solve(TPERM, { cancelFlag: flag }), { name: 'AbortError' });
  // A progress hook that throws stops the work with its error.
  await assert.rejects(
    p.solve(TPERM, {
      onProgress: () => {
        throw new RangeError('from the hook');
      },
    }),
    (e) => e instanceof RangeError && e.message === 'from the hook',
  );
  const r = await p.solve(TPERM);
  assert.equal(moveCount(r.solutions[0]), 11);
});

test('progress reports: table then search phases', async () => {
  const p = await loadPuzzle(tws('2x2x2'));
  const seen = [];
  await p.solve("R U F' R2 U'", { onProgress: (x) => seen.push(x), memoryMB: 16 });
  assert.ok(seen.some((x) => x.phase === 'table' && typeof x.total === 'number' && x.done <= x.total));
  assert.ok(seen.some((x) => x.phase === 'search' && x.total === null));
  const firstSearch = seen.findIndex((x) => x.phase === 'search');
  assert.ok(seen.slice(firstSearch).every((x) => x.phase === 'search'));
});

test('canonical counts (HTM and QTM) and group orders', async () => {
  assert.deepEqual(await cube.canonicalCounts(6), [1n, 18n, 243n, 3240n, 43254n, 577368n, 7706988n]);
  assert.deepEqual(await cube.canonicalCounts(6, { qtm: true }), [1n, 12n, 114n, 1068n, 10011n, 93840n, 879624n]);
  assert.deepEqual(await cube.canonicalCounts(2, { generatorMoves: 'U,R' }), [1n, 6n, 18n]);
  const deep = await cube.canonicalCounts(40);
  assert.equal(deep.length, 41);
  assert.ok(deep[40] > 2n ** 64n);
  assert.equal(await cube.order(), 43252003274489856000n);
  assert.equal(await cube.order('U,R'), 73483200n);
  assert.equal(await cube.order({ generatorMoves: ['R2', 'U2'] }), 12n);
  assert.equal(await cube.algOrder('R U'), 105n);
  assert.equal((await cube.positions()).note, null);
  // Issue 14: with Illegal placements the group counts say what they leave out; God's algorithm honours them.
  const illegal = await loadPuzzle(`${tws('2x2x2')}\nIllegal CORNER 1 2\n`);
  assert.equal(await illegal.order('U,F,R'), 3674160n);
  assert.match((await illegal.positions('U,F,R')).note, /^the definition declares 1 Illegal placement, which this count does not take into account/);
  assert.equal((await illegal.godsAlgorithm({ generatorMoves: 'U,F,R' })).total, 1049760n);
  await assert.rejects(cube.canonicalCounts(20000), /too large/);
  await assert.rejects(cube.canonicalCounts(-1), RangeError);
  await assert.rejects(cube.canonicalCounts('6'), TypeError);
});

test('invert, simplify, position (as cubing.js computes it), definition, target patterns', async () => {
  assert.equal(await cube.invert("R U F' D2"), "D2 F U' R'");
  assert.equal(await cube.simplify("R R U U' F"), 'R2 F');
  assert.equal(await cube.simplify("R L R'"), 'L');
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  for (const alg of ['', "R U R' U'", TPERM, "M2 E S' Rw x"]) {
    const data = await p.position(alg);
    assert.ok(kpattern(k, data).isIdentical(k.defaultPattern().applyAlg(alg)), alg);
  }
  // The definition round-trips: loading it again gives the same positions.
  const def = await cube.definition();
  const again = await loadPuzzle(def);
  assert.deepEqual(await again.position(TPERM), await cube.position(TPERM));
  // Solving to another pattern: from solved to where "R U" leads.
  const r = await cube.solve('', { targetPattern: await cube.position('R U'), memoryMB: 16 });
  assert.deepEqual(r.solutions, ['R U']);
  const r2 = await cube.solve('', { targetPattern: 'F2 D', memoryMB: 16 });
  assert.deepEqual(r2.solutions, ['F2 D']);
});

test('near-optimal solve with phases: random 3x3x3 states within 21 moves, checked by cubing.js', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  const faces = { generatorMoves: 'U,D,F,B,R,L', phases: ['U,D,F2,B2,R2,L2'], targetLength: 21 };
  for (const seed of [1, 2, 3]) {
    const scramble = await randomScrambleForEvent('333', { seed });
    const r = await p.solve(scramble, faces);
    assert.equal(r.solutions.length, 1);
    assert.ok(r.lengths[0] <= 21, `${r.lengths[0]}`);
    assert.equal(r.phaseLengths.reduce((a, b) => a + b, 0), r.lengths[0]);
    const end = k.defaultPattern().applyAlg(scramble).applyAlg(r.solutions[0]);
    assert.ok(end.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true }), scramble);
  }
  // releaseSolver drops the phase tables too; the next solve builds them again.
  await p.releaseSolver();
  const again = await p.solve("R U F' D2", faces);
  assert.ok(again.lengths[0] <= 21 && again.tableBytes > 0, JSON.stringify(again));
  const end = k.defaultPattern().applyAlg("R U F' D2").applyAlg(again.solutions[0]);
  assert.ok(end.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true }));
  await assert.rejects(p.solve('R U', { ...faces, maxSolutions: 2 }), /maxSolutions is for optimal solves/);
  await assert.rejects(p.solve('R U', { phases: 'U,D' }), TypeError);
  await assert.rejects(p.solve('R U', { ...faces, targetLength: -1 }), RangeError);
});
