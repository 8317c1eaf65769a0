import type { Alg } from 'cubing/alg';
import type { KPattern, KPuzzle, KTransformation } from 'cubing/kpuzzle';
import type { EventScrambleOptions, EventSolveOptions, FindAlgsOptions, FindAlgsResult, PuzzleApi, ScrambleOptions, SolveOptions, TableCacheOptions } from './index.js';
import type { WorkerOptions } from './worker-client.js';

/** Generator moves used when a call gives none, by cubing.js definition name (3x3x3: face turns only). */
export const defaultGeneratorMoves: Readonly<Record<string, string>>;

export interface CubingSolver {
  /** The twistsearch puzzle for a KPuzzle (loaded once, kept). */
  puzzleFor(kpuzzle: KPuzzle): Promise<PuzzleApi>;
  /** An optimal solution, as an Alg `<twisty-player>` can play. */
  solve(kpattern: KPattern | KTransformation, options?: SolveOptions): Promise<Alg>;
  solveAll(kpattern: KPattern | KTransformation, options?: SolveOptions): Promise<Alg[]>;
  randomScramble(kpuzzle: KPuzzle, options?: ScrambleOptions): Promise<Alg>;
  /** A scramble for a cubing.js event ID, as an Alg (in the worker with `worker: true`). */
  randomScrambleForEvent(eventID: string, options?: EventScrambleOptions): Promise<Alg>;
  /** A KPattern solved by the event's own solver (`sq1`), as an Alg. */
  solveForEvent(eventID: string, kpattern: KPattern | KTransformation, options?: EventSolveOptions): Promise<Alg>;
  /** The algorithm finder on a KPuzzle (the 3x3x3 in face turns by default), each alg an Alg. */
  findAlgs(kpuzzle: KPuzzle, options: FindAlgsOptions): Promise<FindAlgsResult<Alg>>;
  terminate(): void;
}

/**
 * A solver; its work runs in a worker (started on first use) unless `worker: false` (the calling thread,
 * but for calls given a `signal`). `tableCache` (`tableCacheWrite`, `onTableCache`): the
 * table cache of its puzzles and of its event calls (an event call's own options win).
 */
export function cubingSolver(options?: { worker?: boolean } & WorkerOptions & TableCacheOptions): CubingSolver;
/**
 * An optimal solution of a KPattern (or of the pattern a KTransformation gives the solved state), computed
 * in a worker (started on first use), so that the calling thread stays free and `AbortSignal.timeout(ms)`
 * stops it. `ignorePuzzleOrientation` /
 * `ignoreCenterOrientation`: solved as cubing.js's `experimentalIsSolved` with those options judges.
 */
export function solve(kpattern: KPattern | KTransformation, options?: SolveOptions): Promise<Alg>;
export function solveAll(kpattern: KPattern | KTransformation, options?: SolveOptions): Promise<Alg[]>;
export function randomScramble(kpuzzle: KPuzzle, options?: ScrambleOptions): Promise<Alg>;
/**
 * A scramble for a cubing.js event ID as an Alg, with cubing.js's signature, made in a worker as cubing.js's are.
 * Rejects with a `TypeError` for a non-string ID, a `RangeError` for an ID cubing.js does not have, an
 * `Error` for an event not scrambled yet.
 */
export function randomScrambleForEvent(eventID: string, options?: EventScrambleOptions): Promise<Alg>;
/** A KPattern solved by the event's own solver (`sq1`: the Square-1's, which knows blocked slashes), as an Alg. */
export function solveForEvent(eventID: string, kpattern: KPattern | KTransformation, options?: EventSolveOptions): Promise<Alg>;
/**
 * The algorithm finder (twsearch's `-A`) on a cubing.js KPuzzle, in a worker: groups of short algs by
 * signature, each alg a cubing.js Alg a `<twisty-player>` plays.
 */
export function findAlgs(kpuzzle: KPuzzle, options: FindAlgsOptions): Promise<FindAlgsResult<Alg>>;
