/**
 * Persistence the vision endpoints need: category definitions (seeded from
 * content/api-categories, extended through POST /api/v1/categories) and the log of detect runs.
 * An interface, so the detection service can be tested against the real migrated database or
 * an in-memory stand-in.
 */
import type { Kysely } from 'kysely';
import { toJson, type Database } from '../db';

export interface CategoryRecord {
  id: string;
  name: string;
  objects: string[];
}

export interface DetectionRunRecord {
  id: string;
  apiId: string;
  imageUrls: string[];
  category: string;
  mode: string;
  errorChecks: number;
  results: unknown;
}

export interface VisionStore {
  listCategories(): Promise<CategoryRecord[]>;
  /** Inserts or replaces each definition; says which ones were new. */
  upsertCategories(defs: CategoryRecord[]): Promise<{ id: string; created: boolean }[]>;
  saveDetectionRun(run: DetectionRunRecord): Promise<void>;
}

/** Title-cases a key for display: `laundry_room` -> `Laundry Room`. */
export const categoryDisplayName = (id: string): string =>
  id
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ');

/**
 * What a stored run's `results` keeps: the response, except that a per-image entry whose
 * `image_url` is the URL at the same position of `image_urls` does not repeat it (the row
 * already holds every URL once, in `image_urls`; URLs of up to 2 KB were half of a row).
 * Entries that do not line up (the `superset` entry) keep their `image_url`.
 */
export function storedResults(imageUrls: readonly string[], results: unknown): unknown {
  if (typeof results !== 'object' || results === null || !('detection_results' in results)) return results;
  const entries = results.detection_results;
  if (!Array.isArray(entries)) return results;
  return {
    ...results,
    detection_results: entries.map((entry: unknown, i) => {
      if (typeof entry !== 'object' || entry === null) return entry;
      const { image_url: url, ...rest } = entry as { image_url?: unknown };
      return url === imageUrls[i] ? rest : entry;
    }),
  };
}

function toStringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The VisionStore on the application database. With `userId` (a call made with an account's key
 * or session), the account's own categories are read over the seeded defaults, definitions are
 * written to that account only, and runs are stored under it; without, the defaults alone.
 */
export function dbVisionStore(
  db: Kysely<Database>,
  { userId }: { userId?: string | null } = {},
): VisionStore {
  const defaults = async () => {
    const rows = await db
      .selectFrom('api_categories')
      .select(['id', 'name', 'objects'])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, objects: toStringArray(r.objects) }));
  };
  if (userId) {
    return {
      async listCategories() {
        const [base, own] = await Promise.all([
          defaults(),
          db
            .selectFrom('account_categories')
            .select(['category', 'name', 'objects'])
            .where('user_id', '=', userId)
            .execute(),
        ]);
        const merged = new Map(base.map((c) => [c.id, c]));
        for (const r of own)
          merged.set(r.category, { id: r.category, name: r.name, objects: toStringArray(r.objects) });
        return [...merged.values()].sort((a, b) => a.id.localeCompare(b.id));
      },
      async upsertCategories(defs) {
        return db.transaction().execute(async (trx) => {
          const ids = defs.map((d) => d.id);
          const [base, own] = await Promise.all([
            trx.selectFrom('api_categories').select('id').where('id', 'in', ids).execute(),
            trx
              .selectFrom('account_categories')
              .select('category as id')
              .where('user_id', '=', userId)
              .where('category', 'in', ids)
              .execute(),
          ]);
          const existing = new Set([...base, ...own].map((r) => r.id));
          for (const def of defs) {
            const objects = toJson(def.objects);
            await trx
              .insertInto('account_categories')
              .values({ user_id: userId, category: def.id, name: def.name, objects })
              .onConflict((oc) =>
                oc.columns(['user_id', 'category']).doUpdateSet({ name: def.name, objects }),
              )
              .execute();
          }
          return defs.map((d) => ({ id: d.id, created: !existing.has(d.id) }));
        });
      },
      async saveDetectionRun(run) {
        await saveRun(db, run, userId);
      },
    };
  }
  return {
    listCategories: defaults,
    async upsertCategories(defs) {
      return db.transaction().execute(async (trx) => {
        const existing = new Set(
          (
            await trx
              .selectFrom('api_categories')
              .select('id')
              .where(
                'id',
                'in',
                defs.map((d) => d.id),
              )
              .execute()
          ).map((r) => r.id),
        );
        for (const def of defs) {
          const objects = toJson(def.objects);
          await trx
            .insertInto('api_categories')
            .values({ id: def.id, name: def.name, objects })
            .onConflict((oc) => oc.column('id').doUpdateSet({ name: def.name, objects }))
            .execute();
        }
        return defs.map((d) => ({ id: d.id, created: !existing.has(d.id) }));
      });
    },
    async saveDetectionRun(run) {
      await saveRun(db, run, null);
    },
  };
}

async function saveRun(db: Kysely<Database>, run: DetectionRunRecord, userId: string | null): Promise<void> {
  await db
    .insertInto('detection_results')
    .values({
      id: run.id,
      user_id: userId,
      api_id: run.apiId,
      image_urls: toJson(run.imageUrls),
      category: run.category,
      mode: run.mode,
      error_checks: run.errorChecks,
      results: toJson<unknown>(storedResults(run.imageUrls, run.results)),
    })
    .execute();
}

/** Days a detect run is kept when `DETECTION_RETENTION_DAYS` is not set. */
export const DEFAULT_DETECTION_RETENTION_DAYS = 30;

/** The retention period: `DETECTION_RETENTION_DAYS` (a positive number of days), default 30. */
export function detectionRetentionDays(env: Record<string, string | undefined> = process.env): number {
  const days = Number(env['DETECTION_RETENTION_DAYS']?.trim() || NaN);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_DETECTION_RETENTION_DAYS;
}

export interface PruneOptions {
  /** Runs older than this many days are deleted. */
  retentionDays: number;
  /** The clock (injectable for tests). */
  now?: Date;
  /** Rows per delete statement: short statements never hold locks long or hit the statement timeout. */
  batchSize?: number;
}

export interface PruneReport {
  deleted: number;
  /** Runs stored before this instant were deleted. */
  cutoff: Date;
}

/**
 * Deletes detect runs stored before `now - retentionDays`, in batches, oldest first. Used by
 * the scheduled function `prune-detection-results` and by `npm start`'s timer.
 */
export async function pruneDetectionRuns(
  db: Kysely<Database>,
  { retentionDays, now = new Date(), batchSize = 1_000 }: PruneOptions,
): Promise<PruneReport> {
  if (!(retentionDays > 0) || !(batchSize > 0))
    throw new Error('prune: retentionDays and batchSize must be > 0');
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('detection_results')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('detection_results')
          .select('id')
          .where('timestamp', '<', cutoff)
          .orderBy('timestamp')
          .limit(batchSize),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    deleted += n;
    if (n < batchSize) return { deleted, cutoff };
  }
}

/**
 * Runs `job` once after `firstRunMs`, then every `intervalMs`: the local stand-in for the
 * hourly scheduled function. Timers are unref'd so they never keep a process alive; a failing
 * run is reported to `onError` and the next one tries again. Returns a function that stops it.
 */
export function scheduleRetention(
  job: () => Promise<unknown>,
  {
    firstRunMs,
    intervalMs,
    onError,
  }: { firstRunMs: number; intervalMs: number; onError: (error: unknown) => void },
): () => void {
  let interval: NodeJS.Timeout | undefined;
  const runOnce = () => void job().catch(onError);
  const first = setTimeout(() => {
    runOnce();
    interval = setInterval(runOnce, intervalMs).unref();
  }, firstRunMs).unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
