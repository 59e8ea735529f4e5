/**
 * The reference pages of this build: the OpenAPI document for the site's origin and the
 * catalogue, read once per build (Astro-only: uses the content collections).
 */
import { getApis, siteOrigin } from '../content';
import { apiReferences, docsDocument, type ApiReference } from './reference';

let refs: Promise<ApiReference[]> | undefined;

export function siteReferences(): Promise<ApiReference[]> {
  refs ??= getApis().then((apis) => apiReferences(docsDocument(siteOrigin()), apis, siteOrigin()));
  return refs;
}
