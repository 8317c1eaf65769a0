// The npm package's two WebAssembly builds: prints each one's size and gzip size (what a page
// downloads), and exits 1 naming the command to run when one is missing. `npm pack` runs it first
// (`prepack`), so a package without both builds is never made; CI runs it after building to report the
// sizes.
//
// Usage: node scripts/wasm-builds.mjs [PACKAGE_ROOT]   (default: this repository)

import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUILDS = {
  single: 'npm run build:single',
  threaded: 'npm run build:threaded',
};

/** The single-threaded build's download goal (issue 42): at most 450 KiB gzipped. Reported, not yet enforced. */
const SINGLE_GZIP_GOAL = 450 * 1024;

import { pathToFileURL } from 'node:url';

const root = process.argv[2] ? pathToFileURL(`${process.argv[2].replace(/\/$/, '')}/`) : new URL('../', import.meta.url);
const missing = [];
for (const [build, command] of Object.entries(BUILDS)) {
  const wasm = new URL(`pkg/${build}/twistsearch_bg.wasm`, root);
  const glue = new URL(`pkg/${build}/twistsearch.js`, root);
  if (!existsSync(wasm) || !existsSync(glue)) {
    missing.push(`pkg/${build}/ (${command})`);
    continue;
  }
  const bytes = readFileSync(wasm);
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`pkg/${build}/twistsearch_bg.wasm: ${bytes.length} bytes (${kib(bytes.length)}), gzip -9 ${gzip} bytes (${kib(gzip)})`);
  if (build === 'single') {
    const over = gzip - SINGLE_GZIP_GOAL;
    console.log(`  goal: at most ${SINGLE_GZIP_GOAL} bytes gzipped (${kib(SINGLE_GZIP_GOAL)}): ${over > 0 ? `${over} bytes over` : `${-over} bytes under`}`);
  }
}
if (missing.length > 0) {
  console.error(`the package needs both WebAssembly builds; missing: ${missing.join(', ')} (npm run build makes both)`);
  process.exit(1);
}
