import { getCollection } from 'astro:content';
import type { IndustryPage } from '../../shared/schemas/pages';

/**
 * All industry pages, sorted by slug. The file name must equal the `slug` field, so a page's
 * route and its JSON file can never drift apart.
 */
export async function getIndustryPages(): Promise<IndustryPage[]> {
  const entries = await getCollection('industries');
  for (const entry of entries) {
    if (entry.id !== entry.data.slug) {
      throw new Error(`content/industries/${entry.id}.json declares slug "${entry.data.slug}"; rename the file or fix the slug.`);
    }
  }
  return entries.map((e) => e.data).sort((a, b) => a.slug.localeCompare(b.slug));
}
