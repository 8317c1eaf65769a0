// The cases of `npm run bench:peers`: puzzles, generator moves and input positions, the same for both sides.
//
// Every puzzle is cubing.js's own KPuzzle definition (`puzzles[id].kpuzzle()`), given unchanged to
// twistsearch (`loadPuzzle`) and to cubing.js's twips (`experimentalSolveTwips`). One addition: the
// pyraminx definition names only tip moves (`r`) and middle-layer moves (`2r`); its WCA face moves
// (`R` = `r 2r`, which is how cubing.js itself reads `R` on that puzzle) are added as `derivedMoves`, so both
// sides search the WCA move set. Solutions are always checked on the unchanged cubing.js KPuzzle.

import { KPuzzle } from 'cubing/kpuzzle';
import { puzzles } from 'cubing/puzzles';

/** Extra derived moves per puzzle id (see above). */
const DERIVED = {
  pyraminx: { U: 'u 2u', L: 'l 2l', R: 'r 2r', B: 'b 2b' },
};

/** Generator moves per puzzle id: the same list goes to both sides. */
export const GENERATORS = {
  // One corner fixed (cubing.js's own 2x2x2 scrambles use U, R, F).
  '2x2x2': ['U', 'F', 'R'],
  // One corner fixed, as cubing.js's skewb scrambles.
  skewb: ['U', 'L', 'R', 'B'],
  // WCA moves: faces and tips.
  pyraminx: ['U', 'L', 'R', 'B', 'u', 'l', 'r', 'b'],
  // Face turns.
  '3x3x3': ['U', 'L', 'F', 'R', 'B', 'D'],
  // Every move of cubing.js's 4x4x4 definition: outer faces and inner slices (SiGN `2R`).
  '4x4x4': ['U', 'L', 'F', 'R', 'B', 'D', '2U', '2L', '2F', '2R', '2B', '2D'],
  // The 12 face turns.
  megaminx: ['U', 'F', 'L', 'BL', 'BR', 'R', 'FR', 'FL', 'DL', 'B', 'DR', 'D'],
};

/** The cubing.js KPuzzle the solvers get (cubing.js's, plus DERIVED), and the unchanged one for checks. */
export async function kpuzzles(id) {
  const original = await puzzles[id].kpuzzle();
  if (!DERIVED[id]) return { search: original, check: original };
  const { experimentalIsPatternSolved, ...definition } = original.definition;
  const search = new KPuzzle({
    ...definition,
    derivedMoves: { ...(definition.derivedMoves ?? {}), ...DERIVED[id] },
  });
  return { search, check: original };
}

/** A small seeded PRNG (mulberry32), so that every run gets the same positions. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Length of the random walk that gives a random state (far past mixing for these groups of <= 1e8 states). */
export const RANDOM_WALK_MOVES = 1000;

/**
 * A random state, deterministic in `seed`: a random walk of RANDOM_WALK_MOVES quarter turns over the
 * generators, applied by cubing.js. Neither solver takes part in making it.
 */
export function randomWalkAlg(generators, seed) {
  const random = mulberry32(seed);
  const moves = [];
  for (let i = 0; i < RANDOM_WALK_MOVES; i++) {
    moves.push(generators[Math.floor(random() * generators.length)] + (random() < 0.5 ? '' : "'"));
  }
  return moves.join(' ');
}

/**
 * Fixed move-count scrambles (made once with mulberry32(20260522), consecutive moves on different
 * axes; written out here so that the inputs never change).
 */
const FIXED = {
  '3x3x3-8': ["L2 F2 U B D' L U F'", "L B' D2 F2 D2 F' R' U'", "F' R F R' B' R2 F R"],
  '3x3x3-10': ["B R U2 R' D R F' R' F R", "D2 B R F2 L2 U2 L2 B2 U' R'", "F' R2 F D' L2 U' B' R' D2 R"],
  '4x4x4-5': ["F 2U' 2F' 2R' 2U2", "2R' 2U' R2 D2 2L2", "R U 2B L2 B'"],
  '4x4x4-6': ["2F 2R' 2B 2U' R' D2", "2R2 F2 R' 2D2 2R2 F", "F 2D2 2F' 2R D' B2"],
  'megaminx-5': ["R' D2 R2' BR2 L", "DL2' BL2' BR' U DL", "DL2' B R2' FR' BR2"],
  'megaminx-6': ["DL' L2 FL2 F2' R BL2'", "FR2' FL2' BL R FR2' R'", "DL2 DR' F2 BL2 B' DR2"],
};

/**
 * The solve cases. `inputs`: how each position is made (an alg applied to the solved pattern by
 * cubing.js). The first position is the "first call" (fresh puzzle / fresh peer call), the others "warm".
 */
export function solveCases({ quick = false } = {}) {
  const randomStates = (id, n, seedBase) =>
    Array.from({ length: n }, (_, i) => ({
      description: `random walk of ${RANDOM_WALK_MOVES} moves, seed ${seedBase + i}`,
      alg: randomWalkAlg(GENERATORS[id], seedBase + i),
    }));
  const fixed = (key, n) => FIXED[key].slice(0, n).map((alg) => ({ description: alg, alg }));
  const nRandom = quick ? 2 : 5;
  const nFixed = quick ? 2 : 3;
  const cases = [
    { id: '2x2x2 random state', puzzle: '2x2x2', inputs: randomStates('2x2x2', nRandom, 1) },
    { id: 'skewb random state', puzzle: 'skewb', inputs: randomStates('skewb', nRandom, 101) },
    { id: 'pyraminx random state', puzzle: 'pyraminx', inputs: randomStates('pyraminx', nRandom, 201) },
    { id: '3x3x3 8 moves', puzzle: '3x3x3', inputs: fixed('3x3x3-8', nFixed) },
    { id: '3x3x3 10 moves', puzzle: '3x3x3', inputs: fixed('3x3x3-10', nFixed), full: true },
    { id: '4x4x4 5 moves', puzzle: '4x4x4', inputs: fixed('4x4x4-5', nFixed) },
    { id: '4x4x4 6 moves', puzzle: '4x4x4', inputs: fixed('4x4x4-6', nFixed), full: true },
    { id: 'megaminx 5 moves', puzzle: 'megaminx', inputs: fixed('megaminx-5', nFixed) },
    { id: 'megaminx 6 moves', puzzle: 'megaminx', inputs: fixed('megaminx-6', nFixed), full: true },
  ];
  return cases
    .filter((c) => !quick || !c.full)
    .map((c) => ({ ...c, generatorMoves: GENERATORS[c.puzzle] }));
}

/** The random-state scramble cases: our randomScramble on cubing.js's definition vs randomScrambleForEvent. */
export function scrambleCases({ quick = false } = {}) {
  // Scrambles are cheap (milliseconds once warm): enough of them for a steady median.
  const count = quick ? 2 : 21;
  return [
    { id: '2x2x2 scramble', puzzle: '2x2x2', event: '222', count },
    { id: 'skewb scramble', puzzle: 'skewb', event: 'skewb', count },
    { id: 'pyraminx scramble', puzzle: 'pyraminx', event: 'pyram', count },
  ].map((c) => ({ ...c, generatorMoves: GENERATORS[c.puzzle] }));
}

/** The events of `--events --quick`: a random-state, a random-move, the clock and a refused event. */
const QUICK_EVENTS = ['222', 'pyram', 'clock', '555', '444'];

/**
 * The event cases (`--events`): our `randomScrambleForEvent` vs cubing.js's, for each event in `events`
 * (every cubing.js event twistsearch lists; `[{id, puzzle}]`): one first call and 20 warm ones (quick:
 * a few events, 3 calls; `count`: that many calls in all, for a steadier median).
 */
export function eventCases(events, { quick = false, count: calls } = {}) {
  const count = calls ?? (quick ? 3 : 21);
  return events
    .filter((e) => !quick || QUICK_EVENTS.includes(e.id))
    .map((e) => ({ id: e.id, event: e.id, puzzle: e.puzzle, supported: e.supported, count }));
}
