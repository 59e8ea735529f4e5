/**
 * The batch queue: graphile-worker (a PostgreSQL job queue) in the application's database.
 * Queue entries are added with its SQL `add_job` function inside the transaction that writes
 * the job row (`jobs.ts`), so a job never exists without its queue entries or the reverse.
 *
 * The workers need connections of their own (a pool, and one for LISTEN), given as a URL:
 * - `BATCH_QUEUE_DATABASE_URL`, else the direct (not pooled) twin of the functions' URL
 *   (`DATABASE_URL_UNPOOLED` with `DATABASE_URL`, Netlify's `NETLIFY_DATABASE_URL_UNPOOLED` with
 *   `NETLIFY_DATABASE_URL`; see `../db/direct-url`), else the functions' URL: a transaction
 *   pooler drops LISTEN and session state, and the queue must be the functions' database;
 * - on embedded PGlite, `npm start` serves the database on a loopback port
 *   (`src/server/db/pglite-server.ts`) and sets `BATCH_QUEUE_DATABASE_URL` to it.
 * `BATCH_QUEUE_SCHEMA` (default `graphile_worker`) names the queue's schema.
 */
import { Logger, runMigrations, type LogLevel } from 'graphile-worker';
import type { QueueConfig } from './queue-config';

// The configuration half lives apart so the API's keyed functions (usage alerts) can read it
// without loading graphile-worker.
export {
  getQueueConfig,
  setQueueConfig,
  queueConfigFromEnv,
  DEFAULT_QUEUE_SCHEMA,
  type QueueConfig,
} from './queue-config';

/**
 * graphile-worker's log, quiet by default: warnings and errors only (`BATCH_QUEUE_LOG=info` or
 * `debug` for more). Every job it runs would otherwise print a line.
 */
export function queueLogger(env: Record<string, string | undefined> = process.env): Logger {
  const order: LogLevel[] = ['error', 'warning', 'info', 'debug'] as LogLevel[];
  const wanted = order.indexOf((env['BATCH_QUEUE_LOG']?.trim() || 'warning') as LogLevel);
  return new Logger((scope) => (level, message) => {
    if (order.indexOf(level) > (wanted < 0 ? 1 : wanted)) return;
    const line = `[batch-queue${scope.workerId ? ` ${scope.workerId}` : ''}] ${message}`;
    if (level === 'error') console.error(line);
    else console.warn(line);
  });
}

/** Options every graphile-worker entry point of ours shares. */
export function graphileOptions(config: QueueConfig) {
  return {
    connectionString: config.connectionString,
    schema: config.schema,
    // Prepared statements are per connection: the embedded database's multiplexed
    // connections and transaction poolers cannot keep them.
    noPreparedStatements: true,
    logger: queueLogger(),
    crontab: '',
  };
}

const installed = new Map<string, Promise<void>>();

/** Installs or upgrades graphile-worker's schema (idempotent; once per process and database). */
export function installQueue(config: QueueConfig): Promise<void> {
  const key = `${config.connectionString}#${config.schema}`;
  let pending = installed.get(key);
  if (!pending) {
    pending = runMigrations(graphileOptions(config));
    pending.catch(() => installed.delete(key));
    installed.set(key, pending);
  }
  return pending;
}
