// Defaults a cubing.js user meets (issue 42): a cubing.js puzzle solves with its face turns, a puzzle with
// its own event solver answers fast through the generic solve (or says which call to make), time limits
// that hold on the calling thread, KTransformations taken where a position is, errors that say what to do.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Alg } from 'cubing/alg';
import { puzzles } from 'cubing/puzzles';

import { loadPuzzle, randomScrambleForEvent, solveForEvent } from '../../js/index.js';
import { FACE_TURNS_REACH, faceTurns } from '../../js/common.js';
import { createWorkerPuzzle } from '../../js/worker-client.js';
import { cubingSolver, solve as cubingSolve, solveForEvent as cubingSolveForEvent } from '../../js/cubing.js';
import { TPERM, cubingKPuzzle, moveCount, solves, tws } from './helpers.mjs';

/** A 20-move 3x3x3 position: an optimal solve takes far longer than any limit below. */
const HARD = "R U2 D' B D' L F' U2 R' D2 B' L2 U F2 L2 D R2 B2 U' F2";

test("cubing.js's 3x3x3 KPuzzle with default options solves a T-perm optimally with face turns, as fast as with them named", async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  assert.deepEqual(p.defaultMoves.split(',').sort(), ['B', 'D', 'F', 'L', 'R', 'U']);
  const t0 = performance.now();
  const r = await p.solve(k.defaultPattern().applyAlg(TPERM));
  const ms = performance.now() - t0;
  // About a second on an idle machine (all 27 of its moves: still searching after a minute); generous
  // here for loaded test machines.
  assert.ok(ms < 30000, `${ms.toFixed(0)} ms`);
  const named = await loadPuzzle(k, { generatorMoves: 'U,L,F,R,B,D' });
  const same = await named.solve(TPERM);
  assert.deepEqual([r.solutions, r.nodes], [same.solutions, same.nodes]);
  named.free();
  assert.equal(moveCount(r.solutions[0]), 11);
  assert.match(r.solutions[0], /^([UDFBRL][2']? ?)+$/);
  assert.ok(solves(k.defaultPattern().applyAlg(TPERM), r.solutions[0]), r.solutions[0]);
  // A call's own moves win; null means every move but the rotations.
  assert.equal((await p.solve('M', { generatorMoves: 'M' })).solutions[0], "M'");
  p.free();
});

test('FACE_TURNS_REACH is right: of the embedded puzzles, the face turns of those and only those reach what all its moves reach', async () => {
  const { puzzleIDs } = await import('../../js/index.js');
  for (const id of await puzzleIDs()) {
    const p = await loadPuzzle(id);
    const faces = faceTurns(p.info);
    const reach = async (moves) => (await p.positions(moves)).upToOrientation;
    // (The clock's capitals UL, UR, DL, DR do nothing on cubing.js's KPuzzle: an error, so no.)
    const reaches = faces !== null && (await reach(faces).catch(() => null)) === (await reach(undefined));
    assert.equal(FACE_TURNS_REACH.includes(id), reaches, id);
    assert.equal(p.defaultMoves, reaches ? faces : null, id);
    p.free();
  }
  // A cubing.js KPuzzle twistsearch does not embed gets the same answer computed at load.
  const k = await cubingKPuzzle('3x3x3');
  const custom = await loadPuzzle({ kpuzzle: async () => ({ ...k.definition, name: 'my cube' }) });
  assert.deepEqual(custom.defaultMoves.split(',').sort(), ['B', 'D', 'F', 'L', 'R', 'U']);
});

test('the same defaults by puzzle ID, by loader and in a worker; a .tws puzzle and loadPuzzle(…, {generatorMoves}) as they say', async () => {
  const byID = await loadPuzzle('3x3x3');
  const byLoader = await loadPuzzle(puzzles['3x3x3']);
  const k = await cubingKPuzzle('3x3x3');
  assert.equal(byID.defaultMoves, byLoader.defaultMoves);
  assert.equal(byID.defaultMoves, (await loadPuzzle(k)).defaultMoves);
  const w = await createWorkerPuzzle(k);
  try {
    assert.equal(w.defaultMoves, byID.defaultMoves);
    const r = await w.solve(k.defaultPattern().applyAlg(TPERM));
    assert.equal(moveCount(r.solutions[0]), 11);
  } finally {
    w.terminate();
  }
  // Not a cubing.js puzzle: every move, as before.
  assert.equal((await loadPuzzle(tws('3x3x3'))).defaultMoves, null);
  // The 4x4x4's face turns never move its inner slices: every move stays the default.
  assert.equal((await loadPuzzle('4x4x4')).defaultMoves, null);
  // The 2x2x2's face turns are all its moves.
  assert.equal((await loadPuzzle('2x2x2')).defaultMoves, null);
  const all = await loadPuzzle(k, { generatorMoves: null });
  assert.equal(all.defaultMoves, null);
  const two = await loadPuzzle(k, { generatorMoves: ['R', 'U'] });
  assert.equal(two.defaultMoves, 'R,U');
  assert.equal((await two.solve("R U R'")).solutions[0], "R U' R'");
  await assert.rejects(loadPuzzle(k, { generatorMoves: 'R,,U' }), /empty/);
  await assert.rejects(loadPuzzle(k, { generatorMoves: 'Q' }), /Q/);
});

test('a scrambled Square-1 through the generic solve answers within 1 s, naming solveForEvent("sq1"); a short one still solves', async () => {
  const k = await cubingKPuzzle('square1');
  const p = await loadPuzzle(k);
  const scrambled = k.defaultPattern().applyAlg(await randomScrambleForEvent('sq1', { seed: 7 }));
  const t0 = performance.now();
  await assert.rejects(p.solve(scrambled), (e) => {
    assert.equal(e.name, 'TimeoutError');
    assert.match(e.message, /solveForEvent\("sq1", pattern\)/);
    assert.match(e.message, /timeLimit/);
    return true;
  });
  const ms = performance.now() - t0;
  assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
  // The same in the worker API (the worker finds the puzzle's ID from the KPuzzle's name).
  const w = await createWorkerPuzzle(k);
  try {
    await assert.rejects(w.solve(scrambled), (e) => e instanceof DOMException && e.name === 'TimeoutError' && /solveForEvent\("sq1", pattern\)/.test(e.message));
  } finally {
    w.terminate();
  }
  // What the message says to do works.
  const alg = await solveForEvent('sq1', scrambled);
  assert.ok(scrambled.applyAlg(alg).isIdentical(k.defaultPattern()), alg);
  // A short position is still answered by the generic search.
  const short = await p.solve('(1, 0) / (-3, 3) /', { maxDepth: 8 });
  assert.ok(k.defaultPattern().applyAlg('(1, 0) / (-3, 3) /').applyAlg(short.solutions[0]).isIdentical(k.defaultPattern()));
  // The megaminx's random scramble: randomScrambleForEvent named.
  const minx = await loadPuzzle('megaminx');
  await assert.rejects(minx.randomScramble(), (e) => e.name === 'TimeoutError' && /randomScrambleForEvent\("minx"\)/.test(e.message));
  p.free();
  minx.free();
});

test('a scrambled 5x5x5 (within 1.5 s) or clock through the generic solve stops, naming its solveForEvent; what it names solves it', async () => {
  for (const [puzzleID, eventID, scramble] of [
    ['5x5x5', '555', "R 2U F' 3L B2 2D' Rw U2 2F L'"],
    ['clock', 'clock', 'UR3+ DR2- U1+ ALL4- y2 R5+ D2- ALL1+'],
  ]) {
    const k = await cubingKPuzzle(puzzleID);
    const p = await loadPuzzle(k);
    const scrambled = k.defaultPattern().applyAlg(scramble);
    const t0 = performance.now();
    await assert.rejects(p.solve(scrambled), (e) => {
      assert.equal(e.name, 'TimeoutError', `${puzzleID}: ${e.message}`);
      assert.match(e.message, new RegExp(`solveForEvent\\("${eventID}", pattern\\)`));
      return true;
    });
    const ms = performance.now() - t0;
    // (The clock's generic solve checks its time limit only every few seconds while it starts.)
    if (puzzleID === '5x5x5') assert.ok(ms < 1500, `${puzzleID}: ${ms.toFixed(0)} ms`);
    const alg = await solveForEvent(eventID, scrambled);
    const end = scrambled.applyAlg(alg);
    // The 5x5x5's fixed centers are solved up to their orientation (cubing.js's experimentalIsSolved ignores it).
    assert.ok(puzzleID === 'clock' ? end.isIdentical(k.defaultPattern()) : end.experimentalIsSolved({ ignorePuzzleOrientation: false, ignoreCenterOrientation: true }), `${puzzleID}: ${alg}`);
    p.free();
  }
});

test('timeLimit stops a long solve on the calling thread and in a worker, with a TimeoutError; bad values are refused', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  const hard = k.defaultPattern().applyAlg(HARD);
  for (const run of [() => p.solve(hard, { timeLimit: 400 })]) {
    const t0 = performance.now();
    await assert.rejects(run(), (e) => e instanceof DOMException && e.name === 'TimeoutError' && /400 ms/.test(e.message));
    const ms = performance.now() - t0;
    assert.ok(ms < 1500, `${ms.toFixed(0)} ms`);
  }
  // The puzzle answers again afterwards.
  assert.equal((await p.solve("R U R'", { timeLimit: 30000 })).solutions[0], "R U' R'");
  const w = await createWorkerPuzzle(k);
  try {
    const t0 = performance.now();
    await assert.rejects(w.solve(hard, { timeLimit: 400 }), (e) => e instanceof DOMException && e.name === 'TimeoutError');
    assert.ok(performance.now() - t0 < 3000);
  } finally {
    w.terminate();
  }
  // Event calls too: a first 444 scramble builds tables for far longer than 50 ms.
  await assert.rejects(randomScrambleForEvent('444', { timeLimit: 50, seed: 1 }), (e) => e.name === 'TimeoutError' && /randomScrambleForEvent: stopped after its time limit of 50 ms/.test(e.message));
  await assert.rejects(p.solve("R U", { timeLimit: 0 }), RangeError);
  await assert.rejects(p.solve("R U", { timeLimit: '5' }), TypeError);
  await assert.rejects(solveForEvent('333', hard, { timeLimt: 5 }), (e) => e instanceof TypeError && /timeLimt/.test(e.message));
  p.free();
});

test('a KTransformation is taken where a position is: solve, solveForEvent and twistsearch/cubing', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const t = k.algToTransformation(TPERM);
  const p = await loadPuzzle(k);
  assert.equal(moveCount((await p.solve(t)).solutions[0]), 11);
  const start = k.defaultPattern().applyAlg(TPERM);
  const byEvent = await solveForEvent('333', t);
  assert.ok(solves(start, byEvent), byEvent);
  const alg = await cubingSolve(t);
  assert.ok(alg instanceof Alg);
  assert.ok(start.applyAlg(alg).isIdentical(k.defaultPattern()), alg.toString());
  const ev = await cubingSolveForEvent('333', t);
  assert.ok(ev instanceof Alg);
  assert.ok(start.applyAlg(ev).isIdentical(k.defaultPattern()));
  p.free();
});

test('twistsearch/cubing scrambles off the calling thread by default: timers keep firing during a first 444 scramble', async () => {
  const solver = cubingSolver();
  try {
    let last = performance.now();
    let gap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }, 20);
    const t0 = performance.now();
    const scramble = await solver.randomScrambleForEvent('444', { seed: 3 });
    const ms = performance.now() - t0;
    clearInterval(timer);
    assert.ok(scramble instanceof Alg);
    assert.ok(ms > 500, `the first 444 scramble took ${ms.toFixed(0)} ms (too quick to tell)`);
    assert.ok(gap < 300, `the calling thread stalled ${gap.toFixed(0)} ms during a ${ms.toFixed(0)} ms scramble`);
    // The calling thread on request.
    const here = cubingSolver({ worker: false });
    assert.ok((await here.randomScrambleForEvent('222', { seed: 1 })) instanceof Alg);
    assert.throws(() => cubingSolver({ worker: 'yes' }), TypeError);
  } finally {
    solver.terminate();
  }
});

test('solveForEvent with a position of another puzzle names both puzzles and the fix', async () => {
  const k2 = await cubingKPuzzle('2x2x2');
  const pattern = k2.defaultPattern().applyAlg("R U F'");
  await assert.rejects(solveForEvent('333', pattern), (e) => {
    assert.match(e.message, /solveForEvent\("333"\): given a position of cubing\.js's "2x2x2", but the event's puzzle is cubing\.js's "3x3x3"/);
    assert.match(e.message, /puzzles\["3x3x3"\]\.kpuzzle\(\)/);
    return true;
  });
  // Plain KPattern data says no puzzle: its orbits are named.
  await assert.rejects(solveForEvent('333', pattern.patternData), /given a pattern with orbits CORNERS/);
  // Through the worker too.
  const solver = cubingSolver();
  try {
    await assert.rejects(cubingSolveForEvent('333', pattern), /given a position of cubing\.js's "2x2x2"/);
  } finally {
    solver.terminate();
  }
});

test('"not reachable with these moves" hints at ignorePuzzleOrientation where a rotation would solve it, and only there', async () => {
  const k = await cubingKPuzzle('3x3x3');
  const p = await loadPuzzle(k);
  await assert.rejects(p.solve(k.defaultPattern().applyAlg('M U')), (e) => {
    assert.match(e.message, /not reachable with these moves/);
    assert.match(e.message, /ignorePuzzleOrientation: true/);
    return true;
  });
  const sol = await p.solve(k.defaultPattern().applyAlg('M U'), { ignorePuzzleOrientation: true });
  assert.ok(k.defaultPattern().applyAlg('M U').applyAlg(sol.solutions[0]).experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true }));
  // One edge flipped: no rotation helps, no hint.
  const data = structuredClone(k.defaultPattern().patternData);
  data.EDGES.orientation[0] = 1;
  await assert.rejects(p.solve(data), (e) => {
    assert.match(e.message, /not reachable/);
    assert.doesNotMatch(e.message, /ignorePuzzleOrientation/);
    return true;
  });
  p.free();
});

test("the README's Node.js requirement is the pinned cubing.js's", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const cubing = JSON.parse(readFileSync(new URL('../../node_modules/cubing/package.json', import.meta.url), 'utf8'));
  const lock = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(cubing.version, lock.devDependencies.cubing);
  const wanted = cubing.engines.node.replace(/^>=\s*/, '');
  const said = readme.match(/Node\.js ≥ ([0-9.]+)/);
  assert.ok(said, 'the README names a Node.js version');
  assert.equal(said[1], wanted.replace(/\.0$/, ''), `README says Node.js ≥ ${said[1]}, cubing.js ${cubing.version} needs ${cubing.engines.node}`);
});

/** The event IDs (backquoted) of the text between `from` and the next `to` in a document. */
function listedEvents(doc, from, to) {
  const text = readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8');
  const start = text.indexOf(from);
  assert.ok(start >= 0, `${doc}: "${from}"`);
  const end = text.indexOf(to, start);
  return [...text.slice(start, end).matchAll(/`([0-9a-z_]+)`/g)].map((m) => m[1]);
}

test("the events the docs say are scrambled are exactly scrambleEvents()'s supported ones (events.test.mjs scrambles each)", async () => {
  const { scrambleEvents } = await import('../../js/index.js');
  const supported = (await scrambleEvents()).filter((e) => e.supported).map((e) => e.id).sort();
  const readme = listedEvents('js/README.md', 'Random states for', 'scramble (every');
  const reference = listedEvents('docs/js-api.md', 'Random states for', 'scramble.');
  assert.deepEqual([...readme].sort(), supported, 'js/README.md');
  assert.deepEqual([...reference].sort(), supported, 'docs/js-api.md');
  for (const id of ['fto', '444', 'kilominx', 'clock']) assert.ok(supported.includes(id), id);
});

test('npm pack refuses a package without both WebAssembly builds (prepack), naming the missing one; sizes reported', async () => {
  const { execFileSync, spawnSync } = await import('node:child_process');
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { randomBytes } = await import('node:crypto');
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.scripts.prepack, 'node scripts/wasm-builds.mjs');
  const script = new URL('../../scripts/wasm-builds.mjs', import.meta.url).pathname;
  const dir = mkdtempSync(join(tmpdir(), 'twistsearch-builds-'));
  try {
    mkdirSync(join(dir, 'pkg/single'), { recursive: true });
    writeFileSync(join(dir, 'pkg/single/twistsearch_bg.wasm'), new Uint8Array(1000));
    writeFileSync(join(dir, 'pkg/single/twistsearch.js'), '');
    let r = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /missing: pkg\/single\/twistsearch_events_bg\.wasm \(npm run build:single\), pkg\/threaded\/twistsearch_bg\.wasm \(npm run build:threaded\)/);
    writeFileSync(join(dir, 'pkg/single/twistsearch_events_bg.wasm'), new Uint8Array(500));
    writeFileSync(join(dir, 'pkg/single/twistsearch_events.js'), '');
    mkdirSync(join(dir, 'pkg/threaded'), { recursive: true });
    writeFileSync(join(dir, 'pkg/threaded/twistsearch_bg.wasm'), new Uint8Array(2000));
    writeFileSync(join(dir, 'pkg/threaded/twistsearch.js'), '');
    const out = execFileSync(process.execPath, [script, dir], { encoding: 'utf8' });
    assert.match(out, /pkg\/single\/twistsearch_bg\.wasm: 1000 bytes .*gzip -9 \d+ bytes/);
    assert.match(out, /pkg\/single\/twistsearch_events_bg\.wasm: 500 bytes .*gzip -9 \d+ bytes/);
    assert.match(out, /pkg\/single\/ in all: 1500 bytes/);
    assert.match(out, /pkg\/threaded\/twistsearch_bg\.wasm: 2000 bytes/);
    // Over the goal: reported; with --check (CI), an error naming the module.
    writeFileSync(join(dir, 'pkg/single/twistsearch_events_bg.wasm'), randomBytes(470 * 1024));
    assert.match(execFileSync(process.execPath, [script, dir], { encoding: 'utf8' }), /\d+ bytes over/);
    r = spawnSync(process.execPath, [script, '--check', dir], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /over the single-threaded build's download goal .*pkg\/single\/twistsearch_events_bg\.wasm \(\d+ bytes over\)/);
    assert.equal(spawnSync(process.execPath, [script, '--check', dir], { encoding: 'utf8' }).stderr.includes('twistsearch_bg.wasm ('), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a signal given to the direct API (which cannot fire while the call holds the thread) is warned about once, pointing to timeLimit and the worker', async () => {
  const p = await loadPuzzle('2x2x2');
  const warned = [];
  const warn = console.warn;
  console.warn = (...args) => warned.push(args.join(' '));
  try {
    await p.solve("R U", { timeLimit: 1000, signal: new AbortController().signal });
    assert.equal(warned.length, 0, 'a call with a timeLimit is not warned about');
    await p.solve("R U", { signal: new AbortController().signal });
    await p.solve("R U'", { signal: new AbortController().signal });
  } finally {
    console.warn = warn;
  }
  assert.equal(warned.length, 1, warned.join('\n'));
  assert.match(warned[0], /signal cannot fire while the call runs on this thread/);
  assert.match(warned[0], /timeLimit/);
  assert.match(warned[0], /twistsearch\/worker/);
  p.free();
});
