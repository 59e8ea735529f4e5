import type { APIRoute } from 'astro';
import { siteOrigin } from '../lib/content';
import { llmsTxt } from '../lib/docs/markdown';
import { siteReferences } from '../lib/docs/site-references';

/** /llms.txt: the docs pages as Markdown links, for tools that read docs as text. */
export const GET: APIRoute = async () =>
  new Response(llmsTxt(siteOrigin(), await siteReferences()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
