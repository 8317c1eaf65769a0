#!/usr/bin/env node
// One optimal 3x3x3 solve by cubeopt-wasm (Chen Shuang's cube48opt solvers built for the web,
// github:cs0x7f/cubeopt-wasm; cstimer.net/cubeopt), in Node, for `bench/peers/optimal333.sh`.
//
// Usage: node cubeopt_wasm_solve.mjs DIR VARIANT TABLE THREADS ALG
//        node cubeopt_wasm_solve.mjs DIR VARIANT TABLE THREADS --generate
// DIR: a cubeopt-wasm checkout; VARIANT: cube48opt1 .. cube48opt7 (its DIR/VARIANT.mjs); TABLE: the
// table file. With --generate the solver builds its table (on THREADS threads) and it is written to
// TABLE; otherwise TABLE is loaded into the module's memory (as the page's "upload table" does) and
// only the call that solves ALG is timed. Prints one JSON line: seconds, solution, length, nodes (the
// first figure of the solver's "N/M node(s)" line, as cube_solver_test reads it).
//
// This runs the WebAssembly build (its README: about half the native speed), not the native cubeopt.
import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, variant, table, threadArg, alg] = process.argv.slice(2);
if (!alg) {
  console.error('usage: cubeopt_wasm_solve.mjs DIR VARIANT TABLE THREADS (ALG | --generate)');
  process.exit(2);
}
const threads = Number(threadArg);
// The module sizes its thread pool from navigator.hardwareConcurrency, which Node 20 lacks.
globalThis.navigator ??= { hardwareConcurrency: threads };
const createModule = (await import(pathToFileURL(path.join(dir, `${variant}.mjs`)).href)).default;
const printed = [];
const solver = await createModule({ print: (text) => printed.push(text), printErr: (text) => printed.push(text) });
const size = Number(solver.get_table_size());
// As the page does on selecting a solver: this call checks for a table (1: none yet). It must come
// before `_get_mem_ptr`, and generating must too: once the pointer has been asked for, `init` takes the
// memory as a loaded table (as the page's "upload table" does).
solver.init(-1, 1);

if (alg === '--generate') {
  const t = performance.now();
  if (solver.init(threads, threads) !== 0) throw new Error(`table generation failed:\n${printed.join('\n')}`);
  const seconds = (performance.now() - t) / 1000;
  const base = Number(solver._get_mem_ptr());
  writeFileSync(table, solver.HEAPU8.subarray(base, base + size));
  console.log(JSON.stringify({ generated: table, bytes: size, seconds, tableName: solver.get_table_name() }));
  process.exit(0);
}

const base = Number(solver._get_mem_ptr());
if (statSync(table).size !== size) throw new Error(`${table} is not ${size} bytes`);
const fd = openSync(table, 'r');
for (let offset = 0; offset < size; ) {
  const n = readSync(fd, solver.HEAPU8, base + offset, Math.min(size - offset, 1 << 26), offset);
  if (n <= 0) throw new Error(`short read of ${table}`);
  offset += n;
}
closeSync(fd);
if (solver.init(0, threads) !== 0) throw new Error(`the table in ${table} was refused:\n${printed.join('\n')}`);

printed.length = 0;
const t = performance.now();
solver.solve_scramble(alg, threads, 1, 1);
const seconds = (performance.now() - t) / 1000;
const found = printed.map((l) => l.match(/Solution found!:\s*(.*)$/)).filter(Boolean).pop();
const done = printed.map((l) => l.match(/finished in (\d+), (\d+)\/\d+ node/)).filter(Boolean).pop();
if (!found || !done) {
  console.log(JSON.stringify({ seconds, error: 'no solution', log: printed.slice(-5) }));
  process.exit(1);
}
const solution = found[1].trim().split(/\s+/).join(' ');
console.log(JSON.stringify({ seconds, solution, length: Number(done[1]), nodes: Number(done[2]) }));
process.exit(0);
