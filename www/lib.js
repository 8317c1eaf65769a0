// Helpers the demo and the threads page share: move sets for cubing.js puzzles, scrambles of random
// moves, checking a solution with cubing.js, number formatting and an SVG bar chart.

/** The WCA/Twizzle event cubing.js's `randomScrambleForEvent` has for a puzzle, or null. */
export function eventFor(puzzleID, twizzleEvents) {
  for (const [event, info] of Object.entries(twizzleEvents)) {
    if (info.puzzleID === puzzleID && !/bf$|fm$|oh$|mbf$/.test(event)) return event;
  }
  return null;
}

/**
 * Moves in the notation cubers read, where the definition's own moves are not it (as twistsearch/cubing's
 * `defaultGeneratorMoves`): the 3x3x3's six faces (cubing.js's 3x3x3 also has slices and wide moves,
 * which make optimal search far slower); the pyraminx's and skewb's WCA turns (twistsearch adds the
 * pyraminx's `U`, `L`, `R`, `B` for its notation).
 */
const NOTATION_MOVES = {
  '3x3x3': ['U', 'L', 'F', 'R', 'B', 'D'],
  pyraminx: ['U', 'L', 'R', 'B', 'u', 'l', 'r', 'b'],
  skewb: ['U', 'L', 'R', 'B'],
};

/**
 * The moves the demo solves with by default: NOTATION_MOVES where it has the puzzle, else the puzzle's
 * moves (twistsearch's `info.moves`: every move but rotations) less those cubing.js cannot apply by that
 * name (cubing.js's pyraminx lists rotations `rv`, `lv`… among its moves) or that do nothing in cubing.js
 * (the clock's pin settings).
 */
export function defaultMoves(puzzleID, kpuzzle, info) {
  const solved = kpuzzle.defaultPattern();
  const candidates = NOTATION_MOVES[puzzleID] ?? info.moves;
  const moves = [];
  const dropped = [];
  for (const m of candidates) {
    try {
      if (/^[a-z]+v$/.test(m) || solved.applyAlg(m).isIdentical(solved)) dropped.push(m);
      else moves.push(m);
    } catch {
      dropped.push(m);
    }
  }
  return { moves, dropped };
}

/** Splits a moves field ("U, R F" or "U,R,F") into names. */
export function parseMoves(text) {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The order of a move in cubing.js (how many turns give the identity), at most `cap`. */
export function moveOrder(kpuzzle, move, cap = 60) {
  const solved = kpuzzle.defaultPattern();
  let p = solved.applyAlg(move);
  let n = 1;
  while (!p.isIdentical(solved) && n < cap) {
    p = p.applyAlg(move);
    n++;
  }
  return n;
}

/** A uniformly random integer in [0, n). */
export function randomBelow(n) {
  const limit = Math.floor(0x100000000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

/**
 * A scramble of `length` random moves from `moves` (no move twice in a row), each with a random
 * non-trivial amount: `R`, `R'`, `R2`… as far as the move's order allows.
 */
export function randomMoveScramble(kpuzzle, moves, length, orders = new Map()) {
  const out = [];
  let last = null;
  for (let i = 0; i < length; i++) {
    let m;
    do m = moves[randomBelow(moves.length)];
    while (moves.length > 1 && m === last);
    last = m;
    if (!orders.has(m)) orders.set(m, moveOrder(kpuzzle, m));
    const order = orders.get(m);
    // Amounts 1..order-1 written as the shortest signed amount: 1, -1, 2, -2, …
    const amounts = [];
    for (let a = 1; a < order; a++) amounts.push(a <= order / 2 ? a : a - order);
    const a = amounts.length ? amounts[randomBelow(amounts.length)] : 1;
    out.push(a === 1 ? m : a === -1 ? `${m}'` : a > 0 ? `${m}${a}` : `${m}${-a}'`);
  }
  return out.join(' ');
}

/**
 * Checks a solution with cubing.js: the scramble applied to the solved pattern, then the solution,
 * must give the solved pattern (`isIdentical`; `experimentalIsSolved` too where cubing.js has it).
 */
export function verifySolution(kpuzzle, scramble, solution, upToOrientation = false) {
  const solved = kpuzzle.defaultPattern();
  const end = solved.applyAlg(scramble).applyAlg(solution);
  const identical = end.isIdentical(solved);
  if (upToOrientation) {
    // Solved as cubing.js judges it up to orientation where it can (the cubes), else the pattern itself.
    const { solved: ok, how } = cubingSolved(kpuzzle, end);
    return { verified: ok, identical, experimentalIsSolved: how === 'experimentalIsSolved' ? ok : null, how };
  }
  let isSolved = null;
  try {
    isSolved = end.experimentalIsSolved({ ignorePuzzleOrientation: false, ignoreCenterOrientation: false });
  } catch {
    // Not supported for this puzzle in cubing.js: isIdentical decides.
  }
  return { verified: identical, identical, experimentalIsSolved: isSolved };
}

/**
 * What an alg does to the solved pattern, in the terms `findAlgs` groups algs by, computed by cubing.js:
 * per orbit it changes (definition order), how many pieces end up wrong (another piece in the slot, or
 * the same one turned, orientations compared modulo the pattern's `orientationMod` where it has one) and
 * whether any piece changed place. Throws where cubing.js cannot apply the alg.
 */
export function algSignature(kpuzzle, alg) {
  const solved = kpuzzle.defaultPattern().patternData;
  const end = kpuzzle.defaultPattern().applyAlg(alg).patternData;
  const sets = [];
  for (const o of kpuzzle.definition.orbits) {
    const a = solved[o.orbitName];
    const b = end[o.orbitName];
    let pieces = 0;
    let permuted = false;
    for (let i = 0; i < o.numPieces; i++) {
      const mod = b.orientationMod?.[i] || a.orientationMod?.[i] || o.numOrientations;
      const moved = a.pieces[i] !== b.pieces[i];
      const turned = (((b.orientation[i] - a.orientation[i]) % mod) + mod) % mod !== 0;
      if (moved || turned) pieces++;
      permuted ||= moved;
    }
    if (pieces > 0) sets.push({ set: o.orbitName, pieces, permuted });
  }
  return sets;
}

// ---------------------------------------------------------------------------------------------------
// Events (cubing.js event IDs, scrambled by twistsearch's randomScrambleForEvent)

const CUBE_333_SOLVE = {
  method: 'phases',
  moves: 'U,D,F,B,R,L',
  phases: ['U,D,F2,B2,R2,L2'],
  targetLength: 22,
  label: 'near-optimal: two-phase search (phase 2 in U,D,F2,B2,R2,L2), stopping at 22 moves or less',
};

/**
 * How the demo solves each event's scrambles: `{method: 'optimal' | 'phases' | 'event', moves?, phases?,
 * targetLength?, label}` (`moves` left out: the puzzle's default moves; `event`: the event's own solver,
 * `solveForEvent`), or `{method: null, reason}` where it offers no solve.
 */
export const EVENT_SOLVERS = {
  333: CUBE_333_SOLVE,
  '333oh': CUBE_333_SOLVE,
  '333ft': CUBE_333_SOLVE,
  '333fm': CUBE_333_SOLVE,
  '333bf': { ...CUBE_333_SOLVE, label: `${CUBE_333_SOLVE.label}, up to the cube's orientation (ignorePuzzleOrientation)` },
  '333mbf': { ...CUBE_333_SOLVE, label: `${CUBE_333_SOLVE.label}, up to the cube's orientation (ignorePuzzleOrientation)` },
  222: { method: 'optimal', label: 'optimal (IDA* with a pruning table)' },
  pyram: { method: 'optimal', moves: 'U,L,R,B,u,l,r,b', label: 'optimal (IDA* with a pruning table), in WCA notation' },
  skewb: { method: 'optimal', moves: 'U,L,R,B', label: 'optimal (IDA* with a pruning table), in WCA notation' },
  baby_fto: { method: 'optimal', label: 'optimal (IDA* with a pruning table)' },
  444: {
    method: 'event',
    short: 'reduction',
    label: "the 4x4x4 reduction (solveForEvent): five phases, the last the 3x3x3's two-phase search; about 52 moves in cubing.js's outer and Uw/Rw/Fw turns",
  },
  '444bf': {
    method: 'event',
    short: 'reduction',
    label: "the 4x4x4 reduction (solveForEvent): five phases, the last the 3x3x3's two-phase search; about 52 moves in cubing.js's outer and Uw/Rw/Fw turns",
  },
  sq1: {
    method: 'event',
    label: "the Square-1's own two-phase search (solveForEvent: a slash is blocked while a corner straddles the cut), in cubing.js's notation",
  },
  kilominx: {
    method: 'event',
    short: 'five phases',
    label: "the kilominx scrambles' own solver (solveForEvent): five phases over its 20 corners (cubing.js's other orbits follow them), stopping at 36 moves or less",
  },
  minx: {
    method: 'event',
    short: 'staged',
    label: "the megaminx's staged solver (solveForEvent): face by face, the last layer in two-face steps; about 140 face turns, not near-optimal",
  },
  fto: {
    method: 'event',
    short: 'three phases',
    label: "the FTO scrambles' own solver (solveForEvent): three phases (U,L,F,R then U,R), at most 40 moves, the center triangles solved up to their colour",
  },
  master_tetraminx: {
    method: 'phases',
    moves: 'U,L,R,B,u,l,r,b',
    phases: ['U,L,u,l'],
    targetLength: 24,
    label: 'near-optimal: two-phase search (phase 2 in U,L,u,l), stopping at 24 moves or less, in cubing.js notation',
  },
  redi_cube: {
    method: 'phases',
    moves: 'UL,U,UR,F,L,B,R,D',
    phases: ['UL,U,UR,F'],
    targetLength: 17,
    label: 'near-optimal: two-phase search (phase 2 in UL,U,UR,F), stopping at 17 moves or less',
  },
};

const BIG_CUBE_SOLVE = {
  method: 'event',
  short: 'staged',
  label:
    "the big cubes' staged solver (solveForEvent): fixed centers, the 3x3x3's two-phase search on the corners and middle edges, then a beam search over 3-cycles found from the moves; a few hundred moves, not near-optimal, the fixed centers' orientation aside",
};
EVENT_SOLVERS[555] = BIG_CUBE_SOLVE;
EVENT_SOLVERS['555bf'] = BIG_CUBE_SOLVE;
EVENT_SOLVERS[666] = BIG_CUBE_SOLVE;
EVENT_SOLVERS[777] = BIG_CUBE_SOLVE;
EVENT_SOLVERS.clock = {
  method: 'event',
  short: 'optimal',
  label: "the clock's own solver (solveForEvent): the fewest dial turns, in WCA notation (y2 turns the clock over)",
};

/** The demo's solve for an event: see EVENT_SOLVERS. */
export function eventSolver(eventID) {
  return EVENT_SOLVERS[eventID] ?? { method: null, reason: 'not offered for this event' };
}

/** What makes an event's scramble (twistsearch's scramblers, as src/events/registry.rs sets them). */
export function eventScrambleKind(eventID) {
  if (/^333/.test(eventID) || eventID === 'pyram' || eventID === 'redi_cube' || eventID === 'kilominx' || eventID === 'master_tetraminx' || eventID === 'fto') {
    return 'random state, multi-phase solver';
  }
  if (['222', 'skewb', 'baby_fto'].includes(eventID)) return 'random state, optimal solver';
  if (eventID === 'sq1') return 'random state, Square-1 two-phase solver (slashes checked)';
  if (eventID === '444' || eventID === '444bf') return 'random state, 4x4x4 reduction (five phases)';
  if (eventID === 'clock') return 'random state (WCA clock scramble: random dial turns and pins)';
  if (['555', '555bf', '666', '777', 'minx'].includes(eventID)) return 'random moves';
  return 'not scrambled yet';
}

/**
 * Whether a pattern is solved, as cubing.js says: `experimentalIsSolved({ignorePuzzleOrientation: true,
 * ignoreCenterOrientation: true})` where cubing.js supports it for the puzzle, else `isIdentical` with
 * the default pattern. `{solved, how}`.
 */
export function cubingSolved(kpuzzle, pattern) {
  // cubing.js cannot judge the FTO (experimentalIsSolved throws), and its center triangles of one colour
  // are alike on the real puzzle: solved is every other piece home and each center among its colour's.
  if (kpuzzle.name() === 'fto') return { solved: ftoSolved(kpuzzle, pattern), how: 'isIdentical up to the center colours' };
  // Nor the megaminx: solved in any of its 60 orientations (a WCA scramble's R++ turns the whole puzzle
  // but one face), its centers' orientation aside (nothing a solver sees).
  if (kpuzzle.name() === 'megaminx') {
    const solved = megaminxRotations(kpuzzle).some((r) => identicalExceptCenterOrientation(kpuzzle, pattern.applyAlg(r)));
    return { solved, how: 'isIdentical up to orientation, center orientation aside' };
  }
  try {
    return {
      solved: pattern.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true }),
      how: 'experimentalIsSolved',
    };
  } catch {
    return { solved: pattern.isIdentical(kpuzzle.defaultPattern()), how: 'isIdentical' };
  }
}

/** The FTO's center triangles of one colour in cubing.js's net (src/events/registry.rs's FTO_CENTERS;
 * tests/js/events.test.mjs checks them against cubing.js's SVG). */
const FTO_CENTER_COLOURS = [[3, 16, 19], [6, 8, 17], [2, 4, 15], [10, 12, 13], [5, 7, 11], [0, 1, 14], [9, 18, 21], [20, 22, 23]];

const rotationsOf = new WeakMap();

/** The megaminx's 60 orientations as algs of cubing.js's rotations `Uv` and `Rv` ('' first). */
function megaminxRotations(kpuzzle) {
  let out = rotationsOf.get(kpuzzle);
  if (out) return out;
  out = [''];
  const seen = new Set([JSON.stringify(kpuzzle.defaultPattern().patternData.CENTERS.pieces)]);
  for (let i = 0; i < out.length; i++) {
    for (const g of ['Uv', 'Rv']) {
      const alg = `${out[i]} ${g}`.trim();
      const centers = JSON.stringify(kpuzzle.defaultPattern().applyAlg(alg).patternData.CENTERS.pieces);
      if (!seen.has(centers)) {
        seen.add(centers);
        out.push(alg);
      }
    }
  }
  rotationsOf.set(kpuzzle, out);
  return out;
}

/** Whether a pattern is the default one, the orientations of the orbit `CENTERS` aside. */
function identicalExceptCenterOrientation(kpuzzle, pattern) {
  const want = kpuzzle.defaultPattern().patternData;
  return Object.entries(pattern.patternData).every(
    ([orbit, data]) =>
      data.pieces.every((c, i) => c === want[orbit].pieces[i]) &&
      (orbit === 'CENTERS' || data.orientation.every((o, i) => o === want[orbit].orientation[i])),
  );
}

/** Whether an FTO pattern is solved up to the colours of its center triangles. */
function ftoSolved(kpuzzle, pattern) {
  const colour = (c) => FTO_CENTER_COLOURS.findIndex((g) => g.includes(c));
  const want = kpuzzle.defaultPattern().patternData;
  return Object.entries(pattern.patternData).every(([orbit, data]) =>
    orbit === 'CENTERS'
      ? data.pieces.every((c, i) => colour(c) === colour(want.CENTERS.pieces[i]))
      : data.pieces.every((c, i) => c === want[orbit].pieces[i]) && data.orientation.every((o, i) => o === want[orbit].orientation[i]),
  );
}

/**
 * Checks an event scramble with cubing.js: it must apply to the puzzle's default pattern (a legal
 * pattern: every move is one of the puzzle's) and give a pattern that is not solved.
 * `{applies, solved, how, error?, verified}`.
 */
export function checkScramble(kpuzzle, scramble) {
  let pattern;
  try {
    pattern = kpuzzle.defaultPattern().applyAlg(scramble);
  } catch (err) {
    return { applies: false, solved: null, how: null, error: err.message, verified: false };
  }
  const { solved, how } = cubingSolved(kpuzzle, pattern);
  return { applies: true, solved, how, verified: !solved };
}

/**
 * Checks an event solve with cubing.js: scramble + solution must be solved (`cubingSolved`).
 * `{verified, how, identical}` (`identical`: the default pattern exactly, orientation included).
 */
export function checkEventSolution(kpuzzle, scramble, solution) {
  const end = kpuzzle.defaultPattern().applyAlg(scramble).applyAlg(solution);
  const { solved, how } = cubingSolved(kpuzzle, end);
  return { verified: solved, how, identical: end.isIdentical(kpuzzle.defaultPattern()) };
}

/** The 24 rotations of a cube, as algs of x, y and z. */
export const CUBE_ROTATIONS = (() => {
  const out = [];
  for (const first of ['', 'x', 'x2', "x'", 'z', "z'"]) {
    for (const second of ['', 'y', 'y2', "y'"]) out.push([first, second].filter(Boolean).join(' '));
  }
  return out;
})();

/**
 * The rotation (from CUBE_ROTATIONS) that brings a 3x3x3 pattern's centers back home ('' when they are),
 * or null: a blindfolded scramble ends with wide turns that leave the cube in a random orientation, which
 * face turns cannot undo.
 */
export function cubeReorientation(kpuzzle, pattern) {
  const home = JSON.stringify(kpuzzle.defaultPattern().patternData.CENTERS);
  for (const r of CUBE_ROTATIONS) {
    const p = r ? pattern.applyAlg(r) : pattern;
    if (JSON.stringify(p.patternData.CENTERS) === home) return r;
  }
  return null;
}

/** A bigint (or number, or decimal string) with thousands separators. */
export function fmtInt(n) {
  return BigInt(n).toLocaleString('en-US');
}

/** Milliseconds as "123 ms" or "4.56 s". */
export function fmtMs(ms) {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A short count: 1.23M, 45.6k. */
export function fmtShort(n) {
  const x = Number(n);
  if (x >= 1e9) return `${(x / 1e9).toFixed(2)}G`;
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)}M`;
  if (x >= 1e4) return `${(x / 1e3).toFixed(1)}k`;
  return String(x);
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/**
 * An inline SVG bar chart of counts per distance (bigints, numbers or decimal strings). `log`: a log10
 * scale (bars of 0 are left out).
 */
export function barChartSVG(counts, { log = true, width = 680, height = 280, title = '' } = {}) {
  const values = counts.map((c) => Number(BigInt(c)));
  const n = values.length;
  const left = 64;
  const right = 12;
  const top = title ? 28 : 14;
  const bottom = 34;
  const w = width - left - right;
  const h = height - top - bottom;
  const max = Math.max(1, ...values);
  let ticks;
  let y;
  if (log) {
    const topExp = Math.max(1, Math.ceil(Math.log10(max)));
    // The axis starts a little below 1, so that a count of 1 (distance 0) still shows as a bar.
    const lo = -0.3;
    y = (v) => (v <= 0 ? h : h - ((Math.log10(v) - lo) / (topExp - lo)) * h);
    ticks = [];
    const step = topExp > 8 ? 2 : 1;
    for (let e = 0; e <= topExp; e += step) ticks.push([10 ** e, e <= 3 ? String(10 ** e) : `1e${e}`]);
  } else {
    const raw = max / 5;
    const mag = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? raw;
    const topVal = Math.ceil(max / step) * step;
    y = (v) => h - (v / topVal) * h;
    ticks = [];
    const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
    for (let v = 0; v <= topVal + step / 2; v += step) ticks.push([v, compact.format(v)]);
  }
  const slot = w / Math.max(1, n);
  const barW = Math.max(1, slot * 0.75);
  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title || 'distance distribution')}" data-scale="${log ? 'log' : 'linear'}">`,
  );
  if (title) parts.push(`<text x="${left}" y="16" style="font-size:13px;font-weight:600">${esc(title)}</text>`);
  parts.push(`<g transform="translate(${left},${top})">`);
  for (const [v, label] of ticks) {
    const yy = y(v).toFixed(1);
    parts.push(`<line class="grid" x1="0" x2="${w}" y1="${yy}" y2="${yy}"/>`);
    parts.push(`<text x="-6" y="${yy}" text-anchor="end" dominant-baseline="middle">${esc(label)}</text>`);
  }
  values.forEach((v, i) => {
    const x = i * slot + (slot - barW) / 2;
    if (v > 0) {
      const yy = y(v);
      parts.push(
        `<rect class="bar" data-depth="${i}" x="${x.toFixed(1)}" y="${yy.toFixed(1)}" width="${barW.toFixed(1)}" height="${Math.max(0.5, h - yy).toFixed(1)}"><title>distance ${i}: ${esc(fmtInt(counts[i]))}</title></rect>`,
      );
    }
    if (n <= 40 || i % Math.ceil(n / 40) === 0) {
      parts.push(`<text x="${(i * slot + slot / 2).toFixed(1)}" y="${h + 14}" text-anchor="middle">${i}</text>`);
    }
  });
  parts.push(`<line class="axis" x1="0" x2="${w}" y1="${h}" y2="${h}"/><line class="axis" x1="0" x2="0" y1="0" y2="${h}"/>`);
  parts.push(`<text x="${w / 2}" y="${h + 30}" text-anchor="middle">distance (moves)</text>`);
  parts.push('</g></svg>');
  return parts.join('');
}

/** A table of counts per depth: depth, count, cumulative, ratio to the previous row, optional extra columns. */
export function countsTableHTML(counts, extra = {}) {
  let cum = 0n;
  let prev = null;
  const heads = ['depth', 'count', 'cumulative', 'ratio', ...Object.keys(extra)];
  const rows = counts.map((c, i) => {
    const v = BigInt(c);
    cum += v;
    const ratio = prev && prev > 0n ? (Number(v) / Number(prev)).toFixed(3) : '';
    prev = v;
    const cells = [i, fmtInt(v), fmtInt(cum), ratio, ...Object.values(extra).map((col) => (col[i] === undefined ? '' : fmtInt(col[i])))];
    return `<tr data-depth="${i}">${cells.map((x) => `<td>${x}</td>`).join('')}</tr>`;
  });
  return `<table class="counts"><thead><tr>${heads.map((x) => `<th>${x}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export { esc };
