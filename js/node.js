// `twistsearch/node`: a table store in a directory, for the table cache (`tableCache`) in Node.js, where
// there is no IndexedDB. One file per key; files are written whole to a temporary name and renamed, so a
// reader never sees half a file.

import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file of a key: the key URI-encoded (no `/`, no `..`), with `.tables`. */
function fileName(key) {
  return `${encodeURIComponent(String(key)).replace(/^\./, '%2E')}.tables`;
}

/**
 * A table store in the directory `dir` (made on the first write): `{get, set, delete}` for `tableCache`.
 * Errors other than a missing file reject (the cache then warns and builds the tables).
 */
export function fileTableStore(dir) {
  if (typeof dir !== 'string' && !(dir instanceof URL)) throw new TypeError('fileTableStore: dir must be a path (string or file URL)');
  const root = dir instanceof URL ? fileURLToPath(dir) : dir;
  const path = (key) => join(root, fileName(key));
  let serial = 0;
  return {
    async get(key) {
      try {
        const b = await readFile(path(key));
        return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      } catch (e) {
        if (e && e.code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async set(key, bytes) {
      await mkdir(root, { recursive: true });
      const file = path(key);
      const tmp = `${file}.${process.pid}.${++serial}.tmp`;
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, file);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
