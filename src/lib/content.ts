import { getCollection } from 'astro:content';
import { sortApis } from '../islands/catalogue/api-card-data';
import { resolveEndpointExamples } from '../shared/examples';
import { siteOriginFromEnv } from '../shared/site-origin';
import type { ApiCategoryEntry, ApiEntry, UseCaseEntry } from '../shared/schemas/catalogue';

/**
 * The one place pages read the catalogue collections. Each collection is loaded once per build
 * and sorted here, so every page lists things in the same order.
 */

/** The site's origin from Astro's `site` setting: the base URL of the API and its samples. */
export const siteOrigin = (): string => (import.meta.env.SITE ? new URL(import.meta.env.SITE).origin : siteOriginFromEnv());

let apis: Promise<ApiEntry[]> | undefined;
let useCases: Promise<UseCaseEntry[]> | undefined;
let categories: Promise<ApiCategoryEntry[]> | undefined;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** All APIs: active first, then by name. */
export function getApis(): Promise<ApiEntry[]> {
  apis ??= getCollection('apis').then((entries) =>
    sortApis(entries.map((e) => ({ ...e.data, endpoints: resolveEndpointExamples(e.data.endpoints, siteOrigin()) }))),
  );
  return apis;
}

/** One API by id, or undefined. */
export async function getApi(id: string): Promise<ApiEntry | undefined> {
  return (await getApis()).find((api) => api.id === id);
}

/** All use cases, by name. */
export function getUseCases(): Promise<UseCaseEntry[]> {
  useCases ??= getCollection('useCases').then((entries) => entries.map((e) => e.data).sort(byName));
  return useCases;
}

/** One use case by id, or undefined. */
export async function getUseCase(id: string): Promise<UseCaseEntry | undefined> {
  return (await getUseCases()).find((useCase) => useCase.id === id);
}

/** The room categories of the detection API, by name. */
export function getApiCategories(): Promise<ApiCategoryEntry[]> {
  categories ??= getCollection('apiCategories').then((entries) => entries.map((e) => e.data).sort(byName));
  return categories;
}

/**
 * The APIs a use case lists, in the order it lists them. Ids with no API are skipped rather
 * than failing the build, so a use case can name an API before its page exists.
 */
export async function getApisForUseCase(useCase: Pick<UseCaseEntry, 'applicableApis'>): Promise<ApiEntry[]> {
  const all = await getApis();
  return useCase.applicableApis.flatMap((id) => all.find((api) => api.id === id) ?? []);
}
