// Event scrambles (`randomScrambleForEvent`): every supported cubing.js event's scrambles applied with
// cubing.js 0.63.4's own KPuzzle give a legal, scrambled state of that event; seeds make them
// reproducible; refused and unknown events and bad arguments fail as documented; the 2x2x2 scrambles are
// uniform (chi-square on a fixed seed, so it cannot flake) and optimal by cubing.js's own 2x2x2 solver.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Alg } from 'cubing/alg';
import { eventInfo, puzzles, twizzleEvents } from 'cubing/puzzles';
import { experimentalSolve2x2x2, setSearchDebug } from 'cubing/search';

import { randomScrambleForEvent, scrambleEvents, solveForEvent } from '../../js/index.js';
import { cubingSolver, randomScrambleForEvent as cubingScrambleForEvent, solveForEvent as cubingSolveForEvent } from '../../js/cubing.js';
import { TwistsearchWorker } from '../../js/worker-client.js';

setSearchDebug({ logPerf: false, showWorkerInstantiationWarnings: false });

const SUPPORTED = ['333', '222', '444', '444bf', '555', '666', '777', '333bf', '333fm', '333oh', 'clock', 'minx', 'pyram', 'skewb', 'sq1', '555bf', '333mbf', '333ft', 'kilominx', 'baby_fto', 'redi_cube', 'master_tetraminx', 'fto'];
const REFUSED = [];

const FACES = ['U', 'D', 'F', 'B', 'R', 'L'];
/** Per event: the move families a scramble may use, its number of moves (or a range), what it must look like. */
const RULES = {
  222: { families: ['U', 'F', 'R'], moves: [4, 11], randomState: true },
  333: { families: FACES, moves: [2, 21], randomState: true },
  pyram: { families: ['U', 'L', 'R', 'B', 'u', 'l', 'r', 'b'], moves: [6, 15], randomState: true },
  skewb: { families: ['U', 'L', 'R', 'B'], moves: [7, 11], randomState: true },
  baby_fto: { families: ['U', 'F', 'L', 'R', 'B', 'D', 'BL', 'BR'], moves: [2, 14], randomState: true },
  redi_cube: { families: ['UL', 'U', 'UR', 'F', 'L', 'B', 'R', 'D'], moves: [2, 17], randomState: true },
  fto: { families: ['U', 'L', 'F', 'R', 'B', 'BR', 'D', 'BL'], moves: [2, 40], randomState: true },
  master_tetraminx: { families: ['U', 'L', 'R', 'B', 'u', 'l', 'r', 'b'], moves: [2, 24], randomState: true },
  kilominx: { families: ['U', 'F', 'R', 'L', 'BL', 'BR', 'D', 'B', 'DR', 'DL', 'FR', 'FL'], moves: [2, 36], randomState: true },
  444: { families: [...FACES, 'Uw', 'Rw', 'Fw'], moves: [30, 70], randomState: true },
  555: { families: [...FACES, ...FACES.map((f) => `${f}w`)], moves: [60, 60] },
  666: { families: [...FACES, ...FACES.map((f) => `${f}w`), ...FACES.map((f) => `3${f}w`)], moves: [80, 80] },
  777: { families: [...FACES, ...FACES.map((f) => `${f}w`), ...FACES.map((f) => `3${f}w`)], moves: [100, 100] },
};
RULES['333oh'] = RULES['333ft'] = RULES['333'];
RULES['555bf'] = RULES['555'];

/** The scramble body and suffix of a blindfolded event: `Rw`/`Fw` then `Uw` turns at the end. */
function splitOrientation(alg) {
  const tokens = alg.split(' ');
  let i = tokens.length;
  if (i > 0 && /^Uw['2]?$/.test(tokens[i - 1])) i--;
  if (i > 0 && /^(Rw['2]?|Fw'?)$/.test(tokens[i - 1])) i--;
  return { body: tokens.slice(0, i).join(' '), suffix: tokens.slice(i) };
}

/** Checks one scramble's notation against the event's rules; returns the part the rules describe. */
function checkNotation(eventID, alg) {
  if (eventID === '333bf' || eventID === '333mbf' || eventID === '444bf' || eventID === '555bf') {
    const { body, suffix } = splitOrientation(alg);
    assert.ok(suffix.length <= 2, `${eventID}: ${alg}`);
    return { rules: RULES[{ '555bf': '555', '444bf': '444' }[eventID] ?? '333'], body };
  }
  if (eventID === '333fm') {
    assert.match(alg, /^R' U' F .* R' U' F$/, alg);
    return { rules: RULES['333'], body: alg.slice("R' U' F ".length, -" R' U' F".length) };
  }
  if (eventID === 'clock') {
    const dial = (n) => `${n}(?:[0-6]\\+|[1-5]-)`;
    const front = ['UR', 'DR', 'DL', 'UL', 'U', 'R', 'D', 'L', 'ALL'].map(dial).join(' ');
    const back = ['U', 'R', 'D', 'L', 'ALL'].map(dial).join(' ');
    assert.match(alg, new RegExp(`^${front} y2 ${back}( UR)?( DR)?( DL)?( UL)?$`), alg);
    return { rules: null, body: alg };
  }
  if (eventID === 'sq1') {
    // cubing.js's own Square-1 notation: `(top, bottom)` turns from -5 to 6 (no `(0, 0)`) between slashes.
    const turn = '\\((-?[0-5]|6), (-?[0-5]|6)\\)';
    assert.match(alg, new RegExp(`^(${turn} )?/( ${turn} /)*( ${turn})?$`), alg);
    assert.doesNotMatch(alg, /\(0, 0\)/, alg);
    const slashes = alg.split('/').length - 1;
    assert.ok(slashes >= 6 && slashes <= 20, `sq1: ${slashes} slashes: ${alg}`);
    return { rules: null, body: alg };
  }
  if (eventID === 'minx') {
    const lines = alg.split('\n');
    assert.equal(lines.length, 7, alg);
    for (const line of lines) assert.match(line, /^(R(\+\+|--) D(\+\+|--) ){5}U'?$/, line);
    return { rules: null, body: alg };
  }
  return { rules: RULES[eventID], body: alg };
}

const SOLVED_OPTIONS = { ignorePuzzleOrientation: true, ignoreCenterOrientation: true };

/** Whether a pattern is solved, as cubing.js judges (up to orientation), or identical to solved where it cannot judge (big cubes). */
function isSolved(pattern) {
  try {
    return pattern.experimentalIsSolved(SOLVED_OPTIONS);
  } catch {
    return pattern.isIdentical(pattern.kpuzzle.defaultPattern());
  }
}

/** Asserts that `alg` is a legal scramble of `eventID`, checked with cubing.js's KPuzzle of the event. */
async function checkScramble(eventID, alg) {
  // (cubing.js 0.63.4 has no event info for 333ft, With Feet: a 3x3x3 event.)
  const kpuzzle = await puzzles[eventInfo(eventID)?.puzzleID ?? (eventID === '333ft' ? '3x3x3' : '')].kpuzzle();
  const { rules, body } = checkNotation(eventID, alg);
  if (rules) {
    const nodes = [...Alg.fromString(body).childAlgNodes()];
    // The move without its amount: `3Rw` (cubing.js's family of `3Rw` is `Rw`, with an inner layer).
    const families = nodes.map((m) => (m.quantum ? m.quantum.toString() : String(m)));
    assert.deepEqual(families.filter((f) => !rules.families.includes(f)), [], `${eventID}: ${alg}`);
    assert.ok(nodes.length >= rules.moves[0] && nodes.length <= rules.moves[1], `${eventID}: ${nodes.length} moves: ${alg}`);
    // No two consecutive moves of one family (a solver's output is canonical).
    families.forEach((f, i) => assert.ok(i === 0 || f !== families[i - 1], `${eventID}: ${alg}`));
  }
  // Applies on cubing.js's own puzzle (every move is cubing.js notation), and leaves it scrambled.
  const pattern = kpuzzle.defaultPattern().applyAlg(alg);
  assert.equal(isSolved(pattern), false, `${eventID}: ${alg} leaves the puzzle solved`);
  // The inverse of the scramble's transformation (cubing.js's) brings it back.
  assert.ok(isSolved(pattern.applyTransformation(kpuzzle.algToTransformation(alg).invert())), `${eventID}: ${alg}`);
  return pattern;
}

test('scrambleEvents lists cubing.js events, with the supported ones and a reason for the rest', async () => {
  const events = await scrambleEvents();
  const ids = events.map((e) => e.id);
  for (const id of Object.keys(twizzleEvents).filter((id) => id !== 'loopover')) assert.ok(ids.includes(id), id);
  assert.deepEqual(events.filter((e) => e.supported).map((e) => e.id).sort(), [...SUPPORTED].sort());
  assert.deepEqual(events.filter((e) => !e.supported).map((e) => e.id).sort(), [...REFUSED].sort());
  for (const e of events) {
    assert.equal(typeof e.name, 'string');
    if (eventInfo(e.id)) assert.equal(e.puzzle, eventInfo(e.id).puzzleID, e.id);
    assert.equal(typeof e.reason === 'string', !e.supported, e.id);
  }
});

test('a cold event scramble reports progress and can be cancelled; warm ones reuse its tables', async () => {
  // Abort on the first progress report: the 3x3x3's tables are being built.
  const controller = new AbortController();
  let reports = 0;
  const onProgress = () => {
    reports++;
    controller.abort();
  };
  await assert.rejects(randomScrambleForEvent('333', { signal: controller.signal, onProgress }), { name: 'AbortError' });
  assert.ok(reports >= 1);
  await assert.rejects(randomScrambleForEvent('333', { signal: AbortSignal.abort() }), { name: 'AbortError' });
  // The next call builds the tables (reporting their phase), the one after uses them (no table phase).
  const phases = (list) => (p) => list.push(p.phase);
  const cold = [];
  const warm = [];
  await randomScrambleForEvent('333', { seed: 1, onProgress: phases(cold) });
  await randomScrambleForEvent('333', { seed: 2, onProgress: phases(warm) });
  assert.ok(cold.some((p) => p.startsWith('table')), cold.join(' '));
  assert.ok(!warm.some((p) => p.startsWith('table')), warm.join(' '));
});

test('every supported event: scrambles apply with cubing.js and leave a legal scrambled state', async (t) => {
  for (const id of SUPPORTED) {
    const t0 = performance.now();
    const seen = new Set();
    for (let seed = 1; seed <= 4; seed++) {
      const alg = await randomScrambleForEvent(id, { seed });
      await checkScramble(id, alg);
      seen.add(alg);
    }
    assert.equal(seen.size, 4, `${id}: four seeds, four scrambles`);
    t.diagnostic(`${id}: 4 scrambles in ${Math.round(performance.now() - t0)} ms`);
  }
});

test('a seed makes a scramble reproducible (direct, cubing.js and worker APIs alike)', async () => {
  const worker = new TwistsearchWorker();
  try {
    for (const id of ['222', '333fm', 'pyram', 'clock', 'minx', '666']) {
      const a = await randomScrambleForEvent(id, { seed: 42 });
      assert.equal(await randomScrambleForEvent(id, { seed: 42 }), a, id);
      const alg = await cubingScrambleForEvent(id, { seed: 42 });
      assert.ok(alg instanceof Alg);
      assert.ok(alg.isIdentical(Alg.fromString(a)), id);
      // (Not the 3x3x3 and pyraminx events in the worker: their tables would be built once more there,
      // for seconds.)
      if (id !== '333fm' && id !== 'pyram') assert.equal(await worker.randomScrambleForEvent(id, { seed: 42 }), a, id);
    }
    // Unseeded scrambles differ.
    const unseeded = new Set();
    for (let i = 0; i < 3; i++) unseeded.add(await randomScrambleForEvent('skewb'));
    assert.equal(unseeded.size, 3);
  } finally {
    worker.terminate();
  }
});

test('in a worker, aborting a cold event scramble stops its work through the shared flag', async () => {
  const worker = new TwistsearchWorker({ abortGraceMs: 5000 });
  try {
    await worker.init();
    // The 3x3x3's tables take hundreds of milliseconds to build: the abort comes in the middle.
    await assert.rejects(worker.randomScrambleForEvent('333', { signal: AbortSignal.timeout(30) }), { name: 'AbortError' });
    // The worker answers the next call once the aborted work has stopped (not by being restarted).
    assert.equal(typeof (await worker.randomScrambleForEvent('clock', { seed: 1 })), 'string');
    assert.equal(worker.restarts, 0);
  } finally {
    worker.terminate();
  }
});

test('unknown, refused and malformed requests fail as documented', async () => {
  const worker = new TwistsearchWorker();
  const solver = cubingSolver({ worker: true });
  try {
    for (const scramble of [randomScrambleForEvent, cubingScrambleForEvent, (id, o) => worker.randomScrambleForEvent(id, o), solver.randomScrambleForEvent]) {
      await assert.rejects(scramble('3x3x3'), (e) => e instanceof RangeError && /unknown event "3x3x3"/.test(e.message) && /333/.test(e.message));
      await assert.rejects(scramble(333), (e) => e instanceof TypeError && /eventID must be a string, not number/.test(e.message));
      await assert.rejects(scramble(null), TypeError);
      await assert.rejects(scramble(undefined), TypeError);
      for (const id of REFUSED) {
        await assert.rejects(scramble(id), (e) => e.constructor === Error && e.message.startsWith(`event ${id}: `), id);
      }
      await assert.rejects(scramble('222', { seed: -1 }), RangeError);
      await assert.rejects(scramble('222', { seed: '1' }), TypeError);
      await assert.rejects(scramble('222', { generatorMoves: 'U' }), /unknown field `generatorMoves`/);
      await assert.rejects(scramble('222', { signal: AbortSignal.abort() }), { name: 'AbortError' });
    }
  } finally {
    worker.terminate();
    solver.terminate();
  }
});

test('222: scrambles are optimal (cubing.js solver) and uniform (chi-square, fixed seed)', async () => {
  const kpuzzle = await puzzles['2x2x2'].kpuzzle();
  // Optimal: cubing.js's own 2x2x2 solver needs as many moves as the scramble has.
  for (let seed = 100; seed < 103; seed++) {
    const alg = Alg.fromString(await randomScrambleForEvent('222', { seed }));
    const pattern = kpuzzle.defaultPattern().applyAlg(alg);
    const solution = await experimentalSolve2x2x2(pattern);
    assert.ok(pattern.applyAlg(solution).experimentalIsSolved(SOLVED_OPTIONS));
    assert.equal(solution.experimentalNumChildAlgNodes(), alg.experimentalNumChildAlgNodes(), `${alg} / ${solution}`);
  }
  // Uniform: which corner (of the 7 that U, F, R move) sits in the first slot, and its orientation: 21
  // cells of probability 1/21 in a uniformly random state.
  const n = 840;
  const counts = new Map();
  for (let seed = 1000; seed < 1000 + n; seed++) {
    const data = kpuzzle.defaultPattern().applyAlg(await randomScrambleForEvent('222', { seed })).patternData.CORNERS;
    const cell = `${data.pieces[0]}/${data.orientation[0]}`;
    counts.set(cell, (counts.get(cell) ?? 0) + 1);
  }
  assert.equal(counts.size, 21, [...counts.keys()].join(' '));
  const expected = n / 21;
  const chi2 = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  // 20 degrees of freedom: P(chi2 > 45.31) = 0.001.
  assert.ok(chi2 < 45.31, `chi-square ${chi2.toFixed(1)} over ${[...counts.entries()].join(' ')}`);
});

test('kilominx: only the corners are pieces (cubing.js draws nothing else); scrambles move them, uniformly', async () => {
  // cubing.js's kilominx (`d f 0.56`) has EDGES and EDGES2 orbits (tiny pieces of the cut) and CENTERS
  // besides the corners, but builds it without edge and center orbits: its net shows only corners.
  const kpuzzle = await puzzles.kilominx.kpuzzle();
  assert.deepEqual(kpuzzle.definition.orbits.map((o) => o.orbitName), ['EDGES', 'EDGES2', 'CORNERS', 'CENTERS']);
  const svg = await puzzles.kilominx.svg();
  assert.deepEqual([...new Set([...svg.matchAll(/id="([A-Z0-9]+)-l\d+-o\d+"/g)].map((m) => m[1]))], ['CORNERS']);
  // Which corner sits in the first slot: 20 cells of probability 1/20 in a uniformly random state.
  const solved = kpuzzle.defaultPattern().patternData.CORNERS;
  const n = 400;
  const counts = new Map();
  for (let seed = 2000; seed < 2000 + n; seed++) {
    const data = kpuzzle.defaultPattern().applyAlg(await randomScrambleForEvent('kilominx', { seed })).patternData.CORNERS;
    assert.notDeepEqual(data, solved, `seed ${seed}`);
    counts.set(data.pieces[0], (counts.get(data.pieces[0]) ?? 0) + 1);
  }
  assert.equal(counts.size, 20, [...counts.keys()].join(' '));
  const expected = n / 20;
  const chi2 = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  // 19 degrees of freedom: P(chi2 > 43.82) = 0.001.
  assert.ok(chi2 < 43.82, `chi-square ${chi2.toFixed(1)} over ${[...counts.entries()].join(' ')}`);
});

test('fto: solved up to the center triangles cubing.js draws alike (the groups of src/events/registry.rs FTO_CENTERS); edges uniform', async () => {
  // The groups the scrambler treats as identical (a copy of FTO_CENTERS): each is one colour in cubing.js's net.
  const groups = [[3, 16, 19], [6, 8, 17], [2, 4, 15], [10, 12, 13], [5, 7, 11], [0, 1, 14], [9, 18, 21], [20, 22, 23]];
  const svg = await puzzles.fto.svg();
  const colour = new Map([...svg.matchAll(/id="CENTERS-l(\d+)-o0"[^>]*fill: ([^;"]+)/g)].map((m) => [Number(m[1]), m[2]]));
  assert.equal(colour.size, 24);
  for (const g of groups) assert.equal(new Set(g.map((c) => colour.get(c))).size, 1, `centers ${g} share a colour`);
  assert.equal(new Set(groups.map((g) => colour.get(g[0]))).size, 8);
  // Which edge sits in the first slot: 12 cells of probability 1/12 in a uniformly random state.
  const kpuzzle = await puzzles.fto.kpuzzle();
  const n = 240;
  const counts = new Map();
  for (let seed = 3000; seed < 3000 + n; seed++) {
    const edges = kpuzzle.defaultPattern().applyAlg(await randomScrambleForEvent('fto', { seed })).patternData.EDGES;
    counts.set(edges.pieces[0], (counts.get(edges.pieces[0]) ?? 0) + 1);
  }
  assert.equal(counts.size, 12, [...counts.keys()].join(' '));
  const expected = n / 12;
  const chi2 = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  // 11 degrees of freedom: P(chi2 > 31.26) = 0.001.
  assert.ok(chi2 < 31.26, `chi-square ${chi2.toFixed(1)} over ${[...counts.entries()].join(' ')}`);
});

test('random-state events solved by their scrambles\' multi-phase solver (solveForEvent), checked by cubing.js (the FTO up to its center colours)', async () => {
  const ftoGroups = [[3, 16, 19], [6, 8, 17], [2, 4, 15], [10, 12, 13], [5, 7, 11], [0, 1, 14], [9, 18, 21], [20, 22, 23]];
  const colour = (c) => ftoGroups.findIndex((g) => g.includes(c));
  for (const [eventID, longest] of [['222', 11], ['pyram', 15], ['skewb', 11], ['master_tetraminx', 24], ['redi_cube', 17], ['kilominx', 36], ['fto', 40]]) {
    const k = await puzzles[eventInfo(eventID).puzzleID].kpuzzle();
    for (const seed of [4, 5]) {
      const scramble = await randomScrambleForEvent(eventID, { seed });
      const start = k.defaultPattern().applyAlg(scramble);
      const solution = await solveForEvent(eventID, start);
      assert.ok(solution.split(' ').length <= longest, `${eventID}: ${solution}`);
      const end = start.applyAlg(solution);
      if (eventID !== 'fto') {
        assert.ok(isSolved(end), `${eventID}: ${solution} does not solve ${scramble}`);
        continue;
      }
      const want = k.defaultPattern().patternData;
      for (const [orbit, data] of Object.entries(end.patternData)) {
        if (orbit === 'CENTERS') {
          assert.deepEqual(data.pieces.map(colour), want.CENTERS.pieces.map(colour), `fto: ${solution} does not solve ${scramble}`);
        } else {
          assert.deepEqual(data, want[orbit], `fto ${orbit}: ${solution} does not solve ${scramble}`);
        }
      }
    }
  }
  // Through the cubing.js adapter (an Alg), and a position no move reaches refused.
  const k = await puzzles['2x2x2'].kpuzzle();
  const start = k.defaultPattern().applyAlg("R U2 F' R");
  const alg = await cubingSolveForEvent('222', start);
  assert.ok(alg instanceof Alg && isSolved(start.applyAlg(alg)), alg.toString());
  const data = structuredClone(k.defaultPattern().patternData);
  data.CORNERS.orientation[0] = 1;
  await assert.rejects(solveForEvent('222', data), (e) => e.constructor === Error && /event 222: the position cannot be reached/.test(e.message));
});

test('444 positions solved by the reduction (solveForEvent), checked by cubing.js; an unsolvable one refused', async () => {
  const k = await puzzles['4x4x4'].kpuzzle();
  const start = k.defaultPattern().applyAlg("Rw U2 Fw' R2 Uw F D' Rw2 B L' Fw U' R 2R' Uw2 F2 2U");
  const solution = await solveForEvent('444', start);
  assert.match(solution, /^([UDFBRL]w?['2]?)( [UDFBRL]w?['2]?)*$/);
  assert.ok(start.applyAlg(solution).isIdentical(k.defaultPattern()), solution);
  const data = structuredClone(k.defaultPattern().patternData);
  data.CORNERS.orientation[0] = 1;
  await assert.rejects(solveForEvent('444', data), (e) => e.constructor === Error && /event 444: the position is not solvable/.test(e.message));
});

test('minx positions solved by the staged search (solveForEvent), checked by cubing.js; an unsolvable one refused', async () => {
  const k = await puzzles.megaminx.kpuzzle();
  const start = k.defaultPattern().applyAlg("R++ D-- R++ D++ R-- D-- R++ D-- R-- D++ U' F BR2' DL L2 FR");
  const solution = await solveForEvent('minx', start);
  assert.match(solution, /^((U|D|F|B|L|R|DR|DL|FR|FL|BR|BL)2?'?)( (U|D|F|B|L|R|DR|DL|FR|FL|BR|BL)2?'?)*$/);
  // Solved up to the puzzle's orientation (the scramble's R++ turns the whole puzzle but one face) and the
  // centers' orientations: cubing.js's experimentalIsSolved does not take the megaminx, so every piece is
  // compared after each of the 60 rotations cubing.js's Uv and Rv make.
  const rotations = [''];
  const seen = new Set([JSON.stringify(k.defaultPattern().patternData.CENTERS.pieces)]);
  for (let i = 0; i < rotations.length; i++) {
    for (const g of ['Uv', 'Rv']) {
      const alg = `${rotations[i]} ${g}`.trim();
      const centers = JSON.stringify(k.defaultPattern().applyAlg(alg).patternData.CENTERS.pieces);
      if (!seen.has(centers)) {
        seen.add(centers);
        rotations.push(alg);
      }
    }
  }
  assert.equal(rotations.length, 60);
  const home = k.defaultPattern().patternData;
  const end = start.applyAlg(solution);
  const solved = rotations.some((r) =>
    Object.entries(end.applyAlg(r).patternData).every(
      ([orbit, d]) => JSON.stringify(d.pieces) === JSON.stringify(home[orbit].pieces) && (orbit === 'CENTERS' || JSON.stringify(d.orientation) === JSON.stringify(home[orbit].orientation)),
    ),
  );
  assert.ok(solved, `${solution} does not solve the position`);
  const data = structuredClone(k.defaultPattern().patternData);
  data.CORNERS.orientation[0] = 1;
  await assert.rejects(solveForEvent('minx', data), (e) => e.constructor === Error && /event minx: the position is not solvable/.test(e.message));
});

test('333 positions solved by the two-phase search (solveForEvent), checked by cubing.js; impossible ones refused', async () => {
  const k = await puzzles['3x3x3'].kpuzzle();
  // A short position gets a short solution (the search keeps improving within its budget).
  const short = k.defaultPattern().applyAlg("R U F");
  assert.equal(await solveForEvent('333', short), "F' U' R'");
  for (const seed of [1, 2, 3]) {
    const start = k.defaultPattern().applyAlg(await randomScrambleForEvent('333', { seed }));
    const solution = await solveForEvent('333', start);
    assert.match(solution, /^([UDFBRL]['2]?)( [UDFBRL]['2]?)*$/);
    assert.ok(solution.split(' ').length <= 20, solution);
    assert.ok(start.applyAlg(solution).isIdentical(k.defaultPattern()), solution);
  }
  assert.equal(await solveForEvent('333', k.defaultPattern()), '');
  const data = structuredClone(k.defaultPattern().patternData);
  data.EDGES.orientation[0] = 1;
  await assert.rejects(solveForEvent('333', data), (e) => e.constructor === Error && /not solvable \(a flipped edge\)/.test(e.message));
});

test('sq1 positions solved by the Square-1 solver (solveForEvent), checked by cubing.js', async () => {
  const k = await puzzles.square1.kpuzzle();
  for (const seed of [1, 2, 3]) {
    const scramble = await randomScrambleForEvent('sq1', { seed });
    const start = k.defaultPattern().applyAlg(scramble);
    const solution = await solveForEvent('sq1', start);
    assert.match(solution, /^(\(-?\d, -?\d\)|\/)( (\(-?\d, -?\d\)|\/))*$/);
    assert.ok(start.applyAlg(solution).isIdentical(k.defaultPattern()), `${scramble} / ${solution}`);
  }
  // A position whose slash is blocked (a corner across the cut) is solved too; as an Alg through the adapter.
  const blocked = k.defaultPattern().applyAlg('(1, 0) / (2, -1)');
  const alg = await cubingSolveForEvent('sq1', blocked);
  assert.ok(alg instanceof Alg);
  assert.ok(blocked.applyAlg(alg).isIdentical(k.defaultPattern()), alg.toString());
  // In a worker too.
  const worker = new TwistsearchWorker();
  try {
    const w = await worker.solveForEvent('sq1', blocked.patternData);
    assert.ok(blocked.applyAlg(w).isIdentical(k.defaultPattern()), w);
  } finally {
    worker.terminate();
  }
  await assert.rejects(solveForEvent('sq1', 'U'), TypeError);
});

test('clock positions solved optimally (solveForEvent) in WCA notation, checked by cubing.js; an unreachable one refused', async () => {
  const k = await puzzles.clock.kpuzzle();
  for (const seed of [1, 2, 3]) {
    const scramble = await randomScrambleForEvent('clock', { seed });
    const start = k.defaultPattern().applyAlg(scramble);
    const solution = await solveForEvent('clock', start);
    assert.match(solution, /^((UR|DR|DL|UL|U|R|D|L|ALL)[0-6][+-]|y2)( ((UR|DR|DL|UL|U|R|D|L|ALL)[0-6][+-]|y2))*$/);
    // Never more turns than the scramble's (14 dial turns, some of them 0+).
    const turns = solution.split(' ').filter((t) => t !== 'y2').length;
    assert.ok(turns <= scramble.split(' ').filter((t) => /[1-6][+-]$/.test(t)).length, `${scramble} / ${solution}`);
    assert.ok(start.applyAlg(solution).isIdentical(k.defaultPattern()), `${scramble} / ${solution}`);
  }
  // Three turns are solved in three (the solver is optimal: no two turns make them).
  const three = k.defaultPattern().applyAlg('UR3+ ALL2- y2 U1+ y2');
  assert.equal(await solveForEvent('clock', three), 'UR3- ALL2+ y2 U1- y2');
  // (A JSON copy: cubing.js's clock pattern shares one orientation array between orbits.)
  const data = JSON.parse(JSON.stringify(k.defaultPattern().patternData));
  data.DIALS.orientation[11] = 1;
  await assert.rejects(solveForEvent('clock', data), (e) => e.constructor === Error && /event clock: .*not solvable/.test(e.message));
});

/** Whether a big cube's pattern is solved but for its fixed centers' orientations (the 6-piece orbit). */
function bigCubeSolved(pattern) {
  const home = pattern.kpuzzle.defaultPattern().patternData;
  return Object.entries(pattern.patternData).every(
    ([orbit, d]) =>
      JSON.stringify(d.pieces) === JSON.stringify(home[orbit].pieces) &&
      (d.pieces.length === 6 || JSON.stringify(d.orientation) === JSON.stringify(home[orbit].orientation)),
  );
}

test('555, 666 and 777 random-move scrambles solved in stages (solveForEvent), checked by cubing.js', { timeout: 300_000 }, async () => {
  for (const [eventID, puzzleID] of [['555', '5x5x5'], ['666', '6x6x6'], ['777', '7x7x7']]) {
    const k = await puzzles[puzzleID].kpuzzle();
    const scramble = await randomScrambleForEvent(eventID, { seed: 1 });
    const start = k.defaultPattern().applyAlg(scramble);
    const solution = await solveForEvent(eventID, start);
    assert.match(solution, /^([2-4]?[UDFBRL]['2]?)( [2-4]?[UDFBRL]['2]?)*$/, `${eventID}: ${solution}`);
    assert.ok(bigCubeSolved(start.applyAlg(solution)), `${eventID}: ${solution} does not solve ${scramble}`);
  }
  // A 5x5x5 with its fixed centers moved (a middle slice) too.
  const k = await puzzles['5x5x5'].kpuzzle();
  const start = k.defaultPattern().applyAlg("3L 2U F 3F' Rw");
  assert.ok(bigCubeSolved(start.applyAlg(await cubingSolveForEvent('555', start))));
});
