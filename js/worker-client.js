// `twistsearch/worker`: the same API as `twistsearch`, with the work in a Web Worker (a worker thread in
// Node.js), so that a page's main thread never blocks. Puzzles and their pruning tables, and event
// scramblers and their tables, stay in the worker across calls.
//
// Cancellation (an AbortSignal in a call's options) really stops the work: with SharedArrayBuffer
// (cross-origin isolated pages, Node.js) through a shared flag the work polls; else, or if the work
// does not stop within `abortGraceMs`, by terminating the worker and starting a fresh one (puzzles are
// loaded again there; their tables are rebuilt on the next solve). Either way the call rejects with an
// AbortError at once.

import {
  abortError,
  algArg,
  algsArg,
  bytesArg,
  CALL_OPTIONS,
  depthArg,
  errorData,
  eventArg,
  findAlgsArgs,
  INIT_OPTIONS,
  knownOptions,
  nameArg,
  noTableOptions,
  orderOptions,
  patternArg,
  puzzleSource,
  reviveError,
  splitOptions,
  TABLE_CACHE_OPTIONS,
} from './common.js';
import { checkTableCache } from './tables.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined' && typeof self === 'undefined';

/** Whether a SharedArrayBuffer can be made and sent to a worker here. */
export function sharedFlagsAvailable() {
  if (typeof SharedArrayBuffer !== 'function') return false;
  return isNode || globalThis.crossOriginIsolated === true;
}

/** Starts a worker running worker.js: `{post, onMessage, onError, terminate, ref, unref}`. */
async function spawn(url) {
  if (isNode) {
    const wt = 'node:worker_threads';
    const { Worker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ wt);
    const w = new Worker(url ?? new URL('./worker.js', import.meta.url));
    return {
      post: (m) => w.postMessage(m),
      onMessage: (f) => w.on('message', f),
      onError: (f) => w.on('error', f),
      terminate: () => w.terminate(),
      ref: () => w.ref(),
      unref: () => w.unref(),
    };
  }
  const w = url ? new Worker(url, { type: 'module' }) : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    post: (m) => w.postMessage(m),
    onMessage: (f) => w.addEventListener('message', (e) => f(e.data)),
    onError: (f) => w.addEventListener('error', (e) => f(e.error ?? new Error(e.message || 'worker failed to start'))),
    terminate: () => w.terminate(),
    ref: () => {},
    unref: () => {},
  };
}

/** The options of a `TwistsearchWorker`. */
const WORKER_OPTIONS = ['workerUrl', ...INIT_OPTIONS, 'abortGraceMs', 'sharedFlag'];

/**
 * One worker and the puzzles loaded in it. Options: `workerUrl` (where worker.js is served, for
 * bundlers or CDNs), `build` and `threads` (as for `init`), `abortGraceMs` (how long an aborted call may
 * take to stop through the shared flag before the worker is terminated; default 1000), `sharedFlag`
 * (cancel through a SharedArrayBuffer flag: default where available; false: always terminate).
 */
export class TwistsearchWorker {
  #options;
  #worker = null;
  #starting = null;
  #nextId = 1;
  #nextPuzzle = 1;
  /** Calls sent and not answered: id -> {message, resolve, reject, onProgress}. */
  #pending = new Map();
  /**
   * Live puzzles: id -> {definition, source, options, tables} (definition text, `{cubing, id}`, the
   * puzzle's own load options and the table-cache message, to load them again in a fresh worker).
   */
  #puzzles = new Map();
  /** The `onTableCache` of each live puzzle that has one. */
  #puzzleReports = new Map();
  /** The `onTableCache` of answered calls whose tables the worker may still be writing: id -> callback. */
  #lateReports = new Map();
  /** The caller's table stores the worker asks through messages: store -> number, and back. */
  #storeIds = new Map();
  #stores = new Map();
  #info = null;
  #closed = false;
  #restarts = 0;

  constructor(options = {}) {
    knownOptions(options, WORKER_OPTIONS, 'TwistsearchWorker');
    this.#options = { abortGraceMs: 1000, sharedFlag: sharedFlagsAvailable(), ...options };
    if (this.#options.sharedFlag && !sharedFlagsAvailable()) {
      throw new Error('sharedFlag: SharedArrayBuffer is not available here (the page is not cross-origin isolated)');
    }
  }

  /** How many times the worker was terminated and started again (to stop aborted work). */
  get restarts() {
    return this.#restarts;
  }

  /** Starts the worker and its WebAssembly module: `{build, threads}` of the worker. */
  async init() {
    await this.#ensure();
    return this.#info;
  }

  /** `{build, threads}` once started, else null. */
  get info() {
    return this.#info;
  }

  async #ensure() {
    if (this.#closed) throw new Error('this TwistsearchWorker was terminated');
    if (this.#worker) return this.#worker;
    if (!this.#starting) {
      this.#starting = (async () => {
        const w = await spawn(this.#options.workerUrl);
        w.onMessage((m) => this.#receive(m, w));
        w.onError((e) => this.#failAll(e));
        w.unref();
        this.#worker = w;
        const init = this.#send(w, { type: 'init', options: { build: this.#options.build, threads: this.#options.threads } });
        // Puzzles of a previous worker (terminated on abort) are loaded again, before anything else.
        for (const [puzzle, { definition, source, options, tables }] of this.#puzzles) {
          this.#send(w, { type: 'load', puzzle, definition, source, options, tables }).catch(() => {});
        }
        this.#info = await init;
        return w;
      })();
      this.#starting.then(
        () => (this.#starting = null),
        () => {
          this.#starting = null;
          this.#worker = null;
        },
      );
    }
    return this.#starting;
  }

  #send(w, message, onProgress, onTableCache) {
    message.id = this.#nextId++;
    return new Promise((resolve, reject) => this.#post(w, { message, resolve, reject, onProgress, onTableCache }));
  }

  /** Posts a call (again, after a restart: with the same id). */
  #post(w, entry) {
    if (this.#closed) {
      entry.reject(new Error('the worker was terminated'));
      return;
    }
    this.#pending.set(entry.message.id, entry);
    if (this.#pending.size === 1) w.ref();
    w.post(entry.message);
  }

  #settle(id) {
    const p = this.#pending.get(id);
    if (!p) return undefined;
    this.#pending.delete(id);
    if (p.onTableCache && p.message.tables?.report) this.#lateReports.set(id, p.onTableCache);
    if (this.#pending.size === 0) this.#worker?.unref();
    return p;
  }

  #receive(m, w) {
    if (m.type === 'store') {
      this.#answerStore(m, w);
      return;
    }
    if (m.type === 'tableCacheEnd') {
      this.#lateReports.delete(m.id);
      return;
    }
    if (m.type === 'tableCache') {
      const report =
        m.puzzle !== undefined ? this.#puzzleReports.get(m.puzzle) : (this.#pending.get(m.id)?.onTableCache ?? this.#lateReports.get(m.id));
      try {
        report?.(m.event);
      } catch {
        // A throwing onTableCache is ignored, as in the direct API.
      }
      return;
    }
    if (m.type === 'progress') {
      const p = this.#pending.get(m.id);
      try {
        p?.onProgress?.(m.progress);
      } catch (e) {
        // A throwing callback ends its call: rejected with what it threw, the work stopped.
        if (this.#pending.get(m.id) !== p) return;
        p.reject(e);
        this.#restart(m.id);
      }
      return;
    }
    const p = this.#settle(m.id);
    if (!p) return;
    if (m.type === 'result') p.resolve(m.value);
    else p.reject(reviveError(m.error));
  }

  /** Does what the worker asks of one of the caller's stores, and answers. */
  #answerStore(m, w) {
    const store = this.#stores.get(m.store);
    Promise.resolve()
      .then(() => {
        if (!store) throw new Error('no such table store');
        if (m.op === 'get') return store.get(m.key);
        if (m.op === 'set') return store.set(m.key, m.bytes).then(() => undefined);
        if (m.op === 'delete') return typeof store.delete === 'function' ? Promise.resolve(store.delete(m.key)).then(() => undefined) : undefined;
        throw new Error(`no store operation ${m.op}`);
      })
      .then(
        (value) => w.post({ type: 'storeReply', req: m.req, value }),
        (e) => w.post({ type: 'storeReply', req: m.req, error: errorData(e) }),
      )
      .catch(() => {
        // The worker is gone (terminated): nobody waits for the answer.
      });
  }

  /**
   * The `tables` of a message from table-cache options (checked here; `'indexeddb'` is opened in the
   * worker, a store object is asked through messages), and the `onTableCache` callback; {} without a cache.
   */
  #tables(given, method) {
    const checked = checkTableCache(given, method);
    if (!checked) return {};
    let cache = 'indexeddb';
    if (checked.tableCache !== 'indexeddb') {
      let n = this.#storeIds.get(checked.tableCache);
      if (n === undefined) {
        n = this.#storeIds.size + 1;
        this.#storeIds.set(checked.tableCache, n);
        this.#stores.set(n, checked.tableCache);
      }
      cache = { store: n };
    }
    return { tables: { cache, write: checked.write, report: checked.report !== undefined }, report: checked.report };
  }

  #failAll(e) {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.#lateReports.clear();
    this.#worker?.terminate();
    this.#worker = null;
    for (const p of pending) p.reject(e instanceof Error ? e : new Error(String(e)));
  }

  /** Terminates the worker (the aborted call rejects); calls still waiting are sent to a fresh one. */
  async #restart(abortedId) {
    const old = this.#worker;
    this.#worker = null;
    const waiting = [...this.#pending.entries()].filter(([id]) => id !== abortedId);
    this.#pending.clear();
    this.#lateReports.clear();
    old?.terminate();
    this.#restarts++;
    if (waiting.length === 0) return;
    try {
      const w = await this.#ensure();
      for (const [, p] of waiting) {
        if (p.message.type === 'init') {
          p.resolve(this.#info);
          continue;
        }
        this.#post(w, p);
      }
    } catch (e) {
      for (const [, p] of waiting) p.reject(e);
    }
  }

  /** @internal A call with an optional AbortSignal. */
  async call(message, signal, onProgress, onTableCache) {
    if (signal?.aborted) throw abortError(signal.reason);
    const w = await this.#ensure();
    if (signal?.aborted) throw abortError(signal.reason);
    let flag;
    if (signal && this.#options.sharedFlag) {
      flag = new Int32Array(new SharedArrayBuffer(4));
      message.cancel = flag;
    }
    message.progress = typeof onProgress === 'function';
    const result = this.#send(w, message, onProgress, onTableCache);
    if (!signal) return result;
    const id = message.id;
    let onAbort;
    const aborted = new Promise((_, reject) => {
      onAbort = () => {
        const p = this.#pending.get(id);
        if (!p) return;
        if (flag) {
          Atomics.store(flag, 0, 1);
          // The work polls the flag; if it has not stopped within the grace period, terminate.
          const timer = setTimeout(() => {
            if (this.#pending.get(id) === p) this.#restart(id);
          }, this.#options.abortGraceMs);
          result.then(
            () => clearTimeout(timer),
            () => clearTimeout(timer),
          );
        } else {
          this.#restart(id);
        }
        reject(abortError(signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([result, aborted]);
    } catch (e) {
      if (e && e.name === 'AbortError') throw abortError(signal.reason);
      throw e;
    } finally {
      signal.removeEventListener('abort', onAbort);
      // An abort rejection nobody awaits any more must not be reported as unhandled.
      result.catch(() => {});
      aborted.catch(() => {});
    }
  }

  /**
   * Loads a puzzle in the worker (definition as for `loadPuzzle`). Options: the table cache of its
   * solvers, as `loadPuzzle`'s (`tableCache`: `'indexeddb'`, opened in the worker, or a store object,
   * which stays here and is asked by the worker; `tableCacheWrite`; `onTableCache`), and
   * `generatorMoves` (the moves calls use where they name none, as `loadPuzzle`'s).
   */
  async loadPuzzle(definition, options) {
    knownOptions(options, [...TABLE_CACHE_OPTIONS, 'generatorMoves'], 'loadPuzzle');
    const { text, cubing, id } = await puzzleSource(definition);
    const source = { cubing, id };
    const { generatorMoves, ...cacheOptions } = options ?? {};
    const own = generatorMoves === undefined ? undefined : { generatorMoves };
    const { tables, report } = this.#tables(options ? cacheOptions : undefined, 'loadPuzzle');
    const w = await this.#ensure();
    const puzzle = this.#nextPuzzle++;
    if (report) this.#puzzleReports.set(puzzle, report);
    try {
      const { info, defaultMoves } = await this.#send(w, { type: 'load', puzzle, definition: text, source, options: own, tables });
      this.#puzzles.set(puzzle, { definition: text, source, options: own, tables });
      return new WorkerPuzzle(this, puzzle, info, defaultMoves);
    } catch (e) {
      this.#puzzleReports.delete(puzzle);
      throw e;
    }
  }

  /**
   * A scramble for a cubing.js event ID, as `randomScrambleForEvent` of `twistsearch` (a string), made in
   * the worker: the event's tables are built there by its first call and kept for later ones (with a
   * `tableCache`, looked up and written there).
   */
  async randomScrambleForEvent(eventID, options) {
    eventArg(eventID, 'randomScrambleForEvent');
    const { rest, signal, onProgress, tables: given } = splitOptions(options, 'randomScrambleForEvent');
    const { tables, report } = this.#tables(given, 'randomScrambleForEvent');
    return this.call({ type: 'event', eventID, options: rest, tables }, signal, onProgress, report);
  }

  /** A position solved by an event's own solver, as `solveForEvent` of `twistsearch` (in the worker). */
  async solveForEvent(eventID, pattern, options) {
    eventArg(eventID, 'solveForEvent');
    const data = patternArg(pattern, 'pattern');
    if (typeof data === 'string') throw new TypeError('solveForEvent: the position must be KPattern data or a cubing.js KPattern');
    const { rest, signal, onProgress, tables: given } = splitOptions(options, 'solveForEvent');
    const { tables, report } = this.#tables(given, 'solveForEvent');
    const puzzleName = typeof pattern?.kpuzzle?.definition?.name === 'string' ? pattern.kpuzzle.definition.name : undefined;
    return this.call({ type: 'eventSolve', eventID, pattern: data, puzzleName, options: rest, tables }, signal, onProgress, report);
  }

  /** Every cubing.js event, as `scrambleEvents` of `twistsearch`. */
  async scrambleEvents() {
    return this.call({ type: 'events' });
  }

  /** Resolves once every table write the worker has started so far has finished. */
  async tableCacheWrites() {
    return this.call({ type: 'tableWrites' });
  }

  /** @internal */
  async free(puzzle) {
    this.#puzzleReports.delete(puzzle);
    if (!this.#puzzles.delete(puzzle) || !this.#worker) return;
    await this.#send(this.#worker, { type: 'free', puzzle });
  }

  /** Stops the worker; pending calls reject. */
  terminate() {
    this.#closed = true;
    this.#failAll(new Error('the worker was terminated'));
  }
}

/** A puzzle loaded in a worker: the API of `Puzzle` from `twistsearch`, every call answered by the worker. */
export class WorkerPuzzle {
  #worker;
  #id;
  #info;
  #defaultMoves;

  /** @internal */
  constructor(worker, id, info, defaultMoves = null) {
    this.#worker = worker;
    this.#id = id;
    this.#info = info;
    this.#defaultMoves = defaultMoves;
  }

  /** The moves a call uses where it names none, as `Puzzle.defaultMoves` of `twistsearch`. */
  get defaultMoves() {
    return this.#defaultMoves;
  }

  /** The TwistsearchWorker it lives in. */
  get worker() {
    return this.#worker;
  }

  get name() {
    return this.#info.name;
  }

  get info() {
    return structuredClone(this.#info);
  }

  async #call(method, args, options) {
    const { rest, signal, onProgress, tables } = splitOptions(options, method);
    noTableOptions(tables, method);
    return this.#worker.call({ type: 'call', puzzle: this.#id, method, args, options: rest }, signal, onProgress);
  }

  solve(position, options) {
    return this.#call('solve', [patternArg(position)], options);
  }

  randomScramble(options) {
    return this.#call('randomScramble', [], options);
  }

  async canonicalCounts(depth, options) {
    return this.#call('canonicalCounts', [depthArg(depth, 'canonicalCounts')], options);
  }

  godsAlgorithm(options) {
    return this.#call('godsAlgorithm', [], options);
  }

  order(moves) {
    return this.#call('order', [], orderOptions(moves));
  }

  positions(moves) {
    return this.#call('positions', [], orderOptions(moves));
  }

  async algOrder(alg) {
    return this.#call('algOrder', [algArg(alg, 'algOrder')]);
  }

  async invert(alg) {
    return this.#call('invert', [algArg(alg, 'invert')]);
  }

  async simplify(alg) {
    return this.#call('simplify', [algArg(alg, 'simplify')]);
  }

  async position(alg) {
    return this.#call('position', [algArg(alg, 'position')]);
  }

  definition() {
    return this.#call('definition', []);
  }

  releaseSolver() {
    return this.#call('releaseSolver', []);
  }

  tablesKey(options) {
    return this.#call('tablesKey', [], options);
  }

  saveTables(options) {
    return this.#call('saveTables', [], options);
  }

  async loadTables(bytes, options) {
    return this.#call('loadTables', [bytesArg(bytes, 'loadTables')], options);
  }

  /** The algorithm finder, as `Puzzle.findAlgs` of `twistsearch`, in the worker (`signal` stops it at once). */
  async findAlgs(options) {
    return this.#call('findAlgs', [], findAlgsArgs(options));
  }

  async uniqueAlgs(algs, options) {
    knownOptions(options, ['symmetry', 'limit'], 'uniqueAlgs');
    return this.#call('uniqueAlgs', [algsArg(algs, 'uniqueAlgs')], options);
  }

  async shortenAlgs(algs, options) {
    algsArg(typeof algs === 'string' ? [algs] : algs, 'shortenAlgs');
    knownOptions(options, ['maxDepth', 'memoryMB', ...CALL_OPTIONS], 'shortenAlgs');
    return this.#call('shortenAlgs', [algs], options);
  }

  async cancelMoves(alg) {
    return this.#call('cancelMoves', [algArg(alg, 'cancelMoves')]);
  }

  async unrotate(alg) {
    return this.#call('unrotate', [algArg(alg, 'unrotate')]);
  }

  async moveDefinition(alg, name) {
    return this.#call('moveDefinition', [algArg(alg, 'moveDefinition'), nameArg(name, 'moveDefinition')]);
  }

  async conjugacyClass(alg) {
    return this.#call('conjugacyClass', [algArg(alg, 'conjugacyClass')]);
  }

  async symmetryOrder(alg) {
    return this.#call('symmetryOrder', [algArg(alg, 'symmetryOrder')]);
  }

  async wrongPieces(alg, options) {
    knownOptions(options, ['orientationGroup'], 'wrongPieces');
    return this.#call('wrongPieces', [algArg(alg, 'wrongPieces')], options);
  }

  /** Frees the puzzle in the worker. */
  free() {
    return this.#worker.free(this.#id);
  }

  /** Terminates the worker this puzzle lives in (and every puzzle in it). */
  terminate() {
    this.#worker.terminate();
  }
}

/**
 * A puzzle in a worker of its own: `createWorkerPuzzle(definition, options)`, options as the worker's
 * and the table cache's of `loadPuzzle` (`tableCache`, `tableCacheWrite`, `onTableCache`).
 */
export async function createWorkerPuzzle(definition, options) {
  knownOptions(options, [...WORKER_OPTIONS, ...TABLE_CACHE_OPTIONS, 'generatorMoves'], 'createWorkerPuzzle');
  const { tableCache, tableCacheWrite, onTableCache, generatorMoves, ...workerOptions } = options ?? {};
  const worker = new TwistsearchWorker(workerOptions);
  try {
    const own = generatorMoves === undefined ? {} : { generatorMoves };
    return await worker.loadPuzzle(definition, { tableCache, tableCacheWrite, onTableCache, ...own });
  } catch (e) {
    worker.terminate();
    throw e;
  }
}
