/**
 * Runs the code samples of the built site against the local runtime: every curl sample is sent
 * (in-process, to the same handler chain `npm start` serves, on a fresh embedded database, with
 * no loopback opt-in) with a test API key in place of the placeholder (and a batch job of that
 * account in place of `YOUR_JOB_ID` and the docs' sample job id), and must answer the
 * status the OpenAPI document gives for its operation; every API URL in the JavaScript and
 * Python samples must name a route a function serves. A sample whose path the server does not
 * know fails the check.
 * Usage: tsx scripts/ci/check-code-samples.ts [dist]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtPages } from '../lib/built-site';
import { apiUrlsIn, codeSamplesOf, parseCurl, type CurlCall } from '../lib/code-samples';
import { subscribe } from '../../src/server/account/subscriptions';
import { createTestAccount } from '../../tests/support/test-account';
import { SAMPLE_JOB_ID } from '../../content/docs/api-reference';
import { createBatchJob } from '../../src/server/batch/jobs';
import { setQueueConfig } from '../../src/server/batch/queue';
import { createBatchTestDb } from '../../tests/support/batch-test-db';
import { seed, setDb } from '../../src/server/db';
import { compilePattern, listFunctionFiles, type FunctionModule } from '../../src/local/function-routes';
import { createSiteHandler } from '../../src/local/site-handler';
import {
  addCollectionImage,
  collectionId,
  createCollection,
} from '../../src/server/vision/similar/collections';
import { seedGallery } from '../../src/server/vision/similar/gallery';
import { embedImage } from '../../src/server/vision/similar/service';
import { docsDocument, documentOperations } from '../../src/lib/docs/reference';
import { parseCli } from '../lib/cli';

/** The success status the document gives for a call, or undefined for a path it does not describe. */
function documentedStatus(method: string, pathname: string): number | undefined {
  const found = documentOperations(docsDocument('http://sample.check')).find(
    (o) => o.method === method && compilePattern(o.path.replace(/\{(\w+)\}/g, ':$1'))(pathname) !== null,
  );
  if (!found) return undefined;
  return Number(Object.keys(found.op.responses).find((s) => /^2\d\d$/.test(s)));
}

/**
 * Documented but not served yet, listed by name so an exception stays visible; once one is
 * served, the check fails until it is removed from this list. Empty: every sample is served.
 */
export const NOT_YET_SERVED: readonly string[] = [];

const exception = (method: string, pathname: string) =>
  NOT_YET_SERVED.find((entry) => {
    const [m, pattern] = entry.split(' ') as [string, string];
    return (m === method || method === '*') && compilePattern(pattern)(pathname) !== null;
  });

const root = resolve(import.meta.dirname, '../..');
const { positionals } = parseCli('Usage: tsx scripts/ci/check-code-samples.ts [dist]', {
  allowPositionals: true,
});
const dist = resolve(positionals[0] ?? 'dist');
// The site's own samples must work without the local-test opt-in for private URLs.
delete process.env['VISION_ALLOW_PRIVATE_URLS'];

const samples = codeSamplesOf(builtPages(dist));
const curls = samples.filter((s) => s.text.trimStart().startsWith('curl '));
const others = samples.filter((s) => !s.text.trimStart().startsWith('curl ') && apiUrlsIn(s.text).length > 0);

// With the batch queue installed, so POST /api/predict_batch can queue its job.
const testDb = await createBatchTestDb();
await seed(testDb.db);
setDb(testDb.db);
setQueueConfig(testDb.queue);
// The samples' `YOUR_API_KEY` / `$OPTIQ_API_KEY`: a real key of an account subscribed to object
// detection, photo authenticity, watermark detection, image classification, captioning and facial analysis.
const { key: apiKey, userId } = await createTestAccount(testDb.db);
await subscribe(testDb.db, userId, 'photo-authenticity', 'pay-per-use');
await subscribe(testDb.db, userId, 'watermark-detection', 'pay-per-use');
await subscribe(testDb.db, userId, 'image-classification', 'pay-per-use');
await subscribe(testDb.db, userId, 'image-captioning', 'pay-per-use');
await subscribe(testDb.db, userId, 'facial-attribute-analysis', 'pay-per-use');
// Similar-image search: the gallery indexed, and the collection and image the reference samples'
// path placeholders name (YOUR_NAME, YOUR_ID), so the collection calls answer as documented.
await subscribe(testDb.db, userId, 'similar-image-search', 'pay-per-use');
await seedGallery(testDb.db);
await createCollection(testDb.db, userId, 'YOUR_NAME');
await addCollectionImage(
  testDb.db,
  await collectionId(testDb.db, userId, 'YOUR_NAME'),
  { id: 'YOUR_ID', url: null, category: 'uncategorized', metadata: {} },
  await embedImage({ bytes: new Uint8Array(readFileSync(join(root, 'public/gallery/arch-colosseum.jpg'))) }),
);
// The jobs the GET samples read: one in place of `YOUR_JOB_ID`, one with the docs' sample id.
const batch = {
  userId,
  apiId: 'photo-authenticity',
  apiKeyId: null,
  imageUrls: ['http://sample.check/images/samples/validation-camera-exif.jpg'],
  callbackUrl: null,
  idempotencyKey: null,
  siteOrigins: [],
};
const { job: sampleJob } = await createBatchJob(testDb.db, testDb.queue, batch);
await testDb.db
  .insertInto('batch_jobs')
  .values({
    id: SAMPLE_JOB_ID,
    user_id: userId,
    api_id: 'photo-authenticity',
    api_key_id: null,
    idempotency_key: null,
    request_hash: '-',
    image_urls: JSON.stringify(batch.imageUrls),
    callback_url: null,
    total: 1,
    error: null,
    callback_status: null,
    started_at: null,
    finished_at: null,
  })
  .execute();
const site = await createSiteHandler({
  projectRoot: root,
  distDir: dist,
  functionFiles: listFunctionFiles(join(root, 'functions')),
  loadModule: (file) => import(pathToFileURL(file).href) as Promise<FunctionModule>,
});
// Exact routes only: a catch-all that answers unknown calls with 404 serves nothing.
const served = site.routes.filter((r) => !r.pattern.endsWith('*'));

const failures: string[] = [];
const seen = new Map<string, { call: CurlCall; pages: Set<string> }>();
for (const s of curls) {
  let call: CurlCall;
  try {
    call = parseCurl(s.text);
  } catch (error) {
    failures.push(`${s.page}: unreadable curl sample (${(error as Error).message})`);
    continue;
  }
  const key = `${call.method} ${call.url} ${call.body ?? ''} ${JSON.stringify(call.form ?? {})}`;
  const entry = seen.get(key) ?? { call, pages: new Set<string>() };
  entry.pages.add(s.page);
  seen.set(key, entry);
}

let client = 0;
for (const { call, pages } of seen.values()) {
  const url = new URL(call.url.replace('YOUR_JOB_ID', sampleJob.id));
  const headers = new Headers(
    Object.entries(call.headers).map(([k, v]): [string, string] => [
      k,
      v.replace('$OPTIQ_API_KEY', apiKey).replace('YOUR_API_KEY', apiKey),
    ]),
  );
  let body: BodyInit | undefined = call.body;
  if (call.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(call.form)) {
      if (v.startsWith('@'))
        failures.push(
          `${[...pages].join(', ')}: a curl sample uploads a local file (${v}); samples must run as copied`,
        );
      else form.append(k, v);
    }
    body = form;
  }
  const res = await site.handle(
    new Request(url, { method: call.method, headers, ...(body === undefined ? {} : { body }) }),
    `198.18.0.${++client}`,
  );
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const where = [...pages].join(', ');
  const listed = exception(call.method, url.pathname);
  let verdict: string;
  // An id the reader fills in from an earlier call (`YOUR_ID`) cannot exist here: its own
  // endpoint's JSON 404 shows the route is served.
  const placeholderId = /\/YOUR_[A-Z_]+(\/|$)/.test(url.pathname);
  const ownRoute = served.some(
    (r) => r.match(url.pathname) !== null && (!r.methods || r.methods.includes(call.method)),
  );
  if (listed) {
    verdict =
      res.status === 404
        ? 'not served yet (listed exception)'
        : `SERVED NOW: remove "${listed}" from NOT_YET_SERVED`;
    if (res.status !== 404) failures.push(`${call.method} ${url.pathname}: ${verdict}`);
  } else if (placeholderId && ownRoute && res.status === 404 && type.includes('application/json')) {
    verdict = '404 for the placeholder id (route served)';
  } else if (res.status === 404 || res.status >= 500 || !type.includes('application/json')) {
    verdict = `FAILED (${res.status} ${type}: ${text.slice(0, 160)})`;
    failures.push(`${call.method} ${url.pathname} on ${where}: ${verdict}`);
  } else if (
    documentedStatus(call.method, url.pathname) !== undefined &&
    res.status !== documentedStatus(call.method, url.pathname)
  ) {
    verdict = `FAILED (answered ${res.status}, documented ${documentedStatus(call.method, url.pathname)}: ${text.slice(0, 160)})`;
    failures.push(`${call.method} ${url.pathname} on ${where}: ${verdict}`);
  } else {
    verdict = `${res.status}`;
  }
  console.log(`curl ${call.method} ${url.pathname} -> ${verdict}   [${where}]`);
}

let urlCount = 0;
for (const s of others) {
  for (const raw of apiUrlsIn(s.text)) {
    urlCount++;
    const { pathname } = new URL(raw);
    if (served.some((r) => r.match(pathname)) || exception('*', pathname)) continue;
    failures.push(`${s.page}: a sample calls ${pathname}, which no function serves`);
  }
}

await site.stop();
await testDb.close();
for (const f of failures) console.error(`FAIL ${f}`);
console.log(
  `code samples: ${curls.length} curl samples (${seen.size} distinct calls sent), ${urlCount} API URLs in ${others.length} JavaScript/Python samples, ${failures.length} failing`,
);
process.exit(failures.length > 0 ? 1 : 0);
