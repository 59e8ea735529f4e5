/**
 * Builds the one `Kysely<Database>`: a single `PostgresDialect` whose pool is picked by
 * configuration, so every environment speaks the same SQL through the same driver family.
 */
import type { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  Kysely,
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type { Database } from './tables';
import { DatabaseTimeoutError, logDatabaseError } from './unavailable';

/** Where the database lives, as resolved from the environment. */
export type DbTarget =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A data folder to start from (`dumpDataDir`), e.g. tests' migrated image. */ loadDataDir?: Blob;
    }
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
    return host === 'neon.tech' || host.endsWith('.neon.tech')
      ? { kind: 'neon', url }
      : { kind: 'postgres', url };
  }
  return { kind: 'pglite', dataDir: env['PGLITE_DIR']?.trim() || DEFAULT_PGLITE_DIR };
}

/** How long a database may keep a request waiting, in milliseconds (0 turns one off). */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server side: the database cancels a statement running longer (`statement_timeout`). */
  statementMs: number;
  /**
   * Client side: a query unanswered this long fails and its connection is discarded. Catches
   * a frozen server or a dead network that `statement_timeout` cannot; a little longer than
   * the statement timeout so the server's own, clearer cancellation normally comes first.
   */
  queryMs: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

function msFrom(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim() || NaN);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * Timeouts from `DB_CONNECT_TIMEOUT_MS` (default 5 s), `DB_STATEMENT_TIMEOUT_MS` (default 10 s)
 * and `DB_QUERY_TIMEOUT_MS` (default: the statement timeout plus 2 s).
 */
export function resolveDbTimeouts(env: Record<string, string | undefined> = process.env): DbTimeouts {
  const statementMs = msFrom(env['DB_STATEMENT_TIMEOUT_MS'], DEFAULT_STATEMENT_TIMEOUT_MS);
  return {
    connectMs: msFrom(env['DB_CONNECT_TIMEOUT_MS'], DEFAULT_CONNECT_TIMEOUT_MS),
    statementMs,
    queryMs: msFrom(env['DB_QUERY_TIMEOUT_MS'], statementMs > 0 ? statementMs + 2_000 : 0),
  };
}

/** Extra pool settings for a real server (tests use `options` to pin a schema). */
export interface PoolOptions {
  /** Most connections per process. */
  max?: number;
  /** libpq `options`, e.g. `-c search_path=...`. */
  options?: string;
  /** Overrides `resolveDbTimeouts()` (PGlite runs in-process and takes none). */
  timeouts?: Partial<DbTimeouts>;
}

/** The part of a `pg`-style pool this module relies on (pg.Pool and Neon's Pool). */
type EventedPool = PostgresPool & EventEmitter;

/**
 * A connection that drops while idle in the pool, or while checked out between two queries,
 * is reported as an `'error'` event; with no listener Node turns it into an uncaught exception
 * and the process dies (a database restart under load did exactly that). Listen on the pool
 * and on every client it opens: the broken client is then discarded by the pool on release
 * and the next request opens a fresh connection once the database is back.
 */
export function guardPoolErrors<P extends EventedPool>(pool: P): P {
  pool.on('error', logDatabaseError);
  pool.on('connect', (client: EventEmitter) => {
    client.on('error', logDatabaseError);
  });
  return pool;
}

type PgPoolClient = Omit<PostgresPoolClient, 'release'> & { release(error?: Error | boolean): void };

/**
 * Wraps a pool so every query kysely runs gives up after `queryMs`: the request fails with a
 * `DatabaseTimeoutError` (answered 503) and the connection, whose answer may never come, is
 * destroyed on release instead of going back to the pool.
 */
export function withQueryTimeout(pool: PostgresPool, queryMs: number): PostgresPool {
  if (!(queryMs > 0)) return pool;
  return {
    end: () => pool.end(),
    async connect() {
      const client = (await pool.connect()) as PgPoolClient;
      let broken: Error | undefined;
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        sqlOrCursor: string | PostgresCursor<R>,
        parameters?: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        // Streams read at the caller's pace; only plain queries are timed.
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
        // A timed-out connection is done: a transaction's ROLLBACK must not wait out another timeout.
        if (broken) return Promise.reject(broken);
        const pending = client.query<R>(sqlOrCursor, parameters ?? []);
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            broken = new DatabaseTimeoutError(queryMs);
            // The abandoned query settles (or fails) later, when the connection is torn down.
            pending.catch(() => {});
            reject(broken);
          }, queryMs);
        });
        return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
      }
      return {
        query,
        release: () => client.release(broken ?? undefined),
      };
    },
  };
}

/**
 * The driver pool for `target`, with error listeners and timeouts (see `guardPoolErrors` and
 * `resolveDbTimeouts`); the client-side query timeout is added by `createDb`.
 */
export async function createPool(target: DbTarget, opts: PoolOptions = {}): Promise<EventedPool> {
  const timeouts = { ...resolveDbTimeouts(), ...opts.timeouts };
  switch (target.kind) {
    case 'pglite': {
      // Loaded lazily: deployed functions always have a URL and never pay for the WASM build.
      const [{ default: pg }, { PGlite }, { createPgConfig }, { vector }] = await Promise.all([
        import('pg'),
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/node-postgres'),
        import('@electric-sql/pglite-pgvector'),
      ]);
      // PGlite creates its own folder but not the folders above it (`.data/` on a fresh clone).
      if (!target.dataDir.includes('://')) mkdirSync(dirname(resolve(target.dataDir)), { recursive: true });
      // pgvector ships with the embedded database (similar-image search); `CREATE EXTENSION` is the migration's.
      const pglite = new PGlite(target.dataDir, {
        extensions: { vector },
        ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      });
      // PGlite is one single-user backend: exactly one connection, kept open for the process.
      const pool = guardPoolErrors(new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 }));
      // Ending the pool ends its connection, not the database: close that too (a clean shutdown of
      // the data folder, and its memory, some 200 MB, freed while the process goes on).
      const endPool = pool.end.bind(pool);
      pool.end = async () => {
        await endPool();
        await pglite.close();
      };
      return pool;
    }
    case 'neon': {
      const { Pool } = await import('@neondatabase/serverless');
      // No `statement_timeout` startup parameter: Neon's pooled endpoint (PgBouncer) may refuse
      // unknown startup parameters. The client-side query timeout bounds every query instead.
      return guardPoolErrors(
        new Pool({
          connectionString: target.url,
          max: opts.max ?? 5,
          connectionTimeoutMillis: timeouts.connectMs,
        }),
      );
    }
    case 'postgres': {
      const { default: pg } = await import('pg');
      return guardPoolErrors(
        new pg.Pool({
          connectionString: target.url,
          max: opts.max ?? 10,
          ...(opts.options ? { options: opts.options } : {}),
          connectionTimeoutMillis: timeouts.connectMs,
          ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
          // Notice a peer that vanished without closing the connection (a dead host or network).
          keepAlive: true,
          // A short-lived function worker must be able to exit while its pool is idle.
          allowExitOnIdle: true,
        }),
      );
    }
  }
}

/** A fresh `Kysely<Database>` for `target`; the pool opens on the first query. */
export function createDb(target: DbTarget, opts: PoolOptions = {}): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: async () => {
        const pool = await createPool(target, opts);
        // PGlite runs inside this process: nothing to time out, and no connection to replace.
        if (target.kind === 'pglite') return pool;
        return withQueryTimeout(pool, { ...resolveDbTimeouts(), ...opts.timeouts }.queryMs);
      },
    }),
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
