// The twistsearch demo: cubing.js puzzles, scrambles, optimal solves in a Web Worker (threaded build when
// the page is cross-origin isolated), canonical counts, the algorithm finder and God's algorithm.
//
// For tests and the curious, `window.demo` holds the page's state: `ready` (a promise of the worker's
// `{build, threads, …}`), `puzzle` (the loaded puzzle's id), `lastScramble`, `lastSolve`, `lastCancel`,
// `lastCanon`, `lastGod`, `lastFindAlgs` (the find-algs panel's result, each alg with cubing.js's
// verdict), `algsShown` (the alg its player plays), `lastError`, `busy`; for the event panel `events`
// (`scrambleEvents()`), `event` (the picked ID), `lastEventScramble` and `lastEventSolve` (each with
// cubing.js's verdict); for the table cache (the "Cache tables across visits" switch: IndexedDB)
// `tableCacheEvents` (every `onTableCache` event) and `tableCacheWrites()` (resolves once the worker's
// writes are done). Scramble and solve
// results have `tables`: 'loaded' (from the cache), 'refused' (a bad entry, rebuilt), 'built' (not in
// the cache) or null (the tables were in memory already, or no cache).

import { puzzles, twizzleEvents } from 'cubing/puzzles';
import { KPattern } from 'cubing/kpuzzle';
import 'cubing/twisty';
import { TwistsearchWorker } from '../js/worker-client.js';
import { indexedDBTableStore } from '../js/index.js';
import {
  algSignature,
  barChartSVG,
  countsTableHTML,
  defaultMoves,
  esc,
  checkEventSolution,
  checkScramble,
  eventFor,
  eventScrambleKind,
  eventSolver,
  fmtInt,
  fmtMs,
  fmtShort,
  parseMoves,
  randomMoveScramble,
  verifySolution,
} from './lib.js';

const $ = (id) => document.getElementById(id);

/** Groups up to this many positions get twistsearch's optimal random-state scramble by default. */
const RANDOM_STATE_LIMIT = 2_000_000_000n;

/** Random-move scramble lengths that solve in seconds in the browser (default 10). */
const RANDOM_MOVES_LENGTH = { '3x3x3': 10, '4x4x4': 7, '5x5x5': 6, '6x6x6': 5, '7x7x7': 5, megaminx: 7, gigaminx: 5, kilominx: 7, square1: 7, clock: 8 };

const EXAMPLES = {
  'ex-tperm': { puzzle: '3x3x3', alg: "R U R' U' R' F R2 U' R' U' R U R' F'", label: 'T-perm (11 moves optimal)' },
  'ex-checker': { puzzle: '3x3x3', alg: 'U2 D2 F2 B2 L2 R2', label: 'checkerboard (6 moves optimal)' },
};

const demo = {
  ready: null,
  env: null,
  puzzle: null,
  busy: false,
  lastScramble: null,
  lastSolve: null,
  lastCancel: null,
  lastCanon: null,
  lastGod: null,
  lastFindAlgs: null,
  algsShown: null,
  lastError: null,
  event: null,
  events: null,
  lastEventScramble: null,
  lastEventSolve: null,
  tableCacheEvents: [],
  tableCacheWrites: () => worker.tableCacheWrites(),
};
window.demo = demo;

let worker = new TwistsearchWorker();
const entries = new Map();
let direct = null; // the direct API (js/index.js) on the main thread, loaded on first use
let current = null; // {controller, kind, entry, startedAt} of the running operation
let lastProgressPaint = 0;

// ---------------------------------------------------------------------------------------------------
// Environment

demo.ready = (async () => {
  const info = await worker.init();
  const env = {
    build: info.build,
    threads: info.threads,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    hardwareConcurrency: navigator.hardwareConcurrency,
    ...(info.fallbackReason ? { fallbackReason: info.fallbackReason } : {}),
  };
  demo.env = env;
  const box = $('env');
  box.dataset.build = env.build;
  box.dataset.threads = String(env.threads);
  box.dataset.isolated = String(env.crossOriginIsolated);
  box.classList.toggle('single', env.build !== 'threaded');
  box.innerHTML =
    `Worker: <b>${env.build === 'threaded' ? 'threaded' : 'single-threaded'} build</b>, ` +
    `<b id="threads">${env.threads}</b> thread${env.threads === 1 ? '' : 's'} · ` +
    `crossOriginIsolated: <b>${env.crossOriginIsolated}</b> · navigator.hardwareConcurrency: ${env.hardwareConcurrency}` +
    (env.crossOriginIsolated ? '' : ' · <i>not cross-origin isolated: no SharedArrayBuffer, so the single-threaded build; Cancel terminates the worker</i>') +
    (env.fallbackReason ? ` · threaded build failed: ${esc(env.fallbackReason)}` : '');
  return env;
})();
demo.ready.catch((e) => showError($('env'), e));

// ---------------------------------------------------------------------------------------------------
// Table cache: the worker's tables kept in IndexedDB across visits (opt-in, remembered in localStorage)

const TABLE_CACHE_SETTING = 'twistsearch-demo:table-cache';

/** The table-cache events of the running operation (null: none running). */
let opTables = null;

function tableCacheOn() {
  return $('table-cache').checked;
}

function onTableCache(e) {
  demo.tableCacheEvents.push(e);
  opTables?.push(e);
  const what = e.key.split('/')[1] ?? e.key;
  const mb = e.bytes === undefined ? '' : `${(e.bytes / 2 ** 20).toFixed(1)} MB`;
  const text = {
    loaded: `${what} tables loaded from the cache (${mb} in ${fmtMs((e.seconds ?? 0) * 1000)})`,
    missing: `${what} tables not in the cache: building them`,
    refused: `the cached ${what} tables were refused (${e.message}): rebuilding them`,
    writing: `${what} tables stored in the cache (${mb})`,
    error: `table cache: ${e.message}`,
  }[e.type];
  $('table-cache-status').textContent = text ?? '';
}

/** The table-cache options of worker calls and puzzles: every built table is kept ('always'). */
function cacheOptions() {
  return tableCacheOn() ? { tableCache: 'indexeddb', tableCacheWrite: 'always', onTableCache } : {};
}

/** Where an operation's tables came from, by its table-cache events. */
function tablesFrom(events) {
  if (!events || events.length === 0) return null;
  for (const type of ['loaded', 'refused']) if (events.some((e) => e.type === type)) return type;
  return events.some((e) => e.type === 'missing') ? 'built' : null;
}

/** A tag saying where an operation's tables came from ('' when they were in memory or not cached). */
function tablesTag(tables) {
  const text = { loaded: 'tables from the cache', refused: 'cached tables refused: rebuilt', built: 'tables built, cached' }[tables];
  return text ? ` <span class="tag${tables === 'loaded' ? ' cached' : ''}" id="tables-tag" data-tables="${tables}">${text}</span>` : '';
}

async function showCachedCount() {
  if (!tableCacheOn()) {
    $('table-cache-status').textContent = '';
    return;
  }
  const keys = await indexedDBTableStore().keys();
  $('table-cache-status').textContent = `${keys.length} table${keys.length === 1 ? '' : 's'} in this browser's cache`;
}

function setupTableCache() {
  const box = $('table-cache');
  box.checked = localStorage.getItem(TABLE_CACHE_SETTING) === '1';
  box.addEventListener('change', () => {
    localStorage.setItem(TABLE_CACHE_SETTING, box.checked ? '1' : '0');
    // Puzzles are loaded again (with the new setting) when next used.
    for (const p of entries.values()) p.then((e) => e.wp.free()).catch(() => {});
    entries.clear();
    showCachedCount().catch((err) => ($('table-cache-status').textContent = err.message));
  });
  $('table-cache-clear').addEventListener('click', async () => {
    try {
      await indexedDBTableStore().clear();
      $('table-cache-status').textContent = 'cache cleared';
    } catch (err) {
      $('table-cache-status').textContent = `cannot clear the cache: ${err.message}`;
    }
  });
  showCachedCount().catch((err) => ($('table-cache-status').textContent = err.message));
}

// ---------------------------------------------------------------------------------------------------
// Puzzles

/** The loaded puzzle: cubing.js KPuzzle, twistsearch puzzle in the worker, default moves. */
function entry(id) {
  if (!entries.has(id)) {
    const p = (async () => {
      const kpuzzle = await puzzles[id].kpuzzle();
      const wp = await worker.loadPuzzle(kpuzzle, cacheOptions());
      const info = wp.info;
      const { moves, dropped } = defaultMoves(id, kpuzzle, info);
      return { id, kpuzzle, wp, info, moves, dropped, orders: new Map(), groupOrders: new Map(), directPuzzle: null };
    })();
    p.catch(() => entries.delete(id));
    entries.set(id, p);
  }
  return entries.get(id);
}

async function directPuzzle(e) {
  if (!direct) {
    direct = await import('../js/index.js');
    await direct.init();
  }
  e.directPuzzle ??= direct.loadPuzzle(e.kpuzzle, cacheOptions());
  return e.directPuzzle;
}

function movesOption(e) {
  const list = parseMoves($('moves').value);
  return list.length ? list : e.moves;
}

function commonOptions() {
  return { qtm: $('metric').value === 'qtm' };
}

function memoryMB(id = 'memory') {
  const v = Number($(id).value);
  if (!Number.isFinite(v) || v <= 0) throw new Error('the memory budget must be a positive number of MiB');
  return v;
}

/**
 * Frees the pruning tables other puzzles keep in the worker (and on the main thread), so that a page
 * trying many puzzles does not run its WebAssembly memory (at most 4 GiB) out of room.
 */
async function releaseOtherSolvers(keep) {
  for (const [id, p] of entries) {
    if (id === keep.id) continue;
    const e = await p.catch(() => null);
    if (!e) continue;
    if (e.solverKept) {
      e.solverKept = false;
      await e.wp.releaseSolver().catch(() => {});
    }
    if (e.directKept) {
      e.directKept = false;
      await (await e.directPuzzle).releaseSolver().catch(() => {});
    }
  }
}

/** Whether an error means the WebAssembly instance is unusable (a trap): then a fresh worker is started. */
function isFatal(err) {
  return /unreachable|recursive use of an object|RuntimeError|memory access out of bounds/i.test(
    `${err?.name ?? ''} ${err?.message ?? err}`,
  );
}

async function restartWorker(reason) {
  const old = worker;
  worker = new TwistsearchWorker();
  entries.clear();
  old.terminate();
  await worker.init();
  console.warn(`twistsearch demo: started a fresh worker (${reason})`);
}

async function groupOrder(e, moves) {
  const key = moves.join(',');
  if (!e.groupOrders.has(key)) e.groupOrders.set(key, e.wp.order({ generatorMoves: moves }));
  return e.groupOrders.get(key);
}

async function selectPuzzle(id) {
  demo.puzzle = null;
  const infoBox = $('puzzle-info');
  infoBox.textContent = `Loading ${id}…`;
  setPlayerPuzzle(id);
  try {
    const e = await entry(id);
    if ($('puzzle').value !== id) return; // another puzzle was picked meanwhile
    $('moves').value = e.moves.join(',');
    $('god-moves').value = '';
    const len = RANDOM_MOVES_LENGTH[id] ?? 10;
    $('scramble-length').value = String(len);
    $('scramble-alg').value = '';
    $('scramble-label').textContent = '';
    $('result').innerHTML = '';
    if (!current || current.kind !== 'algs') {
      $('algs-out').innerHTML = '';
      resetProgress('algs-progress', 'algs-status');
    }
    const orbits = e.info.orbits.map((o) => `${o.orbitName} (${o.numPieces}×${o.numOrientations})`).join(', ');
    infoBox.innerHTML =
      `${esc(e.info.name)}: orbits ${esc(orbits)}; ${e.info.moves.length} moves, ${e.info.rotations.length} rotations.` +
      (e.dropped.length ? ` Left out of the default moves: ${esc(e.dropped.join(' '))}.` : '') +
      ' <span id="group-order"></span>';
    demo.puzzle = id;
    updateEventOption(id);
    e.wp
      .positions({ generatorMoves: e.moves })
      .then((c) => {
        if (demo.puzzle !== id || !$('group-order')) return;
        const turned = c.orientations > 1n ? ` (${fmtInt(c.positions)} counting its ${fmtInt(c.orientations)} orientations apart)` : '';
        $('group-order').textContent =
          `The moves reach ${fmtInt(c.upToOrientation)} positions up to the puzzle's orientation${turned}; group order ${fmtInt(c.groupOrder)}.${c.note ? ` Note: ${c.note}.` : ''}`;
      })
      .catch(() => {});
  } catch (err) {
    showError(infoBox, err);
  }
}

function setPlayerPuzzle(id) {
  // A new element for a new puzzle, as for the event panel's player (eventPlayer): switching a
  // twisty-player's puzzle in place can apply the old puzzle's stickering to the new one's geometry and
  // throw inside cubing.js (seen switching to the 4x4x4 once the event panel had shown one).
  const old = $('player');
  if (old.getAttribute('puzzle') === id) {
    old.experimentalSetupAlg = '';
    old.alg = '';
    return;
  }
  try {
    const player = document.createElement('twisty-player');
    for (const { name, value } of old.attributes) player.setAttribute(name, value);
    player.setAttribute('puzzle', id);
    old.replaceWith(player);
  } catch (err) {
    console.warn(`twisty-player cannot show ${id}:`, err);
  }
}

function updateEventOption(id) {
  const ev = eventFor(id, twizzleEvents);
  const opt = $('scramble-kind').querySelector('option[value=event]');
  opt.disabled = !ev;
  opt.textContent = ev ? `random state (cubing.js randomScrambleForEvent "${ev}")` : 'random state (cubing.js: no event for this puzzle)';
  if (!ev && $('scramble-kind').value === 'event') $('scramble-kind').value = 'auto';
}

// ---------------------------------------------------------------------------------------------------
// Running operations (one at a time), progress and cancel

/** The Cancel button and progress text of each kind of operation (else 'cancel' and 'progress-text'). */
const CANCEL_BUTTON = { solve: 'cancel', god: 'god-cancel', algs: 'algs-cancel', 'event-scramble': 'event-cancel', 'event-solve': 'event-cancel' };
const PROGRESS_TEXT = { god: 'god-status', algs: 'algs-status', 'event-scramble': 'event-progress-text', 'event-solve': 'event-progress-text' };

/** When the last operation began, or a solve was asked for (performance.now()). */
let lastBegin = 0;

/** Whether an operation began (or a solve was asked for) after `t`. */
function opStartedSince(t) {
  return lastBegin > t;
}

function begin(kind, cancellable) {
  if (current) throw new Error(`busy: ${current.kind} is running`);
  lastBegin = performance.now();
  const controller = new AbortController();
  current = { kind, controller, startedAt: performance.now() };
  opTables = [];
  demo.busy = true;
  for (const b of ['scramble', 'solve', 'canon-run', 'god-run', 'algs-run', 'event', 'event-scramble', 'event-solve', 'table-cache', 'table-cache-clear']) $(b).disabled = true;
  $(CANCEL_BUTTON[kind] ?? 'cancel').disabled = !cancellable;
  return controller;
}

function end() {
  current = null;
  opTables = null;
  demo.busy = false;
  for (const b of ['scramble', 'solve', 'canon-run', 'algs-run', 'event', 'event-scramble', 'table-cache', 'table-cache-clear']) $(b).disabled = false;
  $('god-run').disabled = godUnavailable();
  $('event-solve').disabled = !eventSolveOffered();
  for (const b of Object.values(CANCEL_BUTTON)) $(b).disabled = true;
}

/**
 * The onProgress of the running operation: paints at most every 50 ms, and the latest report a little
 * later where it came in between (a report is never left unshown, so the text does not stick at an early
 * step); the bar never moves backwards within the operation (a table's total grows as its levels are
 * found: 3 / 5 then 3 / 6), and nothing is painted once the operation has ended.
 */
function progressHandler(barId, textId) {
  const op = current;
  let latest = null;
  let timer = null;
  let shown = 0;
  const paint = () => {
    timer = null;
    if (current !== op || latest === null) return;
    const p = latest;
    const now = performance.now();
    lastProgressPaint = now;
    const bar = $(barId);
    if (p.total) {
      shown = Math.max(shown, Math.min(1, p.done / p.total));
      bar.value = shown;
    } else if (shown === 0) {
      bar.removeAttribute('value'); // indeterminate
    }
    const what = { table: 'pruning table', search: 'search', god: "God's algorithm", 'find-algs': 'finding algs' }[p.phase] ?? p.phase;
    const unit = p.phase === 'find-algs' ? ' sequences' : '';
    const amount = p.total ? `${fmtShort(p.done)} / ${fmtShort(p.total)}${unit}` : `${fmtShort(p.done)} ${unit ? 'sequences' : 'nodes'}`;
    const depth = p.depth > 0 || p.phase === 'search' ? `, depth ${p.depth}` : '';
    $(textId).textContent = `${what}${depth}: ${amount} · ${fmtMs(now - (op?.startedAt ?? now))}`;
  };
  return (p) => {
    latest = p;
    const wait = 50 - (performance.now() - lastProgressPaint);
    if (wait <= 0) paint();
    else timer ??= setTimeout(paint, wait);
  };
}

function resetProgress(barId, textId, text = '') {
  $(barId).value = 0;
  $(textId).textContent = text;
}

/** Cancels the running operation; resolves once the worker has answered a later call (the work stopped). */
async function cancel() {
  if (!current) return;
  const op = current;
  const t0 = performance.now();
  op.controller.abort();
  // The call rejects at once. The worker handles messages in order: its answer to the next call shows
  // the cancelled work really stopped (through the shared cancel flag, or by the worker's restart).
  const e = op.entry;
  let stoppedMs = null;
  if (e && op.engine !== 'main') {
    await e.wp.invert(e.info.moves[0]);
    stoppedMs = performance.now() - t0;
  } else if (op.kind === 'event-scramble') {
    await worker.scrambleEvents();
    stoppedMs = performance.now() - t0;
  }
  demo.lastCancel = { kind: op.kind, puzzle: e?.id, stoppedMs, runMs: t0 - op.startedAt };
  const text = stoppedMs === null ? 'cancelled' : `cancelled: the worker was free again ${fmtMs(stoppedMs)} after Cancel`;
  // Not over what a later operation shows (started while the worker was answering).
  if (current === null && !opStartedSince(t0)) $(PROGRESS_TEXT[op.kind] ?? 'progress-text').textContent = text;
  return demo.lastCancel;
}

// ---------------------------------------------------------------------------------------------------
// Scramble

async function scramble() {
  const id = $('puzzle').value;
  const e = await entry(id);
  const moves = movesOption(e);
  let kind = $('scramble-kind').value;
  if (kind === 'auto') {
    let order = null;
    try {
      order = await groupOrder(e, moves);
    } catch {
      // e.g. a group too large for a stabilizer chain: random moves then
    }
    kind = order !== null && order <= RANDOM_STATE_LIMIT ? 'random-state' : 'random-moves';
  }
  const controller = begin('scramble', kind === 'random-state');
  current.entry = e;
  resetProgress('progress', 'progress-text', 'scrambling…');
  const t0 = performance.now();
  try {
    let alg;
    let label;
    if (kind === 'random-state') {
      await releaseOtherSolvers(e);
      e.solverKept = true;
      alg = await e.wp.randomScramble({
        generatorMoves: moves,
        memoryMB: memoryMB(),
        ...commonOptions(),
        timeLimit: null,
        signal: controller.signal,
        onProgress: progressHandler('progress', 'progress-text'),
      });
      label = 'random state (twistsearch randomScramble: uniform over the group, optimal length)';
    } else if (kind === 'event') {
      const ev = eventFor(id, twizzleEvents);
      const { randomScrambleForEvent } = await import('cubing/scramble');
      alg = (await randomScrambleForEvent(ev)).toString();
      label = `random state (cubing.js randomScrambleForEvent("${ev}"); not optimal, may be far too deep to solve optimally here)`;
    } else {
      const n = Math.max(1, Math.min(200, Math.floor(Number($('scramble-length').value) || 10)));
      alg = randomMoveScramble(e.kpuzzle, moves, n, e.orders);
      label = `${n} random moves (not a random state)`;
    }
    const ms = performance.now() - t0;
    $('scramble-alg').value = alg;
    $('scramble-label').textContent = label;
    demo.lastScramble = { puzzle: id, kind, alg, label, ms };
    resetProgress('progress', 'progress-text', `scramble in ${fmtMs(ms)}`);
    showScrambleInPlayer(id, alg);
  } catch (err) {
    if (err?.name !== 'AbortError') {
      resetProgress('progress', 'progress-text');
      showError($('result'), err);
    }
  } finally {
    end();
  }
}

function showScrambleInPlayer(id, alg) {
  const player = $('player');
  try {
    player.experimentalSetupAlg = alg;
    player.alg = '';
  } catch (err) {
    console.warn(err);
  }
}

// ---------------------------------------------------------------------------------------------------
// Solve

async function solve() {
  const id = $('puzzle').value;
  const scrambleAlg = $('scramble-alg').value.trim();
  const out = $('result');
  out.innerHTML = '';
  // What an earlier operation left (its time, or "cancelled…") is not this solve's.
  lastBegin = performance.now();
  resetProgress('progress', 'progress-text');
  let e;
  try {
    e = await entry(id);
  } catch (err) {
    return showError(out, err);
  }
  let start;
  try {
    start = e.kpuzzle.defaultPattern().applyAlg(scrambleAlg);
  } catch (err) {
    return showError(out, new Error(`cubing.js cannot apply the scramble on ${id}: ${err.message}`));
  }
  const engine = $('engine').value;
  const controller = begin('solve', engine === 'worker');
  current.entry = e;
  current.engine = engine;
  resetProgress('progress', 'progress-text', 'solving…');
  const upToOrientation = $('up-to-orientation').checked;
  const options = {
    generatorMoves: movesOption(e),
    memoryMB: memoryMB(),
    ...commonOptions(),
    signal: controller.signal,
  };
  if (upToOrientation) {
    options.ignorePuzzleOrientation = true;
    options.ignoreCenterOrientation = true;
  }
  const t0 = performance.now();
  try {
    let r;
    let threads;
    let build;
    if (engine === 'main') {
      // Let the page paint "solving…" before the main thread is busy.
      await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
      const p = await directPuzzle(e);
      await releaseOtherSolvers(e);
      e.directKept = true;
      // No Cancel here (a signal cannot fire while the main thread is busy); a scrambled megaminx, 4x4x4…
      // stops after the API's default time limit, naming the event solver.
      delete options.signal;
      r = await p.solve(start, options);
      threads = direct.threads();
      build = direct.build();
    } else {
      options.onProgress = progressHandler('progress', 'progress-text');
      // In the worker, Cancel stops it: no time limit, even for a puzzle with its own event solver.
      options.timeLimit = null;
      await releaseOtherSolvers(e);
      e.solverKept = true;
      r = await e.wp.solve(start, options);
      threads = worker.info.threads;
      build = worker.info.build;
    }
    const ms = performance.now() - t0;
    const solution = r.solutions[0];
    const check = verifySolution(e.kpuzzle, scrambleAlg, solution, upToOrientation);
    const tables = tablesFrom(opTables);
    demo.lastSolve = {
      tables,
      upToOrientation,
      puzzle: id,
      scramble: scrambleAlg,
      solution,
      length: r.lengths[0],
      metric: r.metric,
      ms,
      engine,
      build,
      threads,
      nodes: r.nodes,
      tableDepth: r.tableDepth,
      tableBytes: r.tableBytes,
      ...check,
    };
    $('progress').value = 1;
    $('progress-text').textContent = `done in ${fmtMs(ms)}`;
    out.innerHTML =
      `<div>Solution (${r.lengths[0]} ${r.metric}, optimal${upToOrientation ? ' up to orientation' : ''}): <span class="alg" id="solution">${esc(solution || '(already solved)')}</span></div>` +
      `<div id="verdict" class="${check.verified ? 'ok' : 'bad'}" data-verified="${check.verified}">` +
      (upToOrientation
        ? check.verified
          ? `✓ cubing.js: scramble + solution is solved (${check.how}, up to orientation)`
          : `✗ cubing.js: scramble + solution is NOT solved (${check.how}, up to orientation)`
        : check.verified
          ? '✓ cubing.js: scramble + solution gives the solved pattern'
          : '✗ cubing.js: scramble + solution is NOT the solved pattern') +
      '</div>' +
      `<div class="mono" id="solve-stats" data-ms="${ms.toFixed(1)}" data-threads="${threads}">` +
      `${fmtMs(ms)} · ${threads} thread${threads === 1 ? '' : 's'} (${build} build, ${engine === 'main' ? 'main thread' : 'Web Worker'}) · ` +
      `${fmtInt(r.nodes)} nodes · table depth ${r.tableDepth}, ${(r.tableBytes / 2 ** 20).toFixed(r.tableBytes < 2 ** 20 ? 2 : 0)} MiB${tablesTag(tables)}</div>`;
    play('player', scrambleAlg, solution);
  } catch (err) {
    showFailure(out, err, 'Solve', 'progress', 'progress-text');
  } finally {
    end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Canonical counts

async function canonicalCounts() {
  const id = $('puzzle').value;
  const out = $('canon-out');
  out.innerHTML = '';
  const depth = Math.floor(Number($('canon-depth').value));
  begin('canon', false);
  $('canon-status').textContent = 'counting…';
  try {
    const e = await entry(id);
    const moves = movesOption(e);
    const t0 = performance.now();
    const counts = await e.wp.canonicalCounts(depth, { generatorMoves: moves, ...commonOptions() });
    const ms = performance.now() - t0;
    demo.lastCanon = { puzzle: id, moves, depth, qtm: commonOptions().qtm, counts: counts.map(String), ms };
    $('canon-status').textContent = `${fmtMs(ms)} (${moves.length} moves, ${commonOptions().qtm ? 'QTM' : 'HTM'})`;
    out.innerHTML = countsTableHTML(counts);
  } catch (err) {
    $('canon-status').textContent = '';
    showError(out, err);
  } finally {
    end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Find algorithms: puzzle.findAlgs({depth, maxPieces, mode, keep, generatorMoves, qtm, signal, onProgress})
//   -> {groups: [{signature, sets, pieces, length, count, algs}], sequences, …}

/** A whole number from the input `id` within [min, max], else an error naming `what`. */
function intInput(id, what, min, max) {
  const v = Number($(id).value);
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`${what} must be a whole number from ${min} to ${max}`);
  return v;
}

async function findAlgs() {
  const id = $('puzzle').value;
  const out = $('algs-out');
  out.innerHTML = '';
  const mode = $('algs-mode').value;
  const depth = intInput('algs-depth', 'the depth', mode === 'commutator' ? 2 : 1, 40);
  const maxPieces = intInput('algs-pieces', 'the most pieces', 1, 100);
  const keep = intInput('algs-keep', 'the algs per kind', 1, 100);
  const e = await entry(id);
  const controller = begin('algs', true);
  current.entry = e;
  current.engine = 'worker';
  resetProgress('algs-progress', 'algs-status', 'searching…');
  const moves = movesOption(e);
  const t0 = performance.now();
  try {
    const r = await e.wp.findAlgs({
      depth,
      maxPieces,
      mode,
      keep,
      generatorMoves: moves,
      ...commonOptions(),
      signal: controller.signal,
      onProgress: progressHandler('algs-progress', 'algs-status'),
    });
    const ms = performance.now() - t0;
    // Every alg checked by cubing.js: it applies, and does what its group says.
    const groups = r.groups.map((g) => ({
      ...g,
      checked: g.algs.map((alg) => {
        try {
          return { alg, verified: JSON.stringify(algSignature(e.kpuzzle, alg)) === JSON.stringify(g.sets) };
        } catch (err) {
          return { alg, verified: false, error: err.message };
        }
      }),
    }));
    demo.lastFindAlgs = { puzzle: id, mode, depth, maxPieces, keep, moves, sequences: r.sequences, groups, ms };
    $('algs-progress').value = 1;
    const bad = groups.reduce((n, g) => n + g.checked.filter((c) => !c.verified).length, 0);
    $('algs-status').textContent =
      `${groups.length} kinds, ${fmtInt(r.sequences)} sequences in ${fmtMs(ms)}; ` + (bad === 0 ? 'every alg checked by cubing.js' : `${bad} algs NOT confirmed by cubing.js`);
    showAlgGroups(out, e, groups);
  } catch (err) {
    showFailure(out, err, 'Finding algs', 'algs-progress', 'algs-status');
  } finally {
    end();
  }
}

/** The groups, each alg a button that shows it in a `<twisty-player>` under its group (one player at a time). */
function showAlgGroups(out, e, groups) {
  if (groups.length === 0) {
    out.innerHTML = '<div class="hint">Nothing found within these limits: try a greater depth or more pieces.</div>';
    return;
  }
  out.innerHTML = groups
    .map(
      (g, gi) =>
        `<div class="algs-group" data-group="${gi}"><span class="sig">${esc(g.signature)}</span>` +
        `<span class="meta">${g.length} moves · ${fmtInt(g.count)} found${g.count > g.algs.length ? `, ${g.algs.length} shown` : ''}</span>` +
        `<div class="algs-list">${g.checked
          .map(
            (c, ai) =>
              `<button type="button" class="alg-pick" data-group="${gi}" data-alg="${ai}" title="${c.verified ? 'checked by cubing.js' : esc(c.error ?? 'cubing.js does not confirm it')}">` +
              `${esc(c.alg)} <span class="${c.verified ? 'ok' : 'bad'}">${c.verified ? '✓' : '✗'}</span></button>`,
          )
          .join('')}</div></div>`,
    )
    .join('');
  out.onclick = (ev) => {
    const b = ev.target.closest('button.alg-pick');
    if (!b) return;
    const g = groups[Number(b.dataset.group)];
    const alg = g.algs[Number(b.dataset.alg)];
    for (const shown of out.querySelectorAll('button.alg-pick.shown')) shown.classList.remove('shown');
    b.classList.add('shown');
    out.querySelector('twisty-player')?.remove();
    const player = document.createElement('twisty-player');
    player.id = 'algs-player';
    player.setAttribute('puzzle', e.id);
    player.setAttribute('background', 'none');
    player.setAttribute('control-panel', 'bottom-row');
    player.setAttribute('hint-facelets', 'none');
    // The alg ends solved: the player starts from the position it solves.
    player.setAttribute('experimental-setup-anchor', 'end');
    player.setAttribute('alg', alg);
    b.closest('.algs-group').append(player);
    demo.algsShown = { alg, signature: g.signature };
  };
}

// ---------------------------------------------------------------------------------------------------
// God's algorithm: puzzle.godsAlgorithm({generatorMoves, qtm, antipodes, memoryMB, symmetry?, signal, onProgress})
//   -> {counts, total, antipodes: [{alg, pattern}], symmetryCounts?, method?, memoryBytes?}

let godSupported = false;

function godUnavailable() {
  return !godSupported;
}

async function checkGodSupport() {
  // The worker-backed puzzle class has the method once the JS API has it.
  const { WorkerPuzzle } = await import('../js/worker-client.js');
  godSupported = typeof WorkerPuzzle.prototype.godsAlgorithm === 'function';
  $('god-run').disabled = !godSupported || demo.busy;
  if (!godSupported) {
    $('god-status').innerHTML =
      '<span class="bad" id="god-unavailable">Not available: this build of twistsearch\'s JS API has no <code>godsAlgorithm</code> yet.</span>';
  }
  return godSupported;
}

let lastGodCounts = null;

function drawGodChart() {
  if (!lastGodCounts) return;
  $('god-chart').innerHTML = barChartSVG(lastGodCounts.counts, { log: $('god-log').checked, title: lastGodCounts.title });
}

async function godsAlgorithm() {
  const id = $('puzzle').value;
  const e = await entry(id);
  const godMoves = parseMoves($('god-moves').value);
  const moves = godMoves.length ? godMoves : movesOption(e);
  const qtm = commonOptions().qtm;
  const controller = begin('god', true);
  current.entry = e;
  $('god-chart').innerHTML = '';
  $('god-table').innerHTML = '';
  $('god-antipodes-out').innerHTML = '';
  resetProgress('god-progress', 'god-status', 'running…');
  const t0 = performance.now();
  try {
    await releaseOtherSolvers(e);
    const r = await e.wp.godsAlgorithm({
      generatorMoves: moves,
      qtm,
      antipodes: Math.max(0, Math.floor(Number($('god-antipodes').value) || 0)),
      memoryMB: memoryMB('god-memory'),
      ...($('god-symmetry').checked ? { symmetry: true } : {}),
      reduce: $('god-reduce').value,
      signal: controller.signal,
      onProgress: progressHandler('god-progress', 'god-status'),
    });
    const ms = performance.now() - t0;
    const counts = r.counts.map((c) => BigInt(c));
    const sum = counts.reduce((a, b) => a + b, 0n);
    // Counts up to symmetry: `symmetryCounts` (as planned for the JS API) or the CLI's `symmetry.counts`.
    const symmetryCounts = r.symmetryCounts ?? r.symmetry?.counts;
    const total = BigInt(r.total);
    // Antipodes: each alg must reach its pattern (checked by cubing.js) at the last distance.
    const antipodes = (r.antipodes ?? []).map((a) => {
      let ok = null;
      try {
        const reached = e.kpuzzle.defaultPattern().applyAlg(a.alg);
        ok = a.pattern ? reached.isIdentical(new KPattern(e.kpuzzle, a.pattern)) : null;
      } catch {
        ok = false;
      }
      return { alg: a.alg, checked: ok };
    });
    demo.lastGod = {
      puzzle: id,
      moves,
      qtm,
      counts: counts.map(String),
      total: String(total),
      sumMatchesTotal: sum === total,
      antipodes,
      symmetryCounts: symmetryCounts ? symmetryCounts.map(String) : undefined,
      ms,
      threads: worker.info.threads,
      reducedBy: r.reducedBy ? { symmetries: r.reducedBy.symmetries, storedPositions: String(r.reducedBy.storedPositions) } : null,
    };
    $('god-progress').value = 1;
    $('god-status').textContent =
      `${fmtMs(ms)} · ${worker.info.threads} thread${worker.info.threads === 1 ? '' : 's'} · ${fmtInt(total)} positions, ` +
      `God's number ${counts.length - 1} (${qtm ? 'QTM' : 'HTM'}, moves ${moves.join(',')})` +
      (r.method ? ` · ${r.method}` : '') +
      (r.memoryBytes ? `, ${(Number(r.memoryBytes) / 2 ** 20).toFixed(1)} MiB` : '') +
      (r.reducedBy ? ` · reduced by ${r.reducedBy.symmetries} symmetries (${fmtInt(r.reducedBy.storedPositions)} stored)` : '') +
      (sum === total ? '' : ' · counts do not add up to the total!');
    lastGodCounts = { counts, title: `${id} ⟨${moves.join(',')}⟩ ${qtm ? 'QTM' : 'HTM'}: positions by distance` };
    drawGodChart();
    $('god-table').innerHTML = countsTableHTML(
      counts,
      symmetryCounts ? { [`up to symmetry${r.symmetries ? ` (${r.symmetries})` : ''}`]: symmetryCounts } : {},
    );
    if (antipodes.length) {
      $('god-antipodes-out').innerHTML =
        `<h3>Antipodes (distance ${counts.length - 1}; click to show)</h3><ol>` +
        antipodes
          .map(
            (a, i) =>
              `<li><a data-i="${i}">${esc(a.alg)}</a> ${a.checked === true ? '<span class="ok">✓</span>' : a.checked === false ? '<span class="bad">✗ cubing.js disagrees</span>' : ''}</li>`,
          )
          .join('') +
        '</ol>';
      $('god-antipodes-out').querySelectorAll('a[data-i]').forEach((link) => {
        link.addEventListener('click', () => {
          const player = $('player');
          player.experimentalSetupAlg = antipodes[Number(link.dataset.i)].alg;
          player.alg = '';
          player.scrollIntoView({ behavior: 'smooth', block: 'center' });
        });
      });
    }
  } catch (err) {
    if (err?.name !== 'AbortError') {
      resetProgress('god-progress', 'god-status');
      showError($('god-table'), err);
    }
  } finally {
    end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Events: a cubing.js event ID scrambled by twistsearch in the worker, checked by cubing.js, then solved

/** The event scrambled last, while it is still the one picked: `{eventID, puzzle, alg}`. */
let eventScrambled = null;

function selectedEvent() {
  return demo.events?.find((ev) => ev.id === $('event').value) ?? null;
}

function eventSolveOffered() {
  const ev = selectedEvent();
  return Boolean(ev && eventScrambled && eventScrambled.eventID === ev.id && eventSolver(ev.id).method);
}

async function loadEvents() {
  const list = await worker.scrambleEvents();
  demo.events = list;
  const select = $('event');
  select.innerHTML = '';
  const groups = [
    ['Scrambled by twistsearch', list.filter((ev) => ev.supported)],
    ['Not scrambled yet', list.filter((ev) => !ev.supported)],
  ];
  for (const [label, events] of groups) {
    const group = document.createElement('optgroup');
    group.label = label;
    for (const ev of events) {
      const o = document.createElement('option');
      o.value = ev.id;
      o.textContent = ev.supported ? `${ev.name} (${ev.id})` : `${ev.name} (${ev.id}): ${ev.reason}`;
      o.disabled = !ev.supported;
      if (!ev.supported) o.title = ev.reason;
      group.append(o);
    }
    select.append(group);
  }
  const wanted = new URLSearchParams(location.search).get('event') ?? '333';
  select.value = list.some((ev) => ev.id === wanted && ev.supported) ? wanted : '333';
  selectEvent();
  return list;
}

function selectEvent() {
  const ev = selectedEvent();
  if (!ev) return;
  demo.event = ev.id;
  eventScrambled = null;
  const solver = eventSolver(ev.id);
  $('event-info').innerHTML =
    `<b>${esc(ev.name)}</b> on cubing.js's <code>${esc(ev.puzzle)}</code>. Scramble: ${esc(eventScrambleKind(ev.id))}. ` +
    `Solve: <span id="event-solve-method">${esc(solver.method ? solver.label : solver.reason)}</span>.`;
  $('event-scramble-out').innerHTML = '';
  $('event-solve-out').innerHTML = '';
  resetProgress('event-progress', 'event-progress-text');
  $('event-solve').disabled = true;
  $('event-solve').title = solver.method ? '' : `Solve ${solver.reason}`;
  const player = eventPlayer(ev.puzzle);
  player.experimentalSetupAlg = '';
  player.alg = '';
}

/**
 * The event panel's <twisty-player>, showing `puzzle`: a new element when the puzzle changes (a
 * twisty-player switched between puzzles while it is still loading one can apply the old puzzle's
 * stickering to the new one's geometry and throw).
 */
function eventPlayer(puzzle) {
  const old = $('event-player');
  if (old.getAttribute('puzzle') === puzzle) return old;
  const player = document.createElement('twisty-player');
  for (const { name, value } of old.attributes) player.setAttribute(name, value);
  player.setAttribute('puzzle', puzzle);
  old.replaceWith(player);
  return player;
}

async function eventScramble() {
  const ev = selectedEvent();
  if (!ev) throw new Error('no event picked');
  demo.lastEventScramble = null;
  eventScrambled = null;
  $('event-scramble-out').innerHTML = '';
  $('event-solve-out').innerHTML = '';
  const controller = begin('event-scramble', true);
  resetProgress('event-progress', 'event-progress-text', `scrambling ${ev.id}…`);
  const t0 = performance.now();
  try {
    const alg = await worker.randomScrambleForEvent(ev.id, {
      signal: controller.signal,
      onProgress: progressHandler('event-progress', 'event-progress-text'),
      ...cacheOptions(),
    });
    const ms = performance.now() - t0;
    const tables = tablesFrom(opTables);
    const kpuzzle = await puzzles[ev.puzzle].kpuzzle();
    const check = checkScramble(kpuzzle, alg);
    const kind = eventScrambleKind(ev.id);
    const length = alg.split(/\s+/).filter(Boolean).length;
    demo.lastEventScramble = { event: ev.id, puzzle: ev.puzzle, alg, length, ms, kind, check, tables };
    if ($('event').value !== ev.id) return; // another event was picked meanwhile
    if (check.verified) eventScrambled = { eventID: ev.id, puzzle: ev.puzzle, alg };
    $('event-progress').value = 1;
    $('event-progress-text').textContent = `scrambled in ${fmtMs(ms)}`;
    const verdict = check.verified
      ? `✓ cubing.js: applies to the ${esc(ev.puzzle)} default pattern and gives a pattern that is not solved (${check.how})`
      : check.applies
        ? '✗ cubing.js: the scramble leaves the puzzle solved'
        : `✗ cubing.js cannot apply the scramble: ${esc(check.error)}`;
    $('event-scramble-out').innerHTML =
      `<div class="label">Scramble <span class="tag">${esc(kind)}</span> <span class="tag">${length} moves · ${fmtMs(ms)}</span>${tablesTag(tables)}</div>` +
      `<div class="alg scramble" id="event-scramble-alg">${esc(alg)}</div>` +
      `<div id="event-scramble-verdict" class="${check.verified ? 'ok' : 'bad'}" data-verified="${check.verified}">${verdict}</div>`;
    play('event-player', alg, '');
  } catch (err) {
    showFailure($('event-scramble-out'), err, 'Scramble', 'event-progress', 'event-progress-text');
  } finally {
    end();
  }
}

async function eventSolve() {
  const ev = selectedEvent();
  const solver = ev ? eventSolver(ev.id) : null;
  if (!ev || !solver.method) throw new Error(`solving ${ev?.id ?? 'this event'} is ${solver?.reason ?? 'not offered'}`);
  if (!eventScrambled || eventScrambled.eventID !== ev.id) throw new Error('scramble first');
  const { alg: scrambleAlg } = eventScrambled;
  const out = $('event-solve-out');
  out.innerHTML = '';
  demo.lastEventSolve = null;
  const e = await entry(ev.puzzle);
  const start = e.kpuzzle.defaultPattern().applyAlg(scrambleAlg);
  // Blindfolded scrambles end in a random orientation (wide turns): the engine solves the 3x3x3 events up
  // to the cube's orientation, with face turns in the orientation the scramble leaves.
  const rotation = '';
  const controller = begin('event-solve', true);
  current.entry = e;
  resetProgress('event-progress', 'event-progress-text', `solving ${ev.id}…`);
  const options = {
    generatorMoves: solver.moves ?? e.moves,
    // Cancel stops it: no time limit.
    timeLimit: null,
    signal: controller.signal,
    onProgress: progressHandler('event-progress', 'event-progress-text'),
  };
  if (ev.puzzle === '3x3x3') options.ignorePuzzleOrientation = true;
  if (solver.method === 'phases') {
    options.phases = solver.phases;
    if (solver.targetLength) options.targetLength = solver.targetLength;
  }
  const t0 = performance.now();
  try {
    let r;
    if (solver.method === 'event') {
      // The event's own solver (the Square-1's: it knows a slash is blocked while a corner straddles the cut;
      // the 4x4x4's reduction).
      const alg = await worker.solveForEvent(ev.id, start, { signal: options.signal, onProgress: options.onProgress, ...cacheOptions() });
      // The Square-1's length is in slashes (the WCA's metric for it); the clock's in dial turns (its y2
      // turns it over); the others' in moves.
      const tokens = alg.split(' ').filter(Boolean);
      r =
        ev.id === 'sq1'
          ? { solutions: [alg], lengths: [(alg.match(/\//g) ?? []).length], metric: 'slashes', nodes: null }
          : ev.id === 'clock'
            ? { solutions: [alg], lengths: [tokens.filter((t) => t !== 'y2').length], metric: 'dial turns', nodes: null }
            : { solutions: [alg], lengths: [tokens.length], metric: 'moves', nodes: null };
    } else {
      await releaseOtherSolvers(e);
      e.solverKept = true;
      r = await e.wp.solve(start, options);
    }
    const ms = performance.now() - t0;
    const moves = r.solutions[0];
    const solution = [rotation, moves].filter(Boolean).join(' ');
    const check = checkEventSolution(e.kpuzzle, scrambleAlg, solution);
    const tables = tablesFrom(opTables);
    demo.lastEventSolve = {
      tables,
      event: ev.id,
      puzzle: ev.puzzle,
      scramble: scrambleAlg,
      solution,
      rotation,
      length: r.lengths[0],
      phaseLengths: r.phaseLengths ?? null,
      method: solver.method,
      metric: r.metric,
      ms,
      nodes: r.nodes,
      threads: worker.info.threads,
      ...check,
    };
    $('event-progress').value = 1;
    $('event-progress-text').textContent = `solved in ${fmtMs(ms)}`;
    const what =
      solver.method === 'phases' ? `near-optimal, phases ${r.phaseLengths.join(' + ')}` : solver.method === 'event' ? (solver.short ?? 'two-phase') : 'optimal';
    out.innerHTML =
      `<div class="label">Solution <span class="tag">${r.lengths[0]} ${r.metric}${rotation ? ' + a rotation' : ''}, ${what}</span> ` +
      `<span class="tag">${fmtMs(ms)}${r.nodes === null ? '' : ` · ${fmtInt(r.nodes)} nodes`} · ${worker.info.threads} thread${worker.info.threads === 1 ? '' : 's'}</span>${tablesTag(tables)}</div>` +
      `<div class="alg" id="event-solution">${esc(solution || '(already solved)')}</div>` +
      `<div id="event-solve-verdict" class="${check.verified ? 'ok' : 'bad'}" data-verified="${check.verified}">` +
      (check.verified
        ? `✓ cubing.js: scramble + solution is solved (${check.how})`
        : `✗ cubing.js: scramble + solution is NOT solved (${check.how})`) +
      '</div>';
    play('event-player', scrambleAlg, solution);
  } catch (err) {
    showFailure(out, err, 'Solve', 'event-progress', 'event-progress-text');
  } finally {
    end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Wiring

function showError(box, err) {
  demo.lastError = err?.message ?? String(err);
  box.innerHTML = `<div class="error" data-error="1">Error: ${esc(demo.lastError)}</div>`;
  if (isFatal(err)) {
    box.insertAdjacentHTML('beforeend', '<div class="hint">The WebAssembly module stopped working: starting a fresh worker…</div>');
    restartWorker(demo.lastError)
      .then(() => selectPuzzle($('puzzle').value))
      .catch((e) => console.error(e));
  }
}

/** Shows why an operation ended early: "cancelled" for an abort, else the error (progress reset). */
function showFailure(box, err, what, barId, textId) {
  if (err?.name === 'AbortError') {
    box.innerHTML = `<div class="mono">${what} cancelled.</div>`;
  } else {
    resetProgress(barId, textId);
    showError(box, err);
  }
}

/** Plays `alg` from the position `setup` reaches in a `<twisty-player>`. */
function play(playerId, setup, alg) {
  const player = $(playerId);
  player.experimentalSetupAlg = setup;
  player.alg = alg;
}

function guardIn(box, fn) {
  return (ev) => {
    ev?.preventDefault?.();
    fn().catch((err) => showError($(box), err));
  };
}

function guard(fn) {
  return (ev) => {
    ev?.preventDefault?.();
    fn().catch((err) => showError($('result'), err));
  };
}

const select = $('puzzle');
for (const id of Object.keys(puzzles)) {
  const o = document.createElement('option');
  o.value = id;
  o.textContent = puzzles[id].fullName ?? id;
  select.append(o);
}
const initial = new URLSearchParams(location.search).get('puzzle') ?? '3x3x3';
select.value = puzzles[initial] ? initial : '3x3x3';

select.addEventListener('change', () => selectPuzzle(select.value));
$('scramble').addEventListener('click', guard(scramble));
$('event').addEventListener('change', selectEvent);
$('event-scramble').addEventListener('click', guardIn('event-scramble-out', eventScramble));
$('event-solve').addEventListener('click', guardIn('event-solve-out', eventSolve));
$('event-cancel').addEventListener('click', guard(cancel));
$('solve').addEventListener('click', guard(solve));
$('cancel').addEventListener('click', guard(cancel));
$('god-cancel').addEventListener('click', guard(cancel));
$('canon-run').addEventListener('click', guard(canonicalCounts));
$('algs-run').addEventListener('click', guardIn('algs-out', findAlgs));
$('algs-cancel').addEventListener('click', guard(cancel));
$('god-run').addEventListener('click', guard(godsAlgorithm));
$('god-log').addEventListener('change', drawGodChart);
$('scramble-alg').addEventListener('change', () => {
  $('scramble-label').textContent = 'typed in';
  showScrambleInPlayer(select.value, $('scramble-alg').value);
});
for (const [linkId, ex] of Object.entries(EXAMPLES)) {
  $(linkId).addEventListener(
    'click',
    guard(async () => {
      if (select.value !== ex.puzzle) {
        select.value = ex.puzzle;
        await selectPuzzle(ex.puzzle);
      }
      $('scramble-alg').value = ex.alg;
      $('scramble-label').textContent = ex.label;
      showScrambleInPlayer(ex.puzzle, ex.alg);
    }),
  );
}

demo.selectPuzzle = async (id) => {
  select.value = id;
  await selectPuzzle(id);
};
demo.cancel = cancel;

demo.selectEvent = (id) => {
  $('event').value = id;
  selectEvent();
};

setupTableCache();
await demo.ready.catch(() => {});
await loadEvents().catch((err) => showError($('event-info'), err));
await selectPuzzle(select.value);
await checkGodSupport();
