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
  id.split('_').filter(Boolean).map((w) => w[0]?.toUpperCase() + w.slice(1)).join(' ');

function toStringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The VisionStore on the application database. */
export function dbVisionStore(db: Kysely<Database>): VisionStore {
  return {
    async listCategories() {
      const rows = await db.selectFrom('api_categories').select(['id', 'name', 'objects']).orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, objects: toStringArray(r.objects) }));
    },
    async upsertCategories(defs) {
      return db.transaction().execute(async (trx) => {
        const existing = new Set(
          (await trx.selectFrom('api_categories').select('id').where('id', 'in', defs.map((d) => d.id)).execute()).map((r) => r.id),
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
      await db
        .insertInto('detection_results')
        .values({
          id: run.id,
          user_id: null,
          api_id: run.apiId,
          image_urls: toJson(run.imageUrls),
          category: run.category,
          mode: run.mode,
          error_checks: run.errorChecks,
          results: toJson<unknown>(run.results),
        })
        .execute();
    },
  };
}

/** An in-memory VisionStore for tests and tools. */
export function memoryVisionStore(seed: CategoryRecord[] = []): VisionStore & { runs: DetectionRunRecord[] } {
  const categories = new Map(seed.map((c) => [c.id, c]));
  const runs: DetectionRunRecord[] = [];
  return {
    runs,
    async listCategories() {
      return [...categories.values()].sort((a, b) => a.id.localeCompare(b.id));
    },
    async upsertCategories(defs) {
      return defs.map((d) => {
        const created = !categories.has(d.id);
        categories.set(d.id, d);
        return { id: d.id, created };
      });
    },
    async saveDetectionRun(run) {
      runs.push(run);
    },
  };
}
