// twistsearch's JS API: load a puzzle (.tws text, a KPuzzle definition or a cubing.js KPuzzle) and solve,
// scramble, count and compute group orders on it, in WebAssembly.
//
// Calls run on the calling thread (in the threaded build, on rayon's pool with the calling thread
// waiting). To keep a page responsive, use the same API from a worker: `twistsearch/worker`.

import { loadWasm, reloadWasm } from './wasm.js';
import {
  algArg,
  algsArg,
  bytesArg,
  CALL_OPTIONS,
  canBlock,
  callError,
  depthArg,
  eventArg,
  EVENT_PUZZLE_TIME_LIMIT,
  EVENT_SOLVERS,
  FACE_TURNS_REACH,
  faceTurns,
  findAlgsArgs,
  INIT_OPTIONS,
  knownOptions,
  nameArg,
  noTableOptions,
  orderOptions,
  patternArg,
  puzzleIdHint,
  puzzleSource,
  splitOptions,
  TABLE_CACHE_OPTIONS,
  tablesPart,
  takeTimeLimit,
  timeoutError,
} from './common.js';
import {
  loaded,
  lookUp,
  refused,
  secondsSince,
  tableCacheOptions,
  tableKey,
  worthWriting,
  write,
} from './tables.js';

export { indexedDBTableStore, tableCacheWrites } from './tables.js';

/** The build chosen (`init`): `{build, threads, fallbackReason?}`, or null before. */
let chosen = null;

/** The puzzle part's module (`loadWasm`'s `{glue, generation, …}`), or null before its first use. */
let state = null;

/** The events part's module, or null before its first use (the same module as `state` in the threaded build). */
let eventState = null;

/** The fresh instance being started after a trap, if any. */
let recovering = null;

/**
 * After a trap (`WebAssembly.RuntimeError`: the instance's memory can no longer be trusted) in `part`'s
 * module starts a fresh instance: puzzles load themselves into it on their next call, event scramblers
 * are made again (in the threaded build both parts share the module, so both are renewed).
 */
function recover(part) {
  if (!recovering) {
    recovering = reloadWasm(part)
      .then(async () => {
        if (state) state = await loadWasm({}, 'puzzle');
        if (eventState) {
          const fresh = await loadWasm({}, 'events');
          if (fresh.generation !== eventState.generation) {
            eventScramblers.clear();
            eventKeys.clear();
          }
          eventState = fresh;
        }
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

/**
 * The module of a part of the API ('puzzle' or 'events'), loaded on first use; the build is chosen first
 * where no call has (`options`: `init`'s).
 */
async function partModule(name, options) {
  if (!chosen) await init(options);
  await healthy();
  if (name === 'puzzle') {
    state ??= await loadWasm({}, 'puzzle');
    return state;
  }
  eventState ??= await loadWasm({}, 'events');
  return eventState;
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
 * Chooses the WebAssembly build now (otherwise the first call does) and loads it where it is one module
 * (the threaded build). The single-threaded build is two modules, each loaded by the first call that
 * needs it: the puzzle part (`loadPuzzle`, `puzzleIDs`) and the events part (`randomScrambleForEvent`,
 * `solveForEvent`, `scrambleEvents`). Options: `build` ('auto', 'single', 'threaded') and `threads` (the
 * threaded build's pool size). Returns `{build, threads}`.
 */
export async function init(options) {
  knownOptions(options, INIT_OPTIONS, 'init');
  chosen = await loadWasm(options);
  return { build: chosen.build, threads: chosen.threads, ...(chosen.fallbackReason ? { fallbackReason: chosen.fallbackReason } : {}) };
}

/** The build in use: 'single', 'threaded', or null before it is chosen. */
export function build() {
  return chosen ? chosen.build : null;
}

/** Threads the parallel work uses (1 for the single-threaded build; 0 before the build is chosen). */
export function threads() {
  return chosen ? chosen.threads : 0;
}

/**
 * The hooks object the wasm shell takes. `limit`: `{ms, method, hint}`, a time limit counted from now
 * (`ms` null or Infinity: none): past it, `isCancelled` throws the call's `TimeoutError`, which stops the
 * work and is what the call rejects with.
 */
function hooks(signal, onProgress, cancelFlag, limit) {
  const deadline = limit && limit.ms !== null && limit.ms !== Infinity ? performance.now() + limit.ms : null;
  const isCancelled =
    signal || cancelFlag || deadline !== null
      ? () => {
          if (deadline !== null && performance.now() > deadline) throw timeoutError(limit.method, limit.ms, limit.hint);
          return (signal?.aborted ?? false) || (cancelFlag ? Atomics.load(cancelFlag, 0) !== 0 : false);
        }
      : undefined;
  return { onProgress, isCancelled, canBlock };
}

/** Whether the warning about a `signal` that cannot fire during a call was given (once per realm). */
let signalWarned = false;

/**
 * Warns once that a `signal` given to a call of this API cannot fire while the call runs (the work holds
 * this thread, so a timer's or an event's abort waits for the end), pointing to `timeLimit` and the
 * worker API; a call with a `timeLimit` is not warned about.
 */
function warnSignal(signal, timeLimit, method) {
  if (signalWarned || !signal || signal.aborted || timeLimit !== undefined) return;
  signalWarned = true;
  console.warn(
    `twistsearch ${method}: the signal cannot fire while the call runs on this thread (the WebAssembly work holds it, so ` +
      'AbortSignal.timeout and event handlers wait for its end); pass timeLimit (ms) to bound it here, or run it in a ' +
      'worker (twistsearch/worker, or twistsearch/cubing\'s default) where the signal stops it at once',
  );
}

/**
 * The methods a puzzle's default moves apply to: the searches for solutions and their tables' methods,
 * and the algorithm finder (the group questions, `order`, `positions`, `canonicalCounts`, `godsAlgorithm`, keep every move).
 */
const MOVE_METHODS = new Set(['solve', 'randomScramble', 'tablesKey', 'saveTables', 'loadTables', 'findAlgs']);

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

/**
 * Whether an error is the core's refusal (of saved tables, or of options): an error of the wasm shell
 * with the core's kind, not a cancellation. Anything else (a trap, a cancellation, what a hook threw)
 * ends the call.
 */
function refusal(e) {
  return e !== null && typeof e === 'object' && typeof e.kind === 'string' && e.kind !== 'cancelled' && e.name !== 'AbortError';
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
  /** The table cache (`loadPuzzle`'s `tableCache`), or null. */
  #tables;
  /**
   * Per key of the cache, the solver whose tables the cache matches: `{serial, changes, seconds}` of the
   * wasm shell's `tablesStatus` when they were loaded or written (`changes` null: never).
   */
  #synced = new Map();
  /** With a cache, calls wait for the one before (a cache lookup is asynchronous). */
  #queue = Promise.resolve();

  /** The moves a call uses where it names none (`generatorMoves`), or null: every non-rotation move. */
  #defaultMoves = null;
  /** The event whose own solver this puzzle has (`EVENT_SOLVERS`), or null. */
  #event = null;

  /**
   * @internal use loadPuzzle(). `source`: `{cubing, id}` (a cubing.js puzzle, its ID where known);
   * `moves`: the `generatorMoves` option of `loadPuzzle` (undefined: the default).
   */
  constructor(raw, text, tables = null, source = { cubing: false, id: null }, moves = undefined) {
    this.#raw = raw;
    this.#info = raw.info();
    this.#text = text;
    this.#generation = state.generation ?? 0;
    this.#tables = tables;
    this.#event = (source.id !== null && EVENT_SOLVERS[source.id]) || null;
    if (moves !== undefined) {
      // Checked now: a bad list is the load's error, not every later call's.
      if (moves !== null) raw.canonicalCounts(0, { generatorMoves: moves });
      this.#defaultMoves = moves === null ? null : Array.isArray(moves) ? moves.join(',') : moves;
    } else if (source.cubing) {
      this.#defaultMoves = cubingDefaultMoves(raw, this.#info, source.id);
    }
  }

  /**
   * The moves `solve` and `randomScramble` (and the tables methods) use where a call names none
   * (`generatorMoves`), as a comma list, or null where that is every move but the rotations. A cubing.js puzzle (loaded by ID, loader or `KPuzzle`) defaults to its
   * face turns (`U,L,F,R,B,D` on the 3x3x3, not its slice, wide and inner turns), as cubing.js's solvers
   * do, where they reach every position its moves reach; `loadPuzzle`'s `generatorMoves` sets another.
   */
  get defaultMoves() {
    return this.#defaultMoves;
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
      // The fresh puzzle has no solver: its tables are looked up again.
      this.#synced.clear();
    }
    return this.#raw;
  }

  /**
   * Runs `fn(rest, hooks)` for a call. `tables` (solve, randomScramble): `{start}`, the position whose
   * solver's tables go through the puzzle's cache, if it has one.
   */
  async #call(method, options, fn, tables) {
    const split = splitOptions(options, method);
    const { signal, onProgress, cancelFlag, tables: given } = split;
    let { rest } = split;
    noTableOptions(given, method);
    const timeLimit = takeTimeLimit(rest, method);
    warnSignal(signal, timeLimit, method);
    if (this.#defaultMoves !== null && MOVE_METHODS.has(method) && rest?.generatorMoves === undefined) {
      rest = { ...rest, generatorMoves: this.#defaultMoves };
    }
    const limit = this.#limit(method, timeLimit, split.rest?.generatorMoves !== undefined);
    const run = async () => {
      await this.#current(method);
      const h = hooks(signal, onProgress, cancelFlag, limit);
      try {
        if (tables && this.#tables) return await this.#cached(method, rest, tables.start, h, () => fn(rest, h));
        return fn(rest, h);
      } catch (e) {
        if (e instanceof WebAssembly.RuntimeError) {
          recover('puzzle');
          throw trapError(method, e);
        }
        throw callError(e, signal);
      }
    };
    if (!this.#tables) return run();
    const call = this.#queue.then(run);
    this.#queue = call.catch(() => {});
    return call;
  }

  /**
   * A call's time limit for `hooks`: the `timeLimit` given, else for a `solve` or `randomScramble` of a
   * puzzle with its own event solver, on its default moves (`ownMoves`: the call names its
   * `generatorMoves`, a search of the caller's choosing), `EVENT_PUZZLE_TIME_LIMIT` ms with a hint naming
   * that solver; null for none.
   */
  #limit(method, timeLimit, ownMoves) {
    if (timeLimit !== undefined) {
      return { ms: timeLimit, method, hint: 'give a larger timeLimit (null: none), or run the call in a worker (twistsearch/worker) with a signal to stop it' };
    }
    if (this.#event === null || ownMoves || (method !== 'solve' && method !== 'randomScramble')) return null;
    const call =
      method === 'solve'
        ? `solveForEvent(${JSON.stringify(this.#event)}, pattern) solves it with the ${this.name}'s own solver in seconds`
        : `randomScrambleForEvent(${JSON.stringify(this.#event)}) scrambles it with the ${this.name}'s own scrambler`;
    return {
      ms: EVENT_PUZZLE_TIME_LIMIT,
      method,
      hint: `an optimal search of a scrambled ${this.name} takes far longer (hours); ${call}; or pass timeLimit (ms, null: none) to search on`,
    };
  }

  /**
   * `fn()` with the table cache: the solver's tables looked up before (loaded when found; refused ones
   * deleted and built) and written after when the policy asks for it (in the background). An optimal
   * solve with `phaseBound` (or `cubeBound`) has two parts of tables, each under its own key: the
   * solver's pruning table and its bound's tables (a phase bound's are shared with a multi-phase solver
   * of the same tables).
   */
  async #cached(method, rest, start, h, fn) {
    const cache = this.#tables;
    // randomScramble's options (no position) are solve's but for `seed`.
    let options = rest;
    if (start === undefined && rest && 'seed' in rest) {
      const { seed: _seed, ...others } = rest;
      options = others;
    }
    const parts = [undefined];
    if (options?.phaseBound != null && options?.phases == null) parts.push('phaseBound');
    else if (options?.cubeBound != null && options?.phases == null) parts.push('cubeBound');
    const entries = [];
    for (const part of parts) {
      let coreKey;
      try {
        coreKey = this.#raw.tablesKey(options, start, h, part);
      } catch (e) {
        if (!refusal(e)) throw e;
        // What is wrong with the options, the call itself reports.
        return fn();
      }
      entries.push(await this.#lookUp(method, options, start, h, part, tableKey(state.glue.version(), this.name, coreKey)));
    }
    const result = fn();
    for (const { part, key, sync } of entries) {
      const after = this.#raw.tablesStatus(options, start, part);
      if (!after) continue;
      // A multi-phase solver (and a phase bound) is made by the call itself.
      if (after.serial !== sync.serial) Object.assign(sync, { serial: after.serial, changes: null, seconds: 0 });
      const seconds = after.seconds - sync.seconds;
      if (after.changes !== sync.changes && cache.write !== 'never' && worthWriting(cache, seconds)) {
        const raw = this.#raw;
        const generation = this.#generation;
        // Saved after the answer: by then the puzzle may be freed, or a trap may have ended its instance.
        write(cache, key, () => (this.#freed || generation !== (state.generation ?? 0) ? undefined : raw.saveTables(options, start, part)), seconds);
        Object.assign(sync, { changes: after.changes, seconds: after.seconds });
      }
    }
    return result;
  }

  /**
   * One part of a call's tables (`part`: undefined, the solver's own; `'phaseBound'`, `'cubeBound'`) under the cache's
   * `key`: looked up and loaded unless the kept solver's are what the cache holds already. Returns `{part,
   * key, sync}`, `sync` what the cache matches (`{serial, changes, seconds}` of `tablesStatus`).
   */
  async #lookUp(method, options, start, h, part, key) {
    const cache = this.#tables;
    let status = this.#raw.tablesStatus(options, start, part);
    let sync = this.#synced.get(key);
    if (!sync || !status || sync.serial !== status.serial) {
      // A solver the cache has not seen (made by this call, or for other options since).
      sync = { serial: status?.serial, changes: null, seconds: 0 };
      const t0 = performance.now();
      const bytes = await lookUp(cache, key);
      const raw = await this.#current(method);
      if (bytes) {
        try {
          raw.loadTables(bytes, options, start, h, part);
          status = raw.tablesStatus(options, start, part);
          sync = { serial: status?.serial, changes: status?.changes ?? null, seconds: status?.seconds ?? 0 };
          loaded(cache, key, bytes, secondsSince(t0));
        } catch (e) {
          if (!refusal(e)) throw e;
          refused(cache, key, e);
        }
      }
      this.#synced.set(key, sync);
    }
    return { part, key, sync };
  }

  /**
   * Optimal solutions of a position (an alg applied to the solved state, KPattern data, or a cubing.js
   * KPattern): `{solutions, lengths, nodes, tableDepth, tableBytes, symmetries, inverseLookup, phaseBound,
   * searchedBy, metric}` (`phaseBound`: null, or with the `phaseBound` option `{moves, axes, exact,
   * tableBytes, buildSeconds, tablesLoaded}`, with `cubeBound` `{table, ...}` instead of `moves`;
   * `searchedBy`: `'3x3x3 coordinates'` where the cube's own search answered, else `'states'`).
   */
  async solve(position, options) {
    const start = patternArg(position);
    return this.#call('solve', options, (rest, h) => this.#raw.solve(start, rest, h), { start });
  }

  /** A random-state scramble: an alg reaching a uniformly random position, optimal in length. */
  async randomScramble(options) {
    return this.#call('randomScramble', options, (rest, h) => this.#raw.randomScramble(rest, h), { start: undefined });
  }

  /**
   * The key the tables of the solver `solve` (or `randomScramble`) uses with these options are kept
   * under in a table cache: the package's version, the puzzle's name and the core's key (its optimal
   * solver is made now, as the call would). Options: as `solve`'s (`generatorMoves`, `qtm`, `memoryMB`,
   * `targetPattern`, `phases`, `phaseBound`, `cubeBound`, ...), and `tables`: `'phaseBound'` (or
   * `'cubeBound'`) for the tables of the optimal solver's bound (nothing is built for their key),
   * `'solver'` (the default) for its own.
   */
  async tablesKey(options) {
    const { options: o, part } = tablesPart(options, 'tablesKey');
    return this.#call('tablesKey', o, (rest, h) => tableKey(state.glue.version(), this.name, this.#raw.tablesKey(rest, undefined, h, part)));
  }

  /**
   * The tables of the solver kept for these options (after a `solve` or `randomScramble` with them, or
   * `loadTables`), as versioned, checksummed, compressed bytes; `undefined` where none is kept. `tables:
   * 'phaseBound'` or `'cubeBound'`: its bound's (`undefined` until a solve made it).
   */
  async saveTables(options) {
    const { options: o, part } = tablesPart(options, 'saveTables');
    return this.#call('saveTables', o, (rest) => this.#raw.saveTables(rest, undefined, part));
  }

  /**
   * Gives the solver for these options the tables of `bytes` (from `saveTables`) instead of building
   * them (`tables: 'phaseBound'` or `'cubeBound'`: its bound made from them). Bytes saved for another puzzle, moves,
   * target or memory budget, or damaged, reject with an `Error` and the puzzle keeps what it had;
   * anything but a `Uint8Array` is a `TypeError`.
   */
  async loadTables(bytes, options) {
    bytesArg(bytes, 'loadTables');
    const { options: o, part } = tablesPart(options, 'loadTables');
    return this.#call('loadTables', o, (rest, h) => {
      this.#raw.loadTables(bytes, rest, undefined, h, part);
    });
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
   * `order()` gives: transformations, counting orientations the solved state does not show), `note`
   * (null, or on a definition with `Illegal` placements what these group counts leave out).
   */
  async positions(moves) {
    return this.#call('positions', orderOptions(moves), (rest) => {
      const r = this.#raw.positions(rest);
      return {
        groupOrder: BigInt(r.groupOrder),
        positions: BigInt(r.positions),
        orientations: BigInt(r.orientations),
        upToOrientation: BigInt(r.upToOrientation),
        note: r.note,
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

  /**
   * The algorithm finder (twsearch's `-A`, the CLI's `find-algs`): short algs that leave between 1 and
   * `maxPieces` pieces wrong, grouped by signature (which sets, how many pieces, moved or only twisted),
   * the shortest of each kept. Options: `depth` (required), `maxPieces` (default 4), `mode` (`'basic'`,
   * `'repeated'`, `'commutator'`), `strict` (one alg per signature) or `keep` (default 20),
   * `allRotations`, `generatorMoves` (default: the puzzle's default moves), `qtm`, and `signal`,
   * `onProgress` (phase `'find-algs'`), `timeLimit`. Unknown keys are a `TypeError`.
   */
  async findAlgs(options) {
    findAlgsArgs(options);
    return this.#call('findAlgs', options, (rest, h) => this.#raw.findAlgs(rest, h));
  }

  /**
   * The algs (strings) whose position no earlier one reached (twsearch's `-u`); `symmetry`: not even up
   * to the definition's rotations (`-U`); `limit`: at most that many.
   */
  async uniqueAlgs(algs, options) {
    algsArg(algs, 'uniqueAlgs');
    knownOptions(options, ['symmetry', 'limit'], 'uniqueAlgs');
    return this.#call('uniqueAlgs', options, (rest) => this.#raw.uniqueAlgs(algs, rest));
  }

  /**
   * An alg (or each of a list) shortened by optimally solving ever longer windows of it (twsearch's
   * `--shortenseqs`): never longer, the same effect. Options: `maxDepth` (the longest window solve),
   * `memoryMB`, and `signal`, `onProgress`, `timeLimit`.
   */
  async shortenAlgs(algs, options) {
    const one = typeof algs === 'string';
    algsArg(one ? [algs] : algs, 'shortenAlgs');
    knownOptions(options, ['maxDepth', 'memoryMB', ...CALL_OPTIONS], 'shortenAlgs');
    return this.#call('shortenAlgs', options, (rest, h) => {
      const out = this.#raw.shortenAlgs(one ? [algs] : algs, rest, h);
      return one ? out[0] : out;
    });
  }

  /** An alg with moves of the same grip merged across commuting moves, the order otherwise kept (`--cancelseqs`). */
  async cancelMoves(alg) {
    algArg(alg, 'cancelMoves');
    return this.#call('cancelMoves', undefined, () => this.#raw.cancelMoves(alg));
  }

  /** An alg with its rotations moved to the end (`--unrotateseqs`). */
  async unrotate(alg) {
    algArg(alg, 'unrotate');
    return this.#call('unrotate', undefined, () => this.#raw.unrotate(alg));
  }

  /** An alg's effect as a `.tws` move definition named `name` (default `noname`; `--showmoves`). */
  async moveDefinition(alg, name) {
    algArg(alg, 'moveDefinition');
    nameArg(name, 'moveDefinition');
    return this.#call('moveDefinition', undefined, () => this.#raw.moveDefinition(alg, name));
  }

  /** An alg's conjugacy class: per set, its cycles with their twists (`[2],[2]`; `--showconjugacy`). */
  async conjugacyClass(alg) {
    algArg(alg, 'conjugacyClass');
    return this.#call('conjugacyClass', undefined, () => this.#raw.conjugacyClass(alg));
  }

  /** How many of the definition's symmetries keep the position an alg reaches (`--showsymmetry`). */
  async symmetryOrder(alg) {
    algArg(alg, 'symmetryOrder');
    return this.#call('symmetryOrder', undefined, () => this.#raw.symmetryOrder(alg));
  }

  /**
   * How many pieces the position an alg reaches leaves wrong (`--maxwrong`); `orientationGroup` k: every
   * k consecutive slots of a set count as one piece.
   */
  async wrongPieces(alg, options) {
    algArg(alg, 'wrongPieces');
    knownOptions(options, ['orientationGroup'], 'wrongPieces');
    return this.#call('wrongPieces', options, (rest) => this.#raw.wrongPieces(alg, rest?.orientationGroup ?? 0));
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

/** The options of `loadPuzzle`: the module's, the table cache's and the puzzle's default moves. */
const LOAD_OPTIONS = [...INIT_OPTIONS, ...TABLE_CACHE_OPTIONS, 'generatorMoves'];

/**
 * The default moves of a cubing.js puzzle (`id`: its cubing.js puzzle ID, or null): its face turns
 * (`faceTurns`) where they reach every position (up to the whole puzzle's orientation) that all its moves
 * reach (known for the embedded puzzles: `FACE_TURNS_REACH`; computed for others), else null (every
 * move: the big cubes' face turns alone never move their inner slices).
 */
function cubingDefaultMoves(raw, info, id) {
  const faces = faceTurns(info);
  if (faces === null) return null;
  if (FACE_TURNS_REACH.includes(id)) return faces;
  // Another embedded puzzle (the big cubes): known not to (tests/js/defaults.test.mjs), and the group
  // computation would take seconds.
  if (id !== null && state.glue.embeddedDefinition(id) !== undefined) return null;
  try {
    const reach = (generatorMoves) => raw.positions(generatorMoves === undefined ? undefined : { generatorMoves }).upToOrientation;
    return reach(faces) === reach(undefined) ? faces : null;
  } catch {
    return null;
  }
}

/** The cubing.js puzzle ID of each embedded definition's name (made once). */
let embeddedNames = null;

/** The cubing.js puzzle ID whose embedded definition has this name, or null. */
function embeddedID(name) {
  if (!embeddedNames) {
    embeddedNames = new Map();
    for (const id of state.glue.embeddedPuzzles()) {
      try {
        embeddedNames.set(JSON.parse(state.glue.embeddedDefinition(id)).name, id);
      } catch {
        // A definition not JSON: no name to match.
      }
    }
  }
  return embeddedNames.get(name) ?? null;
}

/**
 * Loads a puzzle: a cubing.js puzzle ID (`"3x3x3"`: cubing.js's KPuzzle definition, which twistsearch
 * embeds; `puzzleIDs()` lists them), `.tws` text, a KPuzzle definition object, a cubing.js `KPuzzle`, or a
 * cubing.js puzzle loader (`puzzles["3x3x3"]` of `cubing/puzzles`: its `kpuzzle()` is awaited). Options:
 * as for `init` (they apply to the first load only), and the table cache of the puzzle's solvers:
 * `tableCache` (`'indexeddb'` or a store `{get, set, delete?}`), `tableCacheWrite` (`'auto'`, `'always'`,
 * `'never'`), `onTableCache`; and `generatorMoves`, the moves calls use where they name none (default:
 * every move but the rotations, or a cubing.js puzzle's face turns: see `Puzzle.defaultMoves`; null:
 * every move); any other key is a `TypeError`.
 */
export async function loadPuzzle(definition, options) {
  knownOptions(options, LOAD_OPTIONS, 'loadPuzzle');
  return loadSource(await puzzleSource(definition), options);
}

/** @internal `loadPuzzle` of a definition `puzzleSource` has read (the worker loads what its client read). */
export async function loadSource(source, options) {
  knownOptions(options, LOAD_OPTIONS, 'loadPuzzle');
  let { text } = source;
  let { cubing, id } = source;
  const { tableCache, tableCacheWrite, onTableCache, generatorMoves, ...initOptions } = options ?? {};
  const tables = tableCacheOptions({ tableCache, tableCacheWrite, onTableCache }, 'loadPuzzle');
  await partModule('puzzle', initOptions);
  await healthy();
  const embedded = state.glue.embeddedDefinition(text.trim());
  if (embedded !== undefined) {
    id = text.trim();
    text = embedded;
    cubing = true;
  }
  let raw;
  try {
    raw = new state.glue.Puzzle(text);
  } catch (e) {
    if (e instanceof Error) e.message += puzzleIdHint(text, state.glue.embeddedPuzzles());
    throw e;
  }
  if (cubing && id === null) id = embeddedID(raw.info().name);
  try {
    return new Puzzle(raw, text, tables, { cubing, id }, generatorMoves);
  } catch (e) {
    raw.free();
    throw callError(e);
  }
}

/**
 * The cubing.js puzzle IDs `loadPuzzle` takes as a definition (`"2x2x2"`, `"3x3x3"`, `"megaminx"`, …: the
 * puzzles whose cubing.js KPuzzle definitions twistsearch embeds). Loads the puzzle part's module if needed.
 */
export async function puzzleIDs() {
  await partModule('puzzle');
  await healthy();
  return state.glue.embeddedPuzzles();
}

/** Event scramblers by event ID, each keeping its tables for later calls. */
const eventScramblers = new Map();

/** The core's key of each event's tables (`null`: none), by event ID. */
const eventKeys = new Map();

/** The cache key of an event's tables, or null for an event without such tables. */
function eventTablesKey(eventID, scrambler) {
  let key = eventKeys.get(eventID);
  if (key === undefined) {
    const core = scrambler.tablesKey();
    key = core === undefined ? null : tableKey(eventState.glue.version(), scrambler.puzzle, core);
    eventKeys.set(eventID, key);
  }
  return key;
}

/**
 * Runs `fn(scrambler, hooks)` for an event call; with a cache, the event's tables are looked up before
 * (while not built) and written after the call that built them when the policy asks for it.
 */
async function eventCall(method, eventID, signal, cache, h, fn) {
  try {
    if (cache) await loadEventTables(eventID, cache, h);
    const scrambler = eventScrambler(eventID);
    const warm = scrambler.warm;
    const t0 = performance.now();
    const result = fn(scrambler, h);
    if (cache && !warm && scrambler.warm && cache.write !== 'never') {
      const seconds = secondsSince(t0);
      const key = eventTablesKey(eventID, scrambler);
      const generation = eventState.generation ?? 0;
      // Saved after the answer (unless a trap has ended the scrambler's instance by then).
      if (key !== null && worthWriting(cache, seconds)) {
        write(cache, key, () => (generation === (eventState.generation ?? 0) ? scrambler.saveTables() : undefined), seconds);
      }
    }
    return result;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      recover('events');
      throw trapError(method, e);
    }
    throw callError(e, signal);
  }
}

/** Looks an event's tables up in the cache while they are not built, and loads them when found. */
async function loadEventTables(eventID, cache, h) {
  let scrambler = eventScrambler(eventID);
  if (scrambler.warm) return;
  const key = eventTablesKey(eventID, scrambler);
  if (key === null) return;
  const t0 = performance.now();
  const bytes = await lookUp(cache, key);
  if (!bytes) return;
  await healthy();
  // The same scrambler, unless a trap started a fresh instance meanwhile; built meanwhile by another call?
  scrambler = eventScrambler(eventID);
  if (scrambler.warm) return;
  try {
    if (scrambler.loadTables(bytes, h)) loaded(cache, key, bytes, secondsSince(t0));
  } catch (e) {
    if (!refusal(e)) throw e;
    refused(cache, key, e);
  }
}

/**
 * Every cubing.js event: `[{id, name, puzzle, supported, reason?}]` (`reason`: why an event is not
 * scrambled yet). Loads the events part's WebAssembly module if needed.
 */
export async function scrambleEvents() {
  await partModule('events');
  await healthy();
  return eventState.glue.scrambleEvents();
}

/**
 * A scramble for a cubing.js event ID (`"333"`, `"pyram"`, `"clock"`, ...) in the event's notation, as a
 * string: a random-state scramble where the event has them, random moves for the big cubes and the
 * megaminx, as cubing.js's `randomScrambleForEvent`. The event's tables are built by its first call and
 * kept. Options: `seed` (reproducible), `signal`, `onProgress`, `timeLimit` (ms). Errors: a non-string ID
 * is a `TypeError`, an ID cubing.js does not have a `RangeError`, an event not scrambled yet an `Error`.
 */
export async function randomScrambleForEvent(eventID, options) {
  eventArg(eventID, 'randomScrambleForEvent');
  const { rest, signal, onProgress, cancelFlag, tables } = splitOptions(options, 'randomScrambleForEvent');
  const timeLimit = takeTimeLimit(rest, 'randomScrambleForEvent');
  warnSignal(signal, timeLimit, 'randomScrambleForEvent');
  const cache = tableCacheOptions(tables, 'randomScrambleForEvent');
  await partModule('events');
  await healthy();
  const h = hooks(signal, onProgress, cancelFlag, timeLimit === undefined ? null : { ms: timeLimit, method: 'randomScrambleForEvent', hint: EVENT_LIMIT_HINT });
  return eventCall('randomScrambleForEvent', eventID, signal, cache, h, (s) => s.scramble(rest, h).alg);
}

/** The kept scrambler of an event (made on first use). */
function eventScrambler(eventID) {
  let scrambler = eventScramblers.get(eventID);
  if (!scrambler) {
    // Events that scramble the same puzzle the same way (the 3x3x3 ones) share one scrambler's tables.
    for (const peer of eventScramblers.values()) {
      scrambler ??= peer.sibling(eventID);
    }
    scrambler ??= new eventState.glue.EventScrambler(eventID);
    eventScramblers.set(eventID, scrambler);
  }
  return scrambler;
}

/**
 * Solves a position of an event's puzzle (KPattern data or a cubing.js `KPattern` of cubing.js's KPuzzle
 * for the event) with the event's own solver, as a string in the event's notation: `sq1` (the Square-1's
 * two-phase search, which knows a slash is blocked while a corner straddles the cut; the KPuzzle does
 * not, so a puzzle's `solve` cannot), `444`/`444bf` (the 4x4x4 reduction: about 52 moves in outer and
 * `Uw`/`Rw`/`Fw` turns; an unsolvable position rejects with an `Error`), the 3x3x3 events (the cube's
 * two-phase search), the other random-state events (`222`, `pyram`, `skewb`, `fto`, …: the multi-phase
 * solver their scrambles use, the FTO's center triangles up to their colour), `clock` (optimally: the fewest
 * dial turns, in WCA notation with `y2`), `555`/`555bf`/`666`/`777` (in stages: the fixed centers, the
 * corners and middle edges by the 3x3x3's search, then a beam search over 3-cycles; a few hundred moves,
 * not optimal, the fixed centers' orientations not solved; the first call finds the 3-cycles, seconds).
 * Every event has its solver. The position may also be a cubing.js
 * `KTransformation`. A position of another puzzle rejects with an `Error` naming both puzzles. Options:
 * `signal`, `onProgress`, `timeLimit` (ms), the table cache's; any other key is a `TypeError`.
 */
export async function solveForEvent(eventID, pattern, options) {
  eventArg(eventID, 'solveForEvent');
  const data = patternArg(pattern, 'pattern');
  if (typeof data === 'string') {
    throw new TypeError('solveForEvent: the position must be KPattern data, a cubing.js KPattern or a cubing.js KTransformation');
  }
  const { rest, signal, onProgress, cancelFlag, tables } = splitOptions(options, 'solveForEvent');
  const timeLimit = takeTimeLimit(rest, 'solveForEvent');
  knownOptions(rest, ['signal', 'onProgress', 'timeLimit', ...TABLE_CACHE_OPTIONS], 'solveForEvent');
  warnSignal(signal, timeLimit, 'solveForEvent');
  const cache = tableCacheOptions(tables, 'solveForEvent');
  await partModule('events');
  await healthy();
  const h = hooks(signal, onProgress, cancelFlag, timeLimit === undefined ? null : { ms: timeLimit, method: 'solveForEvent', hint: EVENT_LIMIT_HINT });
  return eventCall('solveForEvent', eventID, signal, cache, h, (s) => s.solve(data, h, puzzleOf(pattern)).alg);
}

/** The hint of an event call's time limit. */
const EVENT_LIMIT_HINT = "give a larger timeLimit (null: none); an event's first call builds its tables";

/** The cubing.js puzzle a position belongs to, where it says (a cubing.js `KPattern`'s KPuzzle's name), else undefined. */
function puzzleOf(pattern) {
  const name = pattern?.kpuzzle?.definition?.name;
  return typeof name === 'string' ? name : undefined;
}
