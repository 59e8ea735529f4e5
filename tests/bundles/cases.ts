/**
 * The main requests each function answers in the bundle test, in run order (later cases use
 * what earlier ones made: the admin and account cookies, a batch job, a collection). Vision
 * functions analyse one of the site's sample images named by URL on the site's origin (read
 * from the folder the zip carries, never fetched) and, where the contract takes one, an
 * uploaded photo. Every answer is checked against its contract's status and response schema.
 */
import type { z } from 'zod';
import { accountOperations } from '../../src/shared/contracts/account';
import {
  adminLoginOperation,
  adminLogoutOperation,
  adminSessionOperation,
} from '../../src/shared/contracts/admin-auth';
import { captionOperation, demoCaptionOperation } from '../../src/shared/contracts/caption';
import { demoFacesOperation, facesOperation } from '../../src/shared/contracts/faces';
import {
  getApiOperation,
  listApisOperation,
  listUseCasesOperation,
} from '../../src/shared/contracts/catalogue';
import {
  classifyOperation,
  createLabelSetOperation,
  demoClassifyOperation,
} from '../../src/shared/contracts/classify';
import { createContactOperation, listContactsOperation } from '../../src/shared/contracts/contacts';
import {
  defineCategoriesOperation,
  demoDetectOperation,
  demoObjectDetectionOperation,
  detectOperation,
} from '../../src/shared/contracts/object-detection';
import type { OperationContract } from '../../src/shared/contracts/operation';
import { errorBodySchema } from '../../src/server/http/errors';
import { operationExamples } from '../../src/lib/openapi/examples';
import {
  demoPhotoValidationOperation,
  errorReportOperation,
  getPredictBatchOperation,
  listErrorReportsOperation,
  predictBatchOperation,
  predictOperation,
  whyNotRealOperation,
} from '../../src/shared/contracts/photo-authenticity';
import { similarOperations } from '../../src/shared/contracts/similar';
import { healthOperation, statusSummaryOperation } from '../../src/shared/contracts/status';
import {
  addBrandOperation,
  demoWatermarkOperation,
  listBrandsOperation,
  watermarkOperation,
} from '../../src/shared/contracts/watermark';
import {
  createInspectionOperation,
  getInspectionOperation,
} from '../../src/shared/contracts/virtual-inspection';
import { base64Of, type InvokeAnswer, type PlannedRequest } from '../../scripts/lib/netlify-bundles';
import {
  CAPTION_SAMPLES,
  FACE_SAMPLES,
  SIMILAR_SAMPLES,
  VALIDATION_SAMPLES,
  WATERMARK_SAMPLES,
  type DemoSample,
} from '../../src/lib/demo-samples';
import { OD_SAMPLES } from '../../src/islands/object-detection/object-detection';

/** The site's origin in every request; sample URLs on it are read from the zip's own folder. */
export const ORIGIN = 'https://optiq.example';
export const sample = (file: string): string => `${ORIGIN}/images/samples/${file}`;

/** What earlier cases leave for later ones. */
export interface BundleState {
  /** `Authorization` of an account subscribed to every API (created before the run). */
  apiKey: string;
  adminUsername: string;
  adminPassword: string;
  adminCookie?: string | undefined;
  sessionCookie?: string | undefined;
  jobId?: string | undefined;
  inspectionId?: string | undefined;
}

/** One request and what its answer must be. */
export interface Step {
  request: PlannedRequest;
  status: number;
  /** Response schema the body must parse with (the contract's). */
  schema?: z.ZodType | undefined;
  /** Reads what later cases need from the answer. */
  keep?: (answer: InvokeAnswer, body: unknown, state: BundleState) => void;
}

export interface BundleCase {
  fn: string;
  /** Analyses images: runs a sample named by URL and an upload (cold-start bench too). */
  vision?: boolean;
  /**
   * The sample images its demo offers (file names in public/images/samples/): `npm run bench:cold`
   * answers each in turn with the first step's request, so its figures are over the photos a
   * visitor picks rather than one.
   */
  samples?: readonly string[];
  steps: (state: BundleState) => Step[];
}

const files = (list: readonly Pick<DemoSample, 'src'>[]): string[] =>
  list.map((s) => s.src.slice(s.src.lastIndexOf('/') + 1));
const OD_FILES = files(OD_SAMPLES);
const CAPTION_FILES = files(CAPTION_SAMPLES);
const WATERMARK_FILES = files(WATERMARK_SAMPLES);
const VALIDATION_FILES = files(VALIDATION_SAMPLES);
const SIMILAR_FILES = files(SIMILAR_SAMPLES);
const FACE_FILES = files(FACE_SAMPLES);

/** `request` (a JSON one naming a sample by URL) with every sample it names replaced by `file`. */
export function withSample(request: PlannedRequest, file: string): PlannedRequest {
  if (request.json === undefined) throw new Error('only a JSON request names its image by URL');
  const json = JSON.stringify(request.json).replace(/\/images\/samples\/[\w.-]+/g, `/images/samples/${file}`);
  return { ...request, json: JSON.parse(json) as unknown };
}

const UPLOAD = 'tests/fixtures/images/dog.jpg';

function step(
  op: OperationContract,
  path: string,
  init: Omit<PlannedRequest, 'method' | 'url'> = {},
  status: number = op.response.status,
): Step {
  return {
    request: {
      method: op.method,
      url: `${ORIGIN}${path}`,
      ...init,
      headers: { origin: ORIGIN, ...init.headers },
    },
    status,
    schema: op.response.schema,
  };
}

const bearer = (s: BundleState) => ({ authorization: `Bearer ${s.apiKey}` });
const cookie = (value: string | undefined) => (value ? { cookie: value } : {});
/** The `Cookie` header a browser would send back: every cookie the answer set, name=value. */
const cookiesOf = (answer: InvokeAnswer): string | undefined =>
  answer.setCookies?.map((c) => c.split(';')[0]).join('; ') || undefined;

/** A multipart upload of a test photo, with the operation's other fields. */
const upload = (fields: Record<string, string> = {}): NonNullable<PlannedRequest['multipart']> => [
  { name: 'file', base64: base64Of(UPLOAD), filename: 'dog.jpg', type: 'image/jpeg' },
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
];

/** The contract's first request example, its sample URLs moved to this run's origin. */
const example = (operation: OperationContract): unknown =>
  JSON.parse(
    JSON.stringify(operationExamples(operation).request[0]?.value ?? null).replaceAll(
      'http://127.0.0.1:4321',
      ORIGIN,
    ),
  ) as unknown;

const op = (list: readonly OperationContract[], method: string, path: string): OperationContract => {
  const found = list.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`no contract for ${method} ${path}`);
  return found;
};
const account = (method: string, path: string) => op(accountOperations, method, path);
const similar = (method: string, path: string) => op(similarOperations, method, path);

/** A scheduled function, invoked as Netlify does: a POST carrying the next run time. */
const scheduled = (fn: string): BundleCase => ({
  fn,
  steps: () => [
    {
      request: {
        method: 'POST',
        url: `${ORIGIN}/.netlify/functions/${fn}`,
        json: { next_run: new Date().toISOString() },
      },
      status: 200,
    },
  ],
});

export const BUNDLE_CASES: BundleCase[] = [
  {
    fn: 'apis',
    steps: () => [
      step(listApisOperation, '/api/apis'),
      step(getApiOperation, '/api/apis/image-object-detection', { params: { id: 'image-object-detection' } }),
    ],
  },
  { fn: 'use-cases', steps: () => [step(listUseCasesOperation, '/api/use-cases')] },
  {
    fn: 'api-not-found',
    steps: () => [{ request: { method: 'GET', url: `${ORIGIN}/api/no-such-endpoint` }, status: 404 }],
  },
  {
    // The built page travels in the zip (`included_files`): a browser gets it, a program JSON.
    fn: 'api-not-found-pages',
    steps: () => [
      {
        request: {
          method: 'GET',
          url: `${ORIGIN}/api/no-such-api`,
          headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        },
        status: 404,
        keep: (answer) => {
          if (!answer.body?.includes('<title>API Not Found') || !answer.body.includes('<header')) {
            throw new Error(
              `expected the built "API Not Found" page (is dist/ built?), got: ${answer.body?.slice(0, 200)}`,
            );
          }
        },
      },
      {
        request: { method: 'GET', url: `${ORIGIN}/api/no-such-api`, headers: { accept: '*/*' } },
        status: 404,
        schema: errorBodySchema,
      },
    ],
  },
  {
    fn: 'api-not-found-methods',
    steps: () => [
      { request: { method: 'POST', url: `${ORIGIN}/api/no-such-endpoint`, json: {} }, status: 404 },
    ],
  },
  {
    fn: 'admin-login',
    steps: (s) => [
      {
        ...step(adminLoginOperation, '/api/auth/login', {
          json: { username: s.adminUsername, password: s.adminPassword },
        }),
        keep: (answer, _body, state) => (state.adminCookie = cookiesOf(answer)),
      },
    ],
  },
  {
    fn: 'admin-session',
    steps: (s) => [step(adminSessionOperation, '/api/auth/session', { headers: cookie(s.adminCookie) })],
  },
  {
    fn: 'contacts',
    steps: (s) => [
      step(createContactOperation, '/api/contacts', { json: example(createContactOperation) }),
      step(listContactsOperation, '/api/contacts', { headers: cookie(s.adminCookie) }),
    ],
  },
  {
    fn: 'account-signup',
    steps: () => [
      {
        ...step(account('POST', '/api/account/signup'), '/api/account/signup', {
          json: {
            username: 'bundle-test',
            email: 'bundle-test@example.com',
            password: 'a long enough password',
          },
        }),
        keep: (answer, _body, state) => (state.sessionCookie = cookiesOf(answer)),
      },
    ],
  },
  {
    fn: 'account-login',
    steps: () => [
      step(account('POST', '/api/account/login'), '/api/account/login', {
        json: { login: 'bundle-test', password: 'a long enough password' },
      }),
    ],
  },
  {
    fn: 'account',
    steps: (s) => [
      step(account('GET', '/api/account'), '/api/account', { headers: cookie(s.sessionCookie) }),
    ],
  },
  {
    fn: 'account-keys',
    steps: (s) => [
      step(account('POST', '/api/account/keys'), '/api/account/keys', {
        headers: cookie(s.sessionCookie),
        json: { name: 'production' },
      }),
      step(account('GET', '/api/account/keys'), '/api/account/keys', { headers: cookie(s.sessionCookie) }),
    ],
  },
  {
    fn: 'subscriptions',
    steps: (s) => [
      step(account('POST', '/api/subscriptions'), '/api/subscriptions', {
        headers: cookie(s.sessionCookie),
        json: { api_id: 'image-object-detection', tier: 'pay-per-use' },
      }),
      step(account('GET', '/api/subscriptions'), '/api/subscriptions', { headers: cookie(s.sessionCookie) }),
    ],
  },
  {
    fn: 'account-usage',
    steps: (s) => [
      step(account('GET', '/api/account/usage'), '/api/account/usage', { headers: cookie(s.sessionCookie) }),
    ],
  },
  {
    fn: 'account-requests',
    steps: (s) => [
      step(account('GET', '/api/account/requests'), '/api/account/requests?status=2xx', {
        headers: cookie(s.sessionCookie),
      }),
    ],
  },
  {
    fn: 'account-alerts',
    steps: (s) => [
      step(account('PUT', '/api/account/alerts'), '/api/account/alerts', {
        headers: cookie(s.sessionCookie),
        json: {
          webhook_url: 'https://hooks.example.com/optiq',
          rules: [{ kind: 'images', api_id: null, threshold: 500 }],
        },
      }),
      step(account('GET', '/api/account/alerts'), '/api/account/alerts', {
        headers: cookie(s.sessionCookie),
      }),
    ],
  },
  {
    fn: 'account-logout',
    steps: (s) => [
      step(account('POST', '/api/account/logout'), '/api/account/logout', {
        headers: cookie(s.sessionCookie),
      }),
    ],
  },
  {
    fn: 'detect',
    vision: true,
    samples: OD_FILES,
    steps: (s) => [
      step(detectOperation, '/api/v1/detect', {
        headers: bearer(s),
        json: { image_urls: [sample('od-coffee-cup.jpg')], category: 'kitchen' },
      }),
    ],
  },
  {
    fn: 'demo-detect',
    vision: true,
    samples: OD_FILES,
    steps: () => [
      step(demoDetectOperation, '/api/demo/detect', { json: { image_urls: [sample('od-dog-bicycle.jpg')] } }),
    ],
  },
  {
    fn: 'demo-object-detection',
    vision: true,
    samples: OD_FILES,
    steps: () => [
      step(demoObjectDetectionOperation, '/api/demo/object-detection', {
        json: {
          image_url: sample('od-dog-bicycle.jpg'),
          objects_to_find: 'dog, bicycle',
          room_category: 'auto',
        },
      }),
      step(demoObjectDetectionOperation, '/api/demo/object-detection', {
        multipart: upload({ objects_to_find: 'dog', room_category: 'auto' }),
      }),
    ],
  },
  {
    fn: 'categories',
    steps: (s) => [
      step(defineCategoriesOperation, '/api/v1/categories', {
        headers: bearer(s),
        json: example(defineCategoriesOperation),
      }),
    ],
  },
  {
    fn: 'classify',
    vision: true,
    samples: OD_FILES,
    steps: (s) => [
      step(classifyOperation, '/api/v1/classify', {
        headers: bearer(s),
        json: { image_url: sample('od-coffee-cup.jpg'), top_k: 3 },
      }),
      step(classifyOperation, '/api/v1/classify', { headers: bearer(s), multipart: upload({ top_k: '3' }) }),
    ],
  },
  {
    fn: 'demo-image-classification',
    vision: true,
    samples: OD_FILES,
    steps: () => [
      step(demoClassifyOperation, '/api/demo/image-classification', {
        json: { image_url: sample('od-coffee-cup.jpg'), top_k: 3 },
      }),
      step(demoClassifyOperation, '/api/demo/image-classification', { multipart: upload({ top_k: '3' }) }),
    ],
  },
  {
    fn: 'label-sets',
    vision: true,
    steps: (s) => [
      step(createLabelSetOperation, '/api/v1/label-sets', {
        headers: bearer(s),
        json: example(createLabelSetOperation),
      }),
    ],
  },
  {
    fn: 'caption',
    vision: true,
    samples: ['wm-scene-sign.jpg', ...CAPTION_FILES],
    steps: (s) => [
      step(captionOperation, '/api/v1/caption', {
        headers: bearer(s),
        json: { image_url: sample('wm-scene-sign.jpg'), style: 'technical' },
      }),
      step(captionOperation, '/api/v1/caption', { headers: bearer(s), multipart: upload() }),
    ],
  },
  {
    fn: 'demo-image-captioning',
    vision: true,
    samples: ['od-horses.jpg', ...CAPTION_FILES],
    steps: () => [
      step(demoCaptionOperation, '/api/demo/image-captioning', {
        json: { image_url: sample('od-horses.jpg') },
      }),
      step(demoCaptionOperation, '/api/demo/image-captioning', { multipart: upload() }),
    ],
  },
  {
    fn: 'faces',
    vision: true,
    samples: FACE_FILES,
    steps: (s) => [
      step(facesOperation, '/api/v1/faces', {
        headers: bearer(s),
        json: { image_url: sample('astronaut.jpg'), policy: 'profile_photo' },
      }),
      step(facesOperation, '/api/v1/faces', {
        headers: bearer(s),
        multipart: upload({ policy: 'profile_photo' }),
      }),
    ],
  },
  {
    fn: 'demo-face-analysis',
    vision: true,
    samples: FACE_FILES,
    steps: () => [
      step(demoFacesOperation, '/api/demo/face-analysis', { json: { image_url: sample('astronaut.jpg') } }),
      step(demoFacesOperation, '/api/demo/face-analysis', { multipart: upload({ include_mesh: 'true' }) }),
    ],
  },
  {
    fn: 'watermark',
    vision: true,
    samples: WATERMARK_FILES,
    steps: (s) => [
      step(watermarkOperation, '/api/v1/watermark', {
        headers: bearer(s),
        json: { image_url: sample('coffee-cup-watermarked.jpg'), include_invisible: true },
      }),
      step(watermarkOperation, '/api/v1/watermark', { headers: bearer(s), multipart: upload() }),
    ],
  },
  {
    fn: 'demo-watermark-detection',
    vision: true,
    samples: WATERMARK_FILES,
    steps: () => [
      step(demoWatermarkOperation, '/api/demo/watermark-detection', {
        json: { image_url: sample('wm-tiled-pattern.jpg') },
      }),
      step(demoWatermarkOperation, '/api/demo/watermark-detection', { multipart: upload() }),
    ],
  },
  {
    fn: 'watermark-brands',
    steps: (s) => [
      step(addBrandOperation, '/api/v1/watermark/brands', {
        headers: bearer(s),
        json: example(addBrandOperation),
      }),
      step(listBrandsOperation, '/api/v1/watermark/brands', { headers: bearer(s) }),
    ],
  },
  {
    fn: 'predict',
    vision: true,
    samples: VALIDATION_FILES,
    steps: (s) => [
      step(predictOperation, '/api/predict', {
        headers: bearer(s),
        json: { image_url: sample('validation-c2pa.jpg') },
      }),
    ],
  },
  {
    fn: 'why-not-real',
    vision: true,
    samples: VALIDATION_FILES,
    steps: (s) => [
      step(whyNotRealOperation, '/api/why_not_real', {
        headers: bearer(s),
        json: { image_url: sample('validation-iptc-ai.jpg') },
      }),
    ],
  },
  {
    fn: 'demo-photo-validation',
    vision: true,
    samples: VALIDATION_FILES,
    steps: () => [
      step(demoPhotoValidationOperation, '/api/demo/photo-validation', {
        json: { image_url: sample('validation-sd-watermark.jpg') },
      }),
      step(demoPhotoValidationOperation, '/api/demo/photo-validation', { multipart: upload() }),
    ],
  },
  {
    fn: 'error-report',
    steps: (s) => [
      step(errorReportOperation, '/api/error', { headers: bearer(s), json: example(errorReportOperation) }),
    ],
  },
  {
    fn: 'error-reports',
    steps: (s) => [step(listErrorReportsOperation, '/api/error-reports', { headers: cookie(s.adminCookie) })],
  },
  {
    fn: 'predict-batch',
    steps: (s) => [
      {
        ...step(predictBatchOperation, '/api/predict_batch', {
          headers: bearer(s),
          json: { image_urls: [sample('validation-iptc-ai.jpg'), sample('validation-camera-exif.jpg')] },
        }),
        keep: (_answer, body, state) => (state.jobId = (body as { job_id?: string }).job_id),
      },
    ],
  },
  {
    fn: 'inspections',
    steps: (s) => [
      {
        ...step(createInspectionOperation, '/api/v1/inspections', {
          headers: bearer(s),
          json: {
            image_urls: [sample('validation-iptc-ai.jpg'), sample('validation-camera-exif.jpg')],
            checklist: { rooms: { kitchen: 1 } },
          },
        }),
        keep: (_answer, body, state) =>
          (state.inspectionId = (body as { inspection_id?: string }).inspection_id),
      },
    ],
  },
  // The background worker drains the queue: the job and the inspection above are analysed from the zip's samples.
  {
    fn: 'predict-batch-worker-background',
    vision: true,
    steps: () => [
      {
        request: { method: 'POST', url: `${ORIGIN}/.netlify/functions/predict-batch-worker-background` },
        status: 202,
      },
    ],
  },
  {
    fn: 'predict-batch-status',
    steps: (s) => [
      {
        ...step(getPredictBatchOperation, `/api/predict_batch/${s.jobId}`, {
          headers: bearer(s),
          params: { job_id: s.jobId ?? '' },
        }),
        keep: (_answer, body) => {
          if ((body as { job_status?: string }).job_status !== 'completed')
            throw new Error(`batch job not completed by the worker: ${JSON.stringify(body)}`);
        },
      },
    ],
  },
  {
    fn: 'inspection-status',
    steps: (s) => [
      {
        ...step(getInspectionOperation, `/api/v1/inspections/${s.inspectionId}`, {
          headers: bearer(s),
          params: { id: s.inspectionId ?? '' },
        }),
        keep: (_answer, body) => {
          const inspection = body as { status?: string; report?: { coverage?: { missing?: string[] } } };
          if (inspection.status !== 'completed' || inspection.report?.coverage?.missing?.[0] !== 'kitchen')
            throw new Error(`inspection not completed by the worker: ${JSON.stringify(body)}`);
        },
      },
    ],
  },
  {
    fn: 'similar',
    vision: true,
    samples: SIMILAR_FILES,
    steps: (s) => [
      step(similar('POST', '/api/v1/similar'), '/api/v1/similar', {
        headers: bearer(s),
        json: { image_url: sample('similar-colosseum-crop.jpg'), max_results: 5 },
      }),
      step(similar('POST', '/api/v1/similar'), '/api/v1/similar', {
        headers: bearer(s),
        multipart: upload({ max_results: '5' }),
      }),
    ],
  },
  {
    fn: 'demo-similar-images',
    vision: true,
    samples: SIMILAR_FILES,
    steps: () => [
      step(similar('POST', '/api/demo/similar-images'), '/api/demo/similar-images', {
        json: { image_url: sample('similar-windmill-mirror.jpg'), max_results: 5 },
      }),
      step(similar('POST', '/api/demo/similar-images'), '/api/demo/similar-images', {
        multipart: upload({ max_results: '5' }),
      }),
    ],
  },
  {
    fn: 'collections',
    steps: (s) => [
      step(similar('POST', '/api/v1/collections'), '/api/v1/collections', {
        headers: bearer(s),
        json: { name: 'listings' },
      }),
    ],
  },
  {
    fn: 'collection-images',
    vision: true,
    steps: (s) => [
      step(similar('POST', '/api/v1/collections/{name}/images'), '/api/v1/collections/listings/images', {
        headers: bearer(s),
        params: { name: 'listings' },
        json: { id: 'listing-1', image_url: sample('similar-solar-bright.jpg') },
      }),
    ],
  },
  scheduled('prune-detection-results'),
  scheduled('prune-usage-events'),
  {
    fn: 'health',
    steps: () => [
      {
        ...step(healthOperation, '/api/health'),
        // The zip carries the models' files (included_files): found, so no model reads `error`.
        keep: (_answer, body) => {
          const models = (body as { components: { id: string; state?: string }[] }).components.filter(
            (c) => c.state !== undefined,
          );
          if (models.length !== 2 || models.some((c) => c.state === 'error'))
            throw new Error(`model files not found in the zip: ${JSON.stringify(models)}`);
        },
      },
    ],
  },
  scheduled('record-status-probe'),
  { fn: 'status', steps: () => [step(statusSummaryOperation, '/api/status')] },
  {
    fn: 'admin-logout',
    steps: (s) => [step(adminLogoutOperation, '/api/auth/logout', { headers: cookie(s.adminCookie) })],
  },
];
