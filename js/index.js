// twistsearch's JS API: load a puzzle (.tws text, a KPuzzle definition or a cubing.js KPuzzle) and solve,
// scramble, count and compute group orders on it, in WebAssembly.
//
// Calls run on the calling thread (in the threaded build, on rayon's pool with the calling thread
// waiting). To keep a page responsive, use the same API from a worker: `twistsearch/worker`.

import { loadWasm, reloadWasm } from './wasm.js';
import {
  algArg,
  canBlock,
  callError,
  definitionText,
  depthArg,
  eventArg,
  orderOptions,
  patternArg,
  splitOptions,
} from './common.js';

let state = null;

/** The fresh instance being started after a trap, if any. */
let recovering = null;

/**
 * After a trap (`WebAssembly.RuntimeError`: the instance's memory can no longer be trusted) starts a fresh
 * instance: puzzles load themselves into it on their next call, event scramblers are made again.
 */
function recover() {
  if (!recovering) {
    eventScramblers.clear();
    recovering = reloadWasm()
      .then((s) => {
        state = s;
      })
      .finally(() => {
        recovering = null;
      });
    recovering.catch(() => {});
  }
  return recovering;
}

/** Waits for a fresh instance being started. */
async function healthy() {
  if (recovering) await recovering.catch(() => {});
}

/** The error a call that trapped rejects with (the cause is the trap). */
function trapError(method, e) {
  return new Error(
    `${method}: internal error: the WebAssembly module trapped (${e.message}); a fresh instance was started, ` +
      'so the next call works (a puzzle reloads itself and rebuilds its tables)',
    { cause: e },
  );
}

/**
 * Loads the WebAssembly module now (otherwise the first `loadPuzzle` does). Options: `build` ('auto',
 * 'single', 'threaded') and `threads` (the threaded build's pool size). Returns `{build, threads}`.
 */
export async function init(options) {
  state = await loadWasm(options);
  return { build: state.build, threads: state.threads, ...(state.fallbackReason ? { fallbackReason: state.fallbackReason } : {}) };
}

/** The build in use: 'single', 'threaded', or null before the module is loaded. */
export function build() {
  return state ? state.build : null;
}

/** Threads the parallel work uses (1 for the single-threaded build; 0 before the module is loaded). */
export function threads() {
  return state ? state.threads : 0;
}

/** The hooks object the wasm shell takes. */
function hooks(signal, onProgress, cancelFlag) {
  const isCancelled =
    signal || cancelFlag ? () => (signal?.aborted ?? false) || (cancelFlag ? Atomics.load(cancelFlag, 0) !== 0 : false) : undefined;
  return { onProgress, isCancelled, canBlock };
}

/** Turns the decimal strings of the wasm result into bigints. */
function godResult(r) {
  return {
    ...r,
    counts: r.counts.map(BigInt),
    total: BigInt(r.total),
    symmetryCounts: r.symmetryCounts ? r.symmetryCounts.map(BigInt) : undefined,
    indexed: r.indexed ? BigInt(r.indexed) : undefined,
    reducedBy: r.reducedBy
      ? { symmetries: r.reducedBy.symmetries, storedPositions: BigInt(r.reducedBy.storedPositions) }
      : undefined,
  };
}

/** A loaded puzzle. Every method returns a promise; calls on one puzzle run one at a time. */
export class Puzzle {
  #raw;
  #info;
  /** The definition text, to load the puzzle again into a fresh instance after a trap. */
  #text;
  /** The instance `#raw` lives in. */
  #generation;
  #freed = false;

  /** @internal use loadPuzzle() */
  constructor(raw, text) {
    this.#raw = raw;
    this.#info = raw.info();
    this.#text = text;
    this.#generation = state.generation ?? 0;
  }

  /** The puzzle's name. */
  get name() {
    return this.#info.name;
  }

  /** `{name, orbits: [{orbitName, numPieces, numOrientations}], moves, rotations, stateSize}`. */
  get info() {
    return structuredClone(this.#info);
  }

  /** The puzzle in the current instance (loaded again after a trap started a fresh one). */
  async #current(method) {
    if (this.#freed) throw new Error(`${method}: this puzzle was freed (free()); load it again`);
    await healthy();
    if (this.#generation !== (state.generation ?? 0)) {
      this.#raw = new state.glue.Puzzle(this.#text);
      this.#generation = state.generation ?? 0;
    }
    return this.#raw;
  }

  async #call(method, options, fn) {
    const { rest, signal, onProgress, cancelFlag } = splitOptions(options, method);
    await this.#current(method);
    try {
      return fn(rest, hooks(signal, onProgress, cancelFlag));
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        recover();
        throw trapError(method, e);
      }
      throw callError(e, signal);
    }
  }

  /**
   * Optimal solutions of a position (an alg applied to the solved state, KPattern data, or a cubing.js
   * KPattern): `{solutions, lengths, nodes, tableDepth, tableBytes, symmetries, inverseLookup, metric}`.
   */
  async solve(position, options) {
    const start = patternArg(position);
    return this.#call('solve', options, (rest, h) => this.#raw.solve(start, rest, h));
  }

  /** A random-state scramble: an alg reaching a uniformly random position, optimal in length. */
  async randomScramble(options) {
    return this.#call('randomScramble', options, (rest, h) => this.#raw.randomScramble(rest, h));
  }

  /** How many canonical move sequences have each length 0..depth (bigints). */
  async canonicalCounts(depth, options) {
    depthArg(depth, 'canonicalCounts');
    return this.#call('canonicalCounts', options, (rest) => this.#raw.canonicalCounts(depth, rest).map(BigInt));
  }

  /**
   * God's algorithm: the number of positions at each distance from solved (`counts`, bigints), `total`,
   * `depth`, up to `antipodes` positions at the greatest distance with an alg each, and with `symmetry`
   * (a definition with rotations) `symmetryCounts`.
   */
  async godsAlgorithm(options) {
    return this.#call('godsAlgorithm', options, (rest, h) => godResult(this.#raw.godsAlgorithm(rest, h)));
  }

  /** The order of the group the moves generate (bigint); `moves` as `{generatorMoves}`, "U,R" or ["U", "R"]. */
  async order(moves) {
    return this.#call('order', orderOptions(moves), (rest) => BigInt(this.#raw.order(rest)));
  }

  /**
   * How many positions the moves reach, as users count them (bigints): `upToOrientation` (positions up to
   * the whole puzzle's orientation: the 3x3x3's 43,252,003,274,489,856,000), `positions` (orientations of
   * the whole puzzle the moves reach counted apart), `orientations` (how many), `groupOrder` (what
   * `order()` gives: transformations, counting orientations the solved state does not show).
   */
  async positions(moves) {
    return this.#call('positions', orderOptions(moves), (rest) => {
      const r = this.#raw.positions(rest);
      return {
        groupOrder: BigInt(r.groupOrder),
        positions: BigInt(r.positions),
        orientations: BigInt(r.orientations),
        upToOrientation: BigInt(r.upToOrientation),
      };
    });
  }

  /** How many times an alg must be repeated to give the identity (bigint). */
  async algOrder(alg) {
    algArg(alg, 'algOrder');
    return this.#call('algOrder', undefined, () => BigInt(this.#raw.algOrder(alg)));
  }

  /** The inverse of an alg. */
  async invert(alg) {
    algArg(alg, 'invert');
    return this.#call('invert', undefined, () => this.#raw.invert(alg));
  }

  /** An alg with same-grip moves merged or cancelled and commuting moves in a canonical order. */
  async simplify(alg) {
    algArg(alg, 'simplify');
    return this.#call('simplify', undefined, () => this.#raw.simplify(alg));
  }

  /** The position an alg reaches from the solved state, as KPattern data. */
  async position(alg) {
    algArg(alg, 'position');
    return this.#call('position', undefined, () => this.#raw.position(alg));
  }

  /** The puzzle as a KPuzzle definition object (e.g. for cubing.js's `new KPuzzle(def)`). */
  async definition() {
    return this.#call('definition', undefined, () => this.#raw.definition());
  }

  /** Frees the tables kept for the next solve (optimal and multi-phase). */
  async releaseSolver() {
    return this.#call('releaseSolver', undefined, () => this.#raw.releaseSolver());
  }

  /** Frees the puzzle's WebAssembly memory; later calls reject with an `Error` saying so. */
  free() {
    if (this.#freed) return;
    this.#freed = true;
    // A puzzle of an instance that trapped is gone with it.
    if (this.#generation === (state.generation ?? 0)) this.#raw.free();
  }
}

/**
 * Loads a puzzle from `.tws` text, a KPuzzle definition object, or a cubing.js `KPuzzle`. Options as for
 * `init` (they apply to the first load only).
 */
export async function loadPuzzle(definition, options) {
  const text = definitionText(definition);
  if (!state) await init(options);
  await healthy();
  return new Puzzle(new state.glue.Puzzle(text), text);
}

/** Event scramblers by event ID, each keeping its tables for later calls. */
const eventScramblers = new Map();

/**
 * Every cubing.js event: `[{id, name, puzzle, supported, reason?}]` (`reason`: why an event is not
 * scrambled yet). Loads the WebAssembly module if needed.
 */
export async function scrambleEvents() {
  if (!state) await init();
  await healthy();
  return state.glue.scrambleEvents();
}

/**
 * A scramble for a cubing.js event ID (`"333"`, `"pyram"`, `"clock"`, ...) in the event's notation, as a
 * string: a random-state scramble where the event has them, random moves for the big cubes and the
 * megaminx, as cubing.js's `randomScrambleForEvent`. The event's tables are built by its first call and
 * kept. Options: `seed` (reproducible), `signal`, `onProgress`. Errors: a non-string ID is a
 * `TypeError`, an ID cubing.js does not have a `RangeError`, an event not scrambled yet an `Error`.
 */
export async function randomScrambleForEvent(eventID, options) {
  eventArg(eventID, 'randomScrambleForEvent');
  const { rest, signal, onProgress, cancelFlag } = splitOptions(options, 'randomScrambleForEvent');
  if (!state) await init();
  await healthy();
  try {
    return eventScrambler(eventID).scramble(rest, hooks(signal, onProgress, cancelFlag)).alg;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      recover();
      throw trapError('randomScrambleForEvent', e);
    }
    throw callError(e, signal);
  }
}

/** The kept scrambler of an event (made on first use). */
function eventScrambler(eventID) {
  let scrambler = eventScramblers.get(eventID);
  if (!scrambler) {
    // Events that scramble the same puzzle the same way (the 3x3x3 ones) share one scrambler's tables.
    for (const peer of eventScramblers.values()) {
      scrambler ??= peer.sibling(eventID);
    }
    scrambler ??= new state.glue.EventScrambler(eventID);
    eventScramblers.set(eventID, scrambler);
  }
  return scrambler;
}

/**
 * Solves a position of an event's puzzle (KPattern data or a cubing.js `KPattern` of cubing.js's KPuzzle
 * for the event) with the event's own solver, as a string in the event's notation: `sq1` (the Square-1's
 * two-phase search, which knows a slash is blocked while a corner straddles the cut; the KPuzzle does
 * not, so a puzzle's `solve` cannot). Other events reject with an `Error` (solve them with a puzzle's
 * `solve`). Options: `signal`, `onProgress`.
 */
export async function solveForEvent(eventID, pattern, options) {
  eventArg(eventID, 'solveForEvent');
  const data = patternArg(pattern, 'pattern');
  if (typeof data === 'string') throw new TypeError('solveForEvent: the position must be KPattern data or a cubing.js KPattern');
  const { signal, onProgress, cancelFlag } = splitOptions(options, 'solveForEvent');
  if (!state) await init();
  await healthy();
  try {
    return eventScrambler(eventID).solve(data, hooks(signal, onProgress, cancelFlag)).alg;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      recover();
      throw trapError('solveForEvent', e);
    }
    throw callError(e, signal);
  }
}
