// Shared by the Node tests: puzzle files, cubing.js puzzles, and checking solutions with cubing.js (an
// independent implementation of the puzzles).

import { readFileSync } from 'node:fs';
import { puzzles } from 'cubing/puzzles';
import { KPattern } from 'cubing/kpuzzle';

export const TPERM = "R U R' U' R' F R2 U' R' U' R U R' F'";

/** A puzzle file of tests/data/puzzles/main/. */
export function tws(name) {
  return readFileSync(new URL(`../data/puzzles/main/${name}.tws`, import.meta.url), 'utf8');
}

/** cubing.js's KPuzzle of a puzzle id. */
export function cubingKPuzzle(id) {
  return puzzles[id].kpuzzle();
}

/** Whether `alg` takes `pattern` (a cubing.js KPattern) to the puzzle's solved pattern. */
export function solves(pattern, alg) {
  return pattern.applyAlg(alg).isIdentical(pattern.kpuzzle.defaultPattern());
}

/** KPattern data as a cubing.js KPattern of `kpuzzle`. */
export function kpattern(kpuzzle, data) {
  return new KPattern(kpuzzle, data);
}

/** The number of moves of an alg string (moves separated by spaces). */
export function moveCount(alg) {
  return alg.split(' ').filter((m) => m.length > 0).length;
}

/** A random alg of `n` moves over `moves` (no two consecutive moves on the same face name). */
export function randomAlg(moves, n, random = Math.random) {
  const out = [];
  while (out.length < n) {
    const m = moves[Math.floor(random() * moves.length)];
    if (out.length > 0 && out[out.length - 1] === m) continue;
    out.push(m + ['', '2', "'"][Math.floor(random() * 3)]);
  }
  return out.join(' ');
}
