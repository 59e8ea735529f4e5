/**
 * The service's health: the database (one query), the batch queue (graphile-worker's entries
 * waiting and the oldest one's age) and each vision model's readiness, each check bounded in
 * time. No model is loaded for the check: a model is `ready` when its engine has analysed an
 * image in this process, `not_loaded` when its files are in place (it loads on the first call),
 * `error` when they are missing. Results say what was found in words a visitor can read, never
 * a driver message, address or path.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { DEFAULT_QUEUE_SCHEMA, getQueueConfig } from '../batch/queue';
import { ENGINE_NAMES, engineHasAnswered } from '../vision/engine/runner';
import { locate, MODEL_FILES, MODEL_REL, OCR_MODEL_FILES, OCR_MODELS_REL } from '../vision/model-files';
import type {
  HealthComponent,
  HealthComponentId,
  HealthReport,
  HealthStatus,
} from '../../shared/schemas/status';

/** How long one check may take before it counts as failed (ms). */
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;
/** A queue entry waiting longer than this (seconds) means a backlog: the service is degraded. */
export const QUEUE_BACKLOG_SECONDS = 600;

export interface HealthOptions {
  /** The queue's schema (default: the process's queue configuration, else graphile_worker). */
  queueSchema?: string;
  timeoutMs?: number;
  /** Where the model files are looked for (tests); default: as the engines find them. */
  locateModels?: (envName: string, rel: string, probe: string) => string;
}

const RANK: Record<HealthStatus, number> = { ok: 0, degraded: 1, down: 2 };

/** The worse of the statuses (down over degraded over ok). */
export const worstStatus = (statuses: readonly HealthStatus[]): HealthStatus =>
  statuses.reduce<HealthStatus>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'ok');

class CheckTimeout extends Error {}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type ComponentResult = Omit<HealthComponent, 'id' | 'name' | 'latency_ms'>;

async function timed(
  id: HealthComponentId,
  name: string,
  check: () => Promise<ComponentResult> | ComponentResult,
): Promise<HealthComponent> {
  const started = performance.now();
  const result = await check();
  return { id, name, ...result, latency_ms: Math.round(performance.now() - started) };
}

async function checkDatabase(db: Kysely<Database>, timeoutMs: number): Promise<ComponentResult> {
  try {
    await within(sql`select 1 as one`.execute(db), timeoutMs);
    return { status: 'ok', detail: 'Answered a query.' };
  } catch (error) {
    return {
      status: 'down',
      detail:
        error instanceof CheckTimeout
          ? `Did not answer a query within ${timeoutMs / 1000} s.`
          : 'Could not be reached.',
    };
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function checkQueue(
  db: Kysely<Database>,
  schema: string,
  timeoutMs: number,
  databaseUp: boolean,
): Promise<ComponentResult> {
  if (!databaseUp)
    return {
      status: 'down',
      detail: 'Not read: the queue lives in the database.',
      depth: null,
      oldest_age_seconds: null,
    };
  try {
    const table = `"${schema.replaceAll('"', '""')}"._private_jobs`;
    const installed = await within(
      sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db),
      timeoutMs,
    );
    if (!installed.rows[0]?.found)
      return {
        status: 'degraded',
        detail: 'The batch queue is not installed here: batch jobs cannot run.',
        depth: null,
        oldest_age_seconds: null,
      };
    // Waiting: not taken by a worker and not out of attempts (retries scheduled later count too);
    // the age counts from when an entry became runnable.
    const { rows } = await within(
      sql<{ depth: number; oldest: number | null }>`
        select
          count(*)::int as depth,
          extract(epoch from now() - min(run_at) filter (where run_at <= now()))::float8 as oldest
        from ${sql.id(schema, '_private_jobs')}
        where locked_at is null and attempts < max_attempts`.execute(db),
      timeoutMs,
    );
    const depth = rows[0]?.depth ?? 0;
    const oldest = rows[0]?.oldest == null ? null : Math.max(0, Math.round(rows[0].oldest));
    const waiting =
      depth === 0
        ? 'No entries waiting.'
        : `${plural(depth, 'entry', 'entries')} waiting${oldest === null ? ' (scheduled for later)' : `, the oldest ${oldest} s`}.`;
    const backlog = oldest !== null && oldest > QUEUE_BACKLOG_SECONDS;
    return {
      status: backlog ? 'degraded' : 'ok',
      detail: backlog ? `${waiting} Batch jobs are running late.` : waiting,
      depth,
      oldest_age_seconds: oldest,
    };
  } catch (error) {
    return {
      status: 'degraded',
      detail: error instanceof CheckTimeout ? 'Could not be read in time.' : 'Could not be read.',
      depth: null,
      oldest_age_seconds: null,
    };
  }
}

interface ModelSpec {
  id: HealthComponentId;
  name: string;
  engine: string;
  envName: string;
  rel: string;
  files: readonly string[];
  usedBy: string;
}

const MODELS: readonly ModelSpec[] = [
  {
    id: 'object-detector',
    name: 'Object detector (CenterNet)',
    engine: ENGINE_NAMES.vision,
    envName: 'VISION_MODEL_DIR',
    rel: MODEL_REL,
    files: MODEL_FILES,
    usedBy: 'detection, classification, captions, similar-image search and photo authenticity',
  },
  {
    id: 'text-reader',
    name: 'Text reader (PaddleOCR)',
    engine: ENGINE_NAMES.watermark,
    envName: 'OCR_MODEL_DIR',
    rel: OCR_MODELS_REL,
    files: OCR_MODEL_FILES,
    usedBy: 'watermark detection and captions',
  },
];

function checkModel(
  spec: ModelSpec,
  locateModels: NonNullable<HealthOptions['locateModels']>,
): ComponentResult {
  let bytes = 0;
  try {
    const dir = locateModels(spec.envName, spec.rel, spec.files[0]!);
    for (const file of spec.files) {
      const size = statSync(join(dir, file)).size;
      if (size === 0) throw new Error('empty model file');
      bytes += size;
    }
  } catch {
    return {
      status: 'degraded',
      state: 'error',
      detail: `Its model files are missing or unreadable: ${spec.usedBy} cannot run.`,
    };
  }
  const mb = (bytes / 1024 / 1024).toFixed(1);
  return engineHasAnswered(spec.engine)
    ? { status: 'ok', state: 'ready', detail: `Loaded (${mb} MB of model files) and analysing images.` }
    : {
        status: 'ok',
        state: 'not_loaded',
        detail: `Files in place (${mb} MB); loads on the first call that needs it.`,
      };
}

/** Runs every check (side by side) and rates the service by the worst component. */
export async function checkHealth(db: Kysely<Database>, options: HealthOptions = {}): Promise<HealthReport> {
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const schema = options.queueSchema ?? getQueueConfig()?.schema ?? DEFAULT_QUEUE_SCHEMA;
  const locateModels = options.locateModels ?? locate;
  const started = performance.now();
  const checkedAt = new Date();
  const database = await timed('database', 'Database', () => checkDatabase(db, timeoutMs));
  const components = [
    database,
    await timed('queue', 'Batch queue', () => checkQueue(db, schema, timeoutMs, database.status === 'ok')),
    ...(await Promise.all(MODELS.map((m) => timed(m.id, m.name, () => checkModel(m, locateModels))))),
  ];
  return {
    status: worstStatus(components.map((c) => c.status)),
    checked_at: checkedAt.toISOString(),
    latency_ms: Math.round(performance.now() - started),
    components,
  };
}
