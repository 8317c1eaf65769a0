// The README's "JS quick start" runs as written: its ```js block is taken from README.md, its
// `from 'twistsearch'` / `'twistsearch/…'` imports pointed at this repository's files (through
// package.json's `exports`, as a user's resolver would), and it is run as a module. What it prints and
// the values it leaves are then checked with cubing.js 0.63.4: the scramble scrambles the cube, the
// solution solves the scrambled pattern, the T-perm's optimal solution has 11 moves and solves it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { TPERM, cubingKPuzzle, moveCount, solves } from './helpers.mjs';

const ROOT = new URL('../../', import.meta.url);

/** The first ```js block under the heading "JS quick start" (before the next heading). */
export function quickStartBlock(markdown) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{1,6}\s+JS quick start\s*$/.test(l));
  assert.notEqual(start, -1, 'README.md has a heading "JS quick start"');
  const code = [];
  let inBlock = false;
  for (const line of lines.slice(start + 1)) {
    if (!inBlock && /^#{1,6}\s/.test(line)) break;
    if (!inBlock && /^```js\s*$/.test(line)) {
      inBlock = true;
    } else if (inBlock && /^```\s*$/.test(line)) {
      return code.join('\n');
    } else if (inBlock) {
      code.push(line);
    }
  }
  assert.fail('README.md has a ```js block under "JS quick start"');
}

/** `from 'twistsearch…'` imports pointed at the repository's files, as package.json's exports map them. */
export function rewriteImports(code) {
  const { exports } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
  let count = 0;
  const out = code.replace(/(\bfrom\s*)(['"])twistsearch(\/[\w.-]+)?\2/g, (_, from, quote, sub) => {
    const entry = exports[sub === undefined ? '.' : `.${sub}`];
    assert.ok(entry !== undefined, `package.json exports twistsearch${sub ?? ''}`);
    const file = typeof entry === 'string' ? entry : entry.default;
    count += 1;
    return `${from}${quote}${new URL(file, ROOT).href}${quote}`;
  });
  return { code: out, count };
}

/** The names a module's top-level `const`/`let` lines declare (plain names and destructured ones). */
function topLevelNames(code) {
  const names = [];
  for (const m of code.matchAll(/^(?:const|let)\s+(?:\{([^}]*)\}|([A-Za-z_$][\w$]*))/gm)) {
    if (m[2] !== undefined) names.push(m[2]);
    else for (const part of m[1].split(',')) names.push(part.split(':').pop().trim());
  }
  return names.filter((n) => n.length > 0);
}

/** Runs the block as a module in this process; returns its top-level values and what it printed. */
async function runBlock(code) {
  const file = fileURLToPath(new URL(`tests/js/.readme-quick-start-${process.pid}.mjs`, ROOT));
  writeFileSync(file, `${code}\nexport { ${topLevelNames(code).join(', ')} };\n`);
  const printed = [];
  const log = console.log;
  console.log = (...args) => printed.push(args.map(String).join(' '));
  try {
    const values = await import(pathToFileURL(file).href);
    return { values, printed };
  } finally {
    console.log = log;
    unlinkSync(file);
  }
}

test('the block is found and its imports are rewritten', () => {
  const code = quickStartBlock(readFileSync(new URL('README.md', ROOT), 'utf8'));
  const { code: rewritten, count } = rewriteImports(code);
  assert.ok(count >= 1, 'the quick start imports twistsearch');
  assert.doesNotMatch(rewritten, /['"]twistsearch(\/[\w.-]+)?['"]/);
  // The helpers themselves: a missing block fails, a subpath maps through the exports.
  assert.throws(() => quickStartBlock('# title\n\n## Other\n```js\nx\n```\n'));
  assert.throws(() => quickStartBlock('## JS quick start\ntext\n## Next\n```js\nx\n```\n'));
  assert.match(rewriteImports("import { solve } from 'twistsearch/cubing';").code, /js\/cubing\.js'/);
});

test("README's JS quick start runs, and its answers are right by cubing.js", async () => {
  const code = quickStartBlock(readFileSync(new URL('README.md', ROOT), 'utf8'));
  const { values, printed } = await runBlock(rewriteImports(code).code);
  const { scramble, solution, solutions } = values;

  const kpuzzle = await cubingKPuzzle('3x3x3');
  const solved = kpuzzle.defaultPattern();
  assert.equal(typeof scramble, 'string');
  assert.ok(moveCount(scramble) >= 2 && moveCount(scramble) <= 21, scramble);
  assert.ok(!solved.applyAlg(scramble).isIdentical(solved), `the scramble ${scramble} scrambles the cube`);

  assert.equal(typeof solution, 'string');
  assert.ok(solves(solved.applyAlg(scramble), solution), `${solution} solves ${scramble}`);
  assert.ok(values.pattern.isIdentical(solved.applyAlg(scramble)), 'pattern is the scrambled cube');

  assert.ok(Array.isArray(solutions) && solutions.length >= 1);
  assert.equal(moveCount(solutions[0]), 11, solutions[0]);
  assert.ok(solves(solved.applyAlg(TPERM), solutions[0]), `${solutions[0]} solves the T-perm`);

  // It printed what it says it prints.
  const out = printed.join('\n');
  assert.ok(out.includes(scramble), out);
  assert.ok(out.includes(solution), out);
  assert.ok(out.includes(solutions[0]), out);
});
