// Times twistsearch's threaded build against its single-threaded build on the same work, in this
// browser. Each build runs in a Web Worker of its own (`TwistsearchWorker({build})`: its own module
// instance), one build after the other, never both at once. Results go to the page and to
// `window.results` (for the browser tests): `{done, error?, env, builds, tasks: [{id, title, single,
// threaded, speedup}]}` with times in ms and speedup = single ms / threaded ms.
//
// URL parameters: `reps=N` (default 1; the fastest repetition counts), `tasks=id,id` (default all),
// `builds=single,threaded` (default both where the page is cross-origin isolated), `autorun=1` (run on
// load; otherwise the page waits for the Run button: the benchmark takes the machine for a minute).

import { puzzles } from 'cubing/puzzles';
import { TwistsearchWorker, WorkerPuzzle } from '../js/worker-client.js';
import { esc, fmtInt, fmtMs, verifySolution } from './lib.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

const FACES = 'U,L,F,R,B,D';
const TPERM = "R U R' U' R' F R2 U' R' U' R U R' F'";
const TWELVE = "F R U2 B' L D2 R' F2 U L' B D'";

const TASKS = [
  {
    id: 'tperm-first-solve',
    title: '3x3x3 T-perm, first solve: loads the puzzle and builds a 256 MiB pruning table (moves U,L,F,R,B,D)',
    async run(ctx) {
      const t0 = performance.now();
      ctx.cube = await ctx.worker.loadPuzzle(ctx.k3);
      const r = await ctx.cube.solve(TPERM, { generatorMoves: FACES, memoryMB: 256, initialMemoryMB: 256 });
      const ms = performance.now() - t0;
      return { ms, ...solveFacts(ctx.k3, TPERM, r) };
    },
  },
  {
    id: 'tperm-table-rebuild',
    title: '3x3x3 T-perm again after releaseSolver(): the 256 MiB table is built again in memory the module already has',
    async run(ctx) {
      if (!ctx.cube) {
        ctx.cube = await ctx.worker.loadPuzzle(ctx.k3);
        await ctx.cube.solve(TPERM, { generatorMoves: FACES, memoryMB: 256, initialMemoryMB: 256 });
      }
      await ctx.cube.releaseSolver();
      const t0 = performance.now();
      const r = await ctx.cube.solve(TPERM, { generatorMoves: FACES, memoryMB: 256, initialMemoryMB: 256 });
      const ms = performance.now() - t0;
      return { ms, ...solveFacts(ctx.k3, TPERM, r) };
    },
  },
  {
    id: 'search-12-moves',
    title: `3x3x3 position 12 moves deep (${TWELVE}), second solve: the table is reused, mostly search`,
    async run(ctx) {
      if (!ctx.cube) {
        ctx.cube = await ctx.worker.loadPuzzle(ctx.k3);
        await ctx.cube.solve(TPERM, { generatorMoves: FACES, memoryMB: 256, initialMemoryMB: 256 });
      }
      const t0 = performance.now();
      const r = await ctx.cube.solve(TWELVE, { generatorMoves: FACES, memoryMB: 256, initialMemoryMB: 256 });
      const ms = performance.now() - t0;
      return { ms, ...solveFacts(ctx.k3, TWELVE, r) };
    },
  },
  godTask('god-2x2x2-UFR', "God's algorithm, 2x2x2 with moves U,F,R (3,674,160 positions; plain search on both builds)", 'U,F,R'),
  godTask('god-2x2x2-all-faces', "God's algorithm, 2x2x2 with all six faces U,L,F,R,B,D (plain search on both builds)", FACES),
];

function solveFacts(kpuzzle, scramble, r) {
  const solution = r.solutions[0];
  const { verified } = verifySolution(kpuzzle, scramble, solution);
  if (!verified) throw new Error(`cubing.js: ${scramble} then ${solution} is not solved`);
  return { solution, length: r.lengths[0], nodes: r.nodes, tableDepth: r.tableDepth, tableBytes: r.tableBytes, verified };
}

function godTask(id, title, moves) {
  return {
    id,
    title,
    god: true,
    async run(ctx) {
      if (!godAvailable()) return { skipped: "twistsearch's JS API has no godsAlgorithm yet" };
      ctx.pocket ??= await ctx.worker.loadPuzzle(ctx.k2);
      const t0 = performance.now();
      const r = await ctx.pocket.godsAlgorithm({ generatorMoves: moves, antipodes: 1, memoryMB: 1024, reduce: 'never' });
      const ms = performance.now() - t0;
      const counts = r.counts.map((c) => BigInt(c));
      const sum = counts.reduce((a, b) => a + b, 0n);
      if (sum !== BigInt(r.total)) throw new Error(`counts add up to ${sum}, not the total ${r.total}`);
      return { ms, total: String(r.total), godsNumber: counts.length - 1, counts: counts.map(String) };
    },
  };
}

function godAvailable() {
  return typeof WorkerPuzzle.prototype.godsAlgorithm === 'function';
}

/** Runs the tasks on one build in a fresh worker: `{build, threads, initMs, tasks: {id: result}}`. */
async function runBuild(build, tasks, kpuzzles) {
  const worker = new TwistsearchWorker({ build, ...(build === 'threaded' ? { threads: navigator.hardwareConcurrency } : {}) });
  try {
    const t0 = performance.now();
    const info = await worker.init();
    const initMs = performance.now() - t0;
    if (info.build !== build) throw new Error(`asked for the ${build} build, got ${info.build}`);
    const ctx = { worker, ...kpuzzles };
    const out = {};
    for (const task of tasks) {
      status(`${build}: ${task.title}…`);
      out[task.id] = await task.run(ctx);
    }
    return { build: info.build, threads: info.threads, initMs, tasks: out };
  } finally {
    worker.terminate();
  }
}

function status(text) {
  $('status').textContent = text;
}

function render(results) {
  const rows = results.tasks.map((t) => {
    const cell = (r) =>
      !r ? '—' : r.skipped ? `<i>skipped: ${esc(r.skipped)}</i>` : `${fmtMs(r.ms)}${r.all && r.all.length > 1 ? ` <span class="mono">(${r.all.map((x) => x.toFixed(0)).join(', ')})</span>` : ''}`;
    const speed = t.speedup ? `<b>×${t.speedup.toFixed(2)}</b>` : '—';
    const detail = t.single?.solution
      ? `${t.single.length} moves: ${esc(t.single.solution)}`
      : t.single?.total
        ? `${fmtInt(t.single.total)} positions, God's number ${t.single.godsNumber}`
        : '';
    return `<tr data-task="${t.id}"><td style="text-align:left">${esc(t.title)}<div class="hint">${detail}</div></td><td>${cell(t.single)}</td><td>${cell(t.threaded)}</td><td class="speedup">${speed}</td></tr>`;
  });
  const b = results.builds;
  $('out').innerHTML =
    `<table class="counts"><thead><tr><th style="text-align:left">work</th><th>single-threaded (1 thread)</th>` +
    `<th>threaded (${b.threaded?.threads ?? '?'} threads)</th><th>speed-up</th></tr></thead><tbody>${rows.join('')}</tbody></table>` +
    `<p class="hint">Module start-up (not in the times above): single ${b.single ? fmtMs(b.single.initMs) : '—'}, threaded ${b.threaded ? fmtMs(b.threaded.initMs) : '—'} (includes starting the thread pool).</p>` +
    results.summary.map((s) => `<p id="summary-${esc(s.id)}">${esc(s.text)}</p>`).join('');
  $('json').textContent = JSON.stringify(results, null, 2);
}

async function run() {
  const reps = Math.max(1, Math.min(10, Math.floor(Number(params.get('reps') ?? $('reps').value)) || 1));
  const wanted = params.get('tasks')?.split(',').filter(Boolean);
  const tasks = wanted ? TASKS.filter((t) => wanted.includes(t.id)) : TASKS;
  const isolated = globalThis.crossOriginIsolated === true;
  const results = {
    done: false,
    env: { crossOriginIsolated: isolated, hardwareConcurrency: navigator.hardwareConcurrency, userAgent: navigator.userAgent, reps, godsAlgorithmInApi: godAvailable() },
    builds: {},
    tasks: tasks.map((t) => ({ id: t.id, title: t.title, single: null, threaded: null, speedup: null })),
    summary: [],
  };
  window.results = results;
  $('run').disabled = true;
  const t0 = performance.now();
  try {
    const kpuzzles = { k3: await puzzles['3x3x3'].kpuzzle(), k2: await puzzles['2x2x2'].kpuzzle() };
    const builds = (params.get('builds')?.split(',') ?? ['single', 'threaded']).filter((b) => b === 'single' || (b === 'threaded' && isolated));
    for (let rep = 0; rep < reps; rep++) {
      // Alternate which build goes first, so that neither always runs on a warmer (or more fragmented) browser.
      const order = rep % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const r = await runBuild(build, tasks, kpuzzles);
        const prev = results.builds[build];
        results.builds[build] = { build: r.build, threads: r.threads, initMs: Math.min(prev?.initMs ?? Infinity, r.initMs) };
        for (const t of results.tasks) {
          const x = r.tasks[t.id];
          if (x.skipped) {
            t[build] = x;
            continue;
          }
          const all = [...(t[build]?.all ?? []), x.ms];
          t[build] = { ...x, ms: Math.min(...all), all };
        }
      }
    }
    for (const t of results.tasks) {
      if (t.single?.ms && t.threaded?.ms) {
        t.speedup = t.single.ms / t.threaded.ms;
        // Both builds must compute the same thing.
        if (t.single.solution !== undefined && t.single.solution !== t.threaded.solution) {
          throw new Error(`${t.id}: the builds found different solutions (${t.single.solution} / ${t.threaded.solution})`);
        }
        if (t.single.counts && JSON.stringify(t.single.counts) !== JSON.stringify(t.threaded.counts)) {
          throw new Error(`${t.id}: the builds' counts differ`);
        }
        results.summary.push({
          id: t.id,
          text: `${t.id}: single ${t.single.ms.toFixed(0)} ms, threaded ${t.threaded.ms.toFixed(0)} ms on ${results.builds.threaded.threads} threads: speed-up ×${t.speedup.toFixed(2)}`,
        });
      } else if (t.single?.skipped || t.threaded?.skipped) {
        results.summary.push({ id: t.id, text: `${t.id}: skipped (${(t.single ?? t.threaded).skipped})` });
      } else if (!isolated) {
        results.summary.push({ id: t.id, text: `${t.id}: single ${t.single?.ms?.toFixed(0)} ms; threaded build unavailable (page not cross-origin isolated)` });
      }
    }
    status(`done in ${fmtMs(performance.now() - t0)}`);
  } catch (e) {
    results.error = e?.message ?? String(e);
    status(`error: ${results.error}`);
  } finally {
    results.totalMs = performance.now() - t0;
    results.done = true;
    render(results);
    $('run').disabled = false;
    console.log(`threads results: ${JSON.stringify(results.summary.map((s) => s.text))}`);
  }
  return results;
}

$('env').innerHTML =
  `crossOriginIsolated: <b>${globalThis.crossOriginIsolated === true}</b> · navigator.hardwareConcurrency: <b>${navigator.hardwareConcurrency}</b>` +
  (globalThis.crossOriginIsolated === true ? '' : ' · <i>not cross-origin isolated: only the single-threaded build can run here</i>');
if (params.get('reps')) $('reps').value = params.get('reps');
$('run').addEventListener('click', () => {
  params.delete('reps');
  run();
});
window.runThreads = run;
if (params.get('autorun') === '1') run();
else status('press Run to time both builds (about a minute of full load)');
