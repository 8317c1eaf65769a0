// Issue 14, items 4 and 5: JS arguments are checked in JS before they reach the wasm shell, so a wrong
// type is a TypeError and a NaN, Infinity, fraction or out-of-range number a RangeError, each naming the
// argument (these tests need no wasm build: they drive the checks directly).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { algArg, checkNumbers, depthArg, splitOptions } from '../../js/common.js';

test('non-string algs are TypeErrors naming the argument', () => {
  for (const junk of [42, {}, null, undefined, [], true, 10n, Symbol('s'), () => 'R']) {
    assert.throws(() => algArg(junk, 'algOrder'), { name: 'TypeError', message: /algOrder: alg must be a string/ });
  }
  assert.equal(algArg("R U R'", 'invert'), "R U R'");
});

test('canonicalCounts depth: 2**32, fractions, NaN and non-numbers are refused', () => {
  assert.throws(() => depthArg(2 ** 32, 'canonicalCounts'), { name: 'RangeError', message: /depth 4294967296: must be an integer/ });
  for (const bad of [-1, 1.5, NaN, Infinity]) assert.throws(() => depthArg(bad, 'canonicalCounts'), RangeError);
  for (const bad of ['3', null, {}, 3n]) assert.throws(() => depthArg(bad, 'canonicalCounts'), TypeError);
  assert.equal(depthArg(0, 'canonicalCounts'), 0);
  assert.equal(depthArg(2 ** 32 - 1, 'canonicalCounts'), 2 ** 32 - 1);
});

test('numeric options: NaN, Infinity, fractions and out-of-range values name the option', () => {
  const cases = [
    [{ maxDepth: NaN }, RangeError, /maxDepth/],
    [{ maxDepth: Infinity }, RangeError, /maxDepth/],
    [{ maxSolutions: Infinity }, RangeError, /maxSolutions/],
    [{ maxSolutions: 1.5 }, RangeError, /maxSolutions/],
    [{ maxSolutions: -1 }, RangeError, /maxSolutions/],
    [{ minDepth: 2 ** 32 }, RangeError, /minDepth/],
    [{ slack: '2' }, TypeError, /slack/],
    [{ memoryMB: Infinity }, RangeError, /memoryMB/],
    [{ memoryMB: 0 }, RangeError, /memoryMB/],
    [{ initialMemoryMB: NaN }, RangeError, /initialMemoryMB/],
    [{ memoryMB: '64' }, TypeError, /memoryMB/],
    [{ seed: 2 ** 53 }, RangeError, /seed/],
    [{ antipodes: -3 }, RangeError, /antipodes/],
    [{ ignorePuzzleOrientation: 1 }, TypeError, /ignorePuzzleOrientation must be a boolean/],
    [{ ignoreCenterOrientation: 'yes' }, TypeError, /ignoreCenterOrientation/],
    [{ allOptimal: null }, TypeError, /allOptimal must be a boolean, not null/],
    [{ qtm: 'true' }, TypeError, /qtm/],
  ];
  for (const [options, type, message] of cases) {
    assert.throws(() => splitOptions(options, 'solve'), (e) => e instanceof type && message.test(e.message) && /^solve: /.test(e.message), JSON.stringify(options));
  }
  assert.doesNotThrow(() => checkNumbers({ maxDepth: 20, maxSolutions: 5, memoryMB: 0.5, seed: 7 }, 'solve'));
  // A huge but representable count passes here: the core refuses it (more than it keeps) with an Error.
  assert.doesNotThrow(() => checkNumbers({ maxSolutions: 1e9 }, 'solve'));
});
