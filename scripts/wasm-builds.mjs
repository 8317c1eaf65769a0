// The npm package's two WebAssembly builds: prints each module's size and gzip size (what a page
// downloads) and each build's total, and exits 1 naming the command to run when a module is missing.
// `npm pack` runs it first (`prepack`), so a package without both builds is never made; CI runs it with
// `--check` after building, which also exits 1 when a single-threaded module is over the download goal.
//
// The single-threaded build is one module per part of the JS API (wasm-pack.toml): a page downloads the
// part it calls first (`twistsearch`: the `Puzzle` class; `twistsearch_events`: event scrambles and
// solvers) and the other only if it calls that too. The threaded build is one module with both.
//
// Usage: node scripts/wasm-builds.mjs [--check] [PACKAGE_ROOT]   (default: this repository)

import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Each build: the command that makes it and its modules (wasm-pack.toml's `modules`, by out-name). */
const BUILDS = {
  single: { command: 'npm run build:single', modules: ['twistsearch', 'twistsearch_events'] },
  threaded: { command: 'npm run build:threaded', modules: ['twistsearch'] },
};

/** Issue 42's download goal: each single-threaded module at most 450 KiB gzipped. */
const SINGLE_GZIP_GOAL = 450 * 1024;

const args = process.argv.slice(2);
const check = args.includes('--check');
const rootArg = args.find((a) => a !== '--check');
const root = rootArg ? pathToFileURL(`${rootArg.replace(/\/$/, '')}/`) : new URL('../', import.meta.url);
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const missing = [];
const over = [];
for (const [build, { command, modules }] of Object.entries(BUILDS)) {
  let total = 0;
  let totalGzip = 0;
  for (const name of modules) {
    const wasm = new URL(`pkg/${build}/${name}_bg.wasm`, root);
    const glue = new URL(`pkg/${build}/${name}.js`, root);
    if (!existsSync(wasm) || !existsSync(glue)) {
      missing.push(`pkg/${build}/${name}_bg.wasm (${command})`);
      continue;
    }
    const bytes = readFileSync(wasm);
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += bytes.length;
    totalGzip += gzip;
    console.log(`pkg/${build}/${name}_bg.wasm: ${bytes.length} bytes (${kib(bytes.length)}), gzip -9 ${gzip} bytes (${kib(gzip)})`);
    if (build === 'single') {
      const by = gzip - SINGLE_GZIP_GOAL;
      console.log(`  goal: at most ${SINGLE_GZIP_GOAL} bytes gzipped (${kib(SINGLE_GZIP_GOAL)}): ${by > 0 ? `${by} bytes over` : `${-by} bytes under`}`);
      if (by > 0) over.push(`pkg/${build}/${name}_bg.wasm (${by} bytes over)`);
    }
  }
  if (modules.length > 1) console.log(`pkg/${build}/ in all: ${total} bytes (${kib(total)}), gzip -9 ${totalGzip} bytes (${kib(totalGzip)})`);
}
if (missing.length > 0) {
  console.error(`the package needs both WebAssembly builds; missing: ${missing.join(', ')} (npm run build makes both)`);
  process.exit(1);
}
if (check && over.length > 0) {
  console.error(`over the single-threaded build's download goal (${SINGLE_GZIP_GOAL} bytes gzipped a module): ${over.join(', ')}`);
  process.exit(1);
}
