// The sequence tools in JS (twsearch's -u/-U, --shortenseqs, --cancelseqs, --unrotateseqs, --showmoves,
// --showconjugacy, --showsymmetry, --maxwrong as Puzzle methods), direct and in a worker: each result
// applied with the package's own `position` (or loaded back, for a move definition) and found to keep
// the effect it must; unknown options refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadPuzzle } from '../../js/index.js';
import { createWorkerPuzzle } from '../../js/worker-client.js';
import { TPERM, cubingKPuzzle, moveCount, randomAlg, tws } from './helpers.mjs';

const symmText = readFileSync(new URL('../data/puzzles/symm/3x3x3.tws', import.meta.url), 'utf8');
const cube = await loadPuzzle(tws('3x3x3'));
const symm = await loadPuzzle(symmText);
const pocket = await loadPuzzle(tws('2x2x2'));

/** The position an alg reaches from solved, as a comparable string. */
async function at(p, alg) {
  return JSON.stringify(await p.position(alg));
}

/** A seeded random number generator (mulberry32), for reproducible random algs. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('uniqueAlgs: the first alg of each position (-u), of each position up to the rotations (-U); checked by positions', async () => {
  const lines = ['R U', 'U F', 'R U', "R U'", 'L D', "R L R'", 'L', 'R', 'U2 D2', 'D2 U2'];
  const kept = await symm.uniqueAlgs(lines);
  assert.deepEqual(kept, ['R U', 'U F', "R U'", 'L D', "R L R'", 'R', 'U2 D2']);
  // Each line's position is that of exactly one kept alg at or before it.
  const keptAt = await Promise.all(kept.map((a) => at(symm, a)));
  assert.equal(new Set(keptAt).size, kept.length);
  for (const l of lines) assert.ok(keptAt.includes(await at(symm, l)), l);
  assert.deepEqual(await symm.uniqueAlgs(lines, { symmetry: true }), ['R U', "R U'", "R L R'", 'U2 D2']);
  assert.deepEqual(await symm.uniqueAlgs(lines, { limit: 2 }), ['R U', 'U F']);
  // Without rotations in the definition, symmetry leaves every position its own class.
  assert.deepEqual(await cube.uniqueAlgs(lines, { symmetry: true }), kept);
  // Many random algs: the kept ones reach distinct positions, and the count is that of distinct positions.
  const random = seeded(7);
  const algs = Array.from({ length: 300 }, () => randomAlg(['U', 'R', 'F'], 3, random));
  const distinct = new Set(await Promise.all(algs.map((a) => at(cube, a))));
  assert.equal((await cube.uniqueAlgs(algs)).length, distinct.size);
});

test('shortenAlgs: never longer, the same effect (2x2x2 random algs and known ones)', async (t) => {
  assert.equal(await pocket.shortenAlgs('R R'), 'R2');
  assert.equal(await pocket.shortenAlgs("R U R' R U' R'"), '');
  assert.equal(await pocket.shortenAlgs('R U F'), 'R U F');
  const random = seeded(11);
  const algs = Array.from({ length: 40 }, () => randomAlg(['U', 'R', 'F'], 14, random));
  const progress = [];
  const t0 = performance.now();
  const out = await pocket.shortenAlgs(algs, { maxDepth: 6, onProgress: (p) => progress.push(p) });
  t.diagnostic(`40 random 14-move 2x2x2 algs shortened in ${(performance.now() - t0).toFixed(0)} ms`);
  assert.equal(out.length, algs.length);
  let shorter = 0;
  for (let i = 0; i < algs.length; i++) {
    assert.ok(moveCount(out[i]) <= moveCount(algs[i]), `${algs[i]} -> ${out[i]}`);
    assert.equal(await at(pocket, out[i]), await at(pocket, algs[i]), `${algs[i]} -> ${out[i]}`);
    if (moveCount(out[i]) < moveCount(algs[i])) shorter++;
  }
  // Windows of 7 random moves are often solved in 6 or fewer: most algs get shorter.
  t.diagnostic(`${shorter} of 40 shortened`);
  assert.ok(shorter >= 10, `${shorter} of 40 shortened`);
  await assert.rejects(pocket.shortenAlgs('R', { maxdepth: 2 }), (e) => e instanceof TypeError && /unknown option "maxdepth"/.test(e.message));
  await assert.rejects(pocket.shortenAlgs(['R', 3]), (e) => e instanceof TypeError && /array of alg strings/.test(e.message));
  await assert.rejects(pocket.shortenAlgs(['R', 'Q']), /alg 2/);
  const stop = new AbortController();
  stop.abort();
  await assert.rejects(pocket.shortenAlgs(algs, { signal: stop.signal }), (e) => e.name === 'AbortError');
});

test('cancelMoves and unrotate keep the effect', async () => {
  const cancel = [
    ["R U U' R'", ''],
    ['R L R', 'R2 L'],
    ["U D U2 D' F", "U' F"],
    ['R U R', 'R U R'],
    ["L R U R' R L'", "L R U L'"],
  ];
  for (const [alg, want] of cancel) {
    const got = await cube.cancelMoves(alg);
    assert.equal(got, want, alg);
    assert.equal(await at(cube, got), await at(cube, alg), alg);
  }
  for (const alg of ["R U R'", "R R'", 'Lv R U', "Fv R Dv U' L2 Lv"]) {
    const got = await symm.unrotate(alg);
    assert.equal(await at(symm, got), await at(symm, alg), `${alg} -> ${got}`);
    const names = got.split(' ').filter(Boolean);
    // Rotations (names ending in v) only at the end.
    const firstRotation = names.findIndex((m) => /v/.test(m));
    assert.ok(firstRotation === -1 || names.slice(firstRotation).every((m) => /v/.test(m)), got);
  }
  assert.equal(await symm.unrotate("R R'"), '');
});

test('moveDefinition reads back as a move with the alg\'s effect; conjugacyClass, symmetryOrder, wrongPieces', async () => {
  const block = await cube.moveDefinition(TPERM, 'TPERM');
  assert.match(block, /^Move TPERM\n/);
  const withMove = await loadPuzzle(`${tws('3x3x3')}\n${block}`);
  try {
    assert.equal(await at(withMove, 'TPERM'), await at(withMove, TPERM));
  } finally {
    withMove.free();
  }
  assert.match(await cube.moveDefinition('R'), /^Move noname\n/);
  await assert.rejects(cube.moveDefinition('R', 'two words'), /one word/);
  await assert.rejects(cube.moveDefinition('R', 3), (e) => e instanceof TypeError);

  assert.equal(await cube.conjugacyClass('U'), '[4],[4]');
  assert.equal(await cube.conjugacyClass(TPERM), '[2],[2]');
  assert.equal(await cube.conjugacyClass(''), '[],[]');

  assert.equal(await symm.symmetryOrder(''), 24);
  assert.equal(await symm.symmetryOrder('R'), 4);
  assert.equal(await symm.symmetryOrder('R U'), 1);
  assert.equal(await symm.symmetryOrder('U2 D2'), 8);
  assert.equal(await cube.symmetryOrder(''), 1);

  assert.equal(await cube.wrongPieces(TPERM), 4);
  assert.equal(await cube.wrongPieces('U'), 8);
  assert.equal(await cube.wrongPieces("R U R' U R U2 R'"), 7);
  assert.equal(await cube.wrongPieces(''), 0);
  assert.equal(await cube.wrongPieces('U', { orientationGroup: 0 }), 8);
  await assert.rejects(cube.wrongPieces('U', { group: 2 }), (e) => e instanceof TypeError && /unknown option "group"/.test(e.message));
  await assert.rejects(cube.wrongPieces('U', { orientationGroup: -1 }), (e) => e instanceof RangeError);
  await assert.rejects(cube.uniqueAlgs(['R'], { symetry: true }), (e) => e instanceof TypeError && /unknown option "symetry"/.test(e.message));
  await assert.rejects(cube.uniqueAlgs('R U'), (e) => e instanceof TypeError);
  await assert.rejects(cube.cancelMoves(['R']), (e) => e instanceof TypeError);
});

test('wrongPieces agrees with cubing.js on a cubing.js puzzle', async () => {
  const k = await cubingKPuzzle('2x2x2');
  const p = await loadPuzzle(k);
  try {
    const random = seeded(3);
    for (let i = 0; i < 20; i++) {
      const alg = randomAlg(['U', 'R', 'F'], 1 + (i % 5), random);
      const solved = k.defaultPattern().patternData;
      const end = k.defaultPattern().applyAlg(alg).patternData;
      let wrong = 0;
      for (const o of k.definition.orbits) {
        for (let j = 0; j < o.numPieces; j++) {
          const a = solved[o.orbitName];
          const b = end[o.orbitName];
          if (a.pieces[j] !== b.pieces[j] || a.orientation[j] !== b.orientation[j]) wrong++;
        }
      }
      assert.equal(await p.wrongPieces(alg), wrong, alg);
    }
  } finally {
    p.free();
  }
});

test('the worker API has the same tools with the same answers', async () => {
  const wp = await createWorkerPuzzle(symmText);
  try {
    const lines = ['R U', 'U F', "R U'", 'L D'];
    assert.deepEqual(await wp.uniqueAlgs(lines, { symmetry: true }), await symm.uniqueAlgs(lines, { symmetry: true }));
    assert.equal(await wp.shortenAlgs("R U R' R U' R' F"), 'F');
    assert.deepEqual(await wp.shortenAlgs(['R R', 'U U U']), ['R2', "U'"]);
    assert.equal(await wp.cancelMoves('R L R'), 'R2 L');
    assert.equal(await wp.unrotate('Lv R U'), await symm.unrotate('Lv R U'));
    assert.equal(await wp.moveDefinition('R', 'RR'), await symm.moveDefinition('R', 'RR'));
    assert.equal(await wp.conjugacyClass('U'), '[4],[4]');
    assert.equal(await wp.symmetryOrder('R'), 4);
    assert.equal(await wp.wrongPieces('U'), 8);
    await assert.rejects(wp.wrongPieces('U', { group: 2 }), (e) => e instanceof TypeError);
    await assert.rejects(wp.uniqueAlgs(['R'], { symetry: true }), (e) => e instanceof TypeError);
  } finally {
    wp.terminate();
  }
});
