// Peer figure for `cargo bench --bench apply_moves`: how many moves per second cubing.js's KPuzzle applies
// (KPattern.applyMove and the lower-level transformation application) on the same puzzles.
// Run: cd tests/cubing && npm ci && node bench-apply.mjs
import { puzzles } from "cubing/puzzles";
import { Move } from "cubing/alg";

const SEQUENCE = 1000;

async function bench(id) {
  const kpuzzle = await puzzles[id].kpuzzle();
  const names = Object.keys(kpuzzle.definition.moves).filter((n) => !/^[xyz]$|v$/.test(n));
  const amounts = [1, 2, -1];
  let x = 0x2545f491;
  const moves = [];
  for (let i = 0; i < SEQUENCE; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    moves.push(new Move(names[x % names.length], amounts[(x >>> 8) % amounts.length]));
  }
  // Transformations resolved once, as a search would.
  const transformations = moves.map((m) => kpuzzle.moveToTransformation(m));
  let pattern = kpuzzle.defaultPattern();
  const run = (rounds) => {
    for (let r = 0; r < rounds; r++) for (const t of transformations) pattern = pattern.applyTransformation(t);
  };
  run(50); // warm-up
  let rounds = 50;
  let elapsed;
  for (;;) {
    const t0 = performance.now();
    run(rounds);
    elapsed = (performance.now() - t0) / 1000;
    if (elapsed > 1.0) break;
    rounds *= 2;
  }
  const perSecond = (rounds * SEQUENCE) / elapsed;
  console.log(`${id}: cubing.js applyTransformation ${(perSecond / 1e6).toFixed(2)} M moves/s`);
}

for (const id of ["3x3x3", "megaminx", "5x5x5"]) await bench(id);
process.exit(0);
