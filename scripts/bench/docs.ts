/**
 * Weighs our generated API reference page against Scalar's standalone API reference rendering
 * the same OpenAPI document, in Debian's headless Chromium, and prints for both: bytes
 * transferred (gzip), JS bytes (gzip and decoded), first contentful paint and time to
 * interactive. Target: ours at least 10x lighter.
 *
 * Both pages are served by one local static server with gzip (the built site from `dist/`, and
 * Scalar's `standalone.js` from node_modules on a local page: no CDN). Requests to any other
 * origin are blocked and not counted (Scalar would otherwise fetch web fonts). Each page loads
 * RUNS times with a cold cache; the medians are printed.
 *
 * Time to interactive here: the end of the last long task (over 50 ms on the main thread) before
 * a 3-second window with no long task and no request in flight, or first contentful paint when
 * later (the Lighthouse definition, measured in the page with a PerformanceObserver).
 *
 * Usage: npm run build && npm run bench:docs   (BENCH_PORT, default 4432; RUNS, default 3)
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { parseCli } from '../lib/cli';
import { loadText, percentile } from '../lib/stats';

parseCli(
  'Usage: npm run build && npm run bench:docs   (options in the environment: BENCH_PORT, default 4432; RUNS, default 3; CHROMIUM_PATH)',
  {},
);

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const scalarJs = join(root, 'node_modules/@scalar/api-reference/dist/browser/standalone.js');
const PORT = Number(process.env['BENCH_PORT'] ?? 4432);
const RUNS = Number(process.env['RUNS'] ?? 3);
const REFERENCE = '/docs/image-object-detection';
const QUIET_MS = 3000;
/** A summary of the document's detect operation: both pages must show it. */
const RENDERED_TEXT = 'Detect the objects of a room category';

const SCALAR_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Scalar API Reference (benchmark)</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/scalar/standalone.js"></script>
    <script>Scalar.createApiReference('#app', { url: '/openapi.json', withDefaultFonts: false })</script>
  </body>
</html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg']);
const gzCache = new Map<string, Buffer>();

function fileFor(pathname: string): string | undefined {
  if (pathname === '/scalar/standalone.js') return scalarJs;
  const clean = decodeURIComponent(pathname);
  for (const candidate of [join(dist, clean), join(dist, `${clean}.html`), join(dist, clean, 'index.html')]) {
    if (candidate.startsWith(dist) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function startServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${PORT}`);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (url.pathname === '/scalar') {
      const body = gzip ? gzipSync(SCALAR_PAGE) : Buffer.from(SCALAR_PAGE);
      res.writeHead(200, {
        'Content-Type': TYPES['.html']!,
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(body);
      return;
    }
    const file = fileFor(url.pathname);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const ext = extname(file);
    const type = TYPES[ext] ?? 'application/octet-stream';
    if (gzip && COMPRESSIBLE.has(ext)) {
      let body = gzCache.get(file);
      if (!body) gzCache.set(file, (body = gzipSync(readFileSync(file), { level: 9 })));
      res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', 'Cache-Control': 'no-store' });
      res.end(body);
    } else {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      createReadStream(file).pipe(res);
    }
  });
  return new Promise((ok) => server.listen(PORT, '127.0.0.1', () => ok(server)));
}

interface Measure {
  transferred: number;
  jsGzip: number;
  jsDecoded: number;
  requests: number;
  fcp: number;
  tti: number;
}

async function measure(browser: Browser, path: string): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const origin = `http://127.0.0.1:${PORT}`;
  await page.route('**/*', (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort(),
  );
  await page.addInitScript(() => {
    const w = window as unknown as { __longTaskEnd: number };
    w.__longTaskEnd = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTaskEnd = Math.max(w.__longTaskEnd, e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const inFlight = new Set<string>();
  let transferred = 0;
  let jsGzip = 0;
  let jsDecoded = 0;
  let requests = 0;
  let lastNetwork = Date.now();
  const decoded = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastNetwork = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.dataReceived', (e) =>
    decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength),
  );
  cdp.on('Network.loadingFinished', (e) => {
    inFlight.delete(e.requestId);
    lastNetwork = Date.now();
    requests++;
    transferred += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      jsGzip += e.encodedDataLength;
      jsDecoded += decoded.get(e.requestId) ?? 0;
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    inFlight.delete(e.requestId);
    lastNetwork = Date.now();
  });

  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  // Both must actually render the document's operations, or the figures mean nothing.
  await page.getByText(RENDERED_TEXT).first().waitFor({ timeout: 30_000 });
  // Wait for a quiet window: no request in flight and no new long task for QUIET_MS.
  let lastLongTask = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const end = await page.evaluate(() => (window as unknown as { __longTaskEnd: number }).__longTaskEnd);
    if (end !== lastLongTask || inFlight.size > 0) {
      lastLongTask = end;
      quietSince = Math.max(Date.now(), lastNetwork);
    }
    if (Date.now() - quietSince >= QUIET_MS && Date.now() - lastNetwork >= QUIET_MS) break;
  }
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const longTaskEnd = (window as unknown as { __longTaskEnd: number }).__longTaskEnd;
    return { fcp, tti: Math.max(fcp, nav?.domContentLoadedEventEnd ?? 0, longTaskEnd) };
  });
  await context.close();
  return { transferred, jsGzip, jsDecoded, requests, ...timing };
}

const median = (values: number[]) => percentile(values, 50);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;

if (!existsSync(join(dist, 'openapi.json')) || !fileFor(REFERENCE)) {
  console.error('bench-docs: no built site in dist/ (run npm run build first)');
  process.exit(1);
}
if (!existsSync(scalarJs)) {
  console.error('bench-docs: @scalar/api-reference is not installed (npm install)');
  process.exit(1);
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results: Record<string, Measure> = {};
try {
  for (const [name, path] of [
    ['ours', REFERENCE],
    ['scalar', '/scalar'],
  ] as const) {
    const runs: Measure[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, path));
    results[name] = {
      transferred: median(runs.map((r) => r.transferred)),
      jsGzip: median(runs.map((r) => r.jsGzip)),
      jsDecoded: median(runs.map((r) => r.jsDecoded)),
      requests: median(runs.map((r) => r.requests)),
      fcp: median(runs.map((r) => r.fcp)),
      tti: median(runs.map((r) => r.tti)),
    };
  }
} finally {
  await browser.close();
  server.close();
}

const ours = results['ours']!;
const scalar = results['scalar']!;
const row = (label: string, a: string, b: string, ratio: string) =>
  console.log(`${label.padEnd(30)}${a.padStart(14)}${b.padStart(14)}${ratio.padStart(10)}`);
console.log(
  `Same OpenAPI document (/openapi.json), headless Chromium, median of ${RUNS} cold loads, ${loadText()}`,
);
row('', 'ours', 'Scalar', 'ratio');
row(
  'bytes transferred (gzip)',
  kb(ours.transferred),
  kb(scalar.transferred),
  `${(scalar.transferred / ours.transferred).toFixed(1)}x`,
);
row(
  'JS transferred (gzip)',
  kb(ours.jsGzip),
  kb(scalar.jsGzip),
  ours.jsGzip ? `${(scalar.jsGzip / ours.jsGzip).toFixed(1)}x` : '-',
);
row(
  'JS decoded',
  kb(ours.jsDecoded),
  kb(scalar.jsDecoded),
  ours.jsDecoded ? `${(scalar.jsDecoded / ours.jsDecoded).toFixed(1)}x` : '-',
);
row('requests', String(ours.requests), String(scalar.requests), '');
row('first contentful paint', ms(ours.fcp), ms(scalar.fcp), `${(scalar.fcp / ours.fcp).toFixed(1)}x`);
row('time to interactive', ms(ours.tti), ms(scalar.tti), `${(scalar.tti / ours.tti).toFixed(1)}x`);
const lighter = scalar.transferred / ours.transferred;
console.log(
  `bench-docs: ours is ${lighter.toFixed(1)}x lighter in bytes transferred (target >= 10x): ${lighter >= 10 ? 'met' : 'NOT met'}`,
);
