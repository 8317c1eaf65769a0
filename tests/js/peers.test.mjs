// The peer benchmark harness (`npm run bench:peers`) in its quick mode: it runs, checks itself with
// cubing.js, and prints one JSON record of the documented shape. Timings are never asserted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUN = fileURLToPath(new URL('../../bench/peers/run.mjs', import.meta.url));

function runHarness(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [RUN, ...args], { maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

const isTime = (x) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
const isRatio = (x) => x === null || (typeof x === 'number' && Number.isFinite(x) && x > 0);

function checkSide(side, n, label) {
  if (side.error !== undefined) {
    assert.equal(typeof side.error, 'string', label);
    return;
  }
  assert.ok(isTime(side.firstMs), `${label} firstMs`);
  assert.ok(Array.isArray(side.warmMs) && side.warmMs.length === n - 1 && side.warmMs.every(isTime), `${label} warmMs`);
  assert.ok(n === 1 ? side.warmMedianMs === null : isTime(side.warmMedianMs), `${label} warmMedianMs`);
  assert.equal(side.lengths.length, n, `${label} lengths`);
  assert.ok(side.lengths.every((l) => Number.isInteger(l) && l >= 0), `${label} lengths`);
}

test('bench:peers --quick --json: one record, every case verified with cubing.js', { timeout: 600_000 }, async () => {
  // A small table budget keeps the test short; the shape is the same as with the default.
  const { code, stdout, stderr } = await runHarness(['--quick', '--json', '--memory-mb', '16']);
  assert.equal(code, 0, stderr.slice(-3000));
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'stdout holds just the JSON record');
  const r = JSON.parse(lines[0]);

  assert.equal(r.benchmark, 'twistsearch bench:peers');
  assert.equal(r.quick, true);
  assert.equal(r.ok, true);
  assert.deepEqual(r.failures, []);
  assert.equal(r.peer.package, 'cubing');
  assert.equal(r.peer.version, '0.63.4');
  assert.equal(r.twistsearch.build, 'single');
  assert.equal(r.twistsearch.memoryMB, 16);
  assert.equal(r.machine.node, process.version);
  assert.ok(r.machine.cpus >= 1);
  assert.equal(r.machine.loadAverageBefore.length, 3);
  assert.equal(typeof r.date, 'string');
  assert.ok(Array.isArray(r.belowGoal) && Array.isArray(r.peerUnavailable));

  const puzzles = r.solves.map((c) => c.puzzle);
  for (const p of ['2x2x2', 'skewb', 'pyraminx', '3x3x3', '4x4x4', 'megaminx']) assert.ok(puzzles.includes(p), p);
  for (const c of r.solves) {
    const n = c.positions.length;
    assert.ok(n >= 2, c.id);
    assert.ok(Array.isArray(c.generatorMoves) && c.generatorMoves.length > 0, c.id);
    assert.equal(c.verified, true, c.id);
    checkSide(c.peer, n, `${c.id} peer`);
    checkSide(c.ours, n, `${c.id} ours`);
    assert.ok(isTime(c.ours.loadMs), `${c.id} loadMs`);
    assert.equal(c.ours.solutions.length, n);
    if (!c.peer.error) c.ours.lengths.forEach((l, i) => assert.ok(l <= c.peer.lengths[i], `${c.id} ${i}`));
    assert.ok(isRatio(c.ratio.first) && isRatio(c.ratio.warm), c.id);
  }

  assert.deepEqual(r.scrambles.map((c) => c.event), ['222', 'skewb', 'pyram']);
  for (const c of r.scrambles) {
    const n = c.ours.scrambles.length;
    assert.ok(n >= 2, c.id);
    assert.equal(c.verified, true, c.id);
    checkSide(c.ours, n, `${c.id} ours`);
    checkSide(c.peer, c.peer.scrambles?.length ?? 0, `${c.id} peer`);
    assert.deepEqual(c.ours.twipsOptimalLengths, c.ours.lengths, `${c.id}: our scrambles are optimal`);
    assert.ok(isRatio(c.ratio.first) && isRatio(c.ratio.warm), c.id);
  }
});

test('a wrong solution of ours is a loud correctness failure (exit 1)', { timeout: 300_000 }, async () => {
  process.env.BENCH_PEERS_FAULT = 'drop-last-move';
  let result;
  try {
    result = await runHarness(['--quick', '--json', '--memory-mb', '16', '--only', '2x2x2 random state']);
  } finally {
    delete process.env.BENCH_PEERS_FAULT;
  }
  const { code, stdout, stderr } = result;
  assert.equal(code, 1, stderr.slice(-3000));
  assert.match(stderr, /CORRECTNESS FAILURE/);
  const r = JSON.parse(stdout);
  assert.equal(r.ok, false);
  assert.equal(r.solves.length, 1);
  assert.equal(r.solves[0].verified, false);
  assert.ok(r.failures.length >= 2 && r.failures.every((f) => /does not solve/.test(f)), r.failures.join('\n'));
});

test('bench:peers --events --quick --json: every scramble checked with cubing.js, refused events named', { timeout: 600_000 }, async () => {
  const { code, stdout, stderr } = await runHarness(['--events', '--quick', '--json']);
  assert.equal(code, 0, stderr.slice(-3000));
  const r = JSON.parse(stdout.trim());
  assert.equal(r.mode, 'events');
  assert.equal(r.ok, true);
  assert.deepEqual(r.solves, []);
  assert.deepEqual(r.scrambles, []);
  assert.deepEqual(r.events.map((c) => c.event), ['222', '444', '555', 'clock', 'pyram']);
  for (const c of r.events) {
    assert.equal(c.verified, true, c.event);
    checkSide(c.peer, 3, `${c.event} peer`);
    assert.ok(c.peer.memory.maxRss > 0, c.event);
    if (c.supported) {
      checkSide(c.ours, 3, `${c.event} ours`);
      assert.ok(isTime(c.ours.loadMs), c.event);
      assert.ok(c.ours.memory.maxRss >= c.ours.memory.rssBefore, c.event);
      assert.ok(isRatio(c.ratio.first) && isRatio(c.ratio.warm), c.event);
    } else {
      assert.match(c.ours.error, new RegExp(`event ${c.event}: `));
    }
  }
  assert.deepEqual(r.events.filter((c) => !c.supported).map((c) => c.event), []);
  assert.match(stderr, /randomScrambleForEvent \(first: fresh process/);
});
