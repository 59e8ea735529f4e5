/**
 * Custom label sets end to end, on the process database (PGlite, or PostgreSQL with
 * `npm run test:pg`): create from example images (URLs and uploads), classify by nearest
 * neighbours, list, delete, and isolation between accounts.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import classify from '../../functions/classify';
import * as labelSetsFunction from '../../functions/label-sets';
import { bearer, createTestAccount, type TestAccount } from '../support/test-account';
import { getDb } from '../../src/server/db';
import {
  classifyOperation,
  createLabelSetOperation,
  listLabelSetsOperation,
} from '../../src/shared/contracts/classify';
import { useVisionEnv } from '../support/vision-env';
import { routed } from '../support/routed';

const labelSets = routed(labelSetsFunction);

useVisionEnv({ seeded: true });

const SETS = 'http://localhost/api/v1/label-sets';
const sample = (name: string) => `http://localhost/images/samples/${name}`;
const file = (path: string) => new Blob([readFileSync(path)]);
let ip = 0;
const call = (url: string, init: RequestInit, account: TestAccount) =>
  labelSets(
    new Request(url, {
      ...init,
      headers: { ...bearer(account), ...(init.headers as Record<string, string>) },
    }),
    { ip: `198.51.100.${60 + (ip++ % 30)}` },
  );
const subscribed = () => createTestAccount(getDb(), { apiId: 'image-classification', tier: 'standard' });

/** Animals and cups: site samples by URL plus fixture uploads, five of each. */
function exampleForm(): FormData {
  const form = new FormData();
  form.set('name', 'Animals or cups');
  for (const s of ['cat-chelsea.jpg', 'od-horses.jpg', 'od-dog-bicycle.jpg'])
    form.append('examples.animals', sample(s));
  form.append('examples.animals', file('tests/fixtures/images/dog.jpg'), 'dog.jpg');
  form.append('examples.animals', file('tests/fixtures/images/chelsea.png'), 'chelsea.png');
  for (const s of ['coffee-cup.jpg', 'coffee-cup-watermarked.jpg', 'od-coffee-cup.jpg'])
    form.append('examples.cups', sample(s));
  form.append('examples.cups', file('tests/fixtures/images/coffee.jpg'), 'coffee.jpg');
  form.append('examples.cups', file('tests/fixtures/images/coffee.webp'), 'coffee.webp');
  return form;
}

/** A photo the set never saw: mirrored and cropped to its centre. */
async function unseen(path: string): Promise<Blob> {
  const img = sharp(readFileSync(path));
  const { width = 0, height = 0 } = await img.metadata();
  const w = Math.round(width * 0.8);
  const h = Math.round(height * 0.8);
  return new Blob([
    new Uint8Array(
      await img
        .flop()
        .extract({
          left: Math.round((width - w) / 2),
          top: Math.round((height - h) / 2),
          width: w,
          height: h,
        })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  ]);
}

async function classifyUpload(account: TestAccount, blob: Blob, taxonomy: string) {
  const form = new FormData();
  form.set('file', blob, 'photo.jpg');
  form.set('taxonomy', taxonomy);
  form.set('top_k', '2');
  return classify(
    new Request('http://localhost/api/v1/classify', { method: 'POST', headers: bearer(account), body: form }),
    { ip: `198.51.100.${90 + (ip++ % 9)}` },
  );
}

describe('label sets', () => {
  it('are created from example images, classify by nearest neighbours, list and delete, each account its own', async () => {
    const owner = await subscribed();
    const stranger = await subscribed();

    const created = await call(SETS, { method: 'POST', body: exampleForm() }, owner);
    const text = await created.text();
    expect(created.status, text).toBe(201);
    const set = createLabelSetOperation.response.schema.parse(JSON.parse(text));
    expect(set.name).toBe('Animals or cups');
    expect(set.labels).toEqual([
      { label: 'animals', examples: 5 },
      { label: 'cups', examples: 5 },
    ]);
    expect(set.usage).toMatchObject({ requests: 1, images: 10 });

    for (const [path, expected] of [
      ['tests/fixtures/images/dog.jpg', 'animals'],
      ['public/images/samples/coffee-cup.jpg', 'cups'],
      ['tests/fixtures/images/horses.jpg', 'animals'],
    ] as const) {
      const res = await classifyUpload(owner, await unseen(path), set.id);
      expect(res.status).toBe(200);
      const body = classifyOperation.response.schema.parse(await res.json());
      expect(body.taxonomy).toBe(set.id);
      expect(body.labels[0]?.label, path).toBe(expected);
      expect(body.labels[0]!.score).toBeGreaterThan(0.5);
      expect(body.analysis_method).toMatch(/nearest neighbours/);
    }

    const listed = listLabelSetsOperation.response.schema.parse(
      await (await call(SETS, { method: 'GET' }, owner)).json(),
    );
    expect(listed.label_sets.map((s) => s.id)).toEqual([set.id]);
    expect(listed.usage.requests).toBe(0);

    // Another account sees nothing, cannot classify with the set, cannot delete it.
    expect(
      listLabelSetsOperation.response.schema.parse(
        await (await call(SETS, { method: 'GET' }, stranger)).json(),
      ).label_sets,
    ).toEqual([]);
    expect((await classifyUpload(stranger, file('tests/fixtures/images/dog.jpg'), set.id)).status).toBe(404);
    expect((await call(`${SETS}/${set.id}`, { method: 'DELETE' }, stranger)).status).toBe(404);

    const deleted = await call(`${SETS}/${set.id}`, { method: 'DELETE' }, owner);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ id: set.id, deleted: true });
    expect((await classifyUpload(owner, file('tests/fixtures/images/dog.jpg'), set.id)).status).toBe(404);
    expect((await call(`${SETS}/${set.id}`, { method: 'DELETE' }, owner)).status).toBe(404);
    const examples = await getDb()
      .selectFrom('label_set_examples')
      .select('id')
      .where('label_set_id', '=', set.id)
      .execute();
    expect(examples).toEqual([]);
  }, 180_000);

  it.each([
    [
      'fewer than 5 examples of a label',
      { name: 'x', examples: { a: Array(5).fill(sample('dog.jpg')), b: Array(4).fill(sample('dog.jpg')) } },
      'examples',
    ],
    ['a single label', { name: 'x', examples: { a: Array(5).fill(sample('dog.jpg')) } }, '2 to 10 labels'],
    [
      'an invalid label name',
      {
        name: 'x',
        examples: { 'Not OK': Array(5).fill(sample('dog.jpg')), b: Array(5).fill(sample('dog.jpg')) },
      },
      'examples',
    ],
    [
      'no name',
      { examples: { a: Array(5).fill(sample('dog.jpg')), b: Array(5).fill(sample('dog.jpg')) } },
      'name',
    ],
  ])('refuses %s with 400 before analysing anything', async (_what, body, message) => {
    const account = await subscribed();
    const res = await call(
      SETS,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      account,
    );
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { message: string; details: unknown } };
    expect(JSON.stringify(json.error)).toContain(message);
  });

  it('names the example that could not be read and stores nothing', async () => {
    const account = await subscribed();
    const urls = (n: number) => Array.from({ length: n }, () => sample('coffee-cup.jpg'));
    const body = { name: 'broken', examples: { a: urls(5), b: [...urls(4), sample('no-such-photo.jpg')] } };
    const res = await call(
      SETS,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      account,
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'no-such-photo.jpg',
    );
    const stored = await getDb()
      .selectFrom('label_sets')
      .select('id')
      .where('user_id', '=', account.userId)
      .execute();
    expect(stored).toEqual([]);
  }, 120_000);
});
