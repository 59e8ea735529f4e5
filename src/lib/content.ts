import { getCollection } from 'astro:content';
import { sortApis } from '../islands/catalogue/api-card-data';
import type { ApiCategoryEntry, ApiEntry, UseCaseEntry } from '../shared/schemas/catalogue';

/**
 * The one place pages read the catalogue collections. Each collection is loaded once per build
 * and sorted here, so every page lists things in the same order.
 */

let apis: Promise<ApiEntry[]> | undefined;
let useCases: Promise<UseCaseEntry[]> | undefined;
let categories: Promise<ApiCategoryEntry[]> | undefined;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** All APIs: active first, then by name. */
export function getApis(): Promise<ApiEntry[]> {
  apis ??= getCollection('apis').then((entries) => sortApis(entries.map((e) => e.data)));
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
