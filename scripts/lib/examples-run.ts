/**
 * The example exchanges the site shows, and how to run one through the real handler. Shared by
 * the generator (scripts/data/generate-examples.ts) and the test that replays the stored examples.
 */
import { sql } from 'kysely';
import { createTestAccount } from '../../tests/support/test-account';
import { setQueueConfig } from '../../src/server/batch/queue';
import { createBatchTestDb, type BatchTestDb } from '../../tests/support/batch-test-db';
import { drainBatchQueue } from '../../src/server/batch/worker';
import { getDb, seed, setDb } from '../../src/server/db';
import { SAMPLE_JOB_ID } from '../../content/docs/api-reference';
import type { ApiExample } from '../../src/shared/examples';
import { tokenizeOrigin, withOrigin } from '../../src/shared/site-origin';
import categories from '../../functions/categories';
import demo from '../../functions/demo-object-detection';
import detect from '../../functions/detect';
import demoWatermark from '../../functions/demo-watermark-detection';
import watermark from '../../functions/watermark';
import caption from '../../functions/caption';
import classify from '../../functions/classify';
import demoCaption from '../../functions/demo-image-captioning';
import demoClassify from '../../functions/demo-image-classification';
import predict from '../../functions/predict';
import faces from '../../functions/faces';
import demoFaces from '../../functions/demo-face-analysis';
import predictBatch from '../../functions/predict-batch';
import predictBatchStatus from '../../functions/predict-batch-status';
import inspections from '../../functions/inspections';
import inspectionStatus from '../../functions/inspection-status';

/** The origin requests are made on; stored as `{{origin}}`. */
export const EXAMPLE_ORIGIN = 'http://127.0.0.1:4321';

const handlers: Record<
  string,
  (req: Request, runtime?: { ip?: string; params?: Record<string, string> }) => Promise<Response>
> = {
  '/api/v1/detect': detect,
  '/api/v1/categories': categories,
  '/api/demo/object-detection': demo,
  '/api/v1/watermark': watermark,
  '/api/demo/watermark-detection': demoWatermark,
  '/api/v1/classify': classify,
  '/api/demo/image-classification': demoClassify,
  '/api/v1/caption': caption,
  '/api/demo/image-captioning': demoCaption,
  '/api/v1/faces': faces,
  '/api/demo/face-analysis': demoFaces,
  '/api/predict': predict,
  '/api/predict_batch': predictBatch,
  '/api/predict_batch/{job_id}': predictBatchStatus,
  '/api/v1/inspections': inspections,
  '/api/v1/inspections/{id}': inspectionStatus,
};

/** The file under content/examples/ an example is stored in: one per API. */
export const exampleFile = (path: string): string =>
  path.startsWith('/api/predict')
    ? 'photo-authenticity.json'
    : path.startsWith('/api/v1/inspections')
      ? 'virtual-inspection.json'
      : path.includes('watermark')
        ? 'watermark-detection.json'
        : path.includes('classif')
          ? 'image-classification.json'
          : path.includes('caption')
            ? 'image-captioning.json'
            : path.includes('face')
              ? 'facial-attribute-analysis.json'
              : 'object-detection.json';

/** The API (and a tier it sells) each example's call is made with: its key's subscription. */
const subscriptionOf = (path: string): { apiId: string; tier: string } =>
  path.startsWith('/api/predict')
    ? { apiId: 'photo-authenticity', tier: 'standard' }
    : path.startsWith('/api/v1/inspections')
      ? { apiId: 'virtual-inspection', tier: 'pay-per-use' }
      : path.includes('watermark')
        ? { apiId: 'watermark-detection', tier: 'pay-per-use' }
        : path.includes('classify')
          ? { apiId: 'image-classification', tier: 'pay-per-use' }
          : path.includes('caption')
            ? { apiId: 'image-captioning', tier: 'pay-per-use' }
            : path.includes('face')
              ? { apiId: 'facial-attribute-analysis', tier: 'pay-per-use' }
              : { apiId: 'image-object-detection', tier: 'premium' };

/** Site sample images the examples analyse (public/images/samples). */
const img = (file: string) => `{{origin}}/images/samples/${file}`;
const COFFEE = img('od-coffee-cup.jpg');
const STREET = img('od-dog-bicycle.jpg');
const MISSING = img('listing-4821-bathroom.jpg');
const WM_STOCK = img('coffee-cup-watermarked.jpg');
const WM_TILED = img('wm-tiled-pattern.jpg');
const WM_SDXL = img('wm-invisible-sdxl.jpg');
const WM_SCENE = img('wm-scene-sign.jpg');
const HORSES = img('od-horses.jpg');
const SITTING_ROOM = img('od-sitting-room.jpg');
const AUTH_AI = img('validation-iptc-ai.jpg');
const AUTH_CAMERA = img('validation-camera-exif.jpg');
const AUTH_MISSING = img('listing-4821-kitchen.jpg');
const FACE_ASTRONAUT = img('astronaut.jpg');
const FACE_CAMERAMAN = img('face-cameraman.jpg');
const SITTING_ROOM_COPY = img('inspect-sitting-room-copy.jpg');

/**
 * The virtual-inspection sample (the API reference and /virtual-inspection show its report): a
 * sitting room, a re-encoded copy of it, a photo whose metadata declares it AI-generated, a
 * camera original and a photo of no room, against a checklist of rooms the set lacks.
 */
export const INSPECTION_SAMPLE = {
  image_urls: [SITTING_ROOM, SITTING_ROOM_COPY, AUTH_AI, AUTH_CAMERA, HORSES],
  checklist: { rooms: { kitchen: 1, bedroom: 2, bathroom: 1 } },
  property_ref: 'listing 4821, 12 Harbour Street',
};

export type ExampleRequest = Omit<ApiExample, 'status' | 'response'>;

/** Every example the site shows, by name. */
export const exampleRequests: Record<string, ExampleRequest> = {
  detect: {
    title: 'Two photos checked for the kitchen objects',
    method: 'POST',
    path: '/api/v1/detect',
    request: { image_urls: [COFFEE, STREET], mode: 'per_item', category: 'kitchen', error_checks: 3 },
  },
  detectSuperset: {
    title: 'Superset mode: one combined entry for all photos',
    method: 'POST',
    path: '/api/v1/detect',
    request: { image_urls: [COFFEE, STREET], mode: 'superset', category: 'kitchen', error_checks: 3 },
  },
  detectInferred: {
    title: 'No category: the room is inferred from the photos',
    method: 'POST',
    path: '/api/v1/detect',
    request: { image_urls: [COFFEE] },
  },
  detectNoneObserved: {
    title: 'Nothing of the category present',
    method: 'POST',
    path: '/api/v1/detect',
    request: { image_urls: [STREET], category: 'bathroom' },
  },
  detectWithObjects: {
    title: 'include_objects: the boxes and scores behind each answer',
    method: 'POST',
    path: '/api/v1/detect',
    request: { image_urls: [SITTING_ROOM], category: 'living_room', include_objects: true },
  },
  detectImageError: {
    title: 'One image could not be read; the others still answer',
    method: 'POST',
    path: '/api/v1/detect',
    request: { image_urls: [COFFEE, MISSING], category: 'kitchen' },
  },
  categories: {
    title: 'Define a category',
    method: 'POST',
    path: '/api/v1/categories',
    request: {
      definitions: [
        { category: 'home_office', objects: ['laptop', 'chair', 'tv', 'book', 'keyboard', 'desk'] },
      ],
    },
  },
  demo: {
    title: 'The object-detection demo',
    method: 'POST',
    path: '/api/demo/object-detection',
    request: { image_url: STREET, objects_to_find: 'dog, bicycle, car, truck, chair', room_category: 'auto' },
  },
  demoEverything: {
    title: 'Everything it can see (objects_to_find "*")',
    method: 'POST',
    path: '/api/demo/object-detection',
    request: { image_url: HORSES, objects_to_find: '*', room_category: 'auto' },
  },
  watermark: {
    title: 'Everything, at medium sensitivity: a centred stock overlay',
    method: 'POST',
    path: '/api/v1/watermark',
    request: { image_url: WM_STOCK, detect_type: 'all', sensitivity: 'medium', include_invisible: true },
  },
  watermarkTiled: {
    title: 'A tiled semi-transparent pattern',
    method: 'POST',
    path: '/api/v1/watermark',
    request: { image_url: WM_TILED, detect_type: 'visible', sensitivity: 'medium', include_invisible: false },
  },
  watermarkInvisible: {
    title: 'Only the invisible generator mark (an SDXL-marked image)',
    method: 'POST',
    path: '/api/v1/watermark',
    request: { image_url: WM_SDXL, detect_type: 'invisible', sensitivity: 'medium', include_invisible: true },
  },
  watermarkSceneText: {
    title: 'Scene text (a shop sign) is not a watermark',
    method: 'POST',
    path: '/api/v1/watermark',
    request: { image_url: WM_SCENE, detect_type: 'all', sensitivity: 'medium', include_invisible: true },
  },
  demoWatermark: {
    title: 'The watermark demo',
    method: 'POST',
    path: '/api/demo/watermark-detection',
    request: { image_url: WM_STOCK, detect_type: 'all', sensitivity: 'medium', include_invisible: true },
  },
  classify: {
    title: 'Room type of a table-top photo, top three',
    method: 'POST',
    path: '/api/v1/classify',
    request: { image_url: COFFEE, taxonomy: 'room_type', top_k: 3 },
  },
  classifyTop1: {
    title:
      'Only the best label: a dog and a bicycle on a porch, a known miss (read as a bedroom; see the accuracy card)',
    method: 'POST',
    path: '/api/v1/classify',
    request: { image_url: STREET, top_k: 1 },
  },
  demoClassify: {
    title: 'The classification live tester',
    method: 'POST',
    path: '/api/demo/image-classification',
    request: { image_url: COFFEE, taxonomy: 'room_type', top_k: 3 },
  },
  caption: {
    title: 'A descriptive caption of up to 50 words',
    method: 'POST',
    path: '/api/v1/caption',
    request: { image_url: STREET, style: 'descriptive', max_length: 50 },
  },
  captionTechnical: {
    title: 'A technical caption with the text read in the photo',
    method: 'POST',
    path: '/api/v1/caption',
    request: { image_url: WM_SCENE, style: 'technical', max_length: 100 },
  },
  demoCaption: {
    title: 'The captioning demo, creative style',
    method: 'POST',
    path: '/api/demo/image-captioning',
    request: { image_url: HORSES, style: 'creative', max_length: 100 },
  },
  faces: {
    title: 'A portrait checked against the profile_photo policy: it passes',
    method: 'POST',
    path: '/api/v1/faces',
    request: { image_url: FACE_ASTRONAUT, policy: 'profile_photo' },
  },
  facesPolicy: {
    title: 'Explicit rules: a head turned sideways fails, with the reason in plain words',
    method: 'POST',
    path: '/api/v1/faces',
    request: { image_url: FACE_CAMERAMAN, policy: { face_count: 1, max_yaw: 20, eyes_open: true } },
  },
  demoFaces: {
    title: 'The face analysis demo',
    method: 'POST',
    path: '/api/demo/face-analysis',
    request: { image_url: FACE_ASTRONAUT, policy: 'profile_photo' },
  },
  predict: {
    title: 'One image whose metadata declares it AI-generated: the verdict in the same call',
    method: 'POST',
    path: '/api/predict',
    request: { image_url: AUTH_AI },
  },
  predictBatch: {
    title: "Queue three images: two of the site's sample photos and one that does not exist",
    method: 'POST',
    path: '/api/predict_batch',
    request: { image_urls: [AUTH_AI, AUTH_CAMERA, AUTH_MISSING] },
  },
  predictBatchCompleted: {
    title: "Completed: each image's result in request order, and an image that could not be read",
    method: 'GET',
    path: '/api/predict_batch/{job_id}',
    request: {},
    job: { image_urls: [AUTH_AI, AUTH_CAMERA, AUTH_MISSING], run: true },
  },
  predictBatchPending: {
    title: 'Before a worker has taken the job: no results yet',
    method: 'GET',
    path: '/api/predict_batch/{job_id}',
    request: {},
    job: { image_urls: [AUTH_AI, AUTH_CAMERA, AUTH_MISSING], run: false },
  },
  inspection: {
    title: 'Queue an inspection of five photos against a checklist of rooms',
    method: 'POST',
    path: '/api/v1/inspections',
    request: INSPECTION_SAMPLE,
  },
  inspectionCompleted: {
    title: 'Completed: flags at the top, coverage against the checklist, every photo analysed',
    method: 'GET',
    path: '/api/v1/inspections/{id}',
    request: {},
    job: { ...INSPECTION_SAMPLE, run: true },
  },
  inspectionPending: {
    title: 'Before a worker has taken the inspection: progress, no report yet',
    method: 'GET',
    path: '/api/v1/inspections/{id}',
    request: {},
    job: { ...INSPECTION_SAMPLE, run: false },
  },
};

let ready: Promise<BatchTestDb> | undefined;
/**
 * A fresh seeded embedded database, once per process, served on a loopback port with the batch
 * queue installed (as `npm start` runs it), so the batch examples run on the real queue.
 */
function database(): Promise<BatchTestDb> {
  ready ??= createBatchTestDb().then(async (t) => {
    await seed(t.db);
    setDb(t.db);
    setQueueConfig(t.queue);
    return t;
  });
  return ready;
}

/** Closes the examples' database (tests call it when done). */
export async function closeExampleDb(): Promise<void> {
  const t = await ready;
  ready = undefined;
  setDb(undefined);
  setQueueConfig(undefined);
  await t?.close();
}

/**
 * A job's id is new on every run; the stored examples show the docs' sample id instead (the id
 * the code samples poll), so the create and status examples read as one job.
 */
function withSampleJobId(body: Record<string, unknown>, jobId: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body).replaceAll(jobId, SAMPLE_JOB_ID)) as Record<string, unknown>;
}

let client = 0;
/** Sends one example request through its handler; answers with the origin tokenised. */
export async function runExample(spec: ExampleRequest): Promise<ApiExample> {
  const t = await database();
  const handler = handlers[spec.path];
  if (!handler) throw new Error(`no handler for ${spec.path}`);
  // Keyed calls are made with the key of a fresh account each, so the `usage` they show does
  // not depend on which examples ran before.
  const keyed = spec.path.startsWith('/api/v1/') || spec.path.startsWith('/api/predict');
  const auth: Record<string, string> = keyed
    ? { Authorization: `Bearer ${(await createTestAccount(getDb(), subscriptionOf(spec.path))).key}` }
    : {};
  // Each example its own documentation client address (as the runtime passes it), so rate
  // limits never interfere.
  const runtime = () => ({ ip: `192.0.2.${(client = (client % 250) + 1)}` });
  let path = spec.path;
  let jobId: string | undefined;
  if (spec.job) {
    // A status example reads a job of its own: created through the handler, then (when `run`)
    // taken to its end by a queue worker (graphile-worker's runOnce, as the Netlify drain runs it).
    const { run, ...jobRequest } = spec.job;
    const inspection = spec.path.startsWith('/api/v1/inspections');
    const created = await (inspection ? inspections : predictBatch)(
      new Request(`${EXAMPLE_ORIGIN}${inspection ? '/api/v1/inspections' : '/api/predict_batch'}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify(withOrigin(jobRequest, EXAMPLE_ORIGIN)),
      }),
      runtime(),
    );
    if (created.status !== 201)
      throw new Error(`creating the example job failed: ${created.status} ${await created.text()}`);
    const ids = (await created.json()) as { job_id?: string; inspection_id?: string };
    jobId = ids.job_id ?? ids.inspection_id ?? '';
    if (run) await drainBatchQueue({ db: t.db, queue: t.queue, concurrency: 1 });
    path = spec.path.replace('{job_id}', jobId).replace('{id}', jobId);
  }
  const res = await handler(
    new Request(`${EXAMPLE_ORIGIN}${path}`, {
      method: spec.method,
      headers: { ...(spec.method === 'POST' ? { 'Content-Type': 'application/json' } : {}), ...auth },
      ...(spec.method === 'POST' ? { body: JSON.stringify(withOrigin(spec.request, EXAMPLE_ORIGIN)) } : {}),
    }),
    // The route parameters the runtime's router passes (the job id of a status example).
    { ...runtime(), params: jobId ? { job_id: jobId, id: jobId } : {} },
  );
  let response = tokenizeOrigin((await res.json()) as Record<string, unknown>, EXAMPLE_ORIGIN);
  const answered = response['job_id'] ?? response['inspection_id'];
  const answeredId = jobId ?? (typeof answered === 'string' ? answered : undefined);
  if (answeredId) response = withSampleJobId(response, answeredId);
  // A job no example takes to its end (a create or a pending example) leaves the queue: a later
  // example's drain (runOnce takes every ready entry) then analyses only its own job's images.
  if (answeredId && !spec.job?.run) await dropQueueEntries(t, answeredId);
  return { ...spec, status: res.status, response };
}

/** Removes the queue entries of a job (its images and finishing step), which no worker has taken. */
async function dropQueueEntries(t: BatchTestDb, jobId: string): Promise<void> {
  await sql`select ${sql.id(t.queue.schema, 'remove_job')}(key) from ${sql.id(t.queue.schema, 'jobs')} where key like ${`${jobId}:%`} or key = ${`finish:${jobId}`}`.execute(
    t.db,
  );
}
