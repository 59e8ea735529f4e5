import type { ApiEntry } from '../shared/schemas/catalogue';

/** The fields an API card reads, whether from content or `GET /api/apis`. */
export type ApiCardData = Pick<
  ApiEntry,
  'id' | 'name' | 'description' | 'icon' | 'status' | 'features' | 'price' | 'category'
>;

/** Narrows an API entry to what a card needs, so pages don't serialise whole entries into islands. */
export function toCardData(api: ApiCardData): ApiCardData {
  const { id, name, description, icon, status, features, price, category } = api;
  return { id, name, description, icon, status, features, price, category };
}

/** Active APIs first (they can be subscribed to), then alphabetically by name. */
export function sortApis<T extends Pick<ApiEntry, 'status' | 'name'>>(apis: readonly T[]): T[] {
  const rank = (api: T) => (api.status === 'active' ? 0 : 1);
  return [...apis].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en'));
}
