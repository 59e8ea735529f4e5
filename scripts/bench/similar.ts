/**
 * `npm run bench:similar`: the similar-image index under load. For each database (PGlite always;
 * PostgreSQL too when `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` names a server with pgvector),
 * each row count (BENCH_ROWS, default "10000,100000") and each kind of vectors (BENCH_KINDS,
 * default "iid,fitted,real"; see scripts/lib/similar-vectors.ts):
 * - iid: uniform random directions in the embedding's 480 dimensions, queries random too (the
 *   worst case for a graph index);
 * - fitted: drawn like real embeddings of unseen photos (a Gaussian mixture on the gallery
 *   embeddings, with their covariance plus the leave-one-out residual floor), queries drawn the same way; the pair
 *   cosines of real and fitted vectors are printed side by side;
 * - gaussian: the same Gaussian without the gallery photos as centres (no clusters);
 * - real: the 152 gallery embeddings, each repeated with a small jitter up to the row count,
 *   queries jittered copies too (a catalogue of near-duplicates).
 * It loads the rows (COPY on PGlite), builds the HNSW index (BENCH_M, BENCH_EFC; default the
 * migration's m = 16, ef_construction = 64), then runs BENCH_QUERIES (default 200) queries at
 * each ef_search of BENCH_EF (default the API's EF_SEARCH), set per query with SET LOCAL as the
 * API does, and prints query p50/p99 (ms, excluding the embedding) and recall@10 against exact
 * search (computed in JS), then the same with a category filter (1 of 6 categories; pgvector's
 * iterative scan, as the API runs it), and an exact scan in SQL for comparison.
 * BENCH_DIMS=k projects every vector on the first k principal axes of the gallery embeddings
 * (recall is then also given against exact search on the full vectors); BENCH_TYPE=halfvec
 * stores half-precision vectors. BENCH_EMBED=0 skips the embedding timing at the end: one
 * CenterNet pass per image, in-process.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { EF_SEARCH } from '../../src/server/vision/similar/service';
import { loadGalleryEmbeddings, loadGalleryManifest } from '../../src/server/vision/similar/gallery';
import { EMBEDDING_NEEDS_MIRROR, embedded } from '../../src/server/vision/similar/embedding';
import { imageFeatures } from '../../src/server/vision/similar/features';
import { parseCli } from '../lib/cli';
import { dot, generators, pairCosines, pca, project, rng } from '../lib/similar-vectors';
import { loadText, percentile } from '../lib/stats';

parseCli(
  'Usage: npm run bench:similar   (options in the environment: BENCH_ROWS, BENCH_KINDS, BENCH_QUERIES, BENCH_EF, BENCH_M, BENCH_EFC, BENCH_DIMS, BENCH_TYPE, BENCH_EMBED, BENCH_DATABASE_URL or TEST_DATABASE_URL)',
  {},
);

const ROWS = (process.env['BENCH_ROWS'] ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(process.env['BENCH_QUERIES'] ?? 200);
/** ef_search values to query at (BENCH_EF, default the API's EF_SEARCH). */
const EFS = (process.env['BENCH_EF'] ?? String(EF_SEARCH)).split(',').map(Number);
type Kind = 'iid' | 'gaussian' | 'fitted' | 'real';
/** Kinds of vectors (BENCH_KINDS; "synthetic" is the old name of iid). */
const KINDS = (process.env['BENCH_KINDS'] ?? 'iid,gaussian,fitted,real')
  .split(',')
  .map((k) => (k === 'synthetic' ? 'iid' : k)) as Kind[];
const M = Number(process.env['BENCH_M'] ?? 16);
const EF_CONSTRUCTION = Number(process.env['BENCH_EFC'] ?? 64);
const REDUCED = process.env['BENCH_DIMS'] ? Number(process.env['BENCH_DIMS']) : undefined;
const TYPE = process.env['BENCH_TYPE'] === 'halfvec' ? 'halfvec' : 'vector';
const FILTER = process.env['BENCH_FILTER'] !== '0';
const CATEGORIES = 6;

interface Db {
  name: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Loads (id, category, vector text) rows into `bench`. */
  load(rows: string[]): Promise<void>;
  close(): Promise<void>;
}

const toText = (v: Float32Array): string => {
  let s = '[';
  for (let i = 0; i < v.length; i++) s += (i ? ',' : '') + (Math.round(v[i]! * 1e6) / 1e6).toString();
  return `${s}]`;
};

function exactTop(
  rows: readonly Float32Array[],
  q: Float32Array,
  k: number,
  keep?: (i: number) => boolean,
): number[] {
  const best: [number, number][] = [];
  for (let i = 0; i < rows.length; i++) {
    if (keep && !keep(i)) continue;
    const s = dot(rows[i]!, q);
    if (best.length < k || s > best[best.length - 1]![0]) {
      best.push([s, i]);
      best.sort((a, b) => b[0] - a[0]);
      if (best.length > k) best.pop();
    }
  }
  return best.map(([, i]) => i);
}

const pct = percentile;

async function openPglite(): Promise<Db> {
  const db = await PGlite.create({ extensions: { vector } });
  return {
    name: 'PGlite 0.5.14 + pgvector 0.8.7 (WASM, in-process)',
    query: async (text, params) => (await db.query(text, params)).rows as never,
    load: async (rows) => {
      for (let i = 0; i < rows.length; i += 20_000) {
        await db.query(`copy bench from '/dev/blob'`, [], {
          blob: new Blob([rows.slice(i, i + 20_000).join('\n') + '\n']),
        });
      }
    },
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Db | string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query(
    `select exists (select 1 from pg_available_extensions where name = 'vector') as ok, version() as v`,
  );
  if (!rows[0].ok) {
    await pool.end();
    return `PostgreSQL skipped: the server at that URL has no pgvector extension (${String(rows[0].v).split(',')[0]}; Debian bookworm has no postgresql-15-pgvector package and no npm package ships one)`;
  }
  const schema = `bench_${Date.now().toString(36)}`;
  await pool.query(
    `create extension if not exists vector with schema public; create schema ${schema}; set search_path = ${schema}, public`,
  );
  const query = async <T>(text: string, params?: unknown[]): Promise<T[]> =>
    (await pool.query(text, params as unknown[])).rows as T[];
  return {
    name: `${String(rows[0].v).split(',')[0]} + pgvector`,
    query,
    load: async (lines) => {
      for (let i = 0; i < lines.length; i += 500) {
        const values = lines.slice(i, i + 500).map((l) => {
          const [id, cat, v] = l.split('\t');
          return `(${id}, ${cat}, '${v}')`;
        });
        await pool.query(`insert into bench (id, category, embedding) values ${values.join(',')}`);
      }
    },
    close: async () => {
      await pool.query(`drop schema ${schema} cascade`);
      await pool.end();
    },
  };
}

interface Vectors {
  /** Stored rows as the index sees them (projected when BENCH_DIMS is set). */
  rows: Float32Array[];
  /** The full-length rows (the same as `rows` without BENCH_DIMS). */
  full: Float32Array[];
  queries: Float32Array[];
  fullQueries: Float32Array[];
}

async function run(db: Db, kind: Kind, n: number, v: Vectors): Promise<void> {
  const { rows, full, queries, fullQueries } = v;
  const dims = rows[0]!.length;
  const { rand } = rng(7);
  const category = Array.from({ length: n }, () => Math.floor(rand() * CATEGORIES));
  await db.query('drop table if exists bench');
  await db.query(
    `create table bench (id int primary key, category int not null, embedding ${TYPE}(${dims}) not null)`,
  );
  const t0 = performance.now();
  await db.load(rows.map((r, i) => `${i}\t${category[i]}\t${toText(r)}`));
  const loadS = (performance.now() - t0) / 1000;
  // The graph is built in memory when it fits (pgvector's advice); PGlite's default is 64 MB.
  await db.query(`set maintenance_work_mem = '1GB'`);
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await db.query(
    `create index on bench using hnsw (embedding ${TYPE}_cosine_ops) with (m = ${M}, ef_construction = ${EF_CONSTRUCTION})`,
  );
  const buildS = (performance.now() - t1) / 1000;
  const buildCpu = process.cpuUsage(c1);
  await db.query('analyze bench');
  const label = `  ${kind.padEnd(6)} ${String(n).padStart(6)} rows, ${dims} dims ${TYPE}`;
  console.log(
    `${label}, ${loadText()}: load ${loadS.toFixed(1)} s, HNSW build ${buildS.toFixed(1)} s (CPU ${((buildCpu.user + buildCpu.system) / 1e6).toFixed(1)} s; m ${M}, ef_construction ${EF_CONSTRUCTION})`,
  );
  // Exact search in SQL (a sequential scan, no index) for comparison, on the first 20 queries.
  const exactTimes: number[] = [];
  await db.query('set enable_indexscan = off');
  for (const q of queries.slice(0, 20)) {
    const e = performance.now();
    await db.query(`select id from bench order by embedding <=> $1::${TYPE} limit 10`, [toText(q)]);
    exactTimes.push(performance.now() - e);
  }
  await db.query('set enable_indexscan = on');
  const truths = queries.map((q) => new Set(exactTop(rows, q, 10)));
  const fullTruths = REDUCED ? fullQueries.map((q) => new Set(exactTop(full, q, 10))) : truths;
  const queryCat = queries.map((_, i) => i % CATEGORIES);
  const filteredTruths = FILTER
    ? queries.map((q, i) => new Set(exactTop(rows, q, 10, (r) => category[r] === queryCat[i])))
    : [];
  const measure = async (ef: number, filtered: boolean, iterative: boolean) => {
    const times: number[] = [];
    const cpu: number[] = [];
    let hits = 0;
    let fullHits = 0;
    let short = 0;
    for (const [qi, q] of queries.entries()) {
      const s = performance.now();
      const c = process.cpuUsage();
      await db.query('begin');
      await db.query(`set local hnsw.ef_search = ${ef}`);
      if (iterative) await db.query(`set local hnsw.iterative_scan = relaxed_order`);
      const got = filtered
        ? await db.query<{ id: number }>(
            `select id from bench where category = $2 order by embedding <=> $1::${TYPE} limit 10`,
            [toText(q), queryCat[qi]],
          )
        : await db.query<{ id: number }>(`select id from bench order by embedding <=> $1::${TYPE} limit 10`, [
            toText(q),
          ]);
      await db.query('commit');
      times.push(performance.now() - s);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      const truth = filtered ? filteredTruths[qi]! : truths[qi]!;
      hits += got.filter((r) => truth.has(r.id)).length;
      fullHits += got.filter((r) => fullTruths[qi]!.has(r.id)).length;
      if (got.length < 10) short++;
    }
    const recall = hits / (queries.length * 10);
    const what = filtered
      ? `1 category of ${CATEGORIES}, iterative scan ${iterative ? 'relaxed_order' : 'off'}`
      : 'no filter';
    console.log(
      `    ef_search ${String(ef).padStart(3)}, ${what}: query p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (CPU p50 ${pct(cpu, 50).toFixed(1)} ms), recall@10 ${recall.toFixed(3)}` +
        (REDUCED && !filtered
          ? ` (${(fullHits / (queries.length * 10)).toFixed(3)} against exact search on the full ${full[0]!.length} dims)`
          : '') +
        (short ? `; ${short} of ${queries.length} queries came back with fewer than 10 rows` : ''),
    );
  };
  for (const ef of EFS) {
    await measure(ef, false, false);
    if (FILTER) {
      await measure(ef, true, true);
      if (ef === EFS[0]) await measure(ef, true, false);
    }
  }
  console.log(
    `    exact scan in SQL (no index): p50 ${pct(exactTimes, 50).toFixed(0)} ms, p99 ${pct(exactTimes, 99).toFixed(0)} ms`,
  );
}

async function main(): Promise<void> {
  const stored = await loadGalleryEmbeddings();
  const base = Object.values(stored.images).map((e) => Float32Array.from(e.embedding));
  const gen = generators(base);
  const axes = REDUCED ? pca(base, REDUCED) : undefined;
  const fullDims = base[0]!.length;
  console.log(
    `similar-image index benchmark: HNSW m=${M} ef_construction=${EF_CONSTRUCTION}, ef_search ${EFS.join('/')}, ${QUERIES} queries, ` +
      `${REDUCED ? `${fullDims} dims projected on ${REDUCED} principal axes` : `${fullDims} dims`} (${TYPE}), rows ${ROWS.join(', ')}, kinds ${KINDS.join(', ')}; ` +
      loadText(),
  );
  if (KINDS.includes('fitted') || KINDS.includes('gaussian')) {
    const ps = [50, 95, 99];
    const fitted = Array.from({ length: 300 }, gen.fitted);
    const gaussian = Array.from({ length: 300 }, gen.gaussian);
    const fmt = (xs: number[]) => xs.map((x, i) => `p${ps[i]} ${x.toFixed(2)}`).join(', ');
    console.log(
      `fitted vectors: Gaussian mixture on the gallery, bandwidth ${gen.bandwidth}, residual floor ${(gen.residual * 100).toFixed(1)}% of the energy (leave-one-out on the gallery); ` +
        `pair cosines real gallery ${fmt(pairCosines(base, ps))}, fitted ${fmt(pairCosines(fitted, ps))}, gaussian ${fmt(pairCosines(gaussian, ps))}, iid ${fmt(pairCosines(Array.from({ length: 300 }, gen.iid), ps))}`,
    );
  }

  const dbs: (Db | string)[] = [await openPglite()];
  const url = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  dbs.push(
    url
      ? await openPostgres(url)
      : 'PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server with pgvector',
  );
  for (const db of dbs) {
    if (typeof db === 'string') {
      console.log(db);
      continue;
    }
    console.log(db.name);
    await db.query('create extension if not exists vector');
    for (const n of ROWS) {
      for (const kind of KINDS) {
        const draw = (i: number) =>
          kind === 'iid'
            ? gen.iid()
            : kind === 'gaussian'
              ? gen.gaussian()
              : kind === 'fitted'
                ? gen.fitted()
                : gen.real(i);
        const full = Array.from({ length: n }, (_, i) => draw(i));
        const fullQueries = Array.from({ length: QUERIES }, (_, i) => draw(i * 7));
        const reduce = (vs: Float32Array[]) => (axes ? vs.map((x) => project(x, axes)) : vs);
        await run(db, kind, n, { rows: reduce(full), full, queries: reduce(fullQueries), fullQueries });
      }
    }
    await db.close();
  }

  if (process.env['BENCH_EMBED'] !== '0') {
    // Embedding time per image: decode + one CenterNet pass (+ the mirrored pass when the variant needs it) + hash.
    const images = (await loadGalleryManifest()).slice(0, 20);
    const ms: number[] = [];
    for (const [i, img] of images.entries()) {
      const bytes = readFileSync(resolve('public', img.url.slice(1)));
      const s = performance.now();
      embedded(await imageFeatures(bytes, { mirror: EMBEDDING_NEEDS_MIRROR }));
      if (i > 0) ms.push(performance.now() - s); // the first one loads the model
    }
    console.log(
      `embedding per image (640 px JPEG, in-process, ${ms.length} photos): p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms; ${loadText()}`,
    );
  }
  process.exit(0);
}

await main();
