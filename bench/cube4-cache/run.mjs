// The 444 event's first call with its tables built, then with them loaded from a file-backed
// `tableCache` (two runs of this script: the first writes the file, the second loads it).
//
//   node bench/cube4-cache/run.mjs [FILE]      (default: $TMPDIR/twistsearch-444.tables)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { randomScrambleForEvent, tableCacheWrites } from '../../js/index.js';

const file = process.argv[2] ?? join(tmpdir(), 'twistsearch-444.tables');
const kept = new Map();
if (existsSync(file) && existsSync(`${file}.key`)) kept.set(readFileSync(`${file}.key`, 'utf8'), readFileSync(file));
const store = {
  async get(key) {
    return kept.get(key);
  },
  async set(key, bytes) {
    kept.set(key, bytes.slice());
    writeFileSync(file, bytes);
    writeFileSync(`${file}.key`, key);
  },
  async delete(key) {
    kept.delete(key);
  },
};
const t0 = performance.now();
const events = [];
const s = await randomScrambleForEvent('444', { seed: 1, tableCache: store, tableCacheWrite: 'always', onTableCache: (e) => events.push(e.type) });
const ms = performance.now() - t0;
await tableCacheWrites();
console.log(`first 444 call: ${ms.toFixed(0)} ms (${s.split(' ').length} moves); table cache: ${events.join(', ')}; file ${file}`);
