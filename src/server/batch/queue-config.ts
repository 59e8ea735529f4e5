/**
 * Where the batch queue lives (see `queue.ts`), read without loading graphile-worker: the
 * keyed API functions queue usage-alert webhooks with it and must not pay for the queue's
 * library at start-up.
 */
import { directDatabaseUrl } from '../db/direct-url';

export interface QueueConfig {
  /** Direct database URL for the queue's own connections. */
  connectionString: string;
  /** Schema graphile-worker keeps its tables and functions in. */
  schema: string;
}

export const DEFAULT_QUEUE_SCHEMA = 'graphile_worker';

/** The queue configuration from the environment; no URL: undefined (no queue here). */
export function queueConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): QueueConfig | undefined {
  const explicit = env['BATCH_QUEUE_DATABASE_URL']?.trim();
  const url = explicit && !explicit.startsWith('memory://') ? explicit : directDatabaseUrl(env);
  if (!url) return undefined;
  return { connectionString: url, schema: env['BATCH_QUEUE_SCHEMA']?.trim() || DEFAULT_QUEUE_SCHEMA };
}

const SINGLETON = Symbol.for('optiq.batch-queue');
type Holder = { [SINGLETON]?: QueueConfig | undefined };
const holder = globalThis as Holder;

/** The process's queue configuration (set by `npm start` and tests, else from the environment). */
export function getQueueConfig(): QueueConfig | undefined {
  return holder[SINGLETON] ?? queueConfigFromEnv();
}

/** Replaces the process's queue configuration. */
export function setQueueConfig(config: QueueConfig | undefined): void {
  holder[SINGLETON] = config;
}
