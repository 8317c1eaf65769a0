// The worker side of `twistsearch/worker`: runs the direct API (index.js) in a Web Worker (or a Node.js
// worker thread) and answers the client's messages (worker-client.js). Puzzles, and the pruning tables
// they keep, live here between calls.
//
// Messages in:  {type: 'init', id, options}
//               {type: 'load', id, puzzle, definition}              (definition: text)
//               {type: 'call', id, puzzle, method, args, options, progress, cancel?}
//               {type: 'free', id, puzzle}
//               {type: 'event', id, eventID, options, progress, cancel?}   (randomScrambleForEvent)
//               {type: 'events', id}                                      (scrambleEvents)
//               {type: 'eventSolve', id, eventID, pattern, progress, cancel?}   (solveForEvent)
// Messages out: {type: 'result', id, value} | {type: 'error', id, error: {name, message}}
//               {type: 'progress', id, progress}
// A call's `cancel` is an Int32Array over a SharedArrayBuffer: the client stores 1 to cancel it.
// Messages are handled one at a time, in order. Event scramblers (and their tables) live here too, kept
// by index.js across calls.

import { init, loadPuzzle, randomScrambleForEvent, scrambleEvents, solveForEvent } from './index.js';
import { errorData } from './common.js';

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
]);

/** A call's options with its progress and cancel hooks (undefined when it has none). */
function callOptions(m) {
  if (m.options === undefined && !m.progress && !m.cancel) return undefined;
  const options = { ...(m.options ?? {}) };
  if (m.progress) options.onProgress = (progress) => post({ type: 'progress', id: m.id, progress });
  if (m.cancel) options.cancelFlag = m.cancel;
  return options;
}

async function handle(m) {
  switch (m.type) {
    case 'init':
      return init(m.options);
    case 'load': {
      const p = await loadPuzzle(m.definition, m.options);
      puzzles.set(m.puzzle, p);
      return p.info;
    }
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
      return solveForEvent(m.eventID, m.pattern, callOptions(m));
    case 'events':
      return scrambleEvents();
    default:
      throw new Error(`unknown message type ${m.type}`);
  }
}

let queue = Promise.resolve();
listen((m) => {
  queue = queue.then(async () => {
    try {
      post({ type: 'result', id: m.id, value: await handle(m) });
    } catch (e) {
      post({ type: 'error', id: m.id, error: errorData(e) });
    }
  });
});
