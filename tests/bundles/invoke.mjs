/**
 * Runs one function from its unpacked Netlify zip, in a plain Node process started with the
 * unpacked folder as its working directory (nothing of the repository is reachable from there).
 * Imports the module the zip's entry point names and calls its default export the way Netlify's
 * v2 runtime does: `handler(request, context)`, one request at a time, waiting for the work a
 * handler hands to `context.waitUntil` before the next.
 *
 * Usage: node invoke.mjs <plan.json>. The plan: `{ requests: PlannedRequest[] }` (see
 * scripts/lib/netlify-bundles.ts). Prints one JSON line per answer, then `{"done":true}`.
 * Times are milliseconds since this process started (`performance.now()`); `cpu` is the CPU time
 * (user + system, every thread) the process had used by then, which a loaded machine inflates
 * far less than the wall time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const root = process.cwd();

/** The module `___netlify-entry-point.mjs` hands to the bootstrap: `getLambdaHandler('./functions/x.mjs')`. */
function functionModule() {
  const entry = readFileSync(join(root, '___netlify-entry-point.mjs'), 'utf8');
  const match = /getLambdaHandler\((['"])(.+?)\1\)/.exec(entry);
  if (!match) throw new Error('the entry point names no function module');
  return join(root, match[2]);
}

function bodyOf(spec) {
  if (spec.json !== undefined) return JSON.stringify(spec.json);
  if (spec.multipart) {
    const form = new FormData();
    for (const part of spec.multipart) {
      if (part.base64 !== undefined)
        form.append(
          part.name,
          new Blob([Buffer.from(part.base64, 'base64')], { type: part.type }),
          part.filename,
        );
      else form.append(part.name, part.value);
    }
    return form;
  }
  return undefined;
}

/** Writes one answer line; resolves once written (a pipe takes large bodies in several writes). */
const out = (line) => new Promise((resolve) => process.stdout.write(`${JSON.stringify(line)}\n`, resolve));
/** CPU time of the process so far (ms). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1000);
};

const started = performance.now();
const mod = await import(pathToFileURL(functionModule()).href);
const imported = performance.now();
await out({
  imported: true,
  importMs: Math.round(imported - started),
  at: Math.round(imported),
  cpu: cpuMs(),
});
if (typeof mod.default !== 'function') throw new Error('the function module has no default export');

for (const spec of plan.requests) {
  const headers = new Headers(spec.headers ?? {});
  const body = bodyOf(spec);
  if (spec.json !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const req = new Request(spec.url, {
    method: spec.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const pending = [];
  const context = {
    ip: '203.0.113.7',
    params: spec.params ?? {},
    requestId: crypto.randomUUID(),
    waitUntil: (promise) => pending.push(promise),
  };
  const t0 = performance.now();
  let line;
  try {
    const res = await mod.default(req, context);
    const text = await res.text();
    line = {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      setCookies: res.headers.getSetCookie(),
      body: text,
      ms: Math.round(performance.now() - t0),
      at: Math.round(performance.now()),
      cpu: cpuMs(),
    };
  } catch (error) {
    line = {
      status: 0,
      thrown: String(error?.stack ?? error),
      ms: Math.round(performance.now() - t0),
      at: Math.round(performance.now()),
      cpu: cpuMs(),
    };
  }
  await Promise.allSettled(pending);
  await out(line);
}
await out({ done: true });
// Pools, timers and open connections must not keep a finished run alive.
process.exit(0);
