import type { APIRoute, GetStaticPaths } from 'astro';
import { getAccuracyCards, siteOrigin } from '../../lib/content';
import { referenceMarkdown } from '../../lib/docs/markdown';
import type { ApiReference } from '../../lib/docs/reference';
import { siteReferences } from '../../lib/docs/site-references';

/** The Markdown twin of /docs/{api}, generated from the same model. */
export const getStaticPaths = (async () =>
  (await siteReferences()).map((ref) => ({
    params: { api: ref.id },
    props: { ref },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { ref } = props as { ref: ApiReference };
  const card = (await getAccuracyCards()).get(ref.id);
  return new Response(referenceMarkdown(ref, siteOrigin(), card), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
