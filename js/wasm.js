// Loads one of the two WebAssembly builds, once per JS realm (page, worker, Node process):
// - threaded (pkg/threaded/): where shared memory is allowed (`crossOriginIsolated`), with rayon's pool on
//   Web Workers started by `initThreadPool`;
// - single-threaded (pkg/single/): everywhere else, and always in Node.js (read from its file, no network).

const isNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string' && typeof window === 'undefined';

let loading = null;

/** The build `auto` picks here. */
export function preferredBuild() {
  if (isNode) return 'single';
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' ? 'threaded' : 'single';
}

function defaultThreads() {
  const n = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(n) && n > 0 ? n : 4;
}

/** Node: the compiled single-threaded module, instantiated again by a fresh instance. */
let compiledSingle = null;

/** How many fresh instances were started after traps (0: the first instance). */
let generation = 0;

/**
 * The glue module of a build: the first import, or for a fresh instance (`fresh` > 0) the same file under
 * another URL, which makes a new module record with its own WebAssembly instance.
 */
function importGlue(build, fresh) {
  if (fresh === 0) {
    return build === 'single' ? import('../pkg/single/twistsearch.js') : import('../pkg/threaded/twistsearch.js');
  }
  const url = new URL(`../pkg/${build}/twistsearch.js?instance=${fresh}`, import.meta.url).href;
  return import(/* webpackIgnore: true */ /* @vite-ignore */ url);
}

async function loadSingle(fresh = 0) {
  const glue = await importGlue('single', fresh);
  if (isNode) {
    // Node's fetch cannot read file: URLs: compile the file's bytes and instantiate synchronously. (The
    // glue's async path tests `instanceof Response`, and Node's first touch of `Response` loads its whole
    // fetch implementation: about 30 ms, most of a first call's start-up.)
    if (!compiledSingle) {
      const fsName = 'node:fs/promises';
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName);
      const bytes = await readFile(new URL('../pkg/single/twistsearch_bg.wasm', import.meta.url));
      compiledSingle = await WebAssembly.compile(bytes);
    }
    glue.initSync({ module: compiledSingle });
  } else {
    await glue.default();
  }
  return { glue, build: 'single', threads: 1, generation: fresh };
}

async function loadThreaded(threads, fresh = 0) {
  const glue = await importGlue('threaded', fresh);
  await glue.default();
  await glue.initThreadPool(threads);
  return { glue, build: 'threaded', threads: glue.threads(), generation: fresh };
}

/**
 * Starts a fresh WebAssembly instance of the build in use, after a trap (a `WebAssembly.RuntimeError`
 * leaves an instance's memory in an unknown state, so nothing more may run in it). Objects made by the
 * old instance must be made again in the new one (`generation` tells them apart).
 */
export function reloadWasm() {
  if (!loading) return loadWasm();
  const fresh = ++generation;
  loading = loading.then((s) => (s.build === 'single' ? loadSingle(fresh) : loadThreaded(s.threads, fresh)));
  return loading;
}

/**
 * Loads the wasm module (the first call decides; later calls get the same module).
 * options.build: 'auto' (default), 'single' or 'threaded'; options.threads: the threaded build's pool size
 * (default navigator.hardwareConcurrency). 'auto' falls back to the single-threaded build if the threaded
 * one fails to start (the reason is kept as `fallbackReason`).
 */
export function loadWasm(options = {}) {
  if (loading) return loading;
  const build = options.build ?? 'auto';
  if (!['auto', 'single', 'threaded'].includes(build)) {
    return Promise.reject(new TypeError(`build must be 'auto', 'single' or 'threaded', not ${String(build)}`));
  }
  const threads = options.threads ?? defaultThreads();
  if (!Number.isInteger(threads) || threads < 1) {
    return Promise.reject(new TypeError(`threads must be a positive integer, not ${String(threads)}`));
  }
  const want = build === 'auto' ? preferredBuild() : build;
  loading = (async () => {
    if (want === 'single') return loadSingle();
    try {
      return await loadThreaded(threads);
    } catch (e) {
      if (build === 'threaded') throw e;
      const single = await loadSingle();
      return { ...single, fallbackReason: e instanceof Error ? e.message : String(e) };
    }
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
