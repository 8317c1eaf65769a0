// Loads the WebAssembly build in use, once per JS realm (page, worker, Node process), and its parts on
// first use. The JS API has two parts: 'puzzle' (the `Puzzle` class: any puzzle from its definition) and
// 'events' (cubing.js events' scrambles and own solvers).
// - threaded (pkg/threaded/twistsearch.js): one module with both parts, where shared memory is allowed
//   (`crossOriginIsolated`), with rayon's pool on Web Workers started by `initThreadPool`;
// - single-threaded (pkg/single/): everywhere else, and always in Node.js (read from its files, no
//   network): one module per part, each loaded by the first call that needs it (twistsearch.js: the
//   puzzle part, twistsearch_events.js: the events part), so a page downloads only what it calls.

const isNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string' && typeof window === 'undefined';

/** The parts of the JS API, and each one's module in the single-threaded build (pkg/single/NAME.js). */
const SINGLE_MODULES = { puzzle: 'twistsearch', events: 'twistsearch_events' };

/** The build chosen by the first call: `{build, threads, fallbackReason?}` (a promise). */
let choice = null;

/** Each part's loaded module, by part: a promise of `{glue, build, threads, generation}`. */
const parts = new Map();

/** The build `auto` picks here. */
export function preferredBuild() {
  if (isNode) return 'single';
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' ? 'threaded' : 'single';
}

function defaultThreads() {
  const n = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(n) && n > 0 ? n : 4;
}

/** Node: each single-threaded part's compiled module, instantiated again by a fresh instance. */
const compiledSingle = new Map();

/** How many fresh instances were started after traps (0: the first instance). */
let generation = 0;

/**
 * The glue module of a build's part: the first import, or for a fresh instance (`fresh` > 0) the same
 * file under another URL, which makes a new module record with its own WebAssembly instance. (The
 * literal imports let bundlers see every file.)
 */
function importGlue(build, part, fresh) {
  if (fresh === 0) {
    if (build === 'threaded') return import('../pkg/threaded/twistsearch.js');
    return part === 'events' ? import('../pkg/single/twistsearch_events.js') : import('../pkg/single/twistsearch.js');
  }
  const name = build === 'threaded' ? 'twistsearch' : SINGLE_MODULES[part];
  const url = new URL(`../pkg/${build}/${name}.js?instance=${fresh}`, import.meta.url).href;
  return import(/* webpackIgnore: true */ /* @vite-ignore */ url);
}

async function loadSingle(part, fresh = 0) {
  const glue = await importGlue('single', part, fresh);
  if (isNode) {
    // Node's fetch cannot read file: URLs: compile the file's bytes and instantiate synchronously. (The
    // glue's async path tests `instanceof Response`, and Node's first touch of `Response` loads its whole
    // fetch implementation: about 30 ms, most of a first call's start-up.)
    if (!compiledSingle.has(part)) {
      const fsName = 'node:fs/promises';
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName);
      const bytes = await readFile(new URL(`../pkg/single/${SINGLE_MODULES[part]}_bg.wasm`, import.meta.url));
      compiledSingle.set(part, await WebAssembly.compile(bytes));
    }
    glue.initSync({ module: compiledSingle.get(part) });
  } else {
    await glue.default();
  }
  return { glue, build: 'single', threads: 1, generation: fresh };
}

async function loadThreaded(threads, fresh = 0) {
  const glue = await importGlue('threaded', null, fresh);
  await glue.default();
  await glue.initThreadPool(threads);
  return { glue, build: 'threaded', threads: glue.threads(), generation: fresh };
}

/** Checks a part's name (a bug in this package if wrong). */
function checkPart(part) {
  if (!Object.hasOwn(SINGLE_MODULES, part)) throw new Error(`internal error: no part ${String(part)} of the JS API`);
}

/**
 * Starts a fresh WebAssembly instance of a part's module, after a trap (a `WebAssembly.RuntimeError`
 * leaves an instance's memory in an unknown state, so nothing more may run in it). Objects made by the
 * old instance must be made again in the new one (`generation` tells them apart). In the threaded build
 * both parts share the one module: both get the fresh instance.
 */
export function reloadWasm(part) {
  checkPart(part);
  if (!choice) return loadWasm({}, part);
  const fresh = ++generation;
  const old = parts.get(part) ?? Promise.resolve();
  const next = Promise.all([choice, old.catch(() => {})]).then(([c]) =>
    c.build === 'single' ? loadSingle(part, fresh) : loadThreaded(c.threads, fresh),
  );
  if (parts.size > 1 && parts.get('puzzle') === parts.get('events')) {
    // The threaded build: one module for both parts.
    for (const p of Object.keys(SINGLE_MODULES)) parts.set(p, next);
  } else {
    parts.set(part, next);
  }
  next.catch(() => {
    for (const [p, v] of parts) if (v === next) parts.delete(p);
  });
  return next;
}

/**
 * Chooses the build (the first call decides; later calls get the same one) and loads `part`'s module
 * ('puzzle' or 'events'; undefined: none more than choosing needs: the threaded build's one module,
 * nothing for the single-threaded build). Resolves to `{glue, build, threads, generation,
 * fallbackReason?}` (without `part`: `{build, threads, fallbackReason?}`).
 * options.build: 'auto' (default), 'single' or 'threaded'; options.threads: the threaded build's pool size
 * (default navigator.hardwareConcurrency). 'auto' falls back to the single-threaded build if the threaded
 * one fails to start (the reason is kept as `fallbackReason`).
 */
export function loadWasm(options = {}, part = undefined) {
  if (part !== undefined) checkPart(part);
  if (!choice) {
    const build = options.build ?? 'auto';
    if (!['auto', 'single', 'threaded'].includes(build)) {
      return Promise.reject(new TypeError(`build must be 'auto', 'single' or 'threaded', not ${String(build)}`));
    }
    const threads = options.threads ?? defaultThreads();
    if (!Number.isInteger(threads) || threads < 1) {
      return Promise.reject(new TypeError(`threads must be a positive integer, not ${String(threads)}`));
    }
    const want = build === 'auto' ? preferredBuild() : build;
    choice = (async () => {
      if (want === 'single') return { build: 'single', threads: 1 };
      try {
        const loaded = loadThreaded(threads);
        const s = await loaded;
        for (const p of Object.keys(SINGLE_MODULES)) parts.set(p, loaded);
        return { build: 'threaded', threads: s.threads };
      } catch (e) {
        if (build === 'threaded') throw e;
        return { build: 'single', threads: 1, fallbackReason: e instanceof Error ? e.message : String(e) };
      }
    })();
    choice.catch(() => {
      choice = null;
    });
  }
  if (part === undefined) return choice;
  return choice.then((c) => {
    let loading = parts.get(part);
    if (!loading) {
      loading = loadSingle(part);
      parts.set(part, loading);
      loading.catch(() => {
        if (parts.get(part) === loading) parts.delete(part);
      });
    }
    return loading.then((s) => (c.fallbackReason ? { ...s, fallbackReason: c.fallbackReason } : s));
  });
}
