import { getEntry } from 'astro:content';
import { assertMarketingType, type MarketingPage } from '../../shared/schemas/pages';

/**
 * The marketing page stored as `content/marketing/{slug}.json`, narrowed to the kind its route
 * renders. Missing files or a wrong `type` fail the build rather than a visitor's request.
 */
export async function getMarketingPage<T extends MarketingPage['type']>(slug: string, type: T): Promise<Extract<MarketingPage, { type: T }>> {
  const entry = await getEntry('marketing', slug);
  if (!entry) throw new Error(`content/marketing/${slug}.json is missing.`);
  if (entry.data.slug !== slug) throw new Error(`content/marketing/${slug}.json declares slug "${entry.data.slug}".`);
  return assertMarketingType(entry.data, type);
}
