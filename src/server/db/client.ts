/**
 * Builds the one `Kysely<Database>`: a single `PostgresDialect` whose pool is picked by
 * configuration, so every environment speaks the same SQL through the same driver family.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type { Database } from './tables';

/** Where the database lives, as resolved from the environment. */
export type DbTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'neon'; url: string }
  | { kind: 'postgres'; url: string };

/** Default folder of the embedded database (gitignored). */
export const DEFAULT_PGLITE_DIR = '.data/pglite';

/**
 * Chooses the pool: `DATABASE_URL` or `NETLIFY_DATABASE_URL` when set (a `*.neon.tech` host
 * goes through Neon's WebSocket pool, any other URL through `pg`), else embedded PGlite in
 * `PGLITE_DIR` (default `.data/pglite`; `memory://` keeps it in memory).
 */
export function resolveDbTarget(env: Record<string, string | undefined> = process.env): DbTarget {
  const url = env['DATABASE_URL']?.trim() || env['NETLIFY_DATABASE_URL']?.trim();
  if (url) {
    if (url.startsWith('memory://')) return { kind: 'pglite', dataDir: url };
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      // Never echo the URL: it usually carries a password.
      throw new Error('DATABASE_URL is not a valid URL');
    }
    return host === 'neon.tech' || host.endsWith('.neon.tech') ? { kind: 'neon', url } : { kind: 'postgres', url };
  }
  return { kind: 'pglite', dataDir: env['PGLITE_DIR']?.trim() || DEFAULT_PGLITE_DIR };
}

/** Extra pool settings for a real server (tests use `options` to pin a schema). */
export interface PoolOptions {
  /** Most connections per process. */
  max?: number;
  /** libpq `options`, e.g. `-c search_path=...`. */
  options?: string;
}

async function createPool(target: DbTarget, opts: PoolOptions): Promise<PostgresPool> {
  switch (target.kind) {
    case 'pglite': {
      // Loaded lazily: deployed functions always have a URL and never pay for the WASM build.
      const [{ default: pg }, { createPgConfig }] = await Promise.all([
        import('pg'),
        import('@electric-sql/pglite/node-postgres'),
      ]);
      // PGlite creates its own folder but not the folders above it (`.data/` on a fresh clone).
      if (!target.dataDir.includes('://')) mkdirSync(dirname(resolve(target.dataDir)), { recursive: true });
      const config = createPgConfig(target.dataDir);
      // PGlite is one single-user backend: exactly one connection, kept open for the process.
      return new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0 });
    }
    case 'neon': {
      const { Pool } = await import('@neondatabase/serverless');
      return new Pool({ connectionString: target.url, max: opts.max ?? 5 });
    }
    case 'postgres': {
      const { default: pg } = await import('pg');
      return new pg.Pool({
        connectionString: target.url,
        max: opts.max ?? 10,
        ...(opts.options ? { options: opts.options } : {}),
        // A short-lived function worker must be able to exit while its pool is idle.
        allowExitOnIdle: true,
      });
    }
  }
}

/** A fresh `Kysely<Database>` for `target`; the pool opens on the first query. */
export function createDb(target: DbTarget, opts: PoolOptions = {}): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: () => createPool(target, opts) }),
  });
}

// Kept on globalThis so separately bundled modules in one process share a single pool.
const SINGLETON = Symbol.for('optiq.db');
type Holder = { [SINGLETON]?: Kysely<Database> | undefined };
const holder = globalThis as Holder;

/** The process-wide database, created from the environment on first use. */
export function getDb(): Kysely<Database> {
  return (holder[SINGLETON] ??= createDb(resolveDbTarget()));
}

/** Replaces the process-wide database (tests inject a fresh one; the start script its own). */
export function setDb(db: Kysely<Database> | undefined): void {
  holder[SINGLETON] = db;
}

/** Closes the process-wide database if one was opened. */
export async function closeDb(): Promise<void> {
  const db = holder[SINGLETON];
  holder[SINGLETON] = undefined;
  await db?.destroy();
}
