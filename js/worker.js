// The worker side of `twistsearch/worker`: runs the direct API (index.js) in a Web Worker (or a Node.js
// worker thread) and answers the client's messages (worker-client.js). Puzzles, and the pruning tables
// they keep, live here between calls.
//
// Messages in:  {type: 'init', id, options}
//               {type: 'load', id, puzzle, definition, source, options?, tables?}   (definition: text;
//                 source: {cubing, id}; options: {generatorMoves}) -> {info, defaultMoves}
//               {type: 'call', id, puzzle, method, args, options, progress, cancel?}
//               {type: 'free', id, puzzle}
//               {type: 'event', id, eventID, options, progress, cancel?, tables?}   (randomScrambleForEvent)
//               {type: 'events', id}                                      (scrambleEvents)
//               {type: 'eventSolve', id, eventID, pattern, puzzleName?, options?, progress, cancel?, tables?}   (solveForEvent)
//               {type: 'tableWrites', id}                                 (tableCacheWrites)
//               {type: 'storeReply', req, value?, error?}   (answers a 'store' request at once, not queued)
// Messages out: {type: 'result', id, value} | {type: 'error', id, error: {name, message}}
//               {type: 'progress', id, progress}
//               {type: 'tableCache', id?, puzzle?, event}   (onTableCache of a call, or of a puzzle)
//               {type: 'tableCacheEnd', id}   (a call's table writes are done: no more 'tableCache' for it)
//               {type: 'store', req, store, op, key, bytes?}   (a store of the client's: get, set, delete)
// A call's `cancel` is an Int32Array over a SharedArrayBuffer: the client stores 1 to cancel it.
// `tables` is `{cache, write, report}`: cache `'indexeddb'` (opened here) or `{store: n}` (the client's
// store n, asked through 'store' messages), write the policy, report whether to send 'tableCache' events.
// Messages are handled one at a time, in order. Event scramblers (and their tables) live here too, kept
// by index.js across calls.

import { init, loadSource, randomScrambleForEvent, scrambleEvents, solveForEvent, tableCacheWrites } from './index.js';
import { errorData, reviveError } from './common.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof self === 'undefined';

let post;
let listen;
if (isNode) {
  const wt = 'node:worker_threads';
  const { parentPort } = await import(/* webpackIgnore: true */ /* @vite-ignore */ wt);
  post = (m) => parentPort.postMessage(m);
  listen = (f) => parentPort.on('message', f);
} else {
  post = (m) => self.postMessage(m);
  listen = (f) => self.addEventListener('message', (e) => f(e.data));
}

const puzzles = new Map();

const methods = new Set([
  'solve',
  'randomScramble',
  'canonicalCounts',
  'godsAlgorithm',
  'order',
  'positions',
  'algOrder',
  'invert',
  'simplify',
  'position',
  'definition',
  'releaseSolver',
  'tablesKey',
  'saveTables',
  'loadTables',
  'findAlgs',
  'uniqueAlgs',
  'shortenAlgs',
  'cancelMoves',
  'unrotate',
  'moveDefinition',
  'conjugacyClass',
  'symmetryOrder',
  'wrongPieces',
]);

/** Requests to the client's stores waiting for their answer: req -> {resolve, reject}. */
const storeRequests = new Map();
let nextRequest = 1;

/** Asks the client's store `store` to do `op`. */
function askStore(store, op, key, bytes) {
  const req = nextRequest++;
  return new Promise((resolve, reject) => {
    storeRequests.set(req, { resolve, reject });
    post({ type: 'store', req, store, op, key, bytes });
  });
}

/** The client's store `n`, as a store here. */
function clientStore(n) {
  return {
    get: (key) => askStore(n, 'get', key),
    set: (key, bytes) => askStore(n, 'set', key, bytes),
    delete: (key) => askStore(n, 'delete', key),
  };
}

/** The table-cache options of a message's `tables` (`where`: the 'tableCache' messages' address). */
function tableOptions(tables, where) {
  if (!tables) return {};
  return {
    tableCache: tables.cache === 'indexeddb' ? 'indexeddb' : clientStore(tables.cache.store),
    tableCacheWrite: tables.write,
    onTableCache: tables.report ? (event) => post({ type: 'tableCache', ...where, event }) : undefined,
  };
}

/** A call's options with its progress and cancel hooks and table cache (undefined when it has none). */
function callOptions(m) {
  if (m.options === undefined && !m.progress && !m.cancel && !m.tables) return undefined;
  const options = { ...(m.options ?? {}), ...tableOptions(m.tables, { id: m.id }) };
  if (m.progress) options.onProgress = (progress) => post({ type: 'progress', id: m.id, progress });
  if (m.cancel) options.cancelFlag = m.cancel;
  return options;
}

/** KPattern data that says which puzzle it is of, as a cubing.js KPattern does (`kpuzzle.definition.name`). */
function namedPattern(patternData, name) {
  return { patternData, kpuzzle: { definition: { name } } };
}

async function handle(m) {
  switch (m.type) {
    case 'init':
      return init(m.options);
    case 'load': {
      const source = { text: m.definition, ...(m.source ?? { cubing: false, id: null }) };
      const p = await loadSource(source, { ...m.options, ...tableOptions(m.tables, { puzzle: m.puzzle }) });
      puzzles.set(m.puzzle, p);
      return { info: p.info, defaultMoves: p.defaultMoves };
    }
    case 'tableWrites':
      return tableCacheWrites();
    case 'free': {
      puzzles.get(m.puzzle)?.free();
      puzzles.delete(m.puzzle);
      return undefined;
    }
    case 'call': {
      const p = puzzles.get(m.puzzle);
      if (!p) throw new Error('this puzzle was freed');
      if (!methods.has(m.method)) throw new Error(`no method ${m.method}`);
      const args = [...m.args];
      const options = callOptions(m);
      if (options !== undefined) args.push(options);
      return p[m.method](...args);
    }
    case 'event':
      return randomScrambleForEvent(m.eventID, callOptions(m));
    case 'eventSolve':
      // The pattern's puzzle name travels apart (KPattern data has none), for the error of another puzzle's.
      return solveForEvent(m.eventID, m.puzzleName === undefined ? m.pattern : namedPattern(m.pattern, m.puzzleName), callOptions(m));
    case 'events':
      return scrambleEvents();
    default:
      throw new Error(`unknown message type ${m.type}`);
  }
}

let queue = Promise.resolve();
listen((m) => {
  if (m.type === 'storeReply') {
    const r = storeRequests.get(m.req);
    storeRequests.delete(m.req);
    if (m.error) r?.reject(reviveError(m.error));
    else r?.resolve(m.value);
    return;
  }
  queue = queue.then(async () => {
    try {
      post({ type: 'result', id: m.id, value: await handle(m) });
    } catch (e) {
      post({ type: 'error', id: m.id, error: errorData(e) });
    }
    // A call's tables are written after its answer: its onTableCache hears of it until then.
    if (m.tables?.report && m.type !== 'load') tableCacheWrites().then(() => post({ type: 'tableCacheEnd', id: m.id }));
  });
});
