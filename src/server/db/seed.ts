/**
 * Loads the catalogue (APIs, use cases, API categories) from `content/` into the database,
 * parsed with the same zod schemas as the content collections, so a page and `GET /api/apis`
 * can never disagree. Idempotent: an upsert by id, and rows whose values already match are not
 * touched at all, so a second run changes nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  apiCategorySchema,
  apiSchema,
  useCaseSchema,
  type ApiCategoryEntry,
  type ApiEntry,
  type UseCaseEntry,
} from '../../shared/schemas/catalogue';
import { resolveEndpointExamples } from '../../shared/examples';
import { siteOriginFromEnv } from '../../shared/site-origin';
import { toJson, type Database, type NewApi, type NewApiCategory, type NewUseCase } from './tables';

/** The catalogue as read from `content/`. */
export interface Catalogue {
  apis: ApiEntry[];
  useCases: UseCaseEntry[];
  apiCategories: ApiCategoryEntry[];
}

/** Default content folder: `content/` of the project the process runs in. */
export const DEFAULT_CONTENT_DIR = resolve('content');

async function readCollection<S extends z.ZodType>(dir: string, schema: S): Promise<z.output<S>[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: z.output<S>[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let data: unknown;
    try {
      data = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('\n');
      throw new Error(`${file} does not match the catalogue schema; fix these fields:\n${issues}`);
    }
    out.push(parsed.data);
  }
  return out;
}

/** Reads and validates every catalogue file below `contentDir`. */
export async function loadCatalogue(contentDir: string = DEFAULT_CONTENT_DIR): Promise<Catalogue> {
  const [apis, useCases, apiCategories] = await Promise.all([
    readCollection(join(contentDir, 'apis'), apiSchema),
    readCollection(join(contentDir, 'use-cases'), useCaseSchema),
    readCollection(join(contentDir, 'api-categories'), apiCategorySchema),
  ]);
  return { apis, useCases, apiCategories };
}

/** A catalogue row; `origin` fills the stored examples and is the API's base URL (the API lives on the site). */
export function apiToRow(api: ApiEntry, origin: string = siteOriginFromEnv()): NewApi {
  return {
    id: api.id,
    name: api.name,
    description: api.description,
    category: api.category,
    price: api.price.toFixed(2),
    status: api.status,
    icon: api.icon,
    features: toJson(api.features),
    endpoints: toJson(resolveEndpointExamples(api.endpoints, origin)),
    use_cases: toJson(api.useCases),
    base_url: origin,
    pricing_plans: toJson(api.pricingPlans),
  };
}

export function useCaseToRow(useCase: UseCaseEntry): NewUseCase {
  return {
    id: useCase.id,
    name: useCase.name,
    description: useCase.description,
    image_url: useCase.imageUrl,
    image_alt: useCase.imageAlt,
    industries: toJson(useCase.industries),
    applicable_apis: toJson(useCase.applicableApis),
    benefits: toJson(useCase.benefits),
  };
}

export function apiCategoryToRow(category: ApiCategoryEntry): NewApiCategory {
  return { id: category.id, name: category.name, objects: toJson(category.objects) };
}

/** Rows inserted or changed per table by one seed run. */
export interface SeedReport {
  apis: number;
  useCases: number;
  apiCategories: number;
}

/**
 * Upserts the catalogue. Pass `catalogue` to seed given entries (tests), else it is read from
 * `contentDir`. Entries removed from content are left in place: detection results and
 * subscriptions may still refer to them.
 */
export async function seed(
  db: Kysely<Database>,
  { contentDir, catalogue }: { contentDir?: string; catalogue?: Catalogue } = {},
): Promise<SeedReport> {
  const data = catalogue ?? (await loadCatalogue(contentDir));
  return db.transaction().execute(async (trx) => {
    let apis = 0;
    for (const api of data.apis) {
      const row = apiToRow(api);
      const { id: _id, ...rest } = row;
      const res = await trx
        .insertInto('apis')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(rest)
            // Skip identical rows so re-seeding leaves them (and their row versions) untouched.
            .where(sql<boolean>`(apis.*) is distinct from (excluded.*)`),
        )
        .executeTakeFirst();
      apis += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    let useCases = 0;
    for (const useCase of data.useCases) {
      const row = useCaseToRow(useCase);
      const { id: _id, ...rest } = row;
      const res = await trx
        .insertInto('use_cases')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(rest)
            .where(sql<boolean>`(use_cases.*) is distinct from (excluded.*)`),
        )
        .executeTakeFirst();
      useCases += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    let apiCategories = 0;
    for (const category of data.apiCategories) {
      const row = apiCategoryToRow(category);
      const { id: _id, ...rest } = row;
      const res = await trx
        .insertInto('api_categories')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(rest)
            .where(sql<boolean>`(api_categories.*) is distinct from (excluded.*)`),
        )
        .executeTakeFirst();
      apiCategories += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    return { apis, useCases, apiCategories };
  });
}
