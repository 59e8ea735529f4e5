import type { ApiEntry } from '../../shared/schemas/catalogue';

/** The fields an API card reads (spec section 3), whether from content or `GET /api/apis`. */
export type ApiCardData = Pick<ApiEntry, 'id' | 'name' | 'description' | 'icon' | 'status' | 'features' | 'price' | 'category'>;

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

const isString = (v: unknown): v is string => typeof v === 'string';

/** Postgres returns `decimal` columns as strings; accept "0.05" as well as 0.05. */
function toPrice(v: unknown): number | null {
  const n = typeof v === 'number' ? v : isString(v) && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Reads the body of `GET /api/apis` into card data, or returns null when it is not a list of
 * APIs: a malformed answer must never replace the good, pre-rendered cards. A hand-written
 * check rather than zod keeps the island's bundle small.
 */
export function parseApiList(body: unknown): ApiCardData[] | null {
  if (!Array.isArray(body)) return null;
  const apis: ApiCardData[] = [];
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const r = item as Record<string, unknown>;
    const price = toPrice(r['price']);
    const features = r['features'];
    if (
      !isString(r['id']) ||
      !isString(r['name']) ||
      !isString(r['description']) ||
      !isString(r['status']) ||
      price === null ||
      !Array.isArray(features) ||
      !features.every(isString)
    )
      return null;
    apis.push({
      id: r['id'],
      name: r['name'],
      description: r['description'],
      status: r['status'],
      price,
      features,
      // Optional for display: the card falls back to the eye icon and hides an empty category.
      icon: isString(r['icon']) ? r['icon'] : '',
      category: isString(r['category']) ? r['category'] : '',
    });
  }
  return sortApis(apis);
}
