/**
 * `npm run bench:similar`: the similar-image index under load. For each database (PGlite always;
 * PostgreSQL too when `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` names a server with pgvector),
 * each row count (BENCH_ROWS, default "10000,100000") and each kind of vectors:
 * - synthetic: uniform random directions in the embedding's 480 dimensions (the hardest case for a graph index:
 *   no clusters), queries random too;
 * - real: the 136 gallery embeddings (content/gallery/embeddings.json), each repeated with
 *   Gaussian jitter (sigma 0.25 per unit vector, renormalised) up to the row count, queries the
 *   embeddings of edited gallery photos jittered the same way. Real vectors only exist for the
 *   gallery, so larger sets are built around them; the clusters make the index's job easier.
 * (BENCH_KINDS picks one) it builds the HNSW index (m, ef_construction as in the migration),
 * then runs BENCH_QUERIES (default 200) queries at each ef_search of BENCH_EF (default the
 * API's EF_SEARCH) and prints query p50/p99 (ms, excluding the embedding) and recall@10 against
 * exact search (computed in JS), plus the exact search in SQL.
 * Finally it times the embedding per image (one CenterNet pass, in-process).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { EF_SEARCH } from '../src/server/similar/service';
import { loadGalleryEmbeddings, loadGalleryManifest } from '../src/server/similar/gallery';
import { EMBEDDING_DIMS, EMBEDDING_NEEDS_MIRROR, embedded, toVector } from '../src/server/vision/similar/embedding';
import { imageFeatures } from '../src/server/vision/similar/features';

const DIMS = EMBEDDING_DIMS;
const M = 16;
const EF_CONSTRUCTION = 64;
const ROWS = (process.env['BENCH_ROWS'] ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(process.env['BENCH_QUERIES'] ?? 200);
/** ef_search values to query at (BENCH_EF, default the API's EF_SEARCH). */
const EFS = (process.env['BENCH_EF'] ?? String(EF_SEARCH)).split(',').map(Number);
/** Kinds of vectors (BENCH_KINDS, default both). */
const KINDS = (process.env['BENCH_KINDS'] ?? 'synthetic,real').split(',') as ('synthetic' | 'real')[];

interface Db {
  name: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

// Deterministic randomness so runs compare.
let seed = 42;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const gauss = () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
const normalise = (v: Float32Array): Float32Array => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};
const randomUnit = () => normalise(Float32Array.from({ length: DIMS }, gauss));
const jitter = (v: ArrayLike<number>, sigma: number) => normalise(Float32Array.from({ length: DIMS }, (_, i) => (v[i] ?? 0) + sigma * gauss() / Math.sqrt(DIMS)));

function exactTop(rows: Float32Array[], q: Float32Array, k: number): number[] {
  const best: [number, number][] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    let s = 0;
    for (let d = 0; d < DIMS; d++) s += r[d]! * q[d]!;
    if (best.length < k || s > best[best.length - 1]![0]) {
      best.push([s, i]);
      best.sort((a, b) => b[0] - a[0]);
      if (best.length > k) best.pop();
    }
  }
  return best.map(([, i]) => i);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function openPglite(): Promise<Db> {
  const db = await PGlite.create({ extensions: { vector } });
  return {
    name: 'PGlite 0.5.14 + pgvector (WASM, in-process)',
    query: async (text, params) => (await db.query(text, params)).rows as never,
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Db | string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query(`select exists (select 1 from pg_available_extensions where name = 'vector') as ok, version() as v`);
  if (!rows[0].ok) {
    await pool.end();
    return `PostgreSQL skipped: the server at that URL has no pgvector extension (${String(rows[0].v).split(',')[0]})`;
  }
  const schema = `bench_${Date.now().toString(36)}`;
  await pool.query(`create extension if not exists vector with schema public; create schema ${schema}; set search_path = ${schema}, public`);
  return {
    name: `${String(rows[0].v).split(',')[0]} + pgvector`,
    query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
    close: async () => {
      await pool.query(`drop schema ${schema} cascade`);
      await pool.end();
    },
  };
}

async function run(db: Db, kind: 'synthetic' | 'real', n: number, base: Float32Array[], queries: Float32Array[]): Promise<void> {
  const rows: Float32Array[] = [];
  for (let i = 0; i < n; i++) rows.push(kind === 'synthetic' ? randomUnit() : jitter(base[i % base.length]!, 0.25));
  await db.query('drop table if exists bench');
  await db.query(`create table bench (id int primary key, embedding vector(${DIMS}) not null)`);
  const t0 = performance.now();
  for (let i = 0; i < n; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((v, j) => `(${i + j}, '${toVector(Array.from(v))}')`).join(',');
    await db.query(`insert into bench (id, embedding) values ${values}`);
  }
  const loadS = (performance.now() - t0) / 1000;
  // The graph is built in memory when it fits (pgvector's advice); PGlite's default is 64 MB.
  await db.query(`set maintenance_work_mem = '1GB'`);
  const t1 = performance.now();
  await db.query(`create index on bench using hnsw (embedding vector_cosine_ops) with (m = ${M}, ef_construction = ${EF_CONSTRUCTION})`);
  const buildS = (performance.now() - t1) / 1000;
  await db.query('analyze bench');
  // Exact search in SQL (no index) for comparison, on the first 20 queries.
  const exactTimes: number[] = [];
  for (const q of queries.slice(0, 20)) {
    const e = performance.now();
    await db.query(`select id from (select id, embedding <=> $1::vector as d from bench) x order by d limit 10`, [toVector(Array.from(q))]);
    exactTimes.push(performance.now() - e);
  }
  const truths = queries.map((q) => new Set(exactTop(rows, q, 10)));
  for (const ef of EFS) {
    await db.query(`set hnsw.ef_search = ${ef}`);
    const times: number[] = [];
    let hits = 0;
    for (const [qi, q] of queries.entries()) {
      const s = performance.now();
      const got = await db.query<{ id: number }>(`select id from bench order by embedding <=> $1::vector limit 10`, [toVector(Array.from(q))]);
      times.push(performance.now() - s);
      hits += got.filter((r) => truths[qi]!.has(r.id)).length;
    }
    const recall = hits / (queries.length * 10);
    console.log(
      `  ${kind.padEnd(9)} ${String(n).padStart(6)} rows: load ${loadS.toFixed(1)} s, HNSW build ${buildS.toFixed(1)} s; ` +
        `ef_search ${ef}: query p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, recall@10 ${recall.toFixed(3)}; ` +
        `exact scan p50 ${pct(exactTimes, 50).toFixed(0)} ms`,
    );
  }
}

async function main(): Promise<void> {
  const stored = await loadGalleryEmbeddings();
  const base = Object.values(stored.images).map((e) => Float32Array.from(e.embedding));
  const synthQueries = Array.from({ length: QUERIES }, randomUnit);
  const realQueries = Array.from({ length: QUERIES }, (_, i) => jitter(base[(i * 7) % base.length]!, 0.25));
  console.log(`similar-image index benchmark: HNSW m=${M} ef_construction=${EF_CONSTRUCTION}, ef_search ${EFS.join('/')}, ${QUERIES} queries, ${DIMS} dims, rows ${ROWS.join(', ')}; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);

  const dbs: (Db | string)[] = [await openPglite()];
  const url = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  dbs.push(url ? await openPostgres(url) : 'PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server with pgvector');
  for (const db of dbs) {
    if (typeof db === 'string') {
      console.log(db);
      continue;
    }
    console.log(db.name);
    await db.query('create extension if not exists vector');
    for (const n of ROWS) {
      if (KINDS.includes('synthetic')) await run(db, 'synthetic', n, base, synthQueries);
      if (KINDS.includes('real')) await run(db, 'real', n, base, realQueries);
    }
    await db.close();
  }

  // Embedding time per image: decode + one CenterNet pass (+ the mirrored pass when the variant needs it) + hash.
  const images = (await loadGalleryManifest()).slice(0, 20);
  const ms: number[] = [];
  for (const [i, img] of images.entries()) {
    const bytes = readFileSync(resolve('public', img.url.slice(1)));
    const s = performance.now();
    embedded(await imageFeatures(bytes, { mirror: EMBEDDING_NEEDS_MIRROR }));
    if (i > 0) ms.push(performance.now() - s); // the first one loads the model
  }
  console.log(`embedding per image (640 px JPEG, in-process, ${ms.length} photos): p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms`);
  process.exit(0);
}

await main();
