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

async function loadSingle() {
  const glue = await import('../pkg/single/twistsearch.js');
  if (isNode) {
    // Node's fetch cannot read file: URLs: compile the file's bytes and instantiate synchronously. (The
    // glue's async path tests `instanceof Response`, and Node's first touch of `Response` loads its whole
    // fetch implementation: about 30 ms, most of a first call's start-up.)
    const fsName = 'node:fs/promises';
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName);
    const bytes = await readFile(new URL('../pkg/single/twistsearch_bg.wasm', import.meta.url));
    glue.initSync({ module: await WebAssembly.compile(bytes) });
  } else {
    await glue.default();
  }
  return { glue, build: 'single', threads: 1 };
}

async function loadThreaded(threads) {
  const glue = await import('../pkg/threaded/twistsearch.js');
  await glue.default();
  await glue.initThreadPool(threads);
  return { glue, build: 'threaded', threads: glue.threads() };
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
