// Loading puzzles as a cubing.js user does: by cubing.js puzzle ID (`"3x3x3"`) and by cubing.js puzzle
// loader (`puzzles["3x3x3"]`); unknown options and malformed move lists refused with errors that say why.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { puzzles } from 'cubing/puzzles';

import { init, loadPuzzle, puzzleIDs } from '../../js/index.js';
import { createWorkerPuzzle, TwistsearchWorker } from '../../js/worker-client.js';
import { TPERM, cubingKPuzzle, moveCount, solves, tws } from './helpers.mjs';

test('loadPuzzle("3x3x3") loads cubing.js\'s 3x3x3 and solves a T-perm with face turns, checked by cubing.js', async () => {
  const byID = await loadPuzzle('3x3x3');
  const k = await cubingKPuzzle('3x3x3');
  const fromKPuzzle = await loadPuzzle(k);
  assert.deepEqual(byID.info, fromKPuzzle.info);
  assert.deepEqual(await byID.definition(), await fromKPuzzle.definition());
  const r = await byID.solve(TPERM, { generatorMoves: 'U,D,F,B,R,L' });
  assert.equal(moveCount(r.solutions[0]), 11);
  assert.ok(solves(k.defaultPattern().applyAlg(TPERM), r.solutions[0]), r.solutions[0]);
  byID.free();
  fromKPuzzle.free();
});

test('every puzzle ID puzzleIDs() names loads as cubing.js defines it, surrounding spaces aside', async () => {
  const ids = await puzzleIDs();
  for (const id of ['2x2x2', '3x3x3', 'megaminx', 'pyraminx', 'skewb', 'square1', 'fto', 'clock']) {
    assert.ok(ids.includes(id), id);
  }
  for (const id of ids) {
    const p = await loadPuzzle(id);
    const cubing = await loadPuzzle(await cubingKPuzzle(id));
    assert.deepEqual(p.info, cubing.info, id);
    p.free();
    cubing.free();
  }
  const spaced = await loadPuzzle(' 2x2x2\n');
  assert.equal(spaced.info.moves.length, (await loadPuzzle('2x2x2')).info.moves.length);
});

test('loadPuzzle(puzzles["3x3x3"]) awaits the loader\'s kpuzzle() and loads that', async () => {
  const fromLoader = await loadPuzzle(puzzles['3x3x3']);
  const byID = await loadPuzzle('3x3x3');
  assert.deepEqual(fromLoader.info, byID.info);
  assert.deepEqual(await fromLoader.definition(), await byID.definition());
  // A loader of a puzzle twistsearch does not embed: what its kpuzzle() gives is loaded.
  const custom = { kpuzzle: async () => (await cubingKPuzzle('2x2x2')).definition };
  assert.deepEqual((await loadPuzzle(custom)).info, (await loadPuzzle('2x2x2')).info);
  await assert.rejects(loadPuzzle({ kpuzzle: async () => 42 }), (e) => e instanceof TypeError && /kpuzzle\(\) must resolve/.test(e.message));
  const failing = new Error('no network');
  await assert.rejects(loadPuzzle({ kpuzzle: async () => { throw failing; } }), (e) => e === failing);
});

test('a word that is no puzzle ID gets the parse error and the known IDs; other text the parse error alone', async () => {
  const ids = await puzzleIDs();
  await assert.rejects(loadPuzzle('gigaminx'), (e) => {
    assert.match(e.message, /unknown command/);
    assert.ok(e.message.includes(`if "gigaminx" is meant as a cubing.js puzzle ID: the known IDs are ${ids.join(', ')}`), e.message);
    return true;
  });
  await assert.rejects(loadPuzzle('3X3X3'), /the known IDs are 2x2x2, 3x3x3/);
  for (const text of ['Name x\nSet EDGE 2 1\n', 'not a puzzle', '{"orbits": 1}']) {
    await assert.rejects(loadPuzzle(text), (e) => !/known IDs/.test(e.message), JSON.stringify(text));
  }
});

test('unknown options of init and loadPuzzle are TypeErrors naming the key and the allowed ones', async () => {
  await assert.rejects(loadPuzzle('2x2x2', { tablecache: 1 }), (e) => {
    assert.ok(e instanceof TypeError);
    assert.equal(e.message, 'loadPuzzle: unknown option "tablecache" (the options are build, threads, tableCache, tableCacheWrite, onTableCache, generatorMoves)');
    return true;
  });
  await assert.rejects(init({ thread: 2 }), (e) => e instanceof TypeError && /init: unknown option "thread" \(the options are build, threads\)/.test(e.message));
  await assert.rejects(loadPuzzle('2x2x2', 'fast'), TypeError);
  // Known options still work.
  const p = await loadPuzzle('2x2x2', { build: 'single', tableCacheWrite: 'never' });
  assert.ok(p.info.moves.length > 0);
  p.free();
});

test('generator lists with an empty move name are refused, quoting the list, wherever a move list is taken', async () => {
  const cube = await loadPuzzle(tws('3x3x3'));
  const empty = (list) => (e) => {
    assert.ok(e instanceof Error);
    assert.ok(e.message.includes(`move list ${JSON.stringify(list)}: an empty move name is not allowed`), e.message);
    return true;
  };
  for (const list of ['U,,R', 'U,R,', ' , ', ',U']) {
    await assert.rejects(cube.solve(TPERM, { generatorMoves: list }), empty(list), list);
    await assert.rejects(cube.randomScramble({ generatorMoves: list }), empty(list), list);
    await assert.rejects(cube.order(list), empty(list), list);
    await assert.rejects(cube.canonicalCounts(2, { generatorMoves: list }), empty(list), list);
    await assert.rejects(cube.positions({ generatorMoves: list }), empty(list), list);
    await assert.rejects(cube.solve(TPERM, { phaseBound: list }), empty(list), list);
    await assert.rejects(cube.solve(TPERM, { phases: ['U,D,F2,B2,R2,L2', list] }), empty(list), list);
  }
  await assert.rejects(cube.order(['U', '']), (e) => e.message.includes('move list ["U", ""]: an empty move name is not allowed'));
  // Separators alone are fine.
  assert.equal(await cube.order('U, R'), await cube.order('U R'));
  cube.free();
});

test('the worker API loads by ID and by loader, and checks its options the same way', async () => {
  const byID = await createWorkerPuzzle('2x2x2');
  try {
    const direct = await loadPuzzle('2x2x2');
    assert.deepEqual(byID.info, direct.info);
    direct.free();
  } finally {
    byID.terminate();
  }
  const w = new TwistsearchWorker();
  try {
    const fromLoader = await w.loadPuzzle(puzzles['3x3x3']);
    const byID3 = await w.loadPuzzle('3x3x3');
    assert.deepEqual(fromLoader.info, byID3.info);
    const r = await byID3.solve(TPERM, { generatorMoves: 'U,D,F,B,R,L' });
    assert.ok(solves((await cubingKPuzzle('3x3x3')).defaultPattern().applyAlg(TPERM), r.solutions[0]));
    await assert.rejects(w.loadPuzzle('gigaminx'), /if "gigaminx" is meant as a cubing.js puzzle ID: the known IDs are 2x2x2/);
    await assert.rejects(w.loadPuzzle('2x2x2', { tablecache: 1 }), (e) => e instanceof TypeError && /loadPuzzle: unknown option "tablecache" \(the options are tableCache, tableCacheWrite, onTableCache, generatorMoves\)/.test(e.message));
    await assert.rejects(byID3.solve(TPERM, { generatorMoves: 'U,,R' }), /move list "U,,R": an empty move name is not allowed/);
  } finally {
    w.terminate();
  }
  assert.throws(() => new TwistsearchWorker({ treads: 2 }), (e) => e instanceof TypeError && /TwistsearchWorker: unknown option "treads"/.test(e.message));
  await assert.rejects(createWorkerPuzzle('2x2x2', { tablecache: 1 }), (e) => e instanceof TypeError && /createWorkerPuzzle: unknown option "tablecache" \(the options are workerUrl, build, threads, abortGraceMs, sharedFlag, tableCache, tableCacheWrite, onTableCache, generatorMoves\)/.test(e.message));
});

test('the PuzzleID type of index.d.ts names exactly the IDs puzzleIDs() returns', async () => {
  const { readFile } = await import('node:fs/promises');
  const dts = await readFile(new URL('../../js/index.d.ts', import.meta.url), 'utf8');
  const union = dts.match(/export type PuzzleID =([^;]*);/);
  assert.ok(union, 'index.d.ts declares PuzzleID as a union of strings');
  const typed = [...union[1].matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
  assert.deepEqual([...typed].sort(), [...(await puzzleIDs())].sort());
});
