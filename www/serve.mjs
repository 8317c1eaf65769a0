#!/usr/bin/env node
// A small static server for twistsearch's demo pages and browser tests (no dependencies).
//
//   node www/serve.mjs [--port N | N] [--host H] [--no-isolation] [--quiet]
//
// - Serves the repository root, so pages import `/js/…` and `/pkg/…` as the npm package lays them out;
//   `/` redirects to the demo (`/www/`).
// - `/vendor/NAME/…` serves the npm package NAME (cubing, three, random-uint-below) from
//   `tests/browser/node_modules/` or, failing that, the root `node_modules/`: no CDN, no network.
//   In JavaScript served from there, bare import specifiers (`"random-uint-below"`, `"three/src/…"`,
//   `"cubing/alg"`) are rewritten to `/vendor/…` URLs through each package's `exports`: an import map
//   covers a page but not the module workers cubing.js starts (its search worker), which Chromium
//   loads without one.
// - Sends `Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Embedder-Policy: require-corp` and
//   `Cross-Origin-Resource-Policy: same-origin` on every response (errors and redirects too), which makes
//   pages cross-origin isolated (SharedArrayBuffer, the threaded build). `--no-isolation` leaves them out
//   (pages then use the single-threaded build).
// - Port: `--port N`, a bare number, or $PORT; default 8080; 0 picks a free port. The first line printed is
//   `twistsearch demo server: http://HOST:PORT/ …` (tests read the URL from it).

import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vendorRoots = [join(root, 'tests', 'browser', 'node_modules'), join(root, 'node_modules')];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.tws': 'text/plain; charset=utf-8',
  '.scr': 'text/plain; charset=utf-8',
};

function usage(message) {
  if (message) console.error(`serve.mjs: ${message}`);
  console.error('usage: node www/serve.mjs [--port N | N] [--host H] [--no-isolation] [--quiet]');
  process.exit(2);
}

function parseArgs(argv) {
  const o = { port: process.env.PORT ?? '8080', host: '127.0.0.1', isolation: true, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' || a === '-p') o.port = argv[++i];
    else if (a.startsWith('--port=')) o.port = a.slice(7);
    else if (a === '--host') o.host = argv[++i];
    else if (a.startsWith('--host=')) o.host = a.slice(7);
    else if (a === '--no-isolation') o.isolation = false;
    else if (a === '--quiet' || a === '-q') o.quiet = true;
    else if (a === '--help' || a === '-h') usage();
    else if (/^\d+$/.test(a)) o.port = a;
    else usage(`unknown argument ${a}`);
  }
  if (o.port === undefined || !/^\d+$/.test(String(o.port)) || Number(o.port) > 65535) usage(`bad port ${o.port}`);
  o.port = Number(o.port);
  if (!o.host) usage('missing host');
  return o;
}

const options = parseArgs(process.argv.slice(2));

function baseHeaders() {
  const h = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (options.isolation) {
    h['Cross-Origin-Opener-Policy'] = 'same-origin';
    h['Cross-Origin-Embedder-Policy'] = 'require-corp';
    h['Cross-Origin-Resource-Policy'] = 'same-origin';
  }
  return h;
}

function send(res, status, text, extra = {}) {
  const body = Buffer.from(text);
  res.writeHead(status, { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length, ...extra });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The file a URL path names, or null when it leaves the served tree. */
function candidates(pathname) {
  const clean = normalize(pathname).replace(/^([/\\])+/, '');
  if (clean.split(/[/\\]/).includes('..')) return null;
  const m = /^vendor[/\\](.*)$/.exec(clean);
  if (m) return vendorRoots.map((base) => inside(base, m[1])).filter(Boolean);
  const p = inside(root, clean);
  return p ? [p] : null;
}

function inside(base, rel) {
  const p = resolve(base, rel);
  return p === base || p.startsWith(base + sep) ? p : null;
}

/** The vendor root and package directory serving package NAME, or null. */
function packageDir(name) {
  for (const base of vendorRoots) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return { base, dir };
  }
  return null;
}

const pkgCache = new Map();
function packageJson(dir) {
  if (!pkgCache.has(dir)) pkgCache.set(dir, JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
  return pkgCache.get(dir);
}

/** An `exports` entry as a path: the `import`/`browser`/`default` condition of an object, a string as is. */
function exportTarget(entry) {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object') {
    for (const k of ['browser', 'import', 'module', 'default']) {
      const t = exportTarget(entry[k]);
      if (t) return t;
    }
  }
  return null;
}

/** The `/vendor/…` URL of a bare specifier (`three/src/x.js`, `cubing/alg`, `random-uint-below`), or null. */
function resolveBare(spec) {
  const m = /^((?:@[^/]+\/)?[^/@][^/]*)(\/.*)?$/.exec(spec);
  if (!m) return null;
  const [, name, subpath = ''] = m;
  const found = packageDir(name);
  if (!found) return null;
  const pkg = packageJson(found.dir);
  const key = `.${subpath}`;
  let target = null;
  if (pkg.exports !== undefined) {
    const exp = typeof pkg.exports === 'string' || (pkg.exports && !Object.keys(pkg.exports).some((k) => k.startsWith('.')))
      ? { '.': pkg.exports }
      : pkg.exports;
    if (exp[key] !== undefined) target = exportTarget(exp[key]);
    else {
      for (const [pattern, value] of Object.entries(exp)) {
        const star = pattern.indexOf('*');
        if (star < 0) continue;
        const pre = pattern.slice(0, star);
        const post = pattern.slice(star + 1);
        if (key.startsWith(pre) && key.endsWith(post) && key.length >= pre.length + post.length) {
          const t = exportTarget(value);
          if (t) target = t.replace('*', key.slice(pre.length, key.length - post.length));
          break;
        }
      }
    }
  } else if (subpath) {
    target = key;
  } else {
    target = `./${(pkg.module ?? pkg.main ?? 'index.js').replace(/^\.\//, '')}`;
  }
  if (!target) return null;
  return `/vendor/${name}/${target.replace(/^\.\//, '')}`;
}

const BARE_IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"'./][^"':]*)\2/g;

/** JavaScript with its bare import specifiers turned into `/vendor/…` URLs. */
function rewriteBareImports(code) {
  return code.replace(BARE_IMPORT, (all, head, quote, spec) => {
    const url = resolveBare(spec);
    return url ? `${head}${quote}${url}${quote}` : all;
  });
}

async function statOrNull(p) {
  try {
    return await stat(p);
  } catch {
    return null;
  }
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    return send(res, 400, 'bad request\n');
  }
  if (pathname.includes('\0')) return send(res, 400, 'bad request\n');
  if (pathname === '/') return send(res, 302, 'see /www/\n', { Location: '/www/' });
  const files = candidates(pathname);
  if (!files) return send(res, 403, 'forbidden\n');
  for (let file of files) {
    let s = await statOrNull(file);
    if (s?.isDirectory()) {
      if (!pathname.endsWith('/')) return send(res, 301, 'moved\n', { Location: `${pathname}/` });
      file = join(file, 'index.html');
      s = await statOrNull(file);
    }
    if (!s?.isFile()) continue;
    const ext = extname(file).toLowerCase();
    const type = MIME[ext] ?? 'application/octet-stream';
    if ((ext === '.js' || ext === '.mjs') && vendorRoots.some((base) => file.startsWith(base + sep))) {
      const body = Buffer.from(rewriteBareImports(await readFile(file, 'utf8')));
      res.writeHead(200, { ...baseHeaders(), 'Content-Type': type, 'Content-Length': body.length });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(200, { ...baseHeaders(), 'Content-Type': type, 'Content-Length': s.size });
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    return stream.pipe(res);
  }
  return send(res, 404, `not found: ${pathname}\n`);
}

const server = createServer((req, res) => {
  const t0 = Date.now();
  res.on('finish', () => {
    if (!options.quiet) console.log(`${res.statusCode} ${req.method} ${req.url} ${Date.now() - t0}ms`);
  });
  handle(req, res).catch((e) => {
    if (!res.headersSent) send(res, 500, `internal error: ${e?.message ?? e}\n`);
    else res.destroy();
  });
});

server.on('error', (e) => {
  console.error(`serve.mjs: ${e.message}`);
  process.exit(1);
});

server.listen(options.port, options.host, () => {
  const { port } = server.address();
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  console.log(
    `twistsearch demo server: http://${host}:${port}/ (root ${root}; ` +
      `${options.isolation ? 'COOP/COEP on: cross-origin isolated, threaded build' : 'no COOP/COEP: single-threaded build'})`,
  );
  console.log(`  demo: http://${host}:${port}/www/   threads: http://${host}:${port}/www/threads.html`);
  if (!packageDir('cubing')) {
    console.warn('warning: cubing.js is not installed: run `npm ci` in tests/browser/ (or at the repository root)');
  }
  for (const b of ['single', 'threaded']) {
    if (!existsSync(join(root, 'pkg', b, 'twistsearch_bg.wasm')) || (b === 'single' && !existsSync(join(root, 'pkg', b, 'twistsearch_events_bg.wasm')))) console.warn(`warning: pkg/${b}/ is missing: run \`bash scripts/build-wasm.sh\``);
  }
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
