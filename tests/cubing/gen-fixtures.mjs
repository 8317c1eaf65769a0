#!/usr/bin/env node
// Generates cross-implementation fixtures for twistsearch from the real
// cubing.js (pinned in package.json).
//
// For every puzzle in PUZZLES this writes ../data/cubing-fixtures/<id>.json:
//   { puzzle, cubingVersion, definition, cases: [ { alg, pattern }, ... ] }
// where `definition` is cubing.js's KPuzzle definition (function-valued
// fields removed) and `pattern` is
//   kpuzzle.defaultPattern().applyAlg(alg).patternData
// for 100 seeded-random algs (the first one is the empty alg).
// It also writes ../data/cubing-fixtures/INDEX.json.
//
// Usage:
//   node gen-fixtures.mjs           write the fixture files
//   node gen-fixtures.mjs --check   regenerate in memory, compare byte-for-byte
//                                   with the files on disk; exit 1 on any
//                                   difference, 0 when everything matches

import { readdir, readFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Alg, Move } from "cubing/alg";
import { KPuzzle } from "cubing/kpuzzle";
import { puzzles } from "cubing/puzzles";

const CUBING_VERSION = "0.63.4";
const CASES_PER_PUZZLE = 100;
const MAX_MOVES = 25; // move tokens written in one alg (not expanded)
const MAX_DEPTH = 2; // nesting depth of groupings/commutators/conjugates
const COVERAGE_CHUNK = 8; // move names per "every name once" case

// Puzzle id -> fixed PRNG seed. Changing a seed changes that fixture.
const PUZZLES = [
  ["2x2x2", 0x2222_0001],
  ["3x3x3", 0x3333_0001],
  ["4x4x4", 0x4444_0001],
  ["5x5x5", 0x5555_0001],
  ["megaminx", 0x3e6a_0001],
  ["kilominx", 0x6c11_0001],
  ["skewb", 0x5ce3_0001],
  ["pyraminx", 0x9e7a_0001],
  ["master_tetraminx", 0x3a57_0001],
  ["fto", 0xf70f_0001],
  ["baby_fto", 0xbaf7_0001],
  ["clock", 0xc10c_0001],
  ["redi_cube", 0x7ed1_0001],
  ["melindas2x2x2x2", 0x3e11_0001],
];

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, "..", "data", "cubing-fixtures");

// ---------------------------------------------------------------------------
// Seeded PRNG: a 32-bit Weyl counter (step = 2^32 / golden ratio) pushed
// through an xor-shift/multiply avalanche. Only 32-bit integer ops, so the
// sequence is identical on every JS engine.
function makeRng(seed) {
  let counter = seed >>> 0;
  const nextU32 = () => {
    counter = (counter + 0x9e3779b9) >>> 0;
    let x = counter;
    x ^= x >>> 16;
    x = Math.imul(x, 0x7feb352d);
    x ^= x >>> 15;
    x = Math.imul(x, 0x846ca68b);
    x ^= x >>> 16;
    return x >>> 0;
  };
  const rng = {
    // uniform integer in [0, n)
    int(n) {
      return nextU32() % n;
    },
    // inclusive range
    range(lo, hi) {
      return lo + rng.int(hi - lo + 1);
    },
    pick(arr) {
      return arr[rng.int(arr.length)];
    },
    // weighted pick from [[weight, value], ...]
    weighted(table) {
      const total = table.reduce((s, [w]) => s + w, 0);
      let r = rng.int(total);
      for (const [w, v] of table) {
        if (r < w) return v;
        r -= w;
      }
      throw new Error("unreachable");
    },
    shuffled(arr) {
      const a = [...arr];
      for (let i = a.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [a[i], a[j]] = [a[j], a[i]];
      }
      return a;
    },
  };
  return rng;
}

// ---------------------------------------------------------------------------
// Move names.

// A definition move name is usable when
//  1. cubing.js parses its alg-string form back as exactly that move: one Move
//     node whose quantum is the name, amount 1. Names such as `y2` or `U2` fail
//     this (they parse as `y` / `U` with amount 2; cubing.js resolves them only
//     through a whole-move fallback, for amounts +-1 only). Clock names such as
//     `UL_PLUS_` pass: their alg-string form is clock notation (`UL1+`).
//  2. the puzzle's own KPuzzle (which for puzzle-geometry puzzles resolves
//     moves through PG notation, not through `definition.moves`) accepts it,
//     for every amount we emit, and gives the same transformation as a KPuzzle
//     built from the bare definition (the semantics twistsearch reproduces).
function classifyMoveNames(kpuzzle, plainKPuzzle) {
  const definition = kpuzzle.definition;
  const all = [
    ...Object.keys(definition.moves),
    ...Object.keys(definition.derivedMoves ?? {}),
  ];
  const usable = [];
  const dropped = [];
  for (const name of all) {
    let reason = null;
    let quantum = null;
    try {
      const nodes = [...new Alg(name).childAlgNodes()];
      const move = nodes.length === 1 ? nodes[0].as(Move) : null;
      if (!move) {
        reason = "does not parse as a single move";
      } else if (move.quantum.toString() !== name || move.amount !== 1) {
        reason = `parses as \`${move.quantum.toString()}\` with amount ${move.amount}`;
      } else {
        quantum = move.quantum;
        const str = move.toString();
        const back = [...new Alg(str).childAlgNodes()];
        const m2 = back.length === 1 ? back[0].as(Move) : null;
        if (!m2 || m2.quantum.toString() !== name || m2.amount !== 1) {
          reason = `alg-string form \`${str}\` does not round-trip`;
        }
      }
    } catch (e) {
      reason = `parse error: ${e.message}`;
    }
    if (!reason) {
      for (const [, amount] of AMOUNTS) {
        const move = new Move(quantum, amount);
        let official;
        try {
          official = kpuzzle.moveToTransformation(move);
        } catch (e) {
          reason = `cubing.js KPuzzle rejects \`${move}\`: ${e.message}`;
          break;
        }
        const fromDefinition = plainKPuzzle.moveToTransformation(move);
        if (
          !isSamePattern(
            kpuzzle.defaultPattern().applyTransformation(official),
            plainKPuzzle.defaultPattern().applyTransformation(fromDefinition),
          )
        ) {
          reason = `\`${move}\` differs between the puzzle's KPuzzle and definition.moves`;
          break;
        }
      }
    }
    if (reason) dropped.push({ name, reason });
    else usable.push({ name, quantum });
  }
  return { usable, dropped };
}

// Patterns from two different KPuzzle objects (same definition).
function isSamePattern(p1, p2) {
  return JSON.stringify(p1.patternData) === JSON.stringify(p2.patternData);
}

const AMOUNTS = [
  [40, 1],
  [25, -1],
  [15, 2],
  [8, -2],
  [7, 3],
  [2, -3],
  [1, 4],
  [1, 5],
  [1, 7],
];

function moveToken(rng, moveName) {
  return new Move(moveName.quantum, rng.weighted(AMOUNTS)).toString();
}

// ---------------------------------------------------------------------------
// Random alg strings with structure. Every generator returns
// { str, moves, ... } where `moves` counts move tokens written.

const GROUPING_SUFFIXES = [
  [30, ""],
  [25, "2"],
  [25, "'"],
  [10, "3"],
  [10, "2'"],
];

function genSequence(rng, names, budget, depth) {
  const parts = [];
  let used = 0;
  while (used < budget) {
    const left = budget - used;
    const kind =
      depth < MAX_DEPTH && left >= 2
        ? rng.weighted([
            [70, "move"],
            [10, "grouping"],
            [10, "commutator"],
            [10, "conjugate"],
          ])
        : "move";
    let node;
    if (kind === "move") {
      node = { str: moveToken(rng, rng.pick(names)), moves: 1 };
    } else if (kind === "grouping") {
      const inner = genSequence(rng, names, rng.range(1, Math.min(left, 6)), depth + 1);
      if (inner.singleBracket) {
        // cubing.js writes a repeated lone commutator/conjugate without the
        // parentheses (`[R, U]2`), so emit that canonical form, always with
        // an explicit amount.
        const suffix = rng.weighted(GROUPING_SUFFIXES.filter(([, s]) => s !== ""));
        node = { str: `${inner.str}${suffix}`, moves: inner.moves };
      } else {
        node = { str: `(${inner.str})${rng.weighted(GROUPING_SUFFIXES)}`, moves: inner.moves };
      }
    } else {
      const total = rng.range(2, Math.min(left, 8));
      const aLen = rng.range(1, total - 1);
      const a = genSequence(rng, names, aLen, depth + 1);
      const b = genSequence(rng, names, total - aLen, depth + 1);
      const sep = kind === "commutator" ? ", " : ": ";
      node = { str: `[${a.str}${sep}${b.str}]`, moves: a.moves + b.moves, bracket: true };
    }
    parts.push(node);
    used += node.moves;
  }
  return {
    str: parts.map((p) => p.str).join(" "),
    moves: used,
    singleBracket: parts.length === 1 && parts[0].bracket === true,
  };
}

function genAlgStrings(rng, names) {
  const algs = [""];
  // Every usable name at least once, in plain sequences.
  const order = rng.shuffled(names);
  for (let i = 0; i < order.length; i += COVERAGE_CHUNK) {
    algs.push(order.slice(i, i + COVERAGE_CHUNK).map((n) => moveToken(rng, n)).join(" "));
  }
  while (algs.length < CASES_PER_PUZZLE) {
    const [lo, hi] = rng.weighted([
      [20, [1, 5]],
      [50, [6, 15]],
      [30, [16, MAX_MOVES]],
    ]);
    const len = rng.range(lo, hi);
    algs.push(genSequence(rng, names, len, 0).str);
  }
  return algs.slice(0, CASES_PER_PUZZLE);
}

// ---------------------------------------------------------------------------
// JSON helpers.

// Deep copy keeping only JSON data; function-valued fields are dropped.
function plainData(value, path = "definition") {
  if (typeof value === "function") return undefined;
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${path}: non-finite number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => plainData(v, `${path}[${i}]`));
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new Error(`${path}: unexpected ${proto?.constructor?.name} object`);
    }
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const c = plainData(v, `${path}.${k}`);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  throw new Error(`${path}: unexpected ${typeof value}`);
}

// Pretty JSON with 2-space indent, but arrays of numbers on one line.
function stringify(value, indent = "") {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "number")) return `[${value.join(", ")}]`;
    if (value.length === 0) return "[]";
    const inner = indent + "  ";
    return `[\n${value.map((v) => inner + stringify(v, inner)).join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = indent + "  ";
    return `{\n${entries
      .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${stringify(v, inner)}`)
      .join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

// patternData in definition orbit order, orientationMod only when present.
function patternJson(definition, patternData) {
  const out = {};
  for (const { orbitName } of definition.orbits) {
    const orbit = patternData[orbitName];
    const o = { pieces: [...orbit.pieces], orientation: [...orbit.orientation] };
    if (orbit.orientationMod) o.orientationMod = [...orbit.orientationMod];
    out[orbitName] = o;
  }
  return out;
}

// ---------------------------------------------------------------------------

async function buildPuzzle(id, seed) {
  const kpuzzle = await puzzles[id].kpuzzle();
  const definition = kpuzzle.definition;
  const plainKPuzzle = new KPuzzle(definition); // definition.moves/derivedMoves only
  const { usable, dropped } = classifyMoveNames(kpuzzle, plainKPuzzle);
  if (usable.length === 0) throw new Error(`${id}: no usable move names`);
  const rng = makeRng(seed);
  const algs = genAlgStrings(rng, usable);
  const solved = kpuzzle.defaultPattern();
  const cases = algs.map((alg) => {
    const parsed = new Alg(alg);
    if (parsed.toString() !== alg) {
      throw new Error(`${id}: alg does not round-trip: ${alg} -> ${parsed}`);
    }
    const pattern = solved.applyAlg(parsed);
    // Sanity: undoing the alg must give the solved pattern back.
    if (!pattern.applyAlg(parsed.invert()).isIdentical(solved)) {
      throw new Error(`${id}: alg followed by its inverse is not solved: ${alg}`);
    }
    // The definition alone must give the same pattern.
    if (!isSamePattern(pattern, plainKPuzzle.defaultPattern().applyAlg(parsed))) {
      throw new Error(`${id}: puzzle KPuzzle and bare definition disagree on: ${alg}`);
    }
    return { alg, pattern: patternJson(definition, pattern.patternData) };
  });
  const fixture = {
    puzzle: id,
    cubingVersion: CUBING_VERSION,
    definition: plainData(definition),
    cases,
  };
  return {
    id,
    file: `${id}.json`,
    text: stringify(fixture) + "\n",
    moveNames: usable.map((n) => n.name),
    dropped,
    cases: cases.length,
  };
}

async function main() {
  const check = process.argv.includes("--check");
  const installed = JSON.parse(
    await readFile(join(here, "node_modules", "cubing", "package.json"), "utf8"),
  ).version;
  if (installed !== CUBING_VERSION) {
    console.error(`cubing ${installed} is installed, expected ${CUBING_VERSION}: run \`npm ci\` in ${here}`);
    return 1;
  }

  const outputs = new Map(); // file name -> text
  const index = [];
  for (const [id, seed] of PUZZLES) {
    const t0 = Date.now();
    const p = await buildPuzzle(id, seed);
    outputs.set(p.file, p.text);
    index.push({ puzzle: id, file: p.file, cases: p.cases, moveNames: p.moveNames });
    const note = p.dropped.length
      ? `; dropped ${p.dropped.map((d) => `${d.name} (${d.reason})`).join(", ")}`
      : "";
    console.log(`${id}: ${p.cases} cases, ${p.moveNames.length} move names, ${Date.now() - t0} ms${note}`);
  }
  outputs.set("INDEX.json", stringify(index) + "\n");

  if (!check) {
    await mkdir(outDir, { recursive: true });
    for (const [file, text] of outputs) await writeFile(join(outDir, file), text);
    console.log(`wrote ${outputs.size} files to ${outDir}`);
    return 0;
  }

  const problems = [];
  for (const [file, text] of outputs) {
    let onDisk;
    try {
      onDisk = await readFile(join(outDir, file), "utf8");
    } catch {
      problems.push(`${file}: missing`);
      continue;
    }
    if (onDisk !== text) problems.push(`${file}: differs`);
  }
  let present = [];
  try {
    present = await readdir(outDir);
  } catch {}
  for (const file of present) {
    if (file.endsWith(".json") && !outputs.has(file)) problems.push(`${file}: not produced by the generator`);
  }
  if (problems.length) {
    console.error(`fixtures are out of date (run \`node gen-fixtures.mjs\`):`);
    for (const p of problems) console.error(`  ${p}`);
    return 1;
  }
  console.log(`all ${outputs.size} fixture files match`);
  return 0;
}

// cubing.js may leave handles (workers, timers) open; exit explicitly.
main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
