// The algorithm finder in JS (`findAlgs`: direct API, worker API, the twistsearch/cubing adapter): the
// same algs as the C++ twsearch's `-A` on the same definitions (tests/data/find_algs/, the oracle of
// tests/find_algs.rs), every alg applied (by the package's own `position`, or by cubing.js 0.63.4's
// KPuzzle) and found to do what its group says; progress, cancellation and refused options.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadPuzzle } from '../../js/index.js';
import { TwistsearchWorker } from '../../js/worker-client.js';
import { cubingSolver, findAlgs as cubingFindAlgs } from '../../js/cubing.js';
import { cubingKPuzzle, tws } from './helpers.mjs';

/** The lines of a twsearch `-A` output file of tests/data/find_algs/. */
function oracle(name) {
  const text = readFileSync(new URL(`../data/find_algs/${name}`, import.meta.url), 'utf8');
  return new Set(text.split('\n').filter((l) => l.length > 0));
}

/** A result's algs as twsearch prints them: `SET/3p LENGTH ALG` (sets last first; as tests/find_algs.rs). */
function asTwsearchLines(r) {
  const out = new Set();
  for (const g of r.groups) {
    const key = [...g.sets].reverse().map((s) => `${s.set}/${s.pieces}${s.permuted ? 'p' : 'o'}`).join(' ');
    for (const a of g.algs) {
      const alg = a.replaceAll(', ', ',');
      out.add(`${key} ${g.length} ${alg.startsWith('[') ? alg : `(${alg})`}`);
    }
  }
  return out;
}

/**
 * What a pattern (KPattern data) leaves wrong against `solved`, per orbit in `orbits` order: `[{set,
 * pieces, permuted}]` of the orbits it changes (orientations compared modulo `orientationMod` where given).
 */
function signatureOf(orbits, solved, end) {
  const sets = [];
  for (const o of orbits) {
    const a = solved[o.orbitName];
    const b = end[o.orbitName];
    let pieces = 0;
    let permuted = false;
    for (let i = 0; i < o.numPieces; i++) {
      const mod = b.orientationMod?.[i] || a.orientationMod?.[i] || o.numOrientations;
      const moved = a.pieces[i] !== b.pieces[i];
      if (moved || ((b.orientation[i] - a.orientation[i]) % mod + mod) % mod !== 0) pieces++;
      permuted ||= moved;
    }
    if (pieces > 0) sets.push({ set: o.orbitName, pieces, permuted });
  }
  return sets;
}

/** Checks every alg of a result with the puzzle's own `position`: it does what its group says. */
async function checkWithPosition(p, r) {
  const solved = await p.position('');
  let n = 0;
  for (const g of r.groups) {
    assert.equal(g.pieces, g.sets.reduce((s, x) => s + x.pieces, 0));
    assert.ok(g.count >= g.algs.length);
    for (const alg of g.algs) {
      assert.deepEqual(signatureOf(p.info.orbits, solved, await p.position(alg)), g.sets, `${alg}: ${g.signature}`);
      n++;
    }
  }
  return n;
}

const cube = await loadPuzzle(tws('3x3x3'));
const pocket = await loadPuzzle(tws('2x2x2'));

test("3x3x3 commutators of 8 moves: twsearch -A3's 480 lines, each alg applied and found to do what its group says", async (t) => {
  const r = await cube.findAlgs({ mode: 'commutator', depth: 4, keep: 1000 });
  assert.equal(r.mode, 'commutator');
  assert.equal(r.metric, 'HTM');
  assert.equal(r.depth, 4);
  assert.equal(r.maxPieces, 4);
  const theirs = oracle('tw-A3-333-len8.txt');
  assert.equal(theirs.size, 480);
  assert.deepEqual(asTwsearchLines(r), theirs);
  assert.ok(asTwsearchLines(r).has("CORNER/3p 8 [R U R',D]"));
  const checked = await checkWithPosition(cube, r);
  assert.equal(checked, 480);
  t.diagnostic(`${r.sequences} sequences, ${r.groups.length} signatures`);
});

test('progress: phase find-algs, about every million sequences, never past the total', async (t) => {
  const progress = [];
  const t0 = performance.now();
  const r = await cube.findAlgs({ depth: 6, onProgress: (p) => progress.push(p) });
  t.diagnostic(`3x3x3 basic depth 6: ${r.sequences} sequences in ${(performance.now() - t0).toFixed(0)} ms, ${progress.length} reports`);
  assert.ok(progress.length >= 4, `${progress.length} reports`);
  for (const p of progress) {
    assert.equal(p.phase, 'find-algs');
    assert.equal(p.depth, 6);
    assert.ok(p.total !== null && p.done <= p.total && p.total === r.sequences, JSON.stringify(p));
  }
  assert.ok(progress.every((p, i) => i === 0 || p.done > progress[i - 1].done));
  // Every alg found is checked too.
  await checkWithPosition(cube, r);
});

test("2x2x2 <F,U,R> plain sequences up to 8 moves: twsearch -A1's lines, each alg applied", async () => {
  const r = await pocket.findAlgs({ generatorMoves: 'F,U,R', depth: 8, keep: 1000 });
  assert.equal(r.mode, 'basic');
  assert.equal(r.moves, 'F,U,R');
  assert.deepEqual(asTwsearchLines(r), oracle('tw-A1-222-URF-len8.txt'));
  assert.ok((await checkWithPosition(pocket, r)) > 0);
});

test('strict keeps one alg per signature, keep N at most N, the count covers them all; repeated and qtm', async () => {
  const all = await cube.findAlgs({ mode: 'commutator', depth: 4, maxPieces: 3 });
  const strict = await cube.findAlgs({ mode: 'commutator', depth: 4, maxPieces: 3, strict: true });
  assert.deepEqual(strict.groups.map((g) => [g.signature, g.length, g.count]), all.groups.map((g) => [g.signature, g.length, g.count]));
  assert.ok(strict.groups.every((g) => g.algs.length === 1));
  assert.ok(all.groups.every((g) => g.algs.length <= 20 && g.pieces <= 3));
  assert.deepEqual(all.groups.map((g) => g.signature), ['EDGE 3 moved', 'CORNER 3 moved']);
  // Repeated: (R U)… kinds of algs; the length is the repeated total.
  const rep = await cube.findAlgs({ mode: 'repeated', depth: 3, maxPieces: 4, keep: 3 });
  assert.ok(rep.groups.length > 0);
  for (const g of rep.groups) {
    for (const a of g.algs) {
      const m = /^\((.*)\)(\d+)$/.exec(a);
      const moves = m ? m[1].split(' ').length * Number(m[2]) : a.split(' ').length;
      assert.equal(moves, g.length, a);
    }
  }
  await checkWithPosition(cube, rep);
  const qtm = await pocket.findAlgs({ depth: 5, qtm: true, maxPieces: 4, generatorMoves: 'U,R' });
  assert.equal(qtm.metric, 'QTM');
  for (const g of qtm.groups) for (const a of g.algs) assert.ok(!a.includes('2'), a);
  await checkWithPosition(pocket, qtm);
});

test('a cubing.js puzzle: its face turns by default, every alg checked with cubing.js 0.63.4', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  try {
    const r = await p.findAlgs({ mode: 'commutator', depth: 4, maxPieces: 3, keep: 4 });
    assert.equal(r.moves, 'U,L,F,R,B,D');
    const solved = k.defaultPattern().patternData;
    for (const g of r.groups) {
      for (const a of g.algs) {
        assert.deepEqual(signatureOf(k.definition.orbits, solved, k.defaultPattern().applyAlg(a).patternData), g.sets, a);
      }
    }
    assert.ok(r.groups.some((g) => g.signature === 'CORNERS 3 moved' && g.length === 8));
  } finally {
    p.free();
  }
});

test('cancellation and time limits stop the search; refused options are TypeErrors and RangeErrors', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(cube.findAlgs({ depth: 5, signal: controller.signal }), (e) => e.name === 'AbortError');
  // A deep search stopped by its time limit.
  const t0 = performance.now();
  await assert.rejects(cube.findAlgs({ mode: 'commutator', depth: 9, timeLimit: 200 }), (e) => e.name === 'TimeoutError');
  assert.ok(performance.now() - t0 < 5000);
  // Progress that throws stops the work with what it threw.
  await assert.rejects(
    cube.findAlgs({ depth: 9, onProgress: () => { throw new Error('enough'); } }),
    /enough/,
  );
  await assert.rejects(cube.findAlgs({ depth: 3, maxPeices: 2 }), (e) => e instanceof TypeError && /unknown option "maxPeices"/.test(e.message));
  await assert.rejects(cube.findAlgs({ mode: 'basic' }), (e) => e instanceof TypeError && /depth is required/.test(e.message));
  await assert.rejects(cube.findAlgs(), (e) => e instanceof TypeError && /depth is required/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 3, mode: 'comm' }), (e) => e instanceof TypeError && /mode must be/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 3, strict: true, keep: 2 }), (e) => e instanceof TypeError && /strict or keep/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 3, keep: 0 }), (e) => e instanceof RangeError && /keep 0/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 2.5 }), (e) => e instanceof RangeError && /depth 2.5/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: '3' }), (e) => e instanceof TypeError && /depth must be a number/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 41 }), (e) => e instanceof RangeError && /depth 41/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 1, mode: 'commutator' }), (e) => e instanceof RangeError && /depth 1/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 3, strict: 1 }), (e) => e instanceof TypeError && /strict must be a boolean/.test(e.message));
  await assert.rejects(cube.findAlgs({ depth: 3, generatorMoves: 'U,Q' }), /Q/);
  // The puzzle still answers.
  assert.ok((await cube.findAlgs({ depth: 2, maxPieces: 8 })).groups.length > 0);
});

test('the worker API: the same result, progress through messages, and a signal stops the work at once', async () => {
  const w = new TwistsearchWorker();
  try {
    const wp = await w.loadPuzzle(tws('3x3x3'));
    const progress = [];
    const r = await wp.findAlgs({ depth: 6, strict: true, onProgress: (p) => progress.push(p) });
    const direct = await cube.findAlgs({ depth: 6, strict: true });
    assert.deepEqual(r, direct);
    assert.ok(progress.length > 0 && progress.every((p) => p.phase === 'find-algs'));
    await assert.rejects(wp.findAlgs({ depth: 3, kep: 1 }), (e) => e instanceof TypeError && /unknown option "kep"/.test(e.message));
    const controller = new AbortController();
    const running = wp.findAlgs({ mode: 'commutator', depth: 10, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const t0 = performance.now();
    await assert.rejects(running, (e) => e.name === 'AbortError');
    assert.ok(performance.now() - t0 < 3000);
    // The worker answers again (the work stopped through the shared flag, or the worker was restarted).
    assert.equal(await wp.invert("R U"), "U' R'");
  } finally {
    w.terminate();
  }
});

test('twistsearch/cubing: findAlgs on a KPuzzle returns cubing.js Algs that cubing.js applies', async () => {
  const { Alg } = await import('cubing/alg');
  const k = await cubingKPuzzle('3x3x3');
  const solver = cubingSolver({ worker: false });
  try {
    const r = await solver.findAlgs(k, { mode: 'commutator', depth: 4, maxPieces: 3, strict: true });
    assert.equal(r.moves, 'U,L,F,R,B,D');
    const solved = k.defaultPattern().patternData;
    for (const g of r.groups) {
      for (const a of g.algs) {
        assert.ok(a instanceof Alg);
        assert.deepEqual(signatureOf(k.definition.orbits, solved, k.defaultPattern().applyAlg(a).patternData), g.sets, a.toString());
      }
    }
    // The default solver (in a worker) gives the same algs.
    const viaWorker = await cubingFindAlgs(k, { mode: 'commutator', depth: 4, maxPieces: 3, strict: true });
    assert.deepEqual(viaWorker.groups.map((g) => g.algs.map(String)), r.groups.map((g) => g.algs.map(String)));
  } finally {
    solver.terminate();
  }
});
