/** The Markdown of /docs for this build (Astro-only: reads the content collections). */
import { API_NAME, API_VERSION, rateLimits } from '../../../content/docs/api-reference';
import { getAccuracyCards, siteOrigin } from '../content';
import { docsGroups } from './docs-groups';
import { docsMarkdown, referenceMarkdown } from './markdown';
import { siteReferences } from './site-references';

export async function siteDocsMarkdown(): Promise<string> {
  const origin = siteOrigin();
  const refs = await siteReferences();
  return docsMarkdown({
    apiName: API_NAME,
    apiVersion: API_VERSION,
    groups: docsGroups(refs, origin),
    refs,
    origin,
    rateLimits,
  });
}

/** /docs and every reference, in one text. */
export async function siteFullMarkdown(): Promise<string> {
  const origin = siteOrigin();
  const refs = await siteReferences();
  const cards = await getAccuracyCards();
  return [await siteDocsMarkdown(), ...refs.map((r) => referenceMarkdown(r, origin, cards.get(r.id)))].join(
    '\n---\n\n',
  );
}
