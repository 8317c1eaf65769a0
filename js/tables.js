// The opt-in table cache of the JS API: a puzzle's solver tables and an event's tables, kept in a store
// across visits (IndexedDB in browsers, any `{get, set, delete?}` object elsewhere) as the bytes the core
// saves (versioned, checksummed, LZ4-compressed). Before building, the key is looked up; bytes found are
// loaded, and bytes the core refuses (damaged, another format version, made for other tables) are
// deleted, reported once with console.warn, and the tables built. After building, the bytes are written
// when building took noticeable time (`tableCacheWrite: 'auto'`, as the CLI's `--write-tables auto`),
// always (`'always'`) or never (`'never'`), without holding up the answer.

/** The IndexedDB database of `tableCache: 'indexeddb'`. */
export const DATABASE = 'twistsearch-tables';

/** `'auto'` writes tables whose building took at least this many seconds (cheaper ones are rebuilt faster). */
export const AUTO_SECONDS = 1;

/** The object store inside the database. */
const OBJECT_STORE = 'tables';

/** A promise of an IndexedDB request's result. */
function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * A table store in an IndexedDB database (default "twistsearch-tables"; browsers and their workers):
 * `{get, set, delete, keys, clear}`. The database is opened on first use.
 */
export function indexedDBTableStore(name = DATABASE) {
  if (typeof name !== 'string' || name === '') throw new TypeError('indexedDBTableStore: the database name must be a non-empty string');
  let opening = null;
  function open() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        if (typeof indexedDB === 'undefined') {
          reject(new Error('IndexedDB is not available here'));
          return;
        }
        const r = indexedDB.open(name, 1);
        r.onupgradeneeded = () => r.result.createObjectStore(OBJECT_STORE);
        r.onsuccess = () => {
          const db = r.result;
          // Another page upgrading the database must not wait on this connection.
          db.onversionchange = () => {
            db.close();
            opening = null;
          };
          resolve(db);
        };
        r.onerror = () => reject(r.error ?? new Error(`cannot open the IndexedDB database ${name}`));
        r.onblocked = () => reject(new Error(`the IndexedDB database ${name} is blocked by another connection`));
      });
      opening.catch(() => {
        opening = null;
      });
    }
    return opening;
  }
  /** Runs `f(objectStore)` in a transaction; resolves with its request's result once the transaction is done. */
  async function transaction(mode, f) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(OBJECT_STORE, mode);
      const r = f(tx.objectStore(OBJECT_STORE));
      tx.oncomplete = () => resolve(r.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  }
  return {
    /** The bytes kept under `key`, or undefined. */
    async get(key) {
      const v = await transaction('readonly', (s) => s.get(key));
      if (v === undefined || v === null) return undefined;
      return v instanceof Uint8Array ? v : new Uint8Array(v);
    },
    /** Keeps `bytes` under `key` (replacing what was there). */
    async set(key, bytes) {
      await transaction('readwrite', (s) => s.put(bytes, key));
    },
    /** Removes the entry of `key`. */
    async delete(key) {
      await transaction('readwrite', (s) => s.delete(key));
    },
    /** Every key kept. */
    async keys() {
      return (await transaction('readonly', (s) => s.getAllKeys())).map(String);
    },
    /** Removes every entry. */
    async clear() {
      await transaction('readwrite', (s) => s.clear());
    },
  };
}

/** The store `tableCache: 'indexeddb'` stands for (one per JS realm). */
let sharedIndexedDB = null;

/** The write policies. */
const WRITE = ['auto', 'always', 'never'];

/**
 * The table-cache options as given (`{tableCache, tableCacheWrite, onTableCache}`, or undefined), checked:
 * `{tableCache, write, report}`, or null without `tableCache`. `TypeError`s name the option.
 */
export function checkTableCache(tables, method) {
  if (tables === undefined || tables === null) return null;
  const { tableCache, tableCacheWrite, onTableCache } = tables;
  if (tableCacheWrite !== undefined && !WRITE.includes(tableCacheWrite)) {
    throw new TypeError(`${method}: tableCacheWrite must be 'auto', 'always' or 'never', not ${String(tableCacheWrite)}`);
  }
  if (onTableCache !== undefined && typeof onTableCache !== 'function') {
    throw new TypeError(`${method}: onTableCache must be a function`);
  }
  if (tableCache === undefined || tableCache === null || tableCache === false) return null;
  if (tableCache !== 'indexeddb' && !isStore(tableCache)) {
    throw new TypeError(`${method}: tableCache must be 'indexeddb' or a store {get(key), set(key, bytes), delete?(key)}`);
  }
  return { tableCache, write: tableCacheWrite ?? 'auto', report: onTableCache };
}

/**
 * The cache the table-cache options ask for: `{store, write, report}`, or null without `tableCache`.
 * `'indexeddb'` where there is no IndexedDB is an `Error`.
 */
export function tableCacheOptions(tables, method) {
  const checked = checkTableCache(tables, method);
  if (!checked) return null;
  const { tableCache, write, report } = checked;
  if (tableCache !== 'indexeddb') return { store: tableCache, write, report };
  if (typeof indexedDB === 'undefined') {
    throw new Error(
      `${method}: tableCache 'indexeddb': there is no IndexedDB here (in Node.js, pass a store such as fileTableStore(dir) from 'twistsearch/node')`,
    );
  }
  sharedIndexedDB ??= indexedDBTableStore();
  return { store: sharedIndexedDB, write, report };
}

/** Whether a value has a store's methods. */
export function isStore(v) {
  return v !== null && typeof v === 'object' && typeof v.get === 'function' && typeof v.set === 'function';
}

/** The key of a table in a store: the package's version, the puzzle, and the core's key. */
export function tableKey(version, puzzleName, coreKey) {
  const name = String(puzzleName).slice(0, 40) || 'puzzle';
  return `twistsearch-${version}/${name}/${coreKey}`;
}

/** Keys warned about already (console.warn once per key and kind of trouble). */
const warned = new Set();

function warnOnce(kind, key, message) {
  const id = `${kind} ${key}`;
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(`twistsearch: ${message}`);
}

/** Tells the caller's `onTableCache` (a throwing callback is ignored: the cache never fails a call). */
function report(cache, event) {
  if (!cache.report) return;
  try {
    cache.report(event);
  } catch {
    // Not the call's business.
  }
}

/** Seconds since `t0` (a `performance.now()` reading). */
export function secondsSince(t0) {
  return (performance.now() - t0) / 1000;
}

/**
 * The bytes kept under `key`, or undefined (also when the store fails: reported, and the tables built).
 * Reports `missing` when there are none.
 */
export async function lookUp(cache, key) {
  let v;
  try {
    v = await cache.store.get(key);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    warnOnce('read', key, `cannot read tables ${key} from the table cache (${message}); they are built`);
    report(cache, { type: 'error', key, message });
    return undefined;
  }
  if (v === undefined || v === null) {
    report(cache, { type: 'missing', key });
    return undefined;
  }
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  // Not bytes at all: the core refuses it as any damaged entry.
  return new Uint8Array(0);
}

/** Tables loaded from the cache: reported. */
export function loaded(cache, key, bytes, seconds) {
  report(cache, { type: 'loaded', key, bytes: bytes.length, seconds });
}

/** Bytes the core refused: the entry is deleted (in the background), reported, and warned about once. */
export function refused(cache, key, error) {
  const message = error instanceof Error ? error.message : String(error);
  warnOnce('refused', key, `the table cache's entry ${key} was refused (${message}): it is deleted and the tables built`);
  report(cache, { type: 'refused', key, message });
  if (typeof cache.store.delete === 'function') {
    track(Promise.resolve().then(() => cache.store.delete(key)), cache, key, 'delete');
  }
}

/** Whether to write tables whose building took `seconds` (and that the store does not hold). */
export function worthWriting(cache, seconds) {
  return cache.write === 'always' || (cache.write === 'auto' && seconds >= AUTO_SECONDS);
}

/**
 * Writes the bytes `produce()` gives (`undefined`: nothing to write) under `key`, in the background: both
 * the core's serializing (tens of milliseconds for the 333 tables) and the store's write run after the
 * answer has gone out (a macrotask later). Reported as `writing`; a failure is warned about.
 */
export function write(cache, key, produce, seconds) {
  const done = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
    const bytes = produce();
    if (!bytes) return undefined;
    report(cache, { type: 'writing', key, bytes: bytes.length, seconds });
    return cache.store.set(key, bytes);
  });
  track(done, cache, key, 'write');
}

/** Store operations in flight (writes and deletes). */
const pending = new Set();

function track(promise, cache, key, what) {
  const p = promise.then(
    () => {},
    (e) => {
      const message = e instanceof Error ? e.message : String(e);
      warnOnce(what, key, `cannot ${what} tables ${key} in the table cache (${message})`);
      report(cache, { type: 'error', key, message });
    },
  );
  pending.add(p);
  p.finally(() => pending.delete(p));
}

/** Resolves once every table write (and delete) started so far has finished (failures included). */
export async function tableCacheWrites() {
  while (pending.size > 0) await Promise.all([...pending]);
}
