import type { TableStore } from './index.js';

/** The store of `fileTableStore`: every method of a `TableStore`. */
export interface FileTableStore extends TableStore {
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
}

/**
 * A table store in a directory (Node.js; made on the first write), for `tableCache`: one file per key,
 * written whole to a temporary name and renamed.
 */
export function fileTableStore(dir: string | URL): FileTableStore;
