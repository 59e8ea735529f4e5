/**
 * The similar-image search end to end below HTTP: the real engine (worker), the real gallery
 * embeddings and the real pgvector index, on PGlite, or on PostgreSQL (`npm run test:pg`) when
 * that server has pgvector; without it the tests are skipped with the reason printed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { createTestAccount } from '../../../../tests/support/test-account';
import { seed } from '../../db/seed';
import { createTestDb, type TestDb } from '../../../../tests/support/test-db';
import { closeEngine, imageFeaturesBytes } from '../engine';
import { EMBEDDING_DIMS, EMBEDDING_NEEDS_MIRROR, embedded } from './embedding';
import { rng } from '../../../../scripts/lib/similar-vectors';
import { addCollectionImage, collectionId, createCollection, listCollections } from './collections';
import { loadGalleryEmbeddings, loadGalleryManifest, seedGallery } from './gallery';
import { embedImage, requireSimilarSearch, searchSimilar } from './service';

const photo = (id: string) => readFileSync(resolve('public/gallery', `${id}.jpg`));
const fixture = (name: string) => readFileSync(resolve('tests/fixtures/similar', name));
const DEFAULTS = { max_results: 10, similarity_threshold: 0.7, category: 'all' } as const;

async function cropped(bytes: Buffer, keep: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const w = Math.round(width * keep);
  const h = Math.round(height * keep);
  return sharp(bytes)
    .extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h })
    .jpeg({ quality: 85 })
    .toBuffer();
}
async function captioned(bytes: Buffer, text: string): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const size = Math.round(height / 9);
  const svg = `<svg width="${width}" height="${height}"><text x="${width / 2}" y="${height - size}" font-size="${size}" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="white" stroke="black">${text}</text></svg>`;
  return sharp(bytes)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const EDITS: [string, (b: Buffer) => Promise<Buffer>][] = [
  ['an 85% crop', (b) => cropped(b, 0.85)],
  [
    'a resize to 300 px high at JPEG q50',
    async (b) => sharp(b).resize({ height: 300 }).jpeg({ quality: 50 }).toBuffer(),
  ],
  ['a WebP re-encode', async (b) => sharp(b).webp({ quality: 60 }).toBuffer()],
  ['a mirrored copy', async (b) => sharp(b).flop().jpeg({ quality: 85 }).toBuffer()],
  ['a text overlay', (b) => captioned(b, 'SOLD - Listing 2026')],
];
const ORIGINALS = [
  'arch-colosseum',
  'nature-alpaca',
  'vehicle-firetruck',
  'people-music-orchestra',
  'food-cherry-stella',
  'tech-windmill3',
];

let t: TestDb;
let skip: string | undefined;

beforeAll(async () => {
  t = await createTestDb();
  await seed(t.db);
  const report = await seedGallery(t.db);
  if ('skipped' in report) {
    skip = report.skipped;
    console.log(`similar-image search tests skipped on ${t.engine}: ${skip}`);
  }
}, 180_000);
afterAll(async () => {
  await closeEngine();
  await t?.close();
});

const needsVector = (ctx: TestContext) => {
  if (skip) ctx.skip();
};

describe('similar-image search on the gallery', () => {
  it('indexes every gallery photo when seeded, and a second seed changes nothing', async (ctx) => {
    needsVector(ctx);
    const images = await loadGalleryManifest();
    const { rows } = await t.db
      .selectFrom('gallery_images')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .execute()
      .then((r) => ({ rows: r }));
    expect(Number(rows[0]?.n)).toBe(images.length);
    expect(await seedGallery(t.db)).toEqual({ galleryImages: 0, removed: 0 });
  });

  it('stores the embeddings the engine computes today (content/gallery/embeddings.json has not drifted)', async (ctx) => {
    needsVector(ctx);
    const stored = await loadGalleryEmbeddings();
    for (const id of ['arch-colosseum', 'food-coffee', 'people-astronaut']) {
      const now = embedded(await imageFeaturesBytes(photo(id), EMBEDDING_NEEDS_MIRROR));
      const then = stored.images[id]!;
      expect(now.phash.hash, id).toBe(then.phash);
      const cos = now.embedding.reduce((s, x, i) => s + x * then.embedding[i]!, 0);
      expect(cos, id).toBeGreaterThan(0.999);
    }
  }, 120_000);

  for (const id of ORIGINALS) {
    it(`finds ${id} first for each of its edited copies`, async (ctx) => {
      needsVector(ctx);
      for (const [what, edit] of EDITS) {
        // A copy: sharp's output buffers cannot be moved to the engine worker.
        const query = await embedImage({ bytes: new Uint8Array(await edit(photo(id))) });
        const { matches } = await searchSimilar(t.db, query, DEFAULTS, { kind: 'gallery' });
        expect(matches[0]?.id, `${what} of ${id}: ${JSON.stringify(matches.slice(0, 3))}`).toBe(id);
        // Crops are found by the embedding (a related scene at least); the other edits keep the perceptual hash.
        if (what === 'an 85% crop')
          expect(matches[0]!.similarity, `${what} of ${id}`).toBeGreaterThanOrEqual(0.7);
        else {
          expect(matches[0]!.near_duplicate, `${what} of ${id}`).toBe(true);
          expect(matches[0]!.similarity, `${what} of ${id}`).toBeGreaterThanOrEqual(0.9);
        }
      }
    }, 120_000);
  }

  it('finds no near duplicate (nothing at 0.9 or above) for photos that are not in the gallery', async (ctx) => {
    needsVector(ctx);
    for (const name of ['unrelated-fish.jpg', 'unrelated-hammer.jpg', 'unrelated-scream.jpg']) {
      const query = await embedImage({ bytes: fixture(name) });
      const { matches } = await searchSimilar(
        t.db,
        query,
        { ...DEFAULTS, similarity_threshold: 0.5, max_results: 50 },
        { kind: 'gallery' },
      );
      expect(
        matches.filter((m) => m.similarity >= 0.9 || m.near_duplicate),
        name,
      ).toEqual([]);
    }
  }, 60_000);

  it('applies the threshold, max_results and the category filter', async (ctx) => {
    needsVector(ctx);
    const query = await embedImage({ bytes: new Uint8Array(await cropped(photo('tech-windmill3'), 0.9)) });
    const loose = await searchSimilar(
      t.db,
      query,
      { max_results: 50, similarity_threshold: 0.5, category: 'all' },
      { kind: 'gallery' },
    );
    expect(loose.total).toBe((await loadGalleryManifest()).length);
    expect(loose.matches.length).toBeGreaterThan(5);
    expect(loose.matches.every((m) => m.similarity >= 0.5)).toBe(true);
    expect(loose.matches.map((m) => m.similarity)).toEqual(
      [...loose.matches.map((m) => m.similarity)].sort((a, b) => b - a),
    );

    const five = await searchSimilar(
      t.db,
      query,
      { max_results: 5, similarity_threshold: 0.5, category: 'all' },
      { kind: 'gallery' },
    );
    expect(five.matches.map((m) => m.id)).toEqual(loose.matches.slice(0, 5).map((m) => m.id));

    const strict = await searchSimilar(
      t.db,
      query,
      { max_results: 50, similarity_threshold: 0.95, category: 'all' },
      { kind: 'gallery' },
    );
    expect(strict.matches.every((m) => m.similarity >= 0.95)).toBe(true);
    expect(strict.matches.length).toBeLessThan(loose.matches.length);

    const food = await searchSimilar(
      t.db,
      query,
      { max_results: 50, similarity_threshold: 0.5, category: 'food' },
      { kind: 'gallery' },
    );
    expect(food.total).toBe((await loadGalleryManifest()).filter((i) => i.category === 'food').length);
    expect(food.matches.every((m) => m.category === 'food')).toBe(true);
    expect(food.matches.some((m) => m.id === 'tech-windmill3')).toBe(false);
  }, 60_000);
});

describe('collections', () => {
  it("searches only the collection given, and one account never sees another account's collection", async (ctx) => {
    needsVector(ctx);
    const alice = await createTestAccount(t.db, { apiId: 'similar-image-search', tier: 'standard' });
    const bob = await createTestAccount(t.db, { apiId: 'similar-image-search', tier: 'standard' });
    await createCollection(t.db, alice.userId, 'listings');
    await createCollection(t.db, bob.userId, 'listings');
    const aliceId = await collectionId(t.db, alice.userId, 'listings');
    const bobId = await collectionId(t.db, bob.userId, 'listings');
    expect(aliceId).not.toBe(bobId);
    await addCollectionImage(
      t.db,
      aliceId,
      { id: 'a-1', url: null, category: 'vehicles', metadata: { sku: 'A1' } },
      await embedImage({ bytes: photo('vehicle-firetruck') }),
    );
    await addCollectionImage(
      t.db,
      bobId,
      { id: 'b-1', url: null, category: 'vehicles', metadata: {} },
      await embedImage({ bytes: photo('vehicle-green-korean-bus') }),
    );

    const query = await embedImage({
      bytes: new Uint8Array(await captioned(photo('vehicle-firetruck'), 'FOR SALE')),
    });
    const inAlice = await searchSimilar(t.db, query, DEFAULTS, { kind: 'collection', collectionId: aliceId });
    expect(inAlice.total).toBe(1);
    expect(inAlice.matches.map((m) => [m.id, m.near_duplicate, m.metadata])).toEqual([
      ['a-1', true, { sku: 'A1' }],
    ]);
    const inBob = await searchSimilar(
      t.db,
      query,
      { ...DEFAULTS, similarity_threshold: 0.5 },
      { kind: 'collection', collectionId: bobId },
    );
    expect(inBob.matches.map((m) => m.id)).not.toContain('a-1');

    expect((await listCollections(t.db, alice.userId)).map((c) => [c.name, c.image_count])).toEqual([
      ['listings', 1],
    ]);
    await expect(collectionId(t.db, bob.userId, 'nope')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(createCollection(t.db, alice.userId, 'listings')).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
  }, 60_000);
});

describe('collection search', () => {
  it("returns a collection's exact nearest images even when another collection's closer rows crowd the shared index", async (ctx) => {
    needsVector(ctx);
    const { gauss } = rng(11);
    const unit = (v: number[]) => {
      const n = Math.hypot(...v) || 1;
      return v.map((x) => x / n);
    };
    const dims = EMBEDDING_DIMS;
    const q = unit(Array.from({ length: dims }, gauss));
    const near = (spread: number) => unit(q.map((x) => x + (spread * gauss()) / Math.sqrt(dims)));
    const far = { hash: 'ffffffffffffffff', mirrored: 'ffffffffffffffff' };
    const carol = await createTestAccount(t.db, { apiId: 'similar-image-search', tier: 'standard' });
    const dave = await createTestAccount(t.db, { apiId: 'similar-image-search', tier: 'standard' });
    await createCollection(t.db, carol.userId, 'crowd');
    await createCollection(t.db, dave.userId, 'mine');
    const crowd = await collectionId(t.db, carol.userId, 'crowd');
    const mine = await collectionId(t.db, dave.userId, 'mine');
    // 300 rows closer to the query than any of Dave's, in one index with his.
    for (let i = 0; i < 300; i++) {
      await addCollectionImage(
        t.db,
        crowd,
        { id: `c-${i}`, url: null, category: 'food', metadata: {} },
        { embedding: near(0.2), phash: far },
      );
    }
    const own = [0.6, 0.75, 0.9, 1.05, 1.2, 1.4, 1.7].map((spread) => near(spread));
    for (const [i, e] of own.entries()) {
      await addCollectionImage(
        t.db,
        mine,
        { id: `d-${i}`, url: null, category: i % 2 ? 'food' : 'nature', metadata: {} },
        { embedding: e, phash: far },
      );
    }
    const cos = (e: number[]) => e.reduce((s, x, i) => s + x * q[i]!, 0);
    const expected = own
      .map((e, i) => ({ id: `d-${i}`, cos: cos(e), category: i % 2 ? 'food' : 'nature' }))
      .sort((a, b) => b.cos - a.cos);
    const query = { embedding: q, phash: { hash: '0000000000000000', mirrored: '0000000000000000' } };

    const all = await searchSimilar(
      t.db,
      query,
      { max_results: 5, similarity_threshold: 0.5, category: 'all' },
      { kind: 'collection', collectionId: mine },
    );
    expect(all.total).toBe(7);
    expect(all.matches.map((m) => m.id)).toEqual(expected.slice(0, 5).map((e) => e.id));
    const food = await searchSimilar(
      t.db,
      query,
      { max_results: 50, similarity_threshold: 0.5, category: 'food' },
      { kind: 'collection', collectionId: mine },
    );
    expect(food.matches.map((m) => m.id)).toEqual(
      expected.filter((e) => e.category === 'food').map((e) => e.id),
    );
  }, 120_000);
});

describe('without pgvector', () => {
  it('answers 503 SERVICE_UNAVAILABLE instead of failing', async () => {
    // The file's database without the tables the pgvector migration creates, inside a
    // transaction that is rolled back (no second database to start).
    const bare = await t.db.startTransaction().execute();
    try {
      await bare.schema.dropTable('collection_images').ifExists().execute();
      await bare.schema.dropTable('similar_collections').ifExists().execute();
      await bare.schema.dropTable('gallery_images').ifExists().execute();
      await expect(requireSimilarSearch(bare)).rejects.toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await bare.rollback().execute();
    }
    if (!skip) await expect(requireSimilarSearch(t.db)).resolves.toBeUndefined();
  }, 120_000);
});
