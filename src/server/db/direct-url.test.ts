import { describe, expect, it } from 'vitest';
import { queueConfigFromEnv } from '../batch/queue';
import { directDatabaseUrl } from './direct-url';

const POOLED = 'postgres://u:p@ep-x-pooler.eu-central-1.aws.neon.tech/db?sslmode=require';
const DIRECT = 'postgres://u:p@ep-x.eu-central-1.aws.neon.tech/db?sslmode=require';
const OTHER = 'postgres://u:p@db.example.com/other';

describe('directDatabaseUrl', () => {
  it("takes Netlify's unpooled twin of NETLIFY_DATABASE_URL", () => {
    expect(directDatabaseUrl({ NETLIFY_DATABASE_URL: POOLED, NETLIFY_DATABASE_URL_UNPOOLED: DIRECT })).toBe(
      DIRECT,
    );
  });

  it('takes DATABASE_URL_UNPOOLED with DATABASE_URL', () => {
    expect(directDatabaseUrl({ DATABASE_URL: POOLED, DATABASE_URL_UNPOOLED: DIRECT })).toBe(DIRECT);
  });

  it('never pairs DATABASE_URL with the twin of another database', () => {
    // DATABASE_URL wins for the functions (resolveDbTarget): the direct URL must name the same database.
    expect(
      directDatabaseUrl({
        DATABASE_URL: OTHER,
        NETLIFY_DATABASE_URL: POOLED,
        NETLIFY_DATABASE_URL_UNPOOLED: DIRECT,
      }),
    ).toBe(OTHER);
  });

  it("falls back to the functions' URL, and gives none for embedded PGlite", () => {
    expect(directDatabaseUrl({ NETLIFY_DATABASE_URL: POOLED })).toBe(POOLED);
    expect(directDatabaseUrl({ DATABASE_URL: '  ', NETLIFY_DATABASE_URL: POOLED })).toBe(POOLED);
    expect(directDatabaseUrl({ DATABASE_URL: 'memory://' })).toBeUndefined();
    expect(directDatabaseUrl({})).toBeUndefined();
  });
});

describe("the batch queue's URL", () => {
  it('is BATCH_QUEUE_DATABASE_URL when set, else the direct twin of the functions URL', () => {
    expect(
      queueConfigFromEnv({ BATCH_QUEUE_DATABASE_URL: OTHER, NETLIFY_DATABASE_URL: POOLED })?.connectionString,
    ).toBe(OTHER);
    expect(
      queueConfigFromEnv({ NETLIFY_DATABASE_URL: POOLED, NETLIFY_DATABASE_URL_UNPOOLED: DIRECT }),
    ).toEqual({ connectionString: DIRECT, schema: 'graphile_worker' });
    expect(
      queueConfigFromEnv({ DATABASE_URL: OTHER, NETLIFY_DATABASE_URL_UNPOOLED: DIRECT })?.connectionString,
    ).toBe(OTHER);
    expect(queueConfigFromEnv({ BATCH_QUEUE_DATABASE_URL: 'memory://' })).toBeUndefined();
  });
});
