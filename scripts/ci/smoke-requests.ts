/**
 * The requests of the start smoke test (scripts/ci/smoke-start.sh), against a running server:
 * the home page, the catalogue API, and a detection on one of the site's own sample images sent
 * exactly as the object-detection demo sends it. Usage: tsx scripts/ci/smoke-requests.ts ORIGIN
 */
import { absoluteSampleUrl } from '../../src/lib/demo-samples';
import {
  DEFAULT_OBJECTS,
  DEMO_ENDPOINT,
  demoRequestBody,
  OD_SAMPLES,
} from '../../src/islands/object-detection/object-detection';
import { demoResponseSchema } from '../../src/shared/schemas/detect';
import { parseCli } from '../lib/cli';

const USAGE = 'Usage: tsx scripts/ci/smoke-requests.ts ORIGIN   (e.g. http://127.0.0.1:4321)';
const [origin] = parseCli(USAGE, { allowPositionals: true }).positionals;
if (!origin) {
  console.error(USAGE);
  process.exit(2);
}
let failed = 0;
const check = async (label: string, run: () => Promise<string>) => {
  try {
    console.log(`smoke: ${label}: ${await run()}`);
  } catch (error) {
    failed++;
    console.error(`smoke: ${label}: FAILED ${(error as Error).message}`);
  }
};

await check('GET /', async () => {
  const res = await fetch(`${origin}/`);
  const html = await res.text();
  if (res.status !== 200 || !html.includes('<title>')) throw new Error(`status ${res.status}`);
  return `200, ${html.length} bytes of HTML`;
});

await check('GET /api/apis', async () => {
  const res = await fetch(`${origin}/api/apis`);
  const body = (await res.json()) as { id: string }[];
  if (res.status !== 200 || !Array.isArray(body) || body.length === 0)
    throw new Error(`status ${res.status}`);
  return `200, ${body.length} APIs (${body.map((a) => a.id).join(', ')})`;
});

const sample = OD_SAMPLES[0];
if (!sample) throw new Error('the demo has no sample images');
await check(`POST ${DEMO_ENDPOINT} on sample ${sample.src}`, async () => {
  const res = await fetch(`${origin}${DEMO_ENDPOINT}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(demoRequestBody(absoluteSampleUrl(sample.src, origin), DEFAULT_OBJECTS, 'auto')),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`status ${res.status}: ${text.slice(0, 300)}`);
  const body = demoResponseSchema.parse(JSON.parse(text));
  const found =
    body.objects_found.map((o) => `${o.object} ${Math.round(o.confidence * 100)}%`).join(', ') || 'nothing';
  return `200, ${body.image_width}x${body.image_height}, found ${found} in ${body.processing_time} s`;
});

process.exit(failed > 0 ? 1 : 0);
