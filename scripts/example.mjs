// The README's first command ends here: the package in Node (single-threaded WebAssembly), as a user
// meets it. Random-state scrambles for some cubing.js events (first call: tables built; then a warm call),
// an optimal solve of the T-perm and of a random 2x2x2 state, every answer checked with cubing.js.

import { loadPuzzle, randomScrambleForEvent } from '../js/index.js';
import { puzzles } from 'cubing/puzzles';

const ms = (t0) => `${(performance.now() - t0).toFixed(1)} ms`;

async function check(puzzleId, scramble, solution) {
  const kpuzzle = await puzzles[puzzleId].kpuzzle();
  const solved = kpuzzle.defaultPattern();
  const scrambled = solved.applyAlg(scramble);
  if (scrambled.isIdentical(solved)) throw new Error(`${puzzleId}: the scramble ${scramble} leaves it solved`);
  if (solution !== undefined && !scrambled.applyAlg(solution).experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true })) {
    throw new Error(`${puzzleId}: ${solution} does not solve ${scramble}`);
  }
}

console.log('twistsearch in Node: random-state scrambles (cubing.js event IDs), each checked with cubing.js');
for (const [event, puzzleId] of [['333', '3x3x3'], ['222', '2x2x2'], ['pyram', 'pyraminx'], ['skewb', 'skewb']]) {
  let t0 = performance.now();
  const first = await randomScrambleForEvent(event);
  const firstTime = ms(t0);
  t0 = performance.now();
  const warm = await randomScrambleForEvent(event);
  const warmTime = ms(t0);
  await check(puzzleId, first);
  await check(puzzleId, warm);
  console.log(`  ${event.padEnd(6)} first call ${firstTime.padStart(10)} (tables built), then ${warmTime.padStart(9)}: ${warm}`);
}

const cube = await loadPuzzle(await puzzles['3x3x3'].kpuzzle());
const tperm = "R U R' U' R' F R2 U' R' U' R U R' F'";
let t0 = performance.now();
const faces = { generatorMoves: 'U,D,F,B,R,L' };
const r = await cube.solve(tperm, faces);
console.log(`optimal solve of the T-perm on the 3x3x3: ${r.solutions[0]} (${r.lengths[0]} moves, ${ms(t0)})`);
await check('3x3x3', tperm, r.solutions[0]);

const two = await loadPuzzle(await puzzles['2x2x2'].kpuzzle());
const scramble = await two.randomScramble(faces);
t0 = performance.now();
const s = await two.solve(scramble, faces);
console.log(`a random 2x2x2 state: ${scramble}; solved optimally by ${s.solutions[0]} (${s.lengths[0]} moves, ${ms(t0)})`);
await check('2x2x2', scramble, s.solutions[0]);
console.log('every answer checked with cubing.js. The demo: npm run serve, then open the address it prints.');
