// `twistsearch/cubing`: cubing.js in, cubing.js out. Solves a cubing.js `KPattern` (or `KTransformation`)
// and returns an `Alg` (what `<twisty-player>` plays); scrambles a cubing.js event as cubing.js's
// `randomScrambleForEvent` does. As cubing.js, it works off the calling thread: in a Web Worker (a worker
// thread in Node.js) by default, so a page never freezes; `cubingSolver({worker: false})` runs on the
// calling thread. Puzzles are loaded once per `KPuzzle` and kept, with their pruning tables, for later
// calls; event scramblers once per event. `cubing` is an (optional) peer dependency of twistsearch.

import { Alg } from 'cubing/alg';
import { loadPuzzle, randomScrambleForEvent as eventScramble, solveForEvent as eventSolve } from './index.js';
import { TwistsearchWorker } from './worker-client.js';

/**
 * Generator moves used when a call gives none, by cubing.js definition name: where the definition's
 * every non-rotation move (twistsearch's default) is not what a solver of that puzzle means. cubing.js's
 * 3x3x3 also defines slice and wide turns (M, E, S, u, Rw, 2R, ...), which would make solutions use them
 * and searches far slower; the pyraminx and skewb are solved in the WCA notation cubers read.
 */
export const defaultGeneratorMoves = Object.freeze({
  '3x3x3': 'U,L,F,R,B,D',
  // WCA notation: two-layer turns and tips (the definition's own moves are cubing.js's internal ones).
  pyraminx: 'U,L,R,B,u,l,r,b',
  // WCA notation: the four turns about the corners cubing.js's skewb scrambles use.
  skewb: 'U,L,R,B',
});

function withDefaults(kpuzzle, options) {
  const moves = defaultGeneratorMoves[kpuzzle.definition?.name];
  if (!moves || (options && options.generatorMoves !== undefined)) return options;
  return { ...options, generatorMoves: moves };
}

/**
 * A solver for cubing.js patterns. Options: `worker` (default true: the work runs in a Web Worker / worker
 * thread, started on first use, so the calling thread never blocks, as cubing.js's scrambles and solves;
 * false: on the calling thread, but for calls given a `signal`), the worker's options (`workerUrl`,
 * `build`, `threads`, `abortGraceMs`), and a table cache for its puzzles and events (`tableCache`,
 * `tableCacheWrite`, `onTableCache`, as `loadPuzzle`'s; an event call's own options win).
 */
export function cubingSolver(options = {}) {
  const { worker: inWorker = true, tableCache, tableCacheWrite, onTableCache, ...workerOptions } = options;
  if (typeof inWorker !== 'boolean') throw new TypeError(`cubingSolver: worker must be a boolean, not ${typeof inWorker}`);
  const tables = tableCache === undefined ? {} : { tableCache, tableCacheWrite, onTableCache };
  /** An event call's options with the solver's table cache (unless the call names one). */
  const eventOptions = (o) => (tableCache === undefined || o?.tableCache !== undefined ? o : { ...tables, ...o });
  const worker = inWorker ? new TwistsearchWorker(workerOptions) : null;
  // Without `worker: true`, calls given a `signal` still run in a worker, started on the first such call:
  // WebAssembly work on the calling thread blocks it, so a timer (`AbortSignal.timeout`) or an event that
  // would abort the signal cannot run until the work is over. In the worker the signal stops it at once.
  let helper = null;
  const puzzles = new WeakMap();
  const helperPuzzles = new WeakMap();

  /** The worker a call runs in: the solver's own, the helper for a call with a signal, or none. */
  function workerFor(callOptions) {
    if (worker) return worker;
    if (callOptions?.signal === undefined || callOptions.signal === null) return null;
    helper ??= new TwistsearchWorker(workerOptions);
    return helper;
  }

  function load(kpuzzle, w) {
    if (!kpuzzle || typeof kpuzzle.definition !== 'object') {
      throw new TypeError('expected a cubing.js KPuzzle (or a KPattern, whose kpuzzle is used)');
    }
    const cache = w && w === helper ? helperPuzzles : puzzles;
    let p = cache.get(kpuzzle);
    if (!p) {
      p = w ? w.loadPuzzle(kpuzzle, tables) : loadPuzzle(kpuzzle, tables);
      cache.set(kpuzzle, p);
      p.catch(() => cache.delete(kpuzzle));
    }
    return p;
  }

  function puzzleFor(kpuzzle) {
    return load(kpuzzle, worker);
  }

  /** A cubing.js KPattern, or the KPattern a cubing.js KTransformation gives the solved state. */
  function patternOf(kpattern) {
    if (kpattern && kpattern.kpuzzle && kpattern.transformationData && typeof kpattern.toKPattern === 'function') {
      return kpattern.toKPattern();
    }
    if (!kpattern || !kpattern.kpuzzle || !kpattern.patternData) {
      throw new TypeError('expected a cubing.js KPattern or KTransformation');
    }
    return kpattern;
  }

  return {
    /** The twistsearch puzzle for a cubing.js KPuzzle (loaded on first use). */
    puzzleFor,
    /** An optimal solution of a KPattern (or KTransformation), as an Alg (options as for twistsearch's solve). */
    async solve(kpattern, solveOptions) {
      const pattern = patternOf(kpattern);
      const p = await load(pattern.kpuzzle, workerFor(solveOptions));
      const r = await p.solve(pattern, withDefaults(pattern.kpuzzle, solveOptions));
      return new Alg(r.solutions[0]);
    },
    /** Every solution a solve finds (e.g. with `maxSolutions`), as Algs. */
    async solveAll(kpattern, solveOptions) {
      const pattern = patternOf(kpattern);
      const p = await load(pattern.kpuzzle, workerFor(solveOptions));
      const r = await p.solve(pattern, withDefaults(pattern.kpuzzle, solveOptions));
      return r.solutions.map((s) => new Alg(s));
    },
    /** A random-state scramble of a KPuzzle, as an Alg. */
    async randomScramble(kpuzzle, scrambleOptions) {
      const p = await load(kpuzzle, workerFor(scrambleOptions));
      return new Alg(await p.randomScramble(withDefaults(kpuzzle, scrambleOptions)));
    },
    /**
     * The algorithm finder on a KPuzzle (options as for twistsearch's `findAlgs`; the 3x3x3 in face turns
     * unless `generatorMoves` says otherwise): its groups with each alg as an Alg.
     */
    async findAlgs(kpuzzle, findOptions) {
      const p = await load(kpuzzle, workerFor(findOptions));
      return algResult(await p.findAlgs(withDefaults(kpuzzle, findOptions)));
    },
    /** A scramble for a cubing.js event ID, as an Alg (options: `seed`, `signal`, `onProgress`). */
    async randomScrambleForEvent(eventID, callOptions) {
      const options = eventOptions(callOptions);
      const w = workerFor(options);
      const alg = w ? await w.randomScrambleForEvent(eventID, options) : await eventScramble(eventID, options);
      return new Alg(alg);
    },
    /** A KPattern solved by the event's own solver (`sq1`), as an Alg. */
    async solveForEvent(eventID, kpattern, callOptions) {
      const pattern = patternOf(kpattern);
      const options = eventOptions(callOptions);
      const w = workerFor(options);
      return new Alg(w ? await w.solveForEvent(eventID, pattern, options) : await eventSolve(eventID, pattern, options));
    },
    /** Stops the worker (and, with `worker: false`, the one calls with a signal started). */
    terminate() {
      worker?.terminate();
      helper?.terminate();
      helper = null;
    },
  };
}

/** A `findAlgs` result with its algs as cubing.js Algs. */
function algResult(r) {
  return { ...r, groups: r.groups.map((g) => ({ ...g, algs: g.algs.map((a) => new Alg(a)) })) };
}

let shared = null;
function defaultSolver() {
  shared ??= cubingSolver();
  return shared;
}

/**
 * An optimal solution of a cubing.js KPattern (or KTransformation), as a cubing.js Alg, computed in a
 * worker (started on first use), so that the calling thread stays free and `AbortSignal.timeout(ms)`
 * stops it.
 */
export function solve(kpattern, options) {
  return defaultSolver().solve(kpattern, options);
}

/** Every solution a solve finds, as Algs. */
export function solveAll(kpattern, options) {
  return defaultSolver().solveAll(kpattern, options);
}

/** A random-state scramble of a cubing.js KPuzzle, as an Alg. */
export function randomScramble(kpuzzle, options) {
  return defaultSolver().randomScramble(kpuzzle, options);
}

/**
 * A scramble for a cubing.js event ID (`"333"`, `"pyram"`, `"clock"`, ...) as a cubing.js Alg, with
 * cubing.js's signature (`randomScrambleForEvent` of `cubing/scramble`), made in a worker as cubing.js's
 * are (the page stays responsive while the event's tables are built). Options:
 * `seed`, `signal`, `onProgress`, `tableCache` (`tableCacheWrite`, `onTableCache`). A non-string ID rejects with a `TypeError`, an ID cubing.js does not
 * have with a `RangeError`, an event twistsearch does not scramble yet with an `Error` naming it.
 */
export function randomScrambleForEvent(eventID, options) {
  return defaultSolver().randomScrambleForEvent(eventID, options);
}

/**
 * A KPattern solved by the event's own solver (`sq1`: the Square-1's two-phase search, which knows a
 * slash is blocked while a corner straddles the cut), as an Alg, in a worker.
 */
export function solveForEvent(eventID, kpattern, options) {
  return defaultSolver().solveForEvent(eventID, kpattern, options);
}

/**
 * The algorithm finder (twsearch's `-A`) on a cubing.js KPuzzle, in a worker: short algs that leave at
 * most `maxPieces` pieces wrong, grouped by signature, each alg a cubing.js Alg (`[R U R', D]`,
 * `(R U)35`) a `<twisty-player>` plays. Options as for twistsearch's `findAlgs` (`depth` required).
 */
export function findAlgs(kpuzzle, options) {
  return defaultSolver().findAlgs(kpuzzle, options);
}
