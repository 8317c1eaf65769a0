#!/usr/bin/env node
// `npm run bench:peers [-- --json] [-- --quick] [-- --events]`: twistsearch's single-threaded wasm build against cubing.js
// (the real client and peer, pinned devDependency) in Node, on the same puzzles, positions and generator moves.
//
// 1. Solves: `puzzle.solve` vs `experimentalSolveTwips`, time to the first solution: the first call of a
//    fresh process (twistsearch: wasm module + `loadPuzzle` + pruning table; cubing.js: a new search worker,
//    its wasm and its tables) and the median of the following calls (twistsearch keeps its table; cubing.js
//    starts a new worker for every twips call, so its following calls cost about what its first does).
// 2. Random-state scrambles: `puzzle.randomScramble` vs `randomScrambleForEvent` (prefetching off).
// With --events, instead: every cubing.js event, our `randomScrambleForEvent` (twistsearch's main entry)
// vs cubing.js's: the first call of a fresh process (ours: with loading the wasm module), the mean, median,
// 99th percentile and maximum of the warm calls, scramble lengths and the process's peak resident memory.
// Every scramble is applied with cubing.js's KPuzzle of the event, which must accept it and be left unsolved.
//
// Each side of each case runs in its own child process (child.mjs). Every solution and scramble is checked
// here with cubing.js; our solutions must not be longer than the peer's, and our scrambles must be optimal
// (twips' optimal solve of the scrambled position has the same length). A correctness failure exits 1;
// timings never do. Options: --json (one JSON record on stdout), --quick (fewer and smaller cases),
// --only TEXT (cases whose id contains TEXT; with --events: the event IDs, comma-separated), --memory-mb N
// (twistsearch's memoryMB; default: the library's), --timeout S (per side of a case, default 900), --events,
// --count N (with --events: N calls per side, the first and N - 1 warm ones; default 21).

import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

import { Alg } from 'cubing/alg';
import { KPattern } from 'cubing/kpuzzle';
import { experimentalSolveTwips, setSearchDebug } from 'cubing/search';

import { eventInfo, puzzles } from 'cubing/puzzles';

import { scrambleEvents } from '../../js/index.js';
import { eventCases, kpuzzles, scrambleCases, solveCases } from './cases.mjs';

const ROOT = new URL('../../', import.meta.url);
const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url));
const GOAL = 5;

function parseArgs(argv) {
  const args = { json: false, quick: false, events: false, only: null, memoryMB: undefined, timeoutS: 900, count: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--json') args.json = true;
    else if (a === '--quick') args.quick = true;
    else if (a === '--events') args.events = true;
    else if (a === '--only') args.only = value();
    else if (a === '--memory-mb') args.memoryMB = Number(value());
    else if (a === '--timeout') args.timeoutS = Number(value());
    else if (a === '--count') args.count = Number(value());
    else if (a === '--help' || a === '-h') {
      process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 21).join('\n') + '\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (args.memoryMB !== undefined && !(args.memoryMB > 0)) throw new Error('--memory-mb wants a positive number');
  if (!(args.timeoutS > 0)) throw new Error('--timeout wants a positive number of seconds');
  if (args.count !== undefined && !(Number.isInteger(args.count) && args.count >= 2)) throw new Error('--count wants an integer of at least 2');
  return args;
}

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`bench:peers: ${e.message} (see --help)`);
  process.exit(2);
}
// Progress and the table go to stderr with --json, so that stdout holds just the record.
const say = args.json ? (...a) => console.error(...a) : (...a) => console.log(...a);

// The parent's own twips calls (checking our scrambles) log like the children's; keep stdout clean.
setSearchDebug({ logPerf: false, scramblePrefetchLevel: 'none', showWorkerInstantiationWarnings: false });
const consoleLog = console.log;
console.log = (...a) => {
  if (typeof a[0] === 'string' && a[0].startsWith('Search ended')) return;
  consoleLog(...a);
};

// ---------------------------------------------------------------------------------------------------------

function packageVersion(relative) {
  return JSON.parse(readFileSync(new URL(relative, ROOT), 'utf8')).version;
}

function median(xs) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Mean, median, 99th percentile (nearest rank) and maximum of the warm times: a median alone hides a slow tail. */
function summary(xs) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const p99 = s[Math.min(s.length - 1, Math.ceil(0.99 * s.length) - 1)];
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, median: median(s), p99, max: s[s.length - 1] };
}

function fmtSummary(x) {
  return x ? `mean ${fmtMs(x.mean)}, median ${fmtMs(x.median)}, p99 ${fmtMs(x.p99)}, max ${fmtMs(x.max)}` : 'n/a';
}

/** Moves of an alg, as cubing.js counts its top-level nodes (`FR2'` is one move). */
function algLength(alg) {
  return Alg.fromString(alg).experimentalNumChildAlgNodes();
}

function ratio(peerMs, oursMs) {
  if (peerMs == null || oursMs == null || oursMs <= 0) return null;
  return peerMs / oursMs;
}

/** Runs one side of one case in a fresh process. */
function runChild(job, timeoutS) {
  return new Promise((resolve) => {
    const child = fork(CHILD, [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let stderr = '';
    let reply = null;
    child.stdout.on('data', (d) => (stderr += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      reply = { ok: false, error: `timed out after ${timeoutS} s`, timedOut: true };
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.on('message', (m) => {
      if (!reply) reply = m;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!reply) {
        const tail = stderr.trim().split('\n').slice(-5).join(' | ');
        reply = { ok: false, error: `child exited (${signal ?? code}) without a result: ${tail}` };
      }
      resolve(reply);
    });
    child.send(job);
  });
}

function firstLine(text) {
  return String(text).split('\n')[0];
}

// ---------------------------------------------------------------------------------------------------------

const failures = [];
function fail(caseId, message) {
  failures.push(`${caseId}: ${message}`);
  say(`  CORRECTNESS FAILURE: ${message}`);
}

function timing(side) {
  if (!side.ok) return { error: firstLine(side.error), timedOut: side.timedOut ?? false };
  return {
    firstMs: side.firstMs,
    warmMs: side.warmMs,
    warmMedianMs: median(side.warmMs),
    warm: summary(side.warmMs),
    ...(side.loadMs !== undefined ? { loadMs: side.loadMs } : {}),
    ...(side.table ? { table: side.table } : {}),
  };
}

async function runSolveCase(c) {
  const { search, check } = await kpuzzles(c.puzzle);
  const solved = check.defaultPattern();
  const patterns = c.inputs.map((input) => {
    const p = search.defaultPattern().applyAlg(input.alg);
    // The added derived moves mean what cubing.js's own KPuzzle makes of them.
    const q = check.defaultPattern().applyAlg(input.alg);
    if (!new KPattern(check, p.patternData).isIdentical(q)) throw new Error(`${c.id}: derived moves disagree`);
    return p.patternData;
  });
  const job = { kind: 'solve', puzzle: c.puzzle, generatorMoves: c.generatorMoves, patterns, memoryMB: args.memoryMB };
  say(`${c.id}: ${patterns.length} positions, generators ${c.generatorMoves.join(',')}`);
  const peer = await runChild({ ...job, side: 'peer' }, args.timeoutS);
  say(peer.ok ? `  cubing.js: first ${fmtMs(peer.firstMs)}, then ${peer.warmMs.map(fmtMs).join(', ')}` : `  cubing.js: n/a (${firstLine(peer.error)})`);
  const ours = await runChild({ ...job, side: 'ours' }, args.timeoutS);
  const tableNote = ours.table ? `, table ${(ours.table.tableBytes / 2 ** 20).toFixed(1)} MiB to depth ${ours.table.tableDepth}` : '';
  say(ours.ok ? `  twistsearch: first ${fmtMs(ours.firstMs)} (load ${fmtMs(ours.loadMs)}${tableNote}), then ${ours.warmMs.map(fmtMs).join(', ')}` : `  twistsearch: FAILED (${firstLine(ours.error)})`);

  const record = {
    id: c.id,
    puzzle: c.puzzle,
    generatorMoves: c.generatorMoves,
    positions: c.inputs.map((i) => i.description),
    peer: timing(peer),
    ours: timing(ours),
    ratio: { first: null, warm: null },
    verified: false,
  };
  const solves = (pattern, alg) => new KPattern(check, pattern).applyAlg(alg).isIdentical(solved);
  let ok = true;
  if (peer.ok) {
    record.peer.solutions = peer.results;
    record.peer.lengths = peer.results.map(algLength);
    peer.results.forEach((alg, i) => {
      if (!solves(patterns[i], alg)) {
        ok = false;
        fail(c.id, `cubing.js's solution ${i + 1} "${alg}" does not solve its position`);
      }
    });
  }
  if (!ours.ok) {
    ok = false;
    fail(c.id, `twistsearch failed: ${firstLine(ours.error)}`);
  } else {
    record.ours.solutions = ours.results;
    record.ours.lengths = ours.results.map(algLength);
    ours.results.forEach((alg, i) => {
      if (!solves(patterns[i], alg)) {
        ok = false;
        fail(c.id, `our solution ${i + 1} "${alg}" does not solve its position`);
      }
      if (peer.ok && record.ours.lengths[i] > record.peer.lengths[i]) {
        ok = false;
        fail(c.id, `our solution ${i + 1} "${alg}" (${record.ours.lengths[i]}) is longer than cubing.js's "${peer.results[i]}" (${record.peer.lengths[i]})`);
      }
    });
  }
  record.verified = ok;
  if (peer.ok && ours.ok) {
    record.ratio.first = ratio(peer.firstMs, ours.firstMs);
    record.ratio.warm = ratio(record.peer.warmMedianMs, record.ours.warmMedianMs);
  }
  return record;
}

async function runScrambleCase(c) {
  const { search, check } = await kpuzzles(c.puzzle);
  const solved = check.defaultPattern();
  const job = { kind: 'scramble', puzzle: c.puzzle, generatorMoves: c.generatorMoves, count: c.count, event: c.event, memoryMB: args.memoryMB };
  say(`${c.id}: ${c.count} scrambles; cubing.js event "${c.event}", twistsearch generators ${c.generatorMoves.join(',')}`);
  const peer = await runChild({ ...job, side: 'peer' }, args.timeoutS);
  say(peer.ok ? `  cubing.js: first ${fmtMs(peer.firstMs)}, then ${peer.warmMs.map(fmtMs).join(', ')}` : `  cubing.js: n/a (${firstLine(peer.error)})`);
  const ours = await runChild({ ...job, side: 'ours' }, args.timeoutS);
  say(ours.ok ? `  twistsearch: first ${fmtMs(ours.firstMs)} (load ${fmtMs(ours.loadMs)}), then ${ours.warmMs.map(fmtMs).join(', ')}` : `  twistsearch: FAILED (${firstLine(ours.error)})`);

  const record = {
    id: c.id,
    puzzle: c.puzzle,
    event: c.event,
    generatorMoves: c.generatorMoves,
    peer: timing(peer),
    ours: timing(ours),
    ratio: { first: null, warm: null },
    verified: false,
  };
  let ok = true;
  if (peer.ok) {
    record.peer.scrambles = peer.results;
    record.peer.lengths = peer.results.map(algLength);
    for (const s of peer.results) {
      try {
        solved.applyAlg(s);
      } catch (e) {
        ok = false;
        fail(c.id, `cubing.js's scramble "${s}" does not apply: ${e.message}`);
      }
    }
  }
  if (!ours.ok) {
    ok = false;
    fail(c.id, `twistsearch failed: ${firstLine(ours.error)}`);
  } else {
    record.ours.scrambles = ours.results;
    record.ours.lengths = ours.results.map(algLength);
    // Each scramble: only generator moves, applies on cubing.js's KPuzzle, and is optimal: twips (an
    // independent optimal solver) needs exactly as many moves to solve the position it reaches.
    record.ours.twipsOptimalLengths = [];
    for (const [i, s] of ours.results.entries()) {
      const alg = Alg.fromString(s);
      const families = [...alg.childAlgNodes()].map((m) => m.family ?? String(m));
      const foreign = families.filter((f) => !c.generatorMoves.includes(f));
      if (foreign.length) {
        ok = false;
        fail(c.id, `our scramble "${s}" uses moves outside the generators: ${foreign.join(' ')}`);
        continue;
      }
      let pattern;
      try {
        pattern = solved.applyAlg(s);
      } catch (e) {
        ok = false;
        fail(c.id, `our scramble "${s}" does not apply: ${e.message}`);
        continue;
      }
      const twips = (await experimentalSolveTwips(search, new KPattern(search, pattern.patternData), { generatorMoves: c.generatorMoves })).toString();
      if (!pattern.applyAlg(twips).isIdentical(solved)) {
        ok = false;
        fail(c.id, `twips' solution "${twips}" of our scramble ${i + 1} does not solve it`);
        continue;
      }
      const n = algLength(twips);
      record.ours.twipsOptimalLengths.push(n);
      if (n !== record.ours.lengths[i]) {
        ok = false;
        fail(c.id, `our scramble ${i + 1} "${s}" has ${record.ours.lengths[i]} moves; its position's optimum (twips) is ${n}`);
      }
    }
  }
  record.verified = ok;
  if (peer.ok && ours.ok) {
    record.ratio.first = ratio(peer.firstMs, ours.firstMs);
    record.ratio.warm = ratio(record.peer.warmMedianMs, record.ours.warmMedianMs);
  }
  return record;
}

/** Whether a pattern is solved as cubing.js judges it (up to orientation), or identical to solved where it cannot judge. */
function isSolved(pattern) {
  try {
    return pattern.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true });
  } catch {
    return pattern.isIdentical(pattern.kpuzzle.defaultPattern());
  }
}

/** Checks one event's scrambles with cubing.js's KPuzzle of the event: each applies and leaves it unsolved. */
async function checkEventScrambles(c, who, scrambles) {
  const puzzleID = eventInfo(c.event)?.puzzleID ?? c.puzzle;
  const kpuzzle = await puzzles[puzzleID].kpuzzle();
  let ok = true;
  for (const s of scrambles) {
    try {
      if (isSolved(kpuzzle.defaultPattern().applyAlg(s))) {
        ok = false;
        fail(c.id, `${who} scramble "${s}" leaves the puzzle solved`);
      }
    } catch (e) {
      ok = false;
      fail(c.id, `${who} scramble "${s}" does not apply: ${e.message}`);
    }
  }
  return ok;
}

/** Moves of a scramble (cubing.js's moves among its top-level nodes: no newlines or pauses). */
function moveLength(alg) {
  return [...Alg.fromString(alg).childAlgNodes()].filter((n) => n.family !== undefined).length;
}

async function runEventCase(c) {
  const job = { kind: 'event', event: c.event, count: c.count };
  say(`${c.id}: ${c.count} scrambles of event "${c.event}" (${c.puzzle})`);
  const peer = await runChild({ ...job, side: 'peer' }, args.timeoutS);
  say(peer.ok ? `  cubing.js: first ${fmtMs(peer.firstMs)}, then ${fmtSummary(summary(peer.warmMs))}` : `  cubing.js: n/a (${firstLine(peer.error)})`);
  const ours = await runChild({ ...job, side: 'ours' }, args.timeoutS);
  say(ours.ok ? `  twistsearch: first ${fmtMs(ours.firstMs)} (load ${fmtMs(ours.loadMs)}), then ${fmtSummary(summary(ours.warmMs))}` : `  twistsearch: ${c.supported ? 'FAILED' : 'refused'} (${firstLine(ours.error)})`);
  const record = { id: c.id, event: c.event, puzzle: c.puzzle, supported: c.supported, peer: timing(peer), ours: timing(ours), ratio: { first: null, warm: null }, verified: false };
  let ok = true;
  for (const [side, name, who] of [[peer, 'peer', "cubing.js's"], [ours, 'ours', 'our']]) {
    if (!side.ok) continue;
    Object.assign(record[name], { scrambles: side.results, lengths: side.results.map(moveLength), memory: side.memory });
    if (!(await checkEventScrambles(c, who, side.results))) ok = false;
  }
  // An event twistsearch lists as unsupported must be refused with an error naming it; a supported one must work.
  if (!ours.ok && (c.supported || !firstLine(ours.error).includes(`event ${c.event}:`))) {
    ok = false;
    fail(c.id, `twistsearch failed: ${firstLine(ours.error)}`);
  }
  if (ours.ok && !c.supported) {
    ok = false;
    fail(c.id, 'twistsearch lists this event as unsupported but scrambled it');
  }
  record.verified = ok;
  if (peer.ok && ours.ok) {
    record.ratio.first = ratio(peer.firstMs, ours.firstMs);
    record.ratio.warm = ratio(record.peer.warmMedianMs, record.ours.warmMedianMs);
  }
  return record;
}

// ---------------------------------------------------------------------------------------------------------
// Formatting

function fmtMs(ms) {
  if (ms == null) return 'n/a';
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms)} ms`;
}

function fmtRatio(r) {
  if (r == null) return 'n/a';
  if (r < 1) return `${r.toFixed(2)}x`;
  if (r < 10) return `${r.toFixed(1)}x`;
  return `${Math.round(r)}x`;
}

function verdict(r) {
  if (r == null) return '';
  if (r >= GOAL) return '';
  return r < 1 ? ' SLOWER' : ` <${GOAL}x`;
}

function fmtLengths(side) {
  if (!side.lengths) return 'n/a';
  return side.lengths.join(' ');
}

function fmtLengthSummary(side) {
  if (!side.lengths) return 'n/a';
  const l = side.lengths;
  const mean = l.reduce((a, b) => a + b, 0) / l.length;
  return `${mean.toFixed(1)} [${Math.min(...l)}-${Math.max(...l)}]`;
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '| ' + cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
  return [line(headers), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map(line)].join('\n');
}

function solveRows(records) {
  return records.map((r) => [
    r.id,
    r.positions.length,
    r.peer.error ? `n/a: ${r.peer.error}` : fmtMs(r.peer.firstMs),
    r.ours.error ? 'FAILED' : fmtMs(r.ours.firstMs),
    fmtRatio(r.ratio.first) + verdict(r.ratio.first),
    r.peer.error ? 'n/a' : fmtMs(r.peer.warmMedianMs),
    r.ours.error ? 'FAILED' : fmtMs(r.ours.warmMedianMs),
    fmtRatio(r.ratio.warm) + verdict(r.ratio.warm),
    fmtLengths(r.peer),
    fmtLengths(r.ours),
    r.verified ? 'ok' : 'FAIL',
  ]);
}

function scrambleRows(records) {
  return records.map((r) => [
    `${r.id} (${r.event})`,
    r.ours.scrambles?.length ?? r.peer.scrambles?.length ?? 'n/a',
    r.peer.error ? `n/a: ${r.peer.error}` : fmtMs(r.peer.firstMs),
    r.ours.error ? 'FAILED' : fmtMs(r.ours.firstMs),
    fmtRatio(r.ratio.first) + verdict(r.ratio.first),
    r.peer.error ? 'n/a' : fmtMs(r.peer.warmMedianMs),
    r.ours.error ? 'FAILED' : fmtMs(r.ours.warmMedianMs),
    fmtRatio(r.ratio.warm) + verdict(r.ratio.warm),
    fmtLengthSummary(r.peer),
    fmtLengthSummary(r.ours),
    r.verified ? 'ok' : 'FAIL',
  ]);
}

function fmtMiB(bytes) {
  return bytes == null ? 'n/a' : `${Math.round(bytes / 2 ** 20)}`;
}

function eventRows(records) {
  const first = (side, supported) => (side.error ? (supported === false ? 'refused' : 'FAILED') : fmtMs(side.firstMs));
  const warm = (side, supported) => (side.error ? (supported === false ? 'refused' : 'FAILED') : fmtMs(side.warmMedianMs));
  const tail = (side, key) => (side.error || !side.warm ? 'n/a' : fmtMs(side.warm[key]));
  return records.map((r) => [
    r.event,
    r.ours.scrambles?.length ?? r.peer.scrambles?.length ?? 'n/a',
    r.peer.error ? 'n/a' : fmtMs(r.peer.firstMs),
    first(r.ours, r.supported),
    fmtRatio(r.ratio.first),
    r.peer.error ? 'n/a' : fmtMs(r.peer.warmMedianMs),
    warm(r.ours, r.supported),
    fmtRatio(r.ratio.warm),
    tail(r.peer, 'mean'),
    tail(r.ours, 'mean'),
    tail(r.peer, 'p99'),
    tail(r.ours, 'p99'),
    tail(r.peer, 'max'),
    tail(r.ours, 'max'),
    fmtLengthSummary(r.peer),
    fmtLengthSummary(r.ours),
    fmtMiB(r.peer.memory?.maxRss),
    fmtMiB(r.ours.memory?.maxRss),
    r.verified ? 'ok' : 'FAIL',
  ]);
}

// ---------------------------------------------------------------------------------------------------------

/** Runs the cases the arguments select: the solve and scramble cases, or with --events the event cases. */
async function runCases() {
  if (args.events) {
    const ids = args.only ? args.only.split(',') : null;
    const cases = eventCases(await scrambleEvents(), { quick: args.quick, count: args.count }).filter((c) => !ids || ids.includes(c.id));
    const events = [];
    for (const c of cases) events.push(await runEventCase(c));
    return { solves: [], scrambles: [], events };
  }
  const only = (c) => !args.only || c.id.includes(args.only);
  const solves = [];
  for (const c of solveCases({ quick: args.quick }).filter(only)) solves.push(await runSolveCase(c));
  const scrambles = [];
  for (const c of scrambleCases({ quick: args.quick }).filter(only)) scrambles.push(await runScrambleCase(c));
  return { solves, scrambles, events: [] };
}

function printTables(solves, scrambles, events) {
  const headers = ['case', 'n', 'cubing.js first', 'ours first', 'ratio first', 'cubing.js warm', 'ours warm', 'ratio warm', 'len cubing.js', 'len ours', 'check'];
  if (solves.length) {
    say('');
    say('Solves (time to the first solution; ratio = cubing.js / twistsearch; lengths per position)');
    say(table(headers, solveRows(solves)));
  }
  if (scrambles.length) {
    say('');
    say('Random-state scrambles (lengths: mean [min-max])');
    say(table(headers, scrambleRows(scrambles)));
  }
  if (events.length) {
    say('');
    say('randomScrambleForEvent (first: fresh process, ours with loading wasm; warm: median, then the warm calls\' mean, 99th percentile and maximum; ratio = cubing.js / twistsearch on the median; lengths in moves: mean [min-max]; RSS: peak resident MiB of the process)');
    const tailHeaders = ['mean cubing.js', 'mean ours', 'p99 cubing.js', 'p99 ours', 'max cubing.js', 'max ours'];
    const eventHeaders = [...headers.slice(0, 8), ...tailHeaders, ...headers.slice(8, 10), 'RSS cubing.js', 'RSS ours', 'check'];
    eventHeaders[0] = 'event';
    say(table(eventHeaders, eventRows(events)));
  }
}

async function main() {
  if (!existsSync(new URL('pkg/single/twistsearch_bg.wasm', ROOT))) {
    throw new Error('pkg/single is missing: build it first with `bash scripts/build-wasm.sh single`');
  }
  const started = new Date();
  const loadBefore = os.loadavg();
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageBefore: loadBefore,
  };
  say(`twistsearch ${packageVersion('package.json')} (single-threaded wasm) vs cubing.js ${packageVersion('node_modules/cubing/package.json')}, Node ${process.version}, ${machine.cpus} CPUs (${machine.cpuModel})`);
  say(`load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}${loadBefore[0] > 0.5 ? '  (the machine is busy: timings are disturbed; rerun when it is idle)' : ''}`);
  if (args.memoryMB !== undefined) say(`twistsearch memoryMB: ${args.memoryMB}`);

  const { solves, scrambles, events } = await runCases();
  machine.loadAverageAfter = os.loadavg();

  const ratios = [...solves, ...scrambles].flatMap((r) => [
    { id: r.id, call: 'first', ratio: r.ratio.first },
    { id: r.id, call: 'warm', ratio: r.ratio.warm },
  ]);
  const belowGoal = ratios.filter((x) => x.ratio != null && x.ratio < GOAL);
  const peerUnavailable = [...solves, ...scrambles, ...events].filter((r) => r.peer.error).map((r) => `${r.id}: ${r.peer.error}`);

  const record = {
    benchmark: 'twistsearch bench:peers',
    command: `npm run bench:peers -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, ''),
    date: started.toISOString(),
    twistsearch: { version: packageVersion('package.json'), build: 'single', memoryMB: args.memoryMB ?? 'default' },
    peer: { package: 'cubing', version: packageVersion('node_modules/cubing/package.json') },
    machine,
    quick: args.quick,
    mode: args.events ? 'events' : 'solves and scrambles',
    goalRatio: GOAL,
    notes: [
      'times in ms, wall clock around the public API calls; each side of each case in a fresh Node process',
      "first: the process's first call (twistsearch: wasm module + loadPuzzle + table; cubing.js: new worker + its wasm + tables)",
      'warm: median of the following calls (cubing.js starts a new twips worker for every solve)',
      'ratio = cubing.js time / twistsearch time (above 1: twistsearch is faster)',
    ],
    solves,
    scrambles,
    ...(args.events ? { events } : {}),
    belowGoal,
    peerUnavailable,
    failures,
    ok: failures.length === 0,
  };

  printTables(solves, scrambles, events);
  say('');
  say(`load average after: ${machine.loadAverageAfter.map((x) => x.toFixed(2)).join(' ')}`);
  if (belowGoal.length) say(`below the ${GOAL}x goal: ${belowGoal.map((x) => `${x.id} (${x.call} ${fmtRatio(x.ratio)})`).join('; ')}`);
  if (peerUnavailable.length) say(`cubing.js n/a: ${peerUnavailable.join('; ')}`);
  if (failures.length) say(`CORRECTNESS FAILURES (${failures.length}):\n  ${failures.join('\n  ')}`);
  else if (args.events) say('every scramble (ours and cubing.js\'s) applies with cubing.js and leaves its puzzle unsolved; unsupported events are refused by name');
  else say(`all solutions and scrambles verified with cubing.js; no solution of ours is longer than cubing.js's${peerUnavailable.length ? ' (where it answered)' : ''}`);
  if (args.json) process.stdout.write(JSON.stringify(record) + '\n');
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e?.stack ?? e);
    process.exit(2);
  },
);
