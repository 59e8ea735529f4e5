/**
 * Catalogue rows to the camelCase JSON the pages read, plus the lookups the functions call.
 */
import type { Kysely } from 'kysely';
import type { ApiView, UseCaseView } from '../../shared/schemas/catalogue';
import type { ApiRow, Database, UseCaseRow } from '../db';
import { HttpError } from '../http/errors';
import * as repo from './repository';

/** The shapes `GET /api/apis` and `GET /api/use-cases` return, declared with their contracts. */
export type { ApiView, UseCaseView };

/** `numeric(10,2)` arrives as an exact string; the JSON wants a number rounded to cents. */
export function priceToNumber(price: string): number {
  return Math.round(Number(price) * 100) / 100;
}

export function toApiView(row: ApiRow): ApiView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    status: row.status,
    features: row.features,
    price: priceToNumber(row.price),
    category: row.category,
    endpoints: row.endpoints,
    baseUrl: row.base_url,
    pricingPlans: row.pricing_plans,
    useCases: row.use_cases,
  };
}

export function toUseCaseView(row: UseCaseRow): UseCaseView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    industries: row.industries,
    applicableApis: row.applicable_apis,
    benefits: row.benefits,
  };
}

export async function listApis(db: Kysely<Database>): Promise<ApiView[]> {
  return (await repo.listApis(db)).map(toApiView);
}

/** The API with `id`, or a 404 NOT_FOUND with the page's not-found text. */
export async function getApi(db: Kysely<Database>, id: string): Promise<ApiView> {
  const row = await repo.findApi(db, id);
  if (!row)
    throw new HttpError(404, 'NOT_FOUND', 'The requested API could not be found.', { details: { id } });
  return toApiView(row);
}

export async function listUseCases(db: Kysely<Database>): Promise<UseCaseView[]> {
  return (await repo.listUseCases(db)).map(toUseCaseView);
}

/** The use case with `id`, or a 404 NOT_FOUND with the page's not-found text. */
export async function getUseCase(db: Kysely<Database>, id: string): Promise<UseCaseView> {
  const row = await repo.findUseCase(db, id);
  if (!row)
    throw new HttpError(404, 'NOT_FOUND', 'The requested use case could not be found.', { details: { id } });
  return toUseCaseView(row);
}
