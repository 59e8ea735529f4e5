/**
 * POST /api/v1/inspections and GET /api/v1/inspections/{id} in process, with real analysis by a
 * graphile-worker worker on the same database (PGlite here; PostgreSQL with `npm run test:pg`):
 * a set with a re-used photo, an AI-metadata photo, a photo of no room and a missing room; uploads
 * with a collection match and a signed callback; and the refusals.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { bearer, createTestAccount, type TestAccount } from '../support/test-account';
import { callbackSecretForKey, SIGNATURE_HEADER, verifyCallback } from '../../src/server/batch/callback';
import { billingPeriod } from '../../src/server/account/usage';
import {
  addCollectionImage,
  collectionId,
  createCollection,
} from '../../src/server/vision/similar/collections';
import { embedImage } from '../../src/server/vision/similar/service';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import {
  createInspectionOperation,
  getInspectionOperation,
} from '../../src/shared/contracts/virtual-inspection';
import createInspection from '../../functions/inspections';
import * as inspectionStatusFunction from '../../functions/inspection-status';
import predictBatch from '../../functions/predict-batch';
import { routed } from '../support/routed';
import { callbackReceiver, startTestWorker, useBatchSuite } from '../support/batch-helpers';

const inspectionStatus = routed(inspectionStatusFunction);
const SAMPLES = resolve(import.meta.dirname, '../../public/images/samples');

const suite = useBatchSuite();

/** The site's own sample photos, read from disk by the worker (the request's origin is the site). */
const sample = (name: string) => `http://localhost/images/samples/${name}`;
const subscriber = () => createTestAccount(suite.t.db, { apiId: 'virtual-inspection', tier: 'pay-per-use' });
const start = (body: BodyInit, headers: Record<string, string> = {}) =>
  createInspection(
    new Request('http://localhost/api/v1/inspections', {
      method: 'POST',
      headers: typeof body === 'string' ? { 'Content-Type': 'application/json', ...headers } : headers,
      body,
    }),
    { ip: '198.51.100.80' },
  );
const read = (id: string, headers: Record<string, string>) =>
  inspectionStatus(new Request(`http://localhost/api/v1/inspections/${id}`, { headers }), {
    ip: '198.51.100.81',
  });
const startWorker = () => startTestWorker(suite.t, suite.workers);

async function created(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201);
  return createInspectionOperation.response.schema.parse(await res.json());
}

/** Polls the inspection until it has ended, collecting every status seen. */
async function finished(id: string, account: TestAccount, timeoutMs = 90_000) {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await read(id, bearer(account));
    expect(res.status).toBe(200);
    const body = getInspectionOperation.response.schema.parse(await res.json());
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (body.status === 'completed' || body.status === 'failed') return { body, seen };
    if (Date.now() > deadline) throw new Error(`inspection ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an inspection of URLs', () => {
  it('reports the re-used pair, the AI-metadata photo, the photo of no room, a missing photo and the missing rooms', async () => {
    const account = await subscriber();
    const urls = [
      sample('od-sitting-room.jpg'),
      sample('inspect-sitting-room-copy.jpg'),
      sample('validation-iptc-ai.jpg'),
      sample('od-dog-bicycle.jpg'),
      `${suite.images.origin}/images/no-such-photo.jpg`,
    ];
    const request = JSON.stringify({
      image_urls: urls,
      checklist: { rooms: { kitchen: 1, bedroom: 2 } },
      property_ref: 'claim 77-1024',
    });
    const res = await start(request, { ...bearer(account), 'Idempotency-Key': 'inspect-1' });
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"batch";/);
    const job = await created(res);
    expect(job).toMatchObject({ status: 'pending', usage: { requests: 1, images: 5 } });

    // Before a worker runs: pending, progress, no report.
    const pending = getInspectionOperation.response.schema.parse(
      await (await read(job.inspection_id, bearer(account))).json(),
    );
    expect(pending).toMatchObject({
      status: 'pending',
      progress: { done: 0, total: 5 },
      property_ref: 'claim 77-1024',
    });
    expect(pending.report).toBeUndefined();

    await startWorker();
    const { body } = await finished(job.inspection_id, account);
    expect(body.status).toBe('completed');
    expect(body.progress).toEqual({ done: 5, total: 5 });
    const report = body.report!;
    expect(report.property_ref).toBe('claim 77-1024');
    expect(report.photos.map((p) => p.image_url)).toEqual(urls);

    // The re-encoded copy and the original are near-duplicates of each other, and of nothing else.
    expect(report.photos[0]!.duplicate_of).toEqual([urls[1]]);
    expect(report.photos[1]!.duplicate_of).toEqual([urls[0]]);
    expect(report.photos[3]!.duplicate_of).toEqual([]);
    // The photo whose metadata declares it AI-generated, with its evidence in single lines.
    const ai = report.photos[2]!;
    expect(ai.authenticity?.fail_tags).toContain('ai_generated');
    expect(ai.authenticity?.evidence.length).toBeGreaterThan(0);
    for (const e of ai.authenticity!.evidence) expect(e.explanation).not.toMatch(/\n/);
    expect(report.photos[0]!.authenticity?.fail_tags).toEqual([]);
    // A street with a dog and a bicycle is no room; the sitting room is one.
    expect(report.photos[3]!.room?.label).toBe('other');
    expect(report.photos[0]!.room?.label).not.toBe('other');
    expect(report.photos[0]!.fixtures?.map((f) => f.name)).toContain('chair');
    // The photo that cannot be fetched: its error, no analysis, and the others unaffected.
    expect(report.photos[4]!.error?.code).toBe('IMAGE_FETCH_FAILED');
    expect(report.photos[4]!.room).toBeUndefined();
    // Declared capture data: none in these files, and no GPS.
    expect(report.photos[0]!.capture).toEqual({ gps_present: false });

    expect(report.coverage.missing).toEqual(['kitchen', 'bedroom', 'bedroom']);
    const byCode = new Map(report.flags.map((f) => [f.code, f]));
    expect(byCode.get('ai_generated')).toMatchObject({ image_urls: [urls[2]], photo_indexes: [2] });
    expect(byCode.get('reused_in_set')).toMatchObject({
      photo_indexes: [0, 1],
      message: '2 photos look re-used: near-duplicates of another photo in this set',
    });
    expect(report.flags.filter((f) => f.code === 'room_missing').map((f) => f.message)).toEqual([
      'Kitchen missing',
      'Bedroom missing (2 expected)',
    ]);
    expect(byCode.get('not_a_room')?.photo_indexes).toContain(3);
    expect(byCode.get('photo_failed')).toMatchObject({ photo_indexes: [4] });
    // Most serious first: authenticity before coverage before quality.
    expect(report.flags[0]!.code).toBe('ai_generated');
    expect(report.not_assessed).toMatch(/does not grade condition, damage/);

    // Metered per photo, once: the replayed key returns the same inspection and counts nothing.
    const again = await created(await start(request, { ...bearer(account), 'Idempotency-Key': 'inspect-1' }));
    expect(again.inspection_id).toBe(job.inspection_id);
    expect(again.usage).toMatchObject({ requests: 0, images: 0 });
    const month = await suite.t.db
      .selectFrom('usage_monthly')
      .select(['images'])
      .where('user_id', '=', account.userId)
      .where('api_id', '=', 'virtual-inspection')
      .where('period', '=', billingPeriod(new Date()).key as unknown as Date)
      .executeTakeFirstOrThrow();
    expect(month.images).toBe(5);
    const reused = await start(JSON.stringify({ image_urls: urls.slice(0, 2) }), {
      ...bearer(account),
      'Idempotency-Key': 'inspect-1',
    });
    expect(reused.status).toBe(422);
    expect(errorBodySchema.parse(await reused.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Only the owner reads it.
    const stranger = await subscriber();
    const hidden = await read(job.inspection_id, bearer(stranger));
    expect(hidden.status).toBe(404);
    expect(errorBodySchema.parse(await hidden.json()).error.code).toBe('NOT_FOUND');
  }, 180_000);
});

describe('an inspection of uploads', () => {
  it('takes URLs and uploads in one form, names the uploads, reads their capture data, matches the account collection, deletes the bytes and calls back signed', async () => {
    const account = await subscriber();
    const room = readFileSync(resolve(SAMPLES, 'od-sitting-room.jpg'));
    const camera = readFileSync(resolve(SAMPLES, 'validation-camera-exif.jpg'));
    // Last year's photo of the same room, in the account's own collection. Collections need
    // pgvector: on a server without it (CI's PostgreSQL) there are none, and the report has no
    // collection matches instead of failing.
    const { rows } = await sql<{
      ok: boolean;
    }>`select to_regclass('similar_collections') is not null as ok`.execute(suite.t.db);
    const vectors = rows[0]?.ok === true;
    if (vectors) {
      await createCollection(suite.t.db, account.userId, 'claims-2025', 'earlier claims');
      await addCollectionImage(
        suite.t.db,
        await collectionId(suite.t.db, account.userId, 'claims-2025'),
        { id: 'claim-2025-0031', url: null, category: 'interior', metadata: {} },
        await embedImage({
          bytes: new Uint8Array(readFileSync(resolve(SAMPLES, 'inspect-sitting-room-copy.jpg'))),
        }),
      );
    }
    const hook = await callbackReceiver();
    try {
      const form = new FormData();
      form.append('image_urls', sample('od-horses.jpg'));
      form.append('file', new File([room], 'lounge.jpg', { type: 'image/jpeg' }));
      form.append('file', new File([camera], 'garden.jpg', { type: 'image/jpeg' }));
      form.append('checklist', JSON.stringify({ rooms: { kitchen: 1 } }));
      form.append('callback_url', hook.url);
      const job = await created(await start(form, bearer(account)));
      expect(job.usage).toMatchObject({ images: 3 });
      const stored = await suite.t.db
        .selectFrom('batch_job_uploads')
        .select('idx')
        .where('job_id', '=', job.inspection_id)
        .execute();
      expect(stored.map((s) => s.idx).sort()).toEqual([1, 2]);

      await startWorker();
      const { body } = await finished(job.inspection_id, account);
      const report = body.report!;
      expect(report.photos.map((p) => [p.image_url, p.file_name])).toEqual([
        [sample('od-horses.jpg'), undefined],
        ['upload:1', 'lounge.jpg'],
        ['upload:2', 'garden.jpg'],
      ]);
      expect(report.photos[2]!.capture).toMatchObject({ camera_make: 'Canon', camera_model: 'Canon EOS R6' });
      expect(report.photos[2]!.capture?.taken_at).toMatch(/^2024-05-01/);
      if (vectors) {
        expect(report.photos[1]!.collection_matches).toEqual([
          expect.objectContaining({ collection: 'claims-2025', image_id: 'claim-2025-0031' }),
        ]);
        expect(report.flags.find((f) => f.code === 'matches_collection')?.photo_indexes).toEqual([1]);
      } else {
        expect(report.photos[1]!.collection_matches).toBeUndefined();
        expect(report.flags.find((f) => f.code === 'matches_collection')).toBeUndefined();
      }
      expect(report.photos[0]!.collection_matches).toBeUndefined();
      // Uploaded bytes are kept only for the job's duration.
      const left = await suite.t.db
        .selectFrom('batch_job_uploads')
        .select('idx')
        .where('job_id', '=', job.inspection_id)
        .execute();
      expect(left).toEqual([]);

      const deadline = Date.now() + 20_000;
      while (hook.got.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(hook.got, 'callbacks received').toHaveLength(1);
      const delivered = hook.got[0]!;
      const signature = String(delivered.headers[SIGNATURE_HEADER.toLowerCase()]);
      expect(verifyCallback(delivered.body, signature, callbackSecretForKey(account.key))).toBe(true);
      const { usage: _usage, ...final } = body;
      expect(JSON.parse(delivered.body)).toEqual(final);
    } finally {
      await hook.close();
    }
  }, 180_000);
});

describe('refusals', () => {
  it.each([
    ['no photos', { image_urls: [] }, 400, 'image_urls'],
    [
      'more than 50',
      { image_urls: Array.from({ length: 51 }, (_, i) => sample(`x${i}.jpg`)) },
      400,
      'image_urls',
    ],
    [
      'a room no model knows',
      { image_urls: [sample('od-sitting-room.jpg')], checklist: { rooms: { garage: 1 } } },
      400,
      'checklist.rooms',
    ],
    [
      'an unknown fixture',
      { image_urls: [sample('od-sitting-room.jpg')], checklist: { fixtures: { kitchen: ['dishwasher'] } } },
      400,
      'checklist.fixtures.kitchen.0',
    ],
    ['a private address', { image_urls: ['http://10.0.0.7/a.jpg'] }, 422, 'image_urls.0'],
  ])(
    'refuses %s with the documented error naming the field, and makes nothing',
    async (_what, body, status, field) => {
      vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '');
      try {
        const account = await subscriber();
        const res = await start(JSON.stringify(body), bearer(account));
        expect(res.status).toBe(status);
        const error = errorBodySchema.parse(await res.json()).error;
        expect(JSON.stringify(error.details)).toContain(field);
        const jobs = await suite.t.db
          .selectFrom('batch_jobs')
          .select('id')
          .where('user_id', '=', account.userId)
          .execute();
        expect(jobs).toEqual([]);
      } finally {
        vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
      }
    },
  );

  it('takes image_urls in a form as repeated fields or one JSON array (as the docs send it), and refuses a broken list', async () => {
    const account = await subscriber();
    const urls = [sample('od-sitting-room.jpg'), sample('od-horses.jpg')];
    const repeated = new FormData();
    for (const url of urls) repeated.append('image_urls', url);
    const asArray = new FormData();
    asArray.append('image_urls', JSON.stringify(urls));
    for (const form of [repeated, asArray]) {
      const res = await start(form, bearer(account));
      expect(res.status).toBe(201);
      const { inspection_id: id } = (await res.json()) as { inspection_id: string };
      const body = (await (await read(id, bearer(account))).json()) as { progress: { total: number } };
      expect(body.progress.total).toBe(2);
    }
    for (const broken of ['[not json', JSON.stringify([1, 2]), JSON.stringify({ url: urls[0] })]) {
      const form = new FormData();
      form.append('image_urls', broken);
      const res = await start(form, bearer(account));
      expect(res.status).toBe(400);
      expect(JSON.stringify(errorBodySchema.parse(await res.json()).error.details)).toContain('image_urls');
    }
  });

  it('refuses an upload that is not an image, a call without a key, and a batch job read as an inspection', async () => {
    const account = await subscriber();
    const form = new FormData();
    form.append(
      'file',
      new File([new TextEncoder().encode('<html></html>')], 'x.html', { type: 'text/html' }),
    );
    const notImage = await start(form, bearer(account));
    expect(notImage.status).toBe(422);
    expect(errorBodySchema.parse(await notImage.json()).error.code).toBe('INVALID_IMAGE');

    const anonymous = await start(JSON.stringify({ image_urls: [sample('od-sitting-room.jpg')] }));
    expect(anonymous.status).toBe(401);

    const authenticity = await createTestAccount(suite.t.db, {
      apiId: 'photo-authenticity',
      tier: 'standard',
    });
    const batch = await predictBatch(
      new Request('http://localhost/api/predict_batch', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(authenticity) },
        body: JSON.stringify({ image_urls: [sample('od-sitting-room.jpg')] }),
      }),
      { ip: '198.51.100.82' },
    );
    const { job_id: jobId } = (await batch.json()) as { job_id: string };
    expect((await read(jobId, bearer(authenticity))).status).toBe(404);
  });
});
