// The search's cost per node, single-threaded wasm against the native CLI, on the same puzzle and
// positions (random walks from a fixed seed), with the table warm: best of 15 rounds of all the walks.
// Usage: node bench/peers/per-node.mjs [puzzle.tws=tests/data/puzzles/main/skewb.tws] [walks=7] [length=40]
// The native side runs when target/release/twistsearch exists (`cargo build --release`).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'tests/data/puzzles/main/skewb.tws';
const walks = Number(process.argv[3] ?? 7);
const length = Number(process.argv[4] ?? 40);
const ROUNDS = 15;
const text = readFileSync(file, 'utf8');
const moves = [...text.matchAll(/^Move\s+(\S+)/gm)].map((m) => m[1]);
let seed = 1;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const algs = Array.from({ length: walks }, () =>
  Array.from({ length }, () => moves[Math.floor(random() * moves.length)] + (random() < 0.5 ? "'" : '')).join(' '),
);

const api = await import('../../js/index.js');
await api.init();
const p = await api.loadPuzzle(text);
for (const alg of algs) await p.solve(alg, {});
let wasm = { ms: Infinity, nodes: 0 };
for (let i = 0; i < ROUNDS; i++) {
  let ms = 0;
  let nodes = 0;
  for (const alg of algs) {
    const t = performance.now();
    const r = await p.solve(alg, {});
    ms += performance.now() - t;
    nodes += r.nodes;
  }
  if (ms < wasm.ms) wasm = { ms, nodes };
}
const report = { puzzle: file, walks, length, wasm: { bestMs: +wasm.ms.toFixed(2), nodes: wasm.nodes, nsPerNode: +((wasm.ms * 1e6) / wasm.nodes).toFixed(1) } };

const cli = 'target/release/twistsearch';
if (existsSync(cli)) {
  const dir = mkdtempSync(join(tmpdir(), 'per-node-'));
  const scr = join(dir, 'walks.scr');
  let body = '';
  for (let r = 0; r <= ROUNDS; r++) algs.forEach((a, i) => (body += `ScrambleAlg r${r}-${i}\n${a}\nEnd\n`));
  writeFileSync(scr, body);
  const out = spawnSync(cli, ['solve', file, scr, '--threads', '1', '--json'], { encoding: 'utf8' });
  rmSync(dir, { recursive: true });
  if (out.status !== 0) throw new Error(`native solve failed: ${out.stderr}`);
  const rounds = new Map();
  for (const r of JSON.parse(out.stdout).results) {
    const round = Number(r.name.slice(1).split('-')[0]);
    if (round === 0) continue; // warms the table, as the wasm side's first pass does
    const acc = rounds.get(round) ?? { s: 0, nodes: 0 };
    acc.s += r.seconds;
    acc.nodes += r.nodes;
    rounds.set(round, acc);
  }
  const best = [...rounds.values()].reduce((a, b) => (b.s < a.s ? b : a));
  report.native = { bestMs: +(best.s * 1e3).toFixed(2), nodes: best.nodes, nsPerNode: +((best.s * 1e9) / best.nodes).toFixed(1) };
}
console.log(JSON.stringify(report));
