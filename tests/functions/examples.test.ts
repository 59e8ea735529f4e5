/**
 * The example exchanges shown on the site (content/examples) are real: each stored response
 * matches its contract, and replaying its request through the handler today gives the same
 * answer (ids and timings aside). When this fails, run `npm run examples` and review the diff.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeExampleDb, exampleRequests, runExample } from '../../scripts/lib/examples-run';
import { operations } from '../../src/shared/contracts';
import { storedExamples } from '../../src/shared/examples';

beforeAll(() => vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', ''));
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeExampleDb();
});

/** Fields that differ on every call (a batch job's times included). */
const volatile = (body: Record<string, unknown>) => {
  const {
    result_id: _id,
    processing_time: _time,
    request_id: _request,
    created_at: _created,
    finished_at: _finished,
    ...rest
  } = body;
  return rest;
};

describe('stored examples', () => {
  it('cover every example the site shows, and nothing else', () => {
    expect(Object.keys(storedExamples).sort()).toEqual(Object.keys(exampleRequests).sort());
  });

  it.each(Object.entries(storedExamples))('%s matches its response contract', (_name, ex) => {
    const op = operations.find((o) => o.method === ex.method && o.path === ex.path);
    expect(op, `no contract for ${ex.method} ${ex.path}`).toBeDefined();
    expect(ex.status).toBe(op!.response.status);
    op!.response.schema.parse(ex.response);
  });

  it.each(Object.entries(exampleRequests))(
    '%s is what the engine answers today',
    async (name, spec) => {
      const stored = storedExamples[name]!;
      expect(stored.request).toEqual(spec.request);
      expect(stored.job).toEqual(spec.job);
      const live = await runExample(spec);
      expect(live.status).toBe(stored.status);
      expect(volatile(live.response)).toEqual(volatile(stored.response));
      // The first replay of each engine also loads its models (detector, OCR): allow for a busy machine.
    },
    120_000,
  );
});
