// What the direct API (index.js) and the worker client share: turning definitions, patterns and options
// into what the wasm shell takes, and errors into what callers expect.

/**
 * A puzzle definition as text for the wasm shell: a string (`.tws` text, a KPuzzle definition's JSON or a
 * cubing.js puzzle ID, which `loadPuzzle` resolves) as is; a KPuzzle definition object, or a cubing.js
 * `KPuzzle` (its `.definition`), as JSON without function-valued fields (cubing.js's
 * `experimentalIsPatternSolved`).
 */
export function definitionText(definition) {
  if (typeof definition === 'string') return definition;
  if (definition === null || typeof definition !== 'object') {
    throw new TypeError(
      'a puzzle definition must be a cubing.js puzzle ID ("3x3x3"), .tws text, a KPuzzle definition object, ' +
        'a cubing.js KPuzzle or a cubing.js puzzle loader (puzzles["3x3x3"])',
    );
  }
  const def = isKPuzzle(definition) ? definition.definition : definition;
  return JSON.stringify(def, (_key, value) => (typeof value === 'function' ? undefined : value));
}

/** Whether a value looks like a cubing.js puzzle loader (`puzzles["3x3x3"]` of `cubing/puzzles`). */
export function isPuzzleLoader(v) {
  return v !== null && typeof v === 'object' && typeof v.kpuzzle === 'function' && !isKPuzzle(v) && !Array.isArray(v.orbits);
}

/**
 * `definitionText` of a definition, after awaiting the `kpuzzle()` of a cubing.js puzzle loader (what it
 * resolves to must be a KPuzzle or a KPuzzle definition).
 */
export async function puzzleDefinition(definition) {
  if (!isPuzzleLoader(definition)) return definitionText(definition);
  const kpuzzle = await definition.kpuzzle();
  if (kpuzzle === null || typeof kpuzzle !== 'object' || isPuzzleLoader(kpuzzle)) {
    throw new TypeError("a puzzle loader's kpuzzle() must resolve to a cubing.js KPuzzle or a KPuzzle definition");
  }
  return definitionText(kpuzzle);
}

/**
 * What `loadPuzzle` needs of a definition: `{text, cubing, id}`, `text` as `definitionText` gives it (a
 * cubing.js puzzle loader's `kpuzzle()` awaited first), `cubing` whether it is cubing.js's (a `KPuzzle` or
 * a puzzle loader; a puzzle ID is found out by `loadPuzzle`), `id` the cubing.js puzzle ID where known (a
 * loader's `id`), else null.
 */
export async function puzzleSource(definition) {
  const text = await puzzleDefinition(definition);
  if (isPuzzleLoader(definition)) return { text, cubing: true, id: typeof definition.id === 'string' ? definition.id : null };
  return { text, cubing: isKPuzzle(definition), id: null };
}

/**
 * The hint added to the parse error of a string that looks like a puzzle ID (one word, not JSON) but is
 * not one of `ids`; '' for any other text.
 */
export function puzzleIdHint(text, ids) {
  const word = text.trim();
  if (!/^[^\s{[]\S*$/.test(word)) return '';
  return ` (if ${JSON.stringify(word)} is meant as a cubing.js puzzle ID: the known IDs are ${ids.join(', ')})`;
}

/**
 * Checks that an options object (`undefined` / `null`: none) has only the `allowed` keys: a `TypeError`
 * naming the first unknown key and the allowed ones otherwise, so that a misspelt option is reported
 * rather than ignored.
 */
export function knownOptions(options, allowed, method) {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object') throw new TypeError(`${method} options must be an object`);
  const unknown = Object.keys(options).find((k) => !allowed.includes(k));
  if (unknown !== undefined) {
    throw new TypeError(`${method}: unknown option ${JSON.stringify(unknown)} (the options are ${allowed.join(', ')})`);
  }
}

/** The options of `init` (the module's). */
export const INIT_OPTIONS = ['build', 'threads'];

/** The table-cache options of `loadPuzzle`. */
export const TABLE_CACHE_OPTIONS = ['tableCache', 'tableCacheWrite', 'onTableCache'];

/**
 * Moves a cubing.js puzzle's calls use where the face-turn rule below is not what its solvers mean, by
 * definition name: the pyraminx and the skewb in the WCA notation cubers read (the definitions' own
 * moves are cubing.js's internal ones).
 */
const CUBING_MOVES = { pyraminx: 'U,L,R,B,u,l,r,b', skewb: 'U,L,R,B' };

/** The cube's slice turns, which cubing.js names with single capitals too. */
const SLICES = ['M', 'E', 'S'];

/**
 * The face turns of a cubing.js puzzle (`info` of the loaded puzzle): the moves whose names are capitals
 * alone (`U`, `R`, `BL`, `DR`), not the slices `M`, `E`, `S`, the wide (`Rw`, `r`), inner (`2R`) and
 * rotation (`x`, `Rv`) turns; as a comma list, or null where that leaves no move or every move (the
 * definition's own moves then). The caller checks that they reach what every move reaches.
 */
export function faceTurns(info) {
  const given = CUBING_MOVES[info.name];
  if (given !== undefined) return given;
  const faces = info.moves.filter((m) => /^[A-Z]+$/.test(m) && !SLICES.includes(m));
  if (faces.length === 0 || faces.length === info.moves.length) return null;
  return faces.join(',');
}

/**
 * The cubing.js puzzle IDs whose face turns (`faceTurns`) reach every position all their moves reach (up
 * to the whole puzzle's orientation), as tests/js/defaults.test.mjs checks: no group computation at load
 * for these (a megaminx's takes a second).
 */
export const FACE_TURNS_REACH = ['3x3x3', 'megaminx', 'kilominx', 'fto', 'master_tetraminx', 'pyraminx', 'skewb'];

/**
 * The event whose own solver (`solveForEvent`) a cubing.js puzzle has, by cubing.js puzzle ID, where the
 * generic optimal search of a scrambled position takes far longer (minutes to forever): a `solve` or
 * `randomScramble` of such a puzzle without a `timeLimit` or `generatorMoves` stops after
 * `EVENT_PUZZLE_TIME_LIMIT` ms with an error naming the call to make.
 */
export const EVENT_SOLVERS = {
  square1: 'sq1',
  megaminx: 'minx',
  fto: 'fto',
  kilominx: 'kilominx',
  master_tetraminx: 'master_tetraminx',
  '4x4x4': '444',
  '5x5x5': '555',
  '6x6x6': '666',
  '7x7x7': '777',
  clock: 'clock',
};

/** The time limit (ms) of a generic solve of a puzzle with its own event solver (see `EVENT_SOLVERS`). */
export const EVENT_PUZZLE_TIME_LIMIT = 800;

/**
 * A call's `timeLimit` (ms; removed from `rest`, the options for the wasm shell): `undefined` where not
 * given, `null` for none, else a positive number (`Infinity` allowed); a `TypeError` / `RangeError`
 * otherwise.
 */
export function takeTimeLimit(rest, method) {
  if (!rest || !('timeLimit' in rest)) return undefined;
  const v = rest.timeLimit;
  delete rest.timeLimit;
  if (v === undefined || v === null) return v;
  if (typeof v !== 'number') throw new TypeError(`${method}: timeLimit must be a number of milliseconds, not ${typeof v}`);
  if (Number.isNaN(v) || v <= 0) throw new RangeError(`${method}: timeLimit ${v}: must be a positive number of milliseconds`);
  return v;
}

/**
 * The error a call that ran past its time limit rejects with: a `DOMException` named `TimeoutError` (as
 * `AbortSignal.timeout` gives), its message saying what to do (`hint`).
 */
export function timeoutError(method, ms, hint) {
  return new DOMException(`${method}: stopped after its time limit of ${ms} ms${hint ? `; ${hint}` : ''}`, 'TimeoutError');
}

/** Whether a value looks like a cubing.js `KPuzzle` (a definition plus methods). */
export function isKPuzzle(v) {
  return (
    v !== null &&
    typeof v === 'object' &&
    typeof v.definition === 'object' &&
    v.definition !== null &&
    Array.isArray(v.definition.orbits) &&
    !Array.isArray(v.orbits)
  );
}

/**
 * A position or pattern for the wasm shell: an alg string as is; a cubing.js `KPattern` (or any object
 * with `patternData`) as its pattern data; plain KPattern data as is.
 */
export function patternArg(pattern, what = 'position') {
  if (typeof pattern === 'string') return pattern;
  if (pattern === null || typeof pattern !== 'object') {
    throw new TypeError(`the ${what} must be an alg string, KPattern data, a cubing.js KPattern or a cubing.js KTransformation`);
  }
  if (pattern.patternData !== undefined) return pattern.patternData;
  if (pattern.transformationData !== undefined) return transformationPattern(pattern, what);
  return pattern;
}

/**
 * The pattern a cubing.js `KTransformation` gives the solved state (its `toKPattern()`, else its
 * KPuzzle's default pattern with it applied), as pattern data.
 */
function transformationPattern(t, what) {
  if (typeof t.toKPattern === 'function') return t.toKPattern().patternData;
  const solved = t.kpuzzle?.defaultPattern?.();
  if (solved && typeof solved.applyTransformation === 'function') return solved.applyTransformation(t).patternData;
  throw new TypeError(`the ${what}: a KTransformation needs its kpuzzle (cubing.js's KTransformation has it)`);
}

/**
 * Splits call options into what goes to the wasm shell and the JS-only parts (`tables`: the table-cache
 * options `tableCache`, `tableCacheWrite`, `onTableCache`, when any is given).
 */
export function splitOptions(options, method) {
  if (options === undefined || options === null) return { rest: undefined, signal: undefined, onProgress: undefined };
  if (typeof options !== 'object') throw new TypeError(`${method} options must be an object`);
  const { signal, onProgress, cancelFlag, tableCache, tableCacheWrite, onTableCache, ...rest } = options;
  const tables =
    tableCache !== undefined || tableCacheWrite !== undefined || onTableCache !== undefined
      ? { tableCache, tableCacheWrite, onTableCache }
      : undefined;
  if (signal !== undefined && (signal === null || typeof signal.aborted !== 'boolean')) {
    throw new TypeError(`${method}: signal must be an AbortSignal`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new TypeError(`${method}: onProgress must be a function`);
  }
  if (cancelFlag !== undefined && !(cancelFlag instanceof Int32Array)) {
    throw new TypeError(`${method}: cancelFlag must be an Int32Array`);
  }
  if (rest.targetPattern !== undefined) rest.targetPattern = patternArg(rest.targetPattern, 'targetPattern');
  checkNumbers(rest, method);
  return { rest, signal, onProgress, cancelFlag, tables };
}

/** A call's options must not carry the table-cache options of `loadPuzzle` (a puzzle's tables). */
export function noTableOptions(tables, method) {
  if (tables === undefined) return;
  const name = Object.keys(tables).find((k) => tables[k] !== undefined);
  throw new TypeError(`${method}: ${name} is an option of loadPuzzle (the puzzle's tables), not of ${method}`);
}

/** The values of the tables methods' `tables` option (`undefined`: `'solver'`). */
const TABLES_PARTS = ['solver', 'phaseBound', 'cubeBound'];

/**
 * The tables methods' options without `tables` (which of the solver's tables: `'solver'`, its own, or
 * `'phaseBound'` or `'cubeBound'`, its bound's), and that part; anything else a `TypeError` naming the
 * option.
 */
export function tablesPart(options, method) {
  if (options === undefined || options === null || typeof options !== 'object' || options.tables === undefined) {
    return { options, part: undefined };
  }
  const { tables, ...rest } = options;
  if (!TABLES_PARTS.includes(tables)) {
    throw new TypeError(`${method}: tables must be 'solver', 'phaseBound' or 'cubeBound', not ${String(tables)}`);
  }
  return { options: rest, part: tables };
}

/** Bytes of saved tables: a `Uint8Array`, else a `TypeError` naming the method. */
export function bytesArg(bytes, method) {
  if (!(bytes instanceof Uint8Array)) {
    throw new TypeError(`${method}: the tables must be a Uint8Array, not ${bytes === null ? 'null' : typeof bytes}`);
  }
  return bytes;
}

/** Integer options and their largest value (the wasm side reads them as 32-bit unsigned integers). */
const INTEGER_OPTIONS = {
  maxSolutions: 2 ** 32 - 1,
  minDepth: 2 ** 32 - 1,
  maxDepth: 2 ** 32 - 1,
  slack: 2 ** 32 - 1,
  antipodes: 2 ** 32 - 1,
  seed: Number.MAX_SAFE_INTEGER,
  targetLength: 2 ** 32 - 1,
  maxNodes: Number.MAX_SAFE_INTEGER,
  depth: 2 ** 32 - 1,
  maxPieces: 2 ** 32 - 1,
  keep: 2 ** 32 - 1,
  limit: 2 ** 32 - 1,
  orientationGroup: 2 ** 32 - 1,
};

/** Options that are positive numbers of MiB. */
/** The 3x3x3 tables `cubeBound` names (`'huge'` only to be refused by wasm32 with its reason). */
const CUBE_TABLES = ['phase1', 'phase1-parity', 'huge'];
const SIZE_OPTIONS = ['memoryMB', 'initialMemoryMB', 'phaseBoundMemoryMB', 'cubeBoundMemoryMB'];

/** Options that are booleans. */
const BOOLEAN_OPTIONS = ['allOptimal', 'qtm', 'symmetry', 'ignorePuzzleOrientation', 'ignoreCenterOrientation', 'strict', 'allRotations'];

/**
 * Checks the numeric options: a non-number is a `TypeError`, a non-finite, non-integer (where an integer
 * is needed) or out-of-range value a `RangeError`, each naming the option (JSON would turn `NaN` and
 * `Infinity` into `null`, read as absent).
 */
export function checkNumbers(options, method) {
  for (const [name, max] of Object.entries(INTEGER_OPTIONS)) {
    const v = options[name];
    if (v === undefined) continue;
    if (typeof v !== 'number') throw new TypeError(`${method}: ${name} must be a number, not ${typeof v}`);
    if (!Number.isInteger(v) || v < 0 || v > max) {
      throw new RangeError(`${method}: ${name} ${v}: must be an integer from 0 to ${max}`);
    }
  }
  if (options.phases !== undefined && !(Array.isArray(options.phases) && options.phases.every((x) => typeof x === 'string'))) {
    throw new TypeError(`${method}: phases must be an array of strings (each a phase's moves, "U,D,F2,B2,R2,L2")`);
  }
  if (options.phaseBound !== undefined && typeof options.phaseBound !== 'string') {
    throw new TypeError(`${method}: phaseBound must be a string (a subgroup's moves, "U,D,F2,B2,R2,L2"), not ${options.phaseBound === null ? 'null' : typeof options.phaseBound}`);
  }
  if (options.cubeBound !== undefined && !CUBE_TABLES.includes(options.cubeBound)) {
    throw new TypeError(`${method}: cubeBound must be 'phase1', 'phase1-parity' or 'huge' (the 3x3x3's table), not ${options.cubeBound === null ? 'null' : typeof options.cubeBound === 'string' ? JSON.stringify(options.cubeBound) : typeof options.cubeBound}`);
  }
  for (const name of BOOLEAN_OPTIONS) {
    const v = options[name];
    if (v !== undefined && typeof v !== 'boolean') throw new TypeError(`${method}: ${name} must be a boolean, not ${v === null ? 'null' : typeof v}`);
  }
  for (const name of SIZE_OPTIONS) {
    const v = options[name];
    if (v === undefined) continue;
    if (typeof v !== 'number') throw new TypeError(`${method}: ${name} must be a number, not ${typeof v}`);
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`${method}: ${name} ${v}: must be a positive finite number`);
  }
}

/** An alg argument: a string, else a `TypeError` naming the argument. */
export function algArg(alg, method) {
  if (typeof alg !== 'string') {
    throw new TypeError(`${method}: alg must be a string, not ${alg === null ? 'null' : typeof alg}`);
  }
  return alg;
}

/** The options every long call takes besides its own: cancellation, progress and a time limit. */
export const CALL_OPTIONS = ['signal', 'onProgress', 'cancelFlag', 'timeLimit'];

/** The modes of `findAlgs`. */
export const FIND_MODES = ['basic', 'repeated', 'commutator'];

/**
 * Checks `findAlgs` options before any work: only its keys (and the call options), `depth` given, `mode`
 * one of `FIND_MODES`, `maxPieces` and `keep` at least 1, not `strict` with `keep`; a `TypeError` or
 * `RangeError` naming the option otherwise (the numbers' types and ranges: `splitOptions`).
 */
export function findAlgsArgs(options) {
  const own = ['depth', 'maxPieces', 'mode', 'strict', 'keep', 'allRotations', 'generatorMoves', 'qtm'];
  knownOptions(options, [...own, ...CALL_OPTIONS], 'findAlgs');
  if (options === undefined || options === null || options.depth === undefined) {
    throw new TypeError('findAlgs: depth is required (the longest sequence searched: { depth: 4 })');
  }
  if (options.mode !== undefined && !FIND_MODES.includes(options.mode)) {
    throw new TypeError(`findAlgs: mode must be ${FIND_MODES.map((m) => `'${m}'`).join(', ')}, not ${typeof options.mode === 'string' ? JSON.stringify(options.mode) : typeof options.mode}`);
  }
  for (const name of ['maxPieces', 'keep']) {
    if (options[name] === 0) throw new RangeError(`findAlgs: ${name} 0: must be at least 1`);
  }
  if (options.strict === true && options.keep !== undefined) {
    throw new TypeError('findAlgs: strict keeps one alg per signature: give strict or keep, not both');
  }
  return options;
}

/** A list of algs: an array of strings, else a `TypeError` naming the method. */
export function algsArg(algs, method) {
  if (!Array.isArray(algs) || !algs.every((a) => typeof a === 'string')) {
    throw new TypeError(`${method}: algs must be an array of alg strings`);
  }
  return algs;
}

/** `moveDefinition`'s name: undefined (`noname`) or a string, else a `TypeError`. */
export function nameArg(name, method) {
  if (name !== undefined && typeof name !== 'string') throw new TypeError(`${method}: name must be a string, not ${name === null ? 'null' : typeof name}`);
  return name;
}

/** An event ID argument (`"333"`, `"pyram"`): a string, else a `TypeError` naming the argument. */
export function eventArg(eventID, method) {
  if (typeof eventID !== 'string') {
    throw new TypeError(`${method}: eventID must be a string, not ${eventID === null ? 'null' : typeof eventID}`);
  }
  return eventID;
}

/** canonicalCounts' depth: an integer from 0 to 2^32 - 1 (`TypeError` / `RangeError` otherwise). */
export function depthArg(depth, method) {
  if (typeof depth !== 'number') throw new TypeError(`${method}: depth must be a number, not ${typeof depth}`);
  if (!Number.isInteger(depth) || depth < 0 || depth > 2 ** 32 - 1) {
    throw new RangeError(`${method}: depth ${depth}: must be an integer from 0 to ${2 ** 32 - 1}`);
  }
  return depth;
}

/** `order()`'s argument: options, or the generator moves alone (`"U,R"`, `["U", "R"]`). */
export function orderOptions(arg) {
  if (typeof arg === 'string' || Array.isArray(arg)) return { generatorMoves: arg };
  return arg;
}

/** Whether this thread may block (Atomics.wait): anywhere but a browser page's main thread. */
export const canBlock = typeof document === 'undefined';

/** The error a cancelled call rejects with: a `DOMException` named `AbortError` (cause: the signal's reason). */
export function abortError(reason) {
  const e = new DOMException('The operation was aborted', 'AbortError');
  if (reason !== undefined) {
    try {
      Object.defineProperty(e, 'cause', { value: reason, configurable: true, writable: true });
    } catch {
      // A frozen DOMException: no cause then.
    }
  }
  return e;
}

/**
 * A wasm shell error as thrown to callers, by its `kind` (the core's error kind): `cancelled` becomes an
 * `AbortError` DOMException, `limit` a `RangeError`, `input` and `internal` an `Error`; `kind` is kept.
 */
export function callError(e, signal) {
  if (!e || typeof e !== 'object') return e;
  if (e.kind === 'cancelled' || e.name === 'AbortError') {
    return e instanceof DOMException ? e : abortError(signal?.reason);
  }
  if (e.kind === 'limit' && !(e instanceof RangeError)) return withKind(new RangeError(e.message), 'limit');
  return e;
}

/** `e` with a `kind` property (the core's error kind). */
function withKind(e, kind) {
  if (kind !== undefined) e.kind = kind;
  return e;
}

/** An error sent over postMessage (`{name, message, kind}`) made an error of the same class again. */
export function reviveError(data) {
  if (data && (data.name === 'AbortError' || data.kind === 'cancelled')) return abortError();
  const message = data?.message ?? String(data);
  if (data?.name === 'TimeoutError') return new DOMException(message, 'TimeoutError');
  if (data?.kind === 'limit' || data?.name === 'RangeError') return withKind(new RangeError(message), data?.kind);
  if (data?.name === 'TypeError') return withKind(new TypeError(message), data?.kind);
  const e = withKind(new Error(message), data?.kind);
  if (data?.name && data.name !== 'Error') e.name = data.name;
  return e;
}

/** An error as `{name, message, kind}` for postMessage. */
export function errorData(e) {
  if (e instanceof Error || e instanceof DOMException) return { name: e.name, message: e.message, kind: e.kind };
  return { name: 'Error', message: String(e) };
}
