/**
 * Cross-account isolation over every account-owned resource. For each resource of the table, a
 * first account owns one; then a second account (with its API key, and with a site session)
 * and a caller with no credentials try to read, change and delete it through the public paths.
 * Every attempt on the resource itself answers 401 or 404 (never 403, which would confirm it
 * exists), a list answers only the caller's own rows, and the first account's data is as it was.
 *
 * A new account-owned resource joins by one entry in `RESOURCES`: how to make one, how to read
 * its stored state, and the requests that name it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as accountFunction from '../../functions/account';
import * as accountKeysFunction from '../../functions/account-keys';
import * as accountUsageFunction from '../../functions/account-usage';
import * as accountRequestsFunction from '../../functions/account-requests';
import * as accountAlertsFunction from '../../functions/account-alerts';
import * as collectionImagesFunction from '../../functions/collection-images';
import * as categoriesFunction from '../../functions/categories';
import * as collectionsFunction from '../../functions/collections';
import * as errorReportsFunction from '../../functions/error-reports';
import * as labelSetsFunction from '../../functions/label-sets';
import * as predictBatchStatusFunction from '../../functions/predict-batch-status';
import * as similarFunction from '../../functions/similar';
import * as subscriptionsFunction from '../../functions/subscriptions';
import * as watermarkBrandsFunction from '../../functions/watermark-brands';
import { bearer, createTestAccount, type TestAccount } from '../support/test-account';
import { subscribe } from '../../src/server/account/subscriptions';
import { billingPeriod } from '../../src/server/account/usage';
import { insertRequestLog } from '../../src/server/request-log/repository';
import { createSession } from '../../src/server/auth/session-store';
import { getDb, seed, setDb, toJson, type Database } from '../../src/server/db';
import { createTestDb } from '../support/test-db';
import { createLabelSet } from '../../src/server/vision/classify/label-set-store';
import { addCollectionImage, createCollection } from '../../src/server/vision/similar/collections';
import { requireSimilarSearch } from '../../src/server/vision/similar/service';
import { insertErrorReport } from '../../src/server/vision/authenticity/error-reports';
import { addAccountBrand } from '../../src/server/vision/watermark/brand-store';
import type { Kysely } from 'kysely';
import { routed } from '../support/routed';

const api = routed(
  accountFunction,
  accountKeysFunction,
  accountUsageFunction,
  accountRequestsFunction,
  accountAlertsFunction,
  categoriesFunction,
  collectionImagesFunction,
  collectionsFunction,
  errorReportsFunction,
  labelSetsFunction,
  predictBatchStatusFunction,
  similarFunction,
  subscriptionsFunction,
  watermarkBrandsFunction,
);

/** An account with a key subscribed to every API and a site session. */
interface Party extends TestAccount {
  cookie: string;
}

/**
 * One request naming the resource. `list`: a read of the caller's own rows, which must not show
 * it. `own`: a write into the caller's own namespace under the same name (200 allowed), whose
 * answer must show no trace of the first account's (checked by the function). `idempotent`: a documented
 * idempotent delete, whose answer for another account's id must be the one for an unknown id.
 */
interface Attempt {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  list?: boolean;
  own?: (text: string) => boolean;
  idempotent?: (text: string) => boolean;
}

interface Resource {
  name: string;
  /** Needs pgvector (similar-image tables). */
  vector?: boolean;
  /** Makes one for `owner`; returns its id (as it appears in paths and bodies). */
  create(db: Kysely<Database>, owner: Party): Promise<string>;
  /** Its stored state, read straight from the database. */
  state(db: Kysely<Database>, owner: Party, id: string): Promise<unknown>;
  /** Every read, change and delete that names it. */
  attempts(id: string): Attempt[];
}

const APIS = [
  'image-object-detection',
  'image-classification',
  'similar-image-search',
  'photo-authenticity',
  'watermark-detection',
];
const SAMPLE = 'http://localhost/images/samples/similar-colosseum-crop.jpg';
/** A unit vector of the embedding's 480 values: stored as is, never searched here. */
const fakeEmbedding = () => Array.from({ length: 480 }, (_, i) => (i === 0 ? 1 : 0));

const RESOURCES: Resource[] = [
  {
    name: 'API keys',
    create: async (_db, owner) => owner.keyId,
    state: (db, owner) =>
      db
        .selectFrom('api_keys')
        .select(['id', 'name', 'revoked_at', 'key_hash'])
        .where('user_id', '=', owner.userId)
        .orderBy('id')
        .execute(),
    attempts: (id) => [
      { method: 'GET', path: '/api/account/keys', list: true },
      { method: 'DELETE', path: `/api/account/keys/${id}` },
    ],
  },
  {
    name: 'subscriptions',
    create: async (_db, owner) => owner.subscriptionId,
    state: (db, owner) =>
      db
        .selectFrom('subscriptions')
        .select(['id', 'api_id', 'tier', 'is_active', 'cancelled_at'])
        .where('user_id', '=', owner.userId)
        .orderBy('id')
        .execute(),
    attempts: (id) => [
      { method: 'GET', path: '/api/subscriptions', list: true },
      { method: 'GET', path: '/api/account', list: true },
      { method: 'DELETE', path: `/api/subscriptions/${id}` },
    ],
  },
  {
    name: 'usage',
    create: async (db, owner) => {
      const period = billingPeriod(new Date()).key;
      await db
        .insertInto('usage_monthly')
        .values({ user_id: owner.userId, api_id: 'image-object-detection', period, requests: 7, images: 9 })
        .execute();
      await db
        .insertInto('usage_monthly_keys')
        .values({ key_id: owner.keyId, period, requests: 7, images: 9 })
        .execute();
      await db
        .insertInto('free_usage_monthly')
        .values({ user_id: owner.userId, period, images: 9 })
        .execute();
      await db
        .insertInto('usage_events')
        .values({
          user_id: owner.userId,
          key_id: owner.keyId,
          api_id: 'image-object-detection',
          method: 'POST',
          endpoint: '/api/v1/detect',
          status: 200,
          images: 9,
          duration_ms: 5,
          at: new Date(),
        })
        .execute();
      return owner.keyId;
    },
    state: async (db, owner) => ({
      monthly: await db.selectFrom('usage_monthly').selectAll().where('user_id', '=', owner.userId).execute(),
      free: await db
        .selectFrom('free_usage_monthly')
        .selectAll()
        .where('user_id', '=', owner.userId)
        .execute(),
      events: await db
        .selectFrom('usage_events')
        .select(['endpoint', 'status', 'images'])
        .where('user_id', '=', owner.userId)
        .execute(),
    }),
    attempts: () => [{ method: 'GET', path: '/api/account/usage', list: true }],
  },
  {
    name: 'request log entries',
    create: async (db, owner) => {
      await insertRequestLog(db, {
        userId: owner.userId,
        keyId: owner.keyId,
        apiId: 'image-object-detection',
        method: 'POST',
        path: '/api/v1/detect?owner-only-call',
        status: 200,
        durationMs: 5,
        images: 1,
        at: new Date(),
        request: { kind: 'json', headers: {}, body: '{"owner":"only"}', truncated: false, uploads: [] },
        response: null,
      });
      return 'owner-only-call';
    },
    state: (db, owner) =>
      db
        .selectFrom('request_log')
        .select(['path', 'request_body'])
        .where('user_id', '=', owner.userId)
        .execute(),
    attempts: () => [
      { method: 'GET', path: '/api/account/requests', list: true },
      { method: 'GET', path: `/api/account/requests?key=${owner.keyId}`, list: true },
    ],
  },
  {
    name: 'usage alerts',
    create: async (db, owner) => {
      await db
        .insertInto('usage_alert_settings')
        .values({
          user_id: owner.userId,
          webhook_url: 'https://owner-only.example/hook',
          webhook_secret: 'whsec_owner',
        })
        .execute();
      const rule = await db
        .insertInto('usage_alerts')
        .values({ user_id: owner.userId, kind: 'images', api_id: null, threshold: 4242 })
        .returning('id')
        .executeTakeFirstOrThrow();
      // One alert that fired, as the dashboard lists it.
      await db
        .insertInto('usage_alert_events')
        .values({
          alert_id: rule.id,
          user_id: owner.userId,
          period: billingPeriod(new Date()).key,
          used: 4242,
          limit_value: 4242,
          webhook_status: null,
        })
        .execute();
      return rule.id;
    },
    state: async (db, owner) => ({
      settings: await db
        .selectFrom('usage_alert_settings')
        .selectAll()
        .where('user_id', '=', owner.userId)
        .execute(),
      rules: await db.selectFrom('usage_alerts').selectAll().where('user_id', '=', owner.userId).execute(),
      fired: await db
        .selectFrom('usage_alert_events')
        .select(['alert_id', 'used'])
        .where('user_id', '=', owner.userId)
        .execute(),
    }),
    attempts: () => [
      { method: 'GET', path: '/api/account/alerts', list: true },
      {
        method: 'PUT',
        path: '/api/account/alerts',
        body: { webhook_url: null, rules: [] },
        own: (text) =>
          !text.includes('owner-only') && !text.includes('whsec_owner') && !text.includes('4242'),
      },
    ],
  },
  {
    name: 'batch jobs',
    create: async (db, owner) => {
      const job = await db
        .insertInto('batch_jobs')
        .values({
          user_id: owner.userId,
          api_id: 'photo-authenticity',
          api_key_id: owner.keyId,
          request_hash: 'h',
          image_urls: toJson([SAMPLE]),
          total: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return job.id;
    },
    state: (db, _owner, id) =>
      db
        .selectFrom('batch_jobs')
        .select(['status', 'done', 'total', 'image_urls'])
        .where('id', '=', id)
        .executeTakeFirst(),
    // Jobs cannot be changed or deleted (405 for any caller): reading is the only way in.
    attempts: (id) => [{ method: 'GET', path: `/api/predict_batch/${id}` }],
  },
  {
    name: 'collections',
    vector: true,
    create: async (db, owner) =>
      (await createCollection(db, owner.userId, 'private-listings', 'Owner only')).name,
    state: (db, owner, name) =>
      db
        .selectFrom('similar_collections')
        .select(['name', 'description'])
        .where('user_id', '=', owner.userId)
        .where('name', '=', name)
        .execute(),
    attempts: (name) => [
      { method: 'GET', path: '/api/v1/collections', list: true },
      { method: 'DELETE', path: `/api/v1/collections/${name}` },
      { method: 'GET', path: `/api/v1/collections/${name}/images` },
      {
        method: 'POST',
        path: `/api/v1/collections/${name}/images`,
        body: { id: 'planted', image_url: SAMPLE },
      },
      { method: 'POST', path: '/api/v1/similar', body: { image_url: SAMPLE, collection: name } },
    ],
  },
  {
    name: 'collection images',
    vector: true,
    create: async (db, owner) => {
      const collection = await createCollection(db, owner.userId, 'private-images');
      const row = await db
        .selectFrom('similar_collections')
        .select('id')
        .where('user_id', '=', owner.userId)
        .where('name', '=', collection.name)
        .executeTakeFirstOrThrow();
      await addCollectionImage(
        db,
        row.id,
        { id: 'listing-1', url: SAMPLE, category: 'architecture', metadata: { seller: 'owner' } },
        { embedding: fakeEmbedding(), phash: { hash: '0123456789abcdef', mirrored: 'fedcba9876543210' } },
      );
      return 'listing-1';
    },
    state: (db, owner) =>
      db
        .selectFrom('collection_images as i')
        .innerJoin('similar_collections as c', 'c.id', 'i.collection_id')
        .select(['i.image_id', 'i.metadata'])
        .where('c.user_id', '=', owner.userId)
        .execute(),
    attempts: (id) => [
      { method: 'GET', path: '/api/v1/collections/private-images/images' },
      { method: 'DELETE', path: `/api/v1/collections/private-images/images/${id}` },
      {
        method: 'POST',
        path: '/api/v1/collections/private-images/images',
        body: { id, image_url: SAMPLE, metadata: { seller: 'intruder' } },
      },
    ],
  },
  {
    name: 'label sets',
    create: async (db, owner) => {
      const embedding = new Float32Array(fakeEmbedding());
      const set = await createLabelSet(db, owner.userId, 'Private rooms', [
        { label: 'a', embedding },
        { label: 'b', embedding },
      ]);
      return set.id;
    },
    state: (db, owner) =>
      db.selectFrom('label_sets').select(['id', 'name']).where('user_id', '=', owner.userId).execute(),
    attempts: (id) => [
      { method: 'GET', path: '/api/v1/label-sets', list: true },
      { method: 'DELETE', path: `/api/v1/label-sets/${id}` },
    ],
  },
  {
    name: 'brand lists',
    create: async (db, owner) =>
      (await addAccountBrand(db, owner.userId, { name: 'Owner Brand Co', aliases: ['ownerco'] })).id,
    state: (db, owner) =>
      db.selectFrom('watermark_brands').select(['id', 'name']).where('user_id', '=', owner.userId).execute(),
    attempts: (id) => [
      { method: 'GET', path: '/api/v1/watermark/brands', list: true },
      {
        method: 'DELETE',
        path: `/api/v1/watermark/brands/${id}`,
        idempotent: (text) => (JSON.parse(text) as { removed: boolean }).removed === false,
      },
    ],
  },
  {
    name: 'account categories',
    create: async (db, owner) => {
      await db
        .insertInto('account_categories')
        .values({
          user_id: owner.userId,
          category: 'owner_shed',
          name: 'Owner shed',
          objects: toJson(['bicycle']),
        })
        .execute();
      return 'owner_shed';
    },
    state: (db, owner) =>
      db
        .selectFrom('account_categories')
        .select(['category', 'name', 'objects'])
        .where('user_id', '=', owner.userId)
        .execute(),
    // Categories are per account: the same name is the caller's own new category.
    attempts: (id) => [
      {
        method: 'POST',
        path: '/api/v1/categories',
        body: { definitions: [{ category: id, objects: ['car'] }] },
        own: (text) => text.includes('"objects":["car"]') && !text.includes('bicycle'),
      },
    ],
  },
  {
    name: 'error reports',
    create: async (db, owner) =>
      (
        await insertErrorReport(db, {
          userId: owner.userId,
          imageUrl: SAMPLE,
          jobId: null,
          comment: 'owner only',
        })
      ).id,
    state: (db, owner) =>
      db
        .selectFrom('authenticity_error_reports')
        .select(['id', 'comment'])
        .where('user_id', '=', owner.userId)
        .execute(),
    // Reports are read on the admin page only: no account, key or session reads them back.
    attempts: () => [{ method: 'GET', path: '/api/error-reports' }],
  },
];

let close: () => Promise<void>;
let owner: Party;
let other: Party;
let vectors = true;

async function party(db: Kysely<Database>): Promise<Party> {
  const account = await createTestAccount(db, { apiId: APIS[0]! });
  // Premium where the API sells tiers, else pay per use: no quota gets in the way.
  for (const apiId of APIS.slice(1))
    await subscribe(db, account.userId, apiId, 'premium').catch(() =>
      subscribe(db, account.userId, apiId, 'pay-per-use'),
    );
  const { token } = await createSession(db, { kind: 'user', subject: account.userId, ttlMs: 600_000 });
  return { ...account, cookie: `optiq_session=${token}` };
}

const ids = new Map<string, string>();
const before = new Map<string, unknown>();

beforeAll(async () => {
  const testDb = await createTestDb();
  await seed(testDb.db);
  setDb(testDb.db);
  close = testDb.close;
  vi.stubEnv('RATE_LIMIT_SECRET', 'cross-account-test-secret-'.padEnd(40, 'x'));
  try {
    await requireSimilarSearch(testDb.db);
  } catch {
    vectors = false;
  }
  owner = await party(testDb.db);
  other = await party(testDb.db);
  for (const r of RESOURCES) {
    if (r.vector && !vectors) continue;
    const id = await r.create(testDb.db, owner);
    ids.set(r.name, id);
    before.set(r.name, await r.state(testDb.db, owner, id));
  }
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  setDb(undefined);
  await close?.();
});

const callers: [string, () => Record<string, string>][] = [
  ["the second account's API key", () => bearer(other)],
  ["the second account's session", () => ({ Cookie: other.cookie })],
  ['no credentials', () => ({})],
];

let ip = 0;
async function send(attempt: Attempt, headers: Record<string, string>): Promise<Response> {
  const init: RequestInit = {
    method: attempt.method,
    headers: { ...headers, ...(attempt.body ? { 'Content-Type': 'application/json' } : {}) },
  };
  if (attempt.body) init.body = JSON.stringify(attempt.body);
  // Each call its own client address: no per-client limit interferes.
  return api(new Request(`http://localhost${attempt.path}`, init), { ip: `198.51.100.${(ip++ % 200) + 1}` });
}

describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s of another account', (_name, resource) => {
  it.for(callers)(
    "with %s: every read, change and delete answers 401/404 (a list only the caller's own)",
    async ([, headers], ctx) => {
      if (resource.vector && !vectors) return ctx.skip();
      const id = ids.get(resource.name)!;
      for (const attempt of resource.attempts(id)) {
        const res = await send(attempt, headers());
        const text = await res.text();
        const label = `${attempt.method} ${attempt.path} -> ${res.status} ${text.slice(0, 200)}`;
        if (attempt.own && res.status === 200) {
          expect(attempt.own(text), label).toBe(true);
        } else if (attempt.idempotent && res.status === 200) {
          expect(attempt.idempotent(text), label).toBe(true);
        } else if (attempt.list && res.status === 200) {
          // The caller's own list: nothing of the first account's in it.
          expect(text, label).not.toContain(id);
          expect(text, label).not.toContain(owner.userId);
          expect(text, label).not.toContain(owner.username);
        } else {
          expect([401, 404], label).toContain(res.status);
        }
      }
      expect(await resource.state(getDb(), owner, id), "the first account's data is unchanged").toEqual(
        before.get(resource.name),
      );
    },
  );
});

describe('the table', () => {
  it('covers every account-owned table of the schema', async () => {
    const db = getDb();
    // Tables with a user_id column hold an account's data; each must be some resource's, so a
    // new table fails here until it joins RESOURCES.
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where column_name = 'user_id' and table_schema = current_schema() order by table_name`.execute(db);
    const covered = new Set([
      'api_keys',
      'subscriptions',
      'usage_monthly',
      'usage_events',
      'batch_jobs',
      'similar_collections',
      'label_sets',
      'watermark_brands',
      'authenticity_error_reports',
      'account_categories',
      'free_usage_monthly',
      'request_log',
      'usage_alert_settings',
      'usage_alerts',
      'usage_alert_events',
    ]);
    // Stored but never served back through any path (kept for retention and the admin only).
    const notServed = new Set(['detection_results']);
    for (const t of notServed) covered.add(t);
    const uncovered = rows.map((r) => r.table_name).filter((t) => !covered.has(t));
    expect(uncovered).toEqual([]);
  });

  it('is exercised against the owner too: the owner reads its own resources (the requests are right)', async (ctx) => {
    for (const resource of RESOURCES) {
      if (resource.vector && !vectors) continue;
      const id = ids.get(resource.name)!;
      const read = resource.attempts(id).find((a) => a.method === 'GET' && resource.name !== 'error reports');
      if (!read) continue;
      const res = await send(
        read,
        bearer(owner).Authorization && read.path.startsWith('/api/v1')
          ? bearer(owner)
          : { Cookie: owner.cookie },
      );
      expect(res.status, `${resource.name}: ${read.path}`).toBe(200);
      const text = await res.text();
      if (resource.name !== 'usage' && resource.name !== 'subscriptions')
        expect(text, resource.name).toContain(id);
    }
    if (!vectors) ctx.skip();
  });
});
